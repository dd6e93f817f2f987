"""The spin pipeline: one path for base spins, free spins, respins and sub-game spins.

``play_spin`` runs the stages of one spin, in this order (each block acts only in the
modes it declares, blocks in definition order at every stage):

1. **draw** — one ``rng.below(len(strip))`` per reel, reel 1 first (or the stops the
   caller gives: a paid respin's held screen with one reel drawn).
2. **screen** — ``ReelsStopped`` with the landed screen, then each screen modifier
   (mystery symbols, expanding wilds, sticky wild reels, held reels) may change the
   screen and adds an event that says how (``ScreenChanged``).
3. **evaluation** — line and scatter wins with the round's feature state:
   ``state.multiplier`` (and ``state.scatter_multiplier``), ``state.both_ways``.
4. **wins** — each win modifier may change the wins (``WinMultiplied``); then the win
   events are added to the book.

``trigger_stage`` is stage 5: every block that acts in the spin's mode is asked
whether the spin triggers it (a trigger may draw). A block that is already running
(``state.running``) is *retriggered* instead: ``FeatureTriggered(retrigger=True)`` and
its award go to ``state.spins_added`` under its own name, which that feature takes at the
end of its own spin (a retrigger of an outer feature landing in a nested feature's spin
gives spins of the outer feature, not of the nested one). Any other
trigger runs its block to the end, nested inside the spin.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction

from .bet import Bet
from .definition import Definition
from .evaluate import compiled, evaluate_screen, scatter_pays, screen_from_stops, table_value, windows_of
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
from .linemath import line_pay_table
from .money import Money
from .rng import Rng

WinKey = tuple[object, ...]


class RoundContext:
    """One round in play: what every stage and block of it shares."""

    __slots__ = ("defn", "bet", "rng", "state", "book", "ran", "stats", "feature_wins")

    def __init__(self, defn: Definition, bet: Bet, rng: Rng | None, *, keep_events: bool = True) -> None:
        self.defn = defn
        self.bet = bet
        self.rng = rng
        self.state = RoundState()
        self.book = Book(keep=keep_events)
        self.ran: list[str] = []  # features that ran, in order
        self.stats: dict[str, int] = {}
        self.feature_wins: dict[str, Money] = {}  # what each feature paid (meters, simulate)

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
    windows = windows_of(defn, reel_set)
    if stops is None:
        assert rc.rng is not None
        below = rc.rng.below
        stops = tuple(below(len(reel)) for reel in windows)  # draw_stops' order: one per reel, reel 1 first
        landed: Screen = tuple(reel[stop] for reel, stop in zip(windows, stops, strict=True))
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
        book.add(ReelsStopped(reel_set, stops, landed, anticipation))
    for params, entry in blocks:
        if entry.screen_modifier:
            entry.screen_stage(rc.context(params, mode), draft)
    lean = None
    if not book.keep and known_wins is None and _lean_win_stage(blocks):
        # an unchanged screen is priced from its stops alone (per-stop line digits)
        at = stops if draft.screen is landed else None
        lean = lean_win(defn, reel_set, draft.screen, rc.bet, state, stops=at)
    wins: list[Event]
    if lean is not None:  # simulation: the amount alone, from the line-pay table
        wins, win = [], lean
    else:
        wins, win = evaluate_screen(
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
    book.extend(draft.wins)
    return Spin(mode, reel_set, stops, draft.screen, tuple(draft.wins), draft.win, landed)


def _lean_win_stage(blocks: list[tuple[object, FeatureBlock]]) -> bool:
    """Every win modifier of the spin can work from the amount alone."""
    return all(entry.lean_wins for _, entry in blocks if entry.win_modifier)


class _LeanLines:
    """A reel set's line-pay table as plain Python lookups: per reel, symbol -> its digit
    times the reel's place value; then one list lookup per played line."""

    __slots__ = ("digits", "coins", "denominator", "lines", "has_scatters", "stop_digits", "stop_scatters",
                 "scatter_tables")

    def __init__(self, defn: Definition, reel_set: str, both_ways: bool, lines: int) -> None:
        table = line_pay_table(defn, reel_set, both_ways)
        shape = table.shape
        places = [math.prod(shape[r + 1 :]) for r in range(len(shape))]
        self.digits = [{sid: i * places[r] for i, sid in enumerate(a)} for r, a in enumerate(table.alphabets)]
        self.coins: list[int] = table.coins.tolist()
        self.denominator = table.denominator
        self.lines = defn.lines[:lines]
        compiled_pays = compiled(defn)
        self.has_scatters = bool(compiled_pays.scatter_table)
        rows = defn.grid.rows
        strips = defn.reels[reel_set]
        # per reel and stop: each played line's digit, and what each scatter counts there
        self.stop_digits = [
            [tuple(self.digits[r][strip[(stop + line[r]) % len(strip)]] for line in self.lines)
             for stop in range(len(strip))]
            for r, strip in enumerate(strips)
        ]
        targets = sorted(compiled_pays.scatter_table)
        scatter_of = compiled_pays.scatter_of
        self.scatter_tables = [compiled_pays.scatter_table[t] for t in targets]
        self.stop_scatters = [
            [tuple(sum(hit[1] for r in range(rows) if (hit := scatter_of.get(strip[(stop + r) % len(strip)]))
                       and hit[0] == t) for t in targets)
             for stop in range(len(strip))]
            for strip in strips
        ]


