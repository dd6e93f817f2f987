"""Progress levels' presenters (inside free spins): the symbols that move the bar fly to it
(``ProgressAdvanced``), a level's banner (``LevelReached``), a reel freezing into a sticky
wild (``StickyReelAdded``). The bar and banners are the free-spins scene's feature HUD
(``feature_hud.py``)."""

from __future__ import annotations

from cabinet.core.features.progress_levels import LevelReached, ProgressAdvanced, StickyReelAdded

from ...engine import Playback, Presenter, Step
from ...words import words


def fill_meter(play: Playback, event: ProgressAdvanced) -> Step:
    """The symbols that moved the bar fly from their cells to it; each point lights as one arrives."""
    hud = play.free.hud if play.free is not None else None
    if hud is None or not event.positions:
        return
    hud.launch(event.positions, event.points, event.added, hud.params.symbol)
    play.ctx.audio.play("coin_drop")
    while hud.flying:
        yield


def reach_level(play: Playback, event: LevelReached) -> Step:
    """The level's banner over the reels; its spins join the counter at once."""
    free = play.free
    hud = free.hud if free is not None else None
    mark = hud.reach(event.level) if hud is not None else None
    if free is None or hud is None or mark is None:
        extra = f" +{event.extra_spins} FREE SPINS" if event.extra_spins else ""
        play.ctx.hud.say(words(play.params(event.feature), "reached", "LEVEL {level} REACHED", level=event.level) + extra)
        return
    free.level_added(event.extra_spins)
    play.ctx.hud.say(mark.banner)
    play.ctx.audio.play("free_spin_start")
    play.ctx.shake(0.5, 200)
    while hud.banner_showing:
        yield


def stick_reel(play: Playback, event: StickyReelAdded) -> Step:
    """The reel freezes over into its wild, for the rest of the feature."""
    play.ctx.hud.say(words(play.params(event.feature), "stays_wild", "REEL {reel} STAYS WILD", reel=event.reel + 1))
    hud = play.free.hud if play.free is not None else None
    if hud is None:
        return
    hud.freeze(event.reel)
    play.ctx.audio.play("respin")
    while hud.freezing_now:
        yield


PRESENTERS: dict[str, Presenter] = {
    ProgressAdvanced.kind: fill_meter,
    LevelReached.kind: reach_level,
    StickyReelAdded.kind: stick_reel,
}
