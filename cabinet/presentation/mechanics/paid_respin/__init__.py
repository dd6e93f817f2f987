"""A paid respin on screen: the reels' price tags are the base scene's (``hud.draw_respin_tags``);
the pipeline's presenters show its spins. Its INFO section is ``rules.py``."""

from __future__ import annotations

from ..entry import Entry
from .rules import rules

MECHANIC = Entry(type="paid_respin", heading="RESPIN", rules=rules)
