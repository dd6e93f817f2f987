"""Issue 35 item 7's shapes: big symbols over a block of reels, a wild that spreads over its
block, symbols that turn wild in free spins. Each pinned on hand-built screens; par is exact
and equals brute force on the toy games of tests/games/shapes/; the batch path equals
play_round round by round; the loader names bad parameters with file:line:col."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import LineWin, ScatterWin, ScreenChanged
from cabinet.core.features.big_symbols import BigSymbolLanded, BigSymbolMissed
from cabinet.core.features.spreading_wild import SpreadingWild, WildSpread, spread
from cabinet.core.features.turn_wild import SymbolsTurnedWild
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes

GAMES = Path(__file__).resolve().parent / "games" / "shapes"
TOYS = ("toy-big-3x3", "toy-big-blank", "toy-big-free", "toy-big-ways", "toy-spread", "toy-turn-wild")


@pytest.fixture(scope="module")
def toys() -> dict[str, Definition]:
    return {name: load_game(GAMES / f"{name}.yaml") for name in TOYS}


def screen_of(rows: str) -> tuple[tuple[str, ...], ...]:
    """A screen from rows written top to bottom ("A B C / ..."), as reels of rows."""
    grid = [row.split() for row in rows.split("/")]
    return tuple(tuple(grid[r][reel] for r in range(len(grid))) for reel in range(len(grid[0])))


# --- big symbols ------------------------------------------------------------------------------------


def test_a_3x3_wild_over_reels_2_to_4_pays_every_line_through_it(toys: dict[str, Definition]) -> None:
    defn = toys["toy-big-3x3"]
    bet = default_bet(defn)
    # every reel at stop 0 (A B C on reel 1 and 5), then the big reel's stop 6: WILD
    result = play_round(defn, RoundRequest(bet, 1, script=(0, 0, 0, 0, 0, 6)))
    (landed,) = [e for e in result.events if isinstance(e, BigSymbolLanded)]
    assert (landed.symbol, landed.reels, landed.rows, landed.stop) == ("WILD", (1, 2, 3), (0, 1, 2), 6)
    (changed,) = [e for e in result.events if isinstance(e, ScreenChanged)]
    assert changed.reason == "big_symbol" and changed.screen == screen_of(
        "A WILD WILD WILD A / B WILD WILD WILD B / C WILD WILD WILD C")
    # middle B x5 = 20, top A x5 = 50, bottom C x5 = 10, V A x5 = 50, inverted V C x5 = 10 coins
    wins = sorted((e.line, e.symbol, e.count) for e in result.events if isinstance(e, LineWin))
    assert wins == [(0, "B", 5), (1, "A", 5), (2, "C", 5), (3, "A", 5), (4, "C", 5)]
    assert result.total_win == 140 * bet.coin_value


def test_a_big_symbol_reads_as_that_symbol_in_each_cell(toys: dict[str, Definition]) -> None:
    defn = toys["toy-big-3x3"]
    bet = default_bet(defn)
    result = play_round(defn, RoundRequest(bet, 1, script=(1, 0, 0, 0, 1, 0)))  # reel 1 B C A, big A, reel 5 B C A
    shown = [e for e in result.events if isinstance(e, ScreenChanged)][-1].screen
    assert shown == screen_of("B A A A B / C A A A C / A A A A A")
    # the bottom line pays A x5; every line that pays, pays A through the big symbol
    wins = {(e.line, e.symbol, e.count) for e in result.events if isinstance(e, LineWin)}
    assert (2, "A", 5) in wins and all(symbol == "A" for _, symbol, _ in wins)


def test_a_2x2_scatter_counts_four_scatters_on_a_ways_game(toys: dict[str, Definition]) -> None:
    defn = toys["toy-big-ways"]
    bet = default_bet(defn)
    # reel 3 at stop 2 shows S B; the big reel's stop 3 is S over reels 1-2: five scatters
    result = play_round(defn, RoundRequest(bet, 1, script=(0, 0, 2, 3)))
    (scatter,) = [e for e in result.events if isinstance(e, ScatterWin)]
    assert scatter.count == 5


def test_big_symbols_act_only_in_their_modes(toys: dict[str, Definition]) -> None:
    defn = toys["toy-big-free"]
    bet = default_bet(defn)
    for seed in range(40):
        events = play_round(defn, RoundRequest(bet, seed)).events
        modes = [e for e in events if e.kind in ("spin_started", "big_symbol_landed")]
        for before, event in zip(modes, modes[1:], strict=False):
            if isinstance(event, BigSymbolLanded):
                assert before.mode == "free"  # type: ignore[attr-defined]


# --- spreading wilds --------------------------------------------------------------------------------


def test_a_wild_spreads_over_its_3x3_block_and_keeps_scatters() -> None:
    defn = load_game(GAMES / "toy-spread.yaml")
    square = next(f for f in defn.features if isinstance(f, SpreadingWild) and f.shape == "square")
    shown, sources, grown = spread(defn, square, screen_of("A S C B / C WILD A B"))
    assert sources == ((1, 1),)
    assert grown == ((0, 0), (0, 1), (2, 0), (2, 1))  # reel 2's S keeps its cell; reel 4 is out of reach
    assert shown == screen_of("WILD S WILD B / WILD WILD WILD B")


def test_a_cross_spreads_to_its_four_neighbours_only_from_landed_wilds() -> None:
    defn = load_game(GAMES / "toy-spread.yaml")
    cross = SpreadingWild(type="spreading_wild", symbol="WILD", shape="cross")
    rows = "A B C A / B WILD C A"
    shown, _, grown = spread(defn, cross, screen_of(rows))
    assert grown == ((0, 1), (1, 0), (2, 1))  # left, above, right: not the diagonals
    assert shown == screen_of("A WILD C A / WILD WILD WILD A")
    # a wild the spread made does not spread again (reel 4 stays A)
    assert shown[3] == ("A", "A")


def test_the_spread_comes_before_the_pays(toys: dict[str, Definition]) -> None:
    defn = toys["toy-spread"]
    bet = default_bet(defn)
    # stops 0, 0, 0, 1 show rows "A WILD C C / S A S B": the wild covers its block but the scatters
    result = play_round(defn, RoundRequest(bet, 1, script=(0, 0, 0, 1)))
    (spread_event,) = [e for e in result.events if isinstance(e, WildSpread)]
    assert spread_event.sources == ((1, 0),)
    shown = [e for e in result.events if isinstance(e, ScreenChanged)][-1].screen
    assert shown == screen_of("WILD WILD WILD C / S WILD S B")
    wins = {(e.line, e.symbol, e.count) for e in result.events if isinstance(e, LineWin)}
    assert (1, "C", 4) in wins  # the top line: WILD WILD WILD C pays C x4


def test_a_blank_stop_of_the_big_reel_lands_no_big_symbol(toys: dict[str, Definition]) -> None:
    defn = toys["toy-big-blank"]
    bet = default_bet(defn)
    result = play_round(defn, RoundRequest(bet, 1, script=(0, 0, 0, 0, 0, 5)))  # big reel stop 5: blank
    (missed,) = [e for e in result.events if isinstance(e, BigSymbolMissed)]
    assert missed.stop == 5
    assert not [e for e in result.events if isinstance(e, BigSymbolLanded | ScreenChanged)]
    # the reels show their own symbols (A A B A A / B B C C B / C C A B C): no line pays
    assert not [e for e in result.events if isinstance(e, LineWin)] and result.total_win == 0
    landed = play_round(defn, RoundRequest(bet, 1, script=(0, 0, 0, 0, 0, 3)))  # stop 3: the big WILD
    assert [e.symbol for e in landed.events if isinstance(e, BigSymbolLanded)] == ["WILD"]
    assert not [e for e in landed.events if isinstance(e, BigSymbolMissed)]
    assert landed.total_win > result.total_win


def test_blank_stops_are_counted_in_par(toys: dict[str, Definition]) -> None:
    """A blank stop prices the spin as it landed: par moves with the number of blank stops."""
    defn = toys["toy-big-blank"]
    from dataclasses import replace

    (big,) = defn.features
    more = replace(defn, features=(replace(big, blank=10),))
    assert par(more).total_rtp < par(defn).total_rtp


# --- symbols turning wild ---------------------------------------------------------------------------


def test_knights_turn_wild_in_free_spins_and_pay_as_the_wild(toys: dict[str, Definition]) -> None:
    defn = toys["toy-turn-wild"]
    bet = default_bet(defn)
    # base: stops 2, 2, 1 -> S on reels 1-3 triggers one free spin; free stops 0, 0, 2: K1 K2 K1 on top
    result = play_round(defn, RoundRequest(bet, 1, script=(2, 2, 1, 0, 0, 2)))
    (turned,) = [e for e in result.events if isinstance(e, SymbolsTurnedWild)]
    assert turned.positions == ((0, 0), (1, 0), (2, 0)) and turned.was == ("K1", "K2", "K1")
    free_wins = [e for e in result.events if isinstance(e, LineWin) and e.symbol == "WILD"]
    assert [(e.line, e.count) for e in free_wins] == [(0, 3)]
    assert free_wins[0].amount == 25 * 2 * bet.coin_value  # the wild's 3, x2 in free spins


def test_knights_stay_knights_in_base_spins(toys: dict[str, Definition]) -> None:
    defn = toys["toy-turn-wild"]
    result = play_round(defn, RoundRequest(default_bet(defn), 1, script=(0, 1, 3)))  # K1 / K2 / K1 on top
    assert not [e for e in result.events if isinstance(e, SymbolsTurnedWild)]


# --- par, brute force and the batch path ------------------------------------------------------------


@pytest.mark.parametrize("name", TOYS)
def test_toy_par_is_exact_and_equals_brute_force(toys: dict[str, Definition], name: str) -> None:
    defn = toys[name]
    report = par(defn)
    assert report.exact, report.notes
    brute = round_value(defn)
    assert report.total_rtp == brute.rtp
    shaped = [p for p in report.parts if p.name not in ("free_spins",)]
    assert shaped and all(p.rtp.value != 0 for p in shaped)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", TOYS)
def test_batch_equals_play_round_round_by_round(toys: dict[str, Definition], name: str) -> None:
    defn = toys[name]
    bet = default_bet(defn)
    seeds = derive_seeds(11, 0, 300)
    out = round_outcomes(defn, bet, seeds)
    assert out.win.tolist() == [play_round(defn, RoundRequest(bet, int(s))).total_win for s in seeds]


def test_big_and_turning_stages_stay_in_the_batch(toys: dict[str, Definition]) -> None:
    for name in ("toy-big-3x3", "toy-big-blank", "toy-turn-wild"):
        defn = toys[name]
        out = round_outcomes(defn, default_bet(defn), derive_seeds(3, 0, 300))
        assert not out.scalar.any()  # no round needed play_round


def test_a_spread_too_big_to_list_has_no_exact_part(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the enumeration limit the block prices nothing, so par estimates the game (and says which block)."""
    from cabinet.core.features import ParContext, block, shape_par

    defn = load_game(GAMES / "toy-spread.yaml")
    entry = block("spreading_wild")
    assert entry is not None
    params = defn.features[0]
    assert entry.par(ParContext(defn, params, default_bet(defn))) is not None
    monkeypatch.setattr(shape_par.enumerated_delta, "__kwdefaults__", {"limit": 10})
    assert entry.par(ParContext(defn, params, default_bet(defn))) is None


