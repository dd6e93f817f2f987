"""A ``pick_bonus`` block on screen: hidden tiles that flip to show their prizes, a ladder lit
rung by rung, a lucky slot's three reels spinning.

``PickScene`` stands over the dimmed game (in the reel window). It decides nothing: the
presenters (``presenter.py``) drive it from the round's events, and while the round awaits
the player's choice (``offer``) it moves a cursor with the arrow keys / pad (LEFT, RIGHT, UP,
DOWN), takes a tap on a tile (``hit_regions``: ITEM with the tile's index) and confirms with
SPIN / CONFIRM: ``chosen`` is then the decision's word, which the base game hands to the
session (``presentation/decisions.py``). Hidden tiles show the trigger symbol's own art;
every word is the feature's ``texts:`` or a prize's ``label``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pygame

from cabinet.core.features.pick_bonus.play import expanded
from cabinet.machine.buttons import Button, Press

from ...context import Context
from ...layout import Box
from ...overlays import make_dim
from ...style import GOLD, PALE_GOLD, WHITE
from ...words import words

FLIP_TIME = 0.35  # a tile turns over in this long
LUCKY_SPIN_TIME = 1.2  # a lucky reel spins this long (each reel stops a little later)
LUCKY_STAGGER = 0.25
OUTRO_TIME = 1.6
TILE_BACK = (52, 30, 96)
TILE_FACE = (246, 232, 196)
TILE_EDGE = (18, 10, 30)
CURSOR = (255, 214, 96)
RUNG_OFF = (60, 48, 70)
RUNG_PASSED = (120, 96, 40)
RUNG_LIT = (255, 200, 60)
FALL = (200, 40, 40)
REEL_FACE = (250, 246, 236)
INK = (30, 20, 40)


def x_text(x_bet: Fraction) -> str:
    return f"{x_bet.numerator}x" if x_bet.denominator == 1 else f"{float(x_bet):g}x"


def prize_text(f: Any, prize: Any) -> str:
    """What a revealed tile says: its label, else what it holds."""
    if prize.label:
        return str(prize.label)
    parts = []
    if prize.x_bet:
        parts.append(x_text(prize.x_bet))
    if prize.multiplier > 1:
        parts.append(f"x{prize.multiplier}")
    if prize.extra_picks:
        parts.append(f"+{prize.extra_picks} PICK{'S' if prize.extra_picks > 1 else ''}")
    if prize.free_spins:
        one = prize.free_spins == 1
        parts.append(words(f, "free_spin" if one else "free_spins", "{spins} FREE SPIN" + ("" if one else "S"),
                           spins=prize.free_spins))
    if prize.free_spins_multiplier > 1:
        parts.append(words(f, "free_spins_multiplier", "FREE SPINS x{multiplier}",
                           multiplier=prize.free_spins_multiplier))
    if prize.collect:
        parts.append(words(f, "collect", "COLLECT"))
    return " ".join(parts) or "-"


def stop_text(stop: Any) -> str:
    if stop.label:
        return str(stop.label)
    if stop.multiplier > 1:
        return f"x{stop.multiplier}" + (f" {x_text(stop.x_bet)}" if stop.x_bet else "")
    return x_text(stop.x_bet) if stop.x_bet else "-"


def grid_columns(f: Any, tiles: int) -> int:
    if f.columns > 0:
        return int(f.columns)
    for cols in (5, 4, 3, 6):
        if tiles % cols == 0 and tiles // cols <= 4:
            return cols
    return min(5, tiles)


@dataclass
class PickScene:
    ctx: Context
    feature: Any  # the block's parameters
    clock: float = 0.0
    revealed: dict[int, tuple[int, float]] = field(default_factory=dict)  # tile -> (prize, when)
    picked: list[int] = field(default_factory=list)  # tiles the player (or autoplay) chose
    choices: tuple[str, ...] = ()  # the words a choice may be now (empty: none awaited here)
    waiting: bool = False  # the round awaits the player's choice
    cursor: int = 0
    chosen: str | None = None
    rung: int = 0  # ladder: the rung held (-1: fell to nothing)
    fell: bool = False
    took: bool = False
    lucky_stops: tuple[int, ...] = ()
    lucky_start: float = -1.0
    lucky_spin: tuple[int, int] = (0, 0)
    credits: Fraction = Fraction(0)
    multiplier: int = 1
    total: int | None = None
    spins_won: int = 0  # free spins the picks won (shown with the win)
    outro_t: float = 0.0
    finished: bool = False
    opaque = True
    modal = False

    def __post_init__(self) -> None:
        self.prizes = expanded(self.feature) if self.feature.game == "pick" else ()
        self._dim: pygame.Surface | None = None
        self._under: pygame.Surface | None = None
        self._under_key: tuple[object, ...] | None = None

    # -- driven by the presenters ------------------------------------------------------------------

    def offer(self, choices: tuple[str, ...]) -> None:
        """A choice comes: the cursor goes to its first word (a tile, or CLIMB on a ladder)."""
        self.choices, self.chosen = choices, None
        self.cursor = len(choices) - 1 if self.feature.game == "ladder" else 0

    def await_choice(self) -> None:
        self.waiting, self.chosen = True, None

    def pick(self, tile: int, prize: int, credits: Fraction, multiplier: int) -> None:
        self.picked.append(tile)
        self.revealed[tile] = (prize, self.clock)
        self.credits, self.multiplier = credits, multiplier
        self.choices, self.waiting = (), False

    def reveal_rest(self, tiles: tuple[tuple[int, int], ...]) -> None:
        for tile, prize in tiles:
            self.revealed.setdefault(tile, (prize, self.clock))

    def step(self, rung: int, *, fell: bool, took: bool) -> None:
        self.rung, self.fell, self.took = rung, fell, took
        self.choices, self.waiting = (), False

    def spin_lucky(self, stops: tuple[int, ...], spin: int, spins: int) -> None:
        self.lucky_stops, self.lucky_start, self.lucky_spin = stops, self.clock, (spin, spins)

    @property
    def lucky_turning(self) -> bool:
        reels = len(self.feature.reels)
        return self.lucky_start >= 0 and self.clock - self.lucky_start < LUCKY_SPIN_TIME + LUCKY_STAGGER * reels

    @property
    def flipping(self) -> bool:
        return any(self.clock - when < FLIP_TIME for _, when in self.revealed.values())

    def finish(self, total: int, spins: int = 0) -> None:
        self.total, self.spins_won, self.outro_t = total, spins, 0.0

    # -- the player's choice -----------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        if not self.waiting or not self.choices:
            return False
        b = press.button
        n = len(self.choices)
        if self.feature.game == "pick":
            cols = grid_columns(self.feature, len(self.prizes))
            tiles = [int(c) - 1 for c in self.choices]
            here = tiles[self.cursor]
            if b == Button.ITEM and press.index in tiles:
                self.chosen = str(press.index + 1)
                return True
            moves = {Button.LEFT: -1, Button.RIGHT: 1, Button.UP: -cols, Button.DOWN: cols}
            if b in moves:
                target = here + moves[b]
                # to the nearest tile still hidden in that direction (past picked ones)
                ahead = [t for t in tiles if (t - here) * moves[b] > 0 and (b in (Button.LEFT, Button.RIGHT)
                                                                          or (t - here) % cols == 0)]
                if ahead:
                    target = min(ahead, key=lambda t: abs(t - target))
                    self.cursor = tiles.index(target)
                    self.ctx.audio.play("button_click")
                return True
        else:
            if b == Button.ITEM and 0 <= press.index < n:
                self.chosen = self.choices[press.index]
                return True
            if b in (Button.LEFT, Button.UP, Button.RIGHT, Button.DOWN):
                self.cursor = (self.cursor + (1 if b in (Button.RIGHT, Button.DOWN) else -1)) % n
                self.ctx.audio.play("button_click")
                return True
        if b in (Button.SPIN, Button.CONFIRM):
            self.chosen = self.choices[self.cursor]
            return True
        return False

    def hit_regions(self) -> list[tuple[Any, Press]]:
        if not self.waiting:
            return []
        if self.feature.game == "pick":
            rects = self.tile_rects()
            return [(rects[int(c) - 1], Press(Button.ITEM, index=int(c) - 1)) for c in self.choices]
        return [(rect, Press(Button.ITEM, index=i)) for i, rect in enumerate(self.choice_rects())]

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.total is not None:
            self.outro_t += dt

    def picture_ready(self, at: str = "") -> bool:
        """A still picture's moment (``cabinet shot --scenario``): "spinning" the lucky slot's
        reels turning; otherwise the player's choice awaited, or the bonus paid."""
        if at == "spinning":
            return self.lucky_turning and self.clock - self.lucky_start > 0.5
        return (self.waiting and self.clock > 0.8) or (self.total is not None and self.outro_t > 0.5)

    # -- geometry ----------------------------------------------------------------------------------

    def area(self) -> Box:
        return self.ctx.layout.reel_window  # type: ignore[no-any-return]

    def play_area(self) -> Box:
        """The reel window below the title plate: where the tiles, ladder and reels stand."""
        box = self.area()
        top = max(16, min(box.h // 9, 40)) + 8
        return Box(box.x, box.y + top, box.w, box.h - top)

    def tile_rects(self) -> list[pygame.Rect]:
        box = self.play_area()
        tiles = len(self.prizes)
        cols = grid_columns(self.feature, tiles)
        rows = -(-tiles // cols)
        gap = max(4, min(box.w, box.h) // 40)
        side = min((box.w - gap * (cols + 1)) // cols, (box.h - gap * (rows + 1)) // rows)
        left = box.x + (box.w - cols * side - (cols - 1) * gap) // 2
        top = box.y + (box.h - rows * side - (rows - 1) * gap) // 2
        return [pygame.Rect(left + (i % cols) * (side + gap), top + (i // cols) * (side + gap), side, side)
                for i in range(tiles)]

    def rung_rects(self) -> list[pygame.Rect]:
        box = self.play_area()
        n = len(self.feature.rungs)
        gap = max(3, box.h // 60)
        height = (box.h * 80 // 100 - gap * (n - 1)) // n
        width = box.w * 45 // 100
        left = box.x + box.w * 8 // 100
        bottom = box.y + box.h * 88 // 100
        return [pygame.Rect(left, bottom - (i + 1) * height - i * gap, width, height) for i in range(n)]

    def choice_rects(self) -> list[pygame.Rect]:
        box = self.play_area()
        width, height = box.w * 30 // 100, max(24, box.h // 7)
        left = box.x + box.w * 62 // 100
        mid = box.y + box.h // 2
        return [pygame.Rect(left, mid - height - height // 4 + i * (height + height // 2), width, height)
                for i in range(len(self.choices))]

    def lucky_rects(self) -> list[pygame.Rect]:
        box = self.play_area()
        reels = len(self.feature.reels)
        gap = max(6, box.w // 50)
        width = min((box.w * 80 // 100 - gap * (reels - 1)) // reels, box.h * 60 // 100)
        left = box.x + (box.w - reels * width - (reels - 1) * gap) // 2
        top = box.y + (box.h - width) // 2
        return [pygame.Rect(left + i * (width + gap), top, width, width) for i in range(reels)]

    # -- drawing -----------------------------------------------------------------------------------

    def _backdrop(self, size: tuple[int, int]) -> pygame.Surface:
        """The game under the bonus, drawn and dimmed once per change of what it shows."""
        ctx = self.ctx
        key = (size, ctx.layout.left_hand, ctx.hud.status, ctx.hud.win, getattr(ctx.session, "credits", None))
        if self._under is not None and self._under.get_size() == size and self._under_key == key:
            return self._under
        self._under = pygame.Surface(size)
        if self._dim is None or self._dim.get_size() != size:
            self._dim = make_dim(size, 170)
        scenes = list(ctx.stack) if getattr(ctx, "stack", None) is not None else []
        below = scenes[:scenes.index(self)] if self in scenes else scenes
        start = max((i for i, scene in enumerate(below) if scene.opaque), default=0)
        self._under.fill((0, 0, 0))
        for scene in below[start:]:
            scene.draw(self._under)
        self._under.blit(self._dim, (0, 0))
        self._under_key = key
        return self._under

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._backdrop(surface.get_size()), (0, 0))
        game = self.feature.game
        if game == "pick":
            self._draw_tiles(surface)
        elif game == "ladder":
            self._draw_ladder(surface)
        else:
            self._draw_lucky(surface)
        self._draw_title(surface)

    def _draw_title(self, surface: pygame.Surface) -> None:
        """The title on its plate over the game; once the bonus has paid, its win there instead
        (clear of the tiles, rungs and reels below it)."""
        box = self.area()
        title = words(self.feature, "title", "BONUS")
        if self.total is not None:
            title = f"{words(self.feature, 'win', 'BONUS WIN')} {self.ctx.money(self.total)}"
            if self.spins_won:  # free spins won: said alone when no credits came with them
                spins = words(self.feature, "free_spins_won", "{spins} FREE SPINS WON", spins=self.spins_won)
                title = f"{title} + {spins}" if self.total else spins
        if not title:
            return
        # on a plate at the top of the reel window (over the dimmed reels, clear of the logo)
        height = max(16, min(box.h // 9, 40))
        colour = GOLD if self.total is not None else PALE_GOLD
        img = self.ctx.text.fit(title, height * 7 // 10, int(box.w * 0.8), colour, outline=True)
        plate = img.get_rect().inflate(height, 0)
        plate.h = height
        plate.midtop = (box.x + box.w // 2, box.y + 4)
        pygame.draw.rect(surface, TILE_EDGE, plate, border_radius=height // 3)
        pygame.draw.rect(surface, GOLD, plate, 2, border_radius=height // 3)
        surface.blit(img, img.get_rect(center=plate.center))

    def _art(self, side: int) -> pygame.Surface | None:
        ctx, sid = self.ctx, self.feature.trigger_symbol
        builder = getattr(ctx, "builder", None)
        if builder is None or sid not in ctx.defn.symbol_map:
            return None
        rel = f"{ctx.defn.theme}/symbols/{builder.sprite_name(sid)}.png"
        return ctx.cache.get(rel, (side, side), ctx.cache.symbol_placeholder(sid))  # type: ignore[no-any-return]

    def _draw_tiles(self, surface: pygame.Surface) -> None:
        rects = self.tile_rects()
        hidden_choices = {int(c) - 1 for c in self.choices}
        focus = int(self.choices[self.cursor]) - 1 if self.waiting and self.choices else -1
        for tile, rect in enumerate(rects):
            shown = self.revealed.get(tile)
            # a flip: the back narrows to an edge, then the face widens from it
            turn = 1.0 if shown is None else min(1.0, (self.clock - shown[1]) / FLIP_TIME)
            face_up = shown is not None and turn >= 0.5
            scale = abs(1.0 - 2.0 * turn) if shown is not None else 1.0
            width = max(2, int(rect.w * scale))
            card = pygame.Rect(0, 0, width, rect.h)
            card.center = rect.center
            if face_up:
                assert shown is not None
                chosen = tile in self.picked
                pygame.draw.rect(surface, TILE_FACE if chosen else (150, 140, 120), card, border_radius=rect.w // 10)
                if scale > 0.6:
                    label = prize_text(self.feature, self.prizes[shown[0]])
                    img = self.ctx.text.fit(label, rect.h // 4, int(card.w * 0.86), INK)
                    surface.blit(img, img.get_rect(center=card.center))
            else:
                pygame.draw.rect(surface, TILE_BACK, card, border_radius=rect.w // 10)
                art = self._art(int(rect.h * 0.7)) if scale > 0.95 else None
                if art is not None:
                    surface.blit(art, art.get_rect(center=card.center))
            pygame.draw.rect(surface, TILE_EDGE, card, 3, border_radius=rect.w // 10)
            if tile == focus and tile in hidden_choices:
                glow = 3 + int(2 * (1 + (self.clock * 4) % 2 - 1))
                pygame.draw.rect(surface, CURSOR, rect.inflate(8, 8), glow, border_radius=rect.w // 8)

    def _draw_ladder(self, surface: pygame.Surface) -> None:
        rects = self.rung_rects()
        for i, (rung, rect) in enumerate(zip(self.feature.rungs, rects, strict=True)):
            if self.fell and i > self.rung:
                colour = RUNG_OFF
            elif i == self.rung:
                colour = RUNG_LIT
            elif i < self.rung:
                colour = RUNG_PASSED
            else:
                colour = RUNG_OFF
            pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 3)
            pygame.draw.rect(surface, TILE_EDGE, rect, 2, border_radius=rect.h // 3)
            label = rung.label or x_text(rung.x_bet)
            img = self.ctx.text.fit(label, rect.h * 6 // 10, int(rect.w * 0.9), INK if colour == RUNG_LIT else WHITE)
            surface.blit(img, img.get_rect(center=rect.center))
        if self.fell:
            img = self.ctx.text.fit(words(self.feature, "fall", "FALL"), rects[0].h, rects[0].w, FALL, outline=True)
            surface.blit(img, img.get_rect(midbottom=(rects[0].centerx, rects[0].bottom)))
        for i, (word, rect) in enumerate(zip(self.choices, self.choice_rects(), strict=True)):
            lit = self.waiting and i == self.cursor
            pygame.draw.rect(surface, GOLD if lit else RUNG_OFF, rect, border_radius=rect.h // 3)
            pygame.draw.rect(surface, TILE_EDGE, rect, 2, border_radius=rect.h // 3)
            text = words(self.feature, word, word.upper())
            img = self.ctx.text.fit(text, rect.h * 6 // 10, int(rect.w * 0.9), INK if lit else WHITE)
            surface.blit(img, img.get_rect(center=rect.center))

    def _draw_lucky(self, surface: pygame.Surface) -> None:
        reels = self.feature.reels
        rects = self.lucky_rects()
        for r, (reel, rect) in enumerate(zip(reels, rects, strict=True)):
            pygame.draw.rect(surface, REEL_FACE, rect, border_radius=rect.w // 8)
            stops = reel.stops
            landed = self.lucky_stops[r] if r < len(self.lucky_stops) else 0
            elapsed = self.clock - self.lucky_start if self.lucky_start >= 0 else 1e9
            stop_at = LUCKY_SPIN_TIME + LUCKY_STAGGER * r
            if elapsed < stop_at:
                # spinning: the stops roll past, slowing into the landed one
                rolled = (stop_at - elapsed) * 12.0
                index = (landed + int(rolled)) % len(stops)
                shift = int((rolled % 1.0) * rect.h)
                clip = surface.get_clip()
                surface.set_clip(rect)
                for k, dy in ((index, shift), ((index + 1) % len(stops), shift - rect.h)):
                    img = self.ctx.text.fit(stop_text(stops[k]), rect.h // 3, int(rect.w * 0.86), INK)
                    surface.blit(img, img.get_rect(center=(rect.centerx, rect.centery + dy)))
                surface.set_clip(clip)
            else:
                img = self.ctx.text.fit(stop_text(stops[landed]), rect.h // 3, int(rect.w * 0.86), INK)
                surface.blit(img, img.get_rect(center=rect.center))
            pygame.draw.rect(surface, GOLD, rect, 4, border_radius=rect.w // 8)
        if self.lucky_spin[1] > 1:
            box = self.area()
            line = f"{self.lucky_spin[0]} / {self.lucky_spin[1]}"
            img = self.ctx.text.fit(line, max(12, box.h // 12), box.w // 3, WHITE, outline=True)
            surface.blit(img, img.get_rect(midtop=(box.x + box.w // 2, rects[0].bottom + 8)))
