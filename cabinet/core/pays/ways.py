"""``ways``: 243 / 1024 / ... ways, pays on adjacent reels from the leftmost, one position per reel.

The rules are stated (once) in ``ways_rules.py``. A ways game has no paylines; its bet is a
multiple of ``pay_model.cost`` (243 ways for 20 coins: ``cost: 20``, bet = 20 x level x coin
value) and a way pays its paytable value in coins per level-coin. Exact par: the ways DP of
``ways_rules`` over the reels' windows, the scatters by convolution, the hit rate by a joint
walk over the reels; simulate prices base spins in numpy (``ways_batch.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

from ..definition import Definition
from ..evaluate import whole
from ..events import Event, Position, register_event
from ..money import MoneyError, apply_ratio
from . import BasePar, CheckPath, cost_of
from .common import FixedScreen, ReelWindows, add_scatter_pays, scatter_events
from .ways_rules import TooManyHitStates, WaysExpectation, expected_ways, rules_of, ways_hit_rate, ways_pays

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Screen
    from ..features import RoundState

# blocks whose par reads only a reel set's expected pay (``line_coins``), scatter counts and
# trigger counts, so it holds under ways (tests/test_pays_ways.py proves it by brute force)
WAYS_PRICED_BLOCKS = frozenset({"free_spins"})


@register_event
@dataclass(frozen=True)
class WaysWin(Event):
    """One paid class of a symbol's ways: ``ways`` ways of ``count`` symbols at ``multiplier``."""

    kind: ClassVar[str] = "ways_win"
    symbol: str  # the symbol paid (a Double pays as its base; wilds pay as the symbol they join)
    count: int  # symbols counted along each way (reels covered; a Double counts 2)
    ways: int  # ways in this class
    positions: tuple[Position, ...]  # every matching position of the run's reels, reel by reel
    rows: tuple[tuple[int, ...], ...]  # per reel of ``reels``: its matching rows (0 = top)
    reels: tuple[int, ...]  # 0-based reels of the run, in its direction
    direction: str  # "ltr" | "rtl"
    coins: Fraction  # paytable value per way, per coin of the bet level
    multiplier: int  # the ways' wild multiplier x the spin's multiplier
    amount: int  # minor units paid: coins x ways x multiplier x level x coin value


def ways_events(
    defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction = 1, *,
    scatter_multiplier: int | Fraction | None = None, both_ways: bool | None = None,
) -> tuple[list[Event], int]:
    """Every ways win, then every scatter win, on a screen of any reel heights."""
    per_coin = bet.coins_per_line * bet.coin_value
    events: list[Event] = []
    total = 0
    for pay in ways_pays(defn, screen, both_ways=both_ways):
        mult = pay.multiplier * multiplier
        amount = apply_ratio(pay.coins * pay.ways * mult, per_coin)
        positions = tuple((r, row) for r, rows in zip(pay.reels, pay.rows, strict=True) for row in rows)
        events.append(WaysWin(pay.symbol, pay.count, pay.ways, positions, pay.rows, pay.reels, pay.direction,
                              pay.coins, whole(mult), amount))  # type: ignore[arg-type]
        total += amount
    scatters, paid = scatter_events(defn, screen, bet, multiplier, scatter_multiplier)
    return events + scatters, total + paid


def lean_total(defn: Definition, screen: Screen, bet: Bet, state: RoundState) -> int | None:
    try:
        return ways_events(defn, screen, bet, state.multiplier, scatter_multiplier=state.scatter_multiplier,
                           both_ways=state.both_ways)[1]
    except MoneyError:
        return None  # not whole: the evaluator raises with the details


def ways_expectation(defn: Definition, reel_set: str, reels: ReelWindows) -> WaysExpectation:
    cache = defn.__dict__.setdefault("_ways_expectation", {})
    found = cache.get(reel_set)
    if found is None:
        found = cache[reel_set] = expected_ways(defn, reels)
    return found  # type: ignore[no-any-return]


def ways_base_par(defn: Definition, reel_set: str, bet: Bet, reels: ReelWindows, *, with_hit_rate: bool) -> BasePar:
    """A reel set's exact base figures under ways (reels: each reel's weighted windows)."""
    from ..linemath import scatter_adds

    e = ways_expectation(defn, reel_set, reels)
    factor = Fraction(bet.coins_per_line * bet.coin_value, bet.total)
    by_symbol = {t: v * factor for t, v in e.by_symbol.items()}
    scatter_rtp = add_scatter_pays(defn, reel_set, by_symbol)
    hits: Fraction | None = None
    notes: tuple[str, ...] = ()
    if with_hit_rate:
        try:
            hits = ways_hit_rate(defn, reels, scatter_adds(defn))
        except TooManyHitStates as exc:
            notes = (f"hit rate not computed exactly ({exc}): use simulate",)
    counts = {t: dict(d) for t, d in e.by_length.items()}
    return BasePar(e.total * factor, scatter_rtp, by_symbol, counts, hits, notes)


