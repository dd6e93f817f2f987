"""The feature engine: one registry, the spin pipeline, blocks recombined in YAML alone.

- A toy block registered only in this test shows up in the schema, the loader, par and
  simulate without any other file changing.
- A toy game recombines mystery symbols, an expanding wild and free spins with a
  multiplier drawn per spin, checked against hand-computed boards, and its par against
  brute-force enumeration of every stop and every reveal.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

import numpy as np
import pytest

from cabinet.core.bet import Bet
from cabinet.core.definition import doc
from cabinet.core.events import Event, FeatureTriggered, ScatterWin, ScreenChanged, SpinEnded, SpinStarted
from cabinet.core.features import (
    BatchHint,
    Block,
    BlockPar,
    FeatureBlock,
    FeatureContext,
    FeatureRun,
    ParContext,
    Report,
    Spin,
    Trigger,
    block,
    feature_types,
    register,
    registry,
    unregister,
)
from cabinet.core.loader import DefinitionError, load_definition_text
from cabinet.core.par import par
from cabinet.core.round import RoundRequest, events_total, play_round
from cabinet.core.schema import build_schema, markdown_reference
from cabinet.core.simulate import derive_seeds, round_outcomes, scalar_simulate, simulate
from cabinet.core.value import Exact

F = Fraction

# --- every registered block conforms -----------------------------------------------------------------


def test_every_registered_block_conforms_to_the_protocol() -> None:
    protocol_methods = [
        name for name, value in vars(FeatureBlock).items() if callable(value) and not name.startswith("_")
    ]
    assert {"check", "triggers", "run", "par", "batch_hints", "screen_stage", "win_stage"} <= set(protocol_methods)
    for type_name, entry in registry().items():
        assert isinstance(entry, FeatureBlock), type_name
        assert entry.type == type_name
        assert entry.presenter, f"{type_name} names no presenter"
        for name in protocol_methods:
            wanted = inspect.signature(getattr(FeatureBlock, name))
            got = inspect.signature(getattr(entry, name))
            assert list(got.parameters) == list(wanted.parameters)[1:], (type_name, name)
        module = inspect.getmodule(entry)
        assert module is not None and "YAML::" in (module.__doc__ or ""), f"{type_name}: no YAML snippet"
        assert f"type: {type_name}" in (module.__doc__ or "")


def test_register_refuses_what_does_not_conform() -> None:
    with pytest.raises(TypeError):
        register(object())  # type: ignore[arg-type]


# --- a toy block, registered here only ---------------------------------------------------------------


@dataclass(frozen=True)
class LuckyPair:
    type: Literal["lucky_pair"] = doc("toy: two LUCKY symbols anywhere pay a prize")
    symbol: str = doc("the symbol counted")
    prize_x_bet: Fraction = doc("what two or more pay, as a multiple of the total bet", default=F(3))
    name: str = doc("feature name", default="lucky_pair")


class LuckyPairBlock(Block):
    """YAML:: type: lucky_pair (a test-only block)"""

    type = "lucky_pair"
    params = LuckyPair
    presenter = "none"

    def check(self, defn: Any, params: Any, report: Report) -> None:
        if params.symbol not in defn.symbol_map:
            report(("symbol",), f"unknown symbol '{params.symbol}'")

    def _count(self, defn: Any, params: Any, screen: Any) -> int:
        return sum(1 for column in screen for s in column if s == params.symbol)

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        if self._count(ctx.defn, ctx.feature, spin.screen) >= 2:
            return Trigger(ctx.feature.name, ctx.feature.symbol, 2, (), 0)
        return None

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        prize = ctx.feature.prize_x_bet * ctx.bet.total
        amount = prize.numerator // prize.denominator
        ctx.book.add(ScatterWin(ctx.feature.symbol, 2, (), ctx.feature.prize_x_bet, 1, amount))
        return FeatureRun(amount, 0)

    def _p_two(self, defn: Any, params: Any) -> Fraction:
        strips = defn.reels["base"]
        rows = defn.grid.rows
        dist = [F(1)]  # P(count) convolved over reels
        for strip in strips:
            per = [F(0)] * (rows + 1)
            for stop in range(len(strip)):
                n = sum(1 for r in range(rows) if strip[(stop + r) % len(strip)] == params.symbol)
                per[n] += F(1, len(strip))
            out = [F(0)] * (len(dist) + rows)
            for i, p in enumerate(dist):
                for j, q in enumerate(per):
                    out[i + j] += p * q
            dist = out
        return sum(dist[2:], F(0))

    def par(self, pctx: ParContext) -> BlockPar:
        return BlockPar(pctx.feature.name, Exact(self._p_two(pctx.defn, pctx.feature) * pctx.feature.prize_x_bet))

    def batch_hints(self, defn: Any, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        rows = defn.grid.rows
        counts = tuple(
            tuple(sum(1 for r in range(rows) if strip[(stop + r) % len(strip)] == params.symbol)
                  for stop in range(len(strip)))
            for strip in defn.reels[reel_set]
        )
        return (BatchHint(counts, 2),)


TOY_BLOCK_GAME = """
format: 1
id: lucky
name: Lucky
grid: {reels: 3, rows: 1}
symbols:
  - {id: L}
  - {id: A}
  - {id: B}
