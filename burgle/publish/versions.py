"""Every version the static site is built from, in one table (``burgle publish``).

These fit together (measured: docs/publishing.md, "What the static site is made of"):

* the build tools, installed with ``pip install 'burgle[publish]'`` (the extra in
  pyproject.toml must pin the same versions; ``tests/test_publish.py`` checks it):
  voici-core 0.10.0 bundles JupyterLab 4.5.0, which the Pyodide kernel 0.7.0 fits (0.7.2
  wants ^4.5.7 and fails in the page; 0.8 needs jupyterlite-core 0.8, which voici excludes);
* the Pyodide core from npm (0.29.0 is CPython 3.13, what kernel 0.7.0 was built against);
* the Python packages the browser runs: pure-Python wheels, mostly the versions Pyodide
  0.29.0's own lock names, plus the pages' own dependencies;
* Font Awesome from npm, for the Voila template's icons (instead of its CDN link).
"""

from __future__ import annotations

#: Python packages that build the site (the ``publish`` extra pins exactly these).
BUILD_TOOLS: dict[str, str] = {
    "voici-core": "0.10.0",
    "jupyterlite-core": "0.7.6",
    "jupyterlite-pyodide-kernel": "0.7.0",
}

#: npm packages: name -> version.
NPM: dict[str, str] = {
    "pyodide": "0.29.0",
    "@fortawesome/fontawesome-free": "5.15.4",
}

#: The Python version the Pyodide core runs (wheels are chosen for it).
PYODIDE_PYTHON = "3.13"

#: Pure-Python wheels the browser loads, by exact version. The kernel's own stack first
#: (IPython and what it needs, as in Pyodide 0.29.0's lock), then the pages' packages.
BROWSER_WHEELS: dict[str, str] = {
    "comm": "0.2.3",
    "ipython": "9.0.2",
    "ipython-pygments-lexers": "1.1.1",
    "asttokens": "3.0.0",
    "decorator": "5.2.1",
    "executing": "2.2.0",
    "matplotlib-inline": "0.1.7",
    "pure-eval": "0.2.3",
    "pygments": "2.19.1",
    "six": "1.17.0",
    "stack-data": "0.6.3",
    "traitlets": "5.14.3",
    "typing-extensions": "4.15.0",
    # the pages
    "networkx": "3.4.2",
    "mistune": "3.4.0",
    "psygnal": "0.16.1",
}

#: Wheels whose version must equal the one installed where the site is built: their
#: JavaScript half (the widget manager, anywidget's front end) is copied into the site
#: from that installation, and the two halves check each other's version.
FROM_BUILD_ENV: tuple[str, ...] = ("ipywidgets", "anywidget")

#: Packages the kernel asks for that no page uses, or that have no browser build: empty
#: wheels (metadata only), so the kernel's install succeeds and ``import`` raises
#: ImportError, which IPython handles (no history database, no jedi completion). The
#: widget front end comes from the site, so jupyterlab-widgets' Python half is not needed.
STUBS: dict[str, str] = {
    "micropip": "0.11.0",  # only the real piplite imports it (see SHIMS)
    "sqlite3": "1.0.0",
    "jedi": "0.19.2",
    "jupyterlab-widgets": "3.0.17",
    "prompt-toolkit": "3.0.50",  # IPython's terminal only (see PATCHES)
}

#: Files dropped from the third-party wheels (a regular expression on the path inside the
#: wheel): test suites; ``.data`` folders and front-end bundles (the site serves the
#: widgets' JavaScript itself); pygments' lexers but Python's (IPython highlights Python
#: only, and pygments imports a lexer only when it is asked for by name).
TRIM = (r"(^|/)tests?/|^[^/]+\.data/|^anywidget/(labextension|nbextension)/"
        r"|^pygments/lexers/(?!(__init__|_mapping|python)\.py$)"
        r"|^IPython/terminal/(?!(__init__|pt_inputhooks/__init__)\.py$)")

