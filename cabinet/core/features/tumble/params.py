"""The tumble block's YAML parameters (``type: tumble``), read by play, par, simulate and the screen."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...definition import doc

Combine = Literal["sum", "product"]


@dataclass(frozen=True)
class MultiplierSymbolOptions:
    """``multiplier_symbols:``: a symbol that lands carrying a drawn value and multiplies the
    sequence's total at its end (Gates-of-Olympus / Sweet-Bonanza "bombs")."""

    symbol: str = doc("the multiplier symbol (a symbol of the game that pays nothing and is never removed)")
    values: dict[int, int] = doc("value -> weight, one value drawn for each multiplier symbol that appears")
    free_values: dict[int, int] = doc("value -> weight in free spins (empty: values)", factory=dict)
    combine: Literal["sum", "product"] = doc(
        "how the values on the final screen combine: sum or product", default="sum"
    )
    accumulate_in_free_spins: bool = doc(
        "in free spins each winning sequence adds its values to a running total kept for the feature, "
        "and its win is multiplied by that running total",
        default=False,
    )


@dataclass(frozen=True)
class CellMultiplierOptions:
    """``cell_multipliers:``: a grid that remembers (Sugar-Rush style): a cell's first part in a
    win marks it, its next ones double its multiplier up to ``cap``."""

    first: int = doc("the multiplier a marked cell takes at its next win", default=2)
    cap: int = doc("the largest multiplier a cell reaches (doubling stops here)", default=128)
    combine: Literal["sum", "product"] = doc(
        "a win pays x the sum (or product) of its cells' multipliers (x1 when none)", default="sum"
    )
    keep_through_free_spins: bool = doc(
        "marks and multipliers stay for all spins of one free-spins feature", default=True
    )
    modes: tuple[Literal["base", "free", "respin"], ...] = doc(
        "the spins cell multipliers act in (of those the tumbles act in)", default=("base", "free")
    )


@dataclass(frozen=True)
class Tumble:
    type: Literal["tumble"] = doc("paying symbols vanish, the rest fall, new ones drop in, the screen pays again")
    fill: Literal["strip", "weights"] = doc(
        "how holes fill: strip (the reel strip above the window, continued) or weights (drawn)", default="strip"
    )
    fill_weights: tuple[dict[str, int], ...] = doc(
        "per reel, symbol -> weight of a new symbol (one entry: every reel); fill: weights only", factory=tuple
    )
    ladder: tuple[int, ...] = doc(
        "multiplier of tumble 1, 2, ... (the last repeats; empty: x1)", factory=tuple
    )
    ladder_through_free_spins: bool = doc("the ladder's step lasts through a feature's spins", default=False)
    wilds_stay: bool = doc("paying wilds are not removed", default=False)
    multiplier_symbols: MultiplierSymbolOptions | None = doc(
        "symbols that land with a drawn value and multiply the sequence's total at its end", default=None
    )
    cell_multipliers: CellMultiplierOptions | None = doc(
        "cells that remember their wins and multiply later wins on them", default=None
    )
    scatters_count: Literal["landed", "every_screen"] = doc(
        "which screen triggers read: the landed one, or the sequence's screen with the most trigger symbols",
        default="landed",
    )
    name: str = doc("feature name used in events", default="tumble")
    modes: tuple[Literal["base", "free", "respin"], ...] = doc("the spins it acts in", default=("base", "free"))
