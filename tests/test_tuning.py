"""The reel-strip tuning helper: strips from counts, clean arrangements, and the RTP search."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from cabinet.core.loader import load_definition_text
from cabinet.core.tuning import (
    Move,
    arrange,
    candidate_moves,
    canonical_strip,
    max_in_window,
    strip_issues,
    strip_text,
    summarize,
    tune,
    with_counts,
)

TINY = """
format: 1
id: tiny
name: Tiny
grid: {reels: 3, rows: 3}
symbols:
  - {id: STAR, kind: scatter}
  - {id: A}
  - {id: B}
  - {id: C}
reels:
  base:
    - "STAR A B C A B C A B C"
    - "STAR A B C A B C A B C"
    - "STAR A B C A B C A B C"
lines: [[1, 1, 1]]
pays:
  A: {3: 20}
  B: {3: 10}
  C: {3: 5}
  STAR: {3: 2}
bet: {coin_values: ["0.01"]}
"""


def test_canonical_strip_keeps_counts_and_spaces_scatters() -> None:
    strip = canonical_strip({"A": 5, "STAR": 3, "B": 4}, spaced={"STAR"})
    assert Counter(strip) == {"A": 5, "STAR": 3, "B": 4}
    assert max_in_window(strip, {"STAR"}) == 1
    with pytest.raises(ValueError):
        canonical_strip({"A": 2, "STAR": 3}, spaced={"STAR"})  # 3 scatters cannot be 3 apart on 5 stops


def test_strip_issues_names_each_problem() -> None:
    assert strip_issues(("S", "A", "S", "B", "C", "D"), spaced={"S"}) == ["S at 0 and S at 2 can show in one window"]
    assert strip_issues(("A", "A", "B", "C"), rows=2) == ["A twice in a row at 0"]
    assert strip_issues(("W", "W", "A", "W", "W", "W", "B"), stacks={"W": 3}) == ["a run of 2 W at 0: stacks are 3"]
    assert strip_issues(("H", "A", "H", "B", "C", "D"), apart={"H"}) == ["H at 0 and 2 are closer than 3 stops"]


def test_arrange_is_clean_exact_and_deterministic() -> None:
    counts = {"STAR": 2, "H": 2, "W": 6, "A": 8, "B": 8, "C": 6}
    strip = arrange(counts, spaced={"STAR"}, apart={"H"}, stacks={"W": 3}, seed=3)
    assert Counter(strip) == counts
    assert strip_issues(strip, spaced={"STAR"}, apart={"H"}, stacks={"W": 3}) == []
    assert strip == arrange(counts, spaced={"STAR"}, apart={"H"}, stacks={"W": 3}, seed=3)
    assert strip_text(("W", "W", "W", "A", "W", "W", "W"), {"W": 3}) == "W*3 A W*3"


def test_moves_keep_a_symbol_and_move_stacks_whole() -> None:
    sets = {"base": [{"A": 2, "W": 3}]}
    moves = list(candidate_moves(sets, {"base": ["A", "W"]}, {"base": {"W": 3}}))
    assert moves == [Move("base", 0, "A", "W", 1, 3)]  # W has a single stack: it stays
    assert moves[0].apply(sets) == {"base": [{"A": 1, "W": 6}]}


def test_summary_by_hand_and_tune_finds_the_target() -> None:
    defn = load_definition_text(TINY)
    s = summarize(defn)
    # each reel: A, B, C on 3 of 10 stops; STAR shows on 3 of 10 stops
    assert s.line_rtp == Fraction(27, 1000) * (20 + 10 + 5)
    assert s.scatter_rtp == Fraction(27, 1000) * 2
    target = s.total_rtp
    start = [{"STAR": 1, "A": 2, "B": 3, "C": 4}, {"STAR": 1, "A": 3, "B": 3, "C": 3}, {"STAR": 1, "A": 3, "B": 4, "C": 2}]
    counts, found = tune(defn, {"base": start}, target, {"base": ["A", "B", "C"]}, spaced={"STAR"},
                         tolerance=Fraction(0))
    assert found.total_rtp == target
    assert summarize(with_counts(defn, counts, {"STAR"})) == found
