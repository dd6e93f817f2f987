"""The malfunction screen, and the notice panel for what recovery did.

``MalfunctionScene`` is shown instead of the game when the critical store cannot be
trusted (both copies damaged, copies that disagree, meters that do not balance, a
copy from a newer cabinet). The rule sheets: "malfunction voids all pays and plays".
It says so, says what is wrong and where the files are, and asks for an attendant.
Play stays disabled (the scene takes every press), nothing is cleared and no file is
touched: only an operator decides what happens to the money.

``NoticeScene`` tells the player what happened to an interrupted round (completed
automatically and credited, voided and refunded) or which damaged file was kept
aside. Any press closes it.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from cabinet.errors import CabinetError
from cabinet.machine.buttons import Button, Press
from cabinet.services.store import Malfunction

from ..context import Context
from ..layout import Box
from ..overlays import Overlay
from ..style import GOLD, PALE_GOLD

HEADLINE = "MALFUNCTION VOIDS ALL PAYS AND PLAYS"
RED = (150, 18, 28)
DEEP_RED = (44, 4, 10)
WARNING_AMBER = (255, 196, 64)


def malfunction_error(exc: Malfunction, data_dir: Path | None) -> CabinetError:
    """The one line a headless run prints (exit code 3): what is wrong and where."""
    where = f" Data folder: {data_dir}." if data_dir is not None else ""
    text = " ".join(str(exc).split())  # one line, whatever the message held
    error = CabinetError(f"cabinet: MALFUNCTION: {text}{where} Malfunction voids all pays and plays; "
                         "call an attendant.")
    error.exit_code = exc.exit_code  # type: ignore[misc]
    return error


def draw_warning_sign(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """A yellow triangle with an exclamation mark."""
    cx, cy = centre
    h = size
    points = [(cx, cy - h // 2), (cx + h * 58 // 100, cy + h // 2), (cx - h * 58 // 100, cy + h // 2)]
    pygame.draw.polygon(surface, WARNING_AMBER, points)
    pygame.draw.polygon(surface, (40, 20, 0), points, width=max(2, h // 16))
    bar_w = max(2, h // 9)
    pygame.draw.rect(surface, (40, 20, 0), (cx - bar_w // 2, cy - h // 5, bar_w, h * 42 // 100),
                     border_radius=bar_w // 2)
    pygame.draw.circle(surface, (40, 20, 0), (cx, cy + h * 33 // 100), max(2, bar_w * 6 // 10))


class MalfunctionScene:
    """Full screen, modal, forever: the cabinet waits for an attendant."""

    modal = True
    opaque = True
    finished = False

    def __init__(self, ctx: Context, problem: Malfunction, data_dir: Path | None) -> None:
        self.ctx = ctx
        self.problem = problem
        self.data_dir = data_dir
        self.t = 0.0
        self.presses_ignored = 0

    def hit_regions(self) -> list:
        return []

    def handle(self, press: Press) -> bool:
        self.presses_ignored += 1  # play is disabled: no button does anything here
        return True

    def update(self, dt: float) -> None:
        self.t += dt

    def lines(self) -> list[tuple[str, str]]:
        """(style, text) rows below the headline: what is wrong, where, what to do."""
        rows: list[tuple[str, str]] = [("body", " ".join(str(self.problem).split()))]
        if self.data_dir is not None:
            rows.append(("label", f"DATA FOLDER: {self.data_dir}"))
        names = ", ".join(p.name for p in self.problem.paths)
        if names:
            rows.append(("label", f"FILES KEPT AS FOUND: {names}"))
        rows.append(("call", "PLAY IS DISABLED. PLEASE CALL AN ATTENDANT."))
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, text = ctx.layout, ctx.text
        w, h = layout.size
        surface.fill(DEEP_RED)
        stripe = max(6, h // 40)  # hazard stripes along the top and bottom edges
        for x in range(-h, w + h, stripe * 4):
            for y0 in (0, h - stripe * 2):
                pygame.draw.polygon(surface, WARNING_AMBER, [(x, y0 + stripe * 2), (x + stripe * 2, y0),
                                                             (x + stripe * 4, y0), (x + stripe * 2, y0 + stripe * 2)])
        card = Box(w // 14, h // 9, w - w // 7, h - 2 * (h // 9))
        pygame.draw.rect(surface, (24, 6, 10), card, border_radius=max(8, card.h // 20))
        pygame.draw.rect(surface, RED, card, width=max(3, card.h // 60), border_radius=max(8, card.h // 20))
        sign = max(24, card.h // 6)
        draw_warning_sign(surface, (card.center[0], card.y + sign * 3 // 4 + card.h // 30), sign)
        y = card.y + sign * 3 // 2 + card.h // 20
        title = text.fit("MALFUNCTION", layout.fonts.banner * 3 // 4, int(card.w * 0.9), (255, 90, 80), outline=True)
        surface.blit(title, title.get_rect(midtop=(card.center[0], y)))
        y += title.get_height() + card.h // 60
        head = text.fit(HEADLINE, layout.fonts.title * 3 // 4, int(card.w * 0.9), PALE_GOLD)
        surface.blit(head, head.get_rect(midtop=(card.center[0], y)))
        y += head.get_height() + card.h // 30
        body = max(9, layout.fonts.body * 9 // 10)
        width = int(card.w * 0.86)
        for style, line in self.lines():
            colour = {"body": (250, 236, 236), "label": (210, 180, 190), "call": WARNING_AMBER}[style]
            size = body * 6 // 5 if style == "call" else body
            y += body // 2 if style != "label" else body // 5
            for part in text.wrap(line, size, width):
                img = text.render(part, size, colour)
                surface.blit(img, img.get_rect(midtop=(card.center[0], y)))
                y += img.get_height()


class NoticeScene(Overlay):
    """Messages the player must read (recovery, kept-aside files); any press closes it."""

    title = "NOTICE"

    def __init__(self, ctx: Context, messages: list[str]) -> None:
        self.messages = list(messages)
        super().__init__(ctx)

    def handle(self, press: Press) -> bool:
        if press.button == Button.TAP and press.pos is None:
            return True
        self.close()
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        """Each message: a headline, then (after a newline) the details for whoever looks after it."""
        ctx = self.ctx
        panel, text = ctx.layout.panel, ctx.text
        size = max(9, ctx.layout.fonts.body)
        width = panel.w * 84 // 100
        blocks: list[tuple[pygame.Surface, int]] = []  # (line, space after)
        for message in self.messages:
            headline, _, detail = message.partition("\n")
            for line in text.wrap(headline, size * 6 // 5, width):
                blocks.append((text.render(line, size * 6 // 5, PALE_GOLD), 0))
            for line in text.wrap(detail, max(8, size * 4 // 5), width):
                blocks.append((text.render(line, max(8, size * 4 // 5), (214, 204, 228)), 0))
            if blocks:
                blocks[-1] = (blocks[-1][0], size)
        top = panel.y + panel.h * 18 // 100
        room = panel.bottom - panel.h // 8 - top
        height = sum(img.get_height() + gap for img, gap in blocks)
        y = top + max(0, (room - height) // 2)
        for img, gap in blocks:
            surface.blit(img, img.get_rect(midtop=(panel.center[0], y)))
            y += img.get_height() + gap
        hint = text.fit("PRESS ANY BUTTON TO CONTINUE", size, width, GOLD)
        surface.blit(hint, hint.get_rect(midbottom=(panel.center[0], panel.bottom - panel.h // 20)))
