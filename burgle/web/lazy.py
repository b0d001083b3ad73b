"""Package exports imported on first use, so that importing a web app's model never pulls
in ipywidgets (the apps' ``__init__`` modules use it)."""

from __future__ import annotations

import importlib


def lazy_exports(package: str, modules: dict[str, list[str]]):
    """The ``__all__``, ``__getattr__`` and ``__dir__`` of *package*, whose exports are the
    names listed under each of its *modules* (relative names such as ``".model"``): each
    is imported from its module when first asked for, then kept in the package."""
    space = importlib.import_module(package).__dict__
    where = {name: package + module for module, names in modules.items() for name in names}
    names = list(where)

    def __getattr__(name: str):
        if name in where:
            value = getattr(importlib.import_module(where[name]), name)
            space[name] = value
            return value
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__():
        return sorted(set(space) | set(names))

    return names, __getattr__, __dir__
