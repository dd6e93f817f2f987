"""Boards of single-cell reels and the hold-and-respin block.

Every rule line of the two rule sheets the block serves (Happy Lucky Slot's respin
feature, Halloween Wins 3's Halloween Ghosts X) is played on hand-built boards with
scripted draws and checked against values worked out by hand. The exact chain is
checked against brute force: every path of draws of the block's own ``run`` enumerated
on tiny boards. The estimate's interval must hold the mean of simulated rounds.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product

import pytest

from cabinet.core.bet import Bet
from cabinet.core.boards import (
    Board,
    BoardFilled,
    BoardOpened,
    BoardSpun,
    CellAction,
    CellLanded,
    CellMultiplierChanged,
    CellPaid,
    Collected,
    HeldPrizesPaid,
    HeldRespinEngine,
    PrizeMultiplied,
    RespinsChanged,
)
from cabinet.core.definition import Definition, WeightedValue
from cabinet.core.events import Event, FeatureEnded, FeatureTriggered
from cabinet.core.features import Book, FeatureContext, ParContext, Spin, block
from cabinet.core.features import hold_and_respin as hr
from cabinet.core.loader import DefinitionError, load_definition_text
from cabinet.core.rng import Rng
from cabinet.core.round import RoundRequest, events_total, play_round
from cabinet.core.value import Estimate, Exact

F = Fraction

BASE = """
format: 1
id: toy
name: Toy
lines: [[0, 0, 0]]
pays: {{A: {{3: 5}}}}
bet: {{currency: EUR, minor_units: 2, coin_values: ["0.10"]}}
"""


def game(body: str, *, reels: int = 3, rows: int = 1) -> Definition:
    return load_definition_text(BASE.format() + f"grid: {{reels: {reels}, rows: {rows}}}\n" + body)


BET = Bet(1, 1, 10)  # a total bet of 10 minor units: 1x the bet is 10


def kinds(events: tuple[Event, ...], *types: type) -> list[Event]:
    return [e for e in events if isinstance(e, types)]


def play(defn: Definition, script: list[int], seed: int = 0) -> tuple[Event, ...]:
    result = play_round(defn, RoundRequest(BET, seed, script=tuple(script)))
    assert result.total_win == events_total(result.events)
    return result.events


# --- Happy Lucky Slot's respin feature, on two small boards ----------------------------------------

LUCKY = """
symbols:
  - {id: A}
  - {id: BASKET, kind: bonus, prizes: [{value: 1}, {value: 5}, {value: 30, weight: 2}]}
  - {id: GOLDEN, kind: bonus}
  - {id: PLUS, kind: bonus}
  - {id: MULT, kind: bonus, multipliers: [{value: 2}, {value: 25}]}
  - {id: BLANK, kind: blank}
reels:
  base: ["A BASKET GOLDEN", "A BASKET GOLDEN", "A BASKET GOLDEN"]
features:
  - type: hold_and_respin
    name: lucky
    trigger_symbols: {BASKET: 1, GOLDEN: 2}
    trigger_counts: {3: 1}
    place_symbol: BASKET
    respins: 2
    boards:
      - {name: BIG, reels: 1, rows: BIG_ROWS, strip: "BLANK BASKET PLUS MULT", fill_x_bet: 100}
      - {name: SMALL, reels: 1, rows: 2, strip: "BLANK BASKET PLUS MULT", fill_x_bet: 10}
    cells:
      - {symbol: BASKET}
      - {symbol: PLUS, respins: 1}
      - {symbol: MULT, multiply: true, multiplier_limits: {25: 20}}
