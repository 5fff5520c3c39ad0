"""The package's modules import each other in one direction only: no circle anywhere in ``tabletop/``, counting
imports inside functions and type-only ones (under ``if TYPE_CHECKING:``), and screens never import each other.

A circle hidden inside a function or behind ``TYPE_CHECKING`` still ties two modules into one: neither can be
read, tested or changed without the other.  A rules module and its wording, say, share a small protocol
(``queries.py``) instead of importing each other.

``from package import module`` is an import of that module: the package itself is the module's parent, which
Python has imported before any of its modules anyway, so only a name the package defines makes it an edge.
"""

from __future__ import annotations

import ast
from pathlib import Path

import tabletop

PACKAGE = Path(tabletop.__file__).parent


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, module: str, known: set[str]) -> set[str]:
    """Every module of ``known`` that ``path`` imports, wherever the import stands (in a function, under
    ``if TYPE_CHECKING:``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            named = {f"{base}.{alias.name}" for alias in node.names}
            found.update(named)
            if not named <= known:          # a name the module defines, not only its modules
                found.add(base)
    return {name for name in found if name in known}


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules under ``root`` it imports."""
    files = {_module_name(path, root): path for path in root.rglob("*.py")}
    known = set(files)
    return {name: _imports(path, name, known) - {name} for name, path in files.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports, or [] if there is none."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def walk(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = walk(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state:
            found = walk(node)
            if found:
                return found
    return []


def test_the_package_has_no_import_circle():
    graph = import_graph(PACKAGE)
    assert len(graph) > 100                 # the whole package is looked at, the games and the app too
    assert find_cycle(graph) == []


def test_screens_never_import_each_other():
    graph = import_graph(PACKAGE)
    screens = {name for name in graph if name.startswith("tabletop.app.screens.")}
    assert screens
    for name in screens:
        assert not (graph[name] & screens - {"tabletop.app.screens.backdrop"}), (name, graph[name] & screens)


def test_the_checker_finds_a_circle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def _package(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def test_the_checker_sees_imports_in_functions_and_for_type_checkers_only(tmp_path):
    root = _package(tmp_path, {
        "rules.py": "def make():\n    from .wording import say\n    return say\n",
        "wording.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .rules import Rules\n",
    })
    graph = import_graph(root)
    assert graph["pkg.rules"] == {"pkg.wording"} and graph["pkg.wording"] == {"pkg.rules"}
    assert find_cycle(graph) == ["pkg.rules", "pkg.wording", "pkg.rules"]


def test_a_module_imported_from_its_package_is_an_import_of_that_module(tmp_path):
    root = _package(tmp_path, {
        "rules.py": "from . import events, wording\n",
        "wording.py": "from . import events as ev\n",
        "events.py": "from . import VERSION\n",
    })
    (root / "__init__.py").write_text("VERSION = 1\n\ndef make():\n    from .rules import make\n")
    graph = import_graph(root)
    assert graph["pkg.rules"] == {"pkg.events", "pkg.wording"}
    assert graph["pkg.wording"] == {"pkg.events"}
    assert graph["pkg.events"] == {"pkg"}         # a name the package defines: an import of the package
    assert find_cycle(graph) == ["pkg", "pkg.rules", "pkg.events", "pkg"]
