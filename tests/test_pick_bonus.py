"""Bonus games and picks (issue 35, item 1): the ``pick_bonus`` block's pick game, ladder and
lucky slot. Rules pinned on hand-built rounds (scripted draws); par equals brute force on the
toy game tests/games/picks/toy-picks.yaml; the player's decisions are recorded, replayed and
awaited; the batch path equals play_round round by round."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.features.pick_bonus.events import (
    LadderStep,
    LuckySpun,
    PickBonusPaid,
    TilePicked,
    TilesRevealed,
)
from cabinet.core.features.pick_bonus.par import ladder_values, pick_value
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundError, RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact
from cabinet.services.journal import request_from_dict, request_to_dict

TOY = Path(__file__).parent / "games" / "picks" / "toy-picks.yaml"

# scripts: the reel set is single, so the first three draws are the reels' stops
PICK_SCREEN = (1, 1, 1)  # BONUS BONUS BONUS
LADDER_SCREEN = (2, 0, 2)  # LAD B LAD: the ladder (reels 1 and 3)
LUCKY3 = (3, 3, 3)  # LUCKY x3: two lucky-slot spins


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_definition(TOY)


def only(toy: Definition, name: str) -> Definition:
    return dataclasses.replace(toy, features=tuple(f for f in toy.features if f.name == name))


def feature(toy: Definition, name: str) -> object:
    return next(f for f in toy.features if f.name == name)


def play(toy: Definition, script: tuple[int, ...], *decisions: str, interactive: bool = False) -> object:
    return play_round(toy, RoundRequest(default_bet(toy), 7, script=script, decisions=decisions,
                                        interactive=interactive))


def picked(result: object) -> list[TilePicked]:
    return [e for e in result.events if isinstance(e, TilePicked)]  # type: ignore[attr-defined]


# --- the pick game ------------------------------------------------------------------------------


def test_each_pick_takes_a_prize_left_by_one_draw_and_pays_credits_times_multipliers(toy: Definition) -> None:
    # prizes in YAML order: 1, 1, 5, x2, +1 pick, 2 collect. Draws: 3rd of 6 (5x), then 3rd of 5 (x2)
    result = play(toy, (*PICK_SCREEN, 2, 2))
    a, b = picked(result)
    assert (a.x_bet, b.multiplier, b.credits_x_bet, b.multiplier_total, b.picks_left) == (5, 2, 5, 2, 0)
    paid = next(e for e in result.events if isinstance(e, PickBonusPaid))
    assert paid.amount == 5 * 2 * default_bet(toy).total
    assert result.total_win == paid.amount  # BONUS pays nothing on the line


def test_an_extra_pick_adds_a_pick_and_a_collect_ends_the_game(toy: Definition) -> None:
    result = play(toy, (*PICK_SCREEN, 4, 0, 3))  # +1 pick, then 1x, then the collect (2x)
    steps = picked(result)
    assert [e.picks_left for e in steps] == [2, 1, 0]
    result = play(toy, (*PICK_SCREEN, 5))  # the collect first: it pays its 2x and ends at once
    (only_pick,) = picked(result)
    assert only_pick.collect and result.total_win == 2 * default_bet(toy).total
    revealed = next(e for e in result.events if isinstance(e, TilesRevealed))
    assert sorted(p for _, p in revealed.tiles) == [0, 1, 2, 3, 4]  # the other five show what they held


def test_the_prizes_do_not_depend_on_the_tile_chosen(toy: Definition) -> None:
    auto = play(toy, (*PICK_SCREEN, 2, 2))
    player = play(toy, (*PICK_SCREEN, 2, 2), "6", "2")
    assert [e.tile for e in picked(player)] == [5, 1] and [e.by for e in picked(player)] == ["player"] * 2
    assert [e.prize for e in picked(player)] == [e.prize for e in picked(auto)]
    assert player.total_win == auto.total_win
    assert [e.tile for e in picked(auto)] == [0, 1]  # autopick: first


def test_an_interactive_round_waits_for_each_pick_and_replays_with_it(toy: Definition) -> None:
    first = play(toy, (*PICK_SCREEN, 2, 2), interactive=True)
    assert first.awaiting == "bottles:pick" and first.events[-1].kind == "pick_offered"
    assert first.events[-1].choices == ("1", "2", "3", "4", "5", "6")
    second = play(toy, (*PICK_SCREEN, 2, 2), "4", interactive=True)
    assert second.awaiting == "bottles:pick" and second.events[: len(first.events)] == first.events
    assert second.events[-1].choices == ("1", "2", "3", "5", "6")
    done = play(toy, (*PICK_SCREEN, 2, 2), "4", "1", interactive=True)
    assert done.awaiting is None and done.events[: len(second.events)] == second.events
    assert [e.tile for e in picked(done)] == [3, 0]
    assert done.total_win == play(toy, (*PICK_SCREEN, 2, 2)).total_win


def test_a_tile_picked_twice_or_not_a_tile_is_refused(toy: Definition) -> None:
    with pytest.raises(RoundError, match="tile 4 cannot be picked"):
        play(toy, (*PICK_SCREEN, 2, 2), "4", "4")
    with pytest.raises(RoundError, match="a pick is a tile number"):
        play(toy, (*PICK_SCREEN, 2, 2), "left")


def test_random_autopick_comes_from_the_seed_not_the_rounds_draws(toy: Definition) -> None:
    pick = dataclasses.replace(feature(toy, "bottles"), autopick="random")
    game = dataclasses.replace(toy, features=(pick,))
    a = play_round(game, RoundRequest(default_bet(game), 3, script=(*PICK_SCREEN, 2, 2)))
    b = play_round(game, RoundRequest(default_bet(game), 3, script=(*PICK_SCREEN, 2, 2)))
    assert picked(a) == picked(b)  # reproducible
    assert [e.prize for e in picked(a)] == [2, 3]  # the same prizes as any other way of picking
    tiles = {tuple(e.tile for e in picked(play_round(game, RoundRequest(default_bet(game), s,
                                                                        script=(*PICK_SCREEN, 2, 2)))))
             for s in range(8)}
    assert len(tiles) > 1  # the seed moves the tiles chosen


def test_the_request_keeps_its_interactive_flag_through_the_journal(toy: Definition) -> None:
    request = RoundRequest(default_bet(toy), 7, decisions=("4",), interactive=True)
    assert request_from_dict(request_to_dict(request)) == request
    assert "interactive" not in request_to_dict(dataclasses.replace(request, interactive=False))


# --- the ladder ---------------------------------------------------------------------------------


def test_the_ladder_climbs_by_weighted_draws_and_autoplay_takes_at_its_rung(toy: Definition) -> None:
    # rung 1 -> climb (draw 0) -> rung 2 -> climb -> rung 3: autoplay takes 4x
    result = play(toy, (*LADDER_SCREEN, 0, 0))
    steps = [e for e in result.events if isinstance(e, LadderStep)]
    assert [(e.rung, e.climbed, e.took) for e in steps] == [(1, True, False), (2, True, False), (2, False, True)]
    assert result.total_win == 4 * default_bet(toy).total


def test_a_fall_pays_its_fall_to_rung_or_nothing(toy: Definition) -> None:
    result = play(toy, (*LADDER_SCREEN, 0, 1))  # climb, then fall from rung 2 to rung 1's prize
    fall = [e for e in result.events if isinstance(e, LadderStep)][-1]
    assert fall.fell and fall.rung == 0 and result.total_win == 1 * default_bet(toy).total
    assert play(toy, (*LADDER_SCREEN, 2)).total_win == 0  # a fall from rung 1 pays nothing


def test_the_player_takes_or_climbs(toy: Definition) -> None:
    taken = play(toy, (*LADDER_SCREEN,), "take", interactive=True)
    assert taken.awaiting is None and taken.total_win == 1 * default_bet(toy).total
    waiting = play(toy, (*LADDER_SCREEN, 0), "climb", interactive=True)
    assert waiting.awaiting == "ladder:ladder" and waiting.events[-1].rung == 1
    top = play(toy, (*LADDER_SCREEN, 0, 0, 0), "climb", "climb", "climb")
    assert top.total_win == 10 * default_bet(toy).total
    with pytest.raises(RoundError, match="take or climb"):
        play(toy, (*LADDER_SCREEN,), "jump")


def test_ladder_par_states_the_autoplay_and_the_optimal_rule(toy: Definition) -> None:
    ladder = feature(toy, "ladder")
    auto, best = ladder_values(ladder)
    # by hand: V3 = 10; climb from rung 3 = (1*10 + 2*0)/3 = 10/3 < 4: the best rule takes on rung 3;
    # autoplay takes on rung 3 too: V2 = (4 + 1)/2 = 5/2 (a fall from rung 2 pays rung 1); V1 = (2*5/2 + 0)/3
    assert auto == Fraction(5, 3) and best == Fraction(5, 3)
    always = dataclasses.replace(ladder, auto_take_at=0)
    assert ladder_values(always)[0] == (2 * ((Fraction(10, 3) + 1) / 2)) / 3 < ladder_values(always)[1]
    part = next(p for p in par(only(toy, "ladder")).parts if p.name == "ladder")
    assert part.figures["optimal_value_x_bet"] == Exact(best) and "autoplay rule" in part.notes[0]


# --- the lucky slot ------------------------------------------------------------------------------


def test_a_lucky_slot_spin_pays_its_credits_times_its_multipliers(toy: Definition) -> None:
    # three LUCKY: two spins. Spin 1: 3x, x2, 2x -> (3+2) x 2 = 10; spin 2: 1x, 0, x3 -> 1 x 3 = 3
    result = play(toy, (*LUCKY3, 2, 1, 2, 0, 0, 1))  # a weighted draw's script is its weight's place
    spins = [e for e in result.events if isinstance(e, LuckySpun)]
    assert [(e.credits_x_bet, e.multiplier) for e in spins] == [(5, 2), (1, 3)]
    assert result.total_win == 13 * default_bet(toy).total


# --- par, brute force, the batch path -----------------------------------------------------------


def test_toy_par_is_exact_and_equals_brute_force(toy: Definition) -> None:
    report = par(toy)
    assert isinstance(report.total, Exact)
    parts = {p.name: p for p in report.parts}
    assert all(parts[n].rtp.value > 0 for n in ("bottles", "ladder", "lucky"))
    brute = round_value(toy)
    assert brute.paths > 300
    assert report.total.value == brute.rtp


def test_pick_value_is_the_same_whatever_the_prizes_order(toy: Definition) -> None:
    pick = feature(toy, "bottles")
    flipped = dataclasses.replace(pick, prizes=tuple(reversed(pick.prizes)))
    assert pick_value(pick) == pick_value(flipped)
    # by hand, one pick of 1, 1, 5, x2 (of nothing), +1 pick, 2: (1 + 1 + 5 + 0 + 2) / 6 for the
    # prizes, and the +1 pick (1 in 6) is one more of the other five, worth (1 + 1 + 5 + 0 + 2) / 5
    one = dataclasses.replace(pick, picks=1)
    assert pick_value(one) == (Fraction(9, 6) + Fraction(1, 6) * Fraction(9, 5), 1 + Fraction(1, 6))


def test_the_batch_path_equals_play_round_round_by_round(toy: Definition) -> None:
    bet = default_bet(toy)
    seeds = derive_seeds(35, 0, 1500)
    results = [play_round(toy, RoundRequest(bet, int(s))) for s in seeds]
    out = round_outcomes(toy, bet, seeds)
    assert sum(bool(r.features) for r in results) > 100
    assert np.array_equal(out.win, np.array([r.total_win for r in results]))


# --- the loader ---------------------------------------------------------------------------------


def bad(toy_text: str, old: str, new: str) -> str:
    assert old in toy_text
    with pytest.raises(DefinitionError) as err:
        load_definition_text(toy_text.replace(old, new, 1), "toy-picks.yaml")
    return str(err.value)


def test_the_loader_names_a_broken_bonus_with_its_line() -> None:
    text = TOY.read_text()
    message = bad(text, "  picks: 2\n", "  picks: 9\n")
    assert "9 picks of 6 tiles" in message and "toy-picks.yaml:" in message
    assert "needs player_takes" in bad(text, "  player_takes: true\n", "")
    assert "rungs is for game: ladder" in bad(text, "  game: pick\n", "  game: pick\n  rungs: [{x_bet: 1}]\n")
    assert "a multiplier is a whole number" in bad(text, "{multiplier: 2}", "{multiplier: 0}")


# --- a kill mid-bonus ------------------------------------------------------------------------------


def test_a_round_killed_mid_bonus_resumes_at_the_same_pick(toy: Definition, tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from cabinet.services.ledger import GameRef, JournaledLedger, RoundSummary, fingerprint_bytes

    fingerprint = fingerprint_bytes(TOY.read_bytes())
    clock = lambda: datetime(2026, 12, 7, 5, 0, 0, tzinfo=UTC)  # noqa: E731
    request = RoundRequest(default_bet(toy), 7, script=(*PICK_SCREEN, 2, 2), interactive=True)
    ledger = JournaledLedger.open(tmp_path, clock=clock, starting_credits=1000)
    first = play_round(toy, request)
    rid = ledger.begin_round(toy.id, fingerprint, request, first.cost)
    ledger.decision(rid, "4")
    ledger.close()  # killed after the first pick was journaled, before the second

    again = JournaledLedger.open(tmp_path, clock=clock, starting_credits=1000)
    recovered = again.recover(play_round, lambda game_id: GameRef(toy, fingerprint))
    assert recovered is not None and recovered.status == "resumed" and recovered.result is not None
    result = recovered.result
    assert result.request.decisions == ("4",) and result.awaiting == "bottles:pick"
    assert [e.tile for e in picked(result)] == [3] and result.events[-1].choices == ("1", "2", "3", "5", "6")
    done = play_round(toy, dataclasses.replace(result.request, decisions=("4", "1")))
    again.decision(rid, "1")
    again.end_round(rid, RoundSummary.from_result(done))
    assert again.history.records[-1].request.decisions == ("4", "1")
    assert again.credits == 1000 - first.cost + done.total_win


def test_recovery_completes_a_killed_ladder_by_its_auto_take_rule_when_the_game_auto_completes(
        toy: Definition, tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from cabinet.core.decisions import DecisionError, autoplay_decision
    from cabinet.services.ledger import GameRef, JournaledLedger, fingerprint_bytes

    auto = dataclasses.replace(toy, interrupted_rounds="auto_complete")
    fingerprint = fingerprint_bytes(TOY.read_bytes())
    clock = lambda: datetime(2026, 12, 7, 5, 0, 0, tzinfo=UTC)  # noqa: E731
    request = RoundRequest(default_bet(auto), 7, script=(*LADDER_SCREEN, 0, 0), interactive=True)
    ledger = JournaledLedger.open(tmp_path, clock=clock, starting_credits=1000)
    first = play_round(auto, request)
    assert first.awaiting == "ladder:ladder"
    rid = ledger.begin_round(auto.id, fingerprint, request, first.cost)
    ledger.decision(rid, "climb")
    ledger.close()  # killed on rung 2, waiting for take-or-climb

    again = JournaledLedger.open(tmp_path, clock=clock, starting_credits=1000)
    recovered = again.recover(play_round, lambda game_id: GameRef(auto, fingerprint), auto_complete=True,
                              rules=lambda defn, req: autoplay_decision(play_round, defn, req))
    assert recovered is not None and recovered.status == "auto_completed" and recovered.result is not None
    # the rule autoplay plays by: climb on rung 2, take on rung 3 (auto_take_at: 3)
    assert recovered.request is not None and recovered.request.decisions == ("climb", "climb", "take")
    assert recovered.result.total_win == 4 * default_bet(auto).total == again.history.records[-1].win
    assert again.credits == 1000 - first.cost + recovered.result.total_win
    assert again.journal.pending() is None and again.balanced()
    with pytest.raises(DecisionError):  # a complete round takes no further decision
        autoplay_decision(play_round, auto, recovered.request)