reels:
  base: ["L A B A", "A L B B", "B A L A"]
lines: [[0, 0, 0]]
pays:
  A: {3: 10}
  B: {3: 5}
bet: {currency: CRD, minor_units: 0, coin_values: ["1"]}
features:
  - {type: lucky_pair, symbol: L, prize_x_bet: 3}
"""


@pytest.fixture
def toy_block() -> Iterator[LuckyPairBlock]:
    entry = LuckyPairBlock()
    register(entry)
    try:
        yield entry
    finally:
        unregister(entry.type)


def test_a_toy_block_reaches_schema_loader_par_and_simulate(toy_block: LuckyPairBlock) -> None:
    # schema and format reference
    assert feature_types()["lucky_pair"] is LuckyPair
    schema = build_schema()
    assert "LuckyPair" in schema["$defs"]
    assert {"$ref": "#/$defs/LuckyPair"} in schema["$defs"]["feature"]["oneOf"]
    assert "features: type lucky_pair" in markdown_reference()
    # loader, with the block's own check
    defn = load_definition_text(TOY_BLOCK_GAME, "lucky.yaml")
    assert defn.features[0] == LuckyPair("lucky_pair", "L", F(3))
    with pytest.raises(DefinitionError) as err:
        load_definition_text(TOY_BLOCK_GAME.replace("symbol: L,", "symbol: Q,"), "lucky.yaml")
    assert "unknown symbol 'Q'" in str(err.value) and "lucky.yaml:" in str(err.value)
    # play: L L anywhere pays 3 x bet through the block's run
    result = play_round(defn, RoundRequest(Bet(1, 1, 1), 0, script=(0, 1, 0)))  # L L B
    assert result.total_win == 3 == events_total(result.events)
    assert result.features == ("lucky_pair",)
    # par: base lines exact plus the block's exact part
    report = par(defn)
    assert report.exact and [p.name for p in report.parts] == ["lucky_pair"]
    enumerated = F(0)
    for a in range(4):
        for b in range(4):
            for c in range(4):
                enumerated += play_round(defn, RoundRequest(Bet(1, 1, 1), 0, script=(a, b, c))).total_win
    assert report.total == Exact(enumerated / 64)
    # simulate: the block's hints route its rounds to play_round; totals match round by round
    bet = Bet(1, 1, 1)
    seeds = derive_seeds(5, 0, 3000)
    out = round_outcomes(defn, bet, seeds)
    assert np.array_equal(out.win, [play_round(defn, RoundRequest(bet, int(s))).total_win for s in seeds])
    assert out.scalar.any() and not out.scalar.all()
    sim = simulate(defn, 3000, 5)
    assert sim.tally.win_sum == scalar_simulate(defn, 3000, 5).win_sum
    assert "lucky_pair" in sim.tally.features


def test_the_toy_block_is_gone_after_the_test() -> None:
    assert block("lucky_pair") is None
    with pytest.raises(DefinitionError, match="unknown feature type 'lucky_pair'"):
        load_definition_text(TOY_BLOCK_GAME, "lucky.yaml")


# --- a toy game: mystery symbols, an expanding wild, free spins with a multiplier per spin -------------

TOY_GAME = """
format: 1
id: toy
name: Toy
grid: {reels: 3, rows: 2}
symbols:
  - {id: W, kind: wild}
  - {id: XW, kind: wild}
  - {id: M}
  - {id: S, kind: scatter}
  - {id: A}
  - {id: B}
reels:
  base: ["A B M S", "A XW B M", "B A M S"]
  free: ["A A B", "A B W", "B A A"]
lines: [[0, 0, 0], [1, 1, 1]]
pays:
  A: {3: 5}
  B: {3: 2}
  W: {3: 10}
  S: {2: 1}
bet: {currency: CRD, minor_units: 0, coin_values: ["1"]}
features:
  - {type: mystery_symbol, symbol: M, reveals: [{symbol: A, weight: 1}, {symbol: B, weight: 2}], modes: [base]}
  - {type: expanding_wild, symbol: XW, reels: [2], modes: [base]}
  - type: free_spins
    trigger_symbol: S
    awards: {2: 2}
    retrigger: false
    reel_sets: [{set: free}]
    spin_multipliers: [{value: 2, weight: 1}, {value: 3, weight: 1}]
