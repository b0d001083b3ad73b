#!/usr/bin/env bash
# Set up everything the tests need and run them: bash tests/setup-and-run.sh [pytest args]
#
# 1. Debian's Chromium (/usr/bin/chromium) for the browser tests: installed with apt-get
#    when missing (needs root; otherwise this says how to install it and exits 1).
# 2. The venv .venv with the package, its web extra and its test extra.
# 3. python -m pytest "$@" (e.g. `-m "not browser"` to skip the browser tests).
#
# Works from any directory, on a clone with nothing beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
if [ ! -x "$CHROMIUM" ]; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "setup: installing Debian's chromium (for the browser tests)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq chromium >/dev/null
    else
        echo "setup: $CHROMIUM is missing and installing it needs root. Install it with" >&2
        echo "    sudo apt-get update && sudo apt-get install -y chromium" >&2
        echo "then run this script again." >&2
        exit 1
    fi
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/pip install --quiet --upgrade pip
.venv/bin/pip install --quiet -e '.[web,test]'

exec .venv/bin/python -m pytest "$@"
