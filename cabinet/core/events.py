"""Typed, immutable round events: the seam between the math and the screen.

A round appends these to its book in order; the presentation replays them as timed
cues, the journal and history store them, and tests assert on them. Amounts are
ints of the minor unit; multiples of the bet are Fractions. ``to_dict`` gives a
JSON-safe form (Fractions as exact strings) for history and ``--json`` output.

Positions are ``(reel, row)`` pairs, both 0-based, row 0 at the top.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any, ClassVar

Position = tuple[int, int]
Screen = tuple[tuple[str, ...], ...]  # screen[reel][row] -> symbol id


@dataclass(frozen=True)
class Event:
    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            out[f.name] = _jsonable(getattr(self, f.name))
        return out


def _jsonable(value: Any) -> Any:
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class RoundStarted(Event):
    kind: ClassVar[str] = "round_started"
    game: str
    bet: int  # total bet charged for this round (for a paid respin: its price)
    lines: int
    coins_per_line: int
    coin_value: int
    seed: int
    round_type: str = "spin"  # "spin" or "respin"


@dataclass(frozen=True)
class SpinStarted(Event):
    """A spin of the reels begins: base, a free spin, or a respin."""

    kind: ClassVar[str] = "spin_started"
    mode: str  # "base" | "free" | "respin"
    reel_set: str
    index: int = 0  # free spin number, 1-based (0 in the base game)
    remaining: int = 0  # free spins still to play after this one
    multiplier: int = 1  # multiplier in force for this spin's wins
    spinning_reels: tuple[int, ...] = ()  # reels that move (empty: all)


@dataclass(frozen=True)
class ReelsStopped(Event):
    kind: ClassVar[str] = "reels_stopped"
    reel_set: str
    stops: tuple[int, ...]  # strip index of each reel's top visible row
    screen: Screen
    anticipation: tuple[int, ...] = ()  # reels that should spin longer (a feature can still trigger)


@dataclass(frozen=True)
class LineWin(Event):
    kind: ClassVar[str] = "line_win"
    line: int  # 0-based payline index
    symbol: str  # the symbol paid (after wild substitution)
    count: int  # symbols counted (Doubles count 2)
    positions: tuple[Position, ...]
    direction: str  # "ltr" | "rtl"
    coins: Fraction  # paytable value (coins per coin bet on the line)
    multiplier: int
    amount: int  # minor units actually paid


@dataclass(frozen=True)
class ScatterWin(Event):
    kind: ClassVar[str] = "scatter_win"
    symbol: str
    count: int
    positions: tuple[Position, ...]
    x_bet: Fraction
    multiplier: int
    amount: int


@dataclass(frozen=True)
class FeatureTriggered(Event):
    kind: ClassVar[str] = "feature_triggered"
    feature: str
    symbol: str
    count: int
    positions: tuple[Position, ...]
    awarded: int  # spins (or respins) awarded
    retrigger: bool = False


@dataclass(frozen=True)
class FeatureStarted(Event):
    kind: ClassVar[str] = "feature_started"
    feature: str
    spins: int
    multiplier: int = 1


@dataclass(frozen=True)
class SpinEnded(Event):
    """All wins of one spin are known."""

    kind: ClassVar[str] = "spin_ended"
    mode: str
    win: int  # this spin's win, after multipliers and caps
    feature_total: int = 0  # running total of the current feature (0 outside features)


@dataclass(frozen=True)
class WinCapped(Event):
    kind: ClassVar[str] = "win_capped"
    feature: str
    cap: int
    removed: int


@dataclass(frozen=True)
class SpinsAdded(Event):
    """Spins added to a running feature by a rule rather than by symbols (e.g. a minimum-win top-up)."""

    kind: ClassVar[str] = "spins_added"
    feature: str
    spins: int
    reason: str  # "top_up"
    feature_total: int = 0  # the feature's total when the spins were added


@dataclass(frozen=True)
class FeatureLimitReached(Event):
    """A feature hit the engine's safety limit on spins and was ended (never loops forever)."""

    kind: ClassVar[str] = "feature_limit_reached"
    feature: str
    limit: int  # spins played when it was stopped
    unplayed: int  # spins (or top-ups) it still had


@dataclass(frozen=True)
class FeatureEnded(Event):
    kind: ClassVar[str] = "feature_ended"
    feature: str
    total: int
    spins_played: int


@dataclass(frozen=True)
class RespinOffer(Event):
    """Prices of a paid single-reel respin, per reel (None: not offered)."""

    kind: ClassVar[str] = "respin_offer"
    prices: tuple[int | None, ...]


