"""The ``wheel`` block on screen: its presenters (``presenter.py``), the wheel scene
(``view.py``), its INFO section and FEATURES row (``rules.py``). Its words are the
feature's ``texts:``, ring ``name``s and pocket ``label``s (see the block's parameters)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules, side_rows
from .shots import NAMES, moments

MECHANIC = Entry(type="wheel", heading="BONUS WHEEL", rules=rules, presenters=PRESENTERS, side_rows=side_rows,
                moments=moments, moment_names=NAMES)
