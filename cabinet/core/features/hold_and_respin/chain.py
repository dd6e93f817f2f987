"""The exact chain of held cells per board and respins left (``fill_chain``), and with
one board that changes the respins, per board in step with it (``split_chain``): see the
block's docstring (``__init__.py``), Par."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb, gcd

from ...boards import CellAction
from ...definition import Definition
from .. import MAX_FEATURE_SPINS
from .params import HoldAndRespin
from .play import _cached, _mean_value_x_bet, _strip_value_x_bet, actions_of, boards_of

# The exact chain is walked only while it stays small: more states (or a wider step) than
# this and the figures are estimated instead (par must stay quick).
MAX_CHAIN_STATES = 20_000
MAX_CHAIN_STEP = 20_000


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
