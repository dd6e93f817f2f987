"""A simulation's largest rounds in designer mode: listed, and replayed from their seeds.

Where they come from: the JSON report of a simulation, saved to a file::

    cabinet simulate classic --spins 10000000 --seed 7 --top 20 --json > classic-top.json
    cabinet play classic --designer --top-rounds classic-top.json

The report's ``top_wins`` give each round's win, round number and seed; its
``replay_bet`` the bet they were played at (``LINESxCOINSxCOIN_VALUE``) and its
``game_sha256`` the game file they were played on. T (the TOP_ROUNDS button of
``cabinet/input/bindings.yaml``; on a pad, L3 held + D-pad up) opens the list; UP/DOWN
choose, SPIN or ENTER replays the chosen round, BACK (or T again) closes it; a tap on a
row chooses it and a second tap replays it.

A replay is a real round through the normal path (``BaseGameScene.start_round(seed=)``):
it sets the session's bet to the round's bet, is charged and paid, and its request says
``forced_by="round"``, so the screen tags it and history marks it FORCED: ROUND <seed>
(and the overlay leaves it out of the session RTP). The overlay then shows the win the
simulation counted next to the one the replay paid: they differ only if the game file
changed since the simulation, which the list says at its top.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

import pygame

from cabinet.core.bet import Bet, bet_text, is_allowed, parse_bet_text
from cabinet.core.money import Money, MoneyError, parse_money
from cabinet.core.rng import derive_seed
from cabinet.errors import CabinetError
from cabinet.machine.buttons import Button, Press
from cabinet.tool import Host

from .overlay import BAD, DIM, LABEL, RULE, VALUE, WARN, shade

HOW_TO = ("cabinet simulate GAME --spins N --seed S --top K --json > FILE",
          "cabinet play GAME --designer --top-rounds FILE")
SELECTED = (40, 120, 160)  # the chosen row's bar
FILL = (8, 12, 22, 242)  # the overlay's panel, nearly opaque: a list to read, not a gauge over the game


@dataclass(frozen=True)
class TopRound:
    rank: int  # 1: the largest
    win: Money  # what the simulation counted for the round, in minor units
    index: int  # the round's number in the simulated run
    seed: int  # derive_seed(the run's seed, index): what replays it


@dataclass(frozen=True)
class TopRounds:
    source: str  # the file they were read from
    game_id: str
    spins: int
    seed: int  # the simulation's master seed
    bet: Bet
    game_sha256: str  # of the game file simulated ("" when the file did not say)
    rounds: tuple[TopRound, ...]

    def win_x(self, top: TopRound) -> Fraction:
        return Fraction(top.win, self.bet.total)


def load_top_rounds(path: Path, defn: Any) -> TopRounds:
    """The largest rounds of ``cabinet simulate ... --json`` saved in ``path``, for game ``defn``;
    one line (CabinetError) for a file that is not such a report or is another game's."""
    where = f"--top-rounds {path}"
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CabinetError(f"{where}: cannot read it ({exc.strerror or exc})") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise CabinetError(f"{where}: not JSON ({exc}); save the output of cabinet simulate ... --json") from None
    return top_rounds_from_json(data, defn, str(path))


