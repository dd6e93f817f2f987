"""REPLAY: a round from the history, played again on screen exactly as it happened.

The round is re-run through ``play_round`` from its stored request (seed, bet,
decisions, forced draws), so reels, features and wins are the ones the player saw.
It plays in a sandbox: its own game scene (``"game"``: the same reel view, win presenter
and free-spins scene as the game) on its own scene stack and a throw-away in-memory
session holding the round's credits before, so no meter, no credit and no history
entry of the cabinet can change. The screen is clearly marked: a red REPLAY frame
and ribbon with the round's number and time, and a warning when the game's
definition has changed since the round was played (the replay may then differ).

Keys: SPIN or CONFIRM (or a tap) slams the reels and skips count-ups while it plays,
and plays it again once it is over; BACK, MENU or the close button returns to the
history list.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pygame

from cabinet.core.bet import is_allowed
from cabinet.core.definition import Definition
from cabinet.core.round import RoundResult
from cabinet.machine.buttons import Button, Press
from cabinet.machine.session import GameSession
from cabinet.machine.stack import SceneStack
from cabinet.services.history import HistoryRecord
from cabinet.services.session_ledger import MemoryLedger, load_game_ref

from ..context import Context, HudState
from ..layout import Box, compute_layout, screen_shape
from ..record_text import marks, when
from ..router import build_scene, register_scene

RIBBON = (170, 16, 30)
RIBBON_EDGE = (255, 214, 120)
WARNING = (255, 196, 64)
FRAME_SHARE = 90  # the red frame is 1/90 of the shorter side (at least 3 px)


class ReplayScene:
    modal = True
    opaque = True

    def __init__(self, ctx: Context, record: HistoryRecord) -> None:
        self.ctx = ctx
        self.record = record
        self.finished = False
        self.warning = ""
        self.problem = ""  # why the round cannot be replayed at all
        self.result: RoundResult | None = None
        self.plays = 0  # times the round has been started (SPIN plays it again)
        self.sandbox: Context | None = None
        self.game: Any = None  # the sandbox's game scene ("game", scenes/base.py)
        defn = self._definition()
        if defn is not None:
            try:
                assert ctx.session.play is not None
                self.result = ctx.session.play(defn, record.request)
            except Exception as exc:  # noqa: BLE001 - a round that no longer plays: say so, do not crash
                self.problem = f"THIS ROUND CANNOT BE REPLAYED: {exc}".upper()
        if self.result is not None and defn is not None:
            self.sandbox = self._make_sandbox(defn)
            self.start()
        ctx.on_layout.append(self._relayout)

    # -- set-up -----------------------------------------------------------------------------------

    def _definition(self) -> Definition | None:
        """The record's game: the one on screen, else loaded from games/ by its id."""
        ctx, record = self.ctx, self.record
        if record.game_id == ctx.defn.id:
            defn, fingerprint = ctx.defn, ctx.session.game.fingerprint
        else:
            try:
                ref = load_game_ref(record.game_id)
            except Exception:  # noqa: BLE001 - the game is gone or broken
                self.problem = f"THE GAME '{record.game_id}' IS NOT AVAILABLE ON THIS CABINET"
                return None
            defn, fingerprint = ref.definition, ref.fingerprint
        if fingerprint != record.fingerprint:
            self.warning = "WARNING: THE GAME'S DEFINITION HAS CHANGED SINCE THIS ROUND - THE REPLAY MAY DIFFER"
        return defn

    def _make_sandbox(self, defn: Definition) -> Context:
        ctx = self.ctx
        builder, layout, art = ctx.builder, ctx.layout, ctx.art
        if defn is not ctx.defn:  # another game's round: its own reels, symbols and frame
            from ..art import ArtBuilder
            from ..tag_band import uses_tag_band

            builder = ArtBuilder(ctx.cache, defn)
            layout = compute_layout(ctx.layout.size, defn.grid.reels, defn.grid.rows, ctx.settings.left_hand,
                                    tag_band=uses_tag_band(defn), **screen_shape(defn))
            art = builder.build(layout)
        changes: dict[str, Any] = {"defn": defn, "session": GameSession(defn), "stack": SceneStack(), "hud": HudState(),
                   "builder": builder, "layout": layout, "art": art, "data_dir": None, "on_layout": [],
                   "quit_requested": False, "on_close_game": None}
        known = {f.name for f in fields(ctx)}
        return replace(ctx, **{k: v for k, v in changes.items() if k in known})

    def start(self) -> None:
        """(Re)play the round from its first event, on a fresh sandbox session and screen."""
        assert self.sandbox is not None and self.result is not None
        record, result, sandbox = self.record, self.result, self.sandbox
        session = GameSession(sandbox.defn, ledger=MemoryLedger(record.credits_before - record.cost))
        if is_allowed(sandbox.defn, record.request.bet):
            session.bet = record.request.bet
        session.set_mode(getattr(record.request, "mode", "base"))  # an ante round's deck shows the ante on
        sandbox.session = session
        sandbox.stack.clear()  # a replay watched again: the last showing's scenes leave (their music with them)
        sandbox.stack = SceneStack()
        sandbox.on_layout.clear()
        sandbox.hud = HudState()
        game = build_scene(sandbox, "game")  # the game's own scene, by name (it opens the history that opens this)
        request = record.request
        if request.kind == "respin" and request.held_stops:  # the screen that was respun
            from ..bet_modes import strips_played

            strips = strips_played(sandbox.defn, request, request.held_reel_set)
            game.reels.show(strips, request.held_stops)
            game.reel_set = request.held_reel_set
            game.screen = ([list(column) for column in request.held_screen] if request.held_screen
                           else game.reels.visible(sandbox.defn.grid.rows))  # as the player saw it
        sandbox.stack.push(game)
        session.restore_round(result, record.round_id - 1, 0, record.credits_before)
        game.play_result(result)
        self.game = game
        self.plays += 1

    def _relayout(self) -> None:
        if self.sandbox is not None:
            self.sandbox.relayout(self.ctx.layout.size)

    # -- state ------------------------------------------------------------------------------------

    @property
    def playing(self) -> bool:
        return self.game is not None and bool(getattr(self.game, "in_round", False))

    @property
    def done(self) -> bool:
        """The replayed round has been shown to its end."""
        return self.game is not None and not self.playing

    # -- the scene protocol -----------------------------------------------------------------------

    @property
    def close_box(self) -> Box:
        ribbon = self.ribbon_box()
        s = min(self.ctx.layout.ui_button, ribbon.h * 8 // 10)
        return Box(ribbon.right - s - ribbon.h // 6, ribbon.y + (ribbon.h - s) // 2, s, s)

    def hit_regions(self) -> list:
        return [(self.close_box, Press(Button.CLOSE))]

    def handle(self, press: Press) -> bool:
        b = press.button
        if b in (Button.BACK, Button.CLOSE, Button.MENU, Button.HISTORY, Button.CLOSE_GAME):
            self.close()
        elif b in (Button.SPIN, Button.CONFIRM, Button.TAP) and self.sandbox is not None:
            if self.playing:
                self.sandbox.stack.handle(Press(Button.SPIN))  # slam the reels, skip a count-up
            else:
                self.start()  # once more from the start
        return True  # nothing else reaches the game below

    def on_exit(self) -> None:
        """The replay leaves the screen: so do the scenes of its round (a feature half-way lets
        go of its music)."""
        if self.sandbox is not None:
            self.sandbox.stack.clear()

    def close(self) -> None:
        self.finished = True
        if self._relayout in self.ctx.on_layout:
            self.ctx.on_layout.remove(self._relayout)
        self.ctx.audio.play("button_click")

    def update(self, dt: float) -> None:
        if self.sandbox is not None:
            self.sandbox.stack.update(dt)
            if self.done:
                self.sandbox.hud.status = "REPLAY OVER - SPIN: WATCH AGAIN   BACK: HISTORY"

    # -- drawing (reads only) ---------------------------------------------------------------------

    def frame_width(self) -> int:
        return max(3, min(self.ctx.layout.size) // FRAME_SHARE)

    def ribbon_box(self) -> Box:
        """Where the logo was: between the free-spins counter and the multiplier badge (landscape),
        or above them (portrait), so the replay shows everything the round showed."""
        layout = self.ctx.layout
        counter, multiplier = layout.counter_badge, layout.multiplier_badge
        gap = max(4, layout.height // 80)
        if counter.y > layout.logo.bottom * 8 // 10:  # portrait: the badges sit under the logo
            return Box(0, 0, layout.width, counter.y - gap)
        height = min(layout.reel_frame.y - gap, counter.bottom + gap)
        return Box(counter.right + gap, 0, multiplier.x - counter.right - 2 * gap, height)

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout = ctx.layout
        if self.sandbox is not None:
            self.sandbox.stack.draw(surface)
        else:
            surface.fill((12, 8, 22))
        w, h = layout.size
        frame = self.frame_width()
        pygame.draw.rect(surface, RIBBON, (0, 0, w, h), width=frame)
        self._draw_ribbon(surface)
        if self.warning:
            self._draw_strip(surface, self.warning, WARNING, (30, 16, 0), self.ribbon_box().bottom)
        if self.problem:
            self._draw_strip(surface, self.problem, (255, 110, 100), (30, 4, 8), h // 2)
        s = layout.ui_button
        surface.blit(ctx.art.button("close", "", (s, s)), (self.close_box.x, self.close_box.y))

    def _draw_ribbon(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout, text = ctx.layout, ctx.text
        box = self.ribbon_box()
        edge = max(2, box.h // 16)
        radius = box.h // 4
        pygame.draw.rect(surface, RIBBON_EDGE, box, border_bottom_left_radius=radius,
                         border_bottom_right_radius=radius)
        pygame.draw.rect(surface, RIBBON, (box.x + edge, box.y, box.w - 2 * edge, box.h - edge),
                         border_bottom_left_radius=radius, border_bottom_right_radius=radius)
        record = self.record
        tags = "  ".join(marks(record))
        info = f"ROUND #{record.round_id}   {when(record, long=True)}   {record.game_name.upper()}" + \
            (f"   {tags}" if tags else "")
        sub = "NO CREDITS ARE PLAYED - METERS AND HISTORY ARE NOT CHANGED"
        inner = Box(box.x + box.h // 3, box.y, self.close_box.x - box.x - box.h // 2, box.h - edge)
        body = layout.fonts.body
        stacked = text.font(body).size(info)[0] > inner.w * 6 // 10  # a narrow window: info under the title
        title_size = min(layout.fonts.title, inner.h * (45 if stacked else 70) // 100)
        title = text.fit("REPLAY", title_size, inner.w // 2, (255, 255, 255), outline=True)
        if stacked:
            line1 = text.fit(info, body, inner.w, (255, 240, 200))
            line2 = text.fit(sub, max(7, body * 3 // 4), inner.w, (255, 200, 200))
            top = inner.y + (inner.h - title.get_height() - line1.get_height() - line2.get_height()) // 2
            surface.blit(title, (inner.x, top))
            top += title.get_height()
            x = inner.x
        else:
            surface.blit(title, title.get_rect(midleft=(inner.x, inner.y + inner.h // 2)))
            x = inner.x + title.get_width() + box.h // 3
            room = inner.right - x
            line1 = text.fit(info, body, room, (255, 240, 200))
            line2 = text.fit(sub, max(8, body * 3 // 4), room, (255, 200, 200))
            top = inner.y + (inner.h - line1.get_height() - line2.get_height()) // 2
        surface.blit(line1, (x, top))
        surface.blit(line2, (x, top + line1.get_height()))

    def _draw_strip(self, surface: pygame.Surface, message: str, fill: tuple[int, int, int],
                    ink: tuple[int, int, int], y: int) -> None:
        layout, text = self.ctx.layout, self.ctx.text
        size = layout.fonts.body
        lines = text.wrap(message, size, layout.width * 9 // 10)
        h = size * 3 // 2 * len(lines) + size // 2
        pygame.draw.rect(surface, fill, (0, y, layout.width, h))
        for i, line in enumerate(lines):
            img = text.render(line, size, ink)
            surface.blit(img, img.get_rect(midtop=(layout.width // 2, y + size // 4 + i * size * 3 // 2)))


register_scene("replay", ReplayScene)
