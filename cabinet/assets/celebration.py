"""A theme's celebration kit: the wordmark of each win tier, what flies in the shower, the
light burst and the win counter's plate, from ``celebration:`` in its theme.yaml.

What the file leaves out is mixed from the theme's own palette and symbols, so every theme,
a new one too, celebrates in its own colours and shapes (BIG WIN in Halloween's pumpkin
orange with pumpkins and bats flying, in Lucky Christmas's gold with baubles) and never in
another theme's. The wordmarks are drawn by ``python -m cabinet.assets`` into
``sprites/<theme>/fx/``; the screen reads the rest of the kit at run time
(``presentation/celebration.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .draw import darken, lighten, mix
from .theme_data import TIERS, CelebrationFile, Theme

WORDS = {"big": "BIG WIN", "mega": "MEGA WIN", "epic": "EPIC WIN", "max": "MAX WIN"}  # "max": the round cap's title
RIMS = {  # the metal round the letters, top to bottom
    "gold": [(0.0, "#fffbe0"), (0.3, "#ffd84a"), (0.55, "#d99a16"), (0.8, "#ffe27a"), (1.0, "#9c5a08")],
    "silver": [(0.0, "#ffffff"), (0.3, "#e4e8f0"), (0.55, "#8a94a8"), (0.8, "#eef2fa"), (1.0, "#4a5262")],
    "copper": [(0.0, "#fff0e0"), (0.3, "#f0a070"), (0.55, "#a04a1a"), (0.8, "#f8c098"), (1.0, "#5a2008")],
}
# shapes no shower should throw: the wilds' badges, card ranks, board blanks and coins of a jackpot
_NOT_PICTURES = ("card", "wild_badge", "board_blank", "jackpot_coin", "gem_bonus", "bar", "seven")


def hex_of(colour: object) -> str:
    """'#rrggbb' of a colour array (0..1) or a '#rrggbb' string."""
    if isinstance(colour, str):
        return colour
    r, g, b = (max(0, min(255, round(float(c) * 255))) for c in colour)  # type: ignore[attr-defined]
    return f"#{r:02x}{g:02x}{b:02x}"


@dataclass(frozen=True)
class Kit:
    """A theme's celebration, every part decided (the file's or mixed from the palette)."""

    words: dict[str, str]  # each tier's wordmark, and "max": the round cap's title
    faces: dict[str, tuple[str, ...]]  # top to bottom
    glows: dict[str, str]
    edge: str
    rim: list[tuple[float, str]]
    particles: tuple[str, ...]  # "coin", "star" or symbol ids
    plate: tuple[str, str]  # fill, rim
    rays: str


SHARED_HUES = {"big": "#ffc21a", "mega": "#ff4ad0", "epic": "#3ad0ff"}  # the shared banners' own


def _saturated(colour: str) -> bool:
    h = colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return max(r, g, b) - min(r, g, b) >= 60


def _face(colour: str) -> tuple[str, ...]:
    """A wordmark face lit from above in one colour: white, light, the colour, deep, a bounce."""
    return ("#ffffff", hex_of(lighten(colour, 0.55)), colour, hex_of(darken(colour, 0.35)),
            hex_of(lighten(colour, 0.35)))


def default_particles(theme: Theme) -> tuple[str, ...]:
    """Coins, and the theme's own shape: its corner art, else its first picture symbol."""
    if theme.corner_art:
        return ("coin", theme.corner_art, "star")
    pictures = [s.id for s in theme.symbols if s.shape not in _NOT_PICTURES]
    return ("coin", *pictures[:1], "star")


def kit_for(theme: Theme) -> Kit:
    file = theme.celebration or CelebrationFile()
    colours = theme.colours
    glow, accent, accent2 = colours["glow"], colours["accent"], colours["accent2"]
    # each tier in a colour of the palette; a white or grey one (snow, chrome) reads as no colour
    # at all on a wordmark, so that tier takes the shared banner's hue instead
    wanted = {"big": glow, "mega": accent, "epic": accent2, **file.glows}  # the file's glows lead
    tier_colour = {tier: colour if _saturated(colour) else SHARED_HUES[tier] for tier, colour in wanted.items()}
    return Kit(
        words={t: file.words.get(t, WORDS[t]) for t in WORDS},
        faces={t: tuple(file.faces.get(t, ())) or _face(tier_colour[t]) for t in TIERS},
        glows={t: file.glows.get(t, tier_colour[t]) for t in TIERS},
        edge=file.edge or hex_of(darken(colours["plate"], 0.6)),
        rim=RIMS[file.rim],
        particles=tuple(file.particles) or default_particles(theme),
        plate=(file.plate[0], file.plate[1]) if len(file.plate) == 2 else
        (hex_of(mix(darken(colours["plate"], 0.45), colours["bg_top"], 0.3)), glow),
        rays=file.rays or glow,
    )


def wordmark(kit: Kit, tier: str, w: int = 1000, h: int = 260) -> pygame.Surface:
    """The tier's wordmark in the kit's colours (the same drawing as the shared banners)."""
    from .fx import win_banner

    return win_banner(tier, w, h, words=kit.words[tier], face=list(kit.faces[tier]), glow=kit.glows[tier],
                      edge=kit.edge, rim=kit.rim)
