"""Bet modes, buys, the round cap and RTP variants (issue 34): loading, checking, play, journal."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import Bet, all_bets, default_bet
from cabinet.core.definition import BASE_MODE
from cabinet.core.events import ModePlayed, RoundCapped, RoundEnded
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.modes import ModeError, mode_cost, resolve
from cabinet.core.round import RoundError, RoundRequest, events_total, play_round
from cabinet.services.journal import request_from_dict, request_to_dict

TOY = Path(__file__).parent / "games" / "modes" / "toy-modes.yaml"


@pytest.fixture(scope="module")
def toy():
    return load_definition(TOY)


def test_the_base_mode_is_always_first_and_modes_load_in_order(toy):
    assert [m.name for m in toy.bet_modes] == ["base", "ante", "buy", "super_buy"]
    assert [m.kind for m in toy.bet_modes] == ["base", "ante", "buy", "buy"]
    ante = toy.bet_mode("ante")
    assert ante.cost == Fraction(5, 4) and ante.reel_sets == {"base": "base_ante"}
    assert toy.bet_mode("super_buy").features == {"free_spins": {"win_multiplier": 3}}
    assert toy.bet_mode("super_buy").max_win_x == 100 and toy.max_win_x == 400
    assert [(v.name, v.rtp) for v in toy.rtp_variants] == [("lean", Fraction(909, 2048)),
                                                                 ("standard", Fraction(1293, 2048))]
    assert toy.default_variant == "standard"


def test_resolve_applies_a_modes_reels_and_feature_parameters(toy):
    ante = resolve(toy, mode="ante")
    assert ante.reels["base"] == toy.reels["base_ante"] and ante.played_mode == "ante"
    assert ante.mode_cost == Fraction(5, 4)
    sup = resolve(toy, mode="super_buy")
    assert sup.feature("free_spins").win_multiplier == 3 and toy.feature("free_spins").win_multiplier == 1
    assert sup.bought == "free_spins" and sup.max_win_x == 100
    lean = resolve(toy, rtp_variant="lean")
    assert lean.reels["base"] == toy.reels["base_lean"] and lean.played_variant == "lean"
    # cached, and a resolved definition resolves from its origin
    assert resolve(toy, mode="ante") is ante
    assert resolve(ante, mode="base", rtp_variant="standard") is toy
    with pytest.raises(ModeError, match="no bet mode 'nope'"):
        resolve(toy, mode="nope")
    with pytest.raises(ModeError, match="no RTP variant '96'"):
        resolve(toy, rtp_variant="96")


@pytest.mark.parametrize(("mode", "expected"), [("base", 4), ("ante", 5), ("buy", 80), ("super_buy", 240)])
def test_mode_cost_is_the_base_bet_times_the_cost(toy, mode, expected):
    assert mode_cost(toy, Bet(1, 1, 4), mode) == expected


def test_a_buy_round_plays_the_feature_at_once_and_charges_its_cost(toy):
    bet = default_bet(toy)
    result = play_round(toy, RoundRequest(bet, 5, mode="buy"))
    kinds = [e.kind for e in result.events]
    assert kinds[:4] == ["round_started", "mode_played", "feature_triggered", "feature_started"]
    assert "spin_started" not in kinds[:3]  # no base spin
    assert [e.mode for e in result.events if e.kind == "spin_started"] == ["free", "free"]
    played = result.events[1]
    assert isinstance(played, ModePlayed) and played.cost == 20 * bet.total == result.cost
    assert played.buy == "free_spins" and result.features == ("free_spins",)
    assert result.events[-1] == RoundEnded(result.total_win, result.cost, result.events[-1].tier)
    assert events_total(result.events) == result.total_win


def test_an_ante_round_spins_the_ante_strips(toy):
    bet = default_bet(toy)
    ante = play_round(toy, RoundRequest(bet, 11, mode="ante"))
    stops = next(e for e in ante.events if e.kind == "reels_stopped").stops
    screen = next(e for e in ante.events if e.kind == "reels_stopped").screen
    assert screen == tuple((toy.reels["base_ante"][r][s],) for r, s in enumerate(stops))
    assert ante.cost == mode_cost(toy, bet, "ante")


def _capped_seed(defn, bet, mode):
    for seed in range(5000):
        result = play_round(defn, RoundRequest(bet, seed, mode=mode))
        if any(isinstance(e, RoundCapped) for e in result.events):
            return seed, result
    raise AssertionError("no capped round in 5000 seeds")


def test_the_round_cap_ends_the_round_at_the_cap_with_its_event(toy):
    bet = default_bet(toy)
    seed, result = _capped_seed(toy, bet, "super_buy")
    cap = 100 * bet.total
    capped = next(e for e in result.events if isinstance(e, RoundCapped))
    assert result.total_win == cap == capped.cap and capped.uncapped > cap
    assert events_total(result.events) == cap
    assert result.events[-1] == RoundEnded(cap, result.cost, result.events[-1].tier)
    assert [e.kind for e in result.events[-2:]] == ["round_capped", "round_ended"]
    # the uncapped round (a cap of 0) plays the same draws to its end
    lifted = resolve(toy, mode="super_buy")
    import dataclasses

    free = dataclasses.replace(lifted, max_win_x=0)
    free.__dict__["_modes_origin"] = toy
    whole = play_round(free, RoundRequest(bet, seed))
    assert whole.total_win == capped.uncapped
    # a lean round (simulation) takes min(win, cap)
    lean = play_round(toy, RoundRequest(bet, seed, mode="super_buy", keep_events=False))
    assert lean.total_win == cap and lean.events == ()


def test_requests_with_a_mode_and_variant_round_trip_through_the_journal(toy):
    request = RoundRequest(default_bet(toy), 77, mode="ante", rtp_variant="lean")
    data = request_to_dict(request)
    assert data["mode"] == "ante" and data["rtp_variant"] == "lean"
    assert request_from_dict(data) == request
    base = RoundRequest(default_bet(toy), 77)
    assert "mode" not in request_to_dict(base) and "rtp_variant" not in request_to_dict(base)
    replayed = play_round(toy, request_from_dict(data))
    assert replayed == play_round(toy, request)


def test_an_unknown_mode_in_a_request_is_a_round_error(toy):
    with pytest.raises(RoundError, match="no bet mode 'turbo'"):
        play_round(toy, RoundRequest(default_bet(toy), 1, mode="turbo"))


def test_the_base_mode_of_a_game_without_modes_is_the_game_itself():
    from cabinet.core.loader import load_game

    game = load_game("classic")
    assert [m.name for m in game.bet_modes] == [BASE_MODE]
    assert resolve(game) is game


# --- checks, each with its file:line:col --------------------------------------------------------------

_BAD_MODES = [
    ("  - {name: base, kind: plain}\n", "'base' is the game as written"),
    ("  - {name: buy2, kind: buy}\n", "needs 'buy:' naming the feature"),
    ("  - {name: b, kind: buy, buy: free_spinz}\n", "no feature named 'free_spinz'"),
    ("  - {name: a, kind: ante, buy: free_spins}\n", "only a buy mode starts a feature"),
    ("  - {name: a, cost: 0}\n", "positive multiple of the bet"),
    ("  - {name: a, cost: '1.01'}\n", "a fraction of a minor unit"),
    ("  - {name: a, reel_sets: {base: nowhere}}\n", "no reel set named 'nowhere'"),
    ("  - {name: a, features: {free_spins: {awardz: {3: 1}}}}\n", "'awardz' is not a parameter of free_spins"),
    ("  - {name: a, features: {free_spins: {win_multiplier: 0}}}\n", "as this mode plays it: win_multiplier"),
    ("  - {name: a, features: {nothing: {spins: 1}}}\n", "no feature named 'nothing'"),
    ("  - {name: a}\n  - {name: a}\n", "two bet modes are named 'a'"),
]


def _toy_text_with_modes(modes: str) -> str:
    text = TOY.read_text()
    head, _, _ = text.partition("bet_modes:\n")
    return head + "bet_modes:\n" + modes


@pytest.mark.parametrize(("modes", "message"), _BAD_MODES)
def test_check_refuses_a_bad_mode_naming_its_place(modes, message):
    text = _toy_text_with_modes(modes)
    with pytest.raises(DefinitionError) as caught:
        load_definition_text(text, "toy.yaml")
    issues = [i for i in caught.value.issues if message in i.message]
    assert issues, [str(i) for i in caught.value.issues]
    line = text.count("\n", 0, text.index("bet_modes:\n")) + 1
    assert all(i.line > line for i in issues)  # pointed inside bet_modes, not at the top
    assert str(issues[0]).startswith(f"toy.yaml:{issues[0].line}:{issues[0].column}: ")


def test_check_refuses_a_default_variant_that_is_not_listed():
    text = TOY.read_text().replace("default_variant: standard", "default_variant: '96'")
    with pytest.raises(DefinitionError, match="no RTP variant named '96'"):
        load_definition_text(text, "toy.yaml")


def test_every_offered_bet_times_a_fractional_cost_is_whole(toy):
    for mode in toy.bet_modes:
        for bet in all_bets(toy):
            assert mode_cost(toy, bet, mode.name) == mode.cost * bet.total


# --- par per mode: exact claims equal brute force, estimates hold it --------------------------------

# the lean variant changes the base strips only: an ante (its own strips) and the buys play alike in both
MODES_AND_VARIANTS = [("base", "lean"), *((m, "standard") for m in ("base", "ante", "buy", "super_buy"))]


@pytest.mark.parametrize(("mode", "variant"), MODES_AND_VARIANTS)
def test_each_modes_par_is_brute_force_exact_or_holds_it(toy, mode, variant):
    from cabinet.core.bruteforce import round_value
    from cabinet.core.mode_par import mode_par

    report = mode_par(toy, mode=mode, rtp_variant=variant, samples=40)
    truth = round_value(resolve(toy, mode=mode, rtp_variant=variant)).rtp
    assert report.total is not None
    if mode == "super_buy":  # its cap (100x) is reachable: an estimate with a real interval
        assert not report.total.exact and report.cap.reachable
        lo, hi = report.total.ci95
        assert lo < float(truth) < hi and hi - lo > 0
    else:  # the cap (400x) is out of reach: proved from the max win, so the price stays exact
        assert report.total.exact and report.cap is not None and not report.cap.reachable
        assert report.total.value == truth
    assert report.mode == mode and report.cost == toy.bet_mode(mode).cost


def test_a_buy_par_has_its_feature_odds_and_no_base_game(toy):
    from cabinet.core.mode_par import mode_par

    report = mode_par(toy, mode="buy")
    assert report.base_rtp == 0 and report.hit_rate is None
    (part,) = report.parts
    assert part.figures["awarded"].value == 2 and part.figures["expected_spins"].value == 2


def test_a_cap_no_simulated_round_reaches_is_a_one_sided_bound_never_zero_wide(toy):
    import dataclasses

    from cabinet.core.mode_par import cap_price

    played = resolve(toy, mode="super_buy")
    high = dataclasses.replace(played, max_win_x=131)  # reachable (132x is the max) but almost never
    price = cap_price(high, default_bet(toy), samples=4)
    assert price.reachable and not price.effect.exact
    lo, hi = price.effect.ci95
    assert lo < 0 < hi or lo < price.effect.mean < hi


def test_each_variants_par_is_its_stated_rtp(toy):
    from cabinet.core.mode_par import stated_rtp_problems

    assert stated_rtp_problems(toy) == []
    wrong = dataclasses_replace_variant(toy, "lean", Fraction(45, 100))
    (problem,) = stated_rtp_problems(wrong)
    assert problem[0] == ("rtp_variants", 0, "rtp") and "states 45.0000% but its par is 44.384766%" in problem[1]


def dataclasses_replace_variant(defn, name, rtp):
    import dataclasses

    variants = tuple(dataclasses.replace(v, rtp=rtp) if v.name == name else v for v in defn.rtp_variants)
    return dataclasses.replace(defn, rtp_variants=variants)


def test_simulate_of_a_mode_holds_its_par(toy):
    from cabinet.core.mode_par import mode_par
    from cabinet.core.simulate import simulate

    for mode, rounds in (("ante", 20_000), ("buy", 3_000)):  # a buy's rounds are all play_round's
        played = resolve(toy, mode=mode)
        sim = simulate(played, rounds, 3)
        par_rtp = mode_par(toy, mode=mode).total_rtp
        assert sim.bet_total == mode_cost(toy, default_bet(toy), mode)
        assert abs(float(sim.rtp - par_rtp)) < 4 * sim.standard_error
    # the cap: a simulated capped mode never pays past it
    sup = simulate(resolve(toy, mode="super_buy"), 2_000, 3)
    assert sup.tally.max_win <= 100 * default_bet(toy).total


def test_a_feature_cap_no_run_reached_has_a_real_interval_retro_reels():
    """Retro Reels' free spins cap (440,000 coins) is reachable by unbounded retriggers but no par run
    reaches it: the estimate says so with a one-sided bound, never [x, x]."""
    from cabinet.core.loader import load_game
    from cabinet.core.par import par

    report = par(load_game("retro-reels-diamond-glitz"), samples=100)
    lo, hi = report.total.ci95
    assert not report.total.exact and hi - lo > 1e-5
    assert lo < float(report.total_rtp) < hi
    (fs,) = report.parts
    assert "the cap acted in none" in fs.figures["rules_rtp"].method
