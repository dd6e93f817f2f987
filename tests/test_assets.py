"""The generated art and sound: every file the window loads exists, looks drawn, and sounds right."""

from __future__ import annotations

import struct
import wave
from pathlib import Path

import numpy as np
import pygame
import pytest
import yaml

from cabinet.assets import build
from cabinet.assets.themes import THEMES, theme_names

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "sprites"
SOUNDS = ROOT / "sounds"
# every theme folder there is (a folder in sprites/ other than common/), with or without a theme.yaml
THEME_FOLDERS = sorted(p.name for p in SPRITES.iterdir() if p.is_dir() and p.name != "common")
THEME_BUDGET = 5e6  # bytes of sprites/<theme>/ and sounds/<theme>/ together
COMMON_BUDGET = 4e6  # sprites/common/ and sounds/common/

PNG_RGB, PNG_RGBA = 2, 6


def png_header(path: Path) -> tuple[int, int, int, int]:
    """(width, height, bit depth, colour type) straight from the IHDR chunk."""
    with path.open("rb") as f:
        head = f.read(26)
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    w, h, depth, ctype = struct.unpack(">IIBB", head[16:26])
    return w, h, depth, ctype


def load_rgba(path: Path) -> np.ndarray:
    surf = pygame.image.load(str(path))
    rgb = pygame.surfarray.array3d(surf)
    a = pygame.surfarray.array_alpha(surf)
    return np.dstack([rgb, a])


def pcm(path: Path) -> tuple[wave._wave_params, np.ndarray]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = np.frombuffer(w.readframes(params.nframes), dtype="<i2").astype(np.int32)
    return params, data


# ----------------------------------------------------------------------------- files

@pytest.mark.parametrize("theme", theme_names(SPRITES))
def test_theme_sprites_exist_with_size_and_mode(theme: str) -> None:
    files = build.theme_files(SPRITES, THEMES[theme])
    assert len(files) == 2 * len(THEMES[theme].symbols) + 5 + len(build.BANNER_KINDS)  # + the kit's wordmarks
    for path, size in files.items():
        assert path.is_file(), path
        w, h, depth, ctype = png_header(path)
        assert (w, h) == size, path
        assert depth == 8
        opaque_backdrop = path.name.startswith("background")
        assert ctype == (PNG_RGB if opaque_backdrop else PNG_RGBA), path


def test_common_sprites_exist_with_size_and_mode() -> None:
    files = build.common_files(SPRITES)
    # 14 buttons x 3 states, coin + 8 frames, sparkle, particle, payline dot, 3 banners
    assert len(files) == 14 * 3 + 9 + 3 + 3
    for path, size in files.items():
        assert path.is_file(), path
        assert png_header(path)[:2] == size, path
        assert png_header(path)[3] == PNG_RGBA, path


def test_every_game_symbol_has_art() -> None:
    """Each games/*.yaml symbol has its two files in the game's theme folder, and its
    theme.yaml draws it (judged from the files, whatever themes there are)."""
    games = sorted((ROOT / "games").glob("*.yaml"))
    assert games
    for game in games:
        data = yaml.safe_load(game.read_text())
        folder = SPRITES / data["theme"]
        assert (folder / "theme.yaml").is_file(), (game.name, folder)
        drawn = {s.id for s in THEMES[data["theme"]].symbols}
        for symbol in data["symbols"]:
            sid = symbol["id"]
            sprite = symbol.get("sprite") or sid.lower()
            assert (folder / "symbols" / f"{sprite}.png").is_file(), (game.name, sid)
            assert sid in drawn, (game.name, sid)


@pytest.mark.parametrize("folder", THEME_FOLDERS)
def test_every_theme_folder_has_a_theme_file_that_reads(folder: str) -> None:
    """A theme is its folder: each one says in its theme.yaml what it draws and plays."""
    theme = THEMES[folder]
    assert theme.name == folder and theme.symbols and theme.music.bars >= 1


