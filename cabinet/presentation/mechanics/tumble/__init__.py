"""Tumbles on screen: each screen's wins count, the winners burst, the rest fall, new symbols
drop in (``presenter.py``, ``view.py``, the timeline in ``motion.py``); the multiplier ladder
and the sequence's total beside the reels (``panel.py``); its INFO section (``rules.py``);
its gallery moments, a sequence frame by frame (``shots.py``)."""

from __future__ import annotations

from ..entry import Entry
from .presenter import JOINS, PRESENTERS
from .rules import rules
from .shots import MOMENT_NAMES, moments

MECHANIC = Entry(type="tumble", heading="TUMBLES", rules=rules, presenters=PRESENTERS, joins=JOINS, moments=moments,
                 moment_names=MOMENT_NAMES)
