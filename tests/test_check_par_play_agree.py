"""Issue 37: four places where check, par and play disagreed, each on a small game of its own.

1. a fractional multiplier: `cabinet check` refuses one that can make a fractional minor unit
   (naming its value's file:line:col and the smallest coin that fails); one that keeps every
   pay whole is priced exactly as play pays it;
2. two free-spins blocks that trigger inside each other: each feature's retrigger gives spins
   of that feature, in par and in play alike;
3. a paid respin after a mystery reveal pays only what the respun screen adds to the screen the
   player saw (its reveals included);
4. an estimate names its part and its 95% interval in text and JSON, also when the whole game
   is estimated, and `--exact-only` blames it, not the hit rate.

Every exact figure is held against brute force (``cabinet/core/bruteforce.py``), every
estimate's interval against brute force or a simulation (``test_combination_corpus.check``).
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

import pytest
import yaml
from test_combination_corpus import check, offered_screens, respin_mismatches

from cabinet.cli import main
from cabinet.core.loader import DefinitionError, load_definition_text
from cabinet.core.par import par
from cabinet.core.simulate import simulate
from cabinet.machine.session import GameSession


def game(features: list[dict[str, Any]], *, coin: str = "0.01", pays: dict[str, Any] | None = None,
         reels: dict[str, list[str]] | None = None, symbols: list[dict[str, Any]] | None = None) -> str:
    """A 3x1 one-line game's YAML: A and B pay, S is a scatter on every reel."""
    doc = {
        "format": 1, "id": "agree", "name": "Agree", "grid": {"reels": 3, "rows": 1},
        "symbols": symbols or [{"id": "A"}, {"id": "B"}, {"id": "S", "kind": "scatter"}],
        "reels": reels or {"base": ["A B S", "A B S", "A B S"], "free": ["A B S", "A S B", "B A S"]},
        "lines": [[0, 0, 0]],
        "pays": pays or {"A": {3: 3}, "B": {3: 1}},
        "bet": {"currency": "EUR", "minor_units": 2, "coin_values": [coin], "lines": [1]},
        "features": features,
    }
    return yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200)


# --- 1. a fractional multiplier ---------------------------------------------------------------------

def free_spins_with(multiplier: str, **more: Any) -> dict[str, Any]:
    return {"type": "free_spins", "trigger_symbol": "S", "awards": {3: 2}, "retrigger": False,
            "reel_sets": [{"set": "free"}], "spin_multipliers": [{"value": 1, "weight": 1},
                                                                  {"value": multiplier, "weight": 1}], **more}


def test_check_refuses_a_multiplier_that_makes_a_fraction_of_a_minor_unit_at_its_value() -> None:
    text = game([free_spins_with("1.5")], coin="0.01")
    with pytest.raises(DefinitionError) as caught:
        load_definition_text(text, source="frac.yaml")
    message = str(caught.value)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "1.5" in row)
    column = text.splitlines()[line - 1].index("'1.5'") + 1  # the quoted value
    assert f"frac.yaml:{line}:{column}: multiplier 1.5 makes 3 'B' (1 coins) pay 1.5 minor units" in message
    assert "of 0.01 (the smallest coin that fails)" in message


def test_the_smallest_failing_coin_is_named_and_a_scatter_pay_counts_too() -> None:
    # 0.02 and 0.04 keep 1.5 x 1 and 1.5 x 3 whole; with 1.25 the 0.02 coin fails first
    text = game([free_spins_with("1.25")], coin="0.04")
    text = text.replace("coin_values: ['0.04']", "coin_values: ['0.04', '0.02', '0.08']")
    with pytest.raises(DefinitionError, match=r"at 1 coin\(s\) per line of 0.02 \(the smallest coin that fails\)"):
        load_definition_text(text)
    scatter = game([free_spins_with("1.5")], coin="0.02", pays={"A": {3: 3}, "B": {3: 1}, "S": {3: "0.5"}})
    with pytest.raises(DefinitionError, match=r"3 'S' \(0.5 x the bet\) pay 1.5 minor units at a total bet of 0.02"):
        load_definition_text(scatter)


def test_a_fractional_multiplier_that_keeps_pays_whole_is_priced_exactly_as_play_pays() -> None:
    defn = load_definition_text(game([free_spins_with("1.5")], coin="0.02"))
    result = check(defn, "x1.5 on 0.02")
    assert result.by == "brute force" and result.ok and result.par_text.startswith("exact"), result.line()
    simulate(defn, 2_000, 5)  # play pays every round: no MoneyError


