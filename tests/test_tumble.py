"""Tumbles (core/features/tumble.py): each rule on hand-built screens, chains played through
every pay model, replay from the seed, par exact only where every stop combination is played
(equal to an independent brute force here) and an estimate with its interval otherwise."""

from __future__ import annotations

import dataclasses
import itertools
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.events import EVENT_TYPES, ScatterWin
from cabinet.core.features import FeatureContext, ParContext, SpinDraft
from cabinet.core.features.tumble import (
    Tumble,
    TumbleStep,
    estimate_tumble_rtp,
    exact_tumble_rtp,
    fall,
    ladder_value,
    paying_cells,
    play_tumbles,
    refill,
    strip_draw,
    weights_draw,
)
from cabinet.core.loader import load_game
from cabinet.core.pays import model_of
from cabinet.core.rng import Rng
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Estimate, Exact

GAMES = Path(__file__).parent / "games"
WAYS = GAMES / "tumble" / "toy-tumble-ways.yaml"
ANYWHERE = GAMES / "tumble" / "toy-tumble-anywhere.yaml"


@pytest.fixture(scope="module")
def ways_game():
    return load_game(WAYS)


@pytest.fixture(scope="module")
def anywhere_game():
    return load_game(ANYWHERE)


def _tumble(defn) -> Tumble:
    return next(f for f in defn.features if isinstance(f, Tumble))


# --- each rule on hand-built screens -----------------------------------------------------------------


def test_paying_cells_are_every_paid_win_and_only_those(ways_game):
    screen = (("A", "D", "C"), ("E", "A", "D"), ("D", "E", "A"))
    wins, win = model_of(ways_game).evaluate(ways_game, screen, default_bet(ways_game))
    assert win > 0
    assert paying_cells(ways_game, screen, wins, wilds_stay=False) == ((0, 0), (1, 1), (2, 2))
    unpaid = ScatterWin("S", 3, ((0, 1), (1, 0)), Fraction(0), 1, 0)  # an event that paid nothing
    assert paying_cells(ways_game, screen, [*wins, unpaid], wilds_stay=False) == ((0, 0), (1, 1), (2, 2))


def test_wilds_stay_when_asked(ways_game):
    screen = (("A", "D", "C"), ("E", "WILD", "D"), ("D", "E", "A"))
    wins, _ = model_of(ways_game).evaluate(ways_game, screen, default_bet(ways_game))
    assert paying_cells(ways_game, screen, wins, wilds_stay=False) == ((0, 0), (1, 1), (2, 2))
    assert paying_cells(ways_game, screen, wins, wilds_stay=True) == ((0, 0), (2, 2))


def test_symbols_fall_keeping_their_order():
    screen = (("A", "B", "C"), ("D", "E", "F"))
    assert fall(screen, ((0, 2), (1, 0), (1, 1))) == (("A", "B"), ("F",))
    assert fall(screen, ()) == screen


def test_strip_refill_continues_the_strip_above_the_window(ways_game):
    # reel 1 "A D C S E B D E C" stopped at 2 shows C S E; above it sit D (1), A (0), C (8) ...
    stops = (2, 0, 0)
    screen = tuple(tuple(s[(stop + r) % len(s)] for r in range(3)) for s, stop in
                   zip(ways_game.reels["base"], stops, strict=True))
    assert screen[0] == ("C", "S", "E")
    draw = strip_draw(ways_game, "base", stops)
    after, fills = refill(screen, fall(screen, ((0, 1), (0, 2))), draw)
    assert after[0] == ("A", "D", "C")  # D lands on C, A above it
    assert after[1:] == screen[1:]
    assert fills == ((0, 1, "D"), (0, 0, "A"))
    again, fills2 = refill(after, fall(after, ((0, 2),)), draw)  # the strip goes on where it stopped
    assert again[0] == ("C", "A", "D") and fills2 == ((0, 0, "C"),)


def test_weighted_refill_draws_reel_by_reel_lowest_hole_first(anywhere_game):
    params = dataclasses.replace(_tumble(anywhere_game), fill_weights=({"A": 1, "B": 2}, {"C": 3, "D": 1},
                                                                        {"A": 1, "C": 1}))
    screen = (("A", "B"), ("C", "D"), ("A", "C"))
    removed = ((0, 0), (0, 1), (1, 1))
    after, fills = refill(screen, fall(screen, removed), weights_draw(params, Rng(77)))
    twin = Rng(77)  # the same draws made by hand, in the documented order
    first = ("A", "B")[twin.weighted((1, 2))]  # reel 1, lowest hole (row 1)
    second = ("A", "B")[twin.weighted((1, 2))]  # reel 1, row 0
    third = ("C", "D")[twin.weighted((3, 1))]  # reel 2, its one hole (row 0)
    assert fills == ((0, 1, first), (0, 0, second), (1, 0, third))
    assert after == ((second, first), (third, "C"), ("A", "C"))


def test_ladder_steps_and_repeats_its_last_rung():
    params = Tumble("tumble", ladder=(1, 2, 3, 5))
    assert [ladder_value(params, s) for s in range(6)] == [1, 2, 3, 5, 5, 5]
    assert ladder_value(Tumble("tumble"), 4) == 1


