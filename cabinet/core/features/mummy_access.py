"""A panel door (``panel_door``, first named ``mummy_access``, which the loader still reads):
the symbols that land move to a panel that may open the door to a minigame (Halloween Wins 3's
mummy panel).

YAML::

    features:
      - type: panel_door
        name: mummy_panel
        symbol: MUMMY                  # counted in any position
        minigame: ghosts               # the feature (e.g. hold_and_respin) the door opens
        panel:                         # mummies on the panel -> weights of the door's draw
          - {mummies: 1, open: 1, shut: 59}
          - {mummies: 2, open: 1, shut: 9}
          - {mummies: 3, open: 1, shut: 1}   # 3 or more: an even chance

The minigame's own entry names the panel (``opened_by: mummy_panel``), so it never
triggers on its own.

Trigger: one or more ``symbol`` anywhere on the spin's screen (no draw). The symbols
stay on the screen; the panel shows them moving to it.

Draw order: the panel's entry is the one whose ``mummies`` is the largest not above the
count. ONE ``rng.weighted([open, shut])`` decides the door (no draw when either weight
is 0). A door that opens plays ``minigame`` to its end, nested: its own
``FeatureTriggered`` and events, then its draws in its own documented order.

Events the panel shows: ``MummiesMoved`` (the positions that moved, how many the panel
holds, the door's weights), ``DoorDrawn`` (opened or not), then, when it opened, the
minigame's events; ``FeatureEnded`` closes the attempt with what the minigame paid.

Par: the chance a base spin opens the door is exact (each reel's window counts
convolved, then each count's weights); the minigame's value is the minigame block's own
par figure for one opening (exact when it has one, else an estimate from runs of that
block's own ``run``), so this block adds ``P(door opens) x E[minigame]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..bet import Bet
from ..definition import Definition, doc
from ..evaluate import window
from ..events import Event, FeatureEnded, FeatureStarted, FeatureTriggered, Position, register_event
from ..rng import Rng, derive_seed
from ..value import Exact, Value, estimate_runs
from . import (
    BatchHint,
    BatchStage,
    Block,
    BlockPar,
    Book,
    FeatureContext,
    FeaturePlan,
    FeatureRun,
    ParContext,
    Report,
    Spin,
    Trigger,
    block,
    check_symbol,
    window_hint,
)


@dataclass(frozen=True)
class PanelStep:
    """The door's draw when the panel holds this many mummies (or more, up to the next step)."""

    mummies: int = doc("mummies on the panel, at least 1")
    open: int = doc("weight of the door opening", default=1)
    shut: int = doc("weight of the door staying shut", default=1)


@dataclass(frozen=True)
class MummyAccess:
    type: Literal["panel_door"] = doc("a symbol moves to a panel whose weighted door may open a minigame "
                                      "(formerly `mummy_access`, still read)")
    symbol: str = doc("the symbol that moves to the panel from any position")
    minigame: str = doc("name of the feature the door opens (it names this feature in `opened_by`)")
    panel: tuple[PanelStep, ...] = doc("mummies on the panel -> the door's weights; the largest step not above applies")
    name: str = doc("feature name used in events, meters and scenarios", default="panel_door")
    texts: dict[str, str] = doc(
        "the words it shows, by key (defaults in brackets; {count} is how many moved, {chance} the door's "
        "chance): `title` the panel's [PANEL]; `moved` the status line as symbols move in [{count} TO THE "
        "PANEL]; `moved_one` the same for one [{count} TO THE PANEL]; `opens` as the door opens [THE DOOR "
        "OPENS]; `door`, `open`, `shut` the door's label [DOOR, OPEN!, SHUT]; `chance` under the slots "
        "[CHANCE {chance}]; `always` a door that always opens [ALWAYS]; `row` its FEATURES-glass row [TO THE "
        "PANEL]; `heading` its INFO heading", factory=dict)


@register_event
@dataclass(frozen=True)
class MummiesMoved(Event):
    """Mummies left their positions for the panel; the door's weights for this many."""

    kind: ClassVar[str] = "mummies_moved"
    feature: str
    positions: tuple[Position, ...]
    mummies: int
    open: int  # weight of the door opening
    shut: int  # weight of it staying shut


@register_event
@dataclass(frozen=True)
class DoorDrawn(Event):
    """The panel's pumpkin door: opened (the minigame follows) or stayed shut."""

    kind: ClassVar[str] = "door_drawn"
    feature: str
    opened: bool
    minigame: str


def step_for(f: MummyAccess, count: int) -> PanelStep | None:
    best: PanelStep | None = None
    for step in f.panel:
        if step.mummies <= count and (best is None or step.mummies > best.mummies):
            best = step
    return best


