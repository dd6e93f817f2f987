"""Themes as data: which shape and palette draws each symbol, and the look and music of each game.

A new theme is mostly a new entry here: name the shape function (see ``symbols.SHAPES``),
give it a palette and parameters, pick a background style and a music spec.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class SymbolSpec:
    id: str
    shape: str
    palette: Mapping[str, str] = field(default_factory=dict)
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MusicSpec:
    """A looping tune: chords per bar as scale degrees of `root` (MIDI), in `scale` semitone steps."""
    root: int
    scale: tuple[int, ...]
    bpm: float
    progression: tuple[int, ...]  # scale degree of each bar's chord (0-based)
    lead: str  # instrument names understood by music.py
    bass: str
    pad: str
    drums: str
    seed: int
    beats_per_bar: int = 4
    swing: float = 0.0
    bars: int = 8  # the loop's length
    arp: str = ""  # an instrument for running sixteenths over the chords ("": none)


@dataclass(frozen=True)
class Theme:
    name: str
    title: str
    subtitle: str
    symbols: tuple[SymbolSpec, ...]
    background: str  # style name understood by ui.background
    colours: Mapping[str, str]  # bg_top, bg_bottom, accent, accent2, glow, reel_mid, reel_edge, plate
    music: MusicSpec
    feature_music: MusicSpec | None = None  # played from a feature's intro to its outro (FEATURE_MUSIC)

    def symbol(self, sid: str) -> SymbolSpec:
        for s in self.symbols:
            if s.id == sid:
                return s
        raise KeyError(sid)


def S(sid: str, shape: str, palette: Mapping[str, str] | None = None, **params: Any) -> SymbolSpec:
    return SymbolSpec(sid, shape, dict(palette or {}), dict(params))


MAJOR = (0, 2, 4, 5, 7, 9, 11)
MINOR = (0, 2, 3, 5, 7, 8, 10)
HARMONIC_MINOR = (0, 2, 3, 5, 7, 8, 11)
PENTATONIC = (0, 2, 4, 7, 9)

CARD_JADE = {"main": "#12a06a"}
CARD_RED = {"main": "#d81a2a"}
CARD_BLUE = {"main": "#2a62f0"}
CARD_PURPLE = {"main": "#9a2ad8"}
CARD_GREEN = {"main": "#3aa81a"}

THEMES: dict[str, Theme] = {}


def _add(t: Theme) -> None:
    THEMES[t.name] = t


_add(Theme(
    name="classic", title="CLASSIC FRUITS", subtitle="",
    symbols=(
        S("WILD", "wild_badge", {"plate": "#b0101a"}),
        S("STAR", "star"),
        S("SEVEN", "seven"),
        S("BAR", "bar", {"plate": "#141414"}, n=1),
        S("BELL", "bell"),
        S("WATERMELON", "watermelon"),
        S("GRAPES", "grapes", {"hi": "#d79bff", "main": "#7a22b8", "lo": "#2a0650"}),
        S("PLUM", "plum"),
        S("ORANGE", "orange"),
        S("LEMON", "lemon"),
        S("CHERRY", "cherry"),
    ),
    background="casino",
    colours={"bg_top": "#5a0610", "bg_bottom": "#1a0204", "accent": "#ffc83a", "accent2": "#ff3a2a",
             "glow": "#ffe27a", "reel_mid": "#fffaf0", "reel_edge": "#b8a890", "plate": "#8a0a14"},
    music=MusicSpec(root=60, scale=MAJOR, bpm=116, progression=(0, 3, 4, 0, 5, 3, 1, 4), lead="square",
                    bass="pluck_bass", pad="organ", drums="swing", seed=101, swing=0.12),
))

_add(Theme(
    name="retro", title="RETRO REELS", subtitle="DIAMOND GLITZ",
    symbols=(
        S("DIAMOND", "diamond", {"main": "#3a9cff", "glow": "#9fe0ff"}),
        S("SEVEN", "seven", {"hi": "#ff8a7a", "main": "#f01020", "lo": "#6a0008"}),
        S("TRIPLE_BAR", "bar", {"plate": "#0a3a8a", "text": "#ffe27a"}, n=3),
        S("DOUBLE_BAR", "bar", {"plate": "#8a0a2a"}, n=2),
        S("BAR", "bar", {"plate": "#141414"}, n=1),
        S("BELL", "bell"),
        S("CHERRY", "cherry"),
        S("LEMON", "lemon"),
        S("PLUM", "plum"),
        S("BONUS", "gem_bonus", {"main": "#ff1a9a", "plate": "#5a0aa0", "burst": "#ff5ad8", "burst2": "#7a1ad0"}),
    ),
    background="neon",
    colours={"bg_top": "#12041e", "bg_bottom": "#2a0848", "accent": "#ff3ad0", "accent2": "#3ae8ff",
             "glow": "#b0f0ff", "reel_mid": "#2a1244", "reel_edge": "#0a0214", "plate": "#3a0a6a"},
    music=MusicSpec(root=57, scale=MINOR, bpm=118, progression=(0, 5, 2, 6, 0, 5, 3, 4), lead="pulse",
                    bass="square_bass", pad="chip_arp", drums="chip", seed=202),
))

_add(Theme(
    name="riches", title="HAPPY RICHES", subtitle="",
    symbols=(
        S("WILD", "seal_wild", {"plate": "#c0101a"}),
        S("FS", "fs_coin", {"ribbon": "#d0101a"}),
        S("FS2", "double", {"ribbon": "#d0101a", "double": "#1a7a2a"}, inner="fs_coin"),
        S("DRAGON", "dragon", {"mane": "#e0281a"}),
        S("INGOT", "ingot"),
        S("LANTERN", "lantern", {"main": "#e01a1a"}),
        S("FAN", "fan", {"main": "#d0101a", "alt": "#ff4a3a"}),
        S("INGOT2", "double", {"double": "#1a7a2a"}, inner="ingot"),
        S("LANTERN2", "double", {"main": "#e01a1a", "double": "#1a7a2a"}, inner="lantern"),
        S("FAN2", "double", {"main": "#d0101a", "alt": "#ff4a3a", "double": "#1a7a2a"}, inner="fan"),
        S("A", "card", CARD_JADE, text="A"),
        S("K", "card", CARD_RED, text="K"),
        S("Q", "card", CARD_BLUE, text="Q"),
        S("J", "card", CARD_PURPLE, text="J"),
        S("TEN", "card", CARD_GREEN, text="10"),
    ),
    background="silk",
    colours={"bg_top": "#8a0a0a", "bg_bottom": "#2a0202", "accent": "#ffcf3a", "accent2": "#ff6a2a",
             "glow": "#ffe27a", "reel_mid": "#fff3dc", "reel_edge": "#c89a6a", "plate": "#a00a10"},
    music=MusicSpec(root=62, scale=PENTATONIC, bpm=96, progression=(0, 3, 4, 0, 2, 3, 4, 0), lead="koto",
                    bass="soft_bass", pad="bowed", drums="temple", seed=303),
))

_add(Theme(
    name="christmas", title="LUCKY CHRISTMAS", subtitle="",
    symbols=(
        S("WILD", "wild_badge", {"plate": "#0a7a2a"}),
        S("BONUS", "gem_bonus", {"main": "#ff2a2a", "plate": "#0a6a2a", "burst": "#ffe27a", "burst2": "#e0a010"}),
        S("SANTA", "santa"),
        S("REINDEER", "reindeer"),
        S("SNOWMAN", "snowman"),
        S("GIFT", "gift", {"main": "#d0101a", "ribbon": "#ffd84a"}),
        S("STOCKING", "stocking"),
        S("ORNAMENT", "ornament", {"main": "#1a5aff"}),
        S("CANDY_CANE", "candy_cane"),
        S("BELL", "bell"),
        S("HOLLY", "holly"),
    ),
    background="snow",
    colours={"bg_top": "#061a3a", "bg_bottom": "#123a6a", "accent": "#ffffff", "accent2": "#ff3a3a",
             "glow": "#e0f4ff", "reel_mid": "#f4faff", "reel_edge": "#9ab4d0", "plate": "#0a5a2a"},
    music=MusicSpec(root=65, scale=MAJOR, bpm=112, progression=(0, 3, 4, 0, 5, 1, 4, 0), lead="bells",
                    bass="soft_bass", pad="organ", drums="sleigh", seed=404),
))

_add(Theme(
    name="lucky", title="HAPPY LUCKY", subtitle="SLOT",
    symbols=(
        S("BASKET", "basket"),
        S("GOLDEN_BASKET", "golden_basket"),  # Happy Lucky Slot's symbols (symbols_lucky.py)
        S("PLUS", "plus_one"),
        S("MULT", "multiplier_orb"),
        S("MYSTERY", "mystery_box"),
        S("BLANK", "board_blank"),
        S("WILD", "seal_wild", {"plate": "#0a7a5a"}),
        S("COIN", "fs_coin", {"ribbon": "#d0101a"}, text="LUCKY"),
        S("PEACH", "peach"),
        S("LOTUS", "lotus"),
        S("KOI", "koi"),
        S("LANTERN", "lantern", {"main": "#e01a1a"}),
        S("A", "card", CARD_RED, text="A"),
        S("K", "card", CARD_JADE, text="K"),
        S("Q", "card", CARD_BLUE, text="Q"),
        S("J", "card", CARD_PURPLE, text="J"),
    ),
    background="jade",
    colours={"bg_top": "#04382e", "bg_bottom": "#021410", "accent": "#ffcf3a", "accent2": "#ff4a3a",
             "glow": "#ffe27a", "reel_mid": "#fff6e0", "reel_edge": "#b8a070", "plate": "#0a5a46"},
    music=MusicSpec(root=64, scale=PENTATONIC, bpm=104, progression=(0, 2, 3, 4, 0, 2, 4, 0), lead="flute",
                    bass="soft_bass", pad="bowed", drums="temple", seed=505),
))

_add(Theme(
    name="halloween", title="HALLOWEEN WINS 3", subtitle="",
    symbols=(
        S("WILD", "wild_badge", {"plate": "#5a0a8a"}),
        S("XWILD", "wild_badge", {"plate": "#0a7a3a"}, text="EXPAND"),
        S("MWILD", "wild_badge", {"plate": "#c0101a"}, text="WILD x"),
        S("DRACULA", "dracula"),
        S("FRANKENSTEIN", "frankenstein"),
        S("MUMMY", "mummy"),
        S("BONUS", "gem_bonus", {"main": "#ff7a0a", "plate": "#3a0a5a", "burst": "#ffb03a", "burst2": "#8a2a0a"}),
        S("SCATTER", "moon_scatter"),
        S("PUMPKIN", "pumpkin"),
        S("GHOST", "ghost"),
        S("BAT", "bat"),
        S("CAULDRON", "cauldron"),
        S("A", "card", {"main": "#ff7a0a"}, text="A"),
        S("K", "card", CARD_PURPLE, text="K"),
        S("Q", "card", CARD_GREEN, text="Q"),
        S("J", "card", CARD_RED, text="J"),
        # the Halloween Ghosts X board
        S("HG_PUMPKIN", "collector_pumpkin"),
        S("HG_GHOST", "ghost_coin"),
        S("MUMMY_X", "mummy_x"),
        S("MINOR", "jackpot_coin", {"main": "#1a6aff"}, text="MINOR"),
        S("MAJOR", "jackpot_coin", {"main": "#d01a6a"}, text="MAJOR"),
        S("GRAND", "jackpot_coin", {"main": "#1a9a3a"}, text="GRAND"),
        S("BLANK", "board_blank"),
    ),
    background="spooky",
    colours={"bg_top": "#0a0418", "bg_bottom": "#2a0a2a", "accent": "#ff8a1a", "accent2": "#8a3aff",
             "glow": "#ffb04a", "reel_mid": "#2a1a30", "reel_edge": "#08040c", "plate": "#3a0a4a"},
    music=MusicSpec(root=50, scale=HARMONIC_MINOR, bpm=100, progression=(0, 5, 3, 4, 0, 5, 1, 4),
                    lead="theremin", bass="pluck_bass", pad="organ", drums="spooky", seed=606, beats_per_bar=4),
))

# Each theme's feature loop: its own music lifted for the feature, a tone or two higher, faster,
# with a kick on every beat and running sixteenths, four bars long (a short loop keeps the
# sound files small; the feature is over in a minute or two).
FEATURE_MUSIC: dict[str, MusicSpec] = {
    "classic": MusicSpec(root=62, scale=MAJOR, bpm=138, progression=(0, 5, 3, 4), lead="square",
                         bass="pluck_bass", pad="organ", drums="drive", seed=111, bars=4, arp="chip_arp"),
    "retro": MusicSpec(root=59, scale=MINOR, bpm=140, progression=(0, 5, 3, 4), lead="pulse",
                       bass="square_bass", pad="chip_arp", drums="chip_drive", seed=212, bars=4, arp="pluck"),
    "riches": MusicSpec(root=64, scale=PENTATONIC, bpm=132, progression=(0, 3, 4, 0), lead="koto",
                        bass="soft_bass", pad="bowed", drums="taiko", seed=313, bars=4, arp="pluck"),
    "christmas": MusicSpec(root=67, scale=MAJOR, bpm=138, progression=(0, 5, 3, 4), lead="bells",
                           bass="pluck_bass", pad="organ", drums="gallop", seed=414, bars=4, arp="celesta"),
    "lucky": MusicSpec(root=66, scale=PENTATONIC, bpm=138, progression=(0, 2, 4, 0), lead="flute",
                       bass="soft_bass", pad="bowed", drums="taiko", seed=515, bars=4, arp="celesta"),
    "halloween": MusicSpec(root=52, scale=HARMONIC_MINOR, bpm=138, progression=(0, 5, 3, 4),
                           lead="theremin", bass="pluck_bass", pad="organ", drums="spooky_drive", seed=616,
                           bars=4, arp="pluck"),
}
for _name, _spec in FEATURE_MUSIC.items():
    THEMES[_name] = replace(THEMES[_name], feature_music=_spec)

# Finish these first; the others follow when time allows (see the generator's --theme).
PRIORITY = ("classic", "retro", "riches", "christmas", "lucky", "halloween")
