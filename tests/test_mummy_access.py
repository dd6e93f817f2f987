"""The mummy access block: mummies move to a panel whose weighted door opens a minigame.

Hand-built games with scripted draws: the panel's events, the door's one weighted draw,
the minigame nested behind an open door (and never on its own), and the exact door rate
against brute force over every base stop.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction
from itertools import product

import pygame
import pytest
from screen_helpers import frame, run_until, scenario_app

from cabinet.core.bet import Bet
from cabinet.core.boards import BoardOpened
from cabinet.core.definition import Definition
from cabinet.core.evaluate import screen_from_stops
from cabinet.core.events import FeatureTriggered
from cabinet.core.features import ParContext, block
from cabinet.core.features import mummy_access as ma
from cabinet.core.loader import DefinitionError, load_definition_text
from cabinet.core.round import RoundRequest, events_total, play_round
from cabinet.core.value import Estimate, Exact
from cabinet.presentation.mechanics.panel_door.view import MummyPanel

BET = Bet(1, 1, 10)

GAME = """
format: 1
id: toy-mummy
name: Toy mummy
grid: {reels: 3, rows: 1}
symbols:
  - {id: A}
  - {id: MUMMY, kind: bonus}
  - {id: BLANK, kind: blank}
  - {id: PUMPKIN, kind: bonus}
  - {id: GHOST, kind: bonus, prizes: [{value: 1}, {value: 2}]}
reels:
  base: ["A MUMMY", "A MUMMY A", "A A MUMMY A"]
lines: [[0, 0, 0]]
pays: {A: {3: 1}}
bet: {currency: EUR, minor_units: 2, coin_values: ["0.10"]}
features:
  - type: mummy_access
    name: panel
    symbol: MUMMY
    minigame: ghosts
    panel:
      - {mummies: 1, open: 1, shut: 3}
      - {mummies: 2, open: 1, shut: 1}
      - {mummies: 3, open: 1, shut: 0}
  - type: hold_and_respin
    name: ghosts
    opened_by: panel
    trigger_symbols: {MUMMY: 1}
    trigger_counts: {1: 1}
    respins: 1
    start: [{symbol: PUMPKIN, reel: 2}, {symbol: GHOST}]
    boards:
      - {name: G, reels: 3, rows: 1, reel_strips: ["BLANK GHOST", "BLANK PUMPKIN", "BLANK GHOST"]}
    cells:
      - {symbol: PUMPKIN, resets_respins: true, collects_reels: [1, 3]}
      - {symbol: GHOST, hold: false, resets_respins: true}
