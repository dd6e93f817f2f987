"""Autoplay: every stop condition, the deferred-change rule, reset, buttons."""

from __future__ import annotations

import pytest

from cabinet.services.autoplay import (
    AutoplayController,
    AutoplayRoundEnd,
    AutoplaySettings,
    StopReason,
)

COST = 100


def run_round(ap: AutoplayController, credits: int, win: int, features: tuple[str, ...] = ()) -> tuple[int, StopReason | None]:
    """One autoplay round as the session plays it; returns the credits after and any stop."""
    assert ap.should_continue(credits, COST)
    ap.round_started()
    credits = credits - COST + win
    return credits, ap.on_round_end(AutoplayRoundEnd(win, credits, features))


def test_defaults() -> None:
    s = AutoplaySettings()
    assert (s.rounds, s.stop_on_any_win, s.stop_on_feature) == (10, False, False)
    assert (s.stop_on_single_win, s.stop_on_balance_up, s.stop_on_balance_down) == (0, 0, 0)


@pytest.mark.parametrize("bad", [dict(rounds=0), dict(rounds=True), dict(stop_on_single_win=-1),
                                 dict(stop_on_balance_up=2.5)])  # fmt: skip
def test_settings_refuse_bad_values(bad: dict) -> None:
    with pytest.raises(ValueError):
        AutoplaySettings(**bad)


def test_plays_exactly_the_number_of_rounds() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=3))
    ap.start(1_000)
    credits, reasons = 1_000, []
    while ap.should_continue(credits, COST):
        credits, reason = run_round(ap, credits, 0)
        reasons.append(reason)
    assert reasons == [None, None, StopReason.ROUNDS_DONE]
    assert not ap.running and ap.stop_reason is StopReason.ROUNDS_DONE and credits == 700


def test_stop_on_any_win() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50, stop_on_any_win=True))
    ap.start(1_000)
    credits, reason = run_round(ap, 1_000, 0)
    assert reason is None and ap.running
    credits, reason = run_round(ap, credits, 5)
    assert reason is StopReason.ANY_WIN and not ap.should_continue(credits, COST)


def test_stop_when_a_feature_is_won() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50, stop_on_feature=True))
    ap.start(1_000)
    credits, reason = run_round(ap, 1_000, 300)  # a win without a feature does not stop
    assert reason is None
    _, reason = run_round(ap, credits, 0, ("free_spins",))
    assert reason is StopReason.FEATURE


def test_stop_on_single_win_at_or_above_the_limit() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50, stop_on_single_win=500))
    ap.start(1_000)
    credits, reason = run_round(ap, 1_000, 499)
    assert reason is None
    _, reason = run_round(ap, credits, 500)  # "equals or exceeds"
    assert reason is StopReason.SINGLE_WIN


def test_stop_when_the_balance_rises_by_the_limit() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50, stop_on_balance_up=1_000))
    ap.start(5_000)
    credits, reason = run_round(ap, 5_000, 1_099)  # +999
    assert reason is None and credits == 5_999
    credits, reason = run_round(ap, credits, 101)  # +1000
    assert reason is StopReason.BALANCE_UP and credits == 6_000


def test_stop_when_the_balance_falls_by_the_limit() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50, stop_on_balance_down=250))
    ap.start(1_000)
    credits, reason = run_round(ap, 1_000, 0)
    credits, reason = run_round(ap, credits, 0)
    assert reason is None and credits == 800
    credits, reason = run_round(ap, credits, 50)  # 1000 -> 750: fell by 250
    assert reason is StopReason.BALANCE_DOWN and credits == 750


def test_stops_when_credits_do_not_cover_the_next_round() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50))
    ap.start(150)
    credits, _ = run_round(ap, 150, 0)
    assert not ap.should_continue(credits, COST)
    assert ap.stop_reason is StopReason.CREDITS and not ap.running


def test_any_button_stops_autoplay() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50))
    assert not ap.button_pressed()  # nothing to stop
    ap.start(1_000)
    run_round(ap, 1_000, 0)
    assert ap.button_pressed()
    assert ap.stop_reason is StopReason.BUTTON and not ap.should_continue(900, COST)


def test_a_change_during_a_round_waits_for_its_end() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50))
    ap.start(1_000)
    assert ap.should_continue(1_000, COST)
    ap.round_started()  # e.g. free spins are running
    ap.change(AutoplaySettings(rounds=50, stop_on_any_win=True))
    assert ap.pending is not None and not ap.settings.stop_on_any_win
    # The round that was playing is judged by the old settings: its win does not stop autoplay.
    assert ap.on_round_end(AutoplayRoundEnd(40, 940)) is None
    assert ap.pending is None and ap.settings.stop_on_any_win and ap.running
    _, reason = run_round(ap, 940, 40)
    assert reason is StopReason.ANY_WIN


def test_a_change_between_rounds_applies_at_once() -> None:
    ap = AutoplayController()
    ap.change(AutoplaySettings(rounds=25, stop_on_feature=True))
    assert ap.pending is None and ap.settings.rounds == 25
    ap.start(1_000)
    assert ap.rounds_left == 25


def test_reset_restores_defaults_under_the_same_rule() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=100, stop_on_any_win=True, stop_on_balance_down=300))
    ap.start(1_000)
    ap.should_continue(1_000, COST)
    ap.round_started()
    ap.reset()
    assert ap.settings.stop_on_any_win  # still in force during the round
    assert ap.on_round_end(AutoplayRoundEnd(10, 910)) is StopReason.ANY_WIN  # judged by old settings
    assert ap.settings == AutoplaySettings()


def test_a_new_round_count_is_a_new_budget_from_the_round_end() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=10))
    ap.start(10_000)
    credits = 10_000
    for _ in range(4):
        credits, _ = run_round(ap, credits, 0)
    assert ap.rounds_left == 6
    ap.round_started()
    ap.change(AutoplaySettings(rounds=2))
    assert ap.rounds_left == 5  # unchanged until the round ends
    ap.on_round_end(AutoplayRoundEnd(0, credits - COST))
    assert ap.rounds_left == 2


def test_restart_uses_the_new_start_balance() -> None:
    ap = AutoplayController(AutoplaySettings(rounds=50, stop_on_balance_down=150))
    ap.start(1_000)
    credits, _ = run_round(ap, 1_000, 0)
    ap.button_pressed()
    ap.start(credits)  # 900 is the new reference
    credits, reason = run_round(ap, credits, 0)
    assert reason is None and credits == 800
