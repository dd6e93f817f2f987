"""The kill test: a headless scripted session killed with SIGKILL at random moments,
started again until its script ends, finishes in exactly the state of a run nobody
killed (credits, every meter, every history record).

The game is Classic with a paid respin added (so respin rounds are killed too); the
seed is searched once so that the very first round and a later one trigger free
spins, and the script (paced entries: ``cabinet/headless.py``) mixes spins, respins,
bet changes and a credit top-up. Kills come in two kinds, at random:

- during start-up or recovery: a random fraction of a start-up's duration;
- mid-play: as soon as the journal has moved (a round began, the screen showed a
  spin), plus a random extra delay, so they land inside rounds, inside free spins
  and inside respins; the journal read after each kill says where it landed.

Each "lap" is one data folder played to the end; laps repeat until enough kills have
been made, and every lap must end in the reference state.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.loader import load_definition
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.services.history import decode_history
from cabinet.services.journal import RecordError, decode_record, request_from_dict

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = """\
- {press: SPIN}
- {press: RESPIN_3}
- {press: SPIN}
- {press: RESPIN_2}
- {press: SPIN}
- {press: RESPIN_4}
- {press: BET_MINUS}
- {press: SPIN}
- {press: RESPIN_1}
- {press: ADD_CREDITS}
- {press: MAX_BET}
- {press: SPIN}
- {press: RESPIN_5}
- {press: SPIN}
- {press: RESPIN_3}
"""
LATER_FEATURE = (2, 4, 6, 8, 10, 12)  # spin rounds after the first (odd rounds are respins)
CREDITS = "100"  # a fresh data folder starts with 100.00; ADD CREDITS adds as much again


@dataclass
class Tally:
    kills: int = 0
    startup_kills: int = 0
    mid_round: int = 0
    in_free_spins: int = 0
    in_respin: int = 0
    laps: int = 0
    runs: int = 0
    seconds: float = 0.0
    where: list[str] = field(default_factory=list)


@pytest.fixture(scope="module")
def kill_setup(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("kill")
    text = (ROOT / "games" / "classic.yaml").read_text(encoding="utf-8")
    game = folder / "classic-respin.yaml"
    game.write_text(text.replace("features:\n", "features:\n  - {type: paid_respin, price_rtp: '95%'}\n"),
                    encoding="utf-8")
    defn = load_definition(game)
    bet = default_bet(defn)

    def triggers(seed: int, index: int) -> bool:  # stops, hence triggers, do not depend on the bet
        return bool(play_round(defn, RoundRequest(bet, derive_seed(seed, index))).features)

    seed = next(s for s in range(20_000) if triggers(s, 0) and any(triggers(s, i) for i in LATER_FEATURE))
    script = folder / "script.yaml"
    script.write_text(SCRIPT, encoding="utf-8")
    t0 = time.perf_counter()
    ref_dir = folder / "reference"
    reference = run_to_end(command(game, script, seed, ref_dir))
    reference_seconds = time.perf_counter() - t0
    t0 = time.perf_counter()
    run_to_end(command(game, script, seed, folder / "startup") + ["--frames", "0"])
    startup = time.perf_counter() - t0
    return {"folder": folder, "game": game, "defn": defn, "script": script, "seed": seed, "reference": reference,
            "history": history_rows(ref_dir), "startup": startup, "reference_seconds": reference_seconds}


def command(game: Path, script: Path, seed: int, data_dir: Path) -> list[str]:
    return [sys.executable, "-m", "cabinet", "play", str(game), "--headless", "--fast", "--script", str(script),
            "--seed", str(seed), "--data-dir", str(data_dir), "--size", "640x360", "--credits", CREDITS]


def run_to_end(cmd: list[str]) -> dict:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def history_rows(data_dir: Path) -> list[dict]:
    """History records without their wall-clock time and outcome (a restored round says so)."""
    rows = []
    for record in decode_history((data_dir / "history.json").read_bytes()):
        row = record.to_dict()
        assert row.pop("outcome") in ("played", "recovered")
        row.pop("time")
        rows.append(row)
    return rows


def journal_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return -1


def where_it_stopped(data_dir: Path, defn) -> str:  # noqa: ANN001
    """Read the journal (read-only): the unfinished round and how far the screen had got."""
    found = _pending(data_dir)
    if isinstance(found, str):
        return found
    request, step = found
    if request.kind == "respin":
        return "respin"
    events = play_round(defn, request).events[:step]
    started = sum(e.kind == "feature_started" for e in events)
    ended = sum(e.kind == "feature_ended" for e in events)
    return "free spins" if started > ended else "round"


def mid_tumbles(kinds: list[str], step: int) -> bool:
    """The screen had shown ``step`` of a round's events (``kinds``): a spin's landing whose
    sequence tumbles, and not yet that spin's end (a restart replays the sequence from its
    landing: nothing of it was paid yet)."""
    landed = max((i for i, k in enumerate(kinds[:step]) if k == "reels_stopped"), default=-1)
    if landed < 0:
        return False
    later = kinds[landed:]
    end = landed + (later.index("spin_ended") if "spin_ended" in later else len(later))
    return step <= end and "tumble_step" in kinds[landed:end]


def _pending(data_dir: Path):  # noqa: ANN202
    """The unfinished round's request and the events the screen had shown, or where it was."""
    try:
        raw = (data_dir / "journal.log").read_bytes()
    except OSError:
        return "no journal yet"
    pending: dict | None = None
    for line in raw.split(b"\n")[:-1]:  # the torn last line of a killed write is not a record
        try:
            record = decode_record(line)
        except RecordError:
            break
        if record.type == "begin":
            pending = {"request": record.data["request"], "step": 0}
        elif record.type == "progress" and pending is not None:
            pending["step"] = record.data["step"]
        elif record.type == "end":
            pending = None
    if pending is None:
        return "between rounds"
    return request_from_dict(pending["request"]), pending["step"]


