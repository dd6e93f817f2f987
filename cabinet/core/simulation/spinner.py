"""``BatchSpinner``: the base spins of many rounds priced at once with numpy, and the
features it can play; everything else is flagged for ``play_round`` (see ``core/simulate.py``)."""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from ..bet import Bet
from ..definition import Definition
from ..evaluate import pay_table, table_value
from ..features import BatchHint, BoardsPlan, FeaturePlan, PlanLevel, SpinsPlan, WheelPlan, window_hint
from ..linemath import line_pay_table, scatter_adds, strip_alphabets, window_ids
from ..lockstep import settle_spins, spins_to_play
from .boards_batch import _BoardsBatch, _compile_boards, play_boards, play_wheel
from .pricing import (
    BASE_CHUNK,
    BatchRounds,
    Windows,
    _ChainRounds,
    _combine,
    _draw_stops,
    _group_reels,
    _line_minor,
    _look_up,
    _PlanBatch,
    _PlannedRounds,
    _Priced,
    _ReelGroup,
    _ReelSetBatch,
    _screen_hint,
    _stage_draw,
    _Staged,
    _sticky_hint,
    _take,
    _trigger_stage,
    _World,
    batch_hints,
    draw_spin_multiplier,
)
from .rng_arrays import _weighted_array, below_array


