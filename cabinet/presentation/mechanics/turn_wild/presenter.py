"""Symbols turning wild: each is stamped with the mark (words from YAML) and held, so the
player sees which symbols turn, then the pipeline's ``ScreenChanged`` shows the wild there.
An own wild (``own_wilds``) keeps the mark for the rest of the spin: its art is the symbol's."""

from __future__ import annotations

from cabinet.core.features.turn_wild import SymbolsTurnedWild

from ...engine import Playback, Presenter, Step, wait
from ...words import words

MARK_HOLD = 0.6  # the marked symbols are seen before they change


def turned(play: Playback, event: SymbolsTurnedWild) -> Step:
    params = play.params(event.feature)
    mark = words(params, "mark", "WILD")
    play.scene.reels.stamp(event.positions, event.was, mark, play.ctx.text)
    play.ctx.hud.say(words(params, "turned", "{count} SYMBOLS TURN WILD", count=len(event.positions)))
    play.ctx.audio.play("feature_trigger")
    yield from wait(play, MARK_HOLD)
    if getattr(params, "own_wilds", ()):  # its own wild is drawn as the symbol: the mark stays on it
        play.scene.reels.stamp(event.positions, (event.wild,) * len(event.positions), mark, play.ctx.text)


PRESENTERS: dict[str, Presenter] = {SymbolsTurnedWild.kind: turned}
