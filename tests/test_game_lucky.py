"""Happy Lucky Slot, rule line by rule line (../shared/rules/happy-lucky-slot.txt).

Hand-built screens and boards with scripted draws for each rule line, the game's own
scenarios for the feature, par's exact chain against the general chain on small games
(which test_boards checks against brute force), par against the published RTP, simulate
against par, and a round killed mid-feature coming back with the same boards.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from cabinet.core.bet import Bet, all_bets, default_bet
from cabinet.core.boards import (
    BoardFilled,
    BoardOpened,
    CellLanded,
    HeldPrizesPaid,
    HeldRespinEngine,
    PrizeMultiplied,
    RespinsChanged,
)
from cabinet.core.evaluate import evaluate_screen
from cabinet.core.events import (
    FeatureEnded,
    FeatureStarted,
    FeatureTriggered,
    LineWin,
    ReelsStopped,
    ScreenChanged,
)
from cabinet.core.features import Book, FeatureContext, Spin, block
from cabinet.core.features import hold_and_respin as hr
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.par import par, par_to_precision
from cabinet.core.rng import ScriptedRng
from cabinet.core.round import RoundRequest, events_total, play_round
from cabinet.core.simulate import simulate
from cabinet.core.value import Z95, Estimate, Exact

F = Fraction
SHEET_PRIZES = ["0.2", "0.4", "0.6", "1", "1.2", "1.4", "2", "2.4", "3", "4", "5", "6", "8", "10", "12", "20", "40",
                "50", "60", "80", "100"]


@pytest.fixture(scope="module")
def defn() -> Any:
    return load_game("happy-lucky-slot")


def feature(defn: Any) -> Any:
    return next(f for f in defn.features if f.type == "hold_and_respin")


def scenario(defn: Any, name: str) -> tuple[int, ...]:
    return next(s.script for s in defn.scenarios if s.name == name)


def play(defn: Any, script: tuple[int, ...], bet: Bet | None = None) -> Any:
    result = play_round(defn, RoundRequest(bet or default_bet(defn), 0, script=script))
    assert result.total_win == events_total(result.events)
    return result


def of(result: Any, cls: type) -> list[Any]:
    return [e for e in result.events if isinstance(e, cls)]


def grid(rows: str) -> tuple[tuple[str, ...], ...]:
    """'A B C D E / ... / ...' rows, top first -> screen[reel][row]."""
    table = [r.split() for r in rows.split("/")]
    return tuple(tuple(table[row][reel] for row in range(len(table))) for reel in range(len(table[0])))


def trigger_of(defn: Any, screen: Any) -> Any:
    ctx = FeatureContext(defn, feature(defn), default_bet(defn), None)
    return block("hold_and_respin").triggers(ctx, Spin("base", "base", (), screen, (), 0))  # type: ignore[union-attr]


def engine(defn: Any, script: list[int]) -> HeldRespinEngine:
    f = feature(defn)
    return HeldRespinEngine(f.name, hr.boards_of(defn, f), hr.actions_of(defn, f), default_bet(defn).total,
                            ScriptedRng(script, 1), Book(), respins=f.respins,
                            fills={spec.name: spec.fill_x_bet for spec in f.boards})


# --- the base game -------------------------------------------------------------------------------


def test_twenty_fixed_lines_and_a_default_bet(defn: Any) -> None:
    assert len(defn.lines) == 20
    assert {b.lines for b in all_bets(defn)} == {20}
    assert default_bet(defn).total == 100  # 20 coins of 0.05: a total bet of 1.00


def test_line_wins_pay_left_to_right_the_highest_per_line_and_lines_add(defn: Any) -> None:
    bet = Bet(20, 1, 1)
    # KOI KOI KOI on the top line, LOTUS x3 on the middle line: two wins that add
    screen = grid("KOI KOI KOI J Q / LOTUS LOTUS LOTUS A J / A J Q K A")
    wins, total = evaluate_screen(defn, screen, bet)
    by_line = {w.line: w for w in wins if isinstance(w, LineWin)}
    assert by_line[1].symbol == "KOI" and by_line[1].amount == defn.pays["KOI"][3]
    assert by_line[0].symbol == "LOTUS" and by_line[0].amount == defn.pays["LOTUS"][3]
    assert total == sum(w.amount for w in wins)
    # not from the leftmost reel: no win
    assert evaluate_screen(defn, grid("J KOI KOI KOI Q / A Q J K A / Q J A K Q"), bet)[1] == 0
    # only the highest win on a line: KOI WILD KOI KOI pays 4 KOI, not also 3
    wins, _ = evaluate_screen(defn, grid("KOI WILD KOI KOI J / A Q J K A / Q J A K Q"), bet)
    top = [w for w in wins if isinstance(w, LineWin) and w.line == 1]
    assert len(top) == 1 and top[0].count == 4 and top[0].amount == defn.pays["KOI"][4]


def test_all_mystery_positions_change_into_the_same_symbol(defn: Any) -> None:
    result = play(defn, scenario(defn, "mystery reveal into a big line win"))
    (changed,) = of(result, ScreenChanged)
    assert changed.reason == "mystery" and changed.symbol == "KOI" and len(changed.positions) == 15
    assert all(symbol == "KOI" for column in changed.screen for symbol in column)
    assert result.total_win == 20 * defn.pays["KOI"][5] * default_bet(defn).coin_value  # five KOI on every line


# --- the trigger ---------------------------------------------------------------------------------


def test_a_golden_basket_counts_two_towards_six(defn: Any) -> None:
    five_plain = grid("BASKET A BASKET J Q / A BASKET K BASKET J / BASKET J Q K A")
    assert trigger_of(defn, five_plain) is None  # 5 counted: no feature
    four_and_golden = grid("BASKET A BASKET J Q / A GOLDEN_BASKET K BASKET J / BASKET J Q K A")
    trigger = trigger_of(defn, four_and_golden)
    assert trigger is not None and trigger.count == 6 and trigger.probability == 1
    three_goldens = grid("GOLDEN_BASKET A Q J Q / A GOLDEN_BASKET K J J / Q J GOLDEN_BASKET K A")
    assert trigger_of(defn, three_goldens).count == 6  # type: ignore[union-attr]


def test_two_baskets_per_golden_basket_at_the_start_each_with_a_prize_and_held(defn: Any) -> None:
    result = play(defn, scenario(defn, "Golden Baskets"))
    (trigger,) = of(result, FeatureTriggered)
    (stopped,) = of(result, ReelsStopped)
    goldens = sum(column.count("GOLDEN_BASKET") for column in stopped.screen)
    plains = sum(column.count("BASKET") for column in stopped.screen)
    assert goldens >= 1 and trigger.count == plains + 2 * goldens >= 6
    start = result.events.index(of(result, BoardOpened)[-1]) + 1
    first_respin = result.events.index(of(result, RespinsChanged)[0])
    placed = [e for e in result.events[start:first_respin] if isinstance(e, CellLanded)]
    assert len(placed) == trigger.count  # two baskets for each Golden Basket
    assert all(e.symbol == "BASKET" and e.held and e.value > 0 for e in placed)
    assert len({e.board for e in placed}) > 1  # distributed among the boards


def test_eight_respins_and_the_end_at_zero(defn: Any) -> None:
    result = play(defn, scenario(defn, "6 plain baskets"))
    (started,) = of(result, FeatureStarted)
    assert started.spins == 8
    assert [e.respins for e in of(result, RespinsChanged)] == [7, 6, 5, 4, 3, 2, 1, 0]
    assert of(result, FeatureEnded)[0].spins_played == 8


def test_a_plus_one_adds_a_respin_and_is_held(defn: Any) -> None:
    result = play(defn, scenario(defn, "+1 extends the feature"))
    added = [e for e in of(result, RespinsChanged) if e.reason == "added"]
    assert [(e.change, e.respins) for e in added] == [(1, 1)]  # on the last respin: one more
    assert of(result, FeatureEnded)[0].spins_played == 9
    plus = [e for e in of(result, CellLanded) if e.symbol == "PLUS"]
    assert len(plus) == 1 and plus[0].held and plus[0].board == "MINI"


# --- prizes and multipliers ----------------------------------------------------------------------


def test_prizes_are_the_sheets_list(defn: Any) -> None:
    assert [e.value for e in defn.symbol_map["BASKET"].prizes] == [F(v) for v in SHEET_PRIZES]
    assert sorted(int(e.value) for e in defn.symbol_map["MULT"].multipliers) == [2, 3, 5, 10, 25]


def test_x25_never_on_a_prize_of_20x_or_more(defn: Any) -> None:
    bet = default_bet(defn).total
    mult = hr.actions_of(defn, feature(defn))["MULT"]
    assert 25 not in [int(e.value) for e in mult.allowed_multipliers(20 * bet, bet)]
    assert 25 in [int(e.value) for e in mult.allowed_multipliers(20 * bet - 1, bet)]
    # a held 20x and a held 12x; a multiplier picks the 20x (below(2) = 0): its table is x2..x10
    # (total weight 99), and the largest draw (98) reveals x10, never x25
    hand = engine(defn, [0, 98])
    hand.hold(("GRAND", 0, 0), "BASKET", 20 * bet, prize=True)
    hand.hold(("GRAND", 1, 0), "BASKET", 12 * bet, prize=True)
    hand.multiply_random_prize(("MAJOR", 0, 0), mult)
    (multiplied,) = [e for e in hand.book.events if isinstance(e, PrizeMultiplied)]
    assert (multiplied.position, multiplied.multiplier, multiplied.value) == ((0, 0), 10, 200 * bet)
    # the 12x (below(2) = 1) may take x25: the full table's last draw (99 of 100) is x25
    hand = engine(defn, [1, 99])
    hand.hold(("GRAND", 0, 0), "BASKET", 20 * bet, prize=True)
    hand.hold(("GRAND", 1, 0), "BASKET", 12 * bet, prize=True)
    hand.multiply_random_prize(("MAJOR", 0, 0), mult)
    (multiplied,) = [e for e in hand.book.events if isinstance(e, PrizeMultiplied)]
    assert (multiplied.position, multiplied.multiplier, multiplied.value) == ((1, 0), 25, 300 * bet)
    assert hand.multiplied == 288 * bet


def test_x25_on_a_small_prize_in_play(defn: Any) -> None:
    result = play(defn, scenario(defn, "x25 on a small prize"))
    (multiplied,) = of(result, PrizeMultiplied)
    bet = default_bet(defn).total
    assert multiplied.multiplier == 25 and multiplied.value == 300 * bet  # 12x -> 300x
    assert multiplied.value // 25 < 20 * bet


# --- board fills and the end ---------------------------------------------------------------------


@pytest.mark.parametrize("board", ["GRAND", "MAJOR", "MINOR", "MINI"])
def test_each_bonus_prize_is_paid_once_and_premultiplied(defn: Any, board: str) -> None:
    result = play(defn, scenario(defn, f"{board} board filled"))
    fills = of(result, BoardFilled)
    assert [e.board for e in fills] == [board]  # once, though the other boards play on
    spec = next(s for s in feature(defn).boards if s.name == board)
    assert fills[0].amount == spec.fill_x_bet * default_bet(defn).total
    assert of(result, FeatureEnded)[0].spins_played == 8
    for coin in (1, 100):  # the values on screen are premultiplied by the bet
        bet = Bet(20, 1, coin)
        opened = {e.board: e.fill_award for e in of(play(defn, scenario(defn, f"{board} board filled"), bet), BoardOpened)}
        assert opened == {s.name: s.fill_x_bet * bet.total for s in feature(defn).boards}


def test_the_feature_ends_when_all_four_boards_are_full(defn: Any) -> None:
    result = play(defn, scenario(defn, "all four boards full"))
    assert sorted(e.board for e in of(result, BoardFilled)) == ["GRAND", "MAJOR", "MINI", "MINOR"]
    ended = of(result, FeatureEnded)[0]
    assert ended.spins_played == 1 and of(result, RespinsChanged)[-1].respins == 7  # respins left
    paid = sum(e.amount for e in of(result, HeldPrizesPaid))
    fills = sum(s.fill_x_bet for s in feature(defn).boards) * default_bet(defn).total
    assert ended.total == paid + fills


def test_no_line_pays_during_the_respin_feature(defn: Any) -> None:
    for s in defn.scenarios:
        result = play(defn, s.script)
        starts = [i for i, e in enumerate(result.events) if isinstance(e, FeatureStarted)]
        if starts:
            assert not [e for e in result.events[starts[0]:] if isinstance(e, (LineWin, ReelsStopped))], s.name


def test_every_scenario_produces_its_feature(defn: Any) -> None:
    expected_fills = {"GRAND board filled": ["GRAND"], "MAJOR board filled": ["MAJOR"],
                      "MINOR board filled": ["MINOR"], "MINI board filled": ["MINI"],
                      "all four boards full": ["GRAND", "MAJOR", "MINOR", "MINI"]}
    for s in defn.scenarios:
        result = play(defn, s.script)
        if s.name == "mystery reveal into a big line win":
            assert result.features == () and of(result, ScreenChanged), s.name
            continue
        assert result.features == ("respin_feature",), s.name
        assert [e.board for e in of(result, BoardFilled)] == expected_fills.get(s.name, []), s.name
    assert of(play(defn, scenario(defn, "+1 extends the feature")), RespinsChanged)[-2].reason == "added"
    assert of(play(defn, scenario(defn, "x25 on a small prize")), PrizeMultiplied)[0].multiplier == 25


# --- par -----------------------------------------------------------------------------------------

SMALL = """
format: 1
id: small
name: Small
grid: {{reels: 3, rows: 1}}
lines: [[0, 0, 0]]
pays: {{A: {{3: 5}}}}
bet: {{currency: EUR, minor_units: 2, coin_values: ["0.10"]}}
symbols:
  - {{id: A}}
  - {{id: BASKET, kind: bonus, prizes: [{{value: 1}}, {{value: 3, weight: 2}}]}}
  - {{id: PLUS, kind: bonus}}
  - {{id: MULT, kind: bonus, multipliers: [{{value: 2}}, {{value: 25}}]}}
  - {{id: BLANK, kind: blank}}
