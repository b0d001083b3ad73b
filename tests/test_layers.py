"""The package's layers, as docs/architecture.md draws them (issue 11, section 8).

The architecture table says what each layer may import ("imports" column); these tests read
that table, so the document and the check are one fact. A layer may import the layers it
names and whatever those may import. The engine's one documented call upward is
``Game._repr_svg_`` importing ``burgle.pictures``; the engine has no import cycles, counting
imports inside functions too (a late import is how a cycle hides).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import networkx as nx
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "burgle"
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def layer_table() -> dict[str, set[str]]:
    """{package folder: the package folders it may import}, from the architecture table."""
    rows = [line for line in ARCHITECTURE.read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and "`burgle/" in line.split("|")[2]]
    assert rows, "docs/architecture.md lost its layer table"
    folder_of, named = {}, {}
    for row in rows:
        layer, package, _holds, imports = (cell.strip() for cell in row.strip("|").split("|"))
        folder = re.search(r"`burgle/(\w+)/", package).group(1)
        folder_of[layer] = folder_of[folder] = folder  # a row names a layer by label or folder
        named[folder] = imports
    allowed: dict[str, set[str]] = {}
    order = list(named)  # the table lists each layer below the ones it builds on
    for folder in order:
        text = re.sub(r"\([^)]*\)", "", named[folder])
        if text.startswith("nothing"):
            allowed[folder] = set()
        elif text.startswith("all of the above"):
            allowed[folder] = set(order[: order.index(folder)])
        else:
            names = [name.strip() for name in text.split(",")]
            unknown = [name for name in names if name not in folder_of]
            assert not unknown, f"architecture table: {folder} imports unknown layers {unknown}"
            direct = {folder_of[name] for name in names}
            allowed[folder] = direct.union(*(allowed[d] for d in direct))
    return allowed


def burgle_imports(path: Path, root: Path = ROOT):
    """(module name, [(imported burgle module, enclosing function or None), ...]) of *path*."""
    module = ".".join(path.relative_to(root).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    if module.endswith(".__init__"):
        package = module = module[: -len(".__init__")]
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Import):
                for alias in child.names:
                    yield alias.name, name
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    target = ".".join(base + ([child.module] if child.module else []))
                else:
                    target = child.module
                # `from pkg import a, b` imports the modules pkg.a and pkg.b when they are
                # modules, and otherwise names defined in pkg itself (its __init__)
                for alias in child.names:
                    yield f"{target}.{alias.name}", name
                if not all(is_module(root, f"{target}.{alias.name}") for alias in child.names):
                    yield target, name
            yield from visit(child, name)

    return module, [(target, fn) for target, fn in visit(tree, None) if target.startswith("burgle")]


def is_module(root: Path, dotted: str) -> bool:
    path = root.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def modules(root: Path = ROOT) -> dict[str, list]:
    return dict(burgle_imports(path, root) for path in sorted((root / "burgle").rglob("*.py")))


def breaches(found: dict, allowed: dict[str, set[str]]) -> list[str]:
    """Imports across layers that the table does not allow."""
    out = []
    for module, imports in found.items():
        parts = module.split(".")
        if len(parts) < 3 or parts[1] not in allowed:
            continue  # burgle/__init__.py, __main__.py: the package's doors
        layer = parts[1]
        for target, function in imports:
            other = target.split(".")[1] if "." in target else None
            if other is None or other == layer or other in allowed[layer]:
                continue
            if (layer, other, function) == ("engine", "pictures", "_repr_svg_"):
                continue  # the one documented call upward: Jupyter asks for a picture
            out.append(f"{module} imports {target}" + (f" (in {function})" if function else ""))
    return sorted(set(out))


def cycles(found: dict, package: str) -> list[list[str]]:
    """Import cycles among the modules of *package*, late imports included."""
    graph = nx.DiGraph()
    for module, imports in found.items():
        if not module.startswith(package):
            continue
        graph.add_node(module)
        for target, _function in imports:
            # `from burgle.engine.x import y` yields "burgle.engine.x.y" too: only modules count
            if target in found and target != module and target.startswith(package):
                graph.add_edge(module, target)
    return [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]


def test_each_layer_imports_only_what_the_architecture_allows():
    found = breaches(modules(), layer_table())
    assert not found, "imports the architecture table does not allow:\n" + "\n".join(found)


def test_the_only_upward_import_of_the_engine_is_repr_svg():
    upward = [(module, target, function) for module, imports in modules().items() if module.startswith("burgle.engine")
              for target, function in imports if target.startswith("burgle.pictures")]
    assert upward and all(function == "_repr_svg_" for _, _, function in upward), upward


@pytest.mark.parametrize("package", ["burgle.engine", "burgle.data", "burgle.geometry"])
def test_no_import_cycles(package):
    assert not cycles(modules(), package)


def test_the_checks_see_a_late_cycle_and_a_breach(tmp_path):
    """The checks above can fail: a late import from guards back to alarms closes a cycle,
    and the engine importing a bot is a breach of the layers."""
    engine = tmp_path / "burgle" / "engine"
    engine.mkdir(parents=True)
    (engine / "__init__.py").write_text("")
    (engine / "alarms.py").write_text("from burgle.engine import guards\n")
    (engine / "guards.py").write_text("def walk():\n    from burgle.engine.alarms import ring\n"
                                      "    from burgle.bots import planner\n")
    found = modules(tmp_path)
    assert ("burgle.engine.alarms", "walk") in found["burgle.engine.guards"]
    assert cycles(found, "burgle.engine") == [["burgle.engine.alarms", "burgle.engine.guards"]]
    assert breaches(found, layer_table()) == ["burgle.engine.guards imports burgle.bots (in walk)",
                                              "burgle.engine.guards imports burgle.bots.planner (in walk)"]
