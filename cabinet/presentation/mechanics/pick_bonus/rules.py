"""The pick bonus's INFO section and FEATURES-glass row, written from its parameters."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from cabinet.core.features.pick_bonus.params import PickBonus
from cabinet.core.features.pick_bonus.play import expanded, free_spins_of

from ...side_panel import FeatureRow
from ...words import words
from ..writing import FeatureSection, Para, Writer, heading, reels_text
from .view import prize_text, stop_text


def trigger_text(w: Writer, f: PickBonus) -> str:
    symbol = w.name(f.trigger_symbol)
    if f.trigger_reels:
        return f"{symbol} on each of {reels_text(f.trigger_reels)}"
    return f"{f.trigger_count} or more {symbol} anywhere"


def interrupted_text(w: Writer, f: PickBonus) -> str:
    """What happens to a bonus a power cut interrupts while it waits for the player."""
    if w.defn.interrupted_rounds == "auto_complete":
        return " A bonus interrupted by a power cut is completed by the same rule when the machine starts again."
    return " A bonus interrupted by a power cut waits at the same pick when the machine starts again."


def free_spins_text(w: Writer, f: PickBonus) -> str:
    """How the free spins a prize awards are played (empty: no prize awards them)."""
    if not any(p.free_spins for p in f.prizes):
        return ""
    target = free_spins_of(w.defn, f)
    name = w.mode_names.get("free", "free spins")
    again = (" They retrigger as the game's own do." if target is not None and target.retrigger else "")
    multiplied = (" A FREE SPINS x tile multiplies every win of them (several multiply together)."
                  if any(p.free_spins_multiplier > 1 for p in f.prizes) else "")
    return (f"The {name} the tiles award add up and are played when the bonus ends, on the game's own "
            f"{name} reels and pays.{again}{multiplied}")


def rules(w: Writer, f: PickBonus) -> FeatureSection:
    start = trigger_text(w, f)
    paras: list[Para] = []
    if f.game == "pick":
        tiles = len(expanded(f))
        count = "until a COLLECT tile" if f.picks == 0 else f"{f.picks} of them"
        paras.append(Para(f"{start} start the bonus: {tiles} hidden tiles; the player picks {count} "
                          "(arrows and SPIN, or a tap). Each tile shows its prize; credits are paid x the bet, "
                          "multipliers multiply its credits at its end. The prizes are shuffled: every tile "
                          "is as good as any other. Autoplay picks "
                          + ("the first tile left." if f.autopick == "first" else "a tile drawn from the round.")
                          + interrupted_text(w, f)))
        spins = free_spins_text(w, f)
        if spins:
            paras.append(Para(spins))
        for prize in f.prizes:
            what = prize_text(f, prize)
            money = f" ({w.money(prize.x_bet)})" if prize.x_bet else ""
            paras.append(Para(f"{what}{money}", label=f"{prize.count} TILE{'S' if prize.count > 1 else ''}"))
    elif f.game == "ladder":
        how = ("the player takes the prize of the rung held, or climbs" if f.player_takes
               else "the ladder climbs")
        paras.append(Para(f"{start} start the ladder: {how}; each climb may fall instead. The top rung pays "
                          f"{w.money(f.rungs[-1].x_bet) if f.rungs else ''}."
                          + (f" Autoplay takes the prize on rung {f.auto_take_at}." if f.auto_take_at
                             else " Autoplay always climbs." if f.player_takes else "")))
        for i in range(len(f.rungs) - 1, -1, -1):
            rung = f.rungs[i]
            chance = "" if i == len(f.rungs) - 1 or rung.fall == 0 else \
                f" · climbs {Fraction(rung.climb, rung.climb + rung.fall)} of the time, a fall pays " + \
                (w.money(f.rungs[rung.fall_to - 1].x_bet) if rung.fall_to else "nothing")
            paras.append(Para(f"{w.money(rung.x_bet)}{chance}", label=rung.label or f"RUNG {i + 1}"))
    else:
        spins = ", ".join(f"{count}: {n} spin{'s' if n > 1 else ''}" for count, n in sorted(f.spins.items()))
        paras.append(Para(f"{start} start the lucky slot of {len(f.reels)} reels"
                          + (f" ({spins})" if spins else "") + ". A spin pays the credits its reels show "
                          "times the multipliers they show."))
        for r, reel in enumerate(f.reels):
            paras.append(Para("  ·  ".join(stop_text(s) for s in reel.stops), label=f"REEL {r + 1}"))
    return FeatureSection(heading(f), f.trigger_symbol, tuple(paras))


def side_rows(defn: Any, f: PickBonus) -> tuple[FeatureRow, ...]:
    return (FeatureRow(f.trigger_symbol, len(f.trigger_reels) or f.trigger_count, words(f, "row", "BONUS")),)
