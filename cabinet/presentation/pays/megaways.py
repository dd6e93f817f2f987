"""``megaways``: ways on reels whose heights each spin draws. The wins look as the ways
model's; the reels take the heights of ``HeightsDrawn`` (each as it lands, see
``reels.ReelView.shape``) and the frame's plaque counts the ways of the reels as they
stand, so it changes as each reel settles."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .ways import WaysScreen


def shape_reels(play: Any, event: Any) -> Generator[None, None, None] | None:
    """A Megaways spin's heights: the reels settle at them as they land."""
    play.scene.reels.shape(event.heights)
    return None


@dataclass(frozen=True)
class MegawaysScreen(WaysScreen):
    type: str = "megaways"
    presenters: Mapping[str, Any] = field(default_factory=lambda: {"heights_drawn": shape_reels})


SCREEN = MegawaysScreen()