"""


def lucky(big_rows: int = 2) -> Definition:
    return game(LUCKY.replace("BIG_ROWS", str(big_rows)))


def test_a_golden_basket_counts_two_and_places_two_baskets() -> None:
    defn = lucky()
    # base stops 1, 2, 0: BASKET, GOLDEN, A -> a count of 3 (the Golden Basket counts two)
    # placements: below(4)=0 -> BIG(0,0); below(3)=2 -> SMALL(0,1); below(2)=0 -> BIG(0,1)
    # prizes in placement order: below(4)=0 -> 1x, =3 -> 30x (weight 2), =1 -> 5x
    # respin 1: SMALL(0,0) lands MULT (3); it picks held prize 2 of 3 (SMALL(0,1), 30x):
    #   30x is not below 20x, so x25 is not allowed and x2 applies with no draw
    events = play(defn, [1, 2, 0, 0, 2, 0, 0, 3, 1, 3, 2])
    trigger = kinds(events, FeatureTriggered)[0]
    assert (trigger.count, trigger.positions) == (3, ((0, 0), (1, 0)))
    assert [(e.board, e.reels, e.rows, e.fill_award) for e in kinds(events, BoardOpened)] == [
        ("BIG", 1, 2, 1000), ("SMALL", 1, 2, 100)
    ]
    landed = [(e.board, e.position, e.symbol, e.value, e.held) for e in kinds(events, CellLanded)]
    assert landed == [
        ("BIG", (0, 0), "BASKET", 10, True),
        ("SMALL", (0, 1), "BASKET", 300, True),
        ("BIG", (0, 1), "BASKET", 50, True),
        ("SMALL", (0, 0), "MULT", 0, True),
    ]
    # the full BIG board pays its Bonus Prize at the start; only SMALL's free cell spins
    assert [(e.board, e.positions) for e in kinds(events, BoardSpun)] == [("SMALL", ((0, 0),))]
    multiplied = kinds(events, PrizeMultiplied)
    assert [(e.board, e.position, e.multiplier, e.value, e.source_board, e.source) for e in multiplied] == [
        ("SMALL", (0, 1), 2, 600, "SMALL", (0, 0))
    ]
    assert [(e.board, e.x_bet, e.amount) for e in kinds(events, BoardFilled)] == [
        ("BIG", 100, 1000), ("SMALL", 10, 100)
    ]
    # every board full: the feature ends with a respin left; held prizes are paid by board
    assert [e.respins for e in kinds(events, RespinsChanged)] == [1]
    assert [(e.board, e.positions, e.amount) for e in kinds(events, HeldPrizesPaid)] == [
        ("BIG", ((0, 0), (0, 1)), 60), ("SMALL", ((0, 1),), 600)
    ]
    assert kinds(events, FeatureEnded)[0].total == 1000 + 100 + 60 + 600


def test_x25_applies_only_to_prizes_below_20x_the_bet() -> None:
    defn = lucky()
    # as above, but the multiplier picks prize 1 of 3 (BIG(0,0), 1x): both multipliers are
    # allowed, so one weighted draw over (x2, x25): below(2)=1 -> x25
    events = play(defn, [1, 2, 0, 0, 2, 0, 0, 3, 1, 3, 0, 1])
    assert [(e.position, e.multiplier, e.value) for e in kinds(events, PrizeMultiplied)] == [((0, 0), 25, 250)]
    assert events_total(events) == 1000 + 100 + (250 + 50) + 300


def test_plus_adds_a_respin_and_the_feature_ends_when_respins_run_out() -> None:
    defn = lucky(big_rows=3)
    # placements over 5 free cells: below(5)=3 -> SMALL(0,0); below(4)=3 -> SMALL(0,1);
    # below(3)=0 -> BIG(0,0); prizes 1x, 1x, 5x; SMALL is full at the start (10x)
    # respin 1 (2 -> 1): BIG(0,1) PLUS (+1 -> 2), BIG(0,2) BLANK
    # respin 2 (2 -> 1): BIG(0,2) BLANK; respin 3 (1 -> 0): BLANK; no respins left
    events = play(defn, [1, 2, 0, 3, 3, 0, 0, 0, 1, 2, 0, 0, 0])
    changes = [(e.respins, e.change, e.reason) for e in kinds(events, RespinsChanged)]
    assert changes == [(1, -1, "spin"), (2, 1, "added"), (1, -1, "spin"), (0, -1, "spin")]
    assert [e.board for e in kinds(events, BoardFilled)] == ["SMALL"]  # BIG never filled
    assert [(e.board, e.amount) for e in kinds(events, HeldPrizesPaid)] == [("BIG", 50), ("SMALL", 20)]
    ended = kinds(events, FeatureEnded)[0]
    assert (ended.total, ended.spins_played) == (100 + 50 + 20, 3)


def test_a_board_fill_pays_once_per_feature() -> None:
    board = Board("ONE", 1, 1, (("COIN",),))
    book = Book()
    engine = HeldRespinEngine("f", (board,), {"COIN": CellAction("COIN")}, 10, Rng(1), book, respins=3,
                              fills={"ONE": F(2)})
    engine.resolve([(("ONE", 0, 0), "COIN")], change_respins=False)
    engine.award_fills()  # filled already: nothing more
    assert [(e.board, e.amount) for e in book.events if isinstance(e, BoardFilled)] == [("ONE", 20)]
    assert engine.finished and engine.all_full


def test_no_trigger_below_the_count_and_the_respin_feature_has_no_line_pays() -> None:
    defn = lucky()
    events = play(defn, [1, 1, 0])  # BASKET, BASKET, A: a count of 2
    assert not kinds(events, FeatureTriggered)
    trig = block("hold_and_respin").triggers(  # type: ignore[union-attr]
        FeatureContext(defn, defn.features[0], BET, None), Spin("base", "base", (), (("GOLDEN",), ("BASKET",), ("A",)), (), 0)
    )
    assert trig is not None and (trig.count, trig.probability) == (3, 1)


# --- Halloween Wins 3's Halloween Ghosts X: a 3x3 collector -----------------------------------------

COLLECTOR_GAME = """
symbols:
  - {id: A}
  - {id: MUMMY, kind: bonus}
  - {id: GHOST, kind: bonus, prizes: [{value: 1}, {value: 2}]}
  - {id: PUMPKIN, kind: bonus}
  - {id: MUMMY_X, kind: bonus}
  - {id: MINOR, kind: bonus}
  - {id: BLANK, kind: blank}