def lean_win(
    defn: Definition, reel_set: str, screen: Screen, bet: Bet, state: RoundState, *,
    stops: tuple[int, ...] | None = None,
) -> Money | None:
    """The screen's win in minor units without building win events (None: not possible
    here, e.g. a symbol the reel set's table does not know; the caller evaluates).
    ``stops``: the screen is the reel set's own at these stops (no modifier changed it),
    so it is priced from per-stop tables."""
    both = defn.pay_direction == "both_ways" if state.both_ways is None else state.both_ways
    cache = defn.__dict__.setdefault("_lean_lines", {})
    key = (reel_set, both, bet.lines)
    compiled_lines = cache.get(key)
    if compiled_lines is None:
        try:
            compiled_lines = cache[key] = _LeanLines(defn, reel_set, both, bet.lines)
        except ValueError:  # too large to tabulate
            compiled_lines = cache[key] = False
    if compiled_lines is False:
        return None
    digits, coins = compiled_lines.digits, compiled_lines.coins
    total = 0
    if stops is not None:
        per_reel = [table[stop] for table, stop in zip(compiled_lines.stop_digits, stops, strict=True)]
        total = sum(map(coins.__getitem__, map(sum, zip(*per_reel, strict=True))))
    else:
        try:
            for line in compiled_lines.lines:
                index = 0
                for digit, column, row in zip(digits, screen, line, strict=True):
                    index += digit[column[row]]
                total += coins[index]
        except KeyError:
            return None
    m = state.multiplier
    s_mult = m if state.scatter_multiplier is None else state.scatter_multiplier
    scatter = 0
    if compiled_lines.has_scatters:
        if stops is not None:
            counts = map(sum, zip(*(t[s] for t, s in zip(compiled_lines.stop_scatters, stops, strict=True)),
                                  strict=True))
            x_bet: Fraction | int = 0  # most spins pay no scatter: add only what pays (no Fraction sums of 0)
            for t, n in zip(compiled_lines.scatter_tables, counts, strict=True):
                if n and (paid := table_value(t, n)):
                    x_bet += paid
        else:
            x_bet = sum((sp.x_bet for sp in scatter_pays(defn, screen)), Fraction(0))
        if x_bet:
            value = x_bet * s_mult * bet.total
            if value.denominator != 1:
                return None
            scatter = value.numerator
    if not total:
        return scatter
    line_coins = total * bet.coins_per_line * bet.coin_value
    if m.denominator == 1:  # the common case in plain ints
        scaled = line_coins * m.numerator
        if scaled % compiled_lines.denominator:
            return None  # not a whole amount: the evaluator raises with the details
        return int(scaled // compiled_lines.denominator + scatter)
    value = Fraction(line_coins, compiled_lines.denominator) * m
    return None if value.denominator != 1 else value.numerator + scatter


def trigger_stage(rc: RoundContext, spin: Spin) -> tuple[Money, FeatureRun | None]:
    """Stage 5: triggers, retriggers and nested features. Returns what the features that
    ran paid, and the last one's run (its final screen is what the round leaves)."""
    total = 0
    last: FeatureRun | None = None
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
