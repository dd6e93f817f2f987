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
   stream: ``simulate.below_array``), and a rejected draw flags the round;
4. the new screen pays at the spin's multiplier x the ladder's rung (its own step per round).

Draw order of a round, as ``round.play_round`` and ``free_spins.run`` make them: the base reel
set (``weighted`` when 2+), one ``below(len(strip))`` per reel, the base sequence's refills;
then, when the landed screen's trigger count awards spins, per free spin: its reel set, its
spin multiplier (``SpinsPlan`` order), its stops and its sequence's refills. A free spin's
trigger count (retriggers), cap, top-up and limit follow the feature's ``SpinsPlan``, played
in lockstep over every feature of the chunk.

``TumbleSpinner.make`` returns None where a round could do anything this player does not
(another block than the tumble and one free-spins feature, a model without a grid pricer,
a rule of ``tumble-spec.md`` not batched yet): ``simulate`` then takes the model's own
spinner, which leaves every tumbling round to ``play_round``. A round the player cannot settle
exactly (a rejected draw, ``MAX_TUMBLES``, a pay the pricer flags) goes to ``play_round`` too.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bet import Bet
from ..definition import Definition
from ..features import SpinsPlan
from ..simulate import BASE_CHUNK, BatchRounds, _draw_stops, _weighted_array
from .screen_batch import CountPricer, GridPricer, pricer_for, scatter_pricer


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
    tumbles: bool  # the tumble block acts in its spins
    retrigger: bool


