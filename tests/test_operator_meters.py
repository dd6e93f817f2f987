"""The operator's meters equal what the history adds up to, per game and in total, after a seeded run.

Three games share one data folder (as in a kiosk's lobby): each round goes through the
session and the journaled ledger as in play, the operator services fold the audit after
every round, and the test sums every history record it saw. A period reset half way, top-ups
between rounds and a reopen of the folder are part of the run.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cabinet.core.loader import load_game, resolve_game
from cabinet.kiosk.operator import OperatorServices
from cabinet.machine.startup import open_cabinet
from cabinet.services.audit import Audit, Counters
from cabinet.services.history import HistoryRecord

GAMES = ("classic", "happy-riches", "lucky-christmas")


@pytest.fixture
def fast_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder in RAM when the machine has one: the run fsyncs every record, as the cabinet does."""
    if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
        with tempfile.TemporaryDirectory(dir="/dev/shm") as folder:
            yield Path(folder)
    else:
        yield tmp_path


def sums(records: list[HistoryRecord], previous_after: int, *, first: bool = False) -> Counters:
    """The history's own account, written out plainly (not through Counters.fold); ``first``: the
    records start the folder, so the first gap is the new cabinet's demo balance, apart."""
    out = Counters()
    after = previous_after
    for i, r in enumerate(records):
        gap = r.credits_before - after
        if first and i == 0:
            out.demo_credits += max(gap, 0)
        else:
            out.credits_added += max(gap, 0)
        after = r.credits_after
        if r.outcome == "voided":
            out.voided += 1
            continue
        out.games_played += 1
        out.total_bet += r.cost
        out.total_won += r.win
        out.hits += r.win > 0
        for name in r.features:
            out.features[name] = out.features.get(name, 0) + 1
    return out


def play_run(folder: Path, rounds: int) -> None:
    seen: list[HistoryRecord] = []
    per_game = rounds // len(GAMES)
    reset_at = per_game * len(GAMES) // 2
    services = OperatorServices(folder)
    reset_seen = 0
    for turn, game_id in enumerate(GAMES):
        defn = load_game(resolve_game(game_id))
        opened = open_cabinet(defn, folder, seed=20261203, start_credits=10_000_000)
        session = opened.session
        assert session is not None
        services.opened(opened, session)
        for i in range(per_game):
            if i % 97 == 13:
                session.add_credits(12_345)  # a top-up between rounds: the next round shows it
            result = session.begin_round()
            assert result.awaiting is None
            session.finish_round()
            assert session.last_record is not None
            seen.append(session.last_record)
            if len(seen) == reset_at:
                services.audit.reset_period()
                reset_seen = len(seen)
        ledger_meters = session.meters
        session.ledger.close()
        if turn == 1:  # the next game opens on a fresh process's view of the folder
            services.events.close()
            services = OperatorServices(folder)

    audit = Audit.open(folder)  # what the file says, read back
    assert audit.problem is None
    for game_id in GAMES:
        mine = [r for r in seen if r.game_id == game_id]
        game = audit.games[game_id]
        # credits added are gaps between consecutive records of the whole folder, put on the later game
        expected_master = _per_game(seen, game_id)
        _same(game.master, expected_master)
        expected_period = _per_game(seen, game_id, start=reset_seen)
        _same(game.period, expected_period)
        assert [r.round_id for r in game.recent_records()] == [r.round_id for r in reversed(mine[-10:])]
        largest = max((r for r in mine if r.win > 0), key=lambda r: (r.win, -r.round_id))
        assert game.master.largest_record() == largest
    total = audit.total("master")
    # the critical store's meters (kept by another path) agree with the audit's total
    assert total.games_played == ledger_meters.games_played == len(seen)
    assert total.total_bet == ledger_meters.total_bet
    assert total.total_won == ledger_meters.total_won
    assert total.credits_added + total.demo_credits == ledger_meters.credits_in
    assert total.demo_credits == 10_000_000  # the new folder's demo balance, apart from the top-ups
    assert total.features == ledger_meters.features
    rtp = total.rtp
    band = total.rtp_band()
    assert rtp is not None and band is not None and band[0] < float(rtp) < band[1]


def _per_game(seen: list[HistoryRecord], game_id: str, start: int = 0) -> Counters:
    out = Counters()
    after = seen[start - 1].credits_after if start else 0
    for r in seen[start:]:
        part = sums([r], after, first=r is seen[0])
        after = r.credits_after
        if r.game_id == game_id:
            out = out.add(part)
    return out


def _same(got: Counters, expected: Counters) -> None:
    for name in ("games_played", "total_bet", "total_won", "credits_added", "demo_credits", "hits", "voided",
                 "features"):
        assert getattr(got, name) == getattr(expected, name), name


def test_meters_equal_history_sums_after_1000_seeded_rounds_on_3_games(fast_dir: Path) -> None:
    play_run(fast_dir, 1_000)


@pytest.mark.slow
def test_meters_equal_history_sums_after_10000_seeded_rounds_on_3_games(fast_dir: Path) -> None:
    play_run(fast_dir, 10_002)


def test_the_fold_counts_a_round_once_and_catches_up_what_it_missed(tmp_path: Path) -> None:
    defn = load_game(resolve_game("classic"))
    opened = open_cabinet(defn, tmp_path, seed=1, start_credits=1_000_000)
    session = opened.session
    assert session is not None
    for _ in range(5):  # played before any audit existed: the history still has them
        session.begin_round()
        session.finish_round()
    audit = Audit.open(tmp_path)
    assert audit.catch_up(session.recent(50)) == 5
    assert audit.catch_up(session.recent(50)) == 0  # nothing twice
    assert audit.games["classic"].master.games_played == 5
    session.ledger.close()


def test_a_damaged_audit_file_is_kept_aside_and_rebuilt_from_history(tmp_path: Path) -> None:
    audit = Audit.open(tmp_path)
    audit.save()
    (tmp_path / "audit.json").write_text('{"format": 1, "sha256": "0", "body": {}}')
    again = Audit.open(tmp_path)
    assert again.problem is not None and "kept aside" in again.problem
    assert list(tmp_path.glob("audit.json.bad-*"))
