"""Boards of independent single-cell reels, and the engine of a hold-and-respin on them.

A ``Board`` is a grid of cells, each cell its own reel with its own strip: Happy Lucky
Slot's four 3x5 boards (GRAND, MAJOR, MINOR, MINI: sixty single-cell reels), Halloween
Wins 3's 3x3 collector minigame. A cell is addressed ``(board, reel, row)``; events name
the board and give the ``(reel, row)`` position on it, both 0-based.

``HeldRespinEngine`` plays a sub-game on such boards by small actions, each of which adds
the event that says what it did (``core/events.py``, board events):

- ``place``: put a symbol on a random free cell (the trigger's symbols at the start);
- ``spin``: one respin is used and every free cell of every board that is not full spins;
- ``resolve``: what a batch of landed symbols does, in five steps (below);
- ``hold``, ``add_respins``, ``reset_respins``, ``multiply_random_prize``,
  ``add_cell_multiplier``, ``collect``, ``award_fills``: the steps' actions;
- ``settle``: at the end, the values held on each board are paid.

``resolve`` takes the landed symbols in draw order and applies, in this order:

1. REVEAL   each symbol with a rule (``CellAction``): a prize draws its value (one
            ``rng.weighted`` over the symbol's ``prizes`` when it has 2+ entries), a
            jackpot coin takes its jackpot; the value is multiplied by the cell's
            multiplier (``CellLanded``). A cell-multiplier symbol (Mummy X) adds to its
            cell's multiplier (``CellMultiplierChanged``). A holding symbol is held.
2. RESPINS  (not for the starting symbols) any resetting symbol sets the respins to
            ``reset_to``, then every symbol that adds respins adds them (``RespinsChanged``).
3. MULTIPLY each multiplier symbol, in draw order: one ``rng.below(n)`` picks one of the n
            held credit prizes (all boards, board order, then reel and row), then one
            ``rng.weighted`` over the multipliers allowed on that prize (a limited multiplier
            only applies to prizes below its limit; no draw for a single one) multiplies it
            (``PrizeMultiplied``). With no held prize, nothing happens and nothing is drawn.
4. COLLECT  every collector held on a board (old and new, in cell order) takes the values
            that landed in this batch on the reels it collects; each collector adds the
            whole value to its total (``Collected``) and the collected cells are cleared. A
            value no collector takes stays held if its symbol holds, else it pays at once
            (``CellPaid``).
5. FILL     a board whose cells are all held pays its fill award, once per feature
            (``BoardFilled``).

The sub-game ends when no respins are left or every board is full (``finished``). Every
random value comes from the rng handed in, in the order above; nothing here draws pixels
or reads the clock.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Protocol

from .bet import all_bets
from .definition import Definition, WeightedValue
from .events import Event, Position, register_event
from .money import Money, money_str
from .rng import Rng

Cell = tuple[str, int, int]  # (board, reel, row), reel and row 0-based


# --- the board events: the sub-games these boards play emit them (hold_and_respin) ---------------
# Cells are named by their board and a (reel, row) position on it, both 0-based. Values are
# minor units; only the events that pay (``amount``) add to the round's total.


@register_event
@dataclass(frozen=True)
class BoardOpened(Event):
    kind: ClassVar[str] = "board_opened"
    feature: str
    board: str
    reels: int
    rows: int
    fill_award: int  # what filling every cell of the board pays, in minor units (0: nothing)


@register_event
@dataclass(frozen=True)
class BoardSpun(Event):
    """The free cells of one board spun; each landed on its own symbol."""

    kind: ClassVar[str] = "board_spun"
    feature: str
    board: str
    respin: int  # 1-based respin number
    positions: tuple[Position, ...]  # the cells that spun, in draw order
    symbols: tuple[str, ...]  # what each landed on


@register_event
@dataclass(frozen=True)
class CellLanded(Event):
    """A symbol with a rule arrived on a cell (landed in a respin, or placed at the start)."""

    kind: ClassVar[str] = "cell_landed"
    feature: str
    board: str
    position: Position
    symbol: str
    value: int  # its value in minor units, after the cell's multiplier (0: none)
    held: bool  # stays on the cell for the rest of the feature
    jackpot: str = ""  # the jackpot it carries ("" for none)


@register_event
@dataclass(frozen=True)
class CellMultiplierChanged(Event):
    kind: ClassVar[str] = "cell_multiplier_changed"
    feature: str
    board: str
    position: Position
    multiplier: int  # the cell's multiplier now


@register_event
@dataclass(frozen=True)
class RespinsChanged(Event):
    kind: ClassVar[str] = "respins_changed"
    feature: str
    respins: int  # respins left after the change
    change: int
    reason: str  # "start" | "spin" (one used) | "reset" | "added"


@register_event
@dataclass(frozen=True)
class PrizeMultiplied(Event):
    kind: ClassVar[str] = "prize_multiplied"
    feature: str
    board: str
    position: Position  # the held prize multiplied
    multiplier: int
    value: int  # the prize after it
    source_board: str  # where the multiplier symbol landed
    source: Position


@register_event
@dataclass(frozen=True)
class Collected(Event):
    """A collector took the values that landed on the reels it collects."""

    kind: ClassVar[str] = "collected"
    feature: str
    board: str
    collector: Position
    positions: tuple[Position, ...]  # the cells collected (they are cleared)
    value: int  # what it took this time
    total: int  # what it holds now


@register_event
@dataclass(frozen=True)
class CellPaid(Event):
    """A value that is neither held nor collected pays as it lands."""

    kind: ClassVar[str] = "cell_paid"
    feature: str
    board: str
    position: Position
    amount: int


@register_event
@dataclass(frozen=True)
class BoardFilled(Event):
    kind: ClassVar[str] = "board_filled"
    feature: str
    board: str
    x_bet: Fraction  # the fill award as a multiple of the total bet
    amount: int


@register_event
@dataclass(frozen=True)
class HeldPrizesPaid(Event):
    """At the feature's end: the values held on one board (prizes, collectors' totals)."""

    kind: ClassVar[str] = "held_prizes_paid"
    feature: str
    board: str
    positions: tuple[Position, ...]
    amount: int


class BoardEventSink(Protocol):
    """Where the engine's events go: anything with ``add`` and a ``keep`` flag (a round's Book)."""

    keep: bool

    def add(self, event: Event) -> None: ...


@dataclass(frozen=True)
class Board:
    """A grid of single-cell reels. ``strips`` holds one strip per cell, reel-major
    (reel 0 rows 0..rows-1, then reel 1, ...)."""

    name: str
    reels: int
    rows: int
    strips: tuple[tuple[str, ...], ...]

    def __post_init__(self) -> None:
        if self.reels < 1 or self.rows < 1:
            raise ValueError(f"board {self.name!r} needs at least one reel and one row")
        if len(self.strips) != self.reels * self.rows:
            raise ValueError(f"board {self.name!r} has {len(self.strips)} strips for {self.reels * self.rows} cells")
        if any(not strip for strip in self.strips):
            raise ValueError(f"board {self.name!r} has an empty strip")
        # computed once: the engine walks the cells many times per respin
        positions = tuple((reel, row) for reel in range(self.reels) for row in range(self.rows))
        cells = tuple((self.name, reel, row) for reel, row in positions)
        object.__setattr__(self, "_positions", positions)
        object.__setattr__(self, "_cells", cells)
        object.__setattr__(self, "_cell_set", frozenset(cells))
        object.__setattr__(self, "_one_strip", len(set(self.strips)) == 1)

    @property
    def size(self) -> int:
        return self.reels * self.rows

    def positions(self) -> tuple[Position, ...]:
        """Every cell's (reel, row), in draw order."""
        return self._positions  # type: ignore[attr-defined, no-any-return]

    def cells(self) -> tuple[Cell, ...]:
        """Every cell's (board, reel, row), in draw order."""
        return self._cells  # type: ignore[attr-defined, no-any-return]

    def strip(self, position: Position) -> tuple[str, ...]:
        reel, row = position
        return self.strips[reel * self.rows + row]

    def cell_set(self) -> frozenset[Cell]:
        """Every cell's (board, reel, row), as a set."""
        return self._cell_set  # type: ignore[attr-defined, no-any-return]

    @property
    def one_strip(self) -> bool:
        """Every cell spins the same strip (par's controls count its spun cells together)."""
        return self._one_strip  # type: ignore[attr-defined, no-any-return]


