"""The meters of what lasts beyond a round (issue 35, items 8 and 9), on every game that has them:
the kiosk's progressive jackpot, live (its pool now, with the round in play's contribution and
any hit settled as they will be paid), and a collection meter with its count ("COLLECT 3/10").

Plaques in the theme's chrome above the reels: in a landscape window one each side of the logo
(the jackpot on the left, the collection on the right), in a portrait window side by side between
the logo and the reels. The words come from the blocks' ``texts`` (``meter``). Reading the session
and drawing are all this does: the values are the ledger's (``GameSession.jackpot_values``) and
the round's events.
"""

from __future__ import annotations

from typing import Any

import pygame

from .chrome import chrome
from .context import Context
from .layout import Box, Layout
from .words import words


def plaques(layout: Layout, count: int) -> tuple[Box, ...]:
    """Where ``count`` (1 or 2) plaques go: left then right of the logo (landscape), or side by
    side between the logo and the reel frame (portrait)."""
    frame, logo, margin = layout.reel_frame, layout.logo, max(4, layout.height // 120)
    width, height = layout.size
    if width >= height:
        left_edge = layout.side_art[0].right + margin
        right_edge = layout.side_art[1].x - margin
        h = max(20, min(frame.y - 2 * margin, height // 13))
        boxes = (Box(left_edge, margin, logo.x - margin - left_edge, h),
                 Box(logo.right + margin, margin, right_edge - logo.right - margin, h))
        return boxes[:count]
    top = logo.bottom + margin
    h = max(20, min(frame.y - top - margin, height // 16))
    w = (frame.w - (count + 1) * margin * 4) // count
    return tuple(Box(frame.x + margin * 4 + i * (w + margin * 4), top, w, h) for i in range(count))


def meter_texts(ctx: Context) -> list[tuple[str, str]]:
    """(title, value) of each plaque: the game's jackpot pools, then its collection meters."""
    out: list[tuple[str, str]] = []
    session = ctx.session
    values = session.jackpot_values() if any(f.type == "progressive_jackpot" for f in ctx.defn.features) else {}
    for f in ctx.defn.features:
        if f.type == "progressive_jackpot" and f.pool in values:
            out.append((words(f, "meter", "JACKPOT"), ctx.money(values[f.pool])))
    for f in ctx.defn.features:
        if f.type == "collection":
            out.append((words(f, "meter", "COLLECT"), f"{collection_value(ctx, f)}/{f.target}"))
    return out


def collection_value(ctx: Context, params: Any) -> int:
    """The meter as the screen shows it: the value the round in play started from, moved by the
    collection events the screen has shown so far; between rounds, the ledger's."""
    session = ctx.session
    current = session.current
    if session.in_round and current is not None:
        value = dict(current.request.carried).get(params.name, 0)
        for event in current.events[: session.progress_step]:
            if getattr(event, "feature", None) == params.name and event.kind in ("collection_advanced",
                                                                               "collection_reset"):
                value = event.value  # type: ignore[attr-defined]
        return value
    return dict(session.carried_in()).get(params.name, 0)


def draw(ctx: Context, surface: pygame.Surface) -> None:
    texts = meter_texts(ctx)
    if not texts:
        return
    look = chrome(ctx)
    fonts = ctx.layout.fonts
    for (title, value), box in zip(texts[:2], plaques(ctx.layout, min(2, len(texts))), strict=True):
        radius = max(4, box.h // 4)
        pygame.draw.rect(surface, look.well, box, border_radius=radius)
        pygame.draw.rect(surface, look.rim, box, width=max(2, box.h // 18), border_radius=radius)
        label = ctx.text.fit(title, max(8, min(fonts.meter_label, box.h * 2 // 7)), box.w * 9 // 10, look.rim)
        surface.blit(label, label.get_rect(midtop=(box.x + box.w // 2, box.y + box.h // 12)))
        shown = ctx.text.fit(value, max(10, min(fonts.meter_value, box.h // 2)), box.w * 9 // 10, (255, 255, 255),
                             shadow=True)
        surface.blit(shown, shown.get_rect(midbottom=(box.x + box.w // 2, box.bottom - box.h // 12)))
