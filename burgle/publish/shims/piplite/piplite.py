"""``install`` from the site's own packages (the names the kernel's worker sets are kept)."""

#: Set by the kernel's worker at start; this stand-in reads neither (no index is asked).
_PIPLITE_URLS: list = []
_PIPLITE_DISABLE_PYPI = True


class PiplitePyPIDisabled(ValueError):
    """A package the site does not carry was asked for."""


async def install(requirements, keep_going=False, deps=True, credentials=None, pre=False, index_urls=None, *,
                  verbose=False, constraints=None, reinstall=False):
    """Load *requirements* (a name or a list of names) from the site's Pyodide lock; a
    name the site does not carry raises :class:`PiplitePyPIDisabled`, naming it."""
    import pyodide_js  # the page's Pyodide (only in the browser)

    names = [requirements] if isinstance(requirements, str) else list(requirements)
    carried = set(pyodide_js.lockfile.packages.to_py(depth=1))
    unknown = [n for n in names if _canonical(n) not in carried]
    if unknown:
        raise PiplitePyPIDisabled(
            f"this site installs nothing from package indexes, and it does not carry {', '.join(unknown)}; "
            f"it carries: {', '.join(sorted(carried))}")
    await pyodide_js.loadPackage(names)


def _canonical(name: str) -> str:
    import re

    return re.sub(r"[-_.]+", "-", name).lower()
