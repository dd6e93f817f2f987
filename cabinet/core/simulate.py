"""Monte Carlo simulation: many rounds, exactly the rounds ``play_round`` would play.

Round ``i`` of a simulation seeded ``S`` is ``play_round(defn, RoundRequest(bet,
derive_seed(S, i)))`` — nothing else — so the reported ``max_win_seed`` replays the
max win in the cabinet. (A game that keeps a meter across rounds, ``collection``, plays each
round with ``carried=`` the meter its shard's earlier rounds left: shards start empty.) Speed comes from computing most rounds in batches with numpy
and getting exactly the same numbers:

- The rng is counter-based SplitMix64, so the draws of a whole batch of seeds are a
  few vectorised uint64 operations (numpy's uint64 arithmetic wraps like the scalar
  ``& MASK64``). ``below(n)`` rejects draws at or above ``rejection_limit(n)``; such a
  draw (about one in 10^17 for strip lengths) sends its seed to the scalar runner.
- A base spin's draw order is the round runner's contract (see ``round.py``): one
  ``weighted`` draw for the reel set when there are 2+ base reel sets, then one
  ``below(len(strip))`` per reel, reel 1 first.
- Line wins are looked up in ``par.line_pay_table`` (what every symbol tuple of a line
  pays), pre-scaled to minor units for the bet: a line's table index is the sum of
  per-reel "digits" precomputed for every stop and line. Scatter pays use per-stop
  window counts.
- Each feature block says which base spins may involve it (``FeatureBlock.batch_hints``:
  per-window counts and a threshold, e.g. "3 or more BONUS", "any MYSTERY"). Where the
  block's effect on such a spin is simple, its hint carries it as data
  (``BatchStage``), built from the same functions the block's own hook uses: a reveal
  or an expansion changes each reel's windows (the batch compiles one set of digits
  per reveal outcome), a drawn multiplier picks the line table the spin is paid with,
  a shut door ends the round. Their draws are taken at the round's own draw indexes
  (stops, screen stage, win stage, trigger stage).
- A spin that triggers a feature the block describes as data (its hint's ``plan``: a
  run of spins, ``SpinsPlan``; a hold-and-respin on boards, ``BoardsPlan``; a wheel,
  ``WheelPlan``; each built from the block's own tables and functions), or whose trigger
  stage opens one (a panel door's ``opens``), goes to the batch player, which plays every
  such feature of a chunk in lockstep, spin by spin (respin by respin, ring by ring), on
  arrays: one interpreter of each kind of plan for every block that gives one, not a copy
  of any block's rules. Each round's draws continue at its own next draw index.
- Every other flagged spin is played by the lean ``play_round`` (no events kept, no
  respin offer priced), which stays the one implementation of every feature no plan
  covers; simulate reports how many (``scalar_rounds``). So is a round with a
  rejected draw or a pay that is not a whole number of minor units, in the base spin
  or in a planned feature.

Shards: rounds [0, N) are cut into fixed shards of ``SHARD_SIZE`` rounds whose
statistics are merged in shard order; worker processes only change who computes a
shard, so the report is identical for any worker count.

Statistics are exact integer sums (sum of wins, sum of squared wins, as Python ints):
RTP = sum of wins / (N x bet); sigma = the standard deviation of one round's win in
bets (population form); the 95% confidence interval of the RTP is RTP +- 1.96 sigma /
sqrt(N); the volatility index is 1.96 x sigma (the usual "VI at 95% confidence").

For the math report (``cabinet simulate --report``) each shard also counts its rounds
per win bucket (log-spaced edges in x bet, exact integer comparisons) and keeps the
running win at fixed round counts (log-spaced, the same for any shard size); both
are integers merged in shard order, so they too depend only on the seed and spins.
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from .bet import Bet, default_bet, lines_allowed
from .boards import CellAction, whole_amount
from .definition import Definition
from .evaluate import pay_table, table_value
from .features import (
    BatchHint,
    BatchStage,
    BoardsPlan,
    FeaturePlan,
    PlanLevel,
    SpinsPlan,
    WheelPlan,
    Window,
    block,
    window_hint,
)
from .linemath import LinePayTable, line_pay_table, scatter_adds, strip_alphabets, window_ids
from .lockstep import settle_spins, spins_to_play
from .modes import cap_amount, mode_cost
from .money import fraction_str, money_str
from .pays import model_of
from .rng import GAMMA, MASK64, MIX1, MIX2, check_seed, derive_seed, rejection_limit
from .round import RoundRequest, RoundResult, play_round

SHARD_SIZE = 1 << 18  # rounds per shard (results do not depend on it)
MAX_SPINS = 10**12  # more would run for weeks; a typo such as 10^23 is refused, not started
MAX_TOP = 10_000  # largest rounds kept by --top (each shard sends that many back)
BASE_CHUNK = 1 << 14  # base spins priced per numpy pass (its (spins x lines) tables stay in cache)
Z95 = 1.959963984540054  # two-sided 95% normal quantile
_DERIVE_XOR = 0xD1B54A32D192ED03  # derive_seed's second mixing constant (rng.py)

U64 = np.uint64


# --- vectorised SplitMix64 ---------------------------------------------------------------------------


def mix64_array(z: np.ndarray) -> np.ndarray:
    """``rng.mix64`` on a uint64 array (multiplication wraps modulo 2^64 as it should)."""
    z = z ^ (z >> U64(30))  # a new array: the caller's is left as it is; the rest in place
    z *= U64(MIX1)
    z ^= z >> U64(27)
    z *= U64(MIX2)
    z ^= z >> U64(31)
    return z


def draw_array(seeds: np.ndarray, index: int | np.ndarray) -> np.ndarray:
    """``rng.draw_u64(seed, index)`` for every seed (``index``: one int or one per seed)."""
    if isinstance(index, np.ndarray):
        return mix64_array(seeds + (index.astype(np.uint64) + U64(1)) * U64(GAMMA))
    return mix64_array(seeds + U64(((index + 1) * GAMMA) & MASK64))


def derive_seeds(master: int, start: int, count: int) -> np.ndarray:
    """``[derive_seed(master, i) for i in range(start, start + count)]`` as uint64."""
    i = np.arange(start + 1, start + count + 1, dtype=np.uint64)
    z = U64(master) + i * U64(GAMMA)
    return mix64_array(mix64_array(z) ^ U64(_DERIVE_XOR))


def below_array(seeds: np.ndarray, index: int | np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """``Rng.below(n)`` answered by draw ``index``: (values, rejected mask). n > 1."""
    u = draw_array(seeds, index)
    limit = rejection_limit(n)
    rejected = u >= U64(limit) if limit < (1 << 64) else np.zeros(len(u), dtype=bool)
    return (u % U64(n)).view(np.int64), rejected  # the bits as they are, as astype would (no copy)


# --- the batch pricer ----------------------------------------------------------------------------------


@dataclass
class _ReelGroup:
    """Adjacent reels looked up together: one row per combination of their stops."""

    reels: tuple[int, ...]
    radix: tuple[int, ...]  # place value of each reel's stop in the combined index
    digits: np.ndarray  # (combinations, lines): contribution to each line's table index
    scatter: list[np.ndarray]  # per scatter: count shown by these reels
    hints: list[np.ndarray]  # per batch hint: what these reels add to its count


@dataclass
class _World:
    """A reel set's windows after the screen stages the batch plays, for one outcome of
    the drawing screen stage (or the only one): what the lines and counts are looked up in."""

    groups: list[_ReelGroup]
    line_minor: list[np.ndarray]  # per pricing variant (0: the game's own): index -> minor units
    line_exact: list[np.ndarray | None]  # per variant: index -> whole minor units (None: all are)


@dataclass
class _Staged:
    """A hint whose spins the batch plays itself (``BatchStage``), by its index in ``hints``."""

    hint: int
    stage: BatchStage
    opens: int = -1  # the plan its ``opens`` outcome plays (index in ``plans``; -1: none)


@dataclass
class _ReelSetBatch:
    lengths: tuple[int, ...]
    worlds: list[_World]  # 0: the drawing screen stage did not act; 1 + k: it drew outcome k
    scatter_minor: list[np.ndarray]  # per scatter: count -> minor units
    scatter_exact: list[np.ndarray]
    thresholds: list[int]  # per batch hint: the count from which it may involve the spin
    reveal: _Staged | None  # the screen stage that draws (its counts: on the windows before it)
    reveal_counts: list[np.ndarray]  # per reel: its count at each stop
    priced: _Staged | None  # the win stage that draws a pricing variant
    quiet: list[_Staged]  # trigger stages whose quiet outcomes the batch plays
    scalar_hints: list[int]  # hints whose spins only play_round plays
    planned: list[tuple[int, int]] = field(default_factory=list)  # (hint, plan): features the batch player plays


@dataclass
class _PlanBatch:
    """A ``SpinsPlan`` ready to play: its reel sets compiled (plain: no block changes
    their spins), its tables as arrays."""

    plan: SpinsPlan
    sets: list[list[_ReelSetBatch]]  # per level (one when the plan has none), per reel set
    set_weights: tuple[int, ...]
    multiplier_values: np.ndarray
    multiplier_weights: tuple[int, ...]
    awarded: np.ndarray
    added: np.ndarray | None
    minimum: int  # a total below this (whole minor units) is topped up
    level_multiplier: np.ndarray  # per level
    level_of_points: np.ndarray
    level_spins: np.ndarray  # spins added by reaching each level, summed from level 0
    progress: list[list[np.ndarray]]  # per reel set, per reel: the points its landed window adds at each stop


@dataclass
class _PlannedRounds:
    """Base spins that triggered a planned feature: the rows, the count that triggered it,
    and each round's next draw index."""

    plan: int
    rows: np.ndarray
    counts: np.ndarray
    nxt: np.ndarray
    outer: str = ""  # the feature whose trigger stage opened it (it ran too, and paid the same)


