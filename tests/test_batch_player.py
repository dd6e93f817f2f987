"""The batch player plays the features a block describes as a ``SpinsPlan``, and every
round it plays is the round ``play_round`` plays: win for win, seed for seed."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureLimitReached
from cabinet.core.features import free_spins
from cabinet.core.features.progress_levels import LevelReached
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import (
    SHARD_SIZE,
    BatchRounds,
    BatchSpinner,
    derive_seeds,
    lean_round,
    round_outcomes,
    simulate,
)

# Weighted base and free reel sets, a drawn spin multiplier, retriggers with their own
# table, a top-up to a minimum and a cap in coins that some features reach.
TOPPED = """
format: 1
id: topped
name: Topped
grid: {reels: 3, rows: 2}
symbols:
  - {id: W, kind: wild, multiplier: 2}
  - {id: S, kind: scatter}
  - {id: SS, kind: scatter, counts: 2, pays_as: S}
  - {id: A}
  - {id: B}
  - {id: K}
reels:
  base:
    - "A W B S K K B A"
    - "S A K W SS B K A"
    - "B A K S W K A"
  other:
    - "W A B S K"
    - "A S K B"
    - "A K B W S"
  free1:
    - "A S W K B K"
    - "S A K B A K"
    - "B K K A W A"
  free2:
    - "W K W K S"
    - "K A W B"
    - "B K A W"
lines: [[0, 0, 0], [1, 1, 1], [0, 1, 0], [1, 0, 1]]
pays:
  W: {3: 12}
  A: {3: 4}
  B: {3: 6}
  K: {3: 1}
  S: {2: 1, 3: 5}
base_game:
  reel_sets: [{set: base, weight: 5}, {set: other, weight: 2}]
bet:
  currency: CRD
  minor_units: 0
  coins_per_line: [1, 2]
  coin_values: ["1", "3"]
features:
  - type: free_spins
    trigger_symbol: S
    awards: {3: 2, 4: 4}
    retrigger_awards: {2: 1, 4: 3}
    reel_sets: [{set: free1, weight: 3}, {set: free2, weight: 2}]
    win_multiplier: 2
    spin_multipliers: [{value: 1, weight: 4}, {value: 2, weight: 2}, {value: 5, weight: 1}]
    minimum_win_x_bet: 6
    top_up_spins: 2
    max_win_coins: 200
"""


# The same with a progress bar inside the free spins (S moves it; levels unlock sticky wild
# reels, a multiplier and wins both ways, each with extra spins) and the reels it makes sticky.
LEVELS = TOPPED + """
  - type: progress_levels
    symbol: K
    feature: free_spins
    points_per_level: 2
    max_points: 9
    sticky_reels: [2, 3]
    levels:
      - {unlock: sticky_reel, extra_spins: 1}
      - {unlock: multiplier, value: 3, extra_spins: 0}
      - {unlock: both_ways, extra_spins: 2}
      - {unlock: sticky_reel, extra_spins: 1}
  - type: sticky_wild_reels
    symbol: W
"""


def topped() -> Definition:
    return load_definition_text(TOPPED, "topped.yaml")


def levelled() -> Definition:
    return load_definition_text(LEVELS, "levels.yaml")


def played_by_the_player(defn: Definition, seeds: np.ndarray, **kwargs: Any) -> int:
    """Every round the batch player settles equals the lean ``play_round`` of its seed
    (total, the features that ran, what each paid); returns how many it settled. The
    other rounds of a sample are checked too."""
    return settled(defn, seeds, kwargs.get("bet"))[0]


def settled(defn: Definition, seeds: np.ndarray, bet: Bet | None = None) -> tuple[int, BatchRounds]:
    """``played_by_the_player``, with the batch's rounds."""
    bet = bet or default_bet(defn)
    batch = BatchSpinner(defn, bet).rounds(seeds)
    played = np.zeros(len(seeds), dtype=bool)
    for name in batch.paid:  # the features a plan played (a quiet stage pays nothing: not a plan)
        played |= batch.ran[name]
    checked = 0
    for i in np.nonzero(played & ~batch.scalar)[0].tolist():
        result = lean_round(defn, bet, int(seeds[i]))
        ran = sorted(name for name, mask in batch.ran.items() if mask[i])
        paid = {name: int(batch.paid[name][i]) for name in ran if name in batch.paid}
        assert (result.total_win, sorted(result.features), {k: result.feature_wins.get(k, 0) for k in paid}) == (
            int(batch.win[i]), ran, paid
        ), f"round of seed {int(seeds[i])}"
        checked += 1
    for i in np.nonzero(~batch.scalar & ~played)[0][:300].tolist():
        assert lean_round(defn, bet, int(seeds[i])).total_win == batch.win[i]
    return checked, batch


