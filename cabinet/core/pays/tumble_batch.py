"""simulate's lockstep tumble player: whole rounds of a tumbling game in numpy, equal to
``play_round`` round by round (``tests/test_tumble_batch.py`` proves it on toy games of every
model, fill and ladder), or flagged for ``play_round``.

The rounds of a chunk play together. A screen is a grid of symbol codes
``grid[round, reel, row]`` (row 0 at the top); the game's grid pricer (``screen_batch``)
gives each screen's pays at multiplier 1 and the cells of every win that paid. A sequence is
``tumble.play_tumbles`` step by step, on the rounds still tumbling only:

1. the paying cells go (a wild stays when ``wilds_stay``); a round with none left is done;
2. each reel's symbols left fall, keeping their order (a stable sort on "removed" per reel);
3. the holes fill reel 1 first, in each reel the lowest hole first: ``fill: strip`` reads the
   reel's strip above the window from a cursor per round and reel (the reel set of each round
   its own); ``fill: weights`` answers ONE ``rng.weighted`` per hole from the round's next draw
   index, so the draws are the very numbers ``play_round``'s ``Rng`` draws (a counter-based
   stream: ``simulation.rng_arrays.below_array``), and a rejected draw flags the round;
4. the new screen pays at the spin's multiplier x the ladder's rung (its own step per round).

Draw order of a round, as ``round.play_round`` and ``free_spins.run`` make them: the base reel
set (``weighted`` when 2+), one ``below(len(strip))`` per reel, the base sequence's refills;
then, when the landed screen's trigger count awards spins, per free spin: its reel set, its
spin multiplier (``SpinsPlan`` order), its stops and its sequence's refills. A free spin's
trigger count (retriggers), cap, top-up and limit follow the feature's ``SpinsPlan``, played
in lockstep over every feature of the chunk.

Issue 32's rules (``features/tumble``), in the same order:

- multiplier symbols never go and fall with their values; a landed screen's draw their values
  (one ``weighted`` each, reel 1 first, top row first) right after the stops, a refill's after
  all of that refill's symbols, in its fill order; a spin that won with some on its final screen
  is multiplied by their sum or product, or in free spins with ``accumulate_in_free_spins`` by a
  running total kept per feature;
- cell multipliers: a grid of levels per round (fresh each spin, or per feature when kept
  through free spins); each win (a target's count, a cluster, a scatter) is raised by the sum or
  product of its cells' multipliers before the screen, then every cell of a paying win steps;
- ``every_screen``: the trigger count is read on the sequence's first screen with the most
  trigger symbols.

``TumbleSpinner.make`` returns None where a round could do anything this player does not
(another block than the tumble and one free-spins feature, a model without a grid pricer
(Megaways), cell multipliers under a model whose pricer does not raise wins cell by cell:
ways, lines): ``simulate``
then takes the model's own spinner, which leaves every tumbling round to ``play_round``. A
round the player cannot settle exactly (a rejected draw, the block's ``MAX_TUMBLES``, a pay the pricer
flags, a product too large for exact int64 money) goes to ``play_round`` too.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bet import Bet
from ..definition import Definition
from ..features import SpinsPlan
from ..lockstep import settle_spins, spins_to_play
from ..simulation.pricing import BASE_CHUNK, BatchRounds, _draw_stops, draw_spin_multiplier
from ..simulation.rng_arrays import _weighted_array
from .screen_batch import CountPricer, GridPricer, pricer_for, scatter_pricer

MONEY_BITS = 50  # a multiplier symbols' factor past 2^50 (or a win x factor past 2^62) is left to play_round


@dataclass
class _Sets:
    """Reel sets as codes: per set, per reel, the strip, and the landed window of each stop."""

    names: list[str]
    lengths: list[tuple[int, ...]]
    strips: np.ndarray  # (sets, reels, longest strip) codes, padded
    strip_len: np.ndarray  # (sets, reels)
    windows: list[list[np.ndarray]]  # per set, per reel: (stops, rows) codes


@dataclass
class _Free:
    """The free-spins feature a landed screen may trigger, as its plan."""

    plan: SpinsPlan
    sets: list[int]  # indexes into ``_Sets`` of the plan's reel sets
    set_weights: tuple[int, ...]
    multiplier_values: np.ndarray
    multiplier_weights: tuple[int, ...]
    awarded: np.ndarray
    added: np.ndarray | None
    retrigger: bool


def column_gather(grid: np.ndarray, order: np.ndarray) -> np.ndarray:
    """``grid[i, r, order[i, r, j]]`` at ``[i, r, j]`` (each column reordered)."""
    m, reels, rows = grid.shape
    base = (np.arange(m * reels, dtype=np.int64) * rows)[:, None]
    out: np.ndarray = grid.reshape(-1)[base + order.reshape(m * reels, rows)].reshape(grid.shape)
    return out


class TumbleSpinner:
    """Rounds of a tumbling game in lockstep (see the module)."""

    def __init__(self, defn: Definition, bet: Bet, params: Any, pricer: GridPricer, scatters: CountPricer,
                 free: Any | None) -> None:
        self.defn, self.bet, self.params = defn, bet, params
        self.pricer, self.scatters = pricer, scatters
        self.max_tumbles = 1_000  # ``make`` sets the block's own
        self.codes = {s.id: i for i, s in enumerate(defn.symbols)}
        self.n_symbols = len(self.codes)
        self.reels, self.rows = defn.grid.reels, defn.grid.rows
        names = list(dict.fromkeys([c.set for c in defn.base_game.reel_sets]
                                   + ([c.set for c in (free.reel_sets or defn.base_game.reel_sets)] if free else [])))
        self.sets = self._compile_sets(names)
        self.base_sets = [names.index(c.set) for c in defn.base_game.reel_sets]
        self.base_weights = tuple(c.weight for c in defn.base_game.reel_sets)
        self.ladder = np.array(params.ladder or (1,), dtype=np.int64)
        self.lasting = bool(params.ladder_through_free_spins)
        wild = np.zeros(self.n_symbols, dtype=bool)
        symbols = defn.symbol_map
        for s in defn.symbols:
            base = symbols.get(s.base, s) if s.base else s
            wild[self.codes[s.id]] = s.kind == "wild" or base.kind == "wild"
        self.stays = wild if params.wilds_stay else np.zeros(self.n_symbols, dtype=bool)
        self.bombs = params.multiplier_symbols
        self.bomb = -1
        self.values = self.free_values = (np.zeros(1, dtype=np.int64), (1,))
        if self.bombs is not None:  # multiplier symbols: never removed; their value tables
            self.bomb = self.codes[self.bombs.symbol]
            self.stays = self.stays.copy()
            self.stays[self.bomb] = True
            self.values = (np.array(list(self.bombs.values), dtype=np.int64), tuple(self.bombs.values.values()))
            table = self.bombs.free_values or self.bombs.values
            self.free_values = (np.array(list(table), dtype=np.int64), tuple(table.values()))
        self.cells = params.cell_multipliers
        # the fall of a column by its removed rows (bit j: row j went): the rows' order after it, its holes
        self.row_bits = (1 << np.arange(self.rows, dtype=np.int64))
        patterns = np.arange(1 << self.rows)
        gone = (patterns[:, None] >> np.arange(self.rows)[None, :]) & 1
        self.fall_order = np.argsort(1 - gone, axis=1, kind="stable").astype(np.int64)
        self.fall_holes = gone.sum(axis=1)
        self.fill_tables: list[tuple[np.ndarray, tuple[int, ...]]] = [
            (np.array([self.codes[s] for s in table], dtype=np.int16), tuple(table.values()))
            for table in params.fill_weights
        ]
        self.free: _Free | None = None
        self.trigger_adds = np.zeros(self.n_symbols, dtype=np.int64)
        self.trigger_raw = np.zeros(self.n_symbols, dtype=np.int64)  # ``every_screen``: a trigger symbol's cells
        if free is not None:
            self.free = self._compile_free(defn, bet, free, names)
            for s in defn.symbols:
                if s.base == free.trigger_symbol:
                    self.trigger_adds[self.codes[s.id]] = s.counts
            self.trigger_raw[self.codes[free.trigger_symbol]] = 1

    # -- what the player can play ----------------------------------------------------------------

    @classmethod
    def make(cls, defn: Definition, bet: Bet, params: Any, *, max_tumbles: int) -> TumbleSpinner | None:
        """The player for ``defn`` with tumble block ``params`` (whose sequences end after
        ``max_tumbles``: the block's ``MAX_TUMBLES``), or None (see the module)."""
        free: Any = None
        for other in defn.features:
            if other is params:
                continue
            if other.type != "free_spins" or free is not None:
                return None
            free = other
        if defn.pay_model.heights or (free is not None and free.trigger_symbol not in defn.symbol_map):
            return None
        pricer = pricer_for(defn, bet)
        scatters = scatter_pricer(defn, bet)
        if pricer is None or scatters is None:
            return None
        if params.cell_multipliers is not None and not pricer.cell_multipliers:
            return None  # this model's wins are not raised cell by cell here
        spinner = cls(defn, bet, params, pricer, scatters, free)
        spinner.max_tumbles = max_tumbles
        if free is not None and spinner.free is None:
            return None
        return spinner

    def _compile_sets(self, names: list[str]) -> _Sets:
        strips = [[np.array([self.codes[s] for s in strip], dtype=np.int16) for strip in self.defn.reels[n]]
                  for n in names]
        longest = max(len(s) for reels in strips for s in reels)
        padded = np.zeros((len(names), self.reels, longest), dtype=np.int16)
        lengths = np.zeros((len(names), self.reels), dtype=np.int64)
        windows = []
        for i, reels in enumerate(strips):
            per_reel = []
            for r, strip in enumerate(reels):
                padded[i, r, : len(strip)] = strip
                lengths[i, r] = len(strip)
                at = (np.arange(len(strip))[:, None] + np.arange(self.rows)[None, :]) % len(strip)
                per_reel.append(strip[at])
            windows.append(per_reel)
        return _Sets(names, [tuple(len(s) for s in reels) for reels in strips], padded, lengths, windows)

    def _compile_free(self, defn: Definition, bet: Bet, free: Any, names: list[str]) -> _Free | None:
        from ..features.free_spins import spins_plan

        # the plan of the feature as if the tumble were not there; the tumbles are this player's
        alone = dataclasses.replace(defn, features=tuple(f for f in defn.features if f is not self.params))
        plan = spins_plan(alone, free, bet)
        if plan is None or plan.levels or plan.screen is not None or plan.show is not None:
            return None
        return _Free(
            plan, [names.index(c.set) for c in plan.reel_sets], tuple(c.weight for c in plan.reel_sets),
            np.array([v for v, _ in plan.multipliers] or [1], dtype=np.int64),
            tuple(w for _, w in plan.multipliers) or (1,),
            np.array(plan.awarded, dtype=np.int64), np.array(plan.added, dtype=np.int64) if plan.added else None,
            bool(free.retrigger),
        )

    # -- rounds ----------------------------------------------------------------------------------

    def rounds(self, seeds: np.ndarray) -> BatchRounds:
        count = len(seeds)
        win = np.zeros(count, dtype=np.int64)
        bad = np.zeros(count, dtype=bool)
        ran: dict[str, np.ndarray] = {}
        paid: dict[str, np.ndarray] = {}
        triggered: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        for start in range(0, count, BASE_CHUNK):  # chunks keep the base spins' arrays in cache
            part = slice(start, start + BASE_CHUNK)
            w, b, go = self._chunk(seeds[part])
            win[part], bad[part] = w, b
            if go is not None:
                triggered.append((start + go[0], go[1], go[2]))
        if triggered and self.free is not None:  # every feature of the shard at once, in lockstep
            rows = np.concatenate([r for r, _, _ in triggered])
            won, wrong = self._free_spins(seeds[rows], np.concatenate([k for _, k, _ in triggered]),
                                          np.concatenate([a for _, _, a in triggered]))
            win[rows] += won
            bad[rows] |= wrong
            name = self.free.plan.name  # what the report's feature rates read
            ran[name] = np.zeros(count, dtype=bool)
            ran[name][rows] = True
            paid[name] = np.zeros(count, dtype=np.int64)
            paid[name][rows] = won
        return BatchRounds(win, bad, ran, paid)

    def _chunk(self, seeds: np.ndarray) -> tuple[np.ndarray, np.ndarray,
                                                 tuple[np.ndarray, np.ndarray, np.ndarray] | None]:
        """The base spins of ``seeds``: (wins, flags, the features they trigger as (rows, next
        draw index, spins awarded))."""
        n = len(seeds)
        bad = np.zeros(n, dtype=bool)
        k = np.zeros(n, dtype=np.int64)
        chosen = self._choose(seeds, k, self.base_sets, self.base_weights, bad)
        ones = np.ones(n, dtype=np.int64)
        win, _, counted = self.spin(seeds, k, chosen, ones, ones, np.zeros(n, dtype=np.int64), mode="base", bad=bad)
        if self.free is None:
            return win, bad, None
        awarded = self.free.awarded[np.minimum(counted, len(self.free.awarded) - 1)]
        go = np.nonzero((awarded > 0) & ~bad)[0]
        return win, bad, (go, k[go], awarded[go])

    def _choose(self, seeds: np.ndarray, k: np.ndarray, sets: list[int], weights: tuple[int, ...],
                bad: np.ndarray) -> np.ndarray:
        """Each round's reel set (an index into ``self.sets``): one ``weighted`` when 2+ (``k`` moves on)."""
        if len(sets) == 1:
            return np.full(len(seeds), sets[0], dtype=np.int64)
        pick, rejected, drew = _weighted_array(seeds, k, weights)
        bad |= rejected
        k += int(drew)
        index: np.ndarray = np.array(sets, dtype=np.int64)[pick]
        return index

    def spin(self, seeds: np.ndarray, k: np.ndarray, chosen: np.ndarray, line_mult: np.ndarray,
             scatter_mult: np.ndarray, step: np.ndarray, *, mode: str, bad: np.ndarray,
             levels: np.ndarray | None = None, running: np.ndarray | None = None,
             stops: list[np.ndarray] | None = None, observe: dict[str, np.ndarray] | None = None
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One spin of ``mode`` of every round from draw index ``k`` (moved on in place) on reel
        set ``chosen``: (its win with the tumbles', each round's ladder step after it, the trigger
        count its triggers read). ``levels``: the cell multipliers kept from earlier spins (changed
        in place; None: a fresh grid); ``running``: the multiplier symbols' running totals;
        ``stops``: each reel's stops given instead of drawn (par's enumeration of every stop).
        ``observe`` (par's estimator, ``features/tumble/joint_par.py``) is handed the landed
        screen's win and trigger count (``landed``, ``landed_count``), the win before the
        multiplier symbols multiply it (``pre``) and how many are on the final screen (``orbs``)."""
        n = len(seeds)
        grid = np.empty((n, self.reels, self.rows), dtype=np.int16)
        cursor = np.zeros((n, self.reels), dtype=np.int64)
        for c in np.unique(chosen).tolist():
            on = np.nonzero(chosen == c)[0] if len(self.sets.names) > 1 else np.arange(n)
            if stops is None:
                sub_bad = np.zeros(len(on), dtype=bool)
                landed, nxt = _draw_stops(seeds[on], k[on].copy(), self.sets.lengths[c], sub_bad)
                k[on] = nxt
                bad[on] |= sub_bad
            else:
                landed = [reel_stops[on] for reel_stops in stops]
            for r, stop in enumerate(landed):
                grid[on, r] = self.sets.windows[c][r][stop]
                cursor[on, r] = stop - 1
        counted = self.trigger_adds[grid].sum(axis=(1, 2))
        tumbling = mode in self.params.modes
        bombs = self.bombs if tumbling else None
        cells_opts = self.cells if tumbling and self.cells is not None and mode in self.cells.modes else None
        values = None
        if bombs is not None:  # the landed multiplier symbols' values, reel 1 first, top row first
            values = np.zeros(grid.shape, dtype=np.int64)
            options, weights = self.free_values if mode == "free" else self.values
            rounds, cell = np.nonzero(grid.reshape(n, -1) == self.bomb)
            if len(rounds):
                values.reshape(n, -1)[rounds, cell] = options[self._draw_in_order(rounds, seeds, k, weights, bad)]
        if cells_opts is not None and levels is None:
            levels = np.zeros(grid.shape, dtype=np.int64)
        how = cells_opts.combine if cells_opts is not None else "sum"
        raise_by = levels if cells_opts is not None else None
        pays, cells = self._price(grid, bad, raise_by, how)
        if cells_opts is not None and levels is not None:
            self._step_cells(levels, cells)
        win = pays[0] * line_mult + pays[1] * scatter_mult
        if observe is not None:
            observe["landed"], observe["landed_count"] = win.copy(), counted.copy()
            observe["landed_orbs"] = (grid == self.bomb).sum(axis=(1, 2))
            observe["chosen"], observe["landed1"] = chosen, pays[0] + pays[1]
            observe["pre"], observe["orbs"] = win, np.zeros(n, dtype=np.int64)
        if not tumbling:
            return win, step, counted
        every = self.params.scatters_count == "every_screen"
        most = self.trigger_raw[grid].sum(axis=(1, 2)) if every else None
        step = step.copy()
        live = np.arange(n)
        tumbles = 0
        while True:
            removed = cells & ~self.stays[grid[live]]
            going = removed.any(axis=(1, 2)) & ~bad[live]
            live, removed = live[going], removed[going]
            if not len(live):
                break
            if tumbles >= self.max_tumbles:
                bad[live] = True  # a runaway sequence: play_round says how it ends
                break
            new, order, holes, (at, reel, row) = self._refill(grid[live], removed, seeds, k, live, cursor,
                                                              chosen[live], bad)
            if values is not None:  # values fall with their symbols; new multiplier symbols draw theirs
                moved = column_gather(values[live], order)
                moved[at, reel, row] = 0
                hit = np.nonzero(new[at, reel, row] == self.bomb)[0]
                if len(hit):
                    options, weights = self.free_values if mode == "free" else self.values
                    moved[at[hit], reel[hit], row[hit]] = options[
                        self._draw_in_order(live[at[hit]], seeds, k, weights, bad)]
                values[live] = moved
            grid[live] = new
            rung = self.ladder[np.minimum(step[live], len(self.ladder) - 1)]
            sub_bad = bad[live]
            sub_levels = levels[live] if raise_by is not None and levels is not None else None
            pays, cells = self._price(new, sub_bad, sub_levels, how)
            if sub_levels is not None and levels is not None:
                self._step_cells(sub_levels, cells)
                levels[live] = sub_levels
            bad[live] = sub_bad
            win[live] += (pays[0] * line_mult[live] + pays[1] * scatter_mult[live]) * rung
            step[live] += 1
            tumbles += 1
            if most is not None:  # the first screen with the most trigger symbols
                raw = self.trigger_raw[new].sum(axis=(1, 2))
                better = raw > most[live]
                most[live[better]] = raw[better]
                counted[live[better]] = self.trigger_adds[new[better]].sum(axis=(1, 2))
        if observe is not None:
            observe["pre"] = win.copy()
            if values is not None:
                observe["orbs"] = (values > 0).sum(axis=(1, 2))
        if values is not None and bombs is not None:
            self._multiply(win, values, mode, running, bad)
        return win, step, counted

    def _step_cells(self, levels: np.ndarray, cells: np.ndarray) -> None:
        """Each cell of a paying win steps once: unmarked -> marked -> x``first`` -> doubling to ``cap``."""
        assert self.cells is not None
        first, cap = min(self.cells.first, self.cells.cap), self.cells.cap
        at = np.nonzero(cells.reshape(-1))[0]
        flat = levels.reshape(-1)
        level = flat[at]
        flat[at] = np.where(level == 0, 1, np.where(level == 1, first, np.minimum(level * 2, cap)))

    def _multiply(self, win: np.ndarray, values: np.ndarray, mode: str, running: np.ndarray | None,
                  bad: np.ndarray) -> None:
        """The sequence's end: a spin that won with multiplier symbols on its final screen is
        multiplied by their sum or product, or (accumulating in free spins) by the running total."""
        assert self.bombs is not None
        on = (values > 0).any(axis=(1, 2)) & (win > 0)
        if not on.any():
            return
        at = np.nonzero(on)[0]
        found = values[at].reshape(len(at), -1)
        if self.bombs.accumulate_in_free_spins and mode == "free" and running is not None:
            running[at] += found.sum(axis=1)
            factor = running[at]
        elif self.bombs.combine == "sum":
            factor = found.sum(axis=1)
        else:
            kept = np.where(found > 0, found, 1)
            bad[at] |= np.log2(kept).sum(axis=1) > MONEY_BITS
            factor = np.prod(kept, axis=1)
        bad[at] |= np.log2(np.maximum(win[at], 1)) + np.log2(np.maximum(factor, 1)) > MONEY_BITS + 12
        win[at] *= factor

    def _price(self, grid: np.ndarray, bad: np.ndarray, levels: np.ndarray | None, how: str
               ) -> tuple[np.ndarray, np.ndarray]:
        """((model pays, scatter pays) at multiplier 1, each win raised by its cells' multipliers
        when ``levels`` is given; the cells that paid)."""
        pays, cells = self.pricer.price(grid, bad, levels, how)
        scatter, scatter_cells = self.scatters.price(grid, bad, levels, how)
        return np.stack([pays, scatter]), cells | scatter_cells

    def _refill(self, grid: np.ndarray, removed: np.ndarray, seeds: np.ndarray, k: np.ndarray, live: np.ndarray,
                cursor: np.ndarray, chosen: np.ndarray, bad: np.ndarray
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """Steps 2-3 for rounds ``live`` (``grid``, ``removed``, ``chosen``: theirs; ``seeds``,
        ``k``, ``cursor``, ``bad``: the spin's): fall, then fill each reel's holes, reel 1 first,
        the lowest hole first. (The new grid, the fall's order per reel, the holes per reel, the
        fills as (round, reel, row) in fill order.)"""
        pattern = removed.astype(np.int64) @ self.row_bits  # (rounds, reels): each column's removed rows
        order = self.fall_order[pattern]  # holes first, the rest in their order
        holes = self.fall_holes[pattern]
        grid = column_gather(grid, order)
        # every fill at once, each round's in its order: reel by reel, slot j = the j-th lowest hole
        at, reel, slot = np.nonzero(np.arange(self.rows)[None, None, :] < holes[:, :, None])
        row = holes[at, reel] - 1 - slot
        if self.params.fill == "weights":
            rounds = live[at]
            if len(self.fill_tables) == 1:
                codes, table = self.fill_tables[0]
                sym = codes[self._draw_in_order(rounds, seeds, k, table, bad)]
            else:  # per-reel tables: each fill's draw index counts the draws before it in its round
                sym = np.empty(len(at), dtype=np.int16)
                drew = np.array([sum(t) > 1 for _, t in self.fill_tables], dtype=np.int64)[reel]
                before = np.cumsum(drew) - drew
                index = k[rounds] + before - before[np.searchsorted(rounds, rounds)]
                for r, (codes, table) in enumerate(self.fill_tables):
                    on = np.nonzero(reel == r)[0]
                    if len(on):
                        pick, rejected, _ = _weighted_array(seeds[rounds[on]], index[on], table)
                        bad[rounds[on][rejected]] = True
                        sym[on] = codes[pick]
                k += np.bincount(rounds, weights=drew, minlength=len(k)).astype(np.int64)
        else:
            c = chosen[at]
            sym = self.sets.strips[c, reel, (cursor[live[at], reel] - slot) % self.sets.strip_len[c, reel]]
            cursor[live] -= holes
        grid[at, reel, row] = sym
        return grid, order, holes, (at, reel, row)

    @staticmethod
    def _draw_in_order(rounds: np.ndarray, seeds: np.ndarray, k: np.ndarray, weights: tuple[int, ...],
                       bad: np.ndarray) -> np.ndarray:
        """One ``weighted`` draw per entry of ``rounds`` (sorted: a round's draws in their order),
        each round's from its next draw index on (``k`` moves on); rejections go to ``bad``."""
        rank = np.arange(len(rounds)) - np.searchsorted(rounds, rounds)
        pick, rejected, drew = _weighted_array(seeds[rounds], k[rounds] + rank, weights)
        if drew:
            k += np.bincount(rounds, minlength=len(k))
        bad[rounds[rejected]] = True
        return pick

    # -- free spins ------------------------------------------------------------------------------

    def _free_spins(self, seeds: np.ndarray, nxt: np.ndarray, awarded: np.ndarray, *, with_cap: bool = True,
                    watch: Any = None) -> tuple[np.ndarray, np.ndarray]:
        """The features of ``seeds`` in lockstep, spin by spin (``SpinsPlan``'s order): (what each
        paid, the rounds the player cannot settle exactly). Par's estimator plays them with
        ``with_cap=False`` (no ``max_win``: a feature's capped total is then min(cap, its total), wins
        being never negative) and ``watch(rounds, observed)`` told of each step's spins."""
        fb = self.free
        assert fb is not None
        plan = fb.plan
        n = len(seeds)
        total = np.zeros(n, dtype=np.int64)
        bad = np.zeros(n, dtype=bool)
        remaining = awarded.copy()
        played = np.zeros(n, dtype=np.int64)
        step = np.zeros(n, dtype=np.int64)
        running = np.zeros(n, dtype=np.int64)  # the multiplier symbols' running total (0 when the feature starts)
        keep = self.cells is not None and self.cells.keep_through_free_spins
        levels = np.zeros((n, self.reels, self.rows), dtype=np.int64) if keep else None
        k = nxt.astype(np.int64).copy()
        live = np.arange(n)
        while len(live):
            live = spins_to_play(live, remaining=remaining, total=total, played=played, bad=bad,
                                 minimum=plan.minimum, top_up=plan.top_up, limit=plan.limit)
            if not len(live):
                break
            sub, sk, wrong = seeds[live], k[live], np.zeros(len(live), dtype=bool)
            chosen = self._choose(sub, sk, fb.sets, fb.set_weights, wrong)
            multiplier, sk = draw_spin_multiplier(sub, sk, wrong, fb.multiplier_values, fb.multiplier_weights)
            start = step[live] if self.lasting else np.zeros(len(live), dtype=np.int64)
            sub_levels = levels[live] if levels is not None else None
            sub_running = running[live]
            observed: dict[str, np.ndarray] | None = {} if watch is not None else None
            win, after, counted = self.spin(sub, sk, chosen, multiplier * plan.line_multiplier,
                                            multiplier * plan.scatter_multiplier, start, mode="free", bad=wrong,
                                            levels=sub_levels, running=sub_running, observe=observed)
            if watch is not None and observed is not None:
                watch(live, observed)
            step[live] = after
            running[live] = sub_running
            if levels is not None and sub_levels is not None:
                levels[live] = sub_levels
            capped = settle_spins(live, win, counted, total=total, remaining=remaining,
                                  cap=plan.cap if with_cap else 0, added=fb.added)
            k[live] = sk
            bad[live] |= wrong
            live = live[~capped & ~wrong]
        return total, bad