reels:
  base: ["A MUMMY", "A MUMMY", "A MUMMY"]
features:
  - type: hold_and_respin
    name: ghosts
    trigger_symbols: {MUMMY: 1}
"""

GHOSTS = COLLECTOR_GAME + """\
    trigger_counts: {1: "1/4", 2: 1}
    respins: 3
    start: [{symbol: PUMPKIN, reel: 2}, {symbol: GHOST}, {symbol: GHOST}]
    jackpots: {MINOR: 25}
    boards:
      - name: HALLOWEEN
        reels: 3
        rows: 3
        reel_strips: ["BLANK GHOST MUMMY_X MINOR BLANK*20", "BLANK PUMPKIN BLANK*20", "BLANK GHOST MUMMY_X MINOR BLANK*20"]
    cells:
      - {symbol: PUMPKIN, resets_respins: true, collects_reels: [1, 3]}
      - {symbol: GHOST, hold: false, resets_respins: true}
      - {symbol: MINOR, hold: false, resets_respins: true, jackpot: MINOR}
      - {symbol: MUMMY_X, hold: false, cell_multiplier: 1}
"""


def test_halloween_ghosts_collector_minigame() -> None:
    defn = game(GHOSTS)
    script = [
        1, 0, 0,  # base: MUMMY, A, A -> one mummy, a chance of 1/4 ...
        0,  # ... rng.chance(1, 4): below(4)=0 opens the minigame
        1, 0, 4,  # PUMPKIN on reel 2: (1,1); GHOST over 6 cells: (0,0); GHOST over 5: (2,2)
        0, 1,  # the ghosts' values: 1x, 2x
        # respin 1, the 8 free cells: MUMMY_X, BLANK, BLANK, PUMPKIN, BLANK, MINOR, BLANK, GHOST
        2, 0, 0, 1, 0, 3, 0, 1,
        1,  # that ghost is 2x
        # respin 2: a GHOST on (0,0), where the Mummy X left a x2 multiplier; 2x -> 4x
        1, 0, 0, 0, 0, 0, 0,
        1,
        *[0] * 21,  # respins 3, 4, 5: nothing lands, the counter runs out
    ]
    events = play(defn, script)
    landed = [(e.position, e.symbol, e.value, e.held, e.jackpot) for e in kinds(events, CellLanded)]
    assert landed == [
        ((1, 1), "PUMPKIN", 0, True, ""),
        ((0, 0), "GHOST", 10, False, ""),
        ((2, 2), "GHOST", 20, False, ""),
        ((0, 0), "MUMMY_X", 0, False, ""),
        ((1, 0), "PUMPKIN", 0, True, ""),
        ((2, 0), "MINOR", 250, False, "MINOR"),
        ((2, 2), "GHOST", 20, False, ""),
        ((0, 0), "GHOST", 40, False, ""),  # multiplied by its cell's x2
    ]
    assert [(e.position, e.multiplier) for e in kinds(events, CellMultiplierChanged)] == [((0, 0), 2)]
    collected = [(e.collector, e.positions, e.value, e.total) for e in kinds(events, Collected)]
    assert collected == [
        ((1, 1), ((0, 0), (2, 2)), 30, 30),  # the starting ghosts
        ((1, 0), ((2, 0), (2, 2)), 270, 270),  # every pumpkin collects everything
        ((1, 1), ((2, 0), (2, 2)), 270, 300),
        ((1, 0), ((0, 0),), 40, 310),
        ((1, 1), ((0, 0),), 40, 340),
    ]
    changes = [(e.respins, e.reason) for e in kinds(events, RespinsChanged)]
    assert changes == [(2, "spin"), (3, "reset"), (2, "spin"), (3, "reset"), (2, "spin"), (1, "spin"), (0, "spin")]
    # collected cells are cleared: the second respin spins every cell but the two pumpkins
    assert [len(e.positions) for e in kinds(events, BoardSpun)] == [8, 7, 7, 7, 7]
    assert [(e.positions, e.amount) for e in kinds(events, HeldPrizesPaid)] == [(((1, 0), (1, 1)), 650)]
    assert not kinds(events, CellPaid, BoardFilled)
    assert events_total(events) == 650


def test_the_mummy_chance_can_refuse_and_is_reported_when_evaluating() -> None:
    defn = game(GHOSTS)
    events = play(defn, [1, 0, 0, 1])  # below(4)=1 is not below 1: the door stays shut
    assert not kinds(events, FeatureTriggered)
    spin = Spin("base", "base", (), (("MUMMY",), ("A",), ("A",)), (), 0)
    trig = block("hold_and_respin").triggers(FeatureContext(defn, defn.features[0], BET, None), spin)  # type: ignore[union-attr]
    assert trig is not None and trig.probability == F(1, 4)
    two = Spin("base", "base", (), (("MUMMY",), ("MUMMY",), ("A",)), (), 0)
    rng = Rng(3)
    trig = block("hold_and_respin").triggers(FeatureContext(defn, defn.features[0], BET, rng), two)  # type: ignore[union-attr]
    assert trig is not None and rng.index == 0  # a chance of 1 draws nothing


def test_a_value_neither_held_nor_collected_pays_as_it_lands() -> None:
    board = Board("B", 1, 1, (("COIN",),))
    action = CellAction("COIN", hold=False, prizes=(WeightedValue(F(3)),))
    book = Book()
    engine = HeldRespinEngine("f", (board,), {"COIN": action}, 10, Rng(1), book, respins=1)
    engine.resolve(engine.spin())
    assert [(e.position, e.amount) for e in book.events if isinstance(e, CellPaid)] == [((0, 0), 30)]
    assert engine.paid == 30 and not engine.held and engine.finished


# --- the exact chain against brute force -----------------------------------------------------------


class _Branch(Exception):
    def __init__(self, n: int) -> None:
        self.n = n


class PathRng(Rng):
    """Answers draws from a fixed path; a draw past its end asks for a branch."""

    def __init__(self, path: tuple[int, ...]) -> None:
        super().__init__(0)
        self.path = path
        self.used = 0

    def below(self, n: int) -> int:
        if n == 1:
            return 0
        if self.used == len(self.path):
            raise _Branch(n)
        value = self.path[self.used]
        self.used += 1
        return value


def every_path(play_one: object, path: tuple[int, ...] = (), p: Fraction = Fraction(1)) -> Iterator[tuple[Fraction, object]]:
    """(probability, outcome) of every path of draws of ``play_one(rng)``, depth first."""
    try:
        outcome = play_one(PathRng(path))  # type: ignore[operator]
    except _Branch as branch:
        for value in range(branch.n):
            yield from every_path(play_one, (*path, value), p / branch.n)
        return
    yield p, outcome


def brute_force(defn: Definition, count: int) -> tuple[Fraction, dict[str, Fraction], Fraction]:
    """E[total in x bet], P(each board fills), E[respins] by every path of ``run``."""
    f = defn.features[0]
    value, respins = F(0), F(0)
    fills = {spec.name: F(0) for spec in f.boards}

    def play_one(rng: Rng) -> object:
        ctx = FeatureContext(defn, f, BET, rng, book=Book(keep=False))
        return hr.run(ctx, hr.Trigger(f.name, "", count, (), f.respins))

    for p, outcome in every_path(play_one):
        value += p * F(outcome.total, BET.total)  # type: ignore[attr-defined]
        respins += p * outcome.spins_played  # type: ignore[attr-defined]
        for name in fills:
            fills[name] += p * outcome.stats.get(f"{f.name}_filled_{name}", 0)  # type: ignore[attr-defined]
    return value, fills, respins


TINY = """
symbols:
  - {id: A}
  - {id: COIN, kind: bonus, prizes: [{value: 1}, {value: 3}]}
  - {id: PLUS, kind: bonus}
  - {id: BLANK, kind: blank}
