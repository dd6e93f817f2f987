"""The audit as a floor operator reads it: every enabled game listed (zeros until played), credits
in with the demo balance apart, credits out, the credit meter, games won and lost, the RTP band
in words only where it means something, par as "X% (EXACT)", local times with the zone, rounds
today counted from the history across a restart, and `cabinet kiosk export` to CSV."""

from __future__ import annotations

import csv
import subprocess
import sys
from datetime import timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from cabinet.core.loader import load_game
from cabinet.kiosk.operator import OperatorServices, read_status
from cabinet.machine.startup import open_cabinet
from cabinet.presentation.scenes.operator import OperatorHost, OperatorMenu, common
from cabinet.presentation.scenes.operator.meters import MetersPage, band_text, expected_text, par_text
from cabinet.presentation.text import Text
from cabinet.services.audit import Counters

ROOT = Path(__file__).resolve().parent.parent


def played(folder: Path, rounds: int, *, game: str = "classic", top_up: int = 0) -> tuple[OperatorServices, Any]:
    services = OperatorServices(folder, config_path=folder / "kiosk.yaml", kiosk=True)
    opened = open_cabinet(load_game(game), folder, seed=7, start_credits=50_000)
    session = opened.session
    services.opened(opened, session)
    for i in range(rounds):
        if top_up and i == 1:
            session.add_credits(top_up)
        session.begin_round()
        session.finish_round()
    return services, session


def meters_page(services: OperatorServices, session: Any = None) -> MetersPage:
    host = OperatorHost(services=services, text=Text(), session=session, window=lambda: (640, 360))
    menu = OperatorMenu(host, entered=True)
    page = MetersPage(menu)
    menu.push(page)
    return page


def rows_of(page: MetersPage) -> dict[str, tuple[str, str]]:
    return {what: (m, p) for what, m, p, _ in page.rows()}


def test_every_enabled_game_is_listed_with_zeros(tmp_path: Path) -> None:
    (tmp_path / "kiosk.yaml").write_text("games: [classic, lucky-christmas, happy-riches]\n")
    services, session = played(tmp_path, 3)
    page = meters_page(services, session)
    assert page.games == ["classic", "happy-riches", "lucky-christmas"]
    page.choice = page.games.index("lucky-christmas") + 1
    rows = rows_of(page)
    assert page.game_name("lucky-christmas") == "LUCKY CHRISTMAS"
    assert rows["GAMES PLAYED"] == ("0", "0") and rows["TOTAL BET"] == ("€0.00", "€0.00")
    assert rows["RTP"] == ("-", "-") and rows["RTP 95% BAND"] == ("-", "-")


def test_credits_in_demo_balance_apart_out_the_meter_and_won_lost(tmp_path: Path) -> None:
    services, session = played(tmp_path, 5, top_up=2_000)
    page = meters_page(services, session)
    page.choice = 0  # all games
    rows = rows_of(page)
    master = services.audit.total("master")
    assert rows["DEMO BALANCE (A NEW CABINET'S)"][0] == "€500.00"
    assert rows["CREDITS IN (ADD CREDITS)"][0] == "€20.00"  # only the visitor's top-up
    assert rows["CREDITS OUT (COLLECT)"][0] == "€0.00"
    assert rows["GAMES WON / LOST"][0] == f"{master.hits} / {5 - master.hits}"
    assert rows["CREDIT METER NOW"][0] == page.host.money("classic", session.ledger.credits)
    assert not any(what.startswith("PAR") for what in rows)  # the par is per game, not "choose one"


@pytest.mark.parametrize(("counters", "words"), [
    (Counters(games_played=0), "-"),
    (Counters(games_played=5, total_bet=500, total_won=1500, hits=2, sum_win_sq=1_500_000, sum_win_bet=150_000,
              sum_bet_sq=50_000), "AFTER 30 GAMES"),
    (Counters(games_played=40, total_bet=4000, total_won=13_333, hits=3, sum_win_sq=13_000 ** 2,
              sum_win_bet=1_300_000, sum_bet_sq=400_000), "TOO WIDE YET"),  # one big win: a band below 0
])
def test_the_band_is_shown_only_where_it_means_something(counters: Counters, words: str) -> None:
    assert band_text(counters) == words


def test_a_meaningful_band_reads_between_a_and_b() -> None:
    c = Counters()
    for win in [0, 150, 0, 50, 100] * 20:  # 100 rounds of 1.00
        c.games_played += 1
        c.total_bet += 100
        c.total_won += win
        c.hits += win > 0
        c.sum_win_sq += win * win
        c.sum_win_bet += win * 100
        c.sum_bet_sq += 100 * 100
    low, high = c.rtp_band()  # type: ignore[misc]
    assert band_text(c) == f"BETWEEN {low * 100:.2f}% AND {high * 100:.2f}%" and 0 < low < 0.6 < high


