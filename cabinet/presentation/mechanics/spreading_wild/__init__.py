"""Spreading wilds on screen: the wild grows out of its cell over the cells it covers
(``presenter.py``), then the pipeline's ``ScreenChanged`` shows them wild. Its INFO section is
``rules.py``."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="spreading_wild", heading="SPREADING WILDS", rules=rules, presenters=PRESENTERS)
