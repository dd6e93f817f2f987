"""The kiosk's progressive jackpot on screen: its win banner (``presenter.py``), its INFO
section (``rules.py``); the live meter above the reels is ``presentation/kept_meters.py``."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules

MECHANIC = Entry(type="progressive_jackpot", heading="PROGRESSIVE JACKPOT", rules=rules, presenters=PRESENTERS)
