"""Exact line and scatter math: expectations from the reel strips, with no sampling.

Every number here is a ``Fraction`` computed from symbol counts. ``cabinet.core.par``
builds the game's report on these, and feature blocks price their spins with them.

Nothing here samples. Every number is a ``Fraction`` computed from symbol counts:

Line pays
    Each reel's stop is uniform, so the symbol a payline sees on a reel is uniform
    over that reel's strip whatever the row, and the reels are independent. Every
    payline therefore has the SAME distribution of symbol tuples, and the line RTP of
    the game is the expected pay of one line (``line_value / total bet`` = 1). That
    expectation is a small dynamic programme over the reels (``_ltr_outcomes``): a
    state is either "only wilds so far" (the exact wild ids, since a wild's excludes
    and multiplier matter) or the runs of the candidate paid symbols (target, count,
    wild multiplier, length, still running?). Symbols of a reel that act alike on
    the running candidates are grouped, so a reel costs a few operations per state.
    The result is the probability of each paid (symbol, exact count, multiplier) —
    no enumeration of stop combinations or even of symbol tuples.

    Both ways: E[ltr] + E[rtl] - E[rtl pay of lines both runs cover in full] (such a
    line is paid once, left to right). The last term enumerates only the tuples whose
    every symbol continues one paid symbol's run (a few hundred per symbol).

Scatter pays and triggers
    Each reel's window (``rows`` consecutive strip positions) gives a distribution of
    how many scatter symbols (Doubles adding 2) the reel shows; the screen's count is
    the convolution over reels.

Hit rate (exact, base spin)
    P(a base spin pays anything: a line or a scatter) needs the lines *jointly* (they share reels) and the
    scatters. We use the vectorised line-pay table (``line_pay_table``: every symbol
    tuple of one line and what it pays, the same table ``simulate`` prices spins with)
    and turn "this line pays" into a minimal automaton over reels: two line prefixes
    are the same state when every continuation pays alike (Myhill-Nerode classes of
    the table's slices, found with ``np.unique``). Then the reels are processed left to
    right over the distinct windows of each strip, carrying for every combination of
    windows seen so far the state of each played line and the scatter counts: a
    combination where a line is sure to pay is a hit and leaves; one where every line
    is dead keeps only its scatter counts (merged); the others continue. What is left
    after the last reel is a miss unless its scatter count pays. All weights are
    integer counts of stop combinations, so the result is an exact Fraction. Left to
    right, lines are decided within a few reels and this stays small (0.1 s for 5x3,
    20 lines, 100-stop strips); both ways, lines stay open to the last reel and when
    the joint states outgrow ``MAX_HIT_ROWS`` the report says "use simulate" instead.
    (``simulate``'s hit rate counts whole rounds, so free-spin wins count there too.)

The line rules mirror ``cabinet.core.evaluate`` (see its module docstring) and are
cross-checked against it by full enumeration in tests/test_par.py.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

import numpy as np

from .definition import Definition
from .evaluate import compiled, pay_table, table_value

ZERO = Fraction(0)
MAX_TABLE_CELLS = 40_000_000  # symbol tuples x reels a line-pay table may hold


# --- the line rules (built on cabinet.core.evaluate's compiled lookups) ---------------------------------------------


@dataclass(frozen=True)
class Run:
    """One direction's best run: the paid symbol, its count, multiplier, reels covered and value."""

    target: str
    count: int
    multiplier: int
    length: int
    coins: Fraction  # paytable value x multiplier


