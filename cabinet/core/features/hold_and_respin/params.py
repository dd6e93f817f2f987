"""The hold-and-respin feature's YAML: its boards, cell rules and start cells
(the block's docstring, ``__init__.py``, has examples)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Literal

from ...definition import STRIP, doc


@dataclass(frozen=True)
class BoardSpec:
    """One board of single-cell reels; give exactly one of `strip`, `reel_strips`, `cell_strips`."""

    name: str = doc("the board's name, shown on screen and in events (GRAND, MAJOR, MINOR, MINI)")
    reels: int = doc("columns of cells", default=5)
    rows: int = doc("rows of cells", default=3)
    strip: Annotated[tuple[str, ...], STRIP] = doc("the strip every cell of the board spins", factory=tuple)
    reel_strips: tuple[Annotated[tuple[str, ...], STRIP], ...] = doc(
        "one strip per reel, spun by each cell of that reel", factory=tuple
    )
    cell_strips: tuple[Annotated[tuple[str, ...], STRIP], ...] = doc(
        "one strip per cell: reel 1 top to bottom, then reel 2, ...", factory=tuple
    )
    fill_x_bet: Fraction = doc(
        "Bonus Prize for holding every cell, a multiple of the total bet, paid once per feature (0: none)",
        default=Fraction(0),
    )


@dataclass(frozen=True)
class CellRule:
    """What a symbol does when it lands on a cell (symbols without a rule are blanks)."""

    symbol: str = doc("the symbol id; a credit prize draws its value from the symbol's `prizes:`")
    hold: bool = doc("whether it stays on its cell for the rest of the feature", default=True)
    jackpot: str = doc("a jackpot coin: the name of its jackpot in `jackpots:`", default="")
    respins: int = doc("respins it adds when it lands", default=0)
    resets_respins: bool = doc("whether it sets the respins back to `reset_to` when it lands", default=False)
    multiply: bool = doc(
        "whether it multiplies one random held credit prize by one of the symbol's `multipliers:`", default=False
    )
    multiplier_limits: dict[Fraction, Fraction] = doc(
        "multiplier -> it only applies to prizes below this multiple of the total bet (Happy Lucky: {25: 20})",
        factory=dict,
    )
    cell_multiplier: int = doc("added to the multiplier of the cell it lands on (Mummy X: 1)", default=0)
    collects_reels: tuple[int, ...] = doc(
        "a collector: the reels (1-based) of its board whose landed values it collects and accumulates",
        factory=tuple,
    )


@dataclass(frozen=True)
class StartCell:
    """A symbol on the boards when the feature opens, on a random free cell whose strip holds it."""

    symbol: str = doc("the symbol id")
    board: str = doc("only on this board (empty: any)", default="")
    reel: int = doc("only on this reel, 1-based (0: any)", default=0)
    row: int = doc("only on this row, 1-based from the top (0: any)", default=0)


@dataclass(frozen=True)
class HoldAndRespin:
    type: Literal["hold_and_respin"] = doc(
        "hold and respin on boards of single-cell reels: held prizes, respin counters, multipliers, collectors"
    )
    trigger_symbols: dict[str, int] = doc("symbol -> how many it counts towards the trigger (Golden Basket: 2)")
    trigger_counts: dict[int, Fraction] = doc(
        "trigger count -> chance the feature opens (1: always); counts above the largest key use it"
    )
    boards: tuple[BoardSpec, ...] = doc("the boards the feature plays on, in order")
    cells: tuple[CellRule, ...] = doc("what the symbols landing on the boards do")
    name: str = doc("feature name used in events, meters and scenarios", default="hold_and_respin")
    respins: int = doc("respins at the start", default=3)
    reset_to: int = doc("respins a resetting symbol sets (0: `respins`)", default=0)
    place_symbol: str = doc(
        "placed on a random free cell once per counted trigger symbol at the start (empty: none)", default=""
    )
    start: tuple[StartCell, ...] = doc("symbols on the boards at the start, before the placed ones", factory=tuple)
    jackpots: dict[str, Fraction] = doc("jackpot name -> its value as a multiple of the total bet", factory=dict)
    in_free_spins: bool = doc("whether free spins can trigger it too", default=False)
    par_samples: int = doc(
        "runs par's estimate of this block uses at least (0: par's --samples); enough for the interval "
        "the game publishes", default=0
    )
    opened_by: str = doc(
        "the feature that opens it (Halloween Wins 3's mummy panel): it then never triggers on its own, "
        "its trigger_counts are not read, and that feature's par values each opening (empty: none)",
        default="",
    )
    texts: dict[str, str] = doc(
        "the screen only: the words it shows, by key (defaults in brackets): `title` what the screen calls "
        "it [its board's name on one board, else RESPIN FEATURE]; `opens` [{title} - {respins} RESPINS]; "
        "`respins_badge` [RESPINS]; `win_badge` [FEATURE WIN]; `to_fill`, `to_fill_one` [{cells} CELLS TO "
        "FILL {board}{prize}!]; `added`, `added_one` [+{change} RESPINS: {respins} LEFT]; `reset` [RESPINS "
        "RESET TO {respins}]; `left` [{respins} RESPINS LEFT]; `last` [LAST RESPIN!]; `multiplied` "
        "[x{multiplier} ON A PRIZE: {amount}]; `cell_multiplier` [x{multiplier} ON THIS CELL]; `collect`, "
        "`collect_each`, `collected`, `collected_each` a collector's lines [{name} COLLECTS {values}, ...]; "
        "`filled` [{board} BONUS PRIZE {amount}]; `bonus_prize` its banner [{board} BONUS PRIZE]; "
        "`outro_title` [{title} COMPLETE]; `outro_prizes` [BONUS PRIZES: {boards}]; `outro_played` "
        "[{respins} RESPINS PLAYED]; `outro_status` [{title} WIN {amount}]; `row` its FEATURES-glass row "
        "[RESPINS]; `heading` its INFO heading", factory=dict)
