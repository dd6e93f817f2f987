"""Themes as data: ``sprites/<theme>/theme.yaml`` says how a theme's symbols, backdrop, logo,
music and feature atmosphere look and sound; the painters here and in ``presentation/``
only read it.

A theme is a folder: ``python -m cabinet.assets --theme NAME`` draws and synthesises every
file ``NAME/theme.yaml`` describes (sprites/README.md lists the keys and the files made).
The file is read with the game loader's conversion, so a mistake is reported as
``sprites/NAME/theme.yaml:LINE:COL: message``, every one at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from ..core.definition import doc
from ..core.loader import Report, load_data_file
from ..paths import sprites_dir
from .theme_data import (
    BACKDROP_COLOURS,
    BACKDROPS,
    DRUMS,
    INSTRUMENTS,
    AtmosphereFile,
    CelebrationFile,
    MusicSpec,
    SymbolSpec,
    Theme,
)

THEME_FILE = "theme.yaml"
FORMAT = 1

MAJOR = (0, 2, 4, 5, 7, 9, 11)
MINOR = (0, 2, 3, 5, 7, 8, 10)
HARMONIC_MINOR = (0, 2, 3, 5, 7, 8, 11)
PENTATONIC = (0, 2, 4, 7, 9)
SCALES: dict[str, tuple[int, ...]] = {"major": MAJOR, "minor": MINOR, "harmonic_minor": HARMONIC_MINOR,
                                      "pentatonic": PENTATONIC}
ScaleName = Literal["major", "minor", "harmonic_minor", "pentatonic"]

_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


# ----------------------------------------------------------------------------- the file's format


@dataclass(frozen=True)
class SymbolFile:
    id: str = doc("the game's symbol id; its files are symbols/<id in lower case>.png and _glow.png")
    shape: str = doc("the painter that draws it (cabinet/assets/symbols*.py SHAPES)")
    palette: dict[str, str] = doc("colours by role (main, hi, lo, plate, ...) over the shape's own", factory=dict)
    text: str = doc("the caption a badge, card or coin shape writes (empty: the shape's own)", default="")
    n: int = doc("how many bars a bar shape draws (0: the shape's default)", default=0)
    points: int = doc("a star's points (0: the shape's default)", default=0)
    inner: str = doc("the shape a 'double' frame holds", default="")
    own: bool = doc("the symbol's PNG is the designer's own: the generator never writes over its files (it "
                    "draws the shape only where there is no file yet, and a missing _glow.png from the PNG)",
                    default=False)

    def spec(self) -> SymbolSpec:
        params: dict[str, Any] = {}
        if self.text:
            params["text"] = self.text
        if self.n:
            params["n"] = self.n
        if self.points:
            params["points"] = self.points
        if self.inner:
            params["inner"] = self.inner
        return SymbolSpec(self.id, self.shape, dict(self.palette), params, self.own)


@dataclass(frozen=True)
class MusicFile:
    root: int = doc("the key's root note (MIDI number, 60 = middle C)")
    scale: ScaleName = doc("the scale the chords and the melody use")
    bpm: Fraction = doc("beats a minute")
    progression: tuple[int, ...] = doc("each bar's chord as a scale degree (0-based)")
    lead: str = doc("the melody's instrument (cabinet/assets/theme_data.py INSTRUMENTS)")
    bass: str = doc("the bass instrument")
    pad: str = doc("the chords' instrument")
    drums: str = doc("the drum pattern")
    seed: int = doc("the melody's seed (the same seed, the same tune)")
    beats_per_bar: int = doc("beats in a bar", default=4)
    swing: Fraction = doc("how late the off-beats come, as a share of a beat", default=Fraction(0))
    bars: int = doc("the loop's length in bars", default=8)
    arp: str = doc("an instrument for running sixteenths over the chords (empty: none)", default="")

    def spec(self) -> MusicSpec:
        return MusicSpec(root=self.root, scale=SCALES[self.scale], bpm=float(self.bpm),
                         progression=self.progression, lead=self.lead, bass=self.bass, pad=self.pad,
                         drums=self.drums, seed=self.seed, beats_per_bar=self.beats_per_bar,
                         swing=float(self.swing), bars=self.bars, arp=self.arp)


@dataclass(frozen=True)
class ThemeFile:
    format: int = doc(f"the theme file's format version ({FORMAT})")
    title: str = doc("the logo's big line")
    background: str = doc("the backdrop's painter (cabinet/assets/theme_data.py BACKDROPS)")
    colours: dict[str, str] = doc("bg_top, bg_bottom, accent, accent2, glow, reel_mid, reel_edge, plate")
    symbols: tuple[SymbolFile, ...] = doc("one entry per symbol the theme's games use")
    music: MusicFile = doc("the loop played while the game is on")
    subtitle: str = doc("the logo's small second line", default="")
    feature_music: MusicFile | None = doc("the loop a feature plays from its intro to its outro", default=None)
    atmosphere: AtmosphereFile | None = doc("a feature's look (absent: derived from the colours)", default=None)
    corner_art: str = doc("a symbol id hung in the screen's top corners (empty: none)", default="")
    backdrop_colours: tuple[str, ...] = doc("the backdrop painter's own colours in its order, the bokeh last "
                                            "(cabinet/assets/theme_data.py BACKDROP_COLOURS; empty: the palette's)",
                                            default=())
    display_face: Literal["dejavu", "bebas", "lobster", "spartan"] = doc(
        "the face of the theme's titles and big numbers: dejavu (the body face), bebas (tall condensed capitals), "
        "lobster (a bold script), spartan (a heavy geometric sans); every one ships with its licence",
        default="dejavu")
    celebration: CelebrationFile | None = doc("the big-win kit: wordmarks, shower, counter plate (absent: mixed "
                                              "from the colours and symbols)", default=None)

    def theme(self, name: str) -> Theme:
        return Theme(name=name, title=self.title, subtitle=self.subtitle,
                     symbols=tuple(s.spec() for s in self.symbols), background=self.background,
                     colours=dict(self.colours), music=self.music.spec(),
                     feature_music=self.feature_music.spec() if self.feature_music else None,
                     atmosphere=self.atmosphere, corner_art=self.corner_art,
                     backdrop_colours=tuple(self.backdrop_colours), celebration=self.celebration,
                     display_face=self.display_face)


REQUIRED_COLOURS = ("bg_top", "bg_bottom", "accent", "accent2", "glow", "reel_mid", "reel_edge", "plate")


def _check(file: ThemeFile, report: Report) -> None:
    """What the types cannot say: colours are #rrggbb, names exist, symbol ids are unique."""
    from .symbols import SHAPES  # the symbol painters' registry (it reads no theme)

    def colour(value: str, where: tuple[Any, ...]) -> None:
        if not _COLOUR.fullmatch(value):
            report(where, f"'{value}' is not a colour: write \"#rrggbb\"")

    def choice(value: str, names: Any, where: tuple[Any, ...], what: str) -> None:
        if value not in names:
            close = _close(value, names)
            report(where, f"unknown {what} '{value}'{close}; available: {', '.join(sorted(names))}")

    if file.format != FORMAT:
        report(("format",), f"theme file format {file.format} is not known; this cabinet reads format {FORMAT}")
    choice(file.background, BACKDROPS, ("background",), "background painter")
    for i, value in enumerate(file.backdrop_colours):
        colour(value, ("backdrop_colours", i))
    names = BACKDROP_COLOURS.get(file.background, ((), ()))[0]
    if file.backdrop_colours and len(file.backdrop_colours) <= len(names):
        report(("backdrop_colours",), f"the {file.background} painter takes {len(names)} colours ("
               f"{', '.join(names)}) and one bokeh colour or more; got {len(file.backdrop_colours)}")
    for key in REQUIRED_COLOURS:
        if key not in file.colours:
            report(("colours",), f"missing colour '{key}' (the colours are {', '.join(REQUIRED_COLOURS)})")
    for key, value in file.colours.items():
        colour(value, ("colours", key))
    seen: set[str] = set()
    for i, s in enumerate(file.symbols):
        if s.id in seen:
            report(("symbols", i, "id"), f"symbol '{s.id}' is drawn twice")
        seen.add(s.id)
        choice(s.shape, SHAPES, ("symbols", i, "shape"), "shape")
        if s.inner:
            choice(s.inner, SHAPES, ("symbols", i, "inner"), "shape")
        for role, value in s.palette.items():
            colour(value, ("symbols", i, "palette", role))
        if s.shape in SHAPES:
            _check_palette(s.shape, s.inner, s.palette, ("symbols", i, "palette"), report)
    if file.corner_art and file.corner_art not in seen:
        report(("corner_art",), f"corner_art '{file.corner_art}' is not one of the theme's symbols{_close(file.corner_art, seen)}")
    for part in ("music", "feature_music"):
        music = getattr(file, part)
        if music is None:
            continue
        for voice in ("lead", "bass", "pad") + (("arp",) if music.arp else ()):
            choice(getattr(music, voice), INSTRUMENTS, (part, voice), "instrument")
        choice(music.drums, DRUMS, (part, "drums"), "drum pattern")
        if music.bpm <= 0 or music.bars < 1 or music.beats_per_bar < 1 or not music.progression:
            report((part,), "bpm, bars and beats_per_bar must be positive and the progression not empty")
    _check_celebration(file.celebration, seen, colour, report)
    a = file.atmosphere
    if a is not None:
        for key in ("glow", "rim", "title", "frost"):
            colour(getattr(a, key), ("atmosphere", key))
        for key in ("sky", "card", "light_colours", "particle_colours", "decor_colours", "trim_colours", "frost_cap",
                    "wheel_colours"):
            for i, value in enumerate(getattr(a, key) or ()):
                colour(value, ("atmosphere", key, i))
        if a.wheel_colours and len(a.wheel_colours) < 7:
            report(("atmosphere", "wheel_colours"), "wheel_colours are the backing, hub, plate, seams, win and "
                   f"pass_on colours, then one colour a ring or more; got {len(a.wheel_colours)}")
        if a.frost_cap and len(a.frost_cap) != 2:
            report(("atmosphere", "frost_cap"), "frost_cap is a pair [snow, icicles] (or [] for none)")
        for key in ("sky", "card", "counts"):
            if len(getattr(a, key)) != 2:
                report(("atmosphere", key), f"{key} is a pair [top, bottom]" if key != "counts"
                       else "counts is a pair [over the backdrop, over the card]")
        if not 0 <= a.sky_alpha <= 255:
            report(("atmosphere", "sky_alpha"), f"sky_alpha is 0-255, got {a.sky_alpha}")
        if not a.light_colours or not a.particle_colours:
            report(("atmosphere",), "light_colours and particle_colours need one colour at least")


