"""Sticky wild reels on screen: the pipeline's ``ScreenChanged`` presenter and the feature HUD's
frozen reels show them. Its INFO section is ``rules.py``."""

from __future__ import annotations

from ..entry import Entry
from .rules import rules

MECHANIC = Entry(type="sticky_wild_reels", heading="STICKY WILD REELS", rules=rules)
