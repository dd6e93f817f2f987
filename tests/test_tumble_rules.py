"""Issue 32's tumble rules (core/features/tumble/): multiplier symbols, cell multipliers and
scatters counted after tumbles, each on hand-built screens with every draw scripted; forced
outcomes; par exact by the values' expectation where a brute force over stops x value draws
agrees, and an estimate whose interval holds a long run otherwise."""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.events import EVENT_TYPES
from cabinet.core.features import FeatureContext, ParContext, RoundState, SpinDraft
from cabinet.core.features.tumble import (
    CellMultiplierOptions,
    CellMultipliers,
    CellMultiplierWin,
    MultiplierSymbolsLanded,
    SequenceMultiplied,
    Tumble,
    TumbleStep,
    cell_factor,
    estimate_tumble_rtp,
    exact_tumble_rtp,
    play_tumbles,
    step_cell,
)
from cabinet.core.loader import DefinitionError, load_game
from cabinet.core.pays import model_of
from cabinet.core.rng import Rng, ScriptedRng
from cabinet.core.round import RoundRequest, events_total, forcing_script, play_round
from cabinet.core.spin import RoundContext, play_spin
from cabinet.core.value import Estimate, Exact

TOYS = Path(__file__).parent / "games" / "tumble"
BOMBS, FEATURE, CELLS = (TOYS / f"toy-tumble-{n}.yaml" for n in ("bombs", "feature", "cells"))

# toy-tumble-feature's draws as scripted values: fill {A: 4, B: 6, C: 6, D: 8, S: 2, X: 1} (of 27)
# and values {2: 5, 3: 3, 10: 1} (of 9); toy-tumble-cells' fill {A: 3, B: 5, C: 5, D: 6, S: 1} (of 20)
FILL = {"A": 0, "B": 4, "C": 10, "D": 16, "S": 24, "X": 26}
VALUE = {2: 0, 3: 5, 10: 8}
CELL_FILL = {"A": 0, "B": 3, "C": 8, "D": 13, "S": 19}


@pytest.fixture(scope="module")
def feature_game():
    return load_game(FEATURE)


@pytest.fixture(scope="module")
def cells_game():
    return load_game(CELLS)


@pytest.fixture(scope="module")
def bombs_game():
    return load_game(BOMBS)


def _tumble(defn) -> Tumble:
    return next(f for f in defn.features if isinstance(f, Tumble))


def _play(defn, screen, script, *, mode="base", state=None, params=None):
    """The win stage on a hand-built landed screen, every draw scripted: the draft after it."""
    bet = default_bet(defn)
    wins, win = model_of(defn).evaluate(defn, screen, bet)
    draft = SpinDraft(mode, "base", (0,) * len(screen), screen, wins=list(wins), win=win)
    ctx = FeatureContext(defn, params or _tumble(defn), bet, ScriptedRng(script, 1), mode, state or RoundState())
    play_tumbles(ctx, draft)
    assert ctx.rng.used == len(script), "every scripted draw was used"
    return draft


def _of(draft, kind):
    return [e for e in draft.wins if isinstance(e, kind)]


# --- multiplier symbols --------------------------------------------------------------------------------

# A pays 3+ anywhere; the landed screen pays A x3 (20) and shows X at reel 2, row 2
LANDED = (("A", "B", "C"), ("A", "X", "B"), ("A", "B", "S"))


def test_landed_values_are_drawn_reel_by_reel_top_first_before_the_wins(feature_game):
    screen = (("X", "B", "X"), ("C", "D", "B"), ("X", "C", "D"))  # pays nothing
    draft = _play(feature_game, screen, (VALUE[10], VALUE[2], VALUE[3]))
    (landed,) = _of(draft, MultiplierSymbolsLanded)
    assert landed.cells == ((0, 0, 10), (0, 2, 2), (2, 0, 3))
    assert draft.wins[0] is landed and draft.win == 0 and not _of(draft, SequenceMultiplied)  # no win: no multiply


