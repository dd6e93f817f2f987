"""Which palette roles each symbol shape reads: the colours a theme's ``palette:`` may set for it.

Read from the painters' own code (``p.get("main", ...)`` and ``p["main"]``, through the helpers a
shape hands its palette to), so the list cannot drift from what is drawn. ``theme.yaml``'s check
reports a role the shape never reads (a typo such as ``mian:``) with the closest role, and
sprites/README.md's table of shapes is written from ``shape_table``.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from functools import cache
from typing import Any

from .symbols import SHAPES

PALETTE_ARG = "p"  # every painter's palette parameter
THEME_PARAMS = ("text", "n", "points", "inner")  # what theme.yaml's symbol entries may hand a shape


@cache
def _function_roles(function: Callable[..., Any]) -> tuple[frozenset[str], tuple[str, ...]]:
    """The roles ``function`` reads from its palette, and the names it hands the palette to."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    roles: set[str] = set()
    callees: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            target = node.func
            if (isinstance(target, ast.Attribute) and target.attr == "get" and isinstance(target.value, ast.Name)
                    and target.value.id == PALETTE_ARG and node.args and isinstance(node.args[0], ast.Constant)):
                roles.add(str(node.args[0].value))
            elif any(isinstance(a, ast.Name) and a.id == PALETTE_ARG for a in node.args):
                name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
                if name:
                    callees.append(name)
        elif (isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == PALETTE_ARG
              and isinstance(node.slice, ast.Constant)):
            roles.add(str(node.slice.value))
    return frozenset(roles), tuple(callees)


def palette_roles(shape: str, inner: str = "") -> frozenset[str]:
    """Every palette role the shape ``shape`` reads (empty: its colours are its own); a frame that
    draws another shape (``double``'s ``inner``) reads that shape's roles too."""
    seen: set[Any] = set()
    roles: set[str] = set(palette_roles(inner) if inner in SHAPES and inner != shape else ())
    todo: list[Callable[..., Any]] = [SHAPES[shape]]
    while todo:
        function = todo.pop()
        if function in seen:
            continue
        seen.add(function)
        found, callees = _function_roles(function)
        roles |= found
        module = inspect.getmodule(function)
        for name in callees:
            callee = getattr(module, name, None) or SHAPES.get(name)
            if callable(callee) and inspect.isfunction(callee):
                todo.append(callee)
    return frozenset(roles)


def shape_params(shape: str) -> tuple[str, ...]:
    """The keyword parameters a shape takes from theme.yaml (``text``, ``n``, ``points``, ``inner``)."""
    signature = inspect.signature(SHAPES[shape])
    return tuple(name for name in signature.parameters if name in THEME_PARAMS)


def shape_summary(shape: str) -> str:
    """The first sentence of a shape's docstring (empty when it has none)."""
    doc = inspect.getdoc(SHAPES[shape]) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ").strip()


def shape_table() -> str:
    """sprites/README.md's table: every shape, what it draws, the palette roles it reads and its
    parameters."""
    rows = ["| shape | draws | palette roles it reads | takes |", "|---|---|---|---|"]
    for shape in sorted(SHAPES):
        roles = ", ".join(f"`{r}`" for r in sorted(palette_roles(shape))) or "none: its own colours"
        if "inner" in shape_params(shape):
            roles += ", and its `inner` shape's"
        params = ", ".join(f"`{p}`" for p in shape_params(shape)) or ""
        rows.append(f"| `{shape}` | {shape_summary(shape) or shape.replace('_', ' ')} | {roles} | {params} |")
    return "\n".join(rows)


BEGIN, END = "<!-- BEGIN SHAPES -->", "<!-- END SHAPES -->"


def readme_with_table(text: str) -> str:
    """sprites/README.md's text with the shapes table between its markers written anew."""
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    return text[:start] + "\n" + shape_table() + "\n" + text[end:]


if __name__ == "__main__":  # python -m cabinet.assets.palettes [--write]: the table, or refresh the README
    import sys
    from pathlib import Path

    readme = Path(__file__).resolve().parents[2] / "sprites" / "README.md"
    if "--write" in sys.argv:
        readme.write_text(readme_with_table(readme.read_text()))
        print(f"refreshed {readme}")
    else:
        print(shape_table())
