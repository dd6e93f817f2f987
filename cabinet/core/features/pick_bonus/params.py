"""The YAML of a pick bonus: its trigger, its game (pick, ladder or lucky slot) and its words."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ...definition import doc

GameKind = Literal["pick", "ladder", "lucky_slot"]
AutoPick = Literal["first", "random"]


@dataclass(frozen=True)
class Prize:
    """What one hidden tile holds (``count`` tiles hold it)."""

    x_bet: Fraction = doc("credits it adds, as a multiple of the total bet", default=Fraction(0))
    multiplier: int = doc("multiplies the bonus's credits at its end (several multiply together; not its free "
                          "spins: `free_spins_multiplier`)", default=1)
    extra_picks: int = doc("picks it adds", default=0)
    free_spins: int = doc("free spins it awards, added up over the picks and played when the bonus ends by "
                          "the game's free-spins feature (`free_spins_feature`), as its own free spins are "
                          "played, retriggers and all", default=0)
    free_spins_multiplier: int = doc("multiplies every win of the free spins the bonus awards (several "
                                     "multiply together; nothing without free spins)", default=1)
    collect: bool = doc("it ends the bonus (a COLLECT tile); what it holds besides still counts", default=False)
    count: int = doc("how many tiles hide this prize", default=1)
    label: str = doc("the words on the revealed tile (empty: what it holds, e.g. \"10x\", \"x2\", "
                     "\"+1 PICK\", \"COLLECT\", \"5 FREE SPINS\", \"FREE SPINS x2\")", default="")


@dataclass(frozen=True)
class Rung:
    """One rung of a ladder, bottom first."""

    x_bet: Fraction = doc("what the rung pays as a multiple of the total bet")
    climb: int = doc("weight of climbing from this rung to the next", default=1)
    fall: int = doc("weight of falling from this rung (0: it always climbs)", default=0)
    fall_to: int = doc("the rung (1-based) whose prize a fall from here pays; 0: nothing", default=0)
    label: str = doc("the words on the rung (empty: what it pays)", default="")


@dataclass(frozen=True)
class LuckyStop:
    """One stop of a lucky slot's reel."""

    x_bet: Fraction = doc("credits it shows, as a multiple of the total bet", default=Fraction(0))
    multiplier: int = doc("multiplies the spin's credits", default=1)
    weight: int = doc("relative weight, a positive integer", default=1)
    label: str = doc("the words on the stop (empty: what it holds)", default="")


@dataclass(frozen=True)
class LuckyReel:
    stops: tuple[LuckyStop, ...] = doc("the reel's stops, in order around it")


@dataclass(frozen=True)
class PickBonus:
    type: Literal["pick_bonus"] = doc("a prize game that is not reels (pick tiles, climb a ladder, spin a "
                                      "lucky slot), triggered by symbols")
    game: GameKind = doc("`pick`: pick hidden prizes; `ladder`: climb rungs; `lucky_slot`: spin small reels")
    trigger_symbol: str = doc("the symbol that starts it")
    trigger_count: int = doc("how many anywhere on the screen start it (unless `trigger_reels`)", default=3)
    trigger_reels: tuple[int, ...] = doc("the reels (1-based) it must show on, each (empty: `trigger_count` "
                                         "anywhere)", factory=tuple)
    name: str = doc("feature name used in events, meters and scenarios", default="pick_bonus")
    prizes: tuple[Prize, ...] = doc("pick: the prizes hidden behind the tiles, one tile each (`count`), "
                                    "shuffled: a tile's prize does not depend on which tile is chosen",
                                    factory=tuple)
    picks: int = doc("pick: how many tiles the player picks (0: until a `collect` tile)", default=1)
    rungs: tuple[Rung, ...] = doc("ladder: its rungs, bottom first; play starts on the first", factory=tuple)
    player_takes: bool = doc("ladder: the player may take the rung's prize or climb (a gamble ladder); "
                             "otherwise it climbs until a fall or the top", default=False)
    reels: tuple[LuckyReel, ...] = doc("lucky slot: its reels (usually three)", factory=tuple)
    spins: dict[int, int] = doc("lucky slot: trigger count -> spins (counts above the largest key use "
                                "it; empty: one spin)", factory=dict)
    autopick: AutoPick = doc("the rule autoplay and attract mode pick by: `first` (the first tile not "
                             "picked) or `random` (a tile drawn from the round's seed)", default="first")
    auto_take_at: int = doc("ladder with `player_takes`: autoplay takes the prize on reaching this rung "
                            "(1-based; 0: it always climbs)", default=0)
    columns: int = doc("pick: tiles per row on screen (0: chosen from the count)", default=0)
    free_spins_feature: str = doc("pick: the free-spins feature that plays the free spins a prize awards "
                                  "(empty: the game's one `free_spins` feature)", default="")
    texts: dict[str, str] = doc(
        "the words it shows, by key (defaults in brackets; {picks} picks left, {amount} a win): `title` "
        "over the game [BONUS]; `start` as it opens [PICK A PRIZE] / [CLIMB THE LADDER] / [LUCKY SLOT]; "
        "`prompt` while a tile is awaited [CHOOSE A TILE: {picks} LEFT]; `prompt_ladder` while a ladder's "
        "choice is awaited [TAKE {amount} OR CLIMB]; `spin_win` a lucky spin's worth [{amount}]; `take` / "
        "`climb` the ladder's choices [TAKE] "
        "[CLIMB]; `fall` [FALL]; `collect` a collect tile [COLLECT]; `free_spins` / `free_spin` a tile of free spins "
        "[{spins} FREE SPINS] [{spins} FREE SPIN]; `free_spins_multiplier` a tile multiplying them [FREE SPINS x{multiplier}]; "
        "`free_spins_won` as the bonus ends having won them [{spins} FREE SPINS WON]; `win` over its win "
        "[BONUS WIN]; `row` "
        "its FEATURES-glass row [BONUS]; `heading` its INFO heading", factory=dict)