def test_a_multiplier_symbol_landing_on_the_last_tumble_counts(feature_game):
    # the landed screen has no X; the tumble brings one (the screen that pays nothing is the final one)
    screen = (("A", "B", "C"), ("A", "C", "B"), ("A", "B", "D"))
    script = (FILL["X"], FILL["S"], FILL["D"], VALUE[10])  # refill reel 1, 2, 3, then X's value
    draft = _play(feature_game, screen, script)
    (step,) = _of(draft, TumbleStep)
    assert step.screen == (("X", "B", "C"), ("S", "C", "B"), ("D", "B", "D")) and step.multipliers == ((0, 0, 10),)
    (multiplied,) = _of(draft, SequenceMultiplied)
    assert (multiplied.cells, multiplied.factor, multiplied.before, multiplied.after) == (((0, 0, 10),), 10, 20, 200)
    assert multiplied.amount == 180 and draft.win == 200
    assert draft.wins.index(multiplied) == len(draft.wins) - 2 and draft.wins[-1].kind == "tumbles_ended"


def test_multiplier_symbols_stay_fall_with_their_values_and_sum(feature_game):
    # X sits above the A on reel 1: the A goes, X falls one row keeping its value, a new X drops in
    screen = (("X", "A", "C"), ("A", "D", "B"), ("A", "B", "C"))
    script = (VALUE[3], FILL["X"], FILL["D"], FILL["C"], VALUE[2])
    draft = _play(feature_game, screen, script)
    (step,) = _of(draft, TumbleStep)
    assert step.removed == ((0, 1), (1, 0), (2, 0))  # the X is never removed
    assert step.screen == (("X", "X", "C"), ("D", "D", "B"), ("C", "B", "C"))
    assert step.multipliers == ((0, 0, 2), (0, 1, 3))  # the old X fell to row 1 with its 3
    (multiplied,) = _of(draft, SequenceMultiplied)
    assert multiplied.factor == 5 and draft.win == 20 * 5


def test_product_combine_multiplies_the_values(feature_game):
    bombs = dataclasses.replace(_tumble(feature_game).multiplier_symbols, combine="product",
                                accumulate_in_free_spins=False)
    params = dataclasses.replace(_tumble(feature_game), multiplier_symbols=bombs)
    screen = (("X", "A", "C"), ("A", "D", "B"), ("A", "B", "C"))
    draft = _play(feature_game, screen, (VALUE[3], FILL["X"], FILL["D"], FILL["C"], VALUE[10]), params=params)
    assert _of(draft, SequenceMultiplied)[0].factor == 30 and draft.win == 20 * 30


def test_free_spins_add_each_winning_sequence_to_a_running_total(feature_game):
    state = RoundState()
    screen = (("A", "B", "C"), ("A", "C", "B"), ("A", "B", "D"))
    first = _play(feature_game, screen, (FILL["X"], FILL["S"], FILL["D"], VALUE[10]), mode="free", state=state)
    assert _of(first, SequenceMultiplied)[0].running == 10 and first.win == 200
    quiet = (("X", "B", "C"), ("C", "D", "B"), ("D", "B", "C"))  # an X but no win: the total stays
    assert _play(feature_game, quiet, (VALUE[10],), mode="free", state=state).win == 0
    second = _play(feature_game, screen, (FILL["X"], FILL["S"], FILL["D"], VALUE[2]), mode="free", state=state)
    (multiplied,) = _of(second, SequenceMultiplied)
    assert (multiplied.factor, multiplied.running, second.win) == (12, 12, 20 * 12)  # 10 + 2
    base = _play(feature_game, screen, (FILL["X"], FILL["S"], FILL["D"], VALUE[2]), mode="base", state=state)
    assert base.win == 40  # base spins do not accumulate


def test_free_values_are_the_table_in_free_spins(feature_game):
    bombs = dataclasses.replace(_tumble(feature_game).multiplier_symbols, free_values={50: 1},
                                accumulate_in_free_spins=False)
    params = dataclasses.replace(_tumble(feature_game), multiplier_symbols=bombs)
    screen = (("X", "A", "C"), ("A", "D", "B"), ("A", "B", "C"))
    draft = _play(feature_game, screen, (0, FILL["D"], FILL["D"], FILL["C"]), mode="free", params=params)
    assert _of(draft, SequenceMultiplied)[0].factor == 50


# --- scatters counted after tumbles, forced outcomes --------------------------------------------------

# stops (0, 7, 2) land LANDED; X's value 3; the tumble brings S, S and D: three S on the final screen
TRIGGER_SCRIPT = (0, 7, 2, VALUE[3], FILL["S"], FILL["S"], FILL["D"])


def _landed_only(defn, tmp_path):
    path = tmp_path / "landed.yaml"
    path.write_text(FEATURE.read_text().replace("scatters_count: every_screen", "scatters_count: landed"))
    return load_game(path)


