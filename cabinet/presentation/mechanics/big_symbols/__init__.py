"""Big symbols on screen: one large sprite over the block of cells it covers (``presenter.py``,
``view.py``). Its INFO section is ``rules.py``."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="big_symbols", heading="BIG SYMBOLS", rules=rules, presenters=PRESENTERS)
