"""Presenters of Halloween Wins 3's blocks: the electric wheel, the Dracula respin and the
mummy panel (registered by event kind with ``presents``, as ``board_presenters`` does).

- ``wheel`` block: ``FeatureStarted`` puts up a ``WheelScene`` (``views/wheel.py``), each
  ``WheelSpun`` turns its ring onto the pocket, ``FeatureEnded`` shows the win.
- ``wild_respin`` block: while its respins play, ``ReelLock`` frames the held reel with
  a glowing "LOCKED" tag (the Dracula reel locking).
- ``mummy_access`` block: ``MummiesMoved`` fills ``MummyPanel`` beside the reels (one
  mummy a slot, the door's chance written under it); ``DoorDrawn`` opens the pumpkin door
  or leaves it shut. The mummies are counted on the screen they landed on, and they fly
  from it: when a spin of their own (the Dracula respin) would change that screen before
  their turn, they fly to the panel as that spin starts (``SpinStarted``: presentation
  order only, the events keep theirs), and the door is drawn in its own turn after it.

Kinds shared with free spins and the boards (``feature_started``, ``feature_ended``) go
to the presenter registered before this module for any other feature.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from cabinet.core.events import (
    Event,
    FeatureEnded,
    FeatureStarted,
    SpinEnded,
    SpinsAdded,
    SpinStarted,
    WheelSpun,
)
from cabinet.core.features import block
from cabinet.core.features.mummy_access import DoorDrawn, MummiesMoved
from cabinet.machine.stack import Passive

from .context import Context
from .hud import GOLD, PALE_GOLD, WHITE
from .presenters import Playback, presenter_for, presents, wait
from .views.wheel import WheelScene

Step = Generator[None, None, None]

POCKET_HOLD = 0.6  # a stopped pocket is seen before play passes on
WHEEL_WIN_HOLD = 1.6
PANEL_FILL = 0.7  # the mummies fly to the panel
DOOR_HOLD = 0.9
RESPIN_HOLD = 0.9
PANEL_KEY = (255, 0, 254)  # the colour key of the panel's corners (a colour the panel never draws)

_other_start = presenter_for(FeatureStarted.kind)
_other_end = presenter_for(FeatureEnded.kind)
_other_added = presenter_for(SpinsAdded.kind)
GUARANTEE_HOLD = 1.2  # the guarantee's message is read before the extra spins play


def _params(play: Playback, name: str) -> Any:
    return next((f for f in play.ctx.defn.features if f.name == name), None)


def _type_of(play: Playback, name: str) -> str:
    params = _params(play, name)
    entry = block(params.type) if params is not None else None
    return entry.type if entry is not None else ""


def _delegate(fn: Any, play: Playback, event: Any) -> Step:
    if fn is None:
        return
    step = fn(play, event)
    if step is not None:
        yield from step


@dataclass
class ReelLock(Passive):
    """A held reel framed in glowing red with a LOCKED tag, over the reels (no input)."""

    ctx: Context
    reel: int
    clock: float = 0.0
    finished: bool = False
    opaque = False
    modal = False

    def draw(self, surface: pygame.Surface) -> None:
        box = self.ctx.layout.columns[self.reel]
        pulse = 0.5 + 0.5 * abs(pygame.math.Vector2(1, 0).rotate(self.clock * 240).x)
        colour = (255, int(40 + 80 * pulse), 40)
        rect = pygame.Rect(box.x - 3, box.y - 3, box.w + 6, box.h + 6)
        pygame.draw.rect(surface, colour, rect, 5, border_radius=10)
        tag = self.ctx.text.fit("LOCKED", max(12, box.w // 5), box.w - 8, WHITE, outline=True)
        plate = tag.get_rect().inflate(14, 6)
        plate.center = (rect.centerx, rect.bottom)  # on the frame's foot, off the symbols
        pygame.draw.rect(surface, (150, 10, 20), plate, border_radius=8)
        pygame.draw.rect(surface, GOLD, plate, 2, border_radius=8)
        surface.blit(tag, tag.get_rect(center=plate.center))


@dataclass
class MummyPanel(Passive):
    """The mummy panel beside the reels: a slot per mummy that moved in, the door's chance,
    and the pumpkin door (shut, or open when access is granted)."""

    ctx: Context
    slots: int = 3
    mummies: int = 0
    chance: str = ""
    door: str = "shut"  # "shut" | "open" | "denied"
    clock: float = 0.0
    filled_at: float = 0.0
    flights: list[tuple[int, int]] = field(default_factory=list)  # the reel cells (centres) the mummies came from
    finished: bool = False
    opaque = False
    modal = False

    def __post_init__(self) -> None:
        self._still_surface: pygame.Surface | None = None
        self._still_key: tuple[object, ...] | None = None

    def fill(self, mummies: int, open_weight: int, shut_weight: int, origins: list[tuple[int, int]]) -> None:
        self.mummies, self.filled_at, self.flights = mummies, self.clock, origins
        total = open_weight + shut_weight
        self.chance = "ALWAYS" if shut_weight == 0 else f"1 IN {total // open_weight}" if open_weight and \
            total % open_weight == 0 else f"{open_weight}/{total}"
        self.slots = max(self.slots, mummies)

    def box(self) -> pygame.Rect:
        bar = self.ctx.layout.progress_bar
        return pygame.Rect(bar.x, bar.y, bar.w, bar.h)

    @property
    def strip(self) -> bool:
        rect = self.box()
        return rect.h * 4 < rect.w

    def slot_rects(self) -> list[pygame.Rect]:
        return self._geometry()[0]

    def door_rect(self) -> pygame.Rect:
        return self._geometry()[1]

    def _geometry(self) -> tuple[list[pygame.Rect], pygame.Rect]:
        """The slots the mummies move into, in a row under the title, each as large as the
        panel's width allows (a quarter of a tall panel's height at most); the pumpkin door in
        the room left between them and the chance (a wide panel: the door at its right end)."""
        rect = self.box()
        n = max(1, self.slots)
        if self.strip:  # a band (portrait, under the reels): title, slots, door, chance on one line
            pad = max(2, rect.h // 8)
            side = rect.h - 2 * pad
            left = rect.x + int(rect.w * 0.3)
            slots = [pygame.Rect(left + i * (side + pad), rect.y + pad, side, side) for i in range(n)]
            door = pygame.Rect(slots[-1].right + 2 * pad, rect.y + pad // 2, rect.h - pad, rect.h - pad)
            return slots, door
        gap = max(4, min(rect.w, rect.h) // 30)
        title_h = max(10, min(rect.w, rect.h) // 6) + 12
        odds_h = max(10, rect.w // 9) + 12
        if rect.h >= rect.w:  # tall: title, slots, door, chance
            side = max(8, min((rect.w - (n + 1) * gap) // n, rect.h // 4))
            top = rect.top + title_h + gap
            left = rect.centerx - (n * side + (n - 1) * gap) // 2
            slots = [pygame.Rect(left + i * (side + gap), top, side, side) for i in range(n)]
            room_top, room_bottom = top + side + gap, rect.bottom - odds_h
            door_side = max(8, min(rect.w - 4 * gap, room_bottom - room_top - gap))
            door = pygame.Rect(0, 0, door_side, door_side)
            door.center = (rect.centerx, (room_top + room_bottom) // 2)
            return slots, door
        door_side = max(8, min(rect.h - title_h - 2 * gap, rect.w // 4))  # wide: slots in a row, the door at the end
        door = pygame.Rect(0, 0, door_side, door_side)
        door.midright = (rect.right - 2 * gap, rect.top + title_h + (rect.h - title_h) // 2)
        room = door.left - rect.left - 3 * gap
        side = max(8, min(rect.h - title_h - odds_h, (room - gap * (n - 1)) // n))
        slots = [pygame.Rect(rect.left + 2 * gap + i * (side + gap), rect.top + title_h + gap, side, side)
                 for i in range(n)]
        return slots, door

    def _mummy(self, side: int) -> pygame.Surface | None:
        """The Mummy's own art at a slot's size (the asset cache scales it once per size)."""
        ctx = self.ctx
        defn = getattr(ctx, "defn", None)
        if defn is None or "MUMMY" not in defn.symbol_map:
            return None
        rel = f"{defn.theme}/symbols/{ctx.builder.sprite_name('MUMMY')}.png"
        return ctx.cache.get(rel, (side, side), ctx.cache.symbol_placeholder("MUMMY"))  # type: ignore[no-any-return]

    def warm(self) -> None:
        slots = self.slot_rects()
        if slots:
            self._mummy(slots[0].w - 6)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.box()
        if rect.w < 20 or rect.h < 20:
            return
        surface.blit(self._still(rect), rect.topleft)
        slots = self.slot_rects()
        art = self._mummy(slots[0].w - 6) if slots else None
        # the mummies move from their cells on the reels into the slots, one after another
        for i in range(min(self.mummies, len(slots))):
            t = (self.clock - self.filled_at) / PANEL_FILL * (1 + 0.4 * (self.mummies - 1)) - 0.4 * i
            t = max(0.0, min(1.0, t))
            slot = slots[i]
            start = self.flights[i] if i < len(self.flights) else slot.center
            ease = 1 - (1 - t) ** 3
            x = start[0] + (slot.centerx - start[0]) * ease
            y = start[1] + (slot.centery - start[1]) * ease - 40 * (1 - abs(2 * t - 1)) * (t < 1)
            if art is not None:
                surface.blit(art, art.get_rect(center=(round(x), round(y))))
            else:
                pygame.draw.rect(surface, (230, 220, 190), pygame.Rect(0, 0, slot.w - 8, slot.h - 8).move(
                    round(x) - slot.w // 2 + 4, round(y) - slot.h // 2 + 4), border_radius=6)

    def _still(self, rect: pygame.Rect) -> pygame.Surface:
        """The panel without its mummies (frame, title, slots, door, chance), drawn again
        only when one of them changes: a frame is one blit and the mummies in flight."""
        key = (tuple(rect), self.slots, self.door, self.chance)
        if self._still_key == key and self._still_surface is not None:
            return self._still_surface
        surface = pygame.Surface(rect.size)  # opaque but for its rounded corners (a colour key: a fast blit)
        surface.fill(PANEL_KEY)
        self._draw_still(surface, rect)
        surface.set_colorkey(PANEL_KEY, pygame.RLEACCEL)
        self._still_key, self._still_surface = key, surface
        return surface

    def _draw_still(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ctx = self.ctx
        at = pygame.Rect(0, 0, rect.w, rect.h)
        shift = (-rect.x, -rect.y)  # the geometry is in screen points, the surface is the panel's own
        pygame.draw.rect(surface, (30, 10, 40), at, border_radius=14)
        pygame.draw.rect(surface, GOLD, at, 3, border_radius=14)
        text = ctx.text
        slots, door = self._geometry()
        slots = [slot.move(*shift) for slot in slots]
        door = door.move(*shift)
        if self.strip:
            title = text.fit("MUMMY PANEL", rect.h * 55 // 100, slots[0].left - at.left - 16, PALE_GOLD, outline=True)
            surface.blit(title, title.get_rect(midleft=(at.left + 10, at.centery)))
        else:
            title = text.fit("MUMMY PANEL", max(10, min(rect.w, rect.h) // 6), rect.w - 12, PALE_GOLD, outline=True)
            surface.blit(title, title.get_rect(midtop=(at.centerx, at.top + 6)))
        for cell in slots:
            pygame.draw.rect(surface, (60, 30, 70), cell, border_radius=8)
            pygame.draw.rect(surface, GOLD, cell, 2, border_radius=8)
        # the pumpkin door
        pygame.draw.ellipse(surface, (230, 110, 20), door)
        if self.door == "open":
            inner = door.inflate(-door.w // 3, -door.h // 4)
            pygame.draw.ellipse(surface, (255, 240, 140), inner)
            label = "OPEN!"
        else:
            pygame.draw.line(surface, (90, 40, 0), door.midtop, door.midbottom, 4)
            label = "SHUT" if self.door == "denied" else "DOOR"
        pygame.draw.ellipse(surface, (90, 40, 0), door, 3)
        caption = text.fit(label, max(10, door.h // 4), door.w - 8, WHITE, outline=True)
        surface.blit(caption, caption.get_rect(center=door.center))
        if self.chance and self.strip:
            room = at.right - door.right - 16
            odds = text.fit(f"ACCESS {self.chance}", rect.h * 55 // 100, room, PALE_GOLD, outline=True)
            surface.blit(odds, odds.get_rect(midright=(at.right - 10, at.centery)))
        elif self.chance:
            odds = text.fit(f"ACCESS {self.chance}", max(10, rect.w // 9), rect.w - 10, PALE_GOLD, outline=True)
            surface.blit(odds, odds.get_rect(midbottom=(at.centerx, at.bottom - 6)))


def _panel(play: Playback) -> MummyPanel:
    found = play.ctx.stack.find(MummyPanel)
    if found is None:
        found = MummyPanel(play.ctx)
        play.ctx.stack.push(found)
    return found  # type: ignore[no-any-return]


@presents(FeatureStarted.kind)
def start_feature(play: Playback, event: FeatureStarted) -> Step:
    kind = _type_of(play, event.feature)
    if kind == "wheel":
        scene = WheelScene(play.ctx, _params(play, event.feature))
        play.ctx.stack.push(scene)
        play.ctx.hud.say("FRANKENSTEIN TURNS THE ELECTRIC WHEEL")
        yield from wait(play, 0.5)
    elif kind == "wild_respin":
        yield from mummies_ahead(play)  # the base screen's mummies go to the panel before Dracula holds
        params = _params(play, event.feature)
        play.ctx.stack.push(ReelLock(play.ctx, params.reel - 1))
        play.ctx.hud.say(f"DRACULA HOLDS REEL {params.reel}: {event.spins} RESPIN{'S' if event.spins > 1 else ''}")
        play.ctx.audio.play("feature_trigger")
        yield from wait(play, 0.6)
    elif kind == "mummy_access":
        return
    else:
        yield from _delegate(_other_start, play, event)


@presents(WheelSpun.kind)
def turn_ring(play: Playback, event: WheelSpun) -> Step:
    scene = play.ctx.stack.find(WheelScene)
    if scene is None:
        return
    scene.spin_to(event.ring, event.pocket)
    while scene.turning:
        yield
    if event.next_ring is not None:
        play.ctx.hud.say(f"ELECTRIC! RING {event.next_ring + 1} TURNS")
        play.ctx.audio.play("feature_trigger")
    elif event.jackpot:
        play.ctx.hud.say(f"{event.jackpot} JACKPOT {play.ctx.money(event.amount)}")
    else:
        play.ctx.hud.say(f"{event.value}x THE BET: {play.ctx.money(event.amount)}")
    yield from wait(play, POCKET_HOLD)


@presents(FeatureEnded.kind)
def end_feature(play: Playback, event: FeatureEnded) -> Step:
    kind = _type_of(play, event.feature)
    stack = play.ctx.stack
    if kind == "wheel":
        scene = stack.find(WheelScene)
        if scene is not None:
            scene.finish(event.total)
            yield from wait(play, WHEEL_WIN_HOLD)
            stack.remove(scene)
    elif kind == "wild_respin":
        lock = stack.find(ReelLock)
        if lock is not None:
            yield from wait(play, RESPIN_HOLD)  # the respin's screen is seen with the reel still held
            stack.remove(lock)
    elif kind == "mummy_access":
        panel = stack.find(MummyPanel)
        if panel is not None:
            stack.remove(panel)
    else:
        yield from _delegate(_other_end, play, event)


def _fly_mummies(play: Playback, event: MummiesMoved) -> Step:
    panel = _panel(play)
    cells = play.ctx.layout.cells
    origins = [cells[r][w].center for r, w in event.positions if r < len(cells) and w < len(cells[r])]
    panel.fill(event.mummies, event.open, event.shut, origins)
    panel.warm()
    play.ctx.hud.say(f"{event.mummies} MUMM{'IES' if event.mummies > 1 else 'Y'} TO THE PANEL")
    yield from wait(play, PANEL_FILL)


def mummies_of_this_screen(events: Sequence[Event], start: int) -> list[int]:
    """The ``MummiesMoved`` of the screen on show at event ``start`` that come only after a
    spin changes that screen: the enclosing spin's, once every spin nested in it from
    ``start`` on (the Dracula respin) has ended, before the enclosing spin itself ends."""
    found: list[int] = []
    depth, nested = 0, False
    for j in range(start, len(events)):
        event = events[j]
        if isinstance(event, SpinStarted):
            depth, nested = depth + 1, True
        elif isinstance(event, SpinEnded):
            depth -= 1
            if depth < 0:
                break
        elif depth == 0 and nested and isinstance(event, MummiesMoved):
            found.append(j)
    return found


def mummies_ahead(play: Playback) -> Step:
    """The mummies of the screen on show fly to the panel now, from where they landed, when a
    spin would change that screen before their own turn (presentation order only)."""
    if not any(f.type == "mummy_access" for f in play.ctx.defn.features):
        return
    events = play.result.events
    for j in mummies_of_this_screen(events, play.index):
        moved = events[j]
        if j not in play.shown_ahead and isinstance(moved, MummiesMoved):
            play.shown_ahead.add(j)
            yield from _fly_mummies(play, moved)


_other_spin_start = presenter_for(SpinStarted.kind)


@presents(SpinStarted.kind)
def mummies_before_the_screen_changes(play: Playback, event: SpinStarted) -> Step:
    """A spin inside a spin is about to change the screen: the mummies that landed on it fly
    first (the Dracula respin has already sent them, as it started)."""
    if event.mode != "base":
        yield from mummies_ahead(play)
    yield from _delegate(_other_spin_start, play, event)


@presents(MummiesMoved.kind)
def mummies_to_panel(play: Playback, event: MummiesMoved) -> Step:
    if play.index in play.shown_ahead:  # they flew before the respin: the panel holds them already
        return
    yield from _fly_mummies(play, event)


@presents(DoorDrawn.kind)
def open_door(play: Playback, event: DoorDrawn) -> Step:
    panel = _panel(play)
    panel.door = "open" if event.opened else "denied"
    if event.opened:
        play.ctx.hud.say("THE PUMPKIN DOOR OPENS: HALLOWEEN GHOSTS X!")
        play.ctx.audio.play("feature_trigger")
    yield from wait(play, DOOR_HOLD)
    if event.opened:
        play.ctx.stack.remove(panel)  # the minigame's boards take the screen


@presents(SpinsAdded.kind)
def guarantee_spins(play: Playback, event: SpinsAdded) -> Step:
    """The free spins' minimum-win guarantee (``minimum_win_x_bet``): say why the spins came."""
    yield from _delegate(_other_added, play, event)
    if event.reason != "top_up":
        return
    params = _params(play, event.feature)
    minimum = getattr(params, "minimum_win_x_bet", 0)
    if play.free is not None:
        play.free.popup_caption = f"{minimum}x BET GUARANTEE"
    play.ctx.hud.say(f"FEATURE WIN BELOW {minimum}x THE BET: {event.spins} EXTRA FREE SPINS")
    yield from wait(play, GUARANTEE_HOLD)
