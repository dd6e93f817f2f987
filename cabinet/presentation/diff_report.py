"""The version diff as a picture (``cabinet diff ... --out FILE.png``).

The same figures as the text, in the math report's look (``report.py``'s palette and
ink): a header naming both versions, a table of every figure (A, B, change; a figure
that moved is on a lit row, its change green when up and red when down, amber marks an
estimate), then the YAML keys that changed. Pure: the same diff gives the same pixels;
no window is needed.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ..core.version_diff import VersionDiff
from .report import BACKGROUND, GOOD, MUTED, PANEL_EDGE, PAR, TEXT, WARN, _Ink, _panel

WIDTH = 1600
ROW = 30
HEADER = 120
MAX_KEYS = 40


def diff_report_size(diff: VersionDiff) -> tuple[int, int]:
    sections = len({r.section for r in diff.rows})
    keys = min(len(diff.keys), MAX_KEYS) + (1 if len(diff.keys) > MAX_KEYS else 0)
    return WIDTH, HEADER + (len(diff.rows) + sections + 2) * ROW + (keys + 2) * ROW + 60


def row_rects(diff: VersionDiff) -> list[pygame.Rect]:
    """Where each math row is drawn (tests look there)."""
    out, y, section = [], HEADER + ROW, ""
    for r in diff.rows:
        if r.section != section:
            section = r.section
            y += ROW
        out.append(pygame.Rect(40, y, WIDTH - 80, ROW))
        y += ROW
    return out


def draw_diff_report(diff: VersionDiff) -> pygame.Surface:
    size = diff_report_size(diff)
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    ink = _Ink(surface, 1.0)
    ink.text("VERSION DIFF", 24, MUTED, (40, 24))
    ink.text(f"{diff.a_name}  ->  {diff.b_name}", 40, TEXT, (40, 50))
    ink.text(f"every figure exact or an estimate; volatility and max win from {diff.rounds:,} rounds of each, "
             f"seed {diff.seed}", 22, MUTED, (40, 88))
    columns = (48, 640, 940, 1240)
    table = pygame.Rect(28, HEADER - 8, WIDTH - 56, (len(row_rects(diff)) + len({r.section for r in diff.rows}) + 1)
                        * ROW + 16)
    _panel(surface, table, 1.0)
    y = HEADER
    for x, title in zip(columns, ("FIGURE", diff.a_name, diff.b_name, "CHANGE"), strict=True):
        ink.text(title, 22, MUTED, (x, y + 6))
    section = ""
    for r, rect in zip(diff.rows, row_rects(diff), strict=True):
        if r.section != section:
            section = r.section
            ink.text(section.upper(), 20, PAR, (columns[0], rect.y - ROW + 8))
        if r.moved:
            pygame.draw.rect(surface, (34, 40, 54), rect, border_radius=4)
        colour = TEXT if r.moved else MUTED
        ink.text(r.label, 24, colour, (columns[0], rect.y + 6))
        ink.text(r.a, 24, colour, (columns[1], rect.y + 6))
        ink.text(r.b, 24, colour, (columns[2], rect.y + 6))
        change_colour = MUTED if not r.moved else GOOD if r.change.startswith("+") else WARN \
            if r.change.startswith("-") else TEXT
        ink.text(r.change, 24, change_colour, (columns[3], rect.y + 6))
        if r.moved and not r.exact:
            pygame.draw.circle(surface, PAR, (columns[3] - 14, rect.centery), 4)
    y = table.bottom + 20
    ink.text(f"YAML KEYS CHANGED: {len(diff.keys)}", 22, PAR, (40, y))
    y += ROW
    for k in diff.keys[:MAX_KEYS]:
        ink.text(k.path, 22, TEXT, (48, y + 4))
        ink.text(f"{k.a or '(new)'}  ->  {k.b or '(removed)'}", 22, TEXT, (560, y + 4))
        pygame.draw.line(surface, PANEL_EDGE, (40, y + ROW - 2), (WIDTH - 40, y + ROW - 2))
        y += ROW
    if len(diff.keys) > MAX_KEYS:
        ink.text(f"... and {len(diff.keys) - MAX_KEYS} more (cabinet diff prints them all)", 22, MUTED, (48, y + 4))
    return surface


def save_diff_report(diff: VersionDiff, path: str | Path) -> Path:
    path = Path(path)
    try:
        pygame.image.save(draw_diff_report(diff), str(path))
    except pygame.error as exc:
        raise OSError(str(exc)) from exc
    return path
