"""The round cap's screen: the round has reached the game's (or the mode's) maximum win.

Drawn over the whole game like the top jackpot's takeover: the game dims, the theme's light
burst turns and its celebration pieces fly, "MAX WIN" in the theme's display face and top tier
colour, the cap on the kit's counter plate, and one sentence saying what happened (the round
ends here; the wins past the cap are not paid). It holds ``HOLD`` seconds; any button after
``SKIPPABLE_AFTER`` ends it sooner. It only reads the ``RoundCapped`` event it was given.
"""

from __future__ import annotations

from functools import cache

import pygame

from cabinet.core.events import RoundCapped
from cabinet.machine.buttons import Press

from ..celebration import Shower, draw_burst, draw_counter_plate, punch_scale
from ..context import Context

HOLD = 3.2  # seconds on screen
SKIPPABLE_AFTER = 0.8  # a press before this is taken as the player's last spin press, not a skip
DIM = (6, 2, 12, 190)
SENTENCE_PLATE = (14, 6, 22)  # the sentence sits on its own plate: the game under it is busy


@cache
def title_words(theme: str) -> str:
    """The theme's words for the takeover (``celebration: words: {max: ...}`` in its theme.yaml;
    the kit's default, MAX WIN, without)."""
    from cabinet.assets.celebration import WORDS, kit_for
    from cabinet.assets.themes import read_theme

    found = read_theme(theme)
    return kit_for(found).words["max"] if found is not None else WORDS["max"]


@cache
def _title_colour(theme: str) -> tuple[int, int, int]:
    """The theme's top tier colour (its celebration kit's epic glow), gold when it has none."""
    from cabinet.assets.celebration import kit_for
    from cabinet.assets.themes import read_theme

    found = read_theme(theme)
    glow = kit_for(found).glows.get("epic", "") if found is not None else ""
    if len(glow) == 7 and glow.startswith("#"):
        return int(glow[1:3], 16), int(glow[3:5], 16), int(glow[5:7], 16)
    return 255, 214, 80


def cap_sentence(times: int) -> str:
    return f"The round ends at the maximum win of {times:,}x the bet"


class MaxWinScene:
    modal = True
    opaque = False

    def __init__(self, ctx: Context, event: RoundCapped, *, seed: int) -> None:
        self.ctx = ctx
        self.event = event
        self.t = 0.0
        self.finished = False
        bet_total = ctx.session.bet.total or 1
        self.times = event.cap // bet_total if event.cap % bet_total == 0 else round(event.cap / bet_total)
        self.pieces = Shower(seed)
        self.pieces.start("epic")
        self._dim: pygame.Surface | None = None
        ctx.audio.play("epic_win")
        ctx.shake(0.8, 400)
        ctx.hud.win = event.cap  # the meter stops at the cap
        ctx.hud.say("MAXIMUM WIN REACHED")

    def hit_regions(self) -> list:
        return []

    def handle(self, press: Press) -> bool:
        if self.t >= SKIPPABLE_AFTER:
            self.end()
        return True  # nothing under the takeover takes a press while it shows

    def end(self) -> None:
        self.finished = True
        self.pieces.clear()

    def update(self, dt: float) -> None:
        self.t += dt
        self.pieces.update(dt, self.ctx.layout)
        if self.t >= HOLD:
            self.end()

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout = ctx.layout
        if self._dim is None or self._dim.get_size() != layout.size:
            self._dim = pygame.Surface(layout.size, pygame.SRCALPHA)
            self._dim.fill(DIM)
        surface.blit(self._dim, (0, 0))
        centre = (layout.width // 2, layout.height * 2 // 5)
        art = ctx.art.shower
        draw_burst(surface, art, centre, self.t)
        self.pieces.draw(surface, art)
        grow = min(1.0, 0.45 + self.t * 2.5)  # the title zooms in
        size = max(12, int(layout.fonts.banner * 1.8 * grow))
        title = ctx.text.render(title_words(ctx.defn.theme), size, _title_colour(ctx.defn.theme), outline=True, face="display")
        surface.blit(title, title.get_rect(center=centre))
        full = ctx.text.font(max(12, int(layout.fonts.banner * 1.8)), "display").get_height()
        plate = draw_counter_plate(ctx, surface, art, ctx.money(self.event.cap),
                                   round(layout.fonts.banner * punch_scale(self.t)),
                                   (layout.width // 2, centre[1] + full // 2 + layout.fonts.banner), (255, 240, 170))
        line = ctx.text.render(cap_sentence(self.times), max(12, layout.fonts.body), (240, 236, 250), shadow=True)
        at = line.get_rect(midtop=(layout.width // 2, plate.bottom + layout.fonts.body))
        pad = max(4, layout.fonts.body // 2)
        backing = at.inflate(pad * 3, pad * 2)
        pygame.draw.rect(surface, SENTENCE_PLATE, backing, border_radius=backing.h // 2)
        surface.blit(line, at)
