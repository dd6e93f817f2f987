"""A random multiplier drawn for every spin (or for each of some reels), applied to the spin's wins.

YAML::

    features:
      - type: random_multiplier
        multipliers: [{value: 1, weight: 6}, {value: 2, weight: 3}, {value: 5, weight: 1}]
        scatter_pays: true      # scatter wins are multiplied too
        modes: [base]
      # the per-reel form (CT Interactive's Smiley x Wild): reels 2 and 4 each draw x1-x4 every spin;
      # a line win through the wild on reel 2 takes reel 2's value, through both wilds the product
      - type: random_multiplier
        per: reel
        reels: [2, 4]             # 1-based; empty: every reel
        applies_to: wild_in_win   # or every_win: the listed reels the win's cells touch
        combine: product          # or sum
        multipliers: [{value: 1, weight: 1}, {value: 2, weight: 1}, {value: 3, weight: 1}, {value: 4, weight: 1}]
        scatter_pays: false

How the catalogue states it (slotopol): Chicago draws x1, x2, x3, x5 or x10 for each free spin,
every line and scatter win of the spin multiplied (the free spins' own ``spin_multipliers`` say
that inside a free-spins feature); this block says it for any spins, the base game's included.

Rule: after the spin's wins are paid, ONE ``rng.weighted`` draw over ``multipliers`` (every spin
in its modes, win or not, so the round's draws never depend on the screen); every line win is
multiplied by the value, and every scatter win too with ``scatter_pays``, after the spin's own
multiplier. A ``WinMultiplied`` event says the value, the wins it applied to and what it added
(none when nothing won or the value is 1).

``per: reel`` (``reel_multiplier.py``): one ``rng.weighted`` draw for each listed reel, in reel
order, every spin of its modes (win or not); a ``ReelMultipliersDrawn`` event says the values; a
win of any pay model (scatter wins with ``scatter_pays``) is multiplied by its listed reels' values
combined, and a ``WinMultiplied`` per distinct applied multiplier says what it added. Par is exact on
line pays (see that module); under other pay models it plays but is not priced. The batch sends
its spins to ``play_round`` (several draws a spin, wins raised by their cells).

Par (exact): the draw is independent of the stops, so the spin's pays are multiplied by the mean
value on average: the block's part is (mean - 1) x the plain line (and scatter) value of its
spins, base and free alike.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..definition import Definition, WeightedValue, doc
from ..linemath import expected_line_coins, expected_scatter_x_bet
from ..value import Exact
from . import (
    BatchHint,
    BatchStage,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    Report,
    SpinDraft,
    check_weights,
    mean_value,
    window_hint,
)
from .free_spins import check_multipliers_exact, covers_free_spins, line_delta_rtp
from .multiplier_wilds import WinMultiplied
from .reel_multiplier import (
    line_coins_with_reel_multipliers,
    play_reel_multipliers,
    scatter_x_bet_with_reel_multipliers,
)
from .win_multiply import multiply_wins, refuse_beside_win_modifiers


@dataclass(frozen=True)
class RandomMultiplier:
    type: Literal["random_multiplier"] = doc("a multiplier drawn for every spin, or for each of some reels, multiplies its wins")
    multipliers: tuple[WeightedValue, ...] = doc("the values, one drawn for every spin (per: reel, for each listed reel)")
    scatter_pays: bool = doc("scatter wins are multiplied too", default=True)
    name: str = doc("feature name used in events", default="random_multiplier")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc("the spins it acts in", default=("base",))
    per: Literal["spin", "reel"] = doc(
        "`spin`: one value drawn for the spin multiplies every win; `reel`: one value drawn for each "
        "of `reels` every spin, in reel order, a win multiplied by the values of its reels (`applies_to`)",
        default="spin")
    reels: tuple[int, ...] = doc("per: reel only: the reels that draw a value (1-based; empty: every reel)",
                                 default=())
    applies_to: Literal["every_win", "wild_in_win"] = doc(
        "per: reel only: `every_win` a win takes the values of the listed reels its cells touch; "
        "`wild_in_win` only those of listed reels where a wild is part of the win", default="every_win")
    combine: Literal["product", "sum"] = doc(
        "per: reel only: how the values of several reels in one win combine (none: x1)", default="product")
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `multiplied` the status line "
        "[WINS x{multiplier}]; `reel` a per-reel value over its reel [x{multiplier}]; `heading` its INFO heading",
        factory=dict)


def weights_of(p: RandomMultiplier) -> tuple[int, ...]:
    return tuple(e.weight for e in p.multipliers)


def scaled(defn: Definition, p: RandomMultiplier, outcome: int) -> Definition:
    """The game whose line pays are ``multipliers[outcome]`` times the game's (the batch prices with it)."""
    m = int(p.multipliers[outcome].value)
    if m == 1:
        return defn
    cache = defn.__dict__.setdefault("_random_multiplier_variants", {})
    if m not in cache:
        lines = {s.base for s in defn.symbols if not s.is_scatter and s.kind in ("regular", "wild")}
        pays = {sid: ({c: v * m for c, v in table.items()} if sid in lines else table)
                for sid, table in defn.pays.items()}
        groups = tuple(dataclasses.replace(g, pays={c: v * m for c, v in g.pays.items()}) for g in defn.pay_groups)
        cache[m] = dataclasses.replace(defn, pays=pays, pay_groups=groups)
    return cache[m]  # type: ignore[no-any-return]


