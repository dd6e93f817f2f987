"""Wilds anywhere on the screen multiplying every win (issue 35, item 6; Hell's Hot 7s):
``screen_wild_multiplier``. Hand-built screens; par exact and equal to brute force for both ways
of combining, scatters multiplied or not; the batch equal to play_round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import LineWin, ScatterWin
from cabinet.core.features.multiplier_wilds import WinMultiplied
from cabinet.core.features.screen_wild_multiplier import screen_multiplier
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "mults" / "toy-screen-wilds.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def variant(defn: Definition, **changes: object) -> Definition:
    return dataclasses.replace(defn, features=(dataclasses.replace(defn.features[0], **changes),))


@pytest.mark.parametrize(("combine", "screen", "m"), [
    ("multiply", (("A", "B"), ("B", "A"), ("A", "S")), 1),
    ("multiply", (("W", "B"), ("B", "A"), ("A", "S")), 2),
    ("multiply", (("W", "B"), ("W", "A"), ("A", "W")), 8),
    ("add", (("W", "B"), ("W", "A"), ("A", "W")), 6),
    ("add", (("W", "B"), ("B", "A"), ("A", "S")), 2),
    ("add", (("A", "B"), ("B", "A"), ("A", "S")), 1),
])
def test_the_multiplier_of_a_screen(toy: Definition, combine: str, screen: tuple[tuple[str, ...], ...], m: int) -> None:
    p = variant(toy, combine=combine).features[0]
    assert screen_multiplier(p, screen)[0] == m


def test_every_win_is_multiplied_whether_or_not_the_wild_is_in_it(toy: Definition) -> None:
    # stops 1, 2, 3: reel 1 "W B", reel 2 "W A", reel 3 "W B": three wilds, x8
    result = play_round(toy, RoundRequest(default_bet(toy), 0, script=(1, 2, 3)))
    (said,) = [e for e in result.events if isinstance(e, WinMultiplied)]
    assert said.multiplier == 8 and len(said.positions) == 3
    lines = [e for e in result.events if isinstance(e, LineWin)]
    assert lines and all(e.multiplier == 8 for e in lines)
    # stops 3, 0, 0: reel 1 "S A", reel 2 "B A", reel 3 "A S": no wild, S x2 pays 1x bet unmultiplied
    plain = play_round(toy, RoundRequest(default_bet(toy), 0, script=(3, 0, 0)))
    (scatter,) = [e for e in plain.events if isinstance(e, ScatterWin)]
    assert scatter.multiplier == 1 and not [e for e in plain.events if isinstance(e, WinMultiplied)]


@pytest.mark.parametrize(("combine", "scatter_pays"), [("multiply", True), ("add", True), ("add", False)])
def test_par_is_exact_and_equals_brute_force(toy: Definition, combine: str, scatter_pays: bool) -> None:
    defn = variant(toy, combine=combine, scatter_pays=scatter_pays)
    report = par(defn)
    assert isinstance(report.total, Exact)
    assert report.total.value == round_value(defn).rtp


def test_the_batch_equals_play_round(toy: Definition) -> None:
    bet = default_bet(toy)
    seeds = derive_seeds(9, 0, 1000)
    out = round_outcomes(toy, bet, seeds)
    played = [play_round(toy, RoundRequest(bet, int(s), with_offer=False, keep_events=False)).total_win
              for s in seeds]
    assert np.array_equal(out.win, np.array(played))


def test_the_loader_wants_a_plain_wild() -> None:
    text = TOY.read_text().replace("- {id: W, kind: wild}", "- {id: W, kind: wild, multiplier: 2}")
    with pytest.raises(DefinitionError) as err:
        load_definition_text(text, "bad.yaml")
    assert "multiplier of its own" in str(err.value)


def test_the_info_page_states_the_rule(toy: Definition) -> None:
    from cabinet.presentation.scenes.info import feature_sections

    (section,) = [s for s in feature_sections(toy, default_bet(toy)) if s.heading == "MULTIPLYING WILDS"]
    text = " ".join(p.text for p in section.paras)
    assert "multiplies every win, line and scatter, by x2, whether or not it is part of the win" in text
