"""Unpaid winnings of an incomplete game are discarded 24 months after it began, with a
record (Halloween Wins 3's "Additional Information"), on an injected clock.

An auto-completed round restarted before the deadline is credited as always; on or after
it the round is still completed, recorded with its replay and journaled, but its win is
not credited: the history says ``discarded`` and the notice says how much and why.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from cabinet.core.bet import Bet
from cabinet.core.loader import load_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.presentation.record_text import marks
from cabinet.services.ledger import GameRef, JournaledLedger, fingerprint_bytes
from cabinet.services.unpaid_winnings import add_months, discard_due, parse_started

ROOT = Path(__file__).resolve().parent.parent
DEFN = load_game("classic")
FINGERPRINT = fingerprint_bytes((ROOT / "games" / "classic.yaml").read_bytes())
BET = Bet(20, 1, 5)
START = 10_000
BEGAN = datetime(2024, 5, 1, 12, 30, 0, tzinfo=UTC)


def lookup(game_id: str) -> GameRef:
    return GameRef(DEFN, FINGERPRINT)


def winning_feature_seed() -> int:
    """A round with free spins that wins something (searched, not assumed)."""
    return next(s for s in range(20_000)
                if (r := play_round(DEFN, RoundRequest(BET, s))).features and r.total_win > 0)


def interrupted(folder: Path, seed: int) -> None:
    ledger = JournaledLedger.open(folder, clock=lambda: BEGAN, starting_credits=START)
    round_id = ledger.begin_round("classic", FINGERPRINT, RoundRequest(BET, seed), BET.total, DEFN.name)
    ledger.progress(round_id, 1)
    ledger.close()  # killed inside the feature


def restart(folder: Path, now: datetime) -> tuple[JournaledLedger, object]:
    ledger = JournaledLedger.open(folder, clock=lambda: now, starting_credits=START)
    return ledger, ledger.recover(play_round, lookup, auto_complete=True)


def test_calendar_months() -> None:
    assert add_months(BEGAN, 24) == datetime(2026, 5, 1, 12, 30, tzinfo=UTC)
    assert add_months(datetime(2024, 2, 29, tzinfo=UTC), 24) == datetime(2026, 2, 28, tzinfo=UTC)
    assert add_months(datetime(2024, 11, 30, tzinfo=UTC), 3) == datetime(2025, 2, 28, tzinfo=UTC)
    assert parse_started("not a time") is None and discard_due("", BEGAN) is None
    assert discard_due(BEGAN.isoformat(), datetime(2026, 5, 1, 12, 29, 59, tzinfo=UTC)) is None
    assert discard_due(BEGAN.isoformat(), datetime(2026, 5, 1, 12, 30, tzinfo=UTC)) is not None


def test_before_24_months_the_win_is_credited(tmp_path: Path) -> None:
    seed = winning_feature_seed()
    win = play_round(DEFN, RoundRequest(BET, seed)).total_win
    interrupted(tmp_path, seed)
    ledger, recovered = restart(tmp_path, datetime(2026, 4, 30, 23, 59, tzinfo=UTC))
    assert recovered.status == "auto_completed"  # type: ignore[attr-defined]
    assert ledger.credits == START - BET.total + win
    assert ledger.history.records[-1].outcome == "auto_completed"


def test_after_24_months_the_win_is_discarded_with_a_record(tmp_path: Path) -> None:
    seed = winning_feature_seed()
    result = play_round(DEFN, RoundRequest(BET, seed))
    interrupted(tmp_path, seed)
    ledger, recovered = restart(tmp_path, datetime(2026, 5, 2, tzinfo=UTC))
    assert ledger.credits == START - BET.total  # charged, never paid
    record = ledger.history.records[-1]
    assert record.outcome == "discarded" and record.win == 0
    assert record.steps and record.features == result.features  # the replay is kept
    assert record.request.seed == seed and record.time == BEGAN.isoformat()
    assert marks(record) == ["WIN DISCARDED (24 MONTHS)"]
    assert recovered.result.total_win == result.total_win  # type: ignore[attr-defined]
    assert any("discarded" in notice and "24 months" in notice for notice in ledger.notices)
    assert ledger.journal.pending() is None and ledger.open_round is None
    again, nothing = restart(tmp_path, datetime(2026, 6, 1, tzinfo=UTC))
    assert nothing is None and again.credits == START - BET.total  # settled once, for good
