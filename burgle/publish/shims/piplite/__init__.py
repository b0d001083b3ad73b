"""The static site's ``piplite``: installs only what the site carries (burgle publish).

JupyterLite's Pyodide kernel imports ``piplite.piplite`` while it starts, and the real
piplite imports micropip (and ``unittest.mock``): about half a second of every page load
spent on an installer the site never uses, since it loads every package at start and
never asks an index (``disablePyPIFallback``). This stand-in keeps the names the kernel
touches and loads a requested package from the site's own ``pyodide-lock.json``.
"""

from .piplite import install

__version__ = "0.7.0+burgle"

__all__ = ["install", "__version__"]