PLANNED_GAMES = ["classic", "happy-riches", "retro-reels-diamond-glitz", "lucky-christmas"]

# One expanding wild inside the free spins (reel 2 of the free reels): the plan shows every
# spin's windows as the block grows them.
EXPANDING = TOPPED + "  - {type: expanding_wild, symbol: W, reels: [2], modes: [free]}\n"


@pytest.mark.parametrize("game", PLANNED_GAMES)
def test_shipped_free_spins_are_played_by_the_batch_player_exactly(game: str) -> None:
    defn = load_game(game)
    seeds = derive_seeds(31, 0, 120_000)
    assert played_by_the_player(defn, seeds) > 600
    assert not BatchSpinner(defn, default_bet(defn)).rounds(seeds[:20_000]).scalar.any()


def test_the_toy_with_every_rule_of_the_plan_agrees_round_by_round() -> None:
    defn = topped()
    seeds = derive_seeds(8, 0, 30_000)
    assert played_by_the_player(defn, seeds) > 2000
    # the rules the plan carries all acted in these rounds
    rounds = [lean_round(defn, default_bet(defn), int(s)) for s in seeds[:6000]]
    stats = [r.stats for r in rounds if r.features]
    assert any("free_spins_top_up_spins" in s for s in stats)
    assert any(r.feature_wins.get("free_spins") == 200 for r in rounds)  # the cap
    assert any(s["free_spins_spins"] > 6 for s in stats)  # retriggers


def test_levels_sticky_reels_multiplier_and_both_ways_agree_round_by_round() -> None:
    defn = levelled()
    seeds = derive_seeds(12, 0, 30_000)
    assert played_by_the_player(defn, seeds) > 2000
    bet = default_bet(defn)
    batch = BatchSpinner(defn, bet).rounds(seeds[:4000])
    reached = set()
    for i in np.nonzero(batch.ran["free_spins"] & ~batch.scalar)[0].tolist():
        reached |= {e.unlocks for e in play_round(defn, RoundRequest(bet, int(seeds[i]))).events
                    if isinstance(e, LevelReached)}
    assert reached == {"sticky_reel", "multiplier", "both_ways"}  # every level acted in rounds the player played


def test_lucky_christmas_levels_are_reached_in_rounds_the_player_plays() -> None:
    defn = load_game("lucky-christmas")
    bet = default_bet(defn)
    seeds = derive_seeds(21, 0, 60_000)
    batch = BatchSpinner(defn, bet).rounds(seeds)
    top = 0
    for i in np.nonzero(batch.ran["free_spins"] & ~batch.scalar)[0].tolist():
        levels = [e.level for e in play_round(defn, RoundRequest(bet, int(seeds[i]))).events
                  if isinstance(e, LevelReached)]
        top = max([top, *levels])
    assert top >= 4  # both ways and beyond: the player played those rounds


def test_an_expanding_wild_inside_the_free_spins_agrees_round_by_round() -> None:
    defn = load_definition_text(EXPANDING, "expanding.yaml")
    assert free_spins.spins_plan(defn, defn.feature("free_spins"), default_bet(defn)) is not None
    seeds = derive_seeds(5, 0, 20_000)
    assert played_by_the_player(defn, seeds) > 1000
    out = round_outcomes(defn, default_bet(defn), seeds)
    assert not out.scalar.any()


