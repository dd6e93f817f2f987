"""The exact value of a pick bonus (Fractions), and how often it starts.

- pick: the prizes are a shuffle the choice cannot see, so the value is the same for any
  way of choosing. A walk over the prizes left (kinds x counts) and the picks left gives
  ``A = E[product of the multipliers still to come]`` and ``B = E[credits to come x that
  product]``; the bonus is worth ``B`` from the start.
- ladder: backward over the rungs, ``V(top) = its prize``, ``V(i) = climb share x V(i+1)
  + fall share x the fall's prize``; with ``player_takes`` a rule chooses ``V(i)`` or the
  rung's prize: par prices the autoplay rule (``auto_take_at``) and states the optimal
  rule's value beside it (what a player who takes whenever it is worth more gets).
- free spins a pick wins: the same walk gives the exact distribution of (spins won, their
  multiplier); each is worth the multiplier times the free-spins block's exact value of
  that many spins (retriggers by its own chain), so the prize is exact too.
- lucky slot: the reels are independent, so a spin is worth ``sum over reels r of
  E[credits_r x mult_r] x product over the others of E[mult]``, times the spins.

The trigger: ``trigger_reels`` each showing the symbol (reels independent), else the
exact distribution of the symbol's count on the screen, mixed over the base reel sets.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Any

from ...bet import Bet
from ...definition import Definition
from ...evaluate import window
from ...linemath import count_distribution
from ...rng import Rng, derive_seed
from ...value import Exact, Value, estimate_runs
from .. import FeatureRun, ParContext
from ..free_spins import awarded_value
from .params import PickBonus, Prize
from .play import UNTIL_COLLECT, auto_takes, free_spins_of, lucky_spins, rung_prize, trigger_adds

MAX_PICK_STATES = 200_000  # prize-count states the exact walk may visit (check refuses more)


def prize_kinds(f: PickBonus) -> list[tuple[Prize, int]]:
    """The prizes grouped by what they do (labels aside), with their tile counts."""
    kinds: dict[tuple[Fraction, int, int, bool, int, int], tuple[Prize, int]] = {}
    for p in f.prizes:
        key = (p.x_bet, p.multiplier, p.extra_picks, p.collect, p.free_spins, p.free_spins_multiplier)
        first, count = kinds.get(key, (p, 0))
        kinds[key] = (first, count + p.count)
    return list(kinds.values())


def pick_states(f: PickBonus) -> int:
    """How many states the exact walk may visit (prize counts x picks left)."""
    states = 1
    for _, n in prize_kinds(f):
        states *= n + 1
    tiles = sum(p.count for p in f.prizes)
    return states * (tiles + 2)


def pick_value(f: PickBonus) -> tuple[Fraction, Fraction]:
    """(expected win as a multiple of the bet, expected picks), exactly."""
    kinds = prize_kinds(f)

    @cache
    def walk(counts: tuple[int, ...], left: int) -> tuple[Fraction, Fraction, Fraction]:
        n = sum(counts)
        if n == 0 or left == 0:
            return Fraction(1), Fraction(0), Fraction(0)
        a = b = picks = Fraction(0)
        for i, c in enumerate(counts):
            if c == 0:
                continue
            share = Fraction(c, n)
            prize = kinds[i][0]
            if prize.collect:
                a2, b2, p2 = Fraction(1), Fraction(0), Fraction(0)
            else:
                rest = counts[:i] + (c - 1,) + counts[i + 1:]
                after = left if left == UNTIL_COLLECT else min(left - 1 + prize.extra_picks, n - 1)
                a2, b2, p2 = walk(rest, after)
            a += share * prize.multiplier * a2
            b += share * prize.multiplier * (prize.x_bet * a2 + b2)
            picks += share * (1 + p2)
        return a, b, picks

    tiles = sum(n for _, n in kinds)
    start = UNTIL_COLLECT if f.picks == 0 else min(f.picks, tiles)
    _, value, picks = walk(tuple(n for _, n in kinds), start)
    return value, picks


def spins_distribution(f: PickBonus) -> dict[tuple[int, int], Fraction]:
    """P(the picks win ``n`` free spins with multiplier ``m``), by (n, m), exactly: the same
    walk over the prizes left and the picks left (the spins' value is not linear in n when
    retriggers are limited, so their whole distribution is kept)."""
    kinds = prize_kinds(f)

    @cache
    def walk(counts: tuple[int, ...], left: int) -> tuple[tuple[tuple[int, int], Fraction], ...]:
        n = sum(counts)
        if n == 0 or left == 0:
            return (((0, 1), Fraction(1)),)
        out: dict[tuple[int, int], Fraction] = {}
        for i, c in enumerate(counts):
            if c == 0:
                continue
            share = Fraction(c, n)
            prize = kinds[i][0]
            if prize.collect:
                rest: tuple[tuple[tuple[int, int], Fraction], ...] = (((0, 1), Fraction(1)),)
            else:
                after = left if left == UNTIL_COLLECT else min(left - 1 + prize.extra_picks, n - 1)
                rest = walk(counts[:i] + (c - 1,) + counts[i + 1:], after)
            for (spins, mult), q in rest:
                key = (spins + prize.free_spins, mult * prize.free_spins_multiplier)
                out[key] = out.get(key, Fraction(0)) + share * q
        return tuple(out.items())

    tiles = sum(n for _, n in kinds)
    start = UNTIL_COLLECT if f.picks == 0 else min(f.picks, tiles)
    return dict(walk(tuple(n for _, n in kinds), start))


def free_spins_value(defn: Definition, f: PickBonus, bet: Bet) -> Fraction | None:
    """E[what the free spins a pick wins pay] as a multiple of the bet, exactly: over the picks'
    exact (spins, multiplier) distribution, the multiplier times the free-spins block's own exact
    value of that many spins (``free_spins.awarded_value``); None where that is not exact."""
    if not any(p.free_spins for p in f.prizes):
        return Fraction(0)
    target = free_spins_of(defn, f)
    if target is None:
        return None
    out = Fraction(0)
    for (spins, mult), q in spins_distribution(f).items():
        if spins:
            value = awarded_value(defn, target, spins, bet)
            if value is None:
                return None
            out += q * mult * value
    return out / bet.total


def free_spins_part(pctx: ParContext, f: PickBonus) -> Value:
    """E[what the free spins a pick wins pay] as a multiple of the bet: exact where the
    free-spins block values that many spins exactly (``free_spins_value``); else, for each
    number of spins the picks may win whose value is not exact (a cap, a top-up, a block
    acting in its spins), estimated from runs of the free-spins block's own ``run`` started
    with them, their multiplier included, weighted by the picks' exact chance of them."""
    exact = free_spins_value(pctx.defn, f, pctx.bet)
    if exact is not None:
        return Exact(exact)
    defn, bet = pctx.defn, pctx.bet
    target = free_spins_of(defn, f)
    assert target is not None, "check() makes sure the free spins exist"
    out: Value = Exact(Fraction(0))
    for (spins, mult), q in sorted(spins_distribution(f).items()):
        if not spins:
            continue
        value = awarded_value(defn, target, spins, bet)
        if value is not None:
            out = out + Exact(q * mult * value / bet.total)
            continue

        def one(i: int, spins: int = spins, mult: int = mult) -> int:
            return play_awarded(defn, target, bet, spins, mult, derive_seed(pctx.seed ^ spins * 7919 + mult, i)).total

        out = out + estimate_runs(one, pctx.samples, pctx.seed, f"runs of {target.name} from {spins} spins won "
                                  f"x{mult}", scale=Fraction(1, bet.total)).scaled(q)
    return out


