"""The journaled ledger: the round lifecycle, and recovery from a crash at every point.

Crashes are simulated in-process: the ``os`` module seen by the services is wrapped
so that the k-th durable operation (an ``os.replace`` that commits an atomic write,
or an ``os.write`` that appends a journal record) raises ``Crash`` instead, leaving
the files exactly as a SIGKILL at that instant would (a journal write is torn in
half). ``Crash`` is a BaseException so no ordinary error handling runs, as with a kill.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from cabinet.core.bet import Bet
from cabinet.core.round import RoundRequest, RoundResult
from cabinet.services import atomic as atomic_module
from cabinet.services import journal as journal_module
from cabinet.services.history import HISTORY_NAME
from cabinet.services.journal import JOURNAL_NAME
from cabinet.services.ledger import (
    GameRef,
    InsufficientCredits,
    JournaledLedger,
    LedgerError,
    RoundSummary,
    fingerprint_bytes,
)
from cabinet.services.store import Malfunction

pytest.importorskip("cabinet.core.loader")
from cabinet.core.loader import load_game  # noqa: E402
from cabinet.core.round import play_round  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CLOCK = lambda: datetime(2024, 5, 1, 12, 30, 0, tzinfo=UTC)  # noqa: E731
BET = Bet(20, 1, 5)  # 1.00 at the default coin
START = 10_000
DEFN = load_game("classic")
FINGERPRINT = fingerprint_bytes((ROOT / "games" / "classic.yaml").read_bytes())


def spins_of(result: RoundResult) -> int:
    return sum(1 for e in result.events if e.kind == "spin_started")


def _first_free_spins_seed() -> int:
    """The game's tuning is still moving, so the feature round is found, not hard-coded."""
    for seed in range(10_000):
        if "free_spins" in play_round(DEFN, RoundRequest(BET, seed)).features:
            return seed
    raise AssertionError("classic never triggers free spins")


FREE_SPINS_SEED = _first_free_spins_seed()
FEATURE_ROUND = play_round(DEFN, RoundRequest(BET, FREE_SPINS_SEED))
WIN = FEATURE_ROUND.total_win  # what the feature round pays
SPINS = spins_of(FEATURE_ROUND)  # its base spin plus every free spin


def lookup(game_id: str) -> GameRef:
    assert game_id == "classic"
    return GameRef(DEFN, FINGERPRINT)


def open_ledger(folder: Path, **kwargs: Any) -> JournaledLedger:
    kwargs.setdefault("starting_credits", START)
    return JournaledLedger.open(folder, clock=CLOCK, **kwargs)


def present(ledger: JournaledLedger, round_id: int, result: RoundResult, from_step: int | None = None) -> None:
    """What the screen does: report each spin shown, then end the round."""
    first = 0 if from_step is None else from_step + 1
    for step in range(first, spins_of(result)):
        ledger.progress(round_id, step)
    ledger.end_round(round_id, RoundSummary.from_result(result))


def play(ledger: JournaledLedger, seed: int, bet: Bet = BET) -> tuple[int, RoundResult]:
    request = RoundRequest(bet, seed)
    result = play_round(DEFN, request)
    round_id = ledger.begin_round("classic", FINGERPRINT, request, result.cost, DEFN.name)
    present(ledger, round_id, result)
    return round_id, result


# --- the plain lifecycle -------------------------------------------------------------------------


def test_a_round_charges_pays_meters_and_records(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path)
    assert ledger.credits == START and ledger.meters.credits_in == START
    round_id, result = play(ledger, FREE_SPINS_SEED)
    assert (round_id, result.total_win, result.cost) == (1, WIN, 100)
    assert ledger.credits == START - 100 + WIN
    m = ledger.meters
    assert (m.total_bet, m.total_won, m.games_played, m.features, m.rounds_by_kind) == (
        100, WIN, 1, {"free_spins": 1}, {"spin": 1})  # fmt: skip
    assert ledger.balanced()
    (record,) = ledger.history.records
    assert (record.round_id, record.cost, record.win, record.credits_before, record.credits_after) == (
        1, 100, WIN, START, START - 100 + WIN)  # fmt: skip
    assert record.game_name == "Classic Fruits" and record.time == "2024-05-01T12:30:00+00:00"
    assert record.features == ("free_spins",) and len([s for s in record.steps if s["step"] == "spin"]) == SPINS > 1
    assert ledger.journal.pending() is None and ledger.open_round is None
    ledger.close()
    again = open_ledger(tmp_path)
    assert again.credits == START - 100 + WIN and again.notices == []
    assert again.recover(play_round, lookup) is None


