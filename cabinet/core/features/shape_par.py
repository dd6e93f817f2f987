"""Exact par of the shape blocks (big symbols, spreading wilds, symbols turning wild).

Two ways to price a screen stage exactly, both as "what the stage adds to one spin":

- ``staged_line_delta``: the stage is one draw for the whole screen (possibly none) and,
  given its outcome, a change of each reel's window on its own (a big symbol over a block
  of reels, symbols turning wild). Given the outcome the reels stay independent, so each
  played line is priced on its own with the line DP of ``core/linemath``: per reel, the
  symbol the line's row shows after the change, over every stop. Any size of strip.
- ``enumerated_delta``: any stage (a wild spreading to the next reels makes the reels
  depend on each other): every screen the reels can show (their distinct windows,
  weighted by the stops showing them) is changed by the block's own function and paid by
  the game's own pay model, as play pays it; only while the screens number at most
  ``ENUMERATION_LIMIT``, else None (par is then estimated for the whole game, and says so).

Both return (line part in coins per line-coin, scatter part x bet), so that
``free_spins.line_delta_rtp`` weights them by the reel sets and the free spins as every
other line-delta block's part.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from itertools import product

from ..bet import Bet
from ..definition import Definition
from ..events import Screen
from ..linemath import line_expectation, line_value_of_weights
from . import Window

# Screens ``enumerated_delta`` may pay one by one (each through the pay model): toy games and
# small real ones; a bigger game's par is estimated.
ENUMERATION_LIMIT = 60_000

WindowChange = Callable[[int, Window], Window]  # (0-based reel, landed window) -> window shown


def lines_game(defn: Definition) -> bool:
    """The game pays by paylines on every reel set (``staged_line_delta`` prices it)."""
    from ..pays import model_of

    return model_of(defn).type == "lines" and not defn.pay_model.reel_sets


def staged_line_delta(
    defn: Definition, reel_set: str, bet: Bet, outcomes: Sequence[tuple[Fraction, WindowChange]]
) -> Fraction | None:
    """Extra line pay (coins per line-coin, over the played lines) of one spin whose windows
    are changed by one of ``outcomes`` (its chance, its change). None: not a lines game."""
    if not lines_game(defn):
        return None
    both = defn.pay_direction == "both_ways"
    rows = defn.grid.rows
    strips = defn.reels[reel_set]
    total = Fraction(0)
    for chance, change in outcomes:
        by_row: list[list[list[tuple[str, int]]]] = []
        for reel, strip in enumerate(strips):
            seen: list[Counter[str]] = [Counter() for _ in range(rows)]
            size = len(strip)
            for stop in range(size):
                shown = change(reel, tuple(strip[(stop + r) % size] for r in range(rows)))
                for row in range(rows):
                    seen[row][shown[row]] += 1
            by_row.append([list(c.items()) for c in seen])
        lines = sum(
            (line_value_of_weights(defn, reel_set, [by_row[reel][row] for reel, row in enumerate(line)], both)
             for line in defn.lines[: bet.lines]),
            Fraction(0),
        )
        total += chance * lines
    return total - bet.lines * line_expectation(defn, reel_set).total


def screen_count(defn: Definition, reel_set: str) -> int:
    """How many screens ``enumerated_delta`` would pay (distinct windows per reel, multiplied)."""
    from ..pays import model_for

    return math.prod(len(shown) for shown in model_for(defn, reel_set).reel_windows(defn, reel_set))


def enumerated_delta(
    defn: Definition, reel_set: str, bet: Bet, change: Callable[[Screen], Screen],
    *, limit: int = ENUMERATION_LIMIT,
) -> tuple[Fraction, Fraction] | None:
    """(extra line pay in coins per line-coin, extra scatter pay x bet) of one spin on
    ``reel_set`` whose landed screen is shown as ``change(screen)``, by paying every screen
    before and after with the game's pay model. None: more than ``limit`` screens."""
    from ..pays import model_for

    model = model_for(defn, reel_set)
    reels = model.reel_windows(defn, reel_set)
    if math.prod(len(shown) for shown in reels) > limit:
        return None
    line_minor = 0
    scatter_minor = 0
    weight_total = 0
    for joint in product(*reels):
        weight = math.prod(w for _, w in joint)
        landed: Screen = tuple(window for window, _ in joint)
        shown = change(landed)
        weight_total += weight
        if shown == landed:
            continue
        for screen, sign in ((shown, 1), (landed, -1)):
            wins, _ = model.evaluate(defn, screen, bet, 1)
            for event in wins:
                amount = sign * weight * getattr(event, "amount", 0)
                if event.kind == "scatter_win":
                    scatter_minor += amount
                else:
                    line_minor += amount
    if weight_total == 0:
        return Fraction(0), Fraction(0)
    line_coin = bet.coins_per_line * bet.coin_value
    return Fraction(line_minor, weight_total * line_coin), Fraction(scatter_minor, weight_total * bet.total)
