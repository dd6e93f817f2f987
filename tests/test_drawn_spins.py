"""A drawn number of free spins (issue 35, item 5: Cops'n'Robbers' "10, 15, 15, 20 or 25 free
spins", drawn at the trigger and per retrigger): ``free_spins: drawn_spins``,
``retrigger_drawn_spins``. Play draws in the trigger stage; par is exact and equals brute force;
the batch path plays these rounds through play_round and agrees round by round."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded, FeatureStarted, FeatureTriggered
from cabinet.core.features.drawn_spins import SpinsDrawn, award_distribution
from cabinet.core.features.free_spins import spins_plan
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "free_spins" / "toy-drawn-spins.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def test_awards_are_filled_from_the_draws_and_the_tables_read_as_declared(toy: Definition) -> None:
    (fs,) = toy.features
    assert fs.awards == {3: 2} and fs.retrigger_awards == {3: 2}  # each count's largest draw
    assert award_distribution(fs, 3) == {1: Fraction(2, 3), 2: Fraction(1, 3)}
    assert award_distribution(fs, 3, retrigger=True) == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert award_distribution(fs, 2) == {}


@pytest.mark.parametrize(("draw", "spins"), [(0, 1), (2, 2)])  # a scripted weighted draw is a point of the weights
def test_the_trigger_draws_its_spins_before_it_shows(toy: Definition, draw: int, spins: int) -> None:
    # base stops land S S S (stop 1, 2, 0), then the draw: choice 0 -> 1 spin, choice 1 -> 2 spins;
    # the free spins land A S A (no retrigger)
    result = play_round(toy, RoundRequest(default_bet(toy), 1, script=(1, 2, 0, draw) + (0, 0, 1) * spins))
    kinds = [e.kind for e in result.events]
    drawn = next(e for e in result.events if isinstance(e, SpinsDrawn))
    assert drawn == SpinsDrawn("free_spins", spins, (1, 2), False)
    assert kinds.index("spins_drawn") < kinds.index("feature_triggered")
    assert next(e for e in result.events if isinstance(e, FeatureTriggered)).awarded == spins
    assert next(e for e in result.events if isinstance(e, FeatureStarted)).spins == spins
    assert next(e for e in result.events if isinstance(e, FeatureEnded)).spins_played == spins


def test_a_retrigger_draws_from_its_own_table(toy: Definition) -> None:
    # 1 spin drawn; it lands S S S (stops 1, 0, 0): the retrigger draws choice 1 of (1, 2) -> 2 more
    result = play_round(toy, RoundRequest(default_bet(toy), 1, script=(1, 2, 0, 0, 1, 0, 0, 1)))
    redraw = [e for e in result.events if isinstance(e, SpinsDrawn) and e.retrigger]
    assert redraw == [SpinsDrawn("free_spins", 2, (1, 2), True)]
    assert next(e for e in result.events if isinstance(e, FeatureEnded)).spins_played == 3


def test_par_is_exact_and_equals_brute_force(toy: Definition) -> None:
    report = par(toy)
    assert isinstance(report.total, Exact)
    brute = round_value(toy)
    assert brute.paths > 500
    assert report.total.value == brute.rtp


def test_without_the_limit_par_is_the_mean_draw_by_wald(toy: Definition) -> None:
    (fs,) = toy.features
    free = dataclasses.replace(fs, max_retriggers=0)
    (row,) = par(dataclasses.replace(toy, features=(free,))).free_spins
    added = Fraction(1, 8) * Fraction(3, 2)  # P(S S S in a free spin) x the mean retrigger draw
    assert row.expected_spins == Fraction(4, 3) / (1 - added)


def test_the_batch_path_equals_play_round_round_by_round(toy: Definition) -> None:
    bet = default_bet(toy)
    assert spins_plan(toy, toy.features[0], bet) is None  # the batch player's awards are fixed
    seeds = derive_seeds(35, 0, 600)
    out = round_outcomes(toy, bet, seeds)
    results = [play_round(toy, RoundRequest(bet, int(s))) for s in seeds]
    assert sum(bool(r.features) for r in results) > 20
    assert np.array_equal(out.win, [r.total_win for r in results])


@pytest.mark.parametrize(("table", "message"), [
    ("[{value: 0}]", "must be a whole number of at least 1"),
    ("[{value: 2.5}]", "must be a whole number of at least 1"),
    ("[]", "needs at least one entry"),
])
def test_bad_tables_are_refused(table: str, message: str) -> None:
    text = TOY.read_text().replace("3: [{value: 1, weight: 2}, {value: 2, weight: 1}]", f"3: {table}")
    with pytest.raises(DefinitionError, match=message):
        load_definition_text(text, source="<drawn>")


def test_the_info_rules_say_the_draw(toy: Definition) -> None:
    from cabinet.presentation.mechanics.free_spins.rules import rules
    from cabinet.presentation.mechanics.writing import Writer

    section = rules(Writer(toy, default_bet(toy)), toy.features[0])
    text = " ".join(p.text for p in section.paras)
    assert "win 1 or 2 free spins, drawn at random as they are won (chances 1: 67%, 2: 33%)" in text
    assert "add 1 or 2 more spins, drawn at random (each as likely)" in text
    assert "award 2 free spins" not in text  # the filled award is no fixed award
