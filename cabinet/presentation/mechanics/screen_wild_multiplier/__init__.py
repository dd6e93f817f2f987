"""Wilds multiplying every win on screen: the multiplier stamped on the wilds (the multiplier
wilds' stamp, ``multiplier_wilds/presenter.py``); its INFO section (``rules.py``)."""

from __future__ import annotations

from cabinet.core.features.multiplier_wilds import WinMultiplied

from ..entry import Entry
from ..multiplier_wilds.presenter import multiply_wins
from .rules import rules

MECHANIC = Entry(type="screen_wild_multiplier", heading="MULTIPLYING WILDS", rules=rules,
                 presenters={WinMultiplied.kind: multiply_wins})
