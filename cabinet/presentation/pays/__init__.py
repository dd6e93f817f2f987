"""How each pay model looks on screen: one module per model, in a registry like the
mechanics' (``presentation/mechanics``), keyed by the core model's ``type``
(``cabinet/core/pays``).

The screen asks the game's pay model (``pay_screen_of(defn)``) and never which model it is:

- the win presentation (``scenes/win.py``) lights all of a spin's wins with the model's
  ``draw_all``, then shows each win alone with ``draw_win`` (a payline and its label; a
  ways win reel by reel with "12 WAYS"; the counted cells of a pay-anywhere win with its
  count; each cluster outlined);
- the base game draws the model's plaque over the reel frame (``draw_plaque``: the ways a
  spin has, which a Megaways spin changes);
- the reducer (``screen_state.py``) counts every kind in ``win_kinds()`` as a spin's win;
- the model's ``presenters`` join the pipeline's (a Megaways spin's ``HeightsDrawn``
  shapes the reels before they land);
- the TOP AWARDS glass takes its heading from ``awards_heading``, and the history card
  says what paid with ``caption`` (``paid_lines``);
- INFO shows its page (``info_page``: the paylines, or an example win with how it counts)
  beside the RULES pages, whose words are the core model's ``rules``.

A model the core knows and no module here shows falls back to ``common.PLAIN``: its wins
light their positions with their amount, so a new model never breaks the screen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from cabinet.core.registry import Registry

BUILTIN_SCREENS: tuple[str, ...] = ("lines", "ways", "megaways", "anywhere", "cluster")


@runtime_checkable
class PayScreen(Protocol):
    """How one pay model's wins look. ``type`` is the core model's name."""

    type: str
    win_kinds: frozenset[str]  # the event kinds of its wins (scatters are every model's)
    presenters: Mapping[str, Any]  # event kind -> presenter (``engine.Presenter``), joined to the pipeline's
    awards_heading: str  # the TOP AWARDS glass's heading
    info_heading: str  # the heading of its INFO page (PAYLINES, WAYS...)
    gallery_moment: str  # the gallery's picture of one of its wins cycling (win-line, win-ways...)
    short_runs: bool  # that picture's win covers fewer reels than the screen has

    def draw_all(self, surface: Any, ctx: Any, screen: list[list[str]], wins: Sequence[Any],
                 positions: Sequence[tuple[int, int]], t: float) -> None:
        """Every win of a spin at once (the count-up); ``positions`` adds the triggers' cells."""
        ...

    def draw_win(self, surface: Any, ctx: Any, screen: list[list[str]], win: Any, t: float,
                 since: float) -> None:
        """One win alone: ``t`` the presentation's clock (the symbols' throb), ``since`` the
        seconds since this win's turn of the cycle began."""
        ...

    def caption(self, defn: Any, win: Any) -> str:
        """What paid, in words ("SEVEN 3 OF A KIND, 12 WAYS")."""
        ...

    def info_page(self, ctx: Any, page: Any) -> Any:
        """Its INFO page drawn on ``page`` (a blank page surface), returned: how it pays, pictured."""
        ...

    def draw_plaque(self, surface: Any, ctx: Any, heights: tuple[int, ...]) -> None:
        """The model's plaque on the reel frame for reels showing ``heights`` (none: nothing)."""
        ...


_SCREENS: Registry[PayScreen] = Registry(
    package=__name__, modules=BUILTIN_SCREENS, attribute="SCREEN", protocol=PayScreen, what="pay screen"
)


def registry() -> dict[str, PayScreen]:
    return _SCREENS.entries()


def register(entry: PayScreen, *, replace: bool = False) -> PayScreen:
    return _SCREENS.register(entry, replace=replace)


def unregister(type_name: str) -> None:
    _SCREENS.unregister(type_name)


def pay_screen_of(defn: Any) -> PayScreen:
    """How the game's pay model looks (``common.PLAIN`` for a model no module shows)."""
    from .common import PLAIN

    spec = getattr(defn, "pay_model", None)
    return registry().get(getattr(spec, "type", "lines"), PLAIN)


def pay_screen_for(defn: Any, reel_set: str) -> PayScreen:
    """How a spin on ``reel_set`` looks: its own model's screen where the game pays that reel
    set by another model (``pay_model.reel_sets``: lines in base, ways in free spins)."""
    from .common import PLAIN

    spec = getattr(defn, "pay_model", None)
    name = getattr(spec, "reel_sets", {}).get(reel_set) if spec is not None else None
    if not name:
        return pay_screen_of(defn)
    return registry().get(name, PLAIN)


def gallery_moments() -> tuple[str, ...]:
    """Every model's win picture, in registry order (the gallery's contact sheet)."""
    return tuple(dict.fromkeys(screen.gallery_moment for screen in registry().values()))


def win_kinds() -> frozenset[str]:
    """Every event kind that is a spin's win, whatever the model (scatters included)."""
    from .common import SCATTER_KINDS

    return SCATTER_KINDS.union(*(screen.win_kinds for screen in registry().values()))


def screen_for_win(defn: Any, win: Any) -> PayScreen:
    """Who draws ``win``: a scatter is every model's (``common``), the rest the game's model, or
    the model whose win it is (a reel set paying by another model: ``pay_model.reel_sets``)."""
    from .common import PLAIN, SCATTER_KINDS

    if win.kind in SCATTER_KINDS:
        return PLAIN
    found = pay_screen_of(defn)
    if win.kind in found.win_kinds:
        return found
    return next((screen for screen in registry().values() if win.kind in screen.win_kinds), PLAIN)


def paid_lines(defn: Any, wins: Sequence[Any]) -> list[str]:
    """What each win paid, in words, in the order paid (the history card's PAID rows)."""
    return [screen_for_win(defn, win).caption(defn, win) for win in wins]