def kill_laps(setup: dict, kills_wanted: int, rng_seed: int, time_limit: float) -> Tally:
    rng = random.Random(rng_seed)
    tally = Tally()
    t0 = time.perf_counter()
    while tally.kills < kills_wanted:
        tally.laps += 1
        data_dir = setup["folder"] / f"lap-{rng_seed}-{tally.laps}"
        cmd = command(setup["game"], setup["script"], setup["seed"], data_dir)
        journal = data_dir / "journal.log"
        while True:
            assert time.perf_counter() - t0 < time_limit, f"too slow: {tally}"
            tally.runs += 1
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
            killed = tally.kills < kills_wanted and _kill_at_random(proc, journal, setup["startup"], rng, tally)
            if killed:
                where = where_it_stopped(data_dir, setup["defn"])
                tally.where.append(where)
                tally.mid_round += where in ("round", "free spins", "respin")
                tally.in_free_spins += where == "free spins"
                tally.in_respin += where == "respin"
                continue
            out, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, err
            assert json.loads(out) == setup["reference"], f"lap {tally.laps} ended differently\n{err}"
            assert history_rows(data_dir) == setup["history"]
            break
    tally.seconds = time.perf_counter() - t0
    return tally


def _kill_at_random(proc: subprocess.Popen, journal: Path, startup: float, rng: random.Random,
                    tally: Tally) -> bool:
    """SIGKILL ``proc`` at a random moment; False when it finished first."""
    in_startup = rng.random() < 0.25
    if in_startup:  # during start-up (including recovery of the last interrupted round)
        deadline = time.perf_counter() + rng.uniform(0.0, startup)
    else:  # once the journal moves (the cabinet is playing), a little later
        size = journal_size(journal)
        give_up = time.perf_counter() + 20.0
        while journal_size(journal) == size and proc.poll() is None and time.perf_counter() < give_up:
            time.sleep(0.002)
        deadline = time.perf_counter() + rng.uniform(0.0, 0.12)
    while time.perf_counter() < deadline and proc.poll() is None:
        time.sleep(0.002)
    if proc.poll() is not None:
        return False  # it finished first: the caller checks its result
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate(timeout=60)
    tally.kills += 1
    tally.startup_kills += in_startup
    return True


