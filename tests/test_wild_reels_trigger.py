"""Free spins awarded by wilds on given reels at once (issue 35, item 5: "a wild on reels 2, 3 and
4 wins free spins"): ``free_spins: wild_reels``, ``wild_reels_spins``, alone or beside the
scatter's award. Par is exact and equals brute force; the batch hands those spins to play_round
and agrees round by round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded, FeatureTriggered
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "free_spins" / "toy-wild-reels.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def wilds_only(defn: Definition) -> Definition:
    (fs,) = defn.features
    return dataclasses.replace(defn, features=(dataclasses.replace(fs, trigger_symbol="", awards={},
                                                                   retrigger_awards={}),))


@pytest.mark.parametrize(("stops", "awarded", "cells"), [
    ((0, 0, 1), 1, ((1, 0), (2, 0))),  # A W W: the wilds on reels 2 and 3
    ((1, 2, 0), 1, ((0, 0), (1, 0), (2, 0))),  # S S S: the scatter's award
    ((1, 0, 1), None, None),  # S W W: 2 S pay nothing... and the wilds win (below)
])
def test_the_wilds_on_the_listed_reels_trigger(toy: Definition, stops, awarded, cells) -> None:  # type: ignore[no-untyped-def]
    # the free spin that follows lands A B A (nothing)
    result = play_round(toy, RoundRequest(default_bet(toy), 1, script=(*stops, 0, 1, 0, 0, 1, 0)))
    (trigger,) = [e for e in result.events if isinstance(e, FeatureTriggered)]
    if awarded is not None:
        assert (trigger.awarded, trigger.positions) == (awarded, cells)
    else:
        assert trigger.awarded == 1 and trigger.count == 1 and trigger.positions == ((1, 0), (2, 0))


def test_a_screen_with_both_wins_both_awards(toy: Definition) -> None:
    # reel 1 S, reel 2 W, reel 3 W: wilds only (1 S); the game with 1 S triggering adds its award
    (fs,) = toy.features
    both = dataclasses.replace(toy, features=(dataclasses.replace(fs, awards={1: 2}),))
    result = play_round(both, RoundRequest(default_bet(both), 1, script=(1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0)))
    (trigger,) = [e for e in result.events if isinstance(e, FeatureTriggered)]
    assert trigger.awarded == 3 and trigger.positions == ((0, 0), (1, 0), (2, 0))
    assert next(e for e in result.events if isinstance(e, FeatureEnded)).spins_played == 3


@pytest.mark.parametrize("make", [lambda d: d, wilds_only], ids=["beside the scatter", "wilds only"])
def test_par_is_exact_and_equals_brute_force(toy: Definition, make) -> None:  # type: ignore[no-untyped-def]
    defn = make(toy)
    report = par(defn)
    assert isinstance(report.total, Exact)
    brute = round_value(defn)
    assert brute.paths > 50
    assert report.total.value == brute.rtp


@pytest.mark.parametrize("make", [lambda d: d, wilds_only], ids=["beside the scatter", "wilds only"])
def test_the_batch_path_equals_play_round_round_by_round(toy: Definition, make) -> None:  # type: ignore[no-untyped-def]
    defn = make(toy)
    bet = default_bet(defn)
    seeds = derive_seeds(35, 0, 600)
    out = round_outcomes(defn, bet, seeds)
    results = [play_round(defn, RoundRequest(bet, int(s))) for s in seeds]
    assert sum(bool(r.features) for r in results) > 40
    assert np.array_equal(out.win, [r.total_win for r in results])


def test_the_info_rules_name_the_reels(toy: Definition) -> None:
    from cabinet.presentation.mechanics.free_spins.rules import rules
    from cabinet.presentation.mechanics.writing import Writer

    text = " ".join(p.text for p in rules(Writer(toy, default_bet(toy)), toy.features[0]).paras)
    assert "A wild on reels 2 and 3 at once wins 1 free spins, added to what the scatters award" in text
    alone = " ".join(p.text for p in rules(Writer(wilds_only(toy), default_bet(toy)), wilds_only(toy).features[0]).paras)
    assert alone.startswith("A wild on reels 2 and 3 at once wins 1 free spins; during free spins they add them again.")


@pytest.mark.parametrize(("old", "new", "message"), [
    ("wild_reels: [2, 3]", "wild_reels: [2, 4]", "reel 4 is not one of the game's 1-3"),
    ("  wild_reels_spins: 1\n", "", "wild_reels_spins must be at least 1"),
    ("  max_retriggers: 1\n", "  max_retriggers: 1\n  max_win_x_bet: 5\n", "max_win_x_bet is not priced"),
])
def test_bad_settings_are_refused(old: str, new: str, message: str) -> None:
    with pytest.raises(DefinitionError, match=message):
        load_definition_text(TOY.read_text().replace(old, new), source="<wild reels>")
