"""Tumbles (cascades): after a paying screen the paying cells go, the rest fall, new symbols
drop in, and the screen pays again, until a screen pays nothing.

YAML::

    features:
      - type: tumble
        fill: strip              # strip: continue the reel strip above the window; weights: draw
        fill_weights:            #   per reel (one entry: every reel), only with fill: weights
          - {A: 5, B: 8, C: 12}
        ladder: [2, 3, 5]        # tumble 1 pays x2, tumble 2 x3, later tumbles x5 (empty: x1)
        ladder_through_free_spins: false   # true: the step keeps climbing over a feature's spins
        wilds_stay: false        # true: paying wilds are not removed
        modes: [base, free]

It works with every pay model: it asks the game's model (``core/pays``) what a screen pays and
removes the ``positions`` of every win event that paid (lines, ways, clusters, anywhere counts
and scatters alike) -- it never asks which model it is.

Win stage, after the landed screen's wins (list this block after any other win modifier):

1. the cells of every paying win go (a wild stays when ``wilds_stay``); no cell to remove ends
   the sequence;
2. in each reel the symbols left fall to the bottom, keeping their order;
3. the holes at the top fill, reel 1 first, in each reel the lowest hole first:
   ``strip`` takes ``strip[stop - 1]``, ``strip[stop - 2]``, ... (the strip above the window,
   continued through the spin's tumbles; no draws); ``weights`` makes ONE
   ``rng.weighted`` per hole over the reel's ``fill_weights``;
4. the new screen is priced by the model at the round's multiplier x the ladder's step (tumble
   ``n`` uses ``ladder[n - 1]``, the last entry past its end) and a ``TumbleStep`` event (what
   went, the draws, the new screen, the step) comes before its wins;
5. repeat from 1 on the new screen's wins; ``TumblesEnded`` closes a sequence that tumbled.

The landed screen is the spin's screen: triggers (stage 5) read it, not the tumbled ones. The
ladder resets each spin, or with ``ladder_through_free_spins`` lasts through the spins of one
mode (a free-spins feature's spins share it; base spins start at step 0 every round).

Par: the block's part is what the tumbles add to a base spin. Exact (a Fraction) only where it
is proven: ``fill: strip`` makes a base spin a function of its stops, so when no other block
changes base screens or wins and there are at most ``EXACT_STOPS`` stop combinations, every
one is played and the mean taken. Otherwise an estimate with its 95% interval from sampled
base spins, its noise cut by a control variate (the landed screen's win minus its exact mean,
when the model prices that exactly). Tumbles inside free spins are not priced here: they meet
the free spins, and par's composition rules then estimate the game whole (and say so).

Simulate: ``batch_spinner`` gives simulate the lockstep tumble player
(``core/pays/tumble_batch.py``: whole rounds, free spins included, in numpy, equal to
``play_round``). Where it cannot play a game it says so (None) and the model's spinner takes
it, with every base spin flagged here for ``play_round`` (a hint of threshold 0): slower,
exactly equal.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..bet import Bet
from ..definition import Definition, doc
from ..events import Event, FeatureLimitReached, Position, Screen, register_event
from ..pays import model_of
from ..rng import Rng, derive_seed
from ..value import Exact, Value, estimate_runs
from . import (
    BatchHint,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    Report,
    SpinDraft,
    block,
    check_symbol,
    choose_reel_set,
    window_hint,
)

EXACT_STOPS = 250_000  # stop combinations par plays one by one before it estimates instead
MAX_TUMBLES = 1_000  # a sequence longer than this ends (a screen whose wins never clear)
SAMPLES_PER_PAR_SAMPLE = 20  # base spins par samples per ``ParContext.samples``


@dataclass(frozen=True)
class Tumble:
    type: Literal["tumble"] = doc("paying symbols vanish, the rest fall, new ones drop in, the screen pays again")
    fill: Literal["strip", "weights"] = doc(
        "how holes fill: strip (the reel strip above the window, continued) or weights (drawn)", default="strip"
    )
    fill_weights: tuple[dict[str, int], ...] = doc(
        "per reel, symbol -> weight of a new symbol (one entry: every reel); fill: weights only", factory=tuple
    )
    ladder: tuple[int, ...] = doc(
        "multiplier of tumble 1, 2, ... (the last repeats; empty: x1)", factory=tuple
    )
    ladder_through_free_spins: bool = doc("the ladder's step lasts through a feature's spins", default=False)
    wilds_stay: bool = doc("paying wilds are not removed", default=False)
    name: str = doc("feature name used in events", default="tumble")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc("the spins it acts in", default=("base", "free"))


@register_event
@dataclass(frozen=True)
class TumbleStep(Event):
    """One tumble: ``removed`` cells went, the rest fell, ``fills`` dropped in (reel, row,
    symbol, in draw order), giving ``screen``, paid at ``multiplier`` (its wins follow)."""

    kind: ClassVar[str] = "tumble_step"
    feature: str
    step: int  # 1 for the first tumble of the sequence (its ladder step when it lasts: see ``ladder_step``)
    removed: tuple[Position, ...]
    fills: tuple[tuple[int, int, str], ...]
    screen: Screen
    multiplier: int  # the ladder's multiplier on this screen's wins
    ladder_step: int  # 0-based index into the ladder (capped at its end)


@register_event
@dataclass(frozen=True)
class TumblesEnded(Event):
    """A sequence ended: ``tumbles`` screens after the landed one, which paid ``paid`` in all."""

    kind: ClassVar[str] = "tumbles_ended"
    feature: str
    tumbles: int
    paid: int  # minor units the tumbled screens paid (the landed screen's wins not included)


# --- the rules (play and par read these) -------------------------------------------------------------


def paying_cells(defn: Definition, screen: Screen, wins: list[Event], *, wilds_stay: bool) -> tuple[Position, ...]:
    """Cells of every win that paid, sorted; wilds left out when they stay."""
    cells: set[Position] = set()
    for event in wins:
        if getattr(event, "amount", 0) > 0:
            cells.update(getattr(event, "positions", ()))
    if wilds_stay:
        symbols = defn.symbol_map
        cells = {(r, row) for r, row in cells if not _is_wild(symbols, screen[r][row])}
    return tuple(sorted(cells))


def _is_wild(symbols: dict[str, Any], sid: str) -> bool:
    sym = symbols.get(sid)
    if sym is None:
        return False
    base = symbols.get(sym.base, sym) if getattr(sym, "base", None) else sym
    return bool(sym.kind == "wild" or base.kind == "wild")


def fall(screen: Screen, removed: tuple[Position, ...]) -> tuple[tuple[str, ...], ...]:
    """Each reel's symbols left after ``removed`` went, top first (they sit at the bottom)."""
    gone = set(removed)
    return tuple(tuple(s for row, s in enumerate(col) if (reel, row) not in gone) for reel, col in enumerate(screen))