class BatchSpinner:
    """Prices the base spins of many rounds at once; flags the rest for ``play_round``.

    A spin a block's hint flags is played here too when the block says how
    (``BatchStage``): a reveal or expansion changes the windows the lines are looked up
    in, a drawn multiplier picks the table they are priced with, a shut door ends the
    round. Draws are taken in the round's own order (stops, screen stage, win stage,
    trigger stage); any other flagged spin, and any rejected draw, goes to play_round.
    """

    def __init__(self, defn: Definition, bet: Bet, *, base: bool = True) -> None:
        """``base=False``: the tables alone, no base reel set compiled (the top-up's par
        prices single free spins with ``_compile`` and the look-ups)."""
        self.defn = defn
        self.bet = bet
        self.unsupported: str | None = None
        self.compiled: list[_ReelSetBatch] = []
        self.plans: list[_PlanBatch | _BoardsBatch | WheelPlan] = []
        # id(plan function) -> (the function, kept so its id is never reused; its index in ``plans``, -1: none)
        self._plan_of: dict[int, tuple[Callable[[Bet], FeaturePlan | None], int]] = {}
        self.base_weights = [c.weight for c in defn.base_game.reel_sets]
        self.base_sets: list[int] = []
        if not base:
            return
        try:
            self.base_sets = [self._compile_at(i, c.set) for i, c in enumerate(defn.base_game.reel_sets)]
        except ValueError as exc:  # e.g. a table too large to build: every round goes to play_round
            self.unsupported = str(exc)

    def _compile_at(self, index: int, name: str) -> int:
        self.compiled.append(self._compile(name))
        return index

    def _plan(self, make: Callable[[Bet], FeaturePlan | None] | None) -> int:
        """The index in ``plans`` of the feature a hint's spins trigger, or a trigger stage
        opens (-1: none at this bet)."""
        if make is None:
            return -1
        found = self._plan_of.get(id(make))
        if found is not None:
            return found[1]
        plan = make(self.bet)
        index = -1
        if plan is not None:
            try:
                index = len(self.plans)
                if isinstance(plan, SpinsPlan):
                    self.plans.append(self._compile_plan(plan))
                elif isinstance(plan, BoardsPlan):
                    self.plans.append(_compile_boards(plan))
                else:
                    self.plans.append(plan)
            except ValueError:  # e.g. a table too large, a value not whole: its rounds go to play_round
                index = -1
        self._plan_of[id(make)] = (make, index)
        return index

    def _compile_plan(self, plan: SpinsPlan) -> _PlanBatch:
        defn = self.defn
        if any(defn.pay_model.reel_sets.get(c.set, defn.pay_model.type) != defn.pay_model.type
               for c in plan.reel_sets):
            raise ValueError("a reel set of the feature pays by another model: play_round plays it")
        sets = []
        for level in plan.levels or (PlanLevel(),):
            at_level = []
            for c in plan.reel_sets:
                own = [window_hint(defn, c.set, plan.count, 1)]
                if level.sticky:  # the sticky reels' windows, changed as their block shows them
                    own.append(_sticky_hint(defn, c.set, plan, frozenset(level.sticky)))
                if plan.screen is not None:  # every spin's windows, changed as their block changes them
                    own.append(_screen_hint(defn, c.set, plan.screen))
                at_level.append(self._compile(c.set, own, level.both_ways))
            sets.append(at_level)
        multipliers = plan.multipliers or ((1, 1),)
        spins = np.cumsum([0, *(level.spins for level in plan.levels[1:])]) if plan.levels else np.zeros(1)
        return _PlanBatch(
            plan=plan,
            sets=sets,
            set_weights=tuple(c.weight for c in plan.reel_sets),
            multiplier_values=np.array([v for v, _ in multipliers], dtype=np.int64),
            multiplier_weights=tuple(w for _, w in multipliers),
            awarded=np.array(plan.awarded or (0,), dtype=np.int64),
            added=np.array(plan.added, dtype=np.int64) if plan.added else None,
            minimum=plan.minimum if plan.top_up > 0 else 0,
            level_multiplier=np.array([level.multiplier for level in plan.levels or (PlanLevel(),)], dtype=np.int64),
            level_of_points=np.array(plan.level_of_points or (0,), dtype=np.int64),
            level_spins=np.asarray(spins, dtype=np.int64),
            progress=[
                [np.array(c, dtype=np.int64) for c in window_hint(defn, choice.set, plan.progress, 1).counts]
                for choice in plan.reel_sets
            ] if plan.progress is not None else [],
        )

    def _stages(self, hints: list[BatchHint], raw: Windows) -> tuple[
        list[_Staged], _Staged | None, _Staged | None, list[_Staged], list[int]
    ]:
        """Which hints' spins the batch plays: (non-drawing screen stages, the drawing
        screen stage, the drawing win stage, quiet trigger stages, the rest). A hint
        with a plan is in the rest too (``_compile`` takes it out where the plan exists)."""
        counted = all(h.window_count is not None for h in hints)
        screens: list[_Staged] = []
        reveal = priced = None
        quiet: list[_Staged] = []
        rest: list[int] = []
        scatters = scatter_adds(self.defn)
        for i, h in enumerate(hints):
            st = h.stage
            if st is None:
                rest.append(i)
            elif st.stage == "screen" and counted and h.threshold == 1 and st.window is not None:
                if isinstance(st.draw(1), int):
                    screens.append(_Staged(i, st))
                elif reveal is None:
                    reveal = _Staged(i, st)
                else:
                    rest.append(i)
            elif st.stage == "win" and st.pricing is not None and priced is None and isinstance(st.draw(1), tuple):
                weights = st.draw(1)
                assert isinstance(weights, tuple)
                if all(scatter_adds(st.pricing(k)) == scatters for k in range(len(weights))):
                    priced = _Staged(i, st)
                else:
                    rest.append(i)
            elif st.stage == "trigger" and st.quiet:
                quiet.append(_Staged(i, st))
            else:
                rest.append(i)
        # a screen stage must leave every window it counts 0 as it is (each reel on its own)
        for s in [*screens, *([reveal] if reveal else [])]:
            count, window = hints[s.hint].window_count, s.stage.window
            assert count is not None and window is not None
            outcomes = range(len(w)) if isinstance(w := s.stage.draw(1), tuple) else [w]
            for r, column in enumerate(raw):
                for win in column:
                    if not count(r, win) and any(window(k, r, win) != win for k in outcomes):
                        raise ValueError(f"hint {s.hint}'s screen stage changes windows it does not count")
        return screens, reveal, priced, quiet, rest

    def _compile(
        self, reel_set: str, own_hints: list[BatchHint] | None = None, both_ways: bool | None = None
    ) -> _ReelSetBatch:
        """A reel set's tables for its base spins (``own_hints``: for a planned feature's
        spins, whose hints are the plan's count and the level's sticky reels; ``both_ways``:
        the direction they pay in, None: the game's)."""
        defn, bet = self.defn, self.bet
        strips = defn.reels[reel_set]
        rows = defn.grid.rows
        lines = defn.lines[: bet.lines]
        raw: Windows = [window_ids(strip, rows) for strip in strips]
        hints = batch_hints(defn, reel_set) if own_hints is None else own_hints
        screens, reveal, priced, quiet, rest = self._stages(hints, raw)
        planned: list[tuple[int, int]] = []
        if own_hints is None:
            for at_hint in list(rest):
                hint = hints[at_hint]
                if hint.stage is None and hint.window_count is not None and (k := self._plan(hint.plan)) >= 0:
                    planned.append((at_hint, k))
                    rest.remove(at_hint)
            for q in quiet:
                q.opens = self._plan(q.stage.plan) if q.stage.opens >= 0 else -1
        order = sorted([*screens, *([reveal] if reveal else [])], key=lambda s: s.hint)  # definition order

        def worlds_windows(outcome: int | None) -> tuple[Windows, Windows]:
            """(windows before the drawing stage, windows after every screen stage)."""
            now = [list(column) for column in raw]
            before = now
            for s in order:
                window = s.stage.window
                assert window is not None
                if s is reveal:
                    before = [list(column) for column in now]
                    if outcome is None:
                        continue
                    k = outcome
                else:
                    k = s.stage.draw(1)  # type: ignore[assignment]
                now = [[window(k, r, w) for w in column] for r, column in enumerate(now)]
            return before, now

        reveal_outcomes: list[int | None] = [None]
        if reveal is not None:
            weights = reveal.stage.draw(1)
            assert isinstance(weights, tuple)
            reveal_outcomes += list(range(len(weights)))
        variants = [defn]
        if priced is not None:
            assert priced.stage.pricing is not None
            weights = priced.stage.draw(1)
            assert isinstance(weights, tuple)
            variants += [priced.stage.pricing(k) for k in range(len(weights))]
        base_alphabets = strip_alphabets(defn, reel_set)
        targets = sorted(scatter_adds(defn).items())
        lengths = tuple(len(s) for s in strips)
        groups_of = _group_reels(lengths)
        worlds: list[_World] = []
        reveal_counts: list[np.ndarray] = []
        minor_of: dict[int, tuple[np.ndarray, np.ndarray | None]] = {}
        for outcome in reveal_outcomes:
            before, shown = worlds_windows(outcome)
            if reveal is not None and outcome is None:
                count = hints[reveal.hint].window_count
                assert count is not None
                reveal_counts = [np.array([count(r, w) for w in column], dtype=np.int64)
                                 for r, column in enumerate(before)]
            alphabets = tuple(
                base + tuple(dict.fromkeys(s for w in column for s in w if s not in base))
                for base, column in zip(base_alphabets, shown, strict=True)
            )
            tables = [line_pay_table(v, reel_set, both_ways, alphabets=alphabets) for v in variants]
            shape = tables[0].shape
            place = [math.prod(shape[r + 1 :]) for r in range(len(shape))]
            index_type = np.int32 if math.prod(shape) < 2**31 else np.int64
            digits = []
            for r, column in enumerate(shown):
                local = {sid: i for i, sid in enumerate(alphabets[r])}
                digits.append(
                    np.array([[local[w[line[r]]] * place[r] for line in lines] for w in column], dtype=index_type)
                )
            for t in tables:
                if id(t) not in minor_of:
                    minor_of[id(t)] = _line_minor(t, bet, len(lines))
            scatter_counts = [
                [np.array([sum(adds.get(s, 0) for s in w) for w in column], dtype=np.int64) for column in shown]
                for _, adds in targets
            ]
            hint_counts = []
            for h in hints:
                if h.window_count is not None and order:
                    fn = h.window_count
                    hint_counts.append([np.array([fn(r, w) for w in column], dtype=np.int64)
                                        for r, column in enumerate(shown)])
                else:
                    hint_counts.append([np.array(c, dtype=np.int64) for c in h.counts])
            groups = []
            for reels in groups_of:
                radix = tuple(math.prod(lengths[i] for i in reels[j + 1 :]) for j in range(len(reels)))
                groups.append(
                    _ReelGroup(
                        reels,
                        radix,
                        _combine(digits, reels),
                        [_combine(c, reels) for c in scatter_counts],
                        [_combine(c, reels) for c in hint_counts],
                    )
                )
            worlds.append(_World(groups, [minor_of[id(t)][0] for t in tables], [minor_of[id(t)][1] for t in tables]))
        scatter_minor, scatter_exact = [], []
        for target, adds in targets:
            top = sum(max(sum(adds.get(s, 0) for s in w) for w in column) for column in raw)
            top = max(top, rows * len(strips) * max(adds.values(), default=1))  # a changed window may show more
            values = [table_value(pay_table(defn.pays[target]), k) * bet.total for k in range(top + 1)]
            scatter_exact.append(np.array([v.denominator == 1 for v in values]))
            scatter_minor.append(np.array([v.numerator // v.denominator for v in values], dtype=np.int64))
        return _ReelSetBatch(
            lengths=lengths,
            worlds=worlds,
            scatter_minor=scatter_minor,
            scatter_exact=scatter_exact,
            thresholds=[h.threshold for h in hints],
            reveal=reveal,
            reveal_counts=reveal_counts,
            priced=priced,
            quiet=quiet,
            scalar_hints=rest,
            planned=planned,
        )

    def _spin(self, seeds: np.ndarray) -> _Priced:
        """The base spin of every round (reel-set draw when 2+, then one draw per reel)."""
        count = len(seeds)
        bad = np.zeros(count, dtype=bool)
        choices, weights = self.base_sets, self.base_weights
        k = 0
        if len(choices) > 1:
            pick, rejected = below_array(seeds, 0, sum(weights))
            bad |= rejected
            chosen = np.searchsorted(np.cumsum(weights), pick, side="right")
            k = 1
        out = _Priced(np.zeros(count, dtype=np.int64), np.zeros(count, dtype=np.int64), bad)
        for c, set_index in enumerate(choices):
            if len(choices) > 1:
                rows_of = np.nonzero(chosen == c)[0]
                if len(rows_of) == 0:
                    continue
            else:
                rows_of = np.arange(count)
            self._spin_on(self.compiled[set_index], seeds, rows_of, k, out)
        return out

    def _spin_on(self, rs: _ReelSetBatch, seeds: np.ndarray, rows_of: np.ndarray, k: int, out: _Priced) -> None:
        """The spins ``rows_of`` of ``seeds`` on one reel set, their draws from index ``k``."""
        sub = seeds[rows_of]
        n_rows = len(sub)
        bad = np.zeros(n_rows, dtype=bool)
        stops, k = _draw_stops(sub, k, rs.lengths, bad)
        nxt = np.full(n_rows, k, dtype=np.int64)  # each round's next draw index
        world = np.zeros(n_rows, dtype=np.int64)
        if rs.reveal is not None:  # the drawing screen stage, counted on the windows before it
            shown = np.zeros(n_rows, dtype=np.int64)
            for c, s in zip(rs.reveal_counts, stops, strict=True):
                shown += c[s]
            _stage_draw(rs.reveal, np.nonzero(shown >= 1)[0], sub, nxt, bad, world)
        lines = np.zeros(n_rows, dtype=np.int64)
        scatters = np.zeros(n_rows, dtype=np.int64)
        for w in np.unique(world).tolist() if rs.reveal is not None else [0]:
            in_w = np.nonzero(world == w)[0]
            if len(in_w) == n_rows:
                in_w = slice(None)  # type: ignore[assignment]
            self._price(rs, rs.worlds[w], sub[in_w], [s[in_w] for s in stops], nxt[in_w], in_w, bad, lines,
                        scatters, out.ran, rows_of, len(out.bad), out.planned)
        out.lines[rows_of] = lines
        out.scatters[rows_of] = scatters
        out.bad[rows_of] |= bad

    def _price(
        self, rs: _ReelSetBatch, world: _World, seeds: np.ndarray, stops: list[np.ndarray], nxt: np.ndarray,
        at: np.ndarray | slice, bad: np.ndarray, lines_out: np.ndarray, scatters_out: np.ndarray,
        ran: dict[str, np.ndarray], rows_of: np.ndarray, total_rows: int,
        planned_out: list[_PlannedRounds | _ChainRounds] | None = None,
    ) -> None:
        n_rows = len(seeds)
        planned_rows: list[np.ndarray] = []
        if planned_out is None:
            planned_out = []
        nxt = nxt.copy()
        wrong = bad[at].copy()
        index, scatter, hinted = _look_up(world, stops, n_rows, len(rs.scatter_minor), len(rs.thresholds))
        variant = np.zeros(n_rows, dtype=np.int64)
        if rs.priced is not None:  # the win stage's draw picks the table the lines are paid with
            acting = np.nonzero(hinted[rs.priced.hint] >= rs.thresholds[rs.priced.hint])[0]
            _stage_draw(rs.priced, acting, seeds, nxt, wrong, variant)
        lines = np.zeros(n_rows, dtype=np.int64)
        for v in np.unique(variant).tolist() if rs.priced is not None else [0]:
            rows = np.nonzero(variant == v)[0] if v or variant.any() else slice(None)
            idx = index if isinstance(rows, slice) else index[rows]
            lines[rows] = _take(world.line_minor[v], idx).sum(axis=1, dtype=np.int64)
            exact = world.line_exact[v]
            if exact is not None:
                wrong[rows] |= ~_take(exact, idx).all(axis=1)
        total = np.zeros(n_rows, dtype=np.int64)
        for n_sc, minor, exact in zip(scatter, rs.scatter_minor, rs.scatter_exact, strict=True):
            total += _take(minor, n_sc)
            wrong |= ~_take(exact, n_sc)
        for h in rs.scalar_hints:
            wrong |= hinted[h] >= rs.thresholds[h]
        steps = sorted([*((h, k, None) for h, k in rs.planned), *((q.hint, -1, q) for q in rs.quiet)],
                       key=lambda step: step[0])  # definition order
        if len(steps) > 1:  # a trigger stage with two or more: played step by step by the batch player
            fired = np.stack([hinted[h] >= rs.thresholds[h] for h, _, _ in steps], axis=1)
            many = fired.sum(axis=1) > 1
            chained = np.nonzero(many & ~wrong)[0]
            wrong |= many
            pattern = fired[chained] @ (1 << np.arange(len(steps)))
            for bits in np.unique(pattern).tolist():
                take = chained[pattern == bits]
                mine = [step for i, step in enumerate(steps) if bits >> i & 1]
                where = take if isinstance(at, slice) else at[take]
                planned_out.append(_ChainRounds(
                    tuple((k, q) for _, k, q in mine), rows_of[where],
                    np.stack([hinted[h][take] for h, _, _ in mine], axis=1), nxt[take].copy(),
                ))
                planned_rows.append(take)
        if rs.planned:  # a spin that triggers one planned feature and nothing else goes to the batch player
            for h, k in rs.planned:
                hit = hinted[h] >= rs.thresholds[h]
                take = np.nonzero(hit & ~wrong)[0]
                if len(take):
                    where = take if isinstance(at, slice) else at[take]
                    planned_out.append(_PlannedRounds(k, rows_of[where], hinted[h][take], nxt[take].copy()))
                    wrong[take] = True  # not quiet: the player settles these rounds
                    planned_rows.append(take)
        for q in rs.quiet:  # trigger stages, in definition order: a quiet outcome ends the block's part
            acting = np.nonzero((hinted[q.hint] >= rs.thresholds[q.hint]) & ~wrong)[0]
            if not len(acting):
                continue
            moved = nxt[acting]
            quiet, opened = _trigger_stage(q, hinted[q.hint][acting], seeds[acting], moved)
            nxt[acting] = moved
            wrong[acting[~quiet]] = True
            if opened.any():  # the feature it opens goes to the batch player, which settles the round
                take = acting[opened]
                where = take if isinstance(at, slice) else at[take]
                planned_out.append(_PlannedRounds(q.opens, rows_of[where], hinted[q.hint][take], nxt[take].copy(),
                                                  q.stage.ran))
                planned_rows.append(take)
            if q.stage.ran:
                mask = ran.setdefault(q.stage.ran, np.zeros(total_rows, dtype=bool))
                where = np.arange(n_rows)[acting[quiet]] if isinstance(at, slice) else at[acting[quiet]]
                mask[rows_of[where]] = True
        for take in planned_rows:
            wrong[take] = False
        lines_out[at] = lines
        scatters_out[at] = total
        bad[at] = wrong

    def _settle(self, out: BatchRounds, plan_index: int, rows: np.ndarray, win: np.ndarray, unsettled: np.ndarray,
                opened: np.ndarray, outer: str = "") -> None:
        """What a plan's features paid in ``rows`` (the ``outer`` feature that opened them, if
        any, ran and paid the same)."""
        compiled = self.plans[plan_index]
        count = len(out.win)
        out.win[rows] += win
        out.scalar[rows] |= unsettled
        for name, ran in ((compiled.name if isinstance(compiled, WheelPlan) else compiled.plan.name, rows[opened]),
                          *(((outer, rows),) if outer else ())):
            out.ran.setdefault(name, np.zeros(count, dtype=bool))[ran] = True
            out.paid.setdefault(name, np.zeros(count, dtype=np.int64))[rows] += win

    def _play_chain(self, chain: _ChainRounds, seeds: np.ndarray, out: BatchRounds) -> None:
        """Rounds whose trigger stage meets several features or stages, step by step in
        definition order, each step's draws after the last's."""
        rows, nxt = chain.rows, chain.nxt.astype(np.int64)
        for s, (k, q) in enumerate(chain.steps):
            outer = ""
            at = np.arange(len(rows))
            if q is not None:  # a trigger stage: quiet, or it opens a feature, or play_round
                quiet, opened = _trigger_stage(q, chain.counts[:, s], seeds[rows], nxt)
                out.scalar[rows[~quiet & ~opened]] = True
                if q.stage.ran:
                    out.ran.setdefault(q.stage.ran, np.zeros(len(out.win), dtype=bool))[rows[quiet]] = True
                at, k, outer = np.nonzero(opened)[0], q.opens, q.stage.ran
                if not len(at):
                    continue
            win, unsettled, opened_at, moved = self.play_planned(k, seeds[rows[at]], chain.counts[at, s], nxt[at])
            nxt[at] = moved
            self._settle(out, k, rows[at], win, unsettled, opened_at, outer)

    def _plain_spin(
        self, rs: _ReelSetBatch, seeds: np.ndarray, k: np.ndarray, bad: np.ndarray,
        progress: list[np.ndarray] | None = None,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One spin of a planned feature on a reel set at a level, its draws from each
        round's index ``k`` (moved on past them): (line wins, scatter wins, the plan's
        count, the points its landed windows add by ``progress``), the wins at multiplier
        1; a rejected draw or a pay that is not whole goes to ``bad``."""
        n_rows = len(seeds)
        stops, _ = _draw_stops(seeds, k, rs.lengths, bad)  # k, an array, moves on in place
        world = rs.worlds[0]
        index, scatter, hinted = _look_up(world, stops, n_rows, len(rs.scatter_minor), 1)
        counted = hinted[0]
        lines = _take(world.line_minor[0], index).sum(axis=1, dtype=np.int64)
        exact = world.line_exact[0]
        if exact is not None:
            bad |= ~_take(exact, index).all(axis=1)
        scatters = np.zeros(n_rows, dtype=np.int64)
        for n_sc, minor, whole in zip(scatter, rs.scatter_minor, rs.scatter_exact, strict=True):
            scatters += _take(minor, n_sc)
            bad |= ~_take(whole, n_sc)
        points = np.zeros(n_rows, dtype=np.int64)
        for per_stop, stop in zip(progress or (), stops, strict=False):
            points += _take(per_stop, stop)
        return lines, scatters, counted, points

    def play_planned(
        self, plan_index: int, seeds: np.ndarray, counts: np.ndarray, nxt: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every feature of ``plans[plan_index]`` triggered by ``counts`` on ``seeds``, their
        draws from index ``nxt``, played in lockstep (the plan says the order): (what each
        paid, minor units; the rounds the batch cannot settle exactly; the rounds it ran in;
        each round's next draw index after it)."""
        pb = self.plans[plan_index]
        if isinstance(pb, _BoardsBatch):
            return play_boards(pb, seeds, counts, nxt)
        if isinstance(pb, WheelPlan):
            return play_wheel(pb, seeds, nxt)
        return self._play_spins(pb, seeds, counts, nxt)

    def _play_spins(
        self, pb: _PlanBatch, seeds: np.ndarray, counts: np.ndarray, nxt: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``SpinsPlan`` features in lockstep, spin by spin: (what each paid, the rounds the
        batch cannot settle exactly, the rounds it ran in: all, each round's next draw index)."""
        plan = pb.plan
        n = len(seeds)
        total = np.zeros(n, dtype=np.int64)
        bad = np.zeros(n, dtype=bool)
        remaining = pb.awarded[np.minimum(counts, len(pb.awarded) - 1)]
        played = np.zeros(n, dtype=np.int64)
        nxt = nxt.astype(np.int64)
        level = np.zeros(n, dtype=np.int64)
        points = np.zeros(n, dtype=np.int64)
        levelled = len(pb.sets) > 1
        live = np.arange(n)
        while len(live):
            live = spins_to_play(live, remaining=remaining, total=total, played=played, bad=bad,
                                 minimum=pb.minimum, top_up=plan.top_up, limit=plan.limit)
            if not len(live):
                break
            sub, k, wrong = seeds[live], nxt[live], np.zeros(len(live), dtype=bool)
            chosen = np.zeros(len(live), dtype=np.int64)
            if len(pb.set_weights) > 1:
                chosen, rejected, drew = _weighted_array(sub, k, pb.set_weights)
                wrong |= rejected
                k += int(drew)
            multiplier, k = draw_spin_multiplier(sub, k, wrong, pb.multiplier_values, pb.multiplier_weights)
            lines = np.zeros(len(live), dtype=np.int64)
            scatters = np.zeros(len(live), dtype=np.int64)
            counted = np.zeros(len(live), dtype=np.int64)
            landed = np.zeros(len(live), dtype=np.int64)
            now = level[live]
            for lv in np.unique(now).tolist() if levelled else [0]:
                for c, rs in enumerate(pb.sets[lv]):
                    if len(pb.sets[lv]) == 1 and not levelled:
                        on: np.ndarray | slice = slice(None)
                    else:
                        on = np.nonzero((chosen == c) & (now == lv))[0]
                        if not len(on):
                            continue
                    k_on, wrong_on = k[on], wrong[on]
                    lines[on], scatters[on], counted[on], landed[on] = self._plain_spin(
                        rs, sub[on], k_on, wrong_on, pb.progress[c] if pb.progress else None
                    )
                    k[on], wrong[on] = k_on, wrong_on
            multiplier = multiplier * pb.level_multiplier[now] if levelled else multiplier * pb.level_multiplier[0]
            win = lines * (multiplier * plan.line_multiplier) + scatters * (multiplier * plan.scatter_multiplier)
            capped = settle_spins(live, win, counted, total=total, remaining=remaining, cap=plan.cap, added=pb.added)
            if pb.progress:  # the bar moves by the landed windows; each level reached adds its spins
                top = len(pb.level_of_points) - 1
                reached = np.minimum(points[live] + landed, top)
                points[live] = reached
                after = pb.level_of_points[reached]
                remaining[live] += np.where(capped, 0, pb.level_spins[after] - pb.level_spins[now])
                level[live] = after
            nxt[live] = k
            bad[live] |= wrong
            live = live[~capped & ~wrong]
        return total, bad, np.ones(n, dtype=bool), nxt

    def rounds(self, seeds: np.ndarray) -> BatchRounds:
        """Every seed's round, as far as the batch can play it exactly."""
        count = len(seeds)
        if self.unsupported is not None:
            return BatchRounds(np.zeros(count, dtype=np.int64), np.ones(count, dtype=bool))
        wins = []
        scalar = []
        ran: dict[str, list[np.ndarray]] = {}
        planned: dict[int, list[_PlannedRounds]] = {}
        chains: dict[tuple[tuple[int, int], ...], list[_ChainRounds]] = {}
        for start in range(0, count, BASE_CHUNK):  # chunks keep the (rounds x lines) arrays in cache
            priced = self._spin(seeds[start : start + BASE_CHUNK])
            n = len(priced.bad)
            wins.append(priced.lines + priced.scatters)
            scalar.append(priced.bad)
            for name in priced.ran:
                ran.setdefault(name, [np.zeros(len(w), dtype=bool) for w in wins[:-1]])
            for name, parts in ran.items():
                parts.append(priced.ran.get(name, np.zeros(n, dtype=bool)))
            for part in priced.planned:
                part.rows = part.rows + start
                if isinstance(part, _ChainRounds):
                    chains.setdefault(tuple((k, id(q)) for k, q in part.steps), []).append(part)
                else:
                    planned.setdefault(part.plan, []).append(part)
        out = BatchRounds(
            wins[0] if len(wins) == 1 else np.concatenate(wins),
            scalar[0] if len(scalar) == 1 else np.concatenate(scalar),
            {k: v[0] if len(v) == 1 else np.concatenate(v) for k, v in ran.items()},
        )
        for plan_index, triggered in planned.items():  # the features the batch player plays, all at once
            rows = np.concatenate([p.rows for p in triggered])
            feature_win, unsettled, opened, _ = self.play_planned(
                plan_index, seeds[rows], np.concatenate([p.counts for p in triggered]),
                np.concatenate([p.nxt for p in triggered]),
            )
            cut = np.cumsum([len(p.rows) for p in triggered])[:-1]
            for one, won, bad, played in zip(triggered, np.split(feature_win, cut), np.split(unsettled, cut),
                                             np.split(opened, cut), strict=True):
                self._settle(out, plan_index, one.rows, won, bad, played, one.outer)
        for met in chains.values():  # then the trigger stages that meet several, step by step
            self._play_chain(_ChainRounds(met[0].steps, np.concatenate([c.rows for c in met]),
                                          np.concatenate([c.counts for c in met]),
                                          np.concatenate([c.nxt for c in met])), seeds, out)
        return out
