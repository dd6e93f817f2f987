"""Wild respin: a reel landing full of a wild is held and the other reels respin (Dracula).

YAML::

    features:
      - type: wild_respin
        name: dracula_respin
        symbol: DRACULA            # a wild symbol (kind: wild)
        reel: 3                    # the reel (1-based) it must fill to trigger
        reel_set: respin           # the strips of the respin; its reel 3 is "DRACULA*4"
        respins: 1

Trigger: every row of ``reel`` shows ``symbol`` on the spin's screen (a base spin only:
the respin's own screen always shows the held reel, so it never retriggers).

How many respins follow (our design): exactly ``respins``, fixed when the feature starts.
A Dracula landing on the other reels during a respin is a wild that helps that
respin's lines; it does not add respins and is not held.

Draw order: per respin, the spin pipeline on ``reel_set`` (one ``rng.below(len(strip))``
per reel, reel 1 first; the held reel's strip holds the symbol alone, so whatever its
stop, it shows the symbol on every row). Each respin pays its whole screen, held reel
included, through the screen and win stages of the blocks acting in "respin" spins. A
respin triggers no other feature: the respin strips may not carry another feature's
trigger symbol (``check``).

Events: ``FeatureStarted(respins)``, per respin ``SpinStarted("respin", spinning_reels=
the other reels)``, the reels and wins, ``SpinEnded``; then ``FeatureEnded``.

Par (exact): the trigger rate is the share of stops of ``reel`` whose window is all
``symbol``, mixed over the base reel sets; a respin's value is the exact line and
scatter expectation of ``reel_set`` (``core/linemath``: its held reel is a strip of one
symbol), so the block adds ``rate x respins x value``. Another screen or win modifier
acting in respins would change that value: par then says it is unknown.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..definition import Definition, WeightedName, doc
from ..evaluate import window
from ..events import FeatureEnded, FeatureStarted, SpinEnded, SpinStarted
from ..linemath import line_expectation, scatter_expectation
from ..spin import RoundContext, play_spin
from ..value import Exact, Value
from . import (
    BatchHint,
    Block,
    BlockPar,
    FeatureContext,
    FeatureRun,
    ParContext,
    Report,
    Spin,
    SpinsPlan,
    Trigger,
    active,
    check_symbol,
    window_hint,
)


@dataclass(frozen=True)
class WildRespin:
    type: Literal["wild_respin"] = doc("a reel full of a wild is held while the other reels respin")
    symbol: str = doc("the wild that must fill the reel (a symbol of kind wild)")
    reel_set: str = doc("the reel set the respins spin; its held reel is a strip of `symbol` alone")
    reel: int = doc("the reel (1-based) the wild must fill", default=3)
    respins: int = doc("respins played, fixed at the start (a new wild adds none)", default=1)
    name: str = doc("feature name used in events, meters and scenarios", default="wild_respin")
    texts: dict[str, str] = doc(
        "the words it shows, by key (defaults in brackets; {reel} is the held reel, {spins} the respins): "
        "`start` the status line as it holds the reel [REEL {reel} HOLDS: {spins} RESPINS]; `start_one` the "
        "same for one respin [REEL {reel} HOLDS: {spins} RESPIN]; `lock` the held reel's tag [LOCKED]; `row` "
        "its FEATURES-glass row [FULL REEL: RESPIN]; `heading` its INFO heading", factory=dict)


def full_reel_stops(defn: Definition, f: WildRespin, reel_set: str) -> tuple[int, ...]:
    """Per stop of the trigger reel on ``reel_set``: 1 when its window is all ``symbol``."""
    rows = defn.grid.rows
    strip = defn.reels[reel_set][f.reel - 1]
    return tuple(int(all(s == f.symbol for s in window(strip, stop, rows))) for stop in range(len(strip)))


def trigger_rate(defn: Definition, f: WildRespin) -> Fraction:
    """P(a base spin fills the reel with the wild), exactly."""
    weight = sum(c.weight for c in defn.base_game.reel_sets)
    out = Fraction(0)
    for choice in defn.base_game.reel_sets:
        full = full_reel_stops(defn, f, choice.set)
        out += Fraction(choice.weight, weight) * Fraction(sum(full), len(full))
    return out


def respin_value_x_bet(defn: Definition, f: WildRespin, lines: int, coins_per_line: int, coin_value: int,
                       total_bet: int) -> Fraction:
    """Exact expected win of one respin, as a multiple of the total bet."""
    line_factor = Fraction(lines * coins_per_line * coin_value, total_bet)
    line_part = line_expectation(defn, f.reel_set).total * line_factor
    scatter_part = sum(scatter_expectation(defn, f.reel_set).values(), Fraction(0))
    return line_part + scatter_part


def other_reels(defn: Definition, f: WildRespin) -> tuple[int, ...]:
    return tuple(r for r in range(defn.grid.reels) if r != f.reel - 1)


def run(ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
    f: WildRespin = ctx.feature
    if ctx.rng is None:
        raise ValueError("a wild respin needs an rng to play")
    rc = RoundContext.sharing(ctx)
    book = ctx.book
    spinning = other_reels(ctx.defn, f)
    book.add(FeatureStarted(f.name, f.respins))
    total = 0
    stops: tuple[int, ...] = ()
    for index in range(1, f.respins + 1):
        if book.keep:
            book.add(SpinStarted("respin", f.reel_set, index, f.respins - index, 1, spinning))
        spin = play_spin(rc, "respin", f.reel_set, spinning=spinning)
        stops = spin.stops
        total += spin.win
        if book.keep:
            book.add(SpinEnded("respin", spin.win, total))
    book.add(FeatureEnded(f.name, total, f.respins))
    return FeatureRun(total, f.respins, f.reel_set, stops, {f"{f.name}_respins": f.respins})


def respins_plan(defn: Definition, f: WildRespin) -> SpinsPlan | None:
    """The respins as data for the batch player (``SpinsPlan``): ``respins`` spins of
    ``reel_set`` (its held reel a strip of the wild alone), each paid as it lands, as ``run``
    plays them. A block acting in respins takes part through its ``plan_part`` (a screen
    change with no draw); None where one gives none, or where one could trigger in them
    (its batch hints reach their threshold on ``reel_set``)."""
    screen = None
    for params, entry in active(defn, "respin"):
        if params is f:
            continue
        if entry.screen_modifier or entry.win_modifier:
            part = entry.plan_part(defn, params, f) if isinstance(entry, Block) else None
            if part is None or part.screen is None or part.levels or part.show or screen is not None:
                return None
            screen = part.screen
            continue
        for hint in entry.batch_hints(defn, params, f.reel_set):
            if sum(max(counts, default=0) for counts in hint.counts) >= hint.threshold:
                return None
    return SpinsPlan(
        name=f.name,
        awarded=(f.respins,),
        reel_sets=(WeightedName(f.reel_set, 1),),
        multipliers=(),
        line_multiplier=1,
        scatter_multiplier=1,
        count=lambda reel, w: 0,
        screen=screen,
    )


def trigger_symbols_of_others(defn: Definition, f: WildRespin) -> set[str]:
    """Symbols that trigger another feature (their fields name them)."""
    out: set[str] = set()
    for other in defn.features:
        if other is f:
            continue
        for field_name in ("trigger_symbol", "symbol"):
            sid = getattr(other, field_name, "")
            # (a collection or a jackpot acts in base spins only: no respin's spin can start it)
            if isinstance(sid, str) and sid and getattr(other, "type", "") not in (
                    "expanding_wild", "multiplier_wilds", "collection", "progressive_jackpot"):
                out.add(sid)
        out.update(getattr(other, "trigger_symbols", {}) or {})
    return out


class WildRespinBlock(Block):
    type = "wild_respin"
    params = WildRespin
    presenter = "wild_respin"
    resume_kinds = frozenset({"feature_started", "spin_ended", "feature_ended"})

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset({"base"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        f: WildRespin = params
        check_symbol(defn, report, ("symbol",), f.symbol, kinds=("wild",), what="respin wild")
        if not 1 <= f.reel <= defn.grid.reels:
            report(("reel",), f"reels are numbered 1 to {defn.grid.reels}, got {f.reel}")
            return
        if f.respins < 1:
            report(("respins",), f"respins must be at least 1, got {f.respins}")
        if f.reel_set not in defn.reels:
            report(("reel_set",), f"no reel set named '{f.reel_set}' under reels:")
            return
        strips = defn.reels[f.reel_set]
        if len(strips) != defn.grid.reels:
            return  # the reel-set check reports it
        if set(strips[f.reel - 1]) != {f.symbol}:
            report(("reel_set",), f"reel {f.reel} of '{f.reel_set}' is the held reel: its strip must be '{f.symbol}' alone")
        foreign = trigger_symbols_of_others(defn, f) & {sid for strip in strips for sid in strip}
        if foreign:
            report(("reel_set",), f"a respin triggers nothing: '{f.reel_set}' may not carry {', '.join(sorted(foreign))}")
        if not any(any(full_reel_stops(defn, f, c.set)) for c in defn.base_game.reel_sets if c.set in defn.reels):
            report(("symbol",), f"no base stop of reel {f.reel} shows '{f.symbol}' on every row: it never triggers")

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        f: WildRespin = ctx.feature
        column = spin.screen[f.reel - 1]
        if not all(s == f.symbol for s in column):
            return None
        positions = tuple((f.reel - 1, row) for row in range(len(column)))
        return Trigger(f.name, f.symbol, len(column), positions, f.respins)

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        return run(ctx, trigger)

    def expected_value(self, ctx: FeatureContext, trigger: Trigger) -> Fraction | None:
        if _modifiers_in_respins(ctx.defn, ctx.feature):
            return None
        bet = ctx.bet
        value = respin_value_x_bet(ctx.defn, ctx.feature, bet.lines, bet.coins_per_line, bet.coin_value, bet.total)
        f: WildRespin = ctx.feature
        return Fraction(value * f.respins * bet.total)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        f: WildRespin = params

        def full(reel: int, w: tuple[str, ...]) -> int:
            return int(reel == f.reel - 1 and all(s == f.symbol for s in w))

        return (window_hint(defn, reel_set, full, 1, plan=lambda bet: respins_plan(defn, f)),)

    def spin_reel_sets(self, defn: Definition, params: Any, mode: str) -> tuple[str, ...]:
        return (params.reel_set,) if mode == "respin" else ()

    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None:
        return trigger_rate(defn, params)

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        if _modifiers_in_respins(defn, f):
            return None  # a modifier acting in respins changes the respin's value: not priced here
        rate = trigger_rate(defn, f)
        value = respin_value_x_bet(defn, f, bet.lines, bet.coins_per_line, bet.coin_value, bet.total)
        figures: dict[str, Value] = {
            "trigger_rate": Exact(rate),
            "respin_value_x_bet": Exact(value),
            "respins": Exact(Fraction(f.respins)),
        }
        notes = ("exact: trigger stops counted; each respin priced by the line and scatter expectation of its strips",)
        return BlockPar(f.name, Exact(rate * f.respins * value), figures, notes)


def _modifiers_in_respins(defn: Definition, f: WildRespin) -> list[str]:
    return [p.type for p, entry in active(defn, "respin")
            if p is not f and (entry.screen_modifier or entry.win_modifier)]


BLOCK = WildRespinBlock()
