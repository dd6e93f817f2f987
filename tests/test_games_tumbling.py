"""The two shipped tumble games: Temple of Storms (games/temple-of-storms.yaml, 6x5 pay anywhere
with multiplier symbols and free spins whose multipliers add up) and Coral Cascade
(games/coral-cascade.yaml, 7x7 clusters with cell multipliers kept through free spins). Their
par is an estimate: simulated rounds hold the published RTP within 4 standard errors; their
strips keep the promises of their design notes, their scenarios play what they say, and their
words come from their definitions."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from cabinet.assets import build
from cabinet.assets.symbols import SHAPES
from cabinet.assets.themes import THEMES
from cabinet.core.bet import default_bet
from cabinet.core.definition import Definition
from cabinet.core.events import FeatureTriggered
from cabinet.core.features.tumble import CellMultiplierWin, SequenceMultiplied, TumbleStep
from cabinet.core.loader import load_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import simulate

SPRITES = Path(__file__).resolve().parent.parent / "sprites"
GAMES = ("temple-of-storms", "coral-cascade")
# each game's theme and the shapes drawn for it (cabinet/assets/symbols_storm.py, symbols_reef.py)
THEME_SHAPES = {
    "temple-of-storms": ("storm", ("crown", "chalice", "hourglass", "signet_ring", "thunderbolt", "storm_orb")),
    "coral-cascade": ("reef", ("crab", "pufferfish", "jellyfish", "starfish", "sea_glass", "clam")),
}
SIM_ROUNDS = 300_000  # in lockstep: a few seconds a game
REEF_CHAIN, REEF_MULTIPLIER = 5, 18  # what Coral Cascade's scenario descriptions say


def _defn(game: str) -> Definition:
    return load_game(game)


def _scenario(defn: Definition, name: str) -> Any:
    return next(s for s in defn.scenarios if s.name == name)


def _play(defn: Definition, script: tuple[int, ...], seed: int = 1) -> Any:
    return play_round(defn, RoundRequest(bet=default_bet(defn), seed=seed, script=script))


def _published(defn: Definition) -> Fraction:
    return Fraction(defn.rtp)


@pytest.mark.parametrize("game", GAMES)
def test_simulate_holds_the_published_rtp_within_4_standard_errors(game: str) -> None:
    defn = _defn(game)
    report = simulate(defn, SIM_ROUNDS, 32)
    assert report.tally.scalar_rounds == 0  # every round in lockstep: the tumble games stay fast
    se = report.standard_error
    assert abs(float(report.rtp - _published(defn))) < 4 * se, (float(report.rtp), se)


@pytest.mark.parametrize("game", GAMES)
def test_the_header_and_the_rules_quote_the_published_rtp_as_an_estimate(game: str) -> None:
    defn = _defn(game)
    text = (Path(__file__).resolve().parent.parent / "games" / f"{game}.yaml").read_text()
    published = f"{float(_published(defn)) * 100:.2f}%"
    assert f'rtp: "{published}"' in text
    precision = f"{float(defn.par_precision) * 100:g}%"
    assert f"RTP) of {defn.name} is {published}, an estimate within {precision} either side." in defn.rules[-1]
    assert f"#   total {published} (estimate: 95% " in text, "the header's math notes quote par's estimate"


def test_temple_of_storms_is_a_6x5_anywhere_game_with_orbs_that_add_up_in_free_spins() -> None:
    defn = _defn("temple-of-storms")
    assert (defn.grid.reels, defn.grid.rows, defn.pay_model.type, defn.theme) == (6, 5, "anywhere", "storm")
    tumble = next(f for f in defn.features if f.type == "tumble")
    assert tumble.multiplier_symbols.symbol == "ORB" and tumble.multiplier_symbols.accumulate_in_free_spins
    assert tumble.scatters_count == "every_screen"
    free = next(f for f in defn.features if f.type == "free_spins")
    assert (free.trigger_symbol, min(free.awards), free.max_win_x_bet) == ("BOLT", 4, 5000)


def test_coral_cascade_is_a_7x7_cluster_game_whose_cells_remember_through_free_spins() -> None:
    defn = _defn("coral-cascade")
    assert (defn.grid.reels, defn.grid.rows, defn.pay_model.type, defn.theme) == (7, 7, "cluster", "reef")
    cells = next(f for f in defn.features if f.type == "tumble").cell_multipliers
    assert (cells.first, cells.cap, cells.keep_through_free_spins) == (2, 128, True)
    free = next(f for f in defn.features if f.type == "free_spins")
    assert (free.trigger_symbol, min(free.awards), free.max_win_x_bet) == ("CLAM", 4, 5000)
    assert min(min(pays) for sid, pays in defn.pays.items() if sid != "CLAM") == 5  # clusters of 5 or more


@pytest.mark.parametrize(("game", "specials", "rows"), [("temple-of-storms", {"BOLT", "ORB"}, 5),
                                                        ("coral-cascade", {"CLAM"}, 7)])
def test_a_window_never_shows_two_specials_of_one_reel(game: str, specials: set[str], rows: int) -> None:
    """The design notes: BOLT and ORB at least five stops apart (one a window), one CLAM a reel."""
    defn = _defn(game)
    for name, strips in defn.reels.items():
        for strip in strips:
            for stop in range(len(strip)):
                window = [strip[(stop + k) % len(strip)] for k in range(rows)]
                assert sum(s in specials for s in window) <= 1, (name, stop)


def test_temple_of_storms_scenarios_play_what_they_say() -> None:
    defn = _defn("temple-of-storms")
    chain = _play(defn, _scenario(defn, "long tumble chain").script)
    assert sum(isinstance(e, TumbleStep) for e in chain.events) == 7
    big = _play(defn, _scenario(defn, "x56 orbs").script)
    multiplied = [e for e in big.events if isinstance(e, SequenceMultiplied)]
    assert [(e.factor, e.before, e.after) for e in multiplied] == [(56, 14, 784)] and big.total_win == 784
    for seed in (1, 2, 3):  # the stops alone land 4 BOLTs: the feature starts whatever the seed
        feature = _play(defn, _scenario(defn, "tempest").script, seed)
        assert any(isinstance(e, FeatureTriggered) for e in feature.events)


def test_coral_cascade_scenarios_play_what_they_say() -> None:
    defn = _defn("coral-cascade")
    chain = _play(defn, _scenario(defn, "long tumble chain").script)
    assert sum(isinstance(e, TumbleStep) for e in chain.events) == REEF_CHAIN
    big = _play(defn, _scenario(defn, "big cell multiplier").script)
    assert max(e.multiplier for e in big.events if isinstance(e, CellMultiplierWin)) == REEF_MULTIPLIER
    for seed in (1, 2, 3):
        feature = _play(defn, _scenario(defn, "pearl tide").script, seed)
        assert any(isinstance(e, FeatureTriggered) for e in feature.events)


@pytest.mark.parametrize("game", GAMES)
def test_the_new_shapes_are_registered_and_drawn_by_their_theme(game: str) -> None:
    theme, shapes = THEME_SHAPES[game]
    assert set(shapes) <= set(SHAPES)
    used = {spec.shape for spec in THEMES[theme].symbols}
    assert set(shapes) <= used
    assert {s.id for s in _defn(game).symbols} == {spec.id for spec in THEMES[theme].symbols}


@pytest.mark.parametrize(("theme", "symbol"), [("storm", "CROWN"), ("storm", "ORB"), ("storm", "BOLT"),
                                               ("reef", "CRAB"), ("reef", "CLAM"), ("reef", "GREEN")])
def test_the_checked_in_art_is_what_the_shape_draws(tmp_path: Path, theme: str, symbol: str) -> None:
    spec_theme = THEMES[theme]
    build.write_symbol(tmp_path, spec_theme, spec_theme.symbol(symbol))
    for glow in (False, True):
        drawn = build.symbol_path(tmp_path, theme, symbol, glow=glow).read_bytes()
        assert drawn == build.symbol_path(SPRITES, theme, symbol, glow=glow).read_bytes(), (symbol, glow)