def test_the_journal_has_the_round_before_the_store_charges_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = open_ledger(tmp_path)
    seen: list[str] = []
    real_save = ledger._store.save

    def spying_save(state: Any) -> None:
        lines = (tmp_path / JOURNAL_NAME).read_bytes().splitlines()
        seen.append(json.loads(lines[-1])["type"] if lines else "")
        real_save(state)

    monkeypatch.setattr(ledger._store, "save", spying_save)
    request = RoundRequest(BET, 5)
    ledger.begin_round("classic", FINGERPRINT, request, 100)
    assert seen == ["begin"]


def test_insufficient_credits_journal_nothing(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path, starting_credits=99)
    head = ledger.journal.last_seq
    with pytest.raises(InsufficientCredits):
        ledger.begin_round("classic", FINGERPRINT, RoundRequest(BET, 1), 100)
    assert ledger.journal.last_seq == head and ledger.credits == 99


def test_lifecycle_calls_are_checked(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path)
    request = RoundRequest(BET, 7)
    result = play_round(DEFN, request)
    rid = ledger.begin_round("classic", FINGERPRINT, request, 100)
    with pytest.raises(LedgerError, match="open"):
        ledger.begin_round("classic", FINGERPRINT, request, 100)
    with pytest.raises(LedgerError, match="round 9 is not the open round"):
        ledger.progress(9, 0)
    with pytest.raises(LedgerError, match="while round 1 is open"):
        ledger.add_credits(100)
    with pytest.raises(LedgerError, match="charged 100"):
        ledger.end_round(rid, replace(RoundSummary.from_result(result), cost=50))
    ledger.end_round(rid, RoundSummary.from_result(result))


def test_add_credits_and_cash_out_are_metered(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path, starting_credits=0)
    ledger.add_credits(2_500)
    play(ledger, 11)
    out = ledger.cash_out()
    m = ledger.meters
    assert ledger.credits == 0 and m.credits_in == 2_500 and m.credits_out == out
    assert ledger.balanced()
    with pytest.raises(ValueError):
        ledger.add_credits(-5)


def test_seeds_carry_on_across_a_restart(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path, session_seed=42)
    seeds = []
    for _ in range(3):
        seeds.append(ledger.next_seed())
        play(ledger, seeds[-1])
    ledger.close()
    again = open_ledger(tmp_path, session_seed=999)  # an existing store keeps its session seed
    seeds.append(again.next_seed())
    fresh = open_ledger(tmp_path / "other", session_seed=42)
    expected = []
    for _ in range(4):
        expected.append(fresh.next_seed())
        play(fresh, expected[-1])
    assert seeds == expected


def test_a_new_round_waits_for_recovery(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path)
    ledger.begin_round("classic", FINGERPRINT, RoundRequest(BET, 3), 100)
    ledger.close()  # the process dies here
    again = open_ledger(tmp_path)
    with pytest.raises(LedgerError, match="recover"):
        again.begin_round("classic", FINGERPRINT, RoundRequest(BET, 4), 100)
    with pytest.raises(LedgerError, match="recover"):
        again.add_credits(500)
    with pytest.raises(LedgerError, match="recover"):
        again.cash_out()
    assert again.recover(play_round, lookup) is not None


# --- crash injection -----------------------------------------------------------------------------


class Crash(BaseException):
    """A simulated kill: nothing after this point runs."""


@dataclass
class CrashPlan:
    crash_at: int | None = None  # index of the durable operation that is interrupted
    trace: list[str] = field(default_factory=list)  # labels of every durable operation

    def reached(self, label: str) -> bool:
        self.trace.append(label)
        return self.crash_at is not None and len(self.trace) - 1 == self.crash_at


