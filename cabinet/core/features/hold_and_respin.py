"""Hold and respin on boards of single-cell reels (Happy Lucky Slot, Halloween Wins 3's minigame).

YAML::

    # Happy Lucky Slot's respin feature (strips shortened)
    features:
      - type: hold_and_respin
        name: respin_feature
        trigger_symbols: {BASKET: 1, GOLDEN_BASKET: 2}   # a Golden Basket counts two
        trigger_counts: {6: 1}          # count -> chance the feature opens (largest key not above)
        place_symbol: BASKET            # one BASKET on a random free cell per counted symbol
        respins: 8
        boards:
          - {name: GRAND, reels: 5, rows: 3, strip: "BLANK*40 BASKET*6 PLUS MULT", fill_x_bet: 1000}
          - {name: MAJOR, reels: 5, rows: 3, strip: "BLANK*40 BASKET*6 PLUS MULT", fill_x_bet: 100}
          - {name: MINOR, reels: 5, rows: 3, strip: "BLANK*40 BASKET*6 PLUS MULT", fill_x_bet: 50}
          - {name: MINI, reels: 5, rows: 3, strip: "BLANK*40 BASKET*6 PLUS MULT", fill_x_bet: 20}
        cells:
          - {symbol: BASKET}                          # its prizes: the symbol's `prizes:` table
          - {symbol: PLUS, respins: 1}                # +1 respin, held
          - {symbol: MULT, multiply: true, multiplier_limits: {25: 20}}   # the symbol's `multipliers:`

And Halloween Wins 3's Halloween Ghosts X (a 3x3 board, pumpkins collect reels 1 and 3)::

      - type: hold_and_respin
        name: ghosts
        trigger_symbols: {MUMMY: 1}
        trigger_counts: {1: "1/40", 2: "1/10", 3: 1}   # or opened_by: a mummy_access panel's name
        respins: 3
        start: [{symbol: PUMPKIN, reel: 2}, {symbol: GHOST}, {symbol: GHOST}]
        boards:
          - name: HALLOWEEN
            reels: 3
            rows: 3
            reel_strips: ["BLANK*20 GHOST*4 MUMMY_X MINOR", "BLANK*30 PUMPKIN", "BLANK*20 GHOST*4 MUMMY_X MAJOR"]
        jackpots: {MINOR: 25, MAJOR: 100}
        cells:
          - {symbol: PUMPKIN, resets_respins: true, collects_reels: [1, 3]}
          - {symbol: GHOST, hold: false, resets_respins: true}
          - {symbol: MINOR, hold: false, resets_respins: true, jackpot: MINOR}
          - {symbol: MAJOR, hold: false, resets_respins: true, jackpot: MAJOR}
          - {symbol: MUMMY_X, hold: false, cell_multiplier: 1}

Draw order (a contract):

1. TRIGGER — the screen's trigger count is the sum of ``trigger_symbols`` over every
   position; its chance is ``trigger_counts`` at the largest key not above it. A chance
   of 1 draws nothing; a chance below 1 draws one ``rng.chance(num, den)``.
2. START   — ``BoardOpened`` per board, then the ``start`` symbols in order and then one
   ``place_symbol`` per counted trigger symbol, each put on a random free cell whose strip
   holds it (one ``rng.below`` over those cells, boards in order, then reel and row; no
   draw for a single cell). The placed batch is resolved (``core/boards.py``: REVEAL,
   MULTIPLY, COLLECT, FILL; the starting symbols change no respins).
3. RESPIN  — while respins are left and some board has a free cell: one respin is used
   (``RespinsChanged``), every free cell of every board that is not full draws one
   ``rng.below(len(strip))`` (boards in order, then reel and row; ``BoardSpun``), and the
   batch is resolved: REVEAL (a prize's ``rng.weighted`` in draw order), RESPINS (reset,
   then add), MULTIPLY (``rng.below`` over the held prizes, then ``rng.weighted`` over the
   allowed multipliers), COLLECT, FILL.
4. END     — ``HeldPrizesPaid`` per board holding values, then ``FeatureEnded``.

Money: prizes, jackpots and fill awards are multiples of the total bet, checked whole at
every allowed bet; cell and prize multipliers are whole numbers, so every value is an int
of the minor unit. Only ``CellPaid``, ``BoardFilled`` and ``HeldPrizesPaid`` pay.

Par. The trigger rate is exact (each reel's window counts, convolved). When the boards'
cells are interchangeable (one strip per board), nothing frees a held cell (no
collectors) and every symbol that changes the respins holds, the process of *held cells
per board and respins left* is a Markov chain whose every step either holds a cell or
uses a respin; it is walked exactly (``fill_chain``) for the fill probabilities and the
expected respins, and, with no multipliers of either kind, for the exact value (each
spun cell lands its strip's mean value, independently of the past). With prize
multipliers, what they add is estimated from runs of the block (each spun cell's chance
of a multiplier times what it would add given the prizes held, at every respin: the
engine's ``multiplied_smoothed``) on top of the exact rest. A collector board
(Halloween Ghosts X: collectors hold on their own cells, every other cell lands a value,
a cell multiplier or nothing) is valued exactly by ``collector_chain``: what is still to
come is linear in the cells' multipliers, two linear systems over (respins left,
collector cells held). Otherwise the value is an estimate from runs of this block's own
``run`` from its trigger, stratified by trigger count (``estimate_runs``), and the fill
probabilities are estimated from the same runs.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, gcd
from typing import Annotated, Any, Literal

from ..bet import Bet
from ..boards import Board, Cell, CellAction, HeldRespinEngine, check_whole_x_bet, reset_count, whole_amount
from ..definition import STRIP, Definition, doc
from ..evaluate import compiled, window
from ..events import FeatureEnded, FeatureLimitReached, FeatureStarted, Position, Screen
from ..limits import MAX_AWARD_SPINS, MAX_MULTIPLIER, MAX_PAY_X_BET, MAX_STRIP_STOPS
from ..rng import Rng, derive_seed
from ..value import Exact, Value, estimate_runs
from . import (
    MAX_FEATURE_SPINS,
    BatchHint,
    Block,
    BlockPar,
    BoardsPlan,
    Book,
    FeatureContext,
    FeatureRun,
    ParContext,
    Report,
    Spin,
    Trigger,
    check_symbol,
    window_hint,
)

# The exact chain is walked only while it stays small: more states (or a wider step) than
# this and the figures are estimated instead (par must stay quick).
MAX_CHAIN_STATES = 20_000
MAX_CHAIN_STEP = 20_000


@dataclass(frozen=True)
class BoardSpec:
    """One board of single-cell reels; give exactly one of `strip`, `reel_strips`, `cell_strips`."""

    name: str = doc("the board's name, shown on screen and in events (GRAND, MAJOR, MINOR, MINI)")
    reels: int = doc("columns of cells", default=5)
    rows: int = doc("rows of cells", default=3)
    strip: Annotated[tuple[str, ...], STRIP] = doc("the strip every cell of the board spins", factory=tuple)
    reel_strips: tuple[Annotated[tuple[str, ...], STRIP], ...] = doc(
        "one strip per reel, spun by each cell of that reel", factory=tuple
    )
    cell_strips: tuple[Annotated[tuple[str, ...], STRIP], ...] = doc(
        "one strip per cell: reel 1 top to bottom, then reel 2, ...", factory=tuple
    )
    fill_x_bet: Fraction = doc(
        "Bonus Prize for holding every cell, a multiple of the total bet, paid once per feature (0: none)",
        default=Fraction(0),
    )


@dataclass(frozen=True)
class CellRule:
    """What a symbol does when it lands on a cell (symbols without a rule are blanks)."""

    symbol: str = doc("the symbol id; a credit prize draws its value from the symbol's `prizes:`")
    hold: bool = doc("whether it stays on its cell for the rest of the feature", default=True)
    jackpot: str = doc("a jackpot coin: the name of its jackpot in `jackpots:`", default="")
    respins: int = doc("respins it adds when it lands", default=0)
    resets_respins: bool = doc("whether it sets the respins back to `reset_to` when it lands", default=False)
    multiply: bool = doc(
        "whether it multiplies one random held credit prize by one of the symbol's `multipliers:`", default=False
    )
    multiplier_limits: dict[Fraction, Fraction] = doc(
        "multiplier -> it only applies to prizes below this multiple of the total bet (Happy Lucky: {25: 20})",
        factory=dict,
    )
    cell_multiplier: int = doc("added to the multiplier of the cell it lands on (Mummy X: 1)", default=0)
    collects_reels: tuple[int, ...] = doc(
        "a collector: the reels (1-based) of its board whose landed values it collects and accumulates",
        factory=tuple,
    )


@dataclass(frozen=True)
class StartCell:
    """A symbol on the boards when the feature opens, on a random free cell whose strip holds it."""

    symbol: str = doc("the symbol id")
    board: str = doc("only on this board (empty: any)", default="")
    reel: int = doc("only on this reel, 1-based (0: any)", default=0)
    row: int = doc("only on this row, 1-based from the top (0: any)", default=0)


@dataclass(frozen=True)
class HoldAndRespin:
    type: Literal["hold_and_respin"] = doc(
        "hold and respin on boards of single-cell reels: held prizes, respin counters, multipliers, collectors"
    )
    trigger_symbols: dict[str, int] = doc("symbol -> how many it counts towards the trigger (Golden Basket: 2)")
    trigger_counts: dict[int, Fraction] = doc(
        "trigger count -> chance the feature opens (1: always); counts above the largest key use it"
    )
    boards: tuple[BoardSpec, ...] = doc("the boards the feature plays on, in order")
    cells: tuple[CellRule, ...] = doc("what the symbols landing on the boards do")
    name: str = doc("feature name used in events, meters and scenarios", default="hold_and_respin")
    respins: int = doc("respins at the start", default=3)
    reset_to: int = doc("respins a resetting symbol sets (0: `respins`)", default=0)
    place_symbol: str = doc(
        "placed on a random free cell once per counted trigger symbol at the start (empty: none)", default=""
    )
    start: tuple[StartCell, ...] = doc("symbols on the boards at the start, before the placed ones", factory=tuple)
    jackpots: dict[str, Fraction] = doc("jackpot name -> its value as a multiple of the total bet", factory=dict)
    in_free_spins: bool = doc("whether free spins can trigger it too", default=False)
    par_samples: int = doc(
        "runs par's estimate of this block uses at least (0: par's --samples); enough for the interval "
        "the game publishes", default=0
    )
    opened_by: str = doc(
        "the feature that opens it (Halloween Wins 3's mummy panel): it then never triggers on its own, "
        "its trigger_counts are not read, and that feature's par values each opening (empty: none)",
        default="",
    )
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `title` what the screen calls "
        "it [its board's name on one board, else RESPIN FEATURE]; `opens` [{title} - {respins} RESPINS]; "
        "`respins_badge` [RESPINS]; `win_badge` [FEATURE WIN]; `to_fill`, `to_fill_one` [{cells} CELLS TO "
        "FILL {board}{prize}!]; `added`, `added_one` [+{change} RESPINS: {respins} LEFT]; `reset` [RESPINS "
        "RESET TO {respins}]; `left` [{respins} RESPINS LEFT]; `last` [LAST RESPIN!]; `multiplied` "
        "[x{multiplier} ON A PRIZE: {amount}]; `cell_multiplier` [x{multiplier} ON THIS CELL]; `collect`, "
        "`collect_each`, `collected`, `collected_each` a collector's lines [{name} COLLECTS {values}, ...]; "
        "`filled` [{board} BONUS PRIZE {amount}]; `bonus_prize` its banner [{board} BONUS PRIZE]; "
        "`outro_title` [{title} COMPLETE]; `outro_prizes` [BONUS PRIZES: {boards}]; `outro_played` "
        "[{respins} RESPINS PLAYED]; `outro_status` [{title} WIN {amount}]; `row` its FEATURES-glass row "
        "[RESPINS]; `heading` its INFO heading", factory=dict)


# --- compiled views ------------------------------------------------------------------------------


def _cached(defn: Definition, f: HoldAndRespin, what: str, make: Callable[[], Any]) -> Any:
    """Per-definition cache keyed by the parameters' identity (they hold dicts: unhashable)."""
    cache = compiled(defn).cache
    key = ("hold_and_respin", what, id(f))
    entry = cache.get(key)
    if not (isinstance(entry, tuple) and entry[0] is f):
        entry = cache[key] = (f, make())
    return entry[1]


