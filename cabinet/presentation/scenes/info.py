"""INFO: paytable and rules pages generated from the game's YAML.

Pages: the paytable (as many pages as the symbols need; pays in coins for the current
coins per line / bet level AND in currency for the current coin value; scatter pays
as a multiple of the total bet), the features, the paylines, and the rules text from
the YAML's ``rules:``. A symbol that pays as another (a Double) is shown on that
symbol's card, whose rows run over every count the paytable has (3 to 10 with Doubles).

The FEATURES pages have one section per feature block, in the YAML's order, written
from the block's typed parameters (``feature_sections``: free spins and their
multipliers, retriggers and minimum-win top-ups; mystery symbols; expanding and
multiplier wilds; a wild respin; a wheel's rings; a mummy panel's chances; a
hold-and-respin's boards, cell symbols and Bonus Prizes, premultiplied at the current
bet; progress levels; sticky reels; a paid respin; a block it does not know by what
its ``type`` documents), every amount in the currency at the current bet; then the win
celebrations and the RTP. Each section leads with its symbol's art; the body type is
the same on every page and never shrunk to fit: the sections go on over as many pages
as they need (``FEATURES 1 OF 3``), breaking between paragraphs.

The wild's card names the symbols it does not stand in for among those that land on
the reels (``reel_symbols``), never a board's own symbols.

Left and right arrows (LEFT/RIGHT, the d-pad) turn the pages; the centre button
(CONFIRM/SPIN, the pad's A) goes back to the game, as do INFO, BACK and the close button.
Two tabs on the heading row, PAYTABLE and RULES, jump to the first page of each (the
rule sheets have one button for the rules and one for the pays: INFO opens on the
paytable, one more press reaches the rules); ``InfoScene(ctx, section="rules")`` opens
on the rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pygame

from cabinet.core.bet import Bet
from cabinet.core.boards import Board
from cabinet.core.definition import Definition, Symbol
from cabinet.core.features.expanding_wild import ExpandingWild
from cabinet.core.features.free_spins import FreeSpins
from cabinet.core.features.hold_and_respin import CellRule, HoldAndRespin, build_boards
from cabinet.core.features.multiplier_wilds import MultiplierWilds
from cabinet.core.features.mummy_access import MummyAccess, open_chance
from cabinet.core.features.mystery_symbol import MysterySymbol
from cabinet.core.features.paid_respin import PaidRespin
from cabinet.core.features.progress_levels import ProgressLevels
from cabinet.core.features.sticky_wild_reels import StickyWildReels
from cabinet.core.features.wheel import Wheel, pocket_x_bet
from cabinet.core.features.wild_respin import WildRespin
from cabinet.core.money import fraction_str
from cabinet.machine.buttons import Button, Press

from ..art import thumb_size
from ..context import Context
from ..hud import GOLD, PALE_GOLD
from ..layout import Box
from ..overlays import Overlay

WHITE = (244, 240, 250)
SOFT = (200, 186, 224)
SECTIONS = ("PAYTABLE", "RULES")  # the tabs; ITEM index = the section's position here


@dataclass(frozen=True)
class PayCard:
    """One paytable entry: a paying symbol, the symbols that pay as it, and its rows."""

    symbols: tuple[str, ...]  # the symbol first, then its Doubles
    title: str
    rows: tuple[tuple[str, str, str], ...]  # (count, coins or "x BET", currency), best first
    notes: tuple[str, ...] = ()


def _coins_text(value: Fraction) -> str:
    return fraction_str(value)


def symbol_pays(defn: Definition, bet: Bet, symbol_id: str) -> list[tuple[str, str, str]]:
    """(count, coins or multiple of the bet, amount) per pay of a symbol, best first.

    Line pays: the paytable's coins times the coins per line (the bet level), and that
    many coins at the coin value. Scatter pays: a multiple of the total bet."""
    symbol = defn.symbol_map[symbol_id]
    out = []
    for count, pay in sorted(defn.pays.get(symbol_id, {}).items(), reverse=True):
        if symbol.kind == "scatter":
            out.append((str(count), f"{fraction_str(pay)}x BET", _money_of(defn, Fraction(pay) * bet.total)))
        else:
            coins = Fraction(pay) * bet.coins_per_line
            out.append((str(count), _coins_text(coins), _money_of(defn, coins * bet.coin_value)))
    return out


def _money_of(defn: Definition, amount: Fraction) -> str:
    from cabinet.core.money import format_money

    return format_money(int(amount), defn.bet.currency, defn.bet.minor_units)


def _name(symbol: Symbol) -> str:
    return (symbol.name or symbol.id).upper()


def reel_symbols(defn: Definition) -> set[str]:
    """The symbols on some strip of the game's reels (base, free spins, respins): what can
    land on the main screen, as opposed to a board's own symbols."""
    return {sid for strips in defn.reels.values() for strip in strips for sid in strip}


def pay_cards(defn: Definition, bet: Bet) -> list[PayCard]:
    """The paytable's entries in the YAML's order: wilds and scatters with their notes,
    each paying symbol with the Doubles that pay on its row."""
    symbols = defn.symbol_map
    doubles: dict[str, list[str]] = {}
    for s in defn.symbols:
        if s.pays_as:
            doubles.setdefault(s.pays_as, []).append(s.id)
    free = next((f for f in defn.features if isinstance(f, FreeSpins)), None)
    on_reels = reel_symbols(defn)
    cards: list[PayCard] = []
    for symbol in defn.symbols:
        if symbol.pays_as:
            continue  # shown on the card of the symbol it pays as
        rows = symbol_pays(defn, bet, symbol.id)
        notes: list[str] = []
        if symbol.kind == "wild":
            # only what lands beside it: board-only symbols (a minigame's ghosts and coins) never
            # meet the wild, and naming them would read as if it skipped a paying namesake
            excluded = sorted({*symbol.excludes, *(s.id for s in defn.symbols if s.kind in ("scatter", "bonus"))}
                              & on_reels, key=[s.id for s in defn.symbols].index)
            names = ", ".join(_name(symbols[e]) for e in excluded)
            notes.append(f"SUBSTITUTES FOR EVERY SYMBOL EXCEPT {names}." if names else "SUBSTITUTES FOR EVERY SYMBOL.")
            if any(s.counts > 1 for s in defn.symbols):
                notes.append("ALWAYS COUNTS AS ONE SYMBOL.")
            if symbol.reels:
                notes.append(f"APPEARS ON REELS {', '.join(map(str, symbol.reels))}.")
        elif symbol.kind == "scatter":
            notes.append("PAYS ANYWHERE, x THE TOTAL BET.")
            if free is not None and free.trigger_symbol == symbol.id:
                notes.append(f"{min(free.awards)} OR MORE START FREE SPINS.")
        for d in doubles.get(symbol.id, ()):
            if symbols[d].reels:
                notes.append(f"{_name(symbols[d])}: REELS {', '.join(map(str, symbols[d].reels))} ONLY.")
        if doubles.get(symbol.id):
            notes.append("A DOUBLE COUNTS AS 2.")
        if not rows and not notes:
            continue
        cards.append(PayCard((symbol.id, *doubles.get(symbol.id, ())), _name(symbol), tuple(rows), tuple(notes)))
    return cards

