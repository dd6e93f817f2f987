"""Playing a pick bonus: its trigger, its three games and the order of their draws.

Draw order (a contract: scenarios script it, brute force walks it):

- pick: for each pick, the tile is the player's decision (or the autoplay rule's, from
  its own stream: ``core/decisions``); then ONE ``rng.below(prizes not yet revealed)``
  (no draw for the last one) takes the prize the chosen tile shows, from the prizes in
  their YAML order (each ``count`` times). The draws never depend on the tile chosen, so
  neither does the win: a uniform draw without replacement is a shuffle of the tiles.
  When the bonus ends, the tiles not picked show the prizes left, in order (no draw).
- ladder: on each rung below the top, the decision take-or-climb when ``player_takes``
  (autoplay: ``auto_take_at``); then a climb is ONE ``rng.weighted([climb, fall])`` (no
  draw when one of them is 0).
- lucky slot: for each spin, ONE ``rng.weighted`` over each reel's stop weights, reel 1
  first (no draw for a reel of one stop).
- free spins a pick won (its prizes' ``free_spins``, added up): after ``PickBonusPaid``,
  the free-spins feature plays them nested, by its own block and draw order, every win
  times the prizes' ``free_spins_multiplier`` (``free_spins.Awarded``).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...boards import whole_amount
from ...decisions import DecisionError, decide, queue_of
from ...definition import Definition
from ...evaluate import compiled
from ...events import FeatureEnded, FeatureStarted, FeatureTriggered, Position, Screen
from .. import FeatureContext, FeatureRun, Trigger, award_for
from .events import LadderStep, LuckySpun, PickBonusPaid, PickOffered, TilePicked, TilesRevealed
from .params import PickBonus, Prize

UNTIL_COLLECT = -1  # picks left when the bonus runs until a collect tile


def expanded(f: PickBonus) -> tuple[Prize, ...]:
    """Every tile's prize, in YAML order (each prize ``count`` times)."""
    return tuple(p for p in f.prizes for _ in range(p.count))


def lucky_spins(f: PickBonus, count: int) -> int:
    return award_for(f.spins, count) if f.spins else 1


# --- triggering ----------------------------------------------------------------------------------


def trigger_adds(defn: Definition, f: PickBonus) -> dict[str, int]:
    """What each symbol adds to the trigger's count (the symbol and those counting as it)."""
    return compiled(defn).counts_as.get(f.trigger_symbol, {f.trigger_symbol: 1})


def trigger_of(defn: Definition, f: PickBonus, screen: Screen) -> Trigger | None:
    adds = trigger_adds(defn, f)
    if f.trigger_reels:
        where: list[Position] = []
        for reel in f.trigger_reels:
            found = [(reel - 1, row) for row, sid in enumerate(screen[reel - 1]) if sid in adds]
            if not found:
                return None
            where.extend(found)
        return Trigger(f.name, f.trigger_symbol, len(f.trigger_reels), tuple(where), 1)
    cells = [(reel, row) for reel, column in enumerate(screen) for row, sid in enumerate(column) if sid in adds]
    count = sum(adds[screen[reel][row]] for reel, row in cells)
    if count < f.trigger_count:
        return None
    return Trigger(f.name, f.trigger_symbol, count, tuple(cells), 1)


# --- playing ---------------------------------------------------------------------------------------


