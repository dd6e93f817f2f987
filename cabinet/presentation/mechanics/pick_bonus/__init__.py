"""The ``pick_bonus`` block on screen: its presenters (``presenter.py``), the bonus scene of
tiles, ladder or lucky slot (``view.py``), its INFO section and FEATURES row (``rules.py``).
Its words are the feature's ``texts:`` and its prizes', rungs' and stops' ``label``s."""

from __future__ import annotations

from ..entry import Entry
from .presenter import PRESENTERS
from .rules import rules, side_rows

MECHANIC = Entry(type="pick_bonus", heading="BONUS", rules=rules, presenters=PRESENTERS, side_rows=side_rows)