def build_boards(f: HoldAndRespin) -> tuple[Board, ...]:
    out = []
    for spec in f.boards:
        size = spec.reels * spec.rows
        if spec.cell_strips:
            strips = tuple(spec.cell_strips)
        elif spec.reel_strips:
            strips = tuple(spec.reel_strips[reel] for reel in range(spec.reels) for _ in range(spec.rows))
        else:
            strips = tuple(spec.strip for _ in range(size))
        out.append(Board(spec.name, spec.reels, spec.rows, strips))
    return tuple(out)


def build_actions(defn: Definition, f: HoldAndRespin) -> dict[str, CellAction]:
    symbols = defn.symbol_map
    out = {}
    for rule in f.cells:
        sym = symbols[rule.symbol]
        out[rule.symbol] = CellAction(
            symbol=rule.symbol,
            hold=rule.hold,
            prizes=() if rule.jackpot else sym.prizes,
            jackpot=rule.jackpot,
            jackpot_x_bet=f.jackpots.get(rule.jackpot, Fraction(0)) if rule.jackpot else Fraction(0),
            respins=rule.respins,
            resets_respins=rule.resets_respins,
            multipliers=sym.multipliers if rule.multiply else (),
            multiplier_limits=tuple(rule.multiplier_limits.items()),
            cell_multiplier=rule.cell_multiplier,
            collects=tuple(reel - 1 for reel in rule.collects_reels),
        )
    return out


def boards_of(defn: Definition, f: HoldAndRespin) -> tuple[Board, ...]:
    return _cached(defn, f, "boards", lambda: build_boards(f))  # type: ignore[no-any-return]


def actions_of(defn: Definition, f: HoldAndRespin) -> dict[str, CellAction]:
    return _cached(defn, f, "actions", lambda: build_actions(defn, f))  # type: ignore[no-any-return]


# --- triggering ----------------------------------------------------------------------------------


def chance_for(f: HoldAndRespin, count: int) -> Fraction:
    """The chance ``count`` opens the feature: ``trigger_counts`` at the largest key not above it."""
    best, best_key = Fraction(0), 0
    for key, chance in f.trigger_counts.items():
        if best_key < key <= count:
            best, best_key = chance, key
    return best


def smallest_trigger(f: HoldAndRespin) -> int:
    keys = [k for k, chance in f.trigger_counts.items() if chance > 0]
    return min(keys) if keys else 0


def trigger_count(f: HoldAndRespin, screen: Screen) -> tuple[int, tuple[Position, ...]]:
    count = 0
    where: list[Position] = []
    for reel, column in enumerate(screen):
        for row, sid in enumerate(column):
            weight = f.trigger_symbols.get(sid, 0)
            if weight:
                count += weight
                where.append((reel, row))
    return count, tuple(where)


def window_counts(defn: Definition, f: HoldAndRespin, reel_set: str) -> tuple[tuple[int, ...], ...]:
    """The trigger count each reel's window shows at each stop."""
    rows = defn.grid.rows
    return tuple(
        tuple(sum(f.trigger_symbols.get(sid, 0) for sid in window(strip, stop, rows)) for stop in range(len(strip)))
        for strip in defn.reels[reel_set]
    )


