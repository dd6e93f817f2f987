"""Free spins' presenters: the intro card (``FeatureStarted``), each free spin's counter and
status line before its reels start (``JOINS``: ``SpinStarted``), a retrigger's celebration
(``FeatureTriggered``), spins added by the minimum-win guarantee (``SpinsAdded``) and the
outro card (``FeatureEnded``). The scene is ``view.py``'s ``FreeSpinsScene``."""

from __future__ import annotations

from typing import Any

from cabinet.core.events import FeatureEnded, FeatureStarted, FeatureTriggered, SpinsAdded, SpinStarted
from cabinet.core.features.drawn_spins import SpinsDrawn
from cabinet.core.features.until_trigger import UntilLanded

from ...engine import Playback, Presenter, Step, run, show_state, wait
from ...presenters import trigger_feature
from ...words import words
from .view import RETRIGGER_TIME, FreeSpinsScene

FREE_SPIN_PAUSE = 0.3  # the counter moves on before the reels start
GUARANTEE_HOLD = 1.2
DRAWN_HOLD = 1.0  # the drawn count (or the last spin's reason) is read before play goes on  # the guarantee's message is read before the extra spins play


def intro(play: Playback, event: FeatureStarted) -> Step:
    ctx, counter = play.ctx, play.state.free
    if counter is None or play.free is not None:  # not free spins: that feature's view shows it
        return
    play.free = free = FreeSpinsScene(ctx, counter.total_spins, counter.multiplier)
    ctx.stack.push(free)
    ctx.hud.say(free.word("intro_status", "{spins} FREE SPINS", spins=event.spins))
    while free.phase == "intro":
        yield


def before_the_reels(play: Playback, event: SpinStarted, inner: Presenter | None) -> Step:
    """A free spin: the counter reads the new spin's number, then the status line, then the reels."""
    if event.mode == "free" and play.free is not None:
        play.free.level_spins = 0  # the levels' extra spins are in the state's count from this spin
        show_state(play)  # the counter reads the new spin's number first
        # the status line follows the counter (after a retrigger it must not still say the award)
        params: Any = play.params(play.state.free_name) if play.state.free_name else None
        if getattr(params, "until_symbol", ""):  # no count to read: what ends them (``until_trigger``)
            play.ctx.hud.say(until_status(params))
        else:
            play.ctx.hud.say(play.free.word("spin_status", "FREE SPIN {index} OF {total}", index=event.index,
                                            total=event.index + event.remaining))
        yield from wait(play, FREE_SPIN_PAUSE)
    yield from run(inner, play, event)


def retrigger(play: Playback, event: FeatureTriggered) -> Step:
    if event.retrigger and play.free is not None and event.feature != play.state.free_name:
        # an outer feature's retrigger in a nested feature's spin: its spins wait for it
        waiting = play.state.counter_of(event.feature)
        play.ctx.hud.say(words(play.params(event.feature), "retrigger_status",
                               "RETRIGGER! +{spins} FREE SPINS: {total} IN ALL", spins=event.awarded,
                               total=waiting.total_spins if waiting is not None else event.awarded))
        yield from wait(play, RETRIGGER_TIME)
        return
    if event.retrigger and play.free is not None:
        play.free.retrigger(event.awarded)
        play.ctx.hud.say(play.free.word("retrigger_status", "RETRIGGER! +{spins} FREE SPINS: {total} IN ALL",
                                        spins=event.awarded, total=play.free.total_spins))
        yield from wait(play, RETRIGGER_TIME)  # the celebration plays out before the wins
        return
    yield from run(trigger_feature, play, event)


def spins_added(play: Playback, event: SpinsAdded) -> Step:
    """Spins join the counter; the minimum-win guarantee's (``minimum_win_x_bet``) say why they came."""
    if play.free is not None:
        play.free.add(event.spins)
    if event.reason != "top_up":
        return
    params: Any = play.params(event.feature)
    minimum = getattr(params, "minimum_win_x_bet", 0)
    if play.free is not None:
        play.free.popup_caption = words(params, "guarantee", "{minimum}x BET GUARANTEE", minimum=minimum)
    play.ctx.hud.say(words(params, "guarantee_status", "FEATURE WIN BELOW {minimum}x THE BET: {spins} EXTRA FREE SPINS",
                           minimum=minimum, spins=event.spins))
    yield from wait(play, GUARANTEE_HOLD)


def until_status(params: Any) -> str:
    counts = "/".join(str(c) for c in sorted(params.until_counts))
    return words(params, "until_status", "FREE SPINS UNTIL {count} {symbol}", count=counts, symbol=params.until_symbol)


def spins_drawn(play: Playback, event: SpinsDrawn) -> Step:
    """The drawn number of spins revealed (``drawn_spins``) before the trigger's celebration."""
    play.ctx.hud.say(words(play.params(event.feature), "drawn", "{spins} FREE SPINS DRAWN", spins=event.spins))
    yield from wait(play, DRAWN_HOLD)


def until_landed(play: Playback, event: UntilLanded) -> Step:
    """The symbols that end free spins until a trigger landed: this spin is the last."""
    play.ctx.hud.say(words(play.params(event.feature), "until_landed", "{count} {symbol}: LAST FREE SPIN",
                           count=event.count, symbol=event.symbol))
    yield from wait(play, DRAWN_HOLD)


def outro(play: Playback, event: FeatureEnded) -> Step:
    free, ctx = play.free, play.ctx
    if free is None or play.state.free is not None:  # not the free spins ending
        return
    ctx.hud.say(free.word("outro_status", "FREE SPINS WIN {amount}", amount=ctx.money(event.total)))
    free.outro(event.total)
    while not free.finished:
        yield
    ctx.stack.remove(free)
    play.free = None


PRESENTERS: dict[str, Presenter] = {
    FeatureStarted.kind: intro,
    FeatureTriggered.kind: retrigger,
    SpinsAdded.kind: spins_added,
    FeatureEnded.kind: outro,
    SpinsDrawn.kind: spins_drawn,
    UntilLanded.kind: until_landed,
}
JOINS: dict[str, Any] = {SpinStarted.kind: before_the_reels}
