"""Session-wide hooks of the test suite."""

from __future__ import annotations

FRESH_CLONE_TEST = "test_fresh_clone.py::test_the_non_browser_tests_pass_in_the_clone"


def pytest_collection_finish(session):
    """Start the fresh-clone run (tests/test_fresh_clone.py) as soon as it is collected, so
    that it runs beside the other tests rather than after them."""
    for item in session.items:
        if item.nodeid.endswith(FRESH_CLONE_TEST):
            item.module.start_early()
            return


def pytest_sessionfinish(session):
    for item in session.items:
        if item.nodeid.endswith(FRESH_CLONE_TEST):
            item.module.stop_early()
            return
