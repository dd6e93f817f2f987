"""A corpus of small toy games that combine the registry's blocks (issue 21, item 2).

Each *element* is one mechanic of ``cabinet/core/features`` (or one of its options that
changes how blocks compose: spin multipliers, levels, both-ways pays). ``corpus()``
builds a game for every pair of elements and for a seeded sample of triples, in every
mode each element supports in that company: a mode block (mystery, expanding and
multiplier wilds, tumbles) in ``[base]``, ``[free]`` and ``[base, free]`` when the game has free
spins (and ``[base, respin]`` with a wild or a paid respin), a board or wheel with and without
``in_free_spins``. Elements that live inside free spins (levels, sticky reels, spin
multipliers) bring the free spins with them. Every element is also drawn under every pay model
other than lines (``PAY_MODELS``: a cost of 1 coin, Megaways reels of 1 or 2 rows), and a
seeded sample of pairs under a model. Issue 35's free-spin rules (``FREE_SPIN_RULES``) are
elements that set an option of the free_spins element, and its pay rules (``LINE_RULES``: centre-out
pays, a pay group, a wild leaving its own pays alone, pays above 10, a fill from the centre reel)
elements that set a top-level field or add a symbol or block; each is its own row, paired alike.

The games are tiny on purpose (3 reels of 1 row, 2 with an expanding wild; strips of 2-6
stops; 1-2 lines; features of 1-3 spins), so most can be enumerated by brute force
(``cabinet/core/bruteforce.py``). Each is YAML text read by the real loader; a
combination the loader refuses is returned as skipped with the loader's message, never
dropped in silence.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from dataclasses import dataclass, field
from typing import Any

import yaml

from cabinet.core.definition import Definition
from cabinet.core.loader import DefinitionError, load_definition_text

# issue 35's shape blocks (big symbols, a spreading wild, symbols turning wild): screen stages
SHAPES = ("big_symbols", "spreading_wild", "turn_wild")
# issue 35's free-spin rules: options of the (first) free_spins element, each an element of its own
FREE_SPIN_RULES = ("fs_exceptions", "free_scatter_pays", "drawn_spins", "until_trigger", "wild_reels_trigger",
                   "line_win_trigger", "retrigger_limit")
# issue 35's pay rules: centre-out pays, an any-A-or-B pay group, a wild whose x2 leaves its own pays
# alone, a pay count above 10 (a scatter counting 4), the fill multiplier counted from the centre reel
LINE_RULES = ("centre_out", "any_bar", "wild_own_pays", "pays_above_10", "fill_centre")
# The elements, in the order their blocks are listed in a game (blocks run in definition order).
ELEMENTS: tuple[str, ...] = (
    "mystery_symbol",
    "expanding_wild",
    *SHAPES,
    "free_spins",
    *FREE_SPIN_RULES,
    "nested_free_spins",
    "book",
    "progress_levels",
    "sticky_wild_reels",
    "spin_multipliers",
    "both_ways",
    "multiplier_wilds",
    "fill_multiplier",
    "screen_wild_multiplier",
    "reel_multiplier",
    "tumble",
    "paid_respin",
    "hold_and_respin",
    "wheel",
    "wild_respin",
    "mummy_access",
    "pick_bonus",
    "progressive_jackpot",
    "collection",
    *LINE_RULES,
)
# elements that only exist inside free spins
NEEDS_FREE_SPINS = frozenset({"progress_levels", "sticky_wild_reels", "spin_multipliers", "nested_free_spins", "book",
                              *FREE_SPIN_RULES})
MODE_BLOCKS = frozenset({"mystery_symbol", "expanding_wild", "multiplier_wilds", "fill_multiplier",
                         "screen_wild_multiplier", "reel_multiplier", "tumble"})
IN_FREE_SPINS_BLOCKS = frozenset({"hold_and_respin", "wheel"})
# issue 35's multipliers: never in respins, nor in a book's free spins (there they meet the refusals
# of two win modifiers in the same spins, which the corpus shows with the multiplier wilds already)
BASE_FREE_ONLY = frozenset({"fill_multiplier", "screen_wild_multiplier", "reel_multiplier"})

# Pay models (issue 31): each block element is drawn with each model other than lines (one
# more element per game), and a seeded sample of block pairs under a model. A model's name is
# its last part: "free_spins+mystery_symbol[base]+ways".
PAY_MODELS: tuple[str, ...] = ("ways", "megaways", "anywhere", "cluster")

DEFAULT_TRIPLES = 40
DEFAULT_PAY_TRIPLES = 16
DEFAULT_SEED = 2121


@dataclass(frozen=True)
class CorpusGame:
    name: str  # e.g. "free_spins+mystery_symbol[base,free]"
    elements: tuple[str, ...]  # as first asked for (the pair or triple)
    options: tuple[tuple[str, str], ...]  # element -> its mode option, for the name
    text: str  # the YAML
    defn: Definition = field(compare=False, repr=False)
    # every pair or triple this game stands for (a sticky reel brings levels and free spins, so
    # "sticky + levels" and "sticky + free spins" are one game)
    covers: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Skipped:
    name: str
    reason: str  # the loader's message
    elements: tuple[str, ...] = ()  # as first asked for (the pair or triple)


def mode_options(element: str, present: frozenset[str]) -> list[str]:
    """The mode options of ``element`` in a game with the elements ``present``."""
    free = "free_spins" in present
    if element in MODE_BLOCKS:
        out = ["base"]
        if free and not (element in BASE_FREE_ONLY and "book" in present):
            out += ["free", "base,free"]
        if ("wild_respin" in present or "paid_respin" in present) and element not in BASE_FREE_ONLY:
            out += ["base,respin"]  # the wild respin's spins, or a paid respin's round
        return out
    if element in IN_FREE_SPINS_BLOCKS:
        return ["base", "base,free"] if free else ["base"]
    return [""]


def resolve(elements: tuple[str, ...]) -> frozenset[str]:
    """The elements a game needs to show ``elements`` (levels bring free spins, a sticky
    reel brings levels)."""
    out = set(elements)
    if "sticky_wild_reels" in out:
        out.add("progress_levels")
    if out & NEEDS_FREE_SPINS:
        out.add("free_spins")
    return frozenset(out)


class _Game:
    """A toy game being built: symbols, strips per reel set, features, top-level fields."""

    def __init__(self, present: frozenset[str], options: dict[str, str]) -> None:
        self.present = present
        self.options = options
        self.model = next((m for m in PAY_MODELS if m in present), "lines")
        self.rows = 2 if "expanding_wild" in present or self.model == "megaways" else 1
        self.symbols: list[dict[str, Any]] = [{"id": "A"}, {"id": "B"}, {"id": "W", "kind": "wild"}]
        self.pays: dict[str, dict[int, int]] = {"A": {2: 1, 3: 4}, "B": {3: 3}}
        self.reels: dict[str, list[list[str]]] = {"base": [["A", "B"], ["A", "B", "W"], ["B", "A"]]}
        if "free_spins" in present:
            self.reels["free"] = [["A", "B"], ["A", "W"], ["B", "A"]]
        if "wild_respin" in present:
            self.reels["respin"] = [["A", "B"], ["D"], ["B", "A"]]
        self.features: list[dict[str, Any]] = []
        self.top: dict[str, Any] = {}
        self.coin = "0.10"

    def modes(self, element: str) -> list[str]:
        return self.options.get(element, "base").split(",")

    def symbol(self, sid: str, kind: str = "", **extra: Any) -> None:
        if all(s["id"] != sid for s in self.symbols):
            self.symbols.append({"id": sid, **({"kind": kind} if kind else {}), **extra})

    def add(self, reel_set: str, reels: tuple[int, ...], sid: str) -> None:
        """Put ``sid`` once on each of ``reels`` (0-based) of ``reel_set`` (if the game has it)."""
        for r in reels:
            if reel_set in self.reels:
                self.reels[reel_set][r].append(sid)

    def add_in_modes(self, element: str, reels: tuple[int, ...], sid: str) -> None:
        """``sid`` on ``reels`` of the reel set of each mode ``element`` acts in; the wild
        respin's reel 2 is held (its strip is the wild alone), so there reel 1 gets it."""
        for mode in self.modes(element):
            self.add(mode, tuple(0 if mode == "respin" and r == 1 else r for r in reels), sid)

    def text(self, name: str) -> str:
        lines = [[0] * 3] if self.rows == 1 else [[0] * 3, [1] * 3]
        doc: dict[str, Any] = {
            "format": 1,
            "id": "corpus",
            "name": name[:60],
            "grid": {"reels": 3, "rows": self.rows},
            "symbols": self.symbols,
            "reels": {k: [" ".join(strip) for strip in v] for k, v in self.reels.items()},
            "lines": lines,
            "pays": self.pays,
            "bet": {"currency": "EUR", "minor_units": 2, "coin_values": [self.coin], "lines": [len(lines)]},
            **self.top,
            "features": self.features,
        }
        if self.model != "lines":  # no paylines: a cost of 1 coin; Megaways reels of 1 or 2 rows
            doc.pop("lines")
            doc["bet"].pop("lines")
            spec: dict[str, Any] = {"type": self.model, "cost": 1}
            direction = doc.pop("pay_direction", "left_to_right")
            if direction == "both_ways" and self.model in ("ways", "megaways"):
                spec["direction"] = "both_ways"
            if direction == "centre_out":  # a line rule: the loader's word on it under a model
                doc["pay_direction"] = direction
            if self.model == "megaways":
                spec["heights"] = [{1: 1, 2: 1}]
            doc = {**{k: v for k, v in doc.items() if k != "features"}, "pay_model": spec,
                   "features": doc["features"]}
        return yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200)


