"""Symbols that turn wild: in the spins of its modes (free spins, as the catalogue uses it),
each listed symbol on the screen is the wild.

YAML::

    features:
      - type: turn_wild
        symbols: [VIKING1, VIKING2, VIKING3]   # the symbols that turn wild
        wild: WILD                             # the wild they become (kind: wild)
        modes: [free]

The catalogue's rule (Dragon's Deep: in free games the three vikings substitute as the wild,
and a line of them pays as the wild's line). Its second form, ``own_wilds``, turns each listed
symbol into a wild of its own kind instead (CT Interactive's Vikings Fun: in free spins RED and
BLONDE are wilds that keep their own pays)::

      - type: turn_wild
        symbols: [RED, BLONDE]
        own_wilds: [RED_WILD, BLONDE_WILD]     # kind: wild, paying RED's and BLONDE's pays
        modes: [free]

Those are ordinary wild symbols of the game, so the existing wild rules say the rest: each
excludes the other wilds (``excludes``) so kinds do not substitute for each other, and the
game's ``wild_lines: one_wild_kind`` ends a line at a leading wild of another kind. Screen stage, no draws: every cell showing a
listed symbol shows ``wild``; ``SymbolsTurnedWild`` names the cells and what they showed,
then ``ScreenChanged(reason="turn_wild")`` gives the screen. Pays read it on every pay model;
a listed scatter would stop counting as a scatter (the loader refuses one).

Par (exact): the change is cell by cell, so the reels stay independent and each played line
is priced with the line DP on the changed windows (``shape_par.staged_line_delta``); any
other pay model pays every screen while they are few enough. Free spins: per expected free
spin with the free-spins block's exact figures.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..definition import Definition, doc
from ..events import Event, Position, ScreenChanged, register_event
from ..value import Exact
from . import (
    BatchHint,
    BatchStage,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    PlanPart,
    Report,
    SpinDraft,
    Window,
    check_symbol,
    window_hint,
)
from .free_spins import covers_free_spins, line_delta_rtp
from .shape_par import enumerated_delta, lines_game, staged_line_delta


@dataclass(frozen=True)
class TurnWild:
    type: Literal["turn_wild"] = doc("listed symbols are wild in the spins of its modes")
    symbols: tuple[str, ...] = doc("the symbols that turn wild")
    wild: str = doc("the wild they become (a symbol of kind wild); empty with `own_wilds`", default="")
    own_wilds: tuple[str, ...] = doc(
        "instead of `wild`: the wild each listed symbol becomes, in the same order (symbols of kind wild "
        "with pays of their own: Vikings Fun's RED turns into RED_WILD, a wild of its own kind)", factory=tuple)
    name: str = doc("feature name used in events", default="turn_wild")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc("the spins it acts in", default=("free",))
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `mark` the label stamped on each "
        "symbol that turns wild [WILD]; `turned` the status line [{count} SYMBOLS TURN WILD]; "
        "`heading` its INFO heading", factory=dict)


@register_event
@dataclass(frozen=True)
class SymbolsTurnedWild(Event):
    """Listed symbols on the screen turned wild: ``positions`` and what each showed (``was``)."""

    kind: ClassVar[str] = "symbols_turned_wild"
    feature: str
    wild: str
    positions: tuple[Position, ...]
    was: tuple[str, ...]


def turned(into: dict[str, str], window: Window) -> Window:
    """A window with each listed symbol shown as the wild it turns into (the one copy of the rule)."""
    if not into.keys() & set(window):
        return window
    return tuple(into.get(s, s) for s in window)


def turns_into(p: TurnWild) -> dict[str, str]:
    """Each listed symbol -> the wild it shows: ``wild`` for every one, or its own from ``own_wilds``."""
    if p.own_wilds:
        return dict(zip(p.symbols, p.own_wilds, strict=False))
    return {s: p.wild for s in p.symbols}


class TurnWildBlock(ModesBlock):
    type = "turn_wild"
    params = TurnWild
    presenter = "turn_wild"
    screen_modifier = True
    spins_alike = True
    any_pay_model = True  # its par pays screens through the game's own model where not paylines

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: TurnWild = params
        if p.own_wilds:
            if p.wild:
                report(("wild",), "give either wild or own_wilds, not both")
            if len(p.own_wilds) != len(p.symbols):
                report(("own_wilds",), f"own_wilds needs one wild per listed symbol ({len(p.symbols)}), "
                                       f"not {len(p.own_wilds)}")
            for j, wid in enumerate(p.own_wilds):
                check_symbol(defn, report, ("own_wilds", j), wid, kinds=("wild",), what="own wild")
        elif not p.wild:
            report((), "turn_wild needs the wild the symbols become (wild), or one of their own each (own_wilds)")
        else:
            check_symbol(defn, report, ("wild",), p.wild, kinds=("wild",), what="wild")
        if not p.symbols:
            report(("symbols",), "symbols needs at least one symbol that turns wild")
        for j, sid in enumerate(p.symbols):
            check_symbol(defn, report, ("symbols", j), sid, kinds=("regular",), what="symbol turning wild")
            if sid == p.wild or sid in p.own_wilds:
                report(("symbols", j), f"'{sid}' is the wild itself")

    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: TurnWild = ctx.feature
        into = turns_into(p)
        for wild in dict.fromkeys(into.values()):  # one change per wild, in the listed order
            listed = {s: w for s, w in into.items() if w == wild}
            cells = tuple((reel, row) for reel, column in enumerate(draft.screen)
                          for row, sid in enumerate(column) if sid in listed)
            if not cells:
                continue
            was = tuple(draft.screen[reel][row] for reel, row in cells)
            draft.screen = tuple(turned(listed, column) for column in draft.screen)
            ctx.book.add(SymbolsTurnedWild(p.name, wild, cells, was))
            ctx.book.add(ScreenChanged(p.name, "turn_wild", cells, wild, draft.screen))

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        p: TurnWild = params
        listed = frozenset(p.symbols)
        into = turns_into(p)
        stage = BatchStage("screen", window=lambda outcome, reel, w: turned(into, w))
        return (window_hint(defn, reel_set, lambda reel, w: int(bool(listed.intersection(w))), 1, stage=stage),)

    def plan_part(self, defn: Definition, params: Any, feature: Any) -> PlanPart | None:
        """Inside planned free spins: each spin's windows show the listed symbols as the wild."""
        p: TurnWild = params
        into = turns_into(p)
        return PlanPart(screen=lambda reel, w: turned(into, w))

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        return covers_free_spins(defn, params, other, mode)

    def par_prices_scatters(self, defn: Definition, params: Any, mode: str) -> bool:
        from ..composition import modes_played, scatter_delta_x_bet

        return all(scatter_delta_x_bet(defn, mode, s, params) is not None for s in modes_played(defn).get(mode, ()))

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        from .expanding_wild import _earlier_modifiers

        if _earlier_modifiers(defn, p):
            return None  # another screen stage first: not priced together here
        into = turns_into(p)
        paylines = lines_game(defn)

        def change(reel: int, window: Window) -> Window:
            return turned(into, window)

        def delta(reel_set: str) -> Fraction:
            if paylines:
                found = staged_line_delta(defn, reel_set, bet, [(Fraction(1), change)])
                assert found is not None
                return found
            return _whole(reel_set)[0]

        def scatter(mode: str, reel_set: str) -> Fraction:
            if paylines:
                from ..composition import scatter_delta_x_bet

                found = scatter_delta_x_bet(defn, mode, reel_set, p)
                if found is None:
                    raise _TooMany
                return found
            return _whole(reel_set)[1]

        def _whole(reel_set: str) -> tuple[Fraction, Fraction]:
            found = enumerated_delta(defn, reel_set, bet, lambda screen: tuple(turned(into, c) for c in screen))
            if found is None:
                raise _TooMany
            return found

        try:
            priced = line_delta_rtp(pctx, p.modes, delta, scatter=scatter)
        except _TooMany:
            return None
        if priced is None:
            return None
        figures, total = priced
        return BlockPar(p.name, Exact(total), figures)


class _TooMany(Exception):
    """A reel set's screens are too many to pay one by one (par is then estimated)."""


BLOCK = TurnWildBlock()