OPEN, SHUT = 0, 1  # the door draw's outcomes


def door_weights(f: MummyAccess, count: int) -> tuple[int, int]:
    step = step_for(f, count)
    return (step.open, step.shut) if step is not None else (0, 1)


def door_draw(f: MummyAccess, count: int) -> tuple[int, int] | int:
    """The door's draw for ``count`` mummies: the ``weighted`` weights (open, shut), or
    the outcome itself when either weight is 0 (no draw)."""
    opens, shuts = door_weights(f, count)
    if opens <= 0:
        return SHUT
    if shuts <= 0:
        return OPEN
    return (opens, shuts)


def open_chance(f: MummyAccess, count: int) -> Fraction:
    step = step_for(f, count)
    if step is None or step.open + step.shut <= 0:
        return Fraction(0)
    return Fraction(step.open, step.open + step.shut)


def count_distribution(defn: Definition, f: MummyAccess) -> dict[int, Fraction]:
    """P(a base spin shows exactly k of the symbol), exactly (reel windows convolved)."""
    rows = defn.grid.rows
    out: dict[int, Fraction] = {}
    weight = sum(c.weight for c in defn.base_game.reel_sets)
    for choice in defn.base_game.reel_sets:
        dist = {0: Fraction(1)}
        for strip in defn.reels[choice.set]:
            per_reel: dict[int, Fraction] = {}
            for stop in range(len(strip)):
                k = sum(1 for sid in window(strip, stop, rows) if sid == f.symbol)
                per_reel[k] = per_reel.get(k, Fraction(0)) + Fraction(1, len(strip))
            merged: dict[int, Fraction] = {}
            for a, p in dist.items():
                for b, q in per_reel.items():
                    merged[a + b] = merged.get(a + b, Fraction(0)) + p * q
            dist = merged
        for k, q in dist.items():
            out[k] = out.get(k, Fraction(0)) + Fraction(choice.weight, weight) * q
    return dict(sorted(out.items()))


def door_rate(defn: Definition, f: MummyAccess) -> tuple[Fraction, Fraction]:
    """Exact (P(a base spin shows a mummy), P(a base spin opens the door))."""
    shows = opens = Fraction(0)
    for k, q in count_distribution(defn, f).items():
        if k:
            shows += q
            opens += q * open_chance(f, k)
    return shows, opens


def minigame_of(defn: Definition, f: MummyAccess) -> Any:
    for params in defn.features:
        if params.name == f.minigame and params is not f:
            return params
    return None


