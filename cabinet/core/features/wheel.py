"""A wheel of rings of weighted pockets (Halloween Wins 3's triple electric wheel).

YAML::

    features:
      - type: wheel
        name: electric_wheel
        trigger_symbol: FRANK            # must show on each of these reels (anywhere in the window)
        trigger_reels: [1, 3, 5]
        jackpots: {MINI: 20, MINOR: 50, MAJOR: 200}
        rings:
          - name: outer
            pockets:
              - {pays_x_bet: 2, weight: 6}
              - {pays_x_bet: 5, weight: 3}
              - {next: middle, weight: 2}     # an electric pocket: play passes to the middle ring
          - name: middle
            pockets:
              - {pays_x_bet: 10, weight: 4}
              - {jackpot: MINI, weight: 1}
              - {next: inner, weight: 1}
          - name: inner
            pockets:
              - {jackpot: MINOR, weight: 3}
              - {jackpot: MAJOR, weight: 1}
              - {next: inner, weight: 1}       # the last ring spins again until it pays

Trigger: every reel of ``trigger_reels`` shows ``trigger_symbol`` (or a symbol counting
as it) somewhere in its window. It draws nothing.

Draw order: the first ring spins: one ``rng.weighted`` over its pockets' weights (no draw
for a ring of one pocket) gives the pocket (``WheelSpun``). A paying pocket pays its
``pays_x_bet`` times the total bet, or its jackpot, and the wheel ends; an electric pocket
passes play to the ring it names, which spins the same way. ``MAX_FEATURE_SPINS`` ends a
wheel that never pays (``check`` refuses one that cannot).

Par (exact): the wheel is a Markov chain over rings: the value of ring i is
``V_i = sum_p w_p / W_i * (pay_p, or V_next(p))``, a linear system solved exactly with
Fractions; likewise the expected number of spins. The trigger rate is exact: the trigger
reels are independent, so it is the product over them of P(the window shows the symbol),
mixed over the base reel sets.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Literal

from ..bet import Bet
from ..boards import check_whole_x_bet, whole_amount
from ..definition import Definition, doc
from ..evaluate import compiled, window
from ..events import (
    Event,
    FeatureEnded,
    FeatureLimitReached,
    FeatureStarted,
    Position,
    Screen,
    register_event,
)
from ..limits import MAX_PAY_X_BET, MAX_WEIGHT
from ..value import Exact, Value
from . import (
    MAX_FEATURE_SPINS,
    BatchHint,
    Block,
    BlockPar,
    FeatureContext,
    FeatureRun,
    ParContext,
    Report,
    Spin,
    Trigger,
    WheelPlan,
    check_reels,
    check_symbol,
    window_hint,
)


@dataclass(frozen=True)
class WheelPocket:
    """One pocket of a ring: it pays (`pays_x_bet` or `jackpot`) or passes play on (`next`)."""

    weight: int = doc("relative weight, a positive integer", default=1)
    pays_x_bet: Fraction = doc("what it pays as a multiple of the total bet", default=Fraction(0))
    jackpot: str = doc("the jackpot it pays, named in `jackpots:` (empty: none)", default="")
    next: str = doc("an electric pocket: the name of the ring play passes to (empty: it pays)", default="")
    label: str = doc("the words on the pocket (empty: what it pays, e.g. \"5x\" or its jackpot; a pass-on "
                     "pocket: `texts: {pass_on_pocket}`, or the wheel's `pass_on_icon`)", default="")


@dataclass(frozen=True)
class WheelRing:
    name: str = doc("the ring's name (pockets' `next` names it)")
    pockets: tuple[WheelPocket, ...] = doc("the ring's pockets, in order around it")


@dataclass(frozen=True)
class Wheel:
    type: Literal["wheel"] = doc("a wheel of rings of pockets, triggered by a symbol on given reels")
    trigger_symbol: str = doc("the symbol that must show on every reel of `trigger_reels`")
    trigger_reels: tuple[int, ...] = doc("the reels (1-based) it must land on, e.g. [1, 3, 5]")
    rings: tuple[WheelRing, ...] = doc("the rings; play starts on the first")
    name: str = doc("feature name used in events, meters and scenarios", default="wheel")
    jackpots: dict[str, Fraction] = doc("jackpot name -> its value as a multiple of the total bet", factory=dict)
    in_free_spins: bool = doc("whether free spins can trigger it too", default=False)
    pass_on_icon: str = doc("what a pass-on pocket without a `label` shows instead of words: `bolt` (a "
                            "sparking lightning bolt) or empty (its words)", default="")
    texts: dict[str, str] = doc(
        "the words it shows, by key (defaults in brackets; {ring} is a ring's name, {number} its 1-based "
        "number): `title` over the wheel [BONUS WHEEL]; `start` the status line as it opens [THE WHEEL "
        "TURNS]; `pass_on` as play passes on [{ring} TURNS]; `jackpot` [{jackpot} JACKPOT {amount}]; "
        "`prize` [{value}x THE BET: {amount}]; `hub` the ring in play, a line break sets a caption over a "
        "bigger line [{ring}]; `win` over its win [WHEEL WIN]; `pass_on_pocket` a pass-on pocket's label "
        "[NEXT]; `pass_on_name` what the rules call such a pocket [pass-on]; `row` its "
        "FEATURES-glass row [WHEEL]; `heading` its INFO heading", factory=dict)


# --- its event ------------------------------------------------------------------------------------


@register_event
@dataclass(frozen=True)
class WheelSpun(Event):
    """A ring of a wheel stopped on a pocket: it pays (and the wheel ends) or passes play on."""

    kind: ClassVar[str] = "wheel_spun"
    feature: str
    ring: int  # 0-based
    pocket: int  # 0-based
    value: Fraction  # what the pocket pays as a multiple of the total bet (0: it passes)
    next_ring: int | None  # the ring play passes to (None: the wheel ends)
    jackpot: str = ""  # the jackpot it pays ("" for none)
    amount: int = 0


def pocket_x_bet(f: Wheel, pocket: WheelPocket) -> Fraction:
    """What a paying pocket pays, as a multiple of the total bet."""
    return f.jackpots.get(pocket.jackpot, Fraction(0)) if pocket.jackpot else pocket.pays_x_bet


def ring_index(f: Wheel) -> dict[str, int]:
    return {ring.name: i for i, ring in enumerate(f.rings)}


# --- triggering ----------------------------------------------------------------------------------


def trigger_positions(defn: Definition, f: Wheel, screen: Screen) -> tuple[Position, ...] | None:
    """Where the trigger symbol shows on the trigger reels; None unless it shows on each."""
    adds = compiled(defn).counts_as.get(f.trigger_symbol, {f.trigger_symbol: 1})
    where: list[Position] = []
    for reel in f.trigger_reels:
        column = screen[reel - 1]
        found = [(reel - 1, row) for row, sid in enumerate(column) if sid in adds]
        if not found:
            return None
        where.extend(found)
    return tuple(where)


def shows(defn: Definition, f: Wheel, reel_set: str) -> tuple[tuple[int, ...], ...]:
    """Per reel and stop: 1 when the window shows the trigger symbol on a trigger reel."""
    adds = compiled(defn).counts_as.get(f.trigger_symbol, {f.trigger_symbol: 1})
    rows = defn.grid.rows
    wanted = {r - 1 for r in f.trigger_reels}
    return tuple(
        tuple(int(r in wanted and any(sid in adds for sid in window(strip, stop, rows))) for stop in range(len(strip)))
        for r, strip in enumerate(defn.reels[reel_set])
    )


def trigger_rate(defn: Definition, f: Wheel) -> Fraction:
    """P(a base spin triggers the wheel), exactly."""
    weight = sum(c.weight for c in defn.base_game.reel_sets)
    out = Fraction(0)
    for choice in defn.base_game.reel_sets:
        p = Fraction(choice.weight, weight)
        for reel in f.trigger_reels:
            column = shows(defn, f, choice.set)[reel - 1]
            p *= Fraction(sum(column), len(column))
        out += p
    return out


# --- playing -------------------------------------------------------------------------------------


def run(ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
    f: Wheel = ctx.feature
    rng, book = ctx.rng, ctx.book
    if rng is None:
        raise ValueError("a wheel needs an rng to spin")
    index = ring_index(f)
    book.add(FeatureStarted(f.name, 1))
    ring = 0
    spins = 0
    total = 0
    while True:
        if spins >= MAX_FEATURE_SPINS:
            book.add(FeatureLimitReached(f.name, spins, 1))
            break
        spins += 1
        pockets = f.rings[ring].pockets
        chosen = 0 if len(pockets) == 1 else rng.weighted([p.weight for p in pockets])
        pocket = pockets[chosen]
        if pocket.next:
            nxt = index[pocket.next]
            book.add(WheelSpun(f.name, ring, chosen, Fraction(0), nxt))
            ring = nxt
            continue
        x_bet = pocket_x_bet(f, pocket)
        amount = whole_amount(x_bet, ctx.bet.total)
        total += amount
        book.add(WheelSpun(f.name, ring, chosen, x_bet, None, pocket.jackpot, amount))
        break
    book.add(FeatureEnded(f.name, total, spins))
    return FeatureRun(total, spins, stats={f"{f.name}_spins": spins})


def wheel_plan(f: Wheel, bet: Bet) -> WheelPlan | None:
    """The wheel as data for the batch player (``WheelPlan``): each ring's pocket weights,
    what each pocket pays at ``bet`` (``pocket_x_bet``) and the ring it passes play to.
    None where a pay is not a whole amount at ``bet``."""
    index = ring_index(f)
    try:
        pays = tuple(tuple(0 if p.next else whole_amount(pocket_x_bet(f, p), bet.total) for p in ring.pockets)
                     for ring in f.rings)
    except ValueError:
        return None
    return WheelPlan(
        name=f.name,
        weights=tuple(tuple(p.weight for p in ring.pockets) for ring in f.rings),
        pays=pays,
        next=tuple(tuple(index[p.next] if p.next else -1 for p in ring.pockets) for ring in f.rings),
        limit=MAX_FEATURE_SPINS,
    )


# --- exact value ---------------------------------------------------------------------------------


def solve(matrix: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """Exact Gaussian elimination of ``matrix @ x = rhs`` (None: singular)."""
    n = len(rhs)
    a = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(n):
            if r != col and a[r][col] != 0:
                factor = a[r][col] / a[col][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][n] / a[i][i] for i in range(n)]


def ring_values(f: Wheel) -> tuple[list[Fraction], list[Fraction]] | None:
    """Exact (value in x bet, expected spins) of play starting on each ring; None when
    some ring never reaches a paying pocket."""
    index = ring_index(f)
    n = len(f.rings)
    matrix = [[Fraction(int(i == j)) for j in range(n)] for i in range(n)]
    pays = [Fraction(0)] * n
    ones = [Fraction(1)] * n
    for i, ring in enumerate(f.rings):
        weight = sum(p.weight for p in ring.pockets)
        for pocket in ring.pockets:
            share = Fraction(pocket.weight, weight)
            if pocket.next:
                matrix[i][index[pocket.next]] -= share
            else:
                pays[i] += share * pocket_x_bet(f, pocket)
    values = solve(matrix, pays)
    spins = solve(matrix, ones)
    if values is None or spins is None:
        return None
    return values, spins


def reaches_payment(f: Wheel) -> list[str]:
    """Rings from which play can never reach a paying pocket."""
    index = ring_index(f)
    paying = {i for i, ring in enumerate(f.rings) if any(not p.next for p in ring.pockets)}
    changed = True
    while changed:
        changed = False
        for i, ring in enumerate(f.rings):
            if i not in paying and any(p.next in index and index[p.next] in paying for p in ring.pockets):
                paying.add(i)
                changed = True
    return [ring.name for i, ring in enumerate(f.rings) if i not in paying]


class WheelBlock(Block):
    type = "wheel"
    params = Wheel
    presenter = "wheel"
    resume_kinds = frozenset({"feature_started", "wheel_spun", "feature_ended"})

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset({"base", "respin", "free"} if params.in_free_spins else {"base", "respin"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        f: Wheel = params
        check_symbol(defn, report, ("trigger_symbol",), f.trigger_symbol, what="trigger symbol")
        if not f.trigger_reels:
            report(("trigger_reels",), "trigger_reels needs at least one reel")
        check_reels(defn, report, ("trigger_reels",), f.trigger_reels)
        if len(set(f.trigger_reels)) != len(f.trigger_reels):
            report(("trigger_reels",), "a reel is named twice in trigger_reels")
        if not f.rings:
            report(("rings",), "rings needs at least one ring")
        names: set[str] = set()
        for i, ring in enumerate(f.rings):
            if ring.name in names:
                report(("rings", i, "name"), f"two rings are named '{ring.name}'")
            names.add(ring.name)
        for i, ring in enumerate(f.rings):
            if not ring.pockets:
                report(("rings", i, "pockets"), f"ring '{ring.name}' needs at least one pocket")
            for j, pocket in enumerate(ring.pockets):
                p = ("rings", i, "pockets", j)
                if pocket.weight < 1:
                    report((*p, "weight"), f"weights must be positive, got {pocket.weight}")
                given = sum((bool(pocket.pays_x_bet), bool(pocket.jackpot), bool(pocket.next)))
                if given > 1:
                    report(p, "a pocket pays pays_x_bet, or a jackpot, or passes play on (next); give one")
                if pocket.next and pocket.next not in names:
                    report((*p, "next"), f"no ring is named '{pocket.next}'")
                if pocket.jackpot and pocket.jackpot not in f.jackpots:
                    report((*p, "jackpot"), f"no jackpot named '{pocket.jackpot}' in jackpots:")
        if f.rings and all(p.next in names for ring in f.rings for p in ring.pockets if p.next):
            stuck = reaches_payment(f)
            if stuck:
                report(("rings",), f"play on {', '.join(stuck)} never reaches a paying pocket")
        amounts: list[tuple[tuple[Any, ...], Fraction]] = [(("jackpots", name), x) for name, x in f.jackpots.items()]
        amounts += [
            (("rings", i, "pockets", j, "pays_x_bet"), pocket.pays_x_bet)
            for i, ring in enumerate(f.rings)
            for j, pocket in enumerate(ring.pockets)
        ]
        check_whole_x_bet(defn, report, amounts)
        for path, x_bet in amounts:
            if x_bet > MAX_PAY_X_BET:
                report(path, f"{x_bet} x the bet; at most {MAX_PAY_X_BET:,} (MAX_PAY_X_BET)")
        for i, ring in enumerate(f.rings):
            for j, pocket in enumerate(ring.pockets):
                if pocket.weight > MAX_WEIGHT:
                    report(("rings", i, "pockets", j, "weight"), f"at most {MAX_WEIGHT:,} (MAX_WEIGHT)")

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        f: Wheel = ctx.feature
        where = trigger_positions(ctx.defn, f, spin.screen)
        if where is None:
            return None
        return Trigger(f.name, f.trigger_symbol, len(f.trigger_reels), where, 1)

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        return run(ctx, trigger)

    def expected_value(self, ctx: FeatureContext, trigger: Trigger) -> Fraction | None:
        found = ring_values(ctx.feature)
        return None if found is None else found[0][0] * ctx.bet.total

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        adds = compiled(defn).counts_as.get(params.trigger_symbol, {params.trigger_symbol: 1})
        wanted = frozenset(r - 1 for r in params.trigger_reels)

        def shown(reel: int, w: tuple[str, ...]) -> int:
            return int(reel in wanted and any(sid in adds for sid in w))

        return (window_hint(defn, reel_set, shown, len(params.trigger_reels),
                            plan=lambda bet: wheel_plan(params, bet)),)

    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None:
        return trigger_rate(defn, params)

    def quiet(self, defn: Definition, params: Any) -> tuple[tuple[str, int], ...]:
        return ((params.trigger_symbol, len(params.trigger_reels)),)

    def feature_plan(self, defn: Definition, params: Any, bet: Bet) -> WheelPlan | None:
        return wheel_plan(params, bet)

    def par(self, pctx: ParContext) -> BlockPar:
        f: Wheel = pctx.feature
        rate = trigger_rate(pctx.defn, f)
        figures: dict[str, Value] = {"trigger_rate": Exact(rate)}
        found = ring_values(f)
        if found is None:
            return BlockPar(f.name, Exact(Fraction(0)), figures, ("play never reaches a paying pocket",))
        values, spins = found
        figures["expected_value_x_bet"] = Exact(values[0])
        figures["expected_spins"] = Exact(spins[0])
        detail = {"ring_value_x_bet": {ring.name: values[i] for i, ring in enumerate(f.rings)}}
        notes = ("exact: a Markov chain over rings, solved with Fractions",)
        return BlockPar(f.name, Exact(rate * values[0]), figures, notes, detail)


BLOCK = WheelBlock()
