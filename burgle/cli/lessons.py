"""``burgle lessons check [--lang es|ja] [FILE ...]``: report bad lessons (or bad translations);
``burgle lessons coverage``; ``burgle lessons stamp`` and ``skeleton`` for translators."""

from __future__ import annotations

import sys

from burgle.cli import lang_option


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("lessons", help="check the lesson files against the engine")
    sub = p.add_subparsers(dest="lessons_command", required=True, metavar="SUBCOMMAND")
    c = sub.add_parser("check", help="play every lesson (or the given files) and report problems")
    c.add_argument("files", nargs="*", help="lesson files (default: every lesson in tutorials/)")
    c.add_argument("--lang", help="play the lessons in this language (es, ja) and check their translations: "
                                  "missing texts, stale ones, cell names, actions, rule ids or {placeholders} "
                                  "that differ from the English")
    c.add_argument("--allow-stale", action="store_true",
                   help="with --lang: report translations made from older English without failing")
    c.set_defaults(func=run_check)
    v = sub.add_parser("coverage", help="list the RULES.md ids no lesson teaches yet")
    v.set_defaults(func=run_coverage)
    s = sub.add_parser("stamp", help="record that a lesson's translation matches today's English "
                                     "(run after updating it)")
    lang_option(s)
    s.add_argument("lesson", help="a lesson id or file")
    s.add_argument("steps", nargs="*", help="step keys (default: the whole lesson)")
    s.add_argument("--title", action="store_true", help="stamp the lesson's title, summary and part")
    s.set_defaults(func=run_stamp)
    k = sub.add_parser("skeleton", help="print an empty translation file for a lesson, the English as comments")
    lang_option(k)
    k.add_argument("lesson", help="a lesson id or file")
    k.set_defaults(func=run_skeleton)


def _lessons(files):
    from burgle.lessons import load_all, load_lesson

    return [load_lesson(f) for f in files] if files else load_all()


def _lesson(name: str):
    from pathlib import Path

    from burgle.lessons import LessonError, load_all, load_lesson

    if name.endswith(".toml") or "/" in name:
        return load_lesson(Path(name))
    for lesson in load_all():
        if lesson.id == name:
            return lesson
    raise LessonError(name, "no lesson has this id (see tutorials/)")


def run_check(args) -> int:
    from burgle.lessons import LessonError, check_lesson

    try:
        lessons = _lessons(args.files)
    except LessonError as exc:
        print(exc, file=sys.stderr)
        return 1
    if args.lang:
        return _check_translations(lessons, args.lang, args.allow_stale)
    problems = 0
    for lesson in lessons:
        try:
            check_lesson(lesson)
            print(f"ok    {lesson.id}: {len(lesson.steps)} steps, rules {', '.join(sorted(lesson.taught))}")
        except LessonError as exc:
            problems += 1
            print(f"FAIL  {exc}", file=sys.stderr)
    return 1 if problems else 0


def _check_translations(lessons, lang: str, allow_stale: bool) -> int:
    from burgle.i18n.languages import DEFAULT, language
    from burgle.lessons import LessonError, check_lesson
    from burgle.lessons.translations import check_translation, localize, part_problems

    lang = language(lang)
    if lang == DEFAULT:
        print("burgle lessons check: --lang names the language of a translation (es, ja); "
              "English is the lessons themselves", file=sys.stderr)
        return 2
    failed = translated = stale_count = 0
    by_part = {}
    for p in part_problems(lessons, lang):
        by_part.setdefault(p.lesson, []).append(p)
    for lesson in lessons:
        problems = check_translation(lesson, lang) + by_part.get(lesson.id, [])
        if not any(p.kind in ("missing", "unreadable") and not p.step and not p.field for p in problems):
            translated += 1
        try:
            check_lesson(localize(lesson, lang))  # the lesson as the learner plays it in this language
        except LessonError as exc:
            print(f"FAIL  {exc}", file=sys.stderr)
            failed += 1
            continue
        stale = [p for p in problems if p.kind == "stale"]
        stale_count += len(stale)
        blocking = [p for p in problems if p.kind != "stale" or not allow_stale]
        for p in problems:
            print(("FAIL  " if p in blocking else "stale ") + str(p), file=sys.stderr)
        if blocking:
            failed += 1
        else:
            note = f", {len(stale)} stale steps shown in English" if stale else ""
            print(f"ok    {lesson.id} ({lang}): {len(lesson.steps)} steps{note}")
    print(f"{lang}: {translated}/{len(lessons)} lessons translated, {failed} with problems, {stale_count} stale steps")
    return 1 if failed else 0


def run_coverage(args) -> int:
    from burgle.lessons import coverage, load_all

    cov = coverage(load_all())
    missing = [rid for rid, ls in cov.items() if not ls]
    print(f"{len(cov) - len(missing)}/{len(cov)} rule ids taught by a lesson")
    if missing:
        print("not taught yet: " + ", ".join(missing))
    return 0


def run_stamp(args) -> int:
    from burgle.lessons.translations import stamp

    lesson = _lesson(args.lesson)
    groups = None if not (args.steps or args.title) else list(args.steps) + ([""] if args.title else [])
    done = stamp(lesson, args.lang, groups)
    names = ", ".join(g or "title/summary/part" for g in done)
    print(f"stamped {lesson.id} ({args.lang}): {names}")
    return 0


def run_skeleton(args) -> int:
    from burgle.lessons.translations import skeleton

    sys.stdout.write(skeleton(_lesson(args.lesson), args.lang))
    return 0
