"""A random multiplier on screen: per spin, the drawn value said on the status line; per reel, each
reel's value on a plate over it (``presenter.py``, ``view.py``); its INFO section (``rules.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="random_multiplier", heading="RANDOM MULTIPLIER", rules=rules, presenters=PRESENTERS)
