"""The INFO sentences of the catalogue's free-spin rules (issue 35): a drawn number of spins
(``drawn_spins``) and free spins until a trigger (``until_symbol``)."""

from __future__ import annotations

from fractions import Fraction

from cabinet.core.features.free_spins import FreeSpins
from cabinet.core.money import fraction_str

from ..writing import Writer, join


def _choices(table: tuple[object, ...]) -> str:
    values = sorted({int(e.value) for e in table})  # type: ignore[attr-defined]
    return join((str(v) for v in values), "or")


def _odds(table: tuple[object, ...]) -> str:
    total = sum(e.weight for e in table)  # type: ignore[attr-defined]
    weights = {e.weight for e in table}  # type: ignore[attr-defined]
    if len(weights) == 1:
        return "each as likely"
    parts = [f"{int(e.value)}: {round(float(Fraction(e.weight, total)) * 100)}%" for e in table]  # type: ignore[attr-defined]
    return "chances " + ", ".join(parts)


def drawn_and_until_rules(w: Writer, f: FreeSpins, spins: str) -> list[str]:
    out: list[str] = []
    trigger = w.name(f.trigger_symbol)
    for count, table in sorted(f.drawn_spins.items()):
        out.append(f"{count} or more {trigger} symbols win {_choices(table)} {spins}, drawn at random as they are "
                   f"won ({_odds(table)}).")
    if f.retrigger and f.retrigger_drawn_spins:
        for count, table in sorted(f.retrigger_drawn_spins.items()):
            out.append(f"During {spins}, {count} or more {trigger} symbols add {_choices(table)} more spins, "
                       f"drawn at random ({_odds(table)}).")
    elif f.retrigger and f.drawn_spins and not f.retrigger_awards:
        out.append(f"During {spins}, the same symbols add spins drawn the same way.")
    if f.wild_reels:
        wild = w.name(f.wild_reels_symbol) if f.wild_reels_symbol else "wild"
        also = ", added to what the scatters award" if f.awards else ""
        again = f"; during {spins} they add them again" if f.retrigger else ""
        out.append(f"A {wild} on reels {join((str(r) for r in f.wild_reels), 'and')} at once wins "
                   f"{f.wild_reels_spins} {spins}{also}{again}.")
    for label, table in (("", f.line_win_awards), ("During {spins}, ", f.retrigger_line_win_awards if f.retrigger else {})):
        if not table:
            continue
        wins = [f"{count} {w.name(sym)} {spins_word(n, spins)}" for sym, counts in sorted(table.items())
                for count, n in sorted(counts.items()) if n > 0]
        lead = label.format(spins=spins)
        out.append(f"{lead}{'a' if lead else 'A'} winning line also wins free spins: {join(wins, 'and')}; "
                   "each winning line adds its own.")
    if f.line_win_awards and f.retrigger and not f.retrigger_line_win_awards:
        out.append(f"During {spins}, winning lines add spins the same way.")
    for sym, table in sorted(f.free_scatter_pays.items()):
        pays = [f"{count} pay {fraction_str(Fraction(pay))} times the bet" for count, pay in sorted(table.items()) if pay]
        out.append(f"During {spins}, {w.name(sym)} symbols anywhere pay their own table: {join(pays, 'and')}.")
    if f.until_symbol:
        counts = join((str(c) for c in sorted(f.until_counts)), "or")
        cap = max(f.awards.values(), default=0)
        start = join((str(n) for n in sorted(f.awards)), "or")
        out.append(f"{start} or more {trigger} symbols start {spins}, played at the bet of the spin that started "
                   f"them. They go on until a spin shows {counts} {w.name(f.until_symbol)} "
                   f"symbols; that spin is the last and pays. At most {cap} {spins} are played.")
    return out


def exception_rules(w: Writer, f: FreeSpins) -> list[str]:
    """The multiplier's exceptions (``multiplier_exceptions``), after the multiplier's sentence."""
    said = []
    for e in f.multiplier_exceptions:
        what = f"{e.count} {w.name(e.symbol)}" if e.count else f"every {w.name(e.symbol)} win"
        said.append(f"{what} paid x{e.multiplier}")
    return [f"Except: {join(said, 'and')}, not x{f.win_multiplier}."] if said else []


def spins_word(n: int, spins: str) -> str:
    return f"win {n} {spins}" if n != 1 else f"wins {n} {spins.removesuffix('s')}"
