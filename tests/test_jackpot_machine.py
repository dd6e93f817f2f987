"""The machine's side of issue 35's items 8 and 9: the kiosk's jackpot pools and the games' collection
meters, kept exactly in the critical store and settled in the save that pays a round. Real SIGKILLs
between the win and its pay, and between the pay and its records, lose nothing and pay nothing twice."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import Bet
from cabinet.core.loader import load_definition
from cabinet.machine.session import DiskLedger, GameSession, MemoryLedger
from cabinet.services.jackpot_pool import KeptState, Pool, RoundKeeps
from cabinet.services.ledger import JournaledLedger
from cabinet.services.store import CriticalState

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "games" / "jackpot"
LINE = GAMES / "toy-jackpot-line.yaml"
DRAW = GAMES / "toy-jackpot-draw.yaml"
COLLECT = GAMES / "toy-collection.yaml"
HIT = (1, 0, 2)  # the line toy's stops showing W W W on the top line
MISS = (0, 0, 2)


# --- the pool's arithmetic -----------------------------------------------------------------------------


def test_contributions_finer_than_the_minor_unit_are_kept_exactly() -> None:
    pool = Pool(seed=100, reset=50, value=Fraction(100), funded=100)
    for _ in range(3):
        pool.contribute(Fraction(1, 3))
    assert pool.value == 101 and pool.shown == 101 and pool.balanced()
    pool.contribute(Fraction(1, 2))
    assert pool.hit() == 101  # whole minor units paid ...
    assert pool.value == 50 + Fraction(1, 2)  # ... the fraction left starts the next pool
    assert pool.balanced() and (pool.hits, pool.paid, pool.funded) == (1, 101, 150)


def test_past_the_cap_contributions_go_to_the_reserve_that_tops_up_the_next_pool() -> None:
    pool = Pool(seed=90, reset=40, cap=100, value=Fraction(90), funded=90)
    pool.contribute(Fraction(25))
    assert (pool.value, pool.reserve) == (100, 15)
    assert pool.hit() == 100
    assert (pool.value, pool.reserve) == (55, 0) and pool.balanced()
    pool.contribute(Fraction(80))
    assert (pool.value, pool.reserve) == (100, 35)
    pool.hit()
    assert (pool.value, pool.reserve) == (75, 0) and pool.balanced()


def test_the_kept_state_round_trips_and_an_old_store_reads_without_it() -> None:
    kept = KeptState()
    kept.settle(RoundKeeps((("p", Fraction(7, 3), 10, 5, 0),), ("p",), (("collection", 3),)), game_id="g",
                bet_total=20)
    state = CriticalState(credits=5, kept=kept)
    again = CriticalState.from_dict(state.to_dict())
    assert again.kept.to_dict() == kept.to_dict() and again.kept.pools["p"].value == 5 + Fraction(1, 3)
    plain = CriticalState(credits=5).to_dict()
    assert "kept" not in plain and CriticalState.from_dict(plain).kept.to_dict() == KeptState().to_dict()
    bad = state.to_dict()
    bad["kept"]["pools"]["p"]["paid"] = 1
    with pytest.raises(ValueError, match="does not balance"):
        CriticalState.from_dict(bad)


# --- sessions -----------------------------------------------------------------------------------------


def test_every_game_of_the_kiosk_feeds_and_wins_the_same_pool() -> None:
    ledger = MemoryLedger(100_000)
    line = GameSession(load_definition(LINE), ledger=ledger, seed=1)
    draw = GameSession(load_definition(DRAW), ledger=ledger, seed=2)
    line.set_bet(Bet(2, 1, 10))
    assert line.jackpot_values() == {"toy_pool": 1000}  # the seed, before any round fed it
    line.begin_round(script=MISS)
    line.finish_round()
    draw.begin_round(script=(0, 0, 0, 5))  # the draw game feeds toy_pool 1% of 10 and its gems pool
    draw.finish_round()
    assert ledger.kept.pools["toy_pool"].value == 1000 + Fraction(3, 5) + Fraction(1, 10)
    credits = ledger.credits
    result = line.begin_round(script=HIT)
    assert line.jackpot_won() == {"toy_pool": 1001}  # 1000.7 + this round's 0.6, whole units
    line.finish_round()
    assert ledger.credits == credits - 20 + result.total_win + 1001
    pool = ledger.kept.pools["toy_pool"]
    assert (pool.hits, pool.paid, pool.value) == (1, 1001, 500 + Fraction(3, 10)) and pool.balanced()
    assert ledger.balanced()


def test_the_meter_is_carried_from_round_to_round_per_bet_and_survives_a_restart(tmp_path: Path) -> None:
    defn = load_definition(COLLECT)
    ledger = JournaledLedger.open(tmp_path, starting_credits=10_000)
    session = GameSession(defn, ledger=DiskLedger(ledger), seed=3)
    result = session.begin_round(script=(1, 2, 0))  # C C C
    assert result.request.carried == (("collection", 0),)
    session.finish_round()
    ledger.close()
    again = JournaledLedger.open(tmp_path)
    session = GameSession(defn, ledger=DiskLedger(again), seed=3)
    assert session.carried_in() == (("collection", 3),)
    result = session.begin_round(script=(1, 0, 1))  # one C: the meter fills at 4 and pays 3 x the bet
    assert result.total_win == 3 * session.bet.total and result.carried == (("collection", 0),)
    session.finish_round()
    assert again.kept.carried_for(defn.id, session.bet.total, ("collection",)) == (("collection", 0),)
    again.close()


# --- real kills -----------------------------------------------------------------------------------------

CHILD = textwrap.dedent("""
    import os, sys, time
    from cabinet.core.loader import load_definition
    from cabinet.machine.session import DiskLedger, GameSession
    from cabinet.services.ledger import JournaledLedger
    from cabinet.core.bet import Bet
    folder, game, stop_at = sys.argv[1], sys.argv[2], sys.argv[3]
    scripts = [tuple(int(x) for x in s.split(",")) for s in sys.argv[4:]]
    ledger = JournaledLedger.open(folder, starting_credits=100_000, session_seed=5)
    session = GameSession(load_definition(game), ledger=DiskLedger(ledger), seed=5)
    session.set_bet(Bet(2, 1, 10)) or session.set_bet(Bet(1, 1, 10))
    for i, script in enumerate(scripts):
        session.begin_round(script=script)
        if i == len(scripts) - 1 and stop_at == "won":
            print("WON", flush=True)
            time.sleep(60)
        session.finish_round()
    print("PAID", flush=True)
    time.sleep(60)