def test_halloween_free_spins_with_their_expanding_wild_are_played_by_the_player() -> None:
    defn = load_game("halloween-wins-3")
    assert played_by_the_player(defn, derive_seeds(31, 0, 60_000)) > 250


def test_the_plan_follows_the_bet() -> None:
    # the cap is in coins and the minimum in bets: other amounts at another bet
    defn = topped()
    from cabinet.core.bet import Bet

    bet = Bet(lines=3, coins_per_line=2, coin_value=3)
    assert played_by_the_player(defn, derive_seeds(4, 0, 8000), bet=bet) > 300


def test_the_spin_limit_is_the_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    # a feature that reaches the block's spin limit ends there, in both players
    monkeypatch.setattr(free_spins, "MAX_FEATURE_SPINS", 7)
    defn = topped()
    seeds = derive_seeds(2, 0, 8000)
    assert played_by_the_player(defn, seeds) > 500
    bet = default_bet(defn)
    limited = [play_round(defn, RoundRequest(bet, int(s))) for s in seeds[:3000]]
    assert any(isinstance(e, FeatureLimitReached) for r in limited for e in r.events)


def test_free_spins_with_parts_the_plan_cannot_combine_go_to_play_round() -> None:
    # two expanding wilds inside the free spins: two screen changes, whose order the plan
    # does not carry, so no plan: the feature rounds are played by play_round, and simulate
    # counts them
    text = TOPPED + ("  - {type: expanding_wild, symbol: W, reels: [2], modes: [free]}\n"
                     "  - {type: expanding_wild, name: other_wild, symbol: W, reels: [3], modes: [free]}\n")
    defn = load_definition_text(text, "expanding.yaml")
    assert free_spins.spins_plan(defn, defn.feature("free_spins"), default_bet(defn)) is None
    seeds = derive_seeds(5, 0, 6000)
    out = round_outcomes(defn, default_bet(defn), seeds)
    ran = out.features["free_spins"][0]
    assert ran.sum() > 50 and np.array_equal(out.scalar, ran)
    assert np.array_equal(out.win, [lean_round(defn, default_bet(defn), int(s)).total_win for s in seeds])
    assert simulate(defn, 6000, 5).tally.scalar_rounds == int(ran.sum())


def test_a_rejected_draw_inside_a_feature_sends_the_round_to_play_round(monkeypatch: pytest.MonkeyPatch) -> None:
    from cabinet.core.simulation import boards_batch, rng_arrays

    limit = rng_arrays.rejection_limit
    # draws of the free spins' 6-stop strips are "rejected" half the time; the base strips' never
    for home in (rng_arrays, boards_batch):  # the draws' and the board cells' rejection limits
        monkeypatch.setattr(home, "rejection_limit", lambda n: 2**63 if n in (5, 6) else limit(n))
    defn = topped()
    seeds = derive_seeds(3, 0, 6000)
    out = round_outcomes(defn, default_bet(defn), seeds)
    assert out.scalar.any()
    assert np.array_equal(out.win, [lean_round(defn, default_bet(defn), int(s)).total_win for s in seeds])


@pytest.mark.slow
@pytest.mark.parametrize("game", PLANNED_GAMES)
def test_a_hundred_thousand_feature_rounds_agree_round_by_round(game: str) -> None:
    defn = load_game(game)
    checked = start = 0
    while checked < 100_000:
        checked += played_by_the_player(defn, derive_seeds(5, start, SHARD_SIZE))
        start += SHARD_SIZE
    assert checked >= 100_000


@pytest.mark.slow
@pytest.mark.parametrize("toy", [topped, levelled])
def test_a_hundred_thousand_feature_rounds_of_the_toys_agree(toy: Any) -> None:
    defn = toy()
    checked = start = 0
    while checked < 100_000:
        checked += played_by_the_player(defn, derive_seeds(6, start, 1 << 16))
        start += 1 << 16
    assert checked >= 100_000
