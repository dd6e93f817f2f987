"""The pipeline's presenters: how the events every round has are animated on the base game
(a round starting, reels spinning and landing, symbols changed by a screen stage, a
feature's trigger counted, a spin's wins, the round's total).

The playback engine (``engine.py``) runs them for the events no mechanic of the game
shows itself (``mechanics/``: each block's own presenters, and their part in these
events). A presenter only animates and keeps time: it reads the state the event has just
produced and never decides an outcome or a meter value.
"""

from __future__ import annotations

from collections.abc import Generator

from cabinet.core.events import (
    FeatureTriggered,
    ReelsStopped,
    RoundCapped,
    RoundEnded,
    RoundStarted,
    ScreenChanged,
    SpinEnded,
    SpinStarted,
    WinCapped,
)

from .bet_modes import strips_played
from .engine import Playback, Presenter, Step, wait
from .scenes.max_win import MaxWinScene
from .scenes.win import WinScene
from .screen_state import WinCount

TRIGGER_HOLD = 0.4  # the trigger's wins stay lit this long before the feature's intro
CHANGE_HOLD = 0.45  # changed symbols are seen on their own before any win is shown


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


# -- the presenters -------------------------------------------------------------------------------


def greet(play: Playback, event: RoundStarted) -> None:
    play.ctx.hud.say("ROUND RESTORED" if play.restored else "GOOD LUCK!" if event.round_type == "spin" else "RESPIN")


def start_reels(play: Playback, event: SpinStarted) -> None:
    scene, ctx = play.scene, play.ctx
    scene.reel_set = event.reel_set
    scene.reels.start(strips_played(ctx.defn, play.result.request, event.reel_set), event.spinning_reels)
    ctx.audio.play("respin" if event.mode == "respin" else "spin_start")


def land_reels(play: Playback, event: ReelsStopped) -> Step:
    scene = play.scene
    scene.reels.land(event.stops, event.anticipation)
    scene.screen = [list(column) for column in play.state.screen or event.screen]
    while not scene.reels.all_stopped:
        yield


def change_symbols(play: Playback, event: ScreenChanged) -> Step:
    """The layer over the reels (drawn by the base scene from the state) shows the change;
    the wins that follow light the changed symbols."""
    play.scene.screen = [list(column) for column in play.state.screen or event.screen]
    play.ctx.audio.play("feature_trigger")
    yield from wait(play, CHANGE_HOLD)


def trigger_feature(play: Playback, event: FeatureTriggered) -> Step:
    count = play.state.count  # the base spin's wins and the trigger, before the feature starts
    assert count is not None
    win = yield from count_up(play, count, tier="", loop=False, quick=False, seed=play.seed)
    yield from wait(play, TRIGGER_HOLD)
    win.end()
    play.ctx.stack.remove(win)


def win_capped(play: Playback, event: WinCapped) -> None:
    play.ctx.hud.say("MAXIMUM WIN REACHED")


def reach_round_cap(play: Playback, event: RoundCapped) -> Step:
    """The round cap: the spin's last wins count up to the cap (the meter never passes it),
    then the MAX WIN takeover (``scenes/max_win.py``) holds until it ends or is skipped."""
    count = play.state.count
    if count is not None and count.amount > 0:
        win = yield from count_up(play, count, tier="", loop=False, quick=True, seed=play.seed)
        while not win.finished:
            yield
        play.ctx.stack.remove(win)
    takeover = MaxWinScene(play.ctx, event, seed=play.seed)
    play.ctx.stack.push(takeover)
    while not takeover.finished:
        yield
    play.ctx.stack.remove(takeover)


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


def celebrate_total(play: Playback, event: RoundEnded) -> Step:
    if play.state.round_cap is not None:  # the cap's takeover has shown the total already
        return
    if play.result.features and event.tier:  # a tiered total after a feature: celebrate it
        win = yield from count_up(play, WinCount((), event.total_win, 0), tier=event.tier, loop=False, quick=False,
                                  seed=play.seed)
        play.ctx.stack.remove(win)


PIPELINE: dict[str, Presenter] = {
    RoundStarted.kind: greet,
    SpinStarted.kind: start_reels,
    ReelsStopped.kind: land_reels,
    ScreenChanged.kind: change_symbols,
    FeatureTriggered.kind: trigger_feature,
    WinCapped.kind: win_capped,
    RoundCapped.kind: reach_round_cap,
    SpinEnded.kind: collect_wins,
    RoundEnded.kind: celebrate_total,
}
