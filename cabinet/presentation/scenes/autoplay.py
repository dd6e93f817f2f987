"""The AUTOPLAY panel, shared by every game.

Main page: the number of rounds, ADVANCED SETTINGS, START AUTOPLAY. Advanced page:
stop on any win; if free spins are won; if a single win exceeds an amount; if the
balance increases by an amount; if it decreases by an amount; RESET; DONE.

Every change goes straight to the cabinet's autoplay (``AutoplayDriver``), which
applies it at once between rounds, or when the round (or its feature) ends if the
panel was opened during one. Nothing is saved: a restart brings the defaults back.

Mouse and touch press the buttons; keys and pads move a cursor (UP/DOWN), change the
row under it (LEFT/RIGHT) and press it (CONFIRM/SPIN); BACK leaves the advanced page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pygame

from cabinet.core.money import Money
from cabinet.machine.autoplay_driver import ROUND_OPTIONS, AutoplayDriver
from cabinet.machine.buttons import Button, Press
from cabinet.services.autoplay import AutoplaySettings

from ..bet_panel import draw_arrow
from ..chrome import chrome
from ..context import Context
from ..layout import Box
from ..overlays import Overlay, draw_row
from ..router import register_scene
from ..style import GOLD, INK, PALE_GOLD, WHITE

ADVANCED, START = 50, 51  # ITEM indices (rounds options are 0..len-1)
TOGGLE_ANY_WIN, TOGGLE_FEATURE = 60, 61
STEP_BASE = 70  # 70 + 2k: amount k down; 71 + 2k: up (k: single win, balance up, balance down)
RESET, DONE = 80, 81
AMOUNT_FIELDS = ("stop_on_single_win", "stop_on_balance_up", "stop_on_balance_down")
AMOUNT_LABELS = ("IF SINGLE WIN EXCEEDS", "IF BALANCE INCREASES BY", "IF BALANCE DECREASES BY")
AMOUNT_STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)  # in major units of the currency
MAIN_ROWS = ("rounds", "advanced", "start")
ADVANCED_ROWS = ("any", "feature", "single", "up", "down", "reset", "done")


def amount_options(minor_units: int) -> tuple[Money, ...]:
    """OFF, then amounts from 1 to 5,000 in the game's currency."""
    return (0, *(v * 10**minor_units for v in AMOUNT_STEPS))


def step_amount(options: tuple[Money, ...], current: Money, direction: int) -> Money:
    """The next option up or down from ``current`` (which need not be one of them)."""
    if direction > 0:
        return next((v for v in options if v > current), options[-1])
    return next((v for v in reversed(options) if v < current), options[0])