reels:
  base: ["A BASKET", "A BASKET", "A BASKET"]
features:
  - type: hold_and_respin
    name: lucky
    trigger_symbols: {{BASKET: 1}}
    trigger_counts: {{2: 1}}
    place_symbol: BASKET
    respins: 2
    boards:
      - {{name: PACE, reels: 1, rows: {pace_rows}, strip: "BLANK BLANK BASKET PLUS", fill_x_bet: 10}}
      - {{name: CALM, reels: 1, rows: 2, strip: "BLANK BASKET {calm_extra}", fill_x_bet: 4}}
      - {{name: SLOW, reels: 2, rows: 1, strip: "BLANK BLANK BASKET", fill_x_bet: 6}}
    cells:
      - {{symbol: BASKET}}
      - {{symbol: PLUS, respins: 1}}
      - {{symbol: MULT, multiply: true, multiplier_limits: {{25: 2}}}}
"""


@pytest.mark.parametrize(("pace_rows", "calm_extra"), [(2, "BLANK"), (3, "MULT"), (1, "BLANK BLANK")])
def test_the_split_chain_equals_the_general_chain_on_small_boards(pace_rows: int, calm_extra: str) -> None:
    small = load_definition_text(SMALL.format(pace_rows=pace_rows, calm_extra=calm_extra), "small.yaml")
    f = small.features[0]
    assert hr.pacing_board(small, f) == 0
    for count in (2, 3):
        general = hr.fill_chain(small, f, count)  # checked against every path in test_boards
        split = hr.split_chain(small, f, count)
        assert split.fill_probability == general.fill_probability
        assert split.expected_respins == general.expected_respins
        assert split.value_x_bet == general.value_x_bet
        assert split.linear_value_x_bet == general.linear_value_x_bet


def test_what_multipliers_add_is_estimated_at_its_expectation_per_landing(defn: Any) -> None:
    # the expectation a multiplier adds, summed per run, has the same mean as what the
    # multipliers really added (runs of the block itself, hand-checked by the x25 case above)
    f, bet = feature(defn), default_bet(defn)
    expected, real = Fraction(0), 0
    for seed in range(300):
        run, played = hr.engine_from_trigger(defn, f, bet, 6, seed)
        expected += played.multiplied_expected
        real += played.multiplied
        assert run.total >= played.multiplied
    assert expected > 0 and abs(float(expected - real)) / 300 < 3 * bet.total
    # and so does par's smoothed sum (each spun cell's chance of a multiplier at every respin)
    smoothed = sum(hr.engine_from_trigger(defn, f, bet, 6, seed, controls=True)[1].multiplied_smoothed
                   for seed in range(300))
    assert smoothed > 0 and abs(smoothed - real) / 300 < 3 * bet.total


def test_par_holds_the_published_rtp_with_its_exact_parts(defn: Any) -> None:
    report = par_to_precision(defn, half_width=defn.par_precision)  # what `cabinet par` prints (about 2 CPU-s)
    part = next(p for p in report.parts if p.name == "respin_feature")
    for name in ("trigger_rate", "expected_respins", "fill_probability.GRAND", "fill_probability.MAJOR",
                 "fill_probability.MINOR", "fill_probability.MINI", "value_without_multipliers_x_bet"):
        assert isinstance(part.figures[name], Exact), name
    assert isinstance(part.figures["multipliers_add_x_bet"], Estimate)
    assert next(p for p in report.parts if p.name == "mystery_symbol").rtp.exact
    total = report.total
    assert isinstance(total, Estimate)
    lo, hi = total.ci95
    assert hi - lo <= 2 * 0.0001  # the smoothed multipliers reach +-0.01 points in about 1,000 runs
    assert lo <= float(defn.rtp) <= hi and defn.rtp == F(9582, 10_000)


@pytest.mark.slow
def test_par_at_its_precision_lies_within_a_hundredth_of_a_point_of_the_published_rtp(defn: Any) -> None:
    total = par_to_precision(defn, half_width=defn.par_precision).total
    assert isinstance(total, Estimate) and Z95 * total.std_error <= float(defn.par_precision)
    assert abs(total.mean - float(defn.rtp)) <= 0.0001
    lo, hi = total.ci95
    assert lo <= float(defn.rtp) <= hi


def test_simulate_agrees_with_par(defn: Any) -> None:
    report = par(defn)
    sim = simulate(defn, 300_000, 23)
    assert abs(float(sim.rtp) - report.total.mean) < 3 * sim.standard_error  # type: ignore[arg-type]


# --- a round killed mid-feature ------------------------------------------------------------------


def test_a_round_killed_mid_feature_comes_back_with_the_same_boards(defn: Any, tmp_path: Any) -> None:
    from cabinet.app import App, AppOptions
    from cabinet.presentation.mechanics.hold_and_respin.view import BoardScene

    script = scenario(defn, "+1 extends the feature")

    def start() -> App:
        app = App(defn, AppOptions(size=(640, 360), seed=7, headless=True, data_dir=tmp_path))
        app.start()
        return app

    app = start()
    credits = app.session.credits
    assert app.base.start_round(script=script)
    live = None
    for _ in range(30_000):
        app.run_frames(1)
        live = app.stack.find(BoardScene)
        # mid-feature: the fifth respin's cells are landing
        if live is not None and live.model.respins_played >= 5 and any(s.stop < 1e9 for s in live.spins.values()):
            break
    assert live is not None and live.model.respins_played >= 5
    held_then = {name: dict(b.held) for name, b in live.model.boards.items()}
    respins_then = live.model.respins
    result = app.session.current
    assert result is not None
    app.session.ledger.close()  # the power goes

    again = start()
    session = again.session
    assert session.in_round and session.restored
    assert session.credits == credits - result.cost  # charged once
    again.run_frames(1)
    restored = again.stack.find(BoardScene)
    assert restored is not None
    assert {name: dict(b.held) for name, b in restored.model.boards.items()} == held_then
    assert restored.model.respins == respins_then
    assert [b.fill_award for b in restored.model.boards.values()] == [
        s.fill_x_bet * default_bet(defn).total for s in feature(defn).boards]
    for _ in range(30_000):
        if again.idle:
            break
        again.run_frames(1)
    assert again.idle and again.stack.find(BoardScene) is None
    assert session.credits == credits - result.cost + result.total_win  # paid once
