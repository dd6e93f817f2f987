"""The attract show: demo play of one game or of each game in turn, until someone comes.

Over the demo: a band across the bottom, opaque over the deck (whose demo balance must
not be mistaken for the player's) and over the top of the spin button that rises above
the deck, with a DEMO badge at its left and the game's name and a call to action beside
it: "TOUCH THE SCREEN OR PRESS SPIN TO PLAY" on a glowing button-like pill that pulses
(it never blinks out, so no moment of the show lacks it). The badge sits in the band, not over the game,
so it never hides what the demo shows (the free-spins counter in a top corner, the
multiplier). Any press ends the show (the press itself does nothing else).

With several games (the lobby's show) each plays its whole deck (every scenario, so
every feature, and the random spins between) and then the next game takes over.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from cabinet.machine.buttons import Press

from ..style import GOLD, PALE_GOLD
from ..text import Text

PROMPT = "TOUCH THE SCREEN OR PRESS SPIN TO PLAY"
BAND_SHARE = 0.165  # the deck's height in the landscape layout


class AttractScene:
    modal = True
    opaque = True

    def __init__(self, text: Text, size: tuple[int, int], demos: Sequence[Callable[[tuple[int, int]], Any]],
                 names: Sequence[str]) -> None:
        self.text = text
        self.size = size
        self.factories = list(demos)
        self.names = list(names)
        self.index = 0
        self.t = 0.0
        self.finished = False
        self.shown_games = 1
        self.demo = self.factories[0](size)
        self._badges: dict[tuple[tuple[int, int], int], tuple[pygame.Surface, pygame.Surface]] = {}
        self._pills: dict[tuple[tuple[int, int], int, bool], pygame.Surface] = {}

    # -- the scene protocol -----------------------------------------------------------------------

    def hit_regions(self) -> list:
        return []

    def handle(self, press: Press) -> bool:
        self.finished = True
        return True

    def update(self, dt: float) -> None:
        self.t += dt
        demo = self.demo
        several = len(self.factories) > 1
        done_here = several and demo.rounds >= demo.deck_size
        demo.update(dt, deal=not done_here)
        if done_here and demo.resting:
            demo.close()
            self.index = (self.index + 1) % len(self.factories)
            self.demo = self.factories[self.index](self.size)
            self.shown_games += 1

    def on_exit(self) -> None:
        """The show is over: so is the demo on screen."""
        self.demo.close()

    def relayout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.demo.relayout(size)

    @property
    def name(self) -> str:
        return self.names[self.index]

    def band_height(self, size: tuple[int, int]) -> int:
        """The band covers the demo's whole control deck (its balance and buttons are the
        demo's, not the player's): a strip in landscape, more of the screen in portrait."""
        w, h = size
        layout = getattr(getattr(self.demo, "ctx", None), "layout", None)
        deck_top = h
        if layout is not None and layout.size == size:  # the deck and any button rising above it
            deck_top = min([layout.deck.y, *(box.y for box in layout.buttons.values() if box.bottom > layout.deck.y)])
            deck_top -= max(2, h // 180)  # a margin: not one pixel of the button's rim shows
        return max(40, round(h * BAND_SHARE), h - deck_top)

    @staticmethod
    def unit(size: tuple[int, int]) -> float:
        """Type and badge scale: by the shorter side, so a portrait screen gets no giant badge."""
        return min(size) / 720

    def badge_pos(self, size: tuple[int, int]) -> tuple[int, int]:
        """Top-left of the DEMO badge: in the band, at its left end (landscape) or above the
        game's name (portrait, where the band is tall and narrow)."""
        w, h = size
        band, badge = self._pieces(size)
        top = h - band.get_height()
        if w >= h:
            return round(14 * self.unit(size)), top + (band.get_height() - badge.get_height()) // 2
        return (w - badge.get_width()) // 2, top + band.get_height() // 2 - badge.get_height() - round(
            40 * self.unit(size))

    def draw(self, surface: pygame.Surface) -> None:
        self.demo.draw(surface)
        size = surface.get_size()
        w, h = size
        band, badge = self._pieces(size)
        band_h = band.get_height()
        top = h - band_h
        surface.blit(band, (0, top))
        unit = self.unit(size)
        bx, by = self.badge_pos(size)
        if w >= h:  # text centred in the band, clear of the badge on its left
            room = max(40, w - 2 * (bx + badge.get_width() + round(10 * unit)))
            name_y, prompt_y = top + band_h * 30 // 100, top + band_h * 68 // 100
        else:  # stacked under the badge
            room = int(w * 0.9)
            name_y = top + band_h // 2 + round(4 * unit)
            prompt_y = name_y + round(52 * unit)
        name = self.text.fit(self.name.upper(), max(12, round(30 * unit)), min(int(w * 0.8), room), PALE_GOLD,
                             outline=True)
        surface.blit(name, name.get_rect(center=(w // 2, name_y)))
        prompt = self.text.fit(PROMPT, max(14, round(34 * unit)), min(int(w * 0.8), room - round(40 * unit)),
                               (255, 255, 255), outline=True)
        lit = math.sin(self.t * math.pi * 1.6) > 0  # the pill pulses; the words stay
        pill = self._pill(prompt.get_size(), unit, lit)
        surface.blit(pill, pill.get_rect(center=(w // 2, prompt_y)))
        surface.blit(prompt, prompt.get_rect(center=(w // 2, prompt_y)))
        surface.blit(badge, (bx, by))

    def _pill(self, inside: tuple[int, int], unit: float, lit: bool) -> pygame.Surface:
        """The call to action's button-like pill around text of size ``inside`` (made once each)."""
        key = (inside, round(unit * 100), lit)
        pill = self._pills.get(key)
        if pill is None:
            pad_x, pad_y = round(26 * unit), round(8 * unit)
            pill = pygame.Surface((inside[0] + 2 * pad_x, inside[1] + 2 * pad_y), pygame.SRCALPHA)
            rect = pill.get_rect()
            pygame.draw.rect(pill, (170, 30, 60) if lit else (110, 18, 44), rect, border_radius=rect.h // 2)
            pygame.draw.rect(pill, (255, 226, 120) if lit else GOLD, rect, width=max(2, rect.h // 12),
                             border_radius=rect.h // 2)
            if len(self._pills) > 8:  # a resize: the old sizes are not needed again
                self._pills.clear()
            self._pills[key] = pill
        return pill

    def _pieces(self, size: tuple[int, int]) -> tuple[pygame.Surface, pygame.Surface]:
        """The bottom band and the DEMO badge for a window size (made once per size)."""
        band_h = self.band_height(size)
        pieces = self._badges.get((size, band_h))
        if pieces is None:
            w, h = size
            band = pygame.Surface((w, band_h), pygame.SRCALPHA)
            for y in range(band_h):  # opaque: the demo's balance must not show through
                band.fill((8 + int(10 * y / band_h), 4, 20 + int(12 * y / band_h), 255), (0, y, w, 1))
            pygame.draw.rect(band, GOLD, (0, 0, w, max(2, h // 240)))
            unit = self.unit(size)
            label = self.text.render("DEMO", max(12, min(round(44 * unit), band_h * 45 // 100)), (255, 255, 255),
                                     outline=True)
            badge = pygame.Surface((label.get_width() + round(36 * unit), label.get_height() + round(14 * unit)),
                                   pygame.SRCALPHA)
            rect = badge.get_rect()
            pygame.draw.rect(badge, (200, 24, 40), rect, border_radius=rect.h // 3)
            pygame.draw.rect(badge, (255, 214, 120), rect, width=max(2, rect.h // 14), border_radius=rect.h // 3)
            badge.blit(label, label.get_rect(center=rect.center))
            pieces = (band, badge)
            self._badges = {(size, band_h): pieces}
        return pieces
