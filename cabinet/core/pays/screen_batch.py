"""What many whole screens pay at once (numpy), with the cells that paid: the tumble batch's
pricers (``tumble_batch.py``).

The base-spin batch pricers (``*_batch.py``) price *reel outcomes* from per-stop tables; a
tumbled screen is no strip window, so these price a grid of symbol codes instead:
``grid[spin, reel, row]`` (a code is the symbol's index in ``defn.symbols``). Each pricer
returns, per spin, the model's pays in minor units at multiplier 1 and the mask of the cells
of every win that paid (what ``tumble.paying_cells`` removes), and flags in ``bad`` a spin it
cannot price exactly (``play_round`` plays that round). They read the models' own rule
lookups (``*_rules.py``), never a second copy of a paytable.

A pricer is exact where ``model.evaluate`` pays a whole number of minor units at multiplier
1, so that a win at an integer multiplier ``m`` is ``m`` times it (``money.apply_ratio``):
``pricer_for`` returns None for a game where that does not hold, or for a model without a
grid pricer here (Megaways: its heights change per spin), and the game's tumbles go to
``play_round``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

import numpy as np

from ..bet import Bet
from ..definition import Definition
from ..evaluate import compiled, table_value

U64 = np.uint64


class GridPricer(Protocol):
    cell_multipliers: bool  # it can raise each win by its cells' multipliers (``levels``)

    def price(self, grid: np.ndarray, bad: np.ndarray, levels: np.ndarray | None = None, how: str = "sum"
              ) -> tuple[np.ndarray, np.ndarray]:
        """(pays at multiplier 1 in minor units (spins,), paying cells (spins, reels, rows) bool);
        with ``levels`` (each cell's multiplier, tumble's cell multipliers) each win is raised by
        the ``how`` (sum | product) of its cells' multipliers of 2 or more (x1 when none)."""
        ...


PRODUCT_BITS = 40  # a product of cell multipliers past 2^40 is left to play_round (int64 room for the pay)


def cell_factor(cells: np.ndarray, strong: np.ndarray, how: str, bad: np.ndarray) -> np.ndarray:
    """Per win: the sum (or product) of the multipliers >= 2 of its ``cells`` (rows: wins; x1 when
    none); ``strong`` holds each cell's multiplier where it is 2 or more, else 0. A product too
    large for exact int64 money flags its win's spin in ``bad`` (one entry per win)."""
    if how == "sum":
        total = np.where(cells, strong, 0).sum(axis=1)
        factor: np.ndarray = np.where(total == 0, 1, total)
        return factor
    values = np.where(cells & (strong >= 2), strong, 1)
    bad |= np.log2(values).sum(axis=1) > PRODUCT_BITS
    product: np.ndarray = np.prod(values, axis=1)
    return product


def strong_levels(levels: np.ndarray) -> np.ndarray:
    """(spins, cells): each cell's multiplier where it is 2 or more, else 0."""
    flat = levels.reshape(levels.shape[0], -1)
    out: np.ndarray = np.where(flat >= 2, flat, 0)
    return out


def _minor(values: list[list[Fraction]]) -> np.ndarray | None:
    """A table of minor units, or None when one of them is not whole."""
    if any(Fraction(v).denominator != 1 for row in values for v in row):
        return None
    return np.array([[int(v) for v in row] for row in values], dtype=np.int64).reshape(len(values), -1)


def histogram(grid: np.ndarray, symbols: int) -> np.ndarray:
    """(spins, symbols): how many cells of each spin show each symbol code."""
    n = grid.shape[0]
    flat = grid.reshape(n, -1).astype(np.int64) + (np.arange(n, dtype=np.int64) * symbols)[:, None]
    return np.bincount(flat.ravel(), minlength=n * symbols).reshape(n, symbols)


def cells_of(grid: np.ndarray, per_symbol: np.ndarray) -> np.ndarray:
    """(spins, reels, rows) bool: ``per_symbol[spin, code]`` read at each cell's code."""
    n = grid.shape[0]
    flat = grid.reshape(n, -1).astype(np.int64)
    return np.take_along_axis(per_symbol, flat, axis=1).reshape(grid.shape)