def top_rounds_from_json(data: Any, defn: Any, source: str) -> TopRounds:
    where = f"--top-rounds {source}"
    if not isinstance(data, dict) or not isinstance(data.get("top_wins"), list):
        raise CabinetError(f"{where}: not a simulation report with top_wins (cabinet simulate ... --top K --json)")
    if data.get("game") != defn.id:
        raise CabinetError(f"{where}: the rounds of {data.get('game')!r}, not of {defn.name} ({defn.id})")
    minor = defn.bet.minor_units
    bet = _bet(data, defn, where)
    seed, spins = data.get("seed"), data.get("spins")
    if not _whole(seed) or not _whole(spins):
        raise CabinetError(f"{where}: the report's seed and spins must be whole numbers")
    rounds = []
    for rank, item in enumerate(data["top_wins"], 1):
        if not isinstance(item, dict) or not _whole(item.get("round")) or not _whole(item.get("seed")):
            raise CabinetError(f"{where}: top_wins entry {rank} needs a round and a seed")
        try:
            win = parse_money(str(item.get("win", "")), minor)
        except MoneyError as exc:
            raise CabinetError(f"{where}: top_wins entry {rank}: win: {exc}") from None
        if item["seed"] != derive_seed(seed, item["round"]):
            raise CabinetError(f"{where}: top_wins entry {rank}: seed {item['seed']} is not round "
                               f"{item['round']} of seed {seed} (the file was edited)")
        rounds.append(TopRound(rank, win, item["round"], item["seed"]))
    sha = data.get("game_sha256", "")
    return TopRounds(source, defn.id, spins, seed, bet, sha if isinstance(sha, str) else "", tuple(rounds))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _bet(data: dict[str, Any], defn: Any, where: str) -> Bet:
    from cabinet.core.bet import default_bet

    text = data.get("replay_bet")
    if text is None:  # a report from before replay_bet: only the default bet can be told from its total
        bet = default_bet(defn)
        try:
            total = parse_money(str(data.get("bet", "")), defn.bet.minor_units)
        except MoneyError:
            total = -1
        if total != bet.total:
            raise CabinetError(f"{where}: the report does not say its bet (no replay_bet); "
                               "run cabinet simulate again to write one")
        return bet
    try:
        bet = parse_bet_text(str(text), defn.bet.minor_units)
    except ValueError as exc:
        raise CabinetError(f"{where}: replay_bet: {exc}") from None
    if not is_allowed(defn, bet):
        raise CabinetError(f"{where}: {defn.name} does not allow the bet {text}")
    return bet


def top_rounds_from_report(report: Any, defn: Any, source: str, game_sha256: str = "") -> TopRounds:
    """The same list straight from a ``SimReport`` (the gallery and tests, no file between)."""
    rounds = tuple(TopRound(rank, win, index, derive_seed(report.seed, index))
                   for rank, (win, index) in enumerate(report.tally.top, 1))
    return TopRounds(source, defn.id, report.spins, report.seed, report.bet, game_sha256, rounds)


# --- the list on screen -----------------------------------------------------------------------------


class Replayer(Protocol):
    """Who opens the list (designer mode, ``mode.py``): the running cabinet, and the replay of
    a chosen round."""

    app: Host

    def play_top_round(self, index: int) -> bool: ...


