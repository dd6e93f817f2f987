"""Par says in words which meeting of blocks it cannot price, why, and what the designer can
change; tune refuses such a game at once with the same words (issue 38, item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.core.bet import default_bet
from cabinet.core.composition import why_no_par
from cabinet.core.loader import load_definition_text
from cabinet.core.par import block_parts

# the wild that multiplies is listed before the one that expands: a meeting no par prices
MISORDERED = """
format: 1
id: misordered
name: misordered
grid: {reels: 3, rows: 2}
symbols:
- {id: A}
- {id: B}
- {id: M}
- {id: KW, kind: wild}
- {id: S, kind: scatter}
reels:
  base: [A S B, KW B S, S A B]
  free: [A B M, A KW M B, B M A]
lines:
- [0, 0, 0]
- [1, 1, 1]
pays:
  A: {2: 1, 3: 4}
  B: {3: 3}
  S: {3: 2}
bet: {currency: EUR, minor_units: 2, coin_values: ['0.10'], lines: [2]}
features:
- type: mystery_symbol
  name: bubble
  symbol: M
  modes: [free]
  reveals: [{symbol: A, weight: 2}, {symbol: KW, weight: 1}]
- type: free_spins
  trigger_symbol: S
  awards: {3: 1}
  reel_sets: [{set: free}]
- type: multiplier_wilds
  name: kraken_power
  symbol: KW
  modes: [free]
  multipliers: [{value: 2, weight: 1}]
- type: expanding_wild
  name: kraken_reach
  symbol: KW
  modes: [free]
"""


def test_par_names_the_unpriced_meeting_why_and_what_to_change() -> None:
    defn = load_definition_text(MISORDERED, source="<misordered>")
    _, missing = block_parts(defn, default_bet(defn))
    assert missing == ["expanding_wild"]
    words = why_no_par(defn, missing)
    assert words[0].startswith("kraken_reach cannot price its part: with ")
    assert "kraken_power in free spins: kraken_power changes the pays kraken_reach's par is computed from" in words[0]
    assert "To make par exact, list the blocks in one of those orders, or give them modes: that do not overlap" in words[-1]
    assert "multiplier wilds after a mystery reveal" in words[-1]


def test_tune_refuses_at_once_and_says_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "misordered.yaml"
    game.write_text(MISORDERED)
    assert main(["tune", str(game), "--target", "96%"]) != 0
    err = capsys.readouterr().err
    assert "tune needs an exact par and will not tune against an estimate: not priced together: " in err
    assert "kraken_power and kraken_reach in free spins" in err and "To make par exact" in err
