"""Typed, immutable round events: the seam between the math and the screen.

A round appends these to its book in order; the presentation replays them as timed
cues, the journal and history store them, and tests assert on them. Amounts are
ints of the minor unit; multiples of the bet are Fractions. ``to_dict`` gives a
JSON-safe form (Fractions as exact strings) for history and ``--json`` output.

Positions are ``(reel, row)`` pairs, both 0-based, row 0 at the top.
"""

from __future__ import annotations

import importlib
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


@dataclass(frozen=True)
class ModePlayed(Event):
    """A round of a bet mode other than the base game (an ante, a bought feature): right after
    ``RoundStarted``, so the screen and history say what was played and what it cost."""

    kind: ClassVar[str] = "mode_played"
    mode: str  # the bet mode's name (``Definition.bet_modes``)
    mode_kind: str  # "ante" | "buy" | "plain"
    label: str  # the player's words for it
    cost: int  # what the round charged, in minor units (the base total bet x the mode's cost)
    buy: str = ""  # a buy: the feature started at once


@dataclass(frozen=True)
class RoundCapped(Event):
    """The round's win reached the round cap (``max_win_x``): the win stops at ``cap`` and the
    round ends here; what it had won past the cap (``removed``) is not paid."""

    kind: ClassVar[str] = "round_capped"
    cap: int  # the cap in minor units (max_win_x x the base total bet)
    uncapped: int  # the round's win had it played to its end
    removed: int  # the part of the events' amounts so far above the cap


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
        ModePlayed,
        RoundCapped,
        ScreenChanged,
    )
}


def register_event(cls: type[Event]) -> type[Event]:
    """Add an event type defined by a block module (history and replay read them by kind)."""
    EVENT_TYPES[cls.kind] = cls
    return cls


# A block's own events are defined in its module, beside the rule that emits them (registered
# with ``register_event`` as the module loads). Their former names here still resolve, loaded by
# name so that this module, which every block imports, imports none of them.
MOVED: dict[str, str] = {
    "WinMultiplied": "features.multiplier_wilds",
    "ProgressAdvanced": "features.progress_levels",
    "LevelReached": "features.progress_levels",
    "StickyReelAdded": "features.progress_levels",
    "WheelSpun": "features.wheel",
    "BoardOpened": "boards",
    "BoardSpun": "boards",
    "CellLanded": "boards",
    "CellMultiplierChanged": "boards",
    "RespinsChanged": "boards",
    "PrizeMultiplied": "boards",
    "Collected": "boards",
    "CellPaid": "boards",
    "BoardFilled": "boards",
    "HeldPrizesPaid": "boards",
}


def __getattr__(name: str) -> Any:
    where = MOVED.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__package__}.{where}"), name)