class CountPricer:
    """Counts over the whole screen (``anywhere`` pays, and every model's scatters): a target's
    count is the sum of what each cell adds; its pay the table's value at that count; its cells
    every cell that adds to it."""

    cell_multipliers = True

    def __init__(self, adds: np.ndarray, minor: np.ndarray) -> None:
        self.adds = adds  # (targets, symbols)
        self.minor = minor  # (targets, top): minor units by count
        self.top = minor.shape[1]
        self.touches = adds > 0

    def price(self, grid: np.ndarray, bad: np.ndarray, levels: np.ndarray | None = None, how: str = "sum"
              ) -> tuple[np.ndarray, np.ndarray]:
        n = grid.shape[0]
        if not self.adds.shape[0]:
            return np.zeros(n, dtype=np.int64), np.zeros(grid.shape, dtype=bool)
        if self.adds.shape[0] == 1:  # one target (a scatter): a gather beats the histogram
            counts = np.take(self.adds[0], grid.reshape(n, -1)).sum(axis=1)[:, None]
        else:
            counts = histogram(grid, self.adds.shape[1]) @ self.adds.T  # (spins, targets)
        counts = np.minimum(counts, self.top - 1)
        paid = self.minor[np.arange(self.minor.shape[0])[None, :], counts]  # (spins, targets)
        hit = paid > 0
        if levels is not None and hit.any():  # each target's win is one event on every cell it counts
            flat = grid.reshape(n, -1)
            for t in np.nonzero(hit.any(axis=0))[0].tolist():
                on = np.nonzero(hit[:, t])[0]
                wrong = np.zeros(len(on), dtype=bool)
                paid[on, t] *= cell_factor(self.touches[t][flat[on]], strong_levels(levels[on]), how, wrong)
                bad[on] |= wrong
        pays = paid.sum(axis=1)
        cells = np.zeros(grid.shape, dtype=bool)
        won = np.nonzero(hit.any(axis=1))[0]
        if len(won):  # the cells of the spins that won: every cell adding to a target that paid
            per_symbol = (hit[won].astype(np.int64) @ self.touches.astype(np.int64)) > 0  # (spins, symbols)
            cells[won] = cells_of(grid[won], per_symbol)
        return pays, cells


def _count_pricer(defn: Definition, targets: list[str], adds: list[dict[str, int]], values: list[list[Fraction]]
                  ) -> CountPricer | None:
    codes = {s.id: i for i, s in enumerate(defn.symbols)}
    table = np.zeros((len(targets), len(codes)), dtype=np.int64)
    for t, row in enumerate(adds):
        for sid, k in row.items():
            table[t, codes[sid]] = k
    minor = _minor(values) if values else np.zeros((0, 1), dtype=np.int64)
    return None if minor is None else CountPricer(table, minor)


def scatter_pricer(defn: Definition, bet: Bet) -> CountPricer | None:
    """The scatters' pays at a scatter multiplier of 1 (``common.scatter_events``)."""
    c = compiled(defn)
    targets = sorted(c.scatter_table)
    adds: list[dict[str, int]] = [{} for _ in targets]
    for sid, (target, k) in c.scatter_of.items():
        if target in targets:
            adds[targets.index(target)][sid] = k
    cells = defn.grid.reels * defn.grid.rows
    top = cells * max((k for row in adds for k in row.values()), default=1) + 1
    values = [[table_value(c.scatter_table[t], k) * bet.total for k in range(top)] for t in targets]
    return _count_pricer(defn, targets, adds, values)


def anywhere_pricer(defn: Definition, bet: Bet) -> CountPricer | None:
    from .anywhere_rules import rules_of

    rules = rules_of(defn)
    per_coin = bet.coins_per_line * bet.coin_value
    targets = list(rules.targets)
    adds = [rules.adds[t] for t in targets]
    top = defn.grid.reels * defn.grid.rows * max((k for row in adds for k in row.values()), default=1) + 1
    values = [[table_value(rules.table[t], k) * per_coin for k in range(top)] for t in targets]
    return _count_pricer(defn, targets, adds, values)