# --- the loader -------------------------------------------------------------------------------------

BAD_BASE = (GAMES / "toy-big-3x3.yaml").read_text()


@pytest.mark.parametrize(("old", "new", "says"), [
    ("reels: [2, 3, 4]", "reels: [2, 4]", "must be adjacent"),
    ("strip: [A, B, B, C, C, C, WILD]", "strip: [A, Q]", "unknown big symbol 'Q'"),
    ("strip: [A, B, B, C, C, C, WILD]", "strip: []", "strip needs at least one symbol"),
    ("    modes: [base]", "    rows: [1, 3]\n    modes: [base]", "rows must be adjacent"),
    ("  - type: big_symbols\n    reels: [2, 3, 4]\n    strip: [A, B, B, C, C, C, WILD]",
     "  - type: spreading_wild\n    symbol: A", "must be a wild symbol"),
    ("  - type: big_symbols\n    reels: [2, 3, 4]\n    strip: [A, B, B, C, C, C, WILD]",
     "  - type: turn_wild\n    symbols: [A, WILD]\n    wild: WILD", "is the wild itself"),
])
def test_bad_parameters_are_named_with_their_place(old: str, new: str, says: str) -> None:
    assert old in BAD_BASE
    with pytest.raises(DefinitionError) as info:
        load_definition_text(BAD_BASE.replace(old, new), "g.yaml")
    found = [str(i) for i in info.value.issues]
    assert any(says in text and text.startswith("g.yaml:") for text in found), found
