"""What every operator page shares: the host it runs on, the page protocol, the plain look.

The operator's screens are an audit tool, not a show: a dark background, one type face,
white text on fixed rows, gold for the row under the cursor and red for what is refused.
Every page lays itself out from the window's size (``Frame``) and draws only cached text
and rectangles, so each frame costs well under a millisecond or two.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from cabinet.core.definition import Definition
from cabinet.core.money import format_money
from cabinet.machine.buttons import Button, Press

BACKGROUND = (8, 10, 18)
BAND = (22, 28, 46)
TEXT = (236, 238, 244)
DIM = (140, 148, 168)
CURSOR = (70, 58, 20)
GOLD = (240, 200, 90)
RED = (230, 70, 70)
GREEN = (90, 210, 120)
LIT = (250, 220, 80)

Region = tuple[Any, Press]
# How a page writes a file's path (the gallery shows a fixed one: its data folder is a new temporary one).
PATH_SHOWN: dict[str, Callable[[Any], str]] = {"path": str}


def shown_path(path: Any) -> str:
    return PATH_SHOWN["path"](path)


# The zone times are shown in: None is this machine's local zone (the gallery pins a fixed one).
ZONE_SHOWN: dict[str, Any] = {"zone": None}


def local_time(moment: Any, *, seconds: bool = True) -> str:
    """A UTC time (a datetime, or ISO 8601 text as the logs keep it) in the local zone, with the
    zone's name: what a floor operator compares with the clock on the wall."""
    from datetime import UTC, datetime

    if isinstance(moment, str):
        try:
            moment = datetime.fromisoformat(moment.replace("Z", "+00:00"))
        except ValueError:
            return moment
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    shown = moment.astimezone(ZONE_SHOWN["zone"])
    return shown.strftime("%Y-%m-%d %H:%M:%S %Z" if seconds else "%Y-%m-%d %H:%M %Z")


@dataclass
class OperatorHost:
    """What the menu may use from whoever opened it (an App, or the kiosk's lobby)."""

    services: Any  # cabinet.kiosk.operator.OperatorServices
    text: Any  # cabinet.presentation.text.Text
    session: Any = None  # the open game's GameSession (None over the lobby)
    adapter: Any = None  # the input adapter (bindings, pads)
    audio: Any = None  # the open game's Audio (the sound test makes its own when None)
    replay: Callable[[Any], None] | None = None  # play a HistoryRecord again (the existing replay)
    window: Callable[[], tuple[int, int]] = lambda: (1280, 720)  # the window's size now
    volume: Callable[[], int] = lambda: 80  # the set master volume
    refresh_rate: Callable[[], float | None] = lambda: None
    on_settings: Callable[[Any], None] = lambda config: None  # a saved KioskConfig, to apply at once
    definitions: dict[str, Definition] = field(default_factory=dict)  # known games (more loaded by id)

    def definition(self, game_id: str) -> Definition | None:
        if game_id not in self.definitions:
            try:
                from cabinet.services.session_ledger import load_game_ref

                self.definitions[game_id] = load_game_ref(game_id).definition
            except Exception:  # noqa: BLE001 - a game gone from games/: its meters still show
                return None
        return self.definitions[game_id]

    def money(self, game_id: str | None, amount: int) -> str:
        defn = self.definition(game_id) if game_id else next(iter(self.definitions.values()), None)
        if defn is None:
            return f"{amount}"
        return format_money(amount, defn.bet.currency, defn.bet.minor_units)


