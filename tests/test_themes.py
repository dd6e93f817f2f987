"""A theme is a folder (issue 22): sprites/<theme>/theme.yaml is read with the game loader's
messages, the feature atmosphere and corner art come from it, a theme without it gets a
neutral look of its own art, and sounds may be WAV or OGG."""

from __future__ import annotations

import shutil
import subprocess
import sys
import typing
from pathlib import Path

import numpy as np
import pygame
import pytest

from cabinet.assets import themes
from cabinet.assets.themes import THEMES, load_theme, sound_file, theme_names
from cabinet.core.loader import DefinitionError
from cabinet.presentation import atmosphere, side_art

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "sprites"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cabinet home the themes are looked up in."""
    (tmp_path / "sprites").mkdir()
    monkeypatch.setenv("CABINET_HOME", str(tmp_path))
    return tmp_path


def write_theme(home: Path, name: str, text: str) -> Path:
    path = home / "sprites" / name / "theme.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_every_shipped_theme_is_a_folder_with_its_file() -> None:
    folders = sorted(p.name for p in SPRITES.iterdir() if p.is_dir() and p.name != "common")
    assert theme_names(SPRITES) == tuple(folders)
    assert len(folders) >= 6


def test_the_file_names_what_the_painters_know() -> None:
    """The format's choices are the painters' own names, no more and no fewer (the names live
    in theme_data.py, which imports no painter; the painters are checked against them here)."""
    from cabinet.assets import music, symbols, theme_data, ui

    assert set(typing.get_args(theme_data.Decor)) - {""} == set(atmosphere._DECOR)
    assert set(typing.get_args(theme_data.Trim)) - {""} == set(atmosphere._TRIMS)
    assert set(theme_data.BACKDROPS) == set(ui.BACKGROUNDS) == set(theme_data.BACKDROP_COLOURS)
    for name in theme_data.INSTRUMENTS:  # each name plays (music.instrument refuses an unknown one)
        assert np.abs(music.instrument(name, 60, 0.1)).max() > 0.01, name
    for name in theme_data.DRUMS:
        assert bool(music.drum_hits(name, 4)) == (name != "none"), name
    for theme in THEMES.values():
        assert theme.background in theme_data.BACKDROPS
        assert all(s.shape in symbols.SHAPES for s in theme.symbols)
        for spec in (theme.music, theme.feature_music):
            assert spec is not None
            assert {spec.lead, spec.bass, spec.pad} <= set(theme_data.INSTRUMENTS) and spec.drums in theme_data.DRUMS


def test_shipped_atmospheres_and_corner_art_come_from_the_files() -> None:
    christmas = atmosphere.style_for("christmas")
    assert (christmas.particles, christmas.decor, christmas.trim, christmas.lights) == ("snow", "aurora", "snow", "string")
    assert christmas.glow == (150, 210, 255)
    assert atmosphere.style_for("halloween").counts == (14, 22)
    assert side_art.art_name("lucky") == "lucky/symbols/lantern.png"
    assert side_art.art_name("classic") is None


BROKEN = """\
format: 1
title: "BROKEN"
background: casinoo
colours: {bg_top: "#000000", bg_bottom: "#000000", accent: "#ffffff", accent2: "#ffffff", glow: red,
          reel_mid: "#ffffff", reel_edge: "#000000", plate: "#101010"}
symbols:
  - {id: A, shape: cardd, text: "A"}
music: {root: 60, scale: major, bpm: 100, progression: [0], lead: square, bass: soft_bass, pad: organ,
        drums: chip, seed: 1, tempo: 3}
atmosphere:
  sky: ["#000000", "#000000"]
  glow: "#ffffff"
  card: ["#000000", "#000000"]
  rim: "#ffffff"
  title: "#ffffff"
  frost: "#ffffff"
  decor: moonn