def refill(
    screen: Screen,
    kept: tuple[tuple[str, ...], ...],
    draw: Any,
) -> tuple[Screen, tuple[tuple[int, int, str], ...]]:
    """Fill each reel's holes above its fallen symbols: ``draw(reel)`` gives one new symbol,
    called reel 1 first and in each reel for the lowest hole first."""
    columns: list[tuple[str, ...]] = []
    fills: list[tuple[int, int, str]] = []
    for reel, (col, left) in enumerate(zip(screen, kept, strict=True)):
        holes = len(col) - len(left)
        new = [draw(reel) for _ in range(holes)]
        fills.extend((reel, holes - 1 - i, sym) for i, sym in enumerate(new))
        columns.append(tuple(reversed(new)) + left)
    return tuple(columns), tuple(fills)


def strip_draw(defn: Definition, reel_set: str, stops: tuple[int, ...]) -> Any:
    """``fill: strip``: each reel continues upward from the symbol above its window."""
    strips = defn.reels[reel_set]
    cursor = [stop - 1 for stop in stops]

    def draw(reel: int) -> str:
        strip = strips[reel]
        sym = strip[cursor[reel] % len(strip)]
        cursor[reel] -= 1
        return sym

    return draw


def weights_draw(params: Tumble, rng: Rng) -> Any:
    """``fill: weights``: one ``rng.weighted`` over the reel's table per new symbol."""
    tables = [(tuple(t), tuple(t.values())) for t in params.fill_weights]

    def draw(reel: int) -> str:
        names, weights = tables[reel] if len(tables) > 1 else tables[0]
        return names[rng.weighted(weights)]

    return draw


def ladder_value(params: Tumble, step: int) -> int:
    """The multiplier at 0-based ladder step ``step`` (x1 for an empty ladder)."""
    if not params.ladder:
        return 1
    return params.ladder[min(step, len(params.ladder) - 1)]


