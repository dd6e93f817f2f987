"""Free spins on screen: the intro and outro cards and the counter (``view.py``), each
free spin's status line, retriggers and the minimum-win guarantee (``presenter.py``), its INFO
section and its awards on the FEATURES glass (``rules.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import JOINS, PRESENTERS
from .rules import rules, side_rows
from .shots import NAMES, moments

MECHANIC = Entry(type="free_spins", heading="FREE SPINS", rules=rules, presenters=PRESENTERS, joins=JOINS, side_rows=side_rows,
                moments=moments, moment_names=NAMES)
