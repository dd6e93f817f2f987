"""The tumble block's rules, one copy each: what goes, how the rest falls and the holes fill,
the ladder, the multiplier symbols' draws and combine, and the cells that remember.
Play (``play.py``), par (``par.py``), simulate and the screen read these."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

from ...definition import Definition
from ...events import Event, Position, Screen
from ...rng import Rng
from .events import Cell
from .params import CellMultiplierOptions, MultiplierSymbolOptions, Tumble

T = TypeVar("T")
Grid = dict[Position, int]  # cell -> 1 (marked) or its multiplier (2, 4, ... cap)


def paying_cells(
    defn: Definition, screen: Screen, wins: list[Event], *, wilds_stay: bool, keep: str = ""
) -> tuple[Position, ...]:
    """Cells of every win that paid, sorted; wilds left out when they stay, and cells showing
    ``keep`` (the multiplier symbol, never removed) left out."""
    cells = win_cells(wins)
    if wilds_stay:
        symbols = defn.symbol_map
        cells = {(r, row) for r, row in cells if not _is_wild(symbols, screen[r][row])}
    if keep:
        cells = {(r, row) for r, row in cells if screen[r][row] != keep}
    return tuple(sorted(cells))


def win_cells(wins: list[Event]) -> set[Position]:
    """Every cell that took part in a win that paid."""
    cells: set[Position] = set()
    for event in wins:
        if getattr(event, "amount", 0) > 0:
            cells.update(getattr(event, "positions", ()))
    return cells


def _is_wild(symbols: dict[str, Any], sid: str) -> bool:
    sym = symbols.get(sid)
    if sym is None:
        return False
    base = symbols.get(sym.base, sym) if getattr(sym, "base", None) else sym
    return bool(sym.kind == "wild" or base.kind == "wild")


def fall(screen: tuple[tuple[T, ...], ...], removed: tuple[Position, ...]) -> tuple[tuple[T, ...], ...]:
    """Each reel's symbols left after ``removed`` went, top first (they sit at the bottom)."""
    gone = set(removed)
    return tuple(tuple(s for row, s in enumerate(col) if (reel, row) not in gone) for reel, col in enumerate(screen))


def refill(
    screen: Screen,
    kept: tuple[tuple[str, ...], ...],
    draw: Any,
) -> tuple[Screen, tuple[tuple[int, int, str], ...]]:
    """Fill each reel's holes above its fallen symbols: ``draw(reel)`` gives one new symbol,
    called reel 1 first and in each reel for the lowest hole first."""
    columns: list[tuple[str, ...]] = []
    fills: list[tuple[int, int, str]] = []
    for reel, (col, left) in enumerate(zip(screen, kept, strict=True)):
        holes = len(col) - len(left)
        new = [draw(reel) for _ in range(holes)]
        fills.extend((reel, holes - 1 - i, sym) for i, sym in enumerate(new))
        columns.append(tuple(reversed(new)) + left)
    return tuple(columns), tuple(fills)


def strip_draw(defn: Definition, reel_set: str, stops: tuple[int, ...]) -> Any:
    """``fill: strip``: each reel continues upward from the symbol above its window."""
    strips = defn.reels[reel_set]
    cursor = [stop - 1 for stop in stops]

    def draw(reel: int) -> str:
        strip = strips[reel]
        sym = strip[cursor[reel] % len(strip)]
        cursor[reel] -= 1
        return sym

    return draw


def weights_draw(params: Tumble, rng: Rng) -> Any:
    """``fill: weights``: one ``rng.weighted`` over the reel's table per new symbol."""
    tables = [(tuple(t), tuple(t.values())) for t in params.fill_weights]

    def draw(reel: int) -> str:
        names, weights = tables[reel] if len(tables) > 1 else tables[0]
        return names[rng.weighted(weights)]

    return draw


def ladder_value(params: Tumble, step: int) -> int:
    """The multiplier at 0-based ladder step ``step`` (x1 for an empty ladder)."""
    if not params.ladder:
        return 1
    return params.ladder[min(step, len(params.ladder) - 1)]


