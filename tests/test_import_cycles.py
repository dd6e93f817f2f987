"""No import cycles anywhere in cabinet/ (and none inside cabinet/core/, the scenes or the
mechanics on their own): every import counts, those inside functions too, except ``if
TYPE_CHECKING:`` blocks (never run). The feature registry loads its blocks by name
(``importlib``), as the presentation's mechanics registry and the symbol painters do,
which is what lets a block module import its package's shared types without a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "cabinet"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def imports_of(path: Path, package: str) -> set[str]:
    name = module_name(path)
    is_package = path.name == "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    here = name if is_package else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", 0) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            mod = (f"{base}.{node.module}" if node.module else base) if node.level else (node.module or "")
            targets = [mod] + [f"{mod}.{a.name}" for a in node.names]
        for target in targets:
            if target.startswith(package):
                out.add(target)
    return out


def graph(package: str, folder: Path) -> dict[str, set[str]]:
    modules = {module_name(p): p for p in folder.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        edges[name] = {t for t in imports_of(path, package) if t in modules and t != name}
    return edges


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


@pytest.mark.parametrize(
    "package, folder",
    [("cabinet", ROOT), ("cabinet.core", ROOT / "core"), ("cabinet.presentation.scenes", ROOT / "presentation" / "scenes"),
     ("cabinet.presentation.mechanics", ROOT / "presentation" / "mechanics")],
)
def test_no_import_cycles(package: str, folder: Path) -> None:
    edges = graph(package, folder)
    assert len(edges) > 3
    cycle = find_cycle(edges)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_cycle_finder_finds_one() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None
