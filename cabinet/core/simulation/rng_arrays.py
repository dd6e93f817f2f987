"""The engine's counter-based draws (``rng.py``) on numpy arrays: one seed per round,
the same numbers as ``Rng`` draw by draw (see ``core/simulate.py``)."""

from __future__ import annotations

import numpy as np

from ..rng import GAMMA, MASK64, MIX1, MIX2, rejection_limit

_DERIVE_XOR = 0xD1B54A32D192ED03  # derive_seed's second mixing constant (rng.py)

U64 = np.uint64


# --- vectorised SplitMix64 ---------------------------------------------------------------------------


def mix64_array(z: np.ndarray) -> np.ndarray:
    """``rng.mix64`` on a uint64 array (multiplication wraps modulo 2^64 as it should)."""
    z = z ^ (z >> U64(30))  # a new array: the caller's is left as it is; the rest in place
    z *= U64(MIX1)
    z ^= z >> U64(27)
    z *= U64(MIX2)
    z ^= z >> U64(31)
    return z


def draw_array(seeds: np.ndarray, index: int | np.ndarray) -> np.ndarray:
    """``rng.draw_u64(seed, index)`` for every seed (``index``: one int or one per seed)."""
    if isinstance(index, np.ndarray):
        return mix64_array(seeds + (index.astype(np.uint64) + U64(1)) * U64(GAMMA))
    return mix64_array(seeds + U64(((index + 1) * GAMMA) & MASK64))


def derive_seeds(master: int, start: int, count: int) -> np.ndarray:
    """``[derive_seed(master, i) for i in range(start, start + count)]`` as uint64."""
    i = np.arange(start + 1, start + count + 1, dtype=np.uint64)
    z = U64(master) + i * U64(GAMMA)
    return mix64_array(mix64_array(z) ^ U64(_DERIVE_XOR))


def below_array(seeds: np.ndarray, index: int | np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``Rng.below(n)`` answered by draw ``index``: (values, rejected mask). n > 1."""
    u = draw_array(seeds, index)
    limit = rejection_limit(n)
    rejected = u >= U64(limit) if limit < (1 << 64) else np.zeros(len(u), dtype=bool)
    return (u % U64(n)).view(np.int64), rejected  # the bits as they are, as astype would (no copy)


def _weighted_array(
    seeds: np.ndarray, index: np.ndarray, weights: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray, bool]:
    """``Rng.weighted(weights)`` answered by draw ``index`` of each seed: (outcomes,
    rejected mask, whether it drew: a total of 1 draws nothing, as ``below(1)``)."""
    total = sum(weights)
    if total == 1:
        return np.full(len(seeds), next(i for i, w in enumerate(weights) if w), dtype=np.int64), \
            np.zeros(len(seeds), dtype=bool), False
    pick, rejected = below_array(seeds, index, total)
    return np.searchsorted(np.cumsum(weights), pick, side="right").astype(np.int64), rejected, True
