"""The random multiplier's presenters: per spin, the drawn value said on the status line (the
multiplier wilds' presenter, with no cells to stamp); per reel, ``ReelMultipliersDrawn`` sets each
reel's value over it (``ReelValues``, ``view.py``) as the reels land, and ``WinMultiplied`` says
what the wins were multiplied by."""

from __future__ import annotations

from cabinet.core.features.multiplier_wilds import WinMultiplied
from cabinet.core.features.reel_multiplier import ReelMultipliersDrawn

from ...engine import Playback, Presenter, Step, wait
from ...words import words
from ..multiplier_wilds.presenter import multiply_wins
from .view import ReelValues

DRAWN_HOLD = 0.35  # the reels' values are seen before the wins count


def show_reel_values(play: Playback, event: ReelMultipliersDrawn) -> Step:
    params = play.params(event.feature)
    stack = play.ctx.stack
    old = stack.find(ReelValues)
    if old is not None:
        stack.remove(old)
    stack.push(ReelValues(play.ctx, event.reels, event.values, params))
    if any(v > 1 for v in event.values):
        play.ctx.audio.play("feature_trigger")
        yield from wait(play, DRAWN_HOLD)


def say_multiplied(play: Playback, event: WinMultiplied) -> Step:
    params = play.params(event.feature)
    if getattr(params, "per", "spin") != "reel":
        yield from multiply_wins(play, event)
        return
    play.ctx.hud.say(words(params, "multiplied", "WINS x{multiplier}", multiplier=event.multiplier))


PRESENTERS: dict[str, Presenter] = {ReelMultipliersDrawn.kind: show_reel_values, WinMultiplied.kind: say_multiplied}
