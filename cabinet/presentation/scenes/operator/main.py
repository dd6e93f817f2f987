"""The operator menu's first page: every page in a list."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from cabinet.machine.buttons import Button, Press

from .common import Frame, Page, Region, draw_chrome, draw_list, move


def _pages() -> list[tuple[str, str, Callable[[object], Page]]]:
    from .buttons import ButtonTestPage
    from .display import DisplayTestPage
    from .events import EventsPage
    from .kiosk_log import KioskLogPage
    from .last_games import LastGamesPage
    from .meters import MetersPage
    from .settings import SettingsPage
    from .sound import SoundTestPage
    from .storage import StorageTestPage

    return [
        ("METERS", "MASTER AND PERIOD, PER GAME AND IN TOTAL", MetersPage),
        ("LAST GAMES", "THE LAST 10 ROUNDS OF EACH GAME, WITH REPLAY", LastGamesPage),
        ("EVENT LOG", "SIGNIFICANT EVENTS, NEWEST FIRST", EventsPage),
        ("BUTTON TEST", "EVERY CABINET BUTTON, KEY, PAD AND TOUCH", ButtonTestPage),
        ("DISPLAY TEST", "COLOUR BARS, GREY RAMP, PIXEL GRID", DisplayTestPage),
        ("SOUND TEST", "LEFT, RIGHT, BOTH; EACH THEME", SoundTestPage),
        ("STORAGE TEST", "FREE SPACE AND ONE FSYNCED WRITE", StorageTestPage),
        ("SETTINGS", "GAMES, IDLE, CREDITS, VOLUME, PIN, RESTART", SettingsPage),
        ("KIOSK LOG", "RECENT RECOVERED ERRORS (KIOSK.LOG)", KioskLogPage),
    ]


class MainPage(Page):
    title = "MENU"
    hint = "UP/DOWN CHOOSE   CONFIRM OPEN   BACK LEAVE THE MENU (THE GAME GOES ON)"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        self.entries = _pages()

    def handle(self, press: Press) -> None:
        b = press.button
        if b in (Button.BACK, Button.MENU, Button.CLOSE, Button.OPERATOR):
            self.menu.pop()
        elif b in (Button.CONFIRM, Button.SPIN):
            self.open(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(self.entries):
            self.cursor = press.index
            self.open(press.index)
        else:
            self.cursor = move(self.cursor, press, len(self.entries))

    def open(self, index: int) -> None:
        self.menu.push(self.entries[index][2](self.menu))

    def regions(self, frame: Frame) -> list[Region]:
        return [(tuple(frame.row(i)), Press(Button.ITEM, i)) for i in range(len(self.entries))]

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        draw_chrome(surface, frame, self.host.text, self.title, self.hint, message=self.message, bad=self.message_bad)
        draw_list(surface, frame, self.host.text, [(name, about) for name, about, _ in self.entries], self.cursor)
