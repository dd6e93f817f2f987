"""The cabinet's chrome in the theme's own materials: the deck under the reels, its meters and
pills, the pop-up panels, tabs, rows and the feature badges.

Every colour is mixed from the theme's palette (its ``plate`` colour for the lacquer, its
celebration kit's metal for the rims), so Lucky Christmas's deck is a deep pine green with
silver trim, Happy Riches' a lacquer red with gold, and no theme shows another's purple. A game
whose theme cannot be read gets the cabinet's neutral purple-and-gold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

RGB = tuple[int, int, int]
METALS: dict[str, RGB] = {"gold": (236, 196, 92), "silver": (206, 214, 228), "copper": (222, 140, 90)}


@dataclass(frozen=True)
class Chrome:
    deck_top: RGB  # the deck's lacquer, lit at its top edge...
    deck_bottom: RGB  # ...and deep at its foot
    panel_top: RGB  # a pop-up panel's lacquer, top and bottom
    panel_bottom: RGB
    well: RGB  # a meter's or pill's dark well
    band: RGB  # a meter's label band, an unchosen tab or row
    chosen: RGB  # a chosen row, tab or option
    rim: RGB  # the metal round meters, panels and pills
    rim_dark: RGB  # the metal's shadowed edge


NEUTRAL = Chrome(deck_top=(46, 30, 74), deck_bottom=(10, 6, 20), panel_top=(52, 28, 86), panel_bottom=(14, 8, 30),
                 well=(12, 9, 24), band=(30, 18, 52), chosen=(90, 54, 140), rim=(236, 196, 92),
                 rim_dark=(120, 80, 30))


def _rgb(colour: str) -> RGB:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def chrome_for(theme: Any) -> Chrome:
    """The theme's chrome (``theme``: an ``assets.theme_data.Theme``, or None: the neutral one)."""
    if theme is None:
        return NEUTRAL
    black = (0, 0, 0)
    lacquer = _rgb(theme.colours["plate"])
    accent = _rgb(theme.colours["accent"])
    rim_name = theme.celebration.rim if theme.celebration is not None else "gold"
    rim = METALS.get(rim_name, METALS["gold"])
    return Chrome(deck_top=_mix(lacquer, black, 0.25), deck_bottom=_mix(lacquer, black, 0.85),
                  panel_top=_mix(lacquer, black, 0.15), panel_bottom=_mix(lacquer, black, 0.8),
                  well=_mix(lacquer, black, 0.88), band=_mix(lacquer, black, 0.6),
                  chosen=_mix(_mix(lacquer, accent, 0.45), black, 0.2), rim=rim, rim_dark=_mix(rim, black, 0.5))


def chrome(ctx: Any) -> Chrome:
    """The chrome of the game on screen (the art builder reads it with the theme)."""
    return getattr(ctx.art, "chrome", None) or NEUTRAL


LACQUERED_BUTTONS = frozenset({"bet_minus", "bet_plus"})  # the shared sprites drawn in the neutral purple


def recolour(surface: Any, target: RGB) -> Any:
    """A copy of ``surface`` whose purple lacquer takes ``target``'s hue (its light and shade
    kept): a shared button sprite in the theme's own colour. Runs once per layout."""
    import numpy as np
    import pygame

    out = surface.copy()
    rgb = pygame.surfarray.pixels3d(out)
    pixels = rgb.astype(np.float32) / 255.0
    high, low = pixels.max(axis=2), pixels.min(axis=2)
    chroma = high - low
    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    safe = np.where(chroma > 1e-6, chroma, 1.0)
    hue = np.where(high == r, ((g - b) / safe) % 6, np.where(high == g, (b - r) / safe + 2, (r - g) / safe + 4)) / 6
    purple = (chroma > 0.12) & (hue > 0.68) & (hue < 0.86)
    tr, tg, tb = (c / 255.0 for c in target)
    t_high, t_low = max(tr, tg, tb), min(tr, tg, tb)
    t_chroma = t_high - t_low
    if t_chroma < 0.08:  # a grey theme colour: leave the purple (no hue to give it)
        del rgb
        return out
    th = ((tg - tb) / t_chroma) % 6 if t_high == tr else ((tb - tr) / t_chroma + 2 if t_high == tg else
                                                           (tr - tg) / t_chroma + 4)
    h6 = th  # the target's hue in sixths
    x = chroma * (1 - abs(h6 % 2 - 1))
    sector = int(h6) % 6
    parts = [(chroma, x, 0 * x), (x, chroma, 0 * x), (0 * x, chroma, x), (0 * x, x, chroma), (x, 0 * x, chroma),
             (chroma, 0 * x, x)][sector]
    m = high - chroma
    for channel in range(3):
        value = (parts[channel] + m) * 255.0
        rgb[..., channel] = np.where(purple, np.clip(value, 0, 255), rgb[..., channel]).astype(np.uint8)
    del rgb
    return out
