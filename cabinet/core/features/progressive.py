"""A progressive jackpot shared by every game of a kiosk: each base round feeds a pool, a rule wins it.

YAML::

    features:
      - type: progressive_jackpot
        pool: kiosk_grand            # the pool's name: every game naming it feeds the same pool
        contribution: "1/100"        # the share of each round's cost that feeds the pool
        seed: 50000                  # minor units: the pool's first value (the operator funds it)
        reset: 50000                 # minor units: its value again after a hit (the operator funds it)
        cap: 500000                  # minor units (0: none); contributions past it go to the reserve
        win: {rule: line, symbol: WILD, count: 5}        # 5 WILD from reel 1 on a played line
        # win: {rule: scatter, symbol: GEM, count: 5}    # 5+ GEM anywhere
        # win: {rule: grand, feature: respins, board: GRAND}   # that hold-and-respin board filled
        # win: {rule: draw, chance: "1/200000", per: 100} # a draw per round: 1 in 200,000 at a cost
        #                                                 # of 100 minor units, in proportion to the cost

The core stays pure: it never knows the pool's value. Each base round (mode "base"; a
paid respin and a bought feature do not feed it) reports ``JackpotContributed`` (the
exact contribution, ``cost x contribution`` minor units as a Fraction, with the pool's
terms), and a round whose spin meets the rule reports ``JackpotWon`` (no amount: the
machine pays the pool's value, ``services/jackpot_pool.py``). Neither event has an
``amount``: the round's ``total_win`` is the game's own win alone. The seed, reset and cap
the event states are this game's; a kiosk operator's ``kiosk.yaml`` ``jackpots:`` terms win
over them in the machine (``KeptState.terms``), never the contribution rate.

Order (a contract): the block acts in the trigger stage (stage 5) of the base spin, in
definition order, after the features listed before it have played (so a ``grand`` rule
is listed after its hold-and-respin and reads whether its board filled). The ``draw``
rule makes one ``rng.chance(p)`` there, p = chance x cost / per (capped at 1); the
loader requires it to be the last feature listed, so its draw is the round's last and
changes no other draw.

Rules, as the catalogue's games state them (slotopol's progressive games: five wilds on a
line win the jackpot; a hold-and-respin's grand; a draw whose odds grow with the bet):

- ``line``: ``count`` of ``symbol`` (that symbol itself, no substitutes) from reel 1
  along any played line (a lines game), on the screen as it landed;
- ``scatter``: ``count`` or more of ``symbol`` anywhere on the screen as it landed;
- ``grand``: the hold-and-respin ``feature`` filled ``board`` in this round (that board's
  own fill award must be 0: the pool pays the grand);
- ``draw``: the random draw above.

Par: the game's RTP leaves the jackpot out (``total_win`` does); this block's part is 0
and it states the contribution rate (the long-run return of the pool: every contribution
is paid out by some hit; seeds and resets are the operator's) and the hit rate of the rule
per base round: exact for ``line`` (per-reel row patterns of the symbol, every combination
of the first ``count`` reels), ``scatter`` (the count distribution) and ``draw``; for
``grand``, the hold-and-respin's trigger rate times its board's fill probability (exact
where that block's chain is, else its estimate).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, ClassVar, Literal

from ..definition import Definition, doc
from ..events import Event, Position, register_event
from ..linemath import symbol_count_distribution
from ..value import Exact, Value
from . import (
    BatchHint,
    Block,
    BlockPar,
    FeatureContext,
    ParContext,
    Report,
    Spin,
    Trigger,
    WindowCount,
    check_symbol,
    window_hint,
)


@dataclass(frozen=True)
class JackpotRule:
    rule: Literal["line", "scatter", "grand", "draw"] = doc(
        "how the jackpot is won: `line` count of symbol from reel 1 on a played line; `scatter` count or "
        "more of symbol anywhere; `grand` a hold-and-respin board filled; `draw` a random draw per round"
    )
    symbol: str = doc("line / scatter: the symbol", default="")
    count: int = doc("line / scatter: how many", default=0)
    feature: str = doc("grand: the hold_and_respin feature's name", default="")
    board: str = doc("grand: the board whose fill wins the pool", default="")
    chance: Fraction = doc("draw: the chance per round at a cost of `per` minor units", default=Fraction(0))
    per: int = doc("draw: the cost (minor units) `chance` is stated at; the chance is in proportion to the "
                   "cost, at most 1", default=0)


@dataclass(frozen=True)
class ProgressiveJackpot:
    type: Literal["progressive_jackpot"] = doc(
        "a progressive jackpot pool shared by every game of a kiosk that names it; a share of each base "
        "round's cost feeds it and a rule wins it"
    )
    win: JackpotRule = doc("the rule that wins the pool")
    contribution: Fraction = doc("the share of each base round's cost that feeds the pool (e.g. \"1/100\")")
    pool: str = doc("the pool's name: games naming the same pool share it", default="kiosk")
    seed: int = doc("minor units: the pool's first value, funded by the operator", default=0)
    reset: int = doc("minor units: the pool's value after a hit, funded by the operator", default=0)
    cap: int = doc("minor units: the pool's top (0: none); contributions past it go to a reserve that "
                   "starts the next pool after a hit, up to the cap", default=0)
    name: str = doc("feature name used in events, meters and history", default="progressive_jackpot")
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `meter` the meter's title "
        "[JACKPOT]; `won` the banner [JACKPOT WON {amount}]; `heading` its INFO heading [PROGRESSIVE JACKPOT]",
        factory=dict,
    )


# --- its events -----------------------------------------------------------------------------------


@register_event
@dataclass(frozen=True)
class JackpotContributed(Event):
    """A base round's share of its cost, fed to the pool (exact, minor units)."""

    kind: ClassVar[str] = "jackpot_contributed"
    pool: str
    contribution: Fraction  # minor units, exact (never named ``amount``: it is not a win)
    rate: Fraction
    seed: int  # the pool's terms, as this game states them
    reset: int
    cap: int


