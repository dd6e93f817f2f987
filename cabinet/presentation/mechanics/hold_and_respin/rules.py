"""The INFO section of a ``hold_and_respin`` block, written from its parameters."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cabinet.core.boards import Board
from cabinet.core.english import with_article
from cabinet.core.features.hold_and_respin import CellRule, HoldAndRespin, build_boards
from cabinet.core.money import fraction_str

from ...side_panel import FeatureRow
from ...words import words
from ..writing import FeatureSection, Para, Writer, chance, heading, join, reels_text
from .timing import BOARD_COLOURS


def rules(w: Writer, f: HoldAndRespin) -> FeatureSection:
    title = heading(f)
    if f.opened_by and "MINIGAME" not in title:
        title += " MINIGAME"
    boards = f.boards
    paras: list[Para] = []
    if f.opened_by:
        opener = next((g for g in w.defn.features if getattr(g, "name", "") == f.opened_by), None)
        start = f"It begins when the {heading(opener) if opener is not None else f.opened_by.upper()} grants " \
                f"access, and is"
    else:
        paras.append(Para(_trigger(w, f)))
        start = "It is"
    shape = {(b.reels, b.rows) for b in boards}
    size = " and ".join(f"{r} reels by {h} rows" for r, h in sorted(shape))
    if len(boards) == 1:
        paras.append(Para(f"{start} played on one board of {size}; each of its cells is an independent reel, "
                          f"with reels of its own."))
    else:
        paras.append(Para(f"{start} played on {len(boards)} boards of {size}, the "
                          f"{join(b.name for b in boards)} boards; each of their {sum(b.reels * b.rows for b in boards)} "
                          f"cells is an independent reel, with reels of its own."))
    paras.append(Para(_start(w, f)))
    for rule in f.cells:
        paras.append(Para(_cell(w, f, rule), icon=rule.symbol if rule.symbol in w.defn.symbol_map else ""))
    fills = [b for b in boards if b.fill_x_bet > 0]
    if fills:
        paras.append(Para(f"BONUS PRIZES, shown at the current bet: a board whose cells are all filled at the end "
                          f"of a respin awards its Bonus Prize, once per feature; "
                          f"{'all ' + str(len(fills)) if len(fills) > 1 else 'it'} can be won in one feature."))
        for b in fills:
            paras.append(Para(w.money(b.fill_x_bet), label=b.name))
    ends = "when no respins remain" + (" or every board is full" if fills else "")
    collectors = any(rule.collects_reels for rule in f.cells)
    paid = "everything the collectors accumulated is added to the win" if collectors else \
        "every held credit prize" + (" and the Bonus Prizes won are paid" if fills else " is paid")
    paras.append(Para(f"The feature ends {ends}; then {paid}. There are no line pays during the feature."))
    icon = f.place_symbol or (f.start[0].symbol if f.start else next(iter(f.trigger_symbols), ""))
    return FeatureSection(title, icon, tuple(paras))


def _trigger(w: Writer, f: HoldAndRespin) -> str:
    counts = sorted((n, p) for n, p in f.trigger_counts.items() if p > 0)
    if not counts:
        return "It never starts by itself."
    n, p = counts[0]
    symbols = list(f.trigger_symbols.items())
    odds = "" if p >= 1 else f" with a chance of {chance(p)}"
    free = " (also in free spins)" if f.in_free_spins else ""
    if len(symbols) == 1 and symbols[0][1] == 1:
        return f"{n} or more {w.name(symbols[0][0])} symbols anywhere start the feature{odds}{free}."
    counting = join(f"{with_article(w.name(s))} counts {c}" for s, c in symbols)
    return f"A count of {n} or more starts the feature{odds}{free}, where {counting}."

def _start(w: Writer, f: HoldAndRespin) -> str:
    parts: list[str] = []
    placed: dict[str, int] = {}
    for cell in f.start:
        placed[cell.symbol] = placed.get(cell.symbol, 0) + 1
    if placed:
        parts.append("It starts with " + join(f"{n} x {w.name(s)}" for s, n in placed.items()))
    if f.place_symbol:
        doubles = [s for s, c in f.trigger_symbols.items() if c > 1]
        extra = "" if not doubles else ", " + join(f"{f.trigger_symbols[s]} for each {w.name(s)}"
                                                    for s in doubles) + ","
        parts.append(f"at the start, one {w.name(f.place_symbol)} for each triggering symbol{extra} lands on a "
                     f"random cell with a credit prize and is held")
    text = "; ".join(parts) if parts else "It starts on empty boards"
    return f"{text[0].upper()}{text[1:]}. {f.respins} respins are awarded."

def _cell(w: Writer, f: HoldAndRespin, rule: CellRule) -> str:
    sym = w.defn.symbol_map.get(rule.symbol)
    name = w.name(rule.symbol)
    does: list[str] = []
    if rule.collects_reels:
        does.append(f"collects and accumulates the values landing on {reels_text(rule.collects_reels)}")
    if rule.jackpot:
        x = f.jackpots.get(rule.jackpot, Fraction(0))
        if rule.jackpot.upper() == name:
            name = f"The {name} coin"
            does.append(f"is worth {w.money(x)}")
        else:
            does.append(f"pays the {rule.jackpot} prize, {w.money(x)}")
    elif sym is not None and sym.prizes and not rule.multiply:
        values = [e.value for e in sym.prizes]
        does.append(f"shows a credit prize of {w.money(min(values))} to {w.money(max(values))}")
    if rule.multiply and sym is not None:
        shown = join((f"x{fraction_str(e.value)}" for e in sym.multipliers), "or")
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
    text = f"{name} {join(does)}"
    limits = [f"x{fraction_str(m)} only applies to prizes below {fraction_str(x)} times the bet ({w.money(x)})"
              for m, x in sorted(rule.multiplier_limits.items())]
    if limits:
        text += "; " + "; ".join(limits)
    where = _where(w, build_boards(f), rule.symbol)
    return f"{text}.{' It lands on ' + where + '.' if where else ''}"

def _where(w: Writer, boards: tuple[Board, ...], symbol: str) -> str:
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
        notes.append(f"the {join(on)} board{'s' if len(on) > 1 else ''} only")
    for b in boards:
        held = on.get(b.name)
        if held is None or len(held) == b.reels * b.rows:
            continue
        reels = sorted({r + 1 for r, _ in held})
        whole = all((r - 1, row) in held for r in reels for row in range(b.rows))
        where = f"{reels_text(reels)} only" if whole else f"{len(held)} cell{'s' if len(held) > 1 else ''} of " \
                                                       f"{reels_text(reels)} only"
        notes.append(where if len(boards) == 1 else f"{where} of the {b.name} board")
    return "; ".join(notes)


def side_rows(defn: Any, f: HoldAndRespin) -> tuple[FeatureRow, ...]:
    """Its boards' Bonus Prizes, best first, and what starts it (none when another feature opens it)."""
    if f.opened_by:
        return ()
    rows = sorted((FeatureRow("", 0, board.name, Fraction(board.fill_x_bet), group="prize",
                              colour=BOARD_COLOURS.get(board.name))
                   for board in f.boards if board.fill_x_bet), key=lambda row: -row.x_bet)
    if f.trigger_symbols:
        sure = [n for n, odds in f.trigger_counts.items() if odds >= 1] or list(f.trigger_counts)
        rows.append(FeatureRow(next(iter(f.trigger_symbols)), min(sure), words(f, "row", "RESPINS")))
    return tuple(rows)
