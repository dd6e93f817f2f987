"""Presenters: how each kind of round event is animated on the base game.

The round player (``BaseGameScene._play``) shows a round one event at a time: it applies
the event to the round's ``ScreenState`` (what the screen shows, ``screen_state.py``),
then runs the presenter registered for the event's kind, then puts the state's meters
and counter on the screen and tells the session how far the screen has got. A
presenter only animates and keeps time: it reads the state the event has just
produced and never decides an outcome or a meter value. A kind without a presenter is
shown by the state alone (no animation), so a block's new event never stops a round.

A presenter is ``fn(play, event)``; when it needs time it is a generator that yields once
per frame until its animation is done. ``presents(kind, ...)`` registers one; a block's
presentation module registers its own kinds the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cabinet.core.events import (
    FeatureEnded,
    FeatureStarted,
    FeatureTriggered,
    LevelReached,
    ProgressAdvanced,
    ReelsStopped,
    RoundEnded,
    RoundStarted,
    ScreenChanged,
    SpinEnded,
    SpinsAdded,
    SpinStarted,
    StickyReelAdded,
    WinCapped,
    WinMultiplied,
)
from cabinet.core.round import RoundResult

from .context import Context
from .scenes.free_spins import RETRIGGER_TIME, FreeSpinsScene
from .scenes.win import WinScene
from .screen_state import ScreenState, WinCount, stamp_label

if TYPE_CHECKING:
    from .scenes.base import BaseGameScene

Step = Generator[None, None, None]
Presenter = Callable[["Playback", Any], "Step | None"]

FREE_SPIN_PAUSE = 0.3  # the counter moves on before the reels start
TRIGGER_HOLD = 0.4  # the trigger's wins stay lit this long before the feature's intro
CHANGE_HOLD = 0.45  # changed symbols are seen on their own before any win is shown
STAMP_DELAY = 0.25  # a multiplier wild rests bare this long before its drawn value is stamped on it ...
STAMP_HOLD = 0.5  # ... which is seen before the wins count

PRESENTERS: dict[str, Presenter] = {}


def presents(*kinds: str) -> Callable[[Presenter], Presenter]:
    """Register the decorated function as the presenter of events of ``kinds``."""

    def register(fn: Presenter) -> Presenter:
        for kind in kinds:
            PRESENTERS[kind] = fn
        return fn

    return register


def presenter_for(kind: str) -> Presenter | None:
    return PRESENTERS.get(kind)


@dataclass
class Playback:
    """One round being shown on ``scene``: the reducer's state and what the presenters
    share between events (the free-spins scene while the feature is on screen)."""

    scene: BaseGameScene
    result: RoundResult
    state: ScreenState
    restored: bool = False
    index: int = 0  # the event being shown
    free: FreeSpinsScene | None = None
    # events a presenter showed before their turn (the mummies of a screen a respin is about to
    # change fly from it first); their own turn finds them shown. Presentation order only.
    shown_ahead: set[int] = field(default_factory=set)

    @property
    def ctx(self) -> Context:
        return self.scene.ctx

    @property
    def seed(self) -> int:
        return self.result.request.seed

    @property
    def tier(self) -> str:
        """The round's win tier (the base spin's own presentation already celebrates it)."""
        return next((e.tier for e in self.result.events if isinstance(e, RoundEnded)), "")


def show_state(play: Playback) -> None:
    """Put the state's WIN meter, free-spins counter and feature HUD on the screen (after each event)."""
    state = play.state
    play.ctx.hud.win = state.hud_win
    counter, free = state.free, play.free
    if counter is not None and free is not None:
        free.played, free.total_spins, free.multiplier = counter.played, counter.total_spins, counter.multiplier
        free.total_win = counter.total_win
    if free is not None and free.hud is not None:
        free.hud.sync(state.features.get(free.hud.name))


def wait(play: Playback, seconds: float) -> Step:
    end = play.scene.clock + seconds
    while play.scene.clock < end:
        yield


