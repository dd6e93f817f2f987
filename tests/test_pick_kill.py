"""A pick bonus interrupted by a real SIGKILL while it waits for the player (issue 35, item 1).

A headless scripted cabinet (``cabinet play --headless --script``, as ``tests/test_kill.py``
runs it) plays one round of the picks toy whose base spin starts the pick game, and is
killed once its journal shows the screen at the pick. Started again:

- with ``interrupted_rounds: auto_complete`` recovery completes the pick (and the free spins
  its picks win, on tests/games/picks/toy-pick-spins.yaml) by the block's stated rule (``autopick``, the rule autoplay and attract mode pick by), journals the
  choices, credits exactly what an uninterrupted round with those choices pays, and a
  start-up killed during or after that pays nothing twice;
- without it the round resumes at the same pick and waits for the player: nothing is paid.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import signal
import subprocess
import time
from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.loader import load_definition
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.services.history import decode_history
from tests.test_kill import CREDITS, ROOT, _pending, command, run_to_end

TOY = ROOT / "tests" / "games" / "picks" / "toy-picks.yaml"
START = int(CREDITS) * 100  # minor units


SPINS_TOY = ROOT / "tests" / "games" / "picks" / "toy-pick-spins.yaml"  # auto_complete already


def game_file(folder: Path, auto: bool) -> Path:
    text = TOY.read_text(encoding="utf-8")
    if auto:
        text = text.replace("grid:", "interrupted_rounds: auto_complete\ngrid:", 1)
    path = folder / ("toy-picks-auto.yaml" if auto else "toy-picks-resume.yaml")
    path.write_text(text, encoding="utf-8")
    return path


def picking_seed(defn, *, spins: bool = False) -> int:  # noqa: ANN001
    """A master seed whose first round starts a pick game (``spins``: whose picks, by the
    autopick rule, win free spins) and nothing else."""
    bet = default_bet(defn)
    for seed in range(5000):
        request = RoundRequest(bet, derive_seed(seed, 0))
        if (play_round(defn, dataclasses.replace(request, interactive=True)).awaiting or "").endswith(":pick"):
            features = play_round(defn, request).features
            if ("free_spins" in features) == spins and len(features) == 1 + spins:
                return seed
    raise AssertionError("no seed starts the pick")


def kill_at_the_pick(cmd: list[str], data_dir: Path, limit: float = 120) -> tuple[RoundRequest, int]:
    """Run ``cmd`` and SIGKILL it as soon as its journal shows the screen at the pick; the
    unfinished round's request and step."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    give_up = time.perf_counter() + limit
    try:
        while proc.poll() is None and time.perf_counter() < give_up:
            found = _pending(data_dir)
            if not isinstance(found, str):
                request, step = found
                kinds = [e.kind for e in play_round(load_definition(Path(cmd[4])), request).events]
                if "pick_offered" in kinds[:step]:
                    os.kill(proc.pid, signal.SIGKILL)
                    proc.communicate(timeout=60)
                    return request, step
            time.sleep(0.003)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate(timeout=60)
    raise AssertionError(f"the cabinet never reached the pick ({proc.returncode})")


def records(data_dir: Path) -> list:  # noqa: ANN001
    return list(decode_history((data_dir / "history.json").read_bytes()))


@pytest.mark.integration
@pytest.mark.parametrize("spins", [False, True], ids=["credits", "free spins won"])
def test_a_pick_killed_while_it_waits_is_completed_by_its_rule_and_paid_once(tmp_path: Path, spins: bool) -> None:
    game = SPINS_TOY if spins else game_file(tmp_path, auto=True)
    defn = load_definition(game)
    seed = picking_seed(defn, spins=spins)
    script = tmp_path / "script.yaml"
    script.write_text("- {press: SPIN}\n", encoding="utf-8")
    data_dir = tmp_path / "killed"
    cmd = command(game, script, seed, data_dir)
    request, _ = kill_at_the_pick(cmd, data_dir)
    assert request.interactive and request.decisions == ()
    assert (play_round(defn, request).awaiting or "").endswith(":pick")  # killed waiting for the player
    # the round the rule completes: what autoplay and attract mode would have played
    autoplayed = play_round(defn, dataclasses.replace(request, interactive=False))
    assert autoplayed.decisions == ("1", "2") and autoplayed.total_win > 0
    assert ("free_spins" in autoplayed.features) == spins  # the pick's free spins complete with it
    rng = random.Random(35)
    startup_kills = 0
    for _ in range(3):  # kill start-ups too, inside or after the recovery that completes it
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        time.sleep(rng.uniform(0.3, 2.5))
        if proc.poll() is None:
            os.kill(proc.pid, signal.SIGKILL)
            startup_kills += 1
        proc.communicate(timeout=60)
    totals = run_to_end(cmd)
    assert totals["credits"] == START - autoplayed.cost + autoplayed.total_win  # paid once, what play pays
    (record,) = records(data_dir)
    assert record.outcome == "auto_completed" and record.request.decisions == ("1", "2")
    assert record.win == autoplayed.total_win
    assert play_round(defn, record.request).total_win == autoplayed.total_win  # the journaled choices replay it
    assert isinstance(_pending(data_dir), str)  # no round left open
    assert run_to_end(cmd) == totals  # and a further start pays nothing again


@pytest.mark.integration
def test_without_auto_complete_a_killed_pick_resumes_and_waits_for_the_player(tmp_path: Path) -> None:
    game = game_file(tmp_path, auto=False)
    defn = load_definition(game)
    seed = picking_seed(defn)
    script = tmp_path / "script.yaml"
    script.write_text("- {press: SPIN}\n", encoding="utf-8")
    data_dir = tmp_path / "killed"
    cmd = command(game, script, seed, data_dir)
    request, step = kill_at_the_pick(cmd, data_dir)
    again = subprocess.run([*cmd, "--frames", "400"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert again.returncode == 0, again.stderr
    totals = json.loads(again.stdout)
    cost = play_round(defn, request).cost
    assert totals["credits"] == START - cost  # charged, nothing paid: the pick still waits
    found = _pending(data_dir)
    assert not isinstance(found, str), found
    still, _ = found
    assert still == request and play_round(defn, still).awaiting == "bottles:pick"
    assert not (data_dir / "history.json").exists() or records(data_dir) == []
