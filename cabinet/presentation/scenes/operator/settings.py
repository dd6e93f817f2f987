"""The kiosk's settings from the menu: the games (on or off, their order), the start game, idle
seconds, attract, demo credits, the master volume, buy features (on or off: some jurisdictions ban
them), for each game with ``rtp_variants:``, the RTP variant it plays, and each progressive jackpot
pool's seed, reset and cap (``jackpot_settings.py``), written to ``kiosk.yaml``.

SAVE writes only what changed, through ``update_config_text`` (every comment and other line
of the file kept; the new file is checked as a whole first) and ``write_text_atomic``. A value
the config refuses is shown in red with the reason and nothing is written. Each save is one
``settings_changed`` line in the event log, and each game whose RTP variant changed one
``rtp_variant`` line more (the game, the variant before and after). Idle seconds, attract, the
volume, buy features and the open game's RTP variant apply at once (the variant from its next
round); the games and the start game at the next start of the kiosk.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from cabinet.machine.buttons import Button, Press

from .common import DIM, GOLD, RED, TEXT, Frame, Page, Region, draw_chrome, draw_list, label, shown_path

CREDIT_STEPS = (None, "20.00", "50.00", "100.00", "200.00", "500.00", "1000.00")
IDLE_STEP = 5
VOLUME_STEP = 10


@dataclass
class Draft:
    games: list[str]  # on, in the lobby's order
    off: list[str]
    start: str
    idle_seconds: float
    attract: bool
    start_credits: str | None
    volume: int | None
    buy_features: bool = True
    variants: dict[str, str] | None = None  # game id -> RTP variant chosen ("" : the game's default)


class SettingsPage(Page):
    title = "SETTINGS"
    hint = "UP/DOWN CHOOSE   LEFT/RIGHT CHANGE (GAMES: MOVE)   CONFIRM SWITCH / SAVE   BACK RETURN"

    def __init__(self, menu: object, *, setup: bool = False) -> None:
        super().__init__(menu)
        from cabinet.errors import CabinetError
        from cabinet.kiosk.catalog import game_files, game_names
        from cabinet.kiosk.config import KioskConfig, KioskConfigError, load_config

        self.path: Path | None = self.host.services.config_path
        config = KioskConfig()
        if self.path is not None:
            try:
                config = load_config(self.path)
            except KioskConfigError as exc:
                self.say(f"{self.path.name} HAS MISTAKES: {exc.issues[0].message}", bad=True)
            except CabinetError as exc:  # not readable (a folder, not text): SAVE says so too
                self.say(f"{exc}".upper(), bad=True)
        files = game_files()
        catalog = [p.stem for p in files]
        self.names = game_names(files)  # id -> the name a player sees
        self.setup = setup  # the first start's set-up: SAVE starts the kiosk
        if setup:
            self.title = "SET UP THE KIOSK"
            self.hint = "UP/DOWN CHOOSE   LEFT/RIGHT CHANGE   CONFIRM SWITCH   LAST ROW: SAVE AND START"
        on = list(config.games) or catalog
        self.saved = config
        self.shown_games = (tuple(on), tuple(g for g in catalog if g not in on))  # as the page opened
        self.draft = Draft(on, [g for g in catalog if g not in on], config.start, config.idle_seconds,
                           config.attract, config.start_credits, config.volume, config.buy_features,
                           dict(config.rtp_variants))
        self.variant_games = self._variant_games(files)  # game id -> (variant name, its RTP), the YAML's order
        from .jackpot_settings import kiosk_pools

        self.pools = kiosk_pools(self.host, files)  # pool name -> its row's facts (none: no jackpot game)
        self.jackpots = config.jackpot_terms()  # the draft of the kiosk's terms, by pool

    def _variant_games(self, files: list[Path]) -> dict[str, list[tuple[str, str]]]:
        out: dict[str, list[tuple[str, str]]] = {}
        for path in files:
            try:  # only a game whose file names variants is loaded (loading all eight takes seconds)
                if "rtp_variants" not in path.read_text(encoding="utf-8"):
                    continue
            except (OSError, UnicodeDecodeError):
                continue
            game = path.stem
            defn = self.host.definition(game)
            variants = getattr(defn, "rtp_variants", ()) if defn is not None else ()
            if variants:
                out[game] = [(str(v.name), f"{float(v.rtp) * 100:.2f}%") for v in variants]
        return out

    def variant_words(self, game: str) -> str:
        chosen = (self.draft.variants or {}).get(game, "")
        defn = self.host.definition(game)
        default = getattr(defn, "default_variant", None) or ""
        name = chosen or default
        rtp = dict(self.variant_games.get(game, [])).get(name, "")
        if not name:
            return "AS WRITTEN (NO DEFAULT)"
        return f"{name.upper()} ({rtp})" + ("" if chosen else " - THE GAME'S DEFAULT")

    # -- rows -------------------------------------------------------------------------------------

    def name(self, game: str) -> str:
        return self.names.get(game, game).upper()

    def actions(self) -> list[tuple[str, str]]:
        """The rows under the values that do something: (label, what)."""
        if self.setup:
            return [("SAVE AND START THE KIOSK", "save")]
        rows = [("CHANGE THE OPERATOR PIN", "pin")]
        if self.host.services.kiosk:
            rows.append(("RESTART THE KIOSK (GAMES AND START GAME APPLY)", "restart"))
        return [*rows, ("SAVE TO KIOSK.YAML", "save")]  # SAVE stays the last row

    def rows(self) -> list[tuple[str, str]]:
        d = self.draft
        rows = [(f"GAME {i + 1}: {self.name(g)}", "ON") for i, g in enumerate(d.games)]
        rows += [(f"GAME: {self.name(g)}", "OFF") for g in d.off]
        rows += [
            ("START", "LOBBY" if d.start == "lobby" else self.name(d.start)),
            ("IDLE SECONDS (ATTRACT AFTER)", f"{d.idle_seconds:g}"),
            ("ATTRACT SHOW", "ON" if d.attract else "OFF"),
            ("DEMO CREDITS (A NEW BALANCE)", d.start_credits or "EACH GAME'S OWN"),
            ("MASTER VOLUME", f"{d.volume}%" if d.volume is not None else "THE PLAYER'S SETTING"),
            ("BUY FEATURES (BONUS BUYS)", "ON" if d.buy_features else "OFF"),
        ]
        rows += [(f"RTP VARIANT: {self.name(g)}", self.variant_words(g)) for g in self.variant_games]
        from .jackpot_settings import pool_rows

        rows += pool_rows(self.pools, self.jackpots)
        rows += [(words, "") for words, _ in self.actions()]
        return rows

    @property
    def game_rows(self) -> int:
        return len(self.draft.games) + len(self.draft.off)

    def handle(self, press: Press) -> None:
        b = press.button
        count = len(self.rows())
        if self.path is None:
            super().handle(press)
            return
        if b == Button.UP:
            self.cursor = (self.cursor - 1) % count
        elif b == Button.DOWN:
            self.cursor = (self.cursor + 1) % count
        elif b in (Button.LEFT, Button.RIGHT):
            self.change(self.cursor, -1 if b == Button.LEFT else 1)
        elif b in (Button.CONFIRM, Button.SPIN):
            self.confirm(self.cursor)
        elif b == Button.ITEM and 0 <= press.index < count:
            self.cursor = press.index
            self.confirm(press.index)
        elif self.setup and b in (Button.BACK, Button.MENU, Button.CLOSE):
            self.host.services.request_restart()  # the PIN is set: start with what kiosk.yaml says
        else:
            super().handle(press)

    def change(self, row: int, step: int) -> None:
        d = self.draft
        if row < len(d.games):  # move the game in the lobby's order
            target = row + step
            if 0 <= target < len(d.games):
                d.games[row], d.games[target] = d.games[target], d.games[row]
                self.cursor = target
            return
        if row < self.game_rows:
            return
        what = row - self.game_rows
        if what == 0:
            choices = ["lobby", *d.games]
            index = choices.index(d.start) if d.start in choices else 0
            d.start = choices[(index + step) % len(choices)]
        elif what == 1:
            d.idle_seconds = max(0.0, d.idle_seconds + step * IDLE_STEP)  # below 5 is refused on SAVE
        elif what == 2:
            d.attract = not d.attract
        elif what == 3:
            index = CREDIT_STEPS.index(d.start_credits) if d.start_credits in CREDIT_STEPS else 0
            d.start_credits = CREDIT_STEPS[(index + step) % len(CREDIT_STEPS)]
        elif what == 4:
            d.volume = max(0, min(100, (d.volume if d.volume is not None else 80) + step * VOLUME_STEP))
        elif what == 5:
            d.buy_features = not d.buy_features
        elif 0 <= what - 6 < len(self.variant_games):
            game = list(self.variant_games)[what - 6]
            names = [name for name, _ in self.variant_games[game]]
            variants = d.variants if d.variants is not None else {}
            current = variants.get(game) or getattr(self.host.definition(game), "default_variant", None) or names[0]
            index = names.index(current) if current in names else 0
            variants[game] = names[(index + step) % len(names)]
            d.variants = variants
        elif 0 <= what - 6 - len(self.variant_games) < 3 * len(self.pools):
            from .jackpot_settings import change_pool

            change_pool(self.pools, self.jackpots, what - 6 - len(self.variant_games), step)

    def confirm(self, row: int) -> None:
        """Switch a game (the cursor follows it to its new row), change a value, or act."""
        d = self.draft
        actions = self.actions()
        first_action = len(self.rows()) - len(actions)
        if row < len(d.games):
            d.off.insert(0, d.games.pop(row))
            self.cursor = len(d.games)  # the switched game, now first of the games that are off
            if d.start not in d.games:
                d.start = "lobby"
        elif row < self.game_rows:
            d.games.append(d.off.pop(row - len(d.games)))
            self.cursor = len(d.games) - 1  # the switched game, now last of the games that are on
        elif row >= first_action:
            what = actions[row - first_action][1]
            if what == "save":
                self.save()
                if self.setup and not self.message_bad:
                    self.host.services.request_restart()
            elif what == "pin":
                from .pin_set import PinSetPage

                self.menu.push(PinSetPage(self.menu))
            elif what == "restart":
                if self.changes():
                    self.say("UNSAVED CHANGES: SAVE THEM FIRST (OR BACK TO DROP THEM)", bad=True)
                    return
                self.host.services.request_restart()
                self.say("RESTARTING THE KIOSK (LOGGED)")
        else:
            self.change(row, 1)

    # -- saving -----------------------------------------------------------------------------------

    def changes(self) -> dict[str, str]:
        d, s = self.draft, self.saved
        out: dict[str, str] = {}
        if (tuple(d.games), tuple(d.off)) != self.shown_games:  # a game switched or moved
            out["games"] = "[" + ", ".join(d.games) + "]"
        if d.start != s.start:
            out["start"] = d.start
        if d.idle_seconds != s.idle_seconds:
            out["idle_seconds"] = f"{d.idle_seconds:g}"
        if d.attract != s.attract:
            out["attract"] = "true" if d.attract else "false"
        if d.start_credits != s.start_credits and d.start_credits is not None:
            out["start_credits"] = f'"{d.start_credits}"'
        if d.volume != s.volume and d.volume is not None:
            out["volume"] = f"{d.volume}"
        if d.buy_features != s.buy_features:
            out["buy_features"] = "true" if d.buy_features else "false"
        chosen = {g: v for g, v in (d.variants or {}).items() if v}
        if chosen != dict(s.rtp_variants):
            out["rtp_variants"] = "{" + ", ".join(f'{g}: "{v}"' for g, v in sorted(chosen.items())) + "}"
        from .jackpot_settings import jackpots_change

        jackpots = jackpots_change(self.pools, self.jackpots, s.jackpot_terms())
        if jackpots is not None:
            out["jackpots"] = jackpots
        return out

    def save(self) -> None:
        from cabinet.kiosk.config import KioskConfigError, parse_config, update_config_text
        from cabinet.services.atomic import write_text_atomic

        assert self.path is not None
        changes = self.changes()
        if not changes:
            self.say("NOTHING CHANGED: NOTHING WRITTEN")
            return
        try:
            old = self.path.read_text(encoding="utf-8") if self.path.exists() else ""
            new = update_config_text(old, changes, str(self.path))
        except KioskConfigError as exc:
            self.say(f"REFUSED, NOTHING WRITTEN: {exc.issues[0].message}".upper(), bad=True)
            return
        except (OSError, UnicodeDecodeError) as exc:
            self.say(f"CANNOT READ {self.path.name}: {exc}", bad=True)
            return
        try:
            write_text_atomic(self.path, new)
        except OSError as exc:
            self.say(f"CANNOT WRITE {self.path.name}: {exc.strerror or exc}; NOTHING CHANGED", bad=True)
            return
        before = self.saved
        self.saved = parse_config(new, str(self.path))
        self.shown_games = (tuple(self.draft.games), tuple(self.draft.off))
        words = ", ".join(f"{k}: {v}" for k, v in changes.items())
        self.host.services.events.record("settings_changed", f"settings changed: {words}"[:300], changes=changes)
        for game in sorted({g for g, _ in before.rtp_variants} | {g for g, _ in self.saved.rtp_variants}):
            old, new_variant = before.variant_of(game), self.saved.variant_of(game)
            if old != new_variant:  # the operator's choice of a game's RTP: a line of its own
                self.host.services.events.record(
                    "rtp_variant", f"{game}: RTP variant {old or 'default'} -> {new_variant or 'default'}",
                    game=game, before=old, after=new_variant)
        self.host.on_settings(self.saved)
        self.say("SAVED TO KIOSK.YAML (LOGGED); GAMES AND START GAME APPLY AT THE NEXT START")

    # -- drawing ----------------------------------------------------------------------------------

    def first_row(self, frame: Frame) -> int:
        return max(0, self.cursor - (frame.rows() - 2))

    def regions(self, frame: Frame) -> list[Region]:
        first = self.first_row(frame)
        return [(tuple(frame.row(1 + i - first)), Press(Button.ITEM, i)) for i in range(first, len(self.rows()))
                if frame.row(1 + i - first).bottom <= frame.bottom]

    def draw(self, surface: pygame.Surface, frame: Frame) -> None:
        text = self.host.text
        draw_chrome(surface, frame, text, self.title, self.hint, message=self.message, bad=self.message_bad)
        if self.path is None:
            label(surface, text, "SETTINGS ARE THE KIOSK'S: RUN WITH --data-dir TO HAVE A KIOSK.YAML", frame.body,
                  RED, left=frame.margin, y=frame.row(0).centery)
            return
        pending = self.changes()
        label(surface, text, shown_path(self.path) + ("   (UNSAVED CHANGES)" if pending else ""), frame.body,
              GOLD if pending else DIM, left=frame.margin, y=frame.row(0).centery, width=frame.w - 2 * frame.margin)
        rows = self.rows()
        first = self.first_row(frame)
        colours = [TEXT if v != "OFF" else DIM for _, v in rows]
        draw_list(surface, frame, text, rows[first:], self.cursor - first, first=1, colours=colours[first:])
