"""What the band under the reels carries, read from the definition alone: the bet panel's
pills (a game that names its bet by LEVEL), a paid respin's price tags, or else the ANTE and
BUY FEATURE pills of a game with such bet modes.

Below both ``context`` (which lays the screen out with it) and ``bet_panel`` (which draws
the pills): neither has to ask the other.
"""

from __future__ import annotations

from cabinet.core.definition import Definition


def shows_panel(defn: Definition) -> bool:
    """Whether the game names its bet by LEVEL, so the bet panel's pills sit under the reels."""
    return defn.bet.label == "level"


def has_respin_tags(defn: Definition) -> bool:
    return any(getattr(f, "type", "") == "paid_respin" for f in defn.features)


def mode_pills_in_band(defn: Definition) -> bool:
    """Whether the ANTE / BUY FEATURE pills go in the band (a game with such modes whose band
    carries nothing else; otherwise they go in the side columns: ``bet_modes.pill_boxes``)."""
    kinds = {getattr(m, "kind", "") for m in getattr(defn, "bet_modes", ())}
    return bool(kinds & {"ante", "buy"}) and not shows_panel(defn) and not has_respin_tags(defn)


def uses_tag_band(defn: Definition) -> bool:
    """Whether the game shows anything in the band under the reels: the bet pills, a paid
    respin's price tags or the bet modes' pills. A taller grid takes the band when it does not
    (``compute_layout``)."""
    return shows_panel(defn) or has_respin_tags(defn) or mode_pills_in_band(defn)