def _draft_after_landing(defn, screen, stops, *, mode="base"):
    bet = default_bet(defn)
    wins, win = model_of(defn).evaluate(defn, screen, bet)
    return bet, SpinDraft(mode, "base", stops, screen, wins=list(wins), win=win)


def test_a_chain_pays_each_tumble_at_its_ladder_step_and_ends_on_no_win(ways_game):
    model, params = model_of(ways_game), _tumble(ways_game)
    for stops in itertools.product(*(range(len(s)) for s in ways_game.reels["base"])):
        screen = tuple(tuple(s[(stop + r) % len(s)] for r in range(3)) for s, stop in
                       zip(ways_game.reels["base"], stops, strict=True))
        bet, draft = _draft_after_landing(ways_game, screen, stops)
        landed_win = draft.win
        play_tumbles(FeatureContext(ways_game, params, bet, None), draft)
        steps = [e for e in draft.wins if isinstance(e, TumbleStep)]
        if len(steps) >= 2:
            break
    else:
        pytest.fail("no stop combination of the toy tumbles twice")
    assert [s.multiplier for s in steps] == [2, 3, 3, 3][: len(steps)]
    paid = 0
    for step in steps:  # each screen pays what the model says at the ladder's multiplier
        _, expected = model.evaluate(ways_game, step.screen, bet, step.multiplier)
        paid += expected
    assert draft.win == landed_win + paid
    last = model.evaluate(ways_game, steps[-1].screen, bet)[0]
    assert paying_cells(ways_game, steps[-1].screen, last, wilds_stay=False) == ()  # the chain ended on no win
    ended = draft.wins[-1]
    assert ended.kind == "tumbles_ended" and ended.tumbles == len(steps) and ended.paid == paid


def test_ladder_lasts_through_free_spins_only_when_asked(ways_game):
    params = dataclasses.replace(_tumble(ways_game), ladder=(2, 3, 7), ladder_through_free_spins=True)
    screen = (("A", "D", "C"), ("E", "A", "D"), ("D", "E", "A"))
    from cabinet.core.features import RoundState

    state = RoundState()
    rungs = []
    for _ in range(2):
        bet, draft = _draft_after_landing(ways_game, screen, (0, 0, 0), mode="free")
        play_tumbles(FeatureContext(ways_game, params, bet, None, "free", state), draft)
        rungs.append([e.multiplier for e in draft.wins if isinstance(e, TumbleStep)])
    assert rungs[0] and rungs[1][0] == ladder_value(params, len(rungs[0]))  # the second spin goes on climbing
    bet, draft = _draft_after_landing(ways_game, screen, (0, 0, 0), mode="base")
    play_tumbles(FeatureContext(ways_game, params, bet, None, "base", state), draft)
    assert [e.multiplier for e in draft.wins if isinstance(e, TumbleStep)][0] == 2  # base spins start over


# --- rounds: every pay model, replay, simulate ---------------------------------------------------------


def _with_tumble(path: Path, tmp_path: Path, entry: str) -> Path:
    text = path.read_text()
    text = text.replace("\nfeatures:\n", "\nfeatures:\n" + entry) if "\nfeatures:\n" in text else (
        text + "features:\n" + entry)
    out = tmp_path / path.name
    out.write_text(text)
    return out


@pytest.mark.parametrize("toy", ["toy-ways", "toy-megaways", "toy-anywhere", "toy-cluster"])
def test_tumbles_play_under_every_pay_model_by_their_own_rules(toy, tmp_path):
    path = _with_tumble(GAMES / "pays" / f"{toy}.yaml", tmp_path, "  - {type: tumble, ladder: [2, 4]}\n")
    defn = load_game(path)
    bet, model = default_bet(defn), model_of(defn)
    chains = 0
    for seed in range(300):
        if chains >= 60:  # these toys' tiny strips may tumble to the engine's limit: enough checked
            break
        events = play_round(defn, RoundRequest(bet, seed)).events
        for i, e in enumerate(events):
            if not isinstance(e, TumbleStep) or chains >= 60:
                continue
            chains += 1
            before = next(x.screen for x in reversed(events[:i]) if x.kind in ("reels_stopped", "tumble_step"))
            start = next(j for j in range(i - 1, -1, -1) if events[j].kind in ("reels_stopped", "tumble_step"))
            paid_before = [x for x in events[start + 1 : i] if getattr(x, "amount", 0) > 0]
            assert e.removed == paying_cells(defn, before, paid_before, wilds_stay=False)
            kept = fall(before, e.removed)
            assert all(col[len(col) - len(k):] == k for col, k in zip(e.screen, kept, strict=True))
            assert len(e.fills) == len(e.removed)
            following = []
            for x in events[i + 1 :]:
                if x.kind in ("tumble_step", "tumbles_ended", "feature_limit_reached", "feature_triggered", "spin_ended"):
                    break
                following.append(x)
            spin_multiplier = next(x.multiplier for x in reversed(events[:i]) if x.kind == "spin_started")
            wins, win = model.evaluate(defn, e.screen, bet, spin_multiplier * e.multiplier)
            assert following == wins
    assert chains > 0, f"no tumble in 300 rounds of {toy}"