class LineRules:
    """How symbols build line runs, compiled from a definition.

    - ``match[target][symbol] = (adds, multiplier)`` when the symbol continues a run of
      ``target`` (its base is the target, or it is a wild not excluding the target);
    - ``lead[symbol]``: the target a run gets when the symbol is its first non-wild;
    - ``wild_target[symbol]``: the target of a wild's own wild-only run (None: no pays).
    """

    def __init__(self, defn: Definition) -> None:
        # The same compiled lookups the evaluator pays with, so par cannot drift from it.
        c = compiled(defn)
        self.symbols: tuple[str, ...] = tuple(s.id for s in defn.symbols)
        self.is_wild: dict[str, bool] = c.is_wild
        self.targets: tuple[str, ...] = tuple(sorted(c.match))
        self.match: dict[str, dict[str, tuple[int, int]]] = c.match
        self.table: dict[str, tuple[Fraction, ...]] = c.table
        self.lead: dict[str, str | None] = {sid: (ts[0] if ts else None) for sid, ts in c.lead_target.items()}
        self.leads: dict[str, tuple[str, ...]] = c.lead_target  # its own target, then its pay groups'
        self.most_leads = max((len(ts) for ts in c.lead_target.values()), default=0)
        self.wild_target: dict[str, str | None] = c.wild_target
        self.wild_extra: tuple[str, ...] = c.wild_extra  # ``wild_lines: best_symbol``: tried after leading wilds
        self.highest_multiplier = c.highest_multiplier  # several wilds' multipliers: the highest, not the product
        self.lead_breaks: dict[str, frozenset[str]] = c.lead_breaks  # ``wild_lines: one_wild_kind``
        self.lead_cut = c.lead_cut
        # the paytable in whole units (x the lcm of its denominators): the DP compares ints
        self.scale = math.lcm(*(v.denominator for row in self.table.values() for v in row))
        self.scaled_table: dict[str, tuple[int, ...]] = {
            t: tuple(int(v * self.scale) for v in row) for t, row in self.table.items()
        }
        self.memo: dict[tuple[Any, ...], Any] = {}  # pure functions of these rules (the line DP's openings)
        # wilds whose multiplier leaves their own pays x1: in their own runs a drawn value is no variable
        self.own_unmultiplied: frozenset[str] = frozenset(
            s.id for s in defn.symbols if s.kind == "wild" and not s.multiplies_own_pays)

    def candidates(self, wild_prefix: Sequence[str], first: str | None) -> tuple[str, ...]:
        """Targets tried for a run: the first non-wild's, then the leading wilds' own, then
        (``wild_lines: best_symbol``, after a wild) every regular line symbol in id order."""
        out: list[str] = list(self.leads[first]) if first is not None else []
        for sid in wild_prefix:
            t = self.wild_target[sid]
            if t is not None and t not in out:
                out.append(t)
        if wild_prefix:
            out.extend(t for t in self.wild_extra if t not in out)
        return tuple(out)

    def combine(self, mult: int, more: int) -> int:
        """A run's multiplier after one more symbol's (``wild_multipliers``)."""
        return max(mult, more) if self.highest_multiplier else mult * more

    def steps(self, variable: str | None = None) -> dict[str, dict[str, tuple[int, int, int]]]:
        """``match`` with each step as (adds, multiplier, 1 if it is the wild ``variable``):
        the line DP leaves that wild's multiplier open and applies each value at the end."""
        key = ("steps", variable)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = {
                target: {sid: (adds, mult, int(sid == variable and self.is_wild[sid]
                                               and not (sid in self.own_unmultiplied and target == self.wild_target[sid])))
                         for sid, (adds, mult) in row.items()}
                for target, row in self.match.items()
            }
        return found

    def run_of(self, target: str, seq: Sequence[str], variable: str | None = None) -> tuple[int, int, int, bool, int]:
        """(count, multiplier, length, unbroken, n) of ``target``'s run from the start of ``seq``;
        ``n`` counts the wild ``variable`` in it, whose multiplier is then left out."""
        row = self.steps(variable)[target]
        count, mult, length, n = 0, 1, 0, 0
        for sid in seq:
            step = row.get(sid)
            if step is None:
                return count, mult, length, False, n
            count += step[0]
            if step[2]:
                n += 1
            else:
                mult = self.combine(mult, step[1])
            length += 1
        return count, mult, length, True, n

    def best(self, runs: Sequence[tuple[str, int, int, int]]) -> Run | None:
        """The paid run among candidates (target, count, mult, length), in candidate order:
        highest value, then the higher count, then the earlier candidate (``highest``)."""
        scaled = self.scaled_table
        found = highest(
            (table[min(count, len(table) - 1)] * mult, count, (target, count, mult, length))
            for target, count, mult, length in runs
            if (table := scaled[target])[min(count, len(table) - 1)]
        )
        if found is None:
            return None
        target, count, mult, length = found
        return Run(target, count, mult, length, Fraction(scaled[target][min(count, len(scaled[target]) - 1)] * mult,
                                                         self.scale))

    def best_run(self, seq: Sequence[str]) -> Run | None:
        """The best run from the start of ``seq`` (scalar; used for checks and both ways)."""
        seq = seq[: self.lead_cut(seq)]
        i = 0
        while i < len(seq) and self.is_wild[seq[i]]:
            i += 1
        cands = self.candidates(seq[:i], seq[i] if i < len(seq) else None)
        return self.best([(t, *self.run_of(t, seq)[:3]) for t in cands])

    def line_coins(self, seq: Sequence[str], both_ways: bool) -> Fraction:
        """What one line showing ``seq`` pays (coins per line-coin)."""
        ltr = self.best_run(seq)
        total = ltr.coins if ltr else ZERO
        if both_ways:
            rtl = self.best_run(seq[::-1])
            if rtl is not None and not (ltr is not None and ltr.length == len(seq) == rtl.length):
                total += rtl.coins
        return total


_P = TypeVar("_P")


def highest(keyed: Iterable[tuple[int, int, _P]]) -> _P | None:
    """The line rule's choice among paying runs given as (value, count, what): the highest
    value, then the higher count, then the earliest (values above 0)."""
    best: _P | None = None
    key = (0, 0)
    for value, count, what in keyed:
        if (value, count) > key:
            key = (value, count)
            best = what
    return best


def with_multiplier(defn: Definition, symbol: str, multiplier: int) -> Definition:
    """The game whose ``symbol`` carries ``multiplier`` (kept per game and value): how a drawn
    wild multiplier is played and priced."""
    cache = defn.__dict__.setdefault("_wild_multiplier_variants", {})
    key = (symbol, multiplier)
    found = cache.get(key)
    if found is None:
        symbols = tuple(
            dataclasses.replace(s, multiplier=multiplier) if s.id == symbol else s for s in defn.symbols
        )
        found = cache[key] = dataclasses.replace(defn, symbols=symbols)
    return found  # type: ignore[no-any-return]


def rules_for(defn: Definition) -> LineRules:
    return _cache(defn, ("rules",), lambda: LineRules(defn))


_T = TypeVar("_T")


def _cache(defn: Definition, key: tuple[Any, ...], make: Callable[[], _T]) -> _T:
    """Per-definition memo kept on the instance (like functools.cached_property does)."""
    store: dict[tuple[Any, ...], Any] = defn.__dict__.setdefault("_par_cache", {})
    if key not in store:
        store[key] = make()
    return store[key]  # type: ignore[no-any-return]


# --- expected line pay: the run DP -------------------------------------------------------------------

Outcome = tuple[str, int, int, int]  # (target, count, multiplier, length) of the paid run
# A finished candidate run: (target, count, multiplier, length, n), where ``n`` counts the
# variable wild's symbols in the run (their multiplier is left out of ``multiplier``).
Finished = tuple[str, int, int, int, int]
_Step = tuple[int, int, int]  # (adds, multiplier, 1 if the variable wild) of one symbol in a run (``steps``)


