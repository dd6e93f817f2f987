"""Feature blocks: one module per mechanic, one registry, one typed interface.

Every mechanic of every game is a *block*: a module in this package that defines the
parameters dataclass its YAML entry is read into, and one object conforming to
``FeatureBlock``, registered under its YAML ``type``. The loader, the JSON Schema and
the format reference, the spin pipeline, par, simulate, tuning, the idle screen and
recovery all read this one registry (``registry()``), so adding a mechanic is one core
module plus its presenter. ``register`` adds a block at run time (tests do).

A block takes part in a round at the stages of the spin pipeline (``core/spin.py``)::

    1. draw the stops              (the pipeline; never a block)
    2. screen_stage(ctx, draft)    mystery symbols, expanding wilds, sticky reels, held reels
    3. evaluation                  the pipeline, with ``ctx.state``: multiplier, direction
    4. win_stage(ctx, draft)       e.g. a random multiplier on wins with a multiplier wild
    5. triggers(ctx, spin)         may draw from ``ctx.rng``, in the order it documents
       run(ctx, trigger)           play the feature to its end, appending events to ``ctx.book``
       feature_start(ctx, name)    a block acting in a free-spins feature's spins, as it starts
                                   (after its FeatureStarted): the expanding symbol's draw

Blocks run in definition order at every stage. A block acts only in the spin modes it
lists in ``modes(params)`` ("base", "free", "respin", or a sub-game's own mode), which
is how a block runs *inside* another: progress levels inside free spins, a multiplier
drawn for each free spin. State that lasts the round (multiplier, direction, sticky
reels, progress points, extra spins) lives in ``ctx.state`` (``RoundState``).

What each block also declares:

- ``check(defn, params, report)``: its own consistency checks (the loader calls it);
- ``par(pctx)``: what it adds to the RTP, each figure exact (a Fraction) or an
  estimate (``core/value.py``) — never a silent omission;
- ``batch_hints(defn, params, reel_set)``: which base spins may involve it (per-stop
  counts and a threshold, see ``BatchHint``), and, where its effect on such a spin
  is one draw and a window change, a pricing variant or a quiet trigger, that effect
  as data (``BatchStage``) so the numpy batch plays it; where such a spin triggers a
  feature, that feature as data for the batch player (a run of spins, ``SpinsPlan``; a
  hold-and-respin, ``BoardsPlan``; a wheel, ``WheelPlan``; ``feature_plan`` gives the
  same for a feature another block opens); other flagged spins go to ``play_round``;
- ``quiet(defn, params)``: symbol counts the idle screen must not show;
- ``resume_kinds``: event kinds after which recovery may resume the round;
- ``presenter``: the name of the presentation block that shows its events.

Determinism: a block never sleeps, draws pixels or reads the clock, and takes every
random value from ``ctx.rng``. ``ctx.rng`` is None when only evaluating (``cabinet
eval``, respin prices): a trigger that would draw then returns its trigger with the
exact ``probability`` it would have fired with.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Protocol, runtime_checkable

from ..bet import Bet
from ..definition import Definition, WeightedName, WeightedValue
from ..events import Event, Position, Screen
from ..money import Money
from ..registry import Registry
from ..rng import Rng

if TYPE_CHECKING:
    from ..boards import Board, CellAction
    from ..value import Value

# Safety valve: a feature that would play more spins than this is ended with a
# FeatureLimitReached event (a definition whose retriggers or top-ups never end).
MAX_FEATURE_SPINS = 10_000

Report = Callable[[tuple[Any, ...], str], None]  # (path below the feature entry, message)


@dataclass(frozen=True)
class Spin:
    """One spin's outcome: where the reels stopped, what the screen showed, what it paid."""

    mode: str  # "base" | "free" | "respin" | a sub-game's mode
    reel_set: str
    stops: tuple[int, ...]
    screen: Screen  # after the screen stage (mystery revealed, wilds expanded, ...)
    wins: tuple[Event, ...]  # LineWin / ScatterWin events, after the win stage
    win: Money
    landed: Screen = ()  # the screen the reels landed on, before the screen stage (empty: ``screen``)
    trigger_screen: Screen = ()  # the screen triggers read when a block chose one (tumbles; empty: ``screen``)

    @property
    def landed_screen(self) -> Screen:
        return self.landed or self.screen