def count_up(play: Playback, count: WinCount, *, tier: str, loop: bool, quick: bool,
             seed: int) -> Generator[None, None, WinScene]:
    """Light ``count``'s wins while the WIN meter counts up; returns once it has counted
    (the scene may still cycle the wins: the caller ends or keeps it)."""
    scene = play.scene
    screen = scene.reels.stamped_screen(scene.screen, play.ctx.art)  # a stamped wild glows with its value
    win = WinScene(play.ctx, list(count.wins), count.amount, count.meter_from, tier, screen, seed,
                   loop=loop, quick=quick)
    play.ctx.stack.push(win)
    while not win.counted:
        yield
    return win


# -- the base game's presenters ------------------------------------------------------------------


@presents(RoundStarted.kind)
def greet(play: Playback, event: RoundStarted) -> None:
    play.ctx.hud.say("ROUND RESTORED" if play.restored else "GOOD LUCK!" if event.round_type == "spin" else "RESPIN")


@presents(SpinStarted.kind)
def start_reels(play: Playback, event: SpinStarted) -> Step:
    scene, ctx = play.scene, play.ctx
    if event.mode == "free" and play.free is not None:
        play.free.level_spins = 0  # the levels' extra spins are in the state's count from this spin
        show_state(play)  # the counter reads the new spin's number first
        # the status line follows the counter (after a retrigger it must not still say the award)
        ctx.hud.say(f"FREE SPIN {event.index} OF {event.index + event.remaining}")
        yield from wait(play, FREE_SPIN_PAUSE)
    scene.reel_set = event.reel_set
    scene.reels.start(ctx.defn.reels[event.reel_set], event.spinning_reels)
    ctx.audio.play("respin" if event.mode == "respin" else "spin_start")


@presents(ReelsStopped.kind)
def land_reels(play: Playback, event: ReelsStopped) -> Step:
    scene = play.scene
    scene.reels.land(event.stops, event.anticipation)
    scene.screen = [list(column) for column in play.state.screen or event.screen]
    while not scene.reels.all_stopped:
        yield


@presents(ScreenChanged.kind)
def change_symbols(play: Playback, event: ScreenChanged) -> Step:
    """The layer over the reels (drawn by the base scene from the state) shows the change;
    the wins that follow light the changed symbols."""
    play.scene.screen = [list(column) for column in play.state.screen or event.screen]
    play.ctx.audio.play("feature_trigger")
    yield from wait(play, CHANGE_HOLD)


@presents(FeatureTriggered.kind)
def trigger_feature(play: Playback, event: FeatureTriggered) -> Step:
    if event.retrigger and play.free is not None:
        play.free.retrigger(event.awarded)
        play.ctx.hud.say(f"RETRIGGER! +{event.awarded} FREE SPINS: {play.free.total_spins} IN ALL")
        yield from wait(play, RETRIGGER_TIME)  # the celebration plays out before the wins
        return
    count = play.state.count  # the base spin's wins and the trigger, before the feature starts
    assert count is not None
    win = yield from count_up(play, count, tier="", loop=False, quick=False, seed=play.seed)
    yield from wait(play, TRIGGER_HOLD)
    win.end()
    play.ctx.stack.remove(win)


@presents(FeatureStarted.kind)
def free_spins_intro(play: Playback, event: FeatureStarted) -> Step:
    ctx, counter = play.ctx, play.state.free
    if counter is None or play.free is not None:  # not free spins: that feature's view shows it
        return
    play.free = free = FreeSpinsScene(ctx, counter.total_spins, counter.multiplier)
    ctx.stack.push(free)
    ctx.hud.say(f"{event.spins} FREE SPINS")
    while free.phase == "intro":
        yield


@presents(SpinsAdded.kind)
def free_spins_added(play: Playback, event: SpinsAdded) -> None:
    if play.free is not None:
        play.free.add(event.spins)


@presents(WinCapped.kind)
def win_capped(play: Playback, event: WinCapped) -> None:
    play.ctx.hud.say("MAXIMUM WIN REACHED")


