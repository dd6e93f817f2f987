"""A Megaways game's horizontal top reel (``pay_model.top_reel``): one strip lying over some
adjacent middle reels, one cell above each of them.

One stop of its strip sets every cell: the cell over its first reel shows the stop, the next
cell the symbol after it, and so on (the strip moves right to left). A spin draws the stop
after the reels' heights (one ``below(len(strip))``; a strip of one symbol draws nothing),
and each covered reel's column on the screen is its top cell, then its own window: the cell
is row 0 of that reel, one more position counted in its ways.

The cells are correlated across reels (one stop sets them all), so the exact math takes each
stop in turn: given the stop, the reels are independent again, with a known symbol above each
covered reel (``ways_rules.expected_ways(tops=...)``). Stops that show the same cells are
taken once, with their count as weight. The strip holds regular symbols and wilds only, so
scatters and every block's trigger count read the reels' own windows, as without a top reel.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..definition import Definition

Window = tuple[str, ...]
CheckPath = tuple[str | int, ...]  # as ``pays.CheckPath`` (not imported: the package imports this module)


def covered(defn: Definition) -> tuple[int, ...]:
    """The 0-based reels under the top reel (none: no top reel)."""
    top = defn.pay_model.top_reel
    return tuple(r - 1 for r in top.reels) if top is not None else ()


def cells_at(defn: Definition, stop: int) -> tuple[str, ...]:
    """The top reel's symbols at ``stop``, over its reels from the left."""
    top = defn.pay_model.top_reel
    assert top is not None
    strip = top.strip
    return tuple(strip[(stop + i) % len(strip)] for i in range(len(top.reels)))


def top_columns(defn: Definition, stop: int) -> tuple[str | None, ...]:
    """Per reel of the grid: the top cell above it at ``stop`` (None: not covered)."""
    out: list[str | None] = [None] * defn.grid.reels
    for r, symbol in zip(covered(defn), cells_at(defn, stop), strict=True):
        out[r] = symbol
    return tuple(out)


def cell_outcomes(defn: Definition) -> list[tuple[tuple[str | None, ...], int]]:
    """Every distinct row of top cells (per grid reel, None where uncovered) with the number
    of stops that show it: the exact math's outer sum."""
    top = defn.pay_model.top_reel
    assert top is not None
    found: Counter[tuple[str | None, ...]] = Counter(top_columns(defn, s) for s in range(len(top.strip)))
    return sorted(found.items(), key=lambda item: tuple(s or "" for s in item[0]))


def with_top(columns: Sequence[Window], tops: Sequence[str | None]) -> tuple[Window, ...]:
    """A screen's columns with each covered reel's top cell as its row 0."""
    return tuple(column if top is None else (top, *column) for column, top in zip(columns, tops, strict=True))


def check_top_reel(defn: Definition) -> list[tuple[CheckPath, str]]:
    """What a top reel must be: over adjacent middle reels, a strip of known regular symbols
    and wilds that no block counts (scatters are of their own kind)."""
    top = defn.pay_model.top_reel
    if top is None:
        return []
    if defn.pay_model.type != "megaways":
        return [(("pay_model", "top_reel"), f"top_reel is for megaways games, not {defn.pay_model.type}")]
    out: list[tuple[CheckPath, str]] = []
    reels = list(top.reels)
    n = defn.grid.reels
    if not reels:
        out.append((("pay_model", "top_reel", "reels"), "a top reel lies over at least one reel, e.g. [2, 3, 4, 5]"))
    elif any(not 1 <= r <= n for r in reels) or reels != list(range(reels[0], reels[0] + len(reels))):
        out.append((("pay_model", "top_reel", "reels"), f"the top reel's reels are adjacent reels of 1..{n} in "
                    f"order, e.g. [2, 3, 4, 5]; got {reels}"))
    if not top.strip:
        out.append((("pay_model", "top_reel", "strip"), "the top reel needs a strip of symbols"))
    kinds = {s.id: s.kind for s in defn.symbols}
    triggers = {getattr(f, "trigger_symbol", None) for f in defn.features} | {
        getattr(f, "symbol", None) for f in defn.features}
    for i, sym in enumerate(top.strip):
        path: CheckPath = ("pay_model", "top_reel", "strip")
        if sym not in kinds:
            out.append((path, f"unknown symbol '{sym}' on the top reel (at {i + 1})"))
        elif kinds[sym] not in ("regular", "wild") or sym in triggers:
            out.append((path, f"'{sym}' cannot be on the top reel: it holds regular symbols and wilds that no "
                        "scatter or feature counts"))
    for i, f in enumerate(defn.features):
        if f.type == "tumble":
            out.append((("features", i), "a top reel does not tumble yet: remove the top reel or the tumble"))
    return out