"""


def test_mistakes_in_a_theme_file_are_named_by_line_and_column(home: Path) -> None:
    path = write_theme(home, "broken", BROKEN)
    with pytest.raises(DefinitionError) as caught:
        load_theme("broken")
    lines = str(caught.value).splitlines()
    # the conversion's problems first (an unknown key, a choice that is not one), all at once
    assert lines == [f"{path}:9:31: unknown key 'tempo' in MusicFile",
                     f"{path}:17:10: 'moonn' is not one of: aurora, beams, grid, fireworks, lanterns, moon, \"\" "
                     "(did you mean 'moon'?)"]
    fixed = BROKEN.replace("tempo: 3", "swing: 0.1").replace("decor: moonn", "decor: moon")
    write_theme(home, "broken", fixed)
    with pytest.raises(DefinitionError) as caught:
        load_theme("broken")
    text = str(caught.value)
    assert f"{path}:3:13: unknown background painter 'casinoo' (did you mean 'casino'?)" in text
    assert f"{path}:4:97: 'red' is not a colour" in text
    assert f"{path}:7:20: unknown shape 'cardd' (did you mean 'card'?)" in text


def test_a_theme_without_its_file_gets_a_neutral_look_of_its_own_art(home: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    symbols = home / "sprites" / "plain" / "symbols"
    symbols.mkdir(parents=True)
    green = pygame.Surface((8, 8), pygame.SRCALPHA)
    green.fill((20, 200, 40, 255))
    pygame.image.save(green, str(symbols / "a.png"))
    glow = pygame.Surface((8, 8), pygame.SRCALPHA)
    glow.fill((255, 0, 0, 255))  # glows are left out of the mean
    pygame.image.save(glow, str(symbols / "a_glow.png"))
    style = atmosphere.style_for("plain")
    assert "theme 'plain' has no" in capsys.readouterr().err
    assert style == atmosphere.neutral((20, 200, 40))
    assert (style.decor, style.trim, style.lights, style.particles) == ("", "", "", "")
    assert style.glow[1] > style.glow[0] and style.glow[1] > style.glow[2]  # green, not another game's gold
    assert side_art.art_name("plain") is None
    for shipped in theme_names(SPRITES):
        assert style != atmosphere.from_file(typing.cast(themes.AtmosphereFile, load_theme(shipped, SPRITES).atmosphere))


def test_a_theme_file_without_atmosphere_takes_its_palette(home: Path) -> None:
    text = (SPRITES / "classic" / "theme.yaml").read_text()
    write_theme(home, "quiet", text[:text.index("atmosphere:")])
    style = atmosphere.style_for("quiet")
    assert style.decor == "" and style.particles == ""
    base = atmosphere._mix((0xff, 0xe2, 0x7a), (0x5a, 0x06, 0x10), 0.4)  # classic's glow towards its bg_top
    assert style == atmosphere.neutral(base)


def test_a_backdrop_paints_in_its_themes_colours_or_its_palettes(home: Path) -> None:
    """The shipped painters' colours are each theme.yaml's ``backdrop_colours`` (its painter's
    order, the bokeh last); a theme that gives none gets its palette's (``palette_role``)."""
    from cabinet.assets import ui

    for name in theme_names(SPRITES):
        theme = load_theme(name, SPRITES)
        names, roles = ui.BACKDROP_COLOURS[theme.background]
        assert len(roles) > len(names)  # every painter's default has its bokeh
        if theme.background != "glow":
            assert len(theme.backdrop_colours) > len(names), name  # the shipped look is the file's
    text = (SPRITES / "christmas" / "theme.yaml").read_text()
    own = load_theme("christmas", SPRITES)
    moonlight_at = (int(0.8 * 160), int(0.15 * 90))  # the snow painter's moon glow, on a 160x90 backdrop
    shown = pygame.surfarray.array3d(ui.background(own, 160, 90))[moonlight_at].astype(int)
    redder = text.replace('"#a0d0ff", "#7a9ac8"', '"#ff4040", "#7a9ac8"', 1)
    assert redder != text
    write_theme(home, "redmoon", redder)
    red = pygame.surfarray.array3d(ui.background(load_theme("redmoon"), 160, 90))[moonlight_at].astype(int)
    assert red[0] > shown[0] + 15 and red[2] < shown[2] - 15  # the moonlight is the file's colour
    lines = [line for line in text.splitlines() if not line.startswith("backdrop_colours:")]
    write_theme(home, "plainsnow", "\n".join(lines) + "\n")
    plain = load_theme("plainsnow")
    assert plain.backdrop_colours == ()
    assert ui.backdrop_colours(plain) == [ui.palette_role(plain, r) for r in ui.BACKDROP_COLOURS["snow"][1]]
    assert ui.palette_role(plain, "accent") == plain.colours["accent"]
    write_theme(home, "short", text.replace('backdrop_colours: ["#ffffff", "#a0d0ff"', 'backdrop_colours: ["#ffffff"'
                                            ).replace('"#ffffff", "#ffffff", "#ffffff"]', '"#ffffff"]', 1))
    with pytest.raises(DefinitionError, match="the snow painter takes 5 colours"):
        load_theme("short")


@pytest.mark.integration  # eleven 1920x1080 backdrops: about twenty seconds
@pytest.mark.parametrize("name", ["classic", "retro", "riches", "christmas", "lucky", "halloween", "canyon", "candy",
                                  "codex", "storm", "reef"])
def test_the_shipped_backdrops_are_redrawn_from_their_files_pixel_for_pixel(name: str) -> None:
    """The painters' colours moved from Python into each theme.yaml: what they draw from the
    files is the shipped background.png, pixel for pixel."""
    from cabinet.assets import ui
    from cabinet.assets.build import BACKGROUND_SIZE

    drawn = pygame.surfarray.array3d(ui.background(load_theme(name, SPRITES), *BACKGROUND_SIZE))
    shipped = pygame.surfarray.array3d(pygame.image.load(str(SPRITES / name / "background.png")))
    assert np.array_equal(drawn, shipped)


