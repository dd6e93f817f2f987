"""The wheel block: rings of weighted pockets that pay or pass play to another ring.

Hand-built wheels with scripted draws check every rule line of Halloween Wins 3's
triple electric wheel; the exact par is checked against brute force over every base
stop and every path of pockets.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from cabinet.core.bet import Bet
from cabinet.core.definition import Definition
from cabinet.core.events import Event, FeatureEnded, FeatureTriggered
from cabinet.core.features import FeatureContext, ParContext, Spin, block
from cabinet.core.features import wheel as wh
from cabinet.core.features.wheel import WheelSpun
from cabinet.core.loader import DefinitionError, load_definition_text
from cabinet.core.round import RoundRequest, events_total, play_round
from cabinet.core.value import Exact

F = Fraction

BET = Bet(1, 1, 10)  # a total bet of 10 minor units

GAME = """
format: 1
id: toy-wheel
name: Toy wheel
grid: {reels: 5, rows: 2}
symbols:
  - {id: A}
  - {id: B}
  - {id: FRANK, kind: bonus}
reels:
  base: ["A B FRANK", "A B FRANK", "A B FRANK", "A B FRANK", "A B FRANK"]
lines: [[0, 0, 0, 0, 0]]
pays: {A: {5: 5}}
bet: {currency: EUR, minor_units: 2, coin_values: ["0.10"]}
features:
  - type: wheel
    name: electric
    trigger_symbol: FRANK
    trigger_reels: [1, 3, 5]
    jackpots: {MINI: 20, MINOR: 50, MAJOR: 200}
    rings:
      - name: outer
        pockets:
          - {pays_x_bet: 2, weight: 2}
          - {pays_x_bet: 5}
          - {next: middle}
      - name: middle
        pockets:
          - {pays_x_bet: 10, weight: 2}
          - {jackpot: MINI}
          - {next: inner}
      - name: inner
        pockets:
          - {jackpot: MINOR, weight: 2}
          - {jackpot: MAJOR}
          - {next: LAST}
