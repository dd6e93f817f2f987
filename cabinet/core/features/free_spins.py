"""Free spins: triggered by a symbol count anywhere, played at the triggering bet.

YAML::

    features:
      - type: free_spins
        trigger_symbol: BONUS
        awards: {3: 10, 4: 15, 5: 20}     # count -> spins; counts above the largest use it
        retrigger: true                    # the trigger during free spins adds spins
        reel_sets: [{set: free}]           # empty: the base game's
        win_multiplier: 2
        spin_multipliers: [{value: 2, weight: 5}, {value: 5, weight: 1}]   # drawn per spin
        minimum_win_x_bet: 10              # top up with `top_up_spins` until exceeded
        top_up_spins: 4

Phases (one loop, each step explicit):

1. AWARD    — ``FeatureStarted`` with the spins awarded for the trigger count.
2. SPIN     — while spins remain: draw the spin's reel set (one ``rng.weighted`` when
              the feature has 2+ reel sets, none otherwise), then its random multiplier
              (one ``rng.weighted`` when ``spin_multipliers`` has 2+ entries), then the
              spin pipeline (``core/spin.py``: one ``rng.below`` per reel, reel 1 first,
              then the screen and win stages of the blocks acting in "free" spins). Wins
              are multiplied by ``win_multiplier`` x the spin multiplier x any nested
              block's multiplier (scatter pays by the spin multiplier only unless
              ``multiply_scatter_pays``). The trigger stage follows: a retrigger adds
              ``retrigger_awards`` (or ``awards``), and nested blocks (progress levels)
              may add spins too (``state.spins_added``). Each feature's retrigger gives spins
              of that feature: an outer feature's trigger landing in a nested feature's spin
              adds spins to the outer feature, played on its reels and multipliers after the
              nested one ends.
3. TOP-UP   — when no spins remain and the feature total does not exceed
              ``minimum_win_x_bet`` x the total bet, ``top_up_spins`` more are added
              (``SpinsAdded``) and SPIN resumes; repeated until the total exceeds it
              (Halloween Wins 3: "until the total win of the feature exceeds 10 times the
              bet": a total of exactly 10x is topped up).
4. END      — ``FeatureEnded``.

Caps: ``max_win_coins`` (coins of the bet's coin value) and ``max_win_x_bet``; the
lower one applies. The spin that reaches the cap is cut down to it (``WinCapped``
with the amount removed) and the feature ends at once. ``MAX_FEATURE_SPINS`` ends a
runaway feature with ``FeatureLimitReached``.

Par: ``free_spins_value`` is the exact expected win of the feature without caps and
top-ups: E[spins] x E[one free spin], with retriggers as a geometric series
(E[spins] = awarded / (1 - E[spins added per spin])), exact by Wald's identity. What a
cap or a top-up changes is estimated by playing this block's own ``run`` from the
trigger twice per sample, with and without the rule, on the same draws (a paired
difference: tight, and never a second copy of the rules). A top-up alone, on spins
that are independent and alike (no cap, no block carrying state between spins), is
priced tighter still: by Wald's identity the extra spins are worth E[their number]
x the exact value of one free spin (this block's and the spin blocks' exact parts),
so only the number is estimated: where the batch tables price a free spin whole, by the
exact chain over (spins left, total so far) solved on one spin's (win, spins added)
distribution, which single free spins estimate (``core/top_up.py``); else from runs
that count the spins the top-up added. A feature with nested blocks that change its
spins (progress levels) is valued by those blocks' own par.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal, overload

from ..bet import Bet, all_bets
from ..definition import Definition, WeightedName, WeightedValue, doc
from ..evaluate import compiled, symbol_count, whole, window
from ..events import (
    FeatureEnded,
    FeatureLimitReached,
    FeatureStarted,
    Screen,
    SpinEnded,
    SpinsAdded,
    SpinStarted,
    WinCapped,
)
from ..linemath import expected_line_coins, expected_scatter_x_bet, symbol_count_distribution
from ..money import Money, exact_str, money_str
from ..rng import Rng, derive_seed
from ..spin import RoundContext, play_spin, trigger_stage
from ..value import Z95, Estimate, Exact, Value, estimate_runs
from . import (
    MAX_FEATURE_SPINS,
    BatchHint,
    Block,
    BlockPar,
    FeatureContext,
    FeatureRun,
    ParContext,
    PlanPart,
    Report,
    Spin,
    SpinsPlan,
    Trigger,
    WindowCount,
    active,
    award_for,
    check_symbol,
    check_weights,
    choose_reel_set,
    draw_value,
    mean_value,
    window_hint,
)
from . import drawn_spins as drawn
from . import free_scatter_pays as scatter_pays
from . import line_win_trigger as line_wins
from . import until_trigger as until
from . import wild_reels_trigger as wild_reels
from . import win_exceptions as exceptions
from .drawn_spins import filled_awards
from .win_exceptions import MultiplierException


@dataclass(frozen=True)
class FreeSpins:
    type: Literal["free_spins"] = doc("free spins triggered by scatter/bonus symbols anywhere")
    trigger_symbol: str = doc("the symbol whose count (Doubles counting 2) triggers the feature")
    awards: dict[int, int] = doc(
        "symbol count -> free spins won; counts above the largest key use it (with `drawn_spins`: filled from it; "
        "with `until_symbol`: the spins' safety cap)", factory=dict)
    name: str = doc("feature name used in events, meters and scenarios", default="free_spins")
    retrigger: bool = doc("whether the trigger during free spins adds spins", default=True)
    retrigger_awards: dict[int, int] = doc("count -> extra spins in free spins (empty: same as awards)", factory=dict)
    max_retriggers: int = doc(
        "the most retriggers one feature takes (1: the catalogue's \"retriggers once\"; 0: no limit); a trigger "
        "past it adds nothing and shows nothing", default=0)
    drawn_spins: dict[int, tuple[WeightedValue, ...]] = doc(
        "count -> a weighted table of spin counts drawn at the trigger (`drawn_spins.py`; counts above the largest "
        "key use it); `awards` may then be left out", factory=dict)
    retrigger_drawn_spins: dict[int, tuple[WeightedValue, ...]] = doc(
        "count -> a weighted table of spins a retrigger draws (empty: `retrigger_awards`, else `drawn_spins`)",
        factory=dict)
    until_symbol: str = doc(
        "free spins go on until a spin shows `until_counts` of this symbol (that spin is the last; "
        "`until_trigger.py`); the award is then their safety cap (empty: off)", default="")
    until_counts: tuple[int, ...] = doc("the counts of `until_symbol` that end the free spins", factory=tuple)
    wild_reels: tuple[int, ...] = doc(
        "1-based reels that must each show a wild at once to award `wild_reels_spins` (\"wilds on reels 2, 3 "
        "and 4\"; `wild_reels_trigger.py`), added to a scatter award; again as a retrigger (empty: off)",
        factory=tuple)
    line_win_awards: dict[str, dict[int, int]] = doc(
        "paid symbol -> exact count -> free spins a winning line awards, summed over the lines (Fruit Shop; "
        "`line_win_trigger.py`)", factory=dict)
    retrigger_line_win_awards: dict[str, dict[int, int]] = doc(
        "the same in free spins (empty: `line_win_awards`)", factory=dict)
    wild_reels_spins: int = doc("free spins the wilds on `wild_reels` award", default=0)
    wild_reels_symbol: str = doc("the wild that counts on `wild_reels` (empty: any wild)", default="")
    reel_sets: tuple[WeightedName, ...] = doc("reel sets for free spins (empty: the base game's)", factory=tuple)
    win_multiplier: int = doc("every free-spin win is multiplied by this", default=1)
    multiplier_exceptions: tuple[MultiplierException, ...] = doc(
        "wins paid another multiplier than `win_multiplier` (\"x3 except five wilds, paid x1\"; "
        "`win_exceptions.py`): the first that matches a win's symbol and count (0: any) applies", factory=tuple)
    free_scatter_pays: dict[str, dict[int, Fraction]] = doc(
        "scatter symbol -> count -> pay (x the total bet) in free spins, in place of its base-game pays "
        "(`free_scatter_pays.py`)", factory=dict)
    multiply_scatter_pays: bool = doc(
        "whether scatter pays in free spins are multiplied too (Happy Riches: no)", default=True
    )
    spin_multipliers: tuple[WeightedValue, ...] = doc(
        "a random multiplier drawn for each free spin and applied to its wins (empty: none)", factory=tuple
    )
    minimum_win_x_bet: Fraction = doc(
        "if the feature ends having won less than this multiple of the bet, award `top_up_spins` more "
        "(repeatedly) until it is exceeded; 0: off",
        default=Fraction(0),
    )
    top_up_spins: int = doc("spins added each time the minimum is not reached", default=0)
    max_win_coins: int = doc("cap on the feature's total win, in coins (0: none)", default=0)
    max_win_x_bet: Fraction = doc("cap on the feature's total win as a multiple of the bet (0: none)", default=Fraction(0))
    continue_after_seconds: Fraction = doc(
        "the screen only: seconds the intro's Continue button waits before the feature starts by itself "
        "(a kiosk; 0: the scene's own short default)",
        default=Fraction(0),
    )
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets; {spins}, {index}, {total}, "
        "{amount}, {minimum}, {count} as each says): `intro_title` [FREE SPINS WON]; `intro_spins` [{spins} FREE "
        "SPINS]; `intro_status` the status line [{spins} FREE SPINS]; `good_luck` [GOOD LUCK!]; `continue` "
        "the intro's button [CONTINUE]; `spin_status` [FREE SPIN {index} OF {total}]; `badge` the counter's "
        "caption [FREE SPIN]; `retrigger` the popup's caption [RETRIGGER!]; `retrigger_status` [RETRIGGER! "
        "+{spins} FREE SPINS: {total} IN ALL]; `added` [+{spins} FREE SPINS]; `extra` [EXTRA SPINS!]; "
        "`guarantee` [{minimum}x BET GUARANTEE]; `guarantee_status` [FEATURE WIN BELOW {minimum}x THE BET: "
        "{spins} EXTRA FREE SPINS]; `outro_title` [FREE SPINS COMPLETE]; `outro_total` [TOTAL WIN FROM "
        "{spins} FREE SPINS]; `outro_status` [FREE SPINS WIN {amount}]; `row` its FEATURES-glass rows "
        "[{spins} SPINS]; `panel` the FEATURES glass's heading when it lists only them [FREE SPINS]; "
        "`paytable_note` under the trigger symbol's pays [{count} OR MORE START FREE SPINS.]; `drawn` the drawn "
        "count's reveal (`drawn_spins`) [{spins} FREE SPINS DRAWN]; `until_status` the status line of free spins "
        "until a trigger [FREE SPINS UNTIL {count} {symbol}]; `until_landed` [{count} {symbol}: LAST FREE SPIN]; "
        "`rules_name`, "
        "`rules_name_one` what the INFO rules call them in a sentence [free spins, free spin]; `heading` its INFO "
        "heading", factory=dict)

    def __post_init__(self) -> None:
        # drawn spins may leave out the fixed tables: they are filled with each count's largest draw
        # (which counts trigger, and the bound the loader's length checks read)
        if self.drawn_spins and not self.awards:
            object.__setattr__(self, "awards", filled_awards(self.drawn_spins))
        if self.retrigger_drawn_spins and not self.retrigger_awards:
            object.__setattr__(self, "retrigger_awards", filled_awards(self.retrigger_drawn_spins))


DRAW_AT_START = "draw spins"  # a Trigger's detail: ``run`` draws the award (no trigger stage drew it)


@dataclass(frozen=True)
class Awarded:
    """A Trigger's detail: spins another feature awarded as a prize (a pick bonus's tile),
    played as the feature's own, with every win of them multiplied by ``multiplier``."""

    multiplier: int = 1