def run(ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
    from ..spin import RoundContext

    f: MummyAccess = ctx.feature
    rng, book = ctx.rng, ctx.book
    if rng is None:
        raise ValueError("the mummy panel needs an rng to draw its door")
    opens, shuts = door_weights(f, trigger.count)
    book.add(FeatureStarted(f.name, 0))
    if book.keep:
        book.add(MummiesMoved(f.name, trigger.positions, trigger.count, opens, shuts))
    door = door_draw(f, trigger.count)
    opened = (door if isinstance(door, int) else rng.weighted(door)) == OPEN
    book.add(DoorDrawn(f.name, opened, f.minigame))
    total = 0
    stats: dict[str, int] = {}
    if opened:
        params = minigame_of(ctx.defn, f)
        entry = block(params.type)
        assert entry is not None, "check() makes sure the minigame is a registered feature"
        rc = RoundContext.sharing(ctx)
        inner = rc.context(params, ctx.mode)
        start = Trigger(params.name, f.symbol, trigger.count, trigger.positions, getattr(params, "respins", 0))
        book.add(FeatureTriggered(start.feature, start.symbol, start.count, start.positions, start.awarded))
        rc.state.running.append(params.name)
        try:
            outcome = entry.run(inner, start)
        finally:
            rc.state.running.remove(params.name)
        total = outcome.total
        rc.ran.append(params.name)
        rc.feature_wins[params.name] = rc.feature_wins.get(params.name, 0) + total
        stats = dict(outcome.stats)
        stats[f"{f.name}_opened"] = 1
    book.add(FeatureEnded(f.name, total, 1))
    return FeatureRun(total, 1, stats=stats)


def minigame_value(pctx: ParContext, f: MummyAccess) -> Value | None:
    """E[one opening of the minigame] as a multiple of the total bet: the minigame block's
    exact figure when it has one, else runs of that block's own ``run``."""
    defn, bet = pctx.defn, pctx.bet
    params = minigame_of(defn, f)
    entry = block(params.type) if params is not None else None
    if entry is None:
        return None
    probe = FeatureContext(defn, params, bet, None)
    trigger = Trigger(params.name, f.symbol, 1, (), getattr(params, "respins", 0))
    exact = entry.expected_value(probe, trigger)
    if exact is not None:
        return Exact(exact / bet.total)

    runs: dict[int, FeatureRun] = {}

    def one(i: int) -> FeatureRun:
        if i not in runs:
            runs.clear()  # each run is read twice in a row (total, control): keep one
            runs[i] = play_minigame(defn, params, bet, derive_seed(pctx.seed, i))
        return runs[i]

    return estimate_runs(lambda i: one(i).total, pctx.samples, pctx.seed, f"runs of {params.name} from the open door",
                         scale=Fraction(1, bet.total), control=lambda i: one(i).control)


def minigame_plan(defn: Definition, f: MummyAccess, bet: Bet) -> FeaturePlan | None:
    """The minigame the door opens, as its own block describes it to the batch player (None:
    it does not, and open doors go to ``play_round``)."""
    params = minigame_of(defn, f)
    entry = block(params.type) if params is not None else None
    return entry.feature_plan(defn, params, bet) if isinstance(entry, Block) else None


def play_minigame(defn: Definition, params: Any, bet: Bet, seed: int) -> FeatureRun:
    """The minigame on ``seed``'s draws, played by its own block (lean: no events; with
    its control variate for par)."""
    entry = block(params.type)
    assert entry is not None
    ctx = FeatureContext(defn, params, bet, Rng(seed), "base", book=Book(keep=False, controls=True))
    trigger = Trigger(params.name, "", 1, (), getattr(params, "respins", 0))
    ctx.state.running.append(params.name)
    return entry.run(ctx, trigger)


class MummyAccessBlock(Block):
    type = "panel_door"
    params = MummyAccess
    presenter = "panel_door"
    resume_kinds = frozenset({"door_drawn", "feature_ended"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        f: MummyAccess = params
        check_symbol(defn, report, ("symbol",), f.symbol, what="panel symbol")
        if not f.panel:
            report(("panel",), "panel needs at least one step: {mummies: 1, open: 1, shut: 9}")
        seen: set[int] = set()
        for i, step in enumerate(f.panel):
            if step.mummies < 1:
                report(("panel", i, "mummies"), f"a step counts at least 1 mummy, got {step.mummies}")
            if step.mummies in seen:
                report(("panel", i, "mummies"), f"two steps for {step.mummies} mummies")
            seen.add(step.mummies)
            if step.open < 0 or step.shut < 0 or step.open + step.shut < 1:
                report(("panel", i), "open and shut are weights: not negative, at least one above 0")
        target = minigame_of(defn, f)
        if target is None:
            report(("minigame",), f"no feature is named '{f.minigame}'")
        elif getattr(target, "opened_by", None) != f.name:
            report(("minigame",), f"feature '{f.minigame}' must say opened_by: {f.name} (or it triggers on its own)")

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        f: MummyAccess = ctx.feature
        where = tuple((reel, row) for reel, column in enumerate(spin.screen)
                      for row, sid in enumerate(column) if sid == f.symbol)
        if not where:
            return None
        return Trigger(f.name, f.symbol, len(where), where, 0)

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        return run(ctx, trigger)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        f: MummyAccess = params
        # a shut door pays nothing and draws nothing more: the batch plays those spins itself;
        # an open door plays the minigame, which the batch player plays where its block gives a plan
        stage = BatchStage("trigger", draw=lambda count: door_draw(f, count), quiet=frozenset({SHUT}), ran=f.name,
                           opens=OPEN, plan=lambda bet: minigame_plan(defn, f, bet))
        return (window_hint(defn, reel_set, lambda reel, w: w.count(f.symbol), 1, stage=stage),)

    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None:
        return door_rate(defn, params)[1]

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, f = pctx.defn, pctx.feature
        shows, opens = door_rate(defn, f)
        figures: dict[str, Value] = {"mummy_rate": Exact(shows), "trigger_rate": Exact(opens)}
        if shows:
            figures["door_open_chance"] = Exact(opens / shows)
        value = minigame_value(pctx, f)
        if value is None:
            return None
        figures["minigame_value_x_bet"] = value
        notes = (
            "the door's rate is exact (reel windows convolved, then each count's weights); "
            + ("the minigame's value is exact" if value.exact else
               f"the minigame's value is estimated from {pctx.samples:,} runs of its own block"),
        )
        return BlockPar(f.name, value.scaled(opens), figures, notes,
                        {"door_probability": {k: q * open_chance(f, k) for k, q in count_distribution(defn, f).items() if k}})


BLOCK = MummyAccessBlock()
