"""The INFO section of a ``free_spins`` block, written from its parameters."""

from __future__ import annotations

from typing import Any

from cabinet.core.english import sentence_start
from cabinet.core.features.free_spins import FreeSpins
from cabinet.core.money import fraction_str

from ...side_panel import FeatureRow
from ...words import words
from ..writing import FeatureSection, Para, Writer, heading, join, reels_text
from .rules_catalogue import drawn_and_until_rules, exception_rules


def rules(w: Writer, f: FreeSpins) -> FeatureSection:
    trigger = w.name(f.trigger_symbol)
    spins = words(f, "rules_name", "free spins")  # what the rules call them ("dives")
    spin = words(f, "rules_name_one", "free spin")
    awards = sorted((n, spins) for n, spins in f.awards.items() if spins > 0)
    reels = w.reels_of(f.trigger_symbol)
    most = len(reels) if reels and len(reels) < w.defn.grid.reels else None  # one a reel at most
    top = " or more" if len(awards) == 1 and awards[0][0] != most else ""
    where = f" on {reels_text(reels)}" if most else " anywhere"
    each = " respectively" if len(awards) > 1 else ""
    paras: list[Para] = [] if (f.drawn_spins or f.until_symbol or not f.awards) else [Para(f"{join((str(n) for n, _ in awards), 'or')}{top} {trigger} symbols{where}"
                  f"{w.doubles(f.trigger_symbol)} award {join((str(s) for _, s in awards), 'or')} "
                  f"{spins}{each}, played {'on reels of their own ' if f.reel_sets else ''}at the bet of the spin "
                  f"that started them.")]
    paras.extend(Para(text) for text in drawn_and_until_rules(w, f, spins))
    if f.continue_after_seconds > 0:
        paras.append(Para(f"Press CONTINUE to start them; they start by themselves after "
                          f"{fraction_str(f.continue_after_seconds)} seconds."))
    if f.win_multiplier > 1:
        what = "win" if f.multiply_scatter_pays else "line win"
        paras.append(Para(f"Every {spin.replace(' ', '-')} {what} is multiplied by {f.win_multiplier}."))  # "free-spin win"
        paras.extend(Para(text) for text in exception_rules(w, f))
    drawn = [fraction_str(e.value) for e in f.spin_multipliers]
    if drawn:
        paras.append(Para(f"A random multiplier appears on every {spin} and multiplies its wins: "
                          f"{join((f'x{v}' for v in drawn), 'or')}."))
    if f.retrigger and (f.retrigger_drawn_spins or (f.drawn_spins and not f.retrigger_awards)):
        pass  # the drawn tables' sentence says what a retrigger adds
    elif f.retrigger and f.awards:
        again = sorted((n, spins) for n, spins in (f.retrigger_awards or f.awards).items() if spins > 0)
        more = " or more" if len(again) == 1 and again[0][0] != most else ""
        paras.append(Para(f"During {spins}, {join((str(n) for n, _ in again), 'or')}{more} {trigger} symbols "
                          f"add {join((str(s) for _, s in again), 'or')} more spins{' respectively' if len(again) > 1 else ''}."))
    elif not f.until_symbol:
        paras.append(Para(f"{sentence_start(spins)} cannot be won again during the feature."))
    if f.minimum_win_x_bet > 0 and f.top_up_spins > 0:
        floor = fraction_str(f.minimum_win_x_bet)
        paras.append(Para(f"{floor}x GUARANTEE: if the feature has won less than {floor} times the bet "
                          f"({w.money(f.minimum_win_x_bet)}) when its spins run out, {f.top_up_spins} extra "
                          f"{spins} are awarded, again and again until it has won more."))
    if f.max_win_coins:
        paras.append(Para(f"One feature pays at most {f.max_win_coins:,} coins ({w.coins(f.max_win_coins)})."))
    if f.max_win_x_bet:
        paras.append(Para(f"One feature pays at most {fraction_str(f.max_win_x_bet)} times the bet "
                          f"({w.money(f.max_win_x_bet)})."))
    return FeatureSection(heading(f), f.trigger_symbol, tuple(paras))


def side_rows(defn: Any, f: FreeSpins) -> tuple[FeatureRow, ...]:
    """Its awards: count x the trigger symbol, the spins it awards."""
    return tuple(FeatureRow(f.trigger_symbol, n, words(f, "row", "{spins} SPINS", spins=awarded), group="spins")
                 for n, awarded in sorted(f.awards.items()))
