"""The game menu (every game has it): History, Close Game, Sound, Music, Left Hand Mode, Vibrate.

The game is paused while it shows (a modal scene). It closes with its close button,
BACK/MENU, or a press anywhere outside it. Toggles are saved at once (``settings.yaml``
in the data folder, remembered between runs). HISTORY opens the persistent game
history (``"history"``, scenes/history.py), where any round can be replayed.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cabinet.machine.buttons import Button, Press

from ..context import Context
from ..layout import Box
from ..overlays import Overlay, draw_row
from ..router import register_scene

ITEMS = ("HISTORY", "CLOSE GAME", "SOUND", "MUSIC", "LEFT HAND MODE", "VIBRATE")


def row_boxes(ctx: Context, count: int, top_share: float = 0.16) -> list[Box]:
    """``count`` rows filling the panel below its title, never past its bottom edge."""
    panel = ctx.layout.panel
    top = panel.y + int(panel.h * top_share)
    room = panel.bottom - top - panel.h // 20
    pitch = min(room // max(count, 1), ctx.layout.ui_button * 3 // 2 + ctx.layout.ui_button // 4)
    row_h = pitch * 6 // 7
    gap = pitch - row_h
    return [Box(panel.x + panel.w // 10, top + i * (row_h + gap), panel.w * 8 // 10, row_h) for i in range(count)]


class MenuScene(Overlay):
    title = "MENU"
    closes_on_any_tap = True  # "closed by pressing the Close button or anywhere on the screen"

    def __init__(self, ctx: Context) -> None:
        self.cursor = 0
        super().__init__(ctx)

    def values(self) -> list[str]:
        s = self.ctx.settings

        def onoff(v: bool) -> str:
            return "ON" if v else "OFF"

        return ["", "", onoff(s.sound), onoff(s.music), onoff(s.left_hand), onoff(s.vibrate)]

    def actions(self) -> list[Callable[[], None]]:
        ctx = self.ctx
        return [self._history, self._close_game, ctx.toggle_sound, ctx.toggle_music, ctx.toggle_left_hand,
                ctx.toggle_vibrate]

    def _history(self) -> None:
        self.ctx.open("history")

    def _close_game(self) -> None:
        self.finished = True
        self.ctx.close_game()  # back to the lobby when one opened the game, else quit

    def item_regions(self) -> list:
        return [(box, Press(Button.ITEM, i)) for i, box in enumerate(row_boxes(self.ctx, len(ITEMS)))]

    def handle_item(self, press: Press) -> None:
        b = press.button
        if b in (Button.UP, Button.LEFT):
            self.cursor = (self.cursor - 1) % len(ITEMS)
        elif b in (Button.DOWN, Button.RIGHT):
            self.cursor = (self.cursor + 1) % len(ITEMS)
        elif b in (Button.CONFIRM, Button.SPIN):
            self._activate(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(ITEMS):
            self.cursor = press.index
            self._activate(press.index)

    def _activate(self, index: int) -> None:
        self.ctx.audio.play("button_click")
        self.actions()[index]()

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        s = ctx.layout.ui_button
        values = self.values()
        for i, (box, label) in enumerate(zip(row_boxes(ctx, len(ITEMS)), ITEMS, strict=True)):
            draw_row(ctx, surface, box, label, selected=i == self.cursor)
            if values[i]:
                toggle = ctx.art.button("toggle_on" if values[i] == "ON" else "toggle_off", "", (s * 2, s))
                surface.blit(toggle, toggle.get_rect(midright=(box.right - box.h // 4, box.y + box.h // 2)))


register_scene("menu", MenuScene)
