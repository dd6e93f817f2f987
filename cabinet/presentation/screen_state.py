"""What the screen shows during a round, as a pure function of the events shown so far.

``ScreenState.apply(event)`` is the one reducer of a round's screen: the round player
applies each event before it animates it (``scenes/base.py``), and crash recovery
rebuilds the screen of a half-shown round by applying the events the journal says
were shown (``resume.shown_at``). Because both read the same reducer, a restored
round carries on with exactly the meters, counters and reels live play had.

The state holds what the screen is *showing*, not what the round will pay: the reels
(reel set, stops, the symbols they landed on and the layer of symbols changed over
them), the WIN meter, the free-spins counter, each feature's HUD values and a generic
record per board. It never imports pygame and never reads the clock: timing belongs to
the presenters (``presenters.py``).

An event kind the reducer does not know leaves the state as it was, except that an
event naming a ``board`` is recorded on that board (fields by name, and by cell when
it names a ``reel`` and a ``row``), so a new block's events never crash the screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from cabinet.core.definition import Definition
from cabinet.core.events import (
    Event,
    FeatureEnded,
    FeatureStarted,
    FeatureTriggered,
    LineWin,
    Position,
    ReelsStopped,
    RoundCapped,
    RoundEnded,
    RoundStarted,
    ScatterWin,
    Screen,
    ScreenChanged,
    SpinEnded,
    SpinsAdded,
    SpinStarted,
    WinCapped,
)
from cabinet.core.features import block
from cabinet.core.features.expanding_symbol import SymbolExpanded
from cabinet.core.features.multiplier_wilds import WinMultiplied
from cabinet.core.features.progress_levels import LevelReached, ProgressAdvanced, StickyReelAdded
from cabinet.core.features.tumble import (
    CellMultipliers,
    MultiplierSymbolsLanded,
    SequenceMultiplied,
    TumblesEnded,
    TumbleStep,
)
from cabinet.core.money import Money

PAYING_BOARD_KINDS = frozenset({"board_filled", "cell_paid", "held_prizes_paid"})  # their `amount` is paid
PAYING_KINDS = frozenset({"collection_paid"})  # a block's prize that names no board: its `amount` is paid
FREE_SPINS = "free_spins"  # the presenter of the free-spins counter (a block's ``presenter``)


def stamp_label(multiplier: int) -> str:
    """What a multiplier wild shows once its drawn value is revealed ("x20")."""
    return f"x{multiplier}"


def feature_presenters(defn: Definition) -> dict[str, str]:
    """Each feature's name, as its events give it, and the presenter its block names: only a
    free-spins feature puts up the free-spins counter (a wheel or a board has its own view)."""
    out: dict[str, str] = {}
    for params in defn.features:
        entry = block(params.type)
        if entry is not None:
            out[getattr(params, "name", params.type)] = entry.presenter
    return out


@dataclass
class FreeSpinsCounter:
    """The free-spins counter: "FREE SPIN played / total_spins", its multiplier badge, and
    the feature's running total (shown by its outro)."""

    total_spins: int
    multiplier: int
    played: int = 0
    total_win: Money = 0


@dataclass
class FeatureHud:
    """One feature's HUD values: its progress bar, its level, its multiplier badge and
    the reels it has made sticky. ``spin_multiplier`` is the win multiplier the current
    spin showed (a multiplier wild's draw), 1 when none."""

    running: bool = False  # started and not ended (a feature with no counter of its own)
    total: Money = 0  # what it paid, once ended
    points: int = 0
    level: int = 0  # 0: no level reached yet
    unlocked: tuple[str, ...] = ()  # what each level reached turned on, in order
    multiplier: int = 1  # the badge: the multiplier a level turned on
    sticky_reels: tuple[int, ...] = ()  # 0-based, in the order they stuck
    spin_multiplier: int = 1


@dataclass
class TumbleShow:
    """A tumble sequence on screen: the tumbles shown so far, the ladder's lit rung (-1: the
    landed screen, none lit yet), its multiplier, the spin's running total (the plate) and the
    WIN meter when the spin started (the plate counts up with the meter from there), the
    multiplier symbols' values by cell and the cell multipliers (1: a marked cell)."""

    feature: str
    meter_from: Money
    tumbles: int = 0
    rung: int = -1
    multiplier: int = 1
    total: Money = 0
    ended: bool = False
    factor: int = 0  # the multiplier the sequence's end applied (0: none)
    multipliers: dict[Position, int] = field(default_factory=dict)
    cells: dict[Position, int] = field(default_factory=dict)