def test_a_sticky_reels_snow_cap_is_the_themes(home: Path) -> None:
    """Christmas names its sticky reel's snow cap (``frost_cap``); a snow-trimmed theme that
    names none gets one in its frost colour's whites; ``[]`` or another trim: no cap."""
    def shipped(name: str) -> atmosphere.Atmosphere:
        return atmosphere.from_file(typing.cast(themes.AtmosphereFile, load_theme(name, SPRITES).atmosphere))

    assert shipped("christmas").frost_cap == ((250, 253, 255), (215, 240, 255))
    text = (SPRITES / "christmas" / "theme.yaml").read_text()
    cap_line = next(line for line in text.splitlines() if "frost_cap:" in line)
    write_theme(home, "nocap", text.replace(cap_line, ""))
    derived = atmosphere.style_for("nocap")
    frost = (0xbe, 0xe8, 0xff)
    assert derived.frost_cap == atmosphere.default_frost_cap(frost, "snow") == (
        atmosphere._mix(frost, (255, 255, 255), 0.92), atmosphere._mix(frost, (255, 255, 255), 0.6))
    write_theme(home, "bare", text.replace(cap_line, "  frost_cap: []"))
    assert atmosphere.style_for("bare").frost_cap == ()
    assert shipped("classic").frost_cap == ()  # no snow trim, no cap


def test_the_wheels_colours_are_the_themes_or_its_cards(home: Path) -> None:
    """Halloween's wheel is its file's (``wheel_colours``: the parts, then the rings); a theme
    that names none gets one mixed from its own card, not Halloween's purple."""
    def shipped(name: str) -> atmosphere.Atmosphere:
        return atmosphere.from_file(typing.cast(themes.AtmosphereFile, load_theme(name, SPRITES).atmosphere))

    halloween = shipped("halloween").wheel()
    parts = dict(zip(atmosphere.WHEEL_PARTS, halloween, strict=False))
    assert parts["backing"] == (20, 8, 30) and parts["hub"] == (60, 20, 80) and parts["pass_on"] == (30, 30, 50)
    assert halloween[len(atmosphere.WHEEL_PARTS):] == ((96, 30, 140), (40, 90, 150), (150, 40, 60))  # the rings
    classic = shipped("classic")
    mixed = classic.wheel()
    assert classic.wheel_colours == () and len(mixed) > len(atmosphere.WHEEL_PARTS)
    assert mixed[1] == classic.card[0] and mixed[2] == classic.card[1]  # the hub and the plate: the card's
    assert not set(mixed) & set(halloween)
    text = (SPRITES / "halloween" / "theme.yaml").read_text()
    line = next(x for x in text.splitlines() if x.strip().startswith("wheel_colours:"))
    write_theme(home, "fewrings", text.replace(line, '  wheel_colours: ["#000000", "#111111"]'))
    with pytest.raises(DefinitionError, match="wheel_colours are the backing"):
        load_theme("fewrings")


def test_a_decor_or_trim_without_colours_takes_the_looks_own(home: Path) -> None:
    """Christmas's aurora and snow trim are its file's colours; a theme that names the same
    painters but no colours gets its own glow, rim, title and frost, not Christmas's."""
    text = (SPRITES / "christmas" / "theme.yaml").read_text()
    own = atmosphere.from_file(typing.cast(themes.AtmosphereFile, load_theme("christmas", SPRITES).atmosphere))
    assert own.decor_colour(0) == (0x3c, 0xe6, 0xa0) and own.trim_colour(2) == (0x14, 0x78, 0x32)
    bare = "\n".join(x for x in text.splitlines() if not x.strip().startswith(("decor_colours:", "trim_colours:")))
    write_theme(home, "plainaurora", bare.replace('glow: "#96d2ff"', 'glow: "#80ff40"') + "\n")
    plain = atmosphere.style_for("plainaurora")
    assert plain.decor == "aurora" and plain.decor_colours == () and plain.trim_colours == ()
    assert [plain.decor_colour(k) for k in range(4)] == [(0x80, 0xff, 0x40), plain.rim, plain.title, plain.frost]
    assert [plain.trim_colour(k) for k in range(3)] == [plain.title, plain.frost, plain.card[0]]
    assert not {plain.decor_colour(k) for k in range(4)} & {own.decor_colour(k) for k in range(4)} - {(255, 255, 255)}


