"""The cluster pay model: clusters on hand-built screens, par exact only by enumeration (equal
to brute force) and an honest estimate otherwise, the bit-board batch against play_round."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.loader import load_game
from cabinet.core.par import par
from cabinet.core.pays import model_of
from cabinet.core.pays.cluster import ClusterWin
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes

GAMES = Path(__file__).resolve().parent / "games" / "pays"


@pytest.fixture(scope="module")
def toy():  # noqa: ANN201
    return load_game(GAMES / "toy-cluster.yaml")


def clusters(defn, screen):  # noqa: ANN001, ANN201
    events, _ = model_of(defn).evaluate(defn, screen, Bet(10, 1, 10))
    return sorted((e.symbol, e.count, e.positions, e.amount) for e in events if isinstance(e, ClusterWin))


def test_adjacent_equal_symbols_pay_by_size(toy) -> None:  # noqa: ANN001
    # A 3:2 5:10, B 3:1 5:5, C 3:1 4:2 6:8 (coins per level coin; a coin is 10 minor units)
    screen = (("B", "B", "A"), ("C", "B", "A"), ("C", "A", "S"))
    assert clusters(toy, screen) == [("B", 3, ((0, 0), (0, 1), (1, 1)), 10)]  # A's three are not all joined


def test_diagonals_do_not_join(toy) -> None:  # noqa: ANN001
    assert clusters(toy, (("B", "C", "A"), ("C", "B", "A"), ("A", "C", "B"))) == []


def test_a_wild_joins_every_cluster_it_touches(toy) -> None:  # noqa: ANN001
    screen = (("A", "B", "S"), ("A", "WILD", "B"), ("S", "C", "S"))
    assert clusters(toy, screen) == [("A", 3, ((0, 0), (1, 0), (1, 1)), 20),
                                     ("B", 3, ((0, 1), (1, 1), (1, 2)), 10)]


def test_wilds_alone_never_pay_and_doubles_count_two(toy) -> None:  # noqa: ANN001
    assert clusters(toy, (("WILD", "WILD", "WILD"), ("S", "S", "S"), ("A", "B", "C"))) == []
    assert clusters(toy, (("AA", "A", "S"), ("B", "C", "B"), ("S", "C", "S")))[0][:2] == ("A", 3)


def test_par_is_exact_by_enumeration_and_equals_brute_force(toy) -> None:  # noqa: ANN001
    report = par(toy)
    assert report.exact and not report.estimates()
    brute = round_value(toy)
    assert report.total_rtp == brute.rtp and report.hit_rate == brute.hit_rate


def test_a_grid_too_large_to_enumerate_is_an_estimate_that_says_so() -> None:
    game = load_game(GAMES / "cluster-7x7.yaml")
    report = par(game, samples=20)
    assert not report.exact and report.hit_rate is None
    assert "base_rtp" in report.estimates()
    assert any("sampled base spins" in n for n in report.notes)


@pytest.mark.parametrize("game", ["toy-cluster", "cluster-7x7"])
def test_batch_equals_play_round_round_by_round(game: str) -> None:
    defn = load_game(GAMES / f"{game}.yaml")
    bet = default_bet(defn)
    seeds = derive_seeds(9, 0, 1500)
    out = round_outcomes(defn, bet, seeds)
    assert out.win.tolist() == [play_round(defn, RoundRequest(bet, int(s))).total_win for s in seeds]
    assert not out.scalar.any()