class CrashingOs:
    """The ``os`` module, except that the planned durable operation is interrupted."""

    def __init__(self, plan: CrashPlan) -> None:
        self._plan = plan

    def __getattr__(self, name: str) -> Any:
        return getattr(os, name)

    def replace(self, src: Any, dst: Any) -> None:
        if self._plan.reached(f"replace {Path(dst).name}"):
            raise Crash
        os.replace(src, dst)

    def write(self, fd: int, data: Any) -> int:
        data = bytes(data)
        if self._plan.reached(f"journal {json.loads(data)['type']}"):
            os.write(fd, data[: len(data) // 2])  # the kill tears the line in half
            raise Crash
        return os.write(fd, data)


@contextmanager
def crashing(plan: CrashPlan) -> Iterator[None]:
    fake = CrashingOs(plan)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(atomic_module, "os", fake)
        mp.setattr(journal_module, "os", fake)
        yield


SCRIPT = (FREE_SPINS_SEED, 11, 12)  # a feature round, then two base rounds


@dataclass
class RunReport:
    recoveries: list[Any] = field(default_factory=list)


def run_session(folder: Path, report: RunReport) -> JournaledLedger:
    """A cabinet start: open, recover, then play the rest of SCRIPT."""
    ledger = open_ledger(folder, journal_max_records=12)
    recovered = ledger.recover(play_round, lookup)
    if recovered is not None:
        report.recoveries.append(recovered)
        if recovered.status == "resumed":
            assert recovered.result is not None
            present(ledger, recovered.round_id, recovered.result, recovered.resume_step)
    while ledger.next_round_id <= len(SCRIPT):
        play(ledger, SCRIPT[ledger.next_round_id - 1])
    return ledger


def final_state(folder: Path, ledger: JournaledLedger) -> dict[str, Any]:
    return {
        "credits": ledger.credits,
        "meters": ledger.meters.to_dict(),
        "history": [r.to_json() for r in ledger.history.records],
        "history_file": (folder / HISTORY_NAME).read_bytes(),
        "pending": ledger.journal.pending(),
        "open": ledger.state.open_round,
    }


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], list[str]]:
    folder = tmp_path_factory.mktemp("uninterrupted")
    plan = CrashPlan()
    with crashing(plan):
        ledger = run_session(folder, RunReport())
    state = final_state(folder, ledger)
    ledger.close()
    return state, plan.trace


def test_the_uninterrupted_run_is_what_we_expect(uninterrupted: tuple[dict[str, Any], list[str]]) -> None:
    state, trace = uninterrupted
    wins = [play_round(DEFN, RoundRequest(BET, s)).total_win for s in SCRIPT]
    assert state["credits"] == START - 300 + sum(wins)
    assert state["meters"]["games_played"] == 3 and state["pending"] is None and state["open"] is None
    # Order of durable writes in one round: journal first, then the store, history, journal end.
    first_round = trace[2 : 2 + 3]
    assert first_round == ["journal begin", "replace critical.a.json", "replace critical.b.json"]
    assert trace.count("journal progress") == SPINS + 1 + 1
    end = trace.index("journal end")
    assert trace[end - 3 : end] == ["replace critical.a.json", "replace critical.b.json", "replace history.json"]


def test_a_crash_at_any_durable_step_changes_nothing_in_the_end(
    tmp_path: Path, uninterrupted: tuple[dict[str, Any], list[str]]
) -> None:
    """Kill the cabinet at every durable operation of a 3-round session (one with free
    spins), restart it, and finish: the final credits, meters and history are identical
    to the uninterrupted run's, so no round was lost, charged twice or paid twice."""
    expected, trace = uninterrupted
    statuses: dict[str, int] = {}
    for k, label in enumerate(trace):
        folder = tmp_path / f"crash{k:03d}"
        plan = CrashPlan(crash_at=k)
        with crashing(plan), pytest.raises(Crash):
            ledger = run_session(folder, RunReport())
        report = RunReport()
        ledger = run_session(folder, report)
        got = final_state(folder, ledger)
        assert got == expected, f"crash at step {k} ({label})"
        assert ledger.balanced()
        assert not list(folder.glob("*.bad-*")), f"crash at step {k} ({label}) was taken for damage"
        for r in report.recoveries:
            statuses[r.status] = statuses.get(r.status, 0) + 1
            if r.status == "resumed":
                original = play_round(DEFN, RoundRequest(BET, SCRIPT[r.round_id - 1]))
                assert r.result.events == original.events  # the same reels, features and wins
        ledger.close()
    assert statuses.get("resumed", 0) >= 15 and statuses.get("finished", 0) >= 3, statuses


# --- named crash points --------------------------------------------------------------------------


