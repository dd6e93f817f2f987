"""A drawn number of free spins (``free_spins: drawn_spins``, ``retrigger_drawn_spins``): the
catalogue's "10, 15, 15, 20 or 25 free spins, drawn as they are won" (Cops'n'Robbers; Royal
Dynasty draws 25-45 the same way, again on every retrigger).

YAML (counts as in ``awards``: a count above the largest key uses it)::

    drawn_spins:            {3: [{value: 10, weight: 1}, {value: 15, weight: 2}, {value: 25, weight: 1}]}
    retrigger_drawn_spins:  {3: [{value: 5}, {value: 10}]}   # empty: retrigger_awards, else drawn_spins

``awards`` may then be left out: it is filled with each count's largest draw (what the loader's
length checks read, a bound). Which table a retrigger draws from: ``retrigger_drawn_spins``;
else the fixed ``retrigger_awards``; else ``drawn_spins``; else ``awards``.

Play: the draw is one ``rng.weighted`` over the table (none for a table of one entry), made in
the trigger stage as the trigger is found (``free_spins`` ``triggers``), before
``FeatureTriggered``; a ``SpinsDrawn`` event tells the screen what was drawn from which
choices. A buy (``bought``) draws as the feature starts.

Par stays exact: E[spins] is linear in the award (Wald: awarded / (1 - added)), so each
count's mean draw replaces its fixed award; with ``max_retriggers`` the chain is averaged
over the drawn start and its retrigger awards are the draws' distribution.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from ..events import Event, register_event
from ..rng import Rng


@register_event
@dataclass(frozen=True)
class SpinsDrawn(Event):
    """The number of free spins a trigger won, drawn from ``choices`` (shown as the reveal)."""

    kind: ClassVar[str] = "spins_drawn"
    feature: str
    spins: int
    choices: tuple[int, ...]
    retrigger: bool = False


def _table_for(tables: dict[int, tuple[Any, ...]], count: int) -> tuple[Any, ...]:
    best: tuple[Any, ...] = ()
    best_key = -1
    for key, table in tables.items():
        if best_key < key <= count:
            best, best_key = table, key
    return best


def table_for(feature: Any, count: int, *, retrigger: bool = False) -> tuple[Any, ...]:
    """The weighted table a trigger of ``count`` draws from (empty: a fixed award)."""
    if retrigger:
        if feature.retrigger_drawn_spins:
            return _table_for(feature.retrigger_drawn_spins, count)
        if feature.retrigger_awards:
            return ()
    return _table_for(feature.drawn_spins, count)


def award_distribution(feature: Any, count: int, *, retrigger: bool = False) -> dict[int, Fraction]:
    """P(the trigger of ``count`` awards n spins), by n (a fixed award: {n: 1}; none: {})."""
    from . import award_for

    table = table_for(feature, count, retrigger=retrigger)
    if not table:
        awards = (feature.retrigger_awards or feature.awards) if retrigger else feature.awards
        n = award_for(awards, count)
        return {n: Fraction(1)} if n > 0 else {}
    total = sum(e.weight for e in table)
    out: dict[int, Fraction] = {}
    for e in table:
        n = int(e.value)
        out[n] = out.get(n, Fraction(0)) + Fraction(e.weight, total)
    return out


def mean_award(feature: Any, count: int, *, retrigger: bool = False) -> Fraction:
    return sum((n * p for n, p in award_distribution(feature, count, retrigger=retrigger).items()), Fraction(0))


def draw(rng: Rng, feature: Any, count: int, *, retrigger: bool = False) -> tuple[int, tuple[int, ...]] | None:
    """The drawn award and its choices (one ``rng.weighted``; none for one entry); None: fixed."""
    table = table_for(feature, count, retrigger=retrigger)
    if not table:
        return None
    choices = tuple(int(e.value) for e in table)
    if len(table) == 1:
        return choices[0], choices
    return choices[rng.weighted([e.weight for e in table])], choices


def filled_awards(tables: dict[int, tuple[Any, ...]]) -> dict[int, int]:
    """``awards`` filled from drawn tables: each count's largest draw."""
    return {k: max((int(e.value) for e in table), default=0) for k, table in tables.items()}


def check(defn: Any, feature: Any, report: Any) -> None:
    if not (feature.drawn_spins or feature.retrigger_drawn_spins):
        return
    if feature.minimum_win_x_bet:
        report(("minimum_win_x_bet",), "a top-up is not priced with a drawn number of spins: leave one out")
    if any(getattr(p, "type", "") == "progress_levels" for p in defn.features):
        report(("drawn_spins",), "progress levels count a fixed award: not with a drawn number of spins")
    for name in ("drawn_spins", "retrigger_drawn_spins"):
        for count, table in getattr(feature, name).items():
            if count < 1:
                report((name, count, "__key__"), f"symbol count {count} must be at least 1")
            if not table:
                report((name, count), "a drawn table needs at least one entry")
            for j, e in enumerate(table):
                if e.value.denominator != 1 or e.value < 1:
                    report((name, count, j, "value"), f"a drawn number of spins must be a whole number of at "
                           f"least 1, got {e.value}")
                if e.weight < 1:
                    report((name, count, j, "weight"), f"weight must be at least 1, got {e.weight}")