@pytest.mark.integration
def test_fifty_kills_end_like_an_uninterrupted_run(kill_setup: dict) -> None:
    tally = kill_laps(kill_setup, 50, rng_seed=1, time_limit=240)
    print(f"\nkill test: {tally.kills} kills ({tally.startup_kills} in start-up, {tally.mid_round} mid-round, "
          f"{tally.in_free_spins} in free spins, {tally.in_respin} in respins), {tally.runs} runs, "
          f"{tally.laps} laps, {tally.seconds:.1f} s; start-up {kill_setup['startup']:.2f} s, "
          f"uninterrupted run {kill_setup['reference_seconds']:.2f} s")
    assert tally.kills >= 50
    assert tally.in_free_spins >= 3 and tally.mid_round >= 15


@pytest.mark.slow
def test_a_thousand_kills(kill_setup: dict) -> None:
    tally = kill_laps(kill_setup, 1000, rng_seed=2, time_limit=3600)
    print(f"\nkill test: {tally.kills} kills ({tally.startup_kills} in start-up, {tally.mid_round} mid-round, "
          f"{tally.in_free_spins} in free spins, {tally.in_respin} in respins), {tally.runs} runs, "
          f"{tally.laps} laps, {tally.seconds:.1f} s")
    assert tally.kills >= 1000 and tally.in_free_spins >= 50 and tally.in_respin >= 10


TUMBLE_GAME = "temple-of-storms"
TUMBLE_SEED = 1848  # its first round tumbles in the base spin and in the free spins it starts (checked)


def _kill_at(proc: subprocess.Popen, data_dir: Path, kinds: list[str], wanted: str, limit: float) -> bool:
    """SIGKILL ``proc`` as soon as its journal shows the round's screen mid-tumbles in ``wanted``
    (the base spin: "round", or "free spins"); False when it finished first."""
    give_up = time.perf_counter() + limit
    while proc.poll() is None and time.perf_counter() < give_up:
        found = _pending(data_dir)
        if not isinstance(found, str):
            step = found[1]
            inside = kinds[:step].count("feature_started") > kinds[:step].count("feature_ended")
            if mid_tumbles(kinds, step) and inside == (wanted == "free spins"):
                os.kill(proc.pid, signal.SIGKILL)
                proc.communicate(timeout=60)
                return True
        time.sleep(0.003)
    proc.kill()
    proc.communicate(timeout=60)
    return False


@pytest.mark.integration
def test_kills_mid_tumble_sequence_and_mid_free_spins_lose_nothing_and_pay_nothing_twice(tmp_path: Path) -> None:
    game = ROOT / "games" / f"{TUMBLE_GAME}.yaml"
    defn = load_definition(game)
    request = RoundRequest(default_bet(defn), derive_seed(TUMBLE_SEED, 0))
    kinds = [e.kind for e in play_round(defn, request).events]
    start = kinds.index("feature_started")
    assert "tumble_step" in kinds[:start] and "tumble_step" in kinds[start:]
    script = tmp_path / "script.yaml"
    script.write_text("- {press: SPIN}\n", encoding="utf-8")
    reference = run_to_end(command(game, script, TUMBLE_SEED, tmp_path / "reference"))
    data_dir = tmp_path / "killed"
    cmd = command(game, script, TUMBLE_SEED, data_dir)
    stopped = []
    for wanted in ("round", "free spins"):
        for _ in range(3):  # a kill that lands just past the sequence is tried again (the restart resumes it)
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
            assert _kill_at(proc, data_dir, kinds, wanted, limit=120), f"it finished before a kill in the {wanted}"
            found = _pending(data_dir)
            assert not isinstance(found, str), found  # killed inside the round
            where = where_it_stopped(data_dir, defn)
            if where == wanted and mid_tumbles(kinds, found[1]):
                stopped.append((where, found[1]))
                break
    assert [w for w, _ in stopped] == ["round", "free spins"], stopped
    assert run_to_end(cmd) == reference  # credits and meters: nothing lost, nothing paid twice
    assert history_rows(data_dir) == history_rows(tmp_path / "reference")