@register_event
@dataclass(frozen=True)
class JackpotWon(Event):
    """The round met the pool's rule: the machine pays the pool's value (the core does not know it)."""

    kind: ClassVar[str] = "jackpot_won"
    pool: str
    feature: str
    rule: str
    positions: tuple[Position, ...] = ()


def hits_stat(pool: str) -> str:
    """The round's stats key counting this pool's hits (simulate and par read it)."""
    return f"jackpot_hits.{pool}"


def round_cost(defn: Definition, bet: Any) -> int:
    from ..modes import mode_cost

    return mode_cost(defn, bet)


def draw_chance(rule: JackpotRule, cost: int) -> Fraction:
    """The ``draw`` rule's chance for a round costing ``cost`` minor units (at most 1)."""
    if rule.per <= 0:
        return Fraction(0)
    return min(Fraction(1), rule.chance * cost / rule.per)


def line_hit(defn: Definition, screen: Any, lines: int, symbol: str, count: int) -> tuple[Position, ...]:
    """The positions of the first played line showing ``count`` ``symbol`` from reel 1 (empty: none)."""
    for line in defn.lines[:lines]:
        if all(screen[reel][line[reel]] == symbol for reel in range(count)):
            return tuple((reel, line[reel]) for reel in range(count))
    return ()


def scatter_hit(screen: Any, symbol: str, count: int) -> tuple[Position, ...]:
    found = tuple((r, row) for r, column in enumerate(screen) for row, sid in enumerate(column) if sid == symbol)
    return found if len(found) >= count else ()


