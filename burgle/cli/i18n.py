"""``burgle i18n``: extract, compile, check and stamp translations (docs/i18n.md).

``extract`` and ``compile`` need Babel (``pip install -e '.[i18n]'``); ``check`` needs it
for the catalogs; the data translations and lessons need nothing beyond the standard library.
"""

from __future__ import annotations

import sys

from burgle.cli import lang_option


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("i18n", help="translations: extract, compile, check, stamp")
    sub = p.add_subparsers(dest="i18n_command", required=True, metavar="SUBCOMMAND")
    e = sub.add_parser("extract", help="collect marked strings into burgle.pot and merge it into every .po")
    e.set_defaults(func=run_extract)
    c = sub.add_parser("compile", help="compile every .po into the .mo the pages read")
    c.set_defaults(func=run_compile)
    k = sub.add_parser("check", help="report missing, stale or broken translations (data and catalogs)")
    k.add_argument("--lang", action="append", help="es or ja (default: every language)")
    k.add_argument("--allow-stale", action="store_true", help="report stale entries without failing")
    k.set_defaults(func=run_check)
    s = sub.add_parser("stamp", help="record that reviewed entries match today's English")
    lang_option(s)
    s.add_argument("domain", help="tiles, characters, tools, loot, events, rules, sections or actions")
    s.add_argument("keys", nargs="*", help="entry keys (tile/card keys, rule ids, verbs)")
    s.add_argument("--all", action="store_true", help="stamp every entry of the domain (after reviewing all)")
    s.set_defaults(func=run_stamp)


def run_extract(args) -> int:
    from burgle.i18n import tools

    for line in tools.extract():
        print(line)
    return 0


def run_compile(args) -> int:
    from burgle.i18n import tools

    for line in tools.compile_all():
        print(line)
    return 0


def _languages(args) -> list[str]:
    from burgle.i18n.data import all_languages
    from burgle.i18n.languages import language

    return [language(code) for code in args.lang] if args.lang else list(all_languages())


def run_check(args) -> int:
    from burgle.i18n import data, tools

    failed = 0
    try:
        pot = tools.template()
    except ImportError:
        print("FAIL  the gettext catalogs need Babel to be checked: pip install -e '.[i18n]' "
              "(the data translations are checked below)", file=sys.stderr)
        pot, failed = None, 1
    for lang in _languages(args):
        problems = data.check(lang) + (tools.check_catalog(lang, pot=pot) if pot is not None else [])
        stale = [p for p in problems if p.kind == "stale"]
        blocking = [p for p in problems if p.kind != "stale" or not args.allow_stale]
        for p in problems:
            print(("FAIL  " if p in blocking else "stale ") + str(p), file=sys.stderr)
        status = "ok   " if not blocking else "FAIL "
        print(f"{status} {lang}: {len(problems)} problems ({len(stale)} stale)")
        failed += bool(blocking)
    return 1 if failed else 0


def run_stamp(args) -> int:
    from burgle.i18n import data
    from burgle.i18n.languages import language

    lang = language(args.lang)
    keys = list(data.english(args.domain)) if args.all else args.keys
    if not keys:
        print("burgle i18n stamp: name the entries to stamp, or --all", file=sys.stderr)
        return 2
    done = data.stamp(lang, args.domain, keys)
    print(f"stamped {len(done)} {args.domain} entries of {lang}")
    return 0