"""


def game() -> Definition:
    return load_definition_text(GAME)


def of(result, kind: str) -> list:  # type: ignore[no-untyped-def]
    return [e for e in result.events if e.kind == kind]


def test_a_mummy_moves_to_the_panel_and_a_shut_door_opens_nothing() -> None:
    # one MUMMY (reel 1); the door draws below(1 + 3): 3 is "shut"
    result = play_round(game(), RoundRequest(BET, 0, script=(1, 0, 0, 3)))
    moved = of(result, "mummies_moved")
    assert [(e.positions, e.mummies, e.open, e.shut) for e in moved] == [(((0, 0),), 1, 1, 3)]
    assert [(e.opened, e.minigame) for e in of(result, "door_drawn")] == [(False, "ghosts")]
    assert not [e for e in result.events if isinstance(e, BoardOpened)]
    assert result.features == ("panel",)
    assert result.total_win == events_total(result.events)


def test_an_open_door_plays_the_minigame_nested() -> None:
    # two MUMMY (reels 1, 2): weights 1 : 1, 0 opens; the minigame's draws follow
    result = play_round(game(), RoundRequest(BET, 7, script=(1, 1, 0, 0)))
    assert [e.opened for e in of(result, "door_drawn")] == [True]
    triggered = [e.feature for e in result.events if isinstance(e, FeatureTriggered)]
    assert triggered == ["panel", "ghosts"]
    assert of(result, "board_opened")
    assert set(result.features) == {"panel", "ghosts"}
    assert result.feature_wins["ghosts"] > 0  # the starting ghost is collected and paid at the end
    assert result.total_win == events_total(result.events)


def test_three_mummies_always_open_without_a_draw() -> None:
    # three MUMMY; the 3-step has shut 0: no door draw, so the next value feeds the minigame
    result = play_round(game(), RoundRequest(BET, 3, script=(1, 1, 2)))
    assert [e.mummies for e in of(result, "mummies_moved")] == [3]
    assert [e.opened for e in of(result, "door_drawn")] == [True]
    assert "ghosts" in result.features


def test_the_minigame_never_triggers_on_its_own() -> None:
    defn = game()
    ghosts = block("hold_and_respin")
    assert ghosts.modes(defn.features[1]) == frozenset()
    assert ghosts.par(ParContext(defn, defn.features[1], BET)) is None


def test_no_mummy_no_panel() -> None:
    result = play_round(game(), RoundRequest(BET, 0, script=(0, 0, 0)))
    assert not of(result, "mummies_moved") and result.features == ()


def test_door_rate_is_exact_against_brute_force() -> None:
    defn = game()
    f = defn.features[0]
    strips = defn.reels["base"]
    opens = Fraction(0)
    combos = 0
    for stops in product(*(range(len(s)) for s in strips)):
        combos += 1
        count = sum(1 for column in screen_from_stops(defn, "base", stops) for s in column if s == "MUMMY")
        opens += {0: Fraction(0), 1: Fraction(1, 4), 2: Fraction(1, 2), 3: Fraction(1)}[count]
    shows, rate = ma.door_rate(defn, f)
    assert rate == opens / combos
    assert shows == 1 - Fraction(1, 2) * Fraction(2, 3) * Fraction(3, 4)


def test_par_is_the_exact_door_rate_times_the_exact_minigame_value() -> None:
    defn = game()
    part = block("mummy_access").par(ParContext(defn, defn.features[0], BET, samples=400, seed=5))
    assert part is not None
    # the collector chain: the starting ghost (1.5x) and, while a ghost lands on reel 1 or 3
    # (3/4 a respin: four respins on average), 2 x 1/2 x 1.5x = 1.5x a respin: 1.5 + 4 x 1.5
    assert part.figures["minigame_value_x_bet"] == Exact(Fraction(15, 2))
    assert part.rtp == Exact(Fraction(15, 2) * part.figures["trigger_rate"].value)  # type: ignore[union-attr]


def test_a_minigame_with_no_exact_value_is_estimated_from_its_runs() -> None:
    # a ghost that holds (then is collected and cleared as before) is outside the collector chain
    defn = load_definition_text(GAME.replace("{symbol: GHOST, hold: false, resets_respins: true}",
                                             "{symbol: GHOST, resets_respins: true}"))
    part = block("mummy_access").par(ParContext(defn, defn.features[0], BET, samples=400, seed=5))
    assert part is not None
    value = part.figures["minigame_value_x_bet"]
    assert isinstance(value, Estimate) and value.samples == 400
    assert isinstance(part.rtp, Estimate)
    assert part.rtp.mean_value == value.mean_value * part.figures["trigger_rate"].value  # type: ignore[union-attr]
    lo, hi = value.ci95
    assert lo < 7.5 < hi  # it plays as the exact game above


def test_check_refuses_a_minigame_that_does_not_name_the_panel() -> None:
    with pytest.raises(DefinitionError, match="opened_by"):
        load_definition_text(GAME.replace("    opened_by: panel\n", "").replace(
            "trigger_counts: {1: 1}", "trigger_counts: {3: 1}"))
    with pytest.raises(DefinitionError, match="no feature is named"):
        load_definition_text(GAME.replace("minigame: ghosts", "minigame: ghost"))


def test_the_module_docstring_example_loads() -> None:
    snippet = textwrap.dedent((ma.__doc__ or "").split("::\n\n")[1].split("\n\n")[0])
    minigame = "  - type: hold_and_respin" + GAME.split("  - type: hold_and_respin")[1]
    text = GAME.split("features:")[0] + snippet + "\n" + minigame.replace("opened_by: panel", "opened_by: mummy_panel")
    defn = load_definition_text(text)
    assert [f.type for f in defn.features] == ["panel_door", "hold_and_respin"]  # read under its former name
    for seed in range(20):
        result = play_round(defn, RoundRequest(BET, seed))
        assert result.total_win == events_total(result.events)


# -- on screen: the panel and its door ---------------------------------------------------------------


def test_the_mummy_panel_fills_and_opens_its_door(halloween) -> None:  # noqa: ANN001
    app = scenario_app(halloween, "mummy access into a big collect")
    run_until(app, lambda: (p := app.stack.find(MummyPanel)) is not None and p.door == "open")
    panel = app.stack.find(MummyPanel)
    assert panel.mummies >= 1 and panel.chance.startswith("1 IN")
    box = panel.box()
    shot = frame(app)
    assert shot.get_at((box.x + 1, box.centery))[:3] != (0, 0, 0)  # the panel is drawn beside the reels
    assert not box.colliderect(pygame.Rect(*app.ctx.layout.reel_window))
