"""Book-style games (issue 35, items 2 and 3): a wild that is a scatter too (``scatter: true``)
and the ``expanding_symbol`` block. Each rule is pinned on a hand-built screen; par equals the
brute-force expected round win on the toy game tests/games/book/toy-book.yaml."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.evaluate import evaluate_screen, line_pays, scatter_pays, symbol_count
from cabinet.core.features import FeatureContext, RoundState, SpinDraft, block
from cabinet.core.features.expanding_symbol import (
    ExpandingSymbol,
    SymbolDrawn,
    SymbolExpanded,
    expansion_coins,
    need_of,
    reel_count_distribution,
)
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import simulate
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "book" / "toy-book.yaml"

# A 5x3 game to pin the rules on: BOOK is the wild-scatter; the expanding symbol is drawn from
# H (pays from 2) and L (pays from 3).
GAME = """
format: 1
id: book-rules
name: book rules
grid: {reels: 5, rows: 3}
symbols:
- {id: BOOK, kind: wild, scatter: true}
- {id: H}
- {id: L}
- {id: X}
- {id: Z}   # pays nothing: hand-built screens' filler
reels:
  base: [BOOK H L X X X, H L X BOOK X X, L X H X BOOK X, X H L X X BOOK, H X L X X BOOK]
lines:
- [1, 1, 1, 1, 1]
- [0, 0, 0, 0, 0]
- [2, 2, 2, 2, 2]
pays:
  H: {2: 10, 3: 50, 4: 200, 5: 1000}
  L: {3: 5, 4: 20, 5: 100}
  X: {3: 1}
  BOOK: {3: 2, 4: 20, 5: 200}
bet: {currency: EUR, minor_units: 2, coin_values: ['0.10'], lines: [1, 3], coins_per_line: [1, 2]}
features:
- type: free_spins
  trigger_symbol: BOOK
  awards: {3: 10}
  retrigger: false
  win_multiplier: 2
- type: expanding_symbol
  symbols: [{symbol: H, weight: 1}, {symbol: L, weight: 3}]
"""


@pytest.fixture(scope="module")
def game() -> Definition:
    return load_definition_text(GAME, source="<book rules>")


def screen_of(rows: str) -> tuple[tuple[str, ...], ...]:
    """A screen from rows written top to bottom ("H L X X X / ..."), as reels of rows."""
    grid = [row.split() for row in rows.split("/")]
    return tuple(tuple(grid[r][reel] for r in range(len(grid))) for reel in range(len(grid[0])))


# --- the wild-scatter -------------------------------------------------------------------------------


def test_a_wild_scatter_substitutes_on_lines(game: Definition) -> None:
    (pay,) = line_pays(game, ("H", "BOOK", "H", "X", "X"))
    assert (pay.symbol, pay.count, pay.coins) == ("H", 3, 50)


def test_a_wild_scatter_has_no_line_pays_of_its_own(game: Definition) -> None:
    """Its pays are scatter pays: five books on a line pay the scatter, no line win."""
    assert line_pays(game, ("BOOK",) * 5) == ()


def test_a_wild_scatter_pays_anywhere_x_the_total_bet(game: Definition) -> None:
    screen = screen_of("BOOK Z Z Z Z / Z Z BOOK Z Z / Z Z Z Z BOOK")
    (pay,) = scatter_pays(game, screen)
    assert (pay.symbol, pay.count, pay.x_bet) == ("BOOK", 3, 2)
    bet = Bet(3, 2, 10)
    events, total = evaluate_screen(game, screen, bet)
    assert [e.kind for e in events] == ["scatter_win"]
    assert total == 2 * bet.total


def test_a_wild_scatter_triggers_free_spins(game: Definition) -> None:
    screen = screen_of("BOOK Z Z Z Z / Z Z BOOK Z Z / Z Z Z Z BOOK")
    assert symbol_count(game, screen, "BOOK")[0] == 3
    entry = block("free_spins")
    assert entry is not None
    from cabinet.core.features import Spin

    spin = Spin("base", "base", (0,) * 5, screen, (), 0)
    trigger = entry.triggers(FeatureContext(game, game.feature("free_spins"), default_bet(game), None), spin)
    assert trigger is not None and (trigger.count, trigger.awarded) == (3, 10)


def test_scatter_true_is_for_wilds_only() -> None:
    text = GAME.replace("- {id: H}", "- {id: H, scatter: true}")
    with pytest.raises(DefinitionError, match="scatter: true makes a wild a scatter too; 'H' is regular"):
        load_definition_text(text, source="<bad>")


def test_a_plain_wild_still_cannot_trigger_free_spins() -> None:
    text = GAME.replace("- {id: BOOK, kind: wild, scatter: true}", "- {id: BOOK, kind: wild}")
    with pytest.raises(DefinitionError, match="trigger symbol 'BOOK' must be a scatter or bonus symbol"):
        load_definition_text(text, source="<bad>")


# --- the expanding symbol ---------------------------------------------------------------------------


def expand(game: Definition, rows: str, symbol: str, bet: Bet, multiplier: int = 1) -> SpinDraft:
    """The block's win stage on ``rows`` in a free spin whose drawn symbol is ``symbol``."""
    params = game.feature("expanding_symbol")
    state = RoundState(multiplier=Fraction(multiplier), running=["free_spins"], values={params.name: symbol})
    draft = SpinDraft("free", "base", (0,) * 5, screen_of(rows))
    entry = block("expanding_symbol")
    assert entry is not None
    entry.win_stage(FeatureContext(game, params, bet, None, "free", state), draft)
    return draft


