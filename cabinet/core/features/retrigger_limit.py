"""A limit on retriggers (``free_spins: max_retriggers: N``, the catalogue's "retriggers once"):
the exact expected number of free spins one feature plays when at most N retriggers count.

Play (``free_spins.py``): each feature counts its own retriggers in the round's state
(``RoundState.retriggers``, from 0 as it starts); once it has had N, a trigger in its spins
neither shows nor adds anything (no ``FeatureTriggered``).

Par: the spins are independent and alike and whether another is played depends only on the
spins before it, so by Wald's identity the feature is worth E[spins played] x E[one spin],
exactly as without a limit; only E[spins played] changes. It is the chain over (spins left,
retriggers used): from ``m`` spins left and ``u`` retriggers used (u < N) one spin is played
and adds ``a`` spins with the per-spin probability of that award (then u + 1), or nothing; at
u = N the ``m`` spins left are all played::

    f(0, u) = 0,  f(m, N) = m,  f(m, u) = 1 + P(none) f(m - 1, u) + sum_a P(a) f(m - 1 + a, u + 1)

solved level by level from u = N down, in exact Fractions.
"""

from __future__ import annotations

from fractions import Fraction


def limited_spins(start: int, added: dict[int, Fraction], limit: int) -> Fraction:
    """E[free spins played] from ``start`` spins when a spin retriggers, adding ``a`` spins, with
    probability ``added[a]`` (awards > 0), and at most ``limit`` retriggers count."""
    if start <= 0:
        return Fraction(0)
    awards = {a: p for a, p in added.items() if a > 0 and p}
    none = 1 - sum(awards.values(), Fraction(0))
    top = start + limit * max(awards, default=0)
    above: list[Fraction] = [Fraction(m) for m in range(top + 1)]  # f(m, limit)
    for _u in range(limit - 1, -1, -1):
        here = [Fraction(0)] * (top + 1)
        for m in range(1, top + 1):
            value = 1 + none * here[m - 1]
            for a, p in awards.items():
                after = min(m - 1 + a, top)  # never past top: u + 1 <= limit bounds the spins left
                value += p * above[after]
            here[m] = value
        above = here
    return above[start]
