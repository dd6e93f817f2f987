"""A pick bonus: a prize game that is not reels (issue 35's bonus games and picks).

Three games, each data in YAML, started like other features (``trigger_count`` of the
symbol anywhere, or the symbol on each of ``trigger_reels``):

- ``pick``: N hidden prizes (credits x bet, a multiplier of the bonus's win, extra picks,
  a COLLECT that ends it); the player picks ``picks`` of them (0: until a collect) -
  Champagne's bottles, Slotopol's picks;
- ``ladder``: rungs climbed one draw at a time (climb, or fall to a rung's prize or to
  nothing); with ``player_takes`` the player takes the prize or climbs (a gamble ladder);
- ``lucky_slot``: a small slot of weighted reels spun ``spins`` times (by the trigger's
  count); a spin pays its reels' credits times their multipliers (Neon Bananas' lucky slot).

YAML::

    features:
      - type: pick_bonus
        name: bottles
        game: pick
        trigger_symbol: BONUS
        trigger_count: 3
        picks: 2
        autopick: first
        prizes:
          - {x_bet: 10, count: 2}
          - {x_bet: 20}
          - {x_bet: 150, count: 2}

The player's choices are the round's decisions (``core/decisions``): recorded, replayed,
recovered after a kill at the same pick; autoplay picks by ``autopick`` / ``auto_take_at``.
Draw order: ``play.py``. Par: ``par.py`` (exact; a take-or-climb ladder's par is the
autoplay rule's value, the optimal rule's beside it). The batch path hands the spins that
may start it to ``play_round`` (its hint), so simulate equals play round by round.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...boards import check_whole_x_bet
from ...definition import Definition
from ...limits import MAX_PAY_X_BET, MAX_WEIGHT
from ...value import Exact, Value
from .. import (
    BatchHint,
    Block,
    BlockPar,
    FeatureContext,
    FeatureRun,
    ParContext,
    Report,
    Spin,
    Trigger,
    check_reels,
    check_symbol,
    window_hint,
)
from . import events as events  # registers the events
from .par import (
    MAX_PICK_STATES,
    count_chances,
    free_spins_part,
    free_spins_value,
    ladder_values,
    lucky_spin_value,
    pick_states,
    pick_value,
    value_at,
)
from .params import PickBonus
from .play import expanded, free_spins_of, run, trigger_adds, trigger_of

__all__ = ["BLOCK", "PickBonus", "PickBonusBlock"]

OWN_FIELDS = {"pick": ("prizes", "picks", "autopick", "columns", "free_spins_feature"), "ladder": ("rungs", "player_takes", "auto_take_at"),
              "lucky_slot": ("reels", "spins")}
DEFAULTS = PickBonus(type="pick_bonus", game="pick", trigger_symbol="")


def check(defn: Definition, f: PickBonus, report: Report) -> None:
    check_symbol(defn, report, ("trigger_symbol",), f.trigger_symbol, what="trigger symbol")
    if f.trigger_reels:
        check_reels(defn, report, ("trigger_reels",), f.trigger_reels)
        if len(set(f.trigger_reels)) != len(f.trigger_reels):
            report(("trigger_reels",), "a reel is named twice in trigger_reels")
    elif f.trigger_count < 1:
        report(("trigger_count",), f"trigger_count must be at least 1, got {f.trigger_count}")
    for game, names in OWN_FIELDS.items():
        if game != f.game:
            for name in names:
                if getattr(f, name) != getattr(DEFAULTS, name):
                    report((name,), f"{name} is for game: {game}, not {f.game}")
    amounts: list[tuple[tuple[Any, ...], Fraction]] = []
    if f.game == "pick":
        check_pick(f, report, amounts)
        check_free_spins(defn, f, report)
    elif f.game == "ladder":
        check_ladder(f, report, amounts)
    else:
        check_lucky(f, report, amounts)
    check_whole_x_bet(defn, report, amounts)
    for path, x_bet in amounts:
        if x_bet < 0:
            report(path, f"a prize cannot be negative, got {x_bet}")
        if x_bet > MAX_PAY_X_BET:
            report(path, f"{x_bet} x the bet; at most {MAX_PAY_X_BET:,} (MAX_PAY_X_BET)")


def check_free_spins(defn: Definition, f: PickBonus, report: Report) -> None:
    """A prize of free spins needs the free-spins feature that plays them."""
    wins_spins = any(p.free_spins for p in f.prizes)
    if f.free_spins_feature and not wins_spins:
        report(("free_spins_feature",), "free_spins_feature names the feature of a prize's free spins, "
                                        "but no prize awards free_spins")
    if not wins_spins:
        return
    target = free_spins_of(defn, f)
    if target is None:
        named = [p.name for p in defn.features if p.type == "free_spins"]
        report(("free_spins_feature",),
               f"no free_spins feature is named '{f.free_spins_feature}'" if f.free_spins_feature else
               ("a prize awards free_spins, but the game has no free_spins feature" if not named else
                f"the game has {len(named)} free_spins features: name one in free_spins_feature "
                f"({', '.join(named)})"))
        return


def check_pick(f: PickBonus, report: Report, amounts: list[tuple[tuple[Any, ...], Fraction]]) -> None:
    if not f.prizes:
        report(("prizes",), "a pick game needs prizes")
        return
    for i, p in enumerate(f.prizes):
        if p.count < 1:
            report(("prizes", i, "count"), f"count must be at least 1, got {p.count}")
        if p.multiplier < 1:
            report(("prizes", i, "multiplier"), f"a multiplier is a whole number from 1, got {p.multiplier}")
        if p.extra_picks < 0:
            report(("prizes", i, "extra_picks"), f"extra_picks cannot be negative, got {p.extra_picks}")
        if p.free_spins < 0:
            report(("prizes", i, "free_spins"), f"free_spins cannot be negative, got {p.free_spins}")
        if p.free_spins_multiplier < 1:
            report(("prizes", i, "free_spins_multiplier"),
                   f"a multiplier is a whole number from 1, got {p.free_spins_multiplier}")
        amounts.append((("prizes", i, "x_bet"), p.x_bet))
    tiles = len(expanded(f))
    if f.picks < 0:
        report(("picks",), f"picks cannot be negative, got {f.picks}")
    elif f.picks > tiles:
        report(("picks",), f"{f.picks} picks of {tiles} tiles")
    elif f.picks == 0 and not any(p.collect for p in f.prizes):
        report(("picks",), "picks: 0 plays until a collect tile, but no prize has collect: true")
    if pick_states(f) > MAX_PICK_STATES:
        report(("prizes",), f"too many different prizes to price exactly ({pick_states(f):,} states, at most "
                            f"{MAX_PICK_STATES:,}): give equal prizes one entry with a count")


def check_ladder(f: PickBonus, report: Report, amounts: list[tuple[tuple[Any, ...], Fraction]]) -> None:
    if len(f.rungs) < 2:
        report(("rungs",), "a ladder needs at least two rungs")
    for i, rung in enumerate(f.rungs):
        amounts.append((("rungs", i, "x_bet"), rung.x_bet))
        if rung.climb < 0 or rung.fall < 0:
            report(("rungs", i), "climb and fall are weights: 0 or more")
        elif i < len(f.rungs) - 1 and rung.climb + rung.fall == 0:
            report(("rungs", i), "climb and fall cannot both be 0 below the top rung")
        if max(rung.climb, rung.fall) > MAX_WEIGHT:
            report(("rungs", i), f"weights at most {MAX_WEIGHT:,} (MAX_WEIGHT)")
        if not 0 <= rung.fall_to <= len(f.rungs):
            report(("rungs", i, "fall_to"), f"fall_to names a rung 1 to {len(f.rungs)}, or 0 for nothing")
    if not 0 <= f.auto_take_at <= len(f.rungs):
        report(("auto_take_at",), f"auto_take_at names a rung 1 to {len(f.rungs)}, or 0: always climb")
    elif f.auto_take_at and not f.player_takes:
        report(("auto_take_at",), "auto_take_at needs player_takes: true (otherwise the ladder always climbs)")


def check_lucky(f: PickBonus, report: Report, amounts: list[tuple[tuple[Any, ...], Fraction]]) -> None:
    if not f.reels:
        report(("reels",), "a lucky slot needs reels")
    for r, reel in enumerate(f.reels):
        if not reel.stops:
            report(("reels", r, "stops"), "a reel needs at least one stop")
        for j, stop in enumerate(reel.stops):
            path = ("reels", r, "stops", j)
            amounts.append(((*path, "x_bet"), stop.x_bet))
            if not 1 <= stop.weight <= MAX_WEIGHT:
                report((*path, "weight"), f"weights are 1 to {MAX_WEIGHT:,}, got {stop.weight}")
            if stop.multiplier < 1:
                report((*path, "multiplier"), f"a multiplier is a whole number from 1, got {stop.multiplier}")
    for count, spins in f.spins.items():
        if spins < 1:
            report(("spins", count), f"spins must be at least 1, got {spins}")


class PickBonusBlock(Block):
    type = "pick_bonus"
    params = PickBonus
    presenter = "pick_bonus"
    resume_kinds = frozenset({"feature_started", "pick_offered", "tile_picked", "ladder_step", "lucky_spun",
                              "feature_ended"})

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset({"base", "respin"})

    def takes_decisions(self, params: Any) -> bool:
        """A player picks the tiles, and takes or climbs on a gamble ladder (``core/decisions``)."""
        return bool(params.game == "pick" or (params.game == "ladder" and params.player_takes))

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        check(defn, params, report)

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        return trigger_of(ctx.defn, ctx.feature, spin.screen)

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        return run(ctx, trigger)

    def expected_value(self, ctx: FeatureContext, trigger: Trigger) -> Fraction | None:
        spins = free_spins_value(ctx.defn, ctx.feature, ctx.bet)
        if spins is None:
            return None
        return (value_at(ctx.feature, trigger.count) + spins) * ctx.bet.total

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        # no plan: every spin that may start it goes to play_round, so the batch equals play
        adds = trigger_adds(defn, params)
        if params.trigger_reels:
            wanted = frozenset(r - 1 for r in params.trigger_reels)
            return (window_hint(defn, reel_set, lambda reel, w: int(reel in wanted and any(s in adds for s in w)),
                                len(wanted)),)
        return (window_hint(defn, reel_set, lambda reel, w: sum(adds.get(s, 0) for s in w), params.trigger_count),)

    def quiet(self, defn: Definition, params: Any) -> tuple[tuple[str, int], ...]:
        return ((params.trigger_symbol, len(params.trigger_reels) or params.trigger_count),)

    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None:
        return sum(count_chances(defn, params).values(), Fraction(0))

    def par(self, pctx: ParContext) -> BlockPar:
        f: PickBonus = pctx.feature
        chances = count_chances(pctx.defn, f)
        rate = sum(chances.values(), Fraction(0))
        spins = free_spins_part(pctx, f) if f.game == "pick" else Exact(Fraction(0))
        rtp: Value = Exact(sum((p * value_at(f, count) for count, p in chances.items()), Fraction(0)))
        rtp = rtp + spins.scaled(rate)
        figures: dict[str, Value] = {"trigger_rate": Exact(rate)}
        notes: tuple[str, ...]
        if f.game == "pick":
            value, picks = pick_value(f)
            figures["expected_value_x_bet"] = Exact(value) + spins
            figures["expected_picks"] = Exact(picks)
            notes = ("exact: the prizes are shuffled apart from the choice, so any way of picking is worth the same",)
            if any(p.free_spins for p in f.prizes):
                figures["credits_value_x_bet"] = Exact(value)
                figures["free_spins_value_x_bet"] = spins
                notes += (("the free spins it awards: the picks' exact (spins, multiplier) distribution, each worth "
                           "the multiplier times the free-spins block's exact value of that many spins")
                          if spins.exact else
                          ("the free spins it awards are estimated: the picks' exact (spins, multiplier) "
                           f"distribution, each number of spins valued by {pctx.samples:,} runs of the free-spins "
                           "block's own run from it (a cap, a top-up or a block in its spins makes it not exact)"),)
        elif f.game == "ladder":
            auto, best = ladder_values(f)
            figures["expected_value_x_bet"] = Exact(auto)
            if f.player_takes:
                figures["optimal_value_x_bet"] = Exact(best)
                rule = (f"takes on rung {f.auto_take_at}" if f.auto_take_at else "always climbs")
                notes = (f"exact under the autoplay rule ({rule}); the player's choice matters: the best rule "
                         f"is worth {float(best):.4f}x the bet, the autoplay rule {float(auto):.4f}x",)
            else:
                notes = ("exact: the ladder climbs by its draws alone",)
        else:
            figures["spin_value_x_bet"] = Exact(lucky_spin_value(f))
            if rate:
                figures["expected_value_x_bet"] = rtp.scaled(1 / rate)
            notes = ("exact: the lucky slot's reels are independent",)
        return BlockPar(f.name, rtp, figures, notes)


BLOCK = PickBonusBlock()
