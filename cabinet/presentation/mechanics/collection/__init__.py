"""A collection meter on screen: its banner when full (``presenter.py``) and its INFO section
(``rules.py``); the meter with its count above the reels is ``presentation/kept_meters.py``."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="collection", heading="COLLECTION", rules=rules, presenters=PRESENTERS)
