"""A pick prize of free spins (issue 35, item 1): a tile may award free spins (and a multiplier
for them), played when the bonus ends by the game's own free-spins feature, retriggers and all.
Pinned on scripted rounds of tests/games/picks/toy-pick-spins.yaml; par (the picks' exact
(spins, multiplier) distribution times the free-spins block's exact value of that many spins)
equals brute force; the batch path equals play_round round by round; the screen reveals the
prize, then the free spins' intro plays."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureEnded, FeatureStarted, FeatureTriggered, ScatterWin
from cabinet.core.features import FeatureContext, Trigger
from cabinet.core.features.pick_bonus import BLOCK
from cabinet.core.features.pick_bonus.events import PickBonusPaid, TilePicked
from cabinet.core.features.pick_bonus.par import spins_distribution
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, RoundResult, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Estimate, Exact

TOY = Path(__file__).parent / "games" / "picks" / "toy-pick-spins.yaml"
BONUS3 = (1, 1, 1)  # BONUS x3 on the single base reel set: the pick of two chests of four
# chest draws: below(4) then below(3) over the chests left, in YAML order
SPINS2_THEN_X2 = (1, 2)  # 2 free spins, then x2 on them
SPINS2_THEN_1 = (1, 1)  # 2 free spins, then 1 more


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def play(defn: Definition, script: tuple[int, ...]) -> RoundResult:
    return play_round(defn, RoundRequest(default_bet(defn), 7, script=script))


def of(result: RoundResult, kind: type) -> list:  # noqa: ANN001
    return [e for e in result.events if isinstance(e, kind)]


def test_the_free_spins_won_are_played_after_the_pick_by_the_games_own_feature(toy: Definition) -> None:
    # free spins: reel 1 of the free set is [A S], reels 2 and 3 always S (a draw of one stop each):
    # stop 1 of reel 1 retriggers
    result = play(toy, (*BONUS3, *SPINS2_THEN_X2, 1, 0, 0, 1, 0, 0, 0, 0, 0))
    kinds = [e.kind for e in result.events]
    paid = kinds.index("pick_bonus_paid")
    picks = of(result, TilePicked)
    assert [(p.free_spins, p.free_spins_multiplier, p.spins_total, p.spins_multiplier_total) for p in picks] == [
        (2, 1, 2, 1), (0, 2, 2, 2)]
    triggered = [e for e in of(result, FeatureTriggered) if e.feature == "free_spins"]
    assert triggered[0].awarded == 2 and not triggered[0].retrigger
    assert kinds.index("feature_triggered", paid) == paid + 1  # the free spins follow the bonus's credits
    started = [e for e in of(result, FeatureStarted) if e.feature == "free_spins"]
    assert started == [FeatureStarted("free_spins", 2, 4)]  # its own x2, times the chest's x2
    # retriggered once (+1, the block's retrigger_awards), then the limit: the second S S S adds nothing
    assert [e.retrigger for e in triggered] == [False, True]
    ended = {e.feature: e for e in of(result, FeatureEnded)}
    assert ended["free_spins"].spins_played == 3
    wins = of(result, ScatterWin)
    assert all(w.multiplier == 4 for w in wins)
    assert [w.amount for w in wins] == [4 * 10 * 4, 4 * 10 * 4, 1 * 10 * 4]  # S S S, S S S, A S S
    assert ended["chests"].total == ended["free_spins"].total == result.total_win
    assert result.features == ("free_spins", "chests")


def test_a_free_spins_multiplier_multiplies_every_win_of_them(toy: Definition) -> None:
    plain = dataclasses.replace(toy, features=tuple(
        dataclasses.replace(f, prizes=tuple(dataclasses.replace(p, free_spins_multiplier=1) for p in f.prizes))
        if f.type == "pick_bonus" else f for f in toy.features))
    script = (*BONUS3, *SPINS2_THEN_X2, 1, 0, 0, 0, 0, 0, 0, 0, 0)
    doubled, once = play(toy, script), play(plain, script)
    assert once.total_win > 0 and doubled.total_win == 2 * once.total_win


def test_credits_alone_start_no_free_spins_and_spins_add_up(toy: Definition) -> None:
    credits_only = play(toy, (*BONUS3, 0, 2))  # 3x, then x2 on free spins never won
    assert of(credits_only, PickBonusPaid)[0].amount == 30 == credits_only.total_win
    assert not [e for e in of(credits_only, FeatureTriggered) if e.feature == "free_spins"]
    three = play(toy, (*BONUS3, *SPINS2_THEN_1, *(0,) * 9))
    assert [e for e in of(three, FeatureStarted) if e.feature == "free_spins"] == [FeatureStarted("free_spins", 3, 2)]


def test_the_spins_distribution_is_the_picks_and_par_equals_brute_force(toy: Definition) -> None:
    chests = next(f for f in toy.features if f.type == "pick_bonus")
    # two of {3x, 2 spins, 1 spin, x2}: 6 pairs alike
    assert spins_distribution(chests) == {(2, 1): Fraction(1, 6), (1, 1): Fraction(1, 6), (0, 2): Fraction(1, 6),
                                          (3, 1): Fraction(1, 6), (2, 2): Fraction(1, 6), (1, 2): Fraction(1, 6)}
    report = par(toy)
    assert isinstance(report.total, Exact)
    part = next(p for p in report.parts if p.name == "chests")
    assert part.figures["free_spins_value_x_bet"].value > 0  # type: ignore[attr-defined]
    brute = round_value(toy)
    assert brute.paths > 50
    assert report.total.value == brute.rtp
    bet = default_bet(toy)
    ctx = FeatureContext(toy, chests, bet, None)
    value = BLOCK.expected_value(ctx, Trigger("chests", "BONUS", 3, (), 1))
    assert value == part.figures["expected_value_x_bet"].value * bet.total  # type: ignore[attr-defined]


def test_the_batch_path_equals_play_round_round_by_round(toy: Definition) -> None:
    bet = default_bet(toy)
    seeds = derive_seeds(35, 1, 800)
    results = [play_round(toy, RoundRequest(bet, int(s))) for s in seeds]
    out = round_outcomes(toy, bet, seeds)
    assert sum("chests" in r.features and "free_spins" in r.features for r in results) > 5
    assert np.array_equal(out.win, np.array([r.total_win for r in results]))


def test_free_spins_with_a_cap_are_estimated_and_the_interval_holds_brute_force() -> None:
    # a cap of 6x the bet on the free spins' total: not linear in the spins, so no exact value
    capped = load_definition_text(TOY.read_text().replace("  win_multiplier: 2\n",
                                                          "  win_multiplier: 2\n  max_win_x_bet: 6\n", 1), "capped")
    report = par(capped, samples=3000)
    part = next(p for p in report.parts if p.name == "chests")
    spins = part.figures["free_spins_value_x_bet"]
    assert isinstance(spins, Estimate) and isinstance(part.figures["credits_value_x_bet"], Exact)
    assert "estimated" in " ".join(part.notes)
    brute = round_value(capped)
    assert isinstance(report.total, Estimate)
    low, high = report.total.ci95
    assert low <= float(brute.rtp) <= high, (low, float(brute.rtp), high)
    assert float(brute.rtp) < float(round_value(load_definition(TOY)).rtp)  # the cap took something


def refused(old: str, new: str) -> str:
    text = TOY.read_text()
    assert old in text
    with pytest.raises(DefinitionError) as err:
        load_definition_text(text.replace(old, new, 1), "toy-pick-spins.yaml")
    return str(err.value)


def test_the_loader_refuses_free_spins_it_cannot_play() -> None:
    assert "no free_spins feature is named 'bonus_spins'" in refused("  picks: 2\n",
                                                                     "  picks: 2\n  free_spins_feature: bonus_spins\n")
    assert "free_spins cannot be negative" in refused("{free_spins: 1}", "{free_spins: -1}")
    assert "a multiplier is a whole number" in refused("{free_spins_multiplier: 2}", "{free_spins_multiplier: 0}")


def test_the_screen_reveals_the_chest_then_the_free_spins_intro_plays(toy) -> None:  # noqa: ANN001
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
    from cabinet.presentation.mechanics.pick_bonus.view import PickScene, prize_text
    from tests.screen_helpers import make_app, run_until

    chests = next(f for f in toy.features if f.type == "pick_bonus")
    assert [prize_text(chests, p) for p in chests.prizes] == ["3x", "2 FREE SPINS", "1 FREE SPIN", "FREE SPINS x2"]
    app = make_app(toy, size=(640, 360))
    assert app.base.start_round(script=toy.scenarios[0].script)
    for picks in (0, 1):
        run_until(app, lambda: (s := app.stack.find(PickScene)) is not None and s.waiting
                  and len(s.picked) == picks)  # noqa: B023
        app.press([Press(Button.SPIN)])
    scene = app.stack.find(PickScene)
    run_until(app, lambda: len(scene.picked) == 2 and scene.total is not None)
    assert scene.total == 0 and scene.spins_won == 2  # its plate says 2 FREE SPINS WON
    run_until(app, lambda: app.stack.find(FreeSpinsScene) is not None)
    assert app.stack.find(PickScene) is None  # the pick's scene left before the intro
    run_until(app, lambda: not app.session.in_round)
    assert app.session.history[-1].total_win > 0


def test_the_rules_say_how_the_free_spins_play_and_the_auto_pick_rule_on_an_interruption(toy: Definition) -> None:
    from cabinet.presentation.mechanics.pick_bonus.rules import rules
    from cabinet.presentation.mechanics.writing import Writer

    chests = next(f for f in toy.features if f.type == "pick_bonus")
    text = " ".join(p.text for p in rules(Writer(toy, default_bet(toy)), chests).paras)
    assert "Autoplay picks the first tile left" in text
    assert "interrupted by a power cut is completed by the same rule" in text  # interrupted_rounds: auto_complete
    assert "played when the bonus ends" in text and "retrigger as the game's own do" in text
    assert "FREE SPINS x tile multiplies every win of them" in text
    resumed = dataclasses.replace(toy, interrupted_rounds="resume")
    text = " ".join(p.text for p in rules(Writer(resumed, default_bet(resumed)), chests).paras)
    assert "waits at the same pick" in text


def test_a_cabinet_killed_in_the_free_spins_a_pick_won_resumes_them_and_pays_once(toy, tmp_path) -> None:  # noqa: ANN001
    from cabinet.app import App, AppOptions
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
    from cabinet.presentation.mechanics.pick_bonus.view import PickScene
    from tests.screen_helpers import run_until

    resumed = dataclasses.replace(toy, interrupted_rounds="resume")  # the player is there to see them

    def start() -> App:
        app = App(resumed, AppOptions(size=(640, 360), seed=4, headless=True, data_dir=tmp_path))
        app.start()
        return app

    app = start()
    credits = app.session.credits
    assert app.base.start_round(script=toy.scenarios[0].script)
    for picks in (0, 1):
        run_until(app, lambda: (s := app.stack.find(PickScene)) is not None and s.waiting
                  and len(s.picked) == picks)  # noqa: B023
        app.press([Press(Button.SPIN)])
    session = app.session
    run_until(app, lambda: session.current.awaiting is None)
    events = session.current.events
    first_free_spin = next(i for i, e in enumerate(events) if e.kind == "spin_ended" and e.mode == "free")
    run_until(app, lambda: session.progress_step > first_free_spin)
    expected = session.current.total_win
    session.ledger.close()  # the process dies inside the free spins the picks won

    again = start()
    assert again.session.in_round and again.session.resume_from > first_free_spin  # not back at the pick
    run_until(again, lambda: again.stack.find(FreeSpinsScene) is not None or not again.session.in_round)
    assert again.stack.find(PickScene) is None
    run_until(again, lambda: not again.session.in_round)
    record = again.session.history[-1]
    assert record.total_win == expected > 0
    assert again.session.credits == credits - record.cost + expected
