"""Run-time glue for the static site: the first (hidden) cell of each published notebook
calls :func:`install`. Outside the browser it does nothing.

The Pyodide kernel hands widget messages to JavaScript by converting the Python dict,
and that conversion turns ``None`` into ``undefined``, which JSON then drops: a trait set
to ``None`` (``layout.display = None``, to show a view again) never reaches the page, so
the view stays hidden. :func:`install` sends each message's content through JSON instead,
where ``None`` becomes ``null`` and survives, as it does on the Voila server.
"""

from __future__ import annotations

import json
import sys

_INSTALLED = False


def install() -> None:
    """Patch the kernel's comm sender, once, when running in the browser (returns nothing,
    so the cell that calls it shows nothing)."""
    global _INSTALLED
    if sys.platform != "emscripten" or _INSTALLED:
        return
    from IPython import get_ipython
    from js import JSON  # Pyodide's bridge to the page's JavaScript

    shell = get_ipython()
    send = shell.send_comm

    def send_comm(msg_type, content, metadata, ident, buffers):
        try:
            content = JSON.parse(json.dumps(content))
        except (TypeError, ValueError):
            pass  # not plain JSON (never seen for widget messages): send it as before
        return send(msg_type, content, metadata, ident, buffers)

    shell.send_comm = send_comm
    _INSTALLED = True
