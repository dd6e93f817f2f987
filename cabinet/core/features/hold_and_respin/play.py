"""The hold-and-respin feature's compiled boards and rules, its trigger, and its play:
one run on ``HeldRespinEngine`` (``core/boards.py``), and the plan the batch player
plays (``boards_plan``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ...bet import Bet
from ...boards import Board, Cell, CellAction, HeldRespinEngine, reset_count, whole_amount
from ...definition import Definition
from ...evaluate import compiled, window
from ...events import FeatureEnded, FeatureLimitReached, FeatureStarted, Position, Screen
from ...rng import Rng
from .. import MAX_FEATURE_SPINS, BoardsPlan, Book, FeatureContext, FeatureRun, Trigger
from .params import HoldAndRespin

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