def crash_then_restart(folder: Path, label: str, occurrence: int = 1) -> JournaledLedger:
    """Play SCRIPT's first round and crash at the given durable operation; return the restarted ledger."""
    probe = CrashPlan()
    with crashing(probe):
        ledger = open_ledger(folder / "probe")
        play(ledger, FREE_SPINS_SEED)
        ledger.close()
    indices = [i for i, seen in enumerate(probe.trace) if seen == label]
    plan = CrashPlan(crash_at=indices[occurrence - 1])
    with crashing(plan), pytest.raises(Crash):
        ledger = open_ledger(folder)
        play(ledger, FREE_SPINS_SEED)
    return open_ledger(folder)


def test_crash_after_begin_before_the_charge_charges_once_and_resumes(tmp_path: Path) -> None:
    ledger = crash_then_restart(tmp_path, "replace critical.a.json", occurrence=2)
    assert ledger.credits == START  # the charge never reached the store
    recovered = ledger.recover(play_round, lookup)
    assert recovered is not None and recovered.status == "resumed" and recovered.resume_step is None
    assert ledger.credits == START - 100 and ledger.meters.games_played == 1
    assert recovered.message == "round restored"
    present(ledger, recovered.round_id, recovered.result)  # type: ignore[arg-type]
    assert ledger.credits == START - 100 + WIN and ledger.balanced()


def test_crash_after_progress_resumes_from_the_last_step_shown(tmp_path: Path) -> None:
    ledger = crash_then_restart(tmp_path, "journal progress", occurrence=7)  # step 6 torn: 5 was the last
    assert ledger.credits == START - 100
    recovered = ledger.recover(play_round, lookup)
    assert recovered is not None and recovered.status == "resumed" and recovered.resume_step == 5
    assert recovered.result == play_round(DEFN, RoundRequest(BET, FREE_SPINS_SEED))
    assert ledger.credits == START - 100  # not charged again
    present(ledger, recovered.round_id, recovered.result, recovered.resume_step)  # type: ignore[arg-type]
    assert ledger.credits == START - 100 + WIN and ledger.meters.games_played == 1


def test_crash_after_the_store_paid_before_history_and_journal_end(tmp_path: Path) -> None:
    ledger = crash_then_restart(tmp_path, "replace history.json")
    assert ledger.credits == START - 100 + WIN  # paid
    recovered = ledger.recover(play_round, lookup)
    assert recovered is not None and recovered.status == "finished"
    assert ledger.credits == START - 100 + WIN  # never paid twice
    assert [r.round_id for r in ledger.history.records] == [1]
    assert ledger.history.records[0].win == WIN
    assert ledger.journal.pending() is None and ledger.meters.total_won == WIN


def test_crash_after_history_before_the_journal_end(tmp_path: Path) -> None:
    ledger = crash_then_restart(tmp_path, "journal end")
    recovered = ledger.recover(play_round, lookup)
    assert recovered is not None and recovered.status == "finished"
    assert ledger.credits == START - 100 + WIN
    assert len(ledger.history.records) == 1  # not recorded twice


def test_crash_between_the_two_store_copies_of_the_payment(tmp_path: Path) -> None:
    ledger = crash_then_restart(tmp_path, "replace critical.b.json", occurrence=3)
    assert ledger.credits == START - 100 + WIN and ledger.notices == []  # copy A is newer: not damage
    recovered = ledger.recover(play_round, lookup)
    assert recovered is not None and recovered.status == "finished" and ledger.credits == START - 100 + WIN


# --- recovery variants ---------------------------------------------------------------------------


def interrupted_free_spins(folder: Path, steps: int = 4) -> JournaledLedger:
    ledger = open_ledger(folder)
    request = RoundRequest(BET, FREE_SPINS_SEED)
    rid = ledger.begin_round("classic", FINGERPRINT, request, 100, DEFN.name)
    for step in range(steps):
        ledger.progress(rid, step)
    ledger.close()  # killed inside the free spins
    return open_ledger(folder)


def test_auto_complete_credits_at_once_and_records_it(tmp_path: Path) -> None:
    ledger = interrupted_free_spins(tmp_path)
    recovered = ledger.recover(play_round, lookup, auto_complete=lambda defn: defn.id == "classic")
    assert recovered is not None and recovered.status == "auto_completed"
    assert ledger.credits == START - 100 + WIN and ledger.open_round is None
    assert recovered.record is not None and recovered.record.outcome == "auto_completed"
    assert ledger.history.records[-1].outcome == "auto_completed"
    assert ledger.journal.pending() is None
    assert open_ledger(tmp_path).recover(play_round, lookup) is None


