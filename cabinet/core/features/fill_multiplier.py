"""Fill multipliers: reels (or the whole screen) full of one symbol multiply the spin's line wins.

YAML::

    features:
      - type: fill_multiplier
        symbols: [PLUM, ORANGE, LEMON, CHERRY]   # the symbols that count (empty: every regular symbol)
        reels: from_left                         # from_left | from_centre | any
        multipliers: {3: 3, 4: 4, 5: 5}          # full reels -> line-win multiplier
        modes: [base, free]

How the catalogue states it (slotopol): Ultra Hot and Double Ice pay a 3x3 screen full of
one fruit x2 (``multipliers: {3: 2}``: every reel full); Cherry Hot multiplies by the
number of full reels counted from reel 1 (3, 4 or 5); Valentine's Day and Halloween Hot
count full reels outward from the centre reel, which must be full itself (``from_centre``);
King of Clovers counts reels 2-4 full of its wild wherever they are (``any``, x2 for two,
x10 for three).

Rule: a reel is *full* of ``s`` when every cell of its window is ``s`` (with
``wilds_substitute``, a wild that substitutes for ``s`` may stand in). For each listed
symbol the full reels are counted by ``reels``:

- ``from_left``: the run of full reels from reel 1;
- ``from_centre``: the centre reel (an odd number of reels) and the full reels adjacent
  to it on either side, without gaps (0 when the centre reel is not full);
- ``any``: every full reel, wherever it is.

The largest count over the symbols reads ``multipliers`` at the largest key not above
it (below the smallest key: no multiplier). Every line win of the spin is multiplied by it
(scatter pays are not), after the spin's own multiplier. It draws nothing. A
``WinMultiplied`` event names the full reels' cells, the wins it applied to and what it
added.

Par (exact): only screens with a multiplier matter, and those are few. Each reel's windows
are sorted into classes (the listed symbols it is full of); the reels are walked in the
rule's order over those classes, a branch is dropped as soon as no multiplier is within
reach, and once no further reel can change the count the remaining reels are left open
(every window). Each surviving pattern is one product of per-reel window sets, so every
played line's expected pay on it is the line DP over the symbols those windows show at the
line's row (``linemath.line_expectation_of_weights``). The block's part is the sum of
(multiplier - 1) x P(pattern) x that expectation, weighted like any line-delta block in
base and free spins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..definition import Definition, doc
from ..evaluate import compiled
from ..events import Position, Screen
from ..linemath import line_expectation_of_weights
from ..value import Exact
from . import (
    BatchHint,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    Report,
    SpinDraft,
    check_symbol,
    window_hint,
)
from .free_spins import covers_free_spins, line_delta_rtp
from .multiplier_wilds import WinMultiplied
from .win_multiply import multiply_wins, refuse_beside_win_modifiers

Window = tuple[str, ...]
Counting = Literal["from_left", "from_centre", "any"]


@dataclass(frozen=True)
class FillMultiplier:
    type: Literal["fill_multiplier"] = doc("reels or a screen full of one symbol multiply the line wins")
    multipliers: dict[int, int] = doc(
        "full reels counted -> the multiplier of every line win (the largest key not above the count; "
        "a screen full of one symbol: the number of reels)")
    symbols: tuple[str, ...] = doc("the symbols whose full reels count (empty: every regular symbol)",
                                   factory=tuple)
    reels: Counting = doc(
        "how full reels are counted: from_left (a run from reel 1), from_centre (the centre reel and the full "
        "reels next to it), any (wherever they are)", default="from_left")
    wilds_substitute: bool = doc("a wild that substitutes for the symbol fills its cells too", default=False)
    name: str = doc("feature name used in events", default="fill_multiplier")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc("the spins it acts in", default=("base", "free"))
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `multiplied` the status line as "
        "the multiplier is stamped on the full reels [WINS x{multiplier}]; `heading` its INFO heading",
        factory=dict)


# --- the rule (play, batch hints and par all read these) ------------------------------------------------------


def counted_symbols(defn: Definition, p: FillMultiplier) -> tuple[str, ...]:
    return p.symbols or tuple(s.id for s in defn.symbols if s.kind == "regular")


def full_of(defn: Definition, p: FillMultiplier, window: Window) -> frozenset[str]:
    """The counted symbols ``window`` is full of."""
    c = compiled(defn)
    out = set()
    for s in counted_symbols(defn, p):
        if all(cell == s or (p.wilds_substitute and c.is_wild.get(cell, False) and cell in c.match.get(s, {}))
               for cell in window):
            out.add(s)
    return frozenset(out)


def _order(p: FillMultiplier, reels: int) -> list[int]:
    """Reels in the order the rule reads them: from the centre, left first, then right."""
    if p.reels == "from_centre":
        centre = reels // 2
        return [*range(centre, -1, -1), *range(centre + 1, reels)]
    return list(range(reels))


def full_count(p: FillMultiplier, classes: list[frozenset[str]]) -> tuple[int, str | None, tuple[int, ...]]:
    """(the count, the symbol giving it, its full reels) of a screen whose reel r is full of ``classes[r]``."""
    best: tuple[int, str | None, tuple[int, ...]] = (0, None, ())
    for s in sorted(set().union(*classes)):
        if p.reels == "any":
            reels = tuple(r for r, c in enumerate(classes) if s in c)
        elif p.reels == "from_left":
            n = 0
            while n < len(classes) and s in classes[n]:
                n += 1
            reels = tuple(range(n))
        else:
            centre = len(classes) // 2
            if s not in classes[centre]:
                continue
            lo, hi = centre, centre
            while lo > 0 and s in classes[lo - 1]:
                lo -= 1
            while hi < len(classes) - 1 and s in classes[hi + 1]:
                hi += 1
            reels = tuple(range(lo, hi + 1))
        if len(reels) > best[0]:
            best = (len(reels), s, reels)
    return best


def multiplier_for(p: FillMultiplier, count: int) -> int:
    keys = [k for k in p.multipliers if k <= count]
    return p.multipliers[max(keys)] if keys else 1


def screen_multiplier(defn: Definition, p: FillMultiplier, screen: Screen) -> tuple[int, tuple[int, ...]]:
    """The spin's fill multiplier and the full reels that gave it."""
    count, _, reels = full_count(p, [full_of(defn, p, tuple(column)) for column in screen])
    return multiplier_for(p, count), reels