def _build(g: _Game) -> None:
    p = g.present
    if "mystery_symbol" in p:
        g.symbol("M")
        g.add_in_modes("mystery_symbol", (0, 1), "M")
        g.features.append({"type": "mystery_symbol", "symbol": "M", "modes": g.modes("mystery_symbol"),
                           "reveals": [{"symbol": "A", "weight": 2}, {"symbol": "B", "weight": 1},
                                       {"symbol": "W", "weight": 1}]})
    if "expanding_wild" in p:
        g.symbol("XW", "wild")
        g.add_in_modes("expanding_wild", (1,), "XW")
        g.features.append({"type": "expanding_wild", "symbol": "XW", "reels": [1, 2],
                           "modes": g.modes("expanding_wild")})
    _build_shapes(g)
    if "free_spins" in p:
        g.symbol("S", "scatter")
        g.pays["S"] = {3: 2}
        g.add("base", (0, 1, 2), "S")
        fs: dict[str, Any] = {"type": "free_spins", "trigger_symbol": "S", "awards": {3: 1}, "retrigger": False,
                              "reel_sets": [{"set": "free"}], "win_multiplier": 2}
        if "spin_multipliers" in p:
            # a multiplier that is not whole, on a coin it keeps every pay whole on (0.01 is refused)
            fs["spin_multipliers"] = [{"value": 1, "weight": 2}, {"value": "1.5", "weight": 1}]
            g.coin = "0.02"
        g.features.append(fs)
    if "nested_free_spins" in p:
        # a second free-spins feature that N starts in the first one's spins; its own reels show S,
        # whose retrigger gives spins of the first feature (issue 37)
        g.symbol("N", "bonus")
        g.add("free", (0, 1, 2), "N")
        g.reels["silver"] = [["A", "S"], ["B", "A", "S"], ["S", "B"]]
        g.features[-1].update({"retrigger": True, "retrigger_awards": {3: 1}})
        g.features.append({"type": "free_spins", "name": "silver", "trigger_symbol": "N", "awards": {3: 1},
                           "retrigger_awards": {3: 1}, "reel_sets": [{"set": "silver"}], "win_multiplier": 3})
    if "book" in p:
        # Book of Ra's pair (issue 35): the free spins' S is a wild-scatter (it substitutes on every
        # line too), and a symbol drawn as they start expands in them (A from 2 reels, B from 3)
        s_symbol = next(s for s in g.symbols if s["id"] == "S")
        s_symbol.update({"kind": "wild", "scatter": True})  # its expanding_symbol comes last (below)
    if "progress_levels" in p:
        g.add("free", (0, 2), "S")  # the bar counts S in free spins (no retrigger: only the bar)
        levels: list[dict[str, Any]] = []
        if "sticky_wild_reels" in p:
            levels.append({"unlock": "sticky_reel", "extra_spins": 1})
        levels.append({"unlock": "multiplier", "value": 2, "extra_spins": 1})
        if "both_ways" in p:
            levels.append({"unlock": "both_ways"})
        g.features.append({"type": "progress_levels", "symbol": "S", "feature": "free_spins",
                           "points_per_level": 1, "max_points": len(levels), "sticky_reels": [3],
                           "levels": levels})
    if "sticky_wild_reels" in p:
        g.features.append({"type": "sticky_wild_reels", "symbol": "W", "modes": ["free"]})
    if "both_ways" in p:
        g.top["pay_direction"] = "both_ways"
    if "multiplier_wilds" in p:
        g.symbol("MW", "wild")
        g.add_in_modes("multiplier_wilds", (1,), "MW")
        g.features.append({"type": "multiplier_wilds", "symbol": "MW", "modes": g.modes("multiplier_wilds"),
                           "multipliers": [{"value": 2, "weight": 1}, {"value": 3, "weight": 1}]})
    if "fill_multiplier" in p:
        # issue 35: reels full of A (one row: a reel showing A), counted from reel 1, x2 for two, x3 for three
        g.features.append({"type": "fill_multiplier", "symbols": ["A"], "reels": "from_left",
                           "multipliers": {2: 2, 3: 3}, "modes": g.modes("fill_multiplier")})
    if "screen_wild_multiplier" in p:
        # issue 35: each X on the screen doubles every win of the spin (X is a wild of its own)
        g.symbol("X2", "wild")
        g.add_in_modes("screen_wild_multiplier", (2,), "X2")
        g.features.append({"type": "screen_wild_multiplier", "symbol": "X2", "value": 2,
                           "modes": g.modes("screen_wild_multiplier")})
    if "reel_multiplier" in p:
        # issue 35: reels 2 and 3 each draw x1 or x2 every spin; a win through a wild on one of them
        # takes its value, through both the sum (random_multiplier per: reel; W is on reel 2)
        g.features.append({"type": "random_multiplier", "per": "reel", "reels": [2, 3], "applies_to": "wild_in_win",
                           "combine": "sum", "scatter_pays": False, "modes": g.modes("reel_multiplier"),
                           "multipliers": [{"value": 1, "weight": 1}, {"value": 2, "weight": 1}]})
    if "tumble" in p:
        # after the other win modifiers (as the block asks): holes fill from the strip, X lands
        # with a value 2 or 3 that multiplies the sequence's win (drawn: brute force walks them)
        g.symbol("X")
        g.add_in_modes("tumble", (2,), "X")
        g.features.append({"type": "tumble", "fill": "strip", "ladder": [1, 2], "modes": g.modes("tumble"),
                           "multiplier_symbols": {"symbol": "X", "values": {2: 2, 3: 1}}})
    if "book" in p:  # listed after every other win stage (the block asks it: they would reprice without it)
        g.features.append({"type": "expanding_symbol", "feature": "free_spins",
                           "symbols": [{"symbol": "A", "weight": 2}, {"symbol": "B", "weight": 1}]})
    if "paid_respin" in p:
        g.features.append({"type": "paid_respin", "price_rtp": "90%"})
    if "hold_and_respin" in p:
        g.symbol("C", "bonus", prizes=[{"value": 1}, {"value": 2}])
        g.symbol("PLUS", "bonus")
        g.symbol("BLANK", "blank")
        free = g.options.get("hold_and_respin") == "base,free"
        g.add("base", (0, 1), "C")
        if free:
            g.add("free", (0, 1), "C")
        g.features.append({"type": "hold_and_respin", "name": "coins", "trigger_symbols": {"C": 1},
                           "trigger_counts": {2: 1}, "place_symbol": "C", "respins": 1, "in_free_spins": free,
                           "boards": [{"name": "ONE", "reels": 1, "rows": 3, "strip": "BLANK C PLUS",
                                       "fill_x_bet": 5}],
                           "cells": [{"symbol": "C"}, {"symbol": "PLUS", "respins": 1}]})
    if "wheel" in p:
        g.symbol("F", "bonus")
        free = g.options.get("wheel") == "base,free"
        g.add("base", (0, 2), "F")
        if free:
            g.add("free", (0, 2), "F")
        g.features.append({"type": "wheel", "name": "spinner", "trigger_symbol": "F", "trigger_reels": [1, 3],
                           "in_free_spins": free, "jackpots": {"MINI": 10},
                           "rings": [{"name": "outer", "pockets": [{"pays_x_bet": 2, "weight": 2},
                                                                   {"next": "inner"}]},
                                     {"name": "inner", "pockets": [{"pays_x_bet": 5}, {"jackpot": "MINI"}]}]})
    if "wild_respin" in p:
        g.symbol("D", "wild")
        for _ in range(g.rows):  # a window full of D: a stack as tall as the screen
            g.add("base", (1,), "D")
        g.reels["respin"][1] = ["D"] * g.rows
        g.features.append({"type": "wild_respin", "name": "respin", "symbol": "D", "reel": 2,
                           "reel_set": "respin", "respins": 1})
    if "mummy_access" in p:
        g.symbol("U", "bonus")
        g.symbol("G", "bonus", prizes=[{"value": 1}, {"value": 3}])
        g.symbol("BLANK", "blank")
        g.add("base", (0, 2), "U")
        g.features.append({"type": "mummy_access", "name": "panel", "symbol": "U", "minigame": "ghosts",
                           "panel": [{"mummies": 1, "open": 1, "shut": 2}, {"mummies": 2, "open": 1, "shut": 0}]})
        g.features.append({"type": "hold_and_respin", "name": "ghosts", "opened_by": "panel",
                           "trigger_symbols": {"U": 1}, "trigger_counts": {1: 1}, "respins": 1,
                           "start": [{"symbol": "G"}],
                           "boards": [{"name": "GH", "reels": 1, "rows": 2, "strip": "BLANK G"}],
                           "cells": [{"symbol": "G"}]})


    if "pick_bonus" in p:  # a prize game that is not reels: two picks of four hidden prizes
        g.symbol("K", "bonus")
        g.add("base", (0, 2), "K")
        g.features.append({"type": "pick_bonus", "name": "picks", "game": "pick", "trigger_symbol": "K",
                           "trigger_reels": [1, 3], "picks": 2,
                           "prizes": [{"x_bet": 1, "count": 2}, {"x_bet": 3}, {"multiplier": 2}]})
        # a prize of the game's own free spins: exact, or estimated where blocks act in its spins
        # (not beside progress levels or a nested feature: their runs would slow the corpus's check)
        if {"pick_bonus", "free_spins"} <= p and not p & {"progress_levels", "nested_free_spins"}:
            g.features[-1]["prizes"] += [{"free_spins": 1}, {"free_spins": 2, "free_spins_multiplier": 2}]
            g.features[-1]["free_spins_feature"] = "free_spins"


