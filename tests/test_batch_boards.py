"""The batch player plays hold-and-respin boards (``BoardsPlan``), wheels (``WheelPlan``), a
panel door's minigame and a wild respin's respins from their blocks' own data, and every
round it settles is the round ``play_round`` plays: win for win, seed for seed, feature by
feature (issue 25)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from combination_corpus import corpus
from test_batch_player import settled

from cabinet.core.bet import Bet, default_bet
from cabinet.core.boards import BoardFilled, CellMultiplierChanged, Collected, PrizeMultiplied
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureLimitReached, WheelSpun
from cabinet.core.features import hold_and_respin, wheel
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import SHARD_SIZE, derive_seeds, lean_round, round_outcomes
from cabinet.core.simulation import boards_batch, rng_arrays

# Two boards (one with a strip per cell), a trigger that opens with a chance below 1 for 3
# counted symbols, placed coins, a starting collector, +1 respins, a reset to 2, a
# multiplier with a limit, cell multipliers, jackpot coins that do not hold, fill awards;
# a wheel whose rings pass play on; a panel door opening a minigame of its own.
BOARDS = """
format: 1
id: boards
name: Boards
grid: {reels: 3, rows: 2}
symbols:
  - {id: W, kind: wild}
  - {id: C, kind: bonus, prizes: [{value: 1, weight: 5}, {value: 2, weight: 3}, {value: 10, weight: 1}]}
  - {id: GC, kind: bonus, counts: 2, pays_as: C}
  - {id: PLUS, kind: bonus}
  - {id: MULT, kind: bonus, multipliers: [{value: 2, weight: 3}, {value: 3, weight: 2}, {value: 10, weight: 1}]}
  - {id: POT, kind: bonus}
  - {id: MX, kind: bonus}
  - {id: JP, kind: bonus}
  - {id: F, kind: bonus}
  - {id: U, kind: bonus}
  - {id: G, kind: bonus, prizes: [{value: 1, weight: 1}, {value: 4, weight: 1}]}
  - {id: BLANK, kind: blank}
  - {id: A}
  - {id: B}
  - {id: K}
reels:
  base:
    - "A C B F K C A U B K GC A"
    - "C B A K W C B A K GC B"
    - "B C K F A C U K B GC A"
lines: [[0, 0, 0], [1, 1, 1], [0, 1, 0]]
pays:
  A: {3: 5}
  B: {3: 3}
  K: {3: 2}
  W: {3: 10}
bet:
  currency: CRD
  minor_units: 0
  coins_per_line: [1, 2]
  coin_values: ["1", "2"]
features:
  - type: hold_and_respin
    name: coins
    trigger_symbols: {C: 1, GC: 2}
    trigger_counts: {3: "1/2", 4: 1}
    place_symbol: C
    respins: 3
    reset_to: 2
    start: [{symbol: POT, board: TOP, reel: 2}]
    boards:
      - name: TOP
        reels: 3
        rows: 2
        cell_strips: ["BLANK*6 C C MULT JP", "BLANK*5 C MX", "BLANK*4 POT", "BLANK*4 POT",
                      "BLANK*6 C PLUS JP", "BLANK*5 C MULT MX"]
        fill_x_bet: 20
      - {name: LOW, reels: 2, rows: 2, strip: "BLANK*3 C C PLUS MULT", fill_x_bet: 5}
    jackpots: {MINI: 4}
    cells:
      - {symbol: C}
      - {symbol: PLUS, respins: 1}
      - {symbol: MULT, multiply: true, multiplier_limits: {10: 4}}
      - {symbol: POT, resets_respins: true, collects_reels: [1, 3]}
      - {symbol: MX, hold: false, cell_multiplier: 2}
      - {symbol: JP, hold: false, resets_respins: true, jackpot: MINI}
  - type: wheel
    name: spinner
    trigger_symbol: F
    trigger_reels: [1, 3]
    jackpots: {MAJOR: 30}
    rings:
      - name: outer
        pockets: [{pays_x_bet: 2, weight: 3}, {next: inner, weight: 2}, {pays_x_bet: 1, weight: 1}]
      - name: inner
        pockets: [{pays_x_bet: 5, weight: 2}, {jackpot: MAJOR}, {next: inner}]
  - type: panel_door
    name: panel
    symbol: U
    minigame: ghosts
    panel:
      - {mummies: 1, open: 1, shut: 1}
      - {mummies: 2, open: 1, shut: 0}
  - type: hold_and_respin
    name: ghosts
    opened_by: panel
    trigger_symbols: {U: 1}
    trigger_counts: {1: 1}
    respins: 2
    start: [{symbol: G}, {symbol: G}]
    boards:
      - {name: GH, reels: 2, rows: 2, strip: "BLANK*3 G"}
    cells:
      - {symbol: G, resets_respins: true}
