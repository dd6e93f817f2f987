"""Meters: exact, and credits = start + in - out - bets + wins after every round."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cabinet.core.bet import all_bets
from cabinet.core.loader import load_game
from cabinet.machine.session import GameSession, MemoryLedger
from cabinet.services.meters import Meters


def test_hand_computed_session() -> None:
    m = Meters()
    m.record_credits_in(1_000)
    for cost, win, features in ((100, 0, ()), (100, 250, ("free_spins",)), (100, 40, ())):
        m.record_bet(cost, "spin")
        m.record_win(win, features)
    m.record_bet(30, "respin")
    m.record_win(0)
    m.record_credits_out(500)
    # 1000 - 330 + 290 - 500
    assert m.expected_credits(0) == 460
    assert m.check_balance(0, 460) and not m.check_balance(0, 461)
    assert (m.games_played, m.total_bet, m.total_won) == (4, 330, 290)
    assert m.rounds_by_kind == {"spin": 3, "respin": 1} and m.features == {"free_spins": 1}
    assert "off by 1" in m.balance_message(0, 461)


@pytest.mark.parametrize("bad", [-1, 1.0, True, "5"])
def test_meters_refuse_inexact_amounts(bad: object) -> None:
    m = Meters()
    with pytest.raises(ValueError):
        m.record_credits_in(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        m.record_bet(bad, "spin")  # type: ignore[arg-type]
    assert m == Meters()


def test_void_undoes_the_bet_and_counts_the_void() -> None:
    m = Meters()
    m.record_credits_in(500)
    m.record_bet(100, "spin")
    m.record_void(100, "spin")
    assert (m.total_bet, m.games_played, m.voided, m.rounds_by_kind) == (0, 0, 1, {"spin": 0})
    assert m.check_balance(0, 500)
    with pytest.raises(ValueError, match="never metered"):
        m.record_void(100, "spin")


def test_to_dict_round_trip_and_strict_from_dict() -> None:
    m = Meters(1, 2, 3, 4, 5, 6, {"free_spins": 7}, {"spin": 5})
    assert Meters.from_dict(m.to_dict()) == m
    with pytest.raises(ValueError, match="unknown"):
        Meters.from_dict({**m.to_dict(), "jackpots": 1})
    with pytest.raises(ValueError, match="whole number"):
        Meters.from_dict({**m.to_dict(), "total_won": 4.0})


# --- the balance property ------------------------------------------------------------------------

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("in"), st.integers(0, 10**9)),
        st.tuples(st.just("out"), st.integers(0, 10**9)),
        st.tuples(st.just("round"), st.integers(0, 10**6), st.integers(0, 10**8), st.sampled_from(["spin", "respin"])),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(start=st.integers(0, 10**9), ops=OPS)
def test_balance_holds_for_any_sequence_of_operations(start: int, ops: list[tuple]) -> None:
    """A cabinet-like model: money only moves together with its meter, so it always balances."""
    m = Meters()
    credits = start
    for op in ops:
        if op[0] == "in":
            credits += op[1]
            m.record_credits_in(op[1])
        elif op[0] == "out":
            amount = min(op[1], credits)
            credits -= amount
            m.record_credits_out(amount)
        else:
            _, cost, win, kind = op
            if cost > credits:
                continue
            credits -= cost
            m.record_bet(cost, kind)
            assert m.check_balance(start, credits)  # also in the middle of a round
            credits += win
            m.record_win(win)
        assert m.check_balance(start, credits)


def play_metered(plan: tuple[tuple[str, int], ...]) -> int:
    """Headless rounds through the cabinet's own path (``GameSession`` on its ledger, as
    ``cabinet play --headless`` runs them): each game of ``plan`` for its number of rounds,
    every bet size, paid respins, top-ups. After every round the ledger's credits equal
    start + in - out - bets + wins, where in, bets and wins are summed here from the round
    results (not read back from the meters), and the meters equal those sums exactly.
    Returns the rounds played."""
    total_rounds = 0
    began = time.perf_counter()
    for game, rounds in plan:
        defn = load_game(game)
        bets = all_bets(defn)
        start = 0
        session = GameSession(defn, ledger=MemoryLedger(0), seed=20240501, top_up=50_000)
        credits_in = bets_sum = wins_sum = respins = 0
        features: Counter[str] = Counter()
        mismatches = 0
        for i in range(rounds):
            offer = session.offer
            reel = next((k for k, price in enumerate(offer or ()) if price is not None), None)
            if reel is not None and i % 3 == 0:  # take a paid respin now and then
                price = offer[reel]  # type: ignore[index]
                if session.credits < price:
                    credits_in += session.add_credits()
                result = session.begin_respin(reel)
                respins += 1
            else:
                session.set_bet(bets[(i * 7919) % len(bets)])
                if session.spin_refusal():  # the kiosk's ADD CREDITS
                    credits_in += session.add_credits()
                result = session.begin_round()
            bets_sum += result.cost
            if session.credits != start + credits_in - bets_sum + wins_sum:  # charged, not yet paid
                mismatches += 1
            session.finish_round()
            wins_sum += result.total_win
            features.update(result.features)
            if session.credits != start + credits_in - bets_sum + wins_sum or not session.ledger.balanced():
                mismatches += 1
        m = session.meters
        assert mismatches == 0, game
        assert (m.credits_in, m.credits_out, m.total_bet, m.total_won) == (credits_in, 0, bets_sum, wins_sum)
        assert m.games_played == rounds == sum(m.rounds_by_kind.values())
        assert m.rounds_by_kind.get("respin", 0) == respins
        assert m.features == dict(features)
        if game == "retro-reels-diamond-glitz":
            assert respins > rounds // 6  # over 100 in 600 rounds
        total_rounds += rounds
    print(f"\n{total_rounds} metered session rounds: {time.perf_counter() - began:.1f} s")
    return total_rounds


# Retro's respin prices are exact sums over every stop (milliseconds a round), so it plays
# fewer rounds; the rounds counted are the cabinet's, spins and respins alike.


def test_meters_balance_over_10k_rounds() -> None:
    """The normal run's share of the 100k-round check below (a tenth of Classic and Happy Riches,
    a third of Retro)."""
    total_rounds = play_metered((("classic", 6_000), ("happy-riches", 4_000), ("retro-reels-diamond-glitz", 200)))
    assert total_rounds >= 10_000


@pytest.mark.slow
def test_meters_balance_over_100k_rounds() -> None:
    """100,000+ rounds of the same check (behind ``-m slow``: it takes the better part of a minute)."""
    total_rounds = play_metered((("classic", 60_000), ("happy-riches", 40_000), ("retro-reels-diamond-glitz", 600)))
    assert total_rounds >= 100_000
