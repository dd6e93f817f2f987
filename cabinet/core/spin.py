"""The spin pipeline: one path for base spins, free spins, respins and sub-game spins.

``play_spin`` runs the stages of one spin, in this order (each block acts only in the
modes it declares, blocks in definition order at every stage):

1. **draw** — one ``rng.below(len(strip))`` per reel, reel 1 first (or the stops the
   caller gives: a paid respin's held screen with one reel drawn).
2. **screen** — ``ReelsStopped`` with the landed screen, then each screen modifier
   (mystery symbols, expanding wilds, sticky wild reels, held reels) may change the
   screen and adds an event that says how (``ScreenChanged``).
3. **evaluation** — the game's pay model (``core/pays``: lines, ways, ...) prices the
   screen, its own wins and the scatters, with the round's feature state:
   ``state.multiplier`` (and ``state.scatter_multiplier``), ``state.both_ways``.
4. **wins** — each win modifier may change the wins (``WinMultiplied``); then the win
   events are added to the book.

``trigger_stage`` is stage 5 (on ``spin.trigger_screen`` when a win-stage block chose one, the
tumbles' ``scatters_count: every_screen``): every block that acts in the spin's mode is asked
whether the spin triggers it (a trigger may draw). A block that is already running
(``state.running``) is *retriggered* instead: ``FeatureTriggered(retrigger=True)`` and
its award go to ``state.spins_added`` under its own name, which that feature takes at the
end of its own spin (a retrigger of an outer feature landing in a nested feature's spin
gives spins of the outer feature, not of the nested one). Any other
trigger runs its block to the end, nested inside the spin.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from fractions import Fraction

from .bet import Bet
from .definition import Definition
from .evaluate import screen_from_stops, windows_of
from .events import Event, FeatureTriggered, ReelsStopped, Screen
from .features import (
    Book,
    FeatureBlock,
    FeatureContext,
    FeatureRun,
    RoundState,
    Spin,
    SpinDraft,
    active,
)
from .money import Money
from .pays import model_for
from .rng import Rng

WinKey = tuple[object, ...]


class RoundContext:
    """One round in play: what every stage and block of it shares."""

    __slots__ = ("defn", "bet", "rng", "state", "book", "ran", "stats", "feature_wins", "carried")

    def __init__(self, defn: Definition, bet: Bet, rng: Rng | None, *, keep_events: bool = True) -> None:
        self.defn = defn
        self.bet = bet
        self.rng = rng
        self.state = RoundState()
        self.book = Book(keep=keep_events)
        self.ran: list[str] = []  # features that ran, in order
        self.stats: dict[str, int] = {}
        self.feature_wins: dict[str, Money] = {}  # what each feature paid (meters, simulate)
        self.carried: dict[str, int] = {}  # state kept across rounds (``RoundRequest.carried``), by block name

    def context(self, params: object, mode: str) -> FeatureContext:
        return FeatureContext(self.defn, params, self.bet, self.rng, mode, self.state, self.book, self)

    @classmethod
    def sharing(cls, ctx: FeatureContext) -> RoundContext:
        """The round a block's context belongs to (a standalone context gets its own)."""
        if isinstance(ctx.round, RoundContext):
            return ctx.round
        rc = cls(ctx.defn, ctx.bet, ctx.rng, keep_events=ctx.book.keep)
        rc.state, rc.book = ctx.state, ctx.book
        ctx.round = rc
        return rc


