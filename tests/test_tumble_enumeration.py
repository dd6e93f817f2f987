"""Exact tumble par past the one-by-one limit (issues 32 and 35): with ``fill: strip`` and nothing
drawn, a spin's whole cascade is a function of its stops, and par plays every combination in the
numpy lockstep (``features/tumble/enumeration.py``). Here that enumeration equals the one-by-one
path and ``core/bruteforce`` (every path of draws through ``play_round``) on toy games; a slow
test holds slotopol's Win Storm (``tests/games/catalogue/win-storm.yaml``, 72,665,775 combinations)
to its published 96.028757%."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.features.tumble import par as tumble_par
from cabinet.core.features.tumble.enumeration import batch_player, enumerated_tumble_rtp
from cabinet.core.loader import load_game
from cabinet.core.par import par

GAMES = Path(__file__).resolve().parent / "games"


@pytest.mark.parametrize("name", ["toy-tumble-lines-strip", "toy-tumble-ways"])
def test_the_lockstep_enumeration_equals_play_spin_one_by_one_and_brute_force(name: str, monkeypatch) -> None:  # noqa: ANN001
    defn = load_game(GAMES / "tumble" / f"{name}.yaml")
    params = next(f for f in defn.features if f.type == "tumble")
    bet = default_bet(defn)
    one_by_one = par(defn, with_hit_rate=False).total  # under EXACT_STOPS: every combination through play_spin
    assert one_by_one is not None and one_by_one.exact
    enumerated = enumerated_tumble_rtp(defn, params, bet, tumble_par.base_sets(defn))
    assert enumerated is not None and enumerated > 0  # the tumbles add something
    monkeypatch.setattr(tumble_par, "EXACT_STOPS", 1)  # every game "too big": the lockstep's turn
    through_lockstep = par(defn, with_hit_rate=False).total
    assert through_lockstep is not None and through_lockstep.exact
    assert through_lockstep.value == one_by_one.value == round_value(defn).rtp


def test_games_whose_spins_draw_are_not_enumerated() -> None:
    bombs = load_game(GAMES / "tumble" / "toy-tumble-bombs.yaml")  # multiplier symbols draw values
    weights = load_game(GAMES / "tumble" / "toy-tumble-lines.yaml")  # refills drawn by weight
    for defn in (bombs, weights):
        params = next(f for f in defn.features if f.type == "tumble")
        assert batch_player(defn, params, default_bet(defn)) is None


@pytest.mark.slow
def test_win_storm_is_its_published_rtp_to_every_digit() -> None:
    """slotopol's Win Storm at its 96.028757% reels: every stop combination with its whole cascade
    (about 3 CPU minutes)."""
    defn = load_game(GAMES / "catalogue" / "win-storm.yaml")
    report = par(defn)
    assert report.total is not None and report.total.exact
    assert f"{float(report.total.value) * 100:.6f}" == "96.028757"
