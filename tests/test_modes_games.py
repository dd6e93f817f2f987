"""The shipped games' bet modes and RTP variants (issue 34): Canyon Gold has an ante, a buy and three
RTP variants; Candy Peaks a buy. Each mode's and variant's published RTP is its par."""

from __future__ import annotations

from fractions import Fraction

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.loader import load_game
from cabinet.core.mode_par import mode_par, printed_tolerance, stated_rtp_problems
from cabinet.core.modes import mode_cost, resolve
from cabinet.core.round import RoundRequest, play_round


@pytest.fixture(scope="module")
def canyon():
    return load_game("canyon-gold")


@pytest.fixture(scope="module")
def candy():
    return load_game("candy-peaks")


def test_canyon_gold_offers_an_ante_a_buy_and_three_rtp_variants(canyon):
    assert [(m.name, m.kind, m.cost) for m in canyon.bet_modes] == [
        ("base", "base", 1), ("ante", "ante", Fraction(6, 5)), ("buy_gold_rush", "buy", 28)]
    assert [v.name for v in canyon.rtp_variants] == ["92", "94", "96"] and canyon.default_variant == "96"
    assert resolve(canyon) is canyon  # the default variant is the game as written


@pytest.mark.parametrize("game", ["canyon-gold", "candy-peaks"])
def test_every_published_mode_and_variant_rtp_is_its_exact_par(game):
    defn = load_game(game)
    assert stated_rtp_problems(defn) == []
    for mode in defn.bet_modes[1:]:
        report = mode_par(defn, mode=mode.name, with_hit_rate=False)
        assert report.total is not None and report.total.exact
        assert abs(report.total_rtp - mode.rtp) <= printed_tolerance(mode.rtp)


def test_the_base_mode_keeps_the_games_par(canyon):
    report = mode_par(canyon, with_hit_rate=False)
    assert f"{float(report.total_rtp) * 100:.6f}" == "95.998125" and report.cost == 1


def test_the_ante_makes_gold_rush_more_likely_for_20_percent_more(canyon):
    base, ante = mode_par(canyon, with_hit_rate=False), mode_par(canyon, mode="ante", with_hit_rate=False)
    (fs_base,), (fs_ante,) = base.free_spins, ante.free_spins
    assert fs_ante.trigger_rate > Fraction(16, 10) * fs_base.trigger_rate
    bet = default_bet(canyon)
    assert mode_cost(canyon, bet, "ante") == bet.total * 6 // 5


@pytest.mark.parametrize(("variant", "low", "high"), [("92", 0.9195, 0.9205), ("94", 0.9395, 0.9405)])
def test_the_lower_variants_pay_less_by_their_strips_alone(canyon, variant, low, high):
    played = resolve(canyon, rtp_variant=variant)
    assert played.features == canyon.features and played.pays == canyon.pays  # the same rules
    assert played.reels["base"] != canyon.reels["base"]
    assert low < float(mode_par(canyon, rtp_variant=variant, with_hit_rate=False).total_rtp) < high


@pytest.mark.parametrize(("game", "mode", "spins"), [("canyon-gold", "buy_gold_rush", 10), ("candy-peaks",
                                                                                          "buy_free_spins", 12)])
def test_a_buy_plays_its_free_spins_at_once(game, mode, spins):
    defn = load_game(game)
    result = play_round(defn, RoundRequest(default_bet(defn), 42, mode=mode))
    started = next(e for e in result.events if e.kind == "feature_started")
    assert started.spins == spins and result.cost == mode_cost(defn, default_bet(defn), mode)
    assert [e.kind for e in result.events[:3]] == ["round_started", "mode_played", "feature_triggered"]
