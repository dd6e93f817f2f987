"""Game settings (the wrench), shared by every game: Intro Screen on/off, Spacebar to
spin on/off, and Game History.

The two switches are player settings remembered between runs (``intro_screen`` and
``spacebar_spins`` in ``cabinet/services/settings.py``); each change is saved at once.
The game is paused under the panel, like under the menu.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from cabinet.machine.buttons import Button, Press

from ..context import Context
from ..hud import PALE_GOLD
from ..overlays import Overlay, draw_row
from .menu import row_boxes

# (setting key, older key the cabinet's first settings module used)
_ALIASES = {"intro_screen": ("intro_screen", "intro"), "spacebar_spins": ("spacebar_spins",)}
ITEMS = ("INTRO SCREEN", "SPACEBAR TO SPIN", "GAME HISTORY")
TOGGLES = ("intro_screen", "spacebar_spins")


def _key(settings: Any, name: str) -> str | None:
    return next((k for k in _ALIASES.get(name, (name,)) if hasattr(settings, k)), None)


def setting(ctx: Context, name: str, default: bool = True) -> bool:
    """A switch of the player's settings (the default when this cabinet's settings lack it)."""
    key = _key(ctx.settings, name)
    return bool(getattr(ctx.settings, key)) if key else default


def set_setting(ctx: Context, name: str, value: bool) -> None:
    """Change one switch and save the settings (frozen settings are replaced, not mutated)."""
    key = _key(ctx.settings, name)
    if key is None:
        return
    settings = ctx.settings
    params = getattr(settings, "__dataclass_params__", None)
    if params is not None and params.frozen:
        ctx.settings = dataclasses.replace(settings, **{key: value})
    else:
        setattr(settings, key, value)
    ctx.save()


def open_history(ctx: Context) -> None:
    """The game history list: the services' history scene when it is there, else the menu's page."""
    try:
        from .history import HistoryScene  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        from .menu import HistoryScene  # type: ignore[assignment,unused-ignore]
    ctx.stack.push(HistoryScene(ctx))


class GameSettingsScene(Overlay):
    title = "GAME SETTINGS"
    close_buttons = ("BACK", "CLOSE", "MENU", "SETTINGS")

    def __init__(self, ctx: Context) -> None:
        self.cursor = 0
        super().__init__(ctx)

    def values(self) -> list[bool | None]:
        return [setting(self.ctx, "intro_screen"), setting(self.ctx, "spacebar_spins"), None]

    def boxes(self) -> list:
        return row_boxes(self.ctx, len(ITEMS), top_share=0.2)

    def item_regions(self) -> list:
        return [(box, Press(Button.ITEM, i)) for i, box in enumerate(self.boxes())]

    def handle_item(self, press: Press) -> None:
        b = press.button
        if b in (Button.UP, Button.LEFT):
            self.cursor = (self.cursor - 1) % len(ITEMS)
        elif b in (Button.DOWN, Button.RIGHT):
            self.cursor = (self.cursor + 1) % len(ITEMS)
        elif b in (Button.CONFIRM, Button.SPIN):
            self.activate(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(ITEMS):
            self.cursor = press.index
            self.activate(press.index)

    def activate(self, index: int) -> None:
        ctx = self.ctx
        ctx.audio.play("button_click")
        if index < len(TOGGLES):
            name = TOGGLES[index]
            set_setting(ctx, name, not setting(ctx, name))
        else:
            open_history(ctx)

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        s = ctx.layout.ui_button
        notes = ("AN INTRO CARD WHEN THE GAME STARTS", "SPACE STARTS A SPIN", "YOUR LAST ROUNDS")
        for i, (box, label, value) in enumerate(zip(self.boxes(), ITEMS, self.values(), strict=True)):
            draw_row(ctx, surface, box, label, i == self.cursor)
            note = ctx.text.fit(notes[i], max(8, ctx.layout.fonts.body * 3 // 5), box.w // 2, (190, 170, 220))
            surface.blit(note, note.get_rect(bottomleft=(box.x + box.h // 3, box.bottom - box.h // 10)))
            if value is None:  # a link: an arrow instead of a switch
                img = ctx.text.render("VIEW  >", ctx.layout.fonts.body, PALE_GOLD)
                surface.blit(img, img.get_rect(midright=(box.right - box.h // 3, box.y + box.h // 2)))
                continue
            toggle = ctx.art.button("toggle_on" if value else "toggle_off", "", (s * 2, s))
            surface.blit(toggle, toggle.get_rect(midright=(box.right - box.h // 4, box.y + box.h // 2)))