def count_distribution(defn: Definition, f: HoldAndRespin) -> dict[int, Fraction]:
    """P(a base spin shows trigger count k), exactly: each reel's window counts, convolved."""
    out: dict[int, Fraction] = {}
    weight = sum(c.weight for c in defn.base_game.reel_sets)
    for choice in defn.base_game.reel_sets:
        dist = {0: Fraction(1)}
        for counts in window_counts(defn, f, choice.set):
            per_reel: dict[int, Fraction] = {}
            for c in counts:
                per_reel[c] = per_reel.get(c, Fraction(0)) + Fraction(1, len(counts))
            dist = _convolve(dist, per_reel)
        p = Fraction(choice.weight, weight)
        for k, q in dist.items():
            out[k] = out.get(k, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def _convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def trigger_distribution(defn: Definition, f: HoldAndRespin) -> dict[int, Fraction]:
    """P(a base spin opens the feature with trigger count k), chance included."""
    out = {}
    for k, q in count_distribution(defn, f).items():
        chance = chance_for(f, k)
        if q and chance:
            out[k] = q * chance
    return out


# --- playing -------------------------------------------------------------------------------------


def run(ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
    """Play the feature from ``trigger`` to its end, appending its events to ``ctx.book``."""
    return play_feature(ctx, trigger)[0]


def play_feature(ctx: FeatureContext, trigger: Trigger) -> tuple[FeatureRun, HeldRespinEngine]:
    """``run``, also handing back the engine it played on (par reads its tallies)."""
    f: HoldAndRespin = ctx.feature
    if ctx.rng is None:
        raise ValueError("hold and respin needs an rng to play")
    book = ctx.book
    engine = HeldRespinEngine(
        feature=f.name,
        boards=boards_of(ctx.defn, f),
        actions=actions_of(ctx.defn, f),
        bet_total=ctx.bet.total,
        rng=ctx.rng,
        book=book,
        respins=f.respins,
        reset_to=f.reset_to,
        fills={spec.name: spec.fill_x_bet for spec in f.boards if spec.fill_x_bet},
        worths=worths_of(ctx.defn, f) if book.controls else None,
        multiplier_odds=(multiplier_odds_of(ctx.defn, f) or None) if book.controls else None,
        multiplier_chances=(multiplier_chances_of(ctx.defn, f) or None) if book.controls else None,
    )
    book.add(FeatureStarted(f.name, f.respins))
    engine.open_boards()
    placed = []
    for entry in f.start:
        cell = engine.place(entry.symbol, board=entry.board, reel=entry.reel - 1, row=entry.row - 1)
        if cell is not None:
            placed.append((cell, entry.symbol))
    if f.place_symbol:
        for _ in range(trigger.count):
            cell = engine.place(f.place_symbol)
            if cell is not None:
                placed.append((cell, f.place_symbol))
    engine.resolve(placed, change_respins=False)
    while not engine.finished:
        if engine.respins_played >= MAX_FEATURE_SPINS:
            book.add(FeatureLimitReached(f.name, engine.respins_played, engine.respins))
            break
        engine.resolve(engine.spin())
    total = engine.settle()
    book.add(FeatureEnded(f.name, total, engine.respins_played))
    stats = {f"{f.name}_respins": engine.respins_played}
    for name in engine.filled:
        stats[f"{f.name}_filled_{name}"] = 1
    control = engine.surprise * ctx.bet.total
    return FeatureRun(total, engine.respins_played, stats=stats, control=control), engine


def boards_plan(defn: Definition, f: HoldAndRespin, bet: Bet) -> BoardsPlan | None:
    """This feature as data for the batch player (``BoardsPlan``): the boards and cell rules
    ``play_feature`` hands its engine, its start, its respins and, at ``bet``, its fill
    awards and each trigger count's chance (none when another feature opens it). None
    where a fill award is not a whole amount at ``bet``."""
    try:
        fills = tuple(whole_amount(spec.fill_x_bet, bet.total) for spec in f.boards)
    except ValueError:
        return None
    chances: tuple[Fraction, ...] = ()
    if not f.opened_by:
        top = defn.grid.reels * defn.grid.rows * max(f.trigger_symbols.values(), default=1)
        chances = tuple(chance_for(f, k) for k in range(top + 1))
    return BoardsPlan(
        name=f.name,
        boards=boards_of(defn, f),
        actions=actions_of(defn, f),
        bet_total=bet.total,
        respins=f.respins,
        reset_to=reset_count(f.respins, f.reset_to),
        fills=fills,
        start=tuple((e.symbol, e.board, e.reel - 1, e.row - 1) for e in f.start),
        place_symbol=f.place_symbol,
        chances=chances,
        limit=MAX_FEATURE_SPINS,
    )


def worths_of(defn: Definition, f: HoldAndRespin) -> tuple[dict[str, Fraction], dict[Cell, Fraction]]:
    """What each symbol pays on average (x bet), and each cell's strip on average: the
    engine's control variate (kept per game)."""

    def make() -> tuple[dict[str, Fraction], dict[Cell, Fraction]]:
        actions = actions_of(defn, f)
        boards = boards_of(defn, f)
        symbols = {s for b in boards for strip in b.strips for s in strip}
        worth = {s: _mean_value_x_bet(s, actions) for s in symbols}
        cells = {}
        by_strip: dict[tuple[str, ...], Fraction] = {}
        for b in boards:
            for reel in range(b.reels):
                for row in range(b.rows):
                    strip = b.strips[reel * b.rows + row]
                    if strip not in by_strip:
                        by_strip[strip] = _strip_value_x_bet(strip, actions)
                    cells[(b.name, reel, row)] = by_strip[strip]
        return worth, cells

    return _cached(defn, f, "worths", make)  # type: ignore[no-any-return]


def multiplier_odds_of(defn: Definition, f: HoldAndRespin) -> tuple[frozenset[str], dict[Cell, Fraction]]:
    """The symbols that multiply a held prize, and each cell's chance to land one: the control
    variate of what prize multipliers add (kept per game)."""

    def make() -> tuple[frozenset[str], dict[Cell, Fraction]]:
        multiplying = frozenset(s for s, a in actions_of(defn, f).items() if a.multipliers)
        cells = {}
        for b in boards_of(defn, f):
            for reel in range(b.reels):
                for row in range(b.rows):
                    strip = b.strips[reel * b.rows + row]
                    cells[(b.name, reel, row)] = Fraction(sum(1 for s in strip if s in multiplying), len(strip))
        return multiplying, cells

    found: tuple[frozenset[str], dict[Cell, Fraction]] = _cached(defn, f, "multiplier_odds", make)
    return found if found[0] else ()  # type: ignore[return-value]


def multiplier_chances_of(defn: Definition, f: HoldAndRespin) -> dict[Cell, tuple[tuple[str, float], ...]]:
    """Each cell's multiplying symbols with their chances on its strip (cells with none left
    out; floats: they weigh par's smoothed estimate of what prize multipliers add, a float
    sum; kept per game)."""

    def make() -> dict[Cell, tuple[tuple[str, float], ...]]:
        multiplying = [s for s, a in actions_of(defn, f).items() if a.multipliers]
        cells = {}
        for b in boards_of(defn, f):
            for reel in range(b.reels):
                for row in range(b.rows):
                    strip = b.strips[reel * b.rows + row]
                    odds = tuple((s, float(Fraction(strip.count(s), len(strip)))) for s in multiplying if s in strip)
                    if odds:
                        cells[(b.name, reel, row)] = odds
        return cells

    return _cached(defn, f, "multiplier_chances", make)  # type: ignore[no-any-return]


def run_from_trigger(
    defn: Definition, f: HoldAndRespin, bet: Bet, count: int, seed: int, *, controls: bool = False
) -> FeatureRun:
    """The feature opened by trigger count ``count``, played on ``seed``'s draws by this
    block's own ``run`` (lean: no events kept; ``controls``: with its control variate)."""
    return engine_from_trigger(defn, f, bet, count, seed, controls=controls)[0]


def engine_from_trigger(
    defn: Definition, f: HoldAndRespin, bet: Bet, count: int, seed: int, *, controls: bool = False
) -> tuple[FeatureRun, HeldRespinEngine]:
    """``run_from_trigger``, with the engine the run played on."""
    trigger = Trigger(f.name, next(iter(f.trigger_symbols), ""), count, (), f.respins)
    ctx = FeatureContext(defn, f, bet, Rng(seed), "base", book=Book(keep=False, controls=controls))
    return play_feature(ctx, trigger)


# --- the exact chain -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ChainResult:
    """Exact figures of the feature opened by one trigger count (values in x total bet)."""

    fill_probability: dict[str, Fraction]
    expected_respins: Fraction
    value_x_bet: Fraction | None  # None: multipliers make the value non-linear (estimated instead)
    # the value with every prize multiplier left out (None: not known exactly); with prize
    # multipliers, par adds what they add, estimated from runs, to this exact part
    linear_value_x_bet: Fraction | None = None


def chain_blockers(defn: Definition, f: HoldAndRespin) -> list[str]:
    """Why the exact chain does not apply (empty: it does)."""
    out = []
    actions = actions_of(defn, f)
    for b in boards_of(defn, f):
        if len(set(b.strips)) > 1:
            out.append(f"board {b.name}'s cells spin different strips")
    for a in actions.values():
        if a.collector:
            out.append(f"{a.symbol} collects (collected cells are freed)")
        if (a.respins or a.resets_respins) and not a.hold:
            out.append(f"{a.symbol} changes the respins without being held")
    placed = [s.symbol for s in f.start] + ([f.place_symbol] if f.place_symbol else [])
    for s in f.start:
        if s.reel or s.row:
            out.append(f"start symbol {s.symbol} is placed on a given reel or row")
    for sym in placed:
        rule = actions.get(sym)
        if rule is None or not rule.hold:
            out.append(f"start symbol {sym} is not held")
    return out


def _cell_outcomes(strip: tuple[str, ...], actions: dict[str, CellAction]) -> dict[tuple[int, int, bool], Fraction]:
    """One spun cell: P((held 0/1, respins added, resets)) over its strip."""
    out: dict[tuple[int, int, bool], Fraction] = {}
    for sym in strip:
        a = actions.get(sym)
        key = (0, 0, False) if a is None else (int(a.hold), a.respins, a.resets_respins)
        out[key] = out.get(key, Fraction(0)) + Fraction(1, len(strip))
    return out


def _mean_value_x_bet(sym: str, actions: dict[str, CellAction]) -> Fraction:
    a = actions.get(sym)
    if a is None:
        return Fraction(0)
    if a.jackpot:
        return a.jackpot_x_bet
    if not a.prizes:
        return Fraction(0)
    weight = sum(e.weight for e in a.prizes)
    return sum((e.value * e.weight for e in a.prizes), Fraction(0)) / weight


def _strip_value_x_bet(strip: tuple[str, ...], actions: dict[str, CellAction]) -> Fraction:
    """What a spun cell lands on average (x bet) over its strip: each symbol's mean by its stops."""
    return sum((_mean_value_x_bet(s, actions) * n for s, n in Counter(strip).items()), Fraction(0)) / len(strip)


class ChainTooLarge(Exception):
    pass


def fill_chain(defn: Definition, f: HoldAndRespin, count: int) -> ChainResult:
    """Walk the chain of (held cells per board, respins left) exactly from the start of
    the feature opened by trigger count ``count`` (``chain_blockers`` must be empty).

    Every step either holds at least one cell or uses a respin without adding one (every
    symbol that adds or resets respins holds), so states ordered by (cells held, then
    respins left, descending) form a DAG; probability flows through it once.
    """
    boards = boards_of(defn, f)
    actions = actions_of(defn, f)
    sizes = [b.size for b in boards]
    strips = [b.strips[0] for b in boards]
    held_states = 1
    for size in sizes:
        held_states *= size + 1
    if held_states > MAX_CHAIN_STATES:  # counts per board alone are too many: do not start
        raise ChainTooLarge
    reset_to = f.reset_to or f.respins
    linear = not any(a.multipliers or a.cell_multiplier for a in actions.values())
    spin_value = [_strip_value_x_bet(strip, actions) for strip in strips]

    # START: the placements, each on a random eligible free cell (all of them hold)
    starts, value = _start_states(defn, f, count)

    fills = {b.name: Fraction(0) for b in boards}
    spins = [Fraction(0) for _ in boards]
    respins = Fraction(0)
    mass: dict[tuple[tuple[int, ...], int], Fraction] = {}
    heap: list[tuple[int, int, tuple[int, ...]]] = []

    def arrive(state: tuple[int, ...], left: int, p: Fraction) -> None:
        key = (state, left)
        if key not in mass:
            if len(mass) >= MAX_CHAIN_STATES:
                raise ChainTooLarge
            heapq.heappush(heap, (sum(state), -left, state))
            mass[key] = Fraction(0)
        mass[key] += p

    for state, p in starts.items():
        for b, held in enumerate(state):
            if held == sizes[b]:
                fills[boards[b].name] += p
        arrive(state, f.respins, p)

    per_board: dict[tuple[int, int], dict[tuple[int, int, bool], Fraction]] = {}

    def board_step(b: int, free: int) -> dict[tuple[int, int, bool], Fraction]:
        """``free`` cells of board ``b`` spun: P((cells held, respins added, any reset))."""
        key = (b, free)
        found = per_board.get(key)
        if found is None:
            if free == 0:
                found = {(0, 0, False): Fraction(1)}
            else:
                cell = _cell_outcomes(strips[b], actions)
                found = {}
                for (h1, a1, r1), p in board_step(b, free - 1).items():
                    for (h2, a2, r2), q in cell.items():
                        k = (h1 + h2, a1 + a2, r1 or r2)
                        found[k] = found.get(k, Fraction(0)) + p * q
            per_board[key] = found
        return found

    while heap:
        total_held, neg_left, state = heapq.heappop(heap)
        left = -neg_left
        p = mass[(state, left)]
        if left <= 0 or all(state[b] == sizes[b] for b in range(len(boards))):
            continue  # the feature ends here
        respins += p
        free = [sizes[b] - state[b] for b in range(len(boards))]
        for b, n in enumerate(free):
            spins[b] += p * n
        # all boards' outcomes together: (new held per board, respins added, any reset)
        joint: dict[tuple[tuple[int, ...], int, bool], Fraction] = {((), 0, False): Fraction(1)}
        for b, n in enumerate(free):
            outcomes = board_step(b, n)
            if len(joint) * len(outcomes) > MAX_CHAIN_STEP:
                raise ChainTooLarge
            combined: dict[tuple[tuple[int, ...], int, bool], Fraction] = {}
            for (news, added, reset), q in joint.items():
                for (h, a, r), s in outcomes.items():
                    k = ((*news, h), added + a, reset or r)
                    combined[k] = combined.get(k, Fraction(0)) + q * s
            joint = combined
        for (new, added, reset), q in joint.items():
            after = tuple(state[b] + new[b] for b in range(len(boards)))
            for b in range(len(boards)):
                if after[b] == sizes[b] and state[b] < sizes[b]:
                    fills[boards[b].name] += p * q
            arrive(after, (reset_to if reset else left - 1) + added, p * q)

    value += sum((spins[b] * spin_value[b] for b in range(len(boards))), Fraction(0))
    value += sum((fills[spec.name] * spec.fill_x_bet for spec in f.boards), Fraction(0))
    no_cell_multipliers = not any(a.cell_multiplier for a in actions.values())
    return ChainResult(fills, respins, value if linear else None, value if no_cell_multipliers else None)


def _start_states(defn: Definition, f: HoldAndRespin, count: int) -> tuple[dict[tuple[int, ...], Fraction], Fraction]:
    """The held cells per board once the feature opened by ``count`` has placed its start
    symbols (each on a random eligible free cell), with probabilities, and the expected
    value (x total bet) the placed symbols show."""
    boards = boards_of(defn, f)
    actions = actions_of(defn, f)
    sizes = [b.size for b in boards]
    strips = [b.strips[0] for b in boards]
    placed = [s.symbol for s in f.start] + [f.place_symbol] * (count if f.place_symbol else 0)
    means = {sym: _mean_value_x_bet(sym, actions) for sym in set(placed)}
    if not f.start and placed and all(f.place_symbol in strip for strip in strips):
        # one symbol on random free cells of every board: a uniformly random set of cells
        n = min(len(placed), sum(sizes))
        ways = comb(sum(sizes), n)
        uniform: dict[tuple[int, ...], Fraction] = {}
        for state in _compositions(n, sizes):
            weight = 1
            for held, size in zip(state, sizes, strict=True):
                weight *= comb(size, held)
            uniform[state] = Fraction(weight, ways)
        return uniform, n * means[f.place_symbol]
    starts: dict[tuple[int, ...], Fraction] = {tuple(0 for _ in boards): Fraction(1)}
    value = Fraction(0)
    for i, sym in enumerate(placed):
        only = f.start[i].board if i < len(f.start) else ""
        step: dict[tuple[int, ...], Fraction] = {}
        for state, p in starts.items():
            free = [
                sizes[b] - state[b] if (not only or boards[b].name == only) and sym in strips[b] else 0
                for b in range(len(boards))
            ]
            room = sum(free)
            if room == 0:
                step[state] = step.get(state, Fraction(0)) + p
                continue
            value += p * means[sym]
            for b, n in enumerate(free):
                if n:
                    nxt = state[:b] + (state[b] + 1,) + state[b + 1 :]
                    step[nxt] = step.get(nxt, Fraction(0)) + p * Fraction(n, room)
        starts = step
    return starts, value


def _compositions(total: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of len(caps) parts, part i at most caps[i]."""
    if not caps:
        return [()] if total == 0 else []
    out = []
    for first in range(min(total, caps[0]) + 1):
        out += [(first, *rest) for rest in _compositions(total - first, caps[1:])]
    return out


def pacing_board(defn: Definition, f: HoldAndRespin) -> int | None:
    """The one board whose strip holds the symbols that change the respins (None: no board
    does). Raises ValueError when two boards do (the boards are then coupled)."""
    actions = actions_of(defn, f)
    pacing = [
        i for i, b in enumerate(boards_of(defn, f))
        if any((a := actions.get(sym)) is not None and (a.respins or a.resets_respins) for sym in b.strips[0])
    ]
    if len(pacing) > 1:
        raise ValueError("more than one board changes the respins")
    return pacing[0] if pacing else None


@dataclass(frozen=True)
class _PacingRun:
    """The pacing board from one start, spin by spin (index t: before spin t+1)."""

    spins: tuple[Fraction, ...]  # P(spin t+1 is played), ignoring the all-full end
    spins_full: tuple[Fraction, ...]  # P(spin t+1 is played and the pacing board is full)
    free_spun: Fraction  # expected cells of the pacing board spun over the feature
    filled: Fraction  # P(the pacing board is full at the end)


def _pacing_run(defn: Definition, f: HoldAndRespin, pace: int | None, held0: int) -> _PacingRun:
    """The walk of (held cells, respins left) of the pacing board from ``held0`` held, spin by
    spin. Masses are kept as whole numbers over L**(size * t) (L: the strip's length): no
    fraction arithmetic inside the walk, one division per spin at the end."""
    if pace is None:  # nothing changes the respins: every respin is played
        one = tuple(Fraction(1) for _ in range(f.respins))
        return _PacingRun(one, tuple(Fraction(0) for _ in one), Fraction(0), Fraction(0))
    board = boards_of(defn, f)[pace]
    actions = actions_of(defn, f)
    strip, size = board.strips[0], board.size
    length = len(strip)
    reset_to = f.reset_to or f.respins
    per_cell: dict[tuple[int, int, bool], int] = {}
    for sym in strip:
        a = actions.get(sym)
        key = (0, 0, False) if a is None else (int(a.hold), a.respins, a.resets_respins)
        per_cell[key] = per_cell.get(key, 0) + 1
    steps: list[dict[tuple[int, int, bool], int]] = [{(0, 0, False): 1}]  # free cells -> counts over L**free
    for _ in range(size):
        nxt: dict[tuple[int, int, bool], int] = {}
        for (h1, a1, r1), n1 in steps[-1].items():
            for (h2, a2, r2), n2 in per_cell.items():
                k = (h1 + h2, a1 + a2, r1 or r2)
                nxt[k] = nxt.get(k, 0) + n1 * n2
        steps.append(nxt)
    mass: dict[tuple[int, int], int] = {(held0, f.respins): 1}
    spins: list[Fraction] = []
    spins_full: list[Fraction] = []
    free_spun, filled = Fraction(0), Fraction(0)
    while mass:
        if len(spins) >= MAX_FEATURE_SPINS:
            raise ChainTooLarge
        t = len(spins)
        denominator = length ** (size * t)
        playing = {k: n for k, n in mass.items() if k[1] > 0}
        filled += Fraction(sum(n for (h, left), n in mass.items() if left <= 0 and h == size), denominator)
        if not playing:
            break
        spins.append(Fraction(sum(playing.values()), denominator))
        spins_full.append(Fraction(sum(n for (h, _), n in playing.items() if h == size), denominator))
        free_spun += Fraction(sum(n * (size - h) for (h, _), n in playing.items()), denominator)
        moved: dict[tuple[int, int], int] = {}
        for (h, left), n in playing.items():
            free = size - h
            scale = n * length ** (size - free)  # onto the common denominator L**(size * (t + 1))
            for (new, added, reset), count in steps[free].items():
                after = (h + new, (reset_to if reset else left - 1) + added)
                moved[after] = moved.get(after, 0) + scale * count
        if len(moved) > MAX_CHAIN_STATES:
            raise ChainTooLarge
        mass = moved
    return _PacingRun(tuple(spins), tuple(spins_full), free_spun, filled)


def _all_full_respins(
    defn: Definition, f: HoldAndRespin, pace: int, starts: dict[tuple[int, ...], Fraction],
    walk_of: Callable[[int], _PacingRun], misses: list[Fraction],
) -> Fraction:
    """E[respins the walk plays after every board is full] (the feature has ended then):
    sum over starts and spins of P(pacing full and playing) x P(every other board full).
    Whole numbers over one denominator per (pacing start, spin), and those terms over one
    denominator for the lot: a single gcd at the end."""
    boards = boards_of(defn, f)
    sizes = [b.size for b in boards]
    others = [b for b in range(len(boards)) if b != pace]
    lengths = [m.denominator for m in misses]
    pace_length = len(boards[pace].strips[0])  # the walk's masses are over its powers
    terms: list[tuple[int, int, int]] = []  # (numerator, common, t): over common x spin_den(t)

    def spin_den(t: int) -> int:  # what P(pacing full and playing) and P(others full) at spin t are over
        den: int = pace_length ** (sizes[pace] * t)
        for b in others:
            den *= lengths[b] ** (t * sizes[b])
        return den

    by_pacing: dict[int, list[tuple[tuple[int, ...], Fraction]]] = {}
    for state, p in starts.items():
        by_pacing.setdefault(state[pace], []).append((state, p))
    for hm, group in by_pacing.items():
        walk = walk_of(hm)
        common = 1
        for _, p in group:
            common = common * p.denominator // gcd(common, p.denominator)
        for t, both in enumerate(walk.spins_full):
            if not both:
                continue
            # board b's `free` cells all held after t spins: (L^t - M^t)^free / L^(t free),
            # L its strip's length, M the stops that do not hold
            held_t = [lengths[b] ** t - (misses[b] * lengths[b]).numerator ** t for b in range(len(boards))]
            raised: dict[tuple[int, int], int] = {}
            total = 0  # over common x the product of L^(t size) of the other boards
            for state, p in group:
                numerator = p.numerator * (common // p.denominator)
                for b in others:
                    free = sizes[b] - state[b]
                    if (b, free) not in raised:  # onto the common denominator L^(t size)
                        raised[(b, free)] = held_t[b] ** free * lengths[b] ** (t * (sizes[b] - free))
                    numerator *= raised[(b, free)]
                total += numerator
            pace_power = pace_length ** (sizes[pace] * t)
            assert pace_power % both.denominator == 0  # the walk's masses are over that power
            terms.append((both.numerator * (pace_power // both.denominator) * total, common, t))
    if not terms:
        return Fraction(0)
    common_all = 1
    for _, common, _ in terms:
        common_all = common_all * common // gcd(common_all, common)
    top = spin_den(max(t for _, _, t in terms))
    scale = {t: top // spin_den(t) for t in {t for _, _, t in terms}}
    return Fraction(sum(n * (common_all // common) * scale[t] for n, common, t in terms), common_all * top)


def split_chain(defn: Definition, f: HoldAndRespin, count: int) -> ChainResult:
    """The exact figures when at most one board (the pacing board) carries the symbols
    that change the respins: given its walk (held cells and respins left, spin by spin),
    the cells of every other board hold independently of everything else, each free cell
    with its strip's holding chance per spin.

    The walk ignores the all-full end: once every board is full nothing lands and nothing
    pays, so fills and values are the same; only the respins played need it, and there it
    is taken out exactly (all boards full before a spin: the pacing one, times the others).
    Prize multipliers are left out of the value (``linear_value_x_bet``); cell multipliers
    leave no exact value."""
    boards = boards_of(defn, f)
    actions = actions_of(defn, f)
    sizes = [b.size for b in boards]
    strips = [b.strips[0] for b in boards]
    pace = pacing_board(defn, f)
    spin_value = [_strip_value_x_bet(strip, actions) for strip in strips]
    misses = [Fraction(sum(1 for s in strip if (a := actions.get(s)) is None or not a.hold), len(strip))
              for strip in strips]  # a free cell's chance not to hold in one spin
    starts, value = _start_states(defn, f, count)
    walks: dict[int, _PacingRun] = _cached(defn, f, "pacing", dict)
    others = [b for b in range(len(boards)) if b != pace]

    def walk_of(held0: int) -> _PacingRun:
        if held0 not in walks:
            walks[held0] = _pacing_run(defn, f, pace, held0)
        return walks[held0]

    powers: dict[tuple[int, int], list[Fraction]] = {}

    def full_after(b: int, free: int, steps: int) -> list[Fraction]:
        """P(``free`` free cells of board ``b`` are all held after t spins), t = 0..steps."""
        key = (b, free)
        found = powers.get(key)
        if found is None or len(found) <= steps:
            found = powers[key] = [(1 - misses[b] ** t) ** free for t in range(steps + 1)]
        return found

    # the start's marginals: (pacing held, board b held) -> probability
    pairs: dict[int, dict[tuple[int, int], Fraction]] = {b: {} for b in others}
    pacing_held: dict[int, Fraction] = {}
    for state, p in starts.items():
        hm = state[pace] if pace is not None else 0
        pacing_held[hm] = pacing_held.get(hm, Fraction(0)) + p
        for b in others:
            key = (hm, state[b])
            pairs[b][key] = pairs[b].get(key, Fraction(0)) + p

    fills = {b.name: Fraction(0) for b in boards}
    respins = Fraction(0)
    for hm, p in pacing_held.items():
        walk = walk_of(hm)
        respins += p * sum(walk.spins, Fraction(0))
        if pace is not None:
            fills[boards[pace].name] += p * walk.filled
            value += p * walk.free_spun * spin_value[pace]
    per_pair: dict[tuple[int, int, int], tuple[Fraction, Fraction]] = _cached(defn, f, "pairs", dict)
    for b in others:
        name = boards[b].name
        for (hm, hb), p in pairs[b].items():
            pair = (hm, b, sizes[b] - hb)
            if pair not in per_pair:
                walk = walk_of(hm)
                steps = len(walk.spins)
                free = sizes[b] - hb
                full = full_after(b, free, steps)
                # P(T = t) for t = 0..steps, T the respins the walk plays
                ends = [1 - (walk.spins[0] if steps else 1)] + [
                    walk.spins[t - 1] - (walk.spins[t] if t < steps else 0) for t in range(1, steps + 1)
                ]
                filled = sum((ends[t] * full[t] for t in range(steps + 1)), Fraction(0))
                landed = free * sum((walk.spins[t] * misses[b] ** t for t in range(steps)), Fraction(0))
                per_pair[pair] = (filled, landed)
            filled, landed = per_pair[pair]
            fills[name] += p * filled
            value += p * spin_value[b] * landed
    if pace is not None:  # the respins not played because every board was full before them
        respins -= _all_full_respins(defn, f, pace, starts, walk_of, misses)
    value += sum((fills[spec.name] * spec.fill_x_bet for spec in f.boards), Fraction(0))
    linear = not any(a.multipliers or a.cell_multiplier for a in actions.values())
    no_cell_multipliers = not any(a.cell_multiplier for a in actions.values())
    return ChainResult(fills, respins, value if linear else None, value if no_cell_multipliers else None)


def collector_blockers(defn: Definition, f: HoldAndRespin) -> list[str]:
    """Why the collector chain (``collector_chain``) does not apply (empty: it does)."""
    actions = actions_of(defn, f)
    boards = boards_of(defn, f)
    if len(boards) != 1:
        return ["collectors on more than one board"]
    collectors = {a.symbol: a for a in actions.values() if a.collector}
    if not collectors:
        return ["no collector"]
    out = []
    reaches = {a.collects for a in collectors.values()}
    if len(reaches) != 1:
        out.append("collectors collect different reels")
    reels = next(iter(reaches))
    for a in collectors.values():
        if not a.hold or a.has_value or a.respins or a.multipliers or a.cell_multiplier:
            out.append(f"collector {a.symbol} does more than hold and collect")
    board = boards[0]
    for reel, row in board.positions():
        strip = board.strip((reel, row))
        acting = {s: actions[s] for s in strip if s in actions}
        if any(s in collectors for s in acting):
            if reel in reels or any(s not in collectors for s in acting):
                out.append(f"cell {(reel + 1, row + 1)} lands a collector and other symbols, or is collected")
        elif reel not in reels and acting:
            out.append(f"cell {(reel + 1, row + 1)} lands symbols no collector collects")
        else:
            for a in acting.values():
                if a.hold or a.respins or a.multipliers:
                    out.append(f"{a.symbol} holds, adds respins or multiplies a prize on a collected cell")
    if f.place_symbol:
        out.append("place_symbol puts symbols by the trigger count")
    for entry in f.start:
        rule = actions.get(entry.symbol)
        if rule is None or not (rule.collector or (rule.has_value and not rule.hold and not rule.cell_multiplier)):
            out.append(f"start symbol {entry.symbol} is neither a collector nor a value")
    return sorted(set(out))


def collector_chain(defn: Definition, f: HoldAndRespin, count: int) -> ChainResult:
    """The exact value of a collector board (Halloween Wins 3's minigame; ``collector_blockers``
    must be empty): collectors hold on their own cells, every other cell spins every respin
    and lands a value (a prize or jackpot coin), a cell multiplier (Mummy X) or nothing.

    Each value landing is paid once per collector held after its batch (once when there is
    none), times its cell's multiplier at the time. Given the collectors held and the respins
    left, what is still to come is linear in the cells' multipliers:
    V(r, M, m) = A(r, M) + sum_c B_c(r, M) m_c, with B_c = E[collectors after the step] x E[value
    landing on c] + E[B_c next], and A = E[A next] + sum_c E[B_c next x what c's multiplier
    gains]. Both are linear systems over (respins left, collector cells held), solved exactly;
    the landed values' draws are independent of the past, so each counts at its mean."""
    from .wheel import solve

    actions = actions_of(defn, f)
    board = boards_of(defn, f)[0]
    collectors = {a.symbol for a in actions.values() if a.collector}
    resets_on_collect = any(actions[s].resets_respins for s in collectors)
    cells = board.positions()
    holders = [c for c in cells if any(s in collectors for s in board.strip(c))]
    spun = [c for c in cells if c not in holders]
    land = {c: Fraction(sum(1 for s in board.strip(c) if s in collectors), len(board.strip(c))) for c in holders}
    value, gain, gain_reset, quiet = {}, {}, {}, {}
    for c in spun:
        strip = board.strip(c)
        n = len(strip)
        value[c] = _strip_value_x_bet(strip, actions)
        gain[c] = Fraction(sum(actions[s].cell_multiplier for s in strip if s in actions), n)
        gain_reset[c] = Fraction(sum(actions[s].cell_multiplier for s in strip
                                     if s in actions and actions[s].resets_respins), n)
        quiet[c] = Fraction(sum(1 for s in strip if s not in actions or not actions[s].resets_respins), n)
    all_quiet = Fraction(1)
    for c in spun:
        all_quiet *= quiet[c]
    reset_to = f.reset_to or f.respins
    top = max(f.respins, reset_to)
    masks = range(1 << len(holders))
    states = [(r, m) for r in range(1, top + 1) for m in masks]
    index = {s: i for i, s in enumerate(states)}

    def arrivals(mask: int) -> list[tuple[int, Fraction]]:
        """(collector cells held after a respin, probability) from ``mask``."""
        out = [(mask, Fraction(1))]
        for j, c in enumerate(holders):
            if mask >> j & 1:
                continue
            out = [(m | (1 << j) * hit, p * (land[c] if hit else 1 - land[c])) for m, p in out for hit in (0, 1)]
        return out

    def paid_by(mask: int) -> int:
        return max(1, bin(mask).count("1"))

    # T[s][s']: one respin from s to s' (the ends leave the chain); E[collectors paying] per state
    moves: list[list[tuple[int, Fraction, bool]]] = []  # (next mask, probability, collectors reset)
    takers = []
    for _, mask in states:
        step = [(m2, p, resets_on_collect and m2 != mask) for m2, p in arrivals(mask) if p]
        moves.append(step)
        takers.append(sum((p * paid_by(m2) for m2, p, _ in step), Fraction(0)))
    size = len(states)
    matrix = [[Fraction(int(i == j)) for j in range(size)] for i in range(size)]
    for i, (r, _) in enumerate(states):
        for m2, p, reset in moves[i]:
            matrix[i][index[(reset_to, m2)]] -= p if reset else p * (1 - all_quiet)
            if not reset and r > 1:
                matrix[i][index[(r - 1, m2)]] -= p * all_quiet

    def solved(rhs: list[Fraction]) -> list[Fraction]:
        found = solve(matrix, rhs)
        if found is None:
            raise ChainTooLarge  # singular: never in a chain that ends
        return found

    weight = {c: solved([takers[i] * value[c] for i in range(size)]) for c in spun}
    rhs = []
    for i, (r, _) in enumerate(states):
        total = Fraction(0)
        for c in spun:
            others = all_quiet / quiet[c] if quiet[c] else Fraction(0)
            for m2, p, reset in moves[i]:
                at_reset = weight[c][index[(reset_to, m2)]]
                if reset:
                    total += p * gain[c] * at_reset
                    continue
                calm = gain[c] - gain_reset[c]
                total += p * (gain_reset[c] + calm * (1 - others)) * at_reset
                if r > 1:
                    total += p * calm * others * weight[c][index[(r - 1, m2)]]
        rhs.append(total)
    constant = solved(rhs)
    respins = solved([Fraction(1)] * size)

    # START: the start symbols on random eligible free cells; the values they show paid once per
    # collector placed with them (the cells' multipliers are all 1)
    placements: dict[tuple[frozenset[Position], Fraction], Fraction] = {(frozenset(), Fraction(0)): Fraction(1)}
    for entry in f.start:
        nxt: dict[tuple[frozenset[Position], Fraction], Fraction] = {}
        for (taken, shown), p in placements.items():
            eligible = [c for c in cells if c not in taken and entry.symbol in board.strip(c)
                        and (not entry.reel or c[0] == entry.reel - 1) and (not entry.row or c[1] == entry.row - 1)]
            if not eligible:
                nxt[(taken, shown)] = nxt.get((taken, shown), Fraction(0)) + p
                continue
            worth = _mean_value_x_bet(entry.symbol, actions)
            for c in eligible:
                key = (taken | {c}, shown + worth)
                nxt[key] = nxt.get(key, Fraction(0)) + p / len(eligible)
        placements = nxt
    total = Fraction(0)
    played = Fraction(0)
    for (taken, shown), p in placements.items():
        mask = sum(1 << j for j, c in enumerate(holders) if c in taken)
        total += p * shown * paid_by(mask)
        if f.respins > 0:
            i = index[(f.respins, mask)]
            total += p * (constant[i] + sum((weight[c][i] for c in spun), Fraction(0)))
            played += p * respins[i]
    del count  # no placed symbols by the trigger count (collector_blockers)
    return ChainResult({spec.name: Fraction(0) for spec in f.boards}, played, total, total)


def _collector_chain_or_none(defn: Definition, f: HoldAndRespin, count: int) -> ChainResult | None:
    try:
        return collector_chain(defn, f, count)
    except ChainTooLarge:
        return None


def split_applies(defn: Definition, f: HoldAndRespin) -> bool:
    """Whether ``split_chain`` applies: at most one board changes the respins."""
    try:
        pacing_board(defn, f)
    except ValueError:
        return False
    return True


def chain_for(defn: Definition, f: HoldAndRespin, count: int) -> ChainResult | None:
    """The exact chain's figures for ``count`` (None: it does not apply or is too large)."""
    if chain_blockers(defn, f):
        if collector_blockers(defn, f):
            return None
        return _cached(defn, f, f"collector_chain.{count}", lambda: _collector_chain_or_none(defn, f, count))  # type: ignore[no-any-return]

    def make() -> dict[int, ChainResult | None]:
        return {}

    results: dict[int, ChainResult | None] = _cached(defn, f, "chain", make)
    if count not in results:
        try:
            results[count] = fill_chain(defn, f, count)
        except ChainTooLarge:
            results[count] = None
        if results[count] is None and split_applies(defn, f):
            try:
                results[count] = split_chain(defn, f, count)
            except ChainTooLarge:
                results[count] = None
    return results[count]


# --- the block -----------------------------------------------------------------------------------


class HoldAndRespinBlock(Block):
    type = "hold_and_respin"
    params = HoldAndRespin
    presenter = "hold_and_respin"
    resume_kinds = frozenset({"feature_started", "board_spun", "feature_ended"})

    def modes(self, params: Any) -> frozenset[str]:
        if params.opened_by:  # played only from inside the feature that opens it
            return frozenset()
        return frozenset({"base", "respin", "free"} if params.in_free_spins else {"base", "respin"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        f: HoldAndRespin = params
        if f.opened_by:
            if not any(p.name == f.opened_by for p in defn.features if p is not f):
                report(("opened_by",), f"no feature is named '{f.opened_by}'")
        elif not f.trigger_symbols:
            report(("trigger_symbols",), "trigger_symbols needs at least one symbol: count entry")
        for sid, weight in f.trigger_symbols.items():
            check_symbol(defn, report, ("trigger_symbols", sid, "__key__"), sid, what="trigger symbol")
            if weight < 1:
                report(("trigger_symbols", sid), f"a trigger symbol counts at least 1, got {weight}")
        if not f.opened_by and not any(chance > 0 for chance in f.trigger_counts.values()):
            report(("trigger_counts",), "trigger_counts needs a count with a chance above 0")
        for count, chance in f.trigger_counts.items():
            if count < 1:
                report(("trigger_counts", count, "__key__"), f"trigger count {count} must be at least 1")
            if chance > 1:
                report(("trigger_counts", count), f"a chance is at most 1, got {chance}")
        if f.respins < 1:
            report(("respins",), f"respins must be at least 1, got {f.respins}")
        if f.reset_to < 0:
            report(("reset_to",), f"reset_to must not be negative, got {f.reset_to}")
        self._check_boards(defn, f, report)
        self._check_cells(defn, f, report)
        rules = {rule.symbol for rule in f.cells}
        on_boards = set() if _bad_boards(f) else {sid for b in boards_of(defn, f) for s in b.strips for sid in s}
        if f.place_symbol:
            check_symbol(defn, report, ("place_symbol",), f.place_symbol, what="place_symbol")
            if f.place_symbol not in rules:
                report(("place_symbol",), f"place_symbol '{f.place_symbol}' needs an entry in cells:")
        names = {spec.name for spec in f.boards}
        for i, entry in enumerate(f.start):
            check_symbol(defn, report, ("start", i, "symbol"), entry.symbol)
            if entry.symbol not in rules:
                report(("start", i, "symbol"), f"start symbol '{entry.symbol}' needs an entry in cells:")
            if entry.board and entry.board not in names:
                report(("start", i, "board"), f"no board is named '{entry.board}'")
            if entry.reel < 0 or entry.row < 0:
                report(("start", i), "reel and row are 1-based (0: any)")
        for sym in ([f.place_symbol] if f.place_symbol else []) + [s.symbol for s in f.start]:
            if on_boards and sym not in on_boards:
                report(("place_symbol",) if sym == f.place_symbol else ("start",),
                       f"'{sym}' is on no board's strip, so it has no cell to start on")
        self._check_exact(defn, f, report)
        self._check_limits(f, report)

    @staticmethod
    def _check_limits(f: HoldAndRespin, report: Report) -> None:
        """The caps of ``core/limits.py``: a playable feature, numbers the screen can show."""
        counts: list[tuple[tuple[Any, ...], int]] = [(("respins",), f.respins), (("reset_to",), f.reset_to)]
        counts += [(("cells", i, "respins"), rule.respins) for i, rule in enumerate(f.cells)]
        for path, n in counts:
            if n > MAX_AWARD_SPINS:
                report(path, f"{n:,} respins; at most {MAX_AWARD_SPINS} (MAX_AWARD_SPINS)")
        values: list[tuple[tuple[Any, ...], Fraction]] = [
            (("boards", i, "fill_x_bet"), spec.fill_x_bet) for i, spec in enumerate(f.boards)
        ]
        values += [(("jackpots", name), x) for name, x in f.jackpots.items()]
        for where, x_bet in values:
            if x_bet > MAX_PAY_X_BET:
                report(where, f"{x_bet} x the bet; at most {MAX_PAY_X_BET:,} (MAX_PAY_X_BET)")
        for i, rule in enumerate(f.cells):
            if rule.cell_multiplier > MAX_MULTIPLIER:
                report(("cells", i, "cell_multiplier"), f"at most {MAX_MULTIPLIER:,} (MAX_MULTIPLIER)")
        for i, spec in enumerate(f.boards):
            for strip in (spec.strip, *spec.reel_strips, *spec.cell_strips):
                if len(strip) > MAX_STRIP_STOPS:
                    report(("boards", i), f"a strip of {len(strip):,} stops; at most {MAX_STRIP_STOPS:,} (MAX_STRIP_STOPS)")
                    break

    @staticmethod
    def _check_boards(defn: Definition, f: HoldAndRespin, report: Report) -> None:
        if not f.boards:
            report(("boards",), "boards needs at least one board")
        seen: set[str] = set()
        for i, spec in enumerate(f.boards):
            p = ("boards", i)
            if spec.name in seen:
                report((*p, "name"), f"two boards are named '{spec.name}'")
            seen.add(spec.name)
            if not 1 <= spec.reels <= 10 or not 1 <= spec.rows <= 10:
                report(p, f"a board has 1 to 10 reels and rows, got {spec.reels}x{spec.rows}")
                continue
            given = [k for k in ("strip", "reel_strips", "cell_strips") if getattr(spec, k)]
            if len(given) != 1:
                report(p, "give a board exactly one of strip, reel_strips or cell_strips")
                continue
            want = {"strip": 1, "reel_strips": spec.reels, "cell_strips": spec.reels * spec.rows}[given[0]]
            strips = (spec.strip,) if given[0] == "strip" else getattr(spec, given[0])
            if len(strips) != want:
                report((*p, given[0]), f"{given[0]} needs {want} strips for a {spec.reels}x{spec.rows} board, got {len(strips)}")
            for j, strip in enumerate(strips):
                where = (*p, given[0]) if given[0] == "strip" else (*p, given[0], j)
                for sid in dict.fromkeys(strip):
                    check_symbol(defn, report, where, sid, what="cell symbol")

    @staticmethod
    def _check_cells(defn: Definition, f: HoldAndRespin, report: Report) -> None:
        symbols = defn.symbol_map
        seen: set[str] = set()
        for i, rule in enumerate(f.cells):
            p = ("cells", i)
            check_symbol(defn, report, (*p, "symbol"), rule.symbol, what="cell symbol")
            if rule.symbol in seen:
                report((*p, "symbol"), f"two cell rules for '{rule.symbol}'")
            seen.add(rule.symbol)
            sym = symbols.get(rule.symbol)
            if sym is None:
                continue
            if rule.jackpot and rule.jackpot not in f.jackpots:
                report((*p, "jackpot"), f"no jackpot named '{rule.jackpot}' in jackpots:")
            if rule.jackpot and sym.prizes:
                report((*p, "jackpot"), f"'{rule.symbol}' has prizes and a jackpot; give it one value")
            if rule.respins < 0:
                report((*p, "respins"), f"respins added must not be negative, got {rule.respins}")
            if rule.cell_multiplier < 0:
                report((*p, "cell_multiplier"), f"cell_multiplier must not be negative, got {rule.cell_multiplier}")
            if rule.multiply:
                if not sym.multipliers:
                    report((*p, "multiply"), f"'{rule.symbol}' multiplies, so its symbol needs multipliers:")
                for wv in sym.multipliers:
                    if wv.value.denominator != 1 or wv.value < 1:
                        report((*p, "multiply"), f"multipliers of '{rule.symbol}' must be whole, got {wv.value}")
                values = {wv.value for wv in sym.multipliers}
                for m in rule.multiplier_limits:
                    if m not in values:
                        report((*p, "multiplier_limits", m, "__key__"), f"x{m} is not among the multipliers of '{rule.symbol}'")
                if sym.multipliers and all(wv.value in rule.multiplier_limits for wv in sym.multipliers):
                    report((*p, "multiplier_limits"), "at least one multiplier must have no limit")
            elif rule.multiplier_limits:
                report((*p, "multiplier_limits"), "multiplier_limits needs multiply: true")
            for j, reel in enumerate(rule.collects_reels):
                if reel < 1:
                    report((*p, "collects_reels", j), f"reels are 1-based, got {reel}")

    @staticmethod
    def _check_exact(defn: Definition, f: HoldAndRespin, report: Report) -> None:
        """Fill awards and jackpots are whole amounts at every allowed bet (the symbols'
        prizes are checked with the symbols)."""
        amounts: list[tuple[tuple[Any, ...], Fraction]] = [
            (("boards", i, "fill_x_bet"), spec.fill_x_bet) for i, spec in enumerate(f.boards)
        ]
        amounts += [(("jackpots", name), x) for name, x in f.jackpots.items()]
        check_whole_x_bet(defn, report, amounts)

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        """The screen's trigger count; a chance below 1 draws one ``rng.chance``."""
        f: HoldAndRespin = ctx.feature
        if f.opened_by:
            return None
        count, positions = trigger_count(f, spin.screen)
        chance = chance_for(f, count) if count else Fraction(0)
        if chance <= 0:
            return None
        probability = Fraction(1)
        if chance < 1:
            if ctx.rng is None:
                probability = chance
            elif not ctx.rng.chance(chance.numerator, chance.denominator):
                return None
        symbol = next((s for s in f.trigger_symbols if any(s in col for col in spin.screen)), "")
        return Trigger(f.name, symbol, count, positions, f.respins, probability)

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        return run(ctx, trigger)

    def expected_value(self, ctx: FeatureContext, trigger: Trigger) -> Fraction | None:
        found = chain_for(ctx.defn, ctx.feature, trigger.count)
        if found is None or found.value_x_bet is None:
            return None
        return found.value_x_bet * ctx.bet.total

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        need = 0 if params.opened_by else smallest_trigger(params)
        if not need:
            return ()
        adds = params.trigger_symbols
        return (window_hint(defn, reel_set, lambda reel, w: sum(adds.get(sid, 0) for sid in w), need,
                            plan=lambda bet: boards_plan(defn, params, bet)),)

    def feature_plan(self, defn: Definition, params: Any, bet: Bet) -> BoardsPlan | None:
        return boards_plan(defn, params, bet)

    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None:
        if params.opened_by:
            return None  # the feature that opens it is the one that starts
        return sum(trigger_distribution(defn, params).values(), Fraction(0))

    def quiet(self, defn: Definition, params: Any) -> tuple[tuple[str, int], ...]:
        need = 0 if params.opened_by else smallest_trigger(params)
        if not need:
            return ()
        return tuple((sid, -(-need // weight)) for sid, weight in params.trigger_symbols.items() if weight > 0)

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, f = pctx.defn, pctx.feature
        if f.opened_by:
            return None  # the feature that opens it prices each opening (its modes are empty: not missing)
        triggers = trigger_distribution(defn, f)
        rate = sum(triggers.values(), Fraction(0))
        figures: dict[str, Value] = {"trigger_rate": Exact(rate)}
        detail: dict[str, Any] = {"trigger_probability": triggers}
        notes: list[str] = []
        if not rate:
            return BlockPar(f.name, Exact(Fraction(0)), figures, ("the feature cannot trigger",), detail)
        chains = {k: chain_for(defn, f, k) for k in triggers}
        if all(c is not None for c in chains.values()):
            exact_chains = {k: c for k, c in chains.items() if c is not None}
            figures["expected_respins"] = Exact(sum((q * exact_chains[k].expected_respins for k, q in triggers.items()),
                                                    Fraction(0)) / rate)
            for spec in f.boards:
                figures[f"fill_probability.{spec.name}"] = Exact(
                    sum((q * exact_chains[k].fill_probability[spec.name] for k, q in triggers.items()), Fraction(0)) / rate
                )
            if all(c.value_x_bet is not None for c in exact_chains.values()):
                value = sum((q * (exact_chains[k].value_x_bet or 0) for k, q in triggers.items()), Fraction(0))
                figures["expected_value_x_bet"] = Exact(value / rate)
                notes.append("exact: a Markov chain over held cells per board and respins left")
                return BlockPar(f.name, Exact(value), figures, tuple(notes), detail)
            if all(c.linear_value_x_bet is not None for c in exact_chains.values()):
                linear = sum((q * (exact_chains[k].linear_value_x_bet or 0) for k, q in triggers.items()), Fraction(0))
                figures["value_without_multipliers_x_bet"] = Exact(linear / rate)
                uplift = self._estimate_multiplied(pctx, triggers, rate)
                figures["multipliers_add_x_bet"] = uplift.scaled(1 / rate)
                value_rtp = Exact(linear) + uplift
                figures["expected_value_x_bet"] = value_rtp.scaled(1 / rate)
                notes.append("exact: fills, respins and the value without multipliers (a Markov chain: the "
                             "pacing board's held cells and respins left, the other boards independent given it)")
                notes.append(f"estimated: what the prize multipliers add, {self._samples(pctx, f):,} runs of this "
                             "block from its trigger, stratified by trigger count")
                return BlockPar(f.name, value_rtp, figures, tuple(notes), detail)
            notes.append("fill probabilities and respins exact (Markov chain); the value is estimated: "
                         "multipliers make it non-linear")
        else:
            blockers = chain_blockers(defn, f) or ["the chain is too large to walk"]
            notes.append(f"estimated from runs of this block; no exact chain: {'; '.join(blockers)}")
        rtp, estimated = self._estimate(pctx, triggers, rate)
        for key, figure in estimated.items():
            figures.setdefault(key, figure)
        notes.append(f"the value: {pctx.samples:,} runs of this block from its trigger, stratified by trigger count")
        return BlockPar(f.name, rtp, figures, tuple(notes), detail)

    @staticmethod
    def _samples(pctx: ParContext, f: HoldAndRespin) -> int:
        return max(pctx.samples, f.par_samples)

    def _estimate_multiplied(self, pctx: ParContext, triggers: dict[int, Fraction], rate: Fraction) -> Value:
        """The RTP the prize multipliers add: the mean over runs of this block of what its
        multipliers added to the held prizes (the rest of the value is exact)."""
        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        samples = self._samples(pctx, f)
        method = (f"what the multipliers add in runs of {f.name} from its trigger: at every respin, each spun "
                  "cell's chance of a multiplier times its expectation given the prizes held (the landed ones "
                  "replaced by what they added)")
        # what each run gave, kept on the definition by (bet, seed, trigger count): run i is the
        # same run in every par at that seed (its seed is derived from i), so a larger par after
        # a smaller one (par_to_precision's pilot, then its run at the samples it needs) plays
        # only the runs the smaller did not, and reports what a fresh par at its samples would
        kept_runs: dict[tuple[Bet, int, int], list[tuple[float, Fraction]]] = _cached(defn, f, "multiplier_runs", dict)
        out: Value = Exact(Fraction(0))
        for k, q in triggers.items():
            n = max(2, int(samples * q / rate))
            kept = kept_runs.setdefault((bet, pctx.seed, k), [])

            def played(i: int, k: int = k, kept: list[tuple[float, Fraction]] = kept) -> tuple[float, Fraction]:
                while len(kept) <= i:
                    engine = engine_from_trigger(defn, f, bet, k, derive_seed(pctx.seed, len(kept) * 64 + k),
                                                 controls=True)[1]
                    kept.append((engine.multiplied_smoothed, engine.multiplier_surprise * bet.total))
                return kept[i]

            # the control: multiplying symbols landed minus their chance on every spun cell (mean 0
            # exactly); the more of them land, the more the multipliers add
            out = out + estimate_runs(lambda i: Fraction(played(i)[0]), n, pctx.seed, method, scale=q / bet.total,
                                      control=lambda i: played(i)[1])
        return out

    @staticmethod
    def _estimate(pctx: ParContext, triggers: dict[int, Fraction], rate: Fraction) -> tuple[Value, dict[str, Value]]:
        """The RTP part (and fill rates, respins) from this block's own runs, by trigger count."""
        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        method = f"runs of {f.name} from its trigger"
        rtp: Value = Exact(Fraction(0))
        others: dict[str, Value] = {}
        for k, q in triggers.items():
            n = max(2, int(pctx.samples * q / rate))
            runs: dict[int, FeatureRun] = {}

            def played(i: int, k: int = k, runs: dict[int, FeatureRun] = runs) -> FeatureRun:
                if i not in runs:
                    runs[i] = run_from_trigger(defn, f, bet, k, derive_seed(pctx.seed, i * 64 + k), controls=True)
                return runs[i]

            rtp = rtp + estimate_runs(lambda i: played(i).total, n, pctx.seed, method, scale=q / bet.total,
                                      control=lambda i: played(i).control)
            share = q / rate
            figures: dict[str, Callable[[FeatureRun], int]] = {"expected_respins": _respins_of}
            for spec in f.boards:
                figures[f"fill_probability.{spec.name}"] = _filled(f"{f.name}_filled_{spec.name}")
            for name, pick in figures.items():
                part = estimate_runs(_picking(pick, played), n, pctx.seed, method, scale=share)
                others[name] = part if name not in others else others[name] + part
        return rtp, others


def _picking(pick: Callable[[FeatureRun], int], played: Callable[[int], FeatureRun]) -> Callable[[int], int]:
    return lambda i: pick(played(i))


def _respins_of(outcome: FeatureRun) -> int:
    return outcome.spins_played


def _filled(key: str) -> Callable[[FeatureRun], int]:
    """Whether a run filled the board its stats ``key`` names (1) or not (0)."""
    return lambda outcome: outcome.stats.get(key, 0)


def _bad_boards(f: HoldAndRespin) -> bool:
    """A board whose strips are malformed (reported by the board check; nothing to build)."""
    for spec in f.boards:
        given = [k for k in ("strip", "reel_strips", "cell_strips") if getattr(spec, k)]
        if len(given) != 1 or spec.reels < 1 or spec.rows < 1:
            return True
        want = {"strip": 1, "reel_strips": spec.reels, "cell_strips": spec.reels * spec.rows}[given[0]]
        strips = (spec.strip,) if given[0] == "strip" else getattr(spec, given[0])
        if len(strips) != want:
            return True
    return False


BLOCK = HoldAndRespinBlock()