reels:
  base: ["A COIN", "A COIN", "A A COIN"]
features:
  - type: hold_and_respin
    name: tiny
    trigger_symbols: {COIN: 1}
    trigger_counts: {1: "1/2", 2: 1}
    place_symbol: COIN
    respins: 1
    boards:
      - {name: ONE, reels: 1, rows: 2, strip: "BLANK COIN PLUS", fill_x_bet: 5}
    cells:
      - {symbol: COIN}
      - {symbol: PLUS, respins: 1}
"""


def test_the_chain_on_one_1x2_board_matches_every_path_and_the_hand_value() -> None:
    defn = game(TINY)
    f = defn.features[0]
    # count 1: one coin (mean 2x) and one free cell, one respin; COIN or PLUS fills it (2/3),
    # PLUS (1/3) adds a respin that is never spun (the board is full); a COIN adds 2x
    chain = hr.fill_chain(defn, f, 1)
    assert chain.fill_probability == {"ONE": F(2, 3)}
    assert chain.expected_respins == 1
    assert chain.value_x_bet == 2 + F(1, 3) * 2 + F(2, 3) * 5
    for count in (1, 2, 3):
        value, fills, respins = brute_force(defn, count)
        chain = hr.fill_chain(defn, f, count)
        assert (chain.value_x_bet, chain.fill_probability, chain.expected_respins) == (value, fills, respins)


def test_the_par_of_a_tiny_game_is_exact_and_matches_brute_force_over_every_stop() -> None:
    defn = game(TINY)
    f = defn.features[0]
    part = block("hold_and_respin").par(ParContext(defn, f, BET))  # type: ignore[union-attr]
    assert part is not None and isinstance(part.rtp, Exact)
    expected = F(0)
    rate = F(0)
    strips = defn.reels["base"]
    for stops in product(*(range(len(s)) for s in strips)):
        p = F(1, 2 * 2 * 3)
        count = sum(strip[stop] == "COIN" for strip, stop in zip(strips, stops, strict=True))
        chance = {0: F(0), 1: F(1, 2)}.get(count, F(1))
        if chance:
            rate += p * chance
            expected += p * chance * brute_force(defn, count)[0]
    assert part.rtp.value == expected
    assert part.figures["trigger_rate"] == Exact(rate)


TWO_BOARDS = """
symbols:
  - {id: A}
  - {id: COIN, kind: bonus, prizes: [{value: 1}, {value: 2, weight: 2}]}
  - {id: RESET, kind: bonus}
  - {id: INSTANT, kind: bonus, prizes: [{value: 2}]}
  - {id: JP, kind: bonus}
  - {id: BLANK, kind: blank}
