"""What the band under the reels carries, read from the definition alone: the bet panel's
pills (a game that names its bet by LEVEL) or a paid respin's price tags.

Below both ``context`` (which lays the screen out with it) and ``bet_panel`` (which draws
the pills): neither has to ask the other.
"""

from __future__ import annotations

from cabinet.core.definition import Definition


def shows_panel(defn: Definition) -> bool:
    """Whether the game names its bet by LEVEL, so the bet panel's pills sit under the reels."""
    return defn.bet.label == "level"


def uses_tag_band(defn: Definition) -> bool:
    """Whether the game shows anything in the band under the reels: the bet pills, or a paid
    respin's price tags. A taller grid takes the band when it does not (``compute_layout``)."""
    return shows_panel(defn) or any(getattr(f, "type", "") == "paid_respin" for f in defn.features)
