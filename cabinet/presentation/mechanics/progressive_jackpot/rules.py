"""The INFO section of a ``progressive_jackpot`` block, written from its parameters."""

from __future__ import annotations

from fractions import Fraction

from cabinet.core.features.progressive import ProgressiveJackpot, draw_chance, round_cost

from ..writing import FeatureSection, Para, Writer, chance, heading, money_of


def rule_text(w: Writer, f: ProgressiveJackpot) -> str:
    rule = f.win
    if rule.rule == "line":
        return f"{rule.count} {w.name(rule.symbol)} on a played line, from the leftmost reel"
    if rule.rule == "scatter":
        return f"{rule.count} or more {w.name(rule.symbol)} anywhere on the screen"
    if rule.rule == "grand":
        return f"filling the {rule.board} board of {rule.feature.replace('_', ' ').upper()}"
    odds = chance(draw_chance(rule, round_cost(w.defn, w.bet)))
    return f"a random draw on every base game spin: {odds} at the current bet, the chance growing with the bet"


def rules(w: Writer, f: ProgressiveJackpot) -> FeatureSection:
    share = f"{float(f.contribution * 100):g}%"
    paras = [
        Para(f"{share} of every base game bet feeds the progressive jackpot, shared by every game of this "
             "cabinet that shows it."),
        Para(f"It is won by {rule_text(w, f)}. The jackpot pays its whole value at the moment it is won, on top "
             "of the round's win."),
        Para(f"It starts at {money_of(w.defn, Fraction(f.seed))} and, after each win, again at "
             f"{money_of(w.defn, Fraction(f.reset))}."),
    ]
    if f.cap:
        paras.append(Para(f"It grows to at most {money_of(w.defn, Fraction(f.cap))}; what is fed past that is kept "
                          "to start the next jackpot."))
    symbol = f.win.symbol if f.win.rule in ("line", "scatter") else ""
    return FeatureSection(heading(f), symbol, tuple(paras))