@presents(SpinEnded.kind)
def collect_wins(play: Playback, event: SpinEnded) -> Step:
    count = play.state.count
    if count is None:
        return
    if event.mode == "free":
        win = yield from count_up(play, count, tier="", loop=False, quick=True, seed=play.seed + play.index)
        while not win.finished:
            yield
        play.ctx.stack.remove(win)
    else:  # the round's own presentation: it keeps cycling while the cabinet is idle
        play.scene.presentation = yield from count_up(play, count, tier=play.tier, loop=True, quick=False,
                                                      seed=play.seed)


@presents(FeatureEnded.kind)
def free_spins_outro(play: Playback, event: FeatureEnded) -> Step:
    free, ctx = play.free, play.ctx
    if free is None or play.state.free is not None:  # not the free spins ending
        return
    ctx.hud.say(f"FREE SPINS WIN {ctx.money(event.total)}")
    free.outro(event.total)
    while not free.finished:
        yield
    ctx.stack.remove(free)
    play.free = None


@presents(RoundEnded.kind)
def celebrate_total(play: Playback, event: RoundEnded) -> Step:
    if play.result.features and event.tier:  # a tiered total after a feature: celebrate it
        win = yield from count_up(play, WinCount((), event.total_win, 0), tier=event.tier, loop=False, quick=False,
                                  seed=play.seed)
        play.ctx.stack.remove(win)


# -- stage events: the feature HUD's values live in the state; the status line says what happened --


@presents(WinMultiplied.kind)
def multiply_wins(play: Playback, event: WinMultiplied) -> Step:
    """The drawn multiplier is stamped on each multiplier wild that drew it, for the rest of
    the spin (before this event the wilds show no number), and seen before the wins count."""
    ctx = play.ctx
    screen = play.state.screen or play.scene.screen
    cells = [(reel, row) for reel, row in event.positions if reel < len(screen) and row < len(screen[reel])]
    if not cells:
        ctx.hud.say(f"WINS x{event.multiplier}")
        return
    yield from wait(play, STAMP_DELAY)  # the wild is seen landing bare ...
    play.scene.reels.stamp(cells, [screen[reel][row] for reel, row in cells], stamp_label(event.multiplier), ctx.text)
    ctx.hud.say(f"WINS x{event.multiplier}")  # ... then its value is stamped on it
    ctx.audio.play("feature_trigger")
    yield from wait(play, STAMP_HOLD)


@presents(ProgressAdvanced.kind)
def fill_meter(play: Playback, event: ProgressAdvanced) -> Step:
    """The symbols that moved the bar fly from their cells to it; each point lights as one arrives."""
    hud = play.free.hud if play.free is not None else None
    if hud is None or not event.positions:
        return
    hud.launch(event.positions, event.points, event.added, hud.params.symbol)
    play.ctx.audio.play("coin_drop")
    while hud.flying:
        yield


@presents(LevelReached.kind)
def reach_level(play: Playback, event: LevelReached) -> Step:
    """The level's banner over the reels; its spins join the counter at once."""
    free = play.free
    hud = free.hud if free is not None else None
    mark = hud.reach(event.level) if hud is not None else None
    if free is None or hud is None or mark is None:
        extra = f" +{event.extra_spins} FREE SPINS" if event.extra_spins else ""
        play.ctx.hud.say(f"LEVEL {event.level} REACHED{extra}")
        return
    free.level_added(event.extra_spins)
    play.ctx.hud.say(mark.banner)
    play.ctx.audio.play("free_spin_start")
    play.ctx.shake(0.5, 200)
    while hud.banner_showing:
        yield


@presents(StickyReelAdded.kind)
def stick_reel(play: Playback, event: StickyReelAdded) -> Step:
    """The reel freezes over into its wild, for the rest of the feature."""
    play.ctx.hud.say(f"REEL {event.reel + 1} STAYS WILD")
    hud = play.free.hud if play.free is not None else None
    if hud is None:
        return
    hud.freeze(event.reel)
    play.ctx.audio.play("respin")
    while hud.freezing_now:
        yield


# The board events' presenters register themselves (imported last: they build on this module).
from . import board_presenters, halloween_presenters  # noqa: E402, F401  (boards; wheel, Dracula, mummy panel)
