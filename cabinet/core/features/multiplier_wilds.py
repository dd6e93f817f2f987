"""Random multiplier wilds: a win with a multiplier wild is multiplied by a random value.

YAML::

    features:
      - type: multiplier_wilds
        symbol: MWILD                    # a wild symbol (kind: wild)
        multipliers:                     # drawn once per spin that shows the wild
          - {value: 2, weight: 40}
          - {value: 3, weight: 25}
          - {value: 20, weight: 1}
        modes: [base, free]

Win stage: when the screen shows the symbol, ONE ``rng.weighted`` draw picks the
spin's multiplier ``m`` (no symbol, no draw). The screen is then paid as if the wild
carried ``m`` as its own multiplier, so each line is paid in the configuration that
gives the highest win with that multiplier (the sheet's "highest win, in the
configuration that gives the highest multiplier"). Every multiplier wild on the screen
carries the same drawn ``m``; how several of them in one line win combine is the game's
``wild_multipliers`` (``multiply``: m x m; ``highest``: the win is multiplied once, by m,
as Halloween Wins 3 plays). A ``WinMultiplied`` names the wilds, the wins it applied to and
what it added.

Par (exact): the draw is independent of the stops, so the expected line pay is the
weighted mix, over ``m``, of the line expectation of the game whose wild carries
``m`` (the line DP handles wild multipliers exactly). The block's part is that mix
minus the plain game's line value (base spins, and per expected free spin).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..definition import Definition, WeightedValue, doc
from ..events import Event, Position, register_event
from ..linemath import with_multiplier
from ..pays import model_for
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
    check_symbol,
    check_weights,
    mean_value,
    presence_hint,
)
from .free_spins import covers_free_spins, line_delta_rtp, mixed_line_delta


@dataclass(frozen=True)
class MultiplierWilds:
    type: Literal["multiplier_wilds"] = doc("wins with a multiplier wild are multiplied by a random value")
    symbol: str = doc("the multiplier wild (a symbol of kind wild)")
    multipliers: tuple[WeightedValue, ...] = doc("the multipliers, drawn once per spin showing the wild")
    name: str = doc("feature name used in events", default="multiplier_wilds")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc(
        "the spins it acts in", default=("base", "free", "respin")
    )
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `multiplied` the status line "
        "as the drawn value is stamped on its wilds [WINS x{multiplier}]; "
        "`heading` its INFO heading", factory=dict)


@register_event
@dataclass(frozen=True)
class WinMultiplied(Event):
    """A win modifier multiplied wins (e.g. a multiplier wild's random multiplier)."""

    kind: ClassVar[str] = "win_multiplied"
    feature: str
    multiplier: int
    positions: tuple[Position, ...]  # the cells that caused it (the multiplier wilds)
    wins: int  # how many wins it applied to
    added: int  # minor units it added to the spin's win


def multiplier_weights(p: MultiplierWilds) -> tuple[int, ...]:
    return tuple(e.weight for e in p.multipliers)


def priced_with(defn: Definition, p: MultiplierWilds, outcome: int) -> Definition:
    """The game a spin's lines are paid on when the draw picked ``p.multipliers[outcome]``."""
    m = int(p.multipliers[outcome].value)
    return defn if m == 1 else with_multiplier(defn, p.symbol, m)


class MultiplierWildsBlock(ModesBlock):
    type = "multiplier_wilds"
    params = MultiplierWilds
    presenter = "multiplier_wilds"
    win_modifier = True
    lean_wins = True
    spins_alike = True

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: MultiplierWilds = params
        check_symbol(defn, report, ("symbol",), p.symbol, kinds=("wild",), what="multiplier wild")
        if not p.multipliers:
            report(("multipliers",), "multipliers needs at least one value")
        check_weights(report, ("multipliers",), p.multipliers)
        for j, wv in enumerate(p.multipliers):
            if wv.value < 1 or wv.value.denominator != 1:
                report(("multipliers", j, "value"), f"a multiplier is a whole number of at least 1, got {wv.value}")
        sym = defn.symbol_map.get(p.symbol)
        if sym is not None and sym.multiplier != 1:
            report(("symbol",), f"'{p.symbol}' has its own multiplier {sym.multiplier}; the block draws it: use 1")

    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: MultiplierWilds = ctx.feature
        wilds = tuple(
            (reel, row) for reel, column in enumerate(draft.screen) for row, s in enumerate(column) if s == p.symbol
        )
        if not wilds:
            return
        assert ctx.rng is not None, "a multiplier wild draws: it needs the round's rng"
        m = int(p.multipliers[ctx.rng.weighted(multiplier_weights(p))].value)
        if m == 1:
            return
        state = ctx.state
        if draft.lean:  # simulation: the same screen priced with the wild carrying m, no events
            game = with_multiplier(ctx.defn, p.symbol, m)
            lean = model_for(game, draft.reel_set).lean_win(game, draft.reel_set, draft.screen, ctx.bet, state)
            if lean is not None:
                draft.win = lean
                return
        game = with_multiplier(ctx.defn, p.symbol, m)
        wins, win = model_for(game, draft.reel_set).evaluate(
            game,
            draft.screen,
            ctx.bet,
            state.multiplier,
            scatter_multiplier=state.scatter_multiplier,
            both_ways=state.both_ways,
        )
        held = set(wilds)
        touched = sum(1 for e in wins if held & set(getattr(e, "positions", ())) and e.kind != "scatter_win")
        added = win - draft.win
        draft.wins, draft.win, draft.lean = wins, win, False
        if touched:
            ctx.book.add(WinMultiplied(p.name, m, wilds, touched, added))

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        from .expanding_wild import _earlier_modifiers

        if other.type in ("expanding_wild", "mystery_symbol"):  # earlier: priced on what it shows
            earlier = _earlier_modifiers(defn, params)
            alone_or_after_reveal = earlier == [other] or (other in earlier and _reveal_then_expand(earlier))
            return alone_or_after_reveal and set(params.modes) <= set(other.modes)
        return covers_free_spins(defn, params, other, mode)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        p: MultiplierWilds = params
        weights = multiplier_weights(p)
        stage = BatchStage("win", draw=lambda count: weights, pricing=lambda outcome: priced_with(defn, p, outcome))
        return (presence_hint(defn, reel_set, p.symbol, stage=stage),)

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        weight = sum(e.weight for e in p.multipliers)
        from .expanding_wild import _earlier_modifiers

        earlier = _earlier_modifiers(defn, p)
        reveals: list[tuple[Fraction, Definition]] = [(Fraction(1), defn)]
        if earlier:
            if len(earlier) == 1 and earlier[0].type == "expanding_wild":
                return self._after_expanding(pctx, earlier[0])
            if _reveal_then_expand(earlier) and set(p.modes) <= set(earlier[0].modes):
                return self._after_expanding(pctx, earlier[1], mystery=earlier[0])
            if len(earlier) == 1 and earlier[0].type == "mystery_symbol" and set(p.modes) <= set(earlier[0].modes):
                # an earlier reveal: priced on each revealed game (a reveal may show the wild itself),
                # less what the reveal's own part counts there, so the two parts add up
                from .mystery_symbol import revealed_definition

                mystery = earlier[0]
                total_weight = sum(r.weight for r in mystery.reveals)
                reveals = [(Fraction(r.weight, total_weight), revealed_definition(defn, mystery, r.symbol))
                           for r in mystery.reveals]
            else:
                return None  # another screen modifier before it changes what the wild sees: not priced here

        def delta(reel_set: str) -> Fraction:
            out = Fraction(0)
            for q, shown in reveals:
                variants = [(Fraction(e.weight, weight), with_multiplier(shown, p.symbol, int(e.value)))
                            for e in p.multipliers]
                out += q * mixed_line_delta(shown, variants, reel_set, bet.lines)
            return out

        found = line_delta_rtp(pctx, p.modes, delta)
        if found is None:
            return None  # a free-spins feature's spin count is not exact: par says the total is unknown
        figures, total = found
        figures["mean_multiplier"] = Exact(mean_value(p.multipliers))
        return BlockPar(p.name, Exact(total), figures)


    @staticmethod
    def _after_expanding(pctx: ParContext, expanding: Any, mystery: Any = None) -> BlockPar | None:
        """Par when an expanding wild acts first (Halloween Wins 3): each played line is
        priced on the expanded reels (the expanding block's own line weights), mixed over
        the drawn multiplier; this block's part is that mix minus the expanded lines
        without it (what the expanding block counts), so the two parts add up exactly.
        With a mystery reveal before both, the same on each revealed game, mixed by the
        reveal's weights (the expanding block prices its part on those games too)."""
        from ..linemath import line_expectations_by_multiplier
        from .expanding_wild import line_weights

        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        if not set(p.modes) <= set(expanding.modes):
            return None  # spins where only this block acts would need the plain game's figures too
        both = defn.pay_direction == "both_ways"
        weight = sum(e.weight for e in p.multipliers)
        own = defn.symbol_map[p.symbol].multiplier  # the game as written: the expanded lines without this block
        values = [own, *(int(e.value) for e in p.multipliers)]
        games: list[tuple[Fraction, Definition]] = [(Fraction(1), defn)]
        if mystery is not None:
            from .mystery_symbol import revealed_definition

            total_weight = sum(r.weight for r in mystery.reveals)
            games = [(Fraction(r.weight, total_weight), revealed_definition(defn, mystery, r.symbol))
                     for r in mystery.reveals]

        def delta(reel_set: str) -> Fraction:
            out = Fraction(0)
            for q, game in games:
                for line in game.lines[: bet.lines]:
                    weights = line_weights(game, expanding, reel_set, line)
                    # one DP pass prices the game's own wild and every drawn multiplier (left open in it)
                    drawn = line_expectations_by_multiplier(game, weights, both, wild=p.symbol, multipliers=values)
                    mixed = sum((Fraction(e.weight, weight) * drawn[int(e.value)].total for e in p.multipliers),
                                Fraction(0))
                    out += q * (mixed - drawn[own].total)
            return out

        found = line_delta_rtp(pctx, p.modes, delta)
        if found is None:
            return None
        figures, total = found
        figures["mean_multiplier"] = Exact(mean_value(p.multipliers))
        after = f" after each reveal of {mystery.name}" if mystery is not None else ""
        notes = (f"priced on the lines as {expanding.name} expands them{after} (the two parts add up to the joint value)",)
        return BlockPar(p.name, Exact(total), figures, notes)


def _reveal_then_expand(earlier: list[Any]) -> bool:
    """The modifiers before this block are a mystery reveal and then an expanding wild acting in
    all of its spins: priced on each revealed game's expanded lines (``_after_expanding``)."""
    return ([e.type for e in earlier] == ["mystery_symbol", "expanding_wild"]
            and set(earlier[1].modes) <= set(earlier[0].modes))


BLOCK = MultiplierWildsBlock()
