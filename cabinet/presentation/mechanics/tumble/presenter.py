"""Tumble presenters: each screen's wins count, then the screen tumbles (``view.py``).

A tumbling spin's events, as the core writes them::

    ReelsStopped, [MultiplierSymbolsLanded], wins of the landed screen, [CellMultipliers],
    TumbleStep 1, its wins, [CellMultipliers], TumbleStep 2, ..., TumbleStep n (pays nothing),
    [SequenceMultiplied], TumblesEnded, [FeatureTriggered], SpinEnded

The screen state counts a screen's wins when the next of these events comes
(``ScreenState._count_screen``), and the presenter of that event first lights them while the
WIN meter and the plate count up (``count_up``, quick), then does its own part: a
``TumbleStep`` bursts, drops and refills; ``CellMultipliers`` marks the cells; a
``SequenceMultiplied`` flies the multiplier symbols' values to the plate and counts what
they add; ``TumblesEnded`` holds the total a moment. Nothing is skipped when hurried (SPIN
during the sequence, ``view.TumbleView.hurry``): each pay still lights and counts, for a
shorter time, so the meters always reconcile with the round.

Anticipation: when a tumbled screen shows one trigger symbol fewer than starts the
game's free spins and another tumble is coming, the trigger symbols glow and the drop-in
plays slower (its reels the suspense of a landing) with the anticipation sound.
"""

from __future__ import annotations

from typing import Any

from cabinet.core.events import SpinEnded
from cabinet.core.features.tumble import (
    CellMultipliers,
    MultiplierSymbolsLanded,
    SequenceMultiplied,
    TumblesEnded,
    TumbleStep,
)

from ...engine import Join, Playback, Presenter, Step, run, wait
from ...screen_state import TumbleShow, WinCount
from .view import TumbleView

HURRIED_COUNT = 0.2  # a hurried screen's wins stay lit this long, counted, before they go
END_HOLD = 0.45  # the total on the plate is seen before the spin's end
HURRIED_END_HOLD = 0.15
ANTICIPATION_SLOW = 2.2  # an anticipated drop-in plays this many times slower


def view_of(play: Playback) -> TumbleView:
    """The spin's tumble overlay, put up on its first use (showing the screen as it is)."""
    for scene in play.ctx.stack:
        if isinstance(scene, TumbleView) and not scene.finished:
            show = play.state.tumble
            if show is not None:
                scene.show = show
            return scene
    show = play.state.tumble or TumbleShow("", play.state.meter)
    params = play.params(show.feature)
    ladder = tuple(getattr(params, "ladder", ()) or (1,))
    view = TumbleView(play.ctx, play.scene.screen, show, ladder)
    play.ctx.stack.push(view)
    return view


def close_view(play: Playback) -> None:
    """The overlay goes: the layer over the reels shows the tumbled screen (``ScreenState.changed``)."""
    for scene in list(play.ctx.stack):
        if isinstance(scene, TumbleView):
            scene.finished = True
            play.ctx.stack.remove(scene)


def count_screen(play: Playback, view: TumbleView) -> Step:
    """The wins the state just counted light up while the meter and the plate count them."""
    count = play.state.count
    if count is None or count.amount <= 0 and not count.wins:
        return
    started = play.scene.clock
    win = yield from count_up_quick(play, count, view)
    if play.scene.clock - started < win.count_time * 0.9:
        view.hurry = True  # the count was skipped by a press: the rest of the sequence hurries too
    win.end()
    play.ctx.stack.remove(win)


def count_up_quick(play: Playback, count: Any, view: TumbleView) -> Any:
    """``count_up`` of one screen's wins, cut short (still shown and counted) when hurried."""
    from ...scenes.win import WinScene

    scene = play.scene
    screen = [list(column) for column in view.screen]
    win = WinScene(play.ctx, list(count.wins), count.amount, count.meter_from, "", screen, play.seed + play.index,
                   loop=False, quick=True)
    play.ctx.stack.push(win)
    shown = scene.clock
    while not win.counted:
        if view.hurry and scene.clock - shown >= HURRIED_COUNT:
            win.skip()
            break
        yield
    return win


def trigger_symbols(play: Playback) -> tuple[str, int] | None:
    """(trigger symbol, how many start it) of the game's first free spins, or None."""
    for params in play.ctx.defn.features:
        symbol, awards = getattr(params, "trigger_symbol", None), getattr(params, "awards", None)
        if params.type == "free_spins" and symbol and awards:
            return symbol, min(awards)
    return None


