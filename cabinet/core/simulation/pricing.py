"""The batch pricer's parts: reel sets compiled into groups of reels and their tables,
the plans and rounds it hands on, and the draws of the stages it plays (``BatchSpinner`` uses them)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..bet import Bet
from ..definition import Definition
from ..features import BatchHint, BatchStage, SpinsPlan, Window, block, window_hint
from ..linemath import LinePayTable
from ..pays import model_of
from .rng_arrays import _weighted_array, below_array

BASE_CHUNK = 1 << 14  # base spins priced per numpy pass (its (spins x lines) tables stay in cache)


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