# --- the block ------------------------------------------------------------------------------------------------


class FillMultiplierBlock(ModesBlock):
    type = "fill_multiplier"
    params = FillMultiplier
    presenter = "fill_multiplier"
    win_modifier = True
    lean_wins = True
    spins_alike = True

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: FillMultiplier = params
        for j, sid in enumerate(p.symbols):
            check_symbol(defn, report, ("symbols", j), sid, kinds=("regular", "wild"), what="fill symbol")
        if not p.multipliers:
            report(("multipliers",), "multipliers needs at least one count: multiplier entry")
        reels = defn.grid.reels
        for count, m in p.multipliers.items():
            if not 1 <= count <= reels:
                report(("multipliers", count, "__key__"), f"a count of full reels is 1 to {reels}, got {count}")
            if m < 1:
                report(("multipliers", count), f"a multiplier is a whole number of at least 1, got {m}")
        if p.reels == "from_centre" and reels % 2 == 0:
            report(("reels",), f"from_centre needs a centre reel: an odd number of reels, the grid has {reels}")
        if defn.pay_model.type != "lines":
            report(("type",), f"fill_multiplier multiplies line wins: a {defn.pay_model.type} game has none")
        refuse_beside_win_modifiers(defn, p, report, priced_on="the plain line pays")

    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        p: FillMultiplier = ctx.feature
        m, reels = screen_multiplier(ctx.defn, p, draft.screen)
        if m == 1:
            return
        raised = multiply_wins(ctx, draft, m, scatter_pays=False)
        if raised is None or not raised[0]:
            return
        touched, added = raised
        rows = ctx.defn.grid.rows
        cells: tuple[Position, ...] = tuple((r, row) for r in reels for row in range(rows))
        ctx.book.add(WinMultiplied(p.name, m, cells, touched, added))

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        return covers_free_spins(defn, params, other, mode)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        p: FillMultiplier = params
        least = min(p.multipliers, default=1)
        # spins with enough full reels (of any counted symbols) are left to play_round
        return (window_hint(defn, reel_set, lambda reel, window: int(bool(full_of(defn, p, window))), least),)

    def par(self, pctx: ParContext) -> BlockPar | None:
        p: FillMultiplier = pctx.feature
        defn, bet = pctx.defn, pctx.bet

        def delta(reel_set: str) -> Fraction:
            return fill_delta(defn, p, reel_set, bet.lines)

        found = line_delta_rtp(pctx, p.modes, delta)
        if found is None:
            return None
        figures, total = found
        base_sets = defn.base_game.reel_sets
        weight = sum(c.weight for c in base_sets)
        figures["fill_rate"] = Exact(sum((Fraction(c.weight, weight) * fill_chance(defn, p, c.set) for c in base_sets),
                                         Fraction(0)))
        return BlockPar(p.name, Exact(total), figures)