def tumble_coming(play: Playback) -> bool:
    """Another tumble follows this one in the same spin (presentation reads ahead only to time it)."""
    for event in play.result.events[play.index + 1:]:
        if isinstance(event, TumbleStep):
            return True
        if isinstance(event, TumblesEnded):
            return False
    return False


def anticipated(play: Playback, screen: list[list[str]]) -> tuple[tuple[int, int], ...]:
    """The trigger symbols on ``screen`` when exactly one more would start the feature."""
    found = trigger_symbols(play)
    if found is None:
        return ()
    symbol, needed = found
    cells = tuple((reel, row) for reel, column in enumerate(screen) for row, s in enumerate(column) if s == symbol)
    return cells if len(cells) == needed - 1 else ()


def tumble(play: Playback, event: TumbleStep) -> Step:
    view = view_of(play)
    yield from count_screen(play, view)
    ctx = play.ctx
    ctx.audio.play("reel_stop")
    new_screen = [list(column) for column in play.state.screen or event.screen]
    view.tumble(tuple(event.removed), new_screen, {(reel, row): value for reel, row, value in event.multipliers})
    if view.anticipation:  # the last screen was one trigger symbol short: this drop-in is the suspense
        view.slow_down(ANTICIPATION_SLOW)
        ctx.audio.play("anticipation", loops=-1)
    while view.tumbling:
        yield
    view.rung = event.ladder_step  # the rung this screen pays at lights as it lands
    ctx.hud.say(f"TUMBLE {event.step}: WINS x{event.multiplier}" if event.multiplier > 1 else f"TUMBLE {event.step}")
    if view.anticipation:
        ctx.audio.stop("anticipation")
    play.scene.screen = [list(column) for column in new_screen]
    view.anticipation = anticipated(play, new_screen) if tumble_coming(play) else ()


def mark_cells(play: Playback, event: CellMultipliers) -> Step:
    view = view_of(play)
    yield from count_screen(play, view)
    view.cells = {(reel, row): value for reel, row, value in event.cells}  # the cells that won step up now
    play.ctx.audio.play("feature_trigger")
    yield from wait(play, 0.15 if view.hurry else 0.35)


def show_landed_multipliers(play: Playback, event: MultiplierSymbolsLanded) -> None:
    if event.cells:  # the values sit on their symbols from the landed screen on
        view_of(play).values = {(reel, row): value for reel, row, value in event.cells}


def multiply_sequence(play: Playback, event: SequenceMultiplied) -> Step:
    """The values fly from their symbols to the plate, its figure takes the factor, and the WIN
    meter and the plate count what it adds (the last screen paid nothing: nothing else counts)."""
    view = view_of(play)
    cells = tuple(((reel, row), value) for reel, row, value in event.cells)
    if cells:
        view.fly(cells)
        play.ctx.audio.play("feature_trigger")
        while view.flying:
            yield
        view.values = {}  # spent: the values now sit on the plate
    view.factor = event.factor
    play.ctx.hud.say(f"TOTAL x{event.factor}")
    count = play.state.count
    if count is not None and count.amount > 0:
        win = yield from count_up_quick(play, count, view)
        win.end()
        play.ctx.stack.remove(win)


def end_sequence(play: Playback, event: TumblesEnded) -> Step:
    view = view_of(play)
    yield from count_screen(play, view)
    view.anticipation = ()
    yield from wait(play, HURRIED_END_HOLD if view.hurry else END_HOLD)
    close_view(play)


def end_spin(play: Playback, event: SpinEnded, inner: Presenter | None) -> Step:
    """A base spin that tumbled counted its wins screen by screen; when the round's win reaches
    a tier, its celebration counts the spin's total again from the spin's start, the banner
    climbing with it (the round's own presentation, as a plain win's is)."""
    state = play.state
    if event.mode == "base" and state.count is None and state.spin_counted > 0 and play.tier:
        from ...presenters import count_up

        count = WinCount((), state.spin_counted, state.meter - state.spin_counted)
        play.scene.presentation = yield from count_up(play, count, tier=play.tier, loop=True, quick=False,
                                                      seed=play.seed)
        return
    yield from run(inner, play, event)


JOINS: dict[str, Join] = {SpinEnded.kind: end_spin}

PRESENTERS: dict[str, Presenter] = {
    TumbleStep.kind: tumble,
    TumblesEnded.kind: end_sequence,
    CellMultipliers.kind: mark_cells,
    MultiplierSymbolsLanded.kind: show_landed_multipliers,
    SequenceMultiplied.kind: multiply_sequence,
}
