"""The intro card shown when a game starts (the Intro Screen setting): the game's logo,
its key features generated from the YAML, and PRESS SPIN TO CONTINUE.

Any press continues. The card is composed once per window size, so a frame is a
blit and a blinking prompt.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from cabinet.core.definition import Definition
from cabinet.core.features.free_spins import FreeSpins
from cabinet.core.features.paid_respin import PaidRespin
from cabinet.core.money import fraction_str
from cabinet.machine.buttons import Press

from ..context import Context
from ..layout import Box
from ..overlays import make_dim
from ..router import register_scene
from ..style import GOLD, PALE_GOLD, WHITE
from ..words import sentence_case

BLINK = 0.6  # seconds on, then off, for the prompt
MAX_CARDS = 3


@dataclass(frozen=True)
class FeatureCard:
    title: str
    body: str
    symbol: str = ""  # a symbol id to show; empty: ``badge`` text or the respin icon
    badge: str = ""


def _spin_counts(awards: dict[int, int], symbol: str) -> str:
    counts = sorted(awards)
    symbol = f"{symbol} SYMBOLS"
    if len(counts) > 3:
        return f"{counts[0]} TO {counts[-1]} {symbol} ANYWHERE WIN {awards[counts[0]]} TO " \
               f"{awards[counts[-1]]} FREE SPINS"
    listed = ", ".join(str(c) for c in counts[:-1]) + f" OR {counts[-1]}" if len(counts) > 1 else str(counts[0])
    spins = ", ".join(str(awards[c]) for c in counts[:-1]) + f" OR {awards[counts[-1]]}" if len(counts) > 1 \
        else str(awards[counts[0]])
    return f"{listed} {symbol} ANYWHERE WIN {spins} FREE SPINS"


def key_features(defn: Definition) -> list[FeatureCard]:
    """What the game is about, best first, from its definition."""
    cards: list[FeatureCard] = []
    symbols = defn.symbol_map
    for feature in defn.features:
        if isinstance(feature, FreeSpins):
            name = (symbols[feature.trigger_symbol].name or feature.trigger_symbol).upper()
            more = " - AND AGAIN DURING FREE SPINS" if feature.retrigger else ""
            cards.append(FeatureCard("FREE SPINS", _spin_counts(feature.awards, name) + more, feature.trigger_symbol))
            if feature.win_multiplier > 1:
                what = "EVERY FREE-SPIN WIN" if feature.multiply_scatter_pays else "EVERY FREE-SPIN LINE WIN"
                title = "ALL WINS" if feature.multiply_scatter_pays else "LINE WINS"
                cards.append(FeatureCard(f"{title} x{feature.win_multiplier}",
                                         f"{what} IS MULTIPLIED BY {feature.win_multiplier}",
                                         badge=f"x{feature.win_multiplier}"))
        elif isinstance(feature, PaidRespin):
            cards.append(FeatureCard("RESPIN ANY REEL", "AFTER EVERY SPIN, RESPIN ONE REEL WHILE THE OTHERS HOLD, "
                                     "AT THE PRICE SHOWN UNDER IT"))
    doubles = [s for s in defn.symbols if s.counts > 1 and s.kind != "scatter"]
    if doubles:
        most = max((count for pays in defn.pays.values() for count in pays), default=defn.grid.reels * 2)
        cards.append(FeatureCard("DOUBLE SYMBOLS", f"A DOUBLE COUNTS AS TWO: A WINNING LINE HOLDS UP TO {most} "
                                 "SYMBOLS", doubles[0].id))
    for symbol in defn.symbols:
        if symbol.kind == "wild":
            cards.append(FeatureCard("WILD", f"{(symbol.name or symbol.id).upper()} SUBSTITUTES FOR THE OTHER "
                                     "LINE SYMBOLS", symbol.id))
        if symbol.is_scatter and defn.pays.get(symbol.id):
            low = min(defn.pays[symbol.id])
            best = fraction_str(max(defn.pays[symbol.id].values()))
            cards.append(FeatureCard("SCATTER PAYS", f"{low} OR MORE {(symbol.name or symbol.id).upper()} "
                                     f"ANYWHERE PAY UP TO {best}x THE TOTAL BET", symbol.id))
    return cards[:MAX_CARDS]


class IntroScene:
    modal = True
    opaque = True

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.finished = False
        self.t = 0.0
        self.cards = key_features(ctx.defn)
        self._size: tuple[int, int] | None = None
        self.card: pygame.Surface | None = None
        self.prompt: pygame.Surface | None = None
        self._ensure()

    def hit_regions(self) -> list:
        return []

    def handle(self, press: Press) -> bool:
        if not self.finished:
            self.finished = True
            self.ctx.audio.play("button_click")
        return True

    def update(self, dt: float) -> None:
        self._ensure()
        self.t += dt

    # -- composing (once per size) ----------------------------------------------------------------

    def _ensure(self) -> None:
        layout = self.ctx.layout
        if self._size == layout.size and self.card is not None:
            return
        self._size = layout.size
        self.card = self._compose()
        self.prompt = self.ctx.text.fit("PRESS SPIN TO CONTINUE", layout.fonts.title * 3 // 4, layout.width * 8 // 10,
                                        PALE_GOLD, outline=True)

    def _logo(self, box: Box) -> pygame.Surface:
        ctx = self.ctx
        rel = f"{ctx.defn.theme}/logo.png"
        src = ctx.cache.original(rel)
        if src is None:
            return ctx.text.fit(ctx.defn.name.upper(), box.h // 2, box.w, GOLD, outline=True)
        sw, sh = src.get_size()
        scale = min(box.w / sw, box.h / sh)
        return ctx.cache.get(rel, (max(1, round(sw * scale)), max(1, round(sh * scale))))

    def _compose(self) -> pygame.Surface:
        ctx = self.ctx
        layout = ctx.layout
        w, h = layout.size
        surface = pygame.Surface((w, h))
        if ctx.art.background is not None:
            surface.blit(ctx.art.background, (0, 0))
        surface.blit(make_dim((w, h), 110), (0, 0))
        if layout.portrait:
            logo_box = Box(w // 10, h * 4 // 100, w * 8 // 10, h * 16 // 100)
        else:
            logo_box = Box(w // 5, h * 4 // 100, w * 3 // 5, h * 30 // 100)
        logo = self._logo(logo_box)
        surface.blit(logo, logo.get_rect(center=logo_box.center))
        for card, box in zip(self.cards, self.card_boxes(), strict=False):
            self._card(surface, box, card)
        foot = ctx.text.fit(f"RTP {fraction_str(ctx.defn.rtp * 100)}%   -   THE INTRO SCREEN CAN BE SWITCHED OFF IN "
                            "GAME SETTINGS (THE WRENCH)", max(9, layout.fonts.body * 2 // 3), w * 9 // 10,
                            (200, 186, 224)) if ctx.defn.rtp else None
        if foot is not None:
            surface.blit(foot, foot.get_rect(midbottom=(w // 2, h - h // 40)))
        return surface

    def card_boxes(self) -> list[Box]:
        layout = self.ctx.layout
        w, h = layout.size
        n = max(1, len(self.cards))
        if layout.portrait:
            top, height = h * 24 // 100, h * 56 // 100
            gap = h // 60
            ch = (height - gap * (n - 1)) // n
            return [Box(w // 12, top + i * (ch + gap), w * 10 // 12, ch) for i in range(n)]
        top, ch = h * 38 // 100, h * 40 // 100
        gap = w // 40
        cw = min(w * 27 // 100, (w * 9 // 10 - gap * (n - 1)) // n)
        x0 = (w - (cw * n + gap * (n - 1))) // 2
        return [Box(x0 + i * (cw + gap), top, cw, ch) for i in range(n)]

    def _card(self, surface: pygame.Surface, box: Box, card: FeatureCard) -> None:
        ctx = self.ctx
        text, layout = ctx.text, ctx.layout
        radius = max(6, min(box.w, box.h) // 12)
        panel = pygame.Surface((box.w, box.h), pygame.SRCALPHA)
        pygame.draw.rect(panel, (28, 14, 50, 225), (0, 0, box.w, box.h), border_radius=radius)
        pygame.draw.rect(panel, GOLD, (0, 0, box.w, box.h), width=max(2, box.h // 80), border_radius=radius)
        surface.blit(panel, (box.x, box.y))
        portrait = layout.portrait
        icon_side = min(box.h * 45 // 100, box.w * 40 // 100) if not portrait else box.h * 70 // 100
        icon_box = Box(box.x + (box.w - icon_side) // 2, box.y + box.h // 14, icon_side, icon_side) if not portrait \
            else Box(box.x + box.h // 8, box.y + (box.h - icon_side) // 2, icon_side, icon_side)
        icon = self._icon(card, icon_side)
        surface.blit(icon, icon.get_rect(center=icon_box.center))
        if portrait:
            text_box = Box(icon_box.right + box.h // 8, box.y + box.h // 10, box.right - icon_box.right - box.h // 4,
                           box.h * 8 // 10)
        else:
            text_box = Box(box.x + box.w // 14, icon_box.bottom + box.h // 30, box.w * 12 // 14,
                           box.bottom - icon_box.bottom - box.h // 20)
        title = text.fit(card.title, layout.fonts.title * 55 // 100, text_box.w, GOLD, outline=True)
        y = text_box.y
        surface.blit(title, title.get_rect(midtop=(text_box.center[0], y)) if not portrait else (text_box.x, y))
        y += title.get_height() + layout.fonts.body // 4
        size = max(text.floor, layout.fonts.body * 8 // 10)
        body = sentence_case(card.body)  # a card's words are help: sentence case, never under the floor
        lines = text.wrap(body, size, text_box.w)
        while len(lines) * size * 6 // 5 > text_box.bottom - y and size > text.floor:
            size -= 1
            lines = text.wrap(body, size, text_box.w)
        for line in lines:
            img = text.render(line, size, WHITE)
            surface.blit(img, img.get_rect(midtop=(text_box.center[0], y)) if not portrait else (text_box.x, y))
            y += size * 6 // 5

    def _icon(self, card: FeatureCard, side: int) -> pygame.Surface:
        ctx = self.ctx
        if card.symbol:
            name = (ctx.defn.symbol_map[card.symbol].sprite or card.symbol).lower()
            return ctx.cache.get(f"{ctx.defn.theme}/symbols/{name}.png", (side, side),
                                 ctx.cache.symbol_placeholder(card.symbol))
        if card.badge:
            return ctx.text.fit(card.badge, side * 7 // 10, side, (255, 236, 150), outline=True)
        return ctx.cache.get("common/buttons/respin.png", (side, side), ctx.cache.button_placeholder("respin", ""))

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.card is not None:
            surface.blit(self.card, (0, 0))
        if self.prompt is not None and int(self.t / BLINK) % 2 == 0:
            layout = self.ctx.layout
            y = layout.height * (90 if not layout.portrait else 88) // 100
            surface.blit(self.prompt, self.prompt.get_rect(center=(layout.width // 2, y)))


register_scene("intro", IntroScene)
