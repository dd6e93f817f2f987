"""``lines``: paylines, the default pay model.

The rules and their exact math live where they always have, and this module is their
entry in the registry: evaluation in ``core/evaluate.py`` (its docstring states every line
rule), the lean per-stop pricer in ``core/spin.py``, the exact line DP, scatter
convolution and joint hit-rate automaton in ``core/linemath.py``, and the numpy batch
pricer in ``core/simulation/spinner.py`` (``BatchSpinner``). Nothing here restates a rule.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..definition import Definition
from ..evaluate import compiled, evaluate_screen, scatter_pays, table_value
from ..linemath import TooManyStates, hit_rate, line_expectation, line_pay_table
from . import BasePar, CheckPath
from .common import ReelWindows, add_scatter_pays, fixed_reel_windows

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Event, Screen
    from ..features import RoundState
    from ..money import Money
    from ..rng import Rng


class LinesModel:
    type = "lines"
    counts_cells = False  # pay counts are cells anywhere on the screen (not symbols along reels)
    paylines = True
    priced_blocks: frozenset[str] | None = None  # every block's par was written for paylines

    def check(self, defn: Definition) -> list[tuple[CheckPath, str]]:
        spec = defn.pay_model
        out: list[tuple[CheckPath, str]] = []
        if spec.cost:
            out.append((("pay_model", "cost"), "a lines game has no cost: its bet is lines x coins per line x "
                        "coin value (bet.lines chooses the lines played)"))
        for key in ("heights",):
            if getattr(spec, key):
                out.append((("pay_model", key), f"{key} is for megaways games, not lines"))
        if spec.direction != "left_to_right":
            out.append((("pay_model", "direction"), "a lines game's direction is pay_direction (top level)"))
        return out

    def reel_windows(self, defn: Definition, reel_set: str) -> ReelWindows:
        return fixed_reel_windows(defn, reel_set)

    def land(
        self, defn: Definition, reel_set: str, rng: Rng, windows: Sequence[Sequence[tuple[str, ...]]]
    ) -> tuple[tuple[int, ...], Screen, tuple[Event, ...]]:
        below = rng.below
        stops = tuple(below(len(reel)) for reel in windows)  # one per reel, reel 1 first
        return stops, tuple(reel[stop] for reel, stop in zip(windows, stops, strict=True)), ()

    def evaluate(
        self, defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction = 1, *,
        scatter_multiplier: int | Fraction | None = None, both_ways: bool | None = None,
    ) -> tuple[list[Event], int]:
        return evaluate_screen(defn, screen, bet, multiplier, scatter_multiplier=scatter_multiplier,
                               both_ways=both_ways)

    def lean_win(
        self, defn: Definition, reel_set: str, screen: Screen, bet: Bet, state: RoundState, *,
        stops: tuple[int, ...] | None = None,
    ) -> int | None:
        return _lean_win(defn, reel_set, screen, bet, state, stops=stops)

    def base_par(self, defn: Definition, reel_set: str, bet: Bet, *, with_hit_rate: bool = True) -> BasePar:
        line_factor = Fraction(bet.lines * bet.coins_per_line * bet.coin_value, bet.total)
        lines = line_expectation(defn, reel_set)
        by_symbol = {sid: v * line_factor for sid, v in lines.by_symbol.items()}
        scatter_rtp = add_scatter_pays(defn, reel_set, by_symbol)
        hits: Fraction | None = None
        notes: tuple[str, ...] = ()
        if with_hit_rate:
            try:
                hits = hit_rate(defn, reel_set, bet.lines)
            except (TooManyStates, ValueError) as exc:
                notes = (f"hit rate not computed exactly ({exc}): use simulate",)
        return BasePar(lines.total * line_factor, scatter_rtp, by_symbol,
                       {sid: dict(d) for sid, d in lines.by_count.items()}, hits, notes)

    def line_coins(self, defn: Definition, reel_set: str, both_ways: bool | None = None) -> Fraction:
        return line_expectation(defn, reel_set, both_ways).total

    def spinner(self, defn: Definition, bet: Bet) -> Any:
        from ..simulation.spinner import BatchSpinner

        return BatchSpinner(defn, bet)

    def rules(self, defn: Definition) -> tuple[str, ...]:
        return ()  # a lines game's rules say it in their own words (``rules:``)


class _LeanLines:
    """A reel set's line-pay table as plain Python lookups: per reel, symbol -> its digit
    times the reel's place value; then one list lookup per played line."""

    __slots__ = ("digits", "coins", "denominator", "lines", "has_scatters", "stop_digits", "stop_scatters",
                 "scatter_tables")

    def __init__(self, defn: Definition, reel_set: str, both_ways: bool, lines: int) -> None:
        table = line_pay_table(defn, reel_set, both_ways)
        shape = table.shape
        places = [math.prod(shape[r + 1 :]) for r in range(len(shape))]
        self.digits = [{sid: i * places[r] for i, sid in enumerate(a)} for r, a in enumerate(table.alphabets)]
        self.coins: list[int] = table.coins.tolist()
        self.denominator = table.denominator
        self.lines = defn.lines[:lines]
        compiled_pays = compiled(defn)
        self.has_scatters = bool(compiled_pays.scatter_table)
        rows = defn.grid.rows
        strips = defn.reels[reel_set]
        # per reel and stop: each played line's digit, and what each scatter counts there
        self.stop_digits = [
            [tuple(self.digits[r][strip[(stop + line[r]) % len(strip)]] for line in self.lines)
             for stop in range(len(strip))]
            for r, strip in enumerate(strips)
        ]
        targets = sorted(compiled_pays.scatter_table)
        scatter_of = compiled_pays.scatter_of
        self.scatter_tables = [compiled_pays.scatter_table[t] for t in targets]
        self.stop_scatters = [
            [tuple(sum(hit[1] for r in range(rows) if (hit := scatter_of.get(strip[(stop + r) % len(strip)]))
                       and hit[0] == t) for t in targets)
             for stop in range(len(strip))]
            for strip in strips
        ]


