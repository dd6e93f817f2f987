"""Free spins: triggered by a symbol count anywhere, played at the triggering bet.

Phases (one loop, each step explicit):

1. AWARD    — ``FeatureStarted`` with the spins awarded for the trigger count.
2. SPIN     — while spins remain: draw the spin's reel set (one ``rng.weighted`` when
              the feature has 2+ reel sets, none otherwise), then its random multiplier
              (one ``rng.weighted`` when ``spin_multipliers`` has 2+ entries), then one
              ``rng.below`` per reel, reel 1 first. Wins are multiplied by
              ``win_multiplier`` x the spin multiplier (scatter pays by the spin
              multiplier only unless ``multiply_scatter_pays``). A retrigger adds
              ``retrigger_awards`` (or ``awards``) to the remaining spins.
3. TOP-UP   — when no spins remain and the feature total is below
              ``minimum_win_x_bet`` x the total bet, ``top_up_spins`` more are added
              (``SpinsAdded``) and SPIN resumes; repeated until the total reaches it.
4. END      — ``FeatureEnded``.

Caps: ``max_win_coins`` (coins of the bet's coin value) and ``max_win_x_bet``; the
lower one applies. The spin that reaches the cap is cut down to it (``WinCapped``
with the amount removed) and the feature ends at once. ``MAX_FEATURE_SPINS`` ends a
runaway feature with ``FeatureLimitReached``.

``free_spins_value`` is the exact expected win of the feature (used to price paid
respins): E[spins] x E[one free spin], with retriggers as a geometric series
(E[spins] = awarded / (1 - E[spins added per spin])) — exact by Wald's identity. It
does not model caps, top-ups or the safety limit (it is exact for games without
them; with them it is the uncapped, un-topped-up value).
"""

from __future__ import annotations

from fractions import Fraction

from ..bet import Bet
from ..definition import Definition, FreeSpins
from ..evaluate import (
    compiled,
    count_distribution,
    evaluate_screen,
    expected_line_coins,
    expected_scatter_x_bet,
    screen_from_stops,
    symbol_count,
    whole,
    window,
)
from ..events import (
    Event,
    FeatureEnded,
    FeatureLimitReached,
    FeatureStarted,
    FeatureTriggered,
    ReelsStopped,
    Screen,
    SpinEnded,
    SpinsAdded,
    SpinStarted,
    WinCapped,
)
from ..money import Money
from . import (
    MAX_FEATURE_SPINS,
    FeatureContext,
    FeatureRun,
    Spin,
    Trigger,
    award_for,
    choose_reel_set,
    draw_stops,
    draw_value,
)

# --- triggering ------------------------------------------------------------------------------------


def trigger_on(
    defn: Definition, feature: FreeSpins, screen: Screen, awards: dict[int, int]
) -> Trigger | None:
    count, positions = symbol_count(defn, screen, feature.trigger_symbol)
    awarded = award_for(awards, count)
    if awarded <= 0:
        return None
    return Trigger(feature.name, feature.trigger_symbol, count, positions, awarded)


def retrigger_awards(feature: FreeSpins) -> dict[int, int]:
    return feature.retrigger_awards or feature.awards


def triggers(ctx: FeatureContext, spin: Spin) -> Trigger | None:
    """A base (or respin) screen showing enough trigger symbols anywhere."""
    if spin.mode == "free":
        return None  # retriggers are handled inside the feature
    return trigger_on(ctx.defn, ctx.feature, spin.screen, ctx.feature.awards)


def smallest_trigger(awards: dict[int, int]) -> int:
    keys = [k for k, v in awards.items() if v > 0]
    return min(keys) if keys else 0


