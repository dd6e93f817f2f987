"""Free spins until a trigger (issue 35, item 5: AGT's Sun City plays free games until two
scatters land again): ``free_spins: until_symbol``, ``until_counts``, the award their safety cap.
Play ends with the spin that shows the count; par's capped geometric chain is exact and equals
brute force; the batch path plays these rounds through play_round and agrees round by round."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded
from cabinet.core.features.free_spins import spins_plan
from cabinet.core.features.until_trigger import UntilLanded, ending_probability, expected_spins
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "free_spins" / "toy-until.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def capped(defn: Definition, cap: int) -> Definition:
    (fs,) = defn.features
    return dataclasses.replace(defn, features=(dataclasses.replace(fs, awards={2: cap}),))


def test_the_chain_at_its_edges() -> None:
    assert expected_spins(5, Fraction(0)) == 5  # nothing ends it: the cap
    assert expected_spins(5, Fraction(1)) == 1  # the first spin ends it
    assert expected_spins(1, Fraction(1, 3)) == 1
    assert expected_spins(2, Fraction(1, 3)) == 1 + Fraction(2, 3)


def test_the_ending_probability_is_counted_on_the_free_reels(toy: Definition) -> None:
    # free reels [A S] [S B] [B A]: exactly 2 S is S S on reels 1 and 2 (the third shows none)
    assert ending_probability(toy, toy.features[0]) == Fraction(1, 4)


def test_the_spin_that_shows_the_count_is_the_last_and_is_paid(toy: Definition) -> None:
    # base stops (1, 2, 0) land S S S (a trigger: 3 spins at most); free stops (0, 1, 0) land A B B,
    # then (1, 0, 1) S S A: exactly 2 S end it
    result = play_round(toy, RoundRequest(default_bet(toy), 1, script=(1, 2, 0, 0, 1, 0, 1, 0, 1)))
    landed = [e for e in result.events if isinstance(e, UntilLanded)]
    assert landed == [UntilLanded("free_spins", "S", 2, ((0, 0), (1, 0)), 2)]
    ended = next(e for e in result.events if isinstance(e, FeatureEnded))
    assert ended.spins_played == 2
    kinds = [e.kind for e in result.events]
    assert kinds.index("until_landed") == kinds.index("feature_ended") - 1


def test_the_cap_ends_them_when_the_symbols_never_land(toy: Definition) -> None:
    result = play_round(toy, RoundRequest(default_bet(toy), 1, script=(1, 2, 0) + (0, 1, 0) * 3))
    assert not any(isinstance(e, UntilLanded) for e in result.events)
    assert next(e for e in result.events if isinstance(e, FeatureEnded)).spins_played == 3


def test_par_is_exact_and_equals_brute_force(toy: Definition) -> None:
    defn = capped(toy, 2)  # fewer paths to walk
    report = par(defn)
    assert isinstance(report.total, Exact)
    (row,) = report.free_spins
    assert row.expected_spins == expected_spins(2, Fraction(1, 4))
    brute = round_value(defn)
    assert brute.paths > 300
    assert report.total.value == brute.rtp


def test_the_batch_path_equals_play_round_round_by_round(toy: Definition) -> None:
    bet = default_bet(toy)
    assert spins_plan(toy, toy.features[0], bet) is None  # the batch player counts spins down
    seeds = derive_seeds(35, 0, 600)
    out = round_outcomes(toy, bet, seeds)
    results = [play_round(toy, RoundRequest(bet, int(s))) for s in seeds]
    assert sum(bool(r.features) for r in results) > 20
    assert np.array_equal(out.win, [r.total_win for r in results])


@pytest.mark.parametrize(("change", "message"), [
    ("retrigger: false", "take no retriggers"),
    ("until_counts: [2]", "until_counts lists the counts"),
    ("until_symbol: S", "unknown symbol"),
])
def test_bad_settings_are_refused(change: str, message: str) -> None:
    bad = {"retrigger: false": "retrigger: true", "until_counts: [2]": "until_counts: []",
           "until_symbol: S": "until_symbol: Q"}[change]
    with pytest.raises(DefinitionError, match=message):
        load_definition_text(TOY.read_text().replace(change, bad), source="<until>")


def test_the_info_rules_say_what_ends_them(toy: Definition) -> None:
    from cabinet.presentation.mechanics.free_spins.rules import rules
    from cabinet.presentation.mechanics.writing import Writer

    section = rules(Writer(toy, default_bet(toy)), toy.features[0])
    text = " ".join(p.text for p in section.paras)
    assert "2 or more S symbols start free spins" in text and "go on until a spin shows 2 " in text and "At most 3 free spins are played." in text
    assert "cannot be won again" not in text