def _check_celebration(kit: CelebrationFile | None, symbols: set[str], colour: Callable[[str, tuple[Any, ...]], None],
                       report: Report) -> None:
    if kit is None:
        return
    from .theme_data import TIERS

    for key in ("words", "faces", "glows"):
        known = (*TIERS, "max") if key == "words" else TIERS  # words: the round cap's title too
        for tier in getattr(kit, key):
            if tier not in known:
                report(("celebration", key, tier, "__key__"), f"'{tier}' is not a win tier: the tiers are "
                       f"{', '.join(known)}{_close(tier, known)}")
    for tier, stops in kit.faces.items():
        if not 3 <= len(stops) <= 6:
            report(("celebration", "faces", tier), f"a face is 3 to 6 colours, top to bottom; got {len(stops)}")
        for i, value in enumerate(stops):
            colour(value, ("celebration", "faces", tier, i))
    for tier, value in kit.glows.items():
        colour(value, ("celebration", "glows", tier))
    for key in ("edge", "rays"):
        if getattr(kit, key):
            colour(getattr(kit, key), ("celebration", key))
    if kit.plate and len(kit.plate) != 2:
        report(("celebration", "plate"), f"the plate is a pair [fill, rim]; got {len(kit.plate)}")
    for i, value in enumerate(kit.plate):
        colour(value, ("celebration", "plate", i))
    for i, name in enumerate(kit.particles):
        if name not in ("coin", "star") and name not in symbols:
            report(("celebration", "particles", i), f"'{name}' is neither coin, star nor a symbol of the theme"
                   f"{_close(name, symbols | {'coin', 'star'})}")


