"""The event log page: newest first, a page at a time, filtered by kind.

UP/DOWN move a page (a touch on the arrows too), LEFT/RIGHT choose the filter (every event,
or one group: power and exits, rounds, storage, operator, devices, errors). The same log
prints with ``cabinet kiosk events --data-dir DIR [--json]``.
"""

from __future__ import annotations

import pygame

from cabinet.machine.buttons import Button, Press

from .common import DIM, GOLD, RED, TEXT, Frame, Page, draw_chrome, draw_list, label, local_time

FILTERS: tuple[tuple[str, tuple[str, ...] | None], ...] = (
    ("EVERY EVENT", None),
    ("POWER AND EXITS", ("power_up", "power_lost", "exit")),
    ("ROUNDS", ("round_restored", "round_auto_completed", "round_voided", "game_changed")),
    ("STORAGE", ("storage_full", "storage_back")),
    ("OPERATOR", ("operator_entered", "wrong_pin", "pin_locked", "settings_changed", "rtp_variant", "meters_reset")),
    ("DEVICES", ("pad_attached", "pad_detached", "close_ignored", "window_refocused")),
    ("ERRORS", ("malfunction", "error", "config_error")),
)
ALARMS = frozenset({"storage_full", "malfunction", "wrong_pin", "pin_locked", "error", "power_lost", "config_error"})


class EventsPage(Page):
    title = "EVENT LOG"
    hint = "UP/DOWN PAGE   LEFT/RIGHT FILTER   BACK RETURN"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        self.filter = 0
        self.page = 0

    def entries(self) -> list:
        return self.host.services.events.newest(kinds=FILTERS[self.filter][1])

    def per_page(self, frame: Frame) -> int:
        return max(1, frame.rows() - 1)

    def handle(self, press: Press) -> None:
        b = press.button
        if b in (Button.LEFT, Button.RIGHT):
            self.filter = (self.filter + (1 if b == Button.RIGHT else -1)) % len(FILTERS)
            self.page = 0
        elif b == Button.UP:
            self.page = max(0, self.page - 1)
        elif b == Button.DOWN:
            self.page = min(self.page + 1, self.pages(Frame(*self.host.window())) - 1)
        else:
            super().handle(press)

    def pages(self, frame: Frame) -> int:
        return max(1, -(-len(self.entries()) // self.per_page(frame)))

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        text = self.host.text
        draw_chrome(surface, frame, text, self.title, self.hint, message=self.message, bad=self.message_bad)
        entries = self.entries()
        per = self.per_page(frame)
        pages = self.pages(frame)
        page = min(self.page, pages - 1)  # entries may have gone since (the newest 10,000 are kept)
        head = frame.row(0)
        label(surface, text, f"<  {FILTERS[self.filter][0]}  >", frame.body * 5 // 4, GOLD, left=head.x,
              y=head.centery, width=head.w // 2)
        label(surface, text, f"{len(entries)} EVENTS   PAGE {page + 1} OF {pages}", frame.body, DIM,
              right=head.right, y=head.centery)
        shown = entries[page * per:(page + 1) * per]
        rows = [(f"{local_time(e.time)}  {e.label}", e.text[:80]) for e in shown]
        colours = [RED if e.kind in ALARMS else TEXT for e in shown]
        draw_list(surface, frame, text, rows, None, first=1, colours=colours)
        if not shown:
            label(surface, text, "NO EVENT OF THIS KIND", frame.body, DIM, left=frame.margin, y=frame.row(1).centery)
