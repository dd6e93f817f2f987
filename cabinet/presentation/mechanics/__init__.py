"""Presentation by mechanic: one package per core block type, one registry, one Protocol.

It mirrors ``cabinet/core/features/``: where a core block says what a mechanic does, the
package of the same name here says how it looks and reads, all in one place:

- its presenters (``presenter.py``): the animation of its own events, by kind, and its
  part in the pipeline's events that name no feature (``joins``: e.g. the panel door's
  mummies fly before a respin changes the screen they landed on);
- its views (``view.py``): the scenes its presenters put up;
- its INFO section (``rules``) and its FEATURES-glass rows (``side_rows``), both written
  from the block's parameters (``rules.py``);
- its gallery moments (``shots.py``: ``moments`` and ``moment_names``, see ``moments.py``):
  the pictures ``cabinet gallery`` takes of its screens.

Each package defines ``MECHANIC``, registered under the name its core block gives as
``presenter``. A game's presenter table is built from its own blocks (``presenter_table``:
``defn.features`` -> ``block.presenter`` -> the mechanic), never from import order. A
block whose events the pipeline's own presenters show, and whose rules and rows are
written elsewhere, is listed in ``NEEDS_NONE`` instead (none of the shipped blocks is).

The registry loads its packages by name (``importlib``), so a package may import the
shared kit (``engine``, ``writing``) without a cycle; ``register`` adds one at run time
(tests do).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from cabinet.core.features import block
from cabinet.core.registry import Registry

from ..engine import Join, Presenter, PresenterTable

# The mechanics that ship, by package; each package defines ``MECHANIC``. The gallery's
# contact sheet shows the mechanics' moments in this order.
BUILTIN_MECHANICS: tuple[str, ...] = (
    "free_spins",
    "paid_respin",
    "mystery_symbol",
    "expanding_wild",
    "expanding_symbol",
    "multiplier_wilds",
    "fill_multiplier",
    "screen_wild_multiplier",
    "random_multiplier",
    "progress_levels",
    "sticky_wild_reels",
    "hold_and_respin",
    "wild_respin",
    "wheel",
    "panel_door",
    "tumble",
    "pick_bonus",
    *("big_symbols", "spreading_wild", "turn_wild"),  # issue 35 item 7 shapes
    "progressive_jackpot",  # issue 35: the kiosk's shared jackpot
    "collection",  # issue 35: a meter kept from round to round
)

# Core blocks (by their ``presenter`` name) shown by the pipeline's presenters alone, with
# no INFO section or FEATURES row of their own.
NEEDS_NONE: frozenset[str] = frozenset()


@runtime_checkable
class Mechanic(Protocol):
    """How one block type is shown. ``rules(writer, params)`` returns its INFO section
    (``writing.FeatureSection``), written with ``writing.Writer``'s names and amounts;
    ``side_rows(defn, params)`` its rows of the FEATURES glass (``side_panel.FeatureRow``),
    empty when a symbol does not start it. ``moments(defn, params)`` the gallery's pictures
    of its screens (``moments.Moments``; ``moments.no_moments``: none), each a name of
    ``moment_names``."""

    type: str  # the name core blocks give as ``presenter``
    presenters: Mapping[str, Presenter]  # event kind -> presenter, for the events of its features
    joins: Mapping[str, Join]  # pipeline kinds (events naming no feature) it takes part in
    moment_names: tuple[str, ...]  # every gallery moment it may picture, in contact-sheet order

    def rules(self, writer: Any, params: Any) -> Any: ...
    def side_rows(self, defn: Any, params: Any) -> tuple[Any, ...]: ...
    def moments(self, defn: Any, params: Any) -> tuple[Any, ...]: ...


_MECHANICS: Registry[Mechanic] = Registry(
    package=__name__, modules=BUILTIN_MECHANICS, attribute="MECHANIC", protocol=Mechanic, what="mechanic"
)


def register(entry: Mechanic, *, replace: bool = False) -> Mechanic:
    """Add a mechanic to the registry (tests add toy ones; ``unregister`` removes them)."""
    return _MECHANICS.register(entry, replace=replace)


def unregister(type_name: str) -> None:
    _MECHANICS.unregister(type_name)


def registry() -> dict[str, Mechanic]:
    """Every registered mechanic by the presenter name of its blocks, in registration order."""
    return _MECHANICS.entries()


def mechanic_of(params: Any) -> Mechanic | None:
    """The mechanic that shows a feature (its block's ``presenter``); None: none registered."""
    entry = block(getattr(params, "type", ""))
    return registry().get(entry.presenter) if entry is not None else None


def presenter_table(defn: Any) -> PresenterTable:
    """The game's presenters, built from its own blocks in definition order (cached on the
    definition, which is frozen)."""
    cache = defn.__dict__.get("_presenter_table")
    if cache is not None:
        return cache  # type: ignore[no-any-return]
    from .. import presenters  # the pipeline's own presenters (they import the win scene)
    from ..pays import pay_screen_of

    features = [(getattr(p, "name", p.type), m) for p in defn.features if (m := mechanic_of(p)) is not None]
    # the pipeline's, with the pay model's own (a Megaways spin's heights shape the reels)
    table = PresenterTable.build(features, {**presenters.PIPELINE, **pay_screen_of(defn).presenters})
    defn.__dict__["_presenter_table"] = table
    return table
