"""What the fixed-screen pay models share: landing a screen of ``grid.rows`` per reel, each
reel's windows as weighted outcomes (the exact math's input), and scatter wins as events."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ..definition import Definition
from ..evaluate import scatter_pays, whole
from ..events import Event, ScatterWin
from ..money import MoneyError, apply_ratio

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Screen
    from ..features import RoundState
    from ..rng import Rng

Window = tuple[str, ...]
ReelWindows = tuple[tuple[tuple[Window, int], ...], ...]  # per reel: (window, weight) outcomes


def land_fixed(
    rng: Rng, windows: Sequence[Sequence[Window]]
) -> tuple[tuple[int, ...], Screen, tuple[Event, ...]]:
    """One ``below(len(strip))`` per reel, reel 1 first; the windows at those stops."""
    below = rng.below
    stops = tuple(below(len(reel)) for reel in windows)
    return stops, tuple(reel[stop] for reel, stop in zip(windows, stops, strict=True)), ()


class FixedScreen:
    """A model whose screen is ``grid.rows`` symbols on every reel, every spin: one stop per
    reel lands it, and each stop's window is an outcome of weight 1."""

    def reel_windows(self, defn: Definition, reel_set: str) -> ReelWindows:
        return fixed_reel_windows(defn, reel_set)

    def land(
        self, defn: Definition, reel_set: str, rng: Rng, windows: Sequence[Sequence[Window]]
    ) -> tuple[tuple[int, ...], Screen, tuple[Event, ...]]:
        return land_fixed(rng, windows)


class CellCountModel(FixedScreen):
    """A fixed screen paid by counting cells (anywhere, cluster): play and simulation price a
    screen through the same ``cell_events``; a pay no coin can make whole leaves simulation to play."""

    def cell_events(
        self, defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction, *,
        scatter_multiplier: int | Fraction | None,
    ) -> tuple[list[Event], int]:
        raise NotImplementedError

    def evaluate(
        self, defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction = 1, *,
        scatter_multiplier: int | Fraction | None = None, both_ways: bool | None = None,
    ) -> tuple[list[Event], int]:
        return self.cell_events(defn, screen, bet, multiplier, scatter_multiplier=scatter_multiplier)

    def lean_win(
        self, defn: Definition, reel_set: str, screen: Screen, bet: Bet, state: RoundState, *,
        stops: tuple[int, ...] | None = None,
    ) -> int | None:
        try:
            return self.cell_events(defn, screen, bet, state.multiplier, scatter_multiplier=state.scatter_multiplier)[1]
        except MoneyError:
            return None


def add_scatter_pays(defn: Definition, reel_set: str, by_symbol: dict[str, Fraction]) -> Fraction:
    """Each scatter's exact expected pay (a fraction of the total bet) added to ``by_symbol``;
    returns their sum, the base game's scatter RTP under any model."""
    from ..linemath import scatter_expectation

    scatters = scatter_expectation(defn, reel_set)
    for sid, v in scatters.items():
        by_symbol[sid] = by_symbol.get(sid, Fraction(0)) + v
    return sum(scatters.values(), Fraction(0))


def fixed_reel_windows(defn: Definition, reel_set: str) -> ReelWindows:
    """Every stop's window of ``grid.rows`` symbols, weight 1 (kept per game)."""
    cache = defn.__dict__.setdefault("_reel_windows", {})
    found = cache.get(reel_set)
    if found is None:
        rows = defn.grid.rows
        found = cache[reel_set] = tuple(
            tuple((tuple(strip[(stop + r) % len(strip)] for r in range(rows)), 1) for stop in range(len(strip)))
            for strip in defn.reels[reel_set]
        )
    return found  # type: ignore[no-any-return]


def scatter_events(
    defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction, scatter_multiplier: int | Fraction | None
) -> tuple[list[Event], int]:
    """The scatter wins of a screen, as ``evaluate_screen`` pays them."""
    s_mult = Fraction(multiplier if scatter_multiplier is None else scatter_multiplier)
    events: list[Event] = []
    total = 0
    for sp in scatter_pays(defn, screen):
        amount = apply_ratio(sp.x_bet * s_mult, bet.total)
        events.append(ScatterWin(sp.symbol, sp.count, sp.positions, sp.x_bet, whole(s_mult), amount))  # type: ignore[arg-type]
        total += amount
    return events, total


def reel_heights(defn: Definition) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per reel: (height, weight), heights ascending (the order ``weighted`` draws in)."""
    table = defn.pay_model.heights
    per_reel = table * defn.grid.reels if len(table) == 1 else table
    return tuple(tuple(sorted((h, w) for h, w in entry.items())) for entry in per_reel)
