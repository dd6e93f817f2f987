"""Halloween Wins 3: a hand-built case for each line of the rule sheet, every scenario
producing its feature, par's parts exact where the sheet says so, and rounds killed
inside free spins, the wheel and the minigame completed automatically, credited once
and replayed in history to the same total."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import Bet, default_bet
from cabinet.core.definition import Definition
from cabinet.core.evaluate import evaluate_screen
from cabinet.core.events import Event
from cabinet.core.features import Book, FeatureContext, ParContext, Trigger, block
from cabinet.core.features.multiplier_wilds import with_multiplier
from cabinet.core.loader import load_game
from cabinet.core.rng import Rng
from cabinet.core.round import RoundRequest, RoundResult, events_total, play_round
from cabinet.core.value import Estimate, Exact
from cabinet.services.ledger import GameRef, JournaledLedger, fingerprint_bytes

ROOT = Path(__file__).resolve().parent.parent
GAME_FILE = ROOT / "games" / "halloween-wins-3.yaml"


@pytest.fixture(scope="module")
def defn() -> Definition:
    return load_game("halloween-wins-3")


@pytest.fixture(scope="module")
def bet(defn: Definition) -> Bet:
    return default_bet(defn)


def feature(defn: Definition, name: str) -> object:
    return next(f for f in defn.features if f.name == name)


def scenario(defn: Definition, bet: Bet, name: str) -> RoundResult:
    found = next(s for s in defn.scenarios if s.name == name)
    result = play_round(defn, RoundRequest(bet, 0, script=found.script))
    assert result.total_win == events_total(result.events)
    return result


def of(result: RoundResult, kind: str) -> list[Event]:
    return [e for e in result.events if e.kind == kind]


def screen(*columns: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(column.split()) for column in columns)


# --- every scenario produces its feature ---------------------------------------------------------

SCENARIOS: dict[str, Callable[[RoundResult, Bet], bool]] = {
    "dracula respin": lambda r, b: "dracula_respin" in r.features
    and any(e.mode == "respin" and e.spinning_reels == (0, 1, 3, 4) for e in of(r, "spin_started")),
    "wheel stops on ring 1": lambda r, b: [e.ring for e in of(r, "wheel_spun")] == [0],
    "wheel stops on ring 2": lambda r, b: [e.ring for e in of(r, "wheel_spun")] == [0, 1],
    "wheel stops on ring 3": lambda r, b: [e.ring for e in of(r, "wheel_spun")][:3] == [0, 1, 2],
    "MINI jackpot pocket": lambda r, b: [e.jackpot for e in of(r, "wheel_spun")][-1] == "MINI",
    "MINOR jackpot pocket": lambda r, b: [e.jackpot for e in of(r, "wheel_spun")][-1] == "MINOR",
    "MAJOR jackpot pocket": lambda r, b: [e.jackpot for e in of(r, "wheel_spun")][-1] == "MAJOR",
    "expanding wild": lambda r, b: any(e.reason == "expand" for e in of(r, "screen_changed")),
    "x20 multiplier wild": lambda r, b: [e.multiplier for e in of(r, "win_multiplied")] == [20],
    "mummy access into a big collect": lambda r, b: [e.opened for e in of(r, "door_drawn")] == [True]
    and r.feature_wins["halloween_ghosts"] >= 50 * b.total,
    "free spins with a retrigger": lambda r, b: any(e.retrigger for e in of(r, "feature_triggered")),
    "free spins topped up twice": lambda r, b: len([e for e in of(r, "spins_added") if e.reason == "top_up"]) == 2,
}


def test_every_scenario_is_listed(defn: Definition) -> None:
    assert [s.name for s in defn.scenarios] == list(SCENARIOS)


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_every_scenario_produces_its_feature(defn: Definition, bet: Bet, name: str) -> None:
    result = scenario(defn, bet, name)
    assert SCENARIOS[name](result, bet), name
    # the script covers the whole round: the session seed changes nothing
    again = play_round(defn, RoundRequest(bet, 12345, script=next(s for s in defn.scenarios if s.name == name).script))
    assert again.total_win == result.total_win


# --- the base game -------------------------------------------------------------------------------


def test_five_reels_four_rows_fifty_lines_and_the_bet(defn: Definition) -> None:
    assert (defn.grid.reels, defn.grid.rows, len(defn.lines)) == (5, 4, 50)
    assert len(set(defn.lines)) == 50 and all(0 <= row < 4 for line in defn.lines for row in line)
    for coin in defn.bet.coin_values:  # SPIN plays the selected bet
        chosen = Bet(50, 1, coin)
        assert play_round(defn, RoundRequest(chosen, 7)).cost == 50 * coin


def test_the_paytable_decides_every_win_in_currency(defn: Definition, bet: Bet) -> None:
    # line 1 (row 1 straight): PUMPKIN x3 pays 20 coins x the coin value
    shown = screen("J PUMPKIN Q K", "A PUMPKIN Q K", "J PUMPKIN A Q", "K Q J A", "Q A K J")
    wins, total = evaluate_screen(defn, shown, bet)
    pumpkin = [w for w in wins if w.kind == "line_win" and w.symbol == "PUMPKIN"]
    assert pumpkin and all(w.amount == defn.pays["PUMPKIN"][3] * bet.coin_value for w in pumpkin)


def test_the_highest_win_in_the_configuration_with_the_highest_multiplier(defn: Definition, bet: Bet) -> None:
    # PUMPKIN MWILD PUMPKIN on row 0: with x3 drawn the multiplier wild's line pays PUMPKIN x3 x3
    shown = screen("PUMPKIN J Q K", "MWILD Q J A", "PUMPKIN A K J", "A K Q J", "K J A Q")
    x3 = with_multiplier(defn, "MWILD", 3)
    wins, _ = evaluate_screen(x3, shown, bet)
    top = [w for w in wins if w.kind == "line_win" and w.line == defn.lines.index((0, 0, 0, 0, 0))]
    assert [(w.symbol, w.count, w.multiplier) for w in top] == [("PUMPKIN", 3, 3)]
    assert top[0].amount == 3 * defn.pays["PUMPKIN"][3] * bet.coin_value


def test_wilds_leading_a_line_replace_any_symbol_for_the_highest_win(defn: Definition, bet: Bet) -> None:
    # "The Wild symbol can replace any other symbol" and "the combination with the highest winnings
    # will be awarded": four wilds then K pay PUMPKIN x4 (90) rather than K x5 (70); wilds before a
    # SCATTER still make PUMPKIN x3; a line of wilds alone (expanded wilds, the respin's Draculas)
    # pays PUMPKIN x5. The round's table (play and simulate) and par's rules pay the same.
    from cabinet.core.evaluate import line_pays
    from cabinet.core.linemath import line_pay_table, rules_for

    cases = {
        ("XWILD", "XWILD", "XWILD", "XWILD", "K"): ("PUMPKIN", 4),
        ("XWILD", "WILD", "XWILD", "SCATTER", "K"): ("PUMPKIN", 3),
        ("XWILD", "MWILD", "DRACULA", "XWILD", "XWILD"): ("PUMPKIN", 5),
        ("DRACULA", "DRACULA", "DRACULA", "DRACULA", "DRACULA"): ("PUMPKIN", 5),
        ("XWILD", "WILD", "J", "J", "J"): ("J", 5),  # J x5 (40) beats PUMPKIN x2 (nothing)
    }
    rules = rules_for(defn)
    for seq, paid in cases.items():
        assert [(p.symbol, p.count) for p in line_pays(defn, seq)] == [paid], seq
        run = rules.best_run(seq)
        assert run is not None and (run.target, run.count) == paid, seq
    table = line_pay_table(defn, "respin")
    draculas = table.coins[table.index_of(("DRACULA",) * 5)]
    assert Fraction(int(draculas), table.denominator) == defn.pays["PUMPKIN"][5]
    shown = screen("XWILD XWILD XWILD XWILD", "XWILD XWILD XWILD XWILD", "XWILD XWILD XWILD XWILD",
                   "XWILD XWILD XWILD XWILD", "K J Q A")
    wins, _ = evaluate_screen(defn, shown, bet)
    top = [w for w in wins if w.kind == "line_win" and w.line == defn.lines.index((0, 0, 0, 0, 0))]
    assert [(w.symbol, w.count, w.amount) for w in top] == [("PUMPKIN", 4, 90 * bet.coin_value)]


def test_the_wild_replaces_every_symbol_but_bonus_and_scatter(defn: Definition, bet: Bet) -> None:
    for wild in ("WILD", "XWILD", "MWILD", "DRACULA"):
        assert set(defn.symbol_map[wild].excludes) >= {"BONUS", "SCATTER"}
    # BONUS WILD BONUS on a line is no win; SCATTER counts only real scatters
    shown = screen("BONUS J Q K", "WILD Q J A", "BONUS A K J", "A K Q J", "K J A Q")
    wins, total = evaluate_screen(defn, shown, bet)
    assert not [w for w in wins if getattr(w, "symbol", "") in ("BONUS", "SCATTER")]
    shown = screen("SCATTER J Q K", "WILD Q J A", "SCATTER A K J", "A K Q J", "K J A Q")
    assert not [w for w in evaluate_screen(defn, shown, bet)[0] if w.kind == "scatter_win"]
    shown = screen("SCATTER J Q K", "A SCATTER J A", "SCATTER A K J", "A K Q J", "K J A Q")
    (scatter,) = [w for w in evaluate_screen(defn, shown, bet)[0] if w.kind == "scatter_win"]
    assert scatter.amount == defn.pays["SCATTER"][3] * bet.total


# --- Dracula respin ------------------------------------------------------------------------------


def test_the_full_dracula_on_the_centre_reel_is_held_for_one_respin(defn: Definition, bet: Bet) -> None:
    result = scenario(defn, bet, "dracula respin")
    respins = [e for e in of(result, "spin_started") if e.mode == "respin"]
    assert len(respins) == 1  # our design: one respin, a new Dracula adds none
    landed = of(result, "reels_stopped")
    assert landed[0].screen[2] == ("DRACULA",) * 4 and landed[-1].screen[2] == ("DRACULA",) * 4


def test_dracula_lands_on_reels_1_2_4_5_in_the_respin_only(defn: Definition) -> None:
    base = defn.reels["base"]
    respin = defn.reels["respin"]
    assert [("DRACULA" in strip) for strip in base] == [False, False, True, False, False]
    assert [("DRACULA" in strip) for strip in respin] == [True, True, True, True, True]
    assert set(respin[2]) == {"DRACULA"}


# --- the triple electric wheel -------------------------------------------------------------------


def test_three_frankensteins_on_reels_1_3_5_turn_the_first_ring(defn: Definition, bet: Bet) -> None:
    wheel = feature(defn, "electric_wheel")
    assert wheel.trigger_reels == (1, 3, 5) and len(wheel.rings) == 3  # type: ignore[attr-defined]
    result = scenario(defn, bet, "wheel stops on ring 1")
    (spun,) = of(result, "wheel_spun")
    assert spun.ring == 0 and spun.next_ring is None and spun.amount == spun.value * bet.total


def test_electric_pockets_pass_to_the_next_ring_until_one_pays(defn: Definition, bet: Bet) -> None:
    result = scenario(defn, bet, "wheel stops on ring 3")
    spun = of(result, "wheel_spun")
    assert all(e.next_ring is not None and e.amount == 0 for e in spun[:-1])
    assert spun[-1].next_ring is None and spun[-1].amount > 0


def test_mini_minor_major_are_pockets_on_the_rings(defn: Definition, bet: Bet) -> None:
    wheel = feature(defn, "electric_wheel")
    jackpots = [p.jackpot for ring in wheel.rings for p in ring.pockets if p.jackpot]  # type: ignore[attr-defined]
    assert jackpots == ["MINI", "MINOR", "MAJOR"]
    for name in jackpots:
        last = of(scenario(defn, bet, f"{name} jackpot pocket"), "wheel_spun")[-1]
        assert last.amount == wheel.jackpots[name] * bet.total  # type: ignore[attr-defined]


# --- expanding and multiplier wilds --------------------------------------------------------------


def test_an_expanding_wild_fills_its_reel_on_any_reel(defn: Definition, bet: Bet) -> None:
    assert all("XWILD" in strip for strip in defn.reels["base"])
    result = scenario(defn, bet, "expanding wild")
    (changed,) = [e for e in of(result, "screen_changed") if e.reason == "expand"]
    reel = changed.positions[0][0]
    assert changed.screen[reel] == ("XWILD",) * 4


def test_multiplier_wilds_draw_from_the_sheet_s_multipliers(defn: Definition, bet: Bet) -> None:
    mw = feature(defn, "multiplier_wilds")
    assert [int(e.value) for e in mw.multipliers] == [2, 3, 4, 6, 8, 10, 12, 20]  # type: ignore[attr-defined]
    result = scenario(defn, bet, "x20 multiplier wild")
    (multiplied,) = of(result, "win_multiplied")
    assert multiplied.multiplier == 20 and multiplied.added > 0


# --- the mummy and the Halloween Ghosts X minigame -----------------------------------------------


def test_a_mummy_in_any_position_moves_to_the_panel(defn: Definition, bet: Bet) -> None:
    assert all("MUMMY" in strip for strip in defn.reels["base"])
    result = scenario(defn, bet, "mummy access into a big collect")
    (moved,) = of(result, "mummies_moved")
    assert moved.mummies == len(moved.positions) >= 1 and moved.open >= 1 and moved.shut >= 1
    (door,) = of(result, "door_drawn")
    assert door.opened and door.minigame == "halloween_ghosts"


def minigame_run(defn: Definition, bet: Bet, seed: int) -> tuple[list[Event], int]:
    params = feature(defn, "halloween_ghosts")
    ctx = FeatureContext(defn, params, bet, Rng(seed), "base", book=Book())
    ctx.state.running.append("halloween_ghosts")
    total = block("hold_and_respin").run(ctx, Trigger("halloween_ghosts", "MUMMY", 1, (), 3)).total  # type: ignore[union-attr]
    return ctx.book.events, total


def test_the_minigame_opens_3x3_with_1_pumpkin_2_ghosts_and_3_respins(defn: Definition, bet: Bet) -> None:
    events, _ = minigame_run(defn, bet, 1)
    (opened,) = [e for e in events if e.kind == "board_opened"]
    assert (opened.reels, opened.rows) == (3, 3)
    assert [e.spins for e in events if e.kind == "feature_started"] == [3]
    first = [e for e in events if e.kind == "cell_landed"][:3]
    assert [e.symbol for e in first] == ["HG_PUMPKIN", "HG_GHOST", "HG_GHOST"]
    assert first[0].position[0] == 1 and {e.position[0] for e in first[1:]} <= {0, 2}


def test_only_the_minigame_s_symbols_and_pumpkins_on_the_centre_reel(defn: Definition) -> None:
    spec = feature(defn, "halloween_ghosts").boards[0]  # type: ignore[attr-defined]
    symbols = {s for strip in spec.cell_strips for s in strip}
    assert symbols == {"BLANK", "HG_PUMPKIN", "HG_GHOST", "MUMMY_X", "MINOR", "MAJOR", "GRAND"}
    for i, strip in enumerate(spec.cell_strips):
        assert ("HG_PUMPKIN" in strip) == (3 <= i < 6)  # cells 3-5: the centre reel


def test_mummy_x_multiplies_its_cell_then_goes_and_pumpkins_collect_reels_1_and_3(
    defn: Definition, bet: Bet
) -> None:
    for seed in range(3000):
        events, total = minigame_run(defn, bet, seed)
        marked = [e for e in events if e.kind == "cell_multiplier_changed"]
        if not marked:
            continue
        cell = marked[0].position
        later = events[events.index(marked[0]) + 1:]
        hit = [e for e in later if e.kind == "cell_landed" and e.position == cell and e.symbol == "HG_GHOST"]
        if not hit:
            continue
        mummy = next(e for e in events if e.kind == "cell_landed" and e.symbol == "MUMMY_X" and e.position == cell)
        assert not mummy.held  # it disappears
        ghosts = feature(defn, "halloween_ghosts")
        prizes = {e.value * bet.total for e in defn.symbol_map["HG_GHOST"].prizes}
        assert hit[0].value % marked[0].multiplier == 0 and hit[0].value // marked[0].multiplier in prizes
        collected = [e for e in later if e.kind == "collected" and cell in e.positions]
        assert collected and all(c.collector[0] == 1 for c in collected)
        assert ghosts is not None
        paid = [e for e in events if e.kind == "held_prizes_paid"]
        assert sum(e.amount for e in paid) == total  # the pumpkins' totals are the win
        return
    pytest.fail("no run with a Mummy X under a later ghost")


def test_each_new_symbol_resets_the_respins_to_3_and_it_ends_at_0(defn: Definition, bet: Bet) -> None:
    events, _ = minigame_run(defn, bet, 4)
    changes = [e for e in events if e.kind == "respins_changed"]
    assert all(e.respins == 3 for e in changes if e.reason == "reset")
    assert changes[-1].respins == 0
    resetting = {"HG_PUMPKIN", "HG_GHOST", "MINOR", "MAJOR", "GRAND"}
    rules = {rule.symbol: rule for rule in feature(defn, "halloween_ghosts").cells}  # type: ignore[attr-defined]
    assert {s for s, rule in rules.items() if rule.resets_respins} == resetting
    assert not rules["MUMMY_X"].resets_respins and rules["MUMMY_X"].cell_multiplier == 1


# --- free spins ----------------------------------------------------------------------------------


def test_free_spins_10_with_a_multiplier_each_spin_and_retriggers_of_5(defn: Definition, bet: Bet) -> None:
    fs = feature(defn, "free_spins")
    assert fs.awards == {3: 10} and fs.retrigger_awards == {3: 5} and fs.reel_sets[0].set == "free"  # type: ignore[attr-defined]
    assert fs.continue_after_seconds > 0  # type: ignore[attr-defined]
    result = scenario(defn, bet, "free spins with a retrigger")
    assert [e.spins for e in of(result, "feature_started")] == [10]
    assert [e.awarded for e in of(result, "feature_triggered") if e.retrigger] == [5]
    multipliers = {int(e.value) for e in fs.spin_multipliers}  # type: ignore[attr-defined]
    free = [e for e in of(result, "spin_started") if e.mode == "free"]
    assert free and all(e.multiplier in multipliers and e.reel_set == "free" for e in free)
    assert {e.bet for e in of(result, "round_started")} == {bet.total}  # the triggering bet


def test_below_10x_at_the_end_adds_4_spins_again_and_again(defn: Definition, bet: Bet) -> None:
    result = scenario(defn, bet, "free spins topped up twice")
    topups = [e for e in of(result, "spins_added") if e.reason == "top_up"]
    assert [e.spins for e in topups] == [4, 4]
    assert all(e.feature_total < 10 * bet.total for e in topups)
    (ended,) = [e for e in of(result, "feature_ended") if e.feature == "free_spins"]
    assert ended.total >= 10 * bet.total


# --- RTP and the INFO pages ----------------------------------------------------------------------


def test_the_published_rtp_is_between_95_and_97_and_on_the_info_pages(defn: Definition) -> None:
    assert Fraction(95, 100) <= defn.rtp <= Fraction(97, 100)
    text = " ".join(defn.rules)
    assert f"{float(defn.rtp) * 100:.2f}%" in text
    assert "times the bet" in text and "games" in text  # the largest simulated win, and over how many


def test_par_is_exact_for_the_parts_the_sheet_names(defn: Definition, bet: Bet) -> None:
    for name in ("expanding_wild", "multiplier_wilds", "dracula_respin", "electric_wheel"):
        params = feature(defn, name)
        part = block(params.type).par(ParContext(defn, params, bet, 10, 1))  # type: ignore[attr-defined, union-attr]
        assert part is not None and isinstance(part.rtp, Exact), name
    panel = block("mummy_access").par(ParContext(defn, feature(defn, "mummy_panel"), bet, 20, 1))  # type: ignore[union-attr]
    assert panel is not None and isinstance(panel.figures["trigger_rate"], Exact)
    assert isinstance(panel.rtp, Exact)  # the collector minigame: its chain is exact
    free = block("free_spins").par(ParContext(defn, feature(defn, "free_spins"), bet, 10, 1))  # type: ignore[union-attr]
    assert free is not None and isinstance(free.figures["rtp_without_rules"], Exact)
    assert isinstance(free.figures["top_up_spins"], Estimate)  # the 10x top-up's count: the one estimate


def test_the_largest_win_on_the_info_pages_replays_from_its_seed(defn: Definition, bet: Bet) -> None:
    import re

    rule = next(r for r in defn.rules if "largest win" in r)
    found = re.search(r"was ([\d,.]+) times the bet.*seed (\d+) replays it", rule)
    assert found, rule
    result = play_round(defn, RoundRequest(bet, int(found.group(2))))
    assert Fraction(result.total_win, bet.total) == Fraction(found.group(1).replace(",", ""))


def test_the_default_par_holds_the_published_rtp_within_a_hundredth(defn: Definition) -> None:
    # what `cabinet par halloween-wins-3` prints: its estimate run to the game's par_precision
    from cabinet.core.par import par_to_precision

    report = par_to_precision(defn, half_width=defn.par_precision)
    total = report.total
    assert isinstance(total, Estimate) and report.estimates() == [
        "free_spins.rtp", "free_spins.top_up_spins", "free_spins.rules_rtp"]
    lo, hi = total.ci95
    assert hi - lo <= 2 * 0.0001 and lo <= float(defn.rtp) <= hi
    assert abs(total.mean - float(defn.rtp)) <= 0.0001


def test_a_quick_par_holds_the_published_rtp_and_simulate_agrees(defn: Definition, bet: Bet) -> None:
    from cabinet.core.par import par
    from cabinet.core.simulate import simulate

    report = par(defn, bet, samples=400)
    total = report.total
    assert isinstance(total, Estimate)
    lo, hi = total.ci95
    assert lo <= float(defn.rtp) <= hi
    sim = simulate(defn, 400_000, 29, bet=bet)  # the batch plays reveals, expansions, multipliers and shut doors
    assert abs(float(sim.rtp) - total.mean) < 3 * math.hypot(sim.standard_error, total.std_error)


# --- interrupted rounds --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["free spins with a retrigger", "wheel stops on ring 3",
                                  "mummy access into a big collect"])
def test_a_round_killed_inside_a_feature_is_completed_credited_once_and_replays(
    defn: Definition, bet: Bet, name: str, tmp_path: Path
) -> None:
    assert defn.interrupted_rounds == "auto_complete"
    fingerprint = fingerprint_bytes(GAME_FILE.read_bytes())
    request = RoundRequest(bet, 99, script=next(s for s in defn.scenarios if s.name == name).script)
    expected = play_round(defn, request)
    ledger = JournaledLedger.open(tmp_path, starting_credits=100_000)
    round_id = ledger.begin_round(defn.id, fingerprint, request, expected.cost, defn.name)
    ledger.progress(round_id, 1)  # the screen had reached the feature
    ledger.close()  # killed

    def lookup(game_id: str) -> GameRef:
        return GameRef(defn, fingerprint)

    again = JournaledLedger.open(tmp_path, starting_credits=100_000)
    recovered = again.recover(play_round, lookup, auto_complete=lambda d: d.interrupted_rounds == "auto_complete")
    assert recovered is not None and recovered.status == "auto_completed"
    assert again.credits == 100_000 - expected.cost + expected.total_win
    record = again.history.records[-1]
    assert record.outcome == "auto_completed" and record.win == expected.total_win
    assert play_round(defn, record.request).total_win == record.win  # the replay in history
    assert JournaledLedger.open(tmp_path, starting_credits=100_000).recover(play_round, lookup) is None