class TopRoundsScene:
    """The list: modal over the game, in the designer's look (dark panel, cyan rule)."""

    modal = True
    opaque = False
    close_buttons = (Button.BACK, Button.CLOSE, Button.MENU, Button.TOP_ROUNDS)

    def __init__(self, designer: Replayer, top: TopRounds | None) -> None:
        from cabinet.services.session_ledger import definition_fingerprint

        self.designer = designer
        self.top = top
        self.finished = False
        self.cursor = 0
        self.offset = 0
        defn = designer.app.defn
        self.changed = bool(top and top.game_sha256 and top.game_sha256 != definition_fingerprint(defn))

    # -- geometry ---------------------------------------------------------------------------------

    def sizes(self, surface_size: tuple[int, int]) -> tuple[int, int, int]:
        """(title, row, small) type sizes: larger than the overlay's, a list read from a step back."""
        h = surface_size[1]
        return max(16, min(44, h // 24)), max(13, min(32, h // 34)), max(11, min(22, h // 48))

    def panel(self, surface_size: tuple[int, int]) -> pygame.Rect:
        return self._frame(surface_size)[0]

    def _frame(self, surface_size: tuple[int, int]) -> tuple[pygame.Rect, int, int, int, int]:
        """(panel, pad, title band height, row pitch, footer height): the panel as tall as its
        rows need, at most 84% of the window."""
        w, h = surface_size
        title, row, small = self.sizes(surface_size)
        pad = row // 2 + 4
        head = title + small * 2 + pad * 2 + (small + small // 2 if self.changed else 0)
        footer = small * 3 + pad * 2
        pitch = row + row // 2
        tallest = min(h - 16, max(300, h * 84 // 100))
        count = len(self.top.rounds) if self.top is not None else 0
        rows = max(4, min(count, (tallest - head - footer - pitch) // pitch))  # one pitch: the column heads
        pw = min(w - 16, max(560, w * 76 // 100))
        ph = min(tallest, head + pitch * (rows + 1) + footer)
        return pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph), pad, head, pitch, footer

    def rows_shown(self, surface_size: tuple[int, int]) -> int:
        panel, pad, head, pitch, footer = self._frame(surface_size)
        return max(1, (panel.h - head - footer - pitch) // pitch)

    def row_boxes(self, surface_size: tuple[int, int]) -> list[pygame.Rect]:
        panel, pad, head, pitch, _ = self._frame(surface_size)
        y0 = panel.y + head + pitch
        count = len(self.top.rounds) if self.top is not None else 0
        shown = min(self.rows_shown(surface_size), count - self.offset)
        return [pygame.Rect(panel.x + pad, y0 + i * pitch, panel.w - 2 * pad, pitch - 2) for i in range(shown)]

    def _size(self) -> tuple[int, int]:
        return self.designer.app.screen.get_size()

    # -- the scene protocol -----------------------------------------------------------------------

    def hit_regions(self) -> list[tuple[Any, Press]]:
        return [((r.x, r.y, r.w, r.h), Press(Button.ITEM, self.offset + i))
                for i, r in enumerate(self.row_boxes(self._size()))]

    def handle(self, press: Press) -> bool:
        b = press.button
        count = len(self.top.rounds) if self.top is not None else 0
        if b in self.close_buttons:
            self.close()
        elif b == Button.TAP:
            if press.pos is None or not self.panel(self._size()).collidepoint(press.pos):
                self.close()
        elif not count:
            pass
        elif b == Button.UP:
            self.select(self.cursor - 1)
        elif b == Button.DOWN:
            self.select(self.cursor + 1)
        elif b == Button.LEFT:
            self.select(self.cursor - self.rows_shown(self._size()))
        elif b == Button.RIGHT:
            self.select(self.cursor + self.rows_shown(self._size()))
        elif b in (Button.SPIN, Button.CONFIRM):
            self.replay(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < count:
            if press.index == self.cursor:
                self.replay(press.index)
            else:
                self.select(press.index)
        return True  # modal: nothing reaches the game below

    def select(self, index: int) -> None:
        count = len(self.top.rounds) if self.top is not None else 0
        if not count:
            return
        self.cursor = max(0, min(count - 1, index))
        rows = self.rows_shown(self._size())
        if self.cursor < self.offset:
            self.offset = self.cursor
        elif self.cursor >= self.offset + rows:
            self.offset = self.cursor - rows + 1

    def replay(self, index: int) -> None:
        self.close()
        self.designer.play_top_round(index)

    def close(self) -> None:
        self.finished = True
        self.designer.app.stack.remove(self)  # at once: the replay starts with no panel open

    def update(self, dt: float) -> None:
        self.select(self.cursor)  # a resized window keeps the chosen row in view

    # -- drawing (reads only) ---------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        text = self.designer.app.ctx.text
        size = surface.get_size()
        title_size, row_size, small = self.sizes(size)
        panel, pad, head, pitch, footer = self._frame(size)
        surface.blit(shade(size, (0, 0, 0, 120)), (0, 0))
        surface.blit(shade(panel.size, FILL), panel.topleft)
        pygame.draw.rect(surface, RULE, panel, width=2)
        inner = panel.w - 2 * pad
        x, y = panel.x + pad, panel.y + pad
        surface.blit(text.fit("TOP ROUNDS", title_size, inner, LABEL), (x, y))
        y += title_size + small // 2
        top = self.top
        if top is None:
            self._draw_empty(surface, text, pygame.Rect(x, y, inner, panel.bottom - y - pad), row_size, small)
            return
        surface.blit(text.fit(self.subtitle(), small, inner, VALUE), (x, y))
        y += small + small // 2
        surface.blit(text.fit(f"FROM {top.source}", small, inner, DIM), (x, y))
        if self.changed:
            y += small + small // 2
            surface.blit(text.fit("THE GAME FILE CHANGED SINCE THIS SIMULATION: A REPLAY MAY PAY OTHERWISE",
                                  small, inner, BAD), (x, y))
        columns = self.columns(inner)
        y = panel.y + head
        for (label, _), cx in zip(self.cells(None), columns, strict=True):
            surface.blit(text.render(label, small, LABEL), (x + cx, y + (pitch - small) // 2))
        pygame.draw.line(surface, (40, 90, 120), (x, y + pitch - 3), (x + inner, y + pitch - 3))
        for i, box in enumerate(self.row_boxes(size)):
            index = self.offset + i
            chosen = index == self.cursor
            if chosen:
                pygame.draw.rect(surface, SELECTED, box, border_radius=max(2, box.h // 5))
            for (value, colour), cx in zip(self.cells(top.rounds[index]), columns, strict=True):
                img = text.render(value, row_size, VALUE if chosen else colour)
                surface.blit(img, (x + cx, box.y + (box.h - img.get_height()) // 2))
        if not top.rounds:
            surface.blit(text.fit("THE SIMULATION KEPT NO ROUNDS (--top 0, OR NO ROUND WON)", row_size, inner, DIM),
                         (x, panel.y + head + pitch * 2))
        count = len(top.rounds)
        shown = f"{self.offset + 1}-{min(count, self.offset + self.rows_shown(size))} OF {count}   " if count else ""
        fy = panel.bottom - footer + pad
        pygame.draw.line(surface, (40, 90, 120), (x, fy - pad // 2), (x + inner, fy - pad // 2))
        surface.blit(text.fit(f"{shown}UP/DOWN CHOOSE   SPIN/ENTER REPLAY   T/BACK CLOSE", small, inner, VALUE),
                     (x, fy))
        surface.blit(text.fit(f"A REPLAY PLAYS AT {self.bet_label()}: CHARGED, MARKED FORCED, NOT IN THE RTP",
                              small, inner, WARN), (x, fy + small + small // 2))

    def _draw_empty(self, surface: pygame.Surface, text: Any, area: pygame.Rect, row_size: int, small: int) -> None:
        y = area.y + row_size
        surface.blit(text.fit("NO TOP ROUNDS LOADED. SAVE A SIMULATION'S LARGEST ROUNDS AND OPEN THEM:",
                              row_size, area.w, VALUE), (area.x, y))
        for line in HOW_TO:
            y += row_size * 2
            surface.blit(text.fit(line, row_size, area.w, WARN), (area.x, y))
        surface.blit(text.fit("T/BACK CLOSE", small, area.w, DIM), (area.x, area.bottom - small))

    # -- text -------------------------------------------------------------------------------------

    def money(self, amount: Money) -> str:
        return str(self.designer.app.ctx.money(amount))

    def bet_label(self) -> str:
        assert self.top is not None
        bet = self.top.bet
        return f"BET {self.money(bet.total)} ({bet_text(bet, self.designer.app.defn.bet.minor_units)})"

    def subtitle(self) -> str:
        assert self.top is not None
        top = self.top
        return (f"{self.designer.app.defn.name.upper()}   {top.spins:,} ROUNDS OF SEED {top.seed}   "
                f"{self.bet_label()}")

    def columns(self, width: int) -> list[int]:
        """Where each column starts, from the left of the rows."""
        return [width * f // 100 for f in (1, 8, 30, 50, 68)]

    def cells(self, top: TopRound | None) -> list[tuple[str, tuple[int, int, int]]]:
        """One row's cells (None: the column heads)."""
        if top is None:
            return [("#", LABEL), ("WIN", LABEL), ("x BET", LABEL), ("ROUND", LABEL), ("SEED", LABEL)]
        assert self.top is not None
        x = self.top.win_x(top)
        return [(str(top.rank), DIM), (self.money(top.win), VALUE), (f"{float(x):,.2f}x", WARN),
                (f"{top.index:,}", DIM), (str(top.seed), DIM)]

    def lines(self) -> list[str]:
        """Every row as one line of text, in order (what the rows show; tests read it)."""
        if self.top is None:
            return []
        return ["  ".join(value for value, _ in self.cells(t)) for t in self.top.rounds]