def _lean_win(
    defn: Definition, reel_set: str, screen: Screen, bet: Bet, state: RoundState, *,
    stops: tuple[int, ...] | None = None,
) -> Money | None:
    """The screen's win in minor units without building win events (None: not possible
    here, e.g. a symbol the reel set's table does not know; the caller evaluates).
    ``stops``: the screen is the reel set's own at these stops (no modifier changed it),
    so it is priced from per-stop tables."""
    both = defn.pay_direction == "both_ways" if state.both_ways is None else state.both_ways
    cache = defn.__dict__.setdefault("_lean_lines", {})
    key = (reel_set, both, bet.lines)
    compiled_lines = cache.get(key)
    if compiled_lines is None:
        try:
            compiled_lines = cache[key] = _LeanLines(defn, reel_set, both, bet.lines)
        except ValueError:  # too large to tabulate
            compiled_lines = cache[key] = False
    if compiled_lines is False:
        return None
    digits, coins = compiled_lines.digits, compiled_lines.coins
    total = 0
    if stops is not None:
        per_reel = [table[stop] for table, stop in zip(compiled_lines.stop_digits, stops, strict=True)]
        total = sum(map(coins.__getitem__, map(sum, zip(*per_reel, strict=True))))
    else:
        try:
            for line in compiled_lines.lines:
                index = 0
                for digit, column, row in zip(digits, screen, line, strict=True):
                    index += digit[column[row]]
                total += coins[index]
        except KeyError:
            return None
    m = state.multiplier
    s_mult = m if state.scatter_multiplier is None else state.scatter_multiplier
    scatter = 0
    if compiled_lines.has_scatters:
        if stops is not None:
            counts = map(sum, zip(*(t[s] for t, s in zip(compiled_lines.stop_scatters, stops, strict=True)),
                                  strict=True))
            x_bet: Fraction | int = 0  # most spins pay no scatter: add only what pays (no Fraction sums of 0)
            for t, n in zip(compiled_lines.scatter_tables, counts, strict=True):
                if n and (paid := table_value(t, n)):
                    x_bet += paid
        else:
            x_bet = sum((sp.x_bet for sp in scatter_pays(defn, screen)), Fraction(0))
        if x_bet:
            value = x_bet * s_mult * bet.total
            if value.denominator != 1:
                return None
            scatter = value.numerator
    if not total:
        return scatter
    line_coins = total * bet.coins_per_line * bet.coin_value
    if m.denominator == 1:  # the common case in plain ints
        scaled = line_coins * m.numerator
        if scaled % compiled_lines.denominator:
            return None  # not a whole amount: the evaluator raises with the details
        return int(scaled // compiled_lines.denominator + scatter)
    value = Fraction(line_coins, compiled_lines.denominator) * m
    return None if value.denominator != 1 else value.numerator + scatter


MODEL = LinesModel()