@dataclass
class SpinDraft:
    """A spin while the pipeline builds it: blocks of the screen and win stages change it."""

    mode: str
    reel_set: str
    stops: tuple[int, ...]
    screen: Screen
    spinning: tuple[int, ...] = ()  # reels that moved (empty: all)
    wins: list[Event] = field(default_factory=list)
    win: Money = 0
    lean: bool = False  # the win was priced without win events (simulation): ``wins`` is empty
    trigger_screen: Screen = ()  # a win-stage block's choice of the screen triggers read (empty: ``screen``)


@dataclass
class RoundState:
    """Feature state that lasts the whole round; blocks read and change it.

    ``multiplier`` multiplies every win of the spins in the current feature;
    ``both_ways`` overrides the game's pay direction (None: the game's);
    ``sticky_reels`` are 0-based reels shown all wild; ``held`` are 0-based reels whose
    column is held (``reel -> column``); ``spins_added`` are extra spins a retrigger or a
    nested block awarded, by the name of the feature they are spins of (each running
    feature takes its own at the end of its spin: an outer feature's retrigger landing in a
    nested feature's spin gives spins of the outer one);
    ``values`` is each block's own state, by feature name.
    """

    multiplier: Fraction = Fraction(1)
    scatter_multiplier: Fraction | None = None  # None: the same as ``multiplier``
    both_ways: bool | None = None
    sticky_reels: list[int] = field(default_factory=list)
    held: dict[int, tuple[str, ...]] = field(default_factory=dict)
    spins_added: dict[str, int] = field(default_factory=dict)
    level_multiplier: Fraction = Fraction(1)  # a nested block's multiplier (progress levels), on top
    running: list[str] = field(default_factory=list)  # features running now, outermost first
    retriggers: dict[str, int] = field(default_factory=dict)  # retriggers each running feature has had
    values: dict[str, Any] = field(default_factory=dict)
    decisions: Any = None  # the round's player decisions (``core/decisions.DecisionQueue``; None: autoplay)


class Book:
    """The round's ordered events. A lean book (simulation) keeps none of them;
    ``controls``: par is running the block, which may then tally a control variate of its
    total (``FeatureRun.control``)."""

    __slots__ = ("controls", "events", "keep")

    def __init__(self, *, keep: bool = True, controls: bool = False) -> None:
        self.events: list[Event] = []
        self.keep = keep
        self.controls = controls

    def add(self, event: Event) -> None:
        if self.keep:
            self.events.append(event)

    def extend(self, events: Iterable[Event]) -> None:
        if self.keep:
            self.events.extend(events)


@dataclass
class FeatureContext:
    """What a block may use: the definition, its own parameters, the bet, the rng, the
    round's state and book, and the mode of the spin being looked at."""

    defn: Definition
    feature: Any  # the block's parameters
    bet: Bet
    rng: Rng | None  # None when only evaluating (``cabinet eval``, prices)
    mode: str = "base"
    state: RoundState = field(default_factory=RoundState)
    book: Book = field(default_factory=Book)
    round: Any = None  # the spin pipeline's RoundContext that made this context (None: standalone)


@dataclass(frozen=True)
class Trigger:
    feature: str  # the feature's name (events, meters)
    symbol: str
    count: int
    positions: tuple[Position, ...]
    awarded: int  # spins (or respins) awarded
    probability: Fraction = Fraction(1)  # < 1 only when evaluating a trigger that draws (rng None)
    detail: Any = None  # block-specific data passed from triggers() to run()


@dataclass(frozen=True)
class FeatureRun:
    total: Money  # what the feature paid (after caps)
    spins_played: int
    final_reel_set: str = ""
    final_stops: tuple[int, ...] = ()
    stats: dict[str, int] = field(default_factory=dict, compare=False)
    # a zero-mean quantity of the run, in minor units, that moves with ``total`` (tallied when
    # ``Book.controls``): par's estimates regress on it to cut their noise (0: none)
    control: Fraction = field(default=Fraction(0), compare=False)


Window = tuple[str, ...]  # one reel's visible symbols, top row first
WindowCount = Callable[[int, Window], int]  # (0-based reel, its window) -> what it adds to a count