def test_the_generator_refuses_a_theme_without_a_file_clearly(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "cabinet.assets", "--theme", "egpyt", "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 1
    assert "no theme 'egpyt'" in done.stderr and "theme.yaml" in done.stderr and "classic" in done.stderr


# ----------------------------------------------------------------------------- WAV or OGG


def test_a_sound_is_found_as_wav_or_ogg(tmp_path: Path) -> None:
    theme, common = tmp_path / "mine", tmp_path / "common"
    theme.mkdir()
    common.mkdir()
    (common / "spin_start.wav").write_bytes(b"")
    assert sound_file((theme, common), "spin_start") == common / "spin_start.wav"
    (theme / "spin_start.ogg").write_bytes(b"")
    assert sound_file((theme, common), "spin_start") == theme / "spin_start.ogg"  # the theme's own, in OGG
    (theme / "spin_start.wav").write_bytes(b"")
    assert sound_file((theme, common), "spin_start") == theme / "spin_start.wav"  # both: WAV first
    assert sound_file((theme,), "music") == theme / "music.wav"  # none: the name a warning gives


def _ogg_encoder() -> list[str] | None:
    for tool, args in (("oggenc", ["-Q", "-o", "{out}", "{wav}"]), ("sox", ["{wav}", "{out}"]),
                       ("ffmpeg", ["-loglevel", "error", "-y", "-i", "{wav}", "-c:a", "libvorbis", "{out}"])):
        if shutil.which(tool):
            return [tool, *args]
    return None


def test_an_ogg_music_loop_plays(tmp_path: Path) -> None:
    """pygame cannot write OGG, so the file is made by an encoder on the machine if there is one."""
    encoder = _ogg_encoder()
    if encoder is None:
        pytest.skip("no OGG encoder (oggenc, sox or ffmpeg) on this machine to make a test file")
    import wave

    wav = tmp_path / "tone.wav"
    with wave.open(str(wav), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(22050)
        t = np.arange(22050) / 22050
        w.writeframes((np.sin(2 * np.pi * 440 * t) * 8000).astype("<i2").tobytes())
    folder = tmp_path / "mine"
    folder.mkdir()
    out = folder / "music.ogg"
    subprocess.run([a.format(out=out, wav=wav) for a in encoder], check=True, timeout=60)
    path = sound_file((folder,), "music")
    assert path == out
    if not pygame.mixer.get_init():
        pygame.mixer.init(22050, -16, 1, 512)
    assert pygame.mixer.Sound(str(path)).get_length() == pytest.approx(1.0, abs=0.1)
    from cabinet.presentation.audio import Audio

    audio = Audio(tmp_path, "mine")  # the cabinet's own player streams the OGG as the theme's music
    audio.start_music()
    assert audio.available and audio._music_playing
    pygame.mixer.music.stop()


# ----------------------------------------------------------------------------- the documented file list


def test_the_readmes_list_every_file_the_generator_writes() -> None:
    """sprites/README.md and sounds/README.md name each file with its size, as build.py makes them."""
    from cabinet.assets import build, fx, ui
    from cabinet.presentation.audio import EFFECTS

    sprites_doc = (SPRITES / "README.md").read_text()
    theme = THEMES["classic"]
    for path, (w, h) in build.theme_files(SPRITES, theme).items():
        name = path.name if path.parent.name != "symbols" else ("symbols/<sprite>_glow.png" if "_glow" in path.name
                                                               else "symbols/<sprite>.png")
        if path.parent.name == "fx":  # the kit's wordmarks share one row
            row = next(line for line in sprites_doc.splitlines() if line.startswith("| `fx/`") and f"`{name}`" in line)
            assert f"{w} × {h}" in row, (name, row)
            continue
        row = next(line for line in sprites_doc.splitlines() if f"`{name}`" in line)
        assert f"{w} × {h}" in row, (name, row)
    for name, (size, *_rest) in ui.BUTTONS.items():
        row = next(line for line in sprites_doc.splitlines() if f"`{name}`" in line or f"`buttons/{name}.png`" in line)
        assert f"{size[0]} × {size[1]}" in row, (name, row)
    for kind in fx.BANNERS:
        assert f"`fx/win_banner_{kind}.png`" in sprites_doc
    sounds_doc = (ROOT / "sounds" / "README.md").read_text()
    for effect in EFFECTS:
        assert f"`{effect}.wav`" in sounds_doc
    assert "`music.wav`" in sounds_doc and "`feature_music.wav`" in sounds_doc


def test_an_edited_theme_file_is_read_again(home: Path) -> None:
    """The designer's live reload: a changed theme.yaml changes the feature's look."""
    import os

    text = (SPRITES / "christmas" / "theme.yaml").read_text()
    path = write_theme(home, "edited", text)
    assert atmosphere.style_for("edited").decor == "aurora"
    path.write_text(text.replace("decor: aurora", "decor: moon"))
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))  # a later change, however fast the disk
    assert atmosphere.style_for("edited").decor == "moon"
