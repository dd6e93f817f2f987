"""Symbols turning wild on screen: each is marked (a stamped label) before the pipeline's
``ScreenChanged`` shows the wild in its place (``presenter.py``). Its INFO section is ``rules.py``."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="turn_wild", heading="SYMBOLS TURN WILD", rules=rules, presenters=PRESENTERS)