reels:
  base: ["A COIN", "A COIN", "A COIN"]
features:
  - type: hold_and_respin
    name: pair
    trigger_symbols: {COIN: 1}
    trigger_counts: {2: 1}
    place_symbol: COIN
    respins: 1
    reset_to: 2
    jackpots: {MINI: 7}
    boards:
      - {name: LEFT, reels: 1, rows: 2, strip: "BLANK COIN RESET", fill_x_bet: 4}
      - {name: RIGHT, reels: 1, rows: 1, strip: "BLANK BLANK COIN INSTANT JP", fill_x_bet: 3}
    cells:
      - {symbol: COIN}
      - {symbol: RESET, resets_respins: true}
      - {symbol: INSTANT, hold: false}
      - {symbol: JP, jackpot: MINI}
"""


def test_the_chain_over_two_boards_with_resets_and_jackpots_matches_every_path() -> None:
    defn = game(TWO_BOARDS)
    f = defn.features[0]
    for count in (2, 3):
        value, fills, respins = brute_force(defn, count)
        chain = hr.fill_chain(defn, f, count)
        assert chain.value_x_bet == value
        assert chain.fill_probability == fills
        assert chain.expected_respins == respins
    assert 0 < hr.fill_chain(defn, f, 2).fill_probability["LEFT"] < 1


# --- the collector chain (Halloween Ghosts X) against brute force --------------------------------------

# a 2x2 collector board small enough to walk every path: reel 1's two cells are collected (a
# ghost or a Mummy X; a blank or a MINOR coin), reel 2's two cells may land pumpkins, which reset
COLLECTOR = COLLECTOR_GAME + """\
    trigger_counts: {1: 1}
    respins: 2
    start: [{symbol: PUMPKIN, reel: 2}, {symbol: GHOST}]
    jackpots: {MINOR: 5}
    boards:
      - name: SMALL
        reels: 2
        rows: 2
        cell_strips: ["GHOST MUMMY_X", "BLANK MINOR", "BLANK PUMPKIN", "BLANK PUMPKIN"]
    cells:
      - {symbol: PUMPKIN, resets_respins: true, collects_reels: [1]}
      - {symbol: GHOST, hold: false}
      - {symbol: MINOR, hold: false, jackpot: MINOR}
      - {symbol: MUMMY_X, hold: false, cell_multiplier: 1}