def paid_key(params: Tumble) -> str:
    """Where the round's state tallies what this block added to the spins' wins (par reads it)."""
    return f"{params.name}:paid"


def end_key(params: Tumble) -> str:
    """Where an evaluation without an rng leaves its last sequence's (total before the
    multiplier symbols, how many were on the final screen): par takes the values' expectation."""
    return f"{params.name}:end"


def running_key(params: Tumble) -> str:
    """The free spins' running total of multiplier symbol values (``accumulate_in_free_spins``)."""
    return f"{params.name}:running"


def grid_key(params: Tumble) -> str:
    """The cell multiplier grid in the round's state (a feature's state is its own)."""
    return f"{params.name}:cells"


# --- multiplier symbols --------------------------------------------------------------------------------


def value_table(options: MultiplierSymbolOptions, mode: str) -> dict[int, int]:
    """The value -> weight table for a spin of ``mode``."""
    return options.free_values if mode == "free" and options.free_values else options.values


def value_draw(table: dict[int, int], rng: Rng | None) -> Callable[[], int]:
    """One ``rng.weighted`` over ``table`` per multiplier symbol; 0 (not drawn) without an rng."""
    values, weights = tuple(table), tuple(table.values())
    if rng is None:
        return lambda: 0
    return lambda: values[rng.weighted(weights)]


def landed_values(screen: Screen, symbol: str, draw: Callable[[], int]) -> tuple[tuple[int, ...], ...]:
    """A value for every ``symbol`` on a landed screen, drawn reel 1 first, top row first (0
    elsewhere)."""
    return tuple(tuple(draw() if s == symbol else 0 for s in col) for col in screen)


def refilled_values(
    screen: Screen,
    kept: tuple[tuple[int, ...], ...],
    fills: tuple[tuple[int, int, str], ...],
    symbol: str,
    draw: Callable[[], int],
) -> tuple[tuple[int, ...], ...]:
    """The values after a tumble: the kept ones fell with their symbols (``kept``: each reel's
    values left, top first), and every ``symbol`` among ``fills`` draws one, in fill order."""
    new: dict[Position, int] = {(reel, row): draw() for reel, row, sid in fills if sid == symbol}
    out = []
    for reel, (col, left) in enumerate(zip(screen, kept, strict=True)):
        holes = len(col) - len(left)
        out.append(tuple(new.get((reel, row), 0) for row in range(holes)) + left)
    return tuple(out)


def value_cells(values: tuple[tuple[int, ...], ...]) -> tuple[Cell, ...]:
    """(reel, row, value) of every multiplier symbol, reel 1 first, top row first."""
    return tuple((reel, row, v) for reel, col in enumerate(values) for row, v in enumerate(col) if v)


def combine(values: list[int] | tuple[int, ...], how: str) -> int:
    """Sum or product of whole multipliers (x1 for none)."""
    if not values:
        return 1
    return sum(values) if how == "sum" else math.prod(values)


# --- cell multipliers ----------------------------------------------------------------------------------


def cell_factor(grid: Grid, positions: tuple[Position, ...], how: str) -> int:
    """What a win on ``positions`` is multiplied by: the combine of its cells' multipliers
    (>= 2; a marked cell adds nothing), x1 when none."""
    return combine([m for p in positions if (m := grid.get(p, 0)) >= 2], how)


def step_cell(options: CellMultiplierOptions, level: int) -> int:
    """A cell's next state after it took part in a screen's wins: unmarked (0) -> marked (1)
    -> x``first`` -> doubling up to ``cap``."""
    if level == 0:
        return 1
    if level == 1:
        return min(options.first, options.cap)
    return min(level * 2, options.cap)


def grid_cells(grid: Grid) -> tuple[Cell, ...]:
    """The grid's non-empty cells (reel, row, value), in reel then row order."""
    return tuple((reel, row, v) for (reel, row), v in sorted(grid.items()) if v)