def run(ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
    f: PickBonus = ctx.feature
    if ctx.rng is None:
        raise ValueError("a pick bonus needs an rng to play")
    won, won_multiplier = 0, 1  # free spins the picks won, and their multiplier
    if f.game == "pick":
        ctx.book.add(FeatureStarted(f.name, f.picks))
        credits, multiplier, steps, won, won_multiplier = play_pick(ctx)
    elif f.game == "ladder":
        ctx.book.add(FeatureStarted(f.name, 0))
        credits, multiplier, steps = play_ladder(ctx)
    else:
        spins = lucky_spins(f, trigger.count)
        ctx.book.add(FeatureStarted(f.name, spins))
        credits, multiplier, steps = play_lucky(ctx, spins)
    amount = whole_amount(credits * multiplier, ctx.bet.total)
    ctx.book.add(PickBonusPaid(f.name, f.game, credits, multiplier, amount))
    stats = {f"{f.name}_steps": steps}
    final: FeatureRun | None = None
    if won:
        final = play_free_spins(ctx, won, won_multiplier)
        for key, value in final.stats.items():
            stats[key] = stats.get(key, 0) + value
    total = amount + (final.total if final is not None else 0)
    ctx.book.add(FeatureEnded(f.name, total, steps))
    if final is not None:  # the free spins' last screen is what the round leaves
        return FeatureRun(total, steps, final.final_reel_set, final.final_stops, stats)
    return FeatureRun(total, steps, stats=stats)


def free_spins_of(defn: Definition, f: PickBonus) -> Any:
    """The free-spins feature that plays the spins a prize awards (None: there is none)."""
    found = [p for p in defn.features if p.type == "free_spins"
             and (p.name == f.free_spins_feature or not f.free_spins_feature)]
    return found[0] if len(found) == 1 else None


def play_free_spins(ctx: FeatureContext, spins: int, multiplier: int) -> FeatureRun:
    """The spins the picks won, played by the free-spins feature's own block, nested (its own
    ``FeatureTriggered`` and events, then its draws in its own documented order)."""
    from ...spin import RoundContext
    from .. import block
    from ..free_spins import Awarded

    f: PickBonus = ctx.feature
    params = free_spins_of(ctx.defn, f)
    entry = block("free_spins")
    assert params is not None and entry is not None, "check() makes sure the free spins exist"
    rc = RoundContext.sharing(ctx)
    start = Trigger(params.name, f.trigger_symbol, 0, (), spins, detail=Awarded(multiplier))
    ctx.book.add(FeatureTriggered(start.feature, start.symbol, start.count, start.positions, start.awarded))
    rc.state.running.append(params.name)
    try:
        outcome = entry.run(rc.context(params, "base"), start)
    finally:
        rc.state.running.remove(params.name)
    rc.ran.append(params.name)
    rc.feature_wins[params.name] = rc.feature_wins.get(params.name, 0) + outcome.total
    return outcome


def chosen_tile(ctx: FeatureContext, unpicked: list[int]) -> tuple[int, str]:
    """The tile of the next pick, and who chose it ("player" or "auto")."""
    f: PickBonus = ctx.feature
    queue = queue_of(ctx.state)
    word = decide(ctx.state, f"{f.name}:pick")
    if word is None:
        index = 0 if f.autopick == "first" or len(unpicked) == 1 else queue.auto_rng().below(len(unpicked))
        tile, by = unpicked[index], "auto"
    else:
        try:
            tile = int(word) - 1
        except ValueError:
            raise DecisionError(f"{f.name}: a pick is a tile number, got {word!r}") from None
        if tile not in unpicked:
            raise DecisionError(f"{f.name}: tile {word} cannot be picked (left: "
                                f"{', '.join(str(t + 1) for t in unpicked)})")
        by = "player"
    queue.made.append(str(tile + 1))
    return tile, by


def play_pick(ctx: FeatureContext) -> tuple[Fraction, int, int, int, int]:
    """(credits x bet, their multiplier, picks, free spins won, their multiplier)."""
    f: PickBonus = ctx.feature
    rng, book = ctx.rng, ctx.book
    assert rng is not None
    prizes = expanded(f)
    hidden = list(range(len(prizes)))  # prizes not revealed yet, in YAML order
    unpicked = list(range(len(prizes)))  # tiles not picked yet
    left = f.picks if f.picks > 0 else UNTIL_COLLECT
    credits, multiplier, picks = Fraction(0), 1, 0
    spins, spins_multiplier = 0, 1
    shown: dict[int, int] = {}
    while unpicked and left != 0:
        book.add(PickOffered(f.name, "pick", tuple(str(t + 1) for t in unpicked), left))
        tile, by = chosen_tile(ctx, unpicked)
        prize_index = hidden.pop(0 if len(hidden) == 1 else rng.below(len(hidden)))
        unpicked.remove(tile)
        shown[tile] = prize_index
        prize = prizes[prize_index]
        picks += 1
        credits += prize.x_bet
        multiplier *= prize.multiplier
        spins += prize.free_spins
        spins_multiplier *= prize.free_spins_multiplier
        if left != UNTIL_COLLECT:
            left += prize.extra_picks - 1
        book.add(TilePicked(f.name, tile, prize_index, prize.x_bet, prize.multiplier, prize.extra_picks,
                            prize.collect, by, credits, multiplier, left, prize.free_spins,
                            prize.free_spins_multiplier, spins, spins_multiplier))
        if prize.collect:
            break
    book.add(TilesRevealed(f.name, tuple(zip(unpicked, hidden, strict=True))))
    return credits, multiplier, picks, spins, spins_multiplier


def rung_prize(f: PickBonus, rung: int) -> Fraction:
    """What holding ``rung`` (0-based; -1: nothing) pays, as a multiple of the bet."""
    return Fraction(0) if rung < 0 else f.rungs[rung].x_bet


def auto_takes(f: PickBonus, rung: int) -> bool:
    """Whether the autoplay rule takes the prize on ``rung`` (0-based)."""
    return f.player_takes and 0 < f.auto_take_at <= rung + 1


def play_ladder(ctx: FeatureContext) -> tuple[Fraction, int, int]:
    f: PickBonus = ctx.feature
    rng, book = ctx.rng, ctx.book
    assert rng is not None
    rung, steps = 0, 0
    top = len(f.rungs) - 1
    while rung < top:
        here = f.rungs[rung]
        if f.player_takes:
            book.add(PickOffered(f.name, "ladder", ("take", "climb"), rung=rung))
            word = decide(ctx.state, f"{f.name}:ladder")
            by = "player"
            if word is None:
                word, by = ("take" if auto_takes(f, rung) else "climb"), "auto"
            if word not in ("take", "climb"):
                raise DecisionError(f"{f.name}: a ladder's choice is take or climb, got {word!r}")
            queue_of(ctx.state).made.append(word)
            if word == "take":
                book.add(LadderStep(f.name, rung, False, took=True, by=by, x_bet=rung_prize(f, rung)))
                return rung_prize(f, rung), 1, steps
        steps += 1
        if here.fall == 0:
            climbed = True
        elif here.climb == 0:
            climbed = False
        else:
            climbed = rng.weighted([here.climb, here.fall]) == 0
        if not climbed:
            landed = here.fall_to - 1
            book.add(LadderStep(f.name, landed, False, fell=True, x_bet=rung_prize(f, landed)))
            return rung_prize(f, landed), 1, steps
        rung += 1
        book.add(LadderStep(f.name, rung, True, x_bet=rung_prize(f, rung)))
    return rung_prize(f, rung), 1, steps


def play_lucky(ctx: FeatureContext, spins: int) -> tuple[Fraction, int, int]:
    f: PickBonus = ctx.feature
    rng, book = ctx.rng, ctx.book
    assert rng is not None
    total = Fraction(0)
    for spin in range(1, spins + 1):
        stops = tuple(0 if len(reel.stops) == 1 else rng.weighted([s.weight for s in reel.stops])
                      for reel in f.reels)
        shown = [reel.stops[stop] for reel, stop in zip(f.reels, stops, strict=True)]
        credits = sum((s.x_bet for s in shown), Fraction(0))
        multiplier = 1
        for s in shown:
            multiplier *= s.multiplier
        total += credits * multiplier
        book.add(LuckySpun(f.name, spin, spins, stops, credits, multiplier,
                           whole_amount(credits * multiplier, ctx.bet.total)))
    return total, 1, spins
