"""The web apps: the tutor, the guard explorer and the sandbox as ipywidgets apps over
pure-Python models, the page `burgle tutor` serves (``home``), the Voila server settings,
and the small widget helpers and style they share (``ui``). Nothing below imports this."""
