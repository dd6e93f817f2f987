"""A limit on retriggers (issue 35, item 5: the catalogue's "retriggers once", or N times):
``free_spins: max_retriggers``. Play stops counting retriggers at the limit; par's expected
spins come from the exact chain over (spins left, retriggers used) and equal brute force."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded, FeatureTriggered
from cabinet.core.features.free_spins import spins_plan
from cabinet.core.features.retrigger_limit import limited_spins
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import simulate
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "free_spins" / "toy-retrigger-limit.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def with_limit(defn: Definition, limit: int) -> Definition:
    (fs,) = defn.features
    return dataclasses.replace(defn, features=(dataclasses.replace(fs, max_retriggers=limit),))


def test_the_chain_at_its_edges() -> None:
    p = Fraction(1, 10)
    assert limited_spins(10, {5: p}, 0) == 10  # no retrigger counts
    assert limited_spins(10, {}, 3) == 10  # none can land
    # once: 10 spins, plus 5 when one of the first 10 (or of the 5 it adds... no: after it, none) lands
    assert limited_spins(10, {5: p}, 1) == 10 + 5 * (1 - (1 - p) ** 10)
    # many: the limit is never reached in practice, so Wald's 10 / (1 - 0.5)
    assert abs(float(limited_spins(10, {5: p}, 60)) - 20) < 1e-6


# A game whose every free spin retriggers: the limit alone ends the feature.
ALWAYS = """
format: 1
id: always
name: always retriggers
grid: {reels: 3, rows: 1}
symbols: [{id: A}, {id: S, kind: scatter}]
reels:
  base: [S A, S A, S A]
  free: [S, S, S]
lines: [[0, 0, 0]]
pays: {A: {3: 1}}
bet: {currency: EUR, minor_units: 2, coin_values: ['0.10'], lines: [1]}
features:
- type: free_spins
  trigger_symbol: S
  awards: {3: 3}
  retrigger_awards: {3: 2}
  max_retriggers: LIMIT
  reel_sets: [{set: free}]
"""


@pytest.mark.parametrize("limit", [1, 2, 5])
def test_play_takes_exactly_the_limit_of_retriggers(limit: int) -> None:
    defn = load_definition_text(ALWAYS.replace("LIMIT", str(limit)), source="<always>")
    result = play_round(defn, RoundRequest(default_bet(defn), 1, script=(0, 0, 0)))
    retriggers = [e for e in result.events if isinstance(e, FeatureTriggered) and e.retrigger]
    assert len(retriggers) == limit
    (ended,) = [e for e in result.events if isinstance(e, FeatureEnded)]
    assert ended.spins_played == 3 + 2 * limit
    assert par(defn).free_spins[0].expected_spins == 3 + 2 * limit


def test_without_a_limit_that_game_is_refused() -> None:
    with pytest.raises(DefinitionError, match="the feature would never end"):
        load_definition_text(ALWAYS.replace("LIMIT", "0"), source="<always>")


def test_a_negative_limit_is_refused() -> None:
    with pytest.raises(DefinitionError, match="max_retriggers must not be negative"):
        load_definition_text(ALWAYS.replace("LIMIT", "-1"), source="<always>")


@pytest.mark.parametrize(("limit", "award"), [(1, 2), (2, 1)])  # twice with 1-spin awards: fewer paths to walk
def test_par_is_exact_and_equals_brute_force(toy: Definition, limit: int, award: int) -> None:
    (fs,) = with_limit(toy, limit).features
    defn = dataclasses.replace(toy, features=(dataclasses.replace(fs, awards={3: award}, retrigger_awards={3: award}),))
    report = par(defn)
    assert isinstance(report.total, Exact)
    brute = round_value(defn)
    assert brute.paths > 50  # every stop of every spin, up to two retriggers deep
    assert report.total.value == brute.rtp


def test_the_limit_is_worth_less_than_unlimited_retriggers(toy: Definition) -> None:
    values = [par(with_limit(toy, limit)).total.value for limit in (0, 1, 2, 3)]
    assert values[1] < values[2] < values[3] < values[0]


def test_simulate_plays_limited_features_through_play_round_and_agrees(toy: Definition) -> None:
    assert spins_plan(toy, toy.features[0], default_bet(toy)) is None
    sim = simulate(toy, 30_000, 35)
    assert abs(float(sim.rtp) - float(par(toy).total.value)) < 4 * sim.standard_error
