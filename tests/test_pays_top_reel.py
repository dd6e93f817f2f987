"""A Megaways top reel: one stop sets every cell over its reels (drawn after the heights), each
cell is row 0 of its reel and one more position in its ways; exact par (an outer sum over the
top reel's stops) against brute force, the numpy batch against play_round, and the checks."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.events import ReelsStopped
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
    return load_game(GAMES / "toy-megaways-top.yaml")


def test_the_top_reel_stop_is_drawn_after_the_heights_and_sets_every_cell(toy) -> None:  # noqa: ANN001
    # stops (4 reels), reel 1's height (below(3): 0 -> height 1), then the top stop of "A WILD B"
    windows = [[("A", "B"), ("B", "C"), ("C", "S"), ("S", "A")],
               [("WILD", "A"), ("A", "B"), ("B", "WILD")],
               [("A", "B"), ("B", "S"), ("S", "C"), ("C", "A")],
               [("B", "C"), ("C", "B")]]
    stops, screen, shown = model_of(toy).land(toy, "base", ScriptedRng([1, 0, 3, 1, 0, 2]), windows)
    assert stops == (1, 0, 3, 1)
    # the top stop 2 shows B over reel 2 and the strip's next symbol, A (it wraps), over reel 3
    assert screen == (("B",), ("B", "WILD", "A"), ("A", "C", "A"), ("C",))
    assert shown == (HeightsDrawn((1, 2, 2, 1), 1 * 3 * 3 * 1, ("B", "A"), 2),)


def test_the_top_cell_is_row_0_and_counts_in_its_reels_ways(toy) -> None:  # noqa: ANN001
    screen = (("B",), ("B", "WILD", "A"), ("A", "C", "A"), ("C",))
    events, _ = model_of(toy).evaluate(toy, screen, default_bet(toy))
    # B: reel 1, then reel 2's top B and its WILD (x2), reel 3 nothing: two ways of 2, one at x2
    found = sorted((e.symbol, e.count, e.ways, e.multiplier, e.rows) for e in events if isinstance(e, WaysWin))
    assert found == [("B", 2, 1, 1, ((0,), (0, 1))), ("B", 2, 1, 2, ((0,), (0, 1)))]


def test_a_round_carries_the_top_reel_and_replays_it(toy) -> None:  # noqa: ANN001
    bet = default_bet(toy)
    first = play_round(toy, RoundRequest(bet, 4242))
    assert first.events == play_round(toy, RoundRequest(bet, 4242)).events
    drawn = next(e for e in first.events if isinstance(e, HeightsDrawn))
    stopped = next(e for e in first.events if isinstance(e, ReelsStopped))
    assert tuple(len(c) for c in stopped.screen) == (drawn.heights[0], drawn.heights[1] + 1,
                                                      drawn.heights[2] + 1, drawn.heights[3])
    assert (stopped.screen[1][0], stopped.screen[2][0]) == drawn.top
    assert drawn.ways == len(stopped.screen[0]) * len(stopped.screen[1]) * len(stopped.screen[2]) * \
        len(stopped.screen[3])


def test_par_equals_brute_force_with_free_spins(toy) -> None:  # noqa: ANN001
    report = par(toy)
    assert report.exact
    assert report.total_rtp == round_value(toy).rtp


def test_base_par_and_hit_rate_equal_brute_force(toy) -> None:  # noqa: ANN001
    base_only = dataclasses.replace(toy, features=())
    report, brute = par(base_only), round_value(base_only)
    assert (report.total_rtp, report.hit_rate) == (brute.rtp, brute.hit_rate)


def test_a_long_top_strip_keeps_an_exact_rtp_and_names_the_hit_rate_it_skips() -> None:
    report = par(load_game(GAMES / "megaways-top-reel.yaml"))
    assert report.total is not None and report.total.exact
    assert report.hit_rate is None and any("top-reel stop" in n for n in report.notes)


@pytest.mark.parametrize("game", ["toy-megaways-top", "megaways-top-reel"])
def test_batch_equals_play_round_round_by_round(game: str) -> None:
    defn = load_game(GAMES / f"{game}.yaml")
    bet = default_bet(defn)
    seeds = derive_seeds(11, 0, 1500)
    out = round_outcomes(defn, bet, seeds)
    assert out.win.tolist() == [play_round(defn, RoundRequest(bet, int(s))).total_win for s in seeds]
    assert not out.scalar.any()


def _issues(text: str) -> list[str]:
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text, "g.yaml")
    return [f"{i.line}:{i.column}: {i.message}" for i in info.value.issues]


@pytest.mark.parametrize(("old", "new", "says"), [
    ('strip: "A WILD B"', 'strip: "A S B"', "'S' cannot be on the top reel"),
    ('strip: "A WILD B"', 'strip: "A Q B"', "unknown symbol 'Q' on the top reel"),
    ("reels: [2, 3]", "reels: [2, 4]", "adjacent reels of 1..4"),
    ("type: megaways", "type: ways", "top_reel is for megaways games"),
])
def test_the_yaml_says_what_is_wrong_with_a_top_reel(old: str, new: str, says: str) -> None:
    text = (GAMES / "toy-megaways-top.yaml").read_text()
    assert old in text
    assert any(says in i for i in _issues(text.replace(old, new)))