"""


def wheel_game(last: str = "inner") -> Definition:
    return load_definition_text(GAME.replace("LAST", last))


def kinds(events: tuple[Event, ...], *types: type) -> list[Event]:
    return [e for e in events if isinstance(e, types)]


def play(defn: Definition, script: list[int]) -> tuple[Event, ...]:
    result = play_round(defn, RoundRequest(BET, 0, script=tuple(script)))
    assert result.total_win == events_total(result.events)
    return result.events


# base stops 2, 0, 1, 0, 1: windows (FRANK A), (A B), (B FRANK), (A B), (B FRANK):
# FRANK on reels 1, 3 and 5, each somewhere in its window
TRIGGERING = [2, 0, 1, 0, 1]


def test_three_franks_on_reels_1_3_5_trigger_and_a_paying_pocket_ends_the_wheel() -> None:
    defn = wheel_game()
    events = play(defn, [*TRIGGERING, 2])  # outer ring: below(4)=2 -> the 5x pocket (weights 2, 1, 1)
    trigger = kinds(events, FeatureTriggered)[0]
    assert (trigger.count, trigger.positions) == (3, ((0, 0), (2, 1), (4, 1)))
    spun = [(e.ring, e.pocket, e.value, e.next_ring, e.jackpot, e.amount) for e in kinds(events, WheelSpun)]
    assert spun == [(0, 1, 5, None, "", 50)]
    assert kinds(events, FeatureEnded)[0].total == 50


def test_electric_pockets_pass_play_to_the_next_ring_until_a_pocket_pays() -> None:
    defn = wheel_game()
    # outer: below(4)=3 -> electric; middle: below(4)=3 -> electric; inner: below(4)=3 ->
    # electric (the inner ring spins again); inner: below(4)=2 -> MAJOR (200x)
    events = play(defn, [*TRIGGERING, 3, 3, 3, 2])
    spun = [(e.ring, e.pocket, e.next_ring, e.jackpot, e.amount) for e in kinds(events, WheelSpun)]
    assert spun == [(0, 2, 1, "", 0), (1, 2, 2, "", 0), (2, 2, 2, "", 0), (2, 1, None, "MAJOR", 2000)]
    ended = kinds(events, FeatureEnded)[0]
    assert (ended.total, ended.spins_played) == (2000, 4)
    events = play(defn, [*TRIGGERING, 3, 2])  # middle: below(4)=2 -> MINI (20x)
    assert [(e.jackpot, e.value, e.amount) for e in kinds(events, WheelSpun)][-1] == ("MINI", 20, 200)


@pytest.mark.parametrize(
    ("screen", "fires"),
    [
        ((("FRANK", "A"), ("A", "B"), ("B", "FRANK"), ("A", "B"), ("A", "FRANK")), True),
        ((("FRANK", "A"), ("FRANK", "B"), ("B", "FRANK"), ("A", "B"), ("A", "B")), False),  # not on reel 5
        ((("A", "B"), ("FRANK", "FRANK"), ("FRANK", "A"), ("FRANK", "B"), ("FRANK", "A")), False),  # not on reel 1
    ],
)
def test_the_trigger_needs_the_symbol_on_each_named_reel(screen: tuple[tuple[str, ...], ...], fires: bool) -> None:
    defn = wheel_game()
    ctx = FeatureContext(defn, defn.features[0], BET, None)
    trigger = block("wheel").triggers(ctx, Spin("base", "base", (), screen, (), 0))  # type: ignore[union-attr]
    assert (trigger is not None) == fires


def test_ring_values_solve_the_chain_by_hand() -> None:
    f = wheel_game().features[0]
    found = wh.ring_values(f)
    assert found is not None
    values, spins = found
    # inner: V = 1/2 * 50 + 1/4 * 200 + 1/4 * V  ->  V = 75 / (3/4) = 100; spins 1 / (3/4) = 4/3
    assert values[2] == 100 and spins[2] == F(4, 3)
    # middle: 1/2 * 10 + 1/4 * 20 + 1/4 * 100 = 35; spins 1 + 1/4 * 4/3 = 4/3
    assert values[1] == 35 and spins[1] == F(4, 3)
    # outer: 1/2 * 2 + 1/4 * 5 + 1/4 * 35 = 11; spins 1 + 1/4 * 4/3 = 4/3
    assert values[0] == 11 and spins[0] == F(4, 3)


def paths_value(f: wh.Wheel, ring: int = 0) -> Fraction:
    """A wheel without loops, valued by walking every path of pockets."""
    index = wh.ring_index(f)
    pockets = f.rings[ring].pockets
    weight = sum(p.weight for p in pockets)
    out = F(0)
    for pocket in pockets:
        share = F(pocket.weight, weight)
        out += share * (paths_value(f, index[pocket.next]) if pocket.next else wh.pocket_x_bet(f, pocket))
    return out


def test_par_is_exact_and_matches_brute_force_over_every_stop_and_pocket() -> None:
    # the inner ring's electric pocket goes back to the outer ring in one variant: a loop,
    # which brute force cannot walk, so the loop-free variant is checked by brute force ...
    defn = load_definition_text(GAME.replace("{next: LAST}", "{pays_x_bet: 1}"))
    f = defn.features[0]
    part = block("wheel").par(ParContext(defn, f, BET))  # type: ignore[union-attr]
    assert part is not None and isinstance(part.rtp, Exact)
    strips = defn.reels["base"]
    entry = block("wheel")
    assert entry is not None
    rate = F(0)
    for stops in product(*(range(len(s)) for s in strips)):
        screen = tuple(tuple(s[(stop + r) % len(s)] for r in range(2)) for s, stop in zip(strips, stops, strict=True))
        ctx = FeatureContext(defn, f, BET, None)
        if entry.triggers(ctx, Spin("base", "base", stops, screen, (), 0)) is not None:
            rate += F(1, 3**5)
    assert part.figures["trigger_rate"] == Exact(rate) and rate == F(2, 3) ** 3
    assert part.rtp.value == rate * paths_value(f)
    # ... and the loop is checked against its geometric series: from the inner ring,
    # V = 1/2 * 50 + 1/4 * 200 + 1/4 * V_outer, V_middle = 5 + 5 + V_inner / 4,
    # V_outer = 1 + 5/4 + V_middle / 4  ->  V_outer = 9/4 + (10 + (75 + V_outer / 4) / 4) / 4
    looped = wheel_game(last="outer").features[0]
    found = wh.ring_values(looped)
    assert found is not None
    v_outer = (F(9, 4) + F(10, 4) + F(75, 16)) / (1 - F(1, 64))
    assert found[0][0] == v_outer


def test_the_simulated_mean_agrees_with_par() -> None:
    defn = wheel_game()
    part = block("wheel").par(ParContext(defn, defn.features[0], BET))  # type: ignore[union-attr]
    assert part is not None
    rounds = 4000
    won = [F(play_round(defn, RoundRequest(BET, seed, keep_events=False)).feature_wins.get("electric", 0), BET.total)
           for seed in range(rounds)]
    mean = sum(won, F(0)) / rounds
    std_error = (float(sum((x - mean) ** 2 for x in won)) / (rounds - 1) / rounds) ** 0.5
    assert part.rtp == Exact(F(8, 27) * 11)
    assert abs(float(mean - part.rtp.value)) < 4 * std_error  # type: ignore[union-attr]


def test_events_total_is_the_round_total() -> None:
    defn = wheel_game()
    ran = 0
    for seed in range(300):
        result = play_round(defn, RoundRequest(BET, seed))
        assert result.total_win == events_total(result.events)
        ran += bool(result.features)
    assert ran


def test_batch_hints_mark_the_stops_showing_the_symbol_on_trigger_reels() -> None:
    defn = wheel_game()
    (hint,) = block("wheel").batch_hints(defn, defn.features[0], "base")  # type: ignore[union-attr]
    # windows at stops 0, 1, 2: (A B), (B FRANK), (FRANK A); reels 2 and 4 never count
    assert hint.counts == ((0, 1, 1), (0, 0, 0), (0, 1, 1), (0, 0, 0), (0, 1, 1)) and hint.threshold == 3


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{next: middle}", "{next: midle}", "no ring is named 'midle'"),
        ("{jackpot: MINI}", "{jackpot: GRAND}", "no jackpot named 'GRAND'"),
        ("trigger_reels: [1, 3, 5]", "trigger_reels: [1, 3, 6]", "reels are numbered 1 to 5"),
        ("{pays_x_bet: 5}", "{pays_x_bet: 5, next: inner}", "give one"),
        ("{pays_x_bet: 5}", '{pays_x_bet: "0.05"}', "not a whole amount"),
        ("{jackpot: MINOR, weight: 2}", "{next: inner, weight: 2}", "never reaches a paying pocket"),
    ],
)
def test_check_reports_inconsistent_wheels(old: str, new: str, message: str) -> None:
    text = GAME.replace("LAST", "inner")
    assert old in text
    if "MAJOR}" in new or "never" in message:
        text = text.replace("{jackpot: MAJOR}", "{next: inner}")
    with pytest.raises(DefinitionError, match=message):
        load_definition_text(text.replace(old, new))


def test_the_module_docstring_example_loads() -> None:
    import textwrap

    snippet = textwrap.dedent((wh.__doc__ or "").split("::\n\n")[1].split("\n\n")[0])
    head = GAME[: GAME.index("features:")]
    defn = load_definition_text(head + snippet)
    part = block("wheel").par(ParContext(defn, defn.features[0], BET))  # type: ignore[union-attr]
    assert part is not None and part.rtp.exact