def test_it_needs_its_own_smallest_paying_count(game: Definition) -> None:
    assert (need_of(game, "H"), need_of(game, "L")) == (2, 3)


def test_a_premium_on_two_reels_far_apart_fills_them_and_pays_every_line(game: Definition) -> None:
    bet = Bet(3, 2, 10)
    draft = expand(game, "Z Z Z Z H / H Z Z Z Z / Z Z L Z Z", "H", bet)
    (event,) = draft.wins
    assert isinstance(event, SymbolExpanded)
    assert (event.reels, event.count, event.lines, event.coins) == ((0, 4), 2, 3, 10)
    assert event.amount == draft.win == 3 * 10 * 2 * 10  # lines x pay x coins a line x coin value
    assert sorted(event.positions) == [(r, row) for r in (0, 4) for row in range(3)]
    assert [column for column in event.screen] == [("H",) * 3, ("Z",) * 3, ("Z", "Z", "L"), ("Z",) * 3, ("H",) * 3]


def test_it_pays_on_the_played_lines_times_the_free_spins_multiplier(game: Definition) -> None:
    bet = Bet(1, 1, 10)
    draft = expand(game, "L Z L Z Z / Z Z Z Z L / Z Z Z Z Z", "L", bet, multiplier=2)
    (event,) = draft.wins
    assert (event.count, event.lines, event.multiplier, event.amount) == (3, 1, 2, 5 * 1 * 10 * 2)


def test_below_its_count_nothing_expands(game: Definition) -> None:
    draft = expand(game, "L Z L Z Z / Z Z Z Z Z / Z Z Z Z Z", "L", Bet(3, 1, 10))
    assert draft.wins == [] and draft.win == 0


def test_the_book_does_not_count_as_the_expanding_symbol(game: Definition) -> None:
    draft = expand(game, "L Z BOOK Z L / Z Z Z Z Z / Z Z Z Z Z", "L", Bet(3, 1, 10))
    assert draft.wins == [] and draft.win == 0


def test_the_expansion_is_paid_on_top_of_the_normal_wins(game: Definition) -> None:
    """The draft's line wins stay; the expansion adds its own pay after them."""
    bet = Bet(3, 1, 10)
    params = game.feature("expanding_symbol")
    state = RoundState(running=["free_spins"], values={params.name: "H"})
    screen = screen_of("H H Z Z Z / Z Z Z Z Z / Z Z Z Z Z")
    wins, win = evaluate_screen(game, screen, bet)
    draft = SpinDraft("free", "base", (0,) * 5, screen, wins=list(wins), win=win)
    entry = block("expanding_symbol")
    assert entry is not None
    entry.win_stage(FeatureContext(game, params, bet, None, "free", state), draft)
    assert [e.kind for e in draft.wins] == ["line_win", "symbol_expanded"]
    assert draft.win == win + 3 * 10 * 10 == 10 * 10 + 300