def test_a_changed_definition_voids_the_round_and_returns_the_bet(tmp_path: Path) -> None:
    ledger = interrupted_free_spins(tmp_path)
    recovered = ledger.recover(play_round, lambda game_id: GameRef(DEFN, "0" * 64))
    assert recovered is not None and recovered.status == "voided"
    assert "changed since the round began" in recovered.message and "bet was returned" in recovered.message
    m = ledger.meters
    assert ledger.credits == START and (m.games_played, m.total_bet, m.voided) == (0, 0, 1)
    assert ledger.balanced() and ledger.history.records[-1].outcome == "voided"


def test_a_missing_game_voids_the_round(tmp_path: Path) -> None:
    ledger = interrupted_free_spins(tmp_path)

    def gone(game_id: str) -> GameRef:
        raise FileNotFoundError(game_id)

    recovered = ledger.recover(play_round, gone)
    assert recovered is not None and recovered.status == "voided" and "cannot be loaded" in recovered.message
    assert ledger.credits == START


def test_a_charged_round_the_journal_lost_is_refunded(tmp_path: Path) -> None:
    ledger = interrupted_free_spins(tmp_path)
    ledger.close()
    path = tmp_path / JOURNAL_NAME
    lines = path.read_bytes().split(b"\n")
    lines[0] = b"#" + lines[0]  # damage the round's begin record
    path.write_bytes(b"\n".join(lines))
    ledger = open_ledger(tmp_path)
    assert any("kept aside" in n for n in ledger.notices)
    with pytest.raises(LedgerError, match="recover"):  # the store still has the charge open
        ledger.begin_round("classic", FINGERPRINT, RoundRequest(BET, 4), 100)
    recovered = ledger.recover(play_round, lookup)
    assert recovered is not None and recovered.status == "voided" and "no longer holds it" in recovered.message
    assert ledger.credits == START and ledger.meters.voided == 1 and ledger.balanced()
    play(ledger, 11)  # play goes on, with sequence numbers that do not reuse the lost ones
    assert ledger.journal.last_seq > ledger.state.journal_head - 1


def test_a_stale_journal_round_is_closed_without_money(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path)
    play(ledger, 11)
    journal_after_round_1_began = (tmp_path / JOURNAL_NAME).read_bytes().split(b"\n")[0] + b"\n"
    play(ledger, 12)
    credits = ledger.credits
    ledger.close()
    (tmp_path / JOURNAL_NAME).write_bytes(journal_after_round_1_began)  # a journal restored from long ago
    again = open_ledger(tmp_path)
    recovered = again.recover(play_round, lookup)
    assert recovered is not None and recovered.status == "stale"
    assert again.credits == credits and len(again.history.records) == 2


def test_a_damaged_store_copy_is_reported_and_both_are_a_malfunction(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path)
    play(ledger, 11)
    credits = ledger.credits
    ledger.close()
    (tmp_path / "critical.b.json").write_bytes(b"{")
    again = open_ledger(tmp_path)
    assert again.credits == credits
    assert len(again.notices) == 1 and "critical.b.json was not valid JSON" in again.notices[0]
    again.close()
    (tmp_path / "critical.a.json").write_bytes(b"")
    (tmp_path / "critical.b.json").write_bytes(b"")
    with pytest.raises(Malfunction):
        open_ledger(tmp_path)


