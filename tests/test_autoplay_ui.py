"""Autoplay through the cabinet (issue 6): the AUTOPLAY panel drives the shared autoplay
service, rounds go through the normal path (the session's ``begin_round``), every stop
condition ends it, any button press ends it, a change made during a round waits for
the round's end, and a restart brings the defaults back.

Rounds are forced: the session's round runner is handed the seed of a round of the
kind each test needs (a loss, a small win, a big win, free spins), found once below.
The game is the reference game with one free spin per trigger, so a feature is short."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cabinet.app import STEPS_PER_FRAME, App, AppOptions
from cabinet.core.bet import default_bet
from cabinet.core.definition import Definition
from cabinet.core.loader import load_definition_text, load_game
from cabinet.core.round import RoundRequest, RoundResult, play_round
from cabinet.machine.autoplay_driver import ROUND_OPTIONS
from cabinet.machine.buttons import Button, Press
from cabinet.machine.session import GameSession, MemoryLedger
from cabinet.presentation.scenes.autoplay import (
    ADVANCED,
    DONE,
    RESET,
    START,
    STEP_BASE,
    TOGGLE_ANY_WIN,
    TOGGLE_FEATURE,
    AutoplayScene,
)
from cabinet.services.autoplay import AutoplaySettings, StopReason

ROOT = Path(__file__).resolve().parent.parent
SMALL = (640, 360)
SINGLE_WIN, BALANCE_UP, BALANCE_DOWN = 0, 1, 2  # the panel's amount rows


@pytest.fixture(scope="module")
def game() -> Definition:
    text = (ROOT / "games" / "classic.yaml").read_text(encoding="utf-8")
    short = text.replace("awards: {3: 10, 4: 12, 5: 15}", "awards: {3: 1, 4: 1, 5: 1}")
    assert short != text
    return load_definition_text(short)


@pytest.fixture(scope="module")
def seeds(game: Definition) -> dict[str, list[int]]:
    """Seeds of rounds by kind at the default bet (1.00): lose, small (< 2.00), big (>= 5.00), feature."""
    bet = default_bet(game)
    assert bet.total == 100
    out: dict[str, list[int]] = {"lose": [], "small": [], "big": [], "feature": []}
    for seed in range(600):
        r = play_round(game, RoundRequest(bet, seed))
        kind = "feature" if r.features else "lose" if r.total_win == 0 else \
            "small" if r.total_win < 200 else "big" if r.total_win >= 500 and r.total_win < 5000 else ""
        if kind:
            out[kind].append(seed)
    assert all(len(v) >= 3 for v in out.values())
    return out


def forced_app(game: Definition, seeds: dict[str, list[int]], kinds: list[str], credits: int = 50_000) -> App:
    """An app whose rounds are, in order, of the kinds listed (then losses)."""
    queue: Iterator[str] = iter(kinds)
    used: dict[str, int] = {}

    def play(defn: Definition, request: RoundRequest) -> RoundResult:
        if request.kind != "spin":
            return play_round(defn, request)
        kind = next(queue, "lose")
        n = used[kind] = used.get(kind, -1) + 1
        return play_round(defn, replace(request, seed=seeds[kind][n % len(seeds[kind])]))

    session = GameSession(game, ledger=MemoryLedger(credits), seed=1, play=play)
    app = App(game, AppOptions(size=SMALL, headless=True), session=session)
    app.start()
    return app


def tick(app: App, frames: int = 1) -> None:
    """Advance time without drawing (the tests read state, not pixels)."""
    app.update(frames * STEPS_PER_FRAME)


def run_until(app: App, done, limit: int = 20_000) -> None:  # noqa: ANN001
    for _ in range(limit):
        if done():
            return
        tick(app)
    raise AssertionError("condition not reached")


def start_autoplay(app: App, rounds: int = 10, presses: tuple[int, ...] = ()) -> None:
    """AUTOPLAY, the number of rounds, the advanced presses given, DONE, START."""
    app.press([Press(Button.AUTOPLAY)])
    assert isinstance(app.stack.top, AutoplayScene)
    app.press([Press(Button.ITEM, ROUND_OPTIONS.index(rounds))])
    if presses:
        app.press([Press(Button.ITEM, ADVANCED), *(Press(Button.ITEM, i) for i in presses), Press(Button.ITEM, DONE)])
    app.press([Press(Button.ITEM, START)])
    tick(app)
    assert app.stack.top is app.base and app.base.autoplay.running


def run_autoplay(app: App) -> StopReason | None:
    run_until(app, lambda: not app.base.autoplay.running and app.idle)
    return app.base.autoplay.stop_reason


def up(row: int, times: int = 1) -> tuple[int, ...]:
    return (STEP_BASE + 2 * row + 1,) * times


def test_the_rounds_run_through_the_normal_path_until_done(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, [])
    credits = app.session.credits
    start_autoplay(app, rounds=10)
    assert run_autoplay(app) is StopReason.ROUNDS_DONE
    assert app.session.rounds == 10 and app.session.credits == credits - 10 * 100  # ten charged losses
    assert [r.request.kind for r in app.session.history] == ["spin"] * 10
    assert app.ctx.hud.status == "AUTOPLAY FINISHED"
    tick(app, 300)
    assert app.session.rounds == 10


def test_stop_on_any_win(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, ["lose", "lose", "small", "lose"])
    start_autoplay(app, rounds=25, presses=(TOGGLE_ANY_WIN,))
    assert app.base.autoplay.settings.stop_on_any_win
    assert run_autoplay(app) is StopReason.ANY_WIN
    assert app.session.rounds == 3 and app.ctx.hud.status == "AUTOPLAY STOPPED: A WIN"


def test_stop_if_free_spins_are_won(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, ["small", "lose", "feature", "lose"])
    start_autoplay(app, rounds=25, presses=(TOGGLE_FEATURE,))
    assert run_autoplay(app) is StopReason.FEATURE
    assert app.session.rounds == 3 and app.session.current.features == ("free_spins",)


def test_stop_if_a_single_win_exceeds_the_amount(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, ["small", "lose", "big", "lose"])
    start_autoplay(app, rounds=25, presses=up(SINGLE_WIN, 3))  # OFF -> 1.00 -> 2.00 -> 5.00
    assert app.base.autoplay.settings.stop_on_single_win == 500
    assert run_autoplay(app) is StopReason.SINGLE_WIN
    assert app.session.rounds == 3 and app.session.current.total_win >= 500


def test_stop_if_the_balance_increases_by_the_amount(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, ["lose", "small", "big", "lose"])
    start = app.session.credits
    start_autoplay(app, rounds=25, presses=up(BALANCE_UP, 2))  # 2.00
    assert run_autoplay(app) is StopReason.BALANCE_UP
    assert app.session.rounds == 3 and app.session.credits - start >= 200


def test_stop_if_the_balance_decreases_by_the_amount(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, ["lose", "small", "lose", "lose", "lose"])
    start = app.session.credits
    start_autoplay(app, rounds=25, presses=up(BALANCE_DOWN, 2))  # 2.00
    assert run_autoplay(app) is StopReason.BALANCE_DOWN
    assert start - app.session.credits >= 200 and app.session.rounds == 3  # -1.00, -1.00 + a small win, -1.00


def test_reset_restores_every_stop(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, [])
    app.press([Press(Button.AUTOPLAY), Press(Button.ITEM, ADVANCED), Press(Button.ITEM, TOGGLE_ANY_WIN),
               Press(Button.ITEM, TOGGLE_FEATURE), *(Press(Button.ITEM, i) for i in up(BALANCE_DOWN, 4))])
    assert app.base.autoplay.settings.stop_on_balance_down == 1000
    app.press([Press(Button.ITEM, i) for i in up(SINGLE_WIN, 2)])
    panel = app.stack.top
    assert isinstance(panel, AutoplayScene)  # a win EQUAL to the amount stops it too: not "over"
    assert panel.stops_summary() == "STOPS: ANY WIN, FREE SPINS, WIN €2.00 OR MORE, BALANCE -€10.00"
    app.press([Press(Button.ITEM, RESET)])
    assert app.base.autoplay.settings == AutoplaySettings()
    assert panel.stops_summary() == "STOPS: NONE"


def test_any_button_press_stops_autoplay(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, [])
    start_autoplay(app, rounds=25)
    run_until(app, lambda: app.session.rounds == 2 and app.base.in_round)
    bet = app.session.bet
    app.press([Press(Button.BET_PLUS)])  # stops autoplay; the press does nothing else
    assert not app.base.autoplay.running and app.base.autoplay.stop_reason is StopReason.BUTTON
    assert app.session.bet == bet and app.ctx.hud.status == "AUTOPLAY STOPPED"
    run_until(app, lambda: app.idle)
    tick(app, 300)
    assert app.session.rounds == 2  # the round in play finished; no other started
    start_autoplay(app, rounds=10)
    run_until(app, lambda: app.session.rounds == 3)
    app.press([Press(Button.TAP, pos=(2, 2))])  # a touch anywhere counts too
    assert not app.base.autoplay.running


def test_a_change_during_a_round_applies_when_it_ends(game, seeds) -> None:  # noqa: ANN001
    app = forced_app(game, seeds, ["small", "small", "lose"])
    app.press([Press(Button.SPIN)])  # a round by hand
    tick(app, 5)
    assert app.base.in_round
    app.press([Press(Button.AUTOPLAY)])  # the panel opens over the round (which waits under it)
    panel = app.stack.top
    assert isinstance(panel, AutoplayScene)
    app.press([Press(Button.ITEM, ADVANCED), Press(Button.ITEM, TOGGLE_ANY_WIN)])
    driver = app.base.autoplay
    assert not driver.settings.stop_on_any_win and driver.pending == AutoplaySettings(stop_on_any_win=True)
    assert panel.note == "CHANGES APPLY WHEN THIS ROUND ENDS" and driver.chosen.stop_on_any_win  # shown as chosen
    app.press([Press(Button.ITEM, START)])  # not on the advanced page: START is the DONE row there
    app.press([Press(Button.ITEM, DONE), Press(Button.ITEM, START)])
    assert panel.note == "AUTOPLAY CAN START WHEN THIS ROUND ENDS" and not driver.running
    app.press([Press(Button.CLOSE)])
    tick(app)
    run_until(app, lambda: app.idle)
    assert driver.settings.stop_on_any_win and driver.pending is None  # in force once the round ended
    start_autoplay(app, rounds=10)
    assert run_autoplay(app) is StopReason.ANY_WIN and app.session.rounds == 2  # the new setting stops it


def test_settings_return_to_defaults_after_a_restart(game, seeds) -> None:  # noqa: ANN001
    first = forced_app(game, seeds, [])
    first.press([Press(Button.AUTOPLAY), Press(Button.ITEM, 4), Press(Button.ITEM, ADVANCED),
                 Press(Button.ITEM, TOGGLE_ANY_WIN)])
    assert first.base.autoplay.settings == AutoplaySettings(rounds=250, stop_on_any_win=True)
    second = forced_app(game, seeds, [])  # the cabinet started again
    assert second.base.autoplay.settings == AutoplaySettings() and not second.base.autoplay.running


@pytest.mark.parametrize("name", ["classic", "retro-reels-diamond-glitz", "happy-riches"])
def test_every_game_has_the_autoplay_panel(name: str) -> None:
    app = App(load_game(name), AppOptions(size=SMALL, headless=True, seed=4))
    app.start()
    app.press([Press(Button.AUTOPLAY)])
    assert isinstance(app.stack.top, AutoplayScene)
    app.press([Press(Button.CONFIRM)])  # the cursor starts on the rounds row: CONFIRM starts 10 rounds
    tick(app, 2)
    assert app.base.autoplay.running and app.session.rounds == 1 and app.base.autoplay.rounds_left == 9
