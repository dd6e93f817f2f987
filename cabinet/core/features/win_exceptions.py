"""A free-spins multiplier with exceptions (``free_spins: multiplier_exceptions``): the
catalogue's "all free-spin wins x2 except five wilds, paid x1" (Megajack's Champagne), or a
wild's own wins of any count paid x1, or a scatter's pay left out of the multiplier::

    win_multiplier: 3
    multiplier_exceptions:
      - {symbol: W, count: 5, multiplier: 1}   # five wilds paid x1
      - {symbol: W, multiplier: 1}             # every other wild-only win x1 too (count 0: any)
      - {symbol: S, multiplier: 2}             # the scatter's pay x2

An exception names a win by the symbol it pays (a wild's own wild-only win is paid as the wild;
a scatter win as the scatter) and its count (0: any); the first that matches gives that win
``multiplier`` in place of ``win_multiplier`` (a drawn spin multiplier still applies on top).
Line games only (refused under other pay models).

Play: ``free_spins.run`` puts the exceptions in the round's state (``state.values``) for its
spins; the spin pipeline (``spin.py``, after the win stage, before the win events are booked)
rewrites each matching ``LineWin`` / ``ScatterWin`` with its multiplier and amount, so the
screen replays the win as paid. No draw.

Par (exact): per free spin, E[line pay] = win_multiplier x E[line coins] - sum over paid runs
(symbol, count) of (win_multiplier - its multiplier) x E[coins of that run], the runs' exact
probabilities read from the line DP (``linemath``: every paid run with its count and wild
multiplier, both directions); scatters alike from the exact count distribution. Brute force
agrees on ``tests/games/free_spins/toy-exceptions.yaml``.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..definition import Definition, doc
from ..events import Event, LineWin, ScatterWin

KEY = "win_exceptions"  # the round state's ``values`` entry while free spins play


@dataclass(frozen=True)
class MultiplierException:
    symbol: str = doc("the symbol the win pays (a wild: its own wild-only wins; a scatter: its pay)")
    count: int = doc("the win's count (0: any count)", default=0)
    multiplier: int = doc("what the win is multiplied by in place of `win_multiplier`", default=1)


def multiplier_for(exceptions: tuple[MultiplierException, ...], symbol: str, count: int) -> int | None:
    for e in exceptions:
        if e.symbol == symbol and e.count in (0, count):
            return e.multiplier
    return None


def apply(rule: tuple[tuple[MultiplierException, ...], int, int], wins: list[Event]) -> tuple[list[Event], int]:
    """The wins with the exceptions applied, and their new total. ``rule``: (exceptions, the
    line wins' win multiplier, the scatter wins' one)."""
    exceptions, line_base, scatter_base = rule
    out: list[Event] = []
    for e in wins:
        if isinstance(e, (LineWin, ScatterWin)):
            m = multiplier_for(exceptions, e.symbol, e.count)
            base = line_base if isinstance(e, LineWin) else scatter_base
            if m is not None and m != base:
                amount = Fraction(e.amount * m, base)
                multiplier = Fraction(e.multiplier * m, base)
                if amount.denominator != 1:
                    raise ValueError(f"a multiplier exception would pay {amount} minor units for {e.count} {e.symbol}")
                e = dataclasses.replace(e, amount=int(amount), multiplier=(
                    int(multiplier) if multiplier.denominator == 1 else multiplier))  # type: ignore[arg-type]
        out.append(e)
    return out, sum(int(getattr(e, "amount", 0)) for e in out)


def rule_of(feature: Any) -> tuple[tuple[MultiplierException, ...], int, int] | None:
    if not feature.multiplier_exceptions:
        return None
    return (feature.multiplier_exceptions, feature.win_multiplier,
            feature.win_multiplier if feature.multiply_scatter_pays else 1)


def line_reduction(defn: Definition, reel_set: str, feature: Any) -> Fraction:
    """E[sum over a line's paid run of (win_multiplier - its exception's multiplier) x its coins],
    per line (coins per line-coin), exact from the line DP's paid runs."""
    from ..linemath import _ltr_outcomes, _paid_once, _strip_weights, rules_for

    rules = rules_for(defn)
    weights = _strip_weights(defn.reels[reel_set])
    signed = [(_ltr_outcomes(rules, weights), 1)]
    if defn.pay_direction == "both_ways":
        signed.append((_ltr_outcomes(rules, weights[::-1]), 1))
        signed.append((_paid_once(rules, weights), -1))
    combos = math.prod(sum(w for _, w in reel) for reel in weights)
    total = 0
    for outcomes, sign in signed:
        for (target, count, mult, _length), n in outcomes.items():
            m = multiplier_for(feature.multiplier_exceptions, target, count)
            if m is None:
                continue
            table = rules.scaled_table[target]
            total += sign * n * (table[count] if count < len(table) else table[-1]) * mult * (feature.win_multiplier - m)
    return Fraction(total, combos * rules.scale)


def scatter_reduction(defn: Definition, reel_set: str, feature: Any) -> Fraction:
    """E[sum over a spin's scatter pays of (their base multiplier - the exception's) x pay], x bet."""
    from ..evaluate import pay_table, table_value
    from ..linemath import count_distribution, scatter_adds

    base = feature.win_multiplier if feature.multiply_scatter_pays else 1
    out = Fraction(0)
    for target, adds in sorted(scatter_adds(defn).items()):
        table = pay_table(defn.pays[target])
        for k, p in count_distribution(defn, reel_set, adds).items():
            m = multiplier_for(feature.multiplier_exceptions, target, k)
            if m is not None:
                out += p * table_value(table, k) * (base - m)
    return out


def check(defn: Definition, feature: Any, report: Any) -> None:
    from . import active

    if not feature.multiplier_exceptions:
        return
    for j, e in enumerate(feature.multiplier_exceptions):
        if e.symbol not in defn.symbol_map:
            report(("multiplier_exceptions", j, "symbol"), f"unknown symbol '{e.symbol}'")
        if e.count < 0:
            report(("multiplier_exceptions", j, "count"), f"count must not be negative (0: any), got {e.count}")
        if e.multiplier < 0:
            report(("multiplier_exceptions", j, "multiplier"), f"multiplier must not be negative, got {e.multiplier}")
    if defn.pay_model.type != "lines" or defn.pay_model.reel_sets:
        report(("multiplier_exceptions",), "multiplier exceptions are for line games (the pay model is "
               f"{defn.pay_model.type})")
    if feature.minimum_win_x_bet:
        report(("multiplier_exceptions",), "a top-up is not priced with multiplier exceptions: leave one out")
    others = [p.type for p, _ in active(defn, "free") if p is not feature and getattr(p, "type", "") != "free_spins"]
    if others:
        report(("multiplier_exceptions",), f"multiplier exceptions are priced with no other block in the free "
               f"spins ({', '.join(others)} acts in them)")