@dataclass(frozen=True)
class CellAction:
    """What a symbol does when it arrives on a cell."""

    symbol: str
    hold: bool = True  # stays on its cell for the rest of the feature
    prizes: tuple[WeightedValue, ...] = ()  # a credit prize, multiples of the total bet
    jackpot: str = ""  # a jackpot coin: the jackpot's name ...
    jackpot_x_bet: Fraction = Fraction(0)  # ... and its value as a multiple of the total bet
    respins: int = 0  # respins it adds
    resets_respins: bool = False  # sets the respins to the engine's reset_to
    multipliers: tuple[WeightedValue, ...] = ()  # multiplies one random held prize by one of these
    multiplier_limits: tuple[tuple[Fraction, Fraction], ...] = ()  # (multiplier, only on prizes below this x bet)
    cell_multiplier: int = 0  # added to its cell's multiplier (Mummy X)
    collects: tuple[int, ...] = ()  # a collector: the 0-based reels of its board it collects

    def __post_init__(self) -> None:
        # worked out once per rule: the engine reads them at every landing
        object.__setattr__(self, "_prize_weights", tuple(e.weight for e in self.prizes))
        object.__setattr__(self, "_at_bets", {})  # total bet -> ActionAtBet

    @property
    def has_value(self) -> bool:
        return bool(self.prizes) or bool(self.jackpot)

    @property
    def collector(self) -> bool:
        return bool(self.collects)

    @property
    def prize_weights(self) -> tuple[int, ...]:
        """The prizes' weights, in order (the draw's ``rng.weighted``)."""
        return self._prize_weights  # type: ignore[attr-defined, no-any-return]

    def allowed_multipliers(self, prize: Money, bet_total: Money) -> list[WeightedValue]:
        """The multipliers that may apply to a prize of this value (the limits below which they may)."""
        limits = dict(self.multiplier_limits)
        return [e for e in self.multipliers if e.value not in limits or prize < limits[e.value] * bet_total]

    def at_bet(self, bet_total: Money) -> ActionAtBet:
        """This rule's money at a total bet, kept (one per total bet the rule is played at)."""
        kept: dict[Money, ActionAtBet] = self._at_bets  # type: ignore[attr-defined]
        found = kept.get(bet_total)
        if found is None:
            found = kept[bet_total] = ActionAtBet(self, bet_total)
        return found