def play_awarded(defn: Definition, target: Any, bet: Bet, spins: int, multiplier: int, seed: int) -> FeatureRun:
    """The free-spins feature started with ``spins`` won by picks, x ``multiplier``, played by its
    own block on ``seed``'s draws (lean: no events)."""
    from .. import Book, FeatureContext, Trigger, block
    from ..free_spins import Awarded

    entry = block("free_spins")
    assert entry is not None
    ctx = FeatureContext(defn, target, bet, Rng(seed), "base", book=Book(keep=False))
    ctx.state.running.append(target.name)
    return entry.run(ctx, Trigger(target.name, target.trigger_symbol, 0, (), spins, detail=Awarded(multiplier)))


def ladder_value(f: PickBonus, takes: Callable[[int, Fraction, Fraction], bool]) -> Fraction:
    """The ladder's value from its first rung when ``takes(rung, prize, climb value)`` says
    where the prize is taken."""
    top = len(f.rungs) - 1
    value = rung_prize(f, top)
    for i in range(top - 1, -1, -1):
        here = f.rungs[i]
        weight = here.climb + here.fall
        climb = (here.climb * value + here.fall * rung_prize(f, here.fall_to - 1)) / weight
        value = rung_prize(f, i) if takes(i, rung_prize(f, i), climb) else climb
    return value


def ladder_values(f: PickBonus) -> tuple[Fraction, Fraction]:
    """(value under the autoplay rule, value under the best rule); equal without ``player_takes``."""
    auto = ladder_value(f, lambda rung, prize, climb: auto_takes(f, rung))
    if not f.player_takes:
        return auto, auto
    return auto, ladder_value(f, lambda rung, prize, climb: prize > climb)


def lucky_spin_value(f: PickBonus) -> Fraction:
    """E[one lucky-slot spin], as a multiple of the bet."""
    credits_times: list[Fraction] = []
    mults: list[Fraction] = []
    for reel in f.reels:
        weight = sum(s.weight for s in reel.stops)
        credits_times.append(sum((s.x_bet * s.multiplier * s.weight for s in reel.stops), Fraction(0)) / weight)
        mults.append(Fraction(sum(s.multiplier * s.weight for s in reel.stops), weight))
    out = Fraction(0)
    for r, ct in enumerate(credits_times):
        term = ct
        for j, m in enumerate(mults):
            if j != r:
                term *= m
        out += term
    return out


def count_chances(defn: Definition, f: PickBonus) -> dict[int, Fraction]:
    """P(a base spin starts the bonus with each count), exactly."""
    adds = trigger_adds(defn, f)
    weight = sum(c.weight for c in defn.base_game.reel_sets)
    out: dict[int, Fraction] = {}
    for choice in defn.base_game.reel_sets:
        share = Fraction(choice.weight, weight)
        if f.trigger_reels:
            p = share
            rows = defn.grid.rows
            for reel in f.trigger_reels:
                strip = defn.reels[choice.set][reel - 1]
                shows = sum(any(s in adds for s in window(strip, stop, rows)) for stop in range(len(strip)))
                p *= Fraction(shows, len(strip))
            out[len(f.trigger_reels)] = out.get(len(f.trigger_reels), Fraction(0)) + p
            continue
        for count, p in count_distribution(defn, choice.set, adds).items():
            if count >= f.trigger_count:
                out[count] = out.get(count, Fraction(0)) + share * p
    return out


def value_at(f: PickBonus, count: int) -> Fraction:
    """The bonus's value (autoplay rule) started by ``count`` symbols, as a multiple of the bet."""
    if f.game == "pick":
        return pick_value(f)[0]
    if f.game == "ladder":
        return ladder_values(f)[0]
    return lucky_spins(f, count) * lucky_spin_value(f)