def _check_palette(shape: str, inner: str, palette: Mapping[str, str], where: tuple[Any, ...],
                   report: Report) -> None:
    """A palette role the shape never reads is a typo (``mian:``) or a colour that changes nothing."""
    from .palettes import palette_roles

    roles = palette_roles(shape, inner)
    for role in palette:
        if role in roles:
            continue
        if roles:
            report((*where, role, "__key__"), f"shape '{shape}' reads no palette role '{role}'{_close(role, roles)}; it reads "
                                   f"{', '.join(sorted(roles))} (sprites/README.md, Shapes)")
        else:
            report((*where, role, "__key__"), f"shape '{shape}' draws in its own colours and reads no palette role: "
                                   f"'{role}' would change nothing (sprites/README.md, Shapes)")


def _close(word: str, names: Any) -> str:
    import difflib
    close = difflib.get_close_matches(word, list(names), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


# ----------------------------------------------------------------------------- the files a game needs

SOUND_SUFFIXES = (".wav", ".ogg")  # a theme's or an effect's file in either form (WAV first when both exist)
ART_FILES = ("background.png", "logo.png", "reel_frame.png", "reel_bg.png")  # background_portrait.png: optional


def sound_file(folders: tuple[Path, ...], stem: str) -> Path:
    """The first ``stem.wav`` or ``stem.ogg`` in ``folders`` (a theme's folder before
    ``common/``); the first folder's WAV when there is none, so a warning names the file wanted."""
    for folder in folders:
        for suffix in SOUND_SUFFIXES:
            path = folder / f"{stem}{suffix}"
            if path.is_file():
                return path
    return folders[0] / f"{stem}{SOUND_SUFFIXES[0]}"


# ----------------------------------------------------------------------------- finding themes


def theme_file(name: str, root: Path | None = None) -> Path:
    return (root or sprites_dir()) / name / THEME_FILE


def load_theme(name: str, root: Path | None = None) -> Theme:
    """``<root>/<name>/theme.yaml`` (root: the project's sprites/); raises DefinitionError
    (every problem with its line and column) or CabinetError (no such file)."""
    file = load_data_file(theme_file(name, root), ThemeFile, what="a theme file", check=_check)
    return file.theme(name)


def theme_names(root: Path | None = None) -> tuple[str, ...]:
    """Every theme folder that has a theme.yaml, sorted."""
    folder = root or sprites_dir()
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.parent.name for p in folder.glob(f"*/{THEME_FILE}")))