def test_a_fractional_cap_rounds_down_in_par_as_in_play() -> None:
    # a cap of 1.55 x a 0.02 bet is 3.1 minor units: 3 in play, and par prices the same 3
    defn = load_definition_text(game([free_spins_with("2", max_win_x_bet="1.55")], coin="0.02"))
    result = check(defn, "cap 1.55x on 0.02")
    assert result.by == "brute force" and result.ok, result.line()


WHEEL = {"type": "wheel", "trigger_symbol": "S", "trigger_reels": [1, 2, 3],
         "rings": [{"name": "outer", "pockets": [{"pays_x_bet": 2}, {"pays_x_bet": "0.5"}]}]}
LEVELS = {"type": "progress_levels", "symbol": "S", "feature": "free_spins", "points_per_level": 1, "max_points": 1,
          "levels": [{"unlock": "multiplier", "value": "1.5"}]}
MULTIPLIER_WILDS = {"type": "multiplier_wilds", "symbol": "W", "multipliers": [{"value": "1.5"}]}


@pytest.mark.parametrize(("features", "symbols", "refused"), [
    ([WHEEL], None, "1/2 x the bet is not a whole amount at a total bet of 0.01"),
    ([{**WHEEL, "rings": [{"name": "outer", "pockets": [{"jackpot": "MINI"}]}], "jackpots": {"MINI": "0.5"}}], None,
     "1/2 x the bet is not a whole amount at a total bet of 0.01"),
    ([free_spins_with("2"), LEVELS], None, "expected a whole number"),
    ([MULTIPLIER_WILDS], [{"id": "A"}, {"id": "B"}, {"id": "S", "kind": "scatter"}, {"id": "W", "kind": "wild"}],
     "a multiplier is a whole number of at least 1, got 3/2"),
], ids=["wheel pocket", "jackpot", "level multiplier", "multiplier wild"])
def test_every_other_number_that_reaches_money_is_whole_or_checked(
    features: list[dict[str, Any]], symbols: list[dict[str, Any]] | None, refused: str
) -> None:
    reels = {"base": ["A B S W", "A B S W", "A B S W"], "free": ["A B S", "A S B", "B A S"]} if symbols else None
    with pytest.raises(DefinitionError, match=re.escape(refused)):
        load_definition_text(game(features, coin="0.01", symbols=symbols, reels=reels))


# --- 4. an estimate that lists nothing --------------------------------------------------------------

# a board that may open inside free spins with spin multipliers: no par prices the two together,
# so the whole game is simulated, while every part is exact on its own
WHOLE_ESTIMATE = game(
    [
        {"type": "free_spins", "trigger_symbol": "S", "awards": {3: 1}, "retrigger": False,
         "reel_sets": [{"set": "free"}], "spin_multipliers": [{"value": 1, "weight": 2}, {"value": 3, "weight": 1}]},
        {"type": "hold_and_respin", "name": "coins", "trigger_symbols": {"C": 1}, "trigger_counts": {2: 1},
         "respins": 1, "in_free_spins": True, "place_symbol": "C",
         "boards": [{"name": "ONE", "reels": 1, "rows": 3, "strip": "BLANK C"}], "cells": [{"symbol": "C"}]},
    ],
    coin="0.10",
    symbols=[{"id": "A"}, {"id": "B"}, {"id": "S", "kind": "scatter"},
             {"id": "C", "kind": "bonus", "prizes": [{"value": 1}, {"value": 2}]}, {"id": "BLANK", "kind": "blank"}],
    reels={"base": ["A B S C", "A B S C", "A B S"], "free": ["A B S C", "A S C", "B A S"]},
)