def max_per_reel(defn: Definition, reel_set: str, symbol: str) -> tuple[int, ...]:
    """Most trigger symbols (Doubles counting) any window of each reel can show."""
    cache = compiled(defn).cache
    key = ("max_per_reel", reel_set, symbol)
    found = cache.get(key)
    if found is None:
        adds = {s.id: s.counts for s in defn.symbols if s.base == symbol}
        rows = defn.grid.rows
        found = tuple(
            max(sum(adds.get(sid, 0) for sid in window(strip, stop, rows)) for stop in range(len(strip)))
            for strip in defn.reels[reel_set]
        )
        cache[key] = found
    return found  # type: ignore[return-value]


def anticipation_for(
    defn: Definition,
    symbol: str,
    need: int,
    reel_set: str,
    screen: Screen,
    spinning: tuple[int, ...] = (),
) -> tuple[int, ...]:
    """Reels that spin longer: from the first reel that alone could complete the trigger
    given the symbols already shown, while the trigger is not yet reached and is still
    reachable. Reels stop in order; held reels (a respin) count as shown from the start.
    """
    if need <= 0:
        return ()
    adds = compiled(defn).counts_as.get(symbol, {})
    per_reel = [sum(adds.get(sid, 0) for sid in column) for column in screen]
    most = max_per_reel(defn, reel_set, symbol)
    if not any(per_reel) and max(most, default=0) < need:
        return ()  # nothing shown and no single reel can trigger alone
    order = spinning or tuple(range(len(screen)))
    shown = sum(per_reel[r] for r in range(len(screen)) if r not in order)
    out: list[int] = []
    for i, reel in enumerate(order):
        if shown >= need or shown + sum(most[r] for r in order[i:]) < need:
            break
        if out or shown + most[reel] >= need:
            out.append(reel)
        shown += per_reel[reel]
    return tuple(out)


def anticipation(
    ctx: FeatureContext, reel_set: str, screen: Screen, spinning: tuple[int, ...] = ()
) -> tuple[int, ...]:
    f: FreeSpins = ctx.feature
    awards = f.awards if ctx.mode != "free" else (retrigger_awards(f) if f.retrigger else {})
    return anticipation_for(ctx.defn, f.trigger_symbol, smallest_trigger(awards), reel_set, screen, spinning)


# --- playing --------------------------------------------------------------------------------------


