"""The kiosk's progressive jackpot in the core (issue 35, item 8): each base round reports its exact
contribution and, when its rule is met, that the pool was won (typed events, no amount: the machine
pays the pool); par states the contribution rate and the rule's hit rate, equal to brute force."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.bruteforce import expectation
from cabinet.core.definition import Definition
from cabinet.core.features.progressive import (
    JackpotContributed,
    JackpotWon,
    draw_chance,
    hits_stat,
    line_hit,
    scatter_hit,
)
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round, play_spin_with
from cabinet.core.value import Exact

GAMES = Path(__file__).parent / "games" / "jackpot"
LINE = GAMES / "toy-jackpot-line.yaml"
DRAW = GAMES / "toy-jackpot-draw.yaml"
GRAND = GAMES / "toy-jackpot-grand.yaml"


@pytest.fixture(scope="module")
def line_game() -> Definition:
    return load_definition(LINE)


@pytest.fixture(scope="module")
def draw_game() -> Definition:
    return load_definition(DRAW)


@pytest.mark.parametrize(("screen", "lines", "expected"), [
    ((("W", "A"), ("W", "B"), ("W", "A")), 2, ((0, 0), (1, 0), (2, 0))),   # top line
    ((("A", "W"), ("B", "W"), ("A", "W")), 2, ((0, 1), (1, 1), (2, 1))),   # bottom line
    ((("A", "W"), ("B", "W"), ("A", "W")), 1, ()),                         # bottom line not played
    ((("W", "A"), ("W", "B"), ("A", "W")), 2, ()),                         # two from reel 1 only
    ((("A", "W"), ("W", "B"), ("W", "A")), 2, ()),                         # not from reel 1
])
def test_line_rule_on_hand_built_screens(line_game: Definition, screen: tuple, lines: int, expected: tuple) -> None:
    assert line_hit(line_game, screen, lines, "W", 3) == expected


def test_scatter_rule_counts_anywhere() -> None:
    screen = (("S",), ("A",), ("S",))
    assert scatter_hit(screen, "S", 2) == ((0, 0), (2, 0))
    assert scatter_hit(screen, "S", 3) == ()


def test_a_round_reports_its_exact_contribution_and_the_win_without_an_amount(line_game: Definition) -> None:
    bet = Bet(2, 1, 10)  # 20 minor units
    won = play_round(line_game, RoundRequest(bet, 0, script=(1, 0, 2)))  # W W W on the top line
    contributed = [e for e in won.events if isinstance(e, JackpotContributed)]
    assert contributed == [JackpotContributed("toy_pool", Fraction(3, 5), Fraction(3, 100), 1000, 500, 2000)]
    (hit,) = [e for e in won.events if isinstance(e, JackpotWon)]
    assert (hit.pool, hit.rule, hit.positions) == ("toy_pool", "line", ((0, 0), (1, 0), (2, 0)))
    assert not hasattr(hit, "amount") and not hasattr(contributed[0], "amount")
    # top line W W W pays 10 coins, bottom B B W pays B's 3 (coin value 10): the pool is not in the total
    assert won.total_win == 100 + 30
    assert "progressive_jackpot" in won.features and won.stats[hits_stat("toy_pool")] == 1
    lost = play_round(line_game, RoundRequest(bet, 0, script=(0, 0, 2)))
    assert not [e for e in lost.events if isinstance(e, JackpotWon)]
    assert [e for e in lost.events if isinstance(e, JackpotContributed)]


def test_draw_odds_scale_with_the_bet(draw_game: Definition) -> None:
    rule = draw_game.features[1].win
    assert draw_chance(rule, 10) == Fraction(1, 90)
    assert draw_chance(rule, 30) == Fraction(1, 30)
    assert draw_chance(rule, 10_000) == 1


def _hit_rate_by_brute_force(defn: Definition, bet: Bet, pool: str) -> Fraction:
    request = RoundRequest(bet, 0, with_offer=False, keep_events=False)
    return expectation(lambda rng: play_spin_with(defn, request, rng).stats.get(hits_stat(pool), 0)).mean


@pytest.mark.parametrize(("path", "bet", "feature", "pool"), [
    (LINE, Bet(2, 1, 10), "progressive_jackpot", "toy_pool"),
    (LINE, Bet(1, 1, 20), "progressive_jackpot", "toy_pool"),
    (DRAW, Bet(1, 1, 10), "gem_jackpot", "gems"),
    (DRAW, Bet(1, 1, 30), "progressive_jackpot", "toy_pool"),
    (GRAND, Bet(1, 1, 10), "progressive_jackpot", "toy_pool"),  # the hold-and-respin's trigger x fill chain
])
def test_par_hit_rate_equals_brute_force(path: Path, bet: Bet, feature: str, pool: str) -> None:
    defn = load_definition(path)
    report = par(defn, bet)
    part = next(p for p in report.parts if p.name == feature)
    assert isinstance(part.figures["hit_rate"], Exact)
    assert part.figures["hit_rate"].value == _hit_rate_by_brute_force(defn, bet, pool)
    assert part.rtp == Exact(Fraction(0))  # the game's RTP leaves the pool out ...
    params = next(f for f in defn.features if f.name == feature)
    assert part.figures["contribution_rate"] == Exact(params.contribution)
    assert any("RTP with the jackpot" in n for n in report.notes)  # ... and says what it adds


def test_the_game_rtp_is_unchanged_by_the_pool(line_game: Definition) -> None:
    from cabinet.core.bruteforce import round_value

    bet = default_bet(line_game)
    assert round_value(line_game, bet).rtp == par(line_game, bet).total.value  # type: ignore[union-attr]


def test_the_draw_is_the_rounds_last_draw_and_scripts_force_it(draw_game: Definition) -> None:
    from cabinet.core.round import forcing_script

    bet = Bet(1, 1, 10)  # 1 in 90
    assert len(forcing_script(draw_game, RoundRequest(bet, 7))) == 4  # three stops, then the draw
    hit = play_round(draw_game, RoundRequest(bet, 7, script=(0, 0, 0, 0)))  # below(90) = 0 < 1: won
    miss = play_round(draw_game, RoundRequest(bet, 7, script=(0, 0, 0, 1)))
    assert [e.rule for e in hit.events if isinstance(e, JackpotWon)] == ["draw"]
    assert not [e for e in miss.events if isinstance(e, JackpotWon)]
    assert hit.total_win == miss.total_win


BAD_DRAW_NOT_LAST = """
format: 1
id: bad
name: Bad
grid: {reels: 3, rows: 1}
symbols: [{id: A}, {id: S, kind: scatter}]
reels: {base: [A S, A S, S A]}
lines: [[0, 0, 0]]
pays: {A: {3: 4}}
bet: {currency: EUR, minor_units: 2, coin_values: ['0.10'], lines: [1]}
features:
- type: progressive_jackpot
  contribution: 1/100
  win: {rule: draw, chance: 1/90, per: 10}
