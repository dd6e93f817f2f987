"""The panel door (the ``mummy_access`` block): the panel beside the reels (``view.py``), its
presenters (``presenter.py``), its INFO section and FEATURES row (``rules.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import JOINS, PRESENTERS
from .rules import rules, side_rows
from .shots import NAMES, moments

MECHANIC = Entry(type="panel_door", heading="PANEL DOOR", rules=rules, presenters=PRESENTERS, joins=JOINS, side_rows=side_rows,
                moments=moments, moment_names=NAMES)
