"""Exact tumble par by playing every stop combination in the numpy lockstep.

With ``fill: strip`` and nothing else drawing (no multiplier symbols' values, no weighted
refill), a base spin's whole sequence is a function of its stops: the holes fill from the strip
above the window. So what the tumbles add is exactly the mean over every stop combination of
(the spin's win - its landed screen's pays). ``par.exact_tumble_rtp`` plays up to
``par.EXACT_STOPS`` combinations one by one through ``play_spin``; past that, this module plays
them in chunks through the lockstep player (``pays/tumble_batch.py``, proven equal to
``play_round`` round by round), up to ``EXACT_BATCH_STOPS``: a catalogue cascade game's 70-odd
million combinations (slotopol's Win Storm) take a few CPU minutes and give its RTP to every
printed digit. A round the lockstep flags (a runaway sequence, a pay it cannot settle) is played
by ``play_spin`` instead, so nothing is approximated.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np

from ...bet import Bet
from ...definition import Definition
from .params import Tumble

EXACT_BATCH_STOPS = 150_000_000  # stop combinations of one reel set par enumerates in the lockstep
CHUNK = 65_536  # combinations a lockstep call plays at once


def batch_player(defn: Definition, params: Tumble, bet: Bet):  # type: ignore[no-untyped-def]  # noqa: ANN201
    """The lockstep player of the base game's tumbles alone (the free spins are priced apart), or None."""
    from ...pays.tumble_batch import TumbleSpinner
    from .play import MAX_TUMBLES

    if params.multiplier_symbols is not None or params.fill != "strip" or "base" not in params.modes:
        return None  # drawn values or refills: a spin is not a function of its stops
    alone = dataclasses.replace(defn, features=(params,))
    return TumbleSpinner.make(alone, bet, params, max_tumbles=MAX_TUMBLES)


def enumerated_tumble_sum(defn: Definition, params: Tumble, bet: Bet, reel_set: str) -> int | None:
    """The sum, over every stop combination of ``reel_set``, of what the tumbles add to the
    spin's win (minor units), or None when the lockstep cannot play this game's spins."""
    from ...spin import RoundContext, play_spin
    from .rules import paid_key

    player = batch_player(defn, params, bet)
    if player is None or reel_set not in player.sets.names:
        return None
    index = player.sets.names.index(reel_set)
    lengths = player.sets.lengths[index]
    combos = int(np.prod(np.array(lengths, dtype=np.int64)))
    if combos > EXACT_BATCH_STOPS:
        return None
    total = 0
    for start in range(0, combos, CHUNK):
        flat = np.arange(start, min(combos, start + CHUNK), dtype=np.int64)
        stops = [np.asarray(s, dtype=np.int64) for s in np.unravel_index(flat, lengths)]
        n = len(flat)
        seeds = np.zeros(n, dtype=np.uint64)
        k = np.zeros(n, dtype=np.int64)
        bad = np.zeros(n, dtype=bool)
        chosen = np.full(n, index, dtype=np.int64)
        ones = np.ones(n, dtype=np.int64)
        seen: dict[str, np.ndarray] = {}  # the landed screen's win, as the player priced it
        win, _, _ = player.spin(seeds, k, chosen, ones, ones, np.zeros(n, dtype=np.int64), mode="base", bad=bad,
                                stops=stops, observe=seen)
        good = ~bad
        total += int((win[good] - seen["landed"][good]).sum())
        for i in np.nonzero(bad)[0].tolist():  # what the lockstep flags, played as play_round plays it
            rc = RoundContext(defn, bet, None, keep_events=False)
            play_spin(rc, "base", reel_set, stops=tuple(int(s[i]) for s in stops))
            total += int(rc.state.values.get(paid_key(params), 0))
    return total


def enumerated_tumble_rtp(defn: Definition, params: Tumble, bet: Bet,
                          sets: list[tuple[str, Fraction]]) -> Fraction | None:
    """What the tumbles add to a base spin, per total bet, exactly (every stop of every base reel
    set, weighted), or None."""
    out = Fraction(0)
    for reel_set, p in sets:
        added = enumerated_tumble_sum(defn, params, bet, reel_set)
        if added is None:
            return None
        combos = 1
        for strip in defn.reels[reel_set]:
            combos *= len(strip)
        out += p * Fraction(added, combos)
    return out / bet.total