class AutoplayScene(Overlay):
    title = "AUTOPLAY"
    close_buttons = ("CLOSE", "MENU", "AUTOPLAY")  # BACK is handled: it leaves the advanced page first

    def __init__(self, ctx: Context, driver: AutoplayDriver, on_start: Callable[[], None] | None = None) -> None:
        self.driver = driver
        self.on_start = on_start or (lambda: None)
        self.view = "main"
        self.cursor = 0
        self.note = ""
        super().__init__(ctx)

    # -- what the panel edits ---------------------------------------------------------------------

    @property
    def chosen(self) -> AutoplaySettings:
        return self.driver.chosen

    def _apply(self, settings: AutoplaySettings) -> None:
        self.driver.change(settings)
        self.note = "CHANGES APPLY WHEN THIS ROUND ENDS" if self.driver.pending is not None else ""
        self.ctx.audio.play("button_click")

    def amounts(self) -> tuple[Money, ...]:
        return amount_options(self.ctx.defn.bet.minor_units)

    def _choose_rounds(self, index: int) -> None:
        if 0 <= index < len(ROUND_OPTIONS):
            self._apply(replace(self.chosen, rounds=ROUND_OPTIONS[index]))

    def _step_rounds(self, direction: int) -> None:
        rounds = self.chosen.rounds
        index = ROUND_OPTIONS.index(rounds) if rounds in ROUND_OPTIONS else 0
        self._choose_rounds(max(0, min(len(ROUND_OPTIONS) - 1, index + direction)))

    def _step(self, k: int, direction: int) -> None:
        name = AMOUNT_FIELDS[k]
        amount: Money = step_amount(self.amounts(), getattr(self.chosen, name), direction)
        chosen = self.chosen
        if name == "stop_on_single_win":
            self._apply(replace(chosen, stop_on_single_win=amount))
        elif name == "stop_on_balance_up":
            self._apply(replace(chosen, stop_on_balance_up=amount))
        else:
            self._apply(replace(chosen, stop_on_balance_down=amount))

    def _toggle(self, name: str) -> None:
        self._apply(replace(self.chosen, **{name: not getattr(self.chosen, name)}))

    def _reset(self) -> None:
        self.driver.reset()
        self.note = "CHANGES APPLY WHEN THIS ROUND ENDS" if self.driver.pending is not None else \
            "STOP SETTINGS RESET"
        self.ctx.audio.play("button_click")

    def _start(self) -> None:
        refusal = self.driver.start()
        if refusal is not None:
            self.note = refusal
            self.ctx.hud.say(refusal)
            self.ctx.audio.play("button_click")
            return
        self.finished = True
        self.ctx.audio.play("button_click")
        self.on_start()

    def _open(self, view: str) -> None:
        self.view, self.cursor = view, 0
        self.ctx.audio.play("button_click")

    # -- geometry ---------------------------------------------------------------------------------

    def _inner(self) -> Box:
        panel = self.ctx.layout.panel
        return Box(panel.x + panel.w * 7 // 100, panel.y + panel.h * 17 // 100, panel.w * 86 // 100,
                   panel.h * 78 // 100)

    def round_boxes(self) -> list[Box]:
        inner, s = self._inner(), self.ctx.layout.ui_button
        n = len(ROUND_OPTIONS)
        per_row = n if inner.w // n >= s * 3 // 2 else (n + 1) // 2
        gap = max(4, inner.w // 60)
        w = (inner.w - gap * (per_row - 1)) // per_row
        h = s
        top = inner.y + inner.h * 12 // 100
        return [Box(inner.x + (i % per_row) * (w + gap), top + (i // per_row) * (h + gap), w, h) for i in range(n)]

    def main_boxes(self) -> tuple[Box, Box]:
        inner, s = self._inner(), self.ctx.layout.ui_button
        rounds_bottom = self.round_boxes()[-1].bottom
        advanced = Box(inner.x, rounds_bottom + s * 2 // 3, inner.w, s * 5 // 4)
        start_w = min(inner.w, s * 7)
        start = Box(inner.x + (inner.w - start_w) // 2, inner.bottom - s * 3 // 2 - s // 2, start_w, s * 3 // 2)
        return advanced, start

    def advanced_rows(self) -> list[Box]:
        inner = self._inner()
        pitch = min(inner.h // 6, self.ctx.layout.ui_button * 3 // 2)
        return [Box(inner.x, inner.y + i * pitch, inner.w, pitch * 5 // 6) for i in range(6)]

    def stepper_boxes(self, row: Box) -> tuple[Box, Box, Box]:
        """(down arrow, value, up arrow) at the right of an amount row."""
        h = row.h * 3 // 4
        value_w = max(h * 3, row.w * 22 // 100)
        y = row.y + (row.h - h) // 2
        up = Box(row.right - h - row.h // 6, y, h, h)
        value = Box(up.x - value_w - h // 6, y, value_w, h)
        down = Box(value.x - h - h // 6, y, h, h)
        return down, value, up

    def bottom_buttons(self) -> tuple[Box, Box]:
        row = self.advanced_rows()[5]
        w = row.w * 4 // 10
        return Box(row.x, row.y, w, row.h), Box(row.right - w, row.y, w, row.h)

    def item_regions(self) -> list:
        if self.view == "main":
            advanced, start = self.main_boxes()
            regions = [(box, Press(Button.ITEM, i)) for i, box in enumerate(self.round_boxes())]
            return regions + [(advanced, Press(Button.ITEM, ADVANCED)), (start, Press(Button.ITEM, START))]
        rows = self.advanced_rows()
        regions = [(rows[0], Press(Button.ITEM, TOGGLE_ANY_WIN)), (rows[1], Press(Button.ITEM, TOGGLE_FEATURE))]
        for k in range(3):
            down, _value, up = self.stepper_boxes(rows[2 + k])
            regions += [(down, Press(Button.ITEM, STEP_BASE + 2 * k)), (up, Press(Button.ITEM, STEP_BASE + 2 * k + 1))]
        reset, done = self.bottom_buttons()
        return regions + [(reset, Press(Button.ITEM, RESET)), (done, Press(Button.ITEM, DONE))]

    # -- input ------------------------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        if press.button == Button.BACK:
            if self.view == "advanced":
                self._open("main")
            else:
                self.close()
            return True
        return super().handle(press)

    def handle_item(self, press: Press) -> None:
        b = press.button
        rows = MAIN_ROWS if self.view == "main" else ADVANCED_ROWS
        if b == Button.ITEM:
            self._press_item(press.index)
        elif b == Button.UP:
            self.cursor = (self.cursor - 1) % len(rows)
        elif b == Button.DOWN:
            self.cursor = (self.cursor + 1) % len(rows)
        elif b in (Button.LEFT, Button.RIGHT, Button.BET_MINUS, Button.BET_PLUS):
            direction = 1 if b in (Button.RIGHT, Button.BET_PLUS) else -1
            row = rows[self.cursor]
            if row == "rounds":
                self._step_rounds(direction)
            elif row in ("single", "up", "down"):
                self._step(("single", "up", "down").index(row), direction)
            elif self.view == "advanced" and row in ("reset", "done"):
                self.cursor = rows.index("done" if direction > 0 else "reset")
        elif b in (Button.CONFIRM, Button.SPIN):
            self._activate(rows[self.cursor])

    def _activate(self, row: str) -> None:
        actions: dict[str, Callable[[], None]] = {
            "rounds": self._start, "advanced": lambda: self._open("advanced"), "start": self._start,
            "any": lambda: self._toggle("stop_on_any_win"), "feature": lambda: self._toggle("stop_on_feature"),
            "single": lambda: self._step(0, 1), "up": lambda: self._step(1, 1), "down": lambda: self._step(2, 1),
            "reset": self._reset, "done": lambda: self._open("main"),
        }
        actions[row]()

    def _press_item(self, index: int) -> None:
        if self.view == "main":
            if 0 <= index < len(ROUND_OPTIONS):
                self.cursor = MAIN_ROWS.index("rounds")
                self._choose_rounds(index)
            elif index == ADVANCED:
                self._open("advanced")
            elif index == START:
                self._start()
            return
        if index == TOGGLE_ANY_WIN:
            self.cursor = 0
            self._toggle("stop_on_any_win")
        elif index == TOGGLE_FEATURE:
            self.cursor = 1
            self._toggle("stop_on_feature")
        elif STEP_BASE <= index < STEP_BASE + 6:
            k, up = divmod(index - STEP_BASE, 2)
            self.cursor = 2 + k
            self._step(k, 1 if up else -1)
        elif index == RESET:
            self.cursor = 5
            self._reset()
        elif index == DONE:
            self._open("main")

    # -- drawing ----------------------------------------------------------------------------------

    def _button(self, surface: pygame.Surface, box: Box, label: str, *, chosen: bool, focused: bool = False,
                size: int | None = None) -> None:
        fill = chrome(self.ctx).chosen if chosen else chrome(self.ctx).band
        pygame.draw.rect(surface, fill, box, border_radius=box.h // 4)
        rim = PALE_GOLD if focused else GOLD if chosen else (110, 80, 150)
        pygame.draw.rect(surface, rim, box, width=max(2, box.h // (10 if focused else 16)), border_radius=box.h // 4)
        img = self.ctx.text.fit(label, size or min(self.ctx.layout.fonts.body, box.h * 6 // 10), box.w - 8, WHITE)
        surface.blit(img, img.get_rect(center=box.center))

    def stops_summary(self) -> str:
        s, money = self.chosen, self.ctx.money
        parts = (["ANY WIN"] if s.stop_on_any_win else []) + (["FREE SPINS"] if s.stop_on_feature else [])
        # a single win stops autoplay when it equals or exceeds the amount (the sheet), so not "OVER"
        for name, label in zip(AMOUNT_FIELDS, ("WIN {} OR MORE", "BALANCE +{}", "BALANCE -{}"), strict=True):
            if getattr(s, name):
                parts.append(label.format(money(getattr(s, name))))
        return "STOPS: " + (", ".join(parts) if parts else "NONE")

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.view == "main":
            self._draw_main(surface)
        else:
            self._draw_advanced(surface)
        if self.note:
            panel = self.ctx.layout.panel
            img = self.ctx.text.fit(self.note, self.ctx.layout.fonts.body * 4 // 5, panel.w * 9 // 10, PALE_GOLD)
            surface.blit(img, img.get_rect(midbottom=(panel.center[0], panel.bottom - panel.h // 40)))

    def _draw_main(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        text, fonts = ctx.text, ctx.layout.fonts
        inner = self._inner()
        head = text.render("NUMBER OF ROUNDS", fonts.body, GOLD)
        surface.blit(head, (inner.x, inner.y))
        focused = MAIN_ROWS[self.cursor]
        for box, rounds in zip(self.round_boxes(), ROUND_OPTIONS, strict=True):
            chosen = rounds == self.chosen.rounds
            self._button(surface, box, str(rounds), chosen=chosen, focused=focused == "rounds" and chosen)
        advanced, start = self.main_boxes()
        draw_row(ctx, surface, advanced, "ADVANCED SETTINGS", selected=focused == "advanced", value=">")
        small = max(8, fonts.body * 4 // 5)
        y = advanced.bottom + advanced.h // 4
        bet = ctx.session.bet.total
        for line, colour in ((self.stops_summary(), (220, 206, 246)),
                             (f"BET PER ROUND {ctx.money(bet)} - UP TO {ctx.money(bet * self.chosen.rounds)} "
                              f"IN {self.chosen.rounds} ROUNDS", (200, 184, 230)),
                             ("ANY BUTTON STOPS AUTOPLAY", (170, 154, 200))):
            img = text.fit(line, small, inner.w, colour)
            surface.blit(img, img.get_rect(midtop=(inner.center[0], y)))
            y += small * 3 // 2
        pygame.draw.rect(surface, (24, 120, 48), start, border_radius=start.h // 2)
        pygame.draw.rect(surface, PALE_GOLD if focused == "start" else GOLD, start,
                         width=max(2, start.h // (8 if focused == "start" else 14)), border_radius=start.h // 2)
        label = text.fit(f"START AUTOPLAY ({self.chosen.rounds})", min(fonts.title * 2 // 3, start.h * 5 // 10),
                         start.w * 9 // 10, WHITE, outline=True)
        surface.blit(label, label.get_rect(center=start.center))

    def _draw_advanced(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        s, fonts, text = ctx.layout.ui_button, ctx.layout.fonts, ctx.text
        rows = self.advanced_rows()
        chosen = self.chosen
        focused = ADVANCED_ROWS[self.cursor]
        head = text.render("ADVANCED SETTINGS: STOP AUTOPLAY", fonts.body * 4 // 5, GOLD)
        surface.blit(head, head.get_rect(bottomleft=(rows[0].x, rows[0].y - s // 8)))
        for i, (label, name) in enumerate((("ON ANY WIN", "stop_on_any_win"),
                                           ("IF FREE SPINS ARE WON", "stop_on_feature"))):
            row = rows[i]
            draw_row(ctx, surface, row, label, selected=focused == ADVANCED_ROWS[i])
            toggle = ctx.art.button("toggle_on" if getattr(chosen, name) else "toggle_off", "", (s * 2, s))
            surface.blit(toggle, toggle.get_rect(midright=(row.right - row.h // 4, row.center[1])))
        for k, label in enumerate(AMOUNT_LABELS):
            row = rows[2 + k]
            draw_row(ctx, surface, row, "", selected=focused == ADVANCED_ROWS[2 + k])
            down, value, up = self.stepper_boxes(row)
            room = down.x - row.x - row.h // 3 - row.h // 6  # the label stops short of the stepper
            img = text.fit(label, fonts.body, room, (250, 246, 236))
            surface.blit(img, img.get_rect(midleft=(row.x + row.h // 3, row.center[1])))
            amount = getattr(chosen, AMOUNT_FIELDS[k])
            draw_arrow(surface, down, True, amount > 0)
            draw_arrow(surface, up, False, amount < self.amounts()[-1])
            pygame.draw.rect(surface, INK, value, border_radius=value.h // 3)
            pygame.draw.rect(surface, GOLD, value, width=max(1, value.h // 14), border_radius=value.h // 3)
            shown = ctx.money(amount) if amount else "OFF"
            img = text.fit(shown, min(fonts.body, value.h * 7 // 10), value.w - 6,
                           WHITE if amount else (170, 160, 180))
            surface.blit(img, img.get_rect(center=value.center))
        reset, done = self.bottom_buttons()
        self._button(surface, reset, "RESET", chosen=False, focused=focused == "reset")
        self._button(surface, done, "DONE", chosen=True, focused=focused == "done")


register_scene("autoplay", AutoplayScene)
