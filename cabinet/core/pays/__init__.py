"""Pay models: how a screen pays, one module per model, in a registry like the feature blocks'.

A game names its model in ``pay_model: {type: ...}`` (default ``lines``). Every caller asks
the game's model (``model_of(defn)``) and never which model it is:

- the spin pipeline (``core/spin.py``) lands the screen with ``land`` (a Megaways model
  draws reel heights there) and prices it with ``evaluate`` (events) or ``lean_win``
  (the amount alone, for simulation);
- par (``core/par.py``) takes the base game's exact figures from ``base_par``, and the
  blocks take a reel set's expected pay from ``line_coins``;
- simulate takes its batch pricer from ``spinner``;
- the INFO pages take the model's rules from ``rules``; the loader its checks from ``check``.

``line_coins`` is the expected pay of one spin in coins per *line-coin staked*: for paylines
the expected pay of one line, for a model with a ``cost`` (ways...) the expected pay per coin
of that cost. Times ``bet.lines x coins per line x coin value`` it is a spin's value in minor
units whatever the model, so the blocks' par (free spins, levels, respins) prices every model
with the same formula. A block whose par reads the screen's geometry (paylines, windows) is
priced under a model only when the model lists it in ``priced_blocks``; under any other model
par estimates the game whole and says why.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ..definition import Definition
from ..registry import Registry

if TYPE_CHECKING:
    from ..bet import Bet
    from ..events import Event, Screen
    from ..features import RoundState
    from ..rng import Rng

CheckPath = tuple[str | int, ...]
PAYLINE_BLOCKS = frozenset({"paid_respin"})  # blocks whose own rules read paylines (a respin's price)


@dataclass(frozen=True)
class BasePar:
    """A reel set's exact base-spin figures under a model (the landed screen, no blocks)."""

    pays_rtp: Fraction  # the model's own pays (lines, ways, ...) as a fraction of the total bet
    scatter_rtp: Fraction
    by_symbol: dict[str, Fraction]  # RTP per paid symbol (scatters: their scatter RTP)
    counts: dict[str, dict[int, Fraction]]  # P(symbol paid with this count), as the model counts
    hit_rate: Fraction | None  # None: not computed (see ``notes``)
    notes: tuple[str, ...] = field(default=())
    # an estimate (cluster pays on a grid too large to enumerate): the figures are sample means and
    # ``std_error`` the standard error of ``pays_rtp + scatter_rtp`` (None: every figure is exact)
    std_error: float | None = None
    samples: int = 0
    seed: int = 0


@runtime_checkable
class PayModel(Protocol):
    """One pay model. ``type`` is its name in ``pay_model.type``."""

    type: str
    counts_cells: bool  # pay counts are cells on the whole screen (cluster, anywhere), not symbols along reels
    paylines: bool  # the game lists paylines (``lines:``) and the bet chooses how many are played
    priced_blocks: frozenset[str] | None  # blocks whose par holds under this model (None: every block)

    def check(self, defn: Definition) -> list[tuple[CheckPath, str]]:
        """Problems of the definition under this model: (path in the YAML, message)."""
        ...

    def reel_windows(self, defn: Definition, reel_set: str) -> tuple[tuple[tuple[tuple[str, ...], int], ...], ...]:
        """Per reel, every window it can show with its weight (stops; Megaways: x heights): the
        exact math's input, independent across reels. Scatter and trigger counts use it too."""
        ...

    def land(
        self, defn: Definition, reel_set: str, rng: Rng, windows: Sequence[Sequence[tuple[str, ...]]]
    ) -> tuple[tuple[int, ...], Screen, tuple[Event, ...]]:
        """Draw a spin's screen: (stops, screen, events that come before ``ReelsStopped``)."""
        ...

    def evaluate(
        self, defn: Definition, screen: Screen, bet: Bet, multiplier: int | Fraction = 1, *,
        scatter_multiplier: int | Fraction | None = None, both_ways: bool | None = None,
    ) -> tuple[list[Event], int]:
        """Every win on the screen as events, and their total in minor units."""
        ...

    def lean_win(
        self, defn: Definition, reel_set: str, screen: Screen, bet: Bet, state: RoundState, *,
        stops: tuple[int, ...] | None = None,
    ) -> int | None:
        """The screen's win without events (None: the caller evaluates)."""
        ...

    def base_par(self, defn: Definition, reel_set: str, bet: Bet, *, with_hit_rate: bool = True) -> BasePar:
        ...

    def line_coins(self, defn: Definition, reel_set: str, both_ways: bool | None = None) -> Fraction:
        """Expected pay of one spin on ``reel_set`` in coins per line-coin staked (see the module)."""
        ...

    def spinner(self, defn: Definition, bet: Bet) -> Any:
        """simulate's batch pricer: an object with ``rounds(seeds) -> BatchRounds``."""
        ...

    def rules(self, defn: Definition) -> tuple[str, ...]:
        """How the game pays, in words a player reads (INFO pages)."""
        ...


REGISTRY: Registry[PayModel] = Registry(
    package=__name__,
    modules=("lines", "ways", "megaways", "anywhere", "cluster"),
    attribute="MODEL",
    protocol=PayModel,
    what="pay model",
)


def pay_models() -> dict[str, PayModel]:
    return REGISTRY.entries()


