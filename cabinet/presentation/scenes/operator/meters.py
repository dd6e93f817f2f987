"""The meters page: per game and in total, the master (lifetime) and period (since reset) columns.

Every enabled game is listed (zeros until it is played). Rows: games played, won / lost, total
bet, total won, credits in (ADD CREDITS) with a new cabinet's demo balance apart, credits out
(COLLECT), in total each progressive jackpot pool (now, contributed, hits and paid, reserve and
funded: ``jackpot_rows.py``), the RTP and its 95% band in words (only from ``MIN_BAND_GAMES`` games on, and never
a band reaching below zero), per game the par ("96.0017% (EXACT)", or an estimate with its
interval, as ``cabinet par`` gives it) and whether it lies in the band, in total the credit
meter now, the hit rate, each feature's count against its expected count (the par's trigger
rate times the games played), the rounds, money in and money out of each bet mode (the base
game, an ante, each buy: one row per mode once a game with modes was played), voided rounds and
the largest win with its seed. REPLAY plays the largest win again; COLLECT pays out
the open game's credit meter (asks first, metered as credits out, logged); RESET PERIOD
asks first, then zeroes the period column of every game and logs it. The master column
never resets. Par is worked out off the frame loop (a child process a thread waits on, once
per game file: services/par_process.py), so the page draws at once and fills the par in when
it is known.
"""

from __future__ import annotations

import threading
from fractions import Fraction
from typing import Any

import pygame

from cabinet.machine.buttons import Button, Press
from cabinet.services.audit import Counters

from .common import BAND, DIM, GOLD, GREEN, RED, TEXT, Frame, Page, Region, draw_chrome, label, local_time

ACTIONS = ("REPLAY LARGEST (MASTER)", "REPLAY LARGEST (PERIOD)", "RESET PERIOD METERS", "COLLECT (PAY OUT)")
RESET, COLLECT = 2, 3

_PAR: dict[str, Any] = {}  # game id + fingerprint -> ParReport, or an Exception, or None while working
_PAR_LOCK = threading.Lock()


def par_report(defn: Any, fingerprint: str) -> Any:
    """The game's par (None while it is being worked out in the background)."""
    key = f"{defn.id}:{fingerprint}"
    with _PAR_LOCK:
        if key in _PAR:
            return _PAR[key]
        _PAR[key] = None

    def work() -> None:  # waits on a child process: the frames never share the interpreter with par
        from cabinet.services.par_process import par_in_child

        report = par_in_child(defn)  # the report, or the exception of a game without par (the page says so)
        with _PAR_LOCK:
            _PAR[key] = report

    threading.Thread(target=work, name=f"par {defn.id}", daemon=True).start()
    return None


def percent(value: Fraction | float | None, places: int = 2) -> str:
    return "-" if value is None else f"{float(value) * 100:.{places}f}%"


def par_text(report: Any) -> tuple[str, Any]:
    """("96.0017% (EXACT)" or "95.90% (ESTIMATE, BETWEEN 95.60% AND 96.20%)", the Value) from a ParReport."""
    if report is None:
        return "WORKING IT OUT...", None
    if isinstance(report, Exception):
        return f"NONE ({report})"[:60], None
    total = getattr(report, "total", None)
    if total is None:
        return "NONE (A BLOCK WITHOUT PAR)", None
    if getattr(total, "exact", False):
        return f"{percent(total.mean, 4)} (EXACT)", total
    low, high = total.ci95
    return f"{percent(total.mean)} (ESTIMATE, {between(low, high)})", total


MIN_BAND_GAMES = 30  # fewer games: the 95% band says nothing an operator can use


def between(low: float | Fraction, high: float | Fraction) -> str:
    return f"BETWEEN {float(low) * 100:.2f}% AND {float(high) * 100:.2f}%"


