"""The screen-state reducer: the one account of what the screen shows during a round,
used by live play and by recovery alike.

The unit tests apply hand-made event lists. The long test plays 1,000 recorded rounds of
each shipped game (plus every scenario, so free spins, retriggers and paid respins are
in) through a headless base game and, at every step the round player reports to the
session, compares what is on screen (the reels, the WIN meter, the free-spins counter)
with a reducer fed the same events on its own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar

import pytest

from cabinet.app import App, AppOptions
from cabinet.core.events import (
    Event,
    FeatureEnded,
    FeatureStarted,
    FeatureTriggered,
    LineWin,
    ReelsStopped,
    RoundEnded,
    RoundStarted,
    ScatterWin,
    ScreenChanged,
    SpinEnded,
    SpinsAdded,
    SpinStarted,
    WinCapped,
)
from cabinet.core.features.multiplier_wilds import WinMultiplied
from cabinet.core.features.progress_levels import LevelReached, ProgressAdvanced, StickyReelAdded
from cabinet.core.loader import load_game
from cabinet.core.rng import derive_seed
from cabinet.machine.session import RESUME_KINDS
from cabinet.presentation import presenters
from cabinet.presentation.mechanics import presenter_table
from cabinet.presentation.mechanics.free_spins import presenter as free_spins_presenter
from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
from cabinet.presentation.scenes import base as base_scene
from cabinet.presentation.screen_state import (
    FreeSpinsCounter,
    ScreenState,
    WinCount,
    feature_presenters,
    shown_at,
)

GAMES = ("classic", "happy-riches", "retro-reels-diamond-glitz", "canyon-gold", "candy-peaks", "explorers-codex",
         "temple-of-storms", "coral-cascade")
ROUNDS = 1000
MASTER_SEED = 2  # searched: its first 1,000 rounds of Happy Riches (no retrigger scenario) retrigger once
FRAME = 0.5  # seconds per update: every animation still ends on the core's values, just sooner

SCREEN_A = (("A", "B", "C"), ("D", "E", "F"), ("G", "H", "I"))
SCREEN_B = (("J", "K", "L"), ("M", "N", "O"), ("P", "Q", "R"))


def line_win(amount: int, positions: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (2, 0))) -> LineWin:
    return LineWin(0, "A", len(positions), positions, "ltr", Fraction(amount), 1, amount)


def base_spin(*events: Event, win: int = 0, screen: tuple[tuple[str, ...], ...] = SCREEN_A) -> list[Event]:
    return [RoundStarted("toy", 100, 3, 1, 1, 7), SpinStarted("base", "base"),
            ReelsStopped("base", (4, 5, 6), screen), *events, SpinEnded("base", win)]


# -- apply, event by event -----------------------------------------------------------------------


def test_a_fresh_state_knows_nothing_of_the_reels() -> None:
    state = ScreenState()
    assert (state.reel_set, state.stops, state.screen, state.hud_win, state.free) == (None, None, None, 0, None)
    assert shown_at([], 0) == state


def test_a_winning_base_spin_lands_counts_and_keeps_its_wins() -> None:
    win = line_win(40)
    events = [*base_spin(win, win=40), RoundEnded(40, 100)]
    state = ScreenState()
    state.apply(events[0])
    state.apply(events[1])
    assert state.spinning and state.reel_set == "base" and state.stops is None
    state.apply(events[2])
    assert not state.spinning and state.stops == (4, 5, 6)
    assert state.landed == state.screen == [list(column) for column in SCREEN_A]
    state.apply(events[3])
    assert state.spin_wins == [win] and state.hud_win == 0 and state.count is None
    state.apply(events[4])  # the base spin's own presentation counts the meter up from 0
    assert state.count == WinCount((win,), 40, 0)
    assert (state.meter, state.hud_win, state.base_presented) == (40, 40, True)
    state.apply(events[5])
    assert state.count is None and state.hud_win == 40
    assert shown_at(events, len(events)) == state


def test_a_losing_spin_leaves_the_meter_at_zero_and_counts_nothing() -> None:
    state = shown_at(base_spin(), 4)
    assert (state.hud_win, state.meter, state.count, state.base_presented) == (0, 0, None, True)


def test_free_spins_count_played_retriggers_top_ups_and_the_feature_total() -> None:
    trigger = FeatureTriggered("free_spins", "S", 3, ((0, 0), (1, 1), (2, 2)), 10)
    scatter = ScatterWin("S", 3, ((0, 0), (1, 1), (2, 2)), Fraction(2), 1, 200)
    events = [
        RoundStarted("toy", 100, 3, 1, 1, 7), SpinStarted("base", "base"), ReelsStopped("base", (1, 2, 3), SCREEN_A),
        scatter, trigger, FeatureStarted("free_spins", 10, 2),
        SpinStarted("free", "free", 1, 9, 2), ReelsStopped("free", (7, 8, 9), SCREEN_B), line_win(60),
        FeatureTriggered("free_spins", "S", 3, ((0, 1), (1, 1), (2, 1)), 10, retrigger=True),
        SpinEnded("free", 60, 60),
        SpinsAdded("free_spins", 5, "top_up", 60),
        SpinStarted("free", "free", 2, 23, 2), ReelsStopped("free", (0, 0, 0), SCREEN_A), SpinEnded("free", 0, 60),
        FeatureEnded("free_spins", 60, 2), SpinEnded("base", 200), RoundEnded(260, 100),
    ]
    after = [shown_at(events, step) for step in range(len(events) + 1)]
    assert after[5].count == WinCount((scatter, trigger), 200, 0) and after[5].hud_win == 200
    assert after[6].free == FreeSpinsCounter(total_spins=10, multiplier=2)
    assert after[7].free == FreeSpinsCounter(10, 2, played=1) and after[7].spin_wins == []
    assert after[10].free is not None and after[10].free.total_spins == 20  # the retrigger's 10
    assert after[11].count == WinCount((line_win(60),), 60, 200)
    assert (after[11].hud_win, after[11].free) == (260, FreeSpinsCounter(20, 2, played=1, total_win=60))
    assert after[12].free is not None and after[12].free.total_spins == 25  # the top-up's 5
    assert after[13].free == FreeSpinsCounter(25, 2, played=2, total_win=60)
    assert after[15].count is None and after[15].hud_win == 260  # a free spin without wins counts nothing
    assert after[16].free is None and after[16].reel_set == "free"
    assert after[17].meter == 260 and after[17].count is None  # the trigger already showed the base wins
    assert after[18].hud_win == 260


def test_only_free_spins_put_up_the_free_spins_counter() -> None:
    """A wheel inside free spins has a HUD entry of its own; its end leaves the counter up."""
    presenters = {"free_spins": "free_spins", "wheel": "wheel"}
    state = ScreenState(presenters=presenters).apply_all([
        FeatureStarted("free_spins", 10, 1), SpinStarted("free", "free", 1, 9),
        FeatureStarted("wheel", 1),
    ])
    assert state.free == FreeSpinsCounter(10, 1, played=1) and state.features["wheel"].running
    state.apply(FeatureEnded("wheel", 500, 1))
    assert state.free is not None and state.features["wheel"].total == 500 and not state.features["wheel"].running
    alone = ScreenState(presenters=presenters).apply_all([FeatureStarted("wheel", 1)])
    assert alone.free is None
    assert shown_at([FeatureStarted("wheel", 1)], 1).free is not None  # unnamed features: free spins, as before
    classic = feature_presenters(load_game("classic"))
    assert classic == {"free_spins": "free_spins"}


def test_a_second_trigger_shows_only_itself_and_counts_no_win_twice() -> None:
    first = FeatureTriggered("free_spins", "S", 3, ((0, 0), (1, 1), (2, 2)), 10)
    second = FeatureTriggered("wheel", "B", 3, ((0, 2), (1, 2), (2, 2)), 1)
    state = shown_at(base_spin(line_win(30), first, FeatureStarted("free_spins", 10, 1),
                               FeatureEnded("free_spins", 0, 10), second), 8)
    assert state.count == WinCount((second,), 0, 30) and (state.meter, state.hud_win) == (30, 30)


def test_a_screen_change_lays_symbols_over_the_reels_until_their_reel_spins_again() -> None:
    expanded = (("A", "B", "C"), ("W", "W", "W"), ("G", "H", "I"))
    events = base_spin(ScreenChanged("expanding_wild", "expand", ((1, 0), (1, 1), (1, 2)), "W", expanded))
    state = shown_at(events, 4)
    assert state.landed == [list(column) for column in SCREEN_A]  # the reels themselves did not move
    assert state.screen == [list(column) for column in expanded]  # what the player sees, and wins light up
    assert state.changed == {(1, 0): "W", (1, 1): "W", (1, 2): "W"}
    state.apply(SpinStarted("base", "base"))
    assert state.changed == {} and state.screen == [list(column) for column in expanded]  # until the landing
    state.apply(ReelsStopped("base", (1, 1, 1), SCREEN_B))
    assert state.screen == [list(column) for column in SCREEN_B]


def test_held_and_sticky_reels_keep_their_changed_symbols_while_the_others_spin() -> None:
    held = (("X", "X", "X"), ("D", "E", "F"), ("Y", "Y", "Y"))
    state = shown_at(base_spin(ScreenChanged("hold", "held", ((0, 0), (0, 1), (0, 2), (2, 2)), "X",
                                             (("X", "X", "X"), ("D", "E", "F"), ("G", "H", "X")))), 4)
    state.apply(StickyReelAdded("free_spins", 2))
    state.apply(SpinStarted("respin", "base", spinning_reels=(1, 2)))  # reel 1 is held, reel 3 sticky
    assert state.changed == {(0, 0): "X", (0, 1): "X", (0, 2): "X", (2, 2): "X"}
    state.apply(ReelsStopped("base", (4, 9, 6), SCREEN_A))
    assert state.screen == [["X", "X", "X"], ["D", "E", "F"], ["G", "H", "X"]]  # the layer over the new landing
    state.apply(ScreenChanged("hold", "held", ((2, 0), (2, 1), (2, 2)), "Y", held))
    assert state.screen == [list(column) for column in held]
    assert state.changed[(2, 0)] == "Y" and state.landed == [list(column) for column in SCREEN_A]


def test_stage_events_fill_each_features_hud() -> None:
    state = ScreenState().apply_all([
        ProgressAdvanced("free_spins", 3, 3, ((0, 1),)),
        LevelReached("free_spins", 1, "multiplier", 2, 3),
        ProgressAdvanced("free_spins", 5, 2, ((4, 0), (4, 1))),
        LevelReached("free_spins", 2, "sticky_reel", 4, 0),
        StickyReelAdded("free_spins", 4),
        StickyReelAdded("free_spins", 4),  # sticky already: once on the HUD
        WinMultiplied("multiplier_wild", 5, ((2, 1),), 2, 300),
        WinCapped("free_spins", 10_000, 50),
    ])
    hud = state.features["free_spins"]
    assert (hud.points, hud.level, hud.unlocked, hud.multiplier, hud.sticky_reels) == (
        5, 2, ("multiplier", "sticky_reel"), 2, (4,))
    assert state.features["multiplier_wild"].spin_multiplier == 5 and state.capped
    state.apply(SpinStarted("free", "free", 2, 3, 1))
    assert state.features["multiplier_wild"].spin_multiplier == 1  # each spin draws its own


@dataclass(frozen=True)
class CellLit(Event):
    """A board event this reducer has no rule for (defined here, as a new block would)."""

    kind: ClassVar[str] = "test_cell_lit"
    board: int
    reel: int
    row: int
    value: int


@dataclass(frozen=True)
class BoardCount(Event):
    kind: ClassVar[str] = "test_board_count"
    board: int
    respins: int


@dataclass(frozen=True)
class Mystery(Event):
    kind: ClassVar[str] = "test_mystery"
    note: str


def test_unknown_board_events_are_kept_per_board_and_other_unknown_events_change_nothing() -> None:
    state = shown_at(base_spin(line_win(5), win=5), 5)
    before = replace(state, changed=dict(state.changed), spin_wins=list(state.spin_wins), count=None)
    state.apply(Mystery("a kind nobody knows"))
    assert state == before  # nothing changed (and, like any event that counts nothing, no count-up)
    state.apply(CellLit(board=2, reel=0, row=1, value=50))
    state.apply(CellLit(board=2, reel=0, row=1, value=75))
    state.apply(CellLit(board=0, reel=4, row=2, value=10))
    state.apply(BoardCount(board=2, respins=3))
    assert state.boards == {
        2: {"last_kind": "test_board_count", "cells": {(0, 1): {"value": 75}}, "respins": 3},
        0: {"last_kind": "test_cell_lit", "cells": {(4, 2): {"value": 10}}},
    }
    assert (state.stops, state.hud_win, state.reel_set) == (before.stops, before.hud_win, before.reel_set)


def test_presenters_come_from_the_games_blocks_and_wins_are_left_to_the_state() -> None:
    """The pipeline animates its own kinds; a feature's events go to its block's mechanic; the
    rest (wins, a block's new kind) only change the state."""
    assert {"spin_started", "reels_stopped", "feature_triggered", "spin_ended", "round_ended", "win_capped",
            "screen_changed"} <= set(presenters.PIPELINE)
    table = presenter_table(load_game("classic"))
    assert table.presenter(LineWin(0, "A", 3, ((0, 0),), "ltr", Fraction(5), 1, 5)) is None
    assert table.presenter(FeatureStarted("free_spins", 10)) is free_spins_presenter.intro
    assert table.presenter(FeatureStarted("no_such_feature", 10)) is None  # no block: the state alone


# -- live play against the reducer ------------------------------------------------------------------


def live_view(app: App, state: ScreenState) -> tuple[Any, ...]:
    """What is on screen, in the reducer's terms (parts the reducer does not know yet are left out)."""
    base = app.base
    reels = base.reels
    free = app.stack.find(FreeSpinsScene)
    counter = (free.played, free.total_spins, free.multiplier, free.total_win) if free is not None else None
    landed = None
    if state.stops is not None and not reels.spinning:
        landed = (reels.stops, reels.visible(app.defn.grid.rows), base.screen)
    return (base.reel_set if state.reel_set is not None else None, reels.spinning, landed, app.ctx.hud.win, counter)


def reducer_view(state: ScreenState) -> tuple[Any, ...]:
    free = state.free
    counter = (free.played, free.total_spins, free.multiplier, free.total_win) if free is not None else None
    landed = (state.stops, state.landed, state.screen) if state.stops is not None and not state.spinning else None
    return (state.reel_set, state.spinning, landed, state.hud_win, counter)


class Compare:
    """A session observer: at every step the screen reports, the screen against the reducer."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.presenters = feature_presenters(app.defn)
        self.state = ScreenState(presenters=self.presenters)
        self.applied = 0
        self.steps = 0
        self.kinds: set[str] = set()
        self.round_types: set[str] = set()
        self.retriggers = 0

    def round_begun(self, session: object, result: Any, credits_before: int) -> None:
        self.state, self.applied = ScreenState(presenters=self.presenters), 0
        self.round_types.add(result.request.kind)

    def round_finished(self, *args: object) -> None:
        pass

    def progress(self, session: Any, step: int) -> None:
        events = session.current.events
        for event in events[self.applied:step]:  # the test's own reducer, fed the same events
            self.state.apply(event)
            self.kinds.add(event.kind)
            self.retriggers += isinstance(event, FeatureTriggered) and event.retrigger
        self.applied = step
        self.steps += 1
        where = f"{self.app.defn.id} seed {session.current.request.seed} step {step} ({events[step - 1].kind})"
        assert live_view(self.app, self.state) == reducer_view(self.state), where
        if events[step - 1].kind in RESUME_KINDS:  # recovery's account of the same step
            assert shown_at(events, step, presenters=self.presenters) == self.state, where


def play_to_the_end(app: App) -> None:
    for _ in range(5000):
        if not app.base.in_round:
            return
        app.stack.update(FRAME)
    raise AssertionError("the round did not finish")


@pytest.mark.parametrize("game", GAMES)
def test_live_play_shows_what_the_reducer_says_after_every_event(game: str,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    defn = load_game(game)
    app = App(defn, AppOptions(size=(640, 360), seed=MASTER_SEED, headless=True, start_credits=10**12))
    app.start()
    session = app.session
    assert session.seed_for(0) == derive_seed(MASTER_SEED, 0)  # the rounds are the recorded seeds
    compare = Compare(app)
    session.observers.append(compare)

    presented_meters: list[tuple[int, int]] = []
    real_show_state = base_scene.show_state

    def show_state_checked(play: presenters.Playback) -> None:
        """Before the meters are put on screen from the state: a count-up the presenter ran ends
        on the state's meter by itself, and the counter's spins agree."""
        if play.state.count is not None:
            presented_meters.append((app.ctx.hud.win, play.state.hud_win))
        if play.free is not None and play.state.free is not None:
            assert play.free.total_spins == play.state.free.total_spins
        real_show_state(play)

    monkeypatch.setattr(base_scene, "show_state", show_state_checked)

    every = ROUNDS // (len(defn.scenarios) + 1)
    scenarios = {every * (k + 1): scenario for k, scenario in enumerate(defn.scenarios)}  # spread over the run
    for index in range(ROUNDS):
        scenario = scenarios.pop(index, None)
        if scenario is not None:
            assert app.base.start_round(script=scenario.script)
            play_to_the_end(app)
            if scenario.respin_reel and session.offer is not None:
                assert app.base.start_round(respin=scenario.respin_reel - 1, script=scenario.respin_script)
                play_to_the_end(app)
        elif index % 97 == 5 and session.offer is not None and session.offer[2] is not None:
            assert app.base.start_round(respin=2)  # a paid respin: one reel moves, the others are held
            play_to_the_end(app)
        assert app.base.start_round()
        play_to_the_end(app)

    assert not scenarios
    assert session.rounds >= ROUNDS and compare.steps > 5 * ROUNDS
    assert {"feature_triggered", "feature_started", "feature_ended", "spin_ended"} <= compare.kinds
    assert compare.kinds & {"line_win", "ways_win", "anywhere_win", "cluster_win"}  # what the game's pay model pays
    assert compare.retriggers > 0  # a scenario's free spins retrigger
    assert presented_meters and all(shown == state for shown, state in presented_meters)
    if defn.feature("paid_respin") is not None:
        assert compare.round_types == {"spin", "respin"}
