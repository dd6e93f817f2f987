"""A collector board's exact chain (``collector_chain``), and which exact chain a trigger
count gets (``chain_for``)."""

from __future__ import annotations

from fractions import Fraction

from ...definition import Definition
from ...events import Position
from .chain import ChainResult, ChainTooLarge, chain_blockers, fill_chain, pacing_board, split_chain
from .params import HoldAndRespin
from .play import _cached, _mean_value_x_bet, _strip_value_x_bet, actions_of, boards_of


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
    from ..wheel import solve

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
