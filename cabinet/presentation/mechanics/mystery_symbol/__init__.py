"""Mystery symbols on screen: the pipeline's ``ScreenChanged`` presenter shows the reveal over the
reels. Its INFO section is ``rules.py``."""

from __future__ import annotations

from ..entry import Entry
from .rules import rules

MECHANIC = Entry(type="mystery_symbol", heading="MYSTERY SYMBOLS", rules=rules)