def test_a_tumble_that_brings_the_third_scatter_triggers_free_spins(feature_game, tmp_path):
    bet = default_bet(feature_game)
    result = play_round(feature_game, RoundRequest(bet, 5, script=TRIGGER_SCRIPT))
    kinds = [e.kind for e in result.events]
    assert kinds[:8] == ["round_started", "spin_started", "reels_stopped", "multiplier_symbols_landed",
                         "anywhere_win", "tumble_step", "sequence_multiplied", "tumbles_ended"]
    trigger = next(e for e in result.events if e.kind == "feature_triggered")
    assert trigger.count == 3 and trigger.positions == ((0, 0), (1, 0), (2, 2))  # on the tumbled screen
    assert result.features == ("free_spins",) and result.total_win == events_total(result.events)
    landed = play_round(_landed_only(feature_game, tmp_path), RoundRequest(bet, 5, script=TRIGGER_SCRIPT))
    assert landed.features == () and landed.total_win == 60  # the landed screen shows one S


def test_a_retrigger_counts_the_tumbled_screens_too(feature_game):
    from cabinet.core.features.tumble.play import most_triggers

    screens = [(("S", "A"), ("B", "C")), (("S", "S"), ("B", "C")), (("S", "S"), ("S", "C")), (("S", "S"), ("B", "S"))]
    assert most_triggers(screens, frozenset({"S"})) == screens[2]  # the first with the most
    bet = default_bet(feature_game)
    for seed in range(400):  # rounds whose free spins retrigger from a tumbled screen
        result = play_round(feature_game, RoundRequest(bet, seed))
        events = list(result.events)
        for i, e in enumerate(events):
            if e.kind == "feature_triggered" and e.retrigger:
                stopped = next(x for x in reversed(events[:i]) if x.kind == "reels_stopped")
                if sum(col.count("S") for col in stopped.screen) < 3:
                    return
    pytest.fail("no retrigger from a tumbled screen in 400 rounds")


def test_forced_outcomes_script_every_draw_and_replay_whatever_the_seed(feature_game):
    bet = default_bet(feature_game)
    forced = play_round(feature_game, RoundRequest(bet, 5, script=TRIGGER_SCRIPT))
    script = forcing_script(feature_game, RoundRequest(bet, 5, script=TRIGGER_SCRIPT))
    assert script[: len(TRIGGER_SCRIPT)] == TRIGGER_SCRIPT  # stops, values, refills, then the feature's
    again = play_round(feature_game, RoundRequest(bet, 123_456, script=script))
    assert again.events[1:] == forced.events[1:] and again.total_win == forced.total_win


def test_every_new_event_is_registered_and_json_safe(feature_game, cells_game):
    for kind in ("tumble_step", "multiplier_symbols_landed", "sequence_multiplied", "cell_multipliers",
                 "cell_multiplier_win", "tumbles_ended"):
        assert kind in EVENT_TYPES
    for defn in (feature_game, cells_game):
        for seed in range(30):
            result = play_round(defn, RoundRequest(default_bet(defn), seed))
            assert result.total_win == events_total(result.events)
            for e in result.events:
                e.to_dict()


# --- cell multipliers ------------------------------------------------------------------------------------

ROW = (("A", "B", "C", "D"), ("A", "C", "D", "B"), ("A", "D", "B", "C"), ("A", "B", "C", "D"))  # row 0: 4 A


def test_a_cell_steps_from_marked_to_first_then_doubles_to_its_cap():
    options = CellMultiplierOptions(first=2, cap=8)
    levels = [0]
    for _ in range(5):
        levels.append(step_cell(options, levels[-1]))
    assert levels == [0, 1, 2, 4, 8, 8]
    grid = {(0, 0): 1, (1, 0): 2, (2, 0): 4}
    assert cell_factor(grid, ((0, 0), (1, 0), (2, 0)), "sum") == 6
    assert cell_factor(grid, ((0, 0), (1, 0), (2, 0)), "product") == 8
    assert cell_factor(grid, ((0, 0), (3, 3)), "sum") == 1  # marked only: x1


def _row_of(symbol):
    return (CELL_FILL[symbol],) * 4


