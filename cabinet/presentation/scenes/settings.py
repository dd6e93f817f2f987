"""Game settings (the wrench), shared by every game: Intro Screen on/off, Spacebar to
spin on/off, the master Volume slider, and Game History.

The switches and the volume are player settings remembered between runs
(``intro_screen``, ``spacebar_spins`` and ``volume`` in ``cabinet/services/settings.py``);
each change is applied and saved at once. The volume moves in steps of 10 with LEFT/RIGHT
on its row or with -/+ anywhere on the panel; a click or touch on its bar sets it by
position. The game is paused under the panel, like under the menu.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from cabinet.machine.buttons import Button, Press

from ..context import Context
from ..layout import Box
from ..overlays import Overlay, draw_row
from ..router import register_scene
from ..style import GOLD, PALE_GOLD
from .menu import row_boxes

# (setting key, older key the cabinet's first settings module used)
_ALIASES = {"intro_screen": ("intro_screen", "intro"), "spacebar_spins": ("spacebar_spins",)}
ITEMS = ("INTRO SCREEN", "SPACEBAR TO SPIN", "VOLUME", "GAME HISTORY")
TOGGLES = ("intro_screen", "spacebar_spins")
VOLUME_ROW = ITEMS.index("VOLUME")
HISTORY_ROW = ITEMS.index("GAME HISTORY")
VOLUME_STEP = 10
NOTES = ("An intro card when the game starts", "Space starts a spin", "Sound and music", "Your last rounds")


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


def slider_bar(box: Box) -> Box:
    """The volume bar inside its row: right of the label and note, left of the percentage."""
    thick = max(4, box.h // 7)
    left = box.x + box.w * 11 // 20
    right = box.right - box.h * 3 // 2  # room for "100%"
    return Box(left, box.y + box.h // 2 - thick // 2, max(thick, right - left), thick)


def volume_at(bar: Box, x: int) -> int:
    """The volume a press at window x means on ``bar`` (its ends are 0 and 100)."""
    return max(0, min(100, round((x - bar.x) * 100 / max(1, bar.w))))


def stepped(volume: int, direction: int) -> int:
    """The next multiple of the step up (+1) or down (-1): 37 -> 40 or 30, 40 -> 50 or 30."""
    if direction > 0:
        return min(100, (volume // VOLUME_STEP + 1) * VOLUME_STEP)
    return max(0, (-(-volume // VOLUME_STEP) - 1) * VOLUME_STEP)


def draw_slider(surface: pygame.Surface, bar: Box, volume: int) -> None:
    """A track with the level filled in gold and a round knob at the level."""
    track = pygame.Rect(bar)
    radius = track.h // 2
    pygame.draw.rect(surface, (14, 8, 30), track.inflate(4, 4), border_radius=radius + 2)
    pygame.draw.rect(surface, (70, 50, 100), track, border_radius=radius)
    x = track.x + track.w * volume // 100
    if x > track.x:
        pygame.draw.rect(surface, GOLD, (track.x, track.y, x - track.x, track.h), border_radius=radius)
    knob = max(6, track.h * 3 // 2)
    pygame.draw.circle(surface, (14, 8, 30), (x, track.centery), knob + 2)
    pygame.draw.circle(surface, PALE_GOLD, (x, track.centery), knob)
    pygame.draw.circle(surface, GOLD, (x, track.centery), knob * 2 // 3)


def open_history(ctx: Context) -> None:
    """The game history list (``"history"``, scenes/history.py)."""
    ctx.open("history")


class GameSettingsScene(Overlay):
    title = "GAME SETTINGS"
    close_buttons = ("BACK", "CLOSE", "MENU", "SETTINGS")

    def __init__(self, ctx: Context) -> None:
        self.cursor = 0
        super().__init__(ctx)

    def values(self) -> list[bool | int | None]:
        """Each row's value: a switch's on/off, the volume's percent, None for the history link."""
        volume = int(getattr(self.ctx.settings, "volume", 80))
        return [setting(self.ctx, "intro_screen"), setting(self.ctx, "spacebar_spins"), volume, None]

    def boxes(self) -> list:
        return row_boxes(self.ctx, len(ITEMS), top_share=0.2)

    def item_regions(self) -> list:
        return [(box, Press(Button.ITEM, i)) for i, box in enumerate(self.boxes())]

    def handle_item(self, press: Press) -> None:
        b = press.button
        on_volume = self.cursor == VOLUME_ROW
        if b in (Button.BET_MINUS, Button.BET_PLUS) or (on_volume and b in (Button.LEFT, Button.RIGHT)):
            self.cursor = VOLUME_ROW
            self.change_volume(stepped(self.ctx.settings.volume, 1 if b in (Button.RIGHT, Button.BET_PLUS) else -1))
        elif b == Button.ITEM and press.index == VOLUME_ROW:
            self.cursor = VOLUME_ROW
            bar = slider_bar(self.boxes()[VOLUME_ROW])
            slack = bar.h * 2  # the knob overhangs the bar's ends: a press on it still counts
            if press.pos is not None and bar.x - slack <= press.pos[0] <= bar.right + slack:
                self.change_volume(volume_at(bar, press.pos[0]))
        elif b in (Button.UP, Button.LEFT):
            self.cursor = (self.cursor - 1) % len(ITEMS)
        elif b in (Button.DOWN, Button.RIGHT):
            self.cursor = (self.cursor + 1) % len(ITEMS)
        elif b in (Button.CONFIRM, Button.SPIN):
            self.activate(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(ITEMS):
            self.cursor = press.index
            self.activate(press.index)

    def change_volume(self, percent: int) -> None:
        self.ctx.set_volume(percent)
        self.ctx.audio.play("button_click")  # heard at the new volume

    def activate(self, index: int) -> None:
        ctx = self.ctx
        if index == VOLUME_ROW:
            return  # the slider moves with LEFT/RIGHT or a press on its bar
        ctx.audio.play("button_click")
        if index < len(TOGGLES):
            name = TOGGLES[index]
            set_setting(ctx, name, not setting(ctx, name))
        else:
            open_history(ctx)

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        s = ctx.layout.ui_button
        for i, (box, label, value) in enumerate(zip(self.boxes(), ITEMS, self.values(), strict=True)):
            draw_row(ctx, surface, box, label, selected=i == self.cursor)
            note = ctx.text.fit(NOTES[i], max(8, ctx.layout.fonts.body * 3 // 5), box.w // 2, (190, 170, 220))
            surface.blit(note, note.get_rect(bottomleft=(box.x + box.h // 3, box.bottom - box.h // 10)))
            if value is None:  # a link: an arrow instead of a switch
                img = ctx.text.render("VIEW  >", ctx.layout.fonts.body, PALE_GOLD)
                surface.blit(img, img.get_rect(midright=(box.right - box.h // 3, box.y + box.h // 2)))
                continue
            if i == VOLUME_ROW:
                draw_slider(surface, slider_bar(box), int(value))
                img = ctx.text.render(f"{int(value)}%", ctx.layout.fonts.body, PALE_GOLD)
                surface.blit(img, img.get_rect(midright=(box.right - box.h // 4, box.y + box.h // 2)))
                continue
            toggle = ctx.art.button("toggle_on" if value else "toggle_off", "", (s * 2, s))
            surface.blit(toggle, toggle.get_rect(midright=(box.right - box.h // 4, box.y + box.h // 2)))


register_scene("settings", GameSettingsScene)