def test_par_reads_as_a_percent_exact_and_expected_counts_have_their_figures(classic: Any) -> None:
    from cabinet.core.par import par

    words, value = par_text(par(classic))
    assert words.endswith("% (EXACT)") and value is not None
    assert expected_text(1, 0.0412) == "1 (EXPECTED 0.04)"
    assert expected_text(3, 2.46) == "3 (EXPECTED 2.5)" and expected_text(30, 31.2) == "30 (EXPECTED 31)"


def test_times_are_local_with_their_zone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(common.ZONE_SHOWN, "zone", timezone(timedelta(hours=-5), "EST"))
    assert common.local_time("2026-01-02T12:00:00+00:00") == "2026-01-02 07:00:00 EST"
    assert common.local_time("2026-01-02T12:00:00+00:00", seconds=False) == "2026-01-02 07:00 EST"


def test_rounds_today_come_from_the_history_after_a_restart(tmp_path: Path) -> None:
    services, session = played(tmp_path, 4)
    session.ledger.close()
    services.events.close()
    again = OperatorServices(tmp_path, kiosk=True)
    assert again.rounds_today == 4
    again.write_status()
    code, text = read_status(tmp_path)
    assert "rounds today     4" in text
    started = next(line for line in text.splitlines() if line.startswith("started"))
    assert "+00:00" not in started and started.rstrip()[-1].isalpha()  # local, with the zone's name


def test_cabinet_kiosk_export_writes_meters_and_events_as_csv(tmp_path: Path) -> None:
    data, drive = tmp_path / "data", tmp_path / "usb"
    data.mkdir()
    drive.mkdir()
    services, session = played(data, 6, top_up=2_000)
    services.power_up("kiosk started")
    session.ledger.close()
    services.events.close()
    done = subprocess.run([sys.executable, "-m", "cabinet", "kiosk", "export", "--data-dir", str(data),
                           "--to", str(drive)], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    meters = next(drive.glob("meters-*.csv"))
    events = next(drive.glob("events-*.csv"))
    rows = list(csv.DictReader(meters.open()))
    classic = next(r for r in rows if r["game"] == "classic" and r["column"] == "master")
    audit = services.audit.games["classic"].master
    assert classic["games_played"] == "6" and classic["demo_balance"] == "500.00"
    assert classic["credits_in"] == "20.00" and classic["currency"] == "EUR"
    assert classic["total_bet"] == f"{audit.total_bet // 100}.{audit.total_bet % 100:02d}"
    assert int(classic["games_won"]) + int(classic["games_lost"]) == 6
    assert any(r["name"] == "ALL GAMES" for r in rows)
    kinds = [r["kind"] for r in csv.DictReader(events.open())]
    assert "power_up" in kinds
    missing = subprocess.run([sys.executable, "-m", "cabinet", "kiosk", "export", "--data-dir", str(data),
                              "--to", str(tmp_path / "no-drive")], capture_output=True, text=True, timeout=120,
                             cwd=ROOT)
    assert missing.returncode != 0 and "no such folder" in missing.stderr


def test_collect_pays_out_the_credit_meter_counted_as_credits_out_and_logged(tmp_path: Path) -> None:
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.scenes.operator.meters import COLLECT

    services, session = played(tmp_path, 3, top_up=2_000)
    session.add_credits(1_000)  # a top-up after the last round, before the collect
    meter = session.ledger.credits
    page = meters_page(services, session)
    page.act(COLLECT)
    assert page.confirming == COLLECT
    page.handle(Press(Button.BACK))
    assert session.ledger.credits == meter and page.message == "NOTHING WAS COLLECTED"
    page.act(COLLECT)
    page.handle(Press(Button.CONFIRM))
    assert session.ledger.credits == 0 and session.meters.credits_out == meter
    master = services.audit.games["classic"].master
    assert master.credits_out == meter and master.credits_added == 3_000  # both top-ups, once each
    assert master.demo_credits == 50_000
    logged = services.events.newest(kinds=["collect"])[0]
    assert logged.data == {"amount": meter, "game": "classic"}
    page.choice = 0
    assert rows_of(page)["CREDITS OUT (COLLECT)"][0] == page.host.money("classic", meter)
    assert rows_of(page)["CREDIT METER NOW"][0] == "€0.00"
    page.act(COLLECT)
    assert page.message_bad and "EMPTY" in page.message
    # Play on after a collect: the next round counts only what was added after it.
    session.add_credits(5_000)
    session.begin_round()
    session.finish_round()
    services.audit.catch_up(session.recent(5))
    assert master.credits_added == 8_000 and master.credits_out == meter
