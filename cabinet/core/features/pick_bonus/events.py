"""The events of a pick bonus (typed, frozen; the screen replays them).

Only ``PickBonusPaid`` carries an ``amount`` (what the bonus paid): the picks' and the
spins' own worths are shown, the round's total counts the bonus once.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ...events import Event, register_event


@register_event
@dataclass(frozen=True)
class PickOffered(Event):
    """The bonus awaits (or takes) a choice: a tile to pick, or take-or-climb on a ladder.
    ``choices`` are the words a decision may be (tile numbers "1".."N", "take"/"climb")."""

    kind: ClassVar[str] = "pick_offered"
    feature: str
    game: str  # "pick" | "ladder"
    choices: tuple[str, ...]
    picks_left: int = 0  # pick: picks left (-1: until a collect tile)
    rung: int = 0  # ladder: the rung reached (0-based)


@register_event
@dataclass(frozen=True)
class TilePicked(Event):
    """A tile was chosen and shows its prize (``prize``: index into the expanded prize list)."""

    kind: ClassVar[str] = "tile_picked"
    feature: str
    tile: int  # 0-based
    prize: int
    x_bet: Fraction
    multiplier: int
    extra_picks: int
    collect: bool
    by: str  # "player" | "auto"
    credits_x_bet: Fraction  # credits so far
    multiplier_total: int  # multiplier so far
    picks_left: int  # after this pick (-1: until a collect tile)
    free_spins: int = 0  # free spins this tile awards
    free_spins_multiplier: int = 1  # what it multiplies the free spins' wins by
    spins_total: int = 0  # free spins won so far
    spins_multiplier_total: int = 1  # their multiplier so far


@register_event
@dataclass(frozen=True)
class TilesRevealed(Event):
    """The bonus is over: the tiles not picked show what they held, (tile, prize) pairs."""

    kind: ClassVar[str] = "tiles_revealed"
    feature: str
    tiles: tuple[tuple[int, int], ...]


@register_event
@dataclass(frozen=True)
class LadderStep(Event):
    """The ladder moved: a climb to ``rung`` or a fall (paying ``rung``'s prize; -1: nothing),
    or the player took the prize of the rung held (``took``)."""

    kind: ClassVar[str] = "ladder_step"
    feature: str
    rung: int  # 0-based rung now held (-1: fell to nothing)
    climbed: bool
    fell: bool = False
    took: bool = False
    by: str = "auto"
    x_bet: Fraction = Fraction(0)  # the held rung's prize


@register_event
@dataclass(frozen=True)
class LuckySpun(Event):
    """One spin of a lucky slot: each reel's stop and what the spin is worth."""

    kind: ClassVar[str] = "lucky_spun"
    feature: str
    spin: int  # 1-based
    spins: int
    stops: tuple[int, ...]
    credits_x_bet: Fraction  # the credits the reels show, summed
    multiplier: int  # the multipliers they show, multiplied
    worth: int  # minor units


@register_event
@dataclass(frozen=True)
class PickBonusPaid(Event):
    """What the bonus's credits pay: its credits times its multiplier (free spins it won
    follow, nested: their own ``FeatureTriggered`` and events)."""

    kind: ClassVar[str] = "pick_bonus_paid"
    feature: str
    game: str
    credits_x_bet: Fraction
    multiplier: int
    amount: int
