"""Par's estimates: the 10x top-up priced by Wald's identity, and runs sized for a precision."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from fractions import Fraction as F

import pytest

from cabinet.cli import main
from cabinet.core.bet import default_bet
from cabinet.core.features import ParContext, block
from cabinet.core.features.free_spins import SPINS_PER_SAMPLE
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.par import par_to_precision
from cabinet.core.value import Z95, Estimate


@pytest.fixture(scope="module")
def halloween():  # type: ignore[no-untyped-def]
    return load_game("halloween-wins-3")


def free_spins_part(defn, samples: int):  # type: ignore[no-untyped-def]
    f = defn.feature("free_spins")
    return block("free_spins").par(ParContext(defn, f, default_bet(defn), samples, 11))  # type: ignore[union-attr]


def test_the_top_up_by_wald_agrees_with_paired_runs_and_is_tighter(halloween) -> None:  # type: ignore[no-untyped-def]
    entry = block("free_spins")
    assert entry is not None
    part = free_spins_part(halloween, 100)  # the chain on 1,000,000 single free spins
    assert any("Wald" in note for note in part.notes)
    exact, triggers, rules = entry.exact_part(ParContext(halloween, halloween.feature("free_spins"),  # type: ignore[attr-defined]
                                                         default_bet(halloween), 3000, 11))
    assert rules == ["top-up"]
    paired, _, _ = entry._rule_effect(ParContext(halloween, halloween.feature("free_spins"),  # type: ignore[attr-defined]
                                                 default_bet(halloween), 3000, 11), triggers, rules)
    wald = part.rtp
    assert isinstance(wald, Estimate) and isinstance(paired, Estimate)
    wald_top_up = wald.mean - float(exact.rtp.value)
    # the two estimators of the same top-up, on independent-enough runs, agree within 3 standard errors
    assert abs(wald_top_up - paired.mean) < 3 * (wald.std_error**2 + paired.std_error**2) ** 0.5
    assert wald.std_error < paired.std_error  # only the number of extra spins is random


def test_a_capped_feature_keeps_the_paired_runs(halloween) -> None:  # type: ignore[no-untyped-def]
    f = dataclasses.replace(halloween.feature("free_spins"), max_win_x_bet=Fraction(500))
    capped = dataclasses.replace(halloween, features=tuple(f if p.type == "free_spins" else p for p in halloween.features))
    part = block("free_spins").par(ParContext(capped, f, default_bet(capped), 200, 11))  # type: ignore[union-attr]
    assert not any("Wald" in note for note in part.notes)
    assert any("paired runs" in note and "cap and top-up" in note for note in part.notes)


def test_par_runs_its_estimates_to_the_asked_precision(halloween) -> None:  # type: ignore[no-untyped-def]
    # +-0.05 points: more than a 4-sample pilot gives (40,000 single free spins: about +-0.07)
    report = par_to_precision(halloween, half_width=Fraction(5, 10000), pilot=4)
    whole = report.total
    assert isinstance(whole, Estimate) and Z95 * whole.std_error <= 0.0005
    assert whole.samples > 4 * SPINS_PER_SAMPLE  # the pilot alone was not enough, a second run was made
    assert any("grown from a 4-sample pilot" in note for note in report.notes)


def test_an_exact_game_needs_no_second_run() -> None:
    report = par_to_precision(load_game("classic"), half_width=Fraction(1, 10**6))
    assert report.exact and not any("pilot" in note for note in report.notes)


def test_the_precision_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "classic", "--precision", "lots"]) == 2
    assert "--precision must be a percentage such as 0.05%" in capsys.readouterr().err
    text = load_game("classic").source
    with open(text, encoding="utf-8") as fh:
        yaml = fh.read().replace("rtp:", 'par_precision: "50%"\nrtp:', 1)
    with pytest.raises(DefinitionError, match="par_precision is a half-width"):
        load_definition_text(yaml, "classic.yaml")


def test_a_control_variate_keeps_the_mean_and_cuts_the_noise() -> None:
    from cabinet.core.rng import Rng
    from cabinet.core.value import estimate_runs

    def pair(i: int) -> tuple[int, int]:
        rng = Rng(i)
        y = rng.below(201) - 100  # mean exactly 0
        return 3 * y + rng.below(21) + 40, y  # x = 3y + noise of mean 50

    plain = estimate_runs(lambda i: pair(i)[0], 4000, 0, "toy")
    controlled = estimate_runs(lambda i: pair(i)[0], 4000, 0, "toy", control=lambda i: pair(i)[1])
    assert abs(controlled.mean - 50) < 3 * controlled.std_error < 3 * plain.std_error / 10
    assert "control variate (b = 3.0" in controlled.method


def test_the_minigame_s_control_has_mean_zero_and_follows_its_total(halloween) -> None:  # type: ignore[no-untyped-def]
    import numpy as np

    from cabinet.core.features.mummy_access import play_minigame
    from cabinet.core.rng import derive_seed

    bet = default_bet(halloween)
    ghosts = halloween.feature("hold_and_respin")
    runs = [play_minigame(halloween, ghosts, bet, derive_seed(3, i)) for i in range(3000)]
    totals = np.array([r.total for r in runs], dtype=float)
    controls = np.array([float(r.control) for r in runs])
    assert abs(controls.mean()) < 4 * controls.std() / len(runs) ** 0.5  # what landed minus what was due
    assert np.corrcoef(totals, controls)[0, 1] > 0.8  # a jackpot coin that lands shows in both


# --- the top-up's chain ------------------------------------------------------------------------------


def _top_ups_by_recursion(outcomes: dict[tuple[int, int], Fraction], live: int, start: int, top_up: int) -> float:
    """E[top-ups] by the definition, another way: the chance of every (spins left, total) after
    n spins, moved one spin at a time (a top-up when the spins run out at a total <= live)."""
    now: dict[tuple[int, int], float] = {(start, 0): 1.0}
    events = 0.0
    for _ in range(2000):
        nxt: dict[tuple[int, int], float] = {}
        for (left, t), p in now.items():
            for (w, a), q in outcomes.items():
                r, u = left - 1 + a, t + w
                if u > live:
                    continue  # the total exceeds the minimum: no top-up ever again
                if r == 0:
                    events += p * float(q)
                    r = top_up
                nxt[(r, u)] = nxt.get((r, u), 0.0) + p * float(q)
        now = nxt
    return events


def test_the_chain_gives_the_top_ups_of_its_distribution_and_their_influence() -> None:
    import numpy as np

    from cabinet.core.top_up import solve_chain

    live, start, top_up = 3, 2, 1
    # (win in units, spins added) -> chance; wins above `live` leave the chain
    outcomes = {(0, 0): F(3, 10), (1, 0): F(2, 10), (2, 0): F(1, 10), (9, 0): F(3, 10),
                (0, 2): F(1, 20), (1, 2): F(1, 20)}

    def pmf_of(found: dict[tuple[int, int], Fraction]) -> dict[int, np.ndarray]:
        pmf = {a: np.zeros(live + 1) for a in (0, 2)}
        for (w, a), q in found.items():
            if w <= live:
                pmf[a][w] += float(q)
        return pmf

    chain = solve_chain(pmf_of(outcomes), 1, live, {start: 1.0}, top_up)
    assert chain.events == pytest.approx(_top_ups_by_recursion(outcomes, live, start, top_up), rel=1e-12)
    assert chain.dropped < 1e-30
    # the influence is the derivative: moving a little chance from one outcome to another
    for (w, a) in [(1, 0), (0, 2), (2, 0)]:
        eps = F(1, 10**6)
        moved = dict(outcomes)
        moved[(w, a)] += eps
        moved[(9, 0)] -= eps
        nudged = solve_chain(pmf_of(moved), 1, live, {start: 1.0}, top_up).events
        slope = chain.influence[chain.added_values.index(a), w]
        assert (nudged - chain.events) / float(eps) == pytest.approx(slope, rel=1e-4)


@pytest.mark.slow
def test_the_chain_s_top_up_holds_200000_runs_of_the_feature(halloween) -> None:  # type: ignore[no-untyped-def]
    entry = block("free_spins")
    assert entry is not None
    f = halloween.feature("free_spins")
    pctx = ParContext(halloween, f, default_bet(halloween), 200_000, 7)
    part, triggers, _ = entry.exact_part(pctx)
    spin_value = entry._alike_spin_value(pctx, part)  # type: ignore[attr-defined]
    runs, _, _ = entry._extra_spins(pctx, triggers, spin_value)  # type: ignore[attr-defined]
    chained = free_spins_part(halloween, 400).figures["top_up_spins"]
    rate = sum(triggers.values(), Fraction(0))
    by_runs = runs.scaled(1 / rate)
    assert isinstance(chained, Estimate) and isinstance(by_runs, Estimate)
    assert abs(chained.mean - by_runs.mean) < 4 * (chained.std_error**2 + by_runs.std_error**2) ** 0.5