class ProgressiveJackpotBlock(Block):
    type = "progressive_jackpot"
    params = ProgressiveJackpot
    presenter = "progressive_jackpot"

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        p: ProgressiveJackpot = params
        rule = p.win
        if not 0 < p.contribution < 1:
            report(("contribution",), f"contribution must be a share above 0 and below 1, got {p.contribution}")
        for key in ("seed", "reset", "cap"):
            if getattr(p, key) < 0:
                report((key,), f"{key} must not be negative")
        if p.cap and p.cap < max(p.seed, p.reset):
            report(("cap",), f"cap {p.cap} is below the seed or the reset value")
        if rule.rule == "line" and defn.pay_model.type != "lines":
            report(("win", "rule"), f"a line rule needs paylines; this game pays by {defn.pay_model.type}: use "
                                    "scatter, grand or draw")
        if rule.rule in ("line", "scatter"):
            check_symbol(defn, report, ("win", "symbol"), rule.symbol, what="jackpot symbol")
            top = defn.grid.reels if rule.rule == "line" else defn.grid.reels * defn.grid.rows
            if not 1 <= rule.count <= top:
                report(("win", "count"), f"count must be 1 to {top}, got {rule.count}")
        elif rule.rule == "grand":
            found = next((f for f in defn.features if f.type == "hold_and_respin" and f.name == rule.feature), None)
            if found is None:
                report(("win", "feature"), f"'{rule.feature}' is not a hold_and_respin feature of this game")
            else:
                boards: tuple[Any, ...] = getattr(found, "boards", ())
                board = next((b for b in boards if b.name == rule.board), None)
                if board is None:
                    report(("win", "board"), f"'{rule.feature}' has no board named '{rule.board}'")
                elif getattr(board, "fill_x_bet", 0):
                    report(("win", "board"), f"board '{rule.board}' has a fill award of its own; set its "
                                              "fill_x_bet to 0: the pool pays the grand")
                if defn.features.index(found) > defn.features.index(p):
                    report(("win", "feature"), f"list {self.type} after '{rule.feature}': it reads whether "
                                               "its board filled")
        elif rule.rule == "draw":
            if not 0 < rule.chance <= 1 or rule.per <= 0:
                report(("win",), "a draw needs a chance above 0 (at most 1) and per, the cost it is stated at")
            if defn.features[-1] is not p:
                report(("win", "rule"), "a draw rule's block must be the last feature listed (its draw is the "
                                        "round's last)")

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        """Never triggers a run: reports the contribution, then whether the rule was met."""
        from ..spin import RoundContext

        p: ProgressiveJackpot = ctx.feature
        if spin.mode != "base":
            return None
        rc = RoundContext.sharing(ctx)
        cost = round_cost(ctx.defn, ctx.bet)
        ctx.book.add(JackpotContributed(p.pool, p.contribution * cost, p.contribution, p.seed, p.reset, p.cap))
        rule = p.win
        positions: tuple[Position, ...] = ()
        if rule.rule == "line":
            positions = line_hit(ctx.defn, spin.landed_screen, ctx.bet.lines, rule.symbol, rule.count)
            hit = bool(positions)
        elif rule.rule == "scatter":
            positions = scatter_hit(spin.landed_screen, rule.symbol, rule.count)
            hit = bool(positions)
        elif rule.rule == "grand":
            hit = bool(rc.stats.get(f"{rule.feature}_filled_{rule.board}", 0))
        else:
            chance = draw_chance(rule, cost)
            if ctx.rng is None:
                return None  # only evaluating: no draw
            hit = chance >= 1 or ctx.rng.chance(chance.numerator, chance.denominator)
        if hit:
            ctx.book.add(JackpotWon(p.pool, p.name, rule.rule, positions))
            rc.stats[hits_stat(p.pool)] = rc.stats.get(hits_stat(p.pool), 0) + 1
            rc.ran.append(p.name)
        return None

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        """Base spins that may meet a ``line`` or ``scatter`` rule go to ``play_round``, so simulate
        counts the pool's hits (the round's total is the same either way). A ``draw`` (the round's
        last draw) and a ``grand`` change no total: the batch leaves them out of its hit count."""
        rule: JackpotRule = params.win
        if rule.rule == "scatter":
            return (window_hint(defn, reel_set, lambda reel, window: window.count(rule.symbol), rule.count),)
        if rule.rule == "line":
            first = rule.count  # the symbol on each of the first `count` reels
            return (window_hint(defn, reel_set, lambda reel, window: int(reel < first and rule.symbol in window),
                                first),)
        return ()

    def trigger_window_count(self, defn: Definition, params: Any, mode: str, reel_set: str) -> WindowCount | None:
        """None: it reads the screen as it landed, which no screen stage changes (so it meets no
        screen block in par's composition)."""
        return None

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, p, bet = pctx.defn, pctx.feature, pctx.bet
        hit = hit_rate(pctx)
        if hit is None:
            return None
        figures: dict[str, Value] = {"contribution_rate": Exact(p.contribution), "hit_rate": hit}
        notes = (
            f"the jackpot is paid from the shared pool '{p.pool}', not from this game's RTP: its return is the "
            f"contribution rate, {float(p.contribution) * 100:.4g}% of each base round's cost (RTP with the "
            "jackpot = this game's RTP + the contribution rate; seeds and resets are the operator's)",
            f"hit rate per base round: {hit.text(8, percent=False)}",
        )
        return BlockPar(p.name, Exact(Fraction(0)), figures, notes, {"pool": p.pool, "rule": p.win.rule,
                                                                     "cost": round_cost(defn, bet)})