class ActionAtBet:
    """A rule's money at one total bet, worked out once per value: what each prize pays in
    minor units, and for each prize value the multipliers allowed on it and what one of
    them adds to it on average (exactly, and as the float par's smoothed estimate adds)."""

    def __init__(self, action: CellAction, bet_total: Money) -> None:
        self.action = action
        self.bet_total = bet_total
        try:
            amounts: tuple[Money, ...] | None = tuple(whole_amount(e.value, bet_total) for e in action.prizes)
        except ValueError:  # one is not whole: each drawn prize is checked as it is drawn
            amounts = None
        self.amounts = amounts
        self.tables: list[tuple[WeightedValue, ...]] = []  # the distinct sets of allowed multipliers
        self.weights: list[tuple[int, ...]] = []  # their weights (a draw's ``rng.weighted``)
        self.means: list[Fraction] = []  # E[multiplier - 1] over each set (0: none allowed)
        self._table_of: dict[Money, int] = {}  # prize value -> its set
        self._gain_of: dict[Money, float] = {}  # prize value -> float(E[what a multiplier adds to it])

    def table(self, prize: Money) -> int:
        """The index of the multipliers allowed on a prize of this value."""
        found = self._table_of.get(prize)
        if found is None:
            allowed = tuple(self.action.allowed_multipliers(prize, self.bet_total))
            if allowed in self.tables:
                found = self.tables.index(allowed)
            else:
                found = len(self.tables)
                weight = sum(e.weight for e in allowed)
                mean = sum(((e.value - 1) * e.weight for e in allowed), Fraction(0)) / weight if weight else Fraction(0)
                self.tables.append(allowed)
                self.weights.append(tuple(e.weight for e in allowed))
                self.means.append(mean)
            self._table_of[prize] = found
        return found

    def expected_gain(self, values: Iterable[Money]) -> Fraction:
        """What a multiplier adds on average to each of ``values``, summed (``expected_gain``)."""
        held: dict[int, Money] = {}  # held value by the multipliers allowed on it
        for value in values:
            index = self.table(value)
            held[index] = held.get(index, 0) + value
        return sum((self.means[index] * value for index, value in held.items()), Fraction(0))

    def gain(self, prize: Money) -> float:
        """``float(expected_gain([prize]))``, kept per value."""
        found = self._gain_of.get(prize)
        if found is None:
            found = self._gain_of[prize] = float(self.means[self.table(prize)] * prize)
        return found


