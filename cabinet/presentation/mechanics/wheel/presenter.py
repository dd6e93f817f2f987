"""The wheel's presenters: ``FeatureStarted`` puts up the ``WheelScene`` (``view.py``), each
``WheelSpun`` turns its ring onto the pocket, ``FeatureEnded`` shows the wheel's win. The
status lines are the feature's ``texts:`` (``start``, ``pass_on``, ``jackpot``, ``prize``)."""

from __future__ import annotations

from typing import Any

from cabinet.core.events import FeatureEnded, FeatureStarted
from cabinet.core.features.wheel import WheelSpun

from ...engine import Playback, Step, wait
from ...words import words
from .view import WheelScene

POCKET_HOLD = 0.6  # a stopped pocket is seen before play passes on
WHEEL_WIN_HOLD = 1.6
START_HOLD = 0.5


def start_wheel(play: Playback, event: FeatureStarted) -> Step:
    params = play.params(event.feature)
    play.ctx.stack.push(WheelScene(play.ctx, params))
    play.ctx.hud.say(words(params, "start", "THE WHEEL TURNS"))
    yield from wait(play, START_HOLD)


def ring_label(params: Any, ring: int) -> dict[str, str]:
    """The placeholders a wheel's words may use for ``ring`` (0-based): its name and number."""
    rings = getattr(params, "rings", ())
    name = rings[ring].name if 0 <= ring < len(rings) else ""
    return {"ring": (name or f"RING {ring + 1}").upper(), "number": str(ring + 1)}


def turn_ring(play: Playback, event: WheelSpun) -> Step:
    scene = play.ctx.stack.find(WheelScene)
    if scene is None:
        return
    scene.spin_to(event.ring, event.pocket)
    while scene.turning:
        yield
    params, ctx = scene.feature, play.ctx
    if event.next_ring is not None:
        ctx.hud.say(words(params, "pass_on", "{ring} TURNS", **ring_label(params, event.next_ring)))
        ctx.audio.play("feature_trigger")
    elif event.jackpot:
        ctx.hud.say(words(params, "jackpot", "{jackpot} JACKPOT {amount}", jackpot=event.jackpot,
                          amount=ctx.money(event.amount)))
    else:
        ctx.hud.say(words(params, "prize", "{value}x THE BET: {amount}", value=event.value,
                          amount=ctx.money(event.amount)))
    yield from wait(play, POCKET_HOLD)


def end_wheel(play: Playback, event: FeatureEnded) -> Step:
    stack = play.ctx.stack
    scene = stack.find(WheelScene)
    if scene is not None:
        scene.finish(event.total)
        yield from wait(play, WHEEL_WIN_HOLD)
        stack.remove(scene)


PRESENTERS = {FeatureStarted.kind: start_wheel, WheelSpun.kind: turn_ring, FeatureEnded.kind: end_wheel}