def _build_shapes(g: _Game) -> None:
    """Issue 35's shapes, one variant each (the corpus stays quick): a big symbol over reels 2-3
    (A, B, W or, one stop in four, none: the reels' own symbols) in base and free spins, a spreading
    wild SW on reel 2 in base spins, B turning wild in free spins (in base spins where the game has
    none: there, in a lines game, into a wild of its own kind, Vikings Fun's form)."""
    p = g.present
    free = "free_spins" in p
    if "big_symbols" in p:
        g.features.append({"type": "big_symbols", "reels": [2, 3], "strip": ["A", "B", "W"], "blank": 1,
                           "modes": ["base", "free"] if free else ["base"]})
    if "spreading_wild" in p:
        g.symbol("SW", "wild")
        g.add("base", (1,), "SW")
        g.features.append({"type": "spreading_wild", "symbol": "SW", "modes": ["base"]})
    if "turn_wild" in p and g.model == "lines" and not free:  # Vikings Fun's form: B turns into its own wild BW
        g.symbol("BW", "wild", excludes=["W"])
        g.pays["BW"] = {2: 2, 3: 5}
        next(s for s in g.symbols if s["id"] == "W").setdefault("excludes", []).append("BW")
        g.top["wild_lines"] = "one_wild_kind"
        g.features.append({"type": "turn_wild", "symbols": ["B"], "own_wilds": ["BW"], "modes": ["base"]})
    elif "turn_wild" in p:
        g.features.append({"type": "turn_wild", "symbols": ["B"], "wild": "W", "modes": ["free"] if free else ["base"]})


