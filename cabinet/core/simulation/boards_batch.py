"""The batch player of boards and wheels (``BoardsPlan``, ``WheelPlan``): the
features a ``BatchSpinner`` plays round by round in arrays, with the engine's draws in its order."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..boards import CellAction, whole_amount
from ..features import BoardsPlan, WheelPlan
from ..rng import rejection_limit
from .rng_arrays import _weighted_array, below_array, draw_array

# --- the batch player of boards and wheels (``BoardsPlan``, ``WheelPlan``) --------------------------


def _below_each(seeds: np.ndarray, index: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``Rng.below(n[i])`` answered by draw ``index[i]`` of ``seeds[i]`` (every ``n`` > 1):
    (values, rejected mask)."""
    out = np.zeros(len(seeds), dtype=np.int64)
    bad = np.zeros(len(seeds), dtype=bool)
    for size in np.unique(n).tolist():
        at = np.nonzero(n == size)[0]
        out[at], bad[at] = below_array(seeds[at], index[at], int(size))
    return out, bad


def _nth_true(mask: np.ndarray, nth: np.ndarray) -> np.ndarray:
    """Per row of ``mask``: the column of its ``nth`` (0-based) True."""
    found: np.ndarray = np.argmax(np.cumsum(mask, axis=1) > nth[:, None], axis=1)
    return found


@dataclass
class _BoardsBatch:
    """A ``BoardsPlan`` ready to play: every cell of every board as arrays, in the engine's
    draw order (boards in order, then reel and row), and the cell rules by symbol code."""

    plan: BoardsPlan
    lengths: np.ndarray  # per cell: its strip's length
    limits: np.ndarray  # per cell: the rejection limit of its draw (uint64; 0 with ``rejects`` False)
    rejects: np.ndarray  # per cell: whether its draw can be rejected
    strips: np.ndarray  # (cells, longest strip): symbol codes
    acts: np.ndarray  # per code: has a rule
    holds: np.ndarray
    prize: np.ndarray  # per code: a credit prize (a multiplier may target it)
    table: np.ndarray  # per code: index of its drawn prize table (-1: none drawn)
    fixed: np.ndarray  # per code: its value when nothing is drawn (a jackpot, a one-entry prize)
    respins: np.ndarray
    resets: np.ndarray
    cell_multiplier: np.ndarray
    multiplies: np.ndarray  # per code: it multiplies a held prize
    collector: np.ndarray
    tables: list[tuple[int, np.ndarray, np.ndarray]]  # (total weight, cumulative weights, values)
    multipliers: dict[int, CellAction]  # code -> its rule: the multipliers it allows on a prize
    collects: dict[int, np.ndarray]  # collector code -> (cells, cells): the collector at c takes cell x
    start: list[tuple[int, np.ndarray]]  # (code, the cells it may be placed on)
    place: tuple[int, np.ndarray] | None
    board_cells: list[np.ndarray]
    fills: np.ndarray
    chances: list[Fraction]


