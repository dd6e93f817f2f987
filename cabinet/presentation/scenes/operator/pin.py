"""The PIN page: a keypad for pads, keys and touch; three misses lock it for a minute."""

from __future__ import annotations

import pygame

from cabinet.input.adapter import typed_digit
from cabinet.machine.buttons import Button, Press

from .common import CURSOR, DIM, GOLD, RED, TEXT, Frame, Page, Region, draw_chrome, label

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "CLR", "0", "OK")
COLUMNS = 3


class PinPage(Page):
    title = "PIN"
    hint = "ARROWS CHOOSE   CONFIRM PRESS   BACK LEAVE"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        self.entered = ""
        self.prompt = "ENTER THE OPERATOR PIN"

    @property
    def locked_for(self) -> float:
        return float(self.host.services.gate.locked_for)

    def handle(self, press: Press) -> None:
        b = press.button
        if b in (Button.BACK, Button.MENU, Button.CLOSE):
            self.menu.pop()
            return
        if b == Button.LEFT:
            self.cursor = (self.cursor - 1) % len(KEYS)
        elif b == Button.RIGHT:
            self.cursor = (self.cursor + 1) % len(KEYS)
        elif b == Button.UP:
            self.cursor = (self.cursor - COLUMNS) % len(KEYS)
        elif b == Button.DOWN:
            self.cursor = (self.cursor + COLUMNS) % len(KEYS)
        elif b in (Button.CONFIRM, Button.SPIN):
            self.press_key(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(KEYS):
            self.cursor = press.index
            self.press_key(press.index)
        elif (digit := typed_digit(press)) is not None:  # the keyboard's digits type too
            self.press_key(KEYS.index(str(digit)))
            self.cursor = KEYS.index("OK")  # so Enter (CONFIRM) then submits

    def press_key(self, index: int) -> None:
        if self.locked_for > 0:
            return  # locked: the keypad does nothing (the page says for how long)
        key = KEYS[index]
        if key == "CLR":
            self.entered = ""
            self.say("")
        elif key == "OK":
            self.submit()
        elif len(self.entered) < 12:
            self.entered += key

    def submit(self) -> None:
        gate = self.host.services.gate
        if not self.entered:
            self.say("TYPE THE PIN, THEN OK")  # an empty OK is no try, and no miss
            return
        pin, self.entered = self.entered, ""
        if gate.try_pin(pin):
            self.menu.enter()
            return
        if gate.locked_for > 0:
            self.say("THREE WRONG PINS: LOCKED FOR A MINUTE (LOGGED)", bad=True)
        else:
            self.say(f"WRONG PIN ({gate.misses} OF 3)", bad=True)

    def keypad(self, frame: Frame) -> list[pygame.Rect]:
        size = min(frame.w // 9, (frame.bottom - frame.top) // 6)
        gap = size // 6
        width = COLUMNS * size + (COLUMNS - 1) * gap
        x0 = (frame.w - width) // 2
        y0 = frame.top + size * 3 // 2
        return [pygame.Rect(x0 + (i % COLUMNS) * (size + gap), y0 + (i // COLUMNS) * (size + gap), size, size)
                for i in range(len(KEYS))]

    def regions(self, frame: Frame) -> list[Region]:
        return [((r.x, r.y, r.w, r.h), Press(Button.ITEM, i)) for i, r in enumerate(self.keypad(frame))]

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        locked = self.locked_for
        message, bad = self.message, self.message_bad
        if locked > 0:
            message, bad = f"LOCKED AFTER THREE WRONG PINS: TRY AGAIN IN {int(locked) + 1} S", True
        draw_chrome(surface, frame, self.host.text, self.title, self.hint, message=message, bad=bad)
        boxes = self.keypad(frame)
        shown = "*" * len(self.entered) if self.entered else self.prompt
        label(surface, self.host.text, shown, frame.title_size, TEXT if self.entered else DIM, centre=frame.w // 2,
              y=frame.top + (boxes[0].top - frame.top) // 2)
        for i, (box, key) in enumerate(zip(boxes, KEYS, strict=True)):
            fill = (40, 20, 24) if locked > 0 else (CURSOR if i == self.cursor else (28, 34, 56))
            pygame.draw.rect(surface, fill, box, border_radius=box.h // 6)
            edge = RED if locked > 0 else (GOLD if i == self.cursor else DIM)
            pygame.draw.rect(surface, edge, box, width=2 if i != self.cursor else 4, border_radius=box.h // 6)
            label(surface, self.host.text, key, box.h * 2 // 5, DIM if locked > 0 else TEXT, centre=box.centerx,
                  y=box.centery, width=box.w - 8)
