"""The operator (audit) menu: meters, last games, the event log, diagnostics and settings.

OPERATOR (F10, or both sticks on a pad; ``cabinet/input/bindings.yaml``) opens it; with a
PIN in ``kiosk.yaml`` the PIN page comes first (three misses lock it for a minute). It is a
modal, opaque scene: the game under it is paused (``App`` opens it only between rounds; a
press during a round opens it when the round ends). One module per page:

- ``main``: the list of pages;  ``pin``: the keypad;
- ``meters``: per game and in total, master and period columns, RTP against par, REPLAY of the
  largest win, RESET PERIOD (asks first);
- ``last_games``: the last 10 rounds of each game, each replayed with the existing replay;
- ``events``: the event log with paging and filters;
- ``buttons``, ``display``, ``sound``, ``storage``: the diagnostics;
- ``settings``: the kiosk's settings, written to ``kiosk.yaml`` keeping its comments.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from cabinet.machine.buttons import Press

from .common import Frame, OperatorHost, Page

__all__ = ["OperatorHost", "OperatorMenu"]


class NoPinPage(Page):
    """A kiosk without ``operator_pin``: the menu stays shut, and the page says how to set one."""

    title = "NO PIN SET"
    hint = "BACK RETURNS TO THE GAME"

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        from .common import RED, TEXT, draw_chrome, label

        draw_chrome(surface, frame, self.host.text, self.title, self.hint)
        label(surface, self.host.text, "A KIOSK OPENS ITS OPERATOR MENU ONLY WITH A PIN.", frame.body, RED,
              left=frame.margin, y=frame.row(1).centery, width=frame.w - 2 * frame.margin)
        label(surface, self.host.text, "SET ONE ON THE MACHINE: cabinet kiosk pin --data-dir DIR", frame.body, TEXT,
              left=frame.margin, y=frame.row(2).centery, width=frame.w - 2 * frame.margin)


class OperatorMenu:
    modal = True
    opaque = True

    def __init__(self, host: OperatorHost, *, entered: bool = False,
                 exit_to: Callable[[], None] | None = None, setup: bool = False) -> None:
        """``entered``: the operator is already in (the lobby opened a game to replay one of its
        rounds): no PIN again and no second ``operator_entered`` line. ``exit_to``: the PIN pad
        of the kiosk's exit combination: the right PIN calls it instead of opening the menu."""
        from .main import MainPage
        from .pin import PinPage

        self.host = host
        self.finished = False
        self.pages: list[Page] = []
        self.entered = entered
        self.exit_to = exit_to
        if setup:  # the first start of a kiosk with no PIN: set one, then the settings
            from .pin_set import PinSetPage

            self.entered = True
            self.pages.append(PinSetPage(self, setup=True))
        elif exit_to is not None:
            page = PinPage(self)
            page.title = "EXIT: OPERATOR PIN"
            page.prompt = "THE OPERATOR PIN TO LEAVE THE KIOSK"
            self.pages.append(page)
        elif entered:
            self.pages.append(MainPage(self))
        elif host.services.kiosk and not host.services.gate.needs_pin:
            self.pages.append(NoPinPage(self))  # a kiosk's visitors could press OPERATOR: no PIN, no menu
        elif host.services.gate.needs_pin:
            self.pages.append(PinPage(self))
        else:
            self.enter()

    @property
    def page(self) -> Page:
        return self.pages[-1]

    def enter(self) -> None:
        """The PIN was right (or none is set): the menu proper, and a line in the event log."""
        from .main import MainPage

        if self.exit_to is not None:
            self.finished = True
            self.exit_to()
            return
        self.entered = True
        where = self.host.session.game.id if self.host.session is not None else "lobby"
        self.host.services.events.record("operator_entered", f"operator menu entered ({where})", where=where)
        self.pages = [MainPage(self)]

    def setup_settings(self) -> None:
        """The first-start set-up after its PIN: the settings page (games, idle time) in its place."""
        from .settings import SettingsPage

        page = SettingsPage(self, setup=True)
        page.say("PIN SET (LOGGED). NOW THE GAMES AND THE IDLE TIME, THEN SAVE AND START")
        self.pages[-1] = page

    def push(self, page: Page) -> None:
        self.pages.append(page)

    def pop(self) -> None:
        self.pages.pop().leave()
        if not self.pages:
            self.finished = True

    def close(self) -> None:
        while self.pages:
            self.pop()

    # -- the scene protocol -----------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        if self.pages:
            self.page.handle(press)
        return True  # nothing reaches the paused game

    def update(self, dt: float) -> None:
        if self.pages:
            self.page.update(dt)

    def hit_regions(self) -> list[Any]:
        return self.page.regions(Frame(*self.host.window())) if self.pages else []

    def draw(self, surface: pygame.Surface) -> None:
        if self.pages:
            self.page.draw(surface, Frame(*surface.get_size()))