class RandomMultiplierBlock(ModesBlock):
    type = "random_multiplier"
    params = RandomMultiplier
    presenter = "random_multiplier"
    win_modifier = True
    lean_wins = True
    spins_alike = True

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: RandomMultiplier = params
        if not p.multipliers:
            report(("multipliers",), "multipliers needs at least one value")
        check_weights(report, ("multipliers",), p.multipliers)
        for j, wv in enumerate(p.multipliers):
            if wv.value < 1 or wv.value.denominator != 1:
                report(("multipliers", j, "value"), f"a multiplier is a whole number of at least 1, got {wv.value}")
        check_multipliers_exact(defn, report, ("multipliers",), p.multipliers)
        if p.per == "reel":
            for j, r in enumerate(p.reels):
                if not 1 <= r <= defn.grid.reels:
                    report(("reels", j), f"reel {r} is not a reel of the game (1 to {defn.grid.reels})")
            if list(p.reels) != sorted(set(p.reels)):
                report(("reels",), "list the reels once each, in reel order")
            refuse_beside_win_modifiers(defn, p, report, priced_on="the plain pays")
            return
        for key, default in (("reels", ()), ("applies_to", "every_win"), ("combine", "product")):
            if getattr(p, key) != default:
                report((key,), f"{key} is for per: reel (this multiplier is drawn per spin)")
        if defn.pay_model.type != "lines":
            report(("type",), f"random_multiplier is priced on line pays: a {defn.pay_model.type} game has none")
        refuse_beside_win_modifiers(defn, p, report, priced_on="the plain pays")

    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: RandomMultiplier = ctx.feature
        if p.per == "reel":
            play_reel_multipliers(ctx, draft)
            return
        assert ctx.rng is not None, "a random multiplier draws: it needs the round's rng"
        m = int(p.multipliers[ctx.rng.weighted(weights_of(p))].value)
        if m == 1 or not draft.win:
            return
        raised = multiply_wins(ctx, draft, m, scatter_pays=p.scatter_pays)
        if raised is not None and raised[0]:
            ctx.book.add(WinMultiplied(p.name, m, (), *raised))

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        return covers_free_spins(defn, params, other, mode)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        p: RandomMultiplier = params
        if p.per == "reel":  # several draws a spin and wins raised by their cells: every spin to play_round
            return (window_hint(defn, reel_set, lambda reel, window: 1, 1),)
        weights = weights_of(p)
        # every spin draws; where scatter wins stay as they are the batch prices the drawn value's
        # line pays itself, else the spins go to play_round
        plain_scatters = not p.scatter_pays or not any(defn.symbol_map[s].is_scatter for s in defn.pays
                                                       if s in defn.symbol_map)
        stage = BatchStage("win", draw=lambda count: weights, pricing=lambda k: scaled(defn, p, k)) \
            if plain_scatters else None
        return (window_hint(defn, reel_set, lambda reel, window: 1, 1, stage=stage),)

    def par(self, pctx: ParContext) -> BlockPar | None:
        p: RandomMultiplier = pctx.feature
        defn, bet = pctx.defn, pctx.bet
        if p.per == "reel":
            return self._par_per_reel(pctx)
        extra = mean_value(p.multipliers) - 1

        def lines(reel_set: str) -> Fraction:
            return extra * expected_line_coins(defn, reel_set) * bet.lines

        def scatters(mode: str, reel_set: str) -> Fraction:
            return extra * expected_scatter_x_bet(defn, reel_set)

        found = line_delta_rtp(pctx, p.modes, lines, scatter=scatters if p.scatter_pays else None)
        if found is None:
            return None
        figures, total = found
        figures["mean_multiplier"] = Exact(mean_value(p.multipliers))
        return BlockPar(p.name, Exact(total), figures)

    def _par_per_reel(self, pctx: ParContext) -> BlockPar | None:
        p: RandomMultiplier = pctx.feature
        defn, bet = pctx.defn, pctx.bet
        if defn.pay_model.type != "lines":
            return None  # played under any pay model; priced on line pays only
        unpriced: list[str] = []

        def lines(reel_set: str) -> Fraction:
            raised = line_coins_with_reel_multipliers(defn, p, reel_set)
            if raised is None:
                unpriced.append(reel_set)
                return Fraction(0)
            return (raised - expected_line_coins(defn, reel_set)) * bet.lines

        def scatters(mode: str, reel_set: str) -> Fraction:
            raised = scatter_x_bet_with_reel_multipliers(defn, p, reel_set)
            if raised is None:
                unpriced.append(reel_set)
                return Fraction(0)
            return raised - expected_scatter_x_bet(defn, reel_set)

        found = line_delta_rtp(pctx, p.modes, lines, scatter=scatters if p.scatter_pays else None)
        if found is None or unpriced:
            return None
        figures, total = found
        figures["mean_multiplier"] = Exact(mean_value(p.multipliers))
        return BlockPar(p.name, Exact(total), figures)


BLOCK = RandomMultiplierBlock()