@pytest.mark.parametrize("folder", THEME_FOLDERS)
def test_each_theme_keeps_to_its_size_budget(folder: str) -> None:
    """Per theme, so every new theme has the same room (not what is left of one global cap)."""
    size = sum(p.stat().st_size for d in (SPRITES / folder, SOUNDS / folder) if d.is_dir()
               for p in d.rglob("*") if p.is_file())
    assert size < THEME_BUDGET, (folder, size)


# ----------------------------------------------------------------------------- looks

@pytest.mark.parametrize("theme", theme_names(SPRITES))
def test_symbols_are_drawn_not_flat(theme: str) -> None:
    for spec in THEMES[theme].symbols:
        img = load_rgba(build.symbol_path(SPRITES, theme, spec.id))
        a = img[..., 3]
        # transparent margins: the four corners and the outermost 3-pixel border are clear
        for cx, cy in ((0, 0), (0, 252), (252, 0), (252, 252)):
            assert a[cx:cx + 4, cy:cy + 4].max() == 0, (theme, spec.id, "corner")
        assert a[:3, :].max() <= 40 and a[-3:, :].max() <= 40, (theme, spec.id, "side margin")
        # something solid in the middle, covering a fair share of the cell
        assert (a[48:208, 48:208] > 200).mean() > 0.3, (theme, spec.id, "centre")
        assert 0.2 < (a > 128).mean() < 0.95, (theme, spec.id, "coverage")
        # shading, highlights and outlines: many distinct colours among opaque pixels
        opaque = img[a > 250][:, :3].astype(np.int64)
        distinct = len(np.unique(opaque[:, 0] * 65536 + opaque[:, 1] * 256 + opaque[:, 2]))
        assert distinct > 1500, (theme, spec.id, distinct)
        # light and dark both present (not a flat fill)
        lum = opaque.astype(np.float32) @ np.array([0.3, 0.59, 0.11], dtype=np.float32)
        assert np.percentile(lum, 95) - np.percentile(lum, 5) > 90, (theme, spec.id)


@pytest.mark.parametrize("theme", theme_names(SPRITES))
def test_glow_symbol_adds_a_halo_around_the_same_symbol(theme: str) -> None:
    spec = THEMES[theme].symbols[0]
    plain = load_rgba(build.symbol_path(SPRITES, theme, spec.id))[..., 3].astype(int)
    glow = load_rgba(build.symbol_path(SPRITES, theme, spec.id, glow=True))[..., 3].astype(int)
    assert (glow >= plain - 1).all()  # the symbol is kept
    assert (glow > 30).sum() > (plain > 30).sum() * 1.05  # and a halo surrounds it


@pytest.mark.parametrize("theme", theme_names(SPRITES))
def test_reel_frame_slices_into_nine(theme: str) -> None:
    """Edges are uniform along their length and the window is see-through, so a 9-slice stretch is clean."""
    img = load_rgba(SPRITES / theme / "reel_frame.png").astype(int)
    top_a, top_b = img[150, :48], img[360, :48]
    assert np.abs(top_a - top_b).max() <= 6
    left_a, left_b = img[:48, 150], img[:48, 360]
    assert np.abs(left_a - left_b).max() <= 6
    assert img[100:412, 100:412, 3].max() < 160  # only a soft inner shadow over the reels
    assert img[:40, :40, 3].max() == 255 and img[256, 10, 3] == 255


@pytest.mark.parametrize("theme", theme_names(SPRITES))
def test_reel_bg_tiles_vertically(theme: str) -> None:
    img = load_rgba(SPRITES / theme / "reel_bg.png").astype(int)
    assert np.abs(img[:, 0] - img[:, -1]).max() <= 12
    assert img[..., 3].min() == 255
    assert img[128, 5, :3].sum() != img[5, 5, :3].sum()  # shaded like a drum across its width


def test_buttons_states_differ() -> None:
    b = SPRITES / "common" / "buttons"
    normal = load_rgba(b / "spin.png").astype(int)
    pressed = load_rgba(b / "spin_pressed.png").astype(int)
    disabled = load_rgba(b / "spin_disabled.png").astype(int)
    assert np.abs(normal - pressed).mean() > 3
    sat = disabled[..., :3].max(axis=2) - disabled[..., :3].min(axis=2)
    assert sat[disabled[..., 3] > 200].mean() < 40  # greyed out
    assert normal[128, 128, 3] == 255 and normal[0, 0, 3] == 0


