"""Hold and respin on boards: the board scene (``view.py``) and its model (``model.py``), the
presenters of the board events (``presenter.py``), its INFO section and FEATURES rows (``rules.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules, side_rows
from .shots import NAMES, moments

MECHANIC = Entry(type="hold_and_respin", heading="HOLD AND RESPIN", rules=rules, presenters=PRESENTERS, side_rows=side_rows,
                moments=moments, moment_names=NAMES)