@dataclass(frozen=True)
class WinCount:
    """A count-up of the WIN meter that the event just applied starts: these wins light
    up while the meter goes from ``meter_from`` to ``meter_from + amount``."""

    wins: tuple[Event, ...]
    amount: Money
    meter_from: Money


@dataclass
class ScreenState:
    """What the screen showed after the events applied so far (see the module doc).

    ``presenters`` says which features are free spins (``feature_presenters``); a feature
    it does not name is taken for free spins, as every feature was before blocks had
    presenters of their own."""

    reel_set: str | None = None  # None: no spin has started yet
    stops: tuple[int, ...] | None = None  # None: no reels have landed yet
    landed: list[list[str]] | None = None  # what the reels show: [reel][row], as they landed
    screen: list[list[str]] | None = None  # what the player sees: the landed symbols under the layer
    changed: dict[Position, str] = field(default_factory=dict)  # the layer over the reels: cell -> symbol
    spinning: bool = False  # the reels are moving (between a spin's start and its stop)
    moving_reels: tuple[int, ...] = ()  # reels that move in the current spin (empty: all)
    spin_wins: list[Event] = field(default_factory=list)  # the wins (any pay model's) of the spin in progress
    # a tumbling spin counts its wins screen by screen: how many of ``spin_wins``, and how much
    # of the spin's win, are already on the meter (its trigger and its end count the rest)
    spin_counted_wins: int = 0
    spin_counted: Money = 0
    tumble: TumbleShow | None = None  # the spin's tumble sequence (None: it has not tumbled)
    meter: Money = 0  # the round player's running total of wins shown
    hud_win: Money = 0  # the WIN meter
    base_presented: bool = False  # the base spin's wins (and trigger) have been shown
    free: FreeSpinsCounter | None = None  # the counter of the free spins playing (the innermost)
    free_name: str = ""  # whose counter ``free`` is
    # free spins waiting under a nested one, outermost first: (name, counter); each comes back
    # when the one above it ends, with the spins its own retriggers added meanwhile
    outer_free: list[tuple[str, FreeSpinsCounter]] = field(default_factory=list)
    features: dict[str, FeatureHud] = field(default_factory=dict)  # by feature name
    boards: dict[Any, dict[str, Any]] = field(default_factory=dict)  # by board, for board events
    capped: bool = False  # MAXIMUM WIN REACHED has been shown
    round_cap: RoundCapped | None = None  # the round stopped at the round cap (``max_win_x``)
    stamps: dict[Position, str] = field(default_factory=dict)  # cell -> the value drawn on it this spin ("x20")
    count: WinCount | None = None  # the count-up the last applied event starts (None: none)
    presenters: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    def apply(self, event: Event) -> None:
        """The screen after ``event`` too. Unknown kinds change nothing (boards excepted)."""
        self.count = None
        handler = _REDUCERS.get(event.kind)
        if handler is not None:
            handler(self, event)
        elif event.kind in _win_kinds():  # a pay model's win (ways, anywhere, cluster...)
            self._win(event)
        elif event.kind in PAYING_KINDS:
            self.count = WinCount((), getattr(event, "amount", 0), self.meter)
            self.meter += getattr(event, "amount", 0)
            self.hud_win = self.meter
        elif any(f.name == "board" for f in fields(event)):
            self._record_on_board(event)

    def apply_all(self, events: Sequence[Event]) -> ScreenState:
        for event in events:
            self.apply(event)
        return self

    def is_free_spins(self, feature: str) -> bool:
        return self.presenters.get(feature, FREE_SPINS) == FREE_SPINS

    def feature(self, name: str) -> FeatureHud:
        """The HUD values of feature ``name`` (created on first use)."""
        hud = self.features.get(name)
        if hud is None:
            hud = self.features[name] = FeatureHud()
        return hud

    # -- reducers, one per known kind (``_REDUCERS`` below) ---------------------------------------

    def _round_started(self, event: RoundStarted) -> None:
        self.hud_win = 0

    def _spin_started(self, event: SpinStarted) -> None:
        self.spin_wins = []
        self.spin_counted_wins, self.spin_counted = 0, 0
        cells = self.tumble.cells if self.tumble is not None and event.mode == "free" else {}
        self.tumble = TumbleShow("", self.meter, cells=dict(cells)) if cells else None
        self.stamps = {}  # a drawn multiplier stays on its wild until the next spin starts
        self.spinning = True
        self.moving_reels = tuple(event.spinning_reels)
        self.reel_set = event.reel_set
        for hud in self.features.values():
            hud.spin_multiplier = 1
        # Changed symbols go with their reel when it spins; a held reel and a sticky reel
        # (shown all wild for the rest of the feature) keep theirs while the others spin.
        sticky = {reel for hud in self.features.values() for reel in hud.sticky_reels}
        kept = {reel for reel in range(len(self.stops or ())) if self.moving_reels and reel not in self.moving_reels}
        self.changed = {cell: symbol for cell, symbol in self.changed.items() if cell[0] in sticky | kept}
        if event.mode == "free" and self.free is not None:
            self.free.played = event.index
            self.free.total_spins = event.index + event.remaining
            self.free.multiplier = event.multiplier

    def _reels_stopped(self, event: ReelsStopped) -> None:
        self.spinning = False
        self.reel_set = event.reel_set
        self.stops = tuple(event.stops)
        self.landed = _columns(event.screen)
        self.screen = self._layered()

    def _screen_changed(self, event: ScreenChanged) -> None:
        for reel, row in event.positions:
            self.changed[(reel, row)] = event.screen[reel][row]
        if self.landed is None:  # a change before any landing: the change is all there is to show
            self.landed = _columns(event.screen)
        self.screen = _columns(event.screen)  # the whole screen after the change

    def _symbol_expanded(self, event: SymbolExpanded) -> None:
        """The Book-style expansion: the reels it fills show the symbol until the next spin."""
        for reel, row in event.positions:
            self.changed[(reel, row)] = event.symbol
        self.screen = self._layered()

    def _win(self, event: Event) -> None:
        self.spin_wins.append(event)

    def counter_of(self, feature: str) -> FreeSpinsCounter | None:
        """The counter of free spins ``feature``, playing or waiting under a nested one
        (the playing one when no counter has that name)."""
        if feature == self.free_name or self.free is None:
            return self.free
        return next((counter for name, counter in reversed(self.outer_free) if name == feature), self.free)

    def _feature_triggered(self, event: FeatureTriggered) -> None:
        if event.retrigger and self.free is not None:
            counter = self.counter_of(event.feature)
            assert counter is not None
            counter.total_spins += event.awarded  # each feature's retrigger gives spins of that feature
            return
        if self.base_presented:  # a second trigger, or one inside a feature: its spin's wins count at its end
            self.count = WinCount((event,), 0, self.meter)
            return
        rest = self.spin_wins[self.spin_counted_wins:]  # a tumbling spin counted the others screen by screen
        amount = sum(win.amount for win in rest)
        self.count = WinCount((*rest, event), amount, self.meter)
        self.meter += amount
        self.hud_win = self.meter
        self.base_presented = True

    def _feature_started(self, event: FeatureStarted) -> None:
        self._feature_started_tumbles()  # a feature's grid of cell multipliers starts empty
        if self.is_free_spins(event.feature):
            if self.free is not None:  # nested: the outer counter waits
                self.outer_free.append((self.free_name, self.free))
            self.free, self.free_name = FreeSpinsCounter(event.spins, event.multiplier), event.feature
        else:
            hud = self.feature(event.feature)
            hud.running, hud.total = True, 0

    def _spins_added(self, event: SpinsAdded) -> None:
        counter = self.counter_of(event.feature)
        if counter is not None:
            counter.total_spins += event.spins

    def _win_capped(self, event: WinCapped) -> None:
        self.capped = True

    def _spin_ended(self, event: SpinEnded) -> None:
        rest, win = tuple(self.spin_wins[self.spin_counted_wins:]), event.win - self.spin_counted
        if event.mode == "free":
            if rest:
                self.count = WinCount(rest, win, self.meter)
            self.meter += win
            self.hud_win = self.meter
            if self.free is not None:
                self.free.total_win = event.feature_total
        elif not self.base_presented:
            self.base_presented = True
            if win > 0:
                self.count = WinCount(rest, win, self.meter)
            self.meter += win
            if event.win > 0:
                self.hud_win = self.meter

    def _feature_ended(self, event: FeatureEnded) -> None:
        if self.is_free_spins(event.feature):
            self.free_name, self.free = self.outer_free.pop() if self.outer_free else ("", None)
        else:  # e.g. a wheel inside free spins: the counter stays up
            hud = self.feature(event.feature)
            hud.running, hud.total = False, event.total

    def _round_capped(self, event: RoundCapped) -> None:
        """The round reached its cap mid-spin: the spin's wins not yet counted go on the meter,
        cut so that the meter stops at the cap (what passed it is never shown as won)."""
        self.round_cap = event
        self.spinning = False
        rest = tuple(self.spin_wins[self.spin_counted_wins:])
        if event.cap > self.meter:
            self.count = WinCount(rest, event.cap - self.meter, self.meter)
        self.meter = self.hud_win = event.cap
        self.spin_counted_wins = len(self.spin_wins)

    def _round_ended(self, event: RoundEnded) -> None:
        self.hud_win = event.total_win

    def _win_multiplied(self, event: WinMultiplied) -> None:
        self.feature(event.feature).spin_multiplier = event.multiplier
        for reel, row in event.positions:
            self.stamps[(reel, row)] = stamp_label(event.multiplier)

    def _progress_advanced(self, event: ProgressAdvanced) -> None:
        self.feature(event.feature).points = event.points

    def _level_reached(self, event: LevelReached) -> None:
        hud = self.feature(event.feature)
        hud.level = event.level
        hud.unlocked = (*hud.unlocked, event.unlocks)
        if event.unlocks == "multiplier":
            hud.multiplier = event.value

    def _sticky_reel_added(self, event: StickyReelAdded) -> None:
        hud = self.feature(event.feature)
        if event.reel not in hud.sticky_reels:
            hud.sticky_reels = (*hud.sticky_reels, event.reel)

    # -- tumbles: each screen's wins count before it tumbles (``mechanics/tumble``) ----------------

    def _count_screen(self) -> None:
        """The wins since the last screen counted go on the meter now (their count-up)."""
        rest = tuple(self.spin_wins[self.spin_counted_wins:])
        self.spin_counted_wins = len(self.spin_wins)
        if not rest:
            return
        amount = sum(getattr(win, "amount", 0) for win in rest)
        self.count = WinCount(rest, amount, self.meter)
        self.meter += amount
        self.spin_counted += amount
        self.hud_win = self.meter
        if self.tumble is not None:
            self.tumble.total = self.spin_counted

    def _tumble_show(self, feature: str) -> TumbleShow:
        if self.tumble is None or (self.tumble.feature and self.tumble.feature != feature) or self.tumble.ended:
            cells = self.tumble.cells if self.tumble is not None else {}
            self.tumble = TumbleShow(feature, self.meter - self.spin_counted, cells=dict(cells))
        self.tumble.feature = feature
        return self.tumble

    def _tumble_step(self, event: TumbleStep) -> None:
        show = self._tumble_show(event.feature)
        self._count_screen()
        show.total = self.spin_counted
        show.tumbles, show.rung, show.multiplier = event.step, event.ladder_step, event.multiplier
        show.multipliers = {(reel, row): value for reel, row, value in event.multipliers}
        # the tumbled screen goes on the layer over the reels (a restored round shows it too)
        landed = self.landed or _columns(event.screen)
        self.changed = {(reel, row): symbol for reel, column in enumerate(event.screen)
                        for row, symbol in enumerate(column)
                        if reel >= len(landed) or row >= len(landed[reel]) or landed[reel][row] != symbol}
        self.screen = _columns(event.screen)

    def _tumbles_ended(self, event: TumblesEnded) -> None:
        show = self._tumble_show(event.feature)
        self._count_screen()
        show.ended = True

    def _multiplier_symbols_landed(self, event: MultiplierSymbolsLanded) -> None:
        show = self._tumble_show(event.feature)
        show.multipliers = {(reel, row): value for reel, row, value in event.cells}

    def _sequence_multiplied(self, event: SequenceMultiplied) -> None:
        show = self._tumble_show(event.feature)
        self._count_screen()
        extra = event.after - event.before
        show.factor = event.factor
        if extra:
            self.count = WinCount((), extra, self.meter)
            self.meter += extra
            self.spin_counted += extra
            self.hud_win = self.meter
        show.total = self.spin_counted

    def _cell_multipliers(self, event: CellMultipliers) -> None:
        show = self._tumble_show(event.feature)
        self._count_screen()
        show.cells = {(reel, row): value for reel, row, value in event.cells}

    def _feature_started_tumbles(self) -> None:
        if self.tumble is not None:
            self.tumble.cells = {}

    def _record_on_board(self, event: Event) -> None:
        """A board event the reducer has no rule for: kept by field name on its board, and
        by cell when it names one, so the board's view can read it."""
        values = {f.name: getattr(event, f.name) for f in fields(event)}
        if event.kind in PAYING_BOARD_KINDS:  # a fill award, a cell paid, the held prizes: on the meter
            self.meter += values["amount"]
            self.hud_win = self.meter
        board = self.boards.setdefault(values.pop("board"), {})
        board["last_kind"] = event.kind
        if "reel" in values and "row" in values:
            cell = (values.pop("reel"), values.pop("row"))
            board.setdefault("cells", {}).setdefault(cell, {}).update(values)
        else:
            board.update(values)

    def _layered(self) -> list[list[str]] | None:
        if self.landed is None:
            return None
        screen = [list(column) for column in self.landed]
        for (reel, row), symbol in self.changed.items():
            if reel < len(screen) and row < len(screen[reel]):
                screen[reel][row] = symbol
        return screen


