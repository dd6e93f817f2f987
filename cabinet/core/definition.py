"""The game definition: the single source of truth for the YAML format.

These frozen dataclasses *are* the format. The loader (``core/loader.py``) walks
them to read and validate ``games/*.yaml`` with line/column positions, and
``core/schema.py`` walks the same classes to write ``games/game.schema.json``.
Every field carries a ``doc`` that ends up in the schema and in games/README.md.

Conventions:
- Money fields are ``Annotated[int, MONEY]``: written in YAML as decimal strings
  (``"0.05"``) and held as ints of the currency's minor unit.
- Ratios (pays, multiples of the bet, RTP) are ``Fraction``: YAML ``5``, ``"0.2"``,
  ``"1/3"`` or ``"96.47%"`` all read exactly.
- Strips are ``Annotated[tuple[str, ...], STRIP]``: a string of symbol ids
  separated by spaces, ``SYM*3`` meaning a stack of three (``"A K WILD*3 Q"``), or
  a YAML list of ids.
- Reels and rows in YAML are 1-based for reels in ``reels:`` lists that designers
  read ("reels 2, 3 and 4"), 0-based rows in paylines (row 0 is the top row).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Annotated, Any, Literal, Protocol

MONEY = "money"  # Annotated marker: decimal string -> int minor units
STRIP = "strip"  # Annotated marker: "A K*3 Q" -> ("A", "K", "K", "K", "Q")
PARAMS = "params"  # Annotated marker: feature name -> a partial map of that feature's parameters

FORMAT_VERSION = 1


def doc(text: str, **extra: Any) -> Any:
    """A dataclass field default that carries documentation for loader and schema."""
    meta = {"doc": text}
    if "default" in extra:
        return field(default=extra["default"], metadata=meta)
    if "factory" in extra:
        return field(default_factory=extra["factory"], metadata=meta)
    return field(metadata=meta)


SymbolKind = Literal["regular", "wild", "scatter", "bonus", "blank"]


@dataclass(frozen=True)
class WeightedValue:
    """One entry of a weighted table: a value drawn with probability weight/sum."""

    value: Fraction = doc("the value (a multiple of the total bet, a multiplier, ...)")
    weight: int = doc("relative weight, a positive integer", default=1)


@dataclass(frozen=True)
class PayGroup:
    """Line pays over a group of symbols: any mix of them along a line (issue 35's any bar)."""

    id: str = doc("the group's id, named by its wins (e.g. ANY_BAR); not a symbol id")
    symbols: tuple[str, ...] = doc("the regular symbols any mix of which counts (two or more)")
    pays: dict[int, Fraction] = doc("count -> coins per line-coin, as a line symbol's pays")
    name: str = doc("the name the paytable and wins show (empty: the id)", default="")


@dataclass(frozen=True)
class WeightedName:
    """A named choice with a weight (reel sets chosen per spin)."""

    set: str = doc("name of a reel set under `reels:`")
    weight: int = doc("relative weight, a positive integer", default=1)


@dataclass(frozen=True)
class Symbol:
    id: str = doc("short id used on strips, in pays and on the command line, e.g. 'WILD', 'A', 'SEVEN'")
    name: str = doc("display name shown on paytable pages", default="")
    kind: SymbolKind = doc(
        "regular pays on lines; wild substitutes on lines; scatter pays anywhere as a multiple of the "
        "total bet and can trigger features; bonus only triggers features; blank never pays",
        default="regular",
    )
    counts: int = doc("how many symbols this one counts as (a Double symbol counts 2)", default=1)
    pays_as: str = doc("for a Double symbol: the id whose paytable it pays on (empty: itself)", default="")
    excludes: tuple[str, ...] = doc(
        "wild only: symbol ids it does not substitute for (scatters and bonus symbols never are)",
        factory=tuple,
    )
    multiplier: int = doc("wild only: multiplies every line win it takes part in", default=1)
    multiplies_own_pays: bool = doc(
        "wild only: its multiplier (its own or one a multiplier_wilds block draws) applies to its own "
        "wild-only pays too; false: a line of it alone is paid x1 (Dolphin's Pearl's dolphin)", default=True)
    scatter: bool = doc(
        "wild only: the wild is a scatter too (Book of Ra's book): it substitutes on lines and is also "
        "counted anywhere on the screen, paid on its own pays as a multiple of the total bet and may trigger "
        "free spins; its pays are then scatter pays, never line pays",
        default=False,
    )
    tier: Literal["high", "medium", "low", "special"] = doc(
        "for art and paytable order: high, medium, low paying, or special (wild/scatter/bonus)", default="low"
    )
    sprite: str = doc("sprite name under sprites/<theme>/ (empty: the id in lower case)", default="")
    reels: tuple[int, ...] = doc(
        "reels (1-based) this symbol may appear on; checked against every strip (empty: any)", factory=tuple
    )
    prizes: tuple[WeightedValue, ...] = doc(
        "a symbol that carries a credit value: prizes as multiples of the total bet, drawn when it lands",
        factory=tuple,
    )
    multipliers: tuple[WeightedValue, ...] = doc(
        "a symbol that carries a multiplier: multipliers drawn when it lands", factory=tuple
    )

    @property
    def base(self) -> str:
        """The id this symbol pays as (itself unless it is a Double of another)."""
        return self.pays_as or self.id

    @property
    def is_scatter(self) -> bool:
        """Counted and paid anywhere on the screen: a scatter, or a wild that is a scatter too."""
        return self.kind == "scatter" or (self.kind == "wild" and self.scatter)


@dataclass(frozen=True)
class Grid:
    reels: int = doc("number of reels (columns)", default=5)
    rows: int = doc("visible rows per reel", default=3)


@dataclass(frozen=True)
class BetModel:
    currency: str = doc("ISO currency code shown on meters ('CRD' for plain credits)", default="EUR")
    minor_units: int = doc("decimal places of the currency's minor unit", default=2)
    lines: tuple[int, ...] = doc(
        "the line counts a player may choose; empty: all lines, fixed", factory=tuple
    )
    default_lines: int = doc("line count at start (0: the largest)", default=0)
    coins_per_line: tuple[int, ...] = doc("coins per line / bet levels the player may choose", default=(1,))
    default_coins_per_line: int = doc("coins per line at start (0: the smallest)", default=0)
    coin_values: tuple[Annotated[int, MONEY], ...] = doc(
        "coin sizes in currency, as strings: ['0.01', '0.05', '0.10']", default=(1,)
    )
    default_coin_value: Annotated[int, MONEY] = doc("coin size at start (0: the smallest)", default=0)
    coins_per_bet: int = doc(
        "reserved: must be 0 in this version (the total bet is lines x coins per line x coin value)",
        default=0,
    )
    label: Literal["coins", "level", "bet"] = doc(
        "how the bet panel names its parts: coins per line, bet LEVEL, or one BET amount", default="coins"
    )
    max_total_bet: Annotated[int, MONEY] = doc("highest total bet allowed (0: no limit)", default=0)
    max_bet: Literal["coins_per_line", "coin_value"] = doc(
        "what MAX BET raises to its top: the coins per line at the current coin value, or the coin "
        "value at the current coins per line (Lucky Christmas: Max Bet (Max Coin Value))",
        default="coins_per_line",
    )


@dataclass(frozen=True)
class WinTiers:
    big: Fraction = doc("a round win of at least this many times the bet is a BIG WIN", default=Fraction(15))
    mega: Fraction = doc("... a MEGA WIN", default=Fraction(30))
    epic: Fraction = doc("... an EPIC WIN", default=Fraction(60))


@dataclass(frozen=True)
class TopReel:
    """Megaways: a horizontal reel over some middle reels, one more symbol above each of them."""

    reels: tuple[int, ...] = doc("the reels (1-based, adjacent) it lies over, e.g. [2, 3, 4, 5]")
    strip: Annotated[tuple[str, ...], STRIP] = doc(
        "its strip, read left to right: the cell over its first reel shows the stop, the next cell the "
        "symbol after it, ... (regular symbols and wilds only: no scatters or bonus symbols)"
    )


@dataclass(frozen=True)
class PayModelSpec:
    """How a screen pays: a model from the pay-model registry (``cabinet.core.pays``) and its options."""

    type: str = doc(
        "lines (paylines, the default), ways (adjacent reels from the leftmost, ways = product of matching "
        "positions per reel), megaways (ways on reels whose heights are drawn each spin), anywhere (N or "
        "more of a symbol anywhere on the screen) or cluster (groups of orthogonally adjacent equal symbols)",
        default="lines",
    )
    cost: int = doc(
        "ways, megaways, anywhere, cluster: coins one bet level costs (243 ways for 20 coins: 20); the total "
        "bet is cost x coins per line (the level) x coin value, and pays are coins per level-coin. lines: 0 "
        "(the bet is lines x coins per line x coin value)",
        default=0,
    )
    direction: Literal["left_to_right", "both_ways"] = doc(
        "ways, megaways: left_to_right pays from reel 1; both_ways also from the last reel (a way covering "
        "every reel is paid once)",
        default="left_to_right",
    )
    heights: tuple[dict[int, int], ...] = doc(
        "megaways: per reel, its visible rows -> weight, drawn each spin ({2: 1, 3: 2, ..., 7: 1}); one "
        "entry serves every reel; grid.rows is the tallest",
        factory=tuple,
    )
    reel_sets: dict[str, str] = doc(
        "a pay model per reel set: reel set -> ways, anywhere or cluster (e.g. {free: ways}: free spins pay "
        "ways in a lines game); the base game's reel sets pay by type; a lines game with them has a fixed "
        "line count, the cost of the other models",
        factory=dict,
    )
    top_reel: TopReel | None = doc(
        "megaways: a horizontal reel over the middle reels (null: none); it adds one symbol on top of each "
        "reel it covers, counted in that reel's ways",
        default=None,
    )


@dataclass(frozen=True)
class BaseGame:
    reel_sets: tuple[WeightedName, ...] = doc(
        "reel sets for a base-game spin, chosen by weight each spin", default=(WeightedName("base", 1),)
    )


# --- features -------------------------------------------------------------------------------------


class Feature(Protocol):
    """One entry of ``features:``: its ``type`` picks a registered block
    (``cabinet.core.features.registry()``), whose parameters dataclass it is read into."""

    @property
    def type(self) -> str: ...
    @property
    def name(self) -> str: ...


@dataclass(frozen=True)
class Scenario:
    """A forced outcome for designers: values fed to the round's RNG before its seed."""

    name: str = doc("short name shown in designer mode, e.g. 'free spins with a retrigger'")
    script: tuple[int, ...] = doc(
        "values answered, in order, to the round's random draws (reel stops first, left to right)"
    )
    description: str = doc("what the scenario shows", default="")
    respin_reel: int = doc(
        "paid-respin scenario: after the spin, respin this reel (1-based) at its offered price (0: none)",
        default=0,
    )
    respin_script: tuple[int, ...] = doc(
        "values answered to the respin round's draws (the respun reel's stop first)", factory=tuple
    )


# --- bet modes and RTP variants (``core/modes.py`` resolves them) ----------------------------------

BetModeKind = Literal["base", "ante", "buy", "plain"]
BASE_MODE = "base"


@dataclass(frozen=True)
class BetMode:
    """A way to bet on the same game: its own cost, and what it changes (reel sets, a feature's
    parameters, a feature bought at once, the round cap)."""

    name: str = doc("short id used on the command line, in history and meters, e.g. 'ante', 'buy_free_spins'")
    kind: BetModeKind = doc(
        "ante (a dearer spin that changes the odds), buy (the round plays the feature `buy` names at once, "
        "no base spin) or plain (any other variation); 'base' is the game as written, always there",
        default="plain",
    )
    label: str = doc("the player's words for the mode (HUD, toggle, buy card), e.g. 'Ante bet'", default="")
    description: str = doc("one line saying what it does, e.g. 'Bet 25% more: free spins twice as likely'",
                           default="")
    cost: Fraction = doc(
        "what a round costs, as a multiple of the base total bet: 1.25, '5/4', 100; every offered bet times "
        "it must be a whole number of minor units", default=Fraction(1),
    )
    rtp: Fraction = doc("the mode's published RTP, e.g. '96.04%' (0: not published); `cabinet check` holds it to the "
                        "mode's par at its printed digits", default=Fraction(0))
    buy: str | None = doc("buy modes: the name of the feature started at once, as if triggered with its "
                          "smallest trigger's award", default=None)
    max_win_x: int | None = doc("the round cap in this mode, x the base total bet (null: the game's "
                                "`max_win_x`; 0: none)", default=None)
    reel_sets: dict[str, str] = doc(
        "reel sets replaced by others, by name: {base: base_ante} plays the strips of `base_ante` wherever "
        "`base` is played", factory=dict,
    )
    base_game: BaseGame | None = doc("the base game's reel-set choice (weights) in this mode (null: the game's)",
                                     default=None)
    features: Annotated[dict[str, dict[str, Any]], PARAMS] = doc(
        "feature name -> the parameters it plays with in this mode (a partial map: {free_spins: {spins: 12}} "
        "changes only those)", factory=dict,
    )


@dataclass(frozen=True)
class RtpVariant:
    """The same game at another RTP: alternative strips, weights or feature parameters."""

    name: str = doc("short id an operator chooses, e.g. '92'")
    rtp: Fraction = doc("the stated RTP of this variant, e.g. '92%': `cabinet check` and the tests hold its par to it")
    reel_sets: dict[str, str] = doc("reel sets replaced by others, by name: {base: base_92}", factory=dict)
    base_game: BaseGame | None = doc("the base game's reel-set choice in this variant (null: the game's)",
                                     default=None)
    features: Annotated[dict[str, dict[str, Any]], PARAMS] = doc(
        "feature name -> the parameters it plays with in this variant (a partial map)", factory=dict,
    )


BASE_BET_MODE = BetMode(BASE_MODE, "base", "Base game", "", Fraction(1))


# --- the definition ------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class Definition:
    format: int = doc("format version of this file; this cabinet reads version 1")
    id: str = doc("stable id of the game (the file stem by convention)")
    name: str = doc("display name")
    grid: Grid = doc("reels and rows of the main screen")
    symbols: tuple[Symbol, ...] = doc("every symbol the game uses")
    reels: dict[str, tuple[Annotated[tuple[str, ...], STRIP], ...]] = doc(
        "reel sets by name: one strip per reel; 'base' is used unless base_game says otherwise"
    )
    lines: tuple[tuple[int, ...], ...] = doc(
        "paylines as row patterns, one 0-based row per reel (row 0 is the top); only the lines pay model "
        "has them", factory=tuple,
    )
    pays: dict[str, dict[int, Fraction]] = doc(
        "symbol id -> count -> pay. Line symbols pay coins per line-coin; scatter symbols pay a multiple "
        "of the total bet. A count along a line goes up to 10; a symbol counted anywhere on the screen (a "
        "scatter, or any symbol of a cell-count model) up to every cell (15 scatters on a 5x3 screen), "
        "twice that when Doubles are on the reels"
    )
    bet: BetModel = doc("how bets are made")
    theme: str = doc("art and sound theme: sprites/<theme>/ and sounds/<theme>/", default="classic")
    rtp: Fraction = doc("the published RTP, e.g. '96.47%' (0: not published)", default=Fraction(0))
    par_precision: Fraction = doc(
        "the 95% half-width of the total RTP, e.g. '0.05%', that `cabinet par` runs its estimates to when "
        "no --samples is given (0: par's fixed sample count)",
        default=Fraction(0),
    )
    wild_multipliers: Literal["multiply", "highest"] = doc(
        "how the multipliers of several wilds in one line win combine: multiply (x2 and x3 pay x6) or highest "
        "(x3: a win is multiplied once, however many multiplier wilds it holds)",
        default="multiply",
    )
    wild_lines: Literal["first_symbol", "best_symbol", "one_wild_kind"] = doc(
        "what a line that begins with wilds pays: first_symbol, the first symbol after the wilds (or the wilds' "
        "own pays); best_symbol (Halloween Wins 3: the wilds replace any symbol and the highest win is paid), "
        "also every symbol the wilds stand in for, so WILD WILD WILD WILD K pays the top symbol x4 when that is "
        "more than K x5, and a line of wilds alone pays the top symbol; one_wild_kind (CT Interactive's Vikings "
        "Fun, wilds of kinds that exclude each other): as first_symbol, but the line ends at the first leading "
        "wild that does not substitute for the line's first wild (it lists it in `excludes`), so WILD WILD RED K "
        "K pays only WILD x2",
        default="first_symbol",
    )
    pay_direction: Literal["left_to_right", "both_ways", "centre_out"] = doc(
        "left_to_right: from reel 1; both_ways: also from the last reel, a full line paid once; centre_out "
        "(Jewels): from the centre reel's symbol outward, the adjacent reels on both sides that show it",
        default="left_to_right",
    )
    pay_groups: tuple[PayGroup, ...] = doc(
        "line pays over a group of symbols (IGT's any bar: any 3 of BAR1, BAR2, BAR3 pay 5); a line run of "
        "any mix of the group's symbols (wilds substituting) is paid on the group's pays when that pays more "
        "than the symbols' own", factory=tuple,
    )
    pay_model: PayModelSpec = doc(
        "how a screen pays (default: paylines); see 'Pay models' in games/README.md", factory=PayModelSpec
    )
    base_game: BaseGame = doc("base-game settings", factory=BaseGame)
    win_tiers: WinTiers = doc("celebration thresholds as multiples of the total bet", factory=WinTiers)
    features: tuple[Feature, ...] = doc("mechanics, each a reusable block with its parameters", factory=tuple)
    scenarios: tuple[Scenario, ...] = doc("named forced outcomes for designer mode", factory=tuple)
    rules: tuple[str, ...] = doc("rule text shown on the INFO pages, one paragraph per entry", factory=tuple)
    history: Literal["kept", "session"] = doc(
        "what the History page lists: every round the cabinet keeps (kept, across restarts), or only the "
        "current session's (session: the rounds begun since the cabinet started, and the round a crash or "
        "power loss interrupted, settled at the restart). The kept history and the audit stay whole either way",
        default="kept",
    )
    interrupted_rounds: Literal["resume", "auto_complete"] = doc(
        "after a crash or power loss: resume the round where it stopped, or (Halloween Wins 3) complete it "
        "automatically and credit it (a choice it awaits, a pick bonus's, made by the feature's autoplay rule)",
        default="resume",
    )
    max_win_x: int = doc(
        "the round cap: a round's win stops at this many times the base total bet, and the round ends there "
        "(0: none); a bet mode may set its own", default=0,
    )
    bet_modes: tuple[BetMode, ...] = doc(
        "ways to bet besides the base game (ante, buy, plain); the base mode is always first "
        "(see 'Bet modes' in games/README.md)", factory=tuple,
    )
    rtp_variants: tuple[RtpVariant, ...] = doc(
        "the game at other RTPs, for the operator to choose; the game as written is the variant named by "
        "`default_variant`, or none", factory=tuple,
    )
    default_variant: str | None = doc(
        "the RTP variant a bare run plays (null: the game as written)", default=None
    )
    source: str = field(default="", compare=False, metadata={"doc": "internal: the file it was read from", "internal": True})
    # set by ``core.modes.resolve`` on the definition a mode/variant plays; never written in YAML
    played_mode: str = field(default=BASE_MODE, compare=False, metadata={"doc": "internal: the mode", "internal": True})
    played_variant: str = field(default="", compare=False, metadata={"doc": "internal: the variant", "internal": True})
    bought: str = field(default="", compare=False, metadata={"doc": "internal: a buy's feature", "internal": True})
    mode_cost: Fraction = field(default=Fraction(1), compare=False,
                                metadata={"doc": "internal: the mode's cost", "internal": True})
    resolved: bool = field(default=False, compare=False,
                           metadata={"doc": "internal: made by resolve for a mode/variant", "internal": True})

    def __post_init__(self) -> None:
        # the base mode is always first, so callers index modes without a special case
        if not self.bet_modes or self.bet_modes[0] != BASE_BET_MODE:
            object.__setattr__(self, "bet_modes", (BASE_BET_MODE, *self.bet_modes))

    # -- derived views (computed once; the dataclass stays frozen) --------------------------------

    @cached_property
    def symbol_map(self) -> dict[str, Symbol]:
        return {s.id: s for s in self.symbols}

    @cached_property
    def symbol_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.symbols)

    def bet_mode(self, name: str) -> BetMode | None:
        return next((m for m in self.bet_modes if m.name == name), None)

    def feature(self, type_name: str) -> Any:
        """The first feature of that type, or None."""
        for f in self.features:
            if f.type == type_name:
                return f
        return None