def cap_amount(feature: FreeSpins, bet: Bet) -> Money:
    """The feature's win cap in minor units (0: none); the lower of the two caps."""
    caps = []
    if feature.max_win_coins:
        caps.append(feature.max_win_coins * bet.coin_value)
    if feature.max_win_x_bet:
        product = feature.max_win_x_bet * bet.total
        caps.append(product.numerator // product.denominator)  # a cap rounds down
    return min(caps) if caps else 0


def run(ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
    f: FreeSpins = ctx.feature
    defn, bet, rng = ctx.defn, ctx.bet, ctx.rng
    if rng is None:
        raise ValueError("free spins need an rng to play")
    reel_sets = f.reel_sets or defn.base_game.reel_sets
    cap = cap_amount(f, bet)
    minimum = f.minimum_win_x_bet * bet.total
    spin_ctx = FeatureContext(defn, f, bet, rng, mode="free")

    events: list[Event] = [FeatureStarted(f.name, trigger.awarded, f.win_multiplier)]
    remaining = trigger.awarded
    total = 0
    played = 0
    reel_set = ""
    stops: tuple[int, ...] = ()
    while True:
        if remaining == 0:  # TOP-UP or END
            if f.top_up_spins > 0 and minimum > 0 and total < minimum:
                remaining = f.top_up_spins
                events.append(SpinsAdded(f.name, f.top_up_spins, "top_up", total))
            else:
                break
        if played >= MAX_FEATURE_SPINS:
            events.append(FeatureLimitReached(f.name, played, remaining))
            break
        played += 1
        remaining -= 1
        reel_set = choose_reel_set(rng, reel_sets)
        spin_multiplier = draw_value(rng, f.spin_multipliers) if f.spin_multipliers else Fraction(1)
        line_multiplier = f.win_multiplier * spin_multiplier
        scatter_multiplier = (f.win_multiplier if f.multiply_scatter_pays else 1) * spin_multiplier
        events.append(SpinStarted("free", reel_set, played, remaining, whole(line_multiplier)))  # type: ignore[arg-type]
        stops = draw_stops(rng, defn, reel_set)
        screen = screen_from_stops(defn, reel_set, stops)
        events.append(ReelsStopped(reel_set, stops, screen, anticipation(spin_ctx, reel_set, screen)))
        wins, win = evaluate_screen(defn, screen, bet, line_multiplier, scatter_multiplier=scatter_multiplier)
        events.extend(wins)
        capped = bool(cap) and total + win >= cap
        if capped:
            removed = total + win - cap
            events.append(WinCapped(f.name, cap, removed))
            win -= removed
        total += win
        if not capped and f.retrigger:
            again = trigger_on(defn, f, screen, retrigger_awards(f))
            if again is not None:
                remaining += again.awarded
                events.append(
                    FeatureTriggered(
                        f.name, again.symbol, again.count, again.positions, again.awarded, retrigger=True
                    )
                )
        events.append(SpinEnded("free", win, total))
        if capped:
            break
    events.append(FeatureEnded(f.name, total, played))
    return FeatureRun(tuple(events), total, played, reel_set, stops, {f"{f.name}_spins": played})


# --- exact value ----------------------------------------------------------------------------------


def spin_expectations(defn: Definition, feature: FreeSpins, bet: Bet) -> tuple[Fraction, Fraction]:
    """Exact (expected win of one free spin in minor units, expected spins it adds)."""
    reel_sets = feature.reel_sets or defn.base_game.reel_sets
    weight_sum = sum(c.weight for c in reel_sets)
    if feature.spin_multipliers:
        m_weight = sum(e.weight for e in feature.spin_multipliers)
        mean_multiplier = sum((e.value * e.weight for e in feature.spin_multipliers), Fraction(0)) / m_weight
    else:
        mean_multiplier = Fraction(1)
    scatter_factor = feature.win_multiplier if feature.multiply_scatter_pays else 1
    line_value = bet.lines * bet.coins_per_line * bet.coin_value
    win = Fraction(0)
    added = Fraction(0)
    for choice in reel_sets:
        p = Fraction(choice.weight, weight_sum)
        lines = expected_line_coins(defn, choice.set) * line_value * feature.win_multiplier
        scatters = expected_scatter_x_bet(defn, choice.set) * bet.total * scatter_factor
        win += p * mean_multiplier * (lines + scatters)
        if feature.retrigger:
            awards = retrigger_awards(feature)
            dist = count_distribution(defn, choice.set, [feature.trigger_symbol])
            added += p * sum((q * award_for(awards, k) for k, q in enumerate(dist) if q), Fraction(0))
    return win, added


def free_spins_value(defn: Definition, feature: FreeSpins, count: int, bet: Bet) -> Fraction:
    """Exact expected win (minor units) of the feature triggered by ``count`` symbols.

    E[spins] = awarded / (1 - r) with r the expected spins a free spin adds; when r >= 1
    the feature would never end and the safety limit's spin count is used instead.
    """
    awarded = award_for(feature.awards, count)
    if awarded <= 0:
        return Fraction(0)
    cache = compiled(defn).cache
    key = ("free_spins_value", id(feature), bet)  # the parameters hold dicts: not hashable
    entry = cache.get(key)
    if not (isinstance(entry, tuple) and entry[0] is feature):
        entry = (feature, *spin_expectations(defn, feature, bet))
        cache[key] = entry
    per_spin: Fraction = entry[1]
    added: Fraction = entry[2]
    spins = Fraction(MAX_FEATURE_SPINS) if added >= 1 else awarded / (1 - added)
    return spins * per_spin


def expected_value(ctx: FeatureContext, trigger: Trigger) -> Fraction:
    return free_spins_value(ctx.defn, ctx.feature, trigger.count, ctx.bet)