def _build_kept(g: _Game) -> None:
    """Issue 35's blocks that keep state beyond the round, listed last (a jackpot's draw is the
    round's last): a pool won by three A anywhere; a meter of target 1, so no spin carries anything
    and its par is exact (a longer meter's long-run estimate: tests/test_collection.py)."""
    p = g.present
    if "progressive_jackpot" in p:
        g.features.append({"type": "progressive_jackpot", "pool": "corpus", "contribution": "1/100", "seed": 100,
                           "reset": 100, "win": {"rule": "scatter", "symbol": "A", "count": 3}})
    if "collection" in p:
        g.symbol("Q")  # not K: the pick bonus's symbol
        g.add("base", (0, 2), "Q")
        g.features.append({"type": "collection", "symbol": "Q", "target": 1, "prize_x_bet": 2})


def _build_catalogue(g: _Game) -> None:
    """Issue 35's free-spin rules (options of the first free_spins block) and pay rules, one variant
    each, small enough that brute force walks them."""
    p = g.present
    fs = next((f for f in g.features if f["type"] == "free_spins"), None)
    if fs is not None and "fs_exceptions" in p:  # x2 in free spins, but three A and the scatter's pay x1
        fs["multiplier_exceptions"] = [{"symbol": "A", "count": 3, "multiplier": 1}, {"symbol": "S", "multiplier": 1}]
    if fs is not None and "free_scatter_pays" in p:  # S pays otherwise in free spins (and lands there)
        g.add("free", (0, 2), "S")
        fs["free_scatter_pays"] = {"S": {2: 1, 3: 5}}
    if fs is not None and "drawn_spins" in p:  # 1 or 2 spins drawn as the feature starts
        fs["drawn_spins"] = {3: [{"value": 1, "weight": 2}, {"value": 2, "weight": 1}]}
    if fs is not None and "until_trigger" in p:  # at most 2 spins, ending with the one that shows an S
        g.add("free", (0,), "S")
        fs.update({"awards": {3: 2}, "until_symbol": "S", "until_counts": [1]})
    if fs is not None and "wild_reels_trigger" in p:  # W on reels 2 and 3 at once: a free spin too
        g.add("base", (2,), "W")
        fs.update({"wild_reels": [2, 3], "wild_reels_spins": 1})
    if fs is not None and "line_win_trigger" in p:  # three A on a line: a free spin, beside the scatter's
        fs["line_win_awards"] = {"A": {3: 1}}
    if fs is not None and "retrigger_limit" in p:  # S retriggers in free spins, once at most
        g.add("free", (0, 1, 2), "S")
        fs.update({"retrigger": True, "retrigger_awards": {3: 1}, "max_retriggers": 1})
    if "centre_out" in p:  # Jewels' rule takes no wild: W leaves the game (kept with its own-pays rule: refused)
        g.top["pay_direction"] = "centre_out"
    if "centre_out" in p and not p & {"wild_own_pays", "sticky_wild_reels", "turn_wild", "wild_reels_trigger"}:
        g.symbols = [s for s in g.symbols if s["id"] != "W"]
        for strips in g.reels.values():
            for strip in strips:
                strip[:] = [x for x in strip if x != "W"] or ["B"]
        for f in g.features:
            if f["type"] == "mystery_symbol":
                f["reveals"] = [r for r in f["reveals"] if r["symbol"] != "W"]
            if f["type"] == "big_symbols":
                f["strip"] = [x for x in f["strip"] if x != "W"]
    if "any_bar" in p:  # any mix of A and B pays (the catalogue's any bar)
        g.top["pay_groups"] = [{"id": "ANY", "symbols": ["A", "B"], "pays": {3: 2}}]
    if "wild_own_pays" in p:  # W doubles the lines it completes, not its own W W pays
        w = next(s for s in g.symbols if s["id"] == "W")
        w.update({"multiplier": 2, "multiplies_own_pays": False})
        g.add("base", (0,), "W")
        g.pays["W"] = {2: 2, 3: 10}
    if "fill_centre" in p:  # the centre reel full of A or B (a wild standing in), and the reels beside it
        g.features.append({"type": "fill_multiplier", "name": "fill_centre", "symbols": ["A", "B"],
                           "reels": "from_centre", "wilds_substitute": True, "multipliers": {1: 2, 3: 5},
                           "modes": ["base"]})
    if "pays_above_10" in p:  # T counts 4: three of them pay 12
        g.symbol("T", "scatter", counts=4)
        g.add("base", (0, 1, 2), "T")
        g.pays["T"] = {8: 2, 12: 20}


