"""A bought feature killed with SIGKILL (issue 34): a headless scripted session that spins, buys
the free spins on the BUY FEATURE card and spins with the ante on is killed at random moments
(most of them inside the bought round, the longest of the three) and started again until its
script ends; it must end exactly as a run nobody killed: the same credits and meters, the same
history records (each with its mode), the buy charged once and paid once. The machinery is
``test_kill.py``'s; the game is ``tests/games/modes/cabinet-modes.yaml``."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_kill import command as kill_command
from test_kill import history_rows, kill_laps, run_to_end

from cabinet.core.loader import load_definition

GAME = Path(__file__).resolve().parent / "games" / "modes" / "cabinet-modes.yaml"
SCRIPT = """\
- {press: SPIN}
- {press: ADD_CREDITS}
- {press: BUY}
- {press: CONFIRM}
- {press: ANTE}
- {press: SPIN}
"""
SEED = 11


@pytest.mark.integration
def test_kills_inside_a_bought_round_end_like_an_uninterrupted_run(tmp_path: Path) -> None:
    script = tmp_path / "script.yaml"
    script.write_text(SCRIPT, encoding="utf-8")
    reference = run_to_end(kill_command(GAME, script, SEED, tmp_path / "reference"))
    rows = history_rows(tmp_path / "reference")
    assert [row["request"].get("mode", "base") for row in rows] == ["base", "buy_free_spins", "ante"]
    assert [row["cost"] for row in rows] == [100, 1_700, 125]
    assert [bool(row["features"]) for row in rows] == [False, True, False]  # free spins: the bought ones only
    assert reference["total_bet"] == 100 + 1_700 + 125  # the buy charged once
    setup = {"folder": tmp_path, "game": GAME, "defn": load_definition(GAME), "script": script, "seed": SEED,
             "reference": reference, "history": rows, "startup": 1.0}
    tally = kill_laps(setup, 6, rng_seed=34, time_limit=300)  # every lap ends in the reference state
    print(f"\nbuy kill test: {tally.kills} kills ({tally.in_free_spins} in the bought free spins, "
          f"{tally.mid_round} mid-round), {tally.runs} runs, {tally.laps} laps, {tally.seconds:.1f} s")
    assert tally.kills >= 6 and tally.in_free_spins >= 2