"""


def test_the_collector_chain_matches_every_path_of_a_small_board() -> None:
    defn = game(COLLECTOR)
    f = defn.features[0]
    assert hr.chain_blockers(defn, f) and not hr.collector_blockers(defn, f)
    chain = hr.collector_chain(defn, f, 1)
    value, fills, respins = brute_force(defn, 1)
    assert chain.value_x_bet == value and chain.expected_respins == respins
    assert chain.fill_probability == fills == {"SMALL": 0}
    part = block("hold_and_respin").par(ParContext(defn, f, BET))  # type: ignore[union-attr]
    assert part is not None and part.rtp == Exact(value * F(7, 8))  # P(a base spin shows a mummy) = 7/8


def test_the_collector_chain_of_a_resetting_board_holds_a_long_run_of_its_own_block() -> None:
    # every value resets the respins (Halloween's rule): no brute force ends; simulate instead
    defn = game(GHOSTS)
    f = defn.features[0]
    chain = hr.collector_chain(defn, f, 1)
    assert chain.value_x_bet is not None
    runs = 4000
    totals = [hr.run_from_trigger(defn, f, BET, 1, seed).total / BET.total for seed in range(runs)]
    mean = sum(totals) / runs
    spread = (sum((t - mean) ** 2 for t in totals) / (runs - 1) / runs) ** 0.5
    assert abs(mean - float(chain.value_x_bet)) < 4 * spread


@pytest.mark.slow
def test_halloween_s_minigame_chain_holds_200000_runs_of_its_block() -> None:
    from cabinet.core.bet import default_bet
    from cabinet.core.loader import load_game

    defn = load_game("halloween-wins-3")
    f = next(p for p in defn.features if p.name == "halloween_ghosts")
    bet = default_bet(defn)
    chain = hr.collector_chain(defn, f, 1)
    assert chain.value_x_bet is not None
    runs = 200_000
    totals = [hr.run_from_trigger(defn, f, bet, 1, seed + 1_000_000).total / bet.total for seed in range(runs)]
    mean = sum(totals) / runs
    spread = (sum((t - mean) ** 2 for t in totals) / (runs - 1) / runs) ** 0.5
    assert abs(mean - float(chain.value_x_bet)) < 4 * spread


# --- the estimate ------------------------------------------------------------------------------------

MULTIPLIED = """
symbols:
  - {id: A}
  - {id: COIN, kind: bonus, prizes: [{value: 1}, {value: 3}]}
  - {id: MULT, kind: bonus, multipliers: [{value: 2}, {value: 3}]}
  - {id: BLANK, kind: blank}
