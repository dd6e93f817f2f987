"""The per-reel form of ``random_multiplier`` (``per: reel``): one value drawn for each listed
reel every spin, a win raised by the values of the listed reels it touches (``every_win``) or of
those where a wild is part of it (``wild_in_win``, CT Interactive's Smiley x Wild), the values
combined by ``product`` or ``sum``. Play, its events and its exact line par live here; the block
itself is ``random_multiplier.py``.

Par (exact, line pays): the draws are independent of the stops, so a win's expected multiplier is
its function of the reels' MEAN values (a product of independent values has the product of their
means as its mean; a sum, the sum). ``every_win``: each paid run's pay times that of the reels it
covers (``linemath.line_value_by_span``). ``wild_in_win``: the wilds on each listed reel are priced
as a wild of their own carrying a multiplier (the line DP prices wild multipliers exactly):
product, the mean (whole means) or every draw of the listed reels (else); sum, by linearity
E[pay x 1(no listed wild)] + sum over reels of mean x E[pay x 1(a wild on the reel in the win)].
That holds while a run has one candidate symbol (wilds without pays of their own, no pay groups,
no ``wild_lines: best_symbol``) and wild multipliers multiply; otherwise par leaves it unpriced.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ..definition import Definition, WeightedValue
from ..evaluate import compiled, pay_table, table_value
from ..events import Event, Position, register_event
from ..linemath import expected_line_coins, line_value_by_span, scatter_adds
from ..pays import model_for
from . import FeatureContext, SpinDraft, mean_value
from .multiplier_wilds import WinMultiplied

MAX_DRAWS_PRICED = 256  # draw combinations the wild_in_win product prices one by one (non-whole means)


@register_event
@dataclass(frozen=True)
class ReelMultipliersDrawn(Event):
    """The values a per-reel random multiplier drew for the spin, one per listed reel."""

    kind: ClassVar[str] = "reel_multipliers_drawn"
    feature: str
    reels: tuple[int, ...]  # 0-based reels, in reel order
    values: tuple[int, ...]  # the value drawn for each of ``reels``


def listed_reels(p: Any, reels: int) -> tuple[int, ...]:
    """The 0-based reels that draw (``reels`` is 1-based; empty: every reel)."""
    return tuple(r - 1 for r in p.reels) if p.reels else tuple(range(reels))


def combined(values: Sequence[int], how: str) -> int:
    """Several reels' values as one multiplier (none: x1)."""
    if not values:
        return 1
    return math.prod(values) if how == "product" else sum(values)


def multiplied_reels(defn: Definition, p: Any, screen: Any, win: Event, drawn: dict[int, int]) -> tuple[int, ...]:
    """The listed reels whose values raise ``win``: those its cells touch, or (``wild_in_win``)
    those where one of its cells is a wild."""
    cells: tuple[Position, ...] = getattr(win, "positions", ())
    if p.applies_to == "every_win":
        return tuple(sorted({r for r, _ in cells if r in drawn}))
    wild = compiled(defn).is_wild
    return tuple(sorted({r for r, row in cells if r in drawn and wild.get(screen[r][row], False)}))


def play_reel_multipliers(ctx: FeatureContext, draft: SpinDraft) -> None:
    """Draw every listed reel's value (in reel order, win or not) and raise the spin's wins."""
    p = ctx.feature
    assert ctx.rng is not None, "a random multiplier draws: it needs the round's rng"
    weights = tuple(e.weight for e in p.multipliers)
    reels = listed_reels(p, ctx.defn.grid.reels)
    values = tuple(int(p.multipliers[ctx.rng.weighted(weights)].value) for _ in reels)
    ctx.book.add(ReelMultipliersDrawn(p.name, reels, values))
    if not draft.win or all(v == 1 for v in values) and p.combine == "product":
        return
    state = ctx.state
    scatter = state.multiplier if state.scatter_multiplier is None else state.scatter_multiplier
    if draft.lean:  # which reels a win touches needs its cells: the spin's wins, as play builds them
        draft.wins, draft.win = model_for(ctx.defn, draft.reel_set).evaluate(
            ctx.defn, draft.screen, ctx.bet, state.multiplier, scatter_multiplier=scatter, both_ways=state.both_ways)
        draft.lean = False
    drawn = dict(zip(reels, values, strict=True))
    wins: list[Event] = []
    raised: dict[int, list[Any]] = {}  # multiplier -> [wins, added, cells]
    for e in draft.wins:
        amount = getattr(e, "amount", None)
        if amount and (e.kind != "scatter_win" or p.scatter_pays):
            hit = multiplied_reels(ctx.defn, p, draft.screen, e, drawn)
            m = combined([drawn[r] for r in hit], p.combine)
            if m != 1:
                paid: Any = e  # every paying win event carries its multiplier and amount
                e = dataclasses.replace(paid, multiplier=paid.multiplier * m, amount=amount * m)
                entry = raised.setdefault(m, [0, 0, set()])
                entry[0] += 1
                entry[1] += amount * (m - 1)
                entry[2].update(c for c in getattr(e, "positions", ()) if c[0] in hit)
        wins.append(e)
    if raised:
        draft.wins = wins
        draft.win += sum(entry[1] for entry in raised.values())
        for m, (count, added, cells) in sorted(raised.items()):
            ctx.book.add(WinMultiplied(p.name, m, tuple(sorted(cells)), count, added))


# --- par ---------------------------------------------------------------------------------------------------------