def model_of(defn: Definition) -> PayModel:
    """The game's pay model (kept on the definition: the spin pipeline asks every spin)."""
    found = defn.__dict__.get("_pay_model")
    if found is None:
        name = defn.pay_model.type
        found = pay_models().get(name)
        if found is None:
            raise ValueError(f"unknown pay model {name!r} (known: {', '.join(pay_models())})")
        defn.__dict__["_pay_model"] = found
    return found


def model_for(defn: Definition, reel_set: str) -> PayModel:
    """The model a spin on ``reel_set`` pays by (``pay_model.reel_sets``; else the game's)."""
    name = defn.pay_model.reel_sets.get(reel_set)
    if name is None or name == defn.pay_model.type:
        return model_of(defn)
    found = pay_models().get(name)
    if found is None:
        raise ValueError(f"unknown pay model {name!r} (known: {', '.join(pay_models())})")
    return found


def models_used(defn: Definition) -> list[PayModel]:
    """The game's model, then each other model a reel set pays by."""
    out = [model_of(defn)]
    for name in defn.pay_model.reel_sets.values():
        found = pay_models().get(name)
        if found is not None and found not in out:
            out.append(found)
    return out


def pay_rules(defn: Definition) -> tuple[str, ...]:
    """How the game pays in a player's words: its model's rules, then each reel set that pays
    by another model, said as such (INFO pages)."""
    out = list(model_of(defn).rules(defn))
    for name, model in defn.pay_model.reel_sets.items():
        other = model_for(defn, name)
        if other is not model_of(defn):
            out.append(f"Spins on the {name.upper()} reels pay {model}:")
            out.extend(other.rules(defn))
    return tuple(out)


def cost_of(defn: Definition) -> int:
    """The coins one bet level costs: ``pay_model.cost``, or a lines game's (fixed) line count
    when one of its reel sets pays by another model."""
    return defn.pay_model.cost or len(defn.lines)


OTHER_MODELS = ("ways", "anywhere", "cluster")  # what a reel set may pay by besides the game's model


def _check_reel_set_models(defn: Definition) -> list[tuple[CheckPath, str]]:
    spec = defn.pay_model
    out: list[tuple[CheckPath, str]] = []
    if not spec.reel_sets:
        return out
    base_sets = {c.set for c in defn.base_game.reel_sets}
    for name, model in spec.reel_sets.items():
        path: CheckPath = ("pay_model", "reel_sets", name)
        if name not in defn.reels:
            out.append((path, f"unknown reel set '{name}' (reel sets: {', '.join(defn.reels)})"))
        elif name in base_sets and model != spec.type:
            out.append((path, f"'{name}' is a base-game reel set: it pays by pay_model.type ({spec.type})"))
        if model not in OTHER_MODELS and model != spec.type:
            out.append((path, f"a reel set may pay by {', '.join(OTHER_MODELS)} (or the game's {spec.type}); "
                        f"got '{model}'"))
    if spec.type == "megaways":
        out.append((("pay_model", "reel_sets"), "a megaways game's reel sets all pay megaways (heights are the "
                    "game's)"))
    if spec.type == "lines":
        if len(defn.bet.lines) > 1 or (defn.bet.lines and defn.bet.lines[0] != len(defn.lines)):
            out.append((("bet", "lines"), "a lines game whose reel sets pay by other models plays every line "
                        "(their cost): leave bet.lines out"))
        if spec.cost and spec.cost != len(defn.lines):
            out.append((("pay_model", "cost"), f"the cost of a lines game is its line count ({len(defn.lines)})"))
    return out


def check_definition(defn: Definition) -> list[tuple[CheckPath, str]]:
    """The loader's checks of ``pay_model:``: a known type, then the model's own."""
    models = pay_models()
    spec = defn.pay_model
    if spec.type not in models:
        return [(("pay_model", "type"), f"unknown pay model '{spec.type}'; available: {', '.join(models)}")]
    out: list[tuple[CheckPath, str]] = []
    model = models[spec.type]
    if not model.paylines:
        for i, f in enumerate(defn.features):
            if f.type in PAYLINE_BLOCKS:
                out.append((("features", i), f"{f.type} prices its offers from paylines: a {spec.type} game cannot "
                            "have it"))
    if spec.cost < 0:
        out.append((("pay_model", "cost"), f"cost must be positive, got {spec.cost}"))
    from .top_reel import check_top_reel

    return (out + models[spec.type].check(defn) + check_top_reel(defn) + _check_reel_set_models(defn)
            + _check_wild_lines(defn))


def _check_wild_lines(defn: Definition) -> list[tuple[CheckPath, str]]:
    """``wild_lines: one_wild_kind`` is a rule of a payline's leading wilds: refused where no
    reel set pays by left-to-right lines, instead of being ignored there."""
    if defn.wild_lines != "one_wild_kind":
        return []
    models = {defn.pay_model.type, *defn.pay_model.reel_sets.values()}
    if models != {"lines"}:
        others = ", ".join(sorted(models - {"lines"}))
        return [(("wild_lines",), f"one_wild_kind ends a payline at a leading wild of another kind; this game "
                 f"also pays by {others}, where it would not apply: use it in a lines game only")]
    if defn.pay_direction == "centre_out":
        return [(("wild_lines",), "one_wild_kind is a rule of lines read from the left; centre_out pays take "
                 "no wilds")]
    return []
