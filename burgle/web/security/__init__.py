"""What makes the served pages safe to put on the internet (issue 15).

* :mod:`~burgle.web.security.limits`: every limit a visitor can meet, in one place
  (message, save and text sizes, CPU time per request, memory per kernel, how many kernels),
  and the helpers that apply them.
* :mod:`~burgle.web.security.kernel`: the kernel each page gets (memory ceiling, time
  limit per request, only the widget messages a page sends).
* :mod:`~burgle.web.security.voila_app`: the Voila server ``burgle tutor`` runs
  (``python -m burgle.web.security NOTEBOOK``): no overrides from the URL, security
  headers, a kernel cap with a "full" page, idle culling, freed kernels on tab close,
  a private log.
* the page template, ``burgle/web/tutor/voila/templates/burgle`` (no inline script, nothing
  from another site), and its script ``static/burgle-page.js`` (limits in the browser,
  notices when the page ends).

docs/publishing.md ("Public deployment") says how to run it behind a TLS proxy. Imports
nothing heavy: the apps use :mod:`~burgle.web.security.limits` without Voila installed.
"""
