"""Evaluation rules on hand-built boards, each win hand-computed from the paytable."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.core.bet import Bet
from cabinet.core.definition import BetModel, Definition, Grid, Symbol
from cabinet.core.evaluate import (
    EvaluationError,
    LinePay,
    evaluate_screen,
    line_pays,
    pay_table,
    scatter_pays,
    screen_from_stops,
    symbol_count,
    window,
)
from cabinet.core.events import LineWin, ScatterWin
from cabinet.core.linemath import expected_line_coins, expected_scatter_x_bet
from cabinet.core.linemath import symbol_count_distribution as count_distribution

F = Fraction

# The 20 classic paylines (rows per reel, row 0 on top).
LINES_20 = (
    (1, 1, 1, 1, 1), (0, 0, 0, 0, 0), (2, 2, 2, 2, 2), (0, 1, 2, 1, 0), (2, 1, 0, 1, 2),
    (0, 0, 1, 2, 2), (2, 2, 1, 0, 0), (1, 0, 0, 0, 1), (1, 2, 2, 2, 1), (0, 1, 1, 1, 0),
    (2, 1, 1, 1, 2), (1, 0, 1, 2, 1), (1, 2, 1, 0, 1), (0, 1, 0, 1, 0), (2, 1, 2, 1, 2),
    (1, 1, 0, 1, 1), (1, 1, 2, 1, 1), (0, 2, 0, 2, 0), (2, 0, 2, 0, 2), (0, 2, 2, 2, 0),
)  # fmt: skip

PAYS = {
    "WILD": {3: F(50), 4: F(250), 5: F(1000)},
    "SEVEN": {3: F(40), 4: F(150), 5: F(750)},
    "BAR": {3: F(30), 4: F(100), 5: F(400)},
    "CHERRY": {2: F(2), 3: F(5), 4: F(15), 5: F(40)},
    "STAR": {3: F(2), 4: F(10), 5: F(50)},
}


def make_defn(
    symbols: tuple[Symbol, ...],
    pays: dict[str, dict[int, Fraction]],
    *,
    reels: dict[str, tuple[tuple[str, ...], ...]] | None = None,
    lines: tuple[tuple[int, ...], ...] = LINES_20,
    grid: tuple[int, int] = (5, 3),
    pay_direction: str = "left_to_right",
) -> Definition:
    ids = tuple(s.id for s in symbols)
    return Definition(
        format=1,
        id="test",
        name="Test",
        grid=Grid(*grid),
        symbols=symbols,
        reels=reels or {"base": tuple(ids for _ in range(grid[0]))},
        lines=lines,
        pays=pays,
        bet=BetModel(),
        pay_direction=pay_direction,  # type: ignore[arg-type]
    )


CLASSIC_SYMBOLS = (
    Symbol("WILD", kind="wild"),
    Symbol("STAR", kind="scatter"),
    Symbol("BONUS", kind="bonus"),
    Symbol("BLANK", kind="blank"),
    Symbol("SEVEN"),
    Symbol("BAR"),
    Symbol("CHERRY"),
    Symbol("WILD2X", kind="wild", multiplier=2),
    Symbol("NOSEVEN", kind="wild", excludes=("SEVEN",)),
)
GAME = make_defn(CLASSIC_SYMBOLS, PAYS)


def rows(*text: str) -> tuple[tuple[str, ...], ...]:
    """Screen from rows written top to bottom -> screen[reel][row]."""
    grid = [r.split() for r in text]
    return tuple(tuple(grid[row][reel] for row in range(len(grid))) for reel in range(len(grid[0])))


def one(symbols: str, defn: Definition = GAME) -> tuple[LinePay, ...]:
    return line_pays(defn, symbols.split())


# --- lines ----------------------------------------------------------------------------------------


def test_all_sevens_pay_five_of_a_kind_on_every_played_line() -> None:
    screen = rows(*["SEVEN SEVEN SEVEN SEVEN SEVEN"] * 3)
    bet = Bet(20, 3, 5)
    events, total = evaluate_screen(GAME, screen, bet)
    assert total == PAYS["SEVEN"][5] * bet.coin_value * bet.coins_per_line * 20 == 225_000
    assert len(events) == 20 and all(isinstance(e, LineWin) and e.count == 5 for e in events)
    # only the first `bet.lines` lines are played
    _, five = evaluate_screen(GAME, screen, Bet(5, 3, 5))
    assert five == 750 * 5 * 3 * 5


def test_paylines_follow_their_row_pattern() -> None:
    # BAR on the V of line 4 ([0, 1, 2, 1, 0]) only; everything else blank.
    screen = rows("BAR BLANK BLANK BLANK BAR", "BLANK BAR BLANK BAR BLANK", "BLANK BLANK BAR BLANK BLANK")
    events, total = evaluate_screen(GAME, screen, Bet(20, 1, 1))
    assert [(e.line, e.symbol, e.count) for e in events] == [(3, "BAR", 5)]
    assert events[0].positions == ((0, 0), (1, 1), (2, 2), (3, 1), (4, 0))
    assert total == 400
    # with 3 lines bet, line 4 is not played
    assert evaluate_screen(GAME, screen, Bet(3, 1, 1))[1] == 0


def test_wins_start_on_reel_one_and_need_adjacent_reels() -> None:
    assert one("CHERRY SEVEN SEVEN SEVEN SEVEN") == ()  # CHERRY x1 pays nothing; SEVENs start on reel 2
    assert one("SEVEN SEVEN BAR SEVEN SEVEN") == ()  # SEVEN x2 pays nothing
    (pay,) = one("SEVEN SEVEN SEVEN BAR SEVEN")
    assert (pay.symbol, pay.count, pay.coins, pay.reels, pay.direction) == ("SEVEN", 3, 40, (0, 1, 2), "ltr")


def test_wild_substitutes_and_highest_configuration_is_paid() -> None:
    # WILD x2 pays nothing; SEVEN x4 (two wilds substituting) = 150.
    (pay,) = one("WILD WILD SEVEN SEVEN CHERRY")
    assert (pay.symbol, pay.count, pay.coins) == ("SEVEN", 4, 150)
    # WILD x3 (50) beats CHERRY x5 (40): the wild-only run pays its own pays.
    (pay,) = one("WILD WILD WILD CHERRY CHERRY")
    assert (pay.symbol, pay.count, pay.coins) == ("WILD", 3, 50)
    # SEVEN x5 (750) beats WILD x3 (50).
    (pay,) = one("WILD WILD WILD SEVEN SEVEN")
    assert (pay.symbol, pay.count, pay.coins) == ("SEVEN", 5, 750)
    # five wilds: WILD x5 (1000)
    assert one("WILD WILD WILD WILD WILD")[0].coins == 1000
    # CHERRY WILD: CHERRY x2 = 2
    (pay,) = one("CHERRY WILD BAR BAR BAR")
    assert (pay.symbol, pay.count, pay.coins) == ("CHERRY", 2, 2)


def test_wild_never_substitutes_for_scatter_bonus_or_excluded_symbols() -> None:
    assert one("STAR WILD WILD BAR BAR") == ()
    assert one("BONUS WILD WILD BAR BAR") == ()
    assert one("BLANK WILD WILD BAR BAR") == ()
    # NOSEVEN excludes SEVEN: SEVEN NOSEVEN SEVEN is SEVEN x1; it still substitutes for BAR.
    assert one("SEVEN NOSEVEN SEVEN SEVEN SEVEN") == ()
    (pay,) = one("BAR NOSEVEN BAR CHERRY CHERRY")
    assert (pay.symbol, pay.count, pay.coins) == ("BAR", 3, 30)
    # wilds before a scatter: only a wild-only run could pay (WILD x2 pays nothing)
    assert one("WILD WILD STAR SEVEN SEVEN") == ()


def test_wild_multipliers_multiply_the_line_win() -> None:
    (pay,) = one("SEVEN SEVEN WILD2X BAR BAR")
    assert (pay.symbol, pay.count, pay.multiplier, pay.coins) == ("SEVEN", 3, 2, 80)
    (pay,) = one("SEVEN WILD2X WILD2X SEVEN BAR")
    assert (pay.count, pay.multiplier, pay.coins) == (4, 4, 600)
    events, total = evaluate_screen(GAME, rows(*["SEVEN WILD2X WILD2X SEVEN BAR"] * 3), Bet(1, 2, 5))
    (win,) = events
    assert (win.coins, win.multiplier, win.amount) == (150, 4, 150 * 4 * 2 * 5) and total == 6000


def test_scatter_pays_anywhere_times_total_bet_added_to_lines() -> None:
    screen = rows("STAR BAR CHERRY SEVEN STAR", "SEVEN STAR BAR CHERRY BAR", "BAR SEVEN SEVEN BAR CHERRY")
    bet = Bet(20, 2, 5)
    assert scatter_pays(GAME, screen)[0].positions == ((0, 0), (1, 1), (4, 0))
    events, total = evaluate_screen(GAME, screen, bet)
    scatter = [e for e in events if isinstance(e, ScatterWin)]
    assert [(e.symbol, e.count, e.x_bet, e.amount) for e in scatter] == [("STAR", 3, 2, 2 * bet.total)]
    lines = sum(e.amount for e in events if isinstance(e, LineWin))
    assert total == lines + 2 * bet.total
    # two stars pay nothing
    assert (
        scatter_pays(GAME, rows("STAR BAR BAR BAR BAR", "BAR STAR BAR BAR BAR", "BAR BAR BAR BAR BAR")) == ()
    )


def test_highest_win_per_line_and_lines_added() -> None:
    # middle row SEVEN x3; top row CHERRY x2; bottom row nothing.
    screen = rows("CHERRY CHERRY BAR SEVEN BAR", "SEVEN SEVEN SEVEN BAR BAR", "BAR SEVEN CHERRY CHERRY BAR")
    events, total = evaluate_screen(GAME, screen, Bet(3, 1, 10))
    assert [(e.line, e.symbol, e.count, e.amount) for e in events] == [
        (0, "SEVEN", 3, 400),
        (1, "CHERRY", 2, 20),
    ]
    assert total == 420


def test_multiplier_argument_and_separate_scatter_multiplier() -> None:
    screen = rows("STAR BAR BAR SEVEN STAR", "SEVEN STAR SEVEN CHERRY BAR", "BAR BAR BAR BAR CHERRY")
    bet = Bet(3, 1, 1)
    _, plain = evaluate_screen(GAME, screen, bet)
    _, tripled = evaluate_screen(GAME, screen, bet, 3, scatter_multiplier=1)
    # bottom row BAR x4 = 100; scatter 2 x bet 3 = 6
    assert plain == 100 + 6
    assert tripled == 300 + 6


def test_a_five_by_four_grid_pays_on_its_fourth_row() -> None:
    game = make_defn(CLASSIC_SYMBOLS, PAYS, grid=(5, 4), lines=((1, 1, 1, 1, 1), (3, 3, 3, 3, 3), (0, 1, 2, 3, 3)))
    screen = rows(
        "BAR BLANK BLANK BLANK BLANK",
        "CHERRY CHERRY BLANK BLANK BLANK",
        "BLANK BLANK SEVEN BLANK BLANK",
        "SEVEN SEVEN WILD SEVEN SEVEN",
    )
    events, total = evaluate_screen(game, screen, Bet(3, 1, 1))
    # row 1: CHERRY x2 = 2; row 3: SEVEN x5 with a wild = 750; the zigzag starts BAR CHERRY: nothing
    assert [(e.line, e.symbol, e.count, e.amount) for e in events] == [(0, "CHERRY", 2, 2), (1, "SEVEN", 5, 750)]
    assert events[1].positions == ((0, 3), (1, 3), (2, 3), (3, 3), (4, 3)) and total == 752


# --- Doubles (count-as-N) -------------------------------------------------------------------------

HR_SYMBOLS = (
    Symbol("WILD", kind="wild", excludes=("FS", "FS2", "A2", "B2")),
    Symbol("FS", kind="scatter"),
    Symbol("FS2", kind="scatter", pays_as="FS", counts=2),
    Symbol("A"),
    Symbol("A2", pays_as="A", counts=2),
    Symbol("B"),
    Symbol("B2", pays_as="B", counts=2),
    Symbol("K"),
    Symbol("Q"),
)
HR_PAYS = {
    "A": {3: F(5), 4: F(10), 5: F(20), 6: F(40), 7: F(80), 8: F(160), 9: F(320), 10: F(640)},
    "B": {3: F(1), 4: F(2), 5: F(3)},
    "K": {3: F(2), 4: F(4), 5: F(6)},
    "FS": {4: F(2), 5: F(5), 6: F(10)},
}
HR = make_defn(HR_SYMBOLS, HR_PAYS)


def test_double_counts_two_and_wild_counts_one() -> None:
    (pay,) = one("A2 WILD A K K", HR)  # Double A, Wild, A = 4 of A
    assert (pay.symbol, pay.count, pay.coins, pay.reels) == ("A", 4, 10, (0, 1, 2))
    (pay,) = one("WILD A2 A K Q", HR)  # the wild never becomes a Double: 1 + 2 + 1
    assert (pay.symbol, pay.count, pay.coins) == ("A", 4, 10)
    assert one("A2 K K Q Q", HR) == ()  # 2 of A pays nothing
    (pay,) = one("A2 A2 A2 A2 A2", HR)
    assert (pay.count, pay.coins) == (10, 640)
    (pay,) = one("A A2 A2 A Q", HR)
    assert (pay.count, pay.coins) == (6, 40)


def test_count_above_the_largest_key_pays_the_largest_key() -> None:
    (pay,) = one("B2 B2 B2 K Q", HR)  # 6 of B; B pays up to 5
    assert (pay.symbol, pay.count, pay.coins) == ("B", 6, 3)


def test_double_scatter_counts_two_and_pays_times_total_bet() -> None:
    screen = rows("FS K Q A K", "K FS2 Q FS2 Q", "Q K Q K Q")
    (sp,) = scatter_pays(HR, screen)
    assert (sp.symbol, sp.count, sp.x_bet) == ("FS", 5, 5)
    assert symbol_count(HR, screen, "FS") == (5, ((0, 0), (1, 1), (3, 1)))
    bet = Bet(20, 2, 5)
    events, total = evaluate_screen(HR, screen, bet)
    assert total == 5 * bet.total == 1000 and [type(e) for e in events] == [ScatterWin]


def test_pay_table_reads_the_largest_key_not_above_the_count() -> None:
    table = pay_table({3: F(5), 5: F(20)})
    assert table == (0, 0, 0, 5, 5, 20)


# --- both ways ------------------------------------------------------------------------------------

BOTH = make_defn(CLASSIC_SYMBOLS, PAYS, pay_direction="both_ways")


def test_both_ways_pays_each_direction_and_a_full_line_once() -> None:
    pays = one("SEVEN SEVEN SEVEN CHERRY CHERRY", BOTH)
    assert [(p.symbol, p.count, p.direction, p.reels) for p in pays] == [
        ("SEVEN", 3, "ltr", (0, 1, 2)),
        ("CHERRY", 2, "rtl", (3, 4)),
    ]
    assert [p.direction for p in one("BAR BAR SEVEN SEVEN SEVEN", BOTH)] == ["rtl"]
    (full,) = one("SEVEN SEVEN WILD SEVEN SEVEN", BOTH)  # 5 of a kind: paid once
    assert (full.symbol, full.count, full.coins) == ("SEVEN", 5, 750)
    # a left-to-right game ignores the right-to-left run unless asked
    assert [p.direction for p in one("BAR BAR SEVEN SEVEN SEVEN")] == []
    assert [p.direction for p in line_pays(GAME, "BAR BAR SEVEN SEVEN SEVEN".split(), both_ways=True)] == [
        "rtl"
    ]
    screen = rows(*["SEVEN SEVEN SEVEN CHERRY CHERRY"] * 3)
    assert evaluate_screen(BOTH, screen, Bet(20, 1, 1))[1] == 20 * (40 + 2)


# --- screens --------------------------------------------------------------------------------------


def test_window_wraps_around_the_strip() -> None:
    strip = ("A", "B", "C", "D")
    assert window(strip, 0, 3) == ("A", "B", "C")
    assert window(strip, 3, 3) == ("D", "A", "B")


def test_screen_from_stops_and_its_errors() -> None:
    defn = make_defn(
        CLASSIC_SYMBOLS, PAYS, reels={"base": tuple(("SEVEN", "BAR", "CHERRY", "STAR") for _ in range(5))}
    )
    assert screen_from_stops(defn, "base", (0, 1, 2, 3, 0))[3] == ("STAR", "SEVEN", "BAR")
    with pytest.raises(EvaluationError):
        screen_from_stops(defn, "base", (0, 1, 2, 4, 0))
    with pytest.raises(EvaluationError):
        screen_from_stops(defn, "base", (0, 1))
    with pytest.raises(EvaluationError):
        screen_from_stops(defn, "free", (0, 0, 0, 0, 0))


def test_line_pays_is_memoised_and_stable() -> None:
    first = one("SEVEN SEVEN SEVEN BAR BAR")
    assert one("SEVEN SEVEN SEVEN BAR BAR") is first


# --- exact expectations ---------------------------------------------------------------------------

TINY_SYMBOLS = (
    Symbol("W", kind="wild"),
    Symbol("S", kind="scatter"),
    Symbol("A"),
    Symbol("A2", pays_as="A", counts=2),
    Symbol("K"),
)
TINY_PAYS = {
    "W": {3: F(20)},
    "A": {2: F(1), 3: F(5), 4: F(9)},
    "K": {3: F(3)},
    "S": {2: F(1), 3: F(10)},
}


def _brute_line_coins(defn: Definition, both_ways: bool) -> Fraction:
    strips = defn.reels["base"]
    counts = [Counter(s) for s in strips]
    total = F(0)
    for combo in itertools.product(*[list(c) for c in counts]):
        weight = 1
        for c, sid in zip(counts, combo, strict=True):
            weight *= c[sid]
        total += weight * sum((p.coins for p in line_pays(defn, combo, both_ways=both_ways)), F(0))
    size = 1
    for s in strips:
        size *= len(s)
    return total / size


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(["W", "S", "A", "A2", "K"]), min_size=1, max_size=6), min_size=3, max_size=3
    )
)
def test_exact_line_expectation_matches_brute_force(strips: list[list[str]]) -> None:
    defn = make_defn(
        TINY_SYMBOLS, TINY_PAYS, reels={"base": tuple(map(tuple, strips))}, lines=((0, 0, 0),), grid=(3, 1)
    )
    assert expected_line_coins(defn, "base") == _brute_line_coins(defn, False)
    assert expected_line_coins(defn, "base", both_ways=True) == _brute_line_coins(defn, True)


def test_scatter_count_distribution_by_hand() -> None:
    # 3 reels x 1 row; S on reel strips with probabilities 1/2, 1/4, 0; a Double would count 2.
    defn = make_defn(
        TINY_SYMBOLS,
        TINY_PAYS,
        reels={"base": (("S", "A"), ("S", "A", "K", "K"), ("A", "K"))},
        lines=((0, 0, 0),),
        grid=(3, 1),
    )
    dist = count_distribution(defn, "base", ["S"])
    assert dist == [F(3, 8), F(1, 2), F(1, 8)]
    assert expected_scatter_x_bet(defn, "base") == F(1, 8) * 1  # two S pay 1 x bet
    # line: A needs reels 1-2-3 as A/W: P = 1/2 * 1/4 * 1/2 -> A x3 = 5; A x2 (reel 3 K) = 1/2*1/4*1/2 -> 1
    assert expected_line_coins(defn, "base") == F(1, 16) * 5 + F(1, 16) * 1
