"""A round: a pure function of (definition, bet, seed, player decisions).

``play_round(defn, request)`` returns every event of the round, in order, and its
total. The screen replays ``result.events``; the journal stores ``request``; history,
replay, recovery, forced outcomes and simulation all call this same function.

A paid single-reel respin is its own round (``kind="respin"``): a new wager whose
request names the reel and the held screen, so it is journaled, recovered and
replayed like any spin.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from .bet import Bet
from .events import Event
from .money import Money


class RoundError(ValueError):
    """A request the rules do not allow (e.g. a respin while none is offered)."""


@dataclass(frozen=True)
class RoundRequest:
    bet: Bet
    seed: int
    kind: Literal["spin", "respin"] = "spin"
    respin_reel: int = -1  # 0-based reel to respin (respin rounds only)
    held_stops: tuple[int, ...] = ()  # the screen being respun: each reel's stop
    held_reel_set: str = "base"  # reel set of that screen
    script: tuple[int, ...] = ()  # forced draws (designer scenarios, tests), answered before the seed
    decisions: tuple[str, ...] = ()  # player choices made so far, in order

    @property
    def forced(self) -> bool:
        return bool(self.script)


@dataclass(frozen=True)
class RoundResult:
    request: RoundRequest
    events: tuple[Event, ...]
    cost: Money  # what this round charged: the total bet, or the respin's price
    total_win: Money
    final_stops: tuple[int, ...]  # the screen left showing when the round ends
    final_reel_set: str
    respin_prices: tuple[Money | None, ...] | None = None  # next respin offer; None: unavailable
    features: tuple[str, ...] = ()  # names of features that ran, in order (meters count them)
    awaiting: str | None = None  # a decision the round waits for (None: complete)
    stats: dict[str, int] = field(default_factory=dict, compare=False)  # e.g. free spins played