class ClusterPricer:
    """``cluster_rules.cluster_pays`` on bit boards: bit ``reel x rows + row`` of a 64-bit word
    per spin; a target's clusters are the connected parts of (its cells | its wilds) grown from
    its own cells, as ``cluster_batch`` grows them."""

    cell_multipliers = True

    def __init__(self, defn: Definition, bet: Bet) -> None:
        from .cluster_rules import rules_of

        rules = rules_of(defn)
        codes = {s.id: i for i, s in enumerate(defn.symbols)}
        self.rows, self.reels = defn.grid.rows, defn.grid.reels
        t_count, n_sym = len(rules.targets), len(codes)
        self.own = np.zeros((t_count, n_sym), dtype=U64)
        self.double = np.zeros((t_count, n_sym), dtype=U64)
        self.wild = np.zeros((t_count, n_sym), dtype=U64)
        self.supported = self.rows * self.reels <= 64
        for t, target in enumerate(rules.targets):
            for sid, k in rules.own[target].items():
                self.own[t, codes[sid]] = 1
                if k == 2:
                    self.double[t, codes[sid]] = 1
                elif k != 1:
                    self.supported = False
            for sid, m in rules.wild[target].items():
                self.wild[t, codes[sid]] = 1
                if m != 1:
                    self.supported = False  # wild multipliers: play_round prices them
        per_coin = bet.coins_per_line * bet.coin_value
        top = self.rows * self.reels * 2 + 1
        minor = _minor([[table_value(rules.table[t], k) * per_coin for k in range(top)] for t in rules.targets]
                       if rules.targets else [])
        if minor is None:
            self.supported = False
            minor = np.zeros((t_count, top), dtype=np.int64)
        self.pay = minor if t_count else np.zeros((0, top), dtype=np.int64)
        self.least = np.array([next((k for k, v in enumerate(row) if v), top) for row in self.pay.tolist()],
                              dtype=np.int64)  # the smallest paying size
        # a lone cell (at most a Double: 2) never pays when the least paying size is above 2
        self.prune = self.least > 2
        full = (1 << (self.rows * self.reels)) - 1 if self.rows * self.reels < 64 else (1 << 64) - 1
        top_bits = sum(1 << (r * self.rows) for r in range(self.reels))
        bottom_bits = sum(1 << (r * self.rows + self.rows - 1) for r in range(self.reels))
        self.not_top, self.not_bottom = U64(~top_bits & full), U64(~bottom_bits & full)
        self.full = U64(full)
        self.bits = np.array([1 << c for c in range(min(64, self.rows * self.reels))], dtype=U64)
        self.read = np.nonzero((self.own | self.wild | self.double).any(axis=0))[0].tolist()

    def symbol_boards(self, grid: np.ndarray) -> np.ndarray:
        """(spins, symbols): each symbol's cells as a bit board (its cells packed 8 to a byte;
        only the symbols a target reads)."""
        n = grid.shape[0]
        cells = self.rows * self.reels
        flat = grid.reshape(n, cells)
        boards = np.zeros((n, self.own.shape[1]), dtype=U64)
        buf = np.zeros((n, 64), dtype=bool)
        for code in self.read:
            buf[:, :cells] = flat == code
            boards[:, code] = np.packbits(buf, axis=1, bitorder="little").view("<u8")[:, 0]
        return boards

    def _boards(self, table: np.ndarray, boards: np.ndarray) -> np.ndarray:
        """(targets x spins,): the cells of the symbols ``table`` marks per target, target-major."""
        marked = table != 0
        if not marked.any():  # no wilds, no Doubles (most games): nothing to gather
            out = np.zeros(table.shape[0] * boards.shape[0], dtype=U64)
            return out
        if (marked.sum(axis=1) == 1).all():  # one symbol a target: a single gather
            gathered: np.ndarray = boards[:, marked.argmax(axis=1)].T.ravel()
            return gathered
        out = np.zeros((table.shape[0], boards.shape[0]), dtype=U64)
        for t in range(table.shape[0]):
            for code in np.nonzero(table[t])[0].tolist():
                out[t] |= boards[:, code]
        return out.ravel()

    def spread(self, comp: np.ndarray) -> np.ndarray:
        rows = U64(self.rows)
        out: np.ndarray = comp | ((comp << U64(1)) & self.not_top) | ((comp >> U64(1)) & self.not_bottom)
        out |= ((comp << rows) & self.full) | (comp >> rows)
        return out

    def price(self, grid: np.ndarray, bad: np.ndarray, levels: np.ndarray | None = None, how: str = "sum"
              ) -> tuple[np.ndarray, np.ndarray]:
        """Every target of every spin at once (index ``target x spins + spin``): each round of the
        loop grows one cluster of each (target, spin) that has a target cell left."""
        n = grid.shape[0]
        t_count = self.pay.shape[0]
        if not t_count:
            return np.zeros(n, dtype=np.int64), np.zeros(grid.shape, dtype=bool)
        boards = self.symbol_boards(grid)
        own, wild, double = self._boards(self.own, boards), self._boards(self.wild, boards), \
            self._boards(self.double, boards)
        mask = own | wild
        target = np.repeat(np.arange(t_count), n)
        # a target whose cells (and wilds, and Doubles twice) are fewer than its least paying size never pays
        most = np.bitwise_count(mask).astype(np.int64) + np.bitwise_count(double)
        least = self.least[target]
        remaining = np.where(most >= least, own, U64(0))
        prune = self.prune[target]
        remaining[prune] &= ~self._lone(mask[prune])
        pays_all = np.zeros(t_count * n, dtype=np.int64)
        paid_all = np.zeros(t_count * n, dtype=U64)
        flat_pay = self.pay.ravel()
        top = self.pay.shape[1]
        at = np.nonzero(remaining)[0]
        while len(at):
            rem = remaining[at]
            comp = rem & (~rem + U64(1))  # the lowest target cell left: a cluster grows from it
            m = mask[at]
            grow = np.arange(len(at))
            while len(grow):  # two steps of the flood a pass: half the passes to its fixed point
                now = comp[grow]
                reach = m[grow]
                grown = self.spread(self.spread(now) & reach) & reach
                moving = grown != now
                comp[grow] = grown
                grow = grow[moving]
            o = own[at]
            size = (np.bitwise_count(comp & o).astype(np.int64) + np.bitwise_count(comp & double[at])
                    + np.bitwise_count(comp & m & ~o))
            won = np.take(flat_pay, target[at] * top + np.minimum(size, top - 1))
            if levels is not None:  # each cluster is one win event on its cells
                hit = np.nonzero(won > 0)[0]
                if len(hit):
                    spin = at[hit] % n
                    wrong = np.zeros(len(hit), dtype=bool)
                    inside = (comp[hit, None] & self.bits[None, :]) != 0
                    won[hit] *= cell_factor(inside, strong_levels(levels[spin]), how, wrong)
                    bad[spin[wrong]] = True  # (a spin may be here once per target)
            pays_all[at] += won
            paid_all[at] |= np.where(won > 0, comp, U64(0))
            left = rem & ~comp
            remaining[at] = left
            # a later cluster holds at most the target's cells left and every wild: too few never pays
            room = (np.bitwise_count(left).astype(np.int64) + np.bitwise_count(left & double[at])
                    + np.bitwise_count(m & ~o))
            at = at[(left != 0) & (room >= least[at])]
        pays = pays_all.reshape(t_count, n).sum(axis=0)
        paid_bits = np.bitwise_or.reduce(paid_all.reshape(t_count, n), axis=0)
        cells = (paid_bits[:, None] & self.bits[None, :]) != 0
        return pays, cells.reshape(grid.shape)

    def _lone(self, mask: np.ndarray) -> np.ndarray:
        rows = U64(self.rows)
        touched = ((mask << U64(1)) & self.not_top) | ((mask >> U64(1)) & self.not_bottom)
        touched |= ((mask << rows) & self.full) | (mask >> rows)
        return mask & ~touched