"""


def named(defn: Definition, name: str) -> Any:
    return next(f for f in defn.features if f.name == name)


def boards_toy() -> Definition:
    return load_definition_text(BOARDS, "boards.yaml")


def events_of(defn: Definition, seeds: np.ndarray, rows: np.ndarray, bet: Bet | None = None) -> list[Any]:
    bet = bet or default_bet(defn)
    return [e for i in rows.tolist() for e in play_round(defn, RoundRequest(bet, int(seeds[i]))).events]


def test_happy_lucky_slot_boards_are_played_by_the_batch_exactly() -> None:
    defn = load_game("happy-lucky-slot")
    seeds = derive_seeds(31, 0, 100_000)
    checked, batch = settled(defn, seeds)
    assert checked > 400 and not batch.scalar.any()
    # the multipliers (some limited) and the board fills acted in rounds the player settled
    kinds = {type(e) for e in events_of(defn, seeds, np.nonzero(batch.ran["respin_feature"])[0])}
    assert {PrizeMultiplied, BoardFilled} <= kinds


def test_halloween_wheel_minigame_and_respin_are_played_by_the_batch_exactly() -> None:
    defn = load_game("halloween-wins-3")
    seeds = derive_seeds(32, 0, 40_000)
    checked, batch = settled(defn, seeds)
    assert checked > 3000
    for name in ("electric_wheel", "halloween_ghosts", "dracula_respin", "free_spins", "mummy_panel"):
        assert (batch.ran[name] & ~batch.scalar).sum() > 15, name
    # the pumpkins collected and Mummy X multiplied cells in rounds the player settled
    ghosts = np.nonzero(batch.ran["halloween_ghosts"] & ~batch.scalar)[0]
    kinds = {type(e) for e in events_of(defn, seeds, ghosts)}
    assert {Collected, CellMultiplierChanged} <= kinds
    # two features met in one trigger stage (a mummy with a Dracula respin, a wheel or free
    # spins): the player played them one after the other; nothing was left to play_round
    met = sum(batch.ran[name].astype(int) for name in ("electric_wheel", "dracula_respin", "free_spins",
                                                        "mummy_panel"))
    assert (met >= 2).sum() > 20 and not batch.scalar.any()


def test_a_toy_with_every_rule_of_the_boards_agrees_round_by_round() -> None:
    defn = boards_toy()
    seeds = derive_seeds(9, 0, 12_000)
    checked, batch = settled(defn, seeds)
    assert checked > 2000
    for name in ("coins", "spinner", "panel", "ghosts"):
        assert (batch.ran[name] & ~batch.scalar).sum() > 100, name
    met = batch.ran["coins"].astype(int) + batch.ran["spinner"] + batch.ran["panel"]
    assert ((met >= 2) & ~batch.scalar).sum() > 100  # features that meet in one trigger stage, in turn
    coins = np.nonzero(batch.ran["coins"] & ~batch.scalar)[0][:400]
    kinds = {type(e) for e in events_of(defn, seeds, coins)}
    assert {PrizeMultiplied, BoardFilled, Collected, CellMultiplierChanged} <= kinds
    spins = {e.ring for e in events_of(defn, seeds, np.nonzero(batch.ran["spinner"] & ~batch.scalar)[0][:200])
             if isinstance(e, WheelSpun)}
    assert spins == {0, 1}


def test_a_trigger_chance_below_one_opens_the_boards_in_some_rounds_only() -> None:
    defn = boards_toy()
    bet = default_bet(defn)
    seeds = derive_seeds(10, 0, 6000)
    out = round_outcomes(defn, bet, seeds)
    assert np.array_equal(out.win, [lean_round(defn, bet, int(s)).total_win for s in seeds])
    # rounds that showed exactly 3 coins: some opened the feature, some did not
    plan = hold_and_respin.boards_plan(defn, named(defn, "coins"), bet)
    assert plan is not None and 0 < plan.chances[3] < 1 == plan.chances[4]


def test_the_boards_follow_the_bet() -> None:
    defn = boards_toy()
    checked, _ = settled(defn, derive_seeds(11, 0, 8000), Bet(lines=3, coins_per_line=2, coin_value=2))
    assert checked > 1000


def test_rejected_draws_on_the_boards_and_the_wheel_go_to_play_round(monkeypatch: pytest.MonkeyPatch) -> None:
    limit = rng_arrays.rejection_limit
    # the draws over a board cell's 7, 8 or 9 stops, a ghost cell's 4, a prize's 9 weights and the
    # wheel's 6 and 4 are "rejected" half the time; the base strips' never
    for home in (rng_arrays, boards_batch):  # the draws' and the board cells' rejection limits
        monkeypatch.setattr(home, "rejection_limit", lambda n: 2**63 if n in (4, 6, 7, 8, 9) else limit(n))
    defn = boards_toy()
    bet = default_bet(defn)
    seeds = derive_seeds(12, 0, 6000)
    out = round_outcomes(defn, bet, seeds)
    assert out.scalar.sum() > 100
    assert np.array_equal(out.win, [lean_round(defn, bet, int(s)).total_win for s in seeds])


def test_the_respin_limit_is_the_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    for home in (hold_and_respin.play, hold_and_respin.chain):  # where the block reads its limit
        monkeypatch.setattr(home, "MAX_FEATURE_SPINS", 2)
    monkeypatch.setattr(wheel, "MAX_FEATURE_SPINS", 1)
    defn = boards_toy()
    seeds = derive_seeds(13, 0, 8000)
    checked, batch = settled(defn, seeds)
    assert checked > 1000
    limited = events_of(defn, seeds, np.nonzero(batch.ran["coins"] | batch.ran["spinner"])[0][:300])
    assert any(isinstance(e, FeatureLimitReached) for e in limited)


def test_a_value_that_is_not_whole_at_the_bet_leaves_the_feature_to_play_round() -> None:
    text = BOARDS.replace("fill_x_bet: 5}", "fill_x_bet: 0.5}").replace('coin_values: ["1", "2"]', 'coin_values: ["2"]')
    defn = load_definition_text(text, "halves.yaml")
    assert hold_and_respin.boards_plan(defn, named(defn, "coins"), Bet(lines=3, coins_per_line=1, coin_value=1)) is None
    bet = default_bet(defn)
    seeds = derive_seeds(14, 0, 3000)
    out = round_outcomes(defn, bet, seeds)
    assert np.array_equal(out.win, [lean_round(defn, bet, int(s)).total_win for s in seeds])


CORPUS_BLOCKS = ("hold_and_respin", "wheel", "wild_respin", "mummy_access")


def test_every_corpus_game_with_boards_a_wheel_or_a_respin_agrees_round_by_round() -> None:
    games, _ = corpus()
    mine = [g for g in games if set(g.elements) & set(CORPUS_BLOCKS)]
    assert len(mine) > 30
    played = 0
    for g in mine:
        bet = default_bet(g.defn)
        seeds = derive_seeds(15, 0, 1000)
        out = round_outcomes(g.defn, bet, seeds)
        results = [lean_round(g.defn, bet, int(s)) for s in seeds]
        assert np.array_equal(out.win, [r.total_win for r in results]), g.name
        for name, (ran, total) in out.features.items():
            assert np.array_equal(ran, [name in r.features for r in results]), (g.name, name)
            assert np.array_equal(total, [r.feature_wins.get(name, 0) for r in results]), (g.name, name)
        played += int((~out.scalar & np.array([bool(r.features) for r in results])).sum())
    assert played > 5000


def feature_rounds(defn: Definition, seed: int, names: tuple[str, ...], size: int = SHARD_SIZE,
                   at_least: int = 100_000) -> int:
    """Rounds the batch player settled in which one of ``names`` ran (a shut door is not one),
    every settled round checked against ``play_round``, until there are ``at_least``."""
    played = start = 0
    while played < at_least:
        _, batch = settled(defn, derive_seeds(seed, start, size))
        ran = np.zeros(size, dtype=bool)
        for name in names:
            ran |= batch.ran[name]
        played += int((ran & ~batch.scalar).sum())
        start += size
    return played


SHIPPED_FEATURES = {
    "happy-lucky-slot": ("respin_feature",),
    "halloween-wins-3": ("dracula_respin", "electric_wheel", "halloween_ghosts", "free_spins"),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(SHIPPED_FEATURES))
def test_a_hundred_thousand_feature_rounds_of_the_boards_games_agree(game: str) -> None:
    assert feature_rounds(load_game(game), 7, SHIPPED_FEATURES[game]) >= 100_000


@pytest.mark.slow
def test_a_hundred_thousand_feature_rounds_of_the_boards_toy_agree() -> None:
    assert feature_rounds(boards_toy(), 8, ("coins", "spinner", "ghosts"), 1 << 16) >= 100_000
