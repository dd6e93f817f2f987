"""GameSession: the round lifecycle, seeds, credits, bets and paid-respin offers (no pygame)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.core.bet import Bet, default_bet, step_bet
from cabinet.core.loader import load_definition_text
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.machine.session import (
    RESUME_KINDS,
    GameIdentity,
    GameSession,
    MemoryLedger,
    SessionError,
    default_start_credits,
    resume_point,
)
from cabinet.services.ledger import LedgerError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def respin_game():  # noqa: ANN201
    text = (ROOT / "games" / "classic.yaml").read_text(encoding="utf-8")
    return load_definition_text(text.replace("features:\n", "features:\n  - {type: paid_respin, price_rtp: '95%'}\n"))


def session(defn, seed: int = 11, credits: int = 10_000) -> GameSession:  # noqa: ANN001
    s = GameSession(defn, seed=seed)
    s.ledger.add_credits(credits)
    return s


def test_rounds_use_derived_seeds_and_balance_exactly(classic) -> None:  # noqa: ANN001
    s = session(classic)
    bet = default_bet(classic)
    expected = 10_000
    for i in range(25):
        result = s.begin_round()
        assert result.request == RoundRequest(bet, derive_seed(11, i))
        assert result == play_round(classic, RoundRequest(bet, derive_seed(11, i)))
        assert s.credits == expected - bet.total  # charged before anything is shown
        record = s.finish_round()
        expected += result.total_win - bet.total
        assert s.credits == expected
        assert (record.index, record.cost, record.total_win) == (i, bet.total, result.total_win)
        assert record.credits_after - record.credits_before == result.total_win - bet.total
    assert s.rounds == 25 and len(s.history) == 25
    totals = s.totals()
    assert totals == {"credits": expected, "rounds": 25, "total_bet": 25 * bet.total,
                      "total_won": expected - 10_000 + 25 * bet.total, "currency": "EUR"}


def test_the_bet_is_locked_during_a_round(classic) -> None:  # noqa: ANN001
    s = session(classic)
    start = s.bet
    s.begin_round()
    assert s.bet_locked
    assert not s.step_bet(+1) and not s.max_bet() and not s.set_bet(step_bet(classic, start, +1))
    assert s.bet == start
    with pytest.raises(SessionError):
        s.begin_round()
    s.finish_round()
    assert s.step_bet(+1) and s.bet == step_bet(classic, start, +1)
    assert not s.set_bet(Bet(7, 1, 5))  # 7 lines is not a choice of this game
    assert s.max_bet() and s.bet.coins_per_line == 10


def test_not_enough_credits_charges_nothing(classic) -> None:  # noqa: ANN001
    s = session(classic, credits=99)
    with pytest.raises(SessionError, match="credits"):
        s.begin_round()
    assert s.credits == 99 and s.rounds == 0 and not s.in_round
    assert s.add_credits(1) == 1
    s.begin_round()
    assert s.credits == 0


def test_unseeded_sessions_draw_fresh_seeds(classic) -> None:  # noqa: ANN001
    s = GameSession(classic)
    s.ledger.add_credits(1000)
    seeds = set()
    for _ in range(3):
        seeds.add(s.begin_round().request.seed)
        s.finish_round()
    assert len(seeds) == 3


def test_progress_and_observers_see_each_step(classic) -> None:  # noqa: ANN001
    calls: list[tuple[str, object]] = []

    class Spy:
        def round_begun(self, session, result, credits_before):  # noqa: ANN001, ANN201
            calls.append(("begun", credits_before))

        def progress(self, session, step):  # noqa: ANN001, ANN201
            calls.append(("progress", step))

        def round_finished(self, session, record):  # noqa: ANN001, ANN201
            calls.append(("finished", record.credits_after))

    s = session(classic)
    s.observers.append(Spy())
    result = s.begin_round()
    s.mark_progress(2)
    s.mark_progress(1)  # going back is ignored
    s.mark_progress(3)
    s.finish_round()
    assert calls == [("begun", 10_000), ("progress", 2), ("progress", 3),
                     ("finished", 10_000 - 100 + result.total_win)]
    assert s.progress_step == len(result.events)


def test_paid_respin_offer_request_and_price(respin_game) -> None:  # noqa: ANN001
    s = session(respin_game, seed=3)
    first = s.begin_round()
    assert s.offer is None  # nothing is offered until the round is finished
    s.finish_round()
    assert s.offer == first.respin_prices and s.offer is not None
    price = s.offer[2]
    assert price is not None
    before = s.credits
    respin = s.begin_respin(2)
    assert respin.request == RoundRequest(s.bet, derive_seed(3, 1), kind="respin", respin_reel=2,
                                          held_stops=first.final_stops, held_reel_set=first.final_reel_set)
    assert respin.cost == price and s.credits == before - price
    moved = [i for i, (a, b) in enumerate(zip(first.final_stops, respin.final_stops, strict=True)) if a != b]
    assert moved in ([], [2])
    s.finish_round()
    assert s.credits == before - price + respin.total_win
    with pytest.raises(SessionError):
        GameSession(respin_game, seed=1).begin_respin(0)  # no offer yet


def test_a_new_bet_reprices_the_respin_offer(respin_game) -> None:  # noqa: ANN001
    s = session(respin_game, seed=3)
    s.begin_round()
    s.finish_round()
    old = s.offer
    assert old is not None
    assert s.step_bet(+1)
    assert s.offer is not None and s.offer != old
    from cabinet.core.round import respin_prices

    assert s.offer == respin_prices(respin_game, s.bet, s.current.final_stops, s.current.final_reel_set)


def test_memory_ledger_refuses_overdraft_and_meters_everything(classic) -> None:  # noqa: ANN001
    ledger = MemoryLedger()
    ledger.add_credits(50)
    game = GameIdentity.of(classic)
    request = RoundRequest(Bet(1, 1, 50), 7)
    with pytest.raises(LedgerError, match="not enough credits"):
        ledger.begin(game, request, 51)
    assert ledger.round_counter == 0 and ledger.credits == 50
    ledger.begin(game, request, 50)
    with pytest.raises(LedgerError):
        ledger.add_credits(10)  # not while a round is open
    result = play_round(classic, request)
    record = ledger.finish(result)
    m = ledger.meters
    assert (ledger.credits, m.credits_in, m.total_bet, m.total_won, m.games_played) == (
        result.total_win, 50, 50, result.total_win, 1)
    assert (record.round_id, record.cost, record.credits_before, record.credits_after) == (
        1, 50, 50, result.total_win)
    assert ledger.recent(10) == (record,) and ledger.balanced()


def test_add_credits_is_refused_mid_round_and_counts_as_credits_in(classic) -> None:  # noqa: ANN001
    s = session(classic, credits=500)
    assert s.add_credits(300) == 300 and s.meters.credits_in == 800
    s.begin_round()
    with pytest.raises(SessionError, match="when the round is over"):
        s.add_credits()
    s.finish_round()
    assert s.add_credits() == default_start_credits(classic)


def test_progress_is_journaled_only_at_resume_points(classic) -> None:  # noqa: ANN001
    seen: list[int] = []

    class Spy(MemoryLedger):
        def progress(self, step: int) -> None:
            seen.append(step)

    s = GameSession(classic, ledger=Spy(10_000), seed=11)
    result = s.begin_round()
    for step in range(1, len(result.events) + 1):
        s.mark_progress(step)
    kinds = [e.kind for e in result.events]
    assert seen == [i + 1 for i, k in enumerate(kinds) if k in RESUME_KINDS]
    assert seen and all(resume_point(result.events, step) == step for step in seen)
    assert resume_point(result.events, 1) == 0  # after RoundStarted: back to the start


def test_a_choice_is_journaled_before_the_round_plays_on(classic, tmp_path: Path) -> None:  # noqa: ANN001
    from dataclasses import replace

    from cabinet.services.ledger import JournaledLedger
    from cabinet.services.session_ledger import DiskLedger

    def with_a_pick(defn, request: RoundRequest):  # noqa: ANN001, ANN202 - a round that waits for one choice
        result = play_round(defn, replace(request, decisions=()))
        if not request.decisions:
            return replace(result, request=request, awaiting="pick")
        return replace(result, request=request, total_win=result.total_win + 10)

    ledger = JournaledLedger.open(tmp_path, starting_credits=1000)
    s = GameSession(classic, ledger=DiskLedger(ledger), seed=3, play=with_a_pick)
    with pytest.raises(SessionError, match="no choice"):
        s.decide("left")
    first = s.begin_round()
    assert first.awaiting == "pick"
    with pytest.raises(SessionError, match="awaits a choice"):
        s.finish_round()
    result = s.decide("left")
    assert ledger.journal.pending().request.decisions == ("left",)  # on disk before it is shown
    assert result.awaiting is None and s.current is result
    record = s.finish_round()
    assert record.total_win == first.total_win + 10
    assert s.recent(1)[0].request.decisions == ("left",)
