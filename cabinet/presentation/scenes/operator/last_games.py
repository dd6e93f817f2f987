"""The last games page: the last 10 rounds of each game, newest first, each replayed on CONFIRM.

A row shows the round's number and time, the bet, the win and the credits before and
after; CONFIRM (or a touch on the row) plays it again with the existing replay (its seed,
bet and decisions through ``play_round``, in a sandbox that changes no meter).
"""

from __future__ import annotations

import pygame

from cabinet.machine.buttons import Button, Press

from .common import DIM, GOLD, Frame, Page, Region, draw_chrome, draw_list, label, local_time


class LastGamesPage(Page):
    title = "LAST GAMES"
    hint = "LEFT/RIGHT GAME   UP/DOWN ROUND   CONFIRM REPLAY   BACK RETURN"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        audit = self.host.services.audit
        self.games = sorted(audit.games)
        current = self.host.session.game.id if self.host.session is not None else None
        self.choice = self.games.index(current) if current in self.games else 0

    def records(self) -> list:
        if not self.games:
            return []
        return self.host.services.audit.games[self.games[self.choice]].recent_records()

    def handle(self, press: Press) -> None:
        b = press.button
        records = self.records()
        if b in (Button.LEFT, Button.RIGHT) and self.games:
            self.choice = (self.choice + (1 if b == Button.RIGHT else -1)) % len(self.games)
            self.cursor = 0
        elif b == Button.UP and records:
            self.cursor = (self.cursor - 1) % len(records)
        elif b == Button.DOWN and records:
            self.cursor = (self.cursor + 1) % len(records)
        elif b in (Button.CONFIRM, Button.SPIN) and records:
            self.replay(records[self.cursor])
        elif b == Button.ITEM and 0 <= press.index < len(records):
            self.cursor = press.index
            self.replay(records[press.index])
        else:
            super().handle(press)

    def replay(self, record: object) -> None:
        if self.host.replay is None:
            self.say("OPEN A GAME FROM THE LOBBY TO REPLAY ITS ROUNDS", bad=True)
        else:
            self.host.replay(record)

    def regions(self, frame: Frame) -> list[Region]:
        return [(tuple(frame.row(2 + i)), Press(Button.ITEM, i)) for i in range(len(self.records()))]

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        text = self.host.text
        draw_chrome(surface, frame, text, self.title, self.hint, message=self.message, bad=self.message_bad)
        if not self.games:
            label(surface, text, "NO ROUND HAS BEEN PLAYED YET", frame.body, DIM, left=frame.margin,
                  y=frame.row(0).centery)
            return
        gid = self.games[self.choice]
        game = self.host.services.audit.games[gid]
        head = frame.row(0)
        label(surface, text, f"<  {game.game_name.upper() or gid}  >", frame.body * 5 // 4, GOLD, left=head.x,
              y=head.centery, width=head.w // 2)
        heading = frame.row(1)
        label(surface, text, "ROUND, TIME", frame.body, DIM, left=heading.x + frame.margin // 2, y=heading.centery)
        label(surface, text, "BET, WIN, CREDITS BEFORE > AFTER", frame.body, DIM,
              right=heading.right - frame.margin // 2, y=heading.centery)
        money = self.host.money
        rows = []
        for r in self.records():
            rows.append((f"#{r.round_id}  {local_time(r.time)}  {r.outcome.upper() if r.outcome != 'played' else ''}".strip(),
                         f"BET {money(gid, r.cost)}   WIN {money(gid, r.win)}   "
                         f"{money(gid, r.credits_before)} > {money(gid, r.credits_after)}"))
        draw_list(surface, frame, text, rows, self.cursor, first=2)
