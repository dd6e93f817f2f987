"""Expanding wilds on screen: the pipeline's ``ScreenChanged`` presenter shows the grown reel.
Its INFO section is ``rules.py``."""

from __future__ import annotations

from ..entry import Entry
from .rules import rules

MECHANIC = Entry(type="expanding_wild", heading="EXPANDING WILDS", rules=rules)
