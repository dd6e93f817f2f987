"""``cabinet kiosk export``: the meters and the event log as CSV files in a chosen folder (a USB
drive, say), for the operator's spreadsheet or an auditor.

``meters-<time>.csv``: one row per game and column (master, period) and the totals, with
games played, won and lost, total bet and won, credits in (ADD CREDITS), the demo balance
apart, credits out (COLLECT), the RTP, voided rounds and the largest win; amounts are plain
decimals of the game's currency (exact: written from integer minor units, never a float).
``events-<time>.csv``: every entry of the event log with its UTC and local time. Nothing in
the data folder is changed; each file is written whole, then renamed into place.
"""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cabinet.errors import CabinetError

METER_FIELDS = ("game", "name", "column", "currency", "games_played", "games_won", "games_lost", "total_bet",
                "total_won", "credits_in", "demo_balance", "credits_out", "rtp_percent", "voided",
                "largest_win", "largest_win_round", "period_since_utc")
EVENT_FIELDS = ("seq", "time_utc", "time_local", "kind", "label", "text")


def decimal(amount: int, minor_units: int) -> str:
    """Minor units as a plain decimal (``1234, 2`` -> ``12.34``), exactly."""
    sign = "-" if amount < 0 else ""
    major, minor = divmod(abs(int(amount)), 10**minor_units) if minor_units else (abs(int(amount)), 0)
    return f"{sign}{major}.{minor:0{minor_units}d}" if minor_units else f"{sign}{major}"


def _money_of(game_id: str | None) -> tuple[str, int]:
    if game_id is None:
        return "", 2
    try:
        from cabinet.services.session_ledger import load_game_ref

        defn = load_game_ref(game_id).definition
        return defn.bet.currency, defn.bet.minor_units
    except Exception:  # noqa: BLE001 - a game no longer installed: its meters still export
        return "", 2


def meter_rows(audit: Any) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    columns: list[tuple[str | None, str, str, Any]] = []
    for game_id, game in sorted(audit.games.items()):
        columns += [(game_id, game.game_name, "master", game.master), (game_id, game.game_name, "period", game.period)]
    columns += [(None, "ALL GAMES", "master", audit.total("master")), (None, "ALL GAMES", "period", audit.total("period"))]
    currencies = {_money_of(gid) for gid in audit.games}
    for game_id, name, column, c in columns:
        currency, units = _money_of(game_id) if game_id else (next(iter(currencies)) if len(currencies) == 1
                                                               else ("", 2))
        largest = c.largest_record()
        rtp = c.rtp
        rows.append({
            "game": game_id or "", "name": name, "column": column, "currency": currency,
            "games_played": str(c.games_played), "games_won": str(c.hits), "games_lost": str(c.games_lost),
            "total_bet": decimal(c.total_bet, units), "total_won": decimal(c.total_won, units),
            "credits_in": decimal(c.credits_added, units), "demo_balance": decimal(c.demo_credits, units),
            "credits_out": decimal(c.credits_out, units),
            "rtp_percent": f"{float(rtp) * 100:.4f}" if rtp is not None else "",
            "voided": str(c.voided),
            "largest_win": decimal(largest.win, units) if largest is not None else "",
            "largest_win_round": str(largest.round_id) if largest is not None else "",
            "period_since_utc": audit.period_started if column == "period" else "",
        })
    return rows


def event_rows(entries: list[Any]) -> list[dict[str, str]]:
    rows = []
    for e in entries:
        try:
            local = datetime.fromisoformat(e.time).astimezone().strftime("%Y-%m-%d %H:%M:%S %Z")
        except ValueError:
            local = ""
        rows.append({"seq": str(e.seq), "time_utc": e.time, "time_local": local, "kind": e.kind,
                     "label": e.label, "text": e.text})
    return rows


def _csv(fields: tuple[str, ...], rows: list[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def export(data_dir: Path, folder: Path, *, now: datetime | None = None) -> list[Path]:
    """Write both CSV files into ``folder``; the paths written."""
    from cabinet.services.atomic import write_text_atomic
    from cabinet.services.audit import AUDIT_NAME, Audit
    from cabinet.services.event_log import read_events

    if not (data_dir / AUDIT_NAME).exists() and not (data_dir / "events.log").exists():
        raise CabinetError(f"no meters or event log in {data_dir} (has a cabinet run on it?)")
    if not folder.is_dir():
        raise CabinetError(f"--to {folder}: no such folder (plug the drive in, or make the folder)")
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    try:
        audit = Audit.read(data_dir)
    except (OSError, ValueError) as exc:
        raise CabinetError(f"{data_dir / AUDIT_NAME} cannot be read ({exc}); nothing was exported") from None
    written = []
    for name, text in ((f"meters-{stamp}.csv", _csv(METER_FIELDS, meter_rows(audit))),
                       (f"events-{stamp}.csv", _csv(EVENT_FIELDS, event_rows(read_events(data_dir).entries)))):
        try:
            write_text_atomic(folder / name, text)
        except OSError as exc:
            raise CabinetError(f"cannot write {folder / name}: {exc.strerror or exc}") from None
        written.append(folder / name)
    return written
