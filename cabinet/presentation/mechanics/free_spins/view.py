"""Free spins, replayed from the round's events.

``intro`` (the number won and the multiplier) -> ``running`` (a counter and a
multiplier badge over the game; a retrigger celebrates with a "+15 FREE SPINS" banner
that zooms in over the dimmed reels while the counter glows) -> ``outro`` (the
feature's total) -> finished. The base scene's round player drives it: it calls ``spin``,
``retrigger``, ``add`` and ``outro`` as it reaches those events, and waits on
``phase``. Intro and outro end by themselves or on any press.

A feature whose block sets ``continue_after_seconds`` (Halloween Wins 3: "a Continue
button starts the feature; if nobody presses it for a set time, the feature starts on
its own") shows a CONTINUE button on its intro card with the seconds left in a draining
ring beside the label (on the side away from the player's hand: left of the label, or
right of it in left-hand mode). The button's box is a hit region; a press on it, SPIN
or CONFIRM (Enter, the pad's A) starts the feature; MENU (M, Escape, the pad's Start)
opens the game menu over the intro, which pauses the countdown as it pauses the game;
INFO opens the pays and rules the same way; other presses do nothing. When the time
runs out the feature starts by itself.

From the intro to the end of the outro the game wears the theme's feature atmosphere
(``atmosphere.py``: its night sky and lights, an intro and outro card with the theme's
trim and particles) and the theme's feature music plays. A game with progress levels
(Lucky Christmas) also shows their HUD (``feature_hud.py``: the meter, the flights of
the symbols that fill it, the level banners, the sticky reels and both-ways arrows);
a level's extra spins show on the counter at once (``level_spins``) and are the state's
own count from the next spin.
"""

from __future__ import annotations

import math

import pygame

from cabinet.core.money import Money
from cabinet.machine.buttons import Button, Press

from ...art import dim_window
from ...atmosphere import FeatureAtmosphere
from ...context import Context
from ...feature_hud import FeatureHudView
from ...layout import Box
from ...overlays import make_dim
from ...router import register_scene
from ...scenes.win import WinScene
from ...status_line import draw_status
from ...style import GOLD, PALE_GOLD, WHITE
from ...text import floor_size
from ...words import words

INTRO_TIME = 2.6
OUTRO_TIME = 3.0
RETRIGGER_TIME = 1.6
COUNTER_GLOW = 1.2  # the counter glows this long when a level adds spins
SKIPS_BANNER = (Button.SPIN, Button.CONFIRM, Button.TAP)
ZOOM = (0.45, 0.7, 0.95, 1.12, 1.0)  # the retrigger banner's sizes over its first frames
ZOOM_STEP = 0.05  # seconds per zoom size
CONTINUES = (Button.SPIN, Button.CONFIRM)  # besides a press on the button itself (the pad's A is SPIN)
EPSILON = 1e-9  # 1200 steps of 1/120 s add up to 10 s give or take a rounding: the timeout is on time