def _win_kinds() -> frozenset[str]:
    """Every pay model's win kinds (``presentation/pays``, loaded by name on first use)."""
    from .pays import win_kinds

    return win_kinds()


def _columns(screen: Screen) -> list[list[str]]:
    return [list(column) for column in screen]


# By event kind, as presenters are: a block module's own event class finds its rule by name.
_REDUCERS: dict[str, Any] = {
    RoundStarted.kind: ScreenState._round_started,
    SpinStarted.kind: ScreenState._spin_started,
    ReelsStopped.kind: ScreenState._reels_stopped,
    ScreenChanged.kind: ScreenState._screen_changed,
    LineWin.kind: ScreenState._win,
    ScatterWin.kind: ScreenState._win,
    FeatureTriggered.kind: ScreenState._feature_triggered,
    FeatureStarted.kind: ScreenState._feature_started,
    SpinsAdded.kind: ScreenState._spins_added,
    WinCapped.kind: ScreenState._win_capped,
    SpinEnded.kind: ScreenState._spin_ended,
    FeatureEnded.kind: ScreenState._feature_ended,
    RoundCapped.kind: ScreenState._round_capped,
    RoundEnded.kind: ScreenState._round_ended,
    WinMultiplied.kind: ScreenState._win_multiplied,
    SymbolExpanded.kind: ScreenState._symbol_expanded,
    ProgressAdvanced.kind: ScreenState._progress_advanced,
    LevelReached.kind: ScreenState._level_reached,
    StickyReelAdded.kind: ScreenState._sticky_reel_added,
    TumbleStep.kind: ScreenState._tumble_step,
    TumblesEnded.kind: ScreenState._tumbles_ended,
    MultiplierSymbolsLanded.kind: ScreenState._multiplier_symbols_landed,
    SequenceMultiplied.kind: ScreenState._sequence_multiplied,
    CellMultipliers.kind: ScreenState._cell_multipliers,
}


def shown_at(events: Sequence[Event], step: int, *, presenters: Mapping[str, str] | None = None) -> ScreenState:
    """What the screen showed after ``events[:step]``: a fresh state with them applied
    (``presenters``: ``feature_presenters`` of the round's game)."""
    return ScreenState(presenters=dict(presenters or {})).apply_all(events[:step])