# --- exact par -------------------------------------------------------------------------------------------------

Pattern = tuple[Fraction, tuple[tuple[int, ...], ...], int]  # (probability, per reel: its stops, multiplier)


def _reel_classes(defn: Definition, p: FillMultiplier, reel_set: str) -> list[dict[frozenset[str], tuple[int, ...]]]:
    """Per reel: class (the symbols its window is full of) -> the stops showing it."""
    rows = defn.grid.rows
    out = []
    for strip in defn.reels[reel_set]:
        by: dict[frozenset[str], list[int]] = {}
        for stop in range(len(strip)):
            window = tuple(strip[(stop + r) % len(strip)] for r in range(rows))
            by.setdefault(full_of(defn, p, window), []).append(stop)
        out.append({c: tuple(stops) for c, stops in by.items()})
    return out


def patterns(defn: Definition, p: FillMultiplier, reel_set: str) -> Iterator[Pattern]:
    """Disjoint sets of screens (a set of stops per reel) covering every screen with a
    multiplier, each with its probability and multiplier."""
    classes = _reel_classes(defn, p, reel_set)
    sizes = [len(strip) for strip in defn.reels[reel_set]]
    order = _order(p, len(sizes))
    least = min(p.multipliers, default=1)
    every = [tuple(range(n)) for n in sizes]

    def walk(i: int, chosen: dict[int, frozenset[str]]) -> Iterator[dict[int, frozenset[str]]]:
        # the count with the reels left open as not full, and the best count they could reach
        known = [chosen.get(r, frozenset()) for r in range(len(sizes))]
        hopeful = [chosen.get(r, frozenset(counted_symbols(defn, p))) for r in range(len(sizes))]
        if full_count(p, hopeful)[0] < least:
            return  # no multiplier within reach
        if i == len(order) or full_count(p, hopeful)[0] == full_count(p, known)[0]:
            yield chosen  # nothing further can change the count: the rest is open
            return
        reel = order[i]
        for c in classes[reel]:
            yield from walk(i + 1, {**chosen, reel: c})

    for chosen in walk(0, {}):
        count = full_count(p, [chosen.get(r, frozenset()) for r in range(len(sizes))])[0]
        m = multiplier_for(p, count)
        if m == 1:
            continue
        stops = tuple(classes[r][chosen[r]] if r in chosen else every[r] for r in range(len(sizes)))
        chance = Fraction(1)
        for r, s in enumerate(stops):
            chance *= Fraction(len(s), sizes[r])
        yield chance, stops, m


def fill_chance(defn: Definition, p: FillMultiplier, reel_set: str) -> Fraction:
    """P(a spin on ``reel_set`` has a fill multiplier)."""
    return sum((chance for chance, _, _ in patterns(defn, p, reel_set)), Fraction(0))


def fill_delta(defn: Definition, p: FillMultiplier, reel_set: str, lines: int) -> Fraction:
    """The extra line pay of one spin (coins per line-coin, over ``lines`` played lines)."""
    strips = defn.reels[reel_set]
    both = defn.pay_direction == "both_ways"
    out = Fraction(0)
    for chance, stops, m in patterns(defn, p, reel_set):
        for line in defn.lines[:lines]:
            weights = []
            for r, (strip, row) in enumerate(zip(strips, line, strict=True)):  # the line's row of each window
                seen = Counter(strip[(stop + row) % len(strip)] for stop in stops[r])
                weights.append(sorted(seen.items()))
            out += chance * (m - 1) * line_expectation_of_weights(defn, weights, both).total
    return out


BLOCK = FillMultiplierBlock()
