"""The wild respin's presenters: ``FeatureStarted`` frames the held reel (``ReelLock``,
``view.py``) and says so (``texts: {start}``, ``{start_one}`` for one respin);
``FeatureEnded`` leaves the respin's screen seen with the reel still held, then unframes it."""

from __future__ import annotations

from cabinet.core.events import FeatureEnded, FeatureStarted

from ...engine import Playback, Presenter, Step, wait
from ...words import words
from .view import ReelLock

START_HOLD = 0.6
RESPIN_HOLD = 0.9


def hold_reel(play: Playback, event: FeatureStarted) -> Step:
    params = play.params(event.feature)
    play.ctx.stack.push(ReelLock(play.ctx, params.reel - 1, params))
    key, default = ("start", "REEL {reel} HOLDS: {spins} RESPINS") if event.spins > 1 else \
        ("start_one", "REEL {reel} HOLDS: {spins} RESPIN")
    play.ctx.hud.say(words(params, key, default, reel=params.reel, spins=event.spins))
    play.ctx.audio.play("feature_trigger")
    yield from wait(play, START_HOLD)


def release_reel(play: Playback, event: FeatureEnded) -> Step:
    stack = play.ctx.stack
    lock = stack.find(ReelLock)
    if lock is not None:
        yield from wait(play, RESPIN_HOLD)  # the respin's screen is seen with the reel still held
        stack.remove(lock)


PRESENTERS: dict[str, Presenter] = {FeatureStarted.kind: hold_reel, FeatureEnded.kind: release_reel}