@dataclass
class HeldCell:
    symbol: str
    value: Money  # minor units: a prize, a jackpot, a collector's total (0: none)
    prize: bool  # a credit prize a multiplier may target
    collector: tuple[int, ...] = ()  # reels it collects (empty: not a collector)


@dataclass
class _Landing:
    cell: Cell
    symbol: str
    action: CellAction | None
    value: Money = 0


def expected_gain(action: CellAction, values: list[Money], bet_total: Money) -> Fraction:
    """What ``action``'s multiplier adds on average to each of ``values`` (held prizes), summed:
    each prize times E[multiplier - 1] over the multipliers allowed on it."""
    return action.at_bet(bet_total).expected_gain(values)


def _weighted_sum(weights: dict[Any, Fraction], counts: dict[Any, int]) -> Fraction:
    """sum(weights[k] * n for k, n in counts): the counts of equal weights added first (cells of
    one strip share theirs), so there are few fraction products."""
    by_weight: dict[tuple[int, int], int] = {}
    for key, n in counts.items():
        w = weights[key]
        ratio = (w.numerator, w.denominator)
        by_weight[ratio] = by_weight.get(ratio, 0) + n
    return sum((Fraction(num * n, den) for (num, den), n in by_weight.items()), Fraction(0))


def whole_amount(x_bet: Fraction, bet_total: Money) -> Money:
    """``x_bet`` times the total bet in minor units; the game's check makes it whole at
    every allowed bet, so a fraction of a minor unit is an error, never rounded."""
    amount = x_bet * bet_total
    if amount.denominator != 1:
        raise ValueError(f"{x_bet} x a total bet of {bet_total} is not a whole amount")
    return amount.numerator


def check_whole_x_bet(
    defn: Definition, report: Callable[[tuple[Any, ...], str], None], amounts: Iterable[tuple[tuple[Any, ...], Fraction]]
) -> None:
    """Report each (path, multiple of the total bet) that is not a whole amount at some
    allowed bet: a sub-game's prizes, jackpots and fill awards are paid exactly or not at all."""
    try:
        totals = sorted({b.total for b in all_bets(defn)})
    except (ValueError, ZeroDivisionError):  # a broken bet section is reported by its own check
        return
    for path, x_bet in amounts:
        bad = next((t for t in totals if (x_bet * t).denominator != 1), None)
        if bad is not None:
            report(path, f"{x_bet} x the bet is not a whole amount at a total bet of {money_str(bad, defn.bet.minor_units)}")


