"""The batch plays the spins a block's ``BatchStage`` describes, and still gets exactly
what ``play_round`` gets: reveals, expansions, drawn multipliers and shut doors."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.definition import Definition
from cabinet.core.features import BatchStage, block
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.rng import Rng
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import BatchSpinner, derive_seeds, round_outcomes
from cabinet.core.simulation import boards_batch, rng_arrays

# A mystery symbol that may reveal a wild found on no strip, an expanding wild, a
# multiplier wild, a scatter, and a mummy panel whose door draws for 1 mummy, stays
# shut without a draw for 2 and opens without a draw for 3 (a minigame: play_round).
STAGED = """
format: 1
id: staged
name: Staged
grid: {reels: 3, rows: 2}
symbols:
  - {id: W, kind: wild}
  - {id: XW, kind: wild}
  - {id: MW, kind: wild}
  - {id: M}
  - {id: S, kind: scatter}
  - {id: A}
  - {id: B}
  - {id: MUMMY, kind: bonus}
  - {id: BLANK, kind: blank}
  - {id: PUMPKIN, kind: bonus}
  - {id: GHOST, kind: bonus, prizes: [{value: 1}, {value: 2}]}
reels:
  base:
    - "A M B MW S A MUMMY B A"
    - "A XW B M MUMMY A B MW B"
    - "B A M S MUMMY A B A MUMMY"
lines: [[0, 0, 0], [1, 1, 1], [0, 1, 0]]
pays:
  A: {3: 5}
  B: {3: 2}
  W: {3: 10}
  S: {2: 1, 3: 4}
bet: {currency: CRD, minor_units: 0, coin_values: ["1"]}
features:
  - {type: mystery_symbol, symbol: M, reveals: [{symbol: A, weight: 3}, {symbol: B, weight: 2}, {symbol: W, weight: 1}],
     modes: [base]}
  - {type: expanding_wild, symbol: XW, reels: [2], modes: [base]}
  - {type: multiplier_wilds, symbol: MW, multipliers: [{value: 2, weight: 3}, {value: 5, weight: 1}], modes: [base]}
  - type: mummy_access
    name: panel
    symbol: MUMMY
    minigame: ghosts
    panel:
      - {mummies: 1, open: 1, shut: 5}
      - {mummies: 2, open: 0, shut: 1}
      - {mummies: 3, open: 1, shut: 0}
  - type: hold_and_respin
    name: ghosts
    opened_by: panel
    trigger_symbols: {MUMMY: 1}
    trigger_counts: {1: 1}
    respins: 1
    start: [{symbol: PUMPKIN, reel: 2}, {symbol: GHOST}]
    boards:
      - {name: G, reels: 3, rows: 1, reel_strips: ["BLANK GHOST", "BLANK PUMPKIN", "BLANK GHOST"]}
    cells:
      - {symbol: PUMPKIN, resets_respins: true, collects_reels: [1, 3]}
      - {symbol: GHOST, hold: false, resets_respins: true}
