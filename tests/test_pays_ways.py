"""The ways pay model: every rule on hand-built screens, exact par against brute force, the
numpy batch against play_round round by round, and the YAML's checks."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.events import EVENT_TYPES
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.pays import model_of, pay_models
from cabinet.core.pays.ways import WaysWin
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes

GAMES = Path(__file__).resolve().parent / "games" / "pays"


@pytest.fixture(scope="module")
def toy():  # noqa: ANN201
    return load_game(GAMES / "toy-ways.yaml")


def variant(defn, *, direction: str | None = None, wild_multipliers: str | None = None, features=None):  # noqa: ANN001, ANN201
    spec = defn.pay_model if direction is None else dataclasses.replace(defn.pay_model, direction=direction)
    return dataclasses.replace(
        defn, pay_model=spec, wild_multipliers=wild_multipliers or defn.wild_multipliers,
        features=defn.features if features is None else features,
    )


def wins(defn, screen, bet: Bet | None = None):  # noqa: ANN001, ANN201
    events, total = model_of(defn).evaluate(defn, screen, bet or Bet(4, 1, 5))
    return [e for e in events if isinstance(e, WaysWin)], total


# --- rules on hand-built screens (3 reels x 2 rows; A 3:5 4:10 5:20, B 2:1 3:3, C 3:2) ------------

def test_ways_are_the_product_of_matching_positions(toy) -> None:  # noqa: ANN001
    found, total = wins(toy, (("B", "B"), ("B", "C"), ("B", "B")))
    (win,) = found
    assert (win.symbol, win.count, win.ways, win.multiplier) == ("B", 3, 4, 1)
    assert win.rows == ((0, 1), (0,), (0, 1)) and win.reels == (0, 1, 2)
    assert win.positions == ((0, 0), (0, 1), (1, 0), (2, 0), (2, 1))
    assert win.amount == 3 * 4 * 5 and total == 60  # 3 coins x 4 ways x level 1 x 0.05


def test_only_the_whole_run_pays_and_a_gap_ends_it(toy) -> None:  # noqa: ANN001
    found, _ = wins(toy, (("B", "C"), ("B", "B"), ("A", "S")))
    (win,) = found  # B on reels 1-2: 2 ways of 2 (the shorter runs inside are not paid again)
    assert (win.symbol, win.count, win.ways) == ("B", 2, 2)
    assert wins(toy, (("B", "C"), ("A", "S"), ("B", "B")))[0] == []  # reel 2 breaks B


def test_wild_multipliers_multiply_per_way(toy) -> None:  # noqa: ANN001
    found, _ = wins(toy, (("C", "C"), ("WILD", "C"), ("WILD", "C")))
    by_mult = {w.multiplier: w.ways for w in found if w.symbol == "C"}
    assert by_mult == {4: 2, 2: 4, 1: 2}  # (2 C) x (WILD|C) x (WILD|C): x2 x2 on 2 ways, ...
    assert sum(w.amount for w in found if w.symbol == "C") == 2 * 5 * (4 * 2 + 2 * 4 + 1 * 2)


def test_highest_wild_multiplier_applies_once(toy) -> None:  # noqa: ANN001
    highest = variant(toy, wild_multipliers="highest")
    found, _ = wins(highest, (("C", "C"), ("WILD", "C"), ("WILD", "C")))
    assert {w.multiplier: w.ways for w in found if w.symbol == "C"} == {2: 6, 1: 2}


def test_a_double_counts_two_on_every_way_through_it(toy) -> None:  # noqa: ANN001
    found, _ = wins(toy, (("AA", "A"), ("A", "C"), ("A", "C")))
    assert {(w.count, w.ways) for w in found} == {(4, 1), (3, 1)}
    assert all(w.symbol == "A" for w in found)
    assert sum(w.amount for w in found) == (10 + 5) * 5


def test_wilds_alone_pay_every_symbol_they_stand_for(toy) -> None:  # noqa: ANN001
    found, _ = wins(toy, (("A", "B"), ("WILD", "S"), ("C", "B")))
    assert {(w.symbol, w.count, w.ways, w.multiplier) for w in found} == {("B", 3, 1, 2)}
    found, _ = wins(toy, (("A", "B"), ("WILD", "WILD"), ("A", "B")))
    assert {(w.symbol, w.ways, w.multiplier) for w in found} == {("A", 2, 2), ("B", 2, 2)}  # one wild per way: x2


def test_both_ways_pays_from_the_right_and_a_full_run_once(toy) -> None:  # noqa: ANN001
    both = variant(toy, direction="both_ways")
    found, _ = wins(both, (("S", "C"), ("B", "B"), ("B", "A")))
    (win,) = found
    assert (win.symbol, win.direction, win.reels, win.ways) == ("B", "rtl", (2, 1), 2)
    found, _ = wins(both, (("B", "C"), ("B", "A"), ("B", "A")))
    assert [(w.symbol, w.direction) for w in found] == [("B", "ltr")]


def test_scatters_pay_anywhere_beside_ways(toy) -> None:  # noqa: ANN001
    events, total = model_of(toy).evaluate(toy, (("S", "C"), ("A", "B"), ("S", "C")), Bet(4, 1, 5))
    assert [e.kind for e in events] == ["scatter_win"] and total == 20  # 1 x the bet of 4 x 0.05


def test_the_win_event_is_registered_and_round_trips(toy) -> None:  # noqa: ANN001
    assert EVENT_TYPES["ways_win"] is WaysWin
    (win,), _ = wins(toy, (("B", "B"), ("B", "C"), ("B", "B")))
    data = win.to_dict()
    assert data["kind"] == "ways_win" and data["ways"] == 4 and data["rows"] == [[0, 1], [0], [0, 1]]


# --- exact par ----------------------------------------------------------------------------------

@pytest.mark.parametrize("direction", ["left_to_right", "both_ways"])
@pytest.mark.parametrize("wild_multipliers", ["multiply", "highest"])
def test_par_equals_brute_force(toy, direction: str, wild_multipliers: str) -> None:  # noqa: ANN001
    game = variant(toy, direction=direction, wild_multipliers=wild_multipliers)
    report = par(game)
    assert report.exact
    assert report.total_rtp == round_value(game).rtp


@pytest.mark.parametrize("direction", ["left_to_right", "both_ways"])
def test_hit_rate_equals_brute_force(toy, direction: str) -> None:  # noqa: ANN001
    base_only = variant(toy, direction=direction, features=())
    assert par(base_only).hit_rate == round_value(base_only).hit_rate


def test_per_symbol_rtp_adds_up(toy) -> None:  # noqa: ANN001
    report = par(toy)
    assert sum(report.symbols.values(), Fraction(0)) == report.base_rtp
    assert report.line_rtp == model_of(toy).line_coins(toy, "base") * default_bet(toy).lines / default_bet(toy).lines


def test_a_block_par_cannot_price_under_ways_is_estimated_whole(toy) -> None:  # noqa: ANN001
    from cabinet.core.loader import load_definition_text

    text = (GAMES / "toy-ways.yaml").read_text().replace("multiplier: 2, ", "").replace(
        "features:\n", "features:\n  - {type: multiplier_wilds, symbol: WILD, multipliers: [{value: 2}, {value: 3}]}\n")
    game = load_definition_text(text, "toy")
    report = par(game, samples=4)
    assert not report.exact
    assert any("multiplier_wilds under ways pays" in n for n in report.notes)


# --- simulate's batch ---------------------------------------------------------------------------

def test_batch_equals_play_round_round_by_round(toy) -> None:  # noqa: ANN001
    bet = default_bet(toy)
    seeds = derive_seeds(11, 0, 3000)
    out = round_outcomes(toy, bet, seeds)
    played = [play_round(toy, RoundRequest(bet, int(s))).total_win for s in seeds]
    assert out.win.tolist() == played
    assert 0 < int(out.scalar.sum()) < len(seeds)  # the batch priced most rounds itself


def test_batch_plays_ways_and_their_free_spins_as_play_round_does() -> None:
    game = load_game(GAMES / "ways-243.yaml")
    bet = default_bet(game)
    seeds = derive_seeds(3, 0, 3000)
    out = round_outcomes(game, bet, seeds)
    assert out.win.tolist() == [play_round(game, RoundRequest(bet, int(s))).total_win for s in seeds]
    assert not out.scalar.any()  # free spins too: the batch played every round
    assert out.features["free_spins"][0].sum() >= 20  # and enough of them ran to mean something


# --- YAML ---------------------------------------------------------------------------------------

def _issues(text: str) -> list[str]:
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text, "g.yaml")
    return [f"{i.line}:{i.column}: {i.message}" for i in info.value.issues]


def test_the_registry_has_every_model() -> None:
    assert {"lines", "ways"} <= set(pay_models())


def test_an_unknown_pay_model_names_its_place() -> None:
    text = (GAMES / "toy-ways.yaml").read_text().replace("{type: ways, cost: 4}", "{type: wayz, cost: 4}")
    (issue,) = _issues(text)
    assert issue.startswith("8:19: unknown pay model 'wayz'")


def test_ways_needs_a_cost_and_no_paylines_and_no_wild_pays() -> None:
    text = (GAMES / "toy-ways.yaml").read_text()
    assert any("needs cost" in i for i in _issues(text.replace("{type: ways, cost: 4}", "{type: ways}")))
    issues = _issues(text.replace("pays:\n", "lines: [[0, 0, 0]]\npays:\n  WILD: {3: 50}\n"))
    assert any("has no paylines" in i for i in issues)
    assert any("pays wilds as the symbols they stand for" in i for i in issues)


def test_a_lines_game_has_no_cost(games_dir: Path) -> None:
    text = (games_dir / "classic.yaml").read_text().replace("grid:", "pay_model: {cost: 20}\ngrid:", 1)
    assert any("a lines game has no cost" in i for i in _issues(text))


# --- the tools that read par ----------------------------------------------------------------------

def test_sensitivity_levers_are_exact_pars_of_the_changed_ways_game(toy) -> None:  # noqa: ANN001
    from cabinet.core.sensitivity import sensitivity

    report = sensitivity(toy, only=("WILD",))
    assert report.effects and all(e.exact for e in report.effects)
    first = report.effects[0]
    assert first.delta.value == par(first.lever.change(toy)).total_rtp - par(toy).total_rtp


def test_tune_refuses_a_ways_game_and_says_why(toy) -> None:  # noqa: ANN001
    from cabinet.core.tuning import counts_of, tune

    with pytest.raises(ValueError, match="depends on which symbols sit together in a window"):
        tune(toy, {"base": counts_of(toy, "base")}, Fraction(95, 100), {"base": {"A", "B"}})


def test_diff_compares_two_ways_games(toy) -> None:  # noqa: ANN001
    from cabinet.core.version_diff import version_diff

    text = (GAMES / "toy-ways.yaml").read_text()
    other = load_definition_text(text.replace("B: {2: 1, 3: 3}", "B: {2: 1, 3: 4}"), "b.yaml")
    diff = version_diff(toy, text, other, text, a_name="a", b_name="b")
    total = next(r for r in diff.rows if r.label == "total RTP")
    assert total.moved and total.exact