def check_ways(defn: Definition, *, heights: bool) -> list[tuple[CheckPath, str]]:
    """What a ways or Megaways game must say."""
    spec = defn.pay_model
    out: list[tuple[CheckPath, str]] = []
    if spec.cost < 1:
        out.append((("pay_model", "cost"), f"a {spec.type} game needs cost: the coins of one bet level "
                    "(243 ways are often 20 or 25 coins)"))
    if not heights:
        for key in ("heights",):
            if getattr(spec, key):
                out.append((("pay_model", key), f"{key} is for megaways games, not {spec.type}"))
    for s in defn.symbols:
        if s.kind == "wild" and s.id in defn.pays:
            out.append((("pays", s.id), f"a {spec.type} game pays wilds as the symbols they stand for: '{s.id}' "
                        "has pays of its own, which would never be paid; remove them"))
    if defn.pay_direction != "left_to_right":
        out.append((("pay_direction",), f"a {spec.type} game's direction is pay_model.direction"))
    return out


def ways_rules_text(defn: Definition, ways: str) -> tuple[str, ...]:
    both = defn.pay_model.direction == "both_ways"
    rules = rules_of(defn)
    text = [
        f"This game pays {ways}: a symbol pays when it lands on adjacent reels starting from the "
        + ("leftmost or the rightmost reel" if both else "leftmost reel")
        + ", anywhere on each reel. Every combination of one matching symbol per reel is a way, and each way "
        "pays the symbol's pay, so two matching symbols on a reel double the win.",
        f"The bet is {cost_of(defn)} coins times the bet level; pays are coins per level.",
    ]
    if any(m for row in rules.match.values() for (_a, m) in row.values() if m > 1):
        how = "the highest multiplier on the way applies" if rules.highest else "multipliers on one way multiply"
        text.append(f"Wilds substitute for every paying symbol and multiply the ways they are on ({how}).")
    elif any(s.kind == "wild" for s in defn.symbols):
        text.append("Wilds substitute for every paying symbol.")
    if any(s.counts > 1 for s in defn.symbols if s.kind == "regular"):
        text.append("A double symbol counts as two of its symbol on every way through it.")
    return tuple(text)


class WaysModel(FixedScreen):
    type = "ways"
    counts_cells = False  # pay counts are cells anywhere on the screen (not symbols along reels)
    paylines = False
    priced_blocks: frozenset[str] | None = WAYS_PRICED_BLOCKS

    def check(self, defn: Definition) -> list[tuple[CheckPath, str]]:
        return check_ways(defn, heights=False)

    def evaluate(
        self, defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction = 1, *,
        scatter_multiplier: int | Fraction | None = None, both_ways: bool | None = None,
    ) -> tuple[list[Event], int]:
        return ways_events(defn, screen, bet, multiplier, scatter_multiplier=scatter_multiplier, both_ways=both_ways)

    def lean_win(
        self, defn: Definition, reel_set: str, screen: Screen, bet: Bet, state: RoundState, *,
        stops: tuple[int, ...] | None = None,
    ) -> int | None:
        return lean_total(defn, screen, bet, state)

    def base_par(self, defn: Definition, reel_set: str, bet: Bet, *, with_hit_rate: bool = True) -> BasePar:
        return ways_base_par(defn, reel_set, bet, self.reel_windows(defn, reel_set), with_hit_rate=with_hit_rate)

    def line_coins(self, defn: Definition, reel_set: str, both_ways: bool | None = None) -> Fraction:
        e = ways_expectation(defn, reel_set, self.reel_windows(defn, reel_set))
        return e.total / cost_of(defn)

    def spinner(self, defn: Definition, bet: Bet) -> Any:
        from .ways_batch import WaysSpinner

        return WaysSpinner(defn, bet)

    def rules(self, defn: Definition) -> tuple[str, ...]:
        rows = defn.grid.rows
        count = math.prod(rows for _ in range(defn.grid.reels))
        return ways_rules_text(defn, f"{count:,} ways")


MODEL = WaysModel()