def _means(p: Any, reels: int) -> dict[int, Fraction]:
    mean = mean_value(p.multipliers)
    return {r: mean for r in listed_reels(p, reels)}


def span_factor(p: Any, means: dict[int, Fraction]) -> Callable[[tuple[int, ...]], Fraction]:
    """A run's expected multiplier from the reels it covers (``every_win``)."""

    def factor(span: tuple[int, ...]) -> Fraction:
        hit = [means[r] for r in span if r in means]
        if not hit:
            return Fraction(1)
        return math.prod(hit, start=Fraction(1)) if p.combine == "product" else sum(hit, Fraction(0))

    return factor


def _wilds_carrying(defn: Definition, factors: dict[int, int]) -> Definition:
    """The game whose wilds on reel ``r`` (0-based) are wilds of their own carrying ``factors[r]``
    times their multiplier (another reel's wilds unchanged)."""
    wilds = [s for s in defn.symbols if s.kind == "wild"]
    clones = {(s.id, r): dataclasses.replace(s, id=f"{s.id}@{r + 1}", multiplier=s.multiplier * factors[r])
              for s in wilds for r in factors}
    reels = {name: tuple(tuple(clones[(sid, r)].id if (sid, r) in clones else sid for sid in strip)
                         for r, strip in enumerate(strips))
             for name, strips in defn.reels.items()}
    return dataclasses.replace(defn, symbols=defn.symbols + tuple(clones.values()), reels=reels)


def wild_in_win_priceable(defn: Definition) -> str | None:
    """Why the ``wild_in_win`` line DP cannot price this game (None: it can)."""
    wild_pays = [s.id for s in defn.symbols if s.kind == "wild" and any(v for v in defn.pays.get(s.id, {}).values())]
    if wild_pays:
        return f"wilds with pays of their own ({', '.join(wild_pays)})"
    if defn.pay_groups:
        return "pay groups"
    if defn.wild_lines != "first_symbol":
        return "wild_lines: best_symbol"
    if defn.wild_multipliers != "multiply":
        return "wild_multipliers: highest"
    if defn.pay_direction == "centre_out":
        return "centre-out pays"
    return None


def line_coins_with_reel_multipliers(defn: Definition, p: Any, reel_set: str) -> Fraction | None:
    """Exact expected pay of one line (coins per line-coin) under the per-reel multipliers; None
    where it is not proven."""
    means = _means(p, defn.grid.reels)
    if p.applies_to == "every_win":
        return line_value_by_span(defn, reel_set, None, span_factor(p, means))
    if wild_in_win_priceable(defn) is not None:
        return None
    if p.combine == "product":
        if all(m.denominator == 1 for m in means.values()):
            return expected_line_coins(_wilds_carrying(defn, {r: int(m) for r, m in means.items()}), reel_set)
        table: tuple[WeightedValue, ...] = p.multipliers
        total_weight = sum(e.weight for e in table)
        if len(table) ** len(means) > MAX_DRAWS_PRICED:
            return None
        out = Fraction(0)
        for draw in itertools.product(table, repeat=len(means)):
            chance = Fraction(math.prod(e.weight for e in draw), total_weight ** len(means))
            game = _wilds_carrying(defn, {r: int(e.value) for r, e in zip(means, draw, strict=True)})
            out += chance * expected_line_coins(game, reel_set)
        return out
    plain = expected_line_coins(defn, reel_set)
    out = expected_line_coins(_wilds_carrying(defn, dict.fromkeys(means, 0)), reel_set)  # no listed wild in the win
    for r, mean in means.items():
        out += mean * (expected_line_coins(_wilds_carrying(defn, {r: 2}), reel_set) - plain)
    return out


def scatter_x_bet_with_reel_multipliers(defn: Definition, p: Any, reel_set: str) -> Fraction | None:
    """Exact expected scatter pay of one spin (x bet) under the per-reel multipliers
    (``scatter_pays``); None where it is not proven."""
    if p.applies_to == "wild_in_win":
        if any(s.is_scatter and s.kind == "wild" for s in defn.symbols):
            return None  # a wild-scatter's own wins would be raised: not priced here
        from ..linemath import expected_scatter_x_bet

        return expected_scatter_x_bet(defn, reel_set)
    means = _means(p, defn.grid.reels)
    windows = model_for(defn, reel_set).reel_windows(defn, reel_set)
    out = Fraction(0)
    for target, adds in sorted(scatter_adds(defn).items()):
        # (count, reels touched so far) -> chance; the touched reels' values enter by their means
        states: dict[tuple[int, tuple[int, ...]], Fraction] = {(0, ()): Fraction(1)}
        for r, reel in enumerate(windows):
            size = sum(w for _, w in reel)
            per: dict[int, int] = {}
            for win, w in reel:
                k = sum(adds.get(sid, 0) for sid in win)
                per[k] = per.get(k, 0) + w
            nxt: dict[tuple[int, tuple[int, ...]], Fraction] = {}
            for (count, touched), chance in states.items():
                for k, w in per.items():
                    key = (count + k, touched + (r,) if k and r in means else touched)
                    nxt[key] = nxt.get(key, Fraction(0)) + chance * Fraction(w, size)
            states = nxt
        pays = pay_table(defn.pays[target])
        factor = span_factor(p, means)
        out += sum((chance * table_value(pays, count) * factor(touched)
                    for (count, touched), chance in states.items()), Fraction(0))
    return out