def test_coin_frames_turn() -> None:
    widths = []
    for i in range(8):
        a = load_rgba(SPRITES / "common" / "fx" / f"coin_{i}.png")[..., 3]
        cols = np.nonzero(a.max(axis=1) > 128)[0]
        widths.append(cols[-1] - cols[0] + 1)
    assert widths[0] > 80 and widths[2] < 24 and widths[4] > 80  # face-on, edge-on, face-on


# ----------------------------------------------------------------------------- determinism

def test_symbol_generation_is_deterministic(tmp_path: Path) -> None:
    theme = THEMES["classic"]
    spec = theme.symbol("CHERRY")
    for run in ("a", "b"):
        build.write_symbol(tmp_path / run, theme, spec)
    first = build.symbol_path(tmp_path / "a", "classic", "CHERRY").read_bytes()
    assert first == build.symbol_path(tmp_path / "b", "classic", "CHERRY").read_bytes()
    assert first == build.symbol_path(SPRITES, "classic", "CHERRY").read_bytes()  # the checked-in art is current


def test_sound_generation_is_deterministic(tmp_path: Path) -> None:
    for run in ("a", "b"):
        build.write_sound(tmp_path / run, "coin_drop")
    assert (tmp_path / "a" / "common" / "coin_drop.wav").read_bytes() == \
        (tmp_path / "b" / "common" / "coin_drop.wav").read_bytes()


# ----------------------------------------------------------------------------- sound

@pytest.mark.parametrize("name", build.SOUND_NAMES)
def test_effects_are_valid_short_and_clean(name: str) -> None:
    params, x = pcm(SOUNDS / "common" / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    seconds = params.nframes / 44100
    assert 0.02 < seconds < 6.0
    peak = np.abs(x).max()
    assert 20000 < peak < 32767  # normalised, below full scale
    assert np.sqrt((x.astype(np.float64) ** 2).mean()) > 500  # not silent
    assert abs(x[0]) < 300 and abs(x[-1]) < 300  # faded: no click at either end


def test_jingles_grow_in_length() -> None:
    lengths = [pcm(SOUNDS / "common" / f"{n}.wav")[0].nframes for n in ("win_small", "big_win", "mega_win", "epic_win")]
    assert lengths == sorted(lengths) and len(set(lengths)) == 4


@pytest.mark.parametrize("theme", theme_names(SPRITES))
def test_music_loops(theme: str) -> None:
    path = SOUNDS / theme / "music.wav"
    assert path.stat().st_size < 1.1e6
    params, x = pcm(path)
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050)
    assert 16.0 <= params.nframes / 22050 <= 24.0
    assert np.abs(x).max() < 32767
    assert abs(x[0]) < 600 and abs(x[-1]) < 600  # the loop point sits near zero
    assert abs(int(x[-1]) - int(x[0])) < 600  # and joins without a jump
    # not silent anywhere for long: every second has sound in it
    sec = x[: len(x) // 22050 * 22050].reshape(-1, 22050).astype(np.float64)
    assert (np.sqrt((sec ** 2).mean(axis=1)) > 300).all()


def test_common_files_keep_to_their_size_budget() -> None:
    total = sum(p.stat().st_size for d in (SPRITES / "common", SOUNDS / "common") for p in d.rglob("*")
                if p.is_file())
    assert total < COMMON_BUDGET


def test_every_theme_shape_is_registered_on_import() -> None:
    """Importing symbols alone registers every shape (a lazy registration once made backdrops vary by process)."""
    from cabinet.assets.symbols import SHAPES

    for theme in THEMES.values():
        for spec in theme.symbols:
            assert spec.shape in SHAPES, (theme.name, spec.id, spec.shape)
            if spec.shape == "double":
                assert spec.params["inner"] in SHAPES