def _strip_weights(strips: Sequence[Sequence[str]]) -> list[list[tuple[str, int]]]:
    """Per reel: (symbol, occurrences), in first-seen order (deterministic)."""
    return [list(Counter(strip).items()) for strip in strips]


def _opening(
    rules: LineRules, prefix: tuple[str, ...], first: str | None, variable: str | None
) -> tuple[tuple[str, int, int, int, int, bool], ...]:
    """The candidate runs after leading wilds ``prefix`` and the first non-wild ``first``
    (None: a line of wilds only): (target, count, multiplier, length, n, still running).
    A pure function of the rules, so it is kept with them across reel weights."""
    key = ("open", prefix, first, variable)
    found = rules.memo.get(key)
    if found is None:
        seq = prefix if first is None else prefix + (first,)
        found = rules.memo[key] = tuple(
            (target, count, mult, length, n, running)
            for target in rules.candidates(prefix, first)
            for count, mult, length, running, n in [rules.run_of(target, seq, variable)]
        )
    return found


def _ltr_finished(
    rules: LineRules, weights: list[list[tuple[str, int]]], variable: str | None = None
) -> dict[tuple[Finished, ...], int]:
    """For every set of finished candidate runs of one line, left to right: how many stop
    combinations end with it. Weights are occurrence counts on the strips. ``variable``:
    a wild whose multiplier is left open (counted per run, applied by ``_resolve``), so
    one pass prices every multiplier it may carry."""
    n = len(weights)
    tail = [1] * (n + 1)  # tail[d]: stop combinations of reels d..n-1
    for d in range(n - 1, -1, -1):
        tail[d] = tail[d + 1] * sum(w for _, w in weights[d])
    steps = rules.steps(variable)
    combine = rules.combine
    done: Counter[tuple[Finished, ...]] = Counter()
    leading: Counter[tuple[str, ...]] = Counter({(): 1})  # only wilds so far: the wild ids
    running: Counter[tuple[tuple[str, int, int, int, int, bool], ...]] = Counter()
    for depth in range(n):
        reel = weights[depth]
        new_leading: Counter[tuple[str, ...]] = Counter()
        new_running: Counter[tuple[tuple[str, int, int, int, int, bool], ...]] = Counter()
        for prefix, weight in leading.items():
            breaks = rules.lead_breaks.get(prefix[0], frozenset()) if prefix else frozenset()
            for sid, w in reel:
                if sid in breaks:  # ``one_wild_kind``: a wild of another kind ends the line
                    done[tuple(c[:5] for c in _opening(rules, prefix, None, variable))] += weight * w * tail[depth + 1]
                    continue
                if rules.is_wild[sid]:
                    new_leading[prefix + (sid,)] += weight * w
                    continue
                cands = _opening(rules, prefix, sid, variable)
                if any(c[5] for c in cands):
                    new_running[cands] += weight * w
                else:
                    done[tuple(c[:5] for c in cands)] += weight * w * tail[depth + 1]
        # the reel's symbols grouped by what they do to the running candidates, per set of
        # targets still running (many states share one)
        effects: dict[tuple[str | None, ...], list[tuple[tuple[_Step | None, ...], int]]] = {}
        for cands, weight in running.items():
            alive = tuple(c[0] if c[5] else None for c in cands)
            groups = effects.get(alive)
            if groups is None:
                grouped: Counter[tuple[_Step | None, ...]] = Counter()
                for sid, w in reel:
                    grouped[tuple(steps[t].get(sid) if t is not None else None for t in alive)] += w
                groups = effects[alive] = list(grouped.items())
            for effect, w in groups:
                nxt = tuple(
                    (c[0], c[1] + e[0], c[2] if e[2] else combine(c[2], e[1]), c[3] + 1, c[4] + e[2], True)
                    if e is not None else (c[0], c[1], c[2], c[3], c[4], False)
                    for c, e in zip(cands, effect, strict=True)
                )
                if any(c[5] for c in nxt):
                    new_running[nxt] += weight * w
                else:
                    done[tuple(c[:5] for c in nxt)] += weight * w * tail[depth + 1]
        leading, running = new_leading, new_running
    for prefix, weight in leading.items():  # a line of wilds only
        done[tuple(c[:5] for c in _opening(rules, prefix, None, variable))] += weight
    for cands, weight in running.items():
        done[tuple(c[:5] for c in cands)] += weight
    return dict(done)


def _resolve(
    rules: LineRules, finished: dict[tuple[Finished, ...], int], multipliers: Sequence[int] = (1,)
) -> dict[int, dict[Outcome, int]]:
    """The paid run of each set of finished candidates (``LineRules.best`` on the table in
    whole units), for each multiplier the variable wild may carry. Where no paying run
    holds the variable wild, or every one holds it alike (the same fixed multiplier and
    count of it), the runs rank alike whatever it carries, so the set is ranked once."""
    combine = rules.combine
    scaled = rules.scaled_table
    found: dict[int, Counter[Outcome]] = {m: Counter() for m in multipliers}

    def carried(mult: int, n: int, m: int) -> int:
        for _ in range(n):
            mult = combine(mult, m)
        return mult

    def ranked(paying: list[tuple[int, str, int, int, int, int]], m: int) -> tuple[str, int, int, int, int]:
        found = highest((value * carried(mult, n, m), count, run[1:]) for run in paying
                        for value, _, count, mult, _, n in [run])
        assert found is not None  # every run in ``paying`` pays
        return found

    for cands, weight in finished.items():
        paying = []
        for target, count, mult, length, n in cands:
            table = scaled[target]
            value = table[count] if count < len(table) else table[-1]
            if value:
                paying.append((value, target, count, mult, length, n))
        if not paying:
            continue
        _, _, _, mult0, _, n0 = paying[0]
        if all(run[5] == 0 for run in paying) or all(run[3] == mult0 and run[5] == n0 for run in paying):
            target, count, mult, length, n = ranked(paying, multipliers[0])
            for m, out in found.items():
                out[(target, count, carried(mult, n, m), length)] += weight
        else:
            for m, out in found.items():
                target, count, mult, length, n = ranked(paying, m)
                out[(target, count, carried(mult, n, m), length)] += weight
    return {m: dict(out) for m, out in found.items()}