def reset_count(respins: int, reset_to: int) -> int:
    """The respins a resetting symbol sets: ``reset_to``, or the initial ``respins`` when 0."""
    return reset_to if reset_to > 0 else respins


@dataclass
class HeldRespinEngine:
    """A hold-and-respin on several boards; see the module docstring for the order of things."""

    feature: str
    boards: tuple[Board, ...]
    actions: dict[str, CellAction]
    bet_total: Money
    rng: Rng
    book: BoardEventSink
    respins: int
    reset_to: int = 0  # 0: the initial respins
    fills: dict[str, Fraction] = field(default_factory=dict)  # board -> fill award, x total bet
    held: dict[Cell, HeldCell] = field(default_factory=dict)
    multipliers: dict[Cell, int] = field(default_factory=dict)  # cells whose multiplier is not 1
    filled: list[str] = field(default_factory=list)  # boards that paid their fill, in order
    paid: Money = 0
    respins_played: int = 0
    multiplied: Money = 0  # what prize multipliers added to the held prizes
    # the same, each multiplier counted at its expectation over the prize and multiplier it
    # may draw given the prizes held when it lands (par's estimate: same mean, less noise)
    multiplied_expected: Fraction = Fraction(0)
    # par's control variate: with ``worths`` (symbol -> what it pays on average, x bet; cell
    # -> that mean over the cell's strip), ``surprise`` sums over every spun cell (worth of
    # what landed) - (its strip's mean): each term has mean 0 whatever came before, so the
    # sum has mean 0 and moves with the total
    worths: tuple[dict[str, Fraction], dict[Cell, Fraction]] | None = None
    # a second control of the same kind for what prize multipliers add: with ``multiplier_odds``
    # (the symbols that multiply a prize; cell -> their chance on its strip), ``multiplier_surprise``
    # sums over every spun cell (1 if a multiplying symbol landed) - (that chance)
    multiplier_odds: tuple[frozenset[str], dict[Cell, Fraction]] | None = None
    # par's smoother estimate of what prize multipliers add: with ``multiplier_chances`` (cell ->
    # (multiplying symbol, its chance on the cell's strip)), every respin adds, for every spun
    # cell, its chance of a multiplier times what one would add there given the prizes held,
    # minus the same for the multipliers that did land; ``multiplied_expected`` then adds what
    # they did add. Each respin's two sums have the same mean given the past (the cells land
    # independently), so the total has the mean of ``multiplied_expected``, with the rare
    # landings' noise replaced by their expectation at every respin.
    # (the chances are floats: they weigh terms of a float sum)
    multiplier_chances: dict[Cell, tuple[tuple[str, float], ...]] | None = None
    multiplied_smoothed: float = 0.0  # a float: par's estimates are made of floats
    # what the controls sum, counted: symbols landed and cells spun (the sums are made at the end)
    _landed: dict[str, int] = field(default_factory=dict)
    # a board of one strip counts its cells on its first (they share its mean and odds)
    _spun: dict[Cell, int] = field(default_factory=dict)
    _pending: set[Cell] = field(default_factory=set)  # placed, not yet resolved

    def __post_init__(self) -> None:
        self.reset_to = reset_count(self.respins, self.reset_to)
        self._by_name = {b.name: b for b in self.boards}
        self._collecting = any(a.collector for a in self.actions.values())
        self._multiplying = frozenset(s for s, a in self.actions.items() if a.multipliers)

    # -- the state ------------------------------------------------------------------------------------

    def board(self, name: str) -> Board:
        return self._by_name[name]

    def free_cells(self, board: Board) -> list[Cell]:
        held, pending = self.held, self._pending
        return [c for c in board.cells() if c not in held and c not in pending]

    def is_full(self, board: Board) -> bool:
        return self.held.keys() >= board.cell_set()

    @property
    def all_full(self) -> bool:
        return all(self.is_full(b) for b in self.boards)

    @property
    def surprise(self) -> Fraction:
        """The control (with ``worths``): over every spun cell, the worth of what landed minus
        its strip's mean worth."""
        if self.worths is None:
            return Fraction(0)
        worth, mean = self.worths
        return _weighted_sum(worth, self._landed) - _weighted_sum(mean, self._spun)

    @property
    def multiplier_surprise(self) -> Fraction:
        """The multipliers' control (with ``multiplier_odds``): multiplying symbols landed minus
        their chance on every spun cell."""
        if self.multiplier_odds is None:
            return Fraction(0)
        symbols, odds = self.multiplier_odds
        return sum(n for s, n in self._landed.items() if s in symbols) - _weighted_sum(odds, self._spun)

    @property
    def finished(self) -> bool:
        return self.respins <= 0 or self.all_full

    def held_prizes(self) -> list[Cell]:
        """Held credit prizes in board order, then reel and row: the order a multiplier picks from."""
        held = self.held
        return [c for b in self.boards for c in b.cells() if c in held and held[c].prize]

    # -- actions ----------------------------------------------------------------------------------------

    def open_boards(self) -> None:
        for b in self.boards:
            fill = whole_amount(self.fills.get(b.name, Fraction(0)), self.bet_total)
            self.book.add(BoardOpened(self.feature, b.name, b.reels, b.rows, fill))

    def place(self, symbol: str, *, board: str = "", reel: int = -1, row: int = -1) -> Cell | None:
        """Put ``symbol`` on a random free cell whose strip holds it (one ``rng.below`` over
        those cells, boards in order, then reel and row), optionally on a given board, reel
        or row. None (and no draw) when no cell qualifies. Resolve the placed batch after."""
        eligible: list[Cell] = []
        for b in self.boards:
            if board and b.name != board:
                continue
            for cell in self.free_cells(b):
                _, r, w = cell
                if (reel < 0 or r == reel) and (row < 0 or w == row) and symbol in b.strip((r, w)):
                    eligible.append(cell)
        if not eligible:
            return None
        cell = eligible[self.rng.below(len(eligible))] if len(eligible) > 1 else eligible[0]
        self._pending.add(cell)
        return cell

    def spin(self) -> list[tuple[Cell, str]]:
        """Use one respin and spin every free cell of every board that is not full: one
        ``rng.below(len(strip))`` per cell, boards in order, then reel and row."""
        self.respins -= 1
        self.respins_played += 1
        self.book.add(RespinsChanged(self.feature, self.respins, -1, "spin"))
        landed: list[tuple[Cell, str]] = []
        counting = self.worths is not None or self.multiplier_odds is not None
        landed_count, spun_count = self._landed, self._spun
        held, pending, below, keep = self.held, self._pending, self.rng.below, self.book.keep
        for b in self.boards:
            start = len(landed)
            per_cell = counting and not b.one_strip
            for cell, strip in zip(b.cells(), b.strips, strict=True):  # the free cells, in draw order
                if cell in held or cell in pending:
                    continue
                symbol = strip[below(len(strip))]
                landed.append((cell, symbol))
                if counting:
                    landed_count[symbol] = landed_count.get(symbol, 0) + 1
                    if per_cell:
                        spun_count[cell] = spun_count.get(cell, 0) + 1
            if counting and not per_cell and len(landed) > start:  # one strip: its cells counted on the first
                first = b.cells()[0]
                spun_count[first] = spun_count.get(first, 0) + len(landed) - start
            if keep and len(landed) > start:
                spun = landed[start:]
                positions = tuple((r, w) for (_, r, w), _ in spun)
                self.book.add(BoardSpun(self.feature, b.name, self.respins_played, positions, tuple(s for _, s in spun)))
        return landed

    def resolve(self, landed: Iterable[tuple[Cell, str]], *, change_respins: bool = True) -> None:
        """The five steps of a landed batch (module docstring)."""
        actions = self.actions
        landed = list(landed)
        acting = [
            (_Landing(cell, symbol, action), action)
            for cell, symbol in landed
            if (action := actions.get(symbol)) is not None
        ]
        self._pending.clear()
        for landing, action in acting:  # 1. REVEAL
            self._reveal(landing, action)
        if self.multiplier_chances is not None and change_respins:
            self._smooth_multipliers(acting, landed)
        if change_respins:  # 2. RESPINS
            if any(action.resets_respins for _, action in acting):
                self.reset_respins(self.reset_to)
            added = sum(action.respins for _, action in acting)
            if added:
                self.add_respins(added)
        for landing, action in acting:  # 3. MULTIPLY
            if action.multipliers:
                self.multiply_random_prize(landing.cell, action)
        self.collect([landing for landing, action in acting if landing.value > 0 and not action.collector])
        self.award_fills()  # 5. FILL

    def _smooth_multipliers(self, acting: list[tuple[_Landing, CellAction]], landed: list[tuple[Cell, str]]) -> None:
        """``multiplied_smoothed``'s part of a batch, after REVEAL (a multiplier may pick a prize
        that landed with it): for each spun cell, what a multiplier landing there would add
        given the prizes held but the one that cell landed, weighed by its chance, minus the
        same for the multipliers that landed (what they did add comes in MULTIPLY)."""
        chances = self.multiplier_chances
        assert chances is not None
        # the held prizes' values in any order: fsum is exactly rounded, whatever the order
        values = [h.value for h in self.held.values() if h.prize]
        own = {landing.cell: landing.value for landing, action in acting if action.prizes and action.hold}
        multiplying, actions, bet_total = self._multiplying, self.actions, self.bet_total
        sums: dict[str, tuple[float, ActionAtBet]] = {}
        added = 0.0
        for cell, symbol in landed:
            odds = chances.get(cell, ())
            if symbol in multiplying:
                odds = (*odds, (symbol, -1.0))
            for sym, chance in odds:
                found = sums.get(sym)
                if found is None:
                    at_bet = actions[sym].at_bet(bet_total)
                    found = sums[sym] = (math.fsum([at_bet.gain(v) for v in values]), at_bet)
                total, at_bet = found
                n = len(values)
                if cell in own:  # that cell's own prize is there only when no multiplier landed on it
                    total -= at_bet.gain(own[cell])
                    n -= 1
                if n:
                    added += chance * total / n
        self.multiplied_smoothed += added

    def _reveal(self, landing: _Landing, action: CellAction) -> None:
        cell = landing.cell
        board, reel, row = cell
        value = 0
        if action.prizes:
            table = action.prizes
            index = 0 if len(table) == 1 else self.rng.weighted(action.prize_weights)
            amounts = action.at_bet(self.bet_total).amounts
            value = amounts[index] if amounts is not None else whole_amount(table[index].value, self.bet_total)
        elif action.jackpot:
            value = whole_amount(action.jackpot_x_bet, self.bet_total)
        value *= self.multipliers.get(cell, 1)
        landing.value = value
        if self.book.keep:
            self.book.add(CellLanded(self.feature, board, (reel, row), action.symbol, value, action.hold, action.jackpot))
        if action.cell_multiplier:
            self.add_cell_multiplier(cell, action.cell_multiplier)
        if action.hold:
            self.hold(cell, action.symbol, value, prize=bool(action.prizes), collects=action.collects)

    def hold(self, cell: Cell, symbol: str, value: Money, *, prize: bool = False, collects: tuple[int, ...] = ()) -> None:
        self.held[cell] = HeldCell(symbol, value, prize, collects)

    def add_respins(self, count: int) -> None:
        self.respins += count
        self.book.add(RespinsChanged(self.feature, self.respins, count, "added"))

    def reset_respins(self, count: int) -> None:
        change = count - self.respins
        self.respins = count
        self.book.add(RespinsChanged(self.feature, self.respins, change, "reset"))

    def add_cell_multiplier(self, cell: Cell, count: int) -> None:
        self.multipliers[cell] = self.multipliers.get(cell, 1) + count
        self.book.add(CellMultiplierChanged(self.feature, cell[0], (cell[1], cell[2]), self.multipliers[cell]))

    def multiply_random_prize(self, source: Cell, action: CellAction) -> Cell | None:
        """One random held prize times one of ``action``'s multipliers allowed on it."""
        targets = self.held_prizes()
        if not targets:
            return None
        at_bet = action.at_bet(self.bet_total)
        expected = at_bet.expected_gain([self.held[cell].value for cell in targets]) / len(targets)
        self.multiplied_expected += expected
        self.multiplied_smoothed += float(expected)
        target = targets[self.rng.below(len(targets))] if len(targets) > 1 else targets[0]
        held = self.held[target]
        table = at_bet.table(held.value)
        allowed = at_bet.tables[table]
        if not allowed:
            return None
        entry = allowed[0] if len(allowed) == 1 else allowed[self.rng.weighted(at_bet.weights[table])]
        multiplier = entry.value.numerator  # whole (the block's check)
        self.multiplied += held.value * (multiplier - 1)
        held.value *= multiplier
        self.book.add(
            PrizeMultiplied(
                self.feature, target[0], (target[1], target[2]), multiplier, held.value, source[0], (source[1], source[2])
            )
        )
        return target

    def collect(self, values: list[_Landing]) -> None:
        """Step 4: collectors take the batch's values on their reels; the rest stay or pay."""
        held = self.held
        if not self._collecting:  # nothing takes them: each pays now unless it is held
            for landing in values:
                if landing.cell not in held:
                    board, reel, row = landing.cell
                    self.paid += landing.value
                    self.book.add(CellPaid(self.feature, board, (reel, row), landing.value))
            return
        taken: dict[Cell, list[_Landing]] = {}
        collectors = {b.name: [c for c in b.cells() if c in held and held[c].collector] for b in self.boards}
        for landing in values:
            board, reel, row = landing.cell
            held_now = held.get(landing.cell)
            if held_now is not None:
                landing.value = held_now.value  # a multiplier in step 3 may have changed it
            takers = [c for c in collectors[board] if reel in held[c].collector]
            if takers:
                for collector in takers:
                    taken.setdefault(collector, []).append(landing)
                held.pop(landing.cell, None)
            elif landing.cell not in held:
                self.paid += landing.value
                self.book.add(CellPaid(self.feature, board, (reel, row), landing.value))
        in_cell_order = [c for b in self.boards for c in collectors[b.name] if c in taken]
        for collector in in_cell_order:
            landings = taken[collector]
            value = sum(landing.value for landing in landings)
            keeper = held[collector]
            keeper.value += value
            self.book.add(
                Collected(
                    self.feature, collector[0], (collector[1], collector[2]),
                    tuple((landing.cell[1], landing.cell[2]) for landing in landings), value, keeper.value,
                )
            )

    def award_fills(self) -> None:
        for b in self.boards:
            if b.name not in self.filled and self.is_full(b):
                self.filled.append(b.name)
                x_bet = self.fills.get(b.name, Fraction(0))
                amount = whole_amount(x_bet, self.bet_total)
                self.paid += amount
                self.book.add(BoardFilled(self.feature, b.name, x_bet, amount))

    def settle(self) -> Money:
        """Pay the values held on each board (``HeldPrizesPaid`` per board that holds any)."""
        held = self.held
        for b in self.boards:
            cells = [c for c in b.cells() if c in held and held[c].value]
            amount = sum(held[c].value for c in cells)
            if amount:
                self.paid += amount
                self.book.add(HeldPrizesPaid(self.feature, b.name, tuple((r, w) for _, r, w in cells), amount))
        return self.paid
