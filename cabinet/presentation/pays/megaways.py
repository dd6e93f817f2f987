"""``megaways``: ways on reels whose heights each spin draws. The wins look as the ways
model's; the reels take the heights of ``HeightsDrawn`` (each as it lands, see
``reels.ReelView.shape``) and the frame's plaque counts the ways of the reels as they
stand, so it changes as each reel settles."""

from __future__ import annotations

import math
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .ways import WaysScreen, ways_text


def shape_reels(play: Any, event: Any) -> Generator[None, None, None] | None:
    """A Megaways spin's heights: the reels settle at them as they land."""
    play.scene.reels.shape(event.heights, event.top_stop if event.top else None)
    return None


@dataclass(frozen=True)
class MegawaysScreen(WaysScreen):
    type: str = "megaways"
    presenters: Mapping[str, Any] = field(default_factory=lambda: {"heights_drawn": shape_reels})
    info_heading: str = "MEGAWAYS"
    gallery_moment: str = "win-megaways"

    def example_heights(self, defn: Any) -> tuple[int, ...]:
        """A screen of varied heights from each reel's own (the 2nd, 4th, ... it can draw)."""
        from cabinet.core.pays.megaways import reel_heights

        return tuple(options[(2 * i + 1) % len(options)][0] if len(options) > 2 else options[-1][0]
                     for i, options in enumerate(reel_heights(defn)))

    def info_note(self, defn: Any, heights: Any) -> str:
        from cabinet.core.pays.megaways import reel_heights

        most = math.prod(max(h for h, _ in options) for options in reel_heights(defn))
        return (f"EVERY SPIN DRAWS HOW MANY SYMBOLS EACH REEL SHOWS: THIS SCREEN HAS {ways_text(math.prod(heights))}, "
                f"UP TO {ways_text(most)}. A SYMBOL PAYS ON ADJACENT REELS FROM THE LEFT, ANYWHERE ON EACH REEL.")


SCREEN = MegawaysScreen()