@dataclass(frozen=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round_ended"
    total_win: int
    bet: int
    tier: str = ""  # "", "big", "mega", "epic"


# --- stage events: what a block changed inside a spin (core/spin.py) ---------------------------------


@dataclass(frozen=True)
class ScreenChanged(Event):
    """A screen modifier changed symbols after the reels landed (mystery reveal, expanding
    wild, sticky wild reel, held reel). ``screen`` is the whole screen after the change."""

    kind: ClassVar[str] = "screen_changed"
    feature: str
    reason: str  # "mystery" | "expand" | "sticky" | "held" | ...
    positions: tuple[Position, ...]  # the cells that changed
    symbol: str  # what they show now
    screen: Screen


@dataclass(frozen=True)
class WinMultiplied(Event):
    """A win modifier multiplied wins (e.g. a multiplier wild's random multiplier)."""

    kind: ClassVar[str] = "win_multiplied"
    feature: str
    multiplier: int
    positions: tuple[Position, ...]  # the cells that caused it (the multiplier wilds)
    wins: int  # how many wins it applied to
    added: int  # minor units it added to the spin's win


@dataclass(frozen=True)
class ProgressAdvanced(Event):
    kind: ClassVar[str] = "progress_advanced"
    feature: str
    points: int  # points after this spin
    added: int
    positions: tuple[Position, ...]  # the symbols that moved the bar


@dataclass(frozen=True)
class LevelReached(Event):
    kind: ClassVar[str] = "level_reached"
    feature: str
    level: int  # 1-based
    unlocks: str  # what the level turns on ("sticky_reel", "multiplier", "both_ways", ...)
    value: int  # e.g. the multiplier, or the sticky reel (0-based)
    extra_spins: int


@dataclass(frozen=True)
class StickyReelAdded(Event):
    kind: ClassVar[str] = "sticky_reel_added"
    feature: str
    reel: int  # 0-based


# --- board events: sub-games on boards of single-cell reels (core/boards.py) and wheels -------------
# Cells are named by their board and a (reel, row) position on it, both 0-based. Values are
# minor units; only the events that pay (``amount``) add to the round's total.


@dataclass(frozen=True)
class BoardOpened(Event):
    kind: ClassVar[str] = "board_opened"
    feature: str
    board: str
    reels: int
    rows: int
    fill_award: int  # what filling every cell of the board pays, in minor units (0: nothing)


@dataclass(frozen=True)
class BoardSpun(Event):
    """The free cells of one board spun; each landed on its own symbol."""

    kind: ClassVar[str] = "board_spun"
    feature: str
    board: str
    respin: int  # 1-based respin number
    positions: tuple[Position, ...]  # the cells that spun, in draw order
    symbols: tuple[str, ...]  # what each landed on


@dataclass(frozen=True)
class CellLanded(Event):
    """A symbol with a rule arrived on a cell (landed in a respin, or placed at the start)."""

    kind: ClassVar[str] = "cell_landed"
    feature: str
    board: str
    position: Position
    symbol: str
    value: int  # its value in minor units, after the cell's multiplier (0: none)
    held: bool  # stays on the cell for the rest of the feature
    jackpot: str = ""  # the jackpot it carries ("" for none)


@dataclass(frozen=True)
class CellMultiplierChanged(Event):
    kind: ClassVar[str] = "cell_multiplier_changed"
    feature: str
    board: str
    position: Position
    multiplier: int  # the cell's multiplier now


@dataclass(frozen=True)
class RespinsChanged(Event):
    kind: ClassVar[str] = "respins_changed"
    feature: str
    respins: int  # respins left after the change
    change: int
    reason: str  # "start" | "spin" (one used) | "reset" | "added"


@dataclass(frozen=True)
class PrizeMultiplied(Event):
    kind: ClassVar[str] = "prize_multiplied"
    feature: str
    board: str
    position: Position  # the held prize multiplied
    multiplier: int
    value: int  # the prize after it
    source_board: str  # where the multiplier symbol landed
    source: Position


@dataclass(frozen=True)
class Collected(Event):
    """A collector took the values that landed on the reels it collects."""

    kind: ClassVar[str] = "collected"
    feature: str
    board: str
    collector: Position
    positions: tuple[Position, ...]  # the cells collected (they are cleared)
    value: int  # what it took this time
    total: int  # what it holds now


@dataclass(frozen=True)
class CellPaid(Event):
    """A value that is neither held nor collected pays as it lands."""

    kind: ClassVar[str] = "cell_paid"
    feature: str
    board: str
    position: Position
    amount: int


@dataclass(frozen=True)
class BoardFilled(Event):
    kind: ClassVar[str] = "board_filled"
    feature: str
    board: str
    x_bet: Fraction  # the fill award as a multiple of the total bet
    amount: int


@dataclass(frozen=True)
class HeldPrizesPaid(Event):
    """At the feature's end: the values held on one board (prizes, collectors' totals)."""

    kind: ClassVar[str] = "held_prizes_paid"
    feature: str
    board: str
    positions: tuple[Position, ...]
    amount: int


@dataclass(frozen=True)
class WheelSpun(Event):
    """A ring of a wheel stopped on a pocket: it pays (and the wheel ends) or passes play on."""

    kind: ClassVar[str] = "wheel_spun"
    feature: str
    ring: int  # 0-based
    pocket: int  # 0-based
    value: Fraction  # what the pocket pays as a multiple of the total bet (0: it passes)
    next_ring: int | None  # the ring play passes to (None: the wheel ends)
    jackpot: str = ""  # the jackpot it pays ("" for none)
    amount: int = 0


EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        RoundStarted,
        SpinStarted,
        ReelsStopped,
        LineWin,
        ScatterWin,
        FeatureTriggered,
        FeatureStarted,
        SpinEnded,
        WinCapped,
        SpinsAdded,
        FeatureLimitReached,
        FeatureEnded,
        RespinOffer,
        RoundEnded,
        ScreenChanged,
        WinMultiplied,
        ProgressAdvanced,
        LevelReached,
        StickyReelAdded,
        BoardOpened,
        BoardSpun,
        CellLanded,
        CellMultiplierChanged,
        RespinsChanged,
        PrizeMultiplied,
        Collected,
        CellPaid,
        BoardFilled,
        HeldPrizesPaid,
        WheelSpun,
    )
}


def register_event(cls: type[Event]) -> type[Event]:
    """Add an event type defined by a block module (history and replay read them by kind)."""
    EVENT_TYPES[cls.kind] = cls
    return cls