def test_cells_mark_then_multiply_wins_on_them(cells_game):
    # the A cluster on row 0 pays three times: x1 (unmarked), x1 (marked), x(2+2+2+2); then B C B C
    script = _row_of("A") + _row_of("A") + (CELL_FILL["B"], CELL_FILL["C"], CELL_FILL["B"], CELL_FILL["C"])
    draft = _play(cells_game, ROW, script)
    wins = [e for e in draft.wins if e.kind == "cluster_win"]
    assert len(wins) == 3 and wins[0].amount == wins[1].amount
    base = wins[0].amount
    (raised,) = _of(draft, CellMultiplierWin)
    assert (raised.multiplier, raised.base, raised.paid) == (8, base, 8 * base) and wins[2].amount == 8 * base
    assert draft.wins[draft.wins.index(wins[2]) + 1] is raised
    grids = [dict(((r, row), v) for r, row, v in e.cells) for e in _of(draft, CellMultipliers)]
    assert [g[(0, 0)] for g in grids] == [1, 2, 4] and set(grids[0]) == {(r, 0) for r in range(4)}
    assert draft.win == 10 * base


def test_product_cells_and_the_grid_kept_through_free_spins_only(cells_game):
    tumble = _tumble(cells_game)
    product = dataclasses.replace(tumble, cell_multipliers=dataclasses.replace(tumble.cell_multipliers,
                                                                               combine="product"))
    script = _row_of("A") + _row_of("A") + (CELL_FILL["B"], CELL_FILL["C"], CELL_FILL["B"], CELL_FILL["C"])
    draft = _play(cells_game, ROW, script, params=product)
    assert _of(draft, CellMultiplierWin)[0].multiplier == 16  # 2 x 2 x 2 x 2
    state = RoundState()
    _play(cells_game, ROW, script, mode="free", state=state)  # row 0 ends at x4
    kept = _play(cells_game, ROW, (CELL_FILL["B"], CELL_FILL["C"], CELL_FILL["B"], CELL_FILL["C"]),
                 mode="free", state=state)
    assert _of(kept, CellMultiplierWin)[0].multiplier == 16  # 4 + 4 + 4 + 4 on the next free spin's landed win
    fresh = _play(cells_game, ROW, (CELL_FILL["B"], CELL_FILL["C"], CELL_FILL["B"], CELL_FILL["C"]),
                  mode="base", state=state)
    assert not _of(fresh, CellMultiplierWin)  # a base spin starts with an empty grid


def test_the_grid_clears_when_a_free_spins_feature_starts(cells_game):
    bet = default_bet(cells_game)
    for seed in range(600):
        result = play_round(cells_game, RoundRequest(bet, seed))
        if not result.features:
            continue
        events = list(result.events)
        start = next(i for i, e in enumerate(events) if e.kind == "feature_started")
        first_free = [e for e in events[start:] if e.kind == "cell_multipliers"]
        if first_free:
            assert all(v == 1 for _, _, v in first_free[0].cells)  # the feature's first paying screen only marks
            return
    pytest.fail("no free spins with a win in 600 rounds")


# --- checks ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("old", "new", "message"), [
    ("symbol: X", "symbol: Y", "unknown multiplier symbol"),
    ("values: {2: 5, 3: 3, 10: 1}", "values: {0: 5}", "a multiplier is a whole number from 1"),
    ("values: {2: 5, 3: 3, 10: 1}", "values: {2: 0}", "weights must be positive"),
    ("combine: sum", "combine: product", "use combine: sum with accumulate_in_free_spins"),
    ("  D: {5: 2}", "  D: {5: 2}\n  X: {3: 1}", "pays nothing by itself"),
    ("scatters_count: every_screen", "scatters_count: always", "not one of: landed, every_screen"),
])
def test_bad_multiplier_symbols_are_named(tmp_path, old, new, message):
    path = tmp_path / "bad.yaml"
    text = FEATURE.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    with pytest.raises(DefinitionError) as err:
        load_game(path)
    assert message in str(err.value) and "bad.yaml:" in str(err.value)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("first: 2", "first: 1", "a cell's first multiplier is a whole number from 2"),
    ("cap: 8", "cap: 1", "must be at least first"),
])
def test_bad_cell_multipliers_are_named(tmp_path, old, new, message):
    path = tmp_path / "bad.yaml"
    path.write_text(CELLS.read_text().replace(old, new))
    with pytest.raises(DefinitionError) as err:
        load_game(path)
    assert message in str(err.value)


# --- par -------------------------------------------------------------------------------------------------


class _PathRng(Rng):
    """Answers each ``weighted`` from ``path`` (then 0), keeping every table it was asked: a walk
    over every branch of a spin's draws."""

    def __init__(self, path):
        super().__init__(0)
        self.path, self.asked = list(path), []

    def weighted(self, weights):
        k = self.path[len(self.asked)] if len(self.asked) < len(self.path) else 0
        self.asked.append(tuple(weights))
        return k


