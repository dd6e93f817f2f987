"""Progress levels inside a feature: symbols move a bar, and each level unlocks something
for the rest of the feature (Lucky Christmas).

YAML::

    features:
      - type: progress_levels
        symbol: BONUS             # each one landing moves the bar a point (Doubles counting)
        feature: free_spins       # the feature it runs inside (its name)
        points_per_level: 4
        max_points: 20
        sticky_reels: [3, 2, 4]   # reels (1-based) made sticky, in this order
        levels:
          - {unlock: sticky_reel, extra_spins: 1}
          - {unlock: multiplier, value: 2, extra_spins: 1}
          - {unlock: sticky_reel, extra_spins: 2}
          - {unlock: both_ways, extra_spins: 2}
          - {unlock: sticky_reel, extra_spins: 2}
      - type: sticky_wild_reels   # listed after it: shows the sticky reels
        symbol: WILD

In each spin of the feature (mode "free"), in the **screen stage** and before the
blocks listed after it, the symbols on the *landed* screen are counted onto the bar
(``ProgressAdvanced``), so a symbol landing on a sticky reel counts before that reel
turns wild. In the **trigger stage** each level the bar has reached is unlocked, in
order, for the spins that follow: ``LevelReached`` (and ``StickyReelAdded``), the next
sticky reel (``state.sticky_reels``), the multiplier (``state.level_multiplier``,
which the free-spins block multiplies in), wins both ways (``state.both_ways``: both
directions, a line paid left to right over all five reels is not paid again from the
right), and the level's extra spins (``state.spins_added``). No draws. The state is
the feature's: it starts empty with each feature.

Par (exact): a Markov chain over (points, spins left), played spin by spin from every
trigger count. The level (so the sticky reels, the multiplier and the direction) is a
function of the points, and a spin's win given its level does not depend on the past,
so the feature's value is the sum over levels of E[spins played at that level] x the
exact value of one spin at that level (the free-spin reels with the sticky reels as
one-stop wild strips, both ways from the level that unlocks it). The block's part is
that value minus what the free-spins block already counts (the same spins without
levels). A feature that retriggers makes the chain unbounded: then the part is an
estimate from runs of the free-spins block (this block inside it) from its trigger.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Literal

from ..bet import Bet
from ..definition import Definition, doc
from ..evaluate import compiled, symbol_count
from ..events import Event, Position, register_event
from ..linemath import line_expectation, scatter_expectation, symbol_count_distribution
from ..rng import derive_seed
from ..value import Exact, Value, estimate_runs
from . import (
    Block,
    BlockPar,
    FeatureContext,
    ParContext,
    PlanLevel,
    PlanPart,
    Report,
    Spin,
    SpinDraft,
    Trigger,
    WindowCount,
    award_for,
    check_reels,
    check_symbol,
    mean_value,
)

if TYPE_CHECKING:
    from .free_spins import FreeSpins


@dataclass(frozen=True)
class Level:
    unlock: Literal["sticky_reel", "multiplier", "both_ways", "nothing"] = doc(
        "what the level turns on for the rest of the feature"
    )
    value: int = doc("for a multiplier: its value", default=0)
    extra_spins: int = doc("spins the level adds", default=0)
    label: str = doc("the level's words on the meter and its banner (empty: what it unlocks, e.g. \"x2 "
                     "MULTIPLIER\"; a level that unlocks nothing: its extra spins, or \"LEVEL n\")", default="")


@dataclass(frozen=True)
class ProgressLevels:
    type: Literal["progress_levels"] = doc("a progress bar inside a feature whose levels unlock features")
    symbol: str = doc("the symbol that moves the bar, one point each (Doubles counting)")
    levels: tuple[Level, ...] = doc("the levels, in order")
    feature: str = doc("name of the feature it runs inside", default="free_spins")
    points_per_level: int = doc("points from one level to the next", default=4)
    max_points: int = doc("the bar's top", default=20)
    sticky_reels: tuple[int, ...] = doc("reels (1-based) that sticky_reel levels make sticky, in order", factory=tuple)
    name: str = doc("feature name used in events", default="progress_levels")
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets; a level's own `label` names it): "
        "`level` a level's headline [LEVEL {level}]; `sticky` a sticky reel's meter label [STICKY REEL {reel}] "
        "and `sticky_banner` its banner [STICKY WILD REEL {reel}] (`sticky_any` [STICKY REEL] and "
        "`sticky_any_banner` [A STICKY WILD REEL] where no reel is listed for it); `multiplier` [x{value} MULTIPLIER]; "
        "`both_ways` [BOTH WAYS] and `both_ways_banner` [WINS PAY BOTH WAYS]; `meter` the bar's title [BONUS "
        "METER]; `sticky_tag` a frozen reel's tag [STICKY]; `intro` the free spins' intro line [EVERY {points} "
        "{symbol} SYMBOLS UNLOCK A LEVEL]; `reached` [LEVEL {level} REACHED]; `stays_wild` [REEL {reel} STAYS "
        "WILD]; `heading` its INFO heading", factory=dict)


# --- its events -----------------------------------------------------------------------------------


@register_event
@dataclass(frozen=True)
class ProgressAdvanced(Event):
    kind: ClassVar[str] = "progress_advanced"
    feature: str
    points: int  # points after this spin
    added: int
    positions: tuple[Position, ...]  # the symbols that moved the bar


@register_event
@dataclass(frozen=True)
class LevelReached(Event):
    kind: ClassVar[str] = "level_reached"
    feature: str
    level: int  # 1-based
    unlocks: str  # what the level turns on ("sticky_reel", "multiplier", "both_ways", ...)
    value: int  # e.g. the multiplier, or the sticky reel (0-based)
    extra_spins: int


@register_event
@dataclass(frozen=True)
class StickyReelAdded(Event):
    kind: ClassVar[str] = "sticky_reel_added"
    feature: str
    reel: int  # 0-based


@dataclass
class Progress:
    points: int = 0
    level: int = 0  # levels unlocked so far


def _progress(ctx: FeatureContext) -> Progress:
    found = ctx.state.values.get(ctx.feature.name)
    if found is None:
        found = ctx.state.values[ctx.feature.name] = Progress()
    assert isinstance(found, Progress)
    return found


def level_of(params: ProgressLevels, points: int) -> int:
    return min(points // params.points_per_level, len(params.levels))


def plan_part(defn: Definition, params: ProgressLevels, feature: Any) -> PlanPart | None:
    """The bar as data for the batch player of the free spins it runs inside: what the
    spins have unlocked at each level, walked level by level as ``triggers`` unlocks
    them, the level of every point count, and the points a landed window adds (as
    ``screen_stage`` counts them). None inside any other feature."""
    if params.feature != feature.name:
        return None
    adds = compiled(defn).counts_as.get(params.symbol, {})
    sticky: list[int] = []
    multiplier, both_ways = 1, None
    levels = [PlanLevel()]
    for level in params.levels:
        if level.unlock == "sticky_reel":
            sticky.append(params.sticky_reels[len(sticky)] - 1)
        elif level.unlock == "multiplier":
            multiplier = level.value
        elif level.unlock == "both_ways":
            both_ways = True
        levels.append(PlanLevel(tuple(sticky), multiplier, both_ways, level.extra_spins))
    return PlanPart(
        levels=tuple(levels),
        level_of_points=tuple(level_of(params, points) for points in range(params.max_points + 1)),
        progress=lambda reel, window: sum(adds.get(sid, 0) for sid in window),
    )


class ProgressLevelsBlock(Block):
    type = "progress_levels"
    params = ProgressLevels
    presenter = "progress_levels"
    screen_modifier = True

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset({"free"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: ProgressLevels = params
        check_symbol(defn, report, ("symbol",), p.symbol, what="progress symbol")
        inside = [f for f in defn.features if f.name == p.feature]
        if not inside or inside[0].type != "free_spins":
            report(("feature",), f"'{p.feature}' is not a free_spins feature of this game")
        if p.points_per_level < 1:
            report(("points_per_level",), f"points_per_level must be at least 1, got {p.points_per_level}")
        if p.max_points < p.points_per_level * len(p.levels):
            report(("max_points",), f"max_points {p.max_points} is below the last level's points "
                                    f"({p.points_per_level * len(p.levels)})")
        check_reels(defn, report, ("sticky_reels",), p.sticky_reels)
        needed = sum(1 for lv in p.levels if lv.unlock == "sticky_reel")
        if len(p.sticky_reels) < needed:
            report(("sticky_reels",), f"{needed} levels unlock a sticky reel; list at least {needed} reels")
        if len(set(p.sticky_reels)) != len(p.sticky_reels):
            report(("sticky_reels",), "a reel can be made sticky once")
        for j, lv in enumerate(p.levels):
            if lv.unlock == "multiplier" and lv.value < 2:
                report(("levels", j, "value"), f"a multiplier level needs a value of at least 2, got {lv.value}")
            if lv.extra_spins < 0:
                report(("levels", j, "extra_spins"), "extra_spins must not be negative")
        mine = [i for i, f in enumerate(defn.features) if f is p]
        sticky = [i for i, f in enumerate(defn.features) if f.type == "sticky_wild_reels"]
        if needed and not sticky:
            report((), "sticky_reel levels need a sticky_wild_reels feature (listed after this one) to show them")
        elif mine and sticky and sticky[0] < mine[0]:
            report((), "list progress_levels before sticky_wild_reels: a symbol counts before its reel turns wild")

    def plan_part(self, defn: Definition, params: Any, feature: Any) -> PlanPart | None:
        return plan_part(defn, params, feature)

    def screen_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: ProgressLevels = ctx.feature
        if ctx.mode != "free" or p.feature not in ctx.state.running:
            return
        count, positions = symbol_count(ctx.defn, draft.screen, p.symbol)
        if not count:
            return
        progress = _progress(ctx)
        before = progress.points
        progress.points = min(p.max_points, before + count)
        ctx.book.add(ProgressAdvanced(p.name, progress.points, progress.points - before, positions))

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        """Never triggers a run: unlocks the levels the bar has reached, for the next spins."""
        p: ProgressLevels = ctx.feature
        if spin.mode != "free" or p.feature not in ctx.state.running:
            return None
        progress = _progress(ctx)
        state = ctx.state
        while progress.level < level_of(p, progress.points):
            level = p.levels[progress.level]
            progress.level += 1
            value = level.value
            if level.unlock == "sticky_reel":
                reel = p.sticky_reels[len(state.sticky_reels)] - 1
                state.sticky_reels.append(reel)
                value = reel
                ctx.book.add(StickyReelAdded(p.name, reel))
            elif level.unlock == "multiplier":
                state.level_multiplier = Fraction(level.value)
            elif level.unlock == "both_ways":
                state.both_ways = True
            state.spins_added[p.feature] = state.spins_added.get(p.feature, 0) + level.extra_spins
            ctx.book.add(LevelReached(p.name, progress.level, level.unlock, value, level.extra_spins))
        return None

    def trigger_window_count(self, defn: Definition, params: Any, mode: str, reel_set: str) -> WindowCount | None:
        adds = {s.id: s.counts for s in defn.symbols if s.base == params.symbol}
        return lambda reel, w: sum(adds.get(sid, 0) for sid in w)

    def feature_value(self, defn: Definition, params: Any, feature: Any, count: int, bet: Bet) -> Fraction | None:
        return feature_value(defn, params, feature, count, bet) if params.feature == feature.name else None

    def par_prices_scatters(self, defn: Definition, params: Any, mode: str) -> bool:
        """Its screen stage only counts (it changes no symbol), and the level values price the
        sticky reels it unlocks, scatters they cover included."""
        return True

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        """The feature it runs in, the sticky reels it unlocks, and a mystery reveal in those
        spins (priced in each level's spin value) are priced here with it."""
        p: ProgressLevels = params
        if mode != "free":
            return False
        if other.type == "free_spins":
            return bool(other.name == p.feature)
        if other.type == "sticky_wild_reels":
            return other is _sticky_block(defn)
        if other.type == "mystery_symbol":
            return other is _priced_mystery(defn, p)
        return False

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        from .free_spins import (
            FreeSpins,
            free_spins_value,
            run_from_trigger,
            trigger_distribution,
            without_rules,
        )

        f = next((g for g in defn.features if isinstance(g, FreeSpins) and g.name == p.feature), None)
        if f is None:
            return None
        triggers = trigger_distribution(defn, f)
        plain = sum((q * free_spins_value(defn, f, k, bet) for k, q in triggers.items()), Fraction(0)) / bet.total
        # what a mystery reveal in these spins already counts (on plain spins): this part takes it
        # back, since the level values below price the reveal with the levels' effects
        mystery = _priced_mystery(defn, p)
        if mystery is not None:
            from . import block

            claimed = block(mystery.type).par(ParContext(defn, mystery, bet, pctx.samples, pctx.seed))  # type: ignore[union-attr]
            free_claim = None if claimed is None else claimed.figures.get("free_rtp")
            if not isinstance(free_claim, Exact):
                return None
            plain += free_claim.value
        levels = [level_values(defn, p, f, bet, n) for n in range(len(p.levels) + 1)]
        figures: dict[str, Value] = {f"level_{n}_spin_value": Exact(v) for n, v in enumerate(levels)}
        if f.retrigger and any(award_for(f.retrigger_awards or f.awards, k) for k in range(1, 64)):
            # retriggers make the chain unbounded: estimate from runs of the feature itself, played
            # without its cap and top-up as ``plain`` is (the rules' effect, levels playing along,
            # is the free-spins block's own part: counted here too, it was counted twice)
            out: Value = Exact(-plain)
            bare = without_rules(f)
            for k, q in triggers.items():
                n = max(2, int(pctx.samples * q / sum(triggers.values())))
                def one(i: int, k: int = k, f: FreeSpins = bare) -> int:
                    return run_from_trigger(defn, f, bet, k, derive_seed(pctx.seed, i * 64 + k))

                stratum = estimate_runs(one, n, pctx.seed, f"runs of {f.name} with {p.name}", scale=q / bet.total)
                out = out + stratum
            notes = ("free spins retrigger: estimated from runs of the feature",)
            return BlockPar(p.name, out, figures, notes + _mystery_note(mystery))
        spins_at = [Fraction(0)] * len(levels)
        for k, q in triggers.items():
            for n, spins in enumerate(spins_by_level(defn, p, f, award_for(f.awards, k))):
                spins_at[n] += q * spins
        for n, spins in enumerate(spins_at):
            rate = sum(triggers.values(), Fraction(0))
            figures[f"level_{n}_spins"] = Exact(spins / rate if rate else Fraction(0))
        value = sum((s * v for s, v in zip(spins_at, levels, strict=True)), Fraction(0))
        return BlockPar(p.name, Exact(value - plain), figures, _mystery_note(mystery))


def _mystery_note(mystery: Any) -> tuple[str, ...]:
    if mystery is None:
        return ()
    return (f"{mystery.name} in these spins is priced in each level's spin value (every reveal, with the level's "
            "sticky reels, multiplier and direction); this part takes back what it counts on plain spins",)


def _sticky_block(defn: Definition) -> Any:
    from .sticky_wild_reels import StickyWildReels

    return next((g for g in defn.features if isinstance(g, StickyWildReels)), None)


def _priced_mystery(defn: Definition, p: ProgressLevels) -> Any:
    """The one mystery block acting in the free spins ``p`` runs in, when the level values
    can price it exactly: its reveal never changes what the bar or the feature's
    retriggers count. None otherwise."""
    from ..composition import count_unchanged
    from .free_spins import FreeSpins
    from .mystery_symbol import MysterySymbol

    found = [g for g in defn.features if isinstance(g, MysterySymbol) and "free" in g.modes]
    f = next((g for g in defn.features if isinstance(g, FreeSpins) and g.name == p.feature), None)
    if len(found) != 1 or f is None:
        return None
    mystery = found[0]
    if not (count_unchanged(defn, "free", mystery, p) and count_unchanged(defn, "free", mystery, f)):
        return None
    return mystery


def feature_value(defn: Definition, p: ProgressLevels, f: FreeSpins, count: int, bet: Bet) -> Fraction | None:
    """Exact expected win (minor units) of ``f`` triggered by ``count`` with these levels (and
    what they price with them), without caps and top-ups; None when retriggers make the chain
    unbounded."""
    if f.retrigger and any(award_for(f.retrigger_awards or f.awards, k) for k in range(1, 64)):
        return None
    levels = [level_values(defn, p, f, bet, n) for n in range(len(p.levels) + 1)]
    spins = spins_by_level(defn, p, f, award_for(f.awards, count))
    return sum((s * v for s, v in zip(spins, levels, strict=True)), Fraction(0)) * bet.total


def bonus_distribution(defn: Definition, f: FreeSpins, symbol: str) -> list[Fraction]:
    """P(k symbols on a free spin's landed screen), over the feature's reel sets."""
    choices = f.reel_sets or defn.base_game.reel_sets
    weight = sum(c.weight for c in choices)
    out: list[Fraction] = []
    for c in choices:
        for k, q in enumerate(symbol_count_distribution(defn, c.set, [symbol])):
            while len(out) <= k:
                out.append(Fraction(0))
            out[k] += Fraction(c.weight, weight) * q
    return out


def spins_by_level(defn: Definition, p: ProgressLevels, f: FreeSpins, awarded: int) -> list[Fraction]:
    """E[spins played at each level] of a feature awarded ``awarded`` spins (no retriggers):
    the chain over (points, spins left) walked spin by spin."""
    dist = bonus_distribution(defn, f, p.symbol)
    extra = [0] + [lv.extra_spins for lv in p.levels]
    out = [Fraction(0)] * (len(p.levels) + 1)
    states: dict[tuple[int, int], Fraction] = {(0, awarded): Fraction(1)}
    while states:
        nxt: dict[tuple[int, int], Fraction] = {}
        for (points, left), prob in states.items():
            level = level_of(p, points)
            out[level] += prob
            for k, q in enumerate(dist):
                if not q:
                    continue
                moved = min(p.max_points, points + k)
                reached = level_of(p, moved)
                left_after = left - 1 + sum(extra[level + 1 : reached + 1])
                if left_after > 0:
                    key = (moved, left_after)
                    nxt[key] = nxt.get(key, Fraction(0)) + prob * q
        states = nxt
    return out


def level_values(defn: Definition, p: ProgressLevels, f: FreeSpins, bet: Bet, level: int) -> Fraction:
    """Exact expected win of one free spin at ``level``, as a multiple of the total bet."""
    from .sticky_wild_reels import StickyWildReels

    sticky = next((g for g in defn.features if isinstance(g, StickyWildReels)), None)
    mystery = _priced_mystery(defn, p)
    if mystery is None:
        reveals = [(Fraction(1), defn)]
    else:
        from .mystery_symbol import revealed_definition

        weight = sum(r.weight for r in mystery.reveals)
        reveals = [(Fraction(r.weight, weight), revealed_definition(defn, mystery, r.symbol)) for r in mystery.reveals]
    unlocked = p.levels[:level]
    sticky_reels = [p.sticky_reels[i] - 1 for i in range(sum(1 for lv in unlocked if lv.unlock == "sticky_reel"))]
    multiplier = Fraction(1)
    for lv in unlocked:
        if lv.unlock == "multiplier":
            multiplier = Fraction(lv.value)
    both = any(lv.unlock == "both_ways" for lv in unlocked) or defn.pay_direction == "both_ways"
    choices = f.reel_sets or defn.base_game.reel_sets
    weight = sum(c.weight for c in choices)
    line_factor = Fraction(bet.lines * bet.coins_per_line * bet.coin_value, bet.total)
    spin_mult = f.win_multiplier * mean_value(f.spin_multipliers) * multiplier
    scatter_mult = (f.win_multiplier if f.multiply_scatter_pays else 1) * mean_value(f.spin_multipliers) * multiplier
    total = Fraction(0)
    for c in choices:
        for q, shown in reveals:
            game = with_sticky(shown, c.set, tuple(sticky_reels), sticky.symbol if sticky else "")
            lines = line_expectation(game, c.set, both).total * line_factor
            scatters = sum(scatter_expectation(game, c.set).values(), Fraction(0))
            total += q * Fraction(c.weight, weight) * (lines * spin_mult + scatters * scatter_mult)
    return total


def with_sticky(defn: Definition, reel_set: str, reels: tuple[int, ...], symbol: str) -> Definition:
    """The game whose ``reel_set`` has one-stop wild strips on ``reels`` (kept per game)."""
    if not reels:
        return defn
    cache = defn.__dict__.setdefault("_sticky_variants", {})
    key = (reel_set, reels, symbol)
    found = cache.get(key)
    if found is None:
        strips = tuple((symbol,) if r in reels else strip for r, strip in enumerate(defn.reels[reel_set]))
        found = cache[key] = dataclasses.replace(defn, reels={**defn.reels, reel_set: strips})
    return found  # type: ignore[no-any-return]


BLOCK = ProgressLevelsBlock()
