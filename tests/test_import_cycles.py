"""No import circle anywhere in cabinet/ (issue 39). Every import statement counts: at the top
of a module, inside a function, and under ``if TYPE_CHECKING:`` (an annotation-only import is
still a dependency a reader has to follow, and the first step back to a circle).

The parts that plug in are found by name instead, at run time (``importlib``): the core's
feature blocks and the presentation's mechanics (``core/registry.py``), the scenes
(``presentation/router.py``: a scene opens another with ``ctx.open(name)``) and designer
mode (``tool.py``: the app asks for the tool called "designer"). Those names are not
imports, so they are not edges here.

The finder itself is tried on small packages written for the purpose: a circle closed by
each kind of import is found, and the same package without it is clean.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "cabinet"


def module_name(path: Path, root: Path) -> str:
    """``root/pkg/mod.py`` -> ``pkg.mod``; a package's ``__init__.py`` is the package."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(path: Path, name: str) -> set[str]:
    """Every dotted name an import statement of the module names, anywhere in it (functions
    and ``TYPE_CHECKING`` blocks included), relative imports made absolute. ``from p import
    x`` names both ``p`` and ``p.x`` (x may be a submodule)."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = here
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            module = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            out.add(module)
            out.update(f"{module}.{alias.name}" for alias in node.names)
    return out


def graph(root: Path) -> dict[str, set[str]]:
    """Module -> the modules of the same top package it imports (each named import resolved
    to the longest module name it starts with: ``p.mod.Class`` -> ``p.mod``)."""
    modules = {module_name(p, root): p for p in root.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for target in imported_names(path, name):
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
        edges[name] = targets
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, iterative):
    each is one circle or several knotted together. Sorted, each part sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return sorted(found)


def describe(part: list[str], edges: dict[str, set[str]]) -> str:
    members = set(part)
    return "; ".join(f"{m} -> {', '.join(sorted(edges[m] & members))}" for m in part)


def test_cabinet_has_no_import_circle() -> None:
    edges = graph(ROOT)
    assert len(edges) > 200 and sum(map(len, edges.values())) > 500  # the whole package was read
    found = circles(edges)
    assert found == [], "import circles:\n" + "\n".join(describe(part, edges) for part in found)


def test_the_circles_issue_39_untangled_stay_untangled() -> None:
    """The four circles, by the edges that closed them: each of these imports is gone."""
    edges = graph(ROOT)
    gone = [("cabinet.assets.music", "cabinet.assets.themes"), ("cabinet.assets.ui", "cabinet.assets.themes"),
            ("cabinet.presentation.context", "cabinet.presentation.bet_panel"),
            ("cabinet.presentation.scenes.menu", "cabinet.presentation.scenes.history"),
            ("cabinet.presentation.scenes.history", "cabinet.presentation.scenes.replay"),
            ("cabinet.presentation.scenes.replay", "cabinet.presentation.scenes.base"),
            ("cabinet.presentation.mechanics.free_spins.view", "cabinet.presentation.scenes.menu"),
            ("cabinet.presentation.resume", "cabinet.presentation.scenes.base"),
            ("cabinet.presentation.resume", "cabinet.presentation.mechanics.free_spins.view"),
            ("cabinet.designer.mode", "cabinet.app"), ("cabinet.designer.reload", "cabinet.app"),
            ("cabinet.designer.top_rounds", "cabinet.designer.mode")]
    assert [(a, b) for a, b in gone if b in edges[a]] == []
    assert not any(target.startswith("cabinet.designer") for target in edges["cabinet.app"])
    assert not edges["cabinet.assets.theme_data"] & {"cabinet.assets.ui", "cabinet.assets.music",
                                                     "cabinet.assets.symbols", "cabinet.assets.draw"}


# -- the finder on packages written for the purpose --------------------------------------------------

# Three modules a -> b -> c; ``c`` imports ``a`` back in the way the case names (None: it does not).
CLOSING = {
    "top": "from toy.a import A\n",
    "relative": "from .a import A\n",
    "package-relative": "from . import a\n",
    "plain": "import toy.a\n",
    "in a function": "def late():\n    from .a import A\n    return A\n",
    "under TYPE_CHECKING": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from toy.a import A\n",
    "from the parent": "from .. import a\n",  # c lives in toy/sub/ in this case
    "none": "",
}


def write_toy(root: Path, closing: str) -> Path:
    package = root / "toy"
    sub = package / "sub"
    sub.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (sub / "__init__.py").write_text("")
    in_sub = closing == CLOSING["from the parent"]
    (package / "a.py").write_text("from .b import B\nA = 1\n")
    (package / "b.py").write_text(f"from {'.sub' if in_sub else ''}.c import C\nB = 2\n")
    (sub / "c.py" if in_sub else package / "c.py").write_text(closing + "C = 3\n")
    return package


@pytest.mark.parametrize("case", sorted(CLOSING))
def test_the_finder_sees_a_circle_closed_by_each_kind_of_import(tmp_path: Path, case: str) -> None:
    edges = graph(write_toy(tmp_path, CLOSING[case]))
    c = "toy.sub.c" if case == "from the parent" else "toy.c"
    if case == "none":
        assert circles(edges) == []
        assert edges["toy.a"] == {"toy.b"} and edges["toy.b"] == {"toy.c"}
    else:
        assert circles(edges) == [sorted(["toy.a", "toy.b", c])]
        assert "toy.a" in edges[c]


def test_the_finder_keeps_knots_apart_and_ignores_what_is_outside() -> None:
    edges = {"a": {"b", "os"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c", "a"}, "f": {"a"}}
    assert circles(edges) == [["a", "b"], ["c", "d", "e"]]
    assert circles({"a": {"b"}, "b": {"c"}, "c": set()}) == []