""")


def _state_after_recovery(folder: Path, game: Path = LINE) -> tuple[int, dict, int]:
    defn = load_definition(game)
    ledger = JournaledLedger.open(folder)
    session = GameSession(defn, ledger=DiskLedger(ledger), seed=5)
    recovered = session.recover()
    if recovered is not None and recovered.status == "resumed":
        session.finish_round()
    kept = ledger.kept.to_dict()
    out = (ledger.credits, kept, ledger.meters.total_won)
    assert ledger.balanced() and all(p.balanced() for p in ledger.kept.pools.values())
    ledger.close()
    return out


def _killed_at(folder: Path, stop_at: str, game: Path = LINE, scripts: tuple[tuple[int, ...], ...] = (MISS, HIT)
               ) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = [",".join(map(str, s)) for s in scripts]
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), str(game), stop_at, *args],
                            stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert line == ("WON" if stop_at == "won" else "PAID")


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, dict, int]:
    """The child's two rounds played in this process, nobody killing anything."""
    folder = tmp_path_factory.mktemp("reference")
    ledger = JournaledLedger.open(folder, starting_credits=100_000, session_seed=5)
    session = GameSession(load_definition(LINE), ledger=DiskLedger(ledger), seed=5)
    session.set_bet(Bet(2, 1, 10))
    for script in (MISS, HIT):
        session.begin_round(script=script)
        session.finish_round()
    ledger.close()
    return _state_after_recovery(folder)


@pytest.mark.parametrize("stop_at", ["won", "paid"])
def test_a_kill_between_the_win_and_its_pay_loses_nothing_and_pays_nothing_twice(
    tmp_path: Path, stop_at: str, uninterrupted: tuple[int, dict, int]
) -> None:
    expected = uninterrupted
    killed = tmp_path / "killed"
    _killed_at(killed, stop_at)
    assert _state_after_recovery(killed) == expected
    assert _state_after_recovery(killed) == expected  # a second start changes nothing
    credits, kept, _ = expected
    assert kept["pools"]["toy_pool"]["hits"] == 1 and kept["pools"]["toy_pool"]["paid"] == 1001


def test_a_kill_while_a_full_meter_pays_loses_nothing_and_pays_once(tmp_path: Path) -> None:
    scripts = ((1, 2, 0), (1, 0, 1))  # C C C, then one C: the meter fills at 4
    reference = tmp_path / "reference"
    ledger = JournaledLedger.open(reference, starting_credits=100_000, session_seed=5)
    session = GameSession(load_definition(COLLECT), ledger=DiskLedger(ledger), seed=5)
    for script in scripts:
        session.begin_round(script=script)
        session.finish_round()
    ledger.close()
    expected = _state_after_recovery(reference, COLLECT)
    killed = tmp_path / "killed"
    _killed_at(killed, "won", COLLECT, scripts)
    assert _state_after_recovery(killed, COLLECT) == expected
    credits, kept, won = expected
    assert won == 3 * 10 and list(kept["meters"].values()) == [0]