def hit_rate(pctx: ParContext) -> Value | None:
    """P(a base round wins the pool), exact where the module says."""
    defn, p, bet = pctx.defn, pctx.feature, pctx.bet
    rule: JackpotRule = p.win
    sets = defn.base_game.reel_sets
    weight = sum(c.weight for c in sets)
    if rule.rule == "draw":
        return Exact(draw_chance(rule, round_cost(defn, bet)))
    if rule.rule == "grand":
        from . import block

        found = next((f for f in defn.features if f.type == "hold_and_respin" and f.name == rule.feature), None)
        entry = block("hold_and_respin")
        if found is None or entry is None:
            return None
        part = entry.par(ParContext(defn, found, bet, pctx.samples, pctx.seed))
        if part is None:
            return None
        rate, fill = part.figures.get("trigger_rate"), part.figures.get(f"fill_probability.{rule.board}")
        if not isinstance(rate, Exact) or fill is None:
            return None
        return fill.scaled(rate.value)
    total = Fraction(0)
    for choice in sets:
        if rule.rule == "scatter":
            dist = symbol_count_distribution(defn, choice.set, [rule.symbol])
            q = sum(dist[rule.count:], Fraction(0))
        else:
            q = line_hit_probability(defn, choice.set, bet.lines, rule.symbol, rule.count)
        total += Fraction(choice.weight, weight) * q
    return Exact(total)


def line_hit_probability(defn: Definition, reel_set: str, lines: int, symbol: str, count: int) -> Fraction:
    """P(some played line shows ``count`` ``symbol`` from reel 1), exactly: each of the first
    ``count`` reels' distribution of the rows holding the symbol, every combination of them."""
    rows = defn.grid.rows
    patterns: list[dict[frozenset[int], Fraction]] = []
    for strip in defn.reels[reel_set][:count]:
        dist: dict[frozenset[int], Fraction] = {}
        for stop in range(len(strip)):
            held = frozenset(r for r in range(rows) if strip[(stop + r) % len(strip)] == symbol)
            dist[held] = dist.get(held, Fraction(0)) + Fraction(1, len(strip))
        patterns.append(dist)
    played = [line[:count] for line in defn.lines[:lines]]
    out = Fraction(0)
    for combo in product(*(d.items() for d in patterns)):
        if any(all(row in combo[reel][0] for reel, row in enumerate(line)) for line in played):
            q = Fraction(1)
            for _, p in combo:
                q *= p
            out += q
    return out


BLOCK = ProgressiveJackpotBlock()
