"""A theme's data, apart from the code that paints and plays it: the types a theme file
becomes (``Theme``, ``SymbolSpec``, ``MusicSpec``, ``AtmosphereFile``) and the names it may
use (backdrop painters and their palettes, instruments, drum patterns).

It imports no painter. The painters (``ui.py``, ``music.py``, ``presentation/atmosphere.py``)
and the theme file's reader and checker (``themes.py``) all import it; a test keeps each
list of names in step with the painter that understands it (tests/test_themes.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.definition import doc

# The feature atmosphere's painters (presentation/atmosphere.py holds them; a test keeps these in step).
Lights = Literal["string", "marquee", "neon", ""]
Particles = Literal["snow", "sparkle", "embers", "petals", "bats", "stars", ""]
Decor = Literal["aurora", "beams", "grid", "fireworks", "lanterns", "moon", ""]
Trim = Literal["snow", "scrolls", "drips", "grid", ""]


# ----------------------------------------------------------------------------- names a theme may use

# Each painter's own colours, in the order a theme.yaml's ``backdrop_colours`` gives them: its
# named colours, then the bokeh (the soft dots of light: one colour or more, the rest of the
# list). A theme that gives none gets these roles of its palette (``palette_role``).
BACKDROP_COLOURS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {  # painter: (names, palette roles)
    "casino": (("spotlight", "rays", "lattice", "glints"), ("accent", "glow", "glow", "light", "glow", "accent",
                                                            "white")),
    "neon": (("horizon", "horizon_line", "grid_glow", "grid", "sun_top", "sun_bottom", "sun_glow", "glints"),
             ("accent", "white", "accent", "light", "glow", "accent2", "accent", "light", "accent2", "accent")),
    "silk": (("lattice", "light", "glints"), ("glow", "accent", "light", "glow", "accent")),
    "snow": (("glints", "moonlight", "far_hills", "near_hills", "hill_rims"), ("white", "light", "pale", "white",
                                                                               "white", "white")),
    "jade": (("light", "scrolls", "glints"), ("accent", "glow", "light", "glow", "accent2")),
    "spooky": (("moonlight", "moon", "craters", "fog", "ground", "glints"), ("accent", "light", "glow", "accent2",
                                                                            "dark", "light", "accent", "accent2")),
    "glow": (("light", "silk", "glints"), ("accent", "accent2", "glow", "glow", "accent", "accent2")),
}
BACKDROPS: tuple[str, ...] = tuple(BACKDROP_COLOURS)  # the backdrop painters (ui.BACKGROUNDS paints each)

# The names a theme.yaml's music may use (``instrument`` and ``drum_hits`` play them).
INSTRUMENTS = ("square", "pulse", "koto", "bells", "flute", "theremin", "pluck_bass", "square_bass", "soft_bass",
               "organ", "bowed", "chip_arp", "celesta", "pluck")
DRUMS = ("chip", "swing", "temple", "sleigh", "spooky", "gallop", "drive", "chip_drive", "taiko", "spooky_drive",
         "none")


# ----------------------------------------------------------------------------- what the painters read


@dataclass(frozen=True)
class SymbolSpec:
    id: str
    shape: str
    palette: Mapping[str, str] = field(default_factory=dict)
    params: Mapping[str, Any] = field(default_factory=dict)
    own: bool = False  # the designer's own art: the generator never writes over its files


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
    feature_music: MusicSpec | None = None  # played from a feature's intro to its outro
    atmosphere: AtmosphereFile | None = None  # a feature's look (None: derived from the colours)
    corner_art: str = ""  # the symbol hung in the screen's top corners ("": none)
    backdrop_colours: tuple[str, ...] = ()  # the backdrop painter's own colours (empty: its palette's)
    celebration: CelebrationFile | None = None  # the big-win kit (None: mixed from the colours and symbols)
    display_face: str = "dejavu"  # the face of its titles and big numbers (presentation/text.py DISPLAY_FACES)

    def symbol(self, sid: str) -> SymbolSpec:
        for s in self.symbols:
            if s.id == sid:
                return s
        raise KeyError(sid)


Rim = Literal["gold", "silver", "copper"]
TIERS = ("big", "mega", "epic")


@dataclass(frozen=True)
class CelebrationFile:
    """How the theme celebrates a big win, a feature's end and a jackpot (``celebration:`` in
    theme.yaml). Every key may be left out: the kit is then mixed from the theme's palette and
    symbols (``cabinet/assets/celebration.py``), so a new theme celebrates in its own colours."""

    words: dict[str, str] = doc("each tier's wordmark (big, mega, epic; absent: BIG WIN, MEGA WIN, EPIC WIN), "
                                "and max: the title when a round reaches the maximum win (absent: MAX WIN)",
                                factory=dict)
    faces: dict[str, tuple[str, ...]] = doc("each tier's wordmark face, top to bottom, 3-6 colours "
                                            "(absent: mixed from the palette)", factory=dict)
    glows: dict[str, str] = doc("each tier's light behind its wordmark (absent: the palette's)", factory=dict)
    edge: str = doc("the wordmark's dark outline (empty: the palette's plate, darkened)", default="")
    rim: Rim = doc("the metal round the wordmark's letters", default="gold")
    particles: tuple[str, ...] = doc("what flies in the shower: coin, star or symbol ids of the theme "
                                     "(empty: coins and the corner art or the theme's first picture symbol)",
                                     factory=tuple)
    plate: tuple[str, ...] = doc("the win counter's plate: fill and rim (empty: the palette's plate and glow)",
                                 factory=tuple)
    rays: str = doc("the light burst's colour behind the wordmark (empty: the palette's glow)", default="")


@dataclass(frozen=True)
class AtmosphereFile:
    """How the theme's features look (presentation/atmosphere.py paints it)."""

    sky: tuple[str, ...] = doc("the feature's sky, top and bottom, laid over the theme's background")
    glow: str = doc("the light behind the reel frame")
    card: tuple[str, ...] = doc("the intro and outro card's fill, top and bottom")
    rim: str = doc("the card's rim")
    title: str = doc("the card's big line")
    frost: str = doc("a sticky reel's frame")
    sky_alpha: int = doc("how much of the sky covers the background (0-255)", default=160)
    lights: Lights = doc("the reel frame's lights: a twinkling strand, chasing marquee bulbs, a neon tube",
                         default="")
    light_colours: tuple[str, ...] = doc("the lights' colours", default=("#ffffff",))
    particles: Particles = doc("what floats over the feature", default="")
    particle_colours: tuple[str, ...] = doc("the particles' colours", default=("#ffffff",))
    decor: Decor = doc("the backdrop's decor", default="")
    trim: Trim = doc("the card's trim", default="")
    counts: tuple[int, ...] = doc("particles over the backdrop, over the card", default=(50, 100))
    decor_colours: tuple[str, ...] = doc("the decor's own colours, in its painter's order (empty: the look's)",
                                         default=())
    trim_colours: tuple[str, ...] = doc("the trim's own colours, in its painter's order (empty: the look's)",
                                        default=())
    frost_cap: tuple[str, ...] | None = doc("a sticky reel's snow cap on its frame: the snow and the icicles "
                                            "(empty: none; absent: the frost's whites under a snow trim)",
                                            default=None)
    wheel_colours: tuple[str, ...] = doc("the wheel's backing, hub, title plate, seams, win box and pass-on "
                                         "pocket, then one colour a ring (empty: mixed from the card's)",
                                         default=())