def test_a_journal_cut_short_is_reported_and_kept_aside(tmp_path: Path) -> None:
    """Truncated mid-file (not a torn last line): records the store saw are gone, which must
    not pass silently; the file as found is kept aside, money stays with the store."""
    ledger = open_ledger(tmp_path)
    for seed in (11, 12, 13):
        play(ledger, seed)
    credits, head = ledger.credits, ledger.state.journal_head
    ledger.close()
    path = tmp_path / JOURNAL_NAME
    whole = path.read_bytes()
    cut = whole[: len(whole) // 2]
    path.write_bytes(cut)
    again = open_ledger(tmp_path)
    assert len(again.notices) == 1 and f"critical store saw record {head}" in again.notices[0]
    kept = [p for p in tmp_path.glob(JOURNAL_NAME + ".bad-*") if not p.name.endswith(".why")]
    assert len(kept) == 1 and kept[0].read_bytes() == cut  # exactly as found, torn tail and all
    assert again.credits == credits and again.balanced()
    play(again, 14)  # play goes on; numbering carries on past what the store saw
    assert again.journal.last_seq > head
    again.close()
    assert not open_ledger(tmp_path).notices  # reported once


def test_a_deleted_journal_is_reported(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path)
    play(ledger, 11)
    ledger.close()
    (tmp_path / JOURNAL_NAME).unlink()
    again = open_ledger(tmp_path)
    assert len(again.notices) == 1 and "journal is missing" in again.notices[0]
    assert again.credits == ledger.credits


def test_both_store_copies_missing_after_play_is_a_malfunction(tmp_path: Path) -> None:
    """Not a new cabinet: starting afresh would replace the credit meter with a demo balance
    and reuse round numbers and seeds."""
    ledger = open_ledger(tmp_path)
    play(ledger, 11)
    ledger.close()
    for name in ("critical.a.json", "critical.b.json"):
        (tmp_path / name).unlink()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(Malfunction, match="missing, but journal.log and history.json show"):
        open_ledger(tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before  # nothing created or changed


def test_many_rounds_with_compaction_stay_consistent(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path, journal_max_records=8, history_size=10)
    total_win = 0
    for seed in range(100, 130):
        _, result = play(ledger, seed)
        total_win += result.total_win
    assert ledger.credits == START - 30 * 100 + total_win and ledger.balanced()
    assert ledger.journal.record_count <= 8 and len(ledger.history.records) == 10
    ledger.close()
    again = open_ledger(tmp_path, journal_max_records=8, history_size=10)
    assert again.notices == [] and again.credits == ledger.credits
    assert again.journal.last_seq >= again.state.journal_head


# --- decisions -----------------------------------------------------------------------------------


def play_with_a_choice(defn: Any, request: RoundRequest) -> RoundResult:
    """A stand-in for a game whose round waits for one player choice before it completes."""
    result = play_round(defn, replace(request, decisions=()))
    if not request.decisions:
        return replace(result, request=request, awaiting="pick")
    bonus = 10 if request.decisions[0] == "left" else 20
    return replace(result, request=request, total_win=result.total_win + bonus)


def test_decisions_are_journaled_and_replayed_on_recovery(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path)
    request = RoundRequest(BET, 11)
    first = play_with_a_choice(DEFN, request)
    assert first.awaiting == "pick"
    with pytest.raises(LedgerError, match="awaits a decision"):
        RoundSummary.from_result(first)
    rid = ledger.begin_round("classic", FINGERPRINT, request, first.cost)
    ledger.decision(rid, "right")
    ledger.close()  # killed before the choice's outcome was paid

    again = open_ledger(tmp_path)
    recovered = again.recover(play_with_a_choice, lookup)
    assert recovered is not None and recovered.status == "resumed"
    assert recovered.request == replace(request, decisions=("right",))
    assert recovered.result is not None and recovered.result.awaiting is None
    again.end_round(rid, RoundSummary.from_result(recovered.result))
    assert again.credits == START - 100 + first.total_win + 20
    assert again.history.records[-1].request.decisions == ("right",)


def test_auto_complete_makes_the_choices_from_a_seeded_stream(tmp_path: Path) -> None:
    outcomes = []
    for attempt in range(2):
        folder = tmp_path / str(attempt)
        ledger = open_ledger(folder)
        request = RoundRequest(BET, 11)
        ledger.begin_round("classic", FINGERPRINT, request, 100)
        ledger.close()
        again = open_ledger(folder)
        recovered = again.recover(
            play_with_a_choice, lookup, auto_complete=True, choose=lambda result, rng: ("left", "right")[rng.below(2)]
        )
        assert recovered is not None and recovered.status == "auto_completed"
        assert recovered.request is not None and len(recovered.request.decisions) == 1
        assert again.journal.pending() is None and again.balanced()
        outcomes.append((recovered.request.decisions, again.credits))
    assert outcomes[0] == outcomes[1]  # reproducible "random" choices


def test_auto_complete_without_a_chooser_leaves_the_choice_to_the_player(tmp_path: Path) -> None:
    ledger = open_ledger(tmp_path)
    ledger.begin_round("classic", FINGERPRINT, RoundRequest(BET, 11), 100)
    ledger.close()
    again = open_ledger(tmp_path)
    recovered = again.recover(play_with_a_choice, lookup, auto_complete=True)
    assert recovered is not None and recovered.status == "resumed" and recovered.result.awaiting == "pick"  # type: ignore[union-attr]