def test_a_game_estimated_whole_names_its_total_and_interval_in_json_and_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Any
) -> None:
    path = tmp_path / "whole.yaml"
    path.write_text(WHOLE_ESTIMATE)
    report = par(load_definition_text(WHOLE_ESTIMATE))
    assert report.total is not None and not report.total.exact and report.hit_rate is not None
    assert all(p.rtp.exact for p in report.parts)  # the parts are exact: only the total is estimated
    assert report.estimates() == ["total"]
    assert main(["par", str(path), "--json", "--samples", "20"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["estimates"] == ["total"]
    (entry,) = data["estimated"]
    assert entry["figure"] == "total" and entry["exact"] is False and len(entry["ci95"]) == 2
    assert entry["samples"] == 20 * 500 and entry["method"].startswith("simulated whole rounds")
    assert main(["par", str(path), "--samples", "20"]) == 0
    text = capsys.readouterr().out
    assert "estimates (each with its 95% interval):\n  total " in text and "simulated whole rounds" in text
    assert main(["par", str(path), "--exact-only", "--samples", "20"]) == 2
    err = capsys.readouterr().err
    assert "not every figure is exact: total 0." in err and "(95% " in err and "hit rate" not in err


def test_the_estimated_whole_game_holds_brute_force() -> None:
    result = check(load_definition_text(WHOLE_ESTIMATE), "board in free spins with multipliers")
    assert result.par_text.startswith("estimate") and result.ok, result.line()


# --- 3. a paid respin after a mystery reveal --------------------------------------------------------

# M reveals to A or B in base spins only; the screen M A A the player sees as A A A (or B A A)
RESPIN_MYSTERY = game(
    [{"type": "mystery_symbol", "symbol": "M", "modes": ["base"], "reveals": [{"symbol": "A", "weight": 1},
                                                                              {"symbol": "B", "weight": 1}]},
     {"type": "paid_respin", "price_rtp": "90%"}],
    coin="0.10",
    symbols=[{"id": "A"}, {"id": "B"}, {"id": "M"}],
    pays={"A": {2: 1, 3: 5}, "B": {2: 1, 3: 2}},
    reels={"base": ["M A", "A B", "A B"]},
)


def respin_session(base_script: tuple[int, ...]) -> GameSession:
    s = GameSession(load_definition_text(RESPIN_MYSTERY), seed=1)
    s.ledger.add_credits(10_000)
    s.begin_round(base_script)
    s.finish_round()
    return s


def test_a_respin_does_not_pay_again_a_win_its_base_spin_paid_through_a_reveal() -> None:
    s = respin_session((0, 0, 0, 0))  # stops 0 0 0: M A A, M revealed as A: A A A pays 5 coins
    assert s.current is not None and s.current.total_win == 50
    seen = s.current
    # reel 1 respun: M stays M (the block acts in base spins) or A lands: A A A, already paid
    price = s.respin_price(0)
    result = s.begin_respin(0, (1,))
    assert result.total_win == 0, "A A A was paid by the base spin"
    assert price == 10  # worth nothing new: the smallest price, one coin
    assert seen.final_screen == (("A",), ("A",), ("A",))


def test_a_respin_pays_what_the_seen_screen_gains_and_is_priced_on_it() -> None:
    s = respin_session((0, 0, 0, 1))  # M revealed as B: the player sees B A A (nothing pays)
    result = s.begin_respin(1, (1,))  # reel 2 lands B: B B A, two B pay one coin
    assert result.total_win == 10
    assert any(getattr(e, "symbol", "") == "B" and getattr(e, "count", 0) == 2 for e in result.events)
    stopped = next(e for e in result.events if e.kind == "reels_stopped")
    assert stopped.screen == (("B",), ("B",), ("A",))  # the held reels as the player saw them


def test_respin_prices_equal_brute_force_on_every_screen_the_player_can_see() -> None:
    defn = load_definition_text(RESPIN_MYSTERY)
    screens = offered_screens(defn)
    assert any(seen for _, _, seen in screens)  # reveals changed some screens
    checked, wrong = respin_mismatches(defn)
    assert checked and not wrong, "\n".join(wrong)


def test_the_journal_keeps_the_seen_screen_of_a_respin_and_only_where_it_differs() -> None:
    from cabinet.services.journal import request_from_dict, request_to_dict

    s = respin_session((0, 0, 0, 1))
    assert s.current is not None
    request = s.begin_respin(1, (1,)).request
    assert request.held_screen == (("B",), ("A",), ("A",))
    data = request_to_dict(request)
    assert data["held_screen"] == [["B"], ["A"], ["A"]] and request_from_dict(data) == request
    plain = dataclasses.replace(request, held_screen=())
    assert "held_screen" not in request_to_dict(plain)  # records of unchanged screens read as before


# --- 2. two free-spins blocks that nest --------------------------------------------------------------

# gold (3 S: 3 spins, retrigger 1) and silver (3 N: 2 spins, retrigger 1), each able to start in
# the other's spins; the game, on strips of 3-4 stops
NESTING = game(
    [{"type": "free_spins", "name": "gold", "trigger_symbol": "S", "awards": {3: 3}, "retrigger_awards": {3: 1},
      "reel_sets": [{"set": "gold"}], "win_multiplier": 2},
     {"type": "free_spins", "name": "silver", "trigger_symbol": "N", "awards": {3: 2}, "retrigger_awards": {3: 1},
      "reel_sets": [{"set": "silver"}], "win_multiplier": 3}],
    coin="0.10",
    symbols=[{"id": "A"}, {"id": "B"}, {"id": "S", "kind": "scatter"}, {"id": "N", "kind": "bonus"}],
    pays={"A": {3: 5}, "B": {3: 2}},
    reels={"base": ["A B S N", "A B S N", "A B S N"], "gold": ["A S N A", "A S N B", "A S N A"],
           "silver": ["B S N B", "B S N", "B N S"]},
)
# stops S S S start gold; its second spin N N N starts silver; silver's spin lands S S S: gold's retrigger
NESTED_RETRIGGER = (2, 2, 2, 0, 0, 0, 2, 2, 2, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0)


def runs_of(events: Any) -> list[tuple[str, int, int, set[str]]]:
    """Each free-spins run of a round: (feature, spins awarded + its own retriggers' spins,
    spins it played, the reel sets of its own spins)."""
    out: list[tuple[str, int, int, set[str]]] = []
    stack: list[list[Any]] = []
    for e in events:
        if e.kind == "feature_started":
            stack.append([e.feature, e.spins, set()])
        elif e.kind == "feature_triggered" and e.retrigger:
            next(run for run in reversed(stack) if run[0] == e.feature)[1] += e.awarded
        elif e.kind == "spin_started" and e.mode == "free":
            stack[-1][2].add(e.reel_set)
        elif e.kind == "feature_ended":
            name, owed, sets = stack.pop()
            out.append((name, owed, e.spins_played, sets))
    return out


def test_an_outer_feature_s_retrigger_in_a_nested_feature_s_spin_gives_spins_of_the_outer_one() -> None:
    from cabinet.core.bet import default_bet
    from cabinet.core.round import RoundRequest, play_round

    defn = load_definition_text(NESTING)
    result = play_round(defn, RoundRequest(default_bet(defn), 0, script=NESTED_RETRIGGER))
    outer = [e for e in result.events if e.kind == "feature_triggered" and e.retrigger]
    assert [e.feature for e in outer] == ["gold"]
    runs = runs_of(result.events)
    assert [name for name, *_ in runs] == ["silver", "gold"]  # silver nested in gold, the retrigger in silver's
    for name, owed, played, sets in runs:
        assert played == owed, f"{name} played {played} spins, was owed {owed}"
        assert sets == {name}, f"{name}'s spins were played on {sets}"
    assert runs[0][2] == 2  # silver started nested: its award (2), not the retrigger award


def test_the_screen_adds_an_outer_retrigger_to_the_outer_counter() -> None:
    from cabinet.core.bet import default_bet
    from cabinet.core.round import RoundRequest, play_round
    from cabinet.presentation.screen_state import ScreenState, feature_presenters

    defn = load_definition_text(NESTING)
    result = play_round(defn, RoundRequest(default_bet(defn), 0, script=NESTED_RETRIGGER))
    state = ScreenState(presenters=feature_presenters(defn))
    seen: list[tuple[str, int, int]] = []
    for e in result.events:
        state.apply(e)
        if e.kind == "spin_started" and e.mode == "free" and state.free is not None:
            seen.append((state.free_name, state.free.played, state.free.total_spins))
    # gold 1 of 3, 2 of 3; silver 1 of 2, 2 of 2 (gold's S landed in silver's first: not silver's);
    # gold again: 3 of 4, 4 of 4
    assert seen == [("gold", 1, 3), ("gold", 2, 3), ("silver", 1, 2), ("silver", 2, 2), ("gold", 3, 4),
                    ("gold", 4, 4)]


def test_nesting_free_spins_par_holds_its_simulation() -> None:
    result = check(load_definition_text(NESTING), "gold and silver nesting", max_paths=0, spins=200_000)
    assert result.par_text.startswith("estimate") and result.ok, result.line()


def test_check_refuses_a_paid_respin_that_could_start_free_spins_it_cannot_price() -> None:
    # the respin offer prices any free spins its screen starts: with a second free-spins feature
    # in their spins that value is not exact, so the offer would fail in play; check says so
    text = NESTING.replace("features:\n", "features:\n- {type: paid_respin, price_rtp: 90%}\n", 1)
    with pytest.raises(DefinitionError, match="gold can start from a respin, and its value with silver is not exact"):
        load_definition_text(text)
