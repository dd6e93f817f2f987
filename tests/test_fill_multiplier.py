"""Fill multipliers (issue 35, item 6): reels or a screen full of one symbol multiply the
spin's line wins. The rule on hand-built screens for each way of counting full reels; par
exact and equal to brute force on the toys; the batch equal to play_round round by round."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import LineWin
from cabinet.core.features.fill_multiplier import FillMultiplier, screen_multiplier
from cabinet.core.features.multiplier_wilds import WinMultiplied
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

GAMES = Path(__file__).parent / "games" / "mults"


def toy(name: str) -> Definition:
    return load_definition(GAMES / f"{name}.yaml")


def fill(defn: Definition, **changes: object) -> tuple[Definition, FillMultiplier]:
    p = dataclasses.replace(defn.features[0], **changes)
    out = dataclasses.replace(defn, features=(p, *defn.features[1:]))
    return out, p


def cols(*reels: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(r.split()) for r in reels)


@pytest.mark.parametrize(("reels", "screen", "expected"), [
    # from_left: the run from reel 1 (wilds fill with wilds_substitute); the largest key not above
    ("from_left", ("A A", "A W", "B B"), (2, (0, 1))),
    ("from_left", ("A A", "W W", "A W"), (5, (0, 1, 2))),
    ("from_left", ("A B", "A A", "A A"), (1, ())),  # reel 1 not full: nothing
    ("from_left", ("W W", "W W", "B B"), (5, (0, 1, 2))),  # wilds alone fill for B too: 3 of B
    ("from_left", ("C C", "C C", "C C"), (1, ())),  # C is not listed
    # any: wherever they are
    ("any", ("A A", "B C", "A A"), (2, (0, 2))),
    ("any", ("A A", "B B", "C A"), (1, ())),  # one A reel, one B reel: 1 each
])
def test_full_reels_on_hand_built_screens(reels: str, screen: tuple[str, ...], expected: tuple[int, tuple[int, ...]]
                                          ) -> None:
    defn, p = fill(toy("toy-fill"), reels=reels)
    m, full = screen_multiplier(defn, p, cols(*screen))
    if expected[0] == 1:
        assert m == 1
    else:
        assert (m, full) == expected


@pytest.mark.parametrize(("screen", "m", "full"), [
    (("B C", "A A", "A A", "A A", "C B"), 2, (1, 2, 3)),  # 3 full reels around the centre
    (("A A", "A A", "A A", "B A", "A A"), 2, (0, 1, 2)),  # a gap on the right ends the run there
    (("A A", "A A", "B A", "A A", "A A"), 1, ()),  # the centre reel is not full: nothing
    (("A A", "A A", "A A", "A A", "A A"), 4, (0, 1, 2, 3, 4)),  # a screen full of one symbol
    (("B B", "A A", "A A", "B B", "B B"), 1, ()),  # two A reels next to the centre, B elsewhere
])
def test_from_the_centre_outward(screen: tuple[str, ...], m: int, full: tuple[int, ...]) -> None:
    defn = toy("toy-fill-centre")
    got = screen_multiplier(defn, defn.features[0], cols(*screen))
    assert got[0] == m and (m == 1 or got[1] == full)


def test_play_multiplies_line_wins_not_scatters_and_says_so() -> None:
    defn = toy("toy-fill")
    # stop 0 everywhere: reel 1 "A A", reel 2 "A A", reel 3 "A B": two full reels of A, x2
    result = play_round(defn, RoundRequest(default_bet(defn), 0, script=(0, 0, 0)))
    lines = [e for e in result.events if isinstance(e, LineWin)]
    (said,) = [e for e in result.events if isinstance(e, WinMultiplied)]
    assert said.multiplier == 2 and said.positions == ((0, 0), (0, 1), (1, 0), (1, 1))
    assert lines and all(e.multiplier == 2 for e in lines)
    # the top line and the V line pay A x3 (4 coins) x2, the bottom line A A B: A x2 (1 coin) x2
    assert [e.amount for e in lines] == [4 * 10 * 2, 1 * 10 * 2, 4 * 10 * 2]
    assert said.added == sum(e.amount for e in lines) // 2 and said.wins == 3


@pytest.mark.parametrize("name", ["toy-fill", "toy-fill-centre", "toy-fill-any"])
def test_par_is_exact_and_equals_brute_force(name: str) -> None:
    defn = toy(name)
    report = par(defn)
    assert isinstance(report.total, Exact)
    (part,) = [p for p in report.parts if p.name == "fill_multiplier"]
    assert part.rtp.value > 0  # type: ignore[union-attr]
    assert report.total.value == round_value(defn).rtp


def test_par_equals_brute_force_any_way_of_counting() -> None:
    base = toy("toy-fill")
    for reels, wilds in (("any", True), ("from_left", False)):
        defn, _ = fill(base, reels=reels, wilds_substitute=wilds)
        assert par(defn).total.value == round_value(defn).rtp  # type: ignore[union-attr]


@pytest.mark.parametrize("name", ["toy-fill", "toy-fill-any"])
def test_the_batch_equals_play_round_round_by_round(name: str) -> None:
    defn = toy(name)
    bet = default_bet(defn)
    seeds = derive_seeds(35, 0, 1500)
    out = round_outcomes(defn, bet, seeds)
    played = [play_round(defn, RoundRequest(bet, int(s), with_offer=False, keep_events=False)).total_win
              for s in seeds]
    assert np.array_equal(out.win, np.array(played))
    assert out.scalar.mean() < 0.5  # most spins priced by the batch itself


def test_the_loader_refuses_what_it_cannot_count() -> None:
    text = (GAMES / "toy-fill.yaml").read_text()
    with pytest.raises(DefinitionError) as err:
        load_definition_text(text.replace("symbols: [A, B]", "symbols: [A, S]"), "bad.yaml")
    assert "fill symbol" in str(err.value) and "bad.yaml:" in str(err.value)
    with pytest.raises(DefinitionError) as err:
        load_definition_text(text.replace("{2: 2, 3: 5}", "{2: 2, 4: 5}"), "bad.yaml")
    assert "1 to 3" in str(err.value)


def test_an_even_grid_has_no_centre_reel() -> None:
    text = (GAMES / "toy-fill-centre.yaml").read_text()
    text = text.replace("grid: {reels: 5, rows: 2}", "grid: {reels: 4, rows: 2}")
    text = text.replace(", A A C B]", "]").replace("[0, 0, 0, 0, 0]", "[0, 0, 0, 0]").replace("[1, 1, 1, 1, 1]",
                                                                                             "[1, 1, 1, 1]")
    text = text.replace("{3: 2, 4: 3, 5: 4}", "{3: 2, 4: 3}").replace("5: 10}", "4: 10}").replace("5: 20}", "4: 20}")
    with pytest.raises(DefinitionError) as err:
        load_definition_text(text, "even.yaml")
    assert "odd number of reels" in str(err.value)


def test_the_info_page_states_the_rule_from_the_yaml() -> None:
    from cabinet.presentation.scenes.info import feature_sections

    defn = toy("toy-fill-centre")
    (section,) = [s for s in feature_sections(defn, default_bet(defn)) if s.heading == "FULL REELS"]
    text = " ".join(p.text for p in section.paras)
    assert "from the centre reel outward" in text
    assert "3 full reels x2, 4 full reels x3 and a screen full of one symbol x4" in text