- type: progressive_jackpot
  name: second
  contribution: 2
  win: {rule: line, symbol: Q, count: 3}
"""


def test_the_loader_says_why_it_refuses() -> None:
    with pytest.raises(DefinitionError) as caught:
        load_definition_text(BAD_DRAW_NOT_LAST, "bad.yaml")
    text = str(caught.value)
    assert "the last feature listed" in text
    assert "contribution must be a share" in text
    assert "Q" in text
    assert "bad.yaml:13:" in text or "bad.yaml:14:" in text  # file:line:col of the first block


@pytest.mark.parametrize("path", [LINE, DRAW, GRAND])
def test_the_batch_path_equals_play_round_and_counts_the_hits_it_plays(path: Path) -> None:
    from cabinet.core.simulate import derive_seeds, round_outcomes

    defn = load_definition(path)
    bet = default_bet(defn)
    seeds = derive_seeds(3, 0, 300)
    out = round_outcomes(defn, bet, seeds)
    played = [play_round(defn, RoundRequest(bet, int(s))) for s in seeds.tolist()]
    assert out.win.tolist() == [r.total_win for r in played]
    if path == GRAND:
        return  # the boards' batch plays the grand: its hits are not batch-counted (the totals are equal)
    name = "progressive_jackpot" if path == LINE else "gem_jackpot"  # the draw's hits are not batch-counted
    ran = out.features.get(name, (np.zeros(len(seeds), dtype=bool),))[0]
    assert ran.tolist() == [name in r.features for r in played]


def test_a_filled_grand_board_wins_the_pool_in_place_of_its_fill_award() -> None:
    defn = load_definition(GRAND)
    bet = default_bet(defn)
    fills = 0
    for seed in range(200):
        result = play_round(defn, RoundRequest(bet, seed))
        filled = result.stats.get("coins_filled_GRAND", 0)
        fills += filled
        won = [e for e in result.events if isinstance(e, JackpotWon)]
        assert bool(won) == bool(filled)
        assert not [e for e in result.events if e.kind == "board_filled" and getattr(e, "amount", 0)]
    assert fills
    text = (GRAND.read_text(encoding="utf-8").replace("strip: BLANK C PLUS}", "strip: BLANK C PLUS, fill_x_bet: 5}"))
    with pytest.raises(DefinitionError, match="fill award of its own"):
        load_definition_text(text, "grand.yaml")