def make_game(elements: tuple[str, ...], options: dict[str, str]) -> tuple[str, str]:
    """(name, YAML text) of the toy game combining ``elements`` with their ``options``."""
    present = resolve(elements)
    g = _Game(present, options)
    _build(g)
    _build_catalogue(g)
    _build_kept(g)
    shown = [e + (f"[{options[e]}]" if options.get(e) else "") for e in (*ELEMENTS, *PAY_MODELS) if e in present]
    name = "+".join(shown)
    return name, g.text(name)


def variants(elements: tuple[str, ...]) -> list[dict[str, str]]:
    """Every combination of mode options of the game's elements."""
    present = resolve(elements)
    order = [e for e in (*ELEMENTS, *PAY_MODELS) if e in present]
    choices = [mode_options(e, present) for e in order]
    return [{e: o for e, o in zip(order, combo, strict=True) if o} for combo in itertools.product(*choices)]


def combinations(*, triples: int = DEFAULT_TRIPLES, seed: int = DEFAULT_SEED,
                 pay_triples: int = DEFAULT_PAY_TRIPLES) -> list[tuple[str, ...]]:
    """Every pair of elements and ``triples`` triples drawn with ``seed``; then every element
    under every pay model and ``pay_triples`` pairs of elements under a model, drawn with it too."""
    pairs = list(itertools.combinations(ELEMENTS, 2))
    all_triples = list(itertools.combinations(ELEMENTS, 3))
    sample = random.Random(seed).sample(all_triples, min(triples, len(all_triples)))
    under = [(e, m) for m in PAY_MODELS for e in ELEMENTS]
    all_under = [(a, b, m) for m in PAY_MODELS for a, b in pairs]
    pay_sample = random.Random(f"pay models {seed}").sample(all_under, min(pay_triples, len(all_under)))
    return [*pairs, *sorted(sample, key=_order), *under, *sorted(pay_sample, key=_order)]


