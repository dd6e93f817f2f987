"""The INFO section of a ``paid_respin`` block, written from its parameters."""

from __future__ import annotations

from cabinet.core.features.paid_respin import PaidRespin

from ..writing import FeatureSection, Para, Writer, heading


def rules(w: Writer, f: PaidRespin) -> FeatureSection:
    return FeatureSection(heading(f), "", (Para(
        "After any base-game spin, respin any one reel while the others hold, as often as you like. Each reel "
        "shows its own price under it; only new wins formed by the respin pay. Changing the coin size reprices "
        "the respins. No respins during free spins, nor straight after a feature until SPIN is pressed."),))
