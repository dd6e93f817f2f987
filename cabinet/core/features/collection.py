"""State kept across spins: a collection meter that fills over base spins and pays when full.

YAML::

    features:
      - type: collection
        symbol: COIN          # each one landing in a base spin adds one (Doubles add their counts)
        target: 10            # full at 10
        prize_x_bet: 5        # paid when full, x the total bet
        keep_excess: false    # after paying: back to 0 (true: what passed the target stays)

The meter lasts from round to round: it is not the round's to keep. A round reads its
value from ``RoundRequest.carried`` (by the block's name; missing: 0) and reports it back
in ``RoundResult.carried``; the machine saves it with the round (in the critical store, in
the same write that pays the round) and hands it to the next round, so a kill between two
rounds loses nothing, and a replayed round (recovery, history) replays from the value
its request carried. The machine keeps one meter per game and bet, so a meter filled at a
small bet is not paid at a large one.

Each base spin (not free spins, not a paid respin), in the trigger stage (stage 5, in
definition order): the symbols on the spin's screen as it landed (before any screen block
changed it) are counted onto the meter
(``CollectionAdvanced``, also when none landed: the meter is on screen). When the meter
reaches ``target`` the feature "triggers" (``FeatureTriggered``, its name in the round's
features) and pays ``prize_x_bet`` x the total bet (``CollectionPaid``), then the meter
resets (``CollectionReset``). No draws.

Par: an estimate of the long-run RTP, labelled so: consecutive base spins depend on each
other through the meter, so the part is what the prize returns per spin over a long
simulation of consecutive spins (each spin's count drawn from the exact per-spin count
distribution of the base reels), with a 95% interval from batch means. Exact only where
the meter never carries anything from a spin to the next (no ``keep_excess`` and every spin
that adds anything adds at least ``target``): then P(count >= target) x the prize.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

import numpy as np

from ..boards import check_whole_x_bet, whole_amount
from ..definition import Definition, doc
from ..evaluate import compiled, symbol_count
from ..events import Event, Position, register_event
from ..linemath import symbol_count_distribution
from ..value import Estimate, Exact, Value
from . import (
    BatchHint,
    Block,
    BlockPar,
    FeatureContext,
    FeatureRun,
    ParContext,
    Report,
    Spin,
    Trigger,
    WindowCount,
    check_symbol,
    window_hint,
)

PAR_BATCHES = 50  # batch means: consecutive spins cut into this many batches for the interval


@dataclass(frozen=True)
class Collection:
    type: Literal["collection"] = doc(
        "a meter kept from round to round: symbols landing in base spins fill it; when full it pays a prize "
        "and resets"
    )
    symbol: str = doc("the symbol that fills the meter, one each (Doubles add their counts)")
    target: int = doc("the meter is full at this count")
    prize_x_bet: Fraction = doc("paid when full, as a multiple of the total bet")
    keep_excess: bool = doc("after paying, keep what passed the target (false: back to 0)", default=False)
    name: str = doc("feature name used in events, meters and the saved state", default="collection")
    par_spins: int = doc("consecutive spins par simulates for its estimate", default=400_000)
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `meter` the meter's title "
        "[COLLECT]; `full` the banner [METER FULL: {amount}]; `heading` its INFO heading [COLLECTION]",
        factory=dict,
    )


@register_event
@dataclass(frozen=True)
class CollectionAdvanced(Event):
    kind: ClassVar[str] = "collection_advanced"
    feature: str
    value: int  # the meter after this spin (before any reset)
    added: int
    target: int
    positions: tuple[Position, ...] = ()


@register_event
@dataclass(frozen=True)
class CollectionPaid(Event):
    kind: ClassVar[str] = "collection_paid"
    feature: str
    x_bet: Fraction
    amount: int


@register_event
@dataclass(frozen=True)
class CollectionReset(Event):
    kind: ClassVar[str] = "collection_reset"
    feature: str
    value: int  # the meter after the reset


def after_fill(params: Collection, value: int) -> int:
    """The meter after it paid at ``value``."""
    return value - params.target if params.keep_excess else 0


class CollectionBlock(Block):
    type = "collection"
    params = Collection
    presenter = "collection"

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: Collection = params
        check_symbol(defn, report, ("symbol",), p.symbol, what="collection symbol")
        if p.target < 1:
            report(("target",), f"target must be at least 1, got {p.target}")
        if p.prize_x_bet < 0:
            report(("prize_x_bet",), "prize_x_bet must not be negative")
        check_whole_x_bet(defn, report, [(("prize_x_bet",), p.prize_x_bet)])
        if p.par_spins < 10_000:
            report(("par_spins",), "par_spins must be at least 10,000 (the estimate is long-run)")

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        from ..spin import RoundContext

        p: Collection = ctx.feature
        if spin.mode != "base":
            return None
        carried = RoundContext.sharing(ctx).carried
        added, positions = symbol_count(ctx.defn, spin.landed_screen, p.symbol)
        value = carried.get(p.name, 0) + added
        ctx.book.add(CollectionAdvanced(p.name, value, added, p.target, positions))
        carried[p.name] = value
        if value < p.target:
            return None
        return Trigger(p.name, p.symbol, value, positions, 0)

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        from ..spin import RoundContext

        p: Collection = ctx.feature
        amount = whole_amount(p.prize_x_bet, ctx.bet.total)
        ctx.book.add(CollectionPaid(p.name, p.prize_x_bet, amount))
        carried = RoundContext.sharing(ctx).carried
        carried[p.name] = after_fill(p, trigger.count)
        ctx.book.add(CollectionReset(p.name, carried[p.name]))
        return FeatureRun(amount, 0)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        """Base spins showing the symbol move the meter: ``play_round`` plays them, in order, with
        the meter carried (``simulate.round_outcomes``); the others leave it as it was."""
        adds = compiled(defn).counts_as.get(params.symbol, {})
        return (window_hint(defn, reel_set, lambda reel, window: sum(adds.get(s, 0) for s in window), 1),)

    def trigger_window_count(self, defn: Definition, params: Any, mode: str, reel_set: str) -> WindowCount | None:
        """None: it reads the screen as it landed, which no screen stage changes (so it meets no
        screen block in par's composition)."""
        return None

    def par(self, pctx: ParContext) -> BlockPar | None:
        p: Collection = pctx.feature
        dist = spin_counts(pctx.defn, p)
        if not p.keep_excess and all(k >= p.target for k, q in enumerate(dist) if k and q):
            rate = sum(dist[p.target:], Fraction(0))
            return BlockPar(p.name, Exact(rate * p.prize_x_bet), {"fill_rate": Exact(rate),
                                                                   "prize_x_bet": Exact(p.prize_x_bet)},
                            ("exact: every spin that moves the meter fills it, so no spin carries anything to the "
                             "next",))
        estimate, fills = long_run(pctx.defn, p, spins=p.par_spins, seed=pctx.seed)
        figures: dict[str, Value] = {"fill_rate": fills, "prize_x_bet": Exact(p.prize_x_bet)}
        notes = (f"estimate of the long-run RTP (labelled so): {p.par_spins:,} consecutive base spins simulated, "
                 f"the meter carried from spin to spin; 95% interval from {PAR_BATCHES} batch means",)
        return BlockPar(p.name, estimate, figures, notes)


def spin_counts(defn: Definition, params: Collection) -> list[Fraction]:
    """P(a base spin adds k to the meter), over the base reel sets."""
    sets = defn.base_game.reel_sets
    weight = sum(c.weight for c in sets)
    out: list[Fraction] = []
    for c in sets:
        for k, q in enumerate(symbol_count_distribution(defn, c.set, [params.symbol])):
            while len(out) <= k:
                out.append(Fraction(0))
            out[k] += Fraction(c.weight, weight) * q
    return out


def fills_of(params: Collection, counts: np.ndarray) -> np.ndarray:
    """Whether each of these consecutive spins filled the meter (starting empty): the rule of
    ``triggers``/``run`` on a sequence of counts."""
    filled = np.zeros(len(counts), dtype=bool)
    value = 0
    for i in np.flatnonzero(counts).tolist():  # spins adding nothing change nothing
        value += int(counts[i])
        if value >= params.target:
            filled[i] = True
            value = after_fill(params, value)
    return filled


def long_run(defn: Definition, params: Collection, *, spins: int, seed: int) -> tuple[Estimate, Estimate]:
    """(RTP part, fills per spin): consecutive spins' counts drawn from the exact per-spin
    distribution (numpy's generator seeded ``seed``), batch means for the interval."""
    dist = spin_counts(defn, params)
    probs = np.array([float(q) for q in dist])
    counts = np.random.default_rng(seed).choice(len(dist), size=spins, p=probs / probs.sum())
    filled = fills_of(params, counts)
    per_batch = filled[: spins - spins % PAR_BATCHES].reshape(PAR_BATCHES, -1).mean(axis=1)
    rate_mean = Fraction(int(filled.sum()), spins)
    error = float(np.std(per_batch, ddof=1)) / math.sqrt(PAR_BATCHES)
    method = f"{spins:,} consecutive base spins of {params.name}'s meter (long run, batch means)"
    fills = Estimate(rate_mean, error, spins, seed, method)
    return fills.scaled(params.prize_x_bet), fills  # type: ignore[return-value]


BLOCK = CollectionBlock()
