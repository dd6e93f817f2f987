"""The Book-style expanding symbol on screen: the drawn symbol's card as free spins start and its
expansion over the reels (``presenter.py``, ``view.py``); its INFO section (``rules.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="expanding_symbol", heading="EXPANDING SYMBOL", rules=rules, presenters=PRESENTERS)
