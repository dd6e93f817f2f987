"""A random multiplier per spin on screen: the drawn value said on the status line (the multiplier
wilds' presenter, with no cells to stamp); its INFO section (``rules.py``)."""

from __future__ import annotations

from cabinet.core.features.multiplier_wilds import WinMultiplied

from ..entry import Entry
from ..multiplier_wilds.presenter import multiply_wins
from .rules import rules

MECHANIC = Entry(type="random_multiplier", heading="RANDOM MULTIPLIER", rules=rules,
                 presenters={WinMultiplied.kind: multiply_wins})