def continue_colours(rim: tuple[int, int, int]) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The CONTINUE button's fill, top and bottom: the theme's rim colour, lit at the top."""
    top = tuple(c + (255 - c) * 45 // 100 for c in rim)
    bottom = tuple(c * 58 // 100 for c in rim)
    return (top[0], top[1], top[2]), (bottom[0], bottom[1], bottom[2])


class FreeSpinsScene:
    opaque = False

    def __init__(self, ctx: Context, awarded: int, multiplier: int) -> None:
        self.ctx = ctx
        self.total_spins = awarded
        self.played = 0
        self.multiplier = multiplier
        self.total_win: Money = 0
        self.phase = "intro"
        self.t = 0.0
        self.finished = False
        self.popup = ""
        self.popup_t = 0.0
        self.popup_caption = ""
        self.level_spins = 0  # spins the levels of the current spin added (the state counts them next spin)
        self.counter_glow = 0.0
        self._dim: pygame.Surface | None = None
        self._dim_size: tuple[int, int] | None = None
        self._button: pygame.Surface | None = None  # the CONTINUE button's body, made per layout
        self._button_key: tuple[object, ...] | None = None
        levels = ctx.defn.feature("progress_levels")
        self.hud = FeatureHudView(ctx, levels) if levels is not None else None
        self.atmosphere = FeatureAtmosphere(ctx, underlays=(self.hud.paint_meter_panel,) if self.hud else ())
        self._ensure_dim()
        ctx.audio.play("feature_trigger")
        self.music: int | None = None  # the feature music's token while the scene holds it

    # -- on the stack: the feature's music from its intro to the end of its outro ------------------

    def on_enter(self) -> None:
        if self.music is None:
            self.music = self.ctx.audio.start_feature_music()

    def on_exit(self) -> None:
        """Off the stack: a feature dropped from the screen without its outro (a replay closed
        half-way, a demo over, the app shut down) lets go of its music as it goes."""
        self._release_music()

    def _release_music(self) -> None:
        if self.music is not None:
            self.ctx.audio.end_feature_music(self.music)
            self.music = None

    @property
    def intro_time(self) -> float:
        """Seconds before the feature starts without a press on Continue: the block's
        ``continue_after_seconds`` (Halloween Wins 3, a kiosk), else the short default."""
        return self.continue_after or INTRO_TIME

    @property
    def continue_after(self) -> float:
        """The block's ``continue_after_seconds`` (0: no Continue button)."""
        wait = getattr(self.ctx.defn.feature("free_spins"), "continue_after_seconds", 0)
        return float(wait) if wait and wait > 0 else 0.0

    @property
    def shows_continue(self) -> bool:
        """The intro waits on its CONTINUE button (a game whose block sets ``continue_after_seconds``)."""
        return self.phase == "intro" and self.continue_after > 0

    @property
    def seconds_left(self) -> int:
        """The countdown on the button: whole seconds before the feature starts by itself."""
        return max(1, math.ceil(self.intro_time - self.t - EPSILON))

    def continue_box(self) -> Box:
        """The CONTINUE button, low on the intro card (``layout.banner``, the card's face)."""
        card = self.ctx.layout.banner
        h = max(28, card.h * 21 // 100)
        w = min(card.w * 9 // 10, max(h * 5, card.w * 46 // 100))
        cy = card.y + card.h * 82 // 100
        return Box(card.center[0] - w // 2, cy - h // 2, w, h)

    def timer_box(self) -> Box:
        """The countdown's ring inside the button: at its left end, or its right end left-handed."""
        box = self.continue_box()
        d = box.h * 7 // 10
        inset = box.h * 3 // 5  # the ring's centre from the button's end, clear of its rim
        x = box.right - inset - d // 2 if self.ctx.layout.left_hand else box.x + inset - d // 2
        return Box(x, box.y + (box.h - d) // 2, d, d)

    def label_box(self) -> Box:
        """Where the word CONTINUE is centred: the button beside the ring."""
        box, ring = self.continue_box(), self.timer_box()
        pad = box.h // 4
        if self.ctx.layout.left_hand:
            return Box(box.x + box.h // 3, box.y, ring.x - pad - box.x - box.h // 3, box.h)
        left = ring.right + pad
        return Box(left, box.y, box.right - box.h // 3 - left, box.h)

    @property
    def wins_label(self) -> str:
        """What the multiplier multiplies, as the intro card says it: "ALL WINS" (Retro: scatter
        pays too) or "LINE WINS" (Happy Riches: a retrigger's Free Spins pay is not tripled)."""
        feature = self.ctx.defn.feature("free_spins")
        return "LINE WINS" if feature is not None and not feature.multiply_scatter_pays else "ALL WINS"

    def word(self, key: str, default: str, **values: object) -> str:
        """The feature's words (its ``texts:``), neutral by default."""
        return words(self.ctx.defn.feature("free_spins"), key, default, **values)

    @property
    def modal(self) -> bool:  # intro and outro hold the game still
        return self.phase in ("intro", "outro")

    def hit_regions(self) -> list:
        if self.shows_continue:
            return [(self.continue_box(), Press(Button.CONFIRM))]
        return []

    # -- driven by the round player ---------------------------------------------------------------

    def spin(self, index: int, remaining: int, multiplier: int) -> None:
        self.played = index
        self.total_spins = index + remaining
        self.multiplier = multiplier

    def retrigger(self, awarded: int) -> None:
        self.popup, self.popup_t = self.word("added", "+{spins} FREE SPINS", spins=awarded), 0.0
        self.popup_caption = self.word("retrigger", "RETRIGGER!")
        self.total_spins += awarded
        self.ctx.audio.play("feature_trigger")
        self.ctx.shake(0.6, 300)

    def add(self, spins: int) -> None:
        self.popup, self.popup_t = self.word("added", "+{spins} FREE SPINS", spins=spins), 0.0
        self.popup_caption = self.word("extra", "EXTRA SPINS!")
        self.total_spins += spins

    def outro(self, total: Money) -> None:
        self.total_win = total
        self.phase, self.t = "outro", 0.0

    def level_added(self, spins: int) -> None:
        """A level's extra spins: on the counter now, glowing (the state has them from the next spin)."""
        self.level_spins += spins
        if spins:
            self.counter_glow = COUNTER_GLOW

    @property
    def shown_total(self) -> int:
        """The counter's total: the state's spins and those the levels just added."""
        return self.total_spins + self.level_spins

    @property
    def shown_multiplier(self) -> int:
        """The badge: the spin's multiplier, or a level's as soon as it is reached."""
        return max(self.multiplier, self.hud.multiplier if self.hud is not None else 1)

    # -- the scene protocol -----------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        if self.shows_continue:
            self._intro_press(press)
            return True
        if self.phase in ("intro", "outro"):
            self._advance()
            return True
        if self.hud is not None and self.hud.banner_showing and press.button in SKIPS_BANNER:
            self.hud.skip_banner()  # a press cuts a level's banner short, as it skips a count-up
            return True
        return False

    def answers_prompt(self, press: Press) -> bool:
        """Whether ``press`` is the player's CONTINUE on the intro card (SPIN, CONFIRM or a touch
        on the button): the base game lets it through a running autoplay, since it answers the
        card's question and spends nothing."""
        if not self.shows_continue:
            return False
        on_button = press.button == Button.TAP and press.pos is not None and self.continue_box().contains(*press.pos)
        return press.button in CONTINUES or on_button

    def _intro_press(self, press: Press) -> None:
        """A press on the intro with a CONTINUE button: only Continue starts the feature."""
        ctx, b = self.ctx, press.button
        if self.answers_prompt(press):
            self._advance()
        elif b == Button.MENU or (b == Button.BACK and press.key is not None):  # Escape opens the menu
            ctx.open("menu")  # modal: the countdown waits while it is open
            ctx.audio.play("button_click")
        elif b == Button.INFO:
            ctx.open("info")
            ctx.audio.play("button_click")

    def _advance(self) -> None:
        if self.phase == "intro":
            self.phase, self.t = "running", 0.0
            self.ctx.audio.play("free_spin_start")
        elif self.phase == "outro":
            self.phase = "done"
            self.finished = True
            self._release_music()  # back to the theme's music

    def update(self, dt: float) -> None:
        self._ensure_dim()
        self.atmosphere.update(dt, card=self.modal)
        if self.hud is not None:
            self.hud.update(dt)
        self.counter_glow = max(0.0, self.counter_glow - dt)
        self.t += dt
        if self.popup:
            self.popup_t += dt
            if self.popup_t >= RETRIGGER_TIME:
                self.popup = ""
        if (self.phase == "intro" and self.t + EPSILON >= self.intro_time) or \
                (self.phase == "outro" and self.t >= OUTRO_TIME):
            self._advance()

    def _ensure_dim(self) -> None:
        """The intro/outro's dimming and the CONTINUE button's body, made when the window
        size changes (not in draw)."""
        size = self.ctx.layout.size
        if self._dim_size != size:
            self._dim = make_dim(size, 130)
            self._dim_size = size
        if self.continue_after > 0:
            box = self.continue_box()
            key = (box, self.ctx.layout.left_hand)
            if self._button_key != key:
                self._button = self._make_button(box)
                self._button_key = key

    def _make_button(self, box: Box) -> pygame.Surface:
        """The pill: a dark shadow, a pale gold rim and the theme's colour lit from the top."""
        w, h = box.w, box.h
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        top, bottom = continue_colours(self.atmosphere.style.rim)
        radius = h // 2
        pygame.draw.rect(out, (10, 6, 18), (0, 0, w, h), border_radius=radius)
        rim = max(2, h // 14)
        pygame.draw.rect(out, PALE_GOLD, (1, 1, w - 2, h - 2), border_radius=radius - 1)
        face = pygame.Rect(1 + rim, 1 + rim, w - 2 - 2 * rim, h - 2 - 2 * rim)
        steps = 24
        for i in range(steps):  # the gradient, band by band inside the rounded face
            out.set_clip(pygame.Rect(face.x, face.y + face.h * i // steps, face.w, face.h // steps + 2))
            colour = pygame.Color(*top).lerp(bottom, i / (steps - 1))
            pygame.draw.rect(out, colour, face, border_radius=max(2, radius - rim))
        out.set_clip(None)
        shine = pygame.Rect(face.x + face.h // 3, face.y + max(1, face.h // 10), face.w - face.h * 2 // 3,
                            max(2, face.h // 5))
        gloss = pygame.Surface(shine.size, pygame.SRCALPHA)
        pygame.draw.rect(gloss, (255, 255, 255, 60), gloss.get_rect(), border_radius=shine.h // 2)
        out.blit(gloss, shine.topleft)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, text = ctx.layout, ctx.text
        self.atmosphere.draw_backdrop(surface)
        self._status(surface)
        hud = self.hud
        if hud is not None:
            hud.draw_reels(surface)
            hud.draw_meter(surface)
        if self.phase in ("intro", "outro"):
            box = self.atmosphere.draw_card(surface, self._dim)
            colour = self.atmosphere.style.title
            if self.phase == "intro":
                title = self.word("intro_title", "FREE SPINS WON")
                big = self.word("intro_spins", "{spins} FREE SPINS", spins=self.total_spins)
                small = self._intro_line()
            else:
                title = self.word("outro_title", "FREE SPINS COMPLETE")
                big = ctx.money(self.total_win)
                small = self.word("outro_total", "TOTAL WIN FROM {spins} FREE SPINS", spins=self.played)
            rows = (25, 46, 63) if self.shows_continue else (24, 56, 84)  # room for the button below
            big_size = layout.fonts.banner * 4 // 5 if self.shows_continue else layout.fonts.banner
            img = text.fit(title, layout.fonts.title * 3 // 4, int(box.w * 0.8), PALE_GOLD, outline=True, face="display")
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * rows[0] // 100)))
            img = text.fit(big, big_size, int(box.w * 0.9), colour, outline=True, face="display")
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * rows[1] // 100)))
            img = text.fit(small, layout.fonts.title * 2 // 3, int(box.w * 0.9), (255, 255, 255), outline=True)
            surface.blit(img, img.get_rect(center=(box.center[0], box.y + box.h * rows[2] // 100)))
            if self.shows_continue:
                self._draw_continue(surface)
            return
        glowing = (bool(self.popup) and int(self.popup_t / 0.2) % 2 == 0) or \
            (self.counter_glow > 0 and int(self.counter_glow / 0.2) % 2 == 0)  # spins added: it flashes
        self._badge(surface, layout.counter_badge, self.word("badge", "FREE SPIN"), f"{self.played} / {self.shown_total}",
                    glowing)
        if self.shown_multiplier > 1:
            self._badge(surface, layout.multiplier_badge, self.wins_label, f"x{self.shown_multiplier}")
        if hud is not None:
            win = ctx.stack.find(WinScene)
            if win is not None:  # every win while they all light, then the one the cycle shows
                hud.draw_arrows(surface, win.wins if win.phase == "all" else [win.current_win()])
            hud.draw_flights(surface)
            hud.draw_banner(surface)
        if self.popup:
            self._celebrate(surface)

    def _intro_line(self) -> str:
        """The intro card's last line: what the feature holds in store."""
        hud = self.hud
        if hud is not None:
            return words(hud.params, "intro", "EVERY {points} {symbol} SYMBOLS UNLOCK A LEVEL",
                         points=hud.params.points_per_level, symbol=hud.params.symbol)
        feature = self.ctx.defn.feature("free_spins")
        drawn = sorted({int(e.value) for e in getattr(feature, "spin_multipliers", ()) if e.value > 1})
        if drawn:
            return f"A RANDOM MULTIPLIER UP TO x{drawn[-1]} ON EVERY SPIN"
        if self.multiplier > 1:
            return f"{self.wins_label} x{self.multiplier} - {self.word('good_luck', 'GOOD LUCK!')}"
        return self.word("good_luck", "GOOD LUCK!")

    def _draw_continue(self, surface: pygame.Surface) -> None:
        """The CONTINUE button and its countdown: the seconds left in a ring that drains."""
        ctx = self.ctx
        box = self.continue_box()
        if self._button is not None:
            surface.blit(self._button, (box.x, box.y))
        label = self.label_box()
        img = ctx.text.fit(self.word("continue", "CONTINUE"), max(10, box.h * 46 // 100), label.w, WHITE, outline=True)
        surface.blit(img, img.get_rect(center=label.center))
        ring = self.timer_box()
        r = ring.w // 2
        centre = ring.center
        style = self.atmosphere.style
        pygame.draw.circle(surface, style.card[1], centre, r)
        width = max(3, r // 4)
        pygame.draw.circle(surface, (84, 62, 108), centre, r - 1, width)  # the ring's track
        share = max(0.0, min(1.0, (self.intro_time - self.t) / self.intro_time))
        _arc(surface, style.title, centre, r - 1, width, share)  # the time left, draining clockwise
        ctx.text.counter(surface, str(self.seconds_left), max(9, r * 6 // 5), WHITE, centre, outline=True)

    def _status(self, surface: pygame.Surface) -> None:
        """The status line again, over the feature's backdrop (the deck draws it under it)."""
        ctx = self.ctx
        draw_status(ctx, surface, ctx.hud.status, ctx.layout.status)

    def _celebrate(self, surface: pygame.Surface) -> None:
        """The retrigger: the reels dim and a gold banner with the spins won zooms in."""
        ctx = self.ctx
        layout, text, art = ctx.layout, ctx.text, ctx.art
        window = layout.reel_window
        dim_window(surface, art, window)
        scale = ZOOM[min(len(ZOOM) - 1, int(self.popup_t / ZOOM_STEP))]
        w, h = int(window.w * 0.74 * scale), int(window.h * 0.42 * scale)
        cx, cy = window.center
        box = pygame.Rect(cx - w // 2, cy - h // 2, w, h)
        pygame.draw.rect(surface, (40, 16, 70), box, border_radius=max(4, h // 5))
        pygame.draw.rect(surface, GOLD, box, width=max(2, h // 22), border_radius=max(4, h // 5))
        inner = box.inflate(-max(4, h // 8), -max(4, h // 8))
        pygame.draw.rect(surface, (255, 232, 160), inner, width=1, border_radius=max(3, h // 6))
        size = max(9, int(layout.fonts.title * 1.15 * scale))
        big = text.render(self.popup, size, (255, 236, 150), outline=True)
        surface.blit(big, big.get_rect(center=(cx, cy + h // 10)))
        # the caption zooms with the banner but never under the screen's floor size (a word a player reads)
        cap = text.render(self.popup_caption, max(floor_size(layout.size), size * 45 // 100), WHITE, outline=True)
        surface.blit(cap, cap.get_rect(center=(cx, box.y + h // 5)))

    def _badge(self, surface: pygame.Surface, box: tuple[int, int, int, int], caption: str, value: str,
               glowing: bool = False) -> None:
        text = self.ctx.text
        if glowing:
            pygame.draw.rect(surface, PALE_GOLD, pygame.Rect(box).inflate(8, 8), border_radius=box[3] // 3 + 4)
        pygame.draw.rect(surface, (24, 12, 44), box, border_radius=box[3] // 3)
        pygame.draw.rect(surface, GOLD, box, width=max(2, box[3] // 16), border_radius=box[3] // 3)
        cap = text.fit(caption, max(8, box[3] // 4), int(box[2] * 0.9), GOLD)
        surface.blit(cap, cap.get_rect(midtop=(box[0] + box[2] // 2, box[1] + box[3] // 12)))
        img = text.fit(value, max(9, box[3] // 2), int(box[2] * 0.9), PALE_GOLD, outline=True)
        surface.blit(img, img.get_rect(midbottom=(box[0] + box[2] // 2, box[1] + box[3] - box[3] // 12)))


def _arc(surface: pygame.Surface, colour: tuple[int, int, int], centre: tuple[int, int], r: int, width: int,
         share: float) -> None:
    """A thick arc from the top, ``share`` of the way round clockwise, as one polygon (pygame's
    own arcs leave gaps between their pixels)."""
    if share <= 0:
        return
    if share >= 0.999:
        pygame.draw.circle(surface, colour, centre, r, width)
        return
    steps = max(2, int(48 * share))
    cx, cy = centre
    outer, inner = [], []
    for i in range(steps + 1):
        a = -math.pi / 2 + 2 * math.pi * share * i / steps
        outer.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        inner.append((cx + (r - width) * math.cos(a), cy + (r - width) * math.sin(a)))
    pygame.draw.polygon(surface, colour, outer + inner[::-1])


register_scene("free_spins", FreeSpinsScene)  # as its presenter registers in mechanics/: resume rebuilds it by name