@dataclass(frozen=True)
class Frame:
    """The rectangles of an operator page for one window size."""

    w: int
    h: int

    @property
    def body(self) -> int:
        return max(11, self.h // 34)

    @property
    def title_size(self) -> int:
        return max(14, self.h // 20)

    @property
    def margin(self) -> int:
        return max(8, self.w // 40)

    @property
    def top(self) -> int:
        return self.h // 9

    @property
    def bottom(self) -> int:
        return self.h - self.h // 12

    @property
    def row_h(self) -> int:
        return max(14, self.h // 22)

    def rows(self) -> int:
        return max(1, (self.bottom - self.top) // self.row_h)

    def row(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.margin, self.top + index * self.row_h, self.w - 2 * self.margin, self.row_h - 2)


class Page:
    """One operator page: ``handle`` a press, ``update`` time, ``draw`` (changes nothing)."""

    title = ""
    hint = "UP/DOWN CHOOSE   CONFIRM SELECT   BACK RETURN"

    def __init__(self, menu: Any) -> None:
        self.menu = menu  # the OperatorMenu: host, services, push/pop
        self.cursor = 0
        self.message = ""
        self.message_bad = False

    @property
    def host(self) -> OperatorHost:
        return self.menu.host  # type: ignore[no-any-return]

    def say(self, message: str, *, bad: bool = False) -> None:
        self.message, self.message_bad = message, bad

    def handle(self, press: Press) -> None:
        if press.button in (Button.BACK, Button.MENU, Button.CLOSE):
            self.menu.pop()

    def update(self, dt: float) -> None:
        pass

    def regions(self, frame: Frame) -> list[Region]:
        return []

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        pass

    def leave(self) -> None:
        """Called when the page is popped (stop sounds and the like)."""


def move(cursor: int, press: Press, count: int) -> int:
    """UP/DOWN move a cursor over ``count`` rows (wrapping)."""
    if count <= 0:
        return 0
    if press.button == Button.UP:
        return (cursor - 1) % count
    if press.button == Button.DOWN:
        return (cursor + 1) % count
    return cursor


def label(surface: pygame.Surface, text: Any, words: str, size: int, colour: tuple[int, int, int],
          *, left: int | None = None, right: int | None = None, centre: int | None = None, y: int,
          width: int = 10_000) -> pygame.Rect:
    fitted = text.fit_size(words, size, width)  # a row is one line: too long at the floor, it is cut short
    img = text.render(text.shorten(words, fitted, width), fitted, colour)
    if right is not None:
        rect = img.get_rect(midright=(right, y))
    elif centre is not None:
        rect = img.get_rect(center=(centre, y))
    else:
        rect = img.get_rect(midleft=(left or 0, y))
    surface.blit(img, rect)
    return rect


def draw_chrome(surface: pygame.Surface, frame: Frame, text: Any, title: str, hint: str, *, message: str = "",
                bad: bool = False) -> None:
    """Background, the title band (OPERATOR - TITLE) and the hint line at the bottom."""
    surface.fill(BACKGROUND)
    pygame.draw.rect(surface, BAND, (0, 0, frame.w, frame.top - frame.h // 60))
    label(surface, text, f"OPERATOR  -  {title}", frame.title_size, GOLD, left=frame.margin,
          y=(frame.top - frame.h // 60) // 2, width=frame.w - 2 * frame.margin)
    pygame.draw.rect(surface, BAND, (0, frame.bottom, frame.w, frame.h - frame.bottom))
    words = message or hint
    label(surface, text, words, frame.body, RED if bad else (GREEN if message else DIM), left=frame.margin,
          y=(frame.bottom + frame.h) // 2, width=frame.w - 2 * frame.margin)


def draw_list(surface: pygame.Surface, frame: Frame, text: Any, rows: list[tuple[str, str]], cursor: int | None,
              *, first: int = 0, colours: list[tuple[int, int, int]] | None = None) -> None:
    """``rows`` of (left, right) text from row ``first``; the cursor's row highlighted."""
    for i, (left, right) in enumerate(rows):
        box = frame.row(first + i)
        if box.bottom > frame.bottom:
            break
        if cursor == i:
            pygame.draw.rect(surface, CURSOR, box, border_radius=4)
            pygame.draw.rect(surface, GOLD, box, width=2, border_radius=4)
        colour = colours[i] if colours else TEXT
        label(surface, text, left, frame.body, colour, left=box.x + frame.margin // 2, y=box.centery,
              width=box.w * 11 // 20)
        if right:
            label(surface, text, right, frame.body, colour, right=box.right - frame.margin // 2, y=box.centery,
                  width=box.w * 8 // 20)