def play_spin(
    rc: RoundContext,
    mode: str,
    reel_set: str,
    *,
    stops: tuple[int, ...] | None = None,
    spinning: tuple[int, ...] = (),
    known_wins: set[WinKey] | None = None,
    held: Screen | None = None,
) -> Spin:
    """Stages 1-4 of one spin (the caller has added ``SpinStarted``). ``held``: a respin's
    screen as the player saw it, whose reels not ``spinning`` stay as they are."""
    defn, state, book = rc.defn, rc.state, rc.book
    model = model_for(defn, reel_set)  # the reel set's own model (pay_model.reel_sets), else the game's
    shape: tuple[Event, ...] = ()
    if stops is None:
        assert rc.rng is not None
        stops, landed, shape = model.land(defn, reel_set, rc.rng, windows_of(defn, reel_set))
    else:
        landed = screen_from_stops(defn, reel_set, stops)  # given stops are checked
        if held is not None:
            landed = tuple(column if r in spinning else held[r] for r, column in enumerate(landed))
    blocks = active(defn, mode)
    draft = SpinDraft(mode, reel_set, stops, landed, spinning)
    if book.keep:
        anticipation: tuple[int, ...] = ()
        for params, entry in blocks:
            waiting = entry.anticipation(rc.context(params, mode), reel_set, landed, spinning)
            if waiting:
                anticipation = tuple(sorted(set(anticipation) | set(waiting)))
        book.extend(shape)  # e.g. the reel heights a Megaways spin drew
        book.add(ReelsStopped(reel_set, stops, landed, anticipation))
    for params, entry in blocks:
        if entry.screen_modifier:
            entry.screen_stage(rc.context(params, mode), draft)
    lean = None
    excepted = state.values.get("win_exceptions")  # free spins' multiplier exceptions: the wins are read
    if not book.keep and known_wins is None and excepted is None and _lean_win_stage(blocks):
        # an unchanged screen is priced from its stops alone (per-stop line digits)
        at = stops if draft.screen is landed else None
        lean = model.lean_win(defn, reel_set, draft.screen, rc.bet, state, stops=at)
    wins: list[Event]
    if lean is not None:  # simulation: the amount alone, from the line-pay table
        wins, win = [], lean
    else:
        wins, win = model.evaluate(
            defn,
            draft.screen,
            rc.bet,
            state.multiplier,
            scatter_multiplier=state.scatter_multiplier,
            both_ways=state.both_ways,
        )
    if known_wins is not None:
        wins = [e for e in wins if win_key(e) not in known_wins]
        win = sum(getattr(e, "amount", 0) for e in wins)
    draft.wins, draft.win, draft.lean = wins, win, lean is not None
    for params, entry in blocks:
        if entry.win_modifier:
            entry.win_stage(rc.context(params, mode), draft)
    if excepted is not None and mode == "free":
        from .features.win_exceptions import apply

        draft.wins, draft.win = apply(excepted, draft.wins)
    book.extend(draft.wins)
    return Spin(mode, reel_set, stops, draft.screen, tuple(draft.wins), draft.win, landed, draft.trigger_screen)


def _lean_win_stage(blocks: list[tuple[object, FeatureBlock]]) -> bool:
    """Every win modifier of the spin can work from the amount alone."""
    return all(entry.lean_wins for _, entry in blocks if entry.win_modifier)


def trigger_stage(rc: RoundContext, spin: Spin) -> tuple[Money, FeatureRun | None]:
    """Stage 5: triggers, retriggers and nested features. Returns what the features that
    ran paid, and the last one's run (its final screen is what the round leaves)."""
    total = 0
    last: FeatureRun | None = None
    if spin.trigger_screen:  # a tumble sequence's screen with the most trigger symbols
        spin = replace(spin, screen=spin.trigger_screen)
    for params, entry in active(rc.defn, spin.mode):
        ctx = rc.context(params, spin.mode)
        trigger = entry.triggers(ctx, spin)
        if trigger is None:
            continue
        running = params.name in rc.state.running
        rc.book.add(
            FeatureTriggered(
                trigger.feature, trigger.symbol, trigger.count, trigger.positions, trigger.awarded,
                retrigger=running,
            )
        )
        if running:
            added = rc.state.spins_added
            added[params.name] = added.get(params.name, 0) + trigger.awarded
            continue
        rc.state.running.append(params.name)
        try:
            outcome = entry.run(ctx, trigger)
        finally:
            rc.state.running.remove(params.name)
        total += outcome.total
        rc.ran.append(trigger.feature)
        rc.feature_wins[trigger.feature] = rc.feature_wins.get(trigger.feature, 0) + outcome.total
        for key, value in outcome.stats.items():
            rc.stats[key] = rc.stats.get(key, 0) + value
        if outcome.final_stops:
            last = outcome
    return total, last


def win_key(event: Event) -> WinKey | None:
    """Identity of a winning combination for the "only new wins pay" rule of respins."""
    kind = event.kind
    if kind == "line_win":
        return ("line", event.line, event.symbol, event.count, event.direction)  # type: ignore[attr-defined]
    if kind == "scatter_win":
        return ("scatter", event.symbol, event.count)  # type: ignore[attr-defined]
    return None


def win_keys(events: Iterable[Event]) -> set[WinKey]:
    return {key for e in events if (key := win_key(e)) is not None}


def whole_multiplier(value: Fraction) -> int | Fraction:
    return value.numerator if value.denominator == 1 else value