def _order(combo: tuple[str, ...]) -> tuple[int, ...]:
    every = (*ELEMENTS, *PAY_MODELS)
    return tuple(every.index(e) for e in combo)


def corpus(*, triples: int = DEFAULT_TRIPLES, seed: int = DEFAULT_SEED) -> tuple[list[CorpusGame], list[Skipped]]:
    """The games (distinct by their YAML) and the combinations the loader refused."""
    games: dict[str, CorpusGame] = {}
    covers: dict[str, list[tuple[str, ...]]] = {}
    skipped: dict[str, Skipped] = {}
    for elements in combinations(triples=triples, seed=seed):
        for options in variants(elements):
            name, text = make_game(elements, options)
            if name in games or name in skipped:  # the same game reached from another pair: once
                covers.setdefault(name, []).append(elements)
                continue
            try:
                defn = load_definition_text(text, source=f"<corpus {name}>")
            except DefinitionError as exc:
                skipped[name] = Skipped(name, str(exc), elements)
                continue
            games[name] = CorpusGame(name, elements, tuple(sorted(options.items())), text, defn)
            covers[name] = [elements]
    made = [dataclasses.replace(g, covers=tuple(dict.fromkeys(covers[n]))) for n, g in games.items()]
    return made, list(skipped.values())


def game_named(name: str) -> Definition:
    """One corpus game by its name (``mystery_symbol[base,free]+free_spins``), built alone."""
    options: dict[str, str] = {}
    elements = []
    for part in name.split("+"):
        element, _, option = part.partition("[")
        elements.append(element)
        if option:
            options[element] = option.rstrip("]")
    made, text = make_game(tuple(elements), options)
    if made != name:
        raise KeyError(f"no corpus game is named {name!r} (the nearest is {made!r})")
    return load_definition_text(text, source=f"<corpus {name}>")


if __name__ == "__main__":  # python tests/combination_corpus.py: the corpus's size and what was refused
    made, refused = corpus()
    print(f"{len(made)} games, {len(refused)} refused by the loader")
    for s in refused:
        print(f"  refused {s.name}: {s.reason}")