class WaysPricer:
    """``ways_rules.ways_pays`` where it factors (as ``ways_batch``): a target's run pays
    ``pay(length) x`` the product of its reels' weighted matches; its cells are the matching
    cells of the run's reels. A Double, or a multiplier wild under ``highest``, flags the spin."""

    cell_multipliers = False  # a ways win's cells are its class's ways: not raised here

    def __init__(self, defn: Definition, bet: Bet) -> None:
        from .ways_rules import rules_of

        rules = rules_of(defn)
        codes = {s.id: i for i, s in enumerate(defn.symbols)}
        self.reels = defn.grid.reels
        t_count = len(rules.targets)
        self.weight = np.zeros((t_count, len(codes)), dtype=np.int64)
        self.odd = np.zeros(len(codes), dtype=bool)
        for t, target in enumerate(rules.targets):
            for sid, (adds, mult) in rules.match[target].items():
                self.weight[t, codes[sid]] = mult
                if adds != 1 or (rules.highest and mult != 1):
                    self.odd[codes[sid]] = True
        per_coin = bet.coins_per_line * bet.coin_value
        values = [[rules.value(t, length) * per_coin for length in range(self.reels + 1)] for t in rules.targets]
        minor = _minor(values) if values else np.zeros((0, self.reels + 1), dtype=np.int64)
        self.supported = minor is not None
        self.pay = minor if minor is not None else np.zeros((t_count, self.reels + 1), dtype=np.int64)
        self.both_ways = rules.both_ways

    def price(self, grid: np.ndarray, bad: np.ndarray, levels: np.ndarray | None = None, how: str = "sum"
              ) -> tuple[np.ndarray, np.ndarray]:
        n = grid.shape[0]
        t_count = self.pay.shape[0]
        cells = np.zeros(grid.shape, dtype=bool)
        if not t_count:
            return np.zeros(n, dtype=np.int64), cells
        bad |= self.odd[grid].any(axis=(1, 2))
        per_cell = self.weight[:, grid]  # (targets, spins, reels, rows)
        matches = per_cell.sum(axis=3)  # (targets, spins, reels)
        hits = matches > 0
        ltr_len = np.where(hits.all(axis=2), self.reels, np.argmin(hits, axis=2))  # (targets, spins)
        pays, ltr_cells = self._direction(per_cell, matches, ltr_len, reverse=False)
        cells |= ltr_cells
        if self.both_ways:
            rev = hits[:, :, ::-1]
            rtl_len = np.where(rev.all(axis=2), self.reels, np.argmin(rev, axis=2))
            rtl_len = np.where(ltr_len == self.reels, 0, rtl_len)  # a run over every reel is paid once
            more, rtl_cells = self._direction(per_cell, matches, rtl_len, reverse=True)
            pays += more
            cells |= rtl_cells
        return pays, cells

    def _direction(self, per_cell: np.ndarray, matches: np.ndarray, length: np.ndarray, *, reverse: bool
                   ) -> tuple[np.ndarray, np.ndarray]:
        t_count, n = length.shape
        reel = np.arange(self.reels)
        if reverse:
            reel = reel[::-1]
        order = np.empty(self.reels, dtype=np.int64)
        order[reel] = np.arange(self.reels)  # each reel's place in the run's direction
        in_run = order[None, None, :] < length[:, :, None]  # (targets, spins, reels)
        ways = np.prod(np.where(in_run, matches, 1), axis=2)
        per_way = np.take_along_axis(self.pay, length, axis=1)  # (targets, spins)
        won = per_way * ways
        paying = (won > 0)[:, :, None] & in_run  # (targets, spins, reels)
        cells = ((per_cell > 0) & paying[:, :, :, None]).any(axis=0)
        return won.sum(axis=0), cells


