"""Multiplier wilds' presenter: the drawn multiplier is stamped on the wilds that drew it."""

from __future__ import annotations

from cabinet.core.features.multiplier_wilds import WinMultiplied

from ...engine import Playback, Presenter, Step, wait
from ...screen_state import stamp_label
from ...words import words

STAMP_DELAY = 0.25  # a multiplier wild rests bare this long before its drawn value is stamped on it ...
STAMP_HOLD = 0.5  # ... which is seen before the wins count


def multiply_wins(play: Playback, event: WinMultiplied) -> Step:
    """The drawn multiplier is stamped on each multiplier wild that drew it, for the rest of
    the spin (before this event the wilds show no number), and seen before the wins count."""
    ctx = play.ctx
    said = words(play.params(event.feature), "multiplied", "WINS x{multiplier}", multiplier=event.multiplier)
    screen = play.state.screen or play.scene.screen
    cells = [(reel, row) for reel, row in event.positions if reel < len(screen) and row < len(screen[reel])]
    if not cells:
        ctx.hud.say(said)
        return
    yield from wait(play, STAMP_DELAY)  # the wild is seen landing bare ...
    play.scene.reels.stamp(cells, [screen[reel][row] for reel, row in cells], stamp_label(event.multiplier), ctx.text)
    ctx.hud.say(said)  # ... then its value is stamped on it
    ctx.audio.play("feature_trigger")
    yield from wait(play, STAMP_HOLD)


PRESENTERS: dict[str, Presenter] = {WinMultiplied.kind: multiply_wins}