# -- the FEATURES pages: one section per feature block, written from its parameters ----------------


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


# a block under its default name gets this heading; a block named in the YAML, its name
HEADINGS = {"free_spins": "FREE SPINS", "paid_respin": "RESPIN", "mystery_symbol": "MYSTERY SYMBOLS",
            "expanding_wild": "EXPANDING WILDS", "multiplier_wilds": "MULTIPLIER WILDS",
            "wild_respin": "WILD RESPIN", "wheel": "BONUS WHEEL", "mummy_access": "MUMMY PANEL",
            "hold_and_respin": "HOLD AND RESPIN", "progress_levels": "PROGRESS LEVELS",
            "sticky_wild_reels": "STICKY WILD REELS"}
MODE_NAMES = {"base": "the base game", "free": "free spins", "respin": "respins"}


def _join(items: Iterable[str], last: str = "and") -> str:
    words = [str(w) for w in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def _reels(reels: Iterable[int]) -> str:
    numbers = sorted(set(reels))
    return f"reel{'s' if len(numbers) > 1 else ''} {_join(map(str, numbers))}"


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _chance(p: Fraction) -> str:
    """A chance as a player reads it: "1 in 150", "2 in 3" or "50%"."""
    if p >= 1:
        return "always"
    if p <= 0:
        return "never"
    if p.numerator <= 3:
        return f"{p.numerator} in {fraction_str(Fraction(p.denominator), 1)}"
    return f"{fraction_str(p * 100, 1)}%"


def _heading(params: Any) -> str:
    kind, name = getattr(params, "type", ""), getattr(params, "name", "")
    if name and name != kind:
        return name.replace("_", " ").upper()
    return HEADINGS.get(kind, kind.replace("_", " ").upper())


Item = tuple[str, int, str, int, tuple[int, int, int]]  # (kind, x, text or symbol, size, colour)


@dataclass
class Row:
    """One row of a FEATURES page: its height and what is drawn on it."""

    h: int
    items: list[Item]


class _Writer:
    """Writes the sections of one game at one bet: names, amounts, where symbols land."""

    def __init__(self, defn: Definition, bet: Bet) -> None:
        self.defn, self.bet = defn, bet
        self.names = {s.id: _name(s) for s in defn.symbols}
        present = {"base"}
        if any(isinstance(f, FreeSpins) for f in defn.features):
            present.add("free")
        if any(isinstance(f, (WildRespin, PaidRespin)) for f in defn.features):
            present.add("respin")
        self.present = present

    def name(self, symbol: str) -> str:
        return self.names.get(symbol, symbol)

    def money(self, x_bet: Fraction) -> str:
        """``x_bet`` times the current total bet, in the game's currency."""
        return _money_of(self.defn, Fraction(x_bet) * self.bet.total)

    def coins(self, coins: int) -> str:
        return _money_of(self.defn, Fraction(coins) * self.bet.coin_value)

    def modes(self, modes: Iterable[str]) -> str:
        """" in the base game" when the block acts in fewer of the game's spins than it has."""
        acting = set(modes) & self.present
        if not acting or acting == self.present:
            return ""
        return " in " + _join(MODE_NAMES[m] for m in ("base", "free", "respin") if m in acting)

    def reels_of(self, symbol: str) -> list[int]:
        """The reels (1-based) whose strips, in any reel set of the main screen, carry ``symbol``."""
        found = {r + 1 for strips in self.defn.reels.values() for r, strip in enumerate(strips) if symbol in strip}
        return sorted(found)

    def lands(self, symbol: str, anywhere: str = "") -> str:
        """Where a symbol of the main reels lands: " on reels 2, 3 and 4" (``anywhere`` when on every reel)."""
        reels = self.reels_of(symbol)
        if reels and len(reels) < self.defn.grid.reels:
            return f" on {_reels(reels)}"
        return anywhere

    def doubles(self, symbol: str) -> str:
        """" (a Double counts 2)" when a Double of ``symbol`` (or it) counts more than one."""
        counted = any(s.pays_as == symbol or (s.id == symbol and s.counts > 1) for s in self.defn.symbols)
        return " (a Double counts 2)" if counted else ""

    # -- the blocks ---------------------------------------------------------------------------

    def free_spins(self, f: FreeSpins) -> FeatureSection:
        trigger = self.name(f.trigger_symbol)
        awards = sorted((n, spins) for n, spins in f.awards.items() if spins > 0)
        reels = self.reels_of(f.trigger_symbol)
        most = len(reels) if reels and len(reels) < self.defn.grid.reels else None  # one a reel at most
        top = " or more" if len(awards) == 1 and awards[0][0] != most else ""
        where = f" on {_reels(reels)}" if most else " anywhere"
        each = " respectively" if len(awards) > 1 else ""
        paras = [Para(f"{_join((str(n) for n, _ in awards), 'or')}{top} {trigger} symbols{where}"
                      f"{self.doubles(f.trigger_symbol)} award {_join((str(s) for _, s in awards), 'or')} free "
                      f"spins{each}, played {'on reels of their own ' if f.reel_sets else ''}at the bet of the spin "
                      f"that started them.")]
        if f.continue_after_seconds > 0:
            paras.append(Para(f"Press CONTINUE to start them; they start by themselves after "
                              f"{fraction_str(f.continue_after_seconds)} seconds."))
        if f.win_multiplier > 1:
            what = "win" if f.multiply_scatter_pays else "line win"
            paras.append(Para(f"Every free-spin {what} is multiplied by {f.win_multiplier}."))
        drawn = [fraction_str(e.value) for e in f.spin_multipliers]
        if drawn:
            paras.append(Para(f"A random multiplier appears on every free spin and multiplies its wins: "
                              f"{_join((f'x{v}' for v in drawn), 'or')}."))
        if f.retrigger:
            again = sorted((n, spins) for n, spins in (f.retrigger_awards or f.awards).items() if spins > 0)
            more = " or more" if len(again) == 1 and again[0][0] != most else ""
            paras.append(Para(f"During free spins, {_join((str(n) for n, _ in again), 'or')}{more} {trigger} symbols "
                              f"add {_join((str(s) for _, s in again), 'or')} more spins{' respectively' if len(again) > 1 else ''}."))
        else:
            paras.append(Para("Free spins cannot be won again during the feature."))
        if f.minimum_win_x_bet > 0 and f.top_up_spins > 0:
            floor = fraction_str(f.minimum_win_x_bet)
            paras.append(Para(f"{floor}x GUARANTEE: if the feature has won less than {floor} times the bet "
                              f"({self.money(f.minimum_win_x_bet)}) when its spins run out, {f.top_up_spins} extra "
                              f"free spins are awarded, again and again until it has won more."))
        if f.max_win_coins:
            paras.append(Para(f"One feature pays at most {f.max_win_coins:,} coins ({self.coins(f.max_win_coins)})."))
        if f.max_win_x_bet:
            paras.append(Para(f"One feature pays at most {fraction_str(f.max_win_x_bet)} times the bet "
                              f"({self.money(f.max_win_x_bet)})."))
        return FeatureSection(_heading(f), f.trigger_symbol, tuple(paras))

    def paid_respin(self, f: PaidRespin) -> FeatureSection:
        return FeatureSection(_heading(f), "", (Para(
            "After any base-game spin, respin any one reel while the others hold, as often as you like. Each reel "
            "shows its own price under it; only new wins formed by the respin pay. Changing the coin size reprices "
            "the respins. No respins during free spins, nor straight after a feature until SPIN is pressed."),))

    def mystery_symbol(self, f: MysterySymbol) -> FeatureSection:
        mystery = self.name(f.symbol)
        shown = _join((self.name(r.symbol) for r in f.reveals), "or")
        return FeatureSection(_heading(f), f.symbol, (Para(
            f"{mystery} symbols land{self.lands(f.symbol, ' on any reel')}{self.modes(f.modes)}. All changed symbol "
            f"positions on all "
            f"reels change into the same symbol: every {mystery} on the screen turns into one symbol, drawn at "
            f"random from {shown}, before the wins are paid."),))

    def expanding_wild(self, f: ExpandingWild) -> FeatureSection:
        wild = self.name(f.symbol)
        where = f" on {_reels(f.reels)}" if f.reels else " on any reel"
        return FeatureSection(_heading(f), f.symbol, (Para(
            f"An {wild} landing{where}{self.modes(f.modes)} expands to fill its whole reel, a wild on every row, "
            f"before the wins are paid."),))

    def multiplier_wilds(self, f: MultiplierWilds) -> FeatureSection:
        wild = self.name(f.symbol)
        values = _join((f"x{fraction_str(e.value)}" for e in f.multipliers), "or")
        several = "a win with several of them is multiplied once" if self.defn.wild_multipliers == "highest" else \
            "several on one win multiply together"
        return FeatureSection(_heading(f), f.symbol, (Para(
            f"{wild} symbols land{self.lands(f.symbol, ' on any reel')}{self.modes(f.modes)}. A spin that shows one "
            f"draws a random multiplier, {values}, and every win a {wild} takes part in is multiplied by it; "
            f"{several}."),))

    def wild_respin(self, f: WildRespin) -> FeatureSection:
        wild = self.name(f.symbol)
        strips = self.defn.reels.get(f.reel_set, ())
        elsewhere = [r + 1 for r, strip in enumerate(strips) if r != f.reel - 1 and f.symbol in strip]
        paras = [Para(f"A full {wild} wild on reel {f.reel} is fixed in place and the other reels respin "
                      f"{_times(f.respins)}; the respin pays every win on its screen.")]
        if elsewhere:
            paras.append(Para(f"During the respin, {wild} symbols may land on {_reels(elsewhere)} as wilds; a new "
                              f"{wild} adds no respin."))
        return FeatureSection(_heading(f), f.symbol, tuple(paras))

    def wheel(self, f: Wheel) -> FeatureSection:
        trigger = self.name(f.trigger_symbol)
        rings = f.rings
        first = rings[0].name.upper() if rings else ""
        paras = [Para(f"{len(f.trigger_reels)} {trigger} symbols, one on each of {_reels(f.trigger_reels)}, "
                      f"start the wheel of {len(rings)} ring{'s' if len(rings) != 1 else ''}"
                      f"{' (also in free spins)' if f.in_free_spins else ''}. {first} turns and stops on a pocket: a "
                      f"prize pocket pays the bet times its value and ends the wheel; an electric pocket turns the "
                      f"next ring, until a prize is won.")]
        for i, ring in enumerate(rings):
            pays = sorted({pocket_x_bet(f, p) for p in ring.pockets if not p.next and not p.jackpot})
            jackpots = sorted({p.jackpot for p in ring.pockets if p.jackpot}, key=lambda j: f.jackpots.get(j, 0))
            nexts = sorted({p.next for p in ring.pockets if p.next})
            parts = [self.money(x) for x in pays] + [f"{j} {self.money(f.jackpots.get(j, Fraction(0)))}"
                                                      for j in jackpots]
            for target in nexts:
                parts.append("ELECTRIC: " + ("TURNS AGAIN" if target == ring.name else f"TO {target.upper()}"))
            paras.append(Para("  ·  ".join(parts), label=ring.name.upper() or f"RING {i + 1}"))
        return FeatureSection(_heading(f), f.trigger_symbol, tuple(paras))

    def mummy_access(self, f: MummyAccess) -> FeatureSection:
        mummy = self.name(f.symbol)
        opens = next((g for g in self.defn.features if getattr(g, "name", "") == f.minigame), None)
        game = _heading(opens) if opens is not None else f.minigame.replace("_", " ").upper()
        if isinstance(opens, HoldAndRespin) and "MINIGAME" not in game:
            game += " MINIGAME"
        paras = [Para(f"{mummy} symbols land{self.lands(f.symbol, ' in any position')}. The {mummy} symbols of "
                      f"a spin move to the panel to attempt access to the {game}; the panel shows the chance that "
                      f"its door opens:")]
        steps = sorted(f.panel, key=lambda st: st.mummies)
        for k, step in enumerate(steps):
            more = " OR MORE" if k == len(steps) - 1 else " ON THE PANEL"
            label = f"{step.mummies}{more}"
            paras.append(Para(_chance(open_chance(f, step.mummies)), label=label))
        return FeatureSection(_heading(f), f.symbol, tuple(paras))

    def hold_and_respin(self, f: HoldAndRespin) -> FeatureSection:
        heading = _heading(f)
        if f.opened_by and "MINIGAME" not in heading:
            heading += " MINIGAME"
        boards = f.boards
        paras: list[Para] = []
        if f.opened_by:
            opener = next((g for g in self.defn.features if getattr(g, "name", "") == f.opened_by), None)
            start = f"It begins when the {_heading(opener) if opener is not None else f.opened_by.upper()} grants " \
                    f"access, and is"
        else:
            paras.append(Para(self._trigger(f)))
            start = "It is"
        shape = {(b.reels, b.rows) for b in boards}
        size = " and ".join(f"{r} reels by {h} rows" for r, h in sorted(shape))
        if len(boards) == 1:
            paras.append(Para(f"{start} played on one board of {size}; each of its cells is an independent reel, "
                              f"with reels of its own."))
        else:
            paras.append(Para(f"{start} played on {len(boards)} boards of {size}, the "
                              f"{_join(b.name for b in boards)} boards; each of their {sum(b.reels * b.rows for b in boards)} "
                              f"cells is an independent reel, with reels of its own."))
        paras.append(Para(self._start(f)))
        for rule in f.cells:
            paras.append(Para(self._cell(f, rule), icon=rule.symbol if rule.symbol in self.defn.symbol_map else ""))
        fills = [b for b in boards if b.fill_x_bet > 0]
        if fills:
            paras.append(Para(f"BONUS PRIZES, shown at the current bet: a board whose cells are all filled at the end "
                              f"of a respin awards its Bonus Prize, once per feature; "
                              f"{'all ' + str(len(fills)) if len(fills) > 1 else 'it'} can be won in one feature."))
            for b in fills:
                paras.append(Para(self.money(b.fill_x_bet), label=b.name))
        ends = "when no respins remain" + (" or every board is full" if fills else "")
        collectors = any(rule.collects_reels for rule in f.cells)
        paid = "everything the collectors accumulated is added to the win" if collectors else \
            "every held credit prize" + (" and the Bonus Prizes won are paid" if fills else " is paid")
        paras.append(Para(f"The feature ends {ends}; then {paid}. There are no line pays during the feature."))
        icon = f.place_symbol or (f.start[0].symbol if f.start else next(iter(f.trigger_symbols), ""))
        return FeatureSection(heading, icon, tuple(paras))

    def _trigger(self, f: HoldAndRespin) -> str:
        counts = sorted((n, p) for n, p in f.trigger_counts.items() if p > 0)
        if not counts:
            return "It never starts by itself."
        n, p = counts[0]
        symbols = list(f.trigger_symbols.items())
        chance = "" if p >= 1 else f" with a chance of {_chance(p)}"
        free = " (also in free spins)" if f.in_free_spins else ""
        if len(symbols) == 1 and symbols[0][1] == 1:
            return f"{n} or more {self.name(symbols[0][0])} symbols anywhere start the feature{chance}{free}."
        counting = _join(f"a {self.name(s)} counts {c}" for s, c in symbols)
        return f"A count of {n} or more starts the feature{chance}{free}, where {counting}."

    def _start(self, f: HoldAndRespin) -> str:
        parts: list[str] = []
        placed: dict[str, int] = {}
        for cell in f.start:
            placed[cell.symbol] = placed.get(cell.symbol, 0) + 1
        if placed:
            parts.append("It starts with " + _join(f"{n} x {self.name(s)}" for s, n in placed.items()))
        if f.place_symbol:
            doubles = [s for s, c in f.trigger_symbols.items() if c > 1]
            extra = "" if not doubles else ", " + _join(f"{f.trigger_symbols[s]} for each {self.name(s)}"
                                                        for s in doubles) + ","
            parts.append(f"at the start, one {self.name(f.place_symbol)} for each triggering symbol{extra} lands on a "
                         f"random cell with a credit prize and is held")
        text = "; ".join(parts) if parts else "It starts on empty boards"
        return f"{text[0].upper()}{text[1:]}. {f.respins} respins are awarded."

    def _cell(self, f: HoldAndRespin, rule: CellRule) -> str:
        sym = self.defn.symbol_map.get(rule.symbol)
        name = self.name(rule.symbol)
        does: list[str] = []
        if rule.collects_reels:
            does.append(f"collects and accumulates the values landing on {_reels(rule.collects_reels)}")
        if rule.jackpot:
            x = f.jackpots.get(rule.jackpot, Fraction(0))
            if rule.jackpot.upper() == name:
                name = f"The {name} coin"
                does.append(f"is worth {self.money(x)}")
            else:
                does.append(f"pays the {rule.jackpot} prize, {self.money(x)}")
        elif sym is not None and sym.prizes and not rule.multiply:
            values = [e.value for e in sym.prizes]
            does.append(f"shows a credit prize of {self.money(min(values))} to {self.money(max(values))}")
        if rule.multiply and sym is not None:
            shown = _join((f"x{fraction_str(e.value)}" for e in sym.multipliers), "or")
            does.append(f"reveals {shown}, applied to one held credit prize chosen at random")
        if rule.cell_multiplier:
            does.append(f"adds {rule.cell_multiplier} to the multiplier of the cell it lands on, then disappears; a "
                        f"value landing there later is multiplied")
        if rule.respins:
            does.append(f"adds {rule.respins} respin{'s' if rule.respins > 1 else ''}")
        if rule.resets_respins:
            does.append(f"resets the respins to {f.reset_to or f.respins}")
        if rule.hold and not rule.cell_multiplier:
            does.append("is held")
        elif not rule.cell_multiplier and not rule.collects_reels:
            does.append("is collected" if any(r.collects_reels for r in f.cells) else "is paid")
        text = f"{name} {_join(does)}"
        limits = [f"x{fraction_str(m)} only applies to prizes below {fraction_str(x)} times the bet ({self.money(x)})"
                  for m, x in sorted(rule.multiplier_limits.items())]
        if limits:
            text += "; " + "; ".join(limits)
        where = self._where(build_boards(f), rule.symbol)
        return f"{text}.{' It lands on ' + where + '.' if where else ''}"

    def _where(self, boards: tuple[Board, ...], symbol: str) -> str:
        """Where on the boards a symbol lands: "the MINI board only", "reel 2 only" (empty: everywhere)."""
        on: dict[str, set[tuple[int, int]]] = {}
        for b in boards:  # each cell's strip, reel 1 top to bottom first
            cells = {(i // b.rows, i % b.rows) for i, strip in enumerate(b.strips) if symbol in strip}
            if cells:
                on[b.name] = cells
        if not on:
            return ""
        notes: list[str] = []
        if len(boards) > 1 and len(on) < len(boards):
            notes.append(f"the {_join(on)} board{'s' if len(on) > 1 else ''} only")
        for b in boards:
            held = on.get(b.name)
            if held is None or len(held) == b.reels * b.rows:
                continue
            reels = sorted({r + 1 for r, _ in held})
            whole = all((r - 1, row) in held for r in reels for row in range(b.rows))
            where = f"{_reels(reels)} only" if whole else f"{len(held)} cell{'s' if len(held) > 1 else ''} of " \
                                                           f"{_reels(reels)} only"
            notes.append(where if len(boards) == 1 else f"{where} of the {b.name} board")
        return "; ".join(notes)

    def progress_levels(self, f: ProgressLevels) -> FeatureSection:
        symbol = self.name(f.symbol)
        inside = next((g for g in self.defn.features if getattr(g, "name", "") == f.feature), None)
        during = _heading(inside).lower() if inside is not None else f.feature.replace("_", " ")
        paras = [Para(f"During {during}, every {symbol} symbol moves the progress bar one point{self.doubles(f.symbol)}; "
                      f"every {f.points_per_level} points reach the next level, up to {f.max_points} points. Each level "
                      f"unlocks its prize for the rest of the feature:")]
        sticky = iter(f.sticky_reels)
        for i, level in enumerate(f.levels):
            if level.unlock == "sticky_reel":
                reel = next(sticky, None)
                what = f"reel {reel} turns into a sticky wild reel" if reel else "a sticky wild reel"
            elif level.unlock == "multiplier":
                what = f"every win is multiplied by {level.value}"
            elif level.unlock == "both_ways":
                what = "wins pay both ways"
            else:
                what = "no prize"
            if level.extra_spins:
                what += f", and {level.extra_spins} extra spin{'s' if level.extra_spins > 1 else ''}"
            paras.append(Para(what[0].upper() + what[1:], label=f"LEVEL {i + 1}"))
        return FeatureSection(_heading(f), f.symbol, tuple(paras))

    def sticky_wild_reels(self, f: StickyWildReels) -> FeatureSection:
        wild = self.name(f.symbol)
        made = any(isinstance(g, ProgressLevels) and any(lv.unlock == "sticky_reel" for lv in g.levels)
                   for g in self.defn.features)
        how = " once a progress level unlocks it" if made else ""
        return FeatureSection(_heading(f), f.symbol, (Para(
            f"A sticky reel{self.modes(f.modes)} shows {wild} on every row{how}, for the rest of the feature."),))

    def generic(self, params: Any) -> FeatureSection:
        """A block this page does not know: what its own parameters' ``type`` says it does."""
        doc = ""
        if dataclasses.is_dataclass(params):
            doc = next((fl.metadata.get("doc", "") for fl in dataclasses.fields(params) if fl.name == "type"), "")
        text = (doc[:1].upper() + doc[1:] + ".") if doc else "A bonus feature of this game."
        return FeatureSection(_heading(params), "", (Para(text),))


WRITERS: dict[type, Callable[[_Writer, Any], FeatureSection]] = {
    FreeSpins: _Writer.free_spins, PaidRespin: _Writer.paid_respin, MysterySymbol: _Writer.mystery_symbol,
    ExpandingWild: _Writer.expanding_wild, MultiplierWilds: _Writer.multiplier_wilds,
    WildRespin: _Writer.wild_respin, Wheel: _Writer.wheel, MummyAccess: _Writer.mummy_access,
    HoldAndRespin: _Writer.hold_and_respin, ProgressLevels: _Writer.progress_levels,
    StickyWildReels: _Writer.sticky_wild_reels,
}


def feature_sections(defn: Definition, bet: Bet) -> list[FeatureSection]:
    """The FEATURES pages' sections, in the YAML's order: one per feature block, written from
    its parameters at ``bet`` (amounts in the game's currency), then the win celebrations
    and the return to player."""
    writer = _Writer(defn, bet)
    out = [WRITERS.get(type(f), _Writer.generic)(writer, f) for f in defn.features]
    if not out:
        out.append(FeatureSection("FEATURES", "", (Para("This game has no bonus features."),)))
    tiers = defn.win_tiers
    info = [Para(f"from {fraction_str(x)}x the bet ({writer.money(x)})", label=f"{name} WIN")
            for name, x in (("BIG", tiers.big), ("MEGA", tiers.mega), ("EPIC", tiers.epic))]
    if defn.rtp:
        info.append(Para(f"{fraction_str(defn.rtp * 100)}%, the theoretical return to player", label="RTP"))
    out.append(FeatureSection("WIN CELEBRATIONS AND RTP", "", tuple(info)))
    return out



class InfoScene(Overlay):
    title = "PAYTABLE AND RULES"
    close_buttons = ("BACK", "CLOSE", "MENU", "INFO")

    def __init__(self, ctx: Context, section: str = "PAYTABLE") -> None:
        self.page = 0
        self.pages: list[pygame.Surface] = []
        self.headings: list[str] = []
        self.rule_lines: list[list[str]] = []
        self.feature_text: list[list[str]] = []  # each FEATURES page's strings, as laid out
        self.feature_boxes: list[list[tuple[str, Box]]] = []  # and where, on its page ("<ID>": a symbol's art)
        super().__init__(ctx)
        self.page = self.section_start(section.upper())

    def section_start(self, section: str) -> int:
        """The first page of a section: PAYTABLE (page 0) or RULES (the first rules page)."""
        if section == "RULES":
            return next((i for i, h in enumerate(self.headings) if h.startswith("RULES")), 0)
        return 0

    def section_of(self, page: int) -> str:
        return "RULES" if page < len(self.headings) and self.headings[page].startswith("RULES") else "PAYTABLE"

    # -- pages (pre-rendered on open and on resize) -----------------------------------------------

    @property
    def content(self) -> Box:
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        top = panel.y + panel.h * 13 // 100 + self.heading_size() * 3 // 2
        bottom = self.nav_top() - s // 6 - self.dot_radius() * 5  # room for the page dots
        return Box(panel.x + panel.w // 20, top, panel.w * 18 // 20, max(10, bottom - top))

    def heading_size(self) -> int:
        return max(10, self.ctx.layout.fonts.body * 11 // 10)

    def dot_radius(self) -> int:
        return max(2, self.ctx.layout.ui_button // 12)

    def nav_top(self) -> int:
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        return panel.bottom - s - s // 3

    def rebuild(self) -> None:
        pages: list[tuple[str, pygame.Surface]] = []
        paytable = self._paytable_pages()
        for i, page in enumerate(paytable):
            pages.append((f"PAYTABLE {i + 1} OF {len(paytable)}" if len(paytable) > 1 else "PAYTABLE", page))
        self.feature_text, self.feature_boxes = [], []
        features = self._features()
        for i, page in enumerate(features):
            pages.append((f"FEATURES {i + 1} OF {len(features)}" if len(features) > 1 else "FEATURES", page))
        pages.append(("PAYLINES", self._paylines()))
        rules = self._rules()
        for i, page in enumerate(rules):
            pages.append((f"RULES {i + 1} OF {len(rules)}" if len(rules) > 1 else "RULES", page))
        self.headings = [h for h, _ in pages]
        self.pages = [p for _, p in pages]
        self.page = min(self.page, len(self.pages) - 1)

    def _blank(self) -> pygame.Surface:
        return pygame.Surface((self.content.w, self.content.h), pygame.SRCALPHA)

    def _pays(self, symbol_id: str) -> list[tuple[str, str, str]]:
        return symbol_pays(self.ctx.defn, self.ctx.session.bet, symbol_id)

    def _pay_lines(self, symbol_id: str) -> list[str]:
        return [f"{n}  {coins}{'' if 'BET' in coins else ' COINS'}  {amount}"
                for n, coins, amount in self._pays(symbol_id)]

    # -- the paytable -----------------------------------------------------------------------------

    def _card_metrics(self) -> tuple[int, int, int, int]:
        """(columns, thumb side, text size, row pitch) for this panel."""
        ctx = self.ctx
        cols = 2 if ctx.layout.portrait else 3
        thumb = min(thumb_size(ctx.layout), self.content.w // cols // getattr(self, "thumb_share", 3))
        size = max(9, ctx.layout.fonts.body * 4 // 5)
        return cols, thumb, size, size * 6 // 5

    def _card_height(self, card: PayCard, width: int) -> int:
        cols, thumb, size, pitch = self._card_metrics()
        text_w = width - thumb - width // 16
        note_lines = sum(len(self.ctx.text.wrap(n, size * 4 // 5, text_w)) for n in card.notes)
        text_h = pitch * (1 + len(card.rows)) + note_lines * size + size // 2
        thumbs_h = thumb * len(card.symbols) + (len(card.symbols) - 1) * thumb // 10
        return max(text_h, thumbs_h) + pitch // 2

    def _paytable_pages(self) -> list[pygame.Surface]:
        ctx = self.ctx
        cards = pay_cards(ctx.defn, ctx.session.bet)
        cols, _thumb, size, _pitch = self._card_metrics()
        note_size = max(9, size * 4 // 5)
        page_h = self.content.h - note_size * 2
        col_w = self.content.w // cols
        self.thumb_share = 3  # a column's share for the symbol; smaller if the pays would need small type
        self.row_size = self._row_size(cards, col_w)
        if self.row_size < size * 9 // 10:
            self.thumb_share = 4
            self.row_size = self._row_size(cards, col_w)
        # Cards in the YAML's order, as many per page as its columns hold; then each page's
        # cards are dealt to its columns so that the columns come out about equally tall
        # (filling one column before the next left the last one half empty).
        pages: list[list[PayCard]] = [[]]
        used = 0
        capacity = cols * page_h
        for card in cards:
            h = self._card_height(card, col_w)
            if pages[-1] and (used + h > capacity * 0.9 or not self._columns_hold(pages[-1] + [card], cols, col_w,
                                                                                   page_h)):
                pages.append([])
                used = 0
            pages[-1].append(card)
            used += h
        out = []
        for cards_here in pages:
            page = self._blank()
            columns = self._balanced(cards_here, cols, col_w)
            tallest = max((sum(self._card_height(c, col_w) for c in column) for column in columns), default=0)
            top0 = max(0, (page_h - tallest) // 2)  # the block sits in the middle of the page
            for c, column in enumerate(columns):
                top = top0
                for card in column:
                    h = self._card_height(card, col_w)
                    self._draw_card(page, card, Box(c * col_w, top, col_w - col_w // 20, h - h // 16))
                    top += h
            self._paytable_note(page, note_size)
            out.append(page)
        return out

    def _balanced(self, cards: list[PayCard], cols: int, col_w: int) -> list[list[PayCard]]:
        """``cards`` in order, cut into ``cols`` runs of about equal height (reading order kept)."""
        heights = [self._card_height(c, col_w) for c in cards]
        target = sum(heights) / max(1, cols)
        columns: list[list[PayCard]] = [[] for _ in range(cols)]
        col, filled = 0, 0.0
        for card, h in zip(cards, heights, strict=True):
            left_cols = cols - col - 1
            if columns[col] and col < cols - 1 and filled + h / 2 > target and left_cols > 0:
                col, filled = col + 1, 0.0
            columns[col].append(card)
            filled += h
        return columns

    def _columns_hold(self, cards: list[PayCard], cols: int, col_w: int, page_h: int) -> bool:
        columns = self._balanced(cards, cols, col_w)
        return all(sum(self._card_height(c, col_w) for c in column) <= page_h for column in columns)

    def _row_size(self, cards: list[PayCard], col_w: int) -> int:
        """One type size for every pay row of the paytable: the largest at which the widest
        row (its count, coins or "100x BET", and amount) fits its card, so no row is smaller."""
        _cols, thumb, size, _pitch = self._card_metrics()
        text_w = col_w - col_w // 20 - thumb - col_w // 16 - 4
        font = self.ctx.text.font
        while size > 9:
            count_w = font(size).size("10")[0] + size // 2
            if all(count_w + font(size).size(coins)[0] + size // 2 + font(size).size(amount)[0] <= text_w
                   for card in cards for _n, coins, amount in card.rows):
                break
            size -= 1
        return size

    def _paytable_note(self, page: pygame.Surface, size: int) -> None:
        ctx = self.ctx
        bet, model = ctx.session.bet, ctx.defn.bet
        part = f"BET LEVEL {bet.coins_per_line}" if model.label == "level" else \
            f"{bet.coins_per_line} COIN{'S' if bet.coins_per_line > 1 else ''} PER LINE"
        note = f"LINE PAYS IN COINS FOR {part} AND IN {model.currency} AT {ctx.money(bet.coin_value)} A COIN; " \
               f"SCATTER PAYS x THE TOTAL BET OF {ctx.money(bet.total)}"
        img = ctx.text.fit(note, size, page.get_width(), PALE_GOLD)
        page.blit(img, img.get_rect(midbottom=(page.get_width() // 2, page.get_height())))

    def _draw_card(self, page: pygame.Surface, card: PayCard, box: Box) -> None:
        ctx = self.ctx
        text = ctx.text
        _cols, thumb, size, pitch = self._card_metrics()
        pygame.draw.rect(page, (30, 18, 52, 200), box, border_radius=max(4, thumb // 8))
        ty = box.y + pitch // 4
        for k, sid in enumerate(card.symbols):
            img = ctx.cache.get(f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(sid)}.png", (thumb, thumb),
                                ctx.cache.symbol_placeholder(sid))
            page.blit(img, (box.x + 2, ty + k * (thumb + thumb // 10)))
        tx = box.x + thumb + box.w // 16
        text_w = box.right - tx - 4
        page.blit(text.fit(card.title, size, text_w, GOLD), (tx, ty))
        y = ty + pitch
        row_size = getattr(self, "row_size", size)  # one size for every row (see _row_size)
        count_w = text.font(row_size).size("10")[0] + row_size // 2
        for n, coins, amount in card.rows:
            page.blit(text.render(n, row_size, PALE_GOLD), (tx, y))
            img = text.render(amount, row_size, WHITE)
            page.blit(img, img.get_rect(topright=(tx + text_w, y)))
            page.blit(text.render(coins, row_size, WHITE), (tx + count_w, y))
            y += pitch
        note_size = size * 4 // 5
        for note in card.notes:
            for line in text.wrap(note, note_size, text_w):
                page.blit(text.render(line, note_size, SOFT), (tx, y))
                y += note_size

    # -- features, paylines, rules ----------------------------------------------------------------

    def features_metrics(self) -> tuple[int, int, int, int]:
        """(heading size, body size, line pitch, thumbnail side) of the FEATURES pages: the
        body size a help screen reads at, never shrunk to fit (the pages go on instead)."""
        fonts = self.ctx.layout.fonts
        heading = max(10, fonts.body)
        body = max(9, fonts.body * 9 // 10)
        pitch = max(body + 2, body * 5 // 4)
        thumb = min(thumb_size(self.ctx.layout), heading * 3 // 2 + pitch * 2)
        return heading, body, pitch, thumb

    def _features(self) -> list[pygame.Surface]:
        """The FEATURES pages: each block's section (its symbol's art beside its heading, its
        paragraphs, tables and symbol lines), as many pages as they need. A page breaks between
        paragraphs (a heading stays with its first one, a table stays whole) and the section's
        heading comes again over the rest."""
        ctx = self.ctx
        sections = feature_sections(ctx.defn, ctx.session.bet)
        heading, _body, pitch, _thumb = self.features_metrics()
        page_h = self.content.h
        pages: list[list[Row]] = [[]]
        used = 0

        def turn(section: FeatureSection | None) -> None:
            """A new page; ``section``: it goes on there, under its heading again."""
            nonlocal used
            pages.append([])
            used = 0
            if section is not None:
                again = Row(heading * 3 // 2, [("text", self._text_x(), f"{section.heading} (CONTINUED)", heading,
                                                GOLD)])
                pages[-1].append(again)
                used += again.h

        for section in sections:
            blocks = self._section_blocks(section)
            for k, block in enumerate(blocks):
                if pages[-1] and used + min(sum(r.h for r in block), page_h) > page_h:
                    turn(section if k > 0 else None)
                for row in block:
                    if pages[-1] and used + row.h > page_h:  # longer than a page: it goes on over the next
                        turn(section)
                    pages[-1].append(row)
                    used += row.h
            if pages[-1]:
                pages[-1].append(Row(pitch // 2, []))
                used += pitch // 2
        return [self._draw_rows(rows) for rows in pages]

    def _text_x(self) -> int:
        _heading, _body, pitch, thumb = self.features_metrics()
        return thumb + pitch

    def _section_blocks(self, section: FeatureSection) -> list[list[Row]]:
        """A section as blocks of rows that stay together: the heading (the art beside it) with
        the first paragraph, then each paragraph; a table with the paragraph that opens it."""
        ctx = self.ctx
        heading, body, pitch, thumb = self.features_metrics()
        x = self._text_x()
        width = self.content.w - x
        top: list[Row] = [Row(heading * 3 // 2, [("text", x, section.heading, heading, GOLD),
                                                 ("rule", x, "", width, GOLD)])]
        if section.symbol:
            top[0].items.insert(0, ("thumb", 0, section.symbol, thumb, WHITE))
        blocks: list[list[Row]] = [top]
        label_w = max((ctx.text.font(body).size(p.label)[0] for p in section.paras if p.label), default=0)
        label_w += pitch if label_w else 0
        gap = pitch // 3
        for i, para in enumerate(section.paras):
            table_goes_on = i + 1 < len(section.paras) and bool(section.paras[i + 1].label)
            if para.label:
                lines = ctx.text.wrap(para.text, body, width - label_w)
                rows = [Row(pitch, [("text", x + label_w, line, body, WHITE)]) for line in lines]
                rows[0].items.insert(0, ("text", x, para.label, body, PALE_GOLD))
                if not table_goes_on:
                    rows.append(Row(gap, []))
                if i > 0:
                    blocks[-1].extend(rows)  # a table stays whole, and with the paragraph that opens it
                    continue
            elif para.icon:
                side = pitch * 2 - gap
                lines = ctx.text.wrap(para.text, body, width - side - pitch // 2)
                rows = [Row(pitch, [("text", x + side + pitch // 2, line, body, WHITE)]) for line in lines]
                rows[0].items.insert(0, ("icon", x, para.icon, side, WHITE))
                if len(lines) < 2:
                    rows.append(Row(pitch * (2 - len(lines)), []))
                rows.append(Row(gap, []))
            else:
                rows = [Row(pitch, [("text", x, line, body, WHITE)]) for line in ctx.text.wrap(para.text, body, width)]
                rows.append(Row(gap, []))
            blocks.append(rows)
        if section.symbol:  # the art is as tall as the heading and the first lines: room for it
            first = blocks[0][0].h + sum(r.h for b in blocks[1:2] for r in b)
            if first < thumb:
                blocks[min(1, len(blocks) - 1)].append(Row(thumb - first, []))
        if len(blocks) > 1:  # the heading stays with its first paragraph
            blocks[:2] = [blocks[0] + blocks[1]]
        return blocks

    def _draw_rows(self, rows: list[Row]) -> pygame.Surface:
        """One FEATURES page, its strings and where they are noted (``feature_text``, ``feature_boxes``)."""
        ctx = self.ctx
        page = self._blank()
        texts: list[str] = []
        boxes: list[tuple[str, Box]] = []
        y = 0
        for row in rows:
            for kind, x, what, size, colour in row.items:
                if kind == "text":
                    img = ctx.text.render(what, size, colour)
                    page.blit(img, (x, y))
                    texts.append(what)
                    boxes.append((what, Box(x, y, img.get_width(), img.get_height())))
                elif kind == "rule":
                    pygame.draw.line(page, (*colour, 110), (x, y + row.h - 3), (x + size, y + row.h - 3), 1)
                elif kind in ("thumb", "icon"):
                    img = ctx.cache.get(f"{ctx.defn.theme}/symbols/{ctx.builder.sprite_name(what)}.png",
                                        (size, size), ctx.cache.symbol_placeholder(what))
                    page.blit(img, (x, y))
                    boxes.append((f"<{what}>", Box(x, y, size, size)))
            y += row.h
        self.feature_text.append(texts)
        self.feature_boxes.append(boxes)
        return page

    def rules_metrics(self) -> tuple[int, int, int]:
        """(type size, line pitch, measure) of the rules pages: the body size with room to
        breathe between lines, on a measure of at most ~70 characters (long lines tire)."""
        size = max(10, self.ctx.layout.fonts.body * 21 // 20)
        pitch = size * 3 // 2
        measure = min(self.content.w - 2 * size, self.ctx.text.font(size).size("n" * 70)[0])
        return size, pitch, measure

    def _rules(self) -> list[pygame.Surface]:
        ctx = self.ctx
        size, pitch, measure = self.rules_metrics()
        per_page = max(1, self.content.h // pitch)
        blocks: list[list[str]] = []
        for paragraph in ctx.defn.rules or ("See the paytable for the pays.",):
            wrapped = ctx.text.wrap(paragraph, size, measure)
            blocks.append(["- " + line if i == 0 else "  " + line for i, line in enumerate(wrapped)])
        pages: list[list[str]] = [[]]
        for block in blocks:  # a rule is not split over two pages when it fits on one
            gap = 1 if pages[-1] else 0
            if pages[-1] and len(pages[-1]) + gap + len(block) > per_page:
                pages.append([])
                gap = 0
            pages[-1].extend([""] * gap)
            for line in block:  # a rule longer than a page goes on over the next
                if len(pages[-1]) == per_page:
                    pages.append([])
                pages[-1].append(line)
        self.rule_lines = pages  # each page's lines ("- " opens a rule, "  " continues it)
        out = []
        left = max(0, (self.content.w - measure - 2 * size) // 2)  # the text block centred on the page
        for lines in pages:
            page = self._blank()
            for k, line in enumerate(lines):
                y = k * pitch
                if line.startswith("- "):  # a gold bullet opens each rule
                    r = max(2, size // 5)
                    pygame.draw.circle(page, GOLD, (left + size // 2, y + ctx.text.font(size).get_ascent() * 6 // 10), r)
                if line.strip():
                    page.blit(ctx.text.render(line[2:], size, WHITE), (left + 2 * size, y))
            out.append(page)
        return out

    def _paylines(self) -> pygame.Surface:
        ctx = self.ctx
        page = self._blank()
        lines = ctx.defn.lines
        played = ctx.session.bet.lines
        reels, rows = ctx.defn.grid.reels, ctx.defn.grid.rows
        cols = 5 if not ctx.layout.portrait else 4
        grid_rows = max(1, -(-len(lines) // cols))
        cw, ch = page.get_width() // cols, page.get_height() // grid_rows
        label = max(9, min(ctx.layout.fonts.body * 3 // 4, ch // 3))
        cell = max(3, min((cw - label * 2 - 6) // reels, (ch - 6) // rows))
        for i, pattern in enumerate(lines):
            x0, y0 = (i % cols) * cw, (i // cols) * ch
            on = i < played
            page.blit(ctx.text.render(str(i + 1), label, GOLD if on else (120, 110, 130)), (x0, y0 + 2))
            gx, gy = x0 + label * 2, y0 + (ch - rows * cell) // 2
            for r in range(reels):
                for row in range(rows):
                    lit = r < len(pattern) and row == pattern[r]
                    colour = ((255, 210, 80) if on else (150, 130, 90)) if lit else (60, 44, 90)
                    pygame.draw.rect(page, colour, (gx + r * cell, gy + row * cell, cell - 2, cell - 2))
        return page

    # -- navigation -------------------------------------------------------------------------------

    def nav_boxes(self) -> tuple[Box, Box, Box]:
        """(left arrow, centre back-to-game button, right arrow) along the panel's foot."""
        panel, s = self.ctx.layout.panel, self.ctx.layout.ui_button
        y = self.nav_top()
        centre_w = min(panel.w // 2, s * 5)
        return (Box(panel.x + s // 2, y, s, s), Box(panel.center[0] - centre_w // 2, y, centre_w, s),
                Box(panel.right - s - s // 2, y, s, s))

    def arrow_boxes(self) -> tuple[Box, Box]:
        left, _centre, right = self.nav_boxes()
        return left, right

    def tab_boxes(self) -> tuple[Box, Box]:
        """The PAYTABLE and RULES tabs, left and right of the page heading."""
        content = self.content
        h = self.heading_size() * 3 // 2
        longest = max(self.ctx.text.font(self.heading_size()).size(x)[0] for x in self.headings or ["RULES"])
        w = max(h * 2, min(content.w * 22 // 100, (content.w - longest) // 2 - h // 2))
        y = content.y - 2 - h
        return Box(content.x, y, w, h), Box(content.right - w, y, w, h)

    def item_regions(self) -> list:
        left, centre, right = self.nav_boxes()
        tabs = [(box, Press(Button.ITEM, i)) for i, box in enumerate(self.tab_boxes())]
        return [(left, Press(Button.LEFT)), (right, Press(Button.RIGHT)), (centre, Press(Button.CLOSE)), *tabs]

    def handle_item(self, press: Press) -> None:
        if press.button == Button.ITEM and 0 <= press.index < len(SECTIONS):
            self.page = self.section_start(SECTIONS[press.index])  # a tab: that section's first page
        elif press.button in (Button.LEFT, Button.UP, Button.BET_MINUS):
            self.page = (self.page - 1) % len(self.pages)
        elif press.button in (Button.RIGHT, Button.DOWN, Button.BET_PLUS):
            self.page = (self.page + 1) % len(self.pages)
        elif press.button in (Button.CONFIRM, Button.SPIN):
            self.close()  # the centre button: back to the game
            return
        else:
            return
        self.ctx.audio.play("button_click")

    def draw_content(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        layout = ctx.layout
        panel = layout.panel
        if self.pages:
            heading = ctx.text.render(self.headings[self.page], self.heading_size(), PALE_GOLD, outline=True)
            surface.blit(heading, heading.get_rect(midbottom=(panel.center[0], self.content.y - 2)))
            surface.blit(self.pages[self.page], (self.content.x, self.content.y))
        for name, tab in zip(SECTIONS, self.tab_boxes(), strict=True):
            here = self.section_of(self.page) == name
            pygame.draw.rect(surface, (120, 70, 20) if here else (30, 18, 52), tab, border_radius=tab.h // 2)
            pygame.draw.rect(surface, GOLD if here else (150, 110, 40), tab, width=max(1, tab.h // 12),
                             border_radius=tab.h // 2)
            img = ctx.text.fit(name, max(8, tab.h * 55 // 100), tab.w * 85 // 100, WHITE if here else SOFT)
            surface.blit(img, img.get_rect(center=tab.center))
        left, centre, right = self.nav_boxes()
        s = layout.ui_button
        surface.blit(ctx.art.button("arrow_left", "", (s, s)), (left.x, left.y))
        surface.blit(ctx.art.button("arrow_right", "", (s, s)), (right.x, right.y))
        pygame.draw.rect(surface, (120, 70, 20), centre, border_radius=centre.h // 2)
        pygame.draw.rect(surface, GOLD, centre, width=max(2, centre.h // 14), border_radius=centre.h // 2)
        label = ctx.text.fit("BACK TO GAME", min(layout.fonts.body, centre.h * 5 // 10), centre.w * 8 // 10, WHITE)
        surface.blit(label, label.get_rect(center=centre.center))
        n = len(self.pages)  # page dots between the arrows and the button
        if n > 1:
            r = self.dot_radius()
            gap = r * 3
            x0 = centre.center[0] - (n - 1) * gap // 2
            y = centre.y - r * 3
            for i in range(n):
                pygame.draw.circle(surface, GOLD if i == self.page else (90, 70, 120), (x0 + i * gap, y), r)
