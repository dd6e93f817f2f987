"""Sane ranges: the largest values a game definition and typed-in money may hold.

A definition can be perfectly consistent and still be unplayable: a pay of 10^400
overflows the screen's arithmetic, a billion free spins never end, a strip of a
million stops makes ``par`` and every respin price crawl. ``check_limits`` refuses
such files with the caps below, each named in the format reference
(``games/README.md``, "Limits"); the loader reports what it returns as
``file:LINE:COL: message`` like every other problem. The caps sit far above the
three shipped games and at what a real studio would put on a cabinet.

Pure and deterministic (no pygame, no clock): a function of the definition only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from .money import MoneyError, parse_money

# --- the caps (games/README.md, "Limits", names each one) -------------------------------------------

MAX_REELS = 10  # grid.reels
MAX_ROWS = 10  # grid.rows
MAX_LINES = 100  # paylines
MAX_STRIP_STOPS = 1_000  # stops on one reel strip (stacks counted out); the loader refuses more early
MAX_LINE_PAY_COINS = 100_000  # a line pay, in coins per line coin
MAX_PAY_X_BET = 10_000  # a scatter pay or a symbol's prize, as a multiple of the total bet
MAX_MULTIPLIER = 1_000  # wild and symbol multipliers, win_multiplier, spin_multipliers
MAX_WIN_CAP_X_BET = 100_000  # max_win_x_bet
MAX_MINIMUM_WIN_X_BET = 100  # minimum_win_x_bet (free spins topped up until it is reached)
MAX_AWARD_SPINS = 100  # free spins in one award, retrigger or top-up
MAX_EXPECTED_FEATURE_SPINS = 500  # expected length of a feature, retriggers included
MAX_WEIGHT = 1_000_000_000  # one weight of a weighted table or reel-set choice
MAX_COINS_PER_LINE = 1_000  # one bet.coins_per_line choice
MAX_COIN_VALUE_MAJOR = 10_000  # one bet.coin_values choice, in major units of the currency
MAX_CREDITS_MAJOR = 1_000_000  # --credits and kiosk start_credits, in major units of the currency

Path_ = tuple[Any, ...]
Problem = tuple[Path_, str]

_PLAIN_DECIMAL = re.compile(r"\d{1,12}(\.\d{1,12})?")


def check_limits(defn: Any, *, deep: bool = True) -> list[Problem]:
    """Every value of ``defn`` outside its sane range, as (path in the file, message).

    ``deep`` also works out the expected length of each free-spins feature (retriggers
    included); the loader asks for it only when the definition is otherwise consistent,
    since it reads the strips through the symbols and awards."""
    out: list[Problem] = []
    out += _grid(defn)
    out += _strips(defn)
    out += _pays(defn)
    out += _symbols(defn)
    out += _bet(defn)
    out += _weights(getattr(getattr(defn, "base_game", None), "reel_sets", ()), ("base_game", "reel_sets"))
    for i, feature in enumerate(getattr(defn, "features", ())):
        out += _feature(defn, feature, ("features", i), deep=deep and not out)
    return out


def _grid(defn: Any) -> list[Problem]:
    # The same words as the loader's own grid check: a file is told once, not twice.
    out: list[Problem] = []
    g = defn.grid
    if not 1 <= g.reels <= MAX_REELS:
        out.append((("grid", "reels"), f"grid.reels must be between 1 and {MAX_REELS}, got {g.reels}"))
    if not 1 <= g.rows <= MAX_ROWS:
        out.append((("grid", "rows"), f"grid.rows must be between 1 and {MAX_ROWS}, got {g.rows}"))
    if len(defn.lines) > MAX_LINES:
        out.append((("lines",), f"{len(defn.lines)} paylines; at most {MAX_LINES} are supported (MAX_LINES)"))
    return out


def strip_too_long(stops: int) -> str:
    """The message for a strip over ``MAX_STRIP_STOPS`` (the loader says it while reading)."""
    return (f"a reel strip of more than {MAX_STRIP_STOPS:,} stops (this one has at least {stops:,}); "
            f"real strips hold tens to hundreds (MAX_STRIP_STOPS)")


def _strips(defn: Any) -> list[Problem]:
    out: list[Problem] = []
    for name, strips in defn.reels.items():
        for r, strip in enumerate(strips):
            if len(strip) > MAX_STRIP_STOPS:
                out.append((("reels", name, r), strip_too_long(len(strip))))
    return out


def _pays(defn: Any) -> list[Problem]:
    out: list[Problem] = []
    symbols = defn.symbol_map
    for sym, table in defn.pays.items():
        s = symbols.get(sym)
        anywhere = s is not None and (s.kind in ("scatter", "bonus") or s.is_scatter)
        cap, unit, name = ((MAX_PAY_X_BET, "x the total bet", "MAX_PAY_X_BET") if anywhere
                           else (MAX_LINE_PAY_COINS, "coins", "MAX_LINE_PAY_COINS"))
        for count, pay in table.items():
            if pay > cap:
                out.append((("pays", sym, count),
                            f"{count} '{sym}' pays {_short(pay)} {unit}; at most {cap:,} ({name})"))
    return out


def _symbols(defn: Any) -> list[Problem]:
    out: list[Problem] = []
    for i, s in enumerate(defn.symbols):
        p = ("symbols", i)
        if s.multiplier > MAX_MULTIPLIER:
            out.append(((*p, "multiplier"), _over("multiplier", s.multiplier, MAX_MULTIPLIER, "MAX_MULTIPLIER")))
        for j, wv in enumerate(s.prizes):
            if wv.value > MAX_PAY_X_BET:
                out.append(((*p, "prizes", j, "value"),
                            f"prize {_short(wv.value)} x the bet on '{s.id}'; at most {MAX_PAY_X_BET:,} (MAX_PAY_X_BET)"))
        for j, wv in enumerate(s.multipliers):
            if wv.value > MAX_MULTIPLIER:
                out.append(((*p, "multipliers", j, "value"),
                            _over("a multiplier", wv.value, MAX_MULTIPLIER, "MAX_MULTIPLIER")))
        out += _weights(s.prizes, (*p, "prizes"))
        out += _weights(s.multipliers, (*p, "multipliers"))
    return out


def _bet(defn: Any) -> list[Problem]:
    out: list[Problem] = []
    m = defn.bet
    for j, cpl in enumerate(m.coins_per_line):
        if cpl > MAX_COINS_PER_LINE:
            out.append((("bet", "coins_per_line", j),
                        _over("coins_per_line", cpl, MAX_COINS_PER_LINE, "MAX_COINS_PER_LINE")))
    biggest = MAX_COIN_VALUE_MAJOR * 10 ** max(0, m.minor_units)
    for j, value in enumerate(m.coin_values):
        if value > biggest:
            out.append((("bet", "coin_values", j),
                        f"a coin value above {MAX_COIN_VALUE_MAJOR:,} {m.currency} (MAX_COIN_VALUE_MAJOR)"))
    return out


def _weights(entries: Iterable[Any], path: Path_) -> list[Problem]:
    return [((*path, j, "weight"), _over("a weight", e.weight, MAX_WEIGHT, "MAX_WEIGHT"))
            for j, e in enumerate(entries) if e.weight > MAX_WEIGHT]


def _feature(defn: Any, f: Any, p: Path_, *, deep: bool) -> list[Problem]:
    """Free-spins parameters (read by name: any block with these fields is held to them)."""
    out: list[Problem] = []
    for table in ("awards", "retrigger_awards"):
        for count, spins in (getattr(f, table, None) or {}).items():
            if spins > MAX_AWARD_SPINS:
                out.append(((*p, table, count),
                            f"{spins:,} free spins for {count}; at most {MAX_AWARD_SPINS} in one award (MAX_AWARD_SPINS)"))
    top_up = getattr(f, "top_up_spins", 0)
    if top_up > MAX_AWARD_SPINS:
        out.append(((*p, "top_up_spins"), _over("top_up_spins", top_up, MAX_AWARD_SPINS, "MAX_AWARD_SPINS")))
    multiplier = getattr(f, "win_multiplier", 1)
    if multiplier > MAX_MULTIPLIER:
        out.append(((*p, "win_multiplier"), _over("win_multiplier", multiplier, MAX_MULTIPLIER, "MAX_MULTIPLIER")))
    for j, wv in enumerate(getattr(f, "spin_multipliers", ())):
        if wv.value > MAX_MULTIPLIER:
            out.append(((*p, "spin_multipliers", j, "value"),
                        _over("a spin multiplier", wv.value, MAX_MULTIPLIER, "MAX_MULTIPLIER")))
    out += _weights(getattr(f, "spin_multipliers", ()), (*p, "spin_multipliers"))
    out += _weights(getattr(f, "reel_sets", ()), (*p, "reel_sets"))
    minimum = getattr(f, "minimum_win_x_bet", 0)
    if minimum > MAX_MINIMUM_WIN_X_BET:
        out.append(((*p, "minimum_win_x_bet"),
                    _over("minimum_win_x_bet", minimum, MAX_MINIMUM_WIN_X_BET, "MAX_MINIMUM_WIN_X_BET")))
    cap = getattr(f, "max_win_x_bet", 0)
    if cap > MAX_WIN_CAP_X_BET:
        out.append(((*p, "max_win_x_bet"), _over("max_win_x_bet", cap, MAX_WIN_CAP_X_BET, "MAX_WIN_CAP_X_BET")))
    if deep and not out and getattr(f, "awards", None) and getattr(f, "trigger_symbol", ""):
        out += _feature_length(defn, f, p)
    return out


def _feature_length(defn: Any, f: Any, p: Path_) -> list[Problem]:
    """The worst case a round must still finish: a feature whose retriggers add, on average,
    a spin or more per spin never ends (it would play to the engine's safety limit every
    time); one expected to run longer than ``MAX_EXPECTED_FEATURE_SPINS`` is refused too."""
    added = retrigger_rate(defn, f) if getattr(f, "retrigger", False) else Fraction(0)
    longest = max((*f.awards.values(), getattr(f, "wild_reels_spins", 0)), default=0)
    limit = getattr(f, "max_retriggers", 0) if getattr(f, "retrigger", False) else 0
    if limit:  # it always ends: at most the longest award and its limited retriggers, each the largest
        expected = Fraction(longest + limit * max((f.retrigger_awards or f.awards).values()))
        if expected > MAX_EXPECTED_FEATURE_SPINS:
            return [((*p, "max_retriggers"),
                     f"the longest award may play {float(expected):,.0f} free spins with its {limit} retriggers; "
                     f"at most {MAX_EXPECTED_FEATURE_SPINS} (MAX_EXPECTED_FEATURE_SPINS)")]
        return []
    if added >= 1:
        return [((*p, "retrigger_awards" if f.retrigger_awards else "awards"),
                 f"retriggers add {float(added):.2f} spins per free spin on average: the feature would never "
                 f"end (at most {MAX_EXPECTED_FEATURE_SPINS} spins expected, MAX_EXPECTED_FEATURE_SPINS)")]
    expected = longest / (1 - added)
    if expected > MAX_EXPECTED_FEATURE_SPINS:
        return [((*p, "awards"),
                 f"the longest award is expected to play {float(expected):,.0f} free spins with its retriggers; "
                 f"at most {MAX_EXPECTED_FEATURE_SPINS} (MAX_EXPECTED_FEATURE_SPINS)")]
    return []


def retrigger_rate(defn: Any, f: Any) -> Fraction:
    """Exact expected free spins one free spin adds by retriggering (over the feature's reel sets)."""
    awards = f.retrigger_awards or f.awards
    choices = f.reel_sets or defn.base_game.reel_sets
    adds = {s.id: s.counts for s in defn.symbols if s.base == f.trigger_symbol}
    total_weight = sum(c.weight for c in choices)
    rate = Fraction(0)
    for choice in choices:
        strips = defn.reels.get(choice.set)
        if not strips:
            continue
        dist = {0: Fraction(1)}  # symbol count -> probability, reel by reel
        for strip in strips:
            per_reel: dict[int, int] = {}
            size = len(strip)
            for stop in range(size):
                n = sum(adds.get(strip[(stop + r) % size], 0) for r in range(defn.grid.rows))
                per_reel[n] = per_reel.get(n, 0) + 1
            merged: dict[int, Fraction] = {}
            for have, p_have in dist.items():
                for n, ways in per_reel.items():
                    merged[have + n] = merged.get(have + n, Fraction(0)) + p_have * Fraction(ways, size)
            dist = merged
        spins = sum((q * _award(awards, k) for k, q in dist.items()), Fraction(0))
        rate += Fraction(choice.weight, total_weight) * spins
    return rate


def _award(awards: dict[int, int], count: int) -> int:
    """The award of the largest count not above ``count`` (the engine's rule)."""
    keys = [k for k in awards if k <= count]
    return awards[max(keys)] if keys else 0


def _over(what: str, value: Any, cap: int, name: str) -> str:
    return f"{what} {_short(value)} is above the limit of {cap:,} ({name})"


def _short(value: Any) -> str:
    """A number as text, cut short when it is absurdly long (10^400 is 401 digits)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    text = str(value)
    return text if len(text) <= 24 else f"{text[:6]}...({len(text)} digits)"


# --- money typed in by an operator -----------------------------------------------------------------


def parse_credits(text: str, minor_units: int) -> int:
    """A demo balance: a plain decimal such as ``200`` or ``50.00`` (no exponent, sign or
    separators), at most ``MAX_CREDITS_MAJOR`` of the currency; minor units (MoneyError if not)."""
    raw = str(text).strip()
    if not _PLAIN_DECIMAL.fullmatch(raw):
        raise MoneyError(f"expected a plain amount such as 200 or 50.00, got {str(text)!r}")
    amount = parse_money(raw, minor_units)
    if amount > MAX_CREDITS_MAJOR * 10**minor_units:
        raise MoneyError(f"{raw} is above the limit of {MAX_CREDITS_MAJOR:,} (MAX_CREDITS_MAJOR)")
    return amount
