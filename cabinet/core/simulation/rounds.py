"""Many seeds' rounds: the batch where it can, the lean ``play_round`` for the rest, and
one shard's tally of them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..bet import Bet
from ..definition import Definition
from ..modes import cap_amount
from ..round import RoundRequest, RoundResult, play_round
from .pricing import spinner_of
from .rng_arrays import derive_seeds
from .spinner import BatchSpinner
from .tally import Tally, _count_for_report, _square_sum, shard_top


@dataclass
class RoundOutcomes:
    """Rounds of many seeds: totals, and which features ran with what they paid."""

    win: np.ndarray  # round total, minor units
    scalar: np.ndarray  # played by play_round
    features: dict[str, tuple[np.ndarray, np.ndarray]]  # name -> (ran mask, feature total)


def lean_round(defn: Definition, bet: Bet, seed: int, carried: tuple[tuple[str, int], ...] = ()) -> RoundResult:
    """``play_round`` for simulation: no events kept, no respin offer priced (``carried``: the
    meters a game keeps across rounds, as the shard's rounds before left them)."""
    return play_round(defn, RoundRequest(bet, seed, with_offer=False, keep_events=False, carried=carried))


def round_outcomes(
    defn: Definition, bet: Bet, seeds: np.ndarray, spinner: BatchSpinner | None = None
) -> RoundOutcomes:
    """Every seed's round. ``win[i] == play_round(defn, RoundRequest(bet, seeds[i])).total_win``
    exactly: the batch prices the plain base spins, the lean ``play_round`` the rest. A bought
    feature (a buy mode) plays no base spin: ``play_round`` plays every such round. The round
    cap is min(win, cap) of the batch's rounds (``play_round`` caps its own)."""
    count = len(seeds)
    features: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    if defn.bought:
        win = np.zeros(count, dtype=np.int64)
        scalar = np.ones(count, dtype=bool)
    else:
        spinner = spinner or spinner_of(defn, bet)
        batch = spinner.rounds(seeds)
        win = batch.win.copy()
        scalar = batch.scalar
        for name, mask in batch.ran.items():  # features the batch played (quiet ones paid nothing)
            ran = mask & ~batch.scalar
            if ran.any():
                paid = batch.paid.get(name)
                features[name] = (ran, np.where(ran, paid, 0) if paid is not None else np.zeros(count, dtype=np.int64))
        cap = cap_amount(defn, bet)
        if cap:
            np.minimum(win, cap, out=win)
    # a meter kept across rounds (a collection) starts empty with each shard and is carried in
    # round order; only rounds its batch hint flags (played here) can move it
    carried: tuple[tuple[str, int], ...] = ()
    for pos in np.nonzero(scalar)[0].tolist():
        result = lean_round(defn, bet, int(seeds[pos]), carried)
        carried = result.carried
        win[pos] = result.total_win
        for name in dict.fromkeys(result.features):
            if name not in features:
                features[name] = (np.zeros(count, dtype=bool), np.zeros(count, dtype=np.int64))
            features[name][0][pos] = True
            features[name][1][pos] += result.feature_wins.get(name, 0)
    return RoundOutcomes(win, scalar, features)


def round_wins(
    defn: Definition, bet: Bet, seeds: np.ndarray, spinner: BatchSpinner | None = None
) -> np.ndarray:
    """Each seed's round total in minor units (see ``round_outcomes``)."""
    return round_outcomes(defn, bet, seeds, spinner).win


def run_shard(
    defn: Definition, bet: Bet, master: int, start: int, count: int, spinner: BatchSpinner, *, top: int = 0
) -> Tally:
    """The tally of rounds ``start .. start + count - 1`` (``top``: keep that many of its
    largest rounds). Nothing per round outlives the call."""
    seeds = derive_seeds(master, start, count)
    out = round_outcomes(defn, bet, seeds, spinner)
    win = out.win
    tally = Tally(rounds=count)
    tally.win_sum = int(win.sum())
    tally.win_sq_sum = _square_sum(win)
    tally.hits = int(np.count_nonzero(win > 0))
    first_max = int(np.argmax(win))
    tally.max_win, tally.max_index = int(win[first_max]), start + first_max
    tally.scalar_rounds = int(out.scalar.sum())
    for name, (ran, total) in out.features.items():
        tally.features[name] = [int(ran.sum()), int(total.sum())]
    tally.top_k = top
    tally.top = shard_top(win, start, top)
    _count_for_report(tally, win, start, bet)
    return tally
