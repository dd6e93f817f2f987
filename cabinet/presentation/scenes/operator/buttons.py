"""The button test: every cabinet button lights up when anything bound to it presses it.

A tile per cabinet button, with the keys and pad buttons the bindings table gives it; a
press from any bound key, any pad (also one plugged in while the page is open: the adapter
opens it as it arrives), the pad chord, or a touch on the tile itself lights the tile. A
touch anywhere else lights TAP. Since BACK is a button under test too, leaving takes BACK
three times within two seconds.
"""

from __future__ import annotations

import pygame

from cabinet.input.bindings import PAD_BUTTONS
from cabinet.machine.buttons import Button, Press

from .common import BAND, DIM, LIT, TEXT, Frame, Page, Region, draw_chrome, label

TESTED = tuple(b for b in Button if b not in (Button.ITEM, Button.CLOSE, Button.DIGIT))
LIGHT_SECONDS = 0.6
LEAVE_PRESSES, LEAVE_WINDOW = 3, 2.0
COLUMNS = 6


def _key_name(code: int) -> str:
    return str(pygame.key.name(code)).upper() or f"KEY {code}"


class ButtonTestPage(Page):
    title = "BUTTON TEST"
    hint = "PRESS ANY BUTTON, KEY, PAD BUTTON OR TILE   BACK THREE TIMES LEAVES"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        self.lit: dict[Button, float] = {}  # button -> seconds of light left
        self.pressed: set[Button] = set()  # every button seen at least once on this page
        self.backs: list[float] = []
        self.clock = 0.0
        bindings = getattr(self.host.adapter, "bindings", None)
        pad_names = {code: name for name, code in PAD_BUTTONS.items()}
        self.sources: dict[Button, str] = {}
        for button in TESTED:
            parts: list[str] = []
            if bindings is not None:
                parts += [_key_name(k) for k in bindings.keys_for(button)]
                parts += [f"PAD {pad_names.get(c, c)}".upper() for c, b in bindings.pad.items() if b == button]
                chord = bindings.pad_chords.get(button)
                if chord:
                    parts.append("PAD " + "+".join(str(pad_names.get(c, c)).upper() for c in sorted(chord)))
            self.sources[button] = ", ".join(parts) or ("TOUCH" if button == Button.TAP else "ON SCREEN ONLY")

    def handle(self, press: Press) -> None:
        button = press.button
        if button in TESTED:
            self.lit[button] = LIGHT_SECONDS
            self.pressed.add(button)
        if button == Button.BACK:
            self.backs = [t for t in self.backs if self.clock - t < LEAVE_WINDOW] + [self.clock]
            if len(self.backs) >= LEAVE_PRESSES:
                self.menu.pop()

    def update(self, dt: float) -> None:
        self.clock += dt
        for button in list(self.lit):
            self.lit[button] -= dt
            if self.lit[button] <= 0:
                del self.lit[button]

    def tiles(self, frame: Frame) -> list[pygame.Rect]:
        rows = -(-len(TESTED) // COLUMNS)
        gap = max(4, frame.w // 160)
        top = frame.top + frame.row_h
        w = (frame.w - 2 * frame.margin - (COLUMNS - 1) * gap) // COLUMNS
        h = min(frame.row_h * 2, (frame.bottom - top - (rows - 1) * gap) // rows)
        return [pygame.Rect(frame.margin + (i % COLUMNS) * (w + gap), top + (i // COLUMNS) * (h + gap), w, h)
                for i in range(len(TESTED))]

    def regions(self, frame: Frame) -> list[Region]:
        return [(tuple(box), Press(button)) for box, button in zip(self.tiles(frame), TESTED, strict=True)
                if button != Button.TAP]

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        text = self.host.text
        draw_chrome(surface, frame, text, self.title, self.hint, message=self.message, bad=self.message_bad)
        pads = len(getattr(self.host.adapter, "pads", {}) or {})
        label(surface, text, f"PADS CONNECTED: {pads}     BUTTONS SEEN: {len(self.pressed)} OF {len(TESTED)}",
              frame.body, DIM, left=frame.margin, y=frame.top + frame.row_h // 2)
        for box, button in zip(self.tiles(frame), TESTED, strict=True):
            on = button in self.lit
            pygame.draw.rect(surface, LIT if on else BAND, box, border_radius=6)
            pygame.draw.rect(surface, TEXT if button in self.pressed else DIM, box, width=2, border_radius=6)
            ink = (20, 16, 8) if on else TEXT
            label(surface, text, button.value.replace("_", " "), frame.body, ink, centre=box.centerx,
                  y=box.y + box.h // 3, width=box.w - 8)
            label(surface, text, self.sources[button], max(9, frame.body * 3 // 4), (60, 50, 20) if on else DIM,
                  centre=box.centerx, y=box.y + box.h * 3 // 4, width=box.w - 8)
