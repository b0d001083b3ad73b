#!/usr/bin/env bash
# Set up everything the tests need and run them: bash tests/setup-and-run.sh [pytest args]
#
# 1. Debian's Chromium (/usr/bin/chromium) for the browser tests, npm for the static
#    site's build (burgle publish), and a Japanese system font (fonts-noto-cjk, when
#    `fc-list :lang=ja` finds none: the Japanese page must render with a system font, never
#    boxes, never a CDN): installed with apt-get when missing (needs root; otherwise this
#    says how to install them and exits 1).
# 2. The venv .venv with the package and its web, test and publish extras.
# 3. python -m pytest -n auto --dist loadfile "$@" (e.g. `-m "not browser"` to skip the browser
#    tests, `-n 0` to run in one process).
#
# Works from any directory, on a clone with nothing beside it. The static-site test keeps
# the assembled Pyodide distribution in ~/.cache/burgle-publish (BURGLE_PUBLISH_CACHE), so
# only the first run downloads it.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ! command -v fc-list >/dev/null 2>&1 || [ -z "$(fc-list :lang=ja 2>/dev/null)" ]; then
    missing+=(fonts-noto-cjk)
fi
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then
        echo "setup: installing Debian's ${missing[*]} (browser tests, static site build, Japanese font)"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq "${missing[@]}" >/dev/null
    else
        echo "setup: ${missing[*]} missing, and installing needs root. Install with" >&2
        echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
        echo "then run this script again." >&2
        exit 1
    fi
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
.venv/bin/pip install --quiet --upgrade pip
.venv/bin/pip install --quiet -e '.[web,test,publish]'

# One worker per core (pytest-xdist), each taking whole files (--dist loadfile), so a file's
# session fixtures (the tutor server, Chromium) start once per worker. Arguments given to this
# script come after, so "-n 0" runs the tests in one process.
exec .venv/bin/python -m pytest -n auto --dist loadfile "$@"