@dataclass(frozen=True)
class BatchStage:
    """What a block does on a spin its hint flags, as data the batch path applies itself.

    The block's own hook is written with these same functions (one copy of the rule),
    and acts only on spins its hint flags. On such a spin the hook first makes
    ``draw(count)`` (``count``: the hint's total): a tuple is ONE ``rng.weighted`` over
    those weights, an int is the outcome without a draw. Then, by stage:

    - ``"screen"``: each reel's window becomes ``window(outcome, reel, window)``; the
      hint's threshold is 1 and a window it counts 0 is left as it is (so the change
      is local to each reel);
    - ``"win"``: the spin's lines are paid as on the game ``pricing(outcome)`` (same
      symbols and scatters, e.g. a wild carrying a multiplier);
    - ``"trigger"``: an outcome in ``quiet`` ends the block's part of the round with
      nothing paid and no further draws; the round counts feature ``ran`` as played.
      The outcome ``opens`` (when ``plan`` gives a plan at the bet) plays that feature
      next, from the spin's count, and ends the block's part with what it paid (the round
      counts ``ran`` and the plan's feature). Any other outcome is left to ``play_round``.
    """

    stage: Literal["screen", "win", "trigger"]
    draw: Callable[[int], tuple[int, ...] | int] = lambda count: 0
    window: Callable[[int, int, Window], Window] | None = None
    pricing: Callable[[int], Definition] | None = None
    quiet: frozenset[int] = frozenset()
    ran: str = ""
    opens: int = -1
    plan: Callable[[Bet], FeaturePlan | None] | None = None


@dataclass(frozen=True)
class PlanLevel:
    """The state a block inside a planned feature has reached at one of its levels, for
    the spins played there: reels shown through the plan's ``show`` (0-based), the
    multiplier on every win (on top of the plan's), the pay direction (None: the game's)
    and the spins reaching this level adds."""

    sticky: tuple[int, ...] = ()
    multiplier: int = 1
    both_ways: bool | None = None
    spins: int = 0


@dataclass(frozen=True)
class PlanPart:
    """What a block acting inside a planned feature's spins does there, as data (its
    ``plan_part``): a progress bar whose points, ``progress`` on each spin's landed
    windows, reach ``levels`` (level 0 first; ``level_of_points[points]``, points
    capped at the table's end), and/or how a reel the levels make sticky shows
    (``show(reel, window)``), and/or how every spin's windows change with no draw
    (``screen(reel, window)``: an expanding wild; a window it leaves as it is stays so)."""

    levels: tuple[PlanLevel, ...] = ()
    level_of_points: tuple[int, ...] = ()
    progress: WindowCount | None = None
    show: Callable[[int, Window], Window] | None = None
    screen: Callable[[int, Window], Window] | None = None


@dataclass(frozen=True)
class SpinsPlan:
    """A feature that is a run of spins, as data the batch player plays (``simulate``).

    The block builds it from its own parameters and functions (the award table, its cap
    and top-up, the reel sets and multipliers it draws), and the batch plays every such
    feature of a shard in lockstep, spin by spin, in the block's own draw order:

    1. when no spins remain: ``top_up`` more while the total is below ``minimum``
       (minor units: ``free_spins.top_up_until``, the first total above the feature's minimum), else the feature ends; it ends too after ``limit`` spins;
    2. the reel set (one ``rng.weighted`` when 2+), the spin multiplier (one
       ``rng.weighted`` when 2+ entries), then one ``below(len(strip))`` per reel;
    3. the spin pays its lines x ``line_multiplier`` x the spin multiplier and its
       scatters x ``scatter_multiplier`` x the spin multiplier (the game's own tables:
       no other block acts in the feature's spins);
    4. a spin that takes the total to ``cap`` (minor units; 0: none) is cut to it and
       ends the feature; any other adds ``added[count]`` spins, ``count`` being its
       windows' total by ``count`` (empty ``added``: none).

    ``awarded[count]`` are the spins the triggering count awards (counts past the end of
    a table use its last entry). A block returns no plan where its feature is not this
    shape; its rounds then go to ``play_round``.

    ``levels`` (from the ``PlanPart`` of a block acting inside the spins, empty: none):
    each spin is played at the feature's level (sticky reels, multiplier, direction);
    after a spin that is not capped its landed windows add ``progress`` points (capped at
    the end of ``level_of_points``), and each level reached adds its ``spins``.

    ``screen`` (from a ``PlanPart``, None: none): each spin's landed windows are shown
    as ``screen(reel, window)`` before they are paid and counted (a screen stage that
    draws nothing, e.g. an expanding wild); a plan has it or levels, not both.
    """

    name: str  # the feature's name (what ``RoundResult.features`` lists)
    awarded: tuple[int, ...]
    reel_sets: tuple[WeightedName, ...]
    multipliers: tuple[tuple[int, int], ...]  # (value, weight) of the spin multiplier; empty: 1
    line_multiplier: int
    scatter_multiplier: int
    count: WindowCount
    added: tuple[int, ...] = ()
    cap: Money = 0
    minimum: int = 0  # the smallest total that takes no top-up (``free_spins.top_up_until``; 0: none)
    top_up: int = 0
    limit: int = MAX_FEATURE_SPINS
    levels: tuple[PlanLevel, ...] = ()
    level_of_points: tuple[int, ...] = ()
    progress: WindowCount | None = None
    show: Callable[[int, Window], Window] | None = None
    screen: Callable[[int, Window], Window] | None = None