class _Themes(Mapping[str, Theme]):
    """The project's themes, read from their folders when first asked for (``THEMES["classic"]``)."""

    def __init__(self) -> None:
        self._loaded: dict[tuple[Path, str], Theme] = {}

    def __getitem__(self, name: str) -> Theme:
        key = (sprites_dir(), name)
        if key not in self._loaded:
            if not theme_file(name).is_file():
                raise KeyError(name)
            self._loaded[key] = load_theme(name)
        return self._loaded[key]

    def __iter__(self) -> Iterator[str]:
        return iter(theme_names())

    def __len__(self) -> int:
        return len(theme_names())


THEMES: Mapping[str, Theme] = _Themes()

_READ: dict[tuple[Path, str, int], Theme | None] = {}


def theme_stamp(name: str) -> int:
    """When the theme's file last changed (0: there is none): a designer's edit is read anew."""
    try:
        return theme_file(name).stat().st_mtime_ns
    except OSError:
        return 0


def read_theme(name: str) -> Theme | None:
    """The screen's way in: the theme from the project's sprites/, or None, with one warning,
    when its theme.yaml is missing or has mistakes (the cabinet plays on with a neutral look).
    Read again once the file changes (the designer's live reload)."""
    import sys

    from ..errors import CabinetError

    key = (sprites_dir(), name, theme_stamp(name))
    if key not in _READ:
        path = theme_file(name)
        theme = None
        if not path.is_file():
            print(f"cabinet: warning: theme '{name}' has no {path}: its features get a neutral look in the "
                  "colours of its symbols and no corner art (sprites/README.md says what a theme.yaml holds)",
                  file=sys.stderr)
        else:
            try:
                theme = load_theme(name)
            except CabinetError as exc:
                print(f"cabinet: warning: {exc}\ncabinet: warning: theme '{name}' is shown with a neutral look",
                      file=sys.stderr)
        _READ[key] = theme
    return _READ[key]
