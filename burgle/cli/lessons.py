"""``burgle lessons check [FILE ...]``: report bad lessons; ``burgle lessons coverage``."""

from __future__ import annotations

import sys


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("lessons", help="check the lesson files against the engine")
    sub = p.add_subparsers(dest="lessons_command", required=True, metavar="SUBCOMMAND")
    c = sub.add_parser("check", help="play every lesson (or the given files) and report problems")
    c.add_argument("files", nargs="*", help="lesson files (default: every lesson in tutorials/)")
    c.set_defaults(func=run_check)
    v = sub.add_parser("coverage", help="list the RULES.md ids no lesson teaches yet")
    v.set_defaults(func=run_coverage)


def run_check(args) -> int:
    from burgle.lessons import LessonError, check_lesson, load_all, load_lesson

    problems = 0
    try:
        lessons = [load_lesson(f) for f in args.files] if args.files else load_all()
    except LessonError as exc:
        print(exc, file=sys.stderr)
        return 1
    for lesson in lessons:
        try:
            check_lesson(lesson)
            print(f"ok    {lesson.id}: {len(lesson.steps)} steps, rules {', '.join(sorted(lesson.taught))}")
        except LessonError as exc:
            problems += 1
            print(f"FAIL  {exc}", file=sys.stderr)
    return 1 if problems else 0


def run_coverage(args) -> int:
    from burgle.lessons import coverage, load_all

    cov = coverage(load_all())
    missing = [rid for rid, ls in cov.items() if not ls]
    print(f"{len(cov) - len(missing)}/{len(cov)} rule ids taught by a lesson")
    if missing:
        print("not taught yet: " + ", ".join(missing))
    return 0
