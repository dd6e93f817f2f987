"""Multiplier wilds on screen: the drawn value stamped on its wilds (``presenter.py``); its INFO
section (``rules.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="multiplier_wilds", heading="MULTIPLIER WILDS", rules=rules, presenters=PRESENTERS)