def test_rounds_replay_from_their_seed_and_events_are_registered(anywhere_game):
    bet = default_bet(anywhere_game)
    assert EVENT_TYPES["tumble_step"] is TumbleStep and "tumbles_ended" in EVENT_TYPES
    for seed in range(50):
        a = play_round(anywhere_game, RoundRequest(bet, seed))
        b = play_round(anywhere_game, RoundRequest(bet, seed))
        assert a.events == b.events and a.total_win == b.total_win
        for e in a.events:
            e.to_dict()  # JSON-safe for history


def test_simulate_equals_play_round_round_by_round(anywhere_game, ways_game):
    for defn in (anywhere_game, ways_game):
        bet = default_bet(defn)
        seeds = derive_seeds(11, 0, 400)
        out = round_outcomes(defn, bet, seeds)
        expected = [play_round(defn, RoundRequest(bet, int(s))).total_win for s in seeds]
        assert np.array_equal(out.win, np.array(expected, dtype=np.int64))


# --- par ---------------------------------------------------------------------------------------------


def _brute_force_tumbles(defn, ladder):
    """An independent copy of the rules: every stop combination, tumbles played by hand."""
    model, bet = model_of(defn), default_bet(defn)
    strips = defn.reels["base"]
    total, combos = 0, 0
    for stops in itertools.product(*(range(len(s)) for s in strips)):
        combos += 1
        cols = [[s[(stop + r) % len(s)] for r in range(defn.grid.rows)] for s, stop in zip(strips, stops, strict=True)]
        above = [stop - 1 for stop in stops]
        wins, _ = model.evaluate(defn, tuple(map(tuple, cols)), bet)
        step = 0
        while True:
            gone = {p for w in wins if getattr(w, "amount", 0) > 0 for p in w.positions}
            if not gone:
                break
            for r in range(len(cols)):
                left = [sym for row, sym in enumerate(cols[r]) if (r, row) not in gone]
                while len(left) < defn.grid.rows:
                    left.insert(0, strips[r][above[r] % len(strips[r])])
                    above[r] -= 1
                cols[r] = left
            mult = ladder[min(step, len(ladder) - 1)]
            wins, win = model.evaluate(defn, tuple(map(tuple, cols)), bet, mult)
            total += win
            step += 1
    return Fraction(total, combos * bet.total)


def test_strip_fill_par_is_exact_and_equals_brute_force(ways_game):
    pctx = ParContext(ways_game, _tumble(ways_game), default_bet(ways_game))
    exact = exact_tumble_rtp(pctx)
    assert isinstance(exact, Exact) and exact.value > 0
    assert exact.value == _brute_force_tumbles(ways_game, (2, 3))


def test_the_estimate_names_its_interval_and_holds_the_exact_value(ways_game):
    pctx = ParContext(ways_game, _tumble(ways_game), default_bet(ways_game), samples=400, seed=5)
    exact = exact_tumble_rtp(pctx)
    estimate = estimate_tumble_rtp(pctx)
    assert isinstance(estimate, Estimate) and not estimate.exact
    assert abs(estimate.mean - float(exact.value)) < 4 * estimate.std_error
    assert "95%" in estimate.text() and estimate.to_dict()["ci95"]


def test_weighted_fill_is_never_called_exact(anywhere_game):
    from cabinet.core.par import par

    report = par(anywhere_game, samples=50)
    part = next(p for p in report.parts if p.name == "tumble")
    assert isinstance(part.rtp, Estimate) and not report.total.exact
    assert any("covers: what tumbles add to base spins" in n for n in part.notes)
    assert report.total.to_dict()["exact"] is False


def test_strip_fill_game_par_total_is_exact(ways_game):
    from cabinet.core.par import par

    report = par(ways_game)
    assert report.total.exact
    assert report.total.value == report.base_rtp + _brute_force_tumbles(ways_game, (2, 3))
    assert math.isclose(float(report.total.value), float(report.total_rtp))


def test_the_readme_worked_example_plays_as_written(ways_game):
    from cabinet.core.spin import RoundContext, play_spin

    rc = RoundContext(ways_game, default_bet(ways_game), None)
    spin = play_spin(rc, "base", "base", stops=(0, 3, 0))
    steps = [e for e in rc.book.events if isinstance(e, TumbleStep)]
    assert [e.amount for e in rc.book.events if e.kind == "ways_win"] == [100, 80]
    assert [s.fills for s in steps] == [((0, 0, "C"), (1, 0, "B"), (2, 0, "C")),
                                        ((0, 1, "E"), (0, 0, "D"), (1, 0, "E"), (2, 0, "A"))]
    assert [s.multiplier for s in steps] == [2, 3] and spin.win == 180


@pytest.mark.slow
def test_a_long_simulation_holds_the_exact_par(ways_game):
    from cabinet.core.par import par
    from cabinet.core.simulate import simulate

    exact = par(ways_game).total
    report = simulate(ways_game, 100_000, 99)
    assert exact.exact and abs(float(report.rtp) - float(exact.value)) < 4 * report.standard_error
