"""The anywhere pay model: counts anywhere on hand-built screens, exact par and hit rate against
brute force, the numpy batch against play_round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.pays import model_of
from cabinet.core.pays.anywhere import AnywhereWin
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes

GAMES = Path(__file__).resolve().parent / "games" / "pays"


@pytest.fixture(scope="module")
def toy():  # noqa: ANN201
    return load_game(GAMES / "toy-anywhere.yaml")


def wins(defn, screen):  # noqa: ANN001, ANN201
    events, total = model_of(defn).evaluate(defn, screen, Bet(10, 1, 10))
    return {(e.symbol, e.count): e.amount for e in events if isinstance(e, AnywhereWin)}, total


def test_a_symbol_pays_its_count_anywhere(toy) -> None:  # noqa: ANN001
    # A 3:5 5:20, B 3:2 4:4, C 3:2 5:10; a level coin of 0.10 is 10 minor units
    assert wins(toy, (("B", "C"), ("C", "S"), ("B", "B")))[0] == {("B", 3): 20}
    assert wins(toy, (("B", "C"), ("C", "S"), ("A", "A")))[0] == {}  # two B, two C, two A: nothing


def test_doubles_count_two_and_a_wild_counts_for_every_symbol(toy) -> None:  # noqa: ANN001
    found, total = wins(toy, (("AA", "B"), ("WILD", "B"), ("A", "A")))
    assert found == {("A", 5): 200, ("B", 3): 20}  # AA (2) + WILD + A + A = 5; B + B + WILD = 3
    assert total == 220


def test_counts_above_the_top_key_pay_the_top(toy) -> None:  # noqa: ANN001
    assert wins(toy, (("B", "B"), ("B", "B"), ("B", "B")))[0] == {("B", 6): 40}


def test_par_and_hit_rate_equal_brute_force(toy) -> None:  # noqa: ANN001
    report = par(toy)
    assert report.exact and report.total_rtp == round_value(toy).rtp
    base_only = dataclasses.replace(toy, features=())
    assert par(base_only).hit_rate == round_value(base_only).hit_rate


def test_batch_equals_play_round_round_by_round(toy) -> None:  # noqa: ANN001
    bet = default_bet(toy)
    seeds = derive_seeds(5, 0, 3000)
    out = round_outcomes(toy, bet, seeds)
    assert out.win.tolist() == [play_round(toy, RoundRequest(bet, int(s))).total_win for s in seeds]
    assert not out.scalar.any()


def test_anywhere_wilds_carry_no_multiplier() -> None:
    text = (GAMES / "toy-anywhere.yaml").read_text().replace("{id: WILD, kind: wild,", "{id: WILD, kind: wild, multiplier: 2,")
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text, "g.yaml")
    assert any("carry no multiplier" in i.message for i in info.value.issues)