@dataclass(frozen=True)
class BoardsPlan:
    """A hold-and-respin on boards of single-cell reels, as data the batch player plays
    (``simulate``): the block's own boards (``core/boards.Board``: each cell's strip, in
    draw order) and its own cell rules (``CellAction`` per symbol), which the player reads
    in the order ``core/boards.HeldRespinEngine`` documents (place, spin, resolve: REVEAL,
    RESPINS, MULTIPLY, COLLECT, FILL; settle). Every feature of a shard is played in
    lockstep, respin by respin, each round's draws from its own next draw index.

    ``reset_to`` is what a resetting symbol sets the respins to (``boards.reset_count``).
    ``chances[count]`` (counts past the end use the last; empty: always) is the chance the
    triggering count opens the feature: below 1, one ``rng.chance`` first. ``start`` lists
    the symbols placed first, each ``(symbol, board, reel, row)`` ("" / -1: any), then one
    ``place_symbol`` per counted symbol (empty: none). ``fills``: per board, its fill award
    in minor units. A block returns no plan where its feature is not this shape."""

    name: str
    boards: tuple[Board, ...]
    actions: dict[str, CellAction]
    bet_total: Money
    respins: int
    reset_to: int
    fills: tuple[Money, ...]
    start: tuple[tuple[str, str, int, int], ...] = ()
    place_symbol: str = ""
    chances: tuple[Fraction, ...] = ()
    limit: int = MAX_FEATURE_SPINS


@dataclass(frozen=True)
class WheelPlan:
    """A wheel of rings of weighted pockets, as data the batch player plays: from ring 0,
    one ``rng.weighted(weights[ring])`` (no draw for one pocket) gives a pocket that pays
    ``pays[ring][pocket]`` (minor units) and ends the wheel, or passes play to ring
    ``next[ring][pocket]`` (-1: it pays); ``limit`` spins end a wheel that never pays."""

    name: str
    weights: tuple[tuple[int, ...], ...]
    pays: tuple[tuple[Money, ...], ...]
    next: tuple[tuple[int, ...], ...]
    limit: int = MAX_FEATURE_SPINS


FeaturePlan = SpinsPlan | BoardsPlan | WheelPlan  # what a hint's ``plan`` gives


@dataclass(frozen=True)
class BatchHint:
    """Base spins the batch path must leave to ``play_round`` (unless ``stage`` or
    ``plan`` says how to play them).

    ``counts[r][stop]`` is what reel ``r``'s window at ``stop`` adds; a spin whose total
    reaches ``threshold`` may involve the block. ``window_count`` is the rule behind
    ``counts`` (so the batch can count windows another block changed); ``stage``, when
    set, is what the block does on such a spin (``BatchStage``); ``plan``, when set, is
    the feature such a spin triggers at a bet (``FeaturePlan``; None: no plan at that
    bet), triggered by the spin's total; without either the spin is played by ``play_round``.
    """

    counts: tuple[tuple[int, ...], ...]
    threshold: int
    window_count: WindowCount | None = field(default=None, compare=False)
    stage: BatchStage | None = field(default=None, compare=False)
    plan: Callable[[Bet], FeaturePlan | None] | None = field(default=None, compare=False)


