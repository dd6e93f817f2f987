"""Drawing shared by overlay scenes: a dimmed game, a framed panel, titles, list rows."""

from __future__ import annotations

import pygame

from .chrome import chrome
from .context import Context
from .layout import Box, Layout
from .style import PALE_GOLD


def make_dim(size: tuple[int, int], alpha: int = 150, colour: tuple[int, int, int] = (4, 2, 12)) -> pygame.Surface:
    dim = pygame.Surface(size, pygame.SRCALPHA)
    dim.fill((*colour, alpha))
    return dim


def deck_clear_dim(layout: Layout, alpha: int = 150, colour: tuple[int, int, int] = (4, 2, 12)) -> pygame.Surface:
    """A dim over the game that leaves its control deck clear, and the big SPIN button that
    rises above the deck whole (issue 36: a feature's veil never cuts it flat at its top)."""
    dim = make_dim(layout.size, alpha, colour)
    clear = (0, 0, 0, 0)  # drawn, not blended: a hole in the dim
    dim.fill(clear, pygame.Rect(layout.deck))
    for box in layout.buttons.values():
        if box.y < layout.deck.y:
            pygame.draw.ellipse(dim, clear, pygame.Rect(box).inflate(2, 2))
    return dim


def make_panel(ctx: Context, box: Box, title: str) -> pygame.Surface:
    """A lacquered panel with a gold rim and its title, drawn once per overlay and size."""
    surface = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
    radius = max(8, min(box.w, box.h) // 16)
    rim = max(3, box.h // 90)
    look = chrome(ctx)  # the theme's lacquer and metal
    pygame.draw.rect(surface, look.rim, (0, 0, box.w, box.h), border_radius=radius)
    inner = pygame.Rect(rim, rim, box.w - 2 * rim, box.h - 2 * rim)
    steps = 16
    for i in range(steps):
        band = pygame.Rect(inner.x, inner.y + inner.h * i // steps, inner.w, inner.h // steps + 2)
        clip = surface.get_clip()
        surface.set_clip(band)
        pygame.draw.rect(surface, pygame.Color(*look.panel_top).lerp(look.panel_bottom, i / steps), inner,
                         border_radius=radius - rim)
        surface.set_clip(clip)
    if title:
        img = ctx.text.fit(title, ctx.layout.fonts.title * 3 // 4, int(box.w * 0.8), PALE_GOLD, outline=True)
        surface.blit(img, img.get_rect(midtop=(box.w // 2, rim + box.h // 40)))
    return surface


def draw_row(ctx: Context, surface: pygame.Surface, box: Box, label: str, *, selected: bool,
             value: str = "") -> None:
    look = chrome(ctx)
    fill = look.chosen if selected else look.band
    pygame.draw.rect(surface, fill, box, border_radius=box.h // 4)
    if selected:
        pygame.draw.rect(surface, look.rim, box, width=max(2, box.h // 20), border_radius=box.h // 4)
    size = ctx.layout.fonts.body
    img = ctx.text.fit(label, size, int(box.w * 0.6), (250, 246, 236))
    surface.blit(img, img.get_rect(midleft=(box.x + box.h // 3, box.y + box.h // 2)))
    if value:
        img = ctx.text.fit(value, size, int(box.w * 0.36), PALE_GOLD)
        surface.blit(img, img.get_rect(midright=(box.right - box.h // 3, box.y + box.h // 2)))


class Overlay:
    """A modal panel over the paused game: close button, BACK, or a press outside closes it.

    Subclasses fill ``rebuild`` (pre-render for the current layout) and ``draw_content``;
    they get ``item_presses`` for their own clickable rows.
    """

    modal = True
    opaque = False
    title = ""
    close_buttons: tuple[str, ...] = ("BACK", "CLOSE", "MENU")

    # The game menu closes on a press anywhere on the screen (its rows are their own
    # hit regions, so a press on a row never arrives as a TAP); other panels close on
    # a press outside them only.
    closes_on_any_tap = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.finished = False
        self._size: tuple[int, int] | None = None
        self.panel_surface: pygame.Surface | None = None
        self.dim: pygame.Surface | None = None
        self._ensure()

    def _ensure(self) -> None:
        layout = self.ctx.layout
        if self._size != layout.size or self.panel_surface is None:
            self._size = layout.size
            self.dim = make_dim(layout.size)
            self.panel_surface = make_panel(self.ctx, layout.panel, self.title)
            self.rebuild()

    def rebuild(self) -> None:
        """Pre-render anything that depends on the layout (called on open and on resize)."""

    @property
    def close_box(self) -> Box:
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        return Box(panel.right - s - s // 3, panel.y + s // 3, s, s)

    def close(self) -> None:
        self.finished = True
        self.ctx.audio.play("button_click")

    def item_regions(self) -> list:
        return []

    def hit_regions(self) -> list:
        from cabinet.machine.buttons import Button, Press

        return [(self.close_box, Press(Button.CLOSE)), *self.item_regions()]

    def handle(self, press) -> bool:  # noqa: ANN001 - a Press
        name = str(press.button)
        if name in self.close_buttons:
            self.close()
            return True
        if name == "TAP":
            panel = self.ctx.layout.panel
            if self.closes_on_any_tap or press.pos is None or not panel.contains(*press.pos):
                self.close()  # a press outside the panel (or, for the menu, off its rows) closes it
            return True
        self.handle_item(press)
        return True  # modal: nothing reaches the paused game

    def handle_item(self, press) -> None:  # noqa: ANN001 - a Press
        """Subclasses act on navigation, CONFIRM and ITEM presses."""

    def update(self, dt: float) -> None:
        self._ensure()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_still(surface)
        self.draw_moving(surface)

    def still_key(self) -> tuple[object, ...]:
        """What ``draw_still`` depends on: the stack keeps its picture until this changes."""
        return self._size, id(self.panel_surface), id(self.dim), id(self.ctx.art)

    def draw_still(self, surface: pygame.Surface) -> None:
        """The dim, the panel and its close button: the same every frame while it is open (the
        stack draws them once into the picture it keeps of the paused game)."""
        layout, art = self.ctx.layout, self.ctx.art
        if self.dim is not None:
            surface.blit(self.dim, (0, 0))
        if self.panel_surface is not None:
            surface.blit(self.panel_surface, (layout.panel.x, layout.panel.y))
        s = layout.ui_button
        surface.blit(art.button("close", "", (s, s)), (self.close_box.x, self.close_box.y))

    def draw_moving(self, surface: pygame.Surface) -> None:
        self.draw_content(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        pass
