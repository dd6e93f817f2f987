"""Paid single-reel respin (Retro Reels): respin one reel, the others held, for a price.

YAML::

    features:
      - type: paid_respin
        price_rtp: 96.47%     # price = exact EV / this (0: the game's rtp)
        min_price_coins: 1

Phases:

1. OFFER  — after a base spin that triggered no feature (and after a respin that
            triggered none), every reel gets a price (``RespinOffer``).
2. RESPIN — a respin round (``RoundRequest(kind="respin")``) charges the reel's price,
            re-derives the held screen from its stops, draws ONE ``rng.below`` for the
            respun reel, and pays only *new* winning combinations; it can trigger free
            spins (after which no respin is offered) or lead to a new OFFER.

"Only new winning combinations pay": a line win with the same line, symbol, count and
direction as one on the held screen, or a scatter win with the same symbol and count,
does not pay again. The held screen is the one the player saw: where a screen block of
the base spin changed what landed (a mystery revealed, a wild expanded), the held reels
keep those symbols (``RoundResult.final_screen`` -> ``RoundRequest.held_screen``), and a
win paid through the change is not paid again. The price is worked out on that same screen.

Price of a reel = exact expected value of respinning it (every stop of that reel
enumerated: new line and scatter wins, plus the exact expected value of any feature
the new screen triggers), divided by ``price_rtp`` (0: the game's ``rtp``; none: 1),
rounded up to a whole coin of the bet's coin value (so the price is never below the
value over the RTP: no offer is a bargain at any bet), never below ``min_price_coins`` coins.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from ..bet import Bet
from ..definition import Definition, doc
from ..evaluate import CompiledPays, compiled, scatter_pays, screen_from_stops, table_value, whole
from ..events import Event, Screen
from ..money import Money
from ..spin import WinKey
from ..spin import win_key as win_key
from . import Block, FeatureBlock, FeatureContext, Report, Spin, Trigger, registry


@dataclass(frozen=True)
class PaidRespin:
    type: Literal["paid_respin"] = doc("after a base spin, respin one reel while the others hold, for a price")
    name: str = doc("feature name", default="paid_respin")
    price_rtp: Fraction = doc(
        "the price is the respin's exact expected value divided by this (0: the game's rtp)", default=Fraction(0)
    )
    min_price_coins: int = doc("no price is below this many coins", default=1)
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets; {reel} is a reel's number, {price} "
        "a price, {won} the win so far with a dash, or nothing): `offer` after a spin [{won}RESPIN ANY REEL: TAP "
        "ITS PRICE OR PRESS 1-5]; `after_feature` after a feature [{won}PRESS SPIN: RESPINS RETURN AFTER IT]; "
        "`confirm` a reel picked [RESPIN REEL {reel} FOR {price}: PRESS SPIN - BACK CANCELS]; `cancelled` "
        "[RESPIN CANCELLED]; `repriced` after a bet change [ - RESPIN PRICES UPDATED]; why a reel cannot be "
        "respun: `in_free_spins` [RESPIN IS NOT AVAILABLE DURING FREE SPINS], `spinning` [RESPIN IS AVAILABLE "
        "WHEN THE SPIN HAS ENDED], `spin_first` [SPIN FIRST: THEN ANY REEL CAN BE RESPUN], `not_after_feature` "
        "[RESPIN IS NOT AVAILABLE AFTER A FEATURE - PRESS SPIN], `not_here` [NO RESPIN ON THIS SCREEN - PRESS "
        "SPIN], `no_price` [REEL {reel} CANNOT BE RESPUN], `short` [NOT ENOUGH CREDITS TO RESPIN REEL {reel} "
        "({price})]", factory=dict)


class PaidRespinBlock(Block):
    """Never triggered by symbols: the round runner makes the offer after a base spin."""

    type = "paid_respin"
    params = PaidRespin
    presenter = "paid_respin"

    def modes(self, params: Any) -> frozenset[str]:
        return frozenset()  # takes part in no spin stage: the offer comes after the round's spins

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        f: PaidRespin = params
        if sum(1 for g in defn.features if g.type == "paid_respin") > 1 and defn.feature("paid_respin") is not f:
            report((), "only one paid_respin feature is allowed")
        if not f.price_rtp and not defn.rtp:
            report((), "paid_respin needs price_rtp, or an rtp for the game, to price respins")
        if f.price_rtp > 1:
            report(("price_rtp",), "price_rtp must be at most 100%")
        if f.min_price_coins < 0:
            report(("min_price_coins",), f"min_price_coins must not be negative, got {f.min_price_coins}")
        # a price is the respin's exact value (``respin_value``): refuse what that value leaves out
        from .free_spins import FreeSpins, nested_spin_blocks

        for other in defn.features:
            entry = registry().get(other.type)
            if entry is None or other is f or "respin" not in entry.modes(other):
                continue
            if entry.screen_modifier or entry.win_modifier:
                report((), f"{other.name} ({other.type}) acts in respins, and a paid respin's price would leave it "
                           "out: list its modes without respin")
            elif isinstance(other, FreeSpins):
                from ..bet import default_bet
                from .free_spins import feature_value

                if any(feature_value(defn, other, k, default_bet(defn)) is None for k in other.awards):
                    # e.g. another free-spins feature that starts in its spins: the offer would fail in play
                    others = [g.name for g in defn.features if isinstance(g, FreeSpins) and g is not other]
                    with_ = ", ".join([*nested_spin_blocks(defn, other), *others]) or "the blocks in its spins"
                    report((), f"{other.name} can start from a respin, and its value with {with_} is not exact: "
                               "a paid respin could not be priced")


BLOCK = PaidRespinBlock()


def new_wins(events: Iterable[Event], held: set[WinKey]) -> list[Event]:
    return [e for e in events if win_key(e) not in held]


def _symbol_features(defn: Definition) -> list[tuple[Any, FeatureBlock]]:
    """(parameters, block) of the features that can trigger from a base or respin screen."""
    out = []
    blocks = registry()
    for feature in defn.features:
        entry = blocks.get(feature.type)
        if entry is not None and "respin" in entry.modes(feature):
            out.append((feature, entry))
    return out


def triggered_features(defn: Definition, bet: Bet, spin: Spin) -> list[tuple[FeatureContext, Trigger]]:
    """Features (other than the respin) the spin triggers, in definition order."""
    out = []
    for feature, entry in _symbol_features(defn):
        ctx = FeatureContext(defn, feature, bet, None, mode=spin.mode)
        trigger = entry.triggers(ctx, spin)
        if trigger is not None:
            out.append((ctx, trigger))
    return out


def unavailable_reason(defn: Definition, reel_set: str, screen: Screen, bet: Bet) -> str | None:
    """Why no respin may be offered on this screen (None: it may)."""
    if defn.feature("paid_respin") is None:
        return f"{defn.name} has no paid respin"
    if reel_set not in {c.set for c in defn.base_game.reel_sets}:
        return f"the screen on reel set {reel_set!r} did not come from a base spin"
    spin = Spin("base", reel_set, (), screen, (), 0)
    if triggered_features(defn, bet, spin):
        return "the screen triggered a feature"
    return None


def _line_keys(defn: Definition, screen: Screen, bet: Bet) -> set[WinKey]:
    c = compiled(defn)
    keys: set[WinKey] = set()
    for index in range(bet.lines):
        symbols = tuple(column[row] for column, row in zip(screen, defn.lines[index], strict=True))
        keys.update(
            ("line", index, p.symbol, p.count, p.direction) for p in c.line_pays(symbols, c.both_ways)
        )
    return keys


def _scatter_wins(defn: Definition, screen: Screen, bet: Bet) -> list[tuple[WinKey, Fraction]]:
    return [(("scatter", sp.symbol, sp.count), sp.x_bet * bet.total) for sp in scatter_pays(defn, screen)]


def _new_scatter_value(
    c: CompiledPays, held_counts: dict[str, int], column: tuple[str, ...], held: set[WinKey], bet: Bet
) -> Fraction | int:
    counts = dict(held_counts)
    for sid in column:
        hit = c.scatter_of.get(sid)
        if hit is not None:
            counts[hit[0]] = counts.get(hit[0], 0) + hit[1]
    value: Fraction | int = 0
    for target, count in counts.items():
        x_bet = table_value(c.scatter_table[target], count)
        if x_bet and ("scatter", target, count) not in held:
            value += x_bet * bet.total
    return value


def respin_value(
    defn: Definition, bet: Bet, reel_set: str, stops: tuple[int, ...], reel: int, *, screen: Screen | None = None
) -> Fraction:
    """Exact expected win (minor units) of respinning ``reel`` with the others held.

    ``screen``: the screen as the player saw it (a mystery revealed, a wild expanded; None:
    the landed screen of ``stops``): its held reels stay as shown, and a win it already paid
    does not pay again.

    A line's pay depends on the respun reel only through the one symbol it crosses
    there, so each played line is priced once per distinct strip symbol; scatter pays
    and feature triggers depend on the reel's whole window, priced once per distinct
    window. Then every stop of the reel is added up.
    """
    c = compiled(defn)
    held_screen = screen or screen_from_stops(defn, reel_set, stops)
    held = _line_keys(defn, held_screen, bet) | {key for key, _ in _scatter_wins(defn, held_screen, bet)}
    strip = defn.reels[reel_set][reel]
    size = len(strip)
    rows = defn.grid.rows
    per_line_coin = bet.coins_per_line * bet.coin_value
    distinct = list(dict.fromkeys(strip))

    # per played line that can pay something new: (its row on the respun reel, symbol -> new pay)
    line_parts: list[tuple[int, dict[str, Fraction | int]]] = []
    for index in range(bet.lines):
        line = defn.lines[index]
        symbols = [column[row] for column, row in zip(held_screen, line, strict=True)]
        by_symbol: dict[str, Fraction | int] = {}
        for sid in distinct:
            symbols[reel] = sid
            value = sum(
                (
                    pay.coins * per_line_coin
                    for pay in c.line_pays(tuple(symbols), c.both_ways)
                    if ("line", index, pay.symbol, pay.count, pay.direction) not in held
                ),
                Fraction(0),
            )
            by_symbol[sid] = whole(value)  # ints add much faster than Fractions
        if any(by_symbol.values()):
            line_parts.append((line[reel], by_symbol))

    # scatter pays: counts on the held reels, plus the respun reel's window
    held_counts: dict[str, int] = {}
    for r, column in enumerate(held_screen):
        if r != reel:
            for sid in column:
                hit = c.scatter_of.get(sid)
                if hit is not None:
                    held_counts[hit[0]] = held_counts.get(hit[0], 0) + hit[1]
    features = _symbol_features(defn)

    by_window: dict[tuple[str, ...], Fraction | int] = {}
    total: Fraction | int = 0
    for stop in range(size):
        column = tuple(strip[(stop + r) % size] for r in range(rows))
        extra = by_window.get(column)
        if extra is None:
            extra = _new_scatter_value(c, held_counts, column, held, bet)
            if features:
                screen = held_screen[:reel] + (column,) + held_screen[reel + 1 :]
                spin = Spin("respin", reel_set, (), screen, (), 0)
                for feature, entry in features:
                    ctx = FeatureContext(defn, feature, bet, None, mode="respin")
                    trigger = entry.triggers(ctx, spin)
                    if trigger is not None:
                        feature_value = entry.expected_value(ctx, trigger)
                        if feature_value is None:
                            raise NotImplementedError(
                                f"{feature.type} has no exact value to price respins with"
                            )
                        extra += feature_value * trigger.probability
            extra = by_window[column] = whole(extra)
        total += extra
        for row, by_symbol in line_parts:
            total += by_symbol[strip[(stop + row) % size]]
    return Fraction(total) / size


def price_from_value(defn: Definition, feature: PaidRespin, bet: Bet, value: Fraction) -> Money:
    rtp = feature.price_rtp or defn.rtp or Fraction(1)
    coins = value / rtp / bet.coin_value
    whole_coins = coins.__ceil__()  # up: half-up rounding let the price fall below value / RTP
    return max(whole_coins, feature.min_price_coins) * bet.coin_value


def prices(
    defn: Definition, bet: Bet, stops: tuple[int, ...], reel_set: str, *, screen: Screen | None = None
) -> tuple[Money | None, ...]:
    """The price of respinning each reel of this screen (None for every reel: not offered);
    ``screen``: as the player saw it (None: the landed screen of ``stops``)."""
    seen = screen or screen_from_stops(defn, reel_set, stops)
    if unavailable_reason(defn, reel_set, seen, bet) is not None:
        return tuple(None for _ in stops)
    feature: PaidRespin = defn.feature("paid_respin")
    return tuple(
        price_from_value(defn, feature, bet, respin_value(defn, bet, reel_set, stops, reel, screen=seen))
        for reel in range(len(stops))
    )


def price_of(
    defn: Definition, bet: Bet, stops: tuple[int, ...], reel_set: str, reel: int, *, screen: Screen | None = None
) -> Money:
    """The price of respinning one reel (the caller has checked the respin is offered)."""
    feature: PaidRespin = defn.feature("paid_respin")
    return price_from_value(defn, feature, bet, respin_value(defn, bet, reel_set, stops, reel, screen=screen))