reels:
  base: ["A COIN", "A COIN", "A COIN"]
features:
  - type: hold_and_respin
    name: mult
    trigger_symbols: {COIN: 1}
    trigger_counts: {1: 1}
    place_symbol: COIN
    respins: 2
    boards:
      - {name: ROW, reels: 3, rows: 1, strip: "BLANK BLANK COIN MULT", fill_x_bet: 6}
    cells:
      - {symbol: COIN}
      - {symbol: MULT, multiply: true, multiplier_limits: {3: 2}}
"""


def test_multipliers_make_the_value_an_estimate_whose_interval_holds_the_simulated_mean() -> None:
    defn = game(MULTIPLIED)
    f = defn.features[0]
    part = block("hold_and_respin").par(ParContext(defn, f, BET, samples=800, seed=3))  # type: ignore[union-attr]
    assert part is not None and isinstance(part.rtp, Estimate)
    # the fill probabilities stay exact (the chain does not depend on values) and match brute force
    for count in (1, 2, 3):
        value, fills, _ = brute_force(defn, count)
        assert hr.fill_chain(defn, f, count).fill_probability == fills
    assert isinstance(part.figures["fill_probability.ROW"], Exact)
    # the true value by brute force lies within 4 standard errors (a 95% interval misses one
    # seed in twenty), and so does the simulated mean
    true = sum((q * brute_force(defn, k)[0] for k, q in hr.trigger_distribution(defn, f).items()), F(0))
    error = part.rtp.std_error
    assert abs(part.rtp.mean - true) < 4 * error
    rounds = 4000
    won = 0
    for seed in range(rounds):
        result = play_round(defn, RoundRequest(BET, seed, keep_events=False))
        won += result.feature_wins.get("mult", 0)
    assert abs(won / rounds / BET.total - part.rtp.mean) < 4 * error + 0.5  # the rounds' own noise: about 0.12


def test_a_larger_par_after_a_smaller_one_reports_what_a_fresh_one_does() -> None:
    # the multipliers' runs are kept on the definition (par_to_precision's pilot, then its larger
    # run): run i is the same run at any sample count, so the larger par plays only the new runs
    entry = block("hold_and_respin")
    assert entry is not None
    grown = game(MULTIPLIED)
    first = entry.par(ParContext(grown, grown.features[0], BET, samples=40, seed=3))
    second = entry.par(ParContext(grown, grown.features[0], BET, samples=100, seed=3))
    other_seed = entry.par(ParContext(grown, grown.features[0], BET, samples=100, seed=4))
    for samples, seed, kept in ((40, 3, first), (100, 3, second), (100, 4, other_seed)):
        fresh = game(MULTIPLIED)
        assert kept == entry.par(ParContext(fresh, fresh.features[0], BET, samples=samples, seed=seed))
    assert isinstance(second.rtp, Estimate) and second.rtp.samples > first.rtp.samples  # type: ignore[union-attr]


def test_the_smoothed_multipliers_have_the_mean_of_what_they_added_on_every_path() -> None:
    # par's estimate of what prize multipliers add replaces each landing by its chance at
    # every respin: over every path of draws its mean is what the multipliers really added
    defn = game(MULTIPLIED)
    f = defn.features[0]
    for count in (1, 2):
        smoothed, real = F(0), F(0)

        def play_one(rng: Rng, count: int = count) -> object:
            ctx = FeatureContext(defn, f, BET, rng, book=Book(keep=False, controls=True))
            return hr.play_feature(ctx, hr.Trigger(f.name, "", count, (), f.respins))[1]

        for p, engine in every_path(play_one):
            smoothed += p * F(engine.multiplied_smoothed)  # type: ignore[attr-defined]
            real += p * engine.multiplied  # type: ignore[attr-defined]
        assert real > 0 and abs(smoothed - real) < F(1, 10**9)


def test_events_total_is_the_round_total() -> None:
    for text in (LUCKY.replace("BIG_ROWS", "2"), GHOSTS, TWO_BOARDS, MULTIPLIED):
        defn = game(text)
        played = 0
        for seed in range(300):
            result = play_round(defn, RoundRequest(BET, seed))
            assert result.total_win == events_total(result.events)
            played += bool(result.features)
        assert played


def test_batch_hints_and_quiet_name_the_trigger() -> None:
    defn = lucky()
    f = defn.features[0]
    entry = block("hold_and_respin")
    assert entry is not None
    (hint,) = entry.batch_hints(defn, f, "base")
    assert hint.counts == ((0, 1, 2),) * 3 and hint.threshold == 3
    assert entry.quiet(defn, f) == (("BASKET", 3), ("GOLDEN", 2))


# --- the checks ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("place_symbol: BASKET", "place_symbol: BASKIT", "unknown place_symbol 'BASKIT'"),
        ('strip: "BLANK BASKET PLUS MULT", fill_x_bet: 10}', 'strip: "BLANK BASKET PLUS MULT", fill_x_bet: "0.05"}',
         "not a whole amount"),
        ("{symbol: PLUS, respins: 1}", "{symbol: PLUS, jackpot: GRAND}", "no jackpot named 'GRAND'"),
        ("multiplier_limits: {25: 20}", "multiplier_limits: {4: 20}", "x4 is not among the multipliers"),
        ("{name: SMALL, reels: 1", "{name: BIG, reels: 1", "two boards are named 'BIG'"),
        ('rows: 2, strip: "BLANK BASKET PLUS MULT", fill_x_bet: 10',
         'rows: 2, cell_strips: ["BLANK BASKET"], fill_x_bet: 10', "cell_strips needs 2 strips"),
        ("trigger_counts: {3: 1}", "trigger_counts: {3: 2}", "a chance is at most 1"),
    ],
)
def test_check_reports_inconsistent_parameters(old: str, new: str, message: str) -> None:
    text = LUCKY.replace("BIG_ROWS", "2")
    assert old in text
    with pytest.raises(DefinitionError, match=message):
        game(text.replace(old, new))


DOC_GAME = """
symbols:
  - {id: A}
  - {id: BASKET, kind: bonus, prizes: [{value: 1}, {value: 5}]}
  - {id: GOLDEN_BASKET, kind: bonus}
  - {id: PLUS, kind: bonus}
  - {id: MULT, kind: bonus, multipliers: [{value: 2}, {value: 25}]}
  - {id: BLANK, kind: blank}
  - {id: MUMMY, kind: bonus}
  - {id: GHOST, kind: bonus, prizes: [{value: 1}]}
  - {id: PUMPKIN, kind: bonus}
  - {id: MUMMY_X, kind: bonus}
  - {id: MINOR, kind: bonus}
  - {id: MAJOR, kind: bonus}
reels:
  base: ["A BASKET GOLDEN_BASKET MUMMY", "A BASKET GOLDEN_BASKET MUMMY", "A BASKET GOLDEN_BASKET MUMMY"]
"""


def test_the_module_docstring_examples_load_and_play() -> None:
    import textwrap

    parts = (hr.__doc__ or "").split("::\n\n")
    lucky_text = textwrap.dedent(parts[1].split("\n\n")[0])
    ghosts_text = "features:\n" + textwrap.indent(textwrap.dedent(parts[2].split("\n\n")[0]), "  ")
    for text in (lucky_text, ghosts_text):
        defn = game(DOC_GAME + text)
        assert defn.features[0].type == "hold_and_respin"
        for seed in range(20):
            result = play_round(defn, RoundRequest(BET, seed))
            assert result.total_win == events_total(result.events)