# single free spins per par sample for the top-up's chain (``core/top_up.py``): par's default
# 400-sample pilot then prices Halloween Wins 3's top-up to about +-0.01 points of RTP
SPINS_PER_SAMPLE = 10_000

# --- triggering ------------------------------------------------------------------------------------


def trigger_on(
    defn: Definition, feature: FreeSpins, screen: Screen, awards: dict[int, int]
) -> Trigger | None:
    count, positions = symbol_count(defn, screen, feature.trigger_symbol)
    awarded = award_for(awards, count)
    if awarded <= 0:
        return None
    return Trigger(feature.name, feature.trigger_symbol, count, positions, awarded)


def with_wild_reels(defn: Definition, feature: FreeSpins, screen: Screen, found: Trigger | None) -> Trigger | None:
    """``found`` (a scatter trigger or None) with the wild-reels trigger's spins added when every
    listed reel shows the wild (``wild_reels_trigger``)."""
    cells = wild_reels.shows(defn, feature, screen) if feature.wild_reels else None
    if cells is None:
        return found
    if found is None:
        count, _ = symbol_count(defn, screen, feature.trigger_symbol) if feature.trigger_symbol else (0, ())
        return Trigger(feature.name, feature.wild_reels_symbol or screen[cells[0][0]][cells[0][1]], count, cells,
                       feature.wild_reels_spins)
    return dataclasses.replace(found, positions=(*found.positions, *cells),
                               awarded=found.awarded + feature.wild_reels_spins)


def with_line_wins(ctx: FeatureContext, feature: FreeSpins, screen: Screen, found: Trigger | None, *,
                   retrigger: bool) -> Trigger | None:
    """``found`` with the spins the played lines' wins award added (``line_win_trigger``)."""
    if not (feature.line_win_awards or feature.retrigger_line_win_awards):
        return found
    spins, cells, symbol, count = line_wins.awards_on(ctx.defn, feature, screen, ctx.bet.lines, retrigger=retrigger)
    if not spins:
        return found
    if found is None:
        return Trigger(feature.name, symbol, count, cells, spins)
    return dataclasses.replace(found, positions=tuple(dict.fromkeys((*found.positions, *cells))),
                               awarded=found.awarded + spins)


def drawn_award(ctx: FeatureContext, found: Trigger | None, *, retrigger: bool) -> Trigger | None:
    """``found`` with its drawn number of spins (``drawn_spins``: one ``rng.weighted`` as the
    trigger is found, a ``SpinsDrawn`` before ``FeatureTriggered``); as it is without an rng
    (a trigger only evaluated) or a drawn table."""
    if found is None or ctx.rng is None:
        return found
    got = drawn.draw(ctx.rng, ctx.feature, found.count, retrigger=retrigger)
    if got is None:
        return found
    spins, choices = got
    if ctx.book.keep:
        ctx.book.add(drawn.SpinsDrawn(found.feature, spins, choices, retrigger))
    return dataclasses.replace(found, awarded=spins)


def retrigger_awards(feature: FreeSpins) -> dict[int, int]:
    return feature.retrigger_awards or feature.awards


def smallest_trigger(awards: dict[int, int]) -> int:
    keys = [k for k, v in awards.items() if v > 0]
    return min(keys) if keys else 0


def max_per_reel(defn: Definition, reel_set: str, symbol: str) -> tuple[int, ...]:
    """Most trigger symbols (Doubles counting) any window of each reel can show."""
    cache = compiled(defn).cache
    key = ("max_per_reel", reel_set, symbol)
    found = cache.get(key)
    if found is None:
        found = tuple(max(counts) for counts in window_counts(defn, reel_set, symbol))
        cache[key] = found
    return found  # type: ignore[return-value]


def window_counts(defn: Definition, reel_set: str, symbol: str) -> tuple[tuple[int, ...], ...]:
    """How many ``symbol`` (Doubles counting) each reel's window shows at each stop."""
    adds = {s.id: s.counts for s in defn.symbols if s.base == symbol}
    rows = defn.grid.rows
    return tuple(
        tuple(sum(adds.get(sid, 0) for sid in window(strip, stop, rows)) for stop in range(len(strip)))
        for strip in defn.reels[reel_set]
    )


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


