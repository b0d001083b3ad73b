"""Scripted lessons: data files under tutorials/, checked against the engine."""

from burgle.lessons.check import check_all, check_lesson, coverage
from burgle.lessons.model import Lesson, LessonError, Step, load_all, load_lesson, start

__all__ = ["Lesson", "LessonError", "Step", "check_all", "check_lesson", "coverage", "load_all", "load_lesson", "start"]