"""

BET = Bet(2, 1, 1)  # 2 lines: a total bet of 2


@pytest.fixture(scope="module")
def toy() -> Any:
    return load_definition_text(TOY_GAME, "toy.yaml")


def kinds(events: tuple[Event, ...], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]


def test_mystery_positions_all_reveal_the_drawn_symbol(toy: Any) -> None:
    # stops 1, 2, 1: reel 1 (B, M), reel 2 (B, M), reel 3 (A, M). Reveal draw 0 of 3 -> A.
    result = play_round(toy, RoundRequest(BET, 0, script=(1, 2, 1, 0)))
    (changed,) = kinds(result.events, ScreenChanged)
    assert (changed.reason, changed.symbol, changed.positions) == ("mystery", "A", ((0, 1), (1, 1), (2, 1)))
    assert changed.screen == (("B", "A"), ("B", "A"), ("A", "A"))
    assert result.total_win == 5  # bottom line A A A = 5 coins; top B B A pays nothing
    # draws 1 and 2 of 3 reveal B: bottom line B B B = 2
    assert play_round(toy, RoundRequest(BET, 0, script=(1, 2, 1, 2))).total_win == 2


def test_expanding_wild_fills_its_reel_after_the_reveal(toy: Any) -> None:
    # stops 1, 0, 0: reel 1 (B, M), reel 2 (A, XW) expands to (XW, XW), reel 3 (B, A).
    result = play_round(toy, RoundRequest(BET, 0, script=(1, 0, 0, 0)))
    mystery, grown = kinds(result.events, ScreenChanged)
    assert mystery.reason == "mystery" and mystery.symbol == "A"
    assert (grown.reason, grown.positions, grown.screen[1]) == ("expand", ((1, 0),), ("XW", "XW"))
    # top: B XW B = 2; bottom: A XW A = 5 (the mystery revealed A)
    assert result.total_win == 7 == events_total(result.events)
    assert play_round(toy, RoundRequest(BET, 0, script=(1, 0, 0, 1))).total_win == 2  # bottom B XW A: none


def test_free_spins_draw_a_multiplier_for_each_spin(toy: Any) -> None:
    # base stops 3, 2, 3: (S, A), (B, M), (S, B); the mystery reveals A. Two S: 1 x bet = 2 and 2 free spins.
    # free spin 1: multiplier draw 1 -> x3; stops 0, 2, 1: (A, A) (W, A) (A, A): 5 + 5 = 10 -> 30.
    # free spin 2: draw 0 -> x2; stops 2, 0, 0: (B, A) (A, B) (B, A): nothing.
    script = (3, 2, 3, 0, 1, 0, 2, 1, 0, 2, 0, 0)
    result = play_round(toy, RoundRequest(BET, 0, script=script))
    (trigger,) = kinds(result.events, FeatureTriggered)
    assert (trigger.symbol, trigger.count, trigger.awarded) == ("S", 2, 2)
    free = [e for e in kinds(result.events, SpinStarted) if e.mode == "free"]
    assert [(s.index, s.multiplier) for s in free] == [(1, 3), (2, 2)]
    assert [e.win for e in kinds(result.events, SpinEnded) if e.mode == "free"] == [30, 0]
    assert result.total_win == 32 == events_total(result.events)


def base_win(result: Any) -> int:
    return next(e.win for e in result.events if isinstance(e, SpinEnded) and e.mode == "base")


def test_toy_par_equals_brute_force_over_every_stop_and_reveal(toy: Any) -> None:
    report = par(toy, BET)
    assert report.exact and {p.name for p in report.parts} >= {"mystery_symbol", "expanding_wild", "free_spins"}
    # every base stop combination and every reveal draw (weight 3), base spin win only
    base_sum = F(0)
    for a in range(4):
        for b in range(4):
            for c in range(4):
                plain = play_round(toy, RoundRequest(BET, 0, script=(a, b, c)))
                if not kinds(plain.events, ScreenChanged) or kinds(plain.events, ScreenChanged)[0].reason != "mystery":
                    base_sum += 3 * base_win(plain)  # no mystery on the screen: no reveal draw
                    continue
                for reveal in range(3):
                    base_sum += base_win(play_round(toy, RoundRequest(BET, 0, script=(a, b, c, reveal))))
    base_value = base_sum / (64 * 3) / BET.total
    screen_parts = sum((p.rtp.value for p in report.parts if p.name != "free_spins"), F(0))  # type: ignore[union-attr]
    assert report.base_rtp + screen_parts == base_value
    # and the whole game, free spins included, against the engine: simulate within its band
    sim = simulate(toy, 60_000, 11, bet=BET)
    assert report.total_rtp is not None
    assert abs(float(sim.rtp) - float(report.total_rtp)) < 4 * sim.standard_error