def _compile_boards(plan: BoardsPlan) -> _BoardsBatch:
    """The plan's boards and rules as arrays; ValueError where a value is not whole."""
    names = ["", *dict.fromkeys(s for b in plan.boards for strip in b.strips for s in strip)]
    for sym in [*plan.actions, *(entry[0] for entry in plan.start), plan.place_symbol]:
        if sym and sym not in names:
            names.append(sym)
    code = {s: i for i, s in enumerate(names)}
    cells = [(b, bi, reel, row) for bi, b in enumerate(plan.boards) for reel, row in b.positions()]
    strips = [b.strip((reel, row)) for b, _, reel, row in cells]
    longest = max(len(s) for s in strips)
    lengths = np.array([len(s) for s in strips], dtype=np.int64)
    limit = [rejection_limit(n) if n > 1 else 1 << 64 for n in lengths.tolist()]
    k = len(names)
    acts, holds, prize = np.zeros(k, bool), np.zeros(k, bool), np.zeros(k, bool)
    table, fixed = np.full(k, -1, dtype=np.int64), np.zeros(k, dtype=np.int64)
    respins, resets = np.zeros(k, dtype=np.int64), np.zeros(k, bool)
    cell_multiplier, multiplies, collector = np.zeros(k, dtype=np.int64), np.zeros(k, bool), np.zeros(k, bool)
    tables: list[tuple[int, np.ndarray, np.ndarray]] = []
    multipliers: dict[int, CellAction] = {}
    collects: dict[int, np.ndarray] = {}
    bet = plan.bet_total
    for sym, action in plan.actions.items():
        c = code[sym]
        acts[c], holds[c], prize[c] = True, action.hold, bool(action.prizes)
        if len(action.prizes) > 1:
            table[c] = len(tables)
            weights = [e.weight for e in action.prizes]
            if sum(weights) < 2:
                raise ValueError("a prize table that draws nothing")  # rng.weighted would take no draw
            tables.append((sum(weights), np.cumsum(weights),
                           np.array([whole_amount(e.value, bet) for e in action.prizes], dtype=np.int64)))
        elif action.prizes:
            fixed[c] = whole_amount(action.prizes[0].value, bet)
        elif action.jackpot:
            fixed[c] = whole_amount(action.jackpot_x_bet, bet)
        respins[c], resets[c], cell_multiplier[c] = action.respins, action.resets_respins, action.cell_multiplier
        if action.multipliers:
            if any(e.value.denominator != 1 for e in action.multipliers):
                raise ValueError("a prize multiplier that is not whole")
            multiplies[c] = True
            multipliers[c] = action
        if action.collects:
            collector[c] = True
            collects[c] = np.array([[b1 == b2 and reel2 in action.collects for _, b2, reel2, _ in cells]
                                    for _, b1, _, _ in cells], dtype=np.int64)

    def eligible(sym: str, board: str = "", reel: int = -1, row: int = -1) -> np.ndarray:
        return np.array([(not board or b.name == board) and (reel < 0 or r == reel) and (row < 0 or w == row)
                         and sym in strip for (b, _, r, w), strip in zip(cells, strips, strict=True)], dtype=bool)

    return _BoardsBatch(
        plan=plan,
        lengths=lengths,
        limits=np.array([x if x < 1 << 64 else 0 for x in limit], dtype=np.uint64),
        rejects=np.array([x < 1 << 64 for x in limit], dtype=bool),
        strips=np.array([[code[strip[i % len(strip)]] for i in range(longest)] for strip in strips], dtype=np.int64),
        acts=acts, holds=holds, prize=prize, table=table, fixed=fixed, respins=respins, resets=resets,
        cell_multiplier=cell_multiplier, multiplies=multiplies, collector=collector, tables=tables,
        multipliers=multipliers, collects=collects,
        start=[(code[s], eligible(s, board, reel, row)) for s, board, reel, row in plan.start],
        place=(code[plan.place_symbol], eligible(plan.place_symbol)) if plan.place_symbol else None,
        board_cells=[np.array([i for i, cell in enumerate(cells) if cell[1] == bi], dtype=np.int64)
                     for bi in range(len(plan.boards))],
        fills=np.array(plan.fills, dtype=np.int64),
        chances=list(plan.chances),
    )