def _ltr_outcomes(rules: LineRules, weights: list[list[tuple[str, int]]]) -> dict[Outcome, int]:
    """For every paid run (target, count, multiplier, length): how many stop combinations
    of one line give it, left to right. Weights are occurrence counts on the strips."""
    return _resolve(rules, _ltr_finished(rules, weights))[1]


@dataclass(frozen=True)
class LineExpectation:
    """Exact expected pay of one line on a reel set (coins per line-coin)."""

    total: Fraction
    by_symbol: dict[str, Fraction]
    by_count: dict[str, dict[int, Fraction]]  # P(the line pays symbol s with exact count c)


def line_expectation(defn: Definition, reel_set: str, both_ways: bool | None = None) -> LineExpectation:
    use_both = defn.pay_direction == "both_ways" if both_ways is None else both_ways
    return _cache(defn, ("line", reel_set, use_both), lambda: _line_expectation(defn, reel_set, use_both))


def _line_expectation(defn: Definition, reel_set: str, both_ways: bool) -> LineExpectation:
    return line_expectation_of_weights(defn, _strip_weights(defn.reels[reel_set]), both_ways)


def line_expectation_of_weights(
    defn: Definition, weights: list[list[tuple[str, int]]], both_ways: bool
) -> LineExpectation:
    """Exact expected pay of one line whose reel ``r`` shows symbol ``s`` with weight
    ``w`` (``weights[r]`` lists (s, w)); reels independent. Feature blocks that change
    what a line sees (expanding wilds) price their lines with this."""
    rules = rules_for(defn)
    if defn.pay_direction == "centre_out":
        from .centre_out import centre_counts

        counted = centre_counts(rules.match, rules.leads, weights)
        return _expectation(rules, [({(t, k, 1, 0): v for (t, k), v in counted.items()}, 1)], weights)

    def ltr(reels: list[list[tuple[str, int]]]) -> dict[Outcome, int]:
        # the blocks' par asks for the same weights many times (Halloween Wins 3: 103 distinct
        # of 653), and the DP is a pure function of them: kept with the definition
        key = tuple(tuple(reel) for reel in reels)
        return _cache(defn, ("ltr", key), lambda: _ltr_outcomes(rules, reels))

    signed: list[tuple[dict[Outcome, int], int]] = [(ltr(weights), 1)]
    if both_ways:
        signed.append((ltr(weights[::-1]), 1))
        signed.append((_paid_once(rules, weights), -1))
    return _expectation(rules, signed, weights)


def line_value_of_weights(
    defn: Definition, reel_set: str, weights: list[list[tuple[str, int]]], both_ways: bool
) -> Fraction:
    """``line_expectation_of_weights(defn, weights, both_ways).total`` read off the reel set's
    line-pay table (the one hit rate and simulate use): the table contracted with each
    reel's weights, in integers. Blocks that only need a line's total (expanding wilds, per
    played line) save the DP; weights showing a symbol off the strips, a table too large
    to build or sums that could overflow go to the DP."""
    try:
        table = line_pay_table(defn, reel_set, both_ways)
    except ValueError:
        return line_expectation_of_weights(defn, weights, both_ways).total
    vectors = []
    for alphabet, reel in zip(table.alphabets, weights, strict=True):
        place = {sid: i for i, sid in enumerate(alphabet)}
        vector = np.zeros(len(alphabet), dtype=np.int64)
        for sid, w in reel:
            if sid not in place:
                return line_expectation_of_weights(defn, weights, both_ways).total
            vector[place[sid]] += w
        vectors.append(vector)
    combos = math.prod(sum(w for _, w in reel) for reel in weights)
    if int(table.coins.min(initial=0)) < 0 or int(table.coins.max(initial=0)) * combos >= 2**63:
        return line_expectation_of_weights(defn, weights, both_ways).total
    paid = table.coins.reshape(table.shape)
    for vector in reversed(vectors):  # every partial sum is at most the bound checked above
        paid = paid @ vector
    return Fraction(int(paid), combos * table.denominator)


def line_expectations_by_multiplier(
    defn: Definition, weights: list[list[tuple[str, int]]], both_ways: bool, *, wild: str, multipliers: Sequence[int]
) -> dict[int, LineExpectation]:
    """``line_expectation_of_weights`` of the game whose wild ``wild`` carries each of
    ``multipliers`` (a drawn wild multiplier), from one pass of the line DP: the wild's
    multiplier is left open in the runs and applied per value at the end."""
    rules = rules_for(defn)

    def ltr(reels: list[list[tuple[str, int]]]) -> dict[tuple[Finished, ...], int]:
        key = tuple(tuple(reel) for reel in reels)
        return _cache(defn, ("ltr", key, wild), lambda: _ltr_finished(rules, reels, wild))

    forward = ltr(weights)
    backward = ltr(weights[::-1]) if both_ways else {}
    out: dict[int, LineExpectation] = {}
    values = list(dict.fromkeys(multipliers))
    ahead = _resolve(rules, forward, values)
    behind = _resolve(rules, backward, values)
    for m in values:
        signed: list[tuple[dict[Outcome, int], int]] = [(ahead[m], 1)]
        if both_ways:
            signed.append((behind[m], 1))
            signed.append((_paid_once(rules_for(with_multiplier(defn, wild, m)), weights), -1))
        out[m] = _expectation(rules, signed, weights)
    return out


