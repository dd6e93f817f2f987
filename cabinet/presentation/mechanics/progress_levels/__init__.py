"""Progress levels on screen (inside free spins): the bar, banners and sticky reels
(``presenter.py``, drawing the free-spins scene's ``feature_hud.py``); its INFO section
(``rules.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="progress_levels", heading="PROGRESS LEVELS", rules=rules, presenters=PRESENTERS)
