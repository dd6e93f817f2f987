"""Issue 35 item 7, symbols that turn wild: the second form, each listed symbol a wild of its own
kind (CT Interactive's Vikings Fun: ``turn_wild`` with ``own_wilds`` and ``wild_lines:
one_wild_kind``). Pinned on hand-built lines; the evaluator, the line DP and the vectorised line
table agree on every symbol tuple of the toy; par equals brute force on the toy; the batch path
equals play_round round by round; slotopol's Vikings Fun reels give its published RTP."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from cabinet.core import linemath
from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.definition import Definition
from cabinet.core.evaluate import line_pays
from cabinet.core.events import LineWin
from cabinet.core.features.turn_wild import SymbolsTurnedWild
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes

GAMES = Path(__file__).resolve().parent / "games"
TOY = GAMES / "shapes" / "toy-own-wild.yaml"


@pytest.fixture(scope="module")
def toy() -> Definition:
    return load_game(TOY)


def paid(defn: Definition, line: str) -> tuple[tuple[str, int], ...]:
    return tuple((p.symbol, p.count) for p in line_pays(defn, tuple(line.split())))


@pytest.mark.parametrize(("line", "pays"), [
    ("WILD WILD RW", (("WILD", 2),)),  # a wild of another kind ends the line
    ("RW RW WILD", (("RW", 2),)),
    ("WILD RW B", ()),  # ... and the symbol after it is never tried
    ("RW RW RW", (("RW", 3),)),  # an own wild pays its own pays
    ("RW B LW", (("B", 3),)),  # after the first symbol every kind substitutes
    ("WILD C LW", (("C", 3),)),
    ("LW C C", (("C", 3),)),
    ("RW RW C", (("C", 3),)),  # the better of the own wild's run (RW x2: 2) and C x3 (3)
    ("RW RW S", (("RW", 2),)),  # a scatter after the wilds: their own run
])
def test_own_wilds_on_hand_built_lines(toy: Definition, line: str, pays: tuple[tuple[str, int], ...]) -> None:
    assert paid(toy, line) == pays


def test_without_one_wild_kind_the_leading_wilds_of_two_kinds_still_substitute(toy: Definition) -> None:
    text = TOY.read_text().replace("wild_lines: one_wild_kind\n", "")
    plain = load_definition_text(text, "g.yaml")
    assert paid(plain, "WILD RW B") == (("B", 3),)


def test_evaluator_line_dp_and_line_table_agree_on_every_tuple(toy: Definition) -> None:
    rules = linemath.rules_for(toy)
    symbols = rules.symbols
    seqs = np.array(list(product(range(len(symbols)), repeat=3)), dtype=np.int32)
    values, _, _ = linemath._best_runs(rules, seqs, 1)
    for row, value in zip(seqs, values, strict=True):
        seq = tuple(symbols[i] for i in row)
        coins = sum((p.coins for p in line_pays(toy, seq)), Fraction(0))
        assert coins == value == rules.line_coins(seq, False), seq
    # the DP on the free reels as they show after the turn: equal to paying every tuple
    into = {"R": "RW", "L": "LW"}
    strips = [[into.get(s, s) for s in strip] for strip in toy.reels["free"]]
    weights = [list(Counter(strip).items()) for strip in strips]
    tuples = list(product(*strips))
    by_tuple = sum((sum((p.coins for p in line_pays(toy, t)), Fraction(0)) for t in tuples), Fraction(0))
    assert linemath.line_expectation_of_weights(toy, weights, False).total == by_tuple / len(tuples)


def test_red_and_blonde_turn_into_their_own_wilds_in_free_spins(toy: Definition) -> None:
    bet = default_bet(toy)
    result = play_round(toy, RoundRequest(bet, 1, script=(1, 1, 0, 0, 4, 2)))
    turned = [e for e in result.events if isinstance(e, SymbolsTurnedWild)]
    assert [(e.wild, e.positions, e.was) for e in turned] == [
        ("RW", ((0, 0), (1, 0), (2, 0)), ("R", "R", "R")),
        ("LW", ((1, 1),), ("L",)),
    ]
    free = {(e.line, e.symbol, e.count) for e in result.events if isinstance(e, LineWin)}
    assert free == {(0, "RW", 3), (1, "B", 3)}  # line 3 (R L R) ends at the blonde wild


def test_the_toy_par_is_exact_and_equals_brute_force(toy: Definition) -> None:
    report = par(toy)
    assert report.exact, report.notes
    assert report.total_rtp == round_value(toy).rtp
    assert any(p.name == "turn_wild" and p.rtp.value != 0 for p in report.parts)  # type: ignore[attr-defined]


def test_batch_equals_play_round_round_by_round(toy: Definition) -> None:
    bet = default_bet(toy)
    seeds = derive_seeds(17, 0, 300)
    out = round_outcomes(toy, bet, seeds)
    assert not out.scalar.any()  # the own wilds stay in the batch
    assert out.win.tolist() == [play_round(toy, RoundRequest(bet, int(s))).total_win for s in seeds]


@pytest.mark.parametrize(("old", "new", "says"), [
    ("own_wilds: [RW, LW]", "own_wilds: [RW]", "one wild per listed symbol"),
    ("own_wilds: [RW, LW]", "own_wilds: [RW, B]", "must be"),
    ("own_wilds: [RW, LW]", "own_wilds: [RW, LW]\n    wild: WILD", "not both"),
    ("    own_wilds: [RW, LW]\n", "", "needs the wild the symbols become"),
])
def test_bad_own_wilds_are_named_with_their_place(old: str, new: str, says: str) -> None:
    text = TOY.read_text()
    assert old in text
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text.replace(old, new), "g.yaml")
    found = [str(i) for i in info.value.issues]
    assert any(says in t and t.startswith("g.yaml:") for t in found), found


def test_vikings_fun_is_its_published_rtp_to_every_digit() -> None:
    """slotopol's Vikings Fun at its 96.105777% reels (free spins on the same reels, RED and BLONDE
    their own wilds in them); without ``one_wild_kind`` the same reels give 100.121149%."""
    defn = load_game(GAMES / "catalogue" / "vikings-fun.yaml")
    report = par(defn)
    assert report.total is not None and report.total.exact
    assert f"{float(report.total.value) * 100:.6f}" == "96.105777"


def test_the_info_page_says_the_rule(toy: Definition) -> None:
    from cabinet.presentation.mechanics import mechanic_of
    from cabinet.presentation.mechanics.writing import Writer

    writer = Writer(toy, default_bet(toy))
    (turning,) = [f for f in toy.features if f.type == "turn_wild"]
    text = " ".join(p.text for p in mechanic_of(turning).rules(writer, turning).paras)  # type: ignore[union-attr]
    assert "RED and BLONDE turn wild in free spins: each substitutes for the other line symbols and keeps its own " \
           "pays" in text, text
    assert "a line that begins with one kind of wild ends at a wild of another kind" in text


def test_vikings_fun_batch_equals_play_round_round_by_round() -> None:
    defn = load_game(GAMES / "catalogue" / "vikings-fun.yaml")
    bet = default_bet(defn)
    seeds = derive_seeds(5, 0, 600)
    out = round_outcomes(defn, bet, seeds)
    rounds = [play_round(defn, RoundRequest(bet, int(s))) for s in seeds]
    assert out.win.tolist() == [r.total_win for r in rounds]
    turned = [e for r in rounds for e in r.events if isinstance(e, SymbolsTurnedWild)]
    assert {e.wild for e in turned} == {"RED_WILD", "BLONDE_WILD"}  # free spins played, both kinds turned


@pytest.mark.parametrize("toy_path", ["pays/toy-ways.yaml", "pays/toy-lines-ways-free.yaml", "pays/toy-cluster.yaml"])
def test_one_wild_kind_is_refused_where_no_payline_reads_it(toy_path: str) -> None:
    """A lines rule named in a game (or a reel set) that pays otherwise is refused at its place,
    not ignored."""
    text = (GAMES / toy_path).read_text()
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text + "\nwild_lines: one_wild_kind\n", "g.yaml")
    found = [str(i) for i in info.value.issues]
    assert any("one_wild_kind" in t and "lines game only" in t and t.startswith("g.yaml:") for t in found), found