class _Boards:
    """The boards of many rounds at once, played as ``core/boards.HeldRespinEngine`` plays one."""

    def __init__(self, bb: _BoardsBatch, seeds: np.ndarray, nxt: np.ndarray) -> None:
        n, cells = len(seeds), len(bb.lengths)
        self.bb, self.seeds, self.nxt = bb, seeds, nxt
        self.bad = np.zeros(n, dtype=bool)
        self.held = np.zeros((n, cells), dtype=bool)
        self.value = np.zeros((n, cells), dtype=np.int64)  # what a held cell holds
        self.prize = np.zeros((n, cells), dtype=bool)
        self.collector = np.full((n, cells), -1, dtype=np.int64)  # the code of a held collector
        self.cell_multiplier = np.ones((n, cells), dtype=np.int64)
        self.respins = np.full(n, bb.plan.respins, dtype=np.int64)
        self.played = np.zeros(n, dtype=np.int64)
        self.paid = np.zeros(n, dtype=np.int64)
        self.filled = np.zeros((n, len(bb.board_cells)), dtype=bool)

    def place(self, rows: np.ndarray, sym: int, eligible: np.ndarray, pending: np.ndarray) -> np.ndarray:
        """One symbol on a random eligible free cell of each of ``rows`` (one ``below`` over
        those cells; none for a single cell): the cell, -1 where none qualifies."""
        free = eligible[None, :] & ~self.held[rows] & ~pending[rows]
        count = free.sum(axis=1)
        pick = np.zeros(len(rows), dtype=np.int64)
        drawn = np.nonzero(count > 1)[0]
        if len(drawn):
            at = rows[drawn]
            pick[drawn], rejected = _below_each(self.seeds[at], self.nxt[at], count[drawn])
            self.bad[at[rejected]] = True
            self.nxt[at] += 1
        cell = np.where(count > 0, _nth_true(free, pick), -1)
        got = np.nonzero(cell >= 0)[0]
        pending[rows[got], cell[got]] = True
        return cell

    def start(self, rows: np.ndarray, counts: np.ndarray) -> None:
        """The starting symbols, then one placed symbol per counted trigger symbol; the batch resolved."""
        bb = self.bb
        pending = np.zeros_like(self.held)
        placed: list[tuple[np.ndarray, int]] = []
        for sym, eligible in bb.start:
            placed.append((self.place(rows, sym, eligible, pending), sym))
        if bb.place is not None:
            sym, eligible = bb.place
            for i in range(int(counts[rows].max(initial=0))):
                cell = np.full(len(rows), -1, dtype=np.int64)
                more = np.nonzero(counts[rows] > i)[0]
                if len(more):
                    cell[more] = self.place(rows[more], sym, eligible, pending)
                placed.append((cell, sym))
        if placed:
            cells = np.stack([c for c, _ in placed], axis=1)
            syms = np.tile(np.array([s for _, s in placed], dtype=np.int64), (len(rows), 1))
            self.resolve(rows, cells, syms, cells >= 0, change_respins=False)

    def spin(self, rows: np.ndarray) -> None:
        """One respin used; every free cell spins (one ``below(len(strip))`` each, in cell order)."""
        bb = self.bb
        self.respins[rows] -= 1
        self.played[rows] += 1
        free = ~self.held[rows]
        need = free & (bb.lengths > 1)[None, :]
        index = self.nxt[rows][:, None] + np.cumsum(need, axis=1) - need
        u = draw_array(self.seeds[rows][:, None], index)
        self.bad[rows] |= (need & bb.rejects[None, :] & (u >= bb.limits[None, :])).any(axis=1)
        stop = np.where(need, (u % bb.lengths.astype(np.uint64)[None, :]).view(np.int64), 0)
        self.nxt[rows] += need.sum(axis=1)
        syms = bb.strips[np.arange(len(bb.lengths))[None, :], stop]
        cells = np.broadcast_to(np.arange(len(bb.lengths)), free.shape)
        self.resolve(rows, cells, syms, free, change_respins=True)

    def resolve(self, rows: np.ndarray, cells: np.ndarray, syms: np.ndarray, landed: np.ndarray,
                *, change_respins: bool) -> None:
        """A landed batch of ``rows`` (``cells``/``syms`` in draw order where ``landed``):
        REVEAL, RESPINS, MULTIPLY, COLLECT, FILL."""
        bb, seeds, nxt, bad = self.bb, self.seeds, self.nxt, self.bad
        n = len(rows)
        cells = np.where(landed, cells, 0)
        act = landed & bb.acts[syms]
        # 1. REVEAL: prizes drawn in draw order, times the cell's multiplier; held
        draws = act & (bb.table[syms] >= 0)
        index = nxt[rows][:, None] + np.cumsum(draws, axis=1) - draws
        value = np.where(act, bb.fixed[syms], 0)
        for t, (total, cumulative, values) in enumerate(bb.tables):
            r, j = np.nonzero(draws & (bb.table[syms] == t))
            if len(r):
                pick, rejected = below_array(seeds[rows[r]], index[r, j], total)
                bad[rows[r[rejected]]] = True
                value[r, j] = values[np.searchsorted(cumulative, pick, side="right")]
        nxt[rows] += draws.sum(axis=1)
        value *= self.cell_multiplier[rows[:, None], cells]
        added = np.where(act, bb.cell_multiplier[syms], 0)
        r, j = np.nonzero(added)
        if len(r):
            self.cell_multiplier[rows[r], cells[r, j]] += added[r, j]
        r, j = np.nonzero(act & bb.holds[syms])
        if len(r):
            at, c, s = rows[r], cells[r, j], syms[r, j]
            self.held[at, c] = True
            self.value[at, c] = value[r, j]
            self.prize[at, c] = bb.prize[s]
            self.collector[at, c] = np.where(bb.collector[s], s, -1)
        # 2. RESPINS: a reset, then what the symbols add
        if change_respins:
            reset = np.where((act & bb.resets[syms]).any(axis=1), bb.plan.reset_to, self.respins[rows])
            self.respins[rows] = reset + np.where(act, bb.respins[syms], 0).sum(axis=1)
        # 3. MULTIPLY, in draw order: one held prize (below), then one allowed multiplier (weighted)
        multiplying = act & bb.multiplies[syms]
        many = multiplying.sum(axis=1)
        for nth in range(int(many.max(initial=0))):  # every round's nth multiplier at once
            at = np.nonzero(many > nth)[0]
            col = _nth_true(multiplying[at], np.full(len(at), nth))
            self._multiply(rows[at], syms[at, col])
        # 4. COLLECT: collectors take the values landed on their reels; the rest stay held or pay
        valued = act & (value > 0) & ~bb.collector[syms]
        if valued.any():
            r, j = np.nonzero(valued)
            at, c = rows[r], cells[r, j]
            amount = np.zeros((n, len(bb.lengths)), dtype=np.int64)
            amount[r, c] = np.where(self.held[at, c], self.value[at, c], value[r, j])
            lands = np.zeros((n, len(bb.lengths)), dtype=bool)
            lands[r, c] = True
            taken = np.zeros_like(lands)
            for sym, takes in bb.collects.items():  # every collector takes the whole value
                keeps = self.held[rows] & (self.collector[rows] == sym)
                if keeps.any():
                    taken |= lands & ((keeps.astype(np.int64) @ takes) > 0)
                    self.value[rows] += np.where(keeps, amount @ takes.T, 0)
            held = self.held[rows]
            self.paid[rows] += np.where(lands & ~taken & ~held, amount, 0).sum(axis=1)
            if taken.any():
                tr, tc = np.nonzero(taken)
                self.held[rows[tr], tc] = False
                self.value[rows[tr], tc] = 0
                self.prize[rows[tr], tc] = False
                self.collector[rows[tr], tc] = -1
        # 5. FILL: a board all held pays its award, once
        for b, on in enumerate(bb.board_cells):
            full = self.held[rows][:, on].all(axis=1)
            new = full & ~self.filled[rows, b]
            self.paid[rows] += np.where(new, bb.fills[b], 0)
            self.filled[rows, b] |= full

    def _multiply(self, rows: np.ndarray, syms: np.ndarray) -> None:
        """Each of ``rows``' multiplier symbol ``syms``: a random held prize times a multiplier
        allowed on it (nothing, and no draw, with no held prize)."""
        seeds, nxt, bad = self.seeds, self.nxt, self.bad
        targets = self.held[rows] & self.prize[rows]
        count = targets.sum(axis=1)
        some = count > 0
        rows, syms, targets, count = rows[some], syms[some], targets[some], count[some]
        pick = np.zeros(len(rows), dtype=np.int64)
        drawn = np.nonzero(count > 1)[0]
        if len(drawn):
            pick[drawn], rejected = _below_each(seeds[rows[drawn]], nxt[rows[drawn]], count[drawn])
            bad[rows[drawn[rejected]]] = True
            nxt[rows[drawn]] += 1
        cell = _nth_true(targets, pick)
        prize = self.value[rows, cell]
        factor = np.ones(len(rows), dtype=np.int64)
        bet = self.bb.plan.bet_total
        for sym, value in {(int(a), int(b)) for a, b in zip(syms, prize, strict=True)}:
            at = np.nonzero((syms == sym) & (prize == value))[0]
            allowed = self.bb.multipliers[sym].allowed_multipliers(value, bet)  # the rule's own function
            if not allowed:
                continue
            if len(allowed) == 1:
                factor[at] = allowed[0].value.numerator
                continue
            outcome, rejected, did = _weighted_array(seeds[rows[at]], nxt[rows[at]], tuple(e.weight for e in allowed))
            bad[rows[at[rejected]]] = True
            nxt[rows[at]] += int(did)
            factor[at] = np.array([e.value.numerator for e in allowed], dtype=np.int64)[outcome]
        self.value[rows, cell] = prize * factor


