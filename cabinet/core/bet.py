"""Bets: the player's choice within a game's bet model, and its exact total."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .definition import Definition
from .money import Money, money_str, parse_money


@dataclass(frozen=True, order=True)
class Bet:
    lines: int
    coins_per_line: int
    coin_value: Money  # minor units per coin

    @property
    def coins(self) -> int:
        """Coins staked in total (lines x coins per line)."""
        return self.lines * self.coins_per_line

    @property
    def total(self) -> Money:
        return self.coins * self.coin_value


_BET_TEXT = re.compile(r"\s*(\d{1,4})\s*[xX]\s*(\d{1,6})\s*[xX]\s*([0-9.]{1,20})\s*")


def bet_text(bet: Bet, minor_units: int) -> str:
    """``LINESxCOINSxCOIN_VALUE`` (``20x1x0.05``): how ``cabinet play --bet`` and a simulation's
    ``replay_bet`` write a bet."""
    return f"{bet.lines}x{bet.coins_per_line}x{money_str(bet.coin_value, minor_units)}"


def parse_bet_text(text: str, minor_units: int) -> Bet:
    """The inverse of ``bet_text``; ValueError when ``text`` is not of that shape (whether the
    game allows the bet is ``is_allowed``'s question)."""
    match = _BET_TEXT.fullmatch(text)
    if match is None:
        raise ValueError(f"expected LINESxCOINSxCOIN_VALUE such as 20x1x0.05, got {text!r}")
    return Bet(int(match[1]), int(match[2]), parse_money(match[3], minor_units))


def line_choices(defn: Definition) -> tuple[int, ...]:
    """The "lines" a bet may have: the choices, else every payline, else (a pay model with a
    cost: ways, megaways, ...) that cost, which a bet's ``lines`` then holds."""
    return defn.bet.lines or ((defn.pay_model.cost,) if defn.pay_model.cost else (len(defn.lines),))


def lines_allowed(defn: Definition, lines: int) -> bool:
    """A bet's ``lines`` the game can play: 1..its paylines, or (a model with a cost) that cost."""
    cost = defn.pay_model.cost
    return lines == cost if cost else 0 < lines <= len(defn.lines)


def default_bet(defn: Definition) -> Bet:
    m = defn.bet
    lines = m.default_lines or max(line_choices(defn))
    cpl = m.default_coins_per_line or min(m.coins_per_line)
    cv = m.default_coin_value or min(m.coin_values)
    return Bet(lines, cpl, cv)


def all_bets(defn: Definition) -> list[Bet]:
    """Every allowed bet, ordered by total (ties: fewer lines first)."""
    return list(_sorted_bets(defn))


def cheapest_bet(defn: Definition) -> Bet:
    """The smallest allowed bet (read every frame by the out-of-credits check, so cached)."""
    return _sorted_bets(defn)[0]


def _sorted_bets(defn: Definition) -> tuple[Bet, ...]:
    # Kept on the instance like evaluate.compiled (the frozen dataclass is unhashable);
    # a reloaded definition is a new object and gets its own list.
    found = defn.__dict__.get("_sorted_bets")
    if found is None:
        m = defn.bet
        bets = [
            Bet(lines, cpl, cv)
            for lines in line_choices(defn)
            for cpl in m.coins_per_line
            for cv in m.coin_values
            if not m.max_total_bet or lines * cpl * cv <= m.max_total_bet
        ]
        found = tuple(sorted(bets, key=lambda b: (b.total, b.lines, b.coins_per_line)))
        defn.__dict__["_sorted_bets"] = found
    return found


def is_allowed(defn: Definition, bet: Bet) -> bool:
    m = defn.bet
    return (
        bet.lines in line_choices(defn)
        and bet.coins_per_line in m.coins_per_line
        and bet.coin_value in m.coin_values
        and (not m.max_total_bet or bet.total <= m.max_total_bet)
    )


def max_bet(defn: Definition, current: Bet) -> Bet:
    """MAX BET: the highest coins per line at the current coin value and line count, or
    (``bet.max_bet: coin_value``) the highest coin value at the current coins per line."""
    m = defn.bet
    if m.max_bet == "coin_value":
        cands = [Bet(current.lines, current.coins_per_line, cv) for cv in m.coin_values]
    else:
        cands = [Bet(current.lines, cpl, current.coin_value) for cpl in m.coins_per_line]
    cands = [b for b in cands if not m.max_total_bet or b.total <= m.max_total_bet]
    return max(cands, key=lambda b: b.total) if cands else current


def step_bet(defn: Definition, current: Bet, direction: int) -> Bet:
    """BET+ / BET-: the next coins-per-line level, then the next coin value, keeping lines."""
    m = defn.bet
    options = sorted(
        {
            Bet(current.lines, cpl, cv)
            for cpl in m.coins_per_line
            for cv in m.coin_values
            if not m.max_total_bet or current.lines * cpl * cv <= m.max_total_bet
        },
        key=lambda b: (b.total, b.coins_per_line),
    )
    if current not in options:
        return options[0] if options else current
    i = options.index(current) + (1 if direction > 0 else -1)
    return options[max(0, min(len(options) - 1, i))]