#: Modules dropped from Pyodide's standard library zip (a regular expression on the path
#: inside it): what a page in a browser never imports (other processes, mail and network
#: protocols, servers, test and profiling tools, the codecs of legacy 8-bit and East Asian
#: encodings; ``cp437`` stays, zipfile uses it). ``hot-modules.txt`` lists what the pages
#: do import; a test checks that no module there is dropped.
STDLIB_DROP = (r"^(multiprocessing|unittest|xmlrpc|wsgiref|xml|ctypes|__phello__|idlelib|turtledemo|lib2to3)/"
               r"|^(mailbox|imaplib|smtplib|poplib|ftplib|doctest|pickletools|antigravity|this|__hello__"
               r"|_android_support|_ios_support|_apple_support|webbrowser|zipapp|tabnanny|pyclbr|shelve|wave"
               r"|netrc|modulefinder|compileall|filecmp|fileinput|sched|pty|tty|plistlib|trace|tracemalloc"
               r"|_pydatetime|_pyio|_pydecimal|_pylong|optparse|configparser|difflib|symtable|colorsys"
               r"|stringprep|secrets|hmac)\.py$"
               r"|^http/(server|cookiejar|cookies)\.py$"
               r"|^encodings/(?!(__init__|aliases|ascii|charmap|cp437|idna|latin_1|punycode|raw_unicode_escape"
               r"|undefined|unicode_escape|utf_16|utf_16_be|utf_16_le|utf_32|utf_32_be|utf_32_le|utf_7|utf_8"
               r"|utf_8_sig|base64_codec|hex_codec|zlib_codec|bz2_codec|quopri_codec|uu_codec|rot_13)\.py$)")

#: The standard library's and the third-party packages' modules are compiled as
#: ``python -OO`` would (no docstrings, no asserts: a mode CPython and these packages
#: support; ipywidgets checks for it), 0.6 MB less to download. burgle's own modules keep
#: both (level 0), as its tests run them.
THIRD_PARTY_OPTIMIZE = 2

#: Files left out of burgle's browser wheel (beyond the CLI and the server, which it never
#: gets): the translators' message sources (the pages read the compiled ``.mo``).
BURGLE_DROP = r"^burgle/locale/.*\.pot?$"

#: Files written into a trimmed wheel, by package. IPython imports its terminal front end
#: (prompt_toolkit: about half of ``import IPython``) only to offer ``IPython.embed``; a
#: kernel never uses it, so the page gets a stand-in that says so.
PATCHES: dict[str, dict[str, str]] = {
    "ipython": {
        "IPython/terminal/embed.py": (
            '"""burgle publish: IPython\'s terminal is not part of the static site."""\n\n\n'
            "def embed(*args, **kwargs):\n"
            '    raise NotImplementedError("IPython.embed needs a terminal; this page runs in a browser")\n'
        ),
    },
}

#: Wheels shipped inside jupyterlite-pyodide-kernel (the kernel's shims), by name.
KERNEL_SHIMS: tuple[str, ...] = ("pyodide-kernel", "ipykernel", "widgetsnbextension")

#: Packages the site carries in a version of its own, from ``burgle/publish/shims/``:
#: name -> version. ``piplite``: the kernel imports ``piplite.piplite`` at start, and the
#: real one imports micropip and ``unittest.mock`` (~0.4 CPU s of every load) to offer
#: installs from indexes that the site turns off anyway; the stand-in keeps the names the
#: kernel sets and loads only packages of the site's own lock.
SHIMS: dict[str, str] = {"piplite": "0.7.0+burgle"}

#: Requirements of burgle and its ``web`` extra that the pages never import: matplotlib
#: (the pages draw SVG themselves; no browser build of it exists) and the Voila server.
NOT_IN_BROWSER: frozenset[str] = frozenset({"matplotlib", "voila", "jupyterlab"})

#: Requirements of burgle that the site carries but the pages never import: left out of
#: burgle's ``depends`` in the lock, so a page load neither downloads nor unpacks them
#: (networkx: 1.6 MB, ~1 s; only ``burgle.pictures``' graph functions use it, imported on
#: first use). A cell that imports one still gets it: the kernel loads a package from the
#: lock for each ``import`` line it sees.
ON_DEMAND: frozenset[str] = frozenset({"networkx"})

#: What the page loads at start, all at once (the kernel would otherwise install its
#: packages one after another): the kernel's packages and burgle with its dependencies.
#: Spelled as the kernel's worker spells them: it skips its own ``piplite.install(name)``
#: (a micropip resolution, ~0.5 s) only for a name it finds in this list verbatim, hence
#: ``pyodide_kernel``; Pyodide's loader canonicalizes the names against the lock.
PRELOAD: tuple[str, ...] = (
    "micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython",
    "widgetsnbextension", "burgle",
)
