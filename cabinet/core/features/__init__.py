"""Feature blocks: one small module per mechanic, behind one small interface.

A block is a module registered in ``REGISTRY`` under its definition ``type``. It is a
state machine with explicit phases that *returns events*: it never sleeps, draws
pixels or reads the clock, and takes every random value from ``ctx.rng`` in a
documented order. The interface every block provides:

``triggers(ctx, spin) -> Trigger | None``
    Does this spin start the block? Pure: no draws. ``ctx.rng`` may be None here.
``run(ctx, trigger) -> FeatureRun``
    Play the block to its end: its events (starting after the ``FeatureTriggered``
    the round runner emits), their total, and the screen left showing.

and optionally:

``anticipation(ctx, reel_set, screen, spinning) -> tuple[int, ...]``
    Reels that should spin longer because the block can still trigger.
``expected_value(ctx, trigger) -> Fraction``
    Exact expected win of running the block from ``trigger`` (minor units), used to
    price paid respins.

Blocks planned next (progress levels, sticky/expanding wilds, hold-and-respin grids,
wheels, collectors) register here the same way; the round runner needs no change
beyond the registry entry. ``paid_respin`` is registered too: it never triggers from
symbols (its offer is made by the round runner after a base spin), but it follows the
same shape.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from fractions import Fraction
from types import ModuleType
from typing import Any

from ..bet import Bet
from ..definition import Definition, WeightedName, WeightedValue
from ..events import Event, Position, Screen
from ..money import Money
from ..rng import Rng

# Safety valve: a feature that would play more spins than this is ended with a
# FeatureLimitReached event (a definition whose retriggers or top-ups never end).
MAX_FEATURE_SPINS = 10_000


@dataclass(frozen=True)
class Spin:
    """One spin's outcome: where the reels stopped and what it paid."""

    mode: str  # "base" | "free" | "respin"
    reel_set: str
    stops: tuple[int, ...]
    screen: Screen
    wins: tuple[Event, ...]  # LineWin / ScatterWin events
    win: Money


@dataclass
class FeatureContext:
    """What a block may use: the definition, its own parameters, the bet and the rng."""

    defn: Definition
    feature: Any  # the block's parameters (FreeSpins, PaidRespin, ...)
    bet: Bet
    rng: Rng | None  # None when only evaluating (``cabinet eval``, prices)
    mode: str = "base"  # the mode of the spin being looked at


@dataclass(frozen=True)
class Trigger:
    feature: str  # the feature's name (events, meters)
    symbol: str
    count: int
    positions: tuple[Position, ...]
    awarded: int  # spins (or respins) awarded


@dataclass(frozen=True)
class FeatureRun:
    events: tuple[Event, ...]
    total: Money  # what the feature paid (after caps)
    spins_played: int
    final_reel_set: str
    final_stops: tuple[int, ...]
    stats: dict[str, int] = field(default_factory=dict, compare=False)


REGISTRY: dict[str, str] = {
    "free_spins": "cabinet.core.features.free_spins",
    "paid_respin": "cabinet.core.features.paid_respin",
}


_LOADED: dict[str, ModuleType] = {}


def block(type_name: str) -> ModuleType | None:
    """The module implementing a feature type (None: not built yet); imported on first use."""
    module = _LOADED.get(type_name)
    if module is None:
        path = REGISTRY.get(type_name)
        if path is None:
            return None
        module = _LOADED[type_name] = importlib.import_module(path)
    return module


# --- draws shared by the round runner and the blocks (their order is a contract) ------------------


def choose_reel_set(rng: Rng, choices: tuple[WeightedName, ...]) -> str:
    """The reel set of a spin: no draw for a single choice, else one ``rng.weighted``."""
    if not choices:
        raise ValueError("no reel sets to choose from")
    if len(choices) == 1:
        return choices[0].set
    return choices[rng.weighted([c.weight for c in choices])].set


def draw_stops(rng: Rng, defn: Definition, reel_set: str) -> tuple[int, ...]:
    """One ``rng.below(len(strip))`` per reel, reel 1 first."""
    return tuple(rng.below(len(strip)) for strip in defn.reels[reel_set])


def draw_value(rng: Rng, table: tuple[WeightedValue, ...]) -> Fraction:
    """A weighted value: one ``rng.weighted`` draw (no draw for a single entry)."""
    if len(table) == 1:
        return table[0].value
    return table[rng.weighted([e.weight for e in table])].value


def award_for(awards: dict[int, int], count: int) -> int:
    """Award of the largest key not above ``count`` (counts above the largest use it)."""
    best = 0
    best_key = -1
    for key, value in awards.items():
        if best_key < key <= count:
            best, best_key = value, key
    return best
