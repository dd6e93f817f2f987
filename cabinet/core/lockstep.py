"""The free spins' schedule in lockstep, shared by every batch player (``simulate``, the pay
models' ``pays/batch.py`` and the tumbles' ``pays/tumble_batch.py``): which rounds play one
more feature spin this step. One copy, so the guarantee's top-up and the spin limit are the
same rule in every path (``play_round`` is the reference they all equal)."""

from __future__ import annotations

import numpy as np


def spins_to_play(live: np.ndarray, *, remaining: np.ndarray, total: np.ndarray, played: np.ndarray,
                  bad: np.ndarray, minimum: int, top_up: int, limit: int) -> np.ndarray:
    """The rounds of ``live`` that play another spin, each charged one spin already
    (``played`` + 1, ``remaining`` - 1). A round out of spins ends, unless its feature has paid
    under ``minimum`` so far: the guarantee tops it up with ``top_up`` spins. A round past
    ``limit`` spins or one the batch cannot settle (``bad``) plays no more."""
    out_of = remaining[live] == 0
    if out_of.any():  # the top-up, or the end
        if minimum:
            short = out_of & (total[live] < minimum)
            remaining[live[short]] = top_up
            out_of &= ~short
        live = live[~out_of]
    live = live[(played[live] < limit) & ~bad[live]]
    played[live] += 1
    remaining[live] -= 1
    return live


def settle_spins(live: np.ndarray, win: np.ndarray, counted: np.ndarray, *, total: np.ndarray,
                 remaining: np.ndarray, cap: int, added: np.ndarray | None) -> np.ndarray:
    """Pay this step's spins of ``live`` into ``total``, no feature past its ``cap`` (the spin that
    reaches it pays up to it and ends the feature, before its trigger stage), and add the spins a
    retrigger's ``counted`` symbols award (``added``, by count). Returns the capped rounds."""
    so_far = total[live]
    capped = (so_far + win >= cap) if cap else np.zeros(len(live), dtype=bool)
    if cap:
        win = np.where(capped, cap - so_far, win)
    total[live] = so_far + win
    if added is not None:
        remaining[live] += np.where(capped, 0, added[np.minimum(counted, len(added) - 1)])
    return capped