def window_hint(
    defn: Definition,
    reel_set: str,
    count: WindowCount,
    threshold: int,
    *,
    stage: BatchStage | None = None,
    plan: Callable[[Bet], FeaturePlan | None] | None = None,
) -> BatchHint:
    """A hint counted by ``count`` on every window of ``reel_set``."""
    rows = defn.grid.rows
    return BatchHint(
        tuple(
            tuple(count(reel, tuple(strip[(stop + r) % len(strip)] for r in range(rows))) for stop in range(len(strip)))
            for reel, strip in enumerate(defn.reels[reel_set])
        ),
        threshold,
        count,
        stage,
        plan,
    )


@dataclass(frozen=True)
class BlockPar:
    """What one block adds to par: named figures, each exact or estimated."""

    name: str
    rtp: Value  # contribution to the total RTP, as a multiple of the total bet
    figures: dict[str, Value] = field(default_factory=dict)  # trigger rate, expected spins, ...
    notes: tuple[str, ...] = ()
    detail: dict[str, Any] = field(default_factory=dict)  # JSON-ready extras (tables)


@dataclass(frozen=True)
class ParContext:
    """What a block's ``par`` may use. ``samples`` and ``seed`` size any estimate."""

    defn: Definition
    feature: Any
    bet: Bet
    samples: int = 2000
    seed: int = 20240601


@runtime_checkable
class FeatureBlock(Protocol):
    """The contract of a registered block (``Block`` gives the defaults).

    Hook contracts:
    - ``check`` reports problems with ``report(path, message)``, the path below the
      feature's entry (``("awards", 3)``); it never raises.
    - ``screen_stage`` / ``win_stage`` may replace ``draft.screen`` / ``draft.wins`` and
      ``draft.win`` and must add an event saying what they changed; draws go through
      ``ctx.rng`` in the order the module documents.
    - ``lean_wins``: the block's ``win_stage`` also works on a lean draft (``draft.lean``:
      no win events, the amount alone, when the round keeps no events) and makes the
      same draws there; a win modifier without it makes simulation build win events.
    - ``triggers`` returns None or a ``Trigger``; it may draw only when ``ctx.rng`` is
      set. It is called for every spin in the block's ``modes``.
    - ``run`` appends every event of the feature to ``ctx.book`` (after the
      ``FeatureTriggered`` the pipeline adds) and returns its total.
    - ``par`` returns the block's contribution; an estimate comes from running this
      same block from its trigger (``core/value.estimate_runs``), never a second copy
      of its rules.
    """

    type: str
    params: builtins.type
    presenter: str
    resume_kinds: frozenset[str]
    screen_modifier: bool  # takes part in the screen stage
    win_modifier: bool  # takes part in the win stage
    lean_wins: bool  # its win stage works on a lean draft (amount only)
    spins_alike: bool  # its effect on a spin depends on that spin's draws alone (no state between spins)

    def modes(self, params: Any) -> frozenset[str]: ...
    def check(self, defn: Definition, params: Any, report: Report) -> None: ...
    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None: ...
    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None: ...
    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None: ...
    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun: ...
    def anticipation(
        self, ctx: FeatureContext, reel_set: str, screen: Screen, spinning: tuple[int, ...]
    ) -> tuple[int, ...]: ...
    def expected_value(self, ctx: FeatureContext, trigger: Trigger) -> Fraction | None: ...
    def bought(self, defn: Definition, params: Any) -> Trigger | None: ...
    def par(self, pctx: ParContext) -> BlockPar | None: ...
    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]: ...
    def quiet(self, defn: Definition, params: Any) -> tuple[tuple[str, int], ...]: ...
    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool: ...
    def par_reads_lines(self, params: Any, mode: str) -> bool: ...
    def par_changes_lines(self, params: Any, mode: str) -> bool: ...
    def par_trigger_modes(self, params: Any) -> frozenset[str]: ...
    def trigger_window_count(self, defn: Definition, params: Any, mode: str, reel_set: str) -> WindowCount | None: ...
    def spin_reel_sets(self, defn: Definition, params: Any, mode: str) -> tuple[str, ...]: ...
    def par_prices_scatters(self, defn: Definition, params: Any, mode: str) -> bool: ...
    def feature_value(self, defn: Definition, params: Any, feature: Any, count: int, bet: Bet) -> Fraction | None: ...
    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None: ...