def _brute_force_over_values(defn):
    """E[what a base spin adds to its landed screen's pay]: every stop combination, and for
    each every branch of its value draws weighted by its chance (no expectation formula)."""
    bet, model = default_bet(defn), model_of(defn)
    strips = defn.reels["base"]
    total, combos = Fraction(0), 0
    for stops in itertools.product(*(range(len(s)) for s in strips)):
        combos += 1
        path: list[int] = []
        while True:
            rng = _PathRng(path)
            rc = RoundContext(defn, bet, rng, keep_events=False)
            spin = play_spin(rc, "base", "base", stops=stops)
            _, landed = model.evaluate(defn, spin.landed_screen, bet)
            chance = Fraction(1)
            taken = path + [0] * (len(rng.asked) - len(path))
            for k, weights in zip(taken, rng.asked, strict=True):
                chance *= Fraction(weights[k], sum(weights))
            total += chance * (spin.win - landed)
            while taken and taken[-1] == len(rng.asked[len(taken) - 1]) - 1:  # the next branch
                taken.pop()
            if not taken:
                break
            path = taken[:-1] + [taken[-1] + 1]
    return total / (combos * bet.total)


@pytest.mark.parametrize("combine", ["sum", "product"])
def test_multiplier_symbols_par_is_exact_and_equals_brute_force_over_values(tmp_path, combine):
    path = tmp_path / "toy.yaml"
    path.write_text(BOMBS.read_text().replace("combine: sum", f"combine: {combine}"))
    defn = load_game(path)
    exact = exact_tumble_rtp(ParContext(defn, _tumble(defn), default_bet(defn)))
    assert isinstance(exact, Exact) and exact.value > 0
    assert exact.value == _brute_force_over_values(defn)


def test_weighted_fills_and_cells_are_estimates_that_say_what_they_cover(feature_game, cells_game):
    from cabinet.core.par import par

    for defn in (feature_game, cells_game):
        report = par(defn, samples=40)
        part = next(p for p in report.parts if p.name == "tumble")
        assert isinstance(part.rtp, Estimate) and "95%" in part.rtp.text()
        assert any(n.startswith("covers: what tumbles add to base spins") for n in part.notes)
        assert isinstance(report.total, Estimate) and not report.exact  # tumbles in free spins: estimated whole
    report = par(feature_game, samples=40)
    assert any("tumble changes the screen free_spins's trigger counts" in n for n in report.notes)


@pytest.mark.slow
def test_the_cells_estimate_holds_a_long_run(cells_game):
    bet = default_bet(cells_game)
    tumble = _tumble(cells_game)
    estimate = estimate_tumble_rtp(ParContext(cells_game, tumble, bet, samples=200, seed=3))
    added = 0
    runs = 30_000
    for i in range(runs):  # an independent run: other seeds, the same rules
        rc = RoundContext(cells_game, bet, Rng(10_000_000 + i), keep_events=False)
        spin = play_spin(rc, "base", "base")
        added += spin.win - model_of(cells_game).evaluate(cells_game, spin.landed_screen, bet)[1]
    mean = added / runs / bet.total
    low, high = estimate.ci95
    assert low <= mean <= high, (mean, estimate.text())


def test_the_readme_worked_examples_play_as_written(feature_game, cells_game):
    bet = default_bet(feature_game)
    spin = play_round(feature_game, RoundRequest(bet, 5, script=TRIGGER_SCRIPT)).events
    landed = next(e for e in spin if e.kind == "reels_stopped").screen
    step = next(e for e in spin if e.kind == "tumble_step")
    rows = lambda screen: [" ".join(col[r] for col in screen) for r in range(3)]  # noqa: E731
    assert rows(landed) == ["A A A", "B X B", "C B S"] and rows(step.screen) == ["S S D", "B X B", "C B S"]
    multiplied = next(e for e in spin if e.kind == "sequence_multiplied")
    assert (multiplied.factor, multiplied.before, multiplied.after, multiplied.amount) == (3, 20, 60, 40)
    assert next(e for e in spin if e.kind == "spin_ended" and e.mode == "base").win == 60
    script = _row_of("A") + _row_of("A") + (CELL_FILL["B"], CELL_FILL["C"], CELL_FILL["B"], CELL_FILL["C"])
    draft = _play(cells_game, ROW, script)
    assert [e.amount for e in draft.wins if e.kind == "cluster_win"] == [50, 50, 400] and draft.win == 500
