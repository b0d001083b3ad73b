"""``burgle publish``: the tutor, the guard explorer and the sandbox as a static web site.

The site is a voici build (JupyterLite with the Pyodide kernel): each visitor's browser
runs Python and the engine, and the host serves files only. See docs/publishing.md.

* :mod:`~burgle.publish.versions`: every version the site is built from, in one table;
* :mod:`~burgle.publish.wheels`: burgle's browser wheel, stub wheels, Pyodide lock entries;
* :mod:`~burgle.publish.site`: the build (tools check, Pyodide distribution, voici, and
  the move into place);
* :mod:`~burgle.publish.browser`: run-time glue loaded by the published notebooks.

This package imports nothing heavy at module level: :mod:`~burgle.publish.browser` runs in
the browser.
"""
