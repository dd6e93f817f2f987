"""The kit a mechanic's INFO section is written with (``rules.py`` of each mechanic).

A section (``FeatureSection``: heading, the symbol beside it, paragraphs) is written from
the block's typed parameters by ``Writer``, which knows the game at one bet: symbol names,
amounts in the currency, where a symbol lands, in which spins a block acts. The FEATURES
pages (``scenes/info.py``) lay the sections out.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cabinet.core.bet import Bet
from cabinet.core.definition import Definition, Symbol
from cabinet.core.money import format_money, fraction_str

from ..words import words


def money_of(defn: Definition, amount: Fraction) -> str:
    return format_money(int(amount), defn.bet.currency, defn.bet.minor_units)


def symbol_name(symbol: Symbol) -> str:
    return (symbol.name or symbol.id).upper()


@dataclass(frozen=True)
class Para:
    """One paragraph of a feature's section: plain text; a table row (``label`` and the text
    as its value); or a line led by a symbol's art (``icon``: what that symbol does)."""

    text: str
    label: str = ""
    icon: str = ""


@dataclass(frozen=True)
class FeatureSection:
    """A feature as the FEATURES pages describe it: its heading, the symbol whose art stands
    beside it (empty: none) and its paragraphs, amounts in the currency at the current bet."""

    heading: str
    symbol: str
    paras: tuple[Para, ...]

    @property
    def text(self) -> str:
        """Everything the section says, in one string (labels before their values)."""
        return " ".join([self.heading, *(f"{p.label} {p.text}".strip() for p in self.paras)])



MODE_NAMES = {"base": "the base game", "free": "free spins", "respin": "respins"}


def join(items: Iterable[str], last: str = "and") -> str:
    words = [str(w) for w in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def reels_text(reels: Iterable[int]) -> str:
    numbers = sorted(set(reels))
    return f"reel{'s' if len(numbers) > 1 else ''} {join(map(str, numbers))}"


def times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def chance(p: Fraction) -> str:
    """A chance as a player reads it: "1 in 150", "2 in 3" or "50%"."""
    if p >= 1:
        return "always"
    if p <= 0:
        return "never"
    if p.numerator <= 3:
        return f"{p.numerator} in {fraction_str(Fraction(p.denominator), 1)}"
    return f"{fraction_str(p * 100, 1)}%"


def heading(params: Any) -> str:
    """A feature's INFO heading: its ``texts: {heading: ...}``; else its name when the YAML
    names it; else its mechanic's default heading (or its type, spelt out)."""
    texts = getattr(params, "texts", None) or {}
    if texts.get("heading"):
        return str(texts["heading"])
    kind, name = getattr(params, "type", ""), getattr(params, "name", "")
    if name and name != kind:
        return name.replace("_", " ").upper()
    from . import mechanic_of  # the registry loads the mechanics by name: no cycle

    mechanic = mechanic_of(params)
    default = getattr(mechanic, "heading", "") if mechanic is not None else ""
    return default or kind.replace("_", " ").upper()



class Writer:
    """Writes the sections of one game at one bet: names, amounts, where symbols land."""

    def __init__(self, defn: Definition, bet: Bet) -> None:
        self.defn, self.bet = defn, bet
        self.names = {s.id: symbol_name(s) for s in defn.symbols}
        present = {"base"}
        kinds = {getattr(f, "type", "") for f in defn.features}
        if "free_spins" in kinds:
            present.add("free")
        if kinds & {"wild_respin", "paid_respin"}:
            present.add("respin")
        self.present = present
        free = next((f for f in defn.features if getattr(f, "type", "") == "free_spins"), None)
        # what the rules call each kind of spin: free spins by their own word (``rules_name``)
        self.mode_names = {**MODE_NAMES, "free": words(free, "rules_name", MODE_NAMES["free"])}

    def name(self, symbol: str) -> str:
        return self.names.get(symbol, symbol)

    def money(self, x_bet: Fraction) -> str:
        """``x_bet`` times the current total bet, in the game's currency."""
        return money_of(self.defn, Fraction(x_bet) * self.bet.total)

    def coins(self, coins: int) -> str:
        return money_of(self.defn, Fraction(coins) * self.bet.coin_value)

    def modes(self, modes: Iterable[str]) -> str:
        """" in the base game" when the block acts in fewer of the game's spins than it has."""
        acting = set(modes) & self.present
        if not acting or acting == self.present:
            return ""
        return " in " + join(self.mode_names[m] for m in ("base", "free", "respin") if m in acting)

    def reels_of(self, symbol: str) -> list[int]:
        """The reels (1-based) whose strips, in any reel set of the main screen, carry ``symbol``."""
        found = {r + 1 for strips in self.defn.reels.values() for r, strip in enumerate(strips) if symbol in strip}
        return sorted(found)

    def lands(self, symbol: str, anywhere: str = "") -> str:
        """Where a symbol of the main reels lands: " on reels 2, 3 and 4" (``anywhere`` when on every reel)."""
        reels = self.reels_of(symbol)
        if reels and len(reels) < self.defn.grid.reels:
            return f" on {reels_text(reels)}"
        return anywhere

    def doubles(self, symbol: str) -> str:
        """" (a Double counts 2)" when a Double of ``symbol`` (or it) counts more than one."""
        counted = any(s.pays_as == symbol or (s.id == symbol and s.counts > 1) for s in self.defn.symbols)
        return " (a Double counts 2)" if counted else ""

    def generic(self, params: Any) -> FeatureSection:
        """A block this page does not know: what its own parameters' ``type`` says it does."""
        doc = ""
        if dataclasses.is_dataclass(params):
            doc = next((fl.metadata.get("doc", "") for fl in dataclasses.fields(params) if fl.name == "type"), "")
        text = (doc[:1].upper() + doc[1:] + ".") if doc else "A bonus feature of this game."
        return FeatureSection(heading(params), "", (Para(text),))

