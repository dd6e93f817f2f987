"""Seeded, explicit randomness.

``Rng`` is a counter-based SplitMix64 stream: draw ``k`` of seed ``s`` is
``mix(s + (k + 1) * GAMMA)``. Being counter-based lets ``simulate`` compute the first
draws of millions of seeds at once with numpy and get exactly the numbers the
scalar round runner would, so every simulated spin is reproducible from its seed.

Integers in ``[0, n)`` use rejection sampling (no modulo bias). ``ScriptedRng``
answers ``below`` from a list first (forced stops, scenarios, tests), then falls
back to its seeded stream.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB


def mix64(z: int) -> int:
    """SplitMix64's finaliser."""
    z &= MASK64
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def draw_u64(seed: int, index: int) -> int:
    """The ``index``-th 64-bit draw of ``seed``'s stream (0-based)."""
    return mix64(seed + (index + 1) * GAMMA)


def derive_seed(master: int, index: int) -> int:
    """Seed of the ``index``-th round of a session or simulation seeded ``master``.

    A second mixing step keeps the derived streams from overlapping the master's.
    """
    return mix64(draw_u64(master, index) ^ 0xD1B54A32D192ED03)


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64:
        raise ValueError(f"a seed is an integer from 0 to 2^64-1, got {seed!r}")
    return seed


def rejection_limit(n: int) -> int:
    """Largest multiple of ``n`` not above 2^64; draws at or over it are rejected."""
    return (1 << 64) - ((1 << 64) % n)


_LIMITS: dict[int, int] = {}  # rejection_limit by bound, for the bounds a game draws with
_MAX_LIMITS = 4096


class Rng:
    """One explicit generator per round. Never the global ``random``."""

    __slots__ = ("seed", "index")

    def __init__(self, seed: int, index: int = 0) -> None:
        self.seed = check_seed(seed)
        self.index = index  # how many 64-bit draws have been consumed

    def next_u64(self) -> int:
        value = draw_u64(self.seed, self.index)
        self.index += 1
        return value

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        if n == 1:
            return 0
        limit = _LIMITS.get(n)
        if limit is None:
            limit = rejection_limit(n)
            if len(_LIMITS) < _MAX_LIMITS:
                _LIMITS[n] = limit
        # draw_u64 and mix64 written out: a feature round makes hundreds of draws, and the
        # calls were a quarter of its time
        seed, index = self.seed, self.index
        while True:
            index += 1
            z = (seed + index * GAMMA) & MASK64
            z = ((z ^ (z >> 30)) * MIX1) & MASK64
            z = ((z ^ (z >> 27)) * MIX2) & MASK64
            z ^= z >> 31
            if z < limit:
                self.index = index
                return z % n

    def weighted(self, weights: Sequence[int]) -> int:
        """Index chosen with probability ``weights[i] / sum(weights)`` (integer weights)."""
        total = sum(weights)
        if total <= 0:
            raise ValueError("weights must have a positive sum")
        pick = self.below(total)
        for i, w in enumerate(weights):
            if pick < w:
                return i
            pick -= w
        raise AssertionError("unreachable")

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability numerator/denominator, exactly."""
        return self.below(denominator) < numerator

    def shuffle_indices(self, n: int) -> list[int]:
        items = list(range(n))
        for i in range(n - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items


class ScriptValueError(ValueError):
    """A scripted value outside the range of the draw it answers (``position``: its index in
    the script; the draw was ``below(bound)``)."""

    def __init__(self, position: int, value: int, bound: int) -> None:
        super().__init__(f"scripted value {value} is outside 0..{bound - 1}")
        self.position, self.value, self.bound = position, value, bound


class ScriptedRng(Rng):
    """Answers ``below`` with scripted values first, then with the seeded stream.

    Used for forced stops (designer scenarios) and hand-built tests. A scripted value
    outside ``[0, n)`` is an error: a scenario must not silently wrap around.
    """

    __slots__ = ("script", "used")

    def __init__(self, script: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.script = list(script)
        self.used = 0

    def below(self, n: int) -> int:
        if self.used < len(self.script):
            value = self.script[self.used]
            self.used += 1
            if not 0 <= value < n:
                raise ScriptValueError(self.used - 1, value, n)
            return value
        return super().below(n)


class RecordingRng(ScriptedRng):
    """A ``ScriptedRng`` that keeps every value ``below`` answered (``drawn``), scripted or
    seeded: replayed as a script, they force the same round whatever the seed."""

    __slots__ = ("drawn",)

    def __init__(self, script: Iterable[int], seed: int = 0) -> None:
        super().__init__(script, seed)
        self.drawn: list[int] = []

    def below(self, n: int) -> int:
        value = super().below(n)
        self.drawn.append(value)
        return value