def band_text(c: Counters) -> str:
    """The measured RTP's 95% band in words, only where it means something: enough games, and
    a band that does not reach below zero (a few big wins make a normal band meaningless)."""
    band = c.rtp_band()
    if band is None or c.games_played < MIN_BAND_GAMES:
        return f"AFTER {MIN_BAND_GAMES} GAMES" if c.games_played else "-"
    if band[0] < 0:
        return "TOO WIDE YET"
    return between(*band)


def expected_text(count: int, expected: float | None) -> str:
    """A feature's count and what its odds expect, with the figures an expectation needs."""
    if expected is None:
        return f"{count}"
    shown = f"{expected:.0f}" if expected >= 10 else f"{expected:.1f}" if expected >= 1 else f"{expected:.2f}"
    return f"{count} (EXPECTED {shown})"


def enabled_games(host: Any) -> list[str]:
    """Every game the kiosk offers (kiosk.yaml's games, else every game file), for the zero rows."""
    from cabinet.kiosk.catalog import game_files
    from cabinet.kiosk.config import KioskConfigError, load_config

    path = getattr(host.services, "config_path", None)
    try:
        listed = list(load_config(path).games) if path is not None else []
    except (KioskConfigError, OSError, ValueError):
        listed = []
    return listed or [p.stem for p in game_files()]


def expected_features(report: Any, games: int) -> dict[str, float]:
    """Feature name -> expected count in ``games`` rounds (parts with a trigger rate)."""
    out: dict[str, float] = {}
    for part in getattr(report, "parts", ()) or ():
        rate = getattr(part, "figures", {}).get("trigger_rate")
        if rate is not None:
            out[part.name] = float(getattr(rate, "mean", 0.0)) * games
    return out