def line_value_by_span(
    defn: Definition, reel_set: str, both_ways: bool | None, factor: Callable[[tuple[int, ...]], Fraction]
) -> Fraction | None:
    """Exact expected pay of one line when each paid run's pay is times ``factor(its reels)``
    (0-based, the reels the run covers: a per-reel multiplier drawn independently of the stops
    enters by its mean). None for centre-out pays (runs there do not start at an edge)."""
    if defn.pay_direction == "centre_out":
        return None
    use_both = defn.pay_direction == "both_ways" if both_ways is None else both_ways
    rules = rules_for(defn)
    weights = _strip_weights(defn.reels[reel_set])
    n = len(weights)

    def ltr(reels: list[list[tuple[str, int]]]) -> dict[Outcome, int]:
        key = tuple(tuple(reel) for reel in reels)
        return _cache(defn, ("ltr", key), lambda: _ltr_outcomes(rules, reels))

    signed: list[tuple[dict[Outcome, int], int, bool]] = [(ltr(weights), 1, False)]
    if use_both:
        signed.append((ltr(weights[::-1]), 1, True))
        signed.append((_paid_once(rules, weights), -1, False))  # these cover every reel
    total = ZERO
    for outcomes, sign, from_right in signed:
        for (target, count, mult, length), k in outcomes.items():
            table = rules.scaled_table[target]
            value = (table[count] if count < len(table) else table[-1]) * mult
            if value:
                span = tuple(range(n - length, n)) if from_right else tuple(range(length))
                total += sign * k * value * factor(span)
    return total / (math.prod(sum(w for _, w in reel) for reel in weights) * rules.scale)


def _expectation(
    rules: LineRules, signed: list[tuple[dict[Outcome, int], int]], weights: list[list[tuple[str, int]]]
) -> LineExpectation:
    """The line expectation of counted paid runs (each with its sign) over the weights' combinations."""
    combos = math.prod(sum(w for _, w in reel) for reel in weights)
    scaled = rules.scaled_table
    paid: dict[str, int] = {}  # stop combinations x value in the scaled table's units
    counted: dict[str, dict[int, int]] = {}  # stop combinations
    for outcomes, sign in signed:
        for (target, count, mult, _length), n in outcomes.items():
            table = scaled[target]
            paid[target] = paid.get(target, 0) + sign * n * (table[count] if count < len(table) else table[-1]) * mult
            counts = counted.setdefault(target, {})
            counts[count] = counts.get(count, 0) + sign * n
    whole = combos * rules.scale
    by_symbol = {t: Fraction(v, whole) for t, v in paid.items()}
    by_count = {t: {c: Fraction(v, combos) for c, v in counts.items()} for t, counts in counted.items()}
    return LineExpectation(Fraction(sum(paid.values()), whole), by_symbol, by_count)


def _paid_once(rules: LineRules, weights: list[list[tuple[str, int]]]) -> dict[Outcome, int]:
    """The rtl runs NOT paid on both-ways lines whose best runs both cover every reel.

    Only tuples whose every symbol continues one target's run can be such lines, so
    those are the only ones enumerated.
    """
    n = len(weights)
    seen: set[tuple[str, ...]] = set()
    out: Counter[Outcome] = Counter()
    for target in rules.targets:
        row = rules.match[target]
        options = [[(sid, w) for sid, w in reel if sid in row] for reel in weights]
        for combo in itertools.product(*options):
            seq = tuple(sid for sid, _ in combo)
            if seq in seen:
                continue
            seen.add(seq)
            ltr, rtl = rules.best_run(seq), rules.best_run(seq[::-1])
            if ltr is not None and rtl is not None and ltr.length == n == rtl.length:
                out[(rtl.target, rtl.count, rtl.multiplier, rtl.length)] += math.prod(w for _, w in combo)
    return dict(out)


# --- windows: scatter counts and triggers ------------------------------------------------------------


def window_ids(strip: Sequence[str], rows: int) -> list[tuple[str, ...]]:
    """The window each stop shows, top row first."""
    size = len(strip)
    return [tuple(strip[(stop + r) % size] for r in range(rows)) for stop in range(size)]


def reel_count_weights(strip: Sequence[str], rows: int, adds: dict[str, int]) -> Counter[int]:
    """How many stops of a reel show each count of the ``adds`` symbols in its window."""
    return Counter(sum(adds.get(sid, 0) for sid in win) for win in window_ids(strip, rows))


def count_distribution(defn: Definition, reel_set: str, adds: dict[str, int]) -> dict[int, Fraction]:
    """Exact distribution of the screen's count of the ``adds`` symbols (convolution over reels)."""
    from .pays import model_for

    dist: dict[int, int] = {0: 1}
    combos = 1
    for reel in model_for(defn, reel_set).reel_windows(defn, reel_set):  # every window a reel shows (Megaways: any height)
        per_reel: Counter[int] = Counter()
        for win, weight in reel:
            per_reel[sum(adds.get(sid, 0) for sid in win)] += weight
        new: Counter[int] = Counter()
        for have, n in dist.items():
            for k, m in per_reel.items():
                new[have + k] += n * m
        dist = dict(new)
        combos *= sum(per_reel.values())
    return {k: Fraction(n, combos) for k, n in sorted(dist.items()) if n}


def scatter_adds(defn: Definition) -> dict[str, dict[str, int]]:
    """Paying scatter -> {symbol id: count it adds} (scatter kind or a wild-scatter, base with pays)."""
    out: dict[str, dict[str, int]] = {}
    for s in defn.symbols:
        if s.is_scatter and s.base in defn.pays:
            out.setdefault(s.base, {})[s.id] = s.counts
    return out


