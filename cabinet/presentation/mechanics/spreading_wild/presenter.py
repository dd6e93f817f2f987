"""Spreading wilds' presenter: the wild's art flies out of each source and grows over the cells
it covers, then the pipeline's ``ScreenChanged`` shows them wild."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cabinet.core.events import Position
from cabinet.core.features.spreading_wild import WildSpread
from cabinet.machine.stack import Passive

from ...context import Context
from ...engine import Playback, Presenter, Step, wait
from ...layout import Box, column_cells
from ...words import words

SPREAD_TIME = 0.45  # the wild grows out over its block this long ...
SPREAD_REST = 0.15  # ... and is seen whole before the screen changes under it


@dataclass
class SpreadSprites(Passive):
    """The wild's art moving from the nearest source's cell to each covered cell, growing from
    half a cell to a whole one over ``SPREAD_TIME`` (then it holds until it is dropped)."""

    ctx: Context
    symbol: str
    moves: tuple[tuple[Box, Box], ...]  # (from the source's cell, to the covered cell)
    clock: float = 0.0
    finished: bool = False
    opaque = False
    modal = False

    def progress(self) -> float:
        return min(1.0, self.clock / SPREAD_TIME)

    def draw(self, surface: pygame.Surface) -> None:
        art = self.ctx.art.symbols.get(self.symbol) if self.ctx.art is not None else None
        if art is None:
            return
        t = self.progress()
        ease = 1 - (1 - t) * (1 - t)
        for start, end in self.moves:
            side = max(1, round(end.w * (0.5 + 0.5 * ease)))
            cx = start.x + start.w / 2 + (end.x + end.w / 2 - start.x - start.w / 2) * ease
            cy = start.y + start.h / 2 + (end.y + end.h / 2 - start.y - start.h / 2) * ease
            sprite = _sized(art, side)
            surface.blit(sprite, sprite.get_rect(center=(round(cx), round(cy))))


_SIZED: dict[tuple[int, int], pygame.Surface] = {}


def _sized(art: pygame.Surface, side: int) -> pygame.Surface:
    """The wild's art at about ``side`` pixels, made once per size in steps of 4 (a frame only blits)."""
    side = max(4, side - side % 4)
    key = (id(art), side)
    found = _SIZED.get(key)
    if found is None:
        if len(_SIZED) > 64:
            _SIZED.clear()
        found = _SIZED[key] = pygame.transform.smoothscale(art, (side, side))
    return found


def _nearest(cell: Position, sources: tuple[Position, ...]) -> Position:
    return min(sources, key=lambda s: (abs(s[0] - cell[0]) + abs(s[1] - cell[1]), s))


def spread(play: Playback, event: WildSpread) -> Step:
    ctx = play.ctx
    cells = column_cells(ctx.layout, None)

    def box(p: Position) -> Box | None:
        return cells[p[0]][p[1]] if p[0] < len(cells) and p[1] < len(cells[p[0]]) else None

    moves = tuple((a, b) for cell in event.positions if event.sources
                  and (a := box(_nearest(cell, event.sources))) is not None and (b := box(cell)) is not None)
    ctx.hud.say(words(play.params(event.feature), "spread", "WILD SPREADS TO {count} SYMBOLS",
                      count=len(event.positions)))
    ctx.audio.play("feature_trigger")
    if not moves:
        return
    sprites = SpreadSprites(ctx, event.symbol, moves)
    ctx.stack.push(sprites)
    yield from wait(play, SPREAD_TIME + SPREAD_REST)
    ctx.stack.remove(sprites)


PRESENTERS: dict[str, Presenter] = {WildSpread.kind: spread}
