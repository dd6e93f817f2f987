"""The wild respin block (Halloween Wins 3's Dracula respin) on hand-built games.

A full reel of the wild on the trigger reel is held while the other reels respin once
on the respin strips; the exact par is checked against brute force over every base
stop and every respin stop of a tiny game.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction
from itertools import product

import pytest
from screen_helpers import frame, run_until, scenario_app

from cabinet.core.bet import Bet
from cabinet.core.definition import Definition
from cabinet.core.evaluate import evaluate_screen, screen_from_stops
from cabinet.core.events import FeatureEnded, FeatureTriggered, LineWin, ReelsStopped, SpinStarted
from cabinet.core.features import ParContext, block
from cabinet.core.features import wild_respin as wr
from cabinet.core.loader import DefinitionError, load_definition_text
from cabinet.core.round import RoundRequest, events_total, play_round
from cabinet.core.value import Exact
from cabinet.presentation.mechanics.wild_respin.view import ReelLock

BET = Bet(1, 1, 10)  # one line, a total bet of 10 minor units

GAME = """
format: 1
id: toy-respin
name: Toy respin
grid: {reels: 3, rows: 2}
symbols:
  - {id: A}
  - {id: B}
  - {id: DRAC, kind: wild}
  - {id: S, kind: scatter}
reels:
  base: ["A B DRAC DRAC S", "A DRAC DRAC B", "A B S"]
  respin: ["A B DRAC", "DRAC DRAC", "B A S DRAC"]
lines: [[0, 0, 0]]
pays: {A: {3: 5}, B: {3: 2}, S: {2: 1}}
bet: {currency: EUR, minor_units: 2, coin_values: ["0.10"]}
features:
  - type: wild_respin
    name: dracula_respin
    symbol: DRAC
    reel: 2
    reel_set: respin
    respins: RESPINS
"""


def respin_game(respins: int = 1) -> Definition:
    return load_definition_text(GAME.replace("RESPINS", str(respins)))


def test_a_full_wild_reel_holds_it_and_respins_the_others_once() -> None:
    defn = respin_game()
    # base stops: reel 2 at stop 1 shows DRAC, DRAC (full); respin: reel 1 stop 0 (A B),
    # reel 2 held, reel 3 stop 1 (A S)
    result = play_round(defn, RoundRequest(BET, 0, script=(0, 1, 0, 0, 0, 1)))
    events = result.events
    triggered = [e for e in events if isinstance(e, FeatureTriggered)]
    assert [(e.feature, e.positions) for e in triggered] == [("dracula_respin", ((1, 0), (1, 1)))]
    respins = [e for e in events if isinstance(e, SpinStarted) and e.mode == "respin"]
    assert len(respins) == 1 and respins[0].spinning_reels == (0, 2)
    landed = [e for e in events if isinstance(e, ReelsStopped)]
    assert landed[-1].reel_set == "respin"
    assert landed[-1].screen[1] == ("DRAC", "DRAC")  # the held reel
    # A, DRAC, A on the line pays 5 coins (x10) = 50 in the respin, as in the base spin
    respin_wins = [e for e in events[events.index(respins[0]):] if isinstance(e, LineWin)]
    assert [(w.symbol, w.amount) for w in respin_wins] == [("A", 50)]
    ended = [e for e in events if isinstance(e, FeatureEnded)]
    assert ended[-1].total == 50  # one S shows: scatters pay from 2, and a wild never stands in for one
    assert result.total_win == events_total(events)


def test_no_respin_without_the_full_reel() -> None:
    defn = respin_game()
    result = play_round(defn, RoundRequest(BET, 0, script=(0, 0, 0)))  # reel 2 shows A, DRAC: not full
    assert not [e for e in result.events if isinstance(e, FeatureTriggered)]
    assert result.features == ()


def test_a_dracula_in_the_respin_adds_no_respin() -> None:
    defn = respin_game(respins=1)
    # the respin lands DRAC on reel 1 (stop 2: DRAC, A): still exactly one respin
    result = play_round(defn, RoundRequest(BET, 0, script=(0, 1, 0, 2, 0, 0)))
    assert len([e for e in result.events if isinstance(e, SpinStarted) and e.mode == "respin"]) == 1


def test_respins_is_the_number_played() -> None:
    defn = respin_game(respins=3)
    result = play_round(defn, RoundRequest(BET, 5, script=(0, 1, 0)))
    assert len([e for e in result.events if isinstance(e, SpinStarted) and e.mode == "respin"]) == 3


def brute_force_rtp(defn: Definition) -> Fraction:
    """Every base stop, and for a trigger every respin stop: the respin's win / bet."""
    f = defn.features[0]
    base = defn.reels["base"]
    respin = defn.reels["respin"]
    total = Fraction(0)
    combos = 0
    for stops in product(*(range(len(s)) for s in base)):
        combos += 1
        screen = screen_from_stops(defn, "base", stops)
        if not all(s == f.symbol for s in screen[f.reel - 1]):
            continue
        inner = Fraction(0)
        count = 0
        for rstops in product(*(range(len(s)) for s in respin)):
            count += 1
            inner += evaluate_screen(defn, screen_from_stops(defn, "respin", rstops), BET)[1]
        total += inner / count * f.respins
    return total / combos / BET.total