@dataclass
class _ChainRounds:
    """Base spins whose trigger stage meets two or more features or stages the batch plays:
    each ``steps`` entry, in definition order, is a planned feature ``(plan index, None)``
    or a trigger stage ``(-1, stage)``; ``counts[:, s]`` is what step ``s``'s hint counted."""

    steps: tuple[tuple[int, _Staged | None], ...]
    rows: np.ndarray
    counts: np.ndarray
    nxt: np.ndarray


GROUP_ROWS = 1 << 14  # largest stop combinations a reel group may hold


def _group_reels(lengths: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Adjacent reels packed greedily while their stop combinations stay small."""
    groups: list[list[int]] = []
    for r, n in enumerate(lengths):
        if groups and math.prod(lengths[i] for i in groups[-1]) * n <= GROUP_ROWS:
            groups[-1].append(r)
        else:
            groups.append([r])
    return [tuple(g) for g in groups]


def _sticky_hint(defn: Definition, reel_set: str, plan: SpinsPlan, sticky: frozenset[int]) -> BatchHint:
    """A planned feature's sticky reels as a screen stage: their windows shown as the
    plan's ``show`` (the block that shows them) says, every other window as it landed."""
    show = plan.show
    assert show is not None
    stage = BatchStage("screen", window=lambda k, reel, w: show(reel, w) if reel in sticky else w)
    return window_hint(defn, reel_set, lambda reel, w: int(reel in sticky), 1, stage=stage)


def _screen_hint(defn: Definition, reel_set: str, screen: Callable[[int, Window], Window]) -> BatchHint:
    """A planned feature's screen change with no draw (``SpinsPlan.screen``) as a screen
    stage: counted 1 on the windows it changes, so the others stay as they landed."""
    stage = BatchStage("screen", window=lambda k, reel, w: screen(reel, w))
    return window_hint(defn, reel_set, lambda reel, w: int(screen(reel, w) != w), 1, stage=stage)


def _take(table: np.ndarray, index: np.ndarray) -> np.ndarray:
    """``table[index]`` along the first axis, for indexes known to be in range: ``np.take``
    without its bounds check is about twice as fast as fancy indexing."""
    return np.take(table, index, axis=0, mode="clip")


def _draw_stops(
    seeds: np.ndarray, k: int | np.ndarray, lengths: tuple[int, ...], bad: np.ndarray
) -> tuple[list[np.ndarray], Any]:
    """Each reel's stop for every round (one ``below(len(strip))`` per reel, reel 1 first,
    from draw index ``k``; a strip of one stop draws nothing); rejected draws go to ``bad``.
    With the next draw index (an array ``k`` is moved on in place)."""
    stops = []
    for n in lengths:
        if n == 1:
            stops.append(np.zeros(len(seeds), dtype=np.int64))
            continue
        values, rejected = below_array(seeds, k, n)
        bad |= rejected
        stops.append(values)
        k += 1
    return stops, k


def _look_up(
    world: _World, stops: list[np.ndarray], n_rows: int, scatters: int, hints: int
) -> tuple[np.ndarray, list[np.ndarray], list[np.ndarray]]:
    """Each spin's line-table digits (summed over the reel groups), its scatter counts and
    the first ``hints`` hint counts, looked up group by group from the stops."""
    index = None
    scatter = [np.zeros(n_rows, dtype=np.int64) for _ in range(scatters)]
    hinted = [np.zeros(n_rows, dtype=np.int64) for _ in range(hints)]
    for g in world.groups:
        combo = _combo(g, stops)
        part = _take(g.digits, combo)
        if index is None:
            index = part
        else:
            np.add(index, part, out=index)
        for t, counts in enumerate(g.scatter):
            scatter[t] += _take(counts, combo)
        for h in range(hints):
            hinted[h] += _take(g.hints[h], combo)
    assert index is not None
    return index, scatter, hinted


def _combo(group: _ReelGroup, stops: list[np.ndarray]) -> np.ndarray:
    """Each spin's row in a reel group's tables: its reels' stops in mixed radix."""
    combo = stops[group.reels[0]] * group.radix[0]
    for j in range(1, len(group.reels)):
        combo += stops[group.reels[j]] * group.radix[j]
    return combo


def _combine(per_reel: list[np.ndarray], reels: tuple[int, ...]) -> np.ndarray:
    """Sum of per-reel per-stop arrays over every stop combination of ``reels``."""
    out = per_reel[reels[0]]
    for r in reels[1:]:
        nxt = per_reel[r]
        out = (out[:, None, ...] + nxt[None, :, ...]).reshape(-1, *nxt.shape[1:])
    return out


@dataclass
class _Priced:
    """One base spin of many rounds on one reel set."""

    lines: np.ndarray  # line wins, minor units
    scatters: np.ndarray  # scatter wins, minor units
    bad: np.ndarray  # the batch cannot price it: play_round plays the round
    ran: dict[str, np.ndarray] = field(default_factory=dict)  # quiet features the batch played
    planned: list[_PlannedRounds | _ChainRounds] = field(default_factory=list)  # features for the batch player


@dataclass
class BatchRounds:
    win: np.ndarray  # round total, minor units (meaningless where ``scalar``)
    scalar: np.ndarray  # the round must be played by play_round
    ran: dict[str, np.ndarray] = field(default_factory=dict)  # feature -> rounds it ran in
    paid: dict[str, np.ndarray] = field(default_factory=dict)  # feature -> what it paid there (absent: 0)


def spinner_of(defn: Definition, bet: Bet) -> Any:
    """The game's batch player: a block's own where it plays whole rounds (``batch_spinner``:
    tumbles), else the pay model's."""
    for params in defn.features:
        make = getattr(block(params.type), "batch_spinner", None)
        found = make(defn, params, bet) if make is not None else None
        if found is not None:
            return found
    return model_of(defn).spinner(defn, bet)


def batch_hints(defn: Definition, reel_set: str) -> list[BatchHint]:
    """Every block's hints for base spins on ``reel_set``, in definition order."""
    out: list[BatchHint] = []
    for params in defn.features:
        entry = block(params.type)
        if entry is not None and "base" in entry.modes(params):
            out.extend(entry.batch_hints(defn, params, reel_set))
    return out


Windows = list[list[tuple[str, ...]]]  # [reel][stop] -> the window


def draw_spin_multiplier(seeds: np.ndarray, k: np.ndarray, wrong: np.ndarray, values: np.ndarray,
                         weights: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """A feature spin's multiplier for each of ``seeds`` at draw index ``k``: the one value, or
    one weighted draw (a rejected draw marks ``wrong``). Returns (multipliers, the next ``k``)."""
    if len(weights) <= 1:
        return np.full(len(seeds), values[0], dtype=np.int64), k
    pick, rejected, drew = _weighted_array(seeds, k, weights)
    wrong |= rejected
    return values[pick], k + int(drew)


def _weighted_array(
    seeds: np.ndarray, index: np.ndarray, weights: tuple[int, ...]
) -> tuple[np.ndarray, np.ndarray, bool]:
    """``Rng.weighted(weights)`` answered by draw ``index`` of each seed: (outcomes,
    rejected mask, whether it drew: a total of 1 draws nothing, as ``below(1)``)."""
    total = sum(weights)
    if total == 1:
        return np.full(len(seeds), next(i for i, w in enumerate(weights) if w), dtype=np.int64), \
            np.zeros(len(seeds), dtype=bool), False
    pick, rejected = below_array(seeds, index, total)
    return np.searchsorted(np.cumsum(weights), pick, side="right").astype(np.int64), rejected, True


def _stage_draw(
    staged: _Staged, at: np.ndarray, seeds: np.ndarray, nxt: np.ndarray, bad: np.ndarray, choice: np.ndarray
) -> None:
    """A stage's one weighted draw for the rounds ``at`` (its hint fired there): 1 + the
    outcome goes to ``choice`` (0 stays "did not act"), rejections to ``bad``, and each
    round's next draw index moves on."""
    if not len(at):
        return
    weights = staged.stage.draw(1)
    assert isinstance(weights, tuple)
    outcome, rejected, drew = _weighted_array(seeds[at], nxt[at], weights)
    bad[at] |= rejected
    choice[at] = 1 + outcome
    nxt[at] += int(drew)


def _trigger_stage(q: _Staged, counts: np.ndarray, seeds: np.ndarray, nxt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A trigger stage's draw for rounds whose hint counted ``counts`` (each round's next draw
    index ``nxt`` moves on past it, in place): (the outcome is quiet, it opens the feature of
    ``q.opens``); a rejected draw is neither."""
    quiet = np.zeros(len(counts), dtype=bool)
    opened = np.zeros(len(counts), dtype=bool)
    for c in np.unique(counts).tolist():
        these = np.nonzero(counts == c)[0]
        draw = q.stage.draw(int(c))
        if isinstance(draw, int):
            quiet[these] = draw in q.stage.quiet
            opened[these] = draw == q.stage.opens
            continue
        outcome, rejected, drew = _weighted_array(seeds[these], nxt[these], draw)
        quiet[these] = np.isin(outcome, list(q.stage.quiet)) & ~rejected
        opened[these] = (outcome == q.stage.opens) & ~rejected
        nxt[these] += int(drew)
    return quiet, opened & (q.opens >= 0)


def _line_minor(table: LinePayTable, bet: Bet, lines: int) -> tuple[np.ndarray, np.ndarray | None]:
    """A line-pay table in minor units at ``bet`` (0 where not whole), and where it is whole."""
    per_line_coin = bet.coins_per_line * bet.coin_value
    scaled = table.coins * per_line_coin
    exact = scaled % table.denominator == 0
    minor = np.where(exact, scaled // table.denominator, 0)
    if minor.max(initial=0) < 2**31 // max(1, lines):
        minor = minor.astype(np.int32)  # half the memory traffic; sums stay in range
    return minor, (None if exact.all() else exact)


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


# --- win buckets and convergence checkpoints -----------------------------------------------------------

# Renard R5 preferred numbers: 10^(k/5) to within 1.1%, and every one a short exact decimal.
_R5 = (Fraction(1), Fraction(8, 5), Fraction(5, 2), Fraction(4), Fraction(63, 10))
# Lower edges of the win buckets in x bet, 0.001x .. 1,000,000x (five buckets a decade).
WIN_EDGES_X: tuple[Fraction, ...] = (
    *(m * Fraction(10) ** d for d in range(-3, 6) for m in _R5),
    Fraction(10**6),
)
# Bucket i of a histogram: 0 no win; 1 below WIN_EDGES_X[0]; i + 2 from WIN_EDGES_X[i]
# up to (not including) WIN_EDGES_X[i + 1]; the last, WIN_EDGES_X[-1] and over.
HISTOGRAM_BUCKETS = len(WIN_EDGES_X) + 2
# Renard R20, x 100: round counts 20 a decade, log-spaced to within 1.3%, all integers.
_R20 = (100, 112, 125, 140, 160, 180, 200, 224, 250, 280, 315, 355, 400, 450, 500, 560, 630, 710, 800, 900)


def win_edges_minor(bet_total: int) -> np.ndarray:
    """The bucket edges in minor units at this bet, rounded up: a whole win ``w`` is at
    or above ``e x bet`` exactly when ``w >= ceil(e x bet)`` (no float anywhere)."""
    return np.array([math.ceil(e * bet_total) for e in WIN_EDGES_X], dtype=np.int64)


def win_histogram(win: np.ndarray, edges_minor: np.ndarray) -> list[int]:
    """Rounds per win bucket (see ``HISTOGRAM_BUCKETS``) of round totals in minor units."""
    # A game pays few distinct amounts: bucket those, not every round (4x faster).
    values, counts = np.unique(win, return_counts=True)
    bucket = np.where(values > 0, np.searchsorted(edges_minor, values, side="right") + 1, 0)
    histogram = np.zeros(HISTOGRAM_BUCKETS, dtype=np.int64)
    np.add.at(histogram, bucket, counts)
    return [int(n) for n in histogram]


def convergence_marks(start: int, stop: int) -> list[int]:
    """The checkpoint round counts ``c`` with ``start < c <= stop`` (R20 from 100 up;
    the last round of a run is added by ``simulate`` itself)."""
    marks: list[int] = []
    scale = 1
    while 100 * scale <= stop:
        marks.extend(c * scale for c in _R20 if start < c * scale <= stop)
        scale *= 10
    return marks


# --- statistics --------------------------------------------------------------------------------------


@dataclass
class Tally:
    """Exact sums over a run of rounds (mergeable in order)."""

    rounds: int = 0
    win_sum: int = 0
    win_sq_sum: int = 0
    hits: int = 0
    max_win: int = -1
    max_index: int = -1  # round index of the first round with max_win
    scalar_rounds: int = 0
    features: dict[str, list[int]] = field(default_factory=dict)  # name -> [rounds, win]
    histogram: list[int] = field(default_factory=list)  # rounds per win bucket (WIN_EDGES_X)
    # (rounds, win) counted from this tally's first round, at the checkpoints it covers
    convergence: list[tuple[int, int]] = field(default_factory=list)
    top_k: int = 0  # how many of the largest rounds ``top`` keeps
    # (win, round index) of the largest winning rounds, largest first, ties by round index
    top: list[tuple[int, int]] = field(default_factory=list)

    def merge(self, later: Tally) -> None:
        """Add a tally of LATER rounds (ties of the max keep the earlier round)."""
        self.top_k = max(self.top_k, later.top_k)
        if later.top:
            self.top = largest_rounds(self.top + later.top, self.top_k)
        self.convergence.extend((self.rounds + n, self.win_sum + w) for n, w in later.convergence)
        if later.histogram:
            mine = self.histogram or [0] * len(later.histogram)
            self.histogram = [a + b for a, b in zip(mine, later.histogram, strict=True)]
        self.rounds += later.rounds
        self.win_sum += later.win_sum
        self.win_sq_sum += later.win_sq_sum
        self.hits += later.hits
        self.scalar_rounds += later.scalar_rounds
        if later.max_win > self.max_win:
            self.max_win, self.max_index = later.max_win, later.max_index
        for name, (n, w) in later.features.items():
            mine = self.features.setdefault(name, [0, 0])
            mine[0] += n
            mine[1] += w

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON values (every integer exact), for a checkpoint file."""
        return {
            "rounds": self.rounds,
            "win_sum": self.win_sum,
            "win_sq_sum": self.win_sq_sum,
            "hits": self.hits,
            "max_win": self.max_win,
            "max_index": self.max_index,
            "scalar_rounds": self.scalar_rounds,
            "features": {name: list(v) for name, v in sorted(self.features.items())},
            "histogram": list(self.histogram),
            "convergence": [list(c) for c in self.convergence],
            "top_k": self.top_k,
            "top": [list(t) for t in self.top],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Tally:
        """The inverse of ``to_dict``; raises ValueError on anything but what it wrote."""
        try:
            tally = cls(
                rounds=_whole(data["rounds"]),
                win_sum=_whole(data["win_sum"]),
                win_sq_sum=_whole(data["win_sq_sum"]),
                hits=_whole(data["hits"]),
                max_win=_whole(data["max_win"]),
                max_index=_whole(data["max_index"]),
                scalar_rounds=_whole(data["scalar_rounds"]),
                features={str(k): [_whole(n), _whole(w)] for k, (n, w) in data["features"].items()},
                histogram=[_whole(n) for n in data["histogram"]],
                convergence=[(_whole(n), _whole(w)) for n, w in data["convergence"]],
                top_k=_whole(data["top_k"]),
                top=[(_whole(w), _whole(i)) for w, i in data["top"]],
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"not a shard tally ({exc.__class__.__name__}: {exc})") from None
        if len(tally.histogram) not in (0, HISTOGRAM_BUCKETS):
            raise ValueError(f"a shard histogram has {HISTOGRAM_BUCKETS} buckets, not {len(tally.histogram)}")
        return tally


def _whole(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def largest_rounds(candidates: list[tuple[int, int]], k: int) -> list[tuple[int, int]]:
    """The ``k`` largest (win, round index) pairs, largest win first, ties by the earlier
    round: one answer whatever order the shards were merged in."""
    return sorted(candidates, key=lambda t: (-t[0], t[1]))[:k]


def shard_top(win: np.ndarray, start: int, k: int) -> list[tuple[int, int]]:
    """The ``k`` largest winning rounds of a shard whose first round is ``start``
    (rounds that win nothing are never listed)."""
    if k <= 0 or len(win) == 0:
        return []
    floor = max(int(np.partition(win, -k)[-k]), 1) if k < len(win) else 1
    picked = np.nonzero(win >= floor)[0]  # ascending: the tie-break by round index is kept
    order = np.lexsort((picked, -win[picked]))[:k]
    return [(int(win[i]), start + int(i)) for i in picked[order]]


def _square_sum(wins: np.ndarray) -> int:
    """Exact sum of squares of int64 wins, as a Python int."""
    if len(wins) == 0:
        return 0
    top = int(np.abs(wins).max())
    if top * top * len(wins) < (1 << 62):
        return int(np.dot(wins, wins))
    values, counts = np.unique(wins, return_counts=True)
    return sum(int(v) * int(v) * int(c) for v, c in zip(values, counts, strict=True))


@dataclass
class RoundOutcomes:
    """Rounds of many seeds: totals, and which features ran with what they paid."""

    win: np.ndarray  # round total, minor units
    scalar: np.ndarray  # played by play_round
    features: dict[str, tuple[np.ndarray, np.ndarray]]  # name -> (ran mask, feature total)


def lean_round(defn: Definition, bet: Bet, seed: int, carried: tuple[tuple[str, int], ...] = ()) -> RoundResult:
    """``play_round`` for simulation: no events kept, no respin offer priced (``carried``: the
    meters a game keeps across rounds, as the shard's rounds before left them)."""
    return play_round(defn, RoundRequest(bet, seed, with_offer=False, keep_events=False, carried=carried))


def round_outcomes(
    defn: Definition, bet: Bet, seeds: np.ndarray, spinner: BatchSpinner | None = None
) -> RoundOutcomes:
    """Every seed's round. ``win[i] == play_round(defn, RoundRequest(bet, seeds[i])).total_win``
    exactly: the batch prices the plain base spins, the lean ``play_round`` the rest. A bought
    feature (a buy mode) plays no base spin: ``play_round`` plays every such round. The round
    cap is min(win, cap) of the batch's rounds (``play_round`` caps its own)."""
    count = len(seeds)
    features: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    if defn.bought:
        win = np.zeros(count, dtype=np.int64)
        scalar = np.ones(count, dtype=bool)
    else:
        spinner = spinner or spinner_of(defn, bet)
        batch = spinner.rounds(seeds)
        win = batch.win.copy()
        scalar = batch.scalar
        for name, mask in batch.ran.items():  # features the batch played (quiet ones paid nothing)
            ran = mask & ~batch.scalar
            if ran.any():
                paid = batch.paid.get(name)
                features[name] = (ran, np.where(ran, paid, 0) if paid is not None else np.zeros(count, dtype=np.int64))
        cap = cap_amount(defn, bet)
        if cap:
            np.minimum(win, cap, out=win)
    # a meter kept across rounds (a collection) starts empty with each shard and is carried in
    # round order; only rounds its batch hint flags (played here) can move it
    carried: tuple[tuple[str, int], ...] = ()
    for pos in np.nonzero(scalar)[0].tolist():
        result = lean_round(defn, bet, int(seeds[pos]), carried)
        carried = result.carried
        win[pos] = result.total_win
        for name in dict.fromkeys(result.features):
            if name not in features:
                features[name] = (np.zeros(count, dtype=bool), np.zeros(count, dtype=np.int64))
            features[name][0][pos] = True
            features[name][1][pos] += result.feature_wins.get(name, 0)
    return RoundOutcomes(win, scalar, features)


def round_wins(
    defn: Definition, bet: Bet, seeds: np.ndarray, spinner: BatchSpinner | None = None
) -> np.ndarray:
    """Each seed's round total in minor units (see ``round_outcomes``)."""
    return round_outcomes(defn, bet, seeds, spinner).win


def run_shard(
    defn: Definition, bet: Bet, master: int, start: int, count: int, spinner: BatchSpinner, *, top: int = 0
) -> Tally:
    """The tally of rounds ``start .. start + count - 1`` (``top``: keep that many of its
    largest rounds). Nothing per round outlives the call."""
    seeds = derive_seeds(master, start, count)
    out = round_outcomes(defn, bet, seeds, spinner)
    win = out.win
    tally = Tally(rounds=count)
    tally.win_sum = int(win.sum())
    tally.win_sq_sum = _square_sum(win)
    tally.hits = int(np.count_nonzero(win > 0))
    first_max = int(np.argmax(win))
    tally.max_win, tally.max_index = int(win[first_max]), start + first_max
    tally.scalar_rounds = int(out.scalar.sum())
    for name, (ran, total) in out.features.items():
        tally.features[name] = [int(ran.sum()), int(total.sum())]
    tally.top_k = top
    tally.top = shard_top(win, start, top)
    _count_for_report(tally, win, start, bet)
    return tally


def _count_for_report(tally: Tally, win: np.ndarray, start: int, bet: Bet) -> None:
    """The math report's integers for the rounds ``start ..`` whose totals are ``win``."""
    tally.histogram = win_histogram(win, win_edges_minor(bet.total))
    running = done = 0
    for mark in convergence_marks(start, start + len(win)):
        running += int(win[done : mark - start].sum())
        done = mark - start
        tally.convergence.append((done, running))


def _close_convergence(tally: Tally) -> None:
    """End the series on the run's last round (the final RTP, exactly)."""
    if not tally.convergence or tally.convergence[-1][0] != tally.rounds:
        tally.convergence.append((tally.rounds, tally.win_sum))


# --- the report --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SimReport:
    game: str
    spins: int
    seed: int
    bet: Bet
    tally: Tally
    minor_units: int = 2
    seconds: float = field(default=0.0, compare=False)  # wall time (never in the JSON)
    cost: int = 0  # what a round costs when a bet mode charges other than the bet (0: the total bet)

    @property
    def bet_total(self) -> int:
        """What one round costs: the total bet, or a bet mode's cost (RTP is per it)."""
        return self.cost or self.bet.total

    @property
    def rtp(self) -> Fraction:
        return Fraction(self.tally.win_sum, self.spins * self.bet_total)

    @property
    def variance(self) -> Fraction:
        """Variance of one round's win, in bets squared (population form)."""
        n = self.spins
        mean = Fraction(self.tally.win_sum, n)
        return (Fraction(self.tally.win_sq_sum, n) - mean * mean) / (self.bet_total**2)

    @property
    def sigma(self) -> float:
        return math.sqrt(self.variance)

    @property
    def standard_error(self) -> float:
        return self.sigma / math.sqrt(self.spins)

    @property
    def rtp_ci95(self) -> tuple[float, float]:
        half = Z95 * self.standard_error
        return float(self.rtp) - half, float(self.rtp) + half

    @property
    def volatility_index(self) -> float:
        return Z95 * self.sigma

    @property
    def hit_rate(self) -> Fraction:
        return Fraction(self.tally.hits, self.spins)

    @property
    def max_win_x(self) -> Fraction:
        return Fraction(max(self.tally.max_win, 0), self.bet_total)

    @property
    def max_win_seed(self) -> int:
        return derive_seed(self.seed, self.tally.max_index)

    def features(self) -> dict[str, dict[str, float]]:
        return {
            name: {
                "rate": n / self.spins,
                "one_in": (self.spins / n) if n else None,  # type: ignore[dict-item]
                "rtp": w / (self.spins * self.bet_total),
            }
            for name, (n, w) in sorted(self.tally.features.items())
        }

    def to_dict(self) -> dict[str, Any]:
        lo, hi = self.rtp_ci95
        return {
            "game": self.game,
            "spins": self.spins,
            "seed": self.seed,
            "bet": money_str(self.bet_total, self.minor_units),
            "rtp": round(float(self.rtp), 10),
            "rtp_ci95": [round(lo, 10), round(hi, 10)],
            "sigma": round(self.sigma, 8),
            "volatility_index": round(self.volatility_index, 8),
            "hit_rate": round(float(self.hit_rate), 10),
            "max_win_x": float(self.max_win_x),
            "max_win_seed": self.max_win_seed,
            "max_win_round": self.tally.max_index,
            "features": self.features(),
            "total_bet": money_str(self.spins * self.bet_total, self.minor_units),
            "total_win": money_str(self.tally.win_sum, self.minor_units),
            "scalar_rounds": self.tally.scalar_rounds,
            "top_wins": [
                {
                    "win": money_str(win, self.minor_units),
                    "win_x": float(Fraction(win, self.bet_total)),
                    "round": index,
                    "seed": derive_seed(self.seed, index),
                }
                for win, index in self.tally.top
            ],
            "histogram": {
                "edges_x_bet": [fraction_str(e) for e in WIN_EDGES_X],
                "counts": list(self.tally.histogram),  # [no win, below edge 0, [e0, e1), ..., [e_last, inf)]
            },
            "convergence": {
                "rounds": [n for n, _ in self.tally.convergence],
                "total_bet": [money_str(n * self.bet_total, self.minor_units) for n, _ in self.tally.convergence],
                "total_win": [money_str(w, self.minor_units) for _, w in self.tally.convergence],
            },
        }


# --- running -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RunningStats:
    """What a progress display shows while a run goes on: every finished shard counted,
    in whatever order they finished (the final report merges them in shard order)."""

    done: int  # rounds finished, including shards taken from a checkpoint
    spins: int
    resumed: int  # of ``done``, the rounds a checkpoint already had
    win_sum: int
    win_sq_sum: int
    bet_total: int

    @property
    def rtp(self) -> float | None:
        return self.win_sum / (self.done * self.bet_total) if self.done else None

    @property
    def ci95_half(self) -> float | None:
        """Half the width of the running RTP's 95% band (None before any round)."""
        if not self.done:
            return None
        mean = Fraction(self.win_sum, self.done)
        variance = (Fraction(self.win_sq_sum, self.done) - mean * mean) / self.bet_total**2
        return Z95 * math.sqrt(variance) / math.sqrt(self.done)


Progress = Callable[[RunningStats], None]
ShardDone = Callable[[int, Tally], None]  # (shard start, its tally): e.g. to keep it in a checkpoint
# Runs (start, count) jobs elsewhere, e.g. on a Dask cluster (``cluster.cluster_runner``):
# (definition, bet, master seed, jobs, top) -> (shard start, tally) in any order.
ShardRunner = Callable[[Definition, Bet, int, Iterator[tuple[int, int]], int], Iterator[tuple[int, Tally]]]


def shards(spins: int, size: int = SHARD_SIZE) -> Iterator[tuple[int, int]]:
    """(start, count) of each shard of [0, spins), made as they are needed."""
    return ((start, min(size, spins - start)) for start in range(0, spins, size))


_WORKER: dict[str, Any] = {}


def _worker_init(defn: Definition, bet: Bet, master: int, top: int = 0) -> None:
    _WORKER.update(defn=defn, bet=bet, master=master, top=top, spinner=spinner_of(defn, bet))


def _worker_shard(job: tuple[int, int]) -> tuple[int, Tally]:
    w = _WORKER
    return job[0], run_shard(w["defn"], w["bet"], w["master"], job[0], job[1], w["spinner"], top=w["top"])


def triggered_feature_names(defn: Definition) -> list[str]:
    """The features a round can run (the report lists each, ran or not). Screen and win
    modifiers (mystery symbols, expanding and multiplier wilds) change spins and never
    run as features of their own: their share is in the line pays (``cabinet par``)."""
    out = []
    for params in defn.features:
        entry = block(params.type)
        if entry is None or entry.screen_modifier or entry.win_modifier:
            continue
        if entry.modes(params) & {"base", "respin"}:
            out.append(params.name)
    return out


def clean_copy(defn: Definition) -> Definition:
    """The definition without its per-instance caches (cheap to send to a worker)."""
    return dataclasses.replace(defn)


def simulate(
    defn: Definition,
    spins: int,
    seed: int,
    workers: int = 1,
    bet: Bet | None = None,
    progress: Progress | None = None,
    shard_size: int = SHARD_SIZE,
    *,
    top: int = 0,
    runner: ShardRunner | None = None,
    finished: dict[int, Tally] | None = None,
    on_shard: ShardDone | None = None,
) -> SimReport:
    """Simulate rounds ``0..spins-1`` of seed ``seed``; see the module docstring.

    ``top``: keep that many of the largest rounds. ``runner``: who runs the shards instead
    of ``workers`` local processes (``cluster.cluster_runner("tcp://host:8786")``: a Dask
    cluster). ``finished``: shard start -> tally of shards
    already done (a checkpoint), which are not run again; ``on_shard`` is told of every
    shard this call runs, as it finishes. The report depends only on the game, bet,
    seed, spins and ``top``: never on workers, runner, shard order or what was resumed.
    """
    if isinstance(spins, bool) or not isinstance(spins, int) or spins <= 0:
        raise ValueError(f"--spins must be a positive whole number, got {spins}")
    if spins > MAX_SPINS:
        raise ValueError(f"--spins must be at most {MAX_SPINS:,} (days of work at a million a second), got {spins:,}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0 or seed > MASK64:
        raise ValueError(f"--seed must be a whole number from 0 to 2^64-1, got {seed}")
    check_seed(seed)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    if isinstance(top, bool) or not isinstance(top, int) or not 0 <= top <= MAX_TOP:
        raise ValueError(f"--top must be a whole number from 0 to {MAX_TOP}, got {top}")
    bet = bet or default_bet(defn)
    if not lines_allowed(defn, bet.lines) or bet.coins_per_line <= 0 or bet.coin_value <= 0:
        raise ValueError(f"{defn.name} cannot be played at {bet}")
    finished = dict(finished or {})
    expected = dict(shards(spins, shard_size)) if finished else {}
    for start, part in finished.items():
        if expected.get(start) != part.rounds or part.top_k != top:
            raise ValueError(f"a finished shard at round {start:,} does not belong to this run")
    jobs = (job for job in shards(spins, shard_size) if job[0] not in finished)
    n_jobs = -(-spins // shard_size) - len(finished)
    started = time.perf_counter()
    tally = Tally(features={name: [0, 0] for name in triggered_feature_names(defn)}, top_k=top)
    ready = finished.copy()  # shards done but not merged yet: the merge goes in shard order
    next_start = 0
    resumed = sum(part.rounds for part in finished.values())
    running = [resumed, sum(p.win_sum for p in finished.values()), sum(p.win_sq_sum for p in finished.values())]

    def merge_ready() -> None:
        nonlocal next_start
        while next_start in ready:
            part = ready.pop(next_start)
            tally.merge(part)
            next_start += part.rounds

    def report_progress() -> None:
        if progress is not None:
            progress(RunningStats(running[0], spins, resumed, running[1], running[2], mode_cost(defn, bet)))

    merge_ready()
    report_progress()
    if n_jobs:
        if runner is not None:
            results = runner(defn, bet, seed, jobs, top)
        else:
            results = _run_jobs(defn, bet, seed, jobs, n_jobs, workers, top=top)
        try:
            for start, part in results:
                if on_shard is not None:
                    on_shard(start, part)
                running[0] += part.rounds
                running[1] += part.win_sum
                running[2] += part.win_sq_sum
                ready[start] = part
                merge_ready()
                report_progress()
        finally:
            # Stopped early (Ctrl+C, an error): the pool or the cluster client shuts down now,
            # before the caller saves its checkpoint, not whenever the generator is collected.
            close = getattr(results, "close", None)
            if close is not None:
                close()
    if tally.rounds != spins:  # a lost or doubled shard must never pass as a result
        raise RuntimeError(f"merged {tally.rounds:,} rounds of {spins:,}")
    _close_convergence(tally)
    cost = mode_cost(defn, bet)
    return SimReport(
        defn.id, spins, seed, bet, tally, defn.bet.minor_units, seconds=time.perf_counter() - started,
        cost=0 if cost == bet.total else cost,
    )


def _run_jobs(
    defn: Definition,
    bet: Bet,
    seed: int,
    jobs: Iterator[tuple[int, int]],
    n_jobs: int,
    workers: int,
    *,
    top: int = 0,
) -> Iterator[tuple[int, Tally]]:
    if workers == 1 or n_jobs == 1:
        spinner = spinner_of(defn, bet)
        for start, count in jobs:
            yield start, run_shard(defn, bet, seed, start, count, spinner, top=top)
        return
    context = multiprocessing.get_context("spawn")  # no fork: safe with any parent state
    with context.Pool(
        min(workers, n_jobs), initializer=_worker_init, initargs=(clean_copy(defn), bet, seed, top)
    ) as pool:
        # Whichever shard finishes first is reported first (a smoother progress bar);
        # ``simulate`` merges them in shard order.
        yield from pool.imap_unordered(_worker_shard, jobs, chunksize=1)


def scalar_simulate(defn: Definition, spins: int, seed: int, bet: Bet | None = None) -> Tally:
    """The plain loop: ``play_round`` for every round (the reference and the benchmark)."""
    bet = bet or default_bet(defn)
    tally = Tally(rounds=spins)
    wins = np.zeros(spins, dtype=np.int64)
    for i in range(spins):
        result = play_round(defn, RoundRequest(bet, derive_seed(seed, i)))
        win = result.total_win
        wins[i] = win
        tally.win_sum += win
        tally.win_sq_sum += win * win
        tally.hits += win > 0
        if win > tally.max_win:
            tally.max_win, tally.max_index = win, i
        for name in dict.fromkeys(result.features):
            mine = tally.features.setdefault(name, [0, 0])
            mine[0] += 1
            mine[1] += result.feature_wins.get(name, 0)
    tally.scalar_rounds = spins
    _count_for_report(tally, wins, 0, bet)
    _close_convergence(tally)
    return tally