def trigger_adds(defn: Definition, symbol: str) -> dict[str, int]:
    """Symbols counted for a trigger: every symbol whose base is ``symbol``."""
    return {s.id: s.counts for s in defn.symbols if s.base == symbol}


def scatter_expectation(defn: Definition, reel_set: str) -> dict[str, Fraction]:
    """Expected scatter pay per scatter symbol, as a multiple of the total bet."""
    out: dict[str, Fraction] = {}
    for target, adds in sorted(scatter_adds(defn).items()):
        table = pay_table(defn.pays[target])
        dist = count_distribution(defn, reel_set, adds)
        out[target] = sum((p * table_value(table, k) for k, p in dist.items()), ZERO)
    return out


# --- the line-pay table (shared with simulate) -------------------------------------------------------


@dataclass(frozen=True)
class LinePayTable:
    """What one line pays for every tuple of symbols a reel set can show on it.

    ``alphabets[r]`` lists the symbol ids on reel r's strip; a tuple's index is the
    mixed-radix number of its per-reel positions (reel 1 most significant), and
    ``coins[index] / denominator`` is the pay in coins per line-coin (wild multipliers
    included; for both ways, both directions). ``target[index]`` is the symbol paid
    left to right (-1: none), an index into ``rules.targets``.
    """

    alphabets: tuple[tuple[str, ...], ...]
    coins: np.ndarray  # int64, flat
    denominator: int
    target: np.ndarray  # int16, flat (left-to-right attribution)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(len(a) for a in self.alphabets)

    def index_of(self, seq: Sequence[str]) -> int:
        index = 0
        for alphabet, sid in zip(self.alphabets, seq, strict=True):
            index = index * len(alphabet) + alphabet.index(sid)
        return index


def line_pay_table(
    defn: Definition,
    reel_set: str,
    both_ways: bool | None = None,
    *,
    alphabets: tuple[tuple[str, ...], ...] | None = None,
) -> LinePayTable:
    """The reel set's line-pay table; ``alphabets``: the symbols each reel may show
    instead of its strip's (a block that changes windows, e.g. a mystery reveal)."""
    use_both = defn.pay_direction == "both_ways" if both_ways is None else both_ways
    if alphabets is None or alphabets == strip_alphabets(defn, reel_set):
        return _cache(defn, ("table", reel_set, use_both), lambda: _build_table(defn, reel_set, use_both))
    return _cache(defn, ("table", reel_set, use_both, alphabets),
                  lambda: _build_table(defn, reel_set, use_both, alphabets))


def strip_alphabets(defn: Definition, reel_set: str) -> tuple[tuple[str, ...], ...]:
    """Per reel: the symbols on its strip, in the order they first appear."""
    return tuple(tuple(dict.fromkeys(strip)) for strip in defn.reels[reel_set])


def _build_table(
    defn: Definition, reel_set: str, both_ways: bool, alphabets: tuple[tuple[str, ...], ...] | None = None
) -> LinePayTable:
    rules = rules_for(defn)
    alphabets = alphabets or strip_alphabets(defn, reel_set)
    shape = tuple(len(a) for a in alphabets)
    n = len(shape)
    if math.prod(shape) * n > MAX_TABLE_CELLS:
        raise ValueError(
            f"reel set {reel_set!r} has {math.prod(shape):,} symbol tuples per line: too many to tabulate"
        )
    sym_index = {sid: i for i, sid in enumerate(rules.symbols)}
    # seq[k, r]: global symbol index on reel r of tuple k
    grids = np.indices(shape, dtype=np.int32).reshape(n, -1).T
    seq = np.empty_like(grids)
    for r, alphabet in enumerate(alphabets):
        seq[:, r] = np.array([sym_index[s] for s in alphabet], dtype=np.int32)[grids[:, r]]
    denominator = 1
    for t in rules.targets:
        for v in rules.table[t]:
            denominator = math.lcm(denominator, v.denominator)
    if defn.pay_direction == "centre_out":
        from .centre_out import centre_best_runs

        value, _, target = centre_best_runs(rules, seq, denominator)
        return LinePayTable(alphabets, value, denominator, target)
    ltr_value, ltr_len, ltr_target = _best_runs(rules, seq, denominator)
    coins = ltr_value
    if both_ways:
        rtl_value, rtl_len, _ = _best_runs(rules, seq[:, ::-1].copy(), denominator)
        full = (ltr_len == n) & (rtl_len == n)
        coins = ltr_value + np.where(full, 0, rtl_value)
    return LinePayTable(alphabets, coins, denominator, ltr_target)


