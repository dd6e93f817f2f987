"""RTP sensitivity (core/sensitivity.py) and ``cabinet par --sensitivity``."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter

from cabinet.cli import main
from cabinet.core.loader import load_game
from cabinet.core.par import par
from cabinet.core.sensitivity import farthest_stop, levers, sensitivity
from cabinet.core.value import Exact


def test_a_strip_lever_replaces_one_stop_and_its_delta_is_the_exact_par_difference() -> None:
    defn = load_game("classic")
    base = par(defn)  # fills the memo the lever's copy reuses
    lever = next(lv for lv in levers(defn, ["strip"]) if lv.label.startswith("base reel 3: +1 SEVEN"))
    changed = lever.change(defn)
    before, after = Counter(defn.reels["base"][2]), Counter(changed.reels["base"][2])
    assert len(changed.reels["base"][2]) == len(defn.reels["base"][2])
    assert after["SEVEN"] == before["SEVEN"] + 1 and sum((before - after).values()) == 1
    fresh = dataclasses.replace(changed)  # no memo carried over: par from scratch
    report = sensitivity(defn, only=["base reel 3: +1 SEVEN"], kinds=["strip"])
    (effect,) = report.effects
    assert isinstance(effect.delta, Exact)
    assert base.total is not None and par(fresh).total is not None
    assert effect.delta.value == par(fresh).total.value - base.total.value  # type: ignore[union-attr]
    assert effect.delta.value != 0 and effect.lever.path[:3] == ("reels", "base", 2)


def test_a_pay_lever_moves_the_rtp_by_the_chance_of_that_win() -> None:
    # Without features the line RTP is linear in the top pay: +1 coin adds P(five SEVENs on a line).
    defn = dataclasses.replace(load_game("classic"), features=())
    report = sensitivity(defn, kinds=["pay"], only=["pay SEVEN x5"])
    (effect,) = report.effects
    assert effect.delta == Exact(par(defn).counts["SEVEN"][5])
    assert effect.lever.unit == "coin" and effect.per_unit() == effect.delta


def test_feature_levers_cover_whole_numbers_tables_and_skip_switches() -> None:
    defn = load_game("classic")
    labels = [lv.label for lv in levers(defn, ["feature"])]
    assert "free_spins.win_multiplier: 2 -> 3" in labels
    assert "free_spins.awards[3]: 10 -> 11" in labels
    assert not any("max_win" in label or "retrigger:" in label for label in labels)


def test_levers_are_sorted_largest_first_and_estimates_say_so() -> None:
    defn = load_game("classic")
    report = sensitivity(defn, kinds=["feature"])
    sizes = [e.size for e in report.effects]
    assert sizes == sorted(sizes, reverse=True) and all(e.exact for e in report.effects)
    awards = next(e for e in report.effects if e.lever.label == "free_spins.awards[3]: 10 -> 11")
    assert awards.delta.mean > 0


def test_farthest_stop_keeps_a_symbol_spaced() -> None:
    strip = ("A", "S", "A", "B", "A", "B", "A", "A")
    assert farthest_stop(strip, "A", "S") == 4  # 3 stops from the S either way, and a lone A
    assert farthest_stop(strip, "C", "S") is None


def test_par_sensitivity_top_k(capsys) -> None:  # noqa: ANN001 - pytest fixture
    assert main(["par", "classic", "--sensitivity", "--levers", "feature", "--top", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["sensitivity"]
    assert len(data["effects"]) == 2 and data["levers"] > 2
    assert data["effects"][0]["delta_rtp"]["exact"] is True
    assert main(["par", "classic", "--sensitivity", "--levers", "feature", "--top", "3"]) == 0
    out = capsys.readouterr().out
    assert "sensitivity: RTP change per lever (3 of" in out and "ms each" in out
    assert main(["par", "classic", "--sensitivity", "--levers", "reels"]) == 2


def test_reel_set_weights_are_levers_when_the_base_game_draws_one_of_several() -> None:
    from cabinet.core.definition import BaseGame, WeightedName

    plain = load_game("classic")
    assert not any(lv.label.startswith("base_game.reel_sets") for lv in levers(plain, ["strip"]))
    richer = plain.reels["base"][:2] + tuple(("SEVEN",) + s[1:] for s in plain.reels["base"][2:])
    two = dataclasses.replace(plain, reels={**plain.reels, "hot": richer},
                              base_game=BaseGame((WeightedName("base", 3), WeightedName("hot", 1))))
    report = sensitivity(two, kinds=["strip"], only=["base_game.reel_sets"])
    by_label = {e.lever.label: e for e in report.effects}
    hot = by_label["base_game.reel_sets[1] (hot): weight 1 -> 2"]
    base, more = par(two).total, par(hot.lever.change(two)).total
    assert isinstance(hot.delta, Exact) and base is not None and more is not None
    assert hot.delta.value == more.value - base.value  # type: ignore[union-attr]
    assert (hot.delta.value > 0) == (par(dataclasses.replace(two, base_game=BaseGame((WeightedName("hot", 1),))))
                                     .total_rtp > par(plain).total_rtp)
