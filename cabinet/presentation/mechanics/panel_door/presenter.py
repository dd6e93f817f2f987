"""The panel door's presenters (the ``mummy_access`` block, Halloween Wins 3's mummy panel).

``MummiesMoved`` fills the ``MummyPanel`` (``view.py``) beside the reels (one symbol a
slot, the door's chance written under it); ``DoorDrawn`` opens the door or leaves it shut.
The symbols are counted on the screen they landed on, and they fly from it: when a spin
of their own (the Dracula respin) would change that screen before their turn, they fly
to the panel as that spin or its feature starts (``JOINS``: presentation order only, the
events keep theirs), and the door is drawn in its own turn after it. The status lines are
the feature's ``texts:`` (``moved``, ``moved_one``, ``opens``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cabinet.core.events import Event, FeatureEnded, FeatureStarted, SpinEnded, SpinStarted
from cabinet.core.features.mummy_access import DoorDrawn, MummiesMoved

from ...engine import Playback, Presenter, Step, run, wait
from ...words import words
from .view import DOOR_SWING, PANEL_FILL, MummyPanel

DOOR_HOLD = DOOR_SWING + 0.5  # the door swings open, then the lit room behind it is seen


def _panel(play: Playback, feature: str) -> MummyPanel:
    found = play.ctx.stack.find(MummyPanel)
    if found is None:
        found = MummyPanel(play.ctx, play.params(feature))
        play.ctx.stack.push(found)
    return found  # type: ignore[no-any-return]


def panel_opens(play: Playback, event: FeatureStarted) -> None:
    """The attempt starts: the panel fills as its mummies move (``MummiesMoved``)."""


def panel_closes(play: Playback, event: FeatureEnded) -> None:
    stack = play.ctx.stack
    panel = stack.find(MummyPanel)
    if panel is not None:
        stack.remove(panel)


def _fly_mummies(play: Playback, event: MummiesMoved) -> Step:
    panel = _panel(play, event.feature)
    cells = play.ctx.layout.cells
    origins = [cells[r][w].center for r, w in event.positions if r < len(cells) and w < len(cells[r])]
    panel.fill(event.mummies, event.open, event.shut, origins)
    panel.warm()
    params = panel.feature
    key, default = ("moved", "{count} TO THE PANEL") if event.mummies > 1 else ("moved_one", "{count} TO THE PANEL")
    play.ctx.hud.say(words(params, key, default, count=event.mummies))
    yield from wait(play, PANEL_FILL)


def mummies_of_this_screen(events: Sequence[Event], start: int) -> list[int]:
    """The ``MummiesMoved`` of the screen on show at event ``start`` that come only after a
    spin changes that screen: the enclosing spin's, once every spin nested in it from
    ``start`` on (the Dracula respin) has ended, before the enclosing spin itself ends."""
    found: list[int] = []
    depth, nested = 0, False
    for j in range(start, len(events)):
        event = events[j]
        if isinstance(event, SpinStarted):
            depth, nested = depth + 1, True
        elif isinstance(event, SpinEnded):
            depth -= 1
            if depth < 0:
                break
        elif depth == 0 and nested and isinstance(event, MummiesMoved):
            found.append(j)
    return found


def mummies_ahead(play: Playback) -> Step:
    """The mummies of the screen on show fly to the panel now, from where they landed, when a
    spin would change that screen before their own turn (presentation order only)."""
    events = play.result.events
    for j in mummies_of_this_screen(events, play.index):
        moved = events[j]
        if j not in play.shown_ahead and isinstance(moved, MummiesMoved):
            play.shown_ahead.add(j)
            yield from _fly_mummies(play, moved)


def before_a_spin(play: Playback, event: SpinStarted, inner: Presenter | None) -> Step:
    """A spin inside a spin is about to change the screen: the symbols that landed on it fly
    first (the Dracula respin has already sent them, as it started)."""
    if event.mode != "base":
        yield from mummies_ahead(play)
    yield from run(inner, play, event)


def before_a_feature(play: Playback, event: FeatureStarted, inner: Presenter | None) -> Step:
    """Another feature starts (the Dracula respin, about to hold a reel and respin the
    others): the symbols of the screen it will change fly first."""
    own = play.params(event.feature)
    if own is not None and getattr(own, "type", "") not in TYPES:
        yield from mummies_ahead(play)
    yield from run(inner, play, event)


def mummies_to_panel(play: Playback, event: MummiesMoved) -> Step:
    if play.index in play.shown_ahead:  # they flew before the respin: the panel holds them already
        return
    yield from _fly_mummies(play, event)


def open_door(play: Playback, event: DoorDrawn) -> Step:
    panel = _panel(play, event.feature)
    if event.opened:
        panel.open_door()
    else:
        panel.deny()
    if event.opened:
        play.ctx.hud.say(words(panel.feature, "opens", "THE DOOR OPENS"))
        play.ctx.audio.play("feature_trigger")
    yield from wait(play, DOOR_HOLD)
    if event.opened:
        play.ctx.stack.remove(panel)  # the minigame's boards take the screen


TYPES = ("panel_door",)  # the block's YAML type

PRESENTERS: dict[str, Presenter] = {
    FeatureStarted.kind: panel_opens,
    MummiesMoved.kind: mummies_to_panel,
    DoorDrawn.kind: open_door,
    FeatureEnded.kind: panel_closes,
}
JOINS: dict[str, Any] = {SpinStarted.kind: before_a_spin, FeatureStarted.kind: before_a_feature}