def paid_key(params: Tumble) -> str:
    """Where the round's state tallies what this block's tumbles paid (par reads it)."""
    return f"{params.name}:paid"


def play_tumbles(ctx: FeatureContext, draft: SpinDraft) -> None:
    """Steps 1-5 of the module's rules on ``draft`` (after its landed screen's wins)."""
    params: Tumble = ctx.feature
    defn, state = ctx.defn, ctx.state
    model = model_of(defn)
    if params.fill == "strip":
        draw = strip_draw(defn, draft.reel_set, draft.stops)
    else:
        if ctx.rng is None:
            return  # only evaluating the landed screen (no draws to make)
        draw = weights_draw(params, ctx.rng)
    step_key = f"{params.name}:step:{draft.mode}"
    lasting = params.ladder_through_free_spins and draft.mode != "base"
    step = state.values.get(step_key, 0) if lasting else 0
    screen, wins = draft.screen, list(draft.wins)
    paid = tumbles = 0
    while tumbles < MAX_TUMBLES:
        removed = paying_cells(defn, screen, wins, wilds_stay=params.wilds_stay)
        if not removed:
            break
        screen, fills = refill(screen, fall(screen, removed), draw)
        tumbles += 1
        rung = ladder_value(params, step)
        multiplier = state.multiplier * rung
        scatter = None if state.scatter_multiplier is None else state.scatter_multiplier * rung
        wins, win = model.evaluate(defn, screen, ctx.bet, multiplier, scatter_multiplier=scatter,
                                   both_ways=state.both_ways)
        draft.wins.append(TumbleStep(params.name, tumbles, removed, fills, screen, rung,
                                     min(step, max(len(params.ladder) - 1, 0))))
        draft.wins.extend(wins)
        draft.win += win
        paid += win
        step += 1
    if lasting:
        state.values[step_key] = step
    if tumbles >= MAX_TUMBLES and paying_cells(defn, screen, wins, wilds_stay=params.wilds_stay):
        draft.wins.append(FeatureLimitReached(params.name, MAX_TUMBLES, 1))
    if tumbles:
        draft.wins.append(TumblesEnded(params.name, tumbles, paid))
        key = paid_key(params)
        state.values[key] = state.values.get(key, 0) + paid


# --- the block ----------------------------------------------------------------------------------------


class TumbleBlock(ModesBlock):
    type = "tumble"
    params = Tumble
    presenter = "tumble"
    win_modifier = True  # it adds the tumbled screens' wins to the spin's
    lean_wins = False  # it needs the win events (their positions), so the pipeline makes them
    any_pay_model = True  # its par plays spins through the game's model: priced under every model

    def check(self, defn: Definition, params: Tumble, report: Report) -> None:
        for i, rung in enumerate(params.ladder):
            if rung < 1:
                report(("ladder", i), f"a ladder step multiplies by a whole number from 1, got {rung}")
        if params.fill == "weights":
            if len(params.fill_weights) not in (1, defn.grid.reels):
                report(("fill_weights",), f"give one table for every reel or one per reel ({defn.grid.reels}), "
                       f"got {len(params.fill_weights)}")
            for i, table in enumerate(params.fill_weights):
                if not table:
                    report(("fill_weights", i), "a fill table needs at least one symbol")
                for sid, weight in table.items():
                    check_symbol(defn, report, ("fill_weights", i, sid), sid, what="fill symbol")
                    if weight < 1:
                        report(("fill_weights", i, sid), f"weights must be positive, got {weight}")
        elif params.fill_weights:
            report(("fill_weights",), "fill_weights are read only with fill: weights")

    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        play_tumbles(ctx, draft)

    def batch_hints(self, defn: Definition, params: Tumble, reel_set: str) -> tuple[BatchHint, ...]:
        # No numpy tumbles yet: threshold 0 flags every base spin, which play_round plays.
        if "base" not in params.modes:
            return ()
        return (window_hint(defn, reel_set, lambda reel, window: 0, 0),)

    def batch_spinner(self, defn: Definition, params: Tumble, bet: Bet) -> Any:
        """simulate's player of this game's whole rounds (None: the model's spinner plays them)."""
        from ..pays.tumble_batch import TumbleSpinner

        return TumbleSpinner.make(defn, bet, params)

    def par(self, pctx: ParContext) -> BlockPar:
        params: Tumble = pctx.feature
        if "base" not in params.modes:
            return BlockPar(params.name, Exact(Fraction(0)), notes=(
                "acts in no base spin: its tumbles are inside the estimate of the spins it acts in",))
        exact = exact_tumble_rtp(pctx)
        value: Value
        if exact is not None:
            value = exact
            note = ("exact: fill from the strip makes a base spin a function of its stops, and every stop "
                    "combination was played")
        else:
            value = estimate_tumble_rtp(pctx)
            note = "estimate: what tumbles add to sampled base spins (95% interval)"
        return BlockPar(params.name, value, figures={"base_rtp": value},
                        notes=(f"covers: what tumbles add to base spins, as a fraction of the total bet; {note}",))