MAX_LINE_TABLE = 300_000  # line outcomes (symbols ^ reels) a lines pricer tabulates; more: play_round


class LinesPricer:
    """``evaluate.line_pays`` on every played line by table look-up: what a line pays depends only
    on the symbols along it, so every combination of symbol codes (``symbols ^ reels`` of them,
    at most ``MAX_LINE_TABLE``) is priced once by the rules themselves (``compiled(defn).line_pays``):
    its amount per line at multiplier 1 and the lengths of its ltr and rtl runs, whose cells paid."""

    cell_multipliers = False  # a line win's cells are its run's: not raised here

    def __init__(self, defn: Definition, bet: Bet) -> None:
        self.reels = defn.grid.reels
        symbols = [s.id for s in defn.symbols]
        self.n_symbols = len(symbols)
        size = self.n_symbols ** self.reels
        self.supported = size <= MAX_LINE_TABLE and 0 < bet.lines <= len(defn.lines)
        self.lines = np.array(defn.lines[: bet.lines], dtype=np.int64).reshape(-1, self.reels)
        self.radix = self.n_symbols ** np.arange(self.reels, dtype=np.int64)
        self.pay = np.zeros(0, dtype=np.int64)
        self.ltr = self.rtl = np.zeros(0, dtype=np.int64)
        if not self.supported:
            return
        c = compiled(defn)
        per_line_coin = bet.coins_per_line * bet.coin_value
        codes = np.indices((self.n_symbols,) * self.reels).reshape(self.reels, -1)[::-1].T  # reel 1 = the lowest digit
        pay = np.zeros(size, dtype=np.int64)
        ltr = np.zeros(size, dtype=np.int64)
        rtl = np.zeros(size, dtype=np.int64)
        for index, combo in enumerate(codes.tolist()):
            for line_pay in c.line_pays(tuple(symbols[k] for k in combo), c.both_ways):
                amount = Fraction(line_pay.coins) * per_line_coin
                if amount.denominator != 1:
                    self.supported = False
                    return
                pay[index] += int(amount)
                if line_pay.direction == "rtl":
                    rtl[index] = len(line_pay.reels)
                else:
                    ltr[index] = len(line_pay.reels)
        self.pay, self.ltr, self.rtl = pay, ltr, rtl

    def price(self, grid: np.ndarray, bad: np.ndarray, levels: np.ndarray | None = None, how: str = "sum"
              ) -> tuple[np.ndarray, np.ndarray]:
        reels = np.arange(self.reels)
        shown = grid[:, reels[None, :], self.lines].astype(np.int64)  # (spins, lines, reels)
        index = shown @ self.radix
        paid = self.pay[index]
        cells = np.zeros(grid.shape, dtype=bool)
        won = np.nonzero((paid > 0).any(axis=1))[0]
        if len(won):
            sub = index[won]
            counted = ((reels[None, None, :] < self.ltr[sub][:, :, None])
                       | (reels[None, None, :] >= self.reels - self.rtl[sub][:, :, None]))  # (won, lines, reels)
            part = np.zeros((len(won), self.reels, grid.shape[2]), dtype=bool)
            for line, rows in enumerate(self.lines.tolist()):
                part[:, reels, rows] |= counted[:, line, :]
            cells[won] = part
        return paid.sum(axis=1), cells


def pricer_for(defn: Definition, bet: Bet) -> GridPricer | None:
    """The grid pricer of the game's model (None: none here, or not exact at this bet)."""
    kind = defn.pay_model.type
    if kind == "anywhere":
        return anywhere_pricer(defn, bet)
    if kind == "cluster":
        cluster = ClusterPricer(defn, bet)
        return cluster if cluster.supported else None
    if kind == "ways":
        ways = WaysPricer(defn, bet)
        return ways if ways.supported else None
    if kind == "lines":
        lines = LinesPricer(defn, bet)
        return lines if lines.supported else None
    return None
