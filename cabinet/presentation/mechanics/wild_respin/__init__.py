"""The wild respin on screen: the held reel's frame (``view.py``, ``presenter.py``), its INFO
section and FEATURES row (``rules.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules, side_rows
from .shots import NAMES, moments

MECHANIC = Entry(type="wild_respin", heading="WILD RESPIN", rules=rules, presenters=PRESENTERS, side_rows=side_rows,
                moments=moments, moment_names=NAMES)
