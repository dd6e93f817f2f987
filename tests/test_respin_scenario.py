"""A paid-respin scenario: the spin is forced, then its reel is respun (forced too) at the offered price."""

from pathlib import Path

import pytest

from cabinet.app import App, AppOptions
from cabinet.core.bet import default_bet
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.designer.mode import Designer


def test_retro_respin_scenario_turns_a_dead_screen_into_a_win_through_the_real_path(tmp_path: Path) -> None:
    defn = load_game("retro-reels-diamond-glitz")
    index, scenario = next((i, s) for i, s in enumerate(defn.scenarios) if s.respin_reel)
    bet = default_bet(defn)
    spin = play_round(defn, RoundRequest(bet, 1, script=scenario.script))
    assert spin.total_win == 0 and spin.respin_prices is not None
    price = spin.respin_prices[scenario.respin_reel - 1]
    assert price is not None and price > 0

    app = App(defn, AppOptions(size=(640, 360), headless=True, seed=5, data_dir=tmp_path, designer=True))
    app.start()
    designer = app.designer
    assert isinstance(designer, Designer)
    credits0 = app.session.credits
    assert designer.play_scenario(index)
    for _ in range(3000):  # the spin's round, then the respin's
        app.run_frames(1)
        current = app.session.current
        if not designer.pending_respin and not app.base.in_round and current is not None \
                and current.request.kind == "respin":
            break
    result = app.session.current
    assert result is not None and result.request.kind == "respin"
    assert result.request.respin_reel == scenario.respin_reel - 1 and result.request.forced
    assert result.cost == price and result.total_win == 32 * bet.total  # PLUM x5 on 4 lines, x3 on 2
    assert app.session.credits == credits0 - bet.total - price + result.total_win


def test_respin_scenarios_are_checked() -> None:
    text = Path(__file__).resolve().parent.parent.joinpath("games", "classic.yaml").read_text()
    text = text.replace("scenarios:\n", "scenarios:\n  - {name: bad, script: [0, 0, 0, 0, 0], respin_reel: 9}\n", 1)
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text, "classic.yaml")
    message = str(info.value)
    assert "respin_reel is a reel from 1 to 5, got 9" in message
    assert "respin_reel needs a paid_respin feature" in message