def play_boards(bb: _BoardsBatch, seeds: np.ndarray, counts: np.ndarray, nxt: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every ``BoardsPlan`` feature triggered by ``counts`` on ``seeds``, its draws from index
    ``nxt``, played in lockstep respin by respin: (what each paid, the rounds the batch cannot
    settle, the rounds it opened in, each round's next draw index after it)."""
    n = len(seeds)
    nxt = nxt.astype(np.int64)
    opened = np.ones(n, dtype=bool)
    state = _Boards(bb, seeds, nxt)
    if bb.chances:  # the trigger's chance: one rng.chance below 1
        chance = [bb.chances[min(c, len(bb.chances) - 1)] for c in counts.tolist()]
        for value in set(chance):
            at = np.nonzero(np.array([c == value for c in chance]))[0]
            if value <= 0:
                opened[at] = False
            elif value < 1:
                pick, rejected = below_array(seeds[at], nxt[at], value.denominator)
                state.bad[at] |= rejected
                opened[at] = pick < value.numerator
                nxt[at] += 1
    live = np.nonzero(opened)[0]
    state.start(live, counts)
    limit = bb.plan.limit
    while True:
        live = live[(state.respins[live] > 0) & ~state.held[live].all(axis=1) & ~state.bad[live]
                    & (state.played[live] < limit)]
        if not len(live):
            break
        state.spin(live)
    paid = state.paid + np.where(state.held, state.value, 0).sum(axis=1)
    return np.where(opened, paid, 0), state.bad, opened, state.nxt


def play_wheel(
    plan: WheelPlan, seeds: np.ndarray, nxt: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every ``WheelPlan`` wheel of ``seeds``, its draws from index ``nxt``, ring by ring in
    lockstep: (what each paid, the rounds the batch cannot settle, the rounds it ran in, each
    round's next draw index after it)."""
    n = len(seeds)
    nxt = nxt.astype(np.int64)
    total = np.zeros(n, dtype=np.int64)
    bad = np.zeros(n, dtype=bool)
    ring = np.zeros(n, dtype=np.int64)
    live = np.arange(n)
    spins = 0
    while len(live) and spins < plan.limit:
        spins += 1
        pocket = np.zeros(len(live), dtype=np.int64)
        for r in np.unique(ring[live]).tolist():
            on = np.nonzero(ring[live] == r)[0]
            if len(plan.weights[r]) > 1:
                at = live[on]
                pocket[on], rejected, did = _weighted_array(seeds[at], nxt[at], plan.weights[r])
                bad[at] |= rejected
                nxt[at] += int(did)
        now = ring[live]
        following = np.array([plan.next[r][p] for r, p in zip(now.tolist(), pocket.tolist(), strict=True)],
                             dtype=np.int64)
        pays = np.array([plan.pays[r][p] for r, p in zip(now.tolist(), pocket.tolist(), strict=True)],
                        dtype=np.int64)
        ends = following < 0
        total[live[ends]] += pays[ends]
        ring[live] = np.where(ends, ring[live], following)
        live = live[~ends & ~bad[live]]
    return total, bad, np.ones(n, dtype=bool), nxt
