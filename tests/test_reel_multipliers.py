"""A random multiplier per reel (issue 35, item 6): ``random_multiplier`` with ``per: reel``. One
draw for each listed reel every spin, in reel order; a win raised by the values of the reels it
touches or where a wild is part of it, combined by product or sum; par exact and equal to brute
force for every applies_to x combine (whole and fractional means); the batch equals play_round;
slotopol's Smiley x Wild gives its published RTP."""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import LineWin, ScatterWin
from cabinet.core.features.multiplier_wilds import WinMultiplied
from cabinet.core.features.reel_multiplier import ReelMultipliersDrawn
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

GAMES = Path(__file__).parent / "games"
TOY = GAMES / "mults" / "toy-reel-multipliers.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def variant(defn: Definition, **changes: object) -> Definition:
    return dataclasses.replace(defn, features=(dataclasses.replace(defn.features[0], **changes),))


# stops 0, 0, 0: top row A W A (A x3 pays 4 coins, the wild on reel 2), bottom row B A W pays nothing;
# the draws: reel 2 takes x3 (raw 3 of weights 2, 1, 1), reel 3 takes x2 (raw 2)
SCRIPT = (0, 0, 0, 3, 2)


@pytest.mark.parametrize(("applies_to", "combine", "m"), [
    ("wild_in_win", "product", 3), ("wild_in_win", "sum", 3), ("every_win", "product", 6), ("every_win", "sum", 5)])
def test_a_win_takes_the_values_of_its_reels(toy: Definition, applies_to: str, combine: str, m: int) -> None:
    defn = variant(toy, applies_to=applies_to, combine=combine)
    result = play_round(defn, RoundRequest(default_bet(defn), 0, script=SCRIPT))
    (drawn,) = [e for e in result.events if isinstance(e, ReelMultipliersDrawn)]
    assert (drawn.reels, drawn.values) == ((1, 2), (3, 2))
    (line,) = [e for e in result.events if isinstance(e, LineWin)]
    (said,) = [e for e in result.events if isinstance(e, WinMultiplied)]
    assert (line.multiplier, line.amount, said.multiplier, said.added) == (m, 40 * m, m, 40 * (m - 1))
    assert result.total_win == 40 * m


def test_every_spin_draws_even_without_a_win(toy: Definition) -> None:
    # stops 1, 2, 2: B S / B B / B S: top B B B pays 3 coins with no wild; bottom S B S
    result = play_round(toy, RoundRequest(default_bet(toy), 0, script=(1, 2, 2, 3, 3)))
    (drawn,) = [e for e in result.events if isinstance(e, ReelMultipliersDrawn)]
    assert drawn.values == (3, 3)
    assert not [e for e in result.events if isinstance(e, WinMultiplied)]  # no wild in the win: x1
    wins = [e for e in result.events if isinstance(e, (LineWin, ScatterWin))]
    assert all(e.multiplier == 1 for e in wins)


def test_a_scatter_win_follows_scatter_pays(toy: Definition) -> None:
    # stops 2, 3, 3: S A / S B / S A: three scatters on reels 1-3 pay 5x bet; draws x2, x3
    for scatter_pays, m in ((False, 1), (True, 6)):
        defn = variant(toy, applies_to="every_win", scatter_pays=scatter_pays)
        result = play_round(defn, RoundRequest(default_bet(defn), 0, script=(2, 3, 3, 2, 3)))
        (win,) = [e for e in result.events if isinstance(e, ScatterWin)]
        assert win.multiplier == m


@pytest.mark.parametrize(("applies_to", "combine", "whole"), list(itertools.product(
    ("every_win", "wild_in_win"), ("product", "sum"), (False, True))))
def test_par_is_exact_and_equals_brute_force(toy: Definition, applies_to: str, combine: str, whole: bool) -> None:
    # whole: x1 or x3 evenly (mean 2: the product priced by the means); else weights 2, 1, 1 of
    # x1, x2, x3 (mean 7/4: the wild_in_win product prices every draw of the two reels)
    table = toy.features[0].multipliers
    if whole:
        table = (dataclasses.replace(table[0], weight=1), table[2])
    defn = variant(toy, applies_to=applies_to, combine=combine, multipliers=table)
    report = par(defn)
    assert isinstance(report.total, Exact)
    assert report.total.value == round_value(defn).rtp


@pytest.mark.parametrize("applies_to", ["every_win", "wild_in_win"])
def test_the_batch_equals_play_round(toy: Definition, applies_to: str) -> None:
    defn = variant(toy, applies_to=applies_to, combine="sum")
    bet = default_bet(defn)
    seeds = derive_seeds(7, 0, 600)
    out = round_outcomes(defn, bet, seeds)
    played = [play_round(defn, RoundRequest(bet, int(s), with_offer=False, keep_events=False)).total_win
              for s in seeds]
    assert np.array_equal(out.win, np.array(played))


def test_per_reel_options_are_checked() -> None:
    text = TOY.read_text()
    with pytest.raises(DefinitionError, match="reel 4 is not a reel"):
        load_definition_text(text.replace("reels: [2, 3]", "reels: [2, 4]"), "toy.yaml")
    with pytest.raises(DefinitionError, match="in reel order"):
        load_definition_text(text.replace("reels: [2, 3]", "reels: [3, 2]"), "toy.yaml")
    with pytest.raises(DefinitionError, match="applies_to is for per: reel"):
        load_definition_text(text.replace("  per: reel\n  reels: [2, 3]\n", ""), "toy.yaml")


def test_smiley_x_wild_is_its_published_rtp_to_every_digit() -> None:
    """slotopol's Smiley x Wild at its 88.827460% reels (x1-x5 per wild reel: its scan's mean x3)."""
    report = par(load_game(GAMES / "catalogue" / "smiley-x-wild.yaml"))
    assert isinstance(report.total, Exact)
    assert f"{float(report.total.value) * 100:.6f}" == "88.827460"