def test_par_is_exact_and_matches_brute_force() -> None:
    defn = respin_game()
    part = block("wild_respin").par(ParContext(defn, defn.features[0], BET))
    assert part is not None and isinstance(part.rtp, Exact)
    assert part.rtp.value == brute_force_rtp(defn)
    assert part.figures["trigger_rate"] == Exact(wr.trigger_rate(defn, defn.features[0]))
    assert part.figures["trigger_rate"].value == Fraction(1, 4) * Fraction(1, 1)  # 1 of 4 stops, reels 1, 3 any


def test_check_refuses_a_held_reel_that_is_not_the_wild_alone() -> None:
    text = GAME.replace("RESPINS", "1").replace('"DRAC DRAC", "B A S DRAC"', '"DRAC A", "B A S DRAC"')
    with pytest.raises(DefinitionError, match="held reel"):
        load_definition_text(text)


def test_check_refuses_feature_symbols_on_the_respin_strips() -> None:
    extra = textwrap.dedent("""
      - type: wheel
        trigger_symbol: A
        trigger_reels: [1]
        rings: [{name: one, pockets: [{pays_x_bet: 1}]}]
    """)
    text = GAME.replace("RESPINS", "1") + textwrap.indent(extra.strip("\n"), "  ") + "\n"
    with pytest.raises(DefinitionError, match="triggers nothing"):
        load_definition_text(text)


DOC_GAME = """
format: 1
id: toy-doc
name: Toy doc
grid: {reels: 5, rows: 2}
symbols:
  - {id: A}
  - {id: B}
  - {id: DRACULA, kind: wild}
reels:
  base: ["A B", "A B", "DRACULA DRACULA A", "A B", "A B"]
  respin: ["A B DRACULA", "A B", "DRACULA*4", "A B", "A B DRACULA"]
lines: [[0, 0, 0, 0, 0]]
pays: {A: {3: 5}, B: {3: 2}}
bet: {currency: EUR, minor_units: 2, coin_values: ["0.10"]}
"""


def test_the_module_docstring_example_loads_and_plays() -> None:
    snippet = textwrap.dedent((wr.__doc__ or "").split("::\n\n")[1].split("\n\n")[0])
    defn = load_definition_text(DOC_GAME + snippet)
    assert defn.features[0].type == "wild_respin"
    played = set()
    for seed in range(30):
        result = play_round(defn, RoundRequest(BET, seed))
        assert result.total_win == events_total(result.events)
        played.update(result.features)
    assert played == {"dracula_respin"}


# -- on screen: the held reel's frame --------------------------------------------------------------


def test_the_dracula_reel_is_locked_while_the_others_respin(halloween) -> None:  # noqa: ANN001
    app = scenario_app(halloween, "dracula respin")
    run_until(app, lambda: app.stack.find(ReelLock) is not None and app.base.reel_set == "respin")
    lock = app.stack.find(ReelLock)
    assert lock.reel == 2
    column = app.ctx.layout.columns[2]
    shot = frame(app)
    edge = shot.get_at((column.x - 1, column.y + column.h // 2))
    assert edge.r == 255 and edge.g < 130 and edge.b == 40  # the red frame around reel 3
    run_until(app, lambda: app.stack.find(ReelLock) is None)  # gone when the respin is over
