"""Feature blocks on tiny hand-built games, every outcome scripted and hand-computed."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.core.bet import Bet
from cabinet.core.definition import BetModel, Definition, Grid, Symbol, WeightedName, WeightedValue
from cabinet.core.events import (
    FeatureEnded,
    FeatureLimitReached,
    FeatureStarted,
    FeatureTriggered,
    LineWin,
    ReelsStopped,
    RespinOffer,
    RoundStarted,
    ScatterWin,
    SpinEnded,
    SpinsAdded,
    SpinStarted,
    WinCapped,
)
from cabinet.core.features import FeatureBlock, award_for, block, free_spins, registry
from cabinet.core.features.free_spins import FreeSpins, free_spins_value
from cabinet.core.features.paid_respin import PaidRespin
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundError, RoundRequest, events_total, play_round, respin_prices

F = Fraction

SYMBOLS = (
    Symbol("W", kind="wild"),
    Symbol("S", kind="scatter"),
    Symbol("S2", kind="scatter", pays_as="S", counts=2),
    Symbol("A"),
    Symbol("K"),
    Symbol("X", kind="blank"),
)


def tiny(
    reels: dict[str, tuple[tuple[str, ...], ...]],
    pays: dict[str, dict[int, Fraction]],
    features: tuple[Any, ...] = (),
    n_reels: int = 3,
    rtp: Fraction = Fraction(0),  # noqa: B008 - immutable
) -> Definition:
    """n reels x 1 row, one line across."""
    return Definition(
        format=1,
        id="tiny",
        name="Tiny",
        grid=Grid(n_reels, 1),
        symbols=SYMBOLS,
        reels=reels,
        lines=((0,) * n_reels,),
        pays=pays,
        bet=BetModel(),
        features=features,
        rtp=rtp,
    )


def of_type(result: Any, cls: type) -> list[Any]:
    return [e for e in result.events if isinstance(e, cls)]


# --- free spins -----------------------------------------------------------------------------------

#            stop: 0    1    2    3
BASE_STRIP = ("A", "S", "X", "S2")
FREE_STRIP = ("A", "S", "X")  # 0: A, 1: S, 2: X
FS = FreeSpins(
    type="free_spins",
    trigger_symbol="S",
    awards={3: 2},
    retrigger_awards={3: 1},
    reel_sets=(WeightedName("free"),),
    win_multiplier=3,
)
FS_PAYS = {"A": {3: F(10)}, "S": {3: F(1)}}


def fs_game(**changes: Any) -> Definition:
    return tiny(
        {"base": (BASE_STRIP,) * 3, "free": (FREE_STRIP,) * 3, "free2": (("A", "X"),) * 3},
        FS_PAYS,
        (dataclasses.replace(FS, **changes),),
    )


BET = Bet(1, 1, 1)


def test_trigger_award_and_multiplied_free_spin_wins() -> None:
    # base S S S: scatter 1 x bet, 2 spins; free spin 1 A A A = 10 x 3; spin 2 X X X.
    result = play_round(fs_game(), RoundRequest(BET, 0, script=(1, 1, 1, 0, 0, 0, 2, 2, 2)))
    (trig,) = of_type(result, FeatureTriggered)
    assert (trig.symbol, trig.count, trig.awarded, trig.retrigger) == ("S", 3, 2, False)
    assert of_type(result, FeatureStarted) == [FeatureStarted("free_spins", 2, 3)]
    started = of_type(result, SpinStarted)
    assert [(s.mode, s.index, s.remaining, s.multiplier) for s in started] == [
        ("base", 0, 0, 1),
        ("free", 1, 1, 3),
        ("free", 2, 0, 3),
    ]
    assert result.total_win == 1 + 30 == events_total(result.events)
    assert of_type(result, FeatureEnded) == [FeatureEnded("free_spins", 30, 2)]


def test_doubles_count_two_and_counts_above_the_largest_key_use_it() -> None:
    result = play_round(fs_game(), RoundRequest(BET, 0, script=(3, 1, 2, 2, 2, 2, 2, 2, 2)))  # S2 S X = 3
    assert of_type(result, FeatureTriggered)[0].count == 3
    result = play_round(fs_game(), RoundRequest(BET, 0, script=(3, 3, 3, 2, 2, 2, 2, 2, 2)))  # 6 S
    (trig,) = of_type(result, FeatureTriggered)
    assert (trig.count, trig.awarded) == (6, 2)
    assert award_for({3: 10, 4: 12, 5: 15}, 9) == 15 and award_for({3: 10, 5: 15}, 4) == 10
    assert award_for({3: 10}, 2) == 0


def test_retrigger_adds_retrigger_awards_to_remaining_spins() -> None:
    # spin 1: S S S (scatter 1 x bet x 3, +1 spin); spin 2: A A A (30); spin 3: X X X
    script = (1, 1, 1) + (1, 1, 1) + (0, 0, 0) + (2, 2, 2)
    result = play_round(fs_game(), RoundRequest(BET, 0, script=script))
    retriggers = [e for e in of_type(result, FeatureTriggered) if e.retrigger]
    assert [(e.count, e.awarded) for e in retriggers] == [(3, 1)]
    assert of_type(result, FeatureEnded)[0].spins_played == 3
    assert result.total_win == 1 + 3 + 30
    # scatter pays not multiplied when multiply_scatter_pays is off
    result = play_round(fs_game(multiply_scatter_pays=False), RoundRequest(BET, 0, script=script))
    assert result.total_win == 1 + 1 + 30


def test_free_spin_reel_sets_are_drawn_by_weight() -> None:
    game = fs_game(reel_sets=(WeightedName("free", 1), WeightedName("free2", 3)))
    # each free spin draws below(4) first: 0 -> free, 1..3 -> free2 (whose stop 1 is X)
    script = (1, 1, 1) + (0, 0, 0, 0) + (3, 1, 1, 1)
    result = play_round(game, RoundRequest(BET, 0, script=script))
    stopped = of_type(result, ReelsStopped)[1:]
    assert [(s.reel_set, s.screen) for s in stopped] == [("free", (("A",),) * 3), ("free2", (("X",),) * 3)]


def test_spin_multipliers_are_drawn_per_spin_and_multiply_everything() -> None:
    game = fs_game(spin_multipliers=(WeightedValue(F(2), 1), WeightedValue(F(5), 1)))
    # spin 1: multiplier pick 1 (x5), A A A; spin 2: pick 0 (x2), S S S (scatter 1 x 3 x 2, retrigger)
    # spin 3: pick 0, X X X
    script = (1, 1, 1) + (1, 0, 0, 0) + (0, 1, 1, 1) + (0, 2, 2, 2)
    result = play_round(game, RoundRequest(BET, 0, script=script))
    assert [s.multiplier for s in of_type(result, SpinStarted)] == [1, 15, 6, 6]
    assert result.total_win == 1 + 10 * 3 * 5 + 1 * 3 * 2


def test_minimum_win_top_up_adds_spins_until_reached() -> None:
    game = fs_game(awards={3: 1}, minimum_win_x_bet=F(10), top_up_spins=1)
    script = (1, 1, 1) + (2, 2, 2) + (2, 2, 2) + (0, 0, 0)
    result = play_round(game, RoundRequest(BET, 0, script=script))
    assert of_type(result, SpinsAdded) == [SpinsAdded("free_spins", 1, "top_up", 0)] * 2
    assert of_type(result, FeatureEnded) == [FeatureEnded("free_spins", 30, 3)]


def test_cap_in_coins_cuts_the_spin_and_ends_the_feature() -> None:
    game = fs_game(max_win_coins=20)
    bet = Bet(1, 1, 2)  # cap = 20 coins x 2 = 40; spin 1 wins 10 x 3 x 2 = 60
    result = play_round(game, RoundRequest(bet, 0, script=(1, 1, 1, 0, 0, 0, 0, 0, 0)))
    assert of_type(result, WinCapped) == [WinCapped("free_spins", 40, 20)]
    assert of_type(result, FeatureEnded) == [FeatureEnded("free_spins", 40, 1)]
    assert [e.win for e in of_type(result, SpinEnded) if e.mode == "free"] == [40]
    assert result.total_win == 2 + 40 == events_total(result.events)


def test_cap_as_multiple_of_bet() -> None:
    game = fs_game(max_win_x_bet=F(5))
    bet = Bet(1, 1, 2)  # cap = 5 x 2 = 10
    result = play_round(game, RoundRequest(bet, 0, script=(1, 1, 1, 0, 0, 0)))
    assert of_type(result, WinCapped) == [WinCapped("free_spins", 10, 50)]
    assert result.total_win == 2 + 10 == events_total(result.events)


def test_runaway_features_hit_the_safety_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(free_spins, "MAX_FEATURE_SPINS", 25)
    always_retrigger = tiny(
        {"base": (BASE_STRIP,) * 3, "free": (("S",),) * 3}, FS_PAYS, (dataclasses.replace(FS),)
    )
    result = play_round(always_retrigger, RoundRequest(BET, 0, script=(1, 1, 1)))
    (limit,) = of_type(result, FeatureLimitReached)
    assert (limit.limit, limit.unplayed) == (25, 2)  # 2 awarded + 25 retriggers - 25 played
    assert of_type(result, FeatureEnded)[0].spins_played == 25
    never_pays = tiny(
        {"base": (BASE_STRIP,) * 3, "free": (("X",),) * 3},
        FS_PAYS,
        (dataclasses.replace(FS, minimum_win_x_bet=F(1), top_up_spins=3),),
    )
    result = play_round(never_pays, RoundRequest(BET, 0, script=(1, 1, 1)))
    assert len(of_type(result, FeatureLimitReached)) == 1 and result.total_win == 1


def test_free_spins_value_by_hand() -> None:
    # free strips A A S X: P(A A A) = 1/8 -> 8 coins x 3; P(S S S) = 1/64 -> 4 x bet (not multiplied)
    # per spin 3 + 1/16; retrigger adds 1 spin with p 1/64 -> E[spins] = 2 / (1 - 1/64) = 128/63
    strip = ("A", "A", "S", "X")
    feature = dataclasses.replace(FS, multiply_scatter_pays=False)
    game = tiny({"base": (strip,) * 3, "free": (strip,) * 3}, {"A": {3: F(8)}, "S": {3: F(4)}}, (feature,))
    assert free_spins_value(game, feature, 3, BET) == F(128, 63) * (3 + F(1, 16)) == F(56, 9)
    assert free_spins_value(game, feature, 2, BET) == 0
    assert free_spins_value(game, feature, 3, Bet(1, 2, 5)) == F(56, 9) * 10
    # a spin multiplier (x2 or x5, mean 7/2) multiplies every spin, scatters included
    spun = dataclasses.replace(feature, spin_multipliers=(WeightedValue(F(2), 1), WeightedValue(F(5), 1)))
    assert free_spins_value(game, spun, 3, BET) == F(56, 9) * F(7, 2)


@pytest.mark.slow
def test_free_spins_value_agrees_with_play() -> None:
    strip = ("A", "A", "S", "X")
    game = tiny({"base": (("S",),) * 3, "free": (strip,) * 3}, {"A": {3: F(8)}}, (FS,))
    n = 20_000
    won = sum(play_round(game, RoundRequest(BET, derive_seed(5, i))).total_win for i in range(n))
    exact = free_spins_value(game, FS, 3, BET)  # the base spin always triggers and pays nothing
    assert abs(F(won, n) - exact) < exact * F(5, 100)


# --- paid respin ----------------------------------------------------------------------------------

R_REELS = (("A", "A", "K", "S"), ("A", "K", "K", "S"), ("A", "K", "S", "X"))
R_PAYS = {"A": {3: F(10)}, "K": {3: F(4)}, "S": {3: F(5)}}
RESPIN = PaidRespin(type="paid_respin", price_rtp=F(4, 5))
R_GAME = tiny({"base": R_REELS, "free": (("A", "X"),) * 3}, R_PAYS, (RESPIN,))
R_BET = Bet(1, 1, 10)


def test_respin_price_is_the_hand_enumerated_expected_value() -> None:
    # held A A K (stops 0, 0, 1). Reel 3 -> A: A A A = 10 coins = 100; K, S, X: nothing.
    # EV 100/4 = 25; / 0.8 = 31.25 = 3.125 coins -> 4 coins (rounded up: never below EV / RTP).
    # Reels 1, 2: EV 0 -> the 1-coin minimum.
    assert respin_prices(R_GAME, R_BET, (0, 0, 1), "base") == (10, 10, 40)


def test_only_new_winning_combinations_pay() -> None:
    game = tiny(
        {"base": (("A", "K"), ("A", "K"), ("A", "K"), ("A", "K", "K", "X"))},
        {"A": {3: F(10), 4: F(50)}},
        (PaidRespin(type="paid_respin", min_price_coins=2),),
        n_reels=4,
    )
    bet = Bet(1, 1, 4)
    # held A A A K pays A x3. Reel 4 -> A: A x4 is new (50 coins = 200); K, K, X leave A x3: not new.
    # EV 200/4 = 50 = 12.5 coins -> 13 coins (halves round up) = 52. Other reels: EV 0 -> 2 coins.
    assert respin_prices(game, bet, (0, 0, 0, 1), "base") == (8, 8, 8, 52)
    result = play_round(
        game, RoundRequest(bet, 0, kind="respin", respin_reel=3, held_stops=(0, 0, 0, 1), script=(0,))
    )
    assert result.cost == 52 and result.total_win == 200
    assert [(e.symbol, e.count) for e in of_type(result, LineWin)] == [("A", 4)]
    assert (
        of_type(result, RoundStarted)[0].bet == 52 and of_type(result, RoundStarted)[0].round_type == "respin"
    )
    assert of_type(result, SpinStarted) == [SpinStarted("respin", "base", spinning_reels=(3,))]
    assert result.respin_prices == respin_prices(game, bet, (0, 0, 0, 0), "base")
    assert of_type(result, RespinOffer) == [RespinOffer(result.respin_prices)]
    # respinning to K: A x3 is still there but not new
    same = play_round(
        game, RoundRequest(bet, 0, kind="respin", respin_reel=3, held_stops=(0, 0, 0, 1), script=(1,))
    )
    assert same.total_win == 0 and of_type(same, LineWin) == []


def test_respin_price_includes_the_free_spins_value() -> None:
    fs = FreeSpins(
        type="free_spins",
        trigger_symbol="S",
        awards={3: 1},
        retrigger=False,
        reel_sets=(WeightedName("free"),),
    )
    game = dataclasses.replace(R_GAME, features=(RESPIN, fs))
    # one free spin on A/X strips: P(A A A) = 1/8 x 10 coins x 10 = 12.5
    assert free_spins_value(game, fs, 3, R_BET) == F(25, 2)
    # held S S K (stops 3, 3, 1). Reel 3 -> S: scatter 5 x bet (50) + free spins 12.5.
    # EV = 62.5 / 4 = 15.625; / 0.8 = 19.53 = 1.95 coins -> 2 coins = 20.
    assert respin_prices(game, R_BET, (3, 3, 1), "base")[2] == 20
    result = play_round(
        game, RoundRequest(R_BET, 0, kind="respin", respin_reel=2, held_stops=(3, 3, 1), script=(2, 0, 0, 0))
    )
    assert of_type(result, ReelsStopped)[0].anticipation == (2,)
    assert [e.amount for e in of_type(result, ScatterWin)] == [50]
    assert result.features == ("free_spins",) and result.respin_prices is None
    assert of_type(result, RespinOffer) == []
    assert result.total_win == 50 + 100 and result.cost == 20
    # a base spin that triggers free spins offers no respin; one that does not, does
    triggered = play_round(game, RoundRequest(R_BET, 0, script=(3, 3, 2, 1, 1, 1)))
    assert triggered.respin_prices is None
    plain = play_round(game, RoundRequest(R_BET, 0, script=(0, 0, 1)))
    assert plain.respin_prices == respin_prices(game, R_BET, (0, 0, 1), "base")
    assert of_type(plain, RespinOffer) == [RespinOffer(plain.respin_prices)]
    # a held screen that triggers a feature is not offered
    assert respin_prices(game, R_BET, (3, 3, 2), "base") == (None, None, None)
    with pytest.raises(RoundError):
        play_round(game, RoundRequest(R_BET, 0, kind="respin", respin_reel=0, held_stops=(3, 3, 2)))


@pytest.mark.parametrize(
    ("reel", "stops", "reel_set"),
    [
        (3, (0, 0, 1), "base"),  # no such reel
        (-1, (0, 0, 1), "base"),
        (0, (0, 0), "base"),  # wrong number of held stops
        (0, (0, 0, 4), "base"),  # stop out of range
        (0, (0, 0, 0), "free"),  # a screen from the feature's reels
        (0, (0, 0, 0), "nope"),
    ],
)
def test_respins_not_offered_raise(reel: int, stops: tuple[int, ...], reel_set: str) -> None:
    with pytest.raises(RoundError):
        play_round(
            R_GAME,
            RoundRequest(R_BET, 0, kind="respin", respin_reel=reel, held_stops=stops, held_reel_set=reel_set),
        )


def test_registry_blocks_share_one_interface() -> None:
    for type_name in registry():
        entry = block(type_name)
        assert entry is not None and isinstance(entry, FeatureBlock) and callable(entry.triggers)
    assert callable(block("free_spins").run)  # type: ignore[union-attr]
    assert block("crystal_ball") is None  # no such block


def test_respin_value_equals_the_average_of_every_scripted_respin() -> None:
    # ties the price math to the rounds actually played: for each reel, script every stop
    from cabinet.core.features.paid_respin import respin_value

    held = (0, 0, 1)
    for reel in range(3):
        size = len(R_REELS[reel])
        won = [
            play_round(
                R_GAME,
                RoundRequest(R_BET, 0, kind="respin", respin_reel=reel, held_stops=held, script=(stop,)),
            ).total_win
            for stop in range(size)
        ]
        assert F(sum(won), size) == respin_value(R_GAME, R_BET, "base", held, reel)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2),
    st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)),
    st.integers(0, 2**64 - 1),
)
def test_respin_rounds_add_up_and_hold_no_floats(reel: int, held: tuple[int, int, int], seed: int) -> None:
    fs = FreeSpins(type="free_spins", trigger_symbol="S", awards={3: 1}, reel_sets=(WeightedName("free"),))
    game = dataclasses.replace(R_GAME, features=(RESPIN, fs))
    request = RoundRequest(R_BET, seed, kind="respin", respin_reel=reel, held_stops=held)
    if respin_prices(game, R_BET, held, "base")[0] is None:
        with pytest.raises(RoundError):
            play_round(game, request)
        return
    result = play_round(game, request)
    assert result == play_round(game, request)
    assert result.total_win == events_total(result.events)
    assert result.cost == respin_prices(game, R_BET, held, "base")[reel]
    assert not any(isinstance(v, float) for e in result.events for v in e.to_dict().values())


def test_the_offer_can_be_skipped_for_bulk_simulation() -> None:
    plain = play_round(R_GAME, RoundRequest(R_BET, 0, script=(0, 0, 1), with_offer=False))
    assert plain.respin_prices is None and of_type(plain, RespinOffer) == []
    offered = play_round(R_GAME, RoundRequest(R_BET, 0, script=(0, 0, 1)))
    assert offered.events[:-2] == plain.events[:-1] and offered.total_win == plain.total_win


def test_no_respin_offer_after_a_feature_even_on_the_base_reels() -> None:
    # free spins played on the base strips end on a base-reel screen: it still offers no respin
    # ("when you exit any game feature ... the Respin feature is not available until SPIN")
    fs = FreeSpins(type="free_spins", trigger_symbol="S", awards={3: 1}, retrigger=False)
    game = dataclasses.replace(R_GAME, features=(RESPIN, fs))
    result = play_round(game, RoundRequest(R_BET, 0, script=(3, 3, 2, 0, 0, 1)))  # S S S, then A A K
    assert result.features == ("free_spins",) and result.final_reel_set == "base"
    assert result.final_stops == (0, 0, 1)
    assert respin_prices(game, R_BET, (0, 0, 1), "base") != (None, None, None)  # the same screen after a SPIN
    assert result.respin_prices is None and of_type(result, RespinOffer) == []
    spin = play_round(game, RoundRequest(R_BET, 1, script=(0, 0, 1)))  # SPIN: respins are back
    assert spin.respin_prices == respin_prices(game, R_BET, (0, 0, 1), "base")