def _best_runs(
    rules: LineRules, seq: np.ndarray, denominator: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Vectorised ``LineRules.best_run`` over every row of ``seq``: (value x denominator,
    length, target index) of the paid run (0, 0, -1 when nothing pays)."""
    rows, n = seq.shape
    symbols = rules.symbols
    is_wild = np.array([rules.is_wild[s] for s in symbols])
    wild_seq = is_wild[seq]
    leading = np.logical_and.accumulate(wild_seq, axis=1)
    # ``wild_lines: one_wild_kind``: each row ends at its first leading wild that breaks the first wild
    within = np.ones((rows, n), dtype=bool)
    if rules.lead_breaks:
        breaks = np.array([[b in rules.lead_breaks.get(a, ()) for b in symbols] for a in symbols])
        broken = np.logical_or.accumulate(breaks[seq[:, :1], seq] & leading, axis=1)
        within = ~broken
        leading &= within
    n_lead = leading.sum(axis=1)
    first = seq[np.arange(rows), np.minimum(n_lead, n - 1)]
    ends = within.all(axis=1)
    first_of = np.where((n_lead < n) & ends, first, -1)  # the first non-wild symbol (-1: a line of wilds)
    leads = rules.most_leads  # candidate ranks 0.. for the first non-wild's targets (its own, its groups')
    wild_of = np.array(
        [
            rules.targets.index(t) if rules.is_wild[s] and (t := rules.wild_target[s]) is not None else -1
            for s in symbols
        ]
    )
    best_value = np.zeros(rows, dtype=np.int64)
    best_count = np.zeros(rows, dtype=np.int64)
    best_rank = np.zeros(rows, dtype=np.int64)
    best_len = np.zeros(rows, dtype=np.int64)
    best_target = np.full(rows, -1, dtype=np.int16)
    none = n + 2 + leads + len(rules.targets)  # rank of a target that is no candidate
    # the leading wilds' own candidates only concern rows that begin with a wild
    lead_rows = np.nonzero(n_lead > 0)[0]
    lead_leading = leading[lead_rows]
    lead_wild_of = wild_of[seq[lead_rows]]
    for ti, target in enumerate(rules.targets):
        # candidate rank: k for the first non-wild's k-th target (its own, then its pay groups'),
        # leads+p for a leading wild at p, then (``wild_lines: best_symbol``) n+leads+i for the
        # i-th extra target after a leading wild
        rank_of = np.array([ts.index(target) if target in (ts := rules.leads[s]) else none for s in symbols]
                           + [none], dtype=np.int64)  # the last entry: a line of wilds
        rank = rank_of[first_of]
        if len(lead_rows):
            lead_rank = rank[lead_rows]
            for p in range(n - 1, -1, -1):
                is_cand = lead_leading[:, p] & (lead_wild_of[:, p] == ti)
                lead_rank = np.where(is_cand & (lead_rank >= leads), leads + p, lead_rank)
            if target in rules.wild_extra:
                lead_rank = np.where(lead_rank == none, n + leads + rules.wild_extra.index(target), lead_rank)
            rank[lead_rows] = lead_rank
        rows_of = np.nonzero(rank < none)[0]
        if len(rows_of) == 0:
            continue
        sub = seq[rows_of]
        rank = rank[rows_of]
        row = rules.match[target]
        adds = np.array([row[s][0] if s in row else -1 for s in symbols], dtype=np.int64)
        mults = np.array([row[s][1] if s in row else 1 for s in symbols], dtype=np.int64)
        inrun = np.logical_and.accumulate((adds[sub] >= 0) & within[rows_of], axis=1)
        length = inrun.sum(axis=1)
        count = np.where(inrun, adds[sub], 0).sum(axis=1)
        in_run = np.where(inrun, mults[sub], 1)
        mult = in_run.max(axis=1) if rules.highest_multiplier else in_run.prod(axis=1)
        table = np.array([int(v * denominator) for v in rules.table[target]], dtype=np.int64)
        value = table[np.minimum(count, len(table) - 1)] * mult
        bv, bc, br = best_value[rows_of], best_count[rows_of], best_rank[rows_of]
        better = (value > 0) & (
            (value > bv) | ((value == bv) & (count > bc)) | ((value == bv) & (count == bc) & (rank < br))
        )
        chosen = rows_of[better]
        best_value[chosen] = value[better]
        best_count[chosen] = count[better]
        best_rank[chosen] = rank[better]
        best_len[chosen] = length[better]
        best_target[chosen] = ti
    return best_value, best_len, best_target


# --- exact hit rate ----------------------------------------------------------------------------------


class TooManyStates(ValueError):
    """The joint line states of a hit-rate computation outgrew the limit."""


MAX_HIT_ROWS = 2_000_000  # rows of (line states x next windows) before giving up (both-ways games)
HIT_CHUNK_ROWS = 1 << 17  # rows expanded per numpy pass


def hit_rate(defn: Definition, reel_set: str, lines: int, both_ways: bool | None = None) -> Fraction:
    """Exact probability that a base spin on ``reel_set`` with the first ``lines`` lines
    pays anything (a line or a scatter). See the module docstring for the method."""
    table = line_pay_table(defn, reel_set, both_ways)
    shape = table.shape
    n = len(shape)
    automaton = _line_automaton(table.coins.reshape(shape) > 0)
    strips = defn.reels[reel_set]
    rows = defn.grid.rows
    played = defn.lines[:lines]
    scatters = [(pay_table(defn.pays[t]), adds) for t, adds in sorted(scatter_adds(defn).items())]
    # Scatter counts are carried as one mixed-radix integer.
    max_counts = [
        sum(max(sum(adds.get(s, 0) for s in win) for win in window_ids(strip, rows)) for strip in strips)
        for _, adds in scatters
    ]
    radix = [m + 1 for m in max_counts]
    place = [math.prod(radix[i + 1 :]) for i in range(len(radix))]
    n_codes = math.prod(radix)
    scatter_pays = np.zeros(n_codes, dtype=bool)
    for code in range(n_codes):
        scatter_pays[code] = any(
            table_value(tab, (code // place[i]) % radix[i]) > 0 for i, (tab, _) in enumerate(scatters)
        )

    states = np.zeros((1, len(played)), dtype=np.int16)  # class of each played line
    codes = np.zeros(1, dtype=np.int64)  # scatter counts so far
    weight = np.ones(1, dtype=object if math.prod(len(s) for s in strips) >= 2**62 else np.int64)
    dead_by_code = np.zeros(n_codes, dtype=weight.dtype)  # all lines dead: weight per scatter code
    hits = 0
    for r, strip in enumerate(strips):
        alphabet = {sid: i for i, sid in enumerate(table.alphabets[r])}
        wins = Counter(tuple(w) for w in window_ids(strip, rows))
        win_list = list(wins)
        mult = np.array([wins[w] for w in win_list], dtype=weight.dtype)
        idx = np.array([[alphabet[w[line[r]]] for line in played] for w in win_list], dtype=np.int32)
        code_add = np.array(
            [
                sum(place[i] * sum(adds.get(s, 0) for s in w) for i, (_, adds) in enumerate(scatters))
                for w in win_list
            ],
            dtype=np.int64,
        )
        trans, sure, dead = automaton[r]
        # combinations whose lines are all dead only collect scatter counts
        if dead_by_code.any():
            moved = np.zeros_like(dead_by_code)
            for code in np.nonzero(dead_by_code)[0].tolist():
                np.add.at(moved, code + code_add, dead_by_code[code] * mult)
            dead_by_code = moved
        if len(states) == 0:
            continue
        if len(states) * len(win_list) > MAX_HIT_ROWS:
            raise TooManyStates(f"{len(states) * len(win_list):,} joint line states")
        later = math.prod(len(s) for s in strips[r + 1 :])  # a hit now covers every continuation
        step = max(1, HIT_CHUNK_ROWS // len(win_list))  # bounded memory per numpy pass
        kept: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        for a in range(0, len(states), step):
            new_states = trans[states[a : a + step, None, :], idx[None, :, :]].reshape(-1, len(played))
            new_codes = (codes[a : a + step, None] + code_add[None, :]).reshape(-1)
            new_weight = (weight[a : a + step, None] * mult[None, :]).reshape(-1)
            hit = sure[new_states].any(axis=1)
            hits += int(new_weight[hit].sum()) * later
            all_dead = dead[new_states].all(axis=1) & ~hit
            np.add.at(dead_by_code, new_codes[all_dead], new_weight[all_dead])
            keep = ~hit & ~all_dead
            kept.append((new_states[keep], new_codes[keep], new_weight[keep]))
        states = np.concatenate([k[0] for k in kept])
        codes = np.concatenate([k[1] for k in kept])
        weight = np.concatenate([k[2] for k in kept])
        if len(states) > 1:
            # window combinations that leave every line and the scatter counts alike go on as one
            joint = np.ascontiguousarray(np.column_stack([states.astype(np.int64), codes]))
            row_view = joint.view(np.dtype((np.void, joint.itemsize * joint.shape[1]))).reshape(-1)
            _, first_at, inverse = np.unique(row_view, return_index=True, return_inverse=True)
            if len(first_at) < len(states):
                merged = np.zeros(len(first_at), dtype=weight.dtype)
                np.add.at(merged, inverse.reshape(-1), weight)
                states, codes, weight = states[first_at], codes[first_at], merged
        if r == n - 1:
            assert len(states) == 0, "after the last reel every line is decided"
    hits += int(dead_by_code[scatter_pays].sum())
    return Fraction(hits, math.prod(len(s) for s in strips))


def _line_automaton(pays: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per reel r: (transition[class at depth r, symbol] -> class at depth r+1, sure[class
    at depth r+1], dead[class at depth r+1]), classes being the Myhill-Nerode classes of
    "this line pays" over line prefixes.

    Built from the last reel back: two prefixes are equivalent exactly when each of
    their one-symbol extensions is, so a prefix's class is the row of its children's
    classes, and equal rows are found with ``np.unique`` on narrow integer rows.
    """
    shape = pays.shape
    n = len(shape)
    classes = pays.reshape(-1).astype(np.int32)  # depth n: 0 = misses, 1 = pays
    sure = np.array([False, True])
    dead = np.array([True, False])
    if not pays.any():
        classes = np.zeros_like(classes)
        sure, dead = np.array([False]), np.array([True])
    elif pays.all():
        classes = np.zeros_like(classes)
        sure, dead = np.array([True]), np.array([False])
    out: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for d in range(n - 1, -1, -1):
        children = np.ascontiguousarray(classes.reshape(-1, shape[d]))  # prefixes at depth d x symbol
        row_view = children.view(np.dtype((np.void, children.dtype.itemsize * shape[d]))).reshape(-1)
        _, first_at, inverse = np.unique(row_view, return_index=True, return_inverse=True)
        trans = children[first_at]  # class at depth d -> its children's classes
        if len(trans) < 2**15:
            trans = trans.astype(np.int16)  # line states are carried for every window combination
        out.append((trans, sure, dead))
        sure = np.asarray(sure[trans].all(axis=1))
        dead = np.asarray(dead[trans].all(axis=1))
        classes = inverse.reshape(-1).astype(np.int32)
    return out[::-1]


# --- entry points for feature values and respin prices -------------------------------------------------


def expected_line_coins(defn: Definition, reel_set: str, both_ways: bool | None = None) -> Fraction:
    """Exact expected pay of ONE payline, in coins per line-coin, for a uniformly random spin
    (under another pay model: per coin of its cost, which prices a spin the same way)."""
    from .pays import model_for

    return model_for(defn, reel_set).line_coins(defn, reel_set, both_ways)


def symbol_count_distribution(defn: Definition, reel_set: str, symbol_ids: Sequence[str]) -> list[Fraction]:
    """Exact distribution of how many of ``symbol_ids``' bases show on the screen (Doubles adding
    their ``counts``), as probabilities indexed by total count."""
    wanted = set(symbol_ids)
    dist = count_distribution(defn, reel_set, {s.id: s.counts for s in defn.symbols if s.base in wanted})
    out = [Fraction(0)] * (max(dist) + 1)
    for count, p in dist.items():
        out[count] = p
    return out


def expected_scatter_x_bet(defn: Definition, reel_set: str) -> Fraction:
    """Exact expected scatter pay of one spin, as a multiple of the total bet."""
    return sum(scatter_expectation(defn, reel_set).values(), Fraction(0))
