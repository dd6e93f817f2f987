"""Recovery of tumble rounds: a cabinet abandoned in the middle of a tumble sequence, or in
free spins whose cell multipliers are kept from spin to spin, comes back with the round
replayed from its seed: the same sequence, the same grid, charged once and paid once."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_recovery import crash_inside_free_spins, free_spins, run_until, start

from cabinet.core.bet import default_bet
from cabinet.core.definition import Definition
from cabinet.core.loader import load_game
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.machine.buttons import Button, Press
from cabinet.machine.session import resume_point

TOYS = Path(__file__).parent / "games" / "tumble"


@pytest.fixture(scope="module")
def cells_game() -> Definition:
    return load_game(TOYS / "toy-tumble-cells.yaml")


@pytest.fixture(scope="module")
def feature_game() -> Definition:
    return load_game(TOYS / "toy-tumble-feature.yaml")


def _seed(defn: Definition, wanted) -> int:  # noqa: ANN001
    """A session seed whose first round satisfies ``wanted`` (searched, not assumed)."""
    bet = default_bet(defn)
    return next(s for s in range(5000) if wanted(play_round(defn, RoundRequest(bet, derive_seed(s, 0)))))


def _kept_grid(result) -> bool:  # noqa: ANN001
    """Free spins in which a later spin's wins are raised by cells an earlier spin left."""
    kinds = [e.kind for e in result.events]
    if "feature_started" not in kinds:
        return False
    start_at = kinds.index("feature_started")
    spins = [i for i, k in enumerate(kinds) if k == "spin_started" and i > start_at]
    return any(k == "cell_multiplier_win" and i > spins[1] for i, k in enumerate(kinds)) if len(spins) > 1 else False


def _inside_sequence(events, progress: int) -> bool:  # noqa: ANN001
    """The screen has shown ``progress`` events, past a landing whose tumbles follow it and before
    its spin ended: a restart resumes at that landing (``resume_point``) and nothing of it is paid."""
    landed = resume_point(events, progress)
    if landed <= 0 or events[landed - 1].kind != "reels_stopped" or progress <= landed:
        return False
    later = [e.kind for e in events[landed:]]
    spin_end = landed + (later.index("spin_ended") if "spin_ended" in later else len(later))
    return "tumble_step" in later[: spin_end - landed] and progress <= spin_end


def _crash_mid_sequence(defn: Definition, folder: Path, seed: int):  # noqa: ANN202
    """Play the first round until the journal's step is inside a tumbling spin (``_inside_sequence``),
    then abandon the cabinet (nothing more reaches the disk)."""
    app = start(defn, folder, seed)
    credits = app.session.credits
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.session.current is not None
              and _inside_sequence(app.session.current.events, app.session.progress_step), limit=3000, skip=False)
    step = app.session.ledger.ledger.open_round.step  # type: ignore[attr-defined]
    app.session.ledger.close()
    return app, credits, step


def test_a_kill_in_the_middle_of_a_tumble_sequence_replays_it_and_pays_once(feature_game: Definition,
                                                                           tmp_path: Path) -> None:
    seed = _seed(feature_game, lambda r: any(e.kind == "sequence_multiplied" for e in r.events))
    crashed, credits, step = _crash_mid_sequence(feature_game, tmp_path, seed)
    result = crashed.session.current
    assert result is not None and step is not None and result.events[step - 1].kind == "reels_stopped"
    assert "tumble_step" in [e.kind for e in result.events[step:]]  # its tumbles come again after the restart
    app = start(feature_game, tmp_path, seed)
    session = app.session
    assert session.in_round and session.restored and session.resume_step == step
    assert session.current.events == result.events  # the same sequence, replayed from the seed
    assert session.credits == credits - result.cost  # charged once
    run_until(app, lambda: app.idle)
    assert session.credits == credits - result.cost + result.total_win  # paid once, multiplier included
    assert (session.meters.games_played, session.meters.total_won) == (1, result.total_win)
    again = start(feature_game, tmp_path, seed)
    assert not again.session.in_round and again.session.credits == session.credits


def test_a_kill_inside_free_spins_keeps_the_cells_grid(cells_game: Definition, tmp_path: Path) -> None:
    seed = _seed(cells_game, _kept_grid)
    crashed, credits = crash_inside_free_spins(cells_game, tmp_path, seed, spins_shown=2)
    result = crashed.session.current
    assert result is not None and _kept_grid(result)
    app = start(cells_game, tmp_path, seed)
    session = app.session
    assert session.in_round and session.restored and free_spins(app) is not None
    assert session.current.events == result.events  # every grid the free spins showed, the same
    assert session.credits == credits - result.cost
    run_until(app, lambda: app.idle)
    assert session.credits == credits - result.cost + result.total_win
    assert session.meters.total_won == result.total_win and session.meters.games_played == 1
