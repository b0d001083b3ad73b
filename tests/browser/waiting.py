"""Waiting for the page from Python, which a strict Content Security Policy allows.

``page.wait_for_function(js)`` checks its predicate once, and if that fails, polls it inside
the page with a function Playwright builds from the text: an eval, which the pages' CSP
(``script-src`` with no 'unsafe-eval', burgle/web/security) rightly blocks. So the wait
fails with an EvalError exactly when the page is slow, under load. ``page.evaluate`` runs
through the browser's debugging protocol, which the policy does not cover, so polling it
from Python waits the same way and never trips the policy.
"""

from __future__ import annotations

import time

#: the browser contexts' default timeouts are 15-20 s (conftest.py and the page fixtures)
DEFAULT_TIMEOUT_MS = 20_000


def wait_for_js(page, expression: str, arg=None, timeout: float = DEFAULT_TIMEOUT_MS, poll_s: float = 0.05):
    """What ``page.wait_for_function(expression, arg=arg, timeout=timeout)`` waits for: until
    *expression* (a JavaScript expression, or a function called with *arg*) is truthy.
    Returns that value; raises ``TimeoutError`` naming the expression after *timeout* ms."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout / 1000:g} s for {expression!r} (arg {arg!r})")
        time.sleep(poll_s)
