"""Mixed pays over a group of symbols (issue 35, item 7: IGT's any bar, any seven): ``pay_groups``.
A line run of any mix of a group's symbols, wilds substituting, is paid on the group's pays when
that pays more than a symbol's own. Hand-built lines; par exact and equal to brute force (the
line DP and the vectorised line table both); the batch equal to play_round."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.evaluate import compiled
from cabinet.core.linemath import line_expectation, line_pay_table
from cabinet.core.loader import DefinitionError, load_definition, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.core.value import Exact

TOY = Path(__file__).parent / "games" / "mults" / "toy-any-bar.yaml"


@pytest.fixture(scope="module")
def toy():  # type: ignore[no-untyped-def]
    return load_definition(TOY)


@pytest.mark.parametrize(("line", "paid"), [
    (("BAR1", "BAR2", "BAR3"), ("ANY_BAR", 5, 1)),  # mixed bars
    (("BAR3", "BAR3", "BAR3"), ("BAR3", 40, 1)),  # three of one bar pay their own, more
    (("BAR1", "BAR1", "BAR1"), ("BAR1", 10, 1)),
    (("BAR2", "DIAMOND", "BAR1"), ("ANY_BAR", 10, 2)),  # the wild substitutes in the group and doubles
    (("RED7", "BLUE7", "RED7"), ("ANY_7", 20, 1)),
    (("DIAMOND", "RED7", "BLUE7"), ("ANY_7", 40, 2)),  # leading wild: the first symbol's group
    (("BAR1", "RED7", "BAR1"), None),  # a seven breaks the bars
])
def test_mixed_lines(toy, line: tuple[str, ...], paid: tuple[str, int, int] | None) -> None:  # type: ignore[no-untyped-def]
    pays = compiled(toy).line_pays(line, False)
    if paid is None:
        assert pays == ()
    else:
        (pay,) = pays
        assert (pay.symbol, pay.coins, pay.multiplier) == paid


def test_par_is_exact_and_equals_brute_force_and_the_line_table(toy) -> None:  # type: ignore[no-untyped-def]
    report = par(toy)
    assert isinstance(report.total, Exact)
    assert report.symbols["ANY_BAR"] > 0 and report.symbols["ANY_7"] > 0
    assert report.total.value == round_value(toy).rtp
    table = line_pay_table(toy, "base", False)  # the vectorised best run (simulate, hit rate)
    combos = np.prod(table.shape)
    assert line_expectation(toy, "base").total * combos * table.denominator == int(table.coins.sum())


def test_the_batch_equals_play_round(toy) -> None:  # type: ignore[no-untyped-def]
    bet = default_bet(toy)
    seeds = derive_seeds(6, 0, 1000)
    out = round_outcomes(toy, bet, seeds)
    played = [play_round(toy, RoundRequest(bet, int(s), with_offer=False, keep_events=False)).total_win
              for s in seeds]
    assert np.array_equal(out.win, np.array(played))


@pytest.mark.parametrize(("old", "new", "message"), [
    ("id: ANY_7,", "id: CHERRY,", "already a symbol or group id"),
    ("symbols: [RED7, BLUE7]", "symbols: [RED7, DIAMOND]", "'DIAMOND' is wild"),
    ("symbols: [RED7, BLUE7]", "symbols: [RED7]", "two or more"),
    ("pays: {3: 20}", "pays: {4: 20}", "between 1 and 3 reels"),
])
def test_the_loader_says_what_a_group_may_hold(old: str, new: str, message: str) -> None:
    with pytest.raises(DefinitionError) as err:
        load_definition_text(TOY.read_text().replace(old, new), "bad.yaml")
    assert message in str(err.value) and "bad.yaml:" in str(err.value)


def test_the_paytable_shows_each_group_on_a_card_of_its_symbols(toy) -> None:  # type: ignore[no-untyped-def]
    from cabinet.presentation.scenes.info import pay_cards

    cards = {card.title: card for card in pay_cards(toy, default_bet(toy))}
    bars = cards["ANY BAR"]
    assert bars.symbols == ("BAR1", "BAR2", "BAR3")
    assert bars.rows == (("3", "5", "€1.25"),)
    assert "ANY MIX OF BAR1, BAR2, BAR3 ON A LINE." in bars.notes
