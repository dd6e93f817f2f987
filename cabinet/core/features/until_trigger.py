"""Free spins that go on until a trigger (``free_spins: until_symbol``, ``until_counts``): the
catalogue's "free games until two scatters appear again" (AGT's Sun City), with the feature's
award as the safety cap that YAML states::

    awards: {2: 100}           # at most 100 free spins ...
    until_symbol: S            # ... ending with the spin that shows
    until_counts: [2]          # exactly 2 S (Doubles counting; [3, 4, 5]: 3 or more on 5 reels)

Play (``free_spins.run``): after each free spin's trigger stage, a screen showing one of
``until_counts`` of ``until_symbol`` ends the feature (``UntilLanded``, then ``FeatureEnded``);
that spin is played and paid. No draw of its own. Retriggers are refused with it (the spins
are not counted down, so an added spin has no meaning) and so are the top-up and levels.

Par (exact): every free spin is independent and alike, p = P(a free spin ends it) is exact
from the reel strips (the screen count distribution of ``until_symbol`` after the screen
stage, over the feature's weighted reel sets), and the spins played are the stopping time
N = min(first ending spin, cap), so E[N] = sum_{i<cap} (1 - p)^i = (1 - (1 - p)^cap) / p;
N depends only on the spins before and including it, so by Wald's identity the feature is
worth E[N] x E[one free spin]. Brute force agrees on ``tests/games/free_spins/toy-until.yaml``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ..definition import Definition
from ..evaluate import compiled, symbol_count
from ..events import Event, Position, Screen, register_event


@register_event
@dataclass(frozen=True)
class UntilLanded(Event):
    """The symbols that end an until-trigger feature landed: this spin was its last."""

    kind: ClassVar[str] = "until_landed"
    feature: str
    symbol: str
    count: int
    positions: tuple[Position, ...]
    spins_played: int


def ends_on(defn: Definition, feature: Any, screen: Screen) -> tuple[int, tuple[Position, ...]] | None:
    """The ending count and its positions when ``screen`` ends the feature, else None."""
    if not feature.until_symbol:
        return None
    count, positions = symbol_count(defn, screen, feature.until_symbol)
    return (count, positions) if count in feature.until_counts else None


def ending_probability(defn: Definition, feature: Any) -> Fraction:
    """P(one free spin shows an ending count), exact, over the feature's weighted reel sets."""
    from ..composition import screen_count_distribution
    from ..linemath import symbol_count_distribution

    reel_sets = feature.reel_sets or defn.base_game.reel_sets
    weight = sum(c.weight for c in reel_sets)
    adds = {s.id: s.counts for s in defn.symbols if s.base == feature.until_symbol}
    out = Fraction(0)
    cache = compiled(defn).cache
    for choice in reel_sets:
        key = ("until_counts", feature.until_symbol, choice.set)
        found = cache.get(key)
        if found is None:
            found = screen_count_distribution(defn, "free", choice.set, adds)
            if found is None:
                found = symbol_count_distribution(defn, choice.set, [feature.until_symbol])
            cache[key] = found
        dist: list[Fraction] = found  # type: ignore[assignment]
        out += Fraction(choice.weight, weight) * sum(
            (q for k, q in enumerate(dist) if k in feature.until_counts), Fraction(0))
    return out


def expected_spins(cap: int, p: Fraction) -> Fraction:
    """E[min(first ending spin, cap)] for spins that each end it with probability ``p``."""
    if cap <= 0:
        return Fraction(0)
    if p == 0:
        return Fraction(cap)
    return (1 - (1 - p) ** cap) / p


def check(defn: Definition, feature: Any, report: Any) -> None:
    if not feature.until_symbol:
        if feature.until_counts:
            report(("until_counts",), "until_counts needs until_symbol")
        return
    if feature.until_symbol not in defn.symbol_map:
        report(("until_symbol",), f"unknown symbol '{feature.until_symbol}'")
    if not feature.until_counts or any(c < 1 for c in feature.until_counts):
        report(("until_counts",), "until_counts lists the counts (at least 1) that end the free spins")
    if feature.retrigger:
        report(("retrigger",), "free spins until a trigger take no retriggers: set retrigger: false "
               "(the award is their safety cap, not a count of spins)")
    if feature.minimum_win_x_bet:
        report(("minimum_win_x_bet",), "free spins until a trigger have no top-up (their length is the rule)")
    if any(getattr(p, "type", "") == "progress_levels" for p in defn.features):
        report(("until_symbol",), "progress levels add spins to a count: not with free spins until a trigger")
    if feature.drawn_spins:
        report(("drawn_spins",), "free spins until a trigger do not draw a number of spins (the award is the cap)")
