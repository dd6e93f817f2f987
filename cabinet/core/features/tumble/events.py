"""The tumble block's events (the screen replays them; history and replay read them by kind)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...events import Event, Position, Screen, register_event

Cell = tuple[int, int, int]  # (reel, row, value)


@register_event
@dataclass(frozen=True)
class TumbleStep(Event):
    """One tumble: ``removed`` cells went, the rest fell, ``fills`` dropped in (reel, row,
    symbol, in draw order), giving ``screen``, paid at ``multiplier`` (its wins follow).
    ``multipliers``: every multiplier symbol on the new screen with its value (reel, row, value)."""

    kind: ClassVar[str] = "tumble_step"
    feature: str
    step: int  # 1 for the first tumble of the sequence (its ladder step when it lasts: see ``ladder_step``)
    removed: tuple[Position, ...]
    fills: tuple[tuple[int, int, str], ...]
    screen: Screen
    multiplier: int  # the ladder's multiplier on this screen's wins
    ladder_step: int  # 0-based index into the ladder (capped at its end)
    multipliers: tuple[Cell, ...] = ()


@register_event
@dataclass(frozen=True)
class TumblesEnded(Event):
    """A sequence ended: ``tumbles`` screens after the landed one, which paid ``paid`` in all
    (their cell multipliers included; the landed screen's wins and ``SequenceMultiplied`` not)."""

    kind: ClassVar[str] = "tumbles_ended"
    feature: str
    tumbles: int
    paid: int  # minor units the tumbled screens paid


@register_event
@dataclass(frozen=True)
class MultiplierSymbolsLanded(Event):
    """The landed screen's multiplier symbols and their drawn values (before the spin's wins)."""

    kind: ClassVar[str] = "multiplier_symbols_landed"
    feature: str
    cells: tuple[Cell, ...]


@register_event
@dataclass(frozen=True)
class SequenceMultiplied(Event):
    """The sequence's end: the spin's total win ``before`` x ``factor`` = ``after`` (minor units).
    ``cells``: the multiplier symbols used (reel, row, value). With a running total in free
    spins, ``factor`` is that total and ``running`` says so (0: none). ``amount`` = after - before,
    what the factor added (so the round's events still add up to its total)."""

    kind: ClassVar[str] = "sequence_multiplied"
    feature: str
    cells: tuple[Cell, ...]
    factor: int
    before: int
    after: int
    amount: int
    running: int = 0  # the free spins' running total after this sequence (accumulate_in_free_spins; 0: none)


@register_event
@dataclass(frozen=True)
class CellMultipliers(Event):
    """After a paying screen: every non-empty cell of the grid (reel, row, value), value 1 for
    a cell that is only marked."""

    kind: ClassVar[str] = "cell_multipliers"
    feature: str
    cells: tuple[Cell, ...]


@register_event
@dataclass(frozen=True)
class CellMultiplierWin(Event):
    """A win (the event just before) raised by its cells' multipliers: ``base`` as the model
    priced it, x ``multiplier`` = ``paid`` (what the win event's ``amount`` says it pays; not
    ``amount`` here, which would count the win twice in the round's total)."""

    kind: ClassVar[str] = "cell_multiplier_win"
    feature: str
    positions: tuple[Position, ...]
    multiplier: int
    base: int
    paid: int