def check_multipliers_exact(
    defn: Definition, report: Report, path: tuple[Any, ...], multipliers: Iterable[WeightedValue]
) -> None:
    """The one money rule for a multiplier that is not a whole number: every pay it can
    multiply (line pays x the line stake, scatter pays x the total bet, the wilds' and
    levels' whole multipliers leaving exactness as it is) must stay a whole number of minor
    units at every allowed bet; else it is refused here, at its value, naming the smallest
    stake that fails. The cabinet never rounds a win, so nothing is left to round."""
    if not all(value > 0 for value in (*defn.bet.coin_values, *defn.bet.coins_per_line)):
        return  # the bet section's own check reports it
    try:
        bets = all_bets(defn)
    except (ValueError, ZeroDivisionError):
        return
    line_stakes = sorted({(b.coins_per_line * b.coin_value, b.coins_per_line, b.coin_value) for b in bets})
    totals = sorted({b.total for b in bets})
    symbols = defn.symbol_map
    line_pays = sorted({(pay, sym, n) for sym, table in defn.pays.items() for n, pay in table.items()
                        if sym in symbols and symbols[sym].kind not in ("scatter", "bonus")
                        and not symbols[sym].is_scatter})
    scatter_pays = sorted({(pay, sym, n) for sym, table in defn.pays.items() for n, pay in table.items()
                           if sym in symbols and (symbols[sym].kind in ("scatter", "bonus") or symbols[sym].is_scatter)})
    mu = defn.bet.minor_units
    for j, wv in enumerate(multipliers):
        if wv.value.denominator == 1:
            continue
        failed = next(((stake, cpl, cv, pay, sym, n) for stake, cpl, cv in line_stakes for pay, sym, n in line_pays
                       if (pay * wv.value * stake).denominator != 1), None)
        if failed is not None:
            stake, cpl, cv, pay, sym, n = failed
            report((*path, j, "value"), f"multiplier {exact_str(wv.value)} makes {n} '{sym}' ({exact_str(pay)} coins) pay "
                   f"{exact_str(pay * wv.value * stake)} minor units at {cpl} coin(s) per line of {money_str(cv, mu)} "
                   "(the smallest coin that fails): a win is never rounded, so a multiplier must keep every pay "
                   "whole (games/README.md, How pays work)")
            continue
        bad = next(((total, pay, sym, n) for total in totals for pay, sym, n in scatter_pays
                    if (pay * wv.value * total).denominator != 1), None)
        if bad is not None:
            total, pay, sym, n = bad
            report((*path, j, "value"), f"multiplier {exact_str(wv.value)} makes {n} '{sym}' ({exact_str(pay)} x the bet) "
                   f"pay {exact_str(pay * wv.value * total)} minor units at a total bet of {money_str(total, mu)} "
                   "(the smallest bet that fails): a win is never rounded, so a multiplier must keep every pay "
                   "whole (games/README.md, How pays work)")


def top_up_until(feature: FreeSpins, bet: Bet) -> Money:
    """The smallest feature total (minor units) that takes no top-up: the total must EXCEED
    ``minimum_win_x_bet`` x the bet (0: no top-up)."""
    if feature.top_up_spins <= 0 or feature.minimum_win_x_bet <= 0:
        return 0
    minimum = feature.minimum_win_x_bet * bet.total
    return minimum.numerator // minimum.denominator + 1