"""


@pytest.fixture(scope="module")
def staged() -> Definition:
    return load_definition_text(STAGED, "staged.yaml")


def played(defn: Definition, seeds: np.ndarray) -> list[Any]:
    bet = default_bet(defn)
    return [play_round(defn, RoundRequest(bet, int(s), with_offer=False, keep_events=False)) for s in seeds]


def assert_same_as_play_round(defn: Definition, seeds: np.ndarray) -> Any:
    out = round_outcomes(defn, default_bet(defn), seeds)
    results = played(defn, seeds)
    assert np.array_equal(out.win, np.array([r.total_win for r in results]))
    names = {n for r in results for n in r.features}
    assert set(out.features) == names
    for name in names:
        ran, total = out.features[name]
        assert np.array_equal(ran, np.array([name in r.features for r in results])), name
        assert np.array_equal(total, np.array([r.feature_wins.get(name, 0) for r in results])), name
    return out


def shows(defn: Definition, seeds: np.ndarray, symbol: str) -> np.ndarray:
    """Which seeds' base spins land ``symbol`` (the stops are the round's first draws)."""
    strips = defn.reels["base"]
    rows = defn.grid.rows
    out = []
    for s in seeds:
        rng = Rng(int(s))
        stops = [rng.below(len(strip)) for strip in strips]
        out.append(any(strip[(stop + r) % len(strip)] == symbol
                       for strip, stop in zip(strips, stops, strict=True) for r in range(rows)))
    return np.array(out)


def test_every_stage_is_played_by_the_batch_exactly(staged: Definition) -> None:
    seeds = derive_seeds(31, 0, 6000)
    out = assert_same_as_play_round(staged, seeds)
    # the batch itself played spins showing each staged symbol (not handed to play_round)
    for symbol in ("M", "XW", "MW", "MUMMY"):
        landed = shows(staged, seeds, symbol)
        assert (landed & ~out.scalar).sum() > 300, symbol
    # a door that opens plays its minigame, which the batch player plays from its block's plan
    assert not out.scalar.any()
    assert out.features["panel"][0].sum() > out.features["ghosts"][0].sum() > 30


def test_a_reveal_into_a_symbol_no_strip_holds_is_priced(staged: Definition) -> None:
    spinner = BatchSpinner(staged, default_bet(staged))
    (compiled,) = spinner.compiled
    worlds = compiled.worlds
    assert len(worlds) == 1 + 3  # no reveal, then one world per revealed symbol
    # stops 1, 3, 2: M on every reel's top row; the reveal draw lands on W (weights 3, 2, 1)
    script = (1, 3, 2, 5)
    result = play_round(staged, RoundRequest(default_bet(staged), 0, script=script))
    assert result.total_win > 0 and any(e.kind == "screen_changed" for e in result.events)


def test_rejected_stage_draws_go_to_play_round(staged: Definition, monkeypatch: pytest.MonkeyPatch) -> None:
    for home in (rng_arrays, boards_batch):  # the draws' and the board cells' rejection limits
        monkeypatch.setattr(home, "rejection_limit", lambda n: 2**63)  # half of all draws "rejected"
    seeds = derive_seeds(8, 0, 800)
    out = assert_same_as_play_round(staged, seeds)
    assert out.scalar.mean() > 0.8


def test_a_draw_over_a_total_of_one_takes_no_draw() -> None:
    seeds = derive_seeds(1, 0, 50)
    index = np.zeros(50, dtype=np.int64)
    for weights, expected in (((1,), 0), ((0, 1), 1), ((0, 1, 0), 1)):
        outcome, rejected, drew = rng_arrays._weighted_array(seeds, index, weights)
        assert not drew and not rejected.any() and (outcome == expected).all()
        rng = Rng(7)
        assert rng.weighted(list(weights)) == expected and rng.index == 0  # the scalar rng agrees
    outcome, rejected, drew = rng_arrays._weighted_array(seeds, index, (3, 0, 2))
    assert drew and set(outcome.tolist()) == {0, 2}
    assert outcome.tolist() == [Rng(int(s)).weighted([3, 0, 2]) for s in seeds]


def test_a_screen_stage_that_changes_windows_it_does_not_count_is_refused(
    staged: Definition, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = block("expanding_wild")
    assert entry is not None
    honest = entry.batch_hints

    def greedy(defn: Definition, params: Any, reel_set: str) -> Any:
        (hint,) = honest(defn, params, reel_set)
        stage = BatchStage("screen", window=lambda outcome, reel, w: ("XW",) * len(w))  # every window
        return (dataclasses.replace(hint, stage=stage),)

    monkeypatch.setattr(entry, "batch_hints", greedy)
    spinner = BatchSpinner(staged, default_bet(staged))
    assert spinner.unsupported is not None and "does not count" in spinner.unsupported
    seeds = derive_seeds(3, 0, 300)
    out = round_outcomes(staged, default_bet(staged), seeds, spinner)
    assert out.scalar.all() and np.array_equal(out.win, [r.total_win for r in played(staged, seeds)])


@pytest.mark.parametrize(("game", "most_scalar"), [("halloween-wins-3", 0.05), ("happy-lucky-slot", 0.02)])
def test_shipped_games_batch_exactly_and_leave_only_features_to_play_round(game: str, most_scalar: float) -> None:
    defn = load_game(game)
    seeds = derive_seeds(2026, 0, 6000)
    out = assert_same_as_play_round(defn, seeds)
    # mystery reveals, expanding and multiplier wilds and shut doors stay in the batch
    assert out.scalar.mean() < most_scalar