class MetersPage(Page):
    title = "METERS"
    hint = "LEFT/RIGHT GAME   UP/DOWN ACTION   CONFIRM DO IT   BACK RETURN"

    def __init__(self, menu: object) -> None:
        super().__init__(menu)
        audit = self.host.services.audit
        if self.host.session is not None:
            try:
                audit.catch_up(self.host.session.recent(50))
            except OSError:
                self.say("THE AUDIT FILE CANNOT BE WRITTEN (STORAGE): SHOWN FROM MEMORY", bad=True)
        self.names: dict[str, str] = {}
        for gid in enabled_games(self.host):  # every enabled game, with zeros until it is played
            if gid not in audit.games:
                defn = self.host.definition(gid)
                self.names[gid] = defn.name if defn is not None and defn.name else gid
        self.games = sorted({*audit.games, *self.names})
        current = self.host.session.game.id if self.host.session is not None else None
        self.choice = self.games.index(current) + 1 if current in self.games else 0  # 0: every game
        self.confirming = 0  # RESET or COLLECT while asking "are you sure?"; 0: not asking

    @property
    def game_id(self) -> str | None:
        return self.games[self.choice - 1] if self.choice else None

    def handle(self, press: Press) -> None:
        b = press.button
        if self.confirming:
            if b in (Button.CONFIRM, Button.SPIN) and self.confirming == COLLECT:
                self.collect()
            elif b in (Button.CONFIRM, Button.SPIN):
                self.reset()
            elif b in (Button.BACK, Button.MENU, Button.CLOSE):
                self.say("NOTHING WAS COLLECTED" if self.confirming == COLLECT else "NOTHING WAS RESET")
                self.confirming = 0
            return
        if b in (Button.LEFT, Button.RIGHT):
            step = -1 if b == Button.LEFT else 1
            self.choice = (self.choice + step) % (len(self.games) + 1)
        elif b == Button.UP:
            self.cursor = (self.cursor - 1) % len(ACTIONS)
        elif b == Button.DOWN:
            self.cursor = (self.cursor + 1) % len(ACTIONS)
        elif b in (Button.CONFIRM, Button.SPIN):
            self.act(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < len(ACTIONS):
            self.cursor = press.index
            self.act(press.index)
        else:
            super().handle(press)

    def columns(self) -> tuple[Counters, Counters]:
        audit = self.host.services.audit
        gid = self.game_id
        if gid is None:
            return audit.total("master"), audit.total("period")
        game = audit.games.get(gid)
        if game is None:  # enabled, never played: zeros
            return Counters(), Counters()
        return game.master, game.period

    def game_name(self, gid: str) -> str:
        game = self.host.services.audit.games.get(gid)
        return (game.game_name if game is not None and game.game_name else self.names.get(gid, gid)).upper()

    def credit_meter(self) -> int:
        """The credit meter now (the open game's ledger), else as the last round left it."""
        session = self.host.session
        if session is not None:
            try:
                return int(session.ledger.credits)
            except Exception:  # noqa: BLE001 - a ledger that cannot say: the audit's last figure
                pass
        return int(self.host.services.audit.last_credits_after)

    def act(self, index: int) -> None:
        if index == RESET:
            self.confirming = RESET
            return
        if index == COLLECT:
            session = self.host.session
            if session is None:
                self.say("OPEN A GAME TO COLLECT ITS CREDIT METER", bad=True)
            elif session.in_round:
                self.say("THE CREDIT METER CAN BE COLLECTED WHEN THE ROUND IS OVER", bad=True)
            elif self.credit_meter() <= 0:
                self.say("THE CREDIT METER IS EMPTY: NOTHING TO COLLECT", bad=True)
            else:
                self.confirming = COLLECT
            return
        record = self.columns()[index].largest_record()
        if record is None:
            self.say("NO WIN TO REPLAY YET", bad=True)
        elif self.host.replay is None:
            self.say("OPEN A GAME FROM THE LOBBY TO REPLAY ITS ROUNDS", bad=True)
        else:
            self.host.replay(record)

    def collect(self) -> None:
        """COLLECT: the open game's whole credit meter paid out (credits out), metered and logged."""
        from cabinet.machine.session import SessionError

        session, services = self.host.session, self.host.services
        self.confirming = 0
        try:
            amount = session.collect()
        except SessionError as exc:
            self.say(str(exc).upper()[:90], bad=True)
            return
        services.audit.cash_out(session.game.id, session.game.name, amount)
        paid = self.host.money(session.game.id, amount)
        services.events.record("collect", f"collect: {paid} paid out ({session.game.id})", amount=amount,
                               game=session.game.id)
        self.say(f"COLLECTED {paid}: PAY IT OUT (LOGGED); THE CREDIT METER IS 0")

    def reset(self) -> None:
        services = self.host.services
        before = services.audit.total("period")
        services.audit.reset_period()
        services.events.record("meters_reset", f"period meters reset ({before.games_played} games in the period)",
                               games_played=before.games_played, total_bet=before.total_bet,
                               total_won=before.total_won)
        self.confirming = 0
        self.say("PERIOD METERS RESET (LOGGED); THE MASTER METERS NEVER RESET")

    def action_boxes(self, frame: Frame) -> list[pygame.Rect]:
        count = len(ACTIONS)
        gap = frame.margin // 2
        w = (frame.w - 2 * frame.margin - (count - 1) * gap) // count
        y = frame.bottom - frame.row_h * 3 // 2
        return [pygame.Rect(frame.margin + i * (w + gap), y, w, frame.row_h * 5 // 4) for i in range(count)]

    def regions(self, frame: Frame) -> list[Region]:
        return [(tuple(r), Press(Button.ITEM, i)) for i, r in enumerate(self.action_boxes(frame))]

    def rows(self) -> list[tuple[str, str, str, tuple[int, int, int]]]:
        host, gid = self.host, self.game_id
        master, period = self.columns()

        def money(v: int) -> str:
            return host.money(gid, v)

        report = None
        if gid is not None and (defn := host.definition(gid)) is not None:
            game = host.services.audit.games.get(gid)
            fingerprint = game.recent[-1]["fingerprint"] if game is not None and game.recent else ""
            report = par_report(defn, fingerprint)
        par_words, par_value = par_text(report) if gid is not None else ("", None)

        def verdict(c: Counters) -> tuple[str, tuple[int, int, int]]:
            b = c.rtp_band()
            if par_value is None or b is None or band_text(c).startswith(("AFTER", "TOO", "-")):
                return "-", DIM
            inside = b[0] <= par_value.mean <= b[1]
            return ("PAR IN THE 95% BAND" if inside else "PAR OUTSIDE THE BAND"), (GREEN if inside else RED)

        par_hits = getattr(report, "hit_rate", None) if report is not None and not isinstance(report, Exception) \
            else None
        rows = [
            ("GAMES PLAYED", f"{master.games_played}", f"{period.games_played}", TEXT),
            ("GAMES WON / LOST", f"{master.hits} / {master.games_lost}", f"{period.hits} / {period.games_lost}", TEXT),
            ("TOTAL BET", money(master.total_bet), money(period.total_bet), TEXT),
            ("TOTAL WON", money(master.total_won), money(period.total_won), TEXT),
            ("CREDITS IN (ADD CREDITS)", money(master.credits_added), money(period.credits_added), TEXT),
            ("DEMO BALANCE (A NEW CABINET'S)", money(master.demo_credits), money(period.demo_credits), DIM),
            ("CREDITS OUT (COLLECT)", money(master.credits_out), money(period.credits_out), TEXT),
            ("RTP", percent(master.rtp), percent(period.rtp), TEXT),
            ("RTP 95% BAND", band_text(master), band_text(period), TEXT),
        ]
        if gid is None:
            rows.append(("CREDIT METER NOW", money(self.credit_meter()), "", GOLD))
            from .jackpot_rows import jackpot_rows  # the kiosk's pools (issue 35)

            rows += jackpot_rows(self.host, money)
        else:
            rows.append((f"PAR {par_words}", verdict(master)[0], verdict(period)[0],
                         verdict(master)[1] if verdict(master)[1] != DIM else verdict(period)[1]))
        rows.append((f"HIT RATE (PAR {percent(par_hits)})" if gid is not None else "HIT RATE",
                     percent(master.hit_rate), percent(period.hit_rate), TEXT))
        expected_m = expected_features(report, master.games_played) if report is not None else {}
        expected_p = expected_features(report, period.games_played) if report is not None else {}

        def count(c: Counters, exp: dict[str, float], name: str) -> str:
            return expected_text(c.features.get(name, 0), exp.get(name))

        for name in sorted(set(master.features) | set(expected_m)):
            rows.append((name.replace("_", " ").upper(), count(master, expected_m, name),
                         count(period, expected_p, name), TEXT))
        rows += self.mode_rows(master, period, money)
        rows.append(("VOIDED ROUNDS", f"{master.voided}", f"{period.voided}", TEXT))

        def largest(c: Counters) -> str:
            r = c.largest_record()
            return f"{money(r.win)} SEED {r.request.seed}" if r is not None else "-"

        rows.append(("LARGEST WIN", largest(master), largest(period), GOLD))
        return rows

    def mode_rows(self, master: Counters, period: Counters, money: Any) -> list[tuple[str, str, str, Any]]:
        """One row per bet mode: ROUNDS / IN / OUT in each column (the audit's ``modes``), for a
        game with modes (every mode listed, zeros too) or any mode other than the base played."""
        defn = self.host.definition(self.game_id) if self.game_id is not None else None
        listed = [m.name for m in getattr(defn, "bet_modes", ())] if defn is not None else []
        played = sorted(set(master.modes) | set(period.modes), key=lambda n: (n != "base", n))
        names = [n for n in listed if len(listed) > 1] + [n for n in played if n not in listed]
        if names == ["base"] or not names:
            return []

        def words(name: str) -> str:
            mode = next((m for m in getattr(defn, "bet_modes", ()) if m.name == name), None)
            if name == "base":
                return "BASE GAME"
            return (mode.label if mode is not None and mode.label else name.replace("_", " ")).upper()

        def cell(c: Counters, name: str) -> str:
            m = c.modes.get(name, {})
            return f"{m.get('rounds', 0)} / {money(m.get('total_in', 0))} / {money(m.get('total_out', 0))}"

        return [(f"MODE {words(n)}: ROUNDS / IN / OUT", cell(master, n), cell(period, n), TEXT) for n in names]

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        text = self.host.text
        draw_chrome(surface, frame, text, self.title, self.hint, message=self.message, bad=self.message_bad)
        audit = self.host.services.audit
        name = self.game_name(self.game_id) if self.game_id else "ALL GAMES"
        head = frame.row(0)
        label(surface, text, f"<  {name}  >", frame.body * 5 // 4, GOLD, left=head.x, y=head.centery,
              width=head.w // 2)
        master_x, period_x = frame.w * 70 // 100, frame.w - frame.margin
        label(surface, text, "MASTER (LIFETIME)", frame.body, DIM, right=master_x, y=head.centery)
        label(surface, text, "PERIOD", frame.body, DIM, right=period_x, y=head.centery)
        band = frame.top - frame.h // 60
        label(surface, text, f"PERIOD SINCE {local_time(audit.period_started, seconds=False)}", frame.body, DIM,
              right=frame.w - frame.margin, y=band // 2)
        rows = self.rows()
        first = frame.row(1)
        room = self.action_boxes(frame)[0].top - first.y
        pitch = min(frame.row_h, room // max(1, len(rows)))  # a game with modes has more rows: closer, not cut
        size = min(frame.body, pitch * 8 // 10) if pitch < frame.row_h else frame.body
        for i, (what, m, p, colour) in enumerate(rows):
            box = pygame.Rect(first.x, first.y + i * pitch, first.w, pitch - 2)
            if box.bottom > self.action_boxes(frame)[0].top:
                break
            if i % 2:
                pygame.draw.rect(surface, (14, 17, 30), box)
            label(surface, text, what, size, TEXT, left=box.x + 4, y=box.centery, width=frame.w * 40 // 100)
            label(surface, text, m, size, colour, right=master_x, y=box.centery, width=frame.w * 26 // 100)
            label(surface, text, p, size, colour, right=period_x, y=box.centery, width=frame.w * 26 // 100)
        for i, (box, words) in enumerate(zip(self.action_boxes(frame), ACTIONS, strict=True)):
            chosen = i == self.cursor
            pygame.draw.rect(surface, (70, 58, 20) if chosen else BAND, box, border_radius=6)
            pygame.draw.rect(surface, GOLD if chosen else DIM, box, width=3 if chosen else 1, border_radius=6)
            label(surface, text, words, frame.body, TEXT, centre=box.centerx, y=box.centery, width=box.w - 10)
        if self.confirming:
            box = pygame.Rect(frame.w // 6, frame.h // 3, frame.w * 2 // 3, frame.h // 3)
            pygame.draw.rect(surface, (40, 16, 20), box, border_radius=10)
            pygame.draw.rect(surface, RED, box, width=4, border_radius=10)
            question, yes = "RESET THE PERIOD METERS OF EVERY GAME?", "CONFIRM: YES, RESET     BACK: NO"
            if self.confirming == COLLECT:
                question = f"PAY OUT {self.host.money(self.game_id, self.credit_meter())}, THE WHOLE CREDIT METER?"
                yes = "CONFIRM: YES, COLLECT     BACK: NO"
            label(surface, text, question, frame.title_size * 3 // 4, TEXT,
                  centre=box.centerx, y=box.y + box.h // 3, width=box.w - 20)
            label(surface, text, yes, frame.body, GOLD, centre=box.centerx,
                  y=box.y + box.h * 2 // 3, width=box.w - 20)