def cap_amount(feature: FreeSpins, bet: Bet) -> Money:
    """The feature's win cap in minor units (0: none); the lower of the two caps."""
    caps = []
    if feature.max_win_coins:
        caps.append(feature.max_win_coins * bet.coin_value)
    if feature.max_win_x_bet:
        product = feature.max_win_x_bet * bet.total
        caps.append(product.numerator // product.denominator)  # a cap rounds down
    return min(caps) if caps else 0


# --- playing -----------------------------------------------------------------------------------------


def run(ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
    """Play the feature from ``trigger`` to its end, appending its events to ``ctx.book``."""
    f: FreeSpins = ctx.feature
    defn, bet, rng, book, state = ctx.defn, ctx.bet, ctx.rng, ctx.book, ctx.state
    if rng is None:
        raise ValueError("free spins need an rng to play")
    rc = RoundContext.sharing(ctx)
    reel_sets = f.reel_sets or defn.base_game.reel_sets
    cap = cap_amount(f, bet)
    enough = top_up_until(f, bet)
    keep = book.keep
    saved = (state.multiplier, state.scatter_multiplier, state.both_ways, state.level_multiplier,
             state.sticky_reels, state.values)
    # what nested blocks unlock (levels, sticky reels) lasts this feature, not the round
    state.level_multiplier, state.sticky_reels, state.values = Fraction(1), [], {}
    played_on = rc.defn  # the free spins' own scatter pays are a definition of their own
    rc.defn = scatter_pays.free_definition(defn, f)
    rule = exceptions.rule_of(f)
    if rule is not None:  # the spin pipeline pays matching wins by them (``win_exceptions``)
        state.values[exceptions.KEY] = rule

    if trigger.detail == DRAW_AT_START:  # a buy (or par's runs from a count): the draw a trigger makes
        got = drawn.draw(rng, f, trigger.count)
        if got is not None:
            if keep:
                book.add(drawn.SpinsDrawn(f.name, got[0], got[1]))
            trigger = dataclasses.replace(trigger, awarded=got[0])
    outer_retriggers = state.retriggers.get(f.name)
    state.retriggers[f.name] = 0  # this feature's own count (``max_retriggers``)
    extra = trigger.detail.multiplier if isinstance(trigger.detail, Awarded) else 1  # a prize's multiplier
    book.add(FeatureStarted(f.name, trigger.awarded, f.win_multiplier * extra))
    for params, entry in active(defn, "free"):  # blocks of its spins that start with it (a drawn symbol)
        if params is not f and isinstance(entry, Block):
            entry.feature_start(rc.context(params, "free"), f.name)
    remaining = trigger.awarded
    total = 0
    played = 0
    topped_at = 0  # spins played when the first top-up came (0: none)
    reel_set = ""
    stops: tuple[int, ...] = ()
    limit = MAX_FEATURE_SPINS
    while True:
        if remaining == 0:  # TOP-UP or END
            if enough and total < enough:
                if not topped_at:
                    topped_at = played
                remaining = f.top_up_spins
                book.add(SpinsAdded(f.name, f.top_up_spins, "top_up", total))
            else:
                break
        if played >= limit:
            book.add(FeatureLimitReached(f.name, played, remaining))
            break
        played += 1
        remaining -= 1
        reel_set = choose_reel_set(rng, reel_sets)
        spin_multiplier = draw_value(rng, f.spin_multipliers) if f.spin_multipliers else 1
        line_multiplier = extra * f.win_multiplier * spin_multiplier * state.level_multiplier
        state.multiplier = Fraction(line_multiplier)
        state.scatter_multiplier = (
            None if f.multiply_scatter_pays else Fraction(extra * spin_multiplier * state.level_multiplier)
        )
        if keep:
            book.add(SpinStarted("free", reel_set, played, remaining, whole(line_multiplier)))  # type: ignore[arg-type]
        spin = play_spin(rc, "free", reel_set)
        stops = spin.stops
        win = spin.win
        capped = bool(cap) and total + win >= cap
        if capped:
            removed = total + win - cap
            book.add(WinCapped(f.name, cap, removed))
            win -= removed
        total += win
        if not capped:
            nested, _ = trigger_stage(rc, spin)  # retriggers, progress levels, nested features
            total += nested
            remaining += state.spins_added.pop(f.name, 0)  # its own: an outer feature's wait for it
        if keep:
            book.add(SpinEnded("free", win, total))
        if capped:
            break
        ending = until.ends_on(defn, f, spin.screen) if f.until_symbol else None
        if ending is not None:  # the symbols that end it landed: this spin was the last
            book.add(until.UntilLanded(f.name, f.until_symbol, ending[0], ending[1], played))
            break
    (state.multiplier, state.scatter_multiplier, state.both_ways, state.level_multiplier,
     state.sticky_reels, state.values) = saved
    rc.defn = played_on
    if outer_retriggers is None:
        state.retriggers.pop(f.name, None)
    else:
        state.retriggers[f.name] = outer_retriggers
    book.add(FeatureEnded(f.name, total, played))
    stats = {f"{f.name}_spins": played}
    if topped_at:
        stats[f"{f.name}_top_up_spins"] = played - topped_at
    return FeatureRun(total, played, reel_set, stops, stats)


def spins_plan(defn: Definition, feature: FreeSpins, bet: Bet) -> SpinsPlan | None:
    """This feature as data for the batch player (``SpinsPlan``), read from the same
    tables and functions ``run`` plays by, with what each block acting in its spins says
    it does there (its ``plan_part``: a progress bar's levels, how a sticky reel shows).
    None where ``run`` would do more than the plan says: a block in its spins that gives
    no part, two bars, sticky reels nothing shows, or a spin multiplier that is not a
    whole number."""
    from . import active

    levels: PlanPart | None = None
    show = screen = None
    for params, entry in active(defn, "free"):
        if params is feature:
            continue
        part = entry.plan_part(defn, params, feature) if isinstance(entry, Block) else None
        if (part is None or (part.levels and levels is not None) or (part.show and show is not None)
                or (part.screen and screen is not None)):
            return None
        if part.levels:
            levels = part
        show = part.show or show
        screen = part.screen or screen
    if levels is not None and show is None and any(level.sticky for level in levels.levels):
        return None
    if screen is not None and (levels is not None or show is not None):
        return None  # the order of a screen change and sticky reels is not in the plan
    if any(e.value.denominator != 1 for e in feature.spin_multipliers):
        return None
    if feature.retrigger and feature.max_retriggers:
        return None  # the batch player adds every retrigger: a limited feature plays through play_round
    if feature.drawn_spins or feature.retrigger_drawn_spins or feature.until_symbol or feature.multiplier_exceptions or \
            feature.free_scatter_pays or feature.wild_reels or feature.line_win_awards:
        return None  # the batch player's awards are fixed and counted down: these play through play_round
    adds = {s.id: s.counts for s in defn.symbols if s.base == feature.trigger_symbol}
    # the most a screen can count: every cell the symbol that counts the most
    top = defn.grid.reels * defn.grid.rows * max(adds.values(), default=1)
    return SpinsPlan(
        name=feature.name,
        awarded=tuple(award_for(feature.awards, k) for k in range(top + 1)),
        reel_sets=feature.reel_sets or defn.base_game.reel_sets,
        multipliers=tuple((e.value.numerator, e.weight) for e in feature.spin_multipliers),
        line_multiplier=feature.win_multiplier,
        scatter_multiplier=feature.win_multiplier if feature.multiply_scatter_pays else 1,
        count=lambda reel, w: sum(adds.get(sid, 0) for sid in w),
        added=tuple(award_for(retrigger_awards(feature), k) for k in range(top + 1)) if feature.retrigger else (),
        cap=cap_amount(feature, bet),
        minimum=top_up_until(feature, bet),
        top_up=feature.top_up_spins,
        limit=MAX_FEATURE_SPINS,
        levels=levels.levels if levels else (),
        level_of_points=levels.level_of_points if levels else (),
        progress=levels.progress if levels else None,
        show=show,
        screen=screen,
    )


# --- exact value -----------------------------------------------------------------------------------


def spin_expectations(defn: Definition, feature: FreeSpins, bet: Bet) -> tuple[Fraction, Fraction]:
    """Exact (expected win of one free spin in minor units, expected spins it adds)."""
    reel_sets = feature.reel_sets or defn.base_game.reel_sets
    weight_sum = sum(c.weight for c in reel_sets)
    mean_multiplier = mean_value(feature.spin_multipliers)
    scatter_factor = feature.win_multiplier if feature.multiply_scatter_pays else 1
    line_value = bet.lines * bet.coins_per_line * bet.coin_value
    free_defn = scatter_pays.free_definition(defn, feature)
    win = Fraction(0)
    added = Fraction(0)
    for choice in reel_sets:
        p = Fraction(choice.weight, weight_sum)
        lines = expected_line_coins(defn, choice.set) * line_value * feature.win_multiplier
        scatters = expected_scatter_x_bet(free_defn, choice.set) * bet.total * scatter_factor
        if feature.multiplier_exceptions:  # what the excepted wins are paid less (``win_exceptions``)
            lines -= exceptions.line_reduction(defn, choice.set, feature) * line_value
            scatters -= exceptions.scatter_reduction(free_defn, choice.set, feature) * bet.total
        win += p * mean_multiplier * (lines + scatters)
        if feature.retrigger and not feature.wild_reels:
            dist = screen_trigger_counts(defn, feature, "free", choice.set)
            added += p * sum((q * drawn.mean_award(feature, k, retrigger=True) for k, q in enumerate(dist) if q),
                             Fraction(0))
    if feature.retrigger and (feature.line_win_awards or feature.retrigger_line_win_awards):
        weight = sum(c.weight for c in reel_sets)
        added += sum((Fraction(c.weight, weight) * line_wins.mean_award(defn, feature, c.set, bet.lines, retrigger=True)
                      for c in reel_sets), Fraction(0))
    if feature.retrigger and feature.wild_reels:
        wild_awards = wild_reels.award_distribution(defn, feature, "free", retrigger_awards(feature))
        added = sum((n * q for n, q in wild_awards.items()), Fraction(0))
    return win, added


def added_distribution(defn: Definition, feature: FreeSpins) -> dict[int, Fraction]:
    """P(one free spin retriggers, adding ``a`` spins), by ``a`` > 0 (over the feature's reel sets)."""
    out: dict[int, Fraction] = {}
    if not feature.retrigger:
        return out
    if feature.wild_reels:
        return wild_reels.award_distribution(defn, feature, "free", retrigger_awards(feature))
    reel_sets = feature.reel_sets or defn.base_game.reel_sets
    weight_sum = sum(c.weight for c in reel_sets)
    for choice in reel_sets:
        p = Fraction(choice.weight, weight_sum)
        for k, q in enumerate(screen_trigger_counts(defn, feature, "free", choice.set)):
            if not q:
                continue
            for a, pa in drawn.award_distribution(feature, k, retrigger=True).items():
                out[a] = out.get(a, Fraction(0)) + p * q * pa
    return out


def expected_spins_from(defn: Definition, feature: FreeSpins, awarded: int, added: Fraction) -> Fraction:
    """E[free spins played] from ``awarded`` spins, ``added`` the spins one spin adds on average:
    ``awarded / (1 - added)`` (Wald), or the retrigger limit's exact chain (``retrigger_limit``);
    the safety limit's count when retriggers would never end."""
    if feature.retrigger and feature.max_retriggers:
        from .retrigger_limit import limited_spins

        return limited_spins(awarded, added_distribution(defn, feature), feature.max_retriggers)
    return Fraction(MAX_FEATURE_SPINS) if added >= 1 else awarded / (1 - added)


def base_weighted(defn: Definition, value: Callable[[str], Fraction]) -> Fraction:
    """``value`` of a base spin's reel set, over the base game's weighted reel sets."""
    weight = sum(c.weight for c in defn.base_game.reel_sets)
    return sum((Fraction(c.weight, weight) * value(c.set) for c in defn.base_game.reel_sets), Fraction(0))


def line_win_rate(defn: Definition, feature: FreeSpins, lines: int) -> Fraction:
    return base_weighted(defn, lambda reel_set: line_wins.trigger_rate(
        defn, feature, reel_set, lines, feature.awards, retrigger=False))


def expected_spins_for(defn: Definition, feature: FreeSpins, count: int, added: Fraction) -> Fraction:
    """E[free spins played] from a trigger of ``count``: ``expected_spins_from`` averaged over
    the award's draw (``drawn_spins``), or the until-trigger's capped geometric chain."""
    if feature.until_symbol:
        p = until.ending_probability(defn, feature)
        return until.expected_spins(award_for(feature.awards, count), p)
    return sum((q * expected_spins_from(defn, feature, n, added)
                for n, q in drawn.award_distribution(feature, count).items()), Fraction(0))


def free_spins_value(defn: Definition, feature: FreeSpins, count: int, bet: Bet) -> Fraction:
    """Exact expected win (minor units) of the feature triggered by ``count`` symbols,
    without caps and top-ups.

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
    return expected_spins_for(defn, feature, count, added) * per_spin


def awarded_value(defn: Definition, feature: FreeSpins, awarded: int, bet: Bet) -> Fraction | None:
    """Exact expected win (minor units) of the feature started with ``awarded`` spins (a prize
    of another feature: no award drawn), retriggers as the feature says; None where that is
    not exact: a cap or a top-up (not linear in the spins), a block acting in its spins."""
    if awarded <= 0:
        return Fraction(0)
    if cap_amount(feature, bet) or top_up_until(feature, bet) or nested_spin_blocks(defn, feature):
        return None
    per_spin, added = spin_expectations(defn, feature, bet)
    if feature.until_symbol:  # the award is the spins' cap, as from a trigger
        return until.expected_spins(awarded, until.ending_probability(defn, feature)) * per_spin
    return expected_spins_from(defn, feature, awarded, added) * per_spin


def screen_trigger_counts(defn: Definition, feature: FreeSpins, mode: str, reel_set: str) -> list[Fraction]:
    """P(k trigger symbols) on the screen a spin of ``mode`` shows after its screen stage: the
    screen play counts the trigger on (``triggers``), by the screen blocks' own window changes
    (``composition.screen_count_distribution``). Where those are not data, the landed strips'
    count (``composition.meetings`` then calls the blocks' meeting unpriced)."""
    from ..composition import screen_count_distribution

    cache = compiled(defn).cache
    key = ("screen_trigger_counts", feature.trigger_symbol, mode, reel_set)
    found = cache.get(key)
    if found is None:
        adds = {s.id: s.counts for s in defn.symbols if s.base == feature.trigger_symbol}
        found = screen_count_distribution(defn, mode, reel_set, adds)
        if found is None:
            found = symbol_count_distribution(defn, reel_set, [feature.trigger_symbol])
        cache[key] = found
    return found  # type: ignore[return-value]


def feature_value(defn: Definition, feature: FreeSpins, count: int, bet: Bet) -> Fraction | None:
    """Exact expected win (minor units) of the feature triggered by ``count`` symbols with every
    block acting in its spins, without caps and top-ups; None where par does not price those
    blocks exactly (a meeting in its spins no par prices, levels with retriggers, ...).

    Progress levels give the feature's value from their chain (with what they price with them:
    the sticky reels, a mystery reveal); every other block adds its exact part per free spin
    (its ``free_rtp`` over the game's expected free spins) times this feature's expected spins."""
    from ..composition import unpriced
    from . import active, block

    nested = [(p, e) for p, e in active(defn, "free") if p is not feature]
    plain = free_spins_value(defn, feature, count, bet)
    if not nested:
        return plain
    if sum(1 for g in defn.features if isinstance(g, FreeSpins)) != 1 or any(
            m.mode == "free" and not m.priced for m in unpriced(defn)):
        return None
    value = plain
    covered: set[str] = set()
    for params, entry in nested:
        found = entry.feature_value(defn, params, feature, count, bet)
        if found is not None:  # it prices the feature's spins itself
            if covered:
                return None  # two blocks that each price the whole feature: not priced together
            value = found
            covered |= {p.name for p, _ in nested if entry.par_covers(defn, params, p, "free")} | {params.name}
    part, _, _ = BLOCK.exact_part(ParContext(defn, feature, bet))
    spins, rate = part.figures.get("expected_spins"), part.figures.get("trigger_rate")
    added = part.figures.get("added_per_spin")
    if not (isinstance(spins, Exact) and isinstance(rate, Exact) and isinstance(added, Exact)) or not spins.value:
        return None
    my_spins = expected_spins_for(defn, feature, count, added.value)
    for params, _ in nested:
        if params.name in covered:
            continue
        nested_block = block(params.type)
        found_part = None if nested_block is None else nested_block.par(ParContext(defn, params, bet))
        free = None if found_part is None else found_part.figures.get("free_rtp")
        if not isinstance(free, Exact):
            if found_part is not None and found_part.rtp == Exact(Fraction(0)):
                continue  # adds nothing by itself (sticky reels shown for another block)
            return None
        value += free.value / (rate.value * spins.value) * my_spins * bet.total
    return value


def trigger_distribution(defn: Definition, feature: FreeSpins) -> dict[int, Fraction]:
    """P(a base spin's screen shows exactly k trigger symbols) for the counts that trigger."""
    out: dict[int, Fraction] = {}
    weight = sum(c.weight for c in defn.base_game.reel_sets)
    for choice in defn.base_game.reel_sets:
        p = Fraction(choice.weight, weight)
        for k, q in enumerate(screen_trigger_counts(defn, feature, "base", choice.set)):
            if q and award_for(feature.awards, k) > 0:
                out[k] = out.get(k, Fraction(0)) + p * q
    return dict(sorted(out.items()))


def triggers_rate(triggers: dict[int, Fraction]) -> Fraction:
    return sum(triggers.values(), Fraction(0))


@overload
def run_from_trigger(defn: Definition, feature: FreeSpins, bet: Bet, count: int, seed: int) -> Money: ...
@overload
def run_from_trigger(
    defn: Definition, feature: FreeSpins, bet: Bet, count: int, seed: int, *, stats: Literal[True]
) -> dict[str, int]: ...
def run_from_trigger(
    defn: Definition, feature: FreeSpins, bet: Bet, count: int, seed: int, *, stats: bool = False
) -> Money | dict[str, int]:
    """The feature's total (``stats``: its run's counters) when triggered by ``count``
    symbols, played on ``seed``'s draws by this block's own ``run`` (lean: no events kept)."""
    outcome = play_from_trigger(defn, feature, bet, count, seed)
    return outcome.stats if stats else outcome.total


def run_from_award(defn: Definition, feature: FreeSpins, bet: Bet, award: int, seed: int) -> Money:
    """The feature's total when a base spin awards ``award`` spins by whatever triggered it (a scatter
    count, wilds on the listed reels, line wins, or several at once: the award is their sum)."""
    from ..features import Book

    trigger = Trigger(feature.name, feature.trigger_symbol, 0, (), award)
    ctx = FeatureContext(defn, feature, bet, Rng(seed), "base", book=Book(keep=False))
    ctx.state.running.append(feature.name)
    return run(ctx, trigger).total


def play_from_trigger(defn: Definition, feature: FreeSpins, bet: Bet, count: int, seed: int) -> FeatureRun:
    """``run_from_trigger``'s whole outcome: total, spins played and counters."""
    from ..features import Book

    trigger = Trigger(feature.name, feature.trigger_symbol, count, (), award_for(feature.awards, count),
                      detail=DRAW_AT_START if drawn.table_for(feature, count) else None)
    ctx = FeatureContext(defn, feature, bet, Rng(seed), "base", book=Book(keep=False))
    ctx.state.running.append(feature.name)
    return run(ctx, trigger)


def without_rules(feature: FreeSpins) -> FreeSpins:
    """The feature with no win cap and no top-up: what its exact value prices (the rules'
    effect is its par's own part, from paired runs with and without them)."""
    return dataclasses.replace(feature, max_win_coins=0, max_win_x_bet=Fraction(0), minimum_win_x_bet=Fraction(0))


def line_delta_rtp(
    pctx: ParContext, modes: Iterable[str], delta: Callable[[str], Fraction],
    *, scatter: Callable[[str, str], Fraction] | None = None,
) -> tuple[dict[str, Value], Fraction] | None:
    """What a block that changes line pays adds to the RTP, exactly: ``delta(reel_set)`` is
    its extra line pay of one spin on a reel set (coins per line-coin, over all played
    lines), weighted by the base game's reel sets and, in free spins, by each free-spins
    feature's exact spins per base spin and its mean multiplier. ``scatter(mode, reel_set)``:
    what it changes in one spin's scatter pays (x bet), weighted alike. None: a free-spins
    feature's spin count is not exact (the block's value is then unknown)."""
    defn, bet = pctx.defn, pctx.bet
    line_factor = Fraction(bet.coins_per_line * bet.coin_value, bet.total)

    def weighted(choices: tuple[WeightedName, ...], mode: str = "") -> Fraction:
        w = sum(c.weight for c in choices)
        if mode:
            assert scatter is not None
            return sum((Fraction(c.weight, w) * scatter(mode, c.set) for c in choices), Fraction(0))
        return sum((Fraction(c.weight, w) * delta(c.set) for c in choices), Fraction(0))

    figures: dict[str, Value] = {}
    total = Fraction(0)
    if "base" in modes:
        base = weighted(defn.base_game.reel_sets) * line_factor
        if scatter is not None:
            base += weighted(defn.base_game.reel_sets, "base")
        figures["base_rtp"] = Exact(base)
        total += base
    if "free" in modes:
        free = Fraction(0)
        for f in defn.features:
            if not isinstance(f, FreeSpins):
                continue
            part, _, _ = BLOCK.exact_part(ParContext(defn, f, bet, pctx.samples, pctx.seed))
            spins, rate = part.figures.get("expected_spins"), part.figures.get("trigger_rate")
            if not (isinstance(spins, Exact) and isinstance(rate, Exact)):
                return None
            mult = f.win_multiplier * mean_value(f.spin_multipliers)
            sets = f.reel_sets or defn.base_game.reel_sets
            free += rate.value * spins.value * weighted(sets) * mult * line_factor
            if scatter is not None:
                scatter_mult = (f.win_multiplier if f.multiply_scatter_pays else 1) * mean_value(f.spin_multipliers)
                free += rate.value * spins.value * weighted(sets, "free") * scatter_mult
        figures["free_rtp"] = Exact(free)
        total += free
    return figures, total


def counts_on_screen(defn: Definition, feature: FreeSpins, mode: str) -> bool:
    """Whether par counts this feature's triggers in spins of ``mode`` on the screen after the
    screen stage, as play does (every screen block's change is data: ``screen_trigger_counts``)."""
    from ..composition import modes_played, screen_count_distribution

    adds = {s.id: s.counts for s in defn.symbols if s.base == feature.trigger_symbol}
    return all(screen_count_distribution(defn, mode, reel_set, adds) is not None
               for reel_set in modes_played(defn).get(mode, ()))


def covers_free_spins(defn: Definition, params: Any, other: Any, mode: str) -> bool:
    """A line-delta block's ``par_covers`` for the free spins it acts in: ``line_delta_rtp``
    prices it per expected free spin at the feature's mean multiplier, the joint value by
    Wald's identity (the spins played depend only on the spins before), as long as the
    feature's retriggers are counted on the screen this block changes, or it never changes
    what they count."""
    from ..composition import count_unchanged

    if mode != "free" or not isinstance(other, FreeSpins):
        return False
    return counts_on_screen(defn, other, mode) or count_unchanged(defn, mode, params, other)


def mixed_line_delta(
    defn: Definition, variants: list[tuple[Fraction, Definition]], reel_set: str, lines: int
) -> Fraction:
    """Extra line pay of one spin over ``lines`` played lines when the game is played as one of
    ``variants`` (probability, the game with a revealed symbol or a drawn wild multiplier),
    drawn independently of the stops: the weighted mix of their line values minus the game's."""
    mixed = sum((q * expected_line_coins(game, reel_set) for q, game in variants), Fraction(0))
    return (mixed - expected_line_coins(defn, reel_set)) * lines


def nested_spin_blocks(defn: Definition, feature: FreeSpins) -> list[str]:
    """Other blocks acting in free spins whose effect this block's exact value leaves out."""
    from . import active

    return [p.type for p, entry in active(defn, "free") if p is not feature and entry.type != "free_spins"]


def line_wins_hint(defn: Definition, feature: FreeSpins, reel_set: str) -> BatchHint:
    """Base spins that may award spins by a line win: the first ``c`` reels (``c`` the smallest
    count awarding) each show an awarding symbol or a wild (a superset, played by ``play_round``)."""
    tables = feature.line_win_awards
    need = min((c for counts in tables.values() for c, n in counts.items() if n > 0), default=1)
    shown = {s.id for s in defn.symbols if s.kind == "wild" or s.base in tables}
    return window_hint(defn, reel_set, lambda reel, w: int(reel < need and any(sid in shown for sid in w)), need)


class FreeSpinsBlock(Block):
    type = "free_spins"
    params = FreeSpins
    presenter = "free_spins"
    resume_kinds = frozenset({"feature_started", "feature_ended"})

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset({"base", "respin", "free"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        f: FreeSpins = params
        trigger = defn.symbol_map.get(f.trigger_symbol)
        if (trigger is None or not trigger.is_scatter) and (f.trigger_symbol or not (f.wild_reels or f.line_win_awards)):  # a wild-scatter (Book of Ra's book) triggers too
            check_symbol(
                defn, report, ("trigger_symbol",), f.trigger_symbol, kinds=("scatter", "bonus"), what="trigger symbol"
            )
        for table in ("awards", "retrigger_awards"):
            awards = getattr(f, table)
            if table == "awards" and not awards and not (f.wild_reels or f.line_win_awards):
                report((table,), "awards needs at least one count: spins entry")
            for count, spins in awards.items():
                if count < 1:
                    report((table, count, "__key__"), f"symbol count {count} must be at least 1")
                if spins < 1:
                    report((table, count), f"free spins awarded must be at least 1, got {spins}")
        if f.win_multiplier < 1:
            report(("win_multiplier",), f"win_multiplier must be at least 1, got {f.win_multiplier}")
        check_weights(report, ("spin_multipliers",), f.spin_multipliers)
        check_multipliers_exact(defn, report, ("spin_multipliers",), f.spin_multipliers)
        if f.top_up_spins < 0 or (f.minimum_win_x_bet and f.top_up_spins < 1):
            report(("top_up_spins",), "top_up_spins must be at least 1 when minimum_win_x_bet is set")
        if f.max_win_coins < 0:
            report(("max_win_coins",), f"max_win_coins must not be negative, got {f.max_win_coins}")
        drawn.check(defn, f, report)
        until.check(defn, f, report)
        exceptions.check(defn, f, report)
        scatter_pays.check(defn, f, report)
        wild_reels.check(defn, f, report)
        line_wins.check(defn, f, report)
        if f.max_retriggers < 0:
            report(("max_retriggers",), f"max_retriggers must not be negative (0: no limit), got {f.max_retriggers}")

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        """A screen showing enough trigger symbols anywhere. In free spins only with ``retrigger``:
        a retrigger (``retrigger_awards``) while this feature runs, else a start nested in
        the running feature (``awards``, as any start)."""
        f: FreeSpins = ctx.feature
        if spin.mode == "free":
            if not f.retrigger:
                return None
            if f.name not in ctx.state.running:
                return with_line_wins(ctx, f, spin.screen, with_wild_reels(
                    ctx.defn, f, spin.screen, trigger_on(ctx.defn, f, spin.screen, f.awards)), retrigger=False)
            used = ctx.state.retriggers.get(f.name, 0)
            if f.max_retriggers and used >= f.max_retriggers:
                return None  # its limit is reached: a trigger adds and shows nothing
            found = with_line_wins(ctx, f, spin.screen, with_wild_reels(
                ctx.defn, f, spin.screen, trigger_on(ctx.defn, f, spin.screen, retrigger_awards(f))), retrigger=True)
            if found is not None:
                ctx.state.retriggers[f.name] = used + 1
            return drawn_award(ctx, found, retrigger=True)
        found = with_line_wins(ctx, f, spin.screen, with_wild_reels(
            ctx.defn, f, spin.screen, trigger_on(ctx.defn, f, spin.screen, f.awards)), retrigger=False)
        return drawn_award(ctx, found, retrigger=False)

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        return run(ctx, trigger)

    def bought(self, defn: Definition, params: Any) -> Trigger | None:
        """A buy starts the feature with its smallest trigger's award (no symbols landed)."""
        f: FreeSpins = params
        count = smallest_trigger(f.awards)
        if not count:
            return None
        return Trigger(f.name, f.trigger_symbol, count, (), f.awards[count],
                       detail=DRAW_AT_START if drawn.table_for(f, count) else None)

    def anticipation(
        self, ctx: FeatureContext, reel_set: str, screen: Screen, spinning: tuple[int, ...]
    ) -> tuple[int, ...]:
        f: FreeSpins = ctx.feature
        awards = f.awards if ctx.mode != "free" else (retrigger_awards(f) if f.retrigger else {})
        return anticipation_for(ctx.defn, f.trigger_symbol, smallest_trigger(awards), reel_set, screen, spinning)

    def expected_value(self, ctx: FeatureContext, trigger: Trigger) -> Fraction | None:
        if ctx.feature.wild_reels or ctx.feature.line_win_awards:  # the award is the trigger's own (scatter and wilds together)
            if nested_spin_blocks(ctx.defn, ctx.feature):
                return None
            per_spin, added = spin_expectations(ctx.defn, ctx.feature, ctx.bet)
            return expected_spins_from(ctx.defn, ctx.feature, trigger.awarded, added) * per_spin
        return feature_value(ctx.defn, ctx.feature, trigger.count, ctx.bet)

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        need = smallest_trigger(params.awards)
        wilds = (window_hint(defn, reel_set, wild_reels.hint_count(defn, params), len(params.wild_reels)),
                 ) if params.wild_reels else ()  # every listed reel showing the wild: play_round
        if params.line_win_awards:  # a paying run's first reels each show its symbol or a wild: play_round
            wilds = (*wilds, line_wins_hint(defn, params, reel_set))
        if not need:
            return wilds
        adds = {s.id: s.counts for s in defn.symbols if s.base == params.trigger_symbol}
        return (window_hint(defn, reel_set, lambda reel, w: sum(adds.get(sid, 0) for sid in w), need,
                            plan=lambda bet: spins_plan(defn, params, bet)), *wilds)

    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None:
        if params.wild_reels:
            return sum(wild_reels.award_distribution(defn, params, "base", params.awards).values(), Fraction(0))
        if params.line_win_awards:
            from ..bet import default_bet

            return line_win_rate(defn, params, default_bet(defn).lines)
        return triggers_rate(trigger_distribution(defn, params))

    def quiet(self, defn: Definition, params: Any) -> tuple[tuple[str, int], ...]:
        need = smallest_trigger(params.awards)
        return ((params.trigger_symbol, need),) if need else ()

    def par_reads_lines(self, params: Any, mode: str) -> bool:
        return mode == "free"  # its value is what its own spins pay

    def par_covers(self, defn: Definition, params: Any, other: Any, mode: str) -> bool:
        """In base spins it reads only its trigger, counted on the screen after the screen
        stage (``screen_trigger_counts``): a screen block there is priced with it."""
        from . import block

        entry = block(other.type)
        return (mode == "base" and entry is not None and entry.screen_modifier and not entry.win_modifier
                and counts_on_screen(defn, params, mode))

    def par_changes_lines(self, params: Any, mode: str) -> bool:
        return mode == "free"  # its multipliers

    def trigger_window_count(self, defn: Definition, params: Any, mode: str, reel_set: str) -> WindowCount | None:
        if mode == "free" and not params.retrigger:
            return None
        adds = {s.id: s.counts for s in defn.symbols if s.base == params.trigger_symbol}
        return lambda reel, w: sum(adds.get(sid, 0) for sid in w)

    def spin_reel_sets(self, defn: Definition, params: Any, mode: str) -> tuple[str, ...]:
        if mode != "free":
            return ()
        return tuple(c.set for c in (params.reel_sets or defn.base_game.reel_sets))

    def par(self, pctx: ParContext) -> BlockPar:
        part, triggers, rules = self.exact_part(pctx)
        if not (rules and triggers) or "expected_spins" not in part.figures:
            return part
        rtp: Value = part.rtp
        notes = list(part.notes)
        figures = dict(part.figures)
        figures["rtp_without_rules"] = part.rtp
        spin_value = self._alike_spin_value(pctx, part) if rules == ["top-up"] else None
        added = part.figures["added_per_spin"]
        chained = (self._top_up_chain(pctx, triggers, added.value)
                   if spin_value is not None and isinstance(added, Exact) and not pctx.feature.max_retriggers
                   else None)
        if spin_value is not None and chained is not None:
            extra_per_feature, how = chained
            figures["top_up_spins"] = extra_per_feature
            figures["alike_spin_value"] = Exact(spin_value)
            figures["rules_rtp"] = extra_per_feature.scaled(triggers_rate(triggers) * spin_value)
            rtp = rtp + figures["rules_rtp"]
            notes.append(f"top-up: {how} x the exact value of one free spin with every block acting in it "
                         f"({float(spin_value):.6f} x bet): the spins are independent and alike, so by Wald's "
                         "identity the extra spins are worth their number times that value")
        elif spin_value is not None:
            extra, acted, runs = self._extra_spins(pctx, triggers, spin_value)
            figures["top_up_spins"] = extra.scaled(1 / triggers_rate(triggers))
            figures["alike_spin_value"] = Exact(spin_value)
            figures["rules_rtp"] = extra.scaled(spin_value)
            rtp = rtp + figures["rules_rtp"]
            notes.append(
                f"top-up: E[extra spins] from {runs:,} runs of this block from its trigger (the rule acted in "
                f"{acted:,}) x the exact value of one free spin with every block acting in it "
                f"({float(spin_value):.6f} x bet): the spins are independent and alike, so by Wald's identity the "
                "extra spins are worth their number times that value"
            )
        else:
            effect, acted, runs = self._rule_effect(pctx, triggers, rules)
            figures["rules_rtp"] = effect
            rtp = rtp + effect
            notes.append(
                f"{' and '.join(rules)}: estimated from {runs:,} paired runs of this block from its trigger "
                f"(with and without the rule, on the same draws); the rule acted in {acted:,} of them"
            )
        return dataclasses.replace(part, rtp=rtp, figures=figures, notes=tuple(notes), detail={**part.detail, "rules": rules})

    def exact_part(self, pctx: ParContext) -> tuple[BlockPar, dict[int, Fraction], list[str]]:
        """The exact figures without caps and top-ups; the trigger distribution; the rules
        (cap, top-up) the full par estimates on top."""
        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        triggers = trigger_distribution(defn, f)
        rate = sum(triggers.values(), Fraction(0))
        award_mass = sum((q * drawn.mean_award(f, k) for k, q in triggers.items()), Fraction(0))
        per_spin, added = spin_expectations(defn, f, bet)
        notes: list[str] = []
        figures: dict[str, Value] = {
            "trigger_rate": Exact(rate),
            "expected_award": Exact(award_mass / rate if rate else Fraction(0)),
            "added_per_spin": Exact(added),
            "value_per_spin": Exact(per_spin / bet.total),
        }
        detail: dict[str, Any] = {
            "trigger_probability": triggers,
            "awards": {k: award_for(f.awards, k) for k in triggers},
        }
        limited = f.retrigger and f.max_retriggers > 0
        if f.wild_reels:  # the scatter's and the wilds' awards together, by their exact joint distribution
            awarded = wild_reels.award_distribution(defn, f, "base", f.awards)
            rate = sum(awarded.values(), Fraction(0))
            award_mass = sum((n * q for n, q in awarded.items()), Fraction(0))
            figures["trigger_rate"] = Exact(rate)
            figures["expected_award"] = Exact(award_mass / rate if rate else Fraction(0))
            detail["award_probability"] = awarded
        if f.line_win_awards:  # the lines' awards and the scatter's: E[award] is exact, and so is the rate
            rate = line_win_rate(defn, f, bet.lines)
            award_mass += base_weighted(defn, lambda reel_set: line_wins.mean_award(
                defn, f, reel_set, bet.lines, retrigger=False))
            figures["trigger_rate"] = Exact(rate)
            figures["expected_award"] = Exact(award_mass / rate if rate else Fraction(0))
        if f.line_win_awards and added < 1:
            spins_mass = award_mass / (1 - added)
            notes.append("line wins award spins: E[award] = lines x sum P(the line pays s with count c) x its award, "
                         "exact; the trigger rate counted over every combination of the reels' windows")
        elif f.wild_reels and (added < 1 or limited):
            spins_mass = sum((q * expected_spins_from(defn, f, n, added) for n, q in awarded.items()), Fraction(0))
            notes.append(f"wilds on reels {', '.join(map(str, f.wild_reels))} award {f.wild_reels_spins} spins: the "
                         "award's exact distribution from the joint (trigger count, wilds shown) over the reels")
        elif f.until_symbol:  # E[spins] from the capped geometric chain (Wald still prices a spin)
            spins_mass = sum((q * expected_spins_for(defn, f, k, added) for k, q in triggers.items()), Fraction(0))
            notes.append(f"free spins until {'/'.join(map(str, f.until_counts))} {f.until_symbol} land, at most the "
                         f"award: E[spins] = (1 - (1 - p)^cap) / p exact, p = "
                         f"{float(until.ending_probability(defn, f)):.6f} a spin")
        elif added >= 1 and not limited:
            notes.append("retriggers add at least one spin per spin on average: the feature never ends")
            return BlockPar(f.name, Exact(Fraction(0)), figures, tuple(notes), detail), triggers, []
        elif limited:  # E[spins] from each award by the retrigger limit's chain (Wald still prices a spin)
            spins_mass = sum((q * expected_spins_for(defn, f, k, added)
                              for k, q in triggers.items()), Fraction(0))
            notes.append(f"at most {f.max_retriggers} retrigger(s) a feature: E[spins] from the exact chain over "
                         "(spins left, retriggers used)")
        else:
            spins_mass = award_mass / (1 - added)
        figures["expected_spins"] = Exact(spins_mass / rate if rate else Fraction(0))
        rtp: Value = Exact(spins_mass * per_spin / bet.total)
        rules = []
        if f.max_win_coins or f.max_win_x_bet:
            rules.append("cap")
        if f.minimum_win_x_bet and f.top_up_spins:
            rules.append("top-up")
        nested = nested_spin_blocks(defn, f)
        if nested:
            notes.append(f"the spin value leaves out {', '.join(nested)}: their own par entries value them")
        return BlockPar(f.name, rtp, figures, tuple(notes), detail), (triggers if rate else {}), rules

    @staticmethod
    def _alike_spin_value(pctx: ParContext, part: BlockPar) -> Fraction | None:
        """E[one free spin's win, with every block acting in it] in bets, exactly, when the
        spins are independent and alike (no cap, no block carrying state from spin to
        spin, one free-spins feature); else None."""
        from . import active, block

        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        if sum(1 for p in defn.features if isinstance(p, FreeSpins)) != 1:
            return None
        spins, rate, own = part.figures.get("expected_spins"), part.figures.get("trigger_rate"), part.rtp
        if not (isinstance(spins, Exact) and isinstance(rate, Exact) and isinstance(own, Exact)) or not spins.value:
            return None
        total = own.value
        for params, entry in active(defn, "free"):
            if params is f:
                continue
            if not entry.spins_alike:
                return None
            nested = block(params.type)
            found = None if nested is None else nested.par(ParContext(defn, params, bet, pctx.samples, pctx.seed))
            value = None if found is None else found.figures.get("free_rtp")
            if not isinstance(value, Exact):
                return None
            total += value.value
        return total / (rate.value * spins.value)

    @staticmethod
    def _top_up_chain(
        pctx: ParContext, triggers: dict[int, Fraction], added: Fraction
    ) -> tuple[Value, str] | None:
        """E[spins the top-up adds | triggered], from ``pctx.samples`` x SPINS_PER_SAMPLE single
        free spins on the batch tables and the exact chain over (spins left, total so far)
        solved on their distribution (``core/top_up.py``); with what the note says of it.
        None where the batch cannot price a free spin whole (the runs estimate it then).

        The chain gives E[top-ups]; each adds ``top_up_spins``, and every spin played adds
        ``added`` spins on average (retriggers, exact), so by Wald's identity the spins the
        rule adds in all are E[top-ups] x top_up_spins / (1 - added)."""
        from ..top_up import as_fraction, sample_free_spins, top_up_estimate

        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        spins = max(2, pctx.samples * SPINS_PER_SAMPLE)
        enough = top_up_until(f, bet)
        sample = sample_free_spins(defn, f, bet, spins, pctx.seed, enough, retrigger_awards(f) if f.retrigger else {})
        if sample is None:
            return None
        rate = triggers_rate(triggers)
        starts: dict[int, float] = {}
        for k, q in triggers.items():
            for n, qn in drawn.award_distribution(f, k).items():
                starts[n] = starts.get(n, 0.0) + float(q * qn / rate)
        mean, error, chain = top_up_estimate(sample, enough, starts, f.top_up_spins)
        method = (f"{spins:,} single free spins (stops balanced per reel) on the batch tables, each multiplier "
                  "weighed exactly; the chain over (spins left, total) solved on their distribution; delta-method "
                  "interval")
        grow = 1 / (1 - added)
        how = (f"E[extra spins] {mean * float(grow):.5f}: E[top-up spins] {mean:.5f} from the exact chain over (spins "
               f"left, total so far, in steps of {chain.unit} minor units up to the minimum) solved on the "
               f"distribution of one free spin's (win, spins added), estimated from {spins:,} single free spins, "
               f"x 1 / (1 - {float(added):.6f} spins a spin adds) for their retriggers (Wald)")
        return Estimate(as_fraction(mean), error, spins, pctx.seed, method).scaled(grow), how

    @staticmethod
    def _extra_spins(pctx: ParContext, triggers: dict[int, Fraction], spin_value: Fraction) -> tuple[Value, int, int]:
        """E[spins the top-up adds] per base spin, from runs of ``run`` from the trigger
        (stratified by trigger count); with how many runs it acted in, and how many ran.

        Regressed on a zero-mean control: the run's total minus its spins times the exact
        value of one spin (``spin_value``, x bet). The spins are independent and alike and
        whether another is played depends only on the spins before it, so by Wald's identity
        that difference has mean 0; a feature that won little is the one the top-up extends."""
        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        rate = sum(triggers.values(), Fraction(0))
        out: Value = Exact(Fraction(0))
        acted = [0]
        runs = 0
        key = f"{f.name}_top_up_spins"
        mean_win = spin_value * bet.total
        for k, q in triggers.items():
            n = max(2, int(pctx.samples * q / rate))
            outcomes: dict[int, FeatureRun] = {}

            def played(i: int, k: int = k, outcomes: dict[int, FeatureRun] = outcomes) -> FeatureRun:
                if i not in outcomes:
                    outcomes.clear()  # each run is read twice in a row (count, control): keep one
                    outcomes[i] = play_from_trigger(defn, f, bet, k, derive_seed(pctx.seed, i * 64 + k))
                    acted[0] += outcomes[i].stats.get(key, 0) > 0
                return outcomes[i]

            def surprise(i: int) -> Fraction:
                outcome = played(i)
                return (outcome.total - outcome.spins_played * mean_win) / bet.total

            out = out + estimate_runs(lambda i: played(i).stats.get(key, 0), n, pctx.seed,
                                      f"runs of {f.name} counting top-up spins", scale=q, control=surprise)
            runs += n
        return out, acted[0], runs

    @staticmethod
    def _rule_effect(
        pctx: ParContext, triggers: dict[int, Fraction], rules: list[str]
    ) -> tuple[Value, int, int]:
        """E[with the rules - without them] per base spin, in bets, from paired runs of ``run``;
        with how many runs the rules changed, and how many were played."""
        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        plain = without_rules(f)
        counts = list(triggers)
        weights = [triggers[k] for k in counts]
        rate = sum(weights, Fraction(0))
        # stratified by trigger count: each count gets its share of the samples (at least 2)
        out: Value = Exact(Fraction(0))
        acted = [0]
        runs = 0
        cap = cap_amount(f, bet)
        enough = top_up_until(f, bet)
        bound = Fraction(0)  # E[(W - cap)+] <= E[W^2] / (4 cap), per base spin in bets (see below)
        for k, q in zip(counts, weights, strict=True):
            n = max(2, int(pctx.samples * q / rate))
            squares = [0]

            def paired(i: int, k: int = k, squares: list[int] = squares) -> int:
                seed = derive_seed(pctx.seed, i * 64 + k)
                without = run_from_trigger(defn, plain, bet, k, seed)
                squares[0] += without * without
                if (not cap or without < cap) and without >= enough:
                    return 0  # neither rule acted: the run with them is this one, draw for draw
                acted[0] += 1
                return run_from_trigger(defn, f, bet, k, seed) - without

            out = out + estimate_runs(paired, n, pctx.seed, f"paired runs of {f.name}", scale=q / bet.total)
            if cap:
                bound += q * Fraction(squares[0], n) / (4 * cap) / bet.total
            runs += n
        if not acted[0] and rules == ["cap"] and isinstance(out, Estimate) and bound:
            # the cap acted in no run: the runs' spread is 0, which is no interval. What it removes is
            # (W - cap)+ <= W^2 / (4 cap) for every W >= 0, so its mean is at most E[W^2] / (4 cap),
            # E[W^2] from the same runs: the interval is widened to that bound either side
            out = Estimate(out.mean_value, float(bound) / Z95, out.samples, out.seed,
                           f"{out.method}; the cap acted in none: bounded by E[W^2] / (4 x cap) from their wins")
        return out, acted[0], runs


BLOCK = FreeSpinsBlock()
