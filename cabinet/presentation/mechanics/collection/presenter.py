"""The collection's presenters: each base spin's count lands on the meter (``CollectionAdvanced``:
the meter reads the events shown, so its count changes as this step is reached); a full meter's
banner and its prize (``CollectionPaid``, counted onto the WIN meter by the screen state)."""

from __future__ import annotations

from cabinet.core.features.collection import CollectionAdvanced, CollectionPaid

from ...engine import Playback, Presenter, Step, wait
from ...words import words

ADVANCE_HOLD = 0.25
FULL_HOLD = 1.4


def advance(play: Playback, event: CollectionAdvanced) -> Step:
    if not event.added:
        return
    play.ctx.audio.play("coin_drop")
    yield from wait(play, ADVANCE_HOLD)


def paid(play: Playback, event: CollectionPaid) -> Step:
    params = play.params(event.feature)
    play.ctx.hud.say(words(params, "full", "METER FULL: {amount}", amount=play.ctx.money(event.amount)))
    play.ctx.audio.play("feature_trigger")
    yield from wait(play, FULL_HOLD)


PRESENTERS: dict[str, Presenter] = {CollectionAdvanced.kind: advance, CollectionPaid.kind: paid}