def _alone(defn: Definition, params: Tumble) -> bool:
    """No other block changes base screens or wins (so the landed screen pays as the model says)."""
    for other in defn.features:
        entry = block(other.type)
        if other is params or entry is None or "base" not in entry.modes(other):
            continue
        if entry.screen_modifier or entry.win_modifier:
            return False
    return True


def _base_sets(defn: Definition) -> list[tuple[str, Fraction]]:
    sets = defn.base_game.reel_sets
    weight = sum(c.weight for c in sets)
    return [(c.set, Fraction(c.weight, weight)) for c in sets]


def exact_tumble_rtp(pctx: ParContext) -> Exact | None:
    """Every base stop combination played (``fill: strip`` with nothing else drawing), or None."""
    from ..spin import RoundContext, play_spin

    defn, params, bet = pctx.defn, pctx.feature, pctx.bet
    if params.fill != "strip" or not _alone(defn, params):
        return None
    model = model_of(defn)
    plans = []
    for reel_set, p in _base_sets(defn):
        strips = defn.reels[reel_set]
        windows = model.reel_windows(defn, reel_set)
        if any(len(w) != len(s) or any(weight != 1 for _, weight in w) for w, s in zip(windows, strips, strict=True)):
            return None  # windows that are not one per stop (Megaways heights): not a function of stops
        combos = 1
        for s in strips:
            combos *= len(s)
        if combos > EXACT_STOPS:
            return None
        plans.append((reel_set, p, strips, combos))
    out = Fraction(0)
    for reel_set, p, strips, combos in plans:
        added = 0
        for stops in itertools.product(*(range(len(s)) for s in strips)):
            rc = RoundContext(defn, bet, None, keep_events=False)
            play_spin(rc, "base", reel_set, stops=stops)
            added += rc.state.values.get(paid_key(params), 0)
        out += p * Fraction(added, combos)
    return Exact(out / bet.total)


def estimate_tumble_rtp(pctx: ParContext) -> Value:
    """What tumbles add to sampled base spins, per total bet, with its 95% interval."""
    from ..spin import RoundContext, play_spin

    defn, params, bet = pctx.defn, pctx.feature, pctx.bet
    model = model_of(defn)
    sets = _base_sets(defn)
    mean_first: Fraction | None = None
    if _alone(defn, params):
        first = Fraction(0)
        for reel_set, p in sets:
            bp = model.base_par(defn, reel_set, bet, with_hit_rate=False)
            if bp.std_error is not None:
                first = Fraction(-1)
                break
            first += p * (bp.pays_rtp + bp.scatter_rtp) * bet.total
        mean_first = first if first >= 0 else None
    samples = max(2, pctx.samples * SAMPLES_PER_PAR_SAMPLE)
    landed: list[Fraction] = [Fraction(0)] * samples

    def play(i: int) -> int:
        rng = Rng(derive_seed(pctx.seed, i))
        reel_set = choose_reel_set(rng, defn.base_game.reel_sets)
        rc = RoundContext(defn, bet, rng, keep_events=False)
        spin = play_spin(rc, "base", reel_set)
        tumbled: int = rc.state.values.get(paid_key(params), 0)
        landed[i] = Fraction(spin.win - tumbled)
        return tumbled

    control = None
    if mean_first is not None:
        exact_first = mean_first

        def control(i: int) -> Fraction:  # zero mean: the landed screen's win minus its exact mean
            return landed[i] - exact_first

    method = f"sampled base spins with tumbles ({params.name})"
    return estimate_runs(play, samples, pctx.seed, method, scale=Fraction(1, bet.total), control=control)


BLOCK = TumbleBlock()
