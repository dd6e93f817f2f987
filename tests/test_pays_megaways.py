"""The Megaways pay model: heights drawn per spin in a fixed order, carried by events, exact par
against brute force, the numpy batch against play_round, and the YAML's checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.events import EVENT_TYPES, ReelsStopped
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.pays import model_of
from cabinet.core.pays.megaways import HeightsDrawn
from cabinet.core.pays.ways import WaysWin
from cabinet.core.rng import ScriptedRng
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes

GAMES = Path(__file__).resolve().parent / "games" / "pays"


@pytest.fixture(scope="module")
def toy():  # noqa: ANN201
    return load_game(GAMES / "toy-megaways.yaml")


def test_stops_first_then_one_height_per_reel(toy) -> None:  # noqa: ANN001
    # heights: reel 1 {1: 1, 2: 2}, reel 2 {1: 2, 2: 1}, reel 3 {1: 1, 2: 1}; weighted draws answer below(sum)
    rng = ScriptedRng([0, 1, 2, 1, 0, 1])
    windows = [[("A", "B"), ("B", "C"), ("C", "S"), ("S", "A")],
               [("WILD", "A"), ("A", "B"), ("B", "C"), ("C", "WILD")],
               [("A", "B"), ("B", "S"), ("S", "C"), ("C", "B"), ("B", "A")]]
    stops, screen, shown = model_of(toy).land(toy, "base", rng, windows)
    assert stops == (0, 1, 2)
    # reel 1 draws 1 of 3 -> height 2; reel 2 draws 0 of 3 -> height 1; reel 3 draws 1 of 2 -> height 2
    assert screen == (("A", "B"), ("A",), ("S", "C"))
    assert shown == (HeightsDrawn((2, 1, 2), 4),)


def test_a_round_carries_its_heights_and_replays_them(toy) -> None:  # noqa: ANN001
    bet = default_bet(toy)
    first = play_round(toy, RoundRequest(bet, 12345))
    again = play_round(toy, RoundRequest(bet, 12345))
    assert first.events == again.events
    kinds = [e.kind for e in first.events]
    drawn = next(e for e in first.events if isinstance(e, HeightsDrawn))
    stopped = next(e for e in first.events if isinstance(e, ReelsStopped))
    assert kinds.index("heights_drawn") + 1 == kinds.index("reels_stopped")
    assert tuple(len(column) for column in stopped.screen) == drawn.heights
    assert EVENT_TYPES["heights_drawn"] is HeightsDrawn


def test_ways_on_reels_of_different_heights(toy) -> None:  # noqa: ANN001
    events, _ = model_of(toy).evaluate(toy, (("B", "B"), ("B",), ("B", "C")), default_bet(toy))
    (win,) = [e for e in events if isinstance(e, WaysWin)]
    assert (win.symbol, win.ways, win.rows) == ("B", 2, ((0, 1), (0,), (0,)))


def test_par_equals_brute_force(toy) -> None:  # noqa: ANN001
    report = par(toy)
    assert report.exact
    brute = round_value(toy)
    assert report.total_rtp == brute.rtp


def test_hit_rate_equals_brute_force(toy) -> None:  # noqa: ANN001
    import dataclasses

    base_only = dataclasses.replace(toy, features=())
    assert par(base_only).hit_rate == round_value(base_only).hit_rate


@pytest.mark.parametrize("game", ["toy-megaways", "megaways-117649"])
def test_batch_equals_play_round_round_by_round(game: str) -> None:
    defn = load_game(GAMES / f"{game}.yaml")
    bet = default_bet(defn)
    seeds = derive_seeds(7, 0, 2000)
    out = round_outcomes(defn, bet, seeds)
    assert out.win.tolist() == [play_round(defn, RoundRequest(bet, int(s))).total_win for s in seeds]
    assert not out.scalar.any()


def _issues(text: str) -> list[str]:
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text, "g.yaml")
    return [f"{i.line}:{i.column}: {i.message}" for i in info.value.issues]


def test_megaways_needs_heights_that_fit_the_grid() -> None:
    text = (GAMES / "toy-megaways.yaml").read_text()
    assert any("needs heights" in i for i in _issues(text.replace(
        "  heights: [{1: 1, 2: 2}, {1: 2, 2: 1}, {1: 1, 2: 1}]\n", "")))
    issues = _issues(text.replace("{1: 1, 2: 1}]", "{1: 1, 3: 1}]"))
    assert any(i.startswith("11:51: height 3 is outside 1..grid.rows (2)") for i in issues)
    assert any("lists 2 reels" in i for i in _issues(text.replace(", {1: 1, 2: 1}]", "]")))


def test_megaways_refuses_blocks_that_need_a_fixed_screen() -> None:
    text = (GAMES / "toy-megaways.yaml").read_text() + "  - {type: sticky_wild_reels, symbol: WILD}\n"
    assert any("needs a screen of fixed height" in i for i in _issues(text))
