"""A mechanic's gallery moments: the pictures of its screens ``cabinet gallery`` takes.

Each mechanic says which moments its blocks have (``Mechanic.moments(defn, params)``, a
tuple of ``Moments``; the default is none) and every name it may ever picture, in
contact-sheet order (``Mechanic.moment_names``). The gallery (``designer/gallery.py``)
asks each block of the game for its moments, finds the first scenario whose round shows
them and lets the mechanic play it on a headless app: it knows no mechanic by name.

The helpers here drive such an app (``run_until``, ``snapshot``, ``finish_round``); they
are the gallery's own, kept here so that a mechanic's shots need not import the designer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from cabinet.errors import CabinetError

FRAME_LIMIT = 30_000  # frames a moment may take to come (a bug, not a slow game, if it runs out)

Shot = tuple[str, Any]  # a moment's name and its picture (a pygame Surface)


@dataclass(frozen=True)
class Moments:
    """Pictures a block takes from one round: ``names`` (in contact-sheet order), taken by
    ``shoot(app, script, result)`` from the round of the first scenario whose result
    ``shows`` (a test on a ``RoundResult``). With no such scenario the gallery notes
    ``"<what>: <lack>"`` as missing. ``forced``: designer mode's picture of a forced round
    forces this scenario (free spins': a feature with an intro card)."""

    names: tuple[str, ...]
    what: str
    shows: Callable[[Any], bool]
    shoot: Callable[[Any, tuple[int, ...], Any], Iterable[Shot]]
    lack: str = "no scenario shows it"
    forced: bool = False


def no_moments(defn: Any, params: Any) -> tuple[Moments, ...]:
    return ()


def run_until(app: Any, reached: Callable[[], bool], what: str) -> None:
    for _ in range(FRAME_LIMIT):
        if reached():
            return
        app.run_frames(1)
    raise CabinetError(f"{app.defn.name}: the gallery never reached {what}")


def snapshot(app: Any) -> Any:
    app.draw()
    return app.screen.copy()


def finish_round(app: Any) -> None:
    """Let the round on screen play to its end, then clear its presentation."""
    run_until(app, lambda: not app.base.in_round, "the end of a round")
    app.base.end_presentation()
    app.run_frames(2)