def test_the_symbol_is_drawn_by_weight_once_as_free_spins_start(game: Definition) -> None:
    """One weighted draw after FeatureStarted: a scenario point of 0 draws H, 1-3 draw L."""
    bet = default_bet(game)
    for point, symbol in ((0, "H"), (1, "L"), (3, "L")):
        result = play_round(game, RoundRequest(bet, 1, script=(0, 3, 4, 0, 0, point)))
        kinds = [e.kind for e in result.events]
        assert kinds.count("symbol_drawn") == 1
        at = kinds.index("symbol_drawn")
        assert kinds[at - 1] == "feature_started" and kinds[at + 1] == "spin_started"
        drawn = result.events[at]
        assert isinstance(drawn, SymbolDrawn) and drawn.symbol == symbol


def test_every_expansion_of_a_feature_is_its_drawn_symbol(game: Definition) -> None:
    bet = default_bet(game)
    seen = 0
    for seed in range(60):
        result = play_round(game, RoundRequest(bet, seed, script=(0, 3, 4, 0, 0)))
        drawn = [e.symbol for e in result.events if isinstance(e, SymbolDrawn)]
        expanded = {e.symbol for e in result.events if isinstance(e, SymbolExpanded)}
        assert expanded <= set(drawn[:1])
        seen += len(expanded)
    assert seen  # some features expanded


def test_check_names_a_missing_feature_and_symbols_without_pays() -> None:
    text = GAME.replace("  symbols: [{symbol: H, weight: 1}, {symbol: L, weight: 3}]",
                        "  feature: bonus\n  symbols: [{symbol: H, weight: 1}, {symbol: BOOK, weight: 3}]")
    with pytest.raises(DefinitionError) as caught:
        load_definition_text(text, source="<bad>")
    said = str(caught.value)
    assert "no free-spins feature named 'bonus'" in said
    assert "expanding symbol 'BOOK' must be a regular symbol, not wild" in said


def test_reel_count_distribution_is_per_reel_presence(game: Definition) -> None:
    dist = reel_count_distribution(game, "base", "H")
    assert sum(dist.values()) == 1
    # H shows on reel 1 in 3 of 6 windows, reel 2 in 3, reel 3 in 3, reel 4 in 3, reel 5 in 3
    assert dist[5] == Fraction(1, 2) ** 5
    assert expansion_coins(game, "H", 1) == 0 and expansion_coins(game, "H", 2) == 10


# --- par against brute force, and simulate ---------------------------------------------------------


@pytest.fixture(scope="module")
def toy() -> Definition:
    from cabinet.core.loader import load_definition

    return load_definition(TOY)


def test_toy_par_is_exact_and_equals_brute_force(toy: Definition) -> None:
    report = par(toy)
    assert isinstance(report.total, Exact)
    parts = {p.name: p for p in report.parts}
    assert isinstance(parts["expanding_symbol"].rtp, Exact) and parts["expanding_symbol"].rtp.value > 0
    brute = round_value(toy)
    assert brute.paths > 1000  # every stop, the draw of the symbol and both free spins are walked
    assert report.total.value == brute.rtp


def test_toy_without_the_expansion_prices_the_wild_scatter_alone(toy: Definition) -> None:
    import dataclasses

    plain = dataclasses.replace(toy, features=tuple(f for f in toy.features if not isinstance(f, ExpandingSymbol)))
    assert par(plain).total.value == round_value(plain).rtp


def test_toy_simulation_agrees_with_par(toy: Definition) -> None:
    sim = simulate(toy, 60_000, 35)
    assert abs(float(sim.rtp) - float(par(toy).total.value)) < 4 * sim.standard_error


def test_the_shipped_book_game_loads() -> None:
    defn = load_game("explorers-codex")
    assert defn.symbol_map["CODEX"].is_scatter and defn.symbol_map["CODEX"].kind == "wild"
    assert defn.feature("expanding_symbol").name == "codex_symbol"
