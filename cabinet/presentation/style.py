"""The cabinet's palette: the colours every screen shares (the deck, the glasses, the cards).

One module, importing nothing of the presentation, so a view, a scene or the deck can use
the same gold without importing each other.
"""

from __future__ import annotations

GOLD = (236, 196, 92)
PALE_GOLD = (255, 232, 160)
INK = (12, 9, 24)
WHITE = (250, 248, 240)