class Block:
    """Defaults for every hook: a block overrides the stages it takes part in."""

    type: ClassVar[str] = ""
    params: ClassVar[builtins.type] = object
    presenter: ClassVar[str] = ""
    resume_kinds: ClassVar[frozenset[str]] = frozenset()
    screen_modifier: ClassVar[bool] = False  # takes part in the screen stage
    win_modifier: ClassVar[bool] = False  # takes part in the win stage
    lean_wins: ClassVar[bool] = False  # its win stage works on a lean draft (amount only)
    # its effect on a spin depends on that spin's draws alone, so the free spins it acts in
    # stay independent and alike (what free-spins par needs to price a top-up by Wald)
    spins_alike: ClassVar[bool] = False

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset({"base"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        return None

    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        return None

    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        return None

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        return None

    def feature_start(self, ctx: FeatureContext, feature: str) -> None:
        """Called as ``feature`` (a free-spins feature whose spins this block acts in) starts,
        after its ``FeatureStarted`` and before its first spin; may draw from ``ctx.rng`` (the
        expanding symbol's draw). Default: nothing."""
        return None

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        raise NotImplementedError(f"{self.type} never triggers, so it has no run")

    def anticipation(
        self, ctx: FeatureContext, reel_set: str, screen: Screen, spinning: tuple[int, ...]
    ) -> tuple[int, ...]:
        return ()

    def expected_value(self, ctx: FeatureContext, trigger: Trigger) -> Fraction | None:
        return None

    def bought(self, defn: Definition, params: Any) -> Trigger | None:
        """The trigger a buy mode (``bet_modes: kind: buy``) starts this feature with, as if it had
        landed; drawing nothing (None: this block cannot be bought)."""
        return None

    def par(self, pctx: ParContext) -> BlockPar | None:
        return None

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        return ()

    def quiet(self, defn: Definition, params: Any) -> tuple[tuple[str, int], ...]:
        return ()

    def feature_plan(self, defn: Definition, params: Any, bet: Bet) -> FeaturePlan | None:
        """This block's feature, once triggered at ``bet``, as data for the batch player
        (what its batch hint's ``plan`` gives; a block another block opens, e.g. a panel
        door's minigame, is asked here). None: its rounds go to ``play_round``."""
        return None

    def plan_part(self, defn: Definition, params: Any, feature: Any) -> PlanPart | None:
        """What this block does inside the spins of ``feature`` (a block that gives a
        ``SpinsPlan``), as data. None: it cannot say, so that feature's rounds go to
        ``play_round``."""
        return None

    # --- how par composes with other blocks (``core/composition.py`` pairs these) ---

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        """Whether this block's par already prices its effect together with ``other``'s
        in spins of ``mode`` (so the two parts add up to the joint value). Default: no."""
        return False

    def par_reads_lines(self, params: Any, mode: str) -> bool:
        """Whether this block's par, for spins of ``mode``, is computed from what those
        spins pay on their lines and scatters. Default: a screen or win modifier's part is a
        difference of such pays."""
        return self.screen_modifier or self.win_modifier

    def par_changes_lines(self, params: Any, mode: str) -> bool:
        """Whether this block changes what spins of ``mode`` pay (their screen, a
        multiplier, the direction). Default: a screen or win modifier does."""
        return self.screen_modifier or self.win_modifier

    def par_trigger_modes(self, params: Any) -> frozenset[str]:
        """The modes whose spins' triggers of this block its par counts. Default: base
        spins only."""
        return frozenset({"base"})

    def trigger_window_count(self, defn: Definition, params: Any, mode: str, reel_set: str) -> WindowCount | None:
        """What this block's trigger counts on each reel's window in spins of ``mode``
        (None: it reads no symbols there). Default: none for a screen or win modifier (it
        triggers nothing), else its batch hints' counts, the rule it plays by."""
        if self.screen_modifier or self.win_modifier:
            return None
        counts = [h.window_count for h in self.batch_hints(defn, params, reel_set) if h.window_count is not None]
        if not counts:
            return None
        if len(counts) == 1:
            return counts[0]
        return lambda reel, window: sum(c(reel, window) for c in counts)

    def spin_reel_sets(self, defn: Definition, params: Any, mode: str) -> tuple[str, ...]:
        """The reel sets of the spins of ``mode`` this block plays itself (free spins
        play "free" spins; empty: it plays none)."""
        return ()

    def par_prices_scatters(self, defn: Definition, params: Any, mode: str) -> bool:
        """Whether this screen block's par prices what its stage changes in the scatter pays
        of spins of ``mode`` (play pays scatters after the screen stage). Default: no."""
        return False

    def feature_value(self, defn: Definition, params: Any, feature: Any, count: int, bet: Bet) -> Fraction | None:
        """For a block that runs inside ``feature`` and prices it (progress levels): the exact
        expected win (minor units) of ``feature`` triggered by ``count``, with this block and
        what it prices with it. None: it does not (or not exactly)."""
        return None

    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None:
        """P(a base spin starts this feature), exactly (``cabinet check`` warns of a 0: a
        feature no base spin can start). None: not a feature a base spin starts by itself
        (a screen or win block, one opened by another feature, or one that may start only
        inside another's spins)."""
        return None


# --- the registry ------------------------------------------------------------------------------------

# The blocks that ship, by module; each module defines ``BLOCK``.
BUILTIN_BLOCKS: tuple[str, ...] = (
    "free_spins",
    "paid_respin",
    "mystery_symbol",
    "expanding_wild",
    "expanding_symbol",
    "multiplier_wilds",
    "fill_multiplier",
    "screen_wild_multiplier",
    "random_multiplier",
    "progress_levels",
    "sticky_wild_reels",
    "hold_and_respin",
    "wheel",
    "wild_respin",
    "mummy_access",
    "tumble",
    "pick_bonus",
    *("big_symbols", "spreading_wild", "turn_wild"),  # issue 35 item 7 shapes
    "progressive",  # issue 35: the kiosk's shared progressive jackpot
    "collection",  # issue 35: a meter kept from round to round
)

_BLOCKS: Registry[FeatureBlock] = Registry(
    package=__name__, modules=BUILTIN_BLOCKS, attribute="BLOCK", protocol=FeatureBlock, what="feature block"
)


def register(entry: FeatureBlock, *, replace: bool = False) -> FeatureBlock:
    """Add a block to the registry (tests register toy blocks; ``unregister`` removes them)."""
    return _BLOCKS.register(entry, replace=replace)


def unregister(type_name: str) -> None:
    _BLOCKS.unregister(type_name)


def registry() -> dict[str, FeatureBlock]:
    """Every registered block by YAML type, in registration order."""
    return _BLOCKS.entries()


def block(type_name: str) -> FeatureBlock | None:
    """The block of a feature type, or of a type's former name (None: no such block)."""
    return registry().get(FORMER_FEATURE_TYPES.get(type_name, type_name))


def block_of(params: Any) -> FeatureBlock:
    found = block(params.type)
    if found is None:
        raise KeyError(f"no feature block of type {params.type!r}")
    return found


def active(defn: Definition, mode: str) -> list[tuple[Any, FeatureBlock]]:
    """(parameters, block) of the features that act in spins of ``mode``, in definition order."""
    cache = defn.__dict__.setdefault("_active_blocks", {})
    found = cache.get(mode)
    if found is None:
        found = []
        for params in defn.features:
            entry = block(params.type)
            if entry is not None and mode in entry.modes(params):
                found.append((params, entry))
        cache[mode] = found
    return found  # type: ignore[no-any-return]


def feature_types() -> dict[str, type]:
    """YAML ``type`` -> parameters dataclass, for every registered block (the loader and the
    schema read this)."""
    return {name: entry.params for name, entry in registry().items()}


# Mechanics whose engine lands with the games that need them. The loader names them as
# reserved instead of calling them unknown (until a block of that type is registered).
# YAML types a block was known by before, read as its type now.
FORMER_FEATURE_TYPES: dict[str, str] = {"mummy_access": "panel_door"}


# Event kinds after which recovery may resume any round: the reels have landed, a spin is over.
BASE_RESUME_KINDS = frozenset({"reels_stopped", "spin_ended"})


def resume_kinds() -> frozenset[str]:
    """Every event kind at which recovery may resume a round: the base ones and each block's."""
    out = set(BASE_RESUME_KINDS)
    for entry in registry().values():
        out |= entry.resume_kinds
    return frozenset(out)


def quiet_rules(defn: Definition) -> list[tuple[str, int]]:
    """(symbol, count) pairs the idle screen must not show: a trigger before any play
    looks like a missed payout. From every block's ``quiet``."""
    out: list[tuple[str, int]] = []
    for params in defn.features:
        entry = block(params.type)
        if entry is not None:
            out.extend(entry.quiet(defn, params))
    return out


def presence_hint(
    defn: Definition,
    reel_set: str,
    symbol: str,
    *,
    reels: Iterable[int] | None = None,
    stage: BatchStage | None = None,
) -> BatchHint:
    """A hint for "the screen shows ``symbol``" (on ``reels``, 0-based; None: any reel)."""
    wanted = None if reels is None else frozenset(reels)

    def shows(reel: int, window: Window) -> int:
        return int((wanted is None or reel in wanted) and symbol in window)

    return window_hint(defn, reel_set, shows, 1, stage=stage)


class ModesBlock(Block):
    """A block whose parameters name the spins it acts in (a ``modes:`` field)."""

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset(params.modes)


# --- draws shared by the pipeline and the blocks (their order is a contract) -------------------------


def choose_reel_set(rng: Rng, choices: tuple[WeightedName, ...]) -> str:
    """The reel set of a spin: no draw for a single choice, else one ``rng.weighted``."""
    if not choices:
        raise ValueError("no reel sets to choose from")
    if len(choices) == 1:
        return choices[0].set
    return choices[rng.weighted([c.weight for c in choices])].set


def draw_stops(rng: Rng, defn: Definition, reel_set: str) -> tuple[int, ...]:
    """One ``rng.below(len(strip))`` per reel, reel 1 first."""
    return tuple(rng.below(len(strip)) for strip in defn.reels[reel_set])


def draw_value(rng: Rng, table: tuple[WeightedValue, ...]) -> Fraction:
    """A weighted value: one ``rng.weighted`` draw (no draw for a single entry)."""
    if len(table) == 1:
        return table[0].value
    return table[rng.weighted([e.weight for e in table])].value


def mean_value(table: tuple[WeightedValue, ...]) -> Fraction:
    """The exact mean of a weighted table (1 for an empty one)."""
    if not table:
        return Fraction(1)
    weight = sum(e.weight for e in table)
    return sum((e.value * e.weight for e in table), Fraction(0)) / weight


def award_for(awards: dict[int, int], count: int) -> int:
    """Award of the largest key not above ``count`` (counts above the largest use it)."""
    best = 0
    best_key = -1
    for key, value in awards.items():
        if best_key < key <= count:
            best, best_key = value, key
    return best


def check_symbol(
    defn: Definition,
    report: Report,
    path: tuple[Any, ...],
    sid: str,
    *,
    kinds: Iterable[str] = (),
    what: str = "symbol",
) -> None:
    """Report an unknown symbol id (with a suggestion), or one of the wrong kind;
    ``what`` names the field in the message ("trigger symbol")."""
    from difflib import get_close_matches

    symbols = defn.symbol_map
    sym = symbols.get(sid)
    if sym is None:
        close = get_close_matches(sid, list(symbols), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        report(path, f"unknown {what} '{sid}'{hint}")
        return
    allowed = tuple(kinds)
    if allowed and sym.kind not in allowed and symbols.get(sym.base, sym).kind not in allowed:
        report(path, f"{what} '{sid}' must be a {' or '.join(allowed)} symbol, not {sym.kind}")


def check_weights(report: Report, path: tuple[Any, ...], table: Iterable[WeightedValue]) -> None:
    for j, wv in enumerate(table):
        if wv.weight < 1:
            report((*path, j, "weight"), f"weights must be positive, got {wv.weight}")


def check_reels(defn: Definition, report: Report, path: tuple[Any, ...], reels: Iterable[int]) -> None:
    for j, reel in enumerate(reels):
        if not 1 <= reel <= defn.grid.reels:
            report((*path, j), f"reels are numbered 1 to {defn.grid.reels}, got {reel}")
