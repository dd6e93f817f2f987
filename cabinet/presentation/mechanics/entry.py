"""``Entry``: the plain record each mechanic package builds its ``MECHANIC`` from."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..engine import Join, Presenter
from .moments import Moments, no_moments


def no_rows(defn: Any, params: Any) -> tuple[Any, ...]:
    return ()


@dataclass(frozen=True)
class Entry:
    """A mechanic (``mechanics.Mechanic``): its presenters by event kind, its part in the
    pipeline's events, its INFO section writer, its FEATURES-glass rows and its gallery
    moments (``moments.Moments``; none by default)."""

    type: str
    heading: str  # its INFO heading when the YAML neither names the feature nor gives ``texts: {heading}``
    rules: Callable[[Any, Any], Any]
    presenters: Mapping[str, Presenter] = field(default_factory=dict)
    joins: Mapping[str, Join] = field(default_factory=dict)
    side_rows: Callable[[Any, Any], tuple[Any, ...]] = no_rows
    moments: Callable[[Any, Any], tuple[Moments, ...]] = no_moments
    moment_names: tuple[str, ...] = ()  # every moment ``moments`` may give, in contact-sheet order
