"""Par prices a mystery reveal, an expanding wild and multiplier wilds meeting in one spin
(issue 38, item 5): the reveal first, then the wild that expands and multiplies (one symbol,
as Abyss Dive's KRAKEN), in free spins or in base spins. Par must say EXACT and equal, as a
Fraction, the brute-force expected round win over every path of draws through the real round."""

from __future__ import annotations

import pytest

from cabinet.core.bruteforce import round_value
from cabinet.core.loader import load_definition_text
from cabinet.core.par import par
from cabinet.core.value import Exact

GAME = """
format: 1
id: meeting
name: reveal, expand, multiply
grid: {{reels: 3, rows: 2}}
symbols:
- {{id: A}}
- {{id: B}}
- {{id: M}}
- {{id: KW, kind: wild}}
- {{id: S, kind: scatter}}
reels:
  base: {base}
  free: [A B M, A KW M B, B M A]
lines:
- [0, 0, 0]
- [1, 1, 1]
pays:
  A: {{2: 1, 3: 4}}
  B: {{3: 3}}
  KW: {{3: 10}}
  S: {{3: 2}}
bet: {{currency: EUR, minor_units: 2, coin_values: ['0.10'], lines: [2]}}
features:
- type: mystery_symbol
  symbol: M
  modes: {modes}
  reveals: [{{symbol: A, weight: 2}}, {{symbol: B, weight: 1}}, {{symbol: KW, weight: 1}}]
- type: expanding_wild
  symbol: KW
  reels: [2]
  modes: {modes}
- type: free_spins
  trigger_symbol: S
  awards: {{3: 1}}
  retrigger: false
  reel_sets: [{{set: free}}]
- type: multiplier_wilds
  symbol: KW
  modes: {modes}
  multipliers: [{{value: 2, weight: 3}}, {{value: 5, weight: 1}}]
"""


@pytest.mark.parametrize(("modes", "base"), [("[free]", "[A S B, KW B S, S A B]"),
                                             ("[base, free]", "[A S M, KW B S, S A M]")])
def test_the_meeting_is_priced_exactly_and_equals_brute_force(modes: str, base: str) -> None:
    defn = load_definition_text(GAME.format(modes=modes, base=base), source="<meeting>")
    total = par(defn).total
    assert isinstance(total, Exact), total
    brute = round_value(defn)
    assert brute.paths > 100  # the reveal, the expansion and the multiplier are all walked
    assert total.value == brute.rtp