class TumbleSpinner:
    """Rounds of a tumbling game in lockstep (see the module)."""

    def __init__(self, defn: Definition, bet: Bet, params: Any, pricer: GridPricer, scatters: CountPricer,
                 free: Any | None) -> None:
        self.defn, self.bet, self.params = defn, bet, params
        self.pricer, self.scatters = pricer, scatters
        self.codes = {s.id: i for i, s in enumerate(defn.symbols)}
        self.n_symbols = len(self.codes)
        self.reels, self.rows = defn.grid.reels, defn.grid.rows
        names = list(dict.fromkeys([c.set for c in defn.base_game.reel_sets]
                                   + ([c.set for c in (free.reel_sets or defn.base_game.reel_sets)] if free else [])))
        self.sets = self._compile_sets(names)
        self.base_sets = [names.index(c.set) for c in defn.base_game.reel_sets]
        self.base_weights = tuple(c.weight for c in defn.base_game.reel_sets)
        self.tumble_base = "base" in params.modes
        self.ladder = np.array(params.ladder or (1,), dtype=np.int64)
        self.lasting = bool(params.ladder_through_free_spins)
        wild = np.zeros(self.n_symbols, dtype=bool)
        symbols = defn.symbol_map
        for s in defn.symbols:
            base = symbols.get(s.base, s) if s.base else s
            wild[self.codes[s.id]] = s.kind == "wild" or base.kind == "wild"
        self.stays = wild if params.wilds_stay else np.zeros(self.n_symbols, dtype=bool)
        self.fill_tables: list[tuple[np.ndarray, tuple[int, ...]]] = [
            (np.array([self.codes[s] for s in table], dtype=np.int16), tuple(table.values()))
            for table in params.fill_weights
        ]
        self.free: _Free | None = None
        self.trigger_adds = np.zeros(self.n_symbols, dtype=np.int64)
        if free is not None:
            self.free = self._compile_free(defn, bet, free, names)
            for s in defn.symbols:
                if s.base == free.trigger_symbol:
                    self.trigger_adds[self.codes[s.id]] = s.counts

    # -- what the player can play ----------------------------------------------------------------

    @classmethod
    def make(cls, defn: Definition, bet: Bet, params: Any) -> TumbleSpinner | None:
        """The player for ``defn`` with tumble block ``params``, or None (see the module)."""
        if any(getattr(params, rule, None) for rule in ("multiplier_symbols", "cell_multipliers")):
            return None  # tumble-spec rules not batched yet
        if getattr(params, "scatters_count", "landed") != "landed":
            return None
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
        spinner = cls(defn, bet, params, pricer, scatters, free)
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
            "free" in self.params.modes, bool(free.retrigger),
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
        win, _, landed = self.spin(seeds, k, chosen, ones, ones, np.zeros(n, dtype=np.int64),
                                   tumbling=self.tumble_base, bad=bad)
        if self.free is None:
            return win, bad, None
        counted = self.trigger_adds[landed].sum(axis=(1, 2))
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
             scatter_mult: np.ndarray, step: np.ndarray, *, tumbling: bool, bad: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """One spin of every round from draw index ``k`` (moved on in place) on reel set
        ``chosen``: (its win with the tumbles', each round's ladder step after it, the landed grid)."""
        n = len(seeds)
        grid = np.empty((n, self.reels, self.rows), dtype=np.int16)
        cursor = np.zeros((n, self.reels), dtype=np.int64)
        for c in np.unique(chosen).tolist():
            on = np.nonzero(chosen == c)[0] if len(self.sets.names) > 1 else np.arange(n)
            sub_bad = np.zeros(len(on), dtype=bool)
            stops, nxt = _draw_stops(seeds[on], k[on].copy(), self.sets.lengths[c], sub_bad)
            k[on] = nxt
            bad[on] |= sub_bad
            for r, stop in enumerate(stops):
                grid[on, r] = self.sets.windows[c][r][stop]
                cursor[on, r] = stop - 1
        landed = grid.copy()
        pays, cells = self._price(grid, bad)
        win = pays[0] * line_mult + pays[1] * scatter_mult
        if not tumbling:
            return win, step, landed
        step = step.copy()
        live = np.nonzero(cells.any(axis=(1, 2)) & ~bad)[0]
        cells = cells[live]  # row i: round live[i]
        tumbles = 0
        from ..features.tumble import MAX_TUMBLES

        while len(live):
            if tumbles >= MAX_TUMBLES:
                bad[live] = True  # a runaway sequence: play_round says how it ends
                break
            removed = cells & ~self.stays[grid[live]]
            going = removed.any(axis=(1, 2))
            live, removed = live[going], removed[going]
            if not len(live):
                break
            new = self._refill(grid[live], removed, seeds[live], k, live, cursor, chosen[live], bad)
            grid[live] = new
            rung = self.ladder[np.minimum(step[live], len(self.ladder) - 1)]
            sub_bad = bad[live]
            pays, cells = self._price(new, sub_bad)
            bad[live] = sub_bad
            win[live] += (pays[0] * line_mult[live] + pays[1] * scatter_mult[live]) * rung
            step[live] += 1
            tumbles += 1
            still = cells.any(axis=(1, 2)) & ~sub_bad
            live = live[still]
            cells = cells[still]
        return win, step, landed

    def _price(self, grid: np.ndarray, bad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """((model pays, scatter pays) at multiplier 1, the cells that paid)."""
        pays, cells = self.pricer.price(grid, bad)
        scatter, scatter_cells = self.scatters.price(grid, bad)
        return np.stack([pays, scatter]), cells | scatter_cells

    def _refill(self, grid: np.ndarray, removed: np.ndarray, seeds: np.ndarray, k: np.ndarray, live: np.ndarray,
                cursor: np.ndarray, chosen: np.ndarray, bad: np.ndarray) -> np.ndarray:
        """Steps 2-3: fall, then fill each reel's holes (lowest first, reel 1 first)."""
        order = np.argsort(~removed, axis=2, kind="stable")  # holes first, the rest in their order
        grid = np.take_along_axis(grid, order, axis=2)
        holes = removed.sum(axis=2)  # (rounds, reels)
        rounds = np.arange(len(live))
        weights = self.params.fill == "weights"
        for r in range(self.reels):
            h = holes[:, r]
            for j in range(self.rows):
                at = np.nonzero(h > j)[0]
                if not len(at):
                    break
                if weights:
                    codes, table = self.fill_tables[r] if len(self.fill_tables) > 1 else self.fill_tables[0]
                    index = k[live[at]]
                    pick, rejected, drew = _weighted_array(seeds[at], index, table)
                    bad[live[at]] |= rejected
                    k[live[at]] = index + int(drew)
                    sym = codes[pick]
                else:
                    rows = live[at]
                    c = chosen[at]
                    sym = self.sets.strips[c, r, (cursor[rows, r] - j) % self.sets.strip_len[c, r]]
                grid[rounds[at], r, h[at] - 1 - j] = sym
            if not weights:
                cursor[live, r] -= h
        return grid

    # -- free spins ------------------------------------------------------------------------------

    def _free_spins(self, seeds: np.ndarray, nxt: np.ndarray, awarded: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The features of ``seeds`` in lockstep, spin by spin (``SpinsPlan``'s order): (what each
        paid, the rounds the player cannot settle exactly)."""
        fb = self.free
        assert fb is not None
        plan = fb.plan
        n = len(seeds)
        total = np.zeros(n, dtype=np.int64)
        bad = np.zeros(n, dtype=bool)
        remaining = awarded.copy()
        played = np.zeros(n, dtype=np.int64)
        step = np.zeros(n, dtype=np.int64)
        k = nxt.astype(np.int64).copy()
        live = np.arange(n)
        while len(live):
            out_of = remaining[live] == 0
            if out_of.any():  # the top-up, or the end
                if plan.minimum:
                    short = out_of & (total[live] < plan.minimum)
                    remaining[live[short]] = plan.top_up
                    out_of &= ~short
                live = live[~out_of]
            live = live[(played[live] < plan.limit) & ~bad[live]]
            if not len(live):
                break
            played[live] += 1
            remaining[live] -= 1
            sub, sk, wrong = seeds[live], k[live], np.zeros(len(live), dtype=bool)
            chosen = self._choose(sub, sk, fb.sets, fb.set_weights, wrong)
            multiplier = np.full(len(live), fb.multiplier_values[0], dtype=np.int64)
            if len(fb.multiplier_weights) > 1:
                pick, rejected, drew = _weighted_array(sub, sk, fb.multiplier_weights)
                wrong |= rejected
                sk += int(drew)
                multiplier = fb.multiplier_values[pick]
            start = step[live] if self.lasting else np.zeros(len(live), dtype=np.int64)
            win, after, landed = self.spin(sub, sk, chosen, multiplier * plan.line_multiplier,
                                           multiplier * plan.scatter_multiplier, start, tumbling=fb.tumbles, bad=wrong)
            step[live] = after
            so_far = total[live]
            capped = (so_far + win >= plan.cap) if plan.cap else np.zeros(len(live), dtype=bool)
            if plan.cap:
                win = np.where(capped, plan.cap - so_far, win)
            total[live] = so_far + win
            if fb.added is not None:  # a capped spin ends the feature before its trigger stage
                counted = self.trigger_adds[landed].sum(axis=(1, 2))
                remaining[live] += np.where(capped, 0, fb.added[np.minimum(counted, len(fb.added) - 1)])
            k[live] = sk
            bad[live] |= wrong
            live = live[~capped & ~wrong]
        return total, bad

