"""Pure screen evaluation: what a screen pays, exactly.

Nothing here draws, sleeps or touches money other than to multiply exact values.
``line_pays`` and ``scatter_pays`` work in paytable units (coins per line-coin,
multiples of the total bet); ``evaluate_screen`` turns them into ``LineWin`` /
``ScatterWin`` events with amounts in minor units.

Line rules (every one is tested on hand-built boards in tests/test_evaluate.py):

- A run starts on the first reel of its direction and takes adjacent reels while the
  symbol *is* the paid symbol (its ``base``: a Double of A is A) or is a wild that
  substitutes for it. Only the best run of a line is paid.
- The paid symbol ("target") of a run is the base of the first non-wild symbol
  (when it is a ``regular`` symbol with pays), or the base of one of the leading
  wilds (a wild-only run, paid on the wild's own pays). With ``wild_lines:
  best_symbol`` a run that begins with wilds also tries every regular line symbol
  (the wilds standing in for it: WILD WILD WILD WILD K is the top symbol x4 when
  that pays more than K x5; a line of wilds alone pays the top symbol x5). Every
  target is tried and the highest value wins: value = paytable x wild multipliers;
  ties go to the larger count, then to the earlier target (the regular symbol
  before the wilds, then the wilds' own, then the others in id order).
- With ``wild_lines: one_wild_kind`` (Vikings Fun: wild kinds that do not substitute for
  each other) a line that begins with wilds ends at the first leading wild that lists
  the first wild's base in its ``excludes``: only the run before it counts, so WILD
  RED K K K is paid as WILD x1 (nothing) and K is never tried.
- A wild substitutes for every regular symbol except those in its ``excludes``; it
  never substitutes for scatters, bonus symbols or blanks. ``excludes`` is matched
  against the *paid* symbol, so excluding a Double's id only says the wild never
  becomes a Double: it still substitutes for the Double's base, counting 1.
- Counts: a symbol adds its ``counts`` (a Double adds 2), a substituting wild adds 1.
  The paytable is read at the largest key not above the count, so a count above the
  largest key pays the largest key, and a count below the smallest pays nothing.
- A wild's ``multiplier`` multiplies every line win it takes part in (its own
  wild-only runs included, unless the wild has ``multiplies_own_pays: false``: then a
  run paid on its own pays is x1, Dolphin's Pearl's rule); several multiply together,
  or, with ``wild_multipliers: highest``, the highest one applies once.
- ``both_ways``: the best left-to-right run and the best right-to-left run are both
  paid, except that when both cover every reel the line is paid once (left-to-right).

Scatter rules: a ``scatter`` symbol with pays is counted anywhere on the screen
(Doubles adding their ``counts``) and pays that count's value times the total bet. A
wild with ``scatter: true`` (a wild-scatter, Book of Ra's book) is both: it substitutes
on lines as any wild, and its own pays are scatter pays (it has no wild-only line runs).

Per-definition lookup tables are compiled once and kept on the Definition (the same
way ``functools.cached_property`` keeps its values), so ``line_pays`` does no dict
building per call; recent results are memoised (bounded) for the round runner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import getitem

from .bet import Bet
from .definition import Definition
from .events import Event, LineWin, Position, ScatterWin, Screen
from .money import Money, apply_ratio

LTR = "ltr"
RTL = "rtl"
_MEMO_LIMIT = 1_024  # line_pays results kept per definition before the memo is cleared (about 0.2 MB)
_ZERO = Fraction(0)


class EvaluationError(ValueError):
    """A screen or stop list that does not fit the definition."""


@dataclass(frozen=True)
class LinePay:
    """One paid line combination, in paytable units."""

    symbol: str  # the symbol paid (a Double pays as its base)
    count: int  # symbols counted (Doubles count their `counts`, a substituting wild 1)
    coins: Fraction  # paytable value x wild multipliers, per coin bet on the line
    reels: tuple[int, ...]  # 0-based reels of the counted positions, ascending
    direction: str  # "ltr" | "rtl"
    multiplier: int  # the wild multipliers of the run combined (1 if none)

    @property
    def base_coins(self) -> Fraction:
        """The paytable value alone (before wild multipliers)."""
        return self.coins / self.multiplier


@dataclass(frozen=True)
class ScatterPay:
    symbol: str
    count: int  # Doubles count their `counts`
    x_bet: Fraction  # multiple of the total bet
    positions: tuple[Position, ...]


# --- compiled tables --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunResult:
    """The best run of one direction (internal to evaluation and exact par math)."""

    target: str
    count: int
    length: int  # adjacent reels covered
    multiplier: int
    coins: Fraction  # paytable value x multiplier (0: the run pays nothing)


class CompiledPays:
    """Everything ``line_pays`` and ``scatter_pays`` need, as plain lookups.

    - ``match[target][symbol] = (adds, multiplier)``: how a symbol extends a run of
      ``target`` (absent: it breaks the run);
    - ``table[target]``: paytable value indexed by count, 0..largest key;
    - ``lead_target[symbol]``: the target a run gets when this is its first non-wild;
    - ``is_wild[symbol]``, ``wild_target[symbol]``: wilds and the target of their
      own wild-only runs (when they have pays).
    """

    def __init__(self, defn: Definition) -> None:
        symbols = defn.symbol_map
        self.n_reels = defn.grid.reels
        self.both_ways = defn.pay_direction == "both_ways"
        self.centre_out = defn.pay_direction == "centre_out"  # core/centre_out.py states the rule
        self.highest_multiplier = defn.wild_multipliers == "highest"  # else several multiply together
        self.is_wild: dict[str, bool] = {s.id: s.kind == "wild" for s in defn.symbols}
        wilds = [s for s in defn.symbols if s.kind == "wild"]

        def base_kind(sid: str) -> str:
            sym = symbols.get(sid)
            return sym.kind if sym else "blank"

        # a wild that is a scatter too pays its own pays anywhere, never on lines
        line_targets = {
            s.base
            for s in defn.symbols
            if s.kind in ("regular", "wild") and s.base in defn.pays and base_kind(s.base) == s.kind
            and not s.is_scatter
        }
        self.match: dict[str, dict[str, tuple[int, int]]] = {}
        self.table: dict[str, tuple[Fraction, ...]] = {}
        for target in line_targets:
            row: dict[str, tuple[int, int]] = {}
            for s in defn.symbols:
                if s.base == target:  # a wild's own run: its multiplier unless it leaves its own pays x1
                    row[s.id] = (s.counts, s.multiplier if s.kind == "wild" and s.multiplies_own_pays else 1)
                elif s.kind == "wild" and target not in s.excludes:
                    row[s.id] = (1, s.multiplier)
            self.match[target] = row
            self.table[target] = pay_table(defn.pays[target])
        # pay groups (any bar): a run of any mix of the group's symbols, wilds substituting
        for group in defn.pay_groups:
            members = set(group.symbols)
            self.match[group.id] = {
                s.id: ((s.counts, 1) if s.kind == "regular" else (1, s.multiplier))
                for s in defn.symbols
                if (s.kind == "regular" and s.base in members) or (s.kind == "wild" and group.id not in s.excludes)
            }
            self.table[group.id] = pay_table(group.pays)
        # a symbol's own target first, then the groups it is in (their order in the file)
        self.lead_target: dict[str, tuple[str, ...]] = {
            s.id: (((s.base,) if s.kind == "regular" and s.base in line_targets else ())
                   + tuple(g.id for g in defn.pay_groups if s.kind == "regular" and s.base in g.symbols))
            for s in defn.symbols
        }
        self.wild_target: dict[str, str | None] = {
            s.id: (s.base if s.base in line_targets else None) for s in wilds
        }
        # ``wild_lines: best_symbol``: a run that begins with wilds also tries every regular
        # line symbol (sorted: the order ties are settled in, the same in linemath)
        self.wild_extra: tuple[str, ...] = (
            tuple(sorted(t for t in line_targets if base_kind(t) == "regular"))
            if defn.wild_lines == "best_symbol" else ()
        )
        # ``wild_lines: one_wild_kind``: first wild -> the wilds that end a line it begins
        # (they do not substitute for it)
        self.lead_breaks: dict[str, frozenset[str]] = (
            {a.id: frozenset(b.id for b in wilds if b.base != a.base and a.base in b.excludes) for a in wilds}
            if defn.wild_lines == "one_wild_kind" else {}
        )
        # scatters: symbol -> (scatter id paid, counts)
        scatter_ids = {s.base for s in defn.symbols if s.is_scatter and s.base in defn.pays}
        self.scatter_of: dict[str, tuple[str, int]] = {
            s.id: (s.base, s.counts) for s in defn.symbols if s.is_scatter and s.base in scatter_ids
        }
        self.scatter_table: dict[str, tuple[Fraction, ...]] = {
            t: pay_table(defn.pays[t]) for t in scatter_ids
        }
        # base id -> {symbol id: how many of the base it counts as} (trigger counts)
        self.counts_as: dict[str, dict[str, int]] = {}
        for s in defn.symbols:
            self.counts_as.setdefault(s.base, {})[s.id] = s.counts
        self.reels_ltr = tuple(tuple(range(k)) for k in range(self.n_reels + 1))
        self.memo: dict[tuple[tuple[str, ...], bool], tuple[LinePay, ...]] = {}
        self.pay_objects: dict[tuple[str, int, int, int, str, int], LinePay] = {}
        self.cache: dict[object, object] = {}  # exact-math results (features, par helpers)

    # -- runs -----------------------------------------------------------------------------------------

    def lead_cut(self, seq: Sequence[str]) -> int:
        """Where a line ends under ``wild_lines: one_wild_kind``: at the first leading wild
        that does not substitute for the first wild (``len(seq)`` when none does)."""
        if not self.lead_breaks or not seq:
            return len(seq)
        breaks = self.lead_breaks.get(seq[0])
        if not breaks:
            return len(seq)
        is_wild = self.is_wild
        for p in range(1, len(seq)):
            sid = seq[p]
            if not is_wild[sid]:
                break
            if sid in breaks:
                return p
        return len(seq)

    def best_run(self, seq: Sequence[str]) -> tuple[RunResult | None, int]:
        """Best paying run from the start of ``seq``, and its *reach*.

        The reach is the longest run of any candidate target (paying or not); when it
        is shorter than ``seq`` nothing after ``seq`` can change the result, which is
        what exact enumeration uses to stop early. A sequence of wilds only has
        reach ``len(seq)`` (the next symbol may still add a target).
        """
        n = len(seq)
        cut = self.lead_cut(seq) if self.lead_breaks else n
        if cut < n:  # nothing after the cut can change the result: its reach is the cut
            seq, n = seq[:cut], cut
        is_wild = self.is_wild
        i = 0
        while i < n and is_wild[seq[i]]:
            i += 1
        if i == n:
            targets: tuple[str, ...] = ()
            reach = n
        else:
            targets = self.lead_target[seq[i]]
            reach = 0
        if i:
            extra = []
            for sid in seq[:i]:
                t = self.wild_target[sid]
                if t is not None and t not in targets and t not in extra:
                    extra.append(t)
            for t in self.wild_extra:
                if t not in targets and t not in extra:
                    extra.append(t)
            if extra:
                targets = targets + tuple(extra)
        best: RunResult | None = None
        best_key: tuple[Fraction, int] = (_ZERO, 0)
        highest = self.highest_multiplier
        for target in targets:
            row = self.match[target]
            count = 0
            mult = 1
            length = 0
            for sid in seq:
                step = row.get(sid)
                if step is None:
                    break
                count += step[0]
                if highest:
                    mult = max(mult, step[1])
                else:
                    mult *= step[1]
                length += 1
            if length > reach:
                reach = length
            table = self.table[target]
            value = table[count] if count < len(table) else table[-1]
            if value:
                value = value * mult
                key = (value, count)
                if key > best_key:
                    best_key = key
                    best = RunResult(target, count, length, mult, value)
        return best, reach

    def line_pays(self, symbols: tuple[str, ...], both_ways: bool) -> tuple[LinePay, ...]:
        memo_key = (symbols, both_ways)
        hit = self.memo.get(memo_key)
        if hit is not None:
            return hit
        if self.centre_out:
            return self._centre_pays(symbols)
        ltr, _ = self.best_run(symbols)
        pays: tuple[LinePay, ...] = ()
        if ltr is not None:
            pays = (self._pay(ltr, LTR, len(symbols)),)
        if both_ways:
            rtl, _ = self.best_run(symbols[::-1])
            if rtl is not None:
                n = len(symbols)
                full = ltr is not None and ltr.length == n and rtl.length == n
                if not full:
                    pays = pays + (self._pay(rtl, RTL, n),)
        if len(self.memo) >= _MEMO_LIMIT:
            self.memo.clear()
        self.memo[memo_key] = pays
        return pays

    def _centre_pays(self, symbols: tuple[str, ...]) -> tuple[LinePay, ...]:
        from .centre_out import centre_run

        run = centre_run(self.match, self.lead_target, self.table, symbols)
        if run is None:
            return ()
        target, count, lo, hi, coins = run
        return (LinePay(target, count, coins, tuple(range(lo, hi + 1)), LTR, 1),)

    def _pay(self, run: RunResult, direction: str, n: int) -> LinePay:
        key = (run.target, run.count, run.length, run.multiplier, direction, n)
        obj = self.pay_objects.get(key)
        if obj is None:
            if direction == LTR:
                reels = self.reels_ltr[run.length] if run.length <= self.n_reels else tuple(range(run.length))
            else:
                reels = tuple(range(n - run.length, n))
            obj = LinePay(run.target, run.count, run.coins, reels, direction, run.multiplier)
            self.pay_objects[key] = obj
        return obj


def pay_table(pays: dict[int, Fraction]) -> tuple[Fraction, ...]:
    """Paytable as a tuple indexed by count: the value of the largest key not above it."""
    if not pays:
        return (_ZERO,)
    top = max(pays)
    out: list[Fraction] = []
    current = _ZERO
    for count in range(top + 1):
        if count in pays:
            current = Fraction(pays[count])
        out.append(current)
    return tuple(out)


def table_value(table: tuple[Fraction, ...], count: int) -> Fraction:
    return table[count] if count < len(table) else table[-1]


def compiled(defn: Definition) -> CompiledPays:
    """The definition's compiled tables, built on first use and kept on the object.

    Stored in the instance ``__dict__`` like ``functools.cached_property`` does (the
    dataclass is frozen, and unhashable, so it cannot be a weak-dict key). A
    ``dataclasses.replace`` copy gets its own tables.
    """
    found = defn.__dict__.get("_compiled_pays")
    if found is None:
        found = CompiledPays(defn)
        defn.__dict__["_compiled_pays"] = found
    return found


# --- public evaluation ------------------------------------------------------------------------------


def line_pays(defn: Definition, symbols: Sequence[str], both_ways: bool | None = None) -> tuple[LinePay, ...]:
    """What one payline showing ``symbols`` (reel 1 first) pays, per coin bet on the line.

    left_to_right: zero or one pay. both_ways: the best ltr and the best rtl pay, a
    line covered in full by both paid once. ``both_ways`` overrides the definition's
    ``pay_direction`` (features that switch to both-ways pays).
    """
    c = compiled(defn)
    return c.line_pays(tuple(symbols), c.both_ways if both_ways is None else both_ways)


def scatter_pays(defn: Definition, screen: Screen) -> tuple[ScatterPay, ...]:
    """Scatter pays anywhere on the screen, as multiples of the total bet."""
    c = compiled(defn)
    if not c.scatter_table:
        return ()
    counts: dict[str, int] = {}
    positions: dict[str, list[Position]] = {}
    scatter_of = c.scatter_of
    for reel, column in enumerate(screen):
        for row, sid in enumerate(column):
            hit = scatter_of.get(sid)
            if hit is not None:
                target, adds = hit
                counts[target] = counts.get(target, 0) + adds
                positions.setdefault(target, []).append((reel, row))
    out = []
    for target in sorted(counts):
        value = table_value(c.scatter_table[target], counts[target])
        if value:
            out.append(ScatterPay(target, counts[target], value, tuple(positions[target])))
    return tuple(out)


def symbol_count(defn: Definition, screen: Screen, symbol: str) -> tuple[int, tuple[Position, ...]]:
    """How many ``symbol`` the screen shows anywhere (Doubles adding their counts), and where."""
    adds = compiled(defn).counts_as.get(symbol, {})
    count = 0
    where: list[Position] = []
    for reel, column in enumerate(screen):
        for row, sid in enumerate(column):
            n = adds.get(sid)
            if n is not None:
                count += n
                where.append((reel, row))
    return count, tuple(where)


def window(strip: Sequence[str], stop: int, rows: int) -> tuple[str, ...]:
    """The symbols a reel shows, top row first: ``strip[(stop + r) % len(strip)]``."""
    size = len(strip)
    return tuple(strip[(stop + r) % size] for r in range(rows))


def screen_from_stops(defn: Definition, reel_set: str, stops: Sequence[int]) -> Screen:
    """The screen shown by ``stops`` (each reel's top visible strip index) on a reel set."""
    strips = defn.reels.get(reel_set)
    if strips is None:
        raise EvaluationError(f"unknown reel set {reel_set!r} (known: {', '.join(sorted(defn.reels))})")
    if len(stops) != len(strips):
        raise EvaluationError(f"{len(stops)} stops given, the reel set has {len(strips)} reels")
    rows = defn.grid.rows
    out = []
    for reel, (strip, stop) in enumerate(zip(strips, stops, strict=True)):
        if isinstance(stop, bool) or not isinstance(stop, int) or not 0 <= stop < len(strip):
            raise EvaluationError(f"stop {stop!r} of reel {reel + 1} is outside 0..{len(strip) - 1}")
        out.append(window(strip, stop, rows))
    return tuple(out)


def windows_of(defn: Definition, reel_set: str) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """Every window of every reel of a reel set, ``[reel][stop]`` (kept per game): the spin
    pipeline's screens without re-slicing strips each spin."""
    cache = defn.__dict__.setdefault("_windows", {})
    found = cache.get(reel_set)
    if found is None:
        rows = defn.grid.rows
        found = cache[reel_set] = tuple(
            tuple(window(strip, stop, rows) for stop in range(len(strip))) for strip in defn.reels[reel_set]
        )
    return found  # type: ignore[no-any-return]


def line_symbols(screen: Screen, line: Sequence[int]) -> tuple[str, ...]:
    return tuple(column[row] for column, row in zip(screen, line, strict=True))


def whole(value: Fraction | int) -> int | Fraction:
    """An int when the value is whole (multipliers shown in events), else the Fraction."""
    if isinstance(value, int):
        return value
    return value.numerator if value.denominator == 1 else value


def evaluate_screen(
    defn: Definition,
    screen: Screen,
    bet: Bet,
    multiplier: int | Fraction = 1,
    *,
    scatter_multiplier: int | Fraction | None = None,
    both_ways: bool | None = None,
) -> tuple[list[Event], Money]:
    """Every win on ``screen`` at ``bet``: line wins on the played lines, then scatter wins.

    ``multiplier`` multiplies line wins (and scatter wins unless ``scatter_multiplier``
    is given). Line amount = paytable x wild multipliers x ``multiplier`` x coins per
    line x coin value; scatter amount = x_bet x total bet x scatter multiplier. Both are
    exact ints (a remainder is a definition bug and raises MoneyError).
    """
    if not 0 < bet.lines <= len(defn.lines):
        raise EvaluationError(f"{bet.lines} lines bet, the game has {len(defn.lines)}")
    c = compiled(defn)
    use_both = c.both_ways if both_ways is None else both_ways
    events: list[Event] = []
    total = 0
    per_line_coin = bet.coins_per_line * bet.coin_value
    whole_multiplier = isinstance(multiplier, int) or multiplier.denominator == 1
    for index in range(bet.lines):
        line = defn.lines[index]
        if len(line) != len(screen):
            raise EvaluationError(f"line {index + 1} has {len(line)} rows for {len(screen)} reels")
        symbols = tuple(map(getitem, screen, line))
        for pay in c.line_pays(symbols, use_both):
            mult = pay.multiplier * multiplier
            base = pay.coins if pay.multiplier == 1 else pay.coins / pay.multiplier
            if whole_multiplier and base.denominator == 1:  # the common case, in plain ints
                amount = base.numerator * int(mult) * per_line_coin
            else:
                amount = apply_ratio(base * mult, per_line_coin)
            positions = tuple((reel, line[reel]) for reel in pay.reels)
            events.append(
                LineWin(index, pay.symbol, pay.count, positions, pay.direction, base, whole(mult), amount)  # type: ignore[arg-type]
            )
            total += amount
    s_mult = Fraction(multiplier if scatter_multiplier is None else scatter_multiplier)
    for sp in scatter_pays(defn, screen):
        amount = apply_ratio(sp.x_bet * s_mult, bet.total)
        events.append(ScatterWin(sp.symbol, sp.count, sp.positions, sp.x_bet, whole(s_mult), amount))  # type: ignore[arg-type]
        total += amount
    return events, total
