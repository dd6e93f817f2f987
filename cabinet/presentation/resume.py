"""Putting a restored round's screen back where the journal says it was.

After a crash the journal knows the last step the screen had shown (always a resume
point: reels landed, a spin over, a feature's intro or outro done; see
``cabinet.machine.session.RESUME_KINDS``). ``shown_at`` works out, from the round's
events alone, what the screen showed at that step: the reels and their reel set, the
win meter, whether the base spin's wins were presented, and the free-spins counter.
``restore_screen`` puts that on the base scene, so the round player carries on from
the step instead of replaying the round from its first event.

The bookkeeping mirrors ``BaseGameScene._play`` event for event (a test plays rounds
both ways and compares), so a restored round ends with the same meters and screen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cabinet.core.events import (
    Event,
    FeatureEnded,
    FeatureStarted,
    FeatureTriggered,
    LineWin,
    ReelsStopped,
    RoundEnded,
    ScatterWin,
    SpinEnded,
    SpinStarted,
)
from cabinet.core.money import Money
from cabinet.core.round import RoundResult

if TYPE_CHECKING:
    from .scenes.base import BaseGameScene
    from .scenes.free_spins import FreeSpinsScene


@dataclass
class FreeShown:
    total_spins: int
    multiplier: int
    played: int = 0
    total_win: Money = 0


@dataclass
class Shown:
    """What the screen showed after ``events[:step]``."""

    reel_set: str | None = None
    stops: tuple[int, ...] | None = None
    screen: list[list[str]] | None = None
    meter: Money = 0  # the round player's running total of wins shown
    hud_win: Money = 0  # the WIN meter
    base_presented: bool = False
    spin_wins: list[Event] = field(default_factory=list)
    free: FreeShown | None = None


def shown_at(events: tuple[Event, ...] | list[Event], step: int) -> Shown:
    shown = Shown()
    for event in events[:step]:
        free = shown.free
        if isinstance(event, SpinStarted):
            shown.spin_wins = []
            if event.mode == "free" and free is not None:
                free.played, free.total_spins, free.multiplier = event.index, event.index + event.remaining, \
                    event.multiplier
            shown.reel_set = event.reel_set
        elif isinstance(event, ReelsStopped):
            shown.stops = tuple(event.stops)
            shown.reel_set = event.reel_set
            shown.screen = [list(column) for column in event.screen]
        elif isinstance(event, (LineWin, ScatterWin)):
            shown.spin_wins.append(event)
        elif isinstance(event, FeatureTriggered):
            if event.retrigger and free is not None:
                free.total_spins += event.awarded
            else:
                shown.meter += sum(w.amount for w in shown.spin_wins)  # type: ignore[attr-defined]
                shown.hud_win = shown.meter
                shown.base_presented = True
        elif isinstance(event, FeatureStarted):
            shown.free = FreeShown(event.spins, event.multiplier)
        elif event.kind == "spins_added" and free is not None:
            free.total_spins += getattr(event, "spins", 0)
        elif isinstance(event, SpinEnded):
            if event.mode == "free":
                shown.meter += event.win
                shown.hud_win = shown.meter
                if free is not None:
                    free.total_win = event.feature_total
            elif not shown.base_presented:
                shown.base_presented = True
                shown.meter += event.win
                if event.win > 0:
                    shown.hud_win = shown.meter
        elif isinstance(event, FeatureEnded):
            shown.free = None
        elif isinstance(event, RoundEnded):
            shown.hud_win = event.total_win
    return shown


def restore_screen(scene: BaseGameScene, result: RoundResult, step: int) -> tuple[Any, Money, bool, list[Event]]:
    """Show ``result`` as it was after ``step`` events on ``scene``.

    Returns the round player's state at that step: (free-spins scene or None, meter,
    base presented, wins of the spin in progress).
    """
    from .scenes.free_spins import FreeSpinsScene

    ctx = scene.ctx
    shown = shown_at(result.events, step)
    if shown.stops is not None and shown.reel_set is not None:
        scene.reel_set = shown.reel_set
        scene.reels.show(ctx.defn.reels[shown.reel_set], shown.stops)
        scene.screen = shown.screen or scene.reels.visible(ctx.defn.grid.rows)
    ctx.hud.win = shown.hud_win
    free: FreeSpinsScene | None = None
    if shown.free is not None:
        free = FreeSpinsScene(ctx, shown.free.total_spins, shown.free.multiplier)
        free.phase, free.t = "running", 0.0  # its intro was shown before the interruption
        free.played, free.total_win = shown.free.played, shown.free.total_win
        ctx.stack.push(free)
    return free, shown.meter, shown.base_presented, list(shown.spin_wins)
