"""Write every sprite and sound to disk: the generator behind ``python -m cabinet.assets``.

Output is deterministic (fixed seeds, no clocks), so running it twice gives the same bytes.
"""

from __future__ import annotations

import os
import struct
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from ..errors import CabinetError
from . import draw, fx, sound, ui
from .symbols import render_symbol
from .themes import THEMES, SymbolSpec, Theme, load_theme, theme_file, theme_names

BUTTON_NAMES = tuple(ui.BUTTONS)
SOUND_NAMES = tuple(sound.EFFECTS)
BANNER_KINDS = tuple(fx.BANNERS)
SYMBOL_SIZE = 256
BACKGROUND_SIZE = (1920, 1080)
PORTRAIT_SIZE = (1080, 1920)
FRAME_SIZE = 512
FRAME_BORDER = 48
LOGO_SIZE = (1200, 300)


# ----------------------------------------------------------------------------- file layout

def symbol_path(sprites: Path, theme: str, sid: str, glow: bool = False) -> Path:
    return sprites / theme / "symbols" / f"{sid.lower()}{'_glow' if glow else ''}.png"


def theme_files(sprites: Path, theme: Theme) -> dict[Path, tuple[int, int]]:
    """Every file a theme's sprites make, with its size."""
    out: dict[Path, tuple[int, int]] = {}
    for s in theme.symbols:
        out[symbol_path(sprites, theme.name, s.id)] = (SYMBOL_SIZE, SYMBOL_SIZE)
        out[symbol_path(sprites, theme.name, s.id, True)] = (SYMBOL_SIZE, SYMBOL_SIZE)
    d = sprites / theme.name
    out[d / "background.png"] = BACKGROUND_SIZE
    out[d / "background_portrait.png"] = PORTRAIT_SIZE
    out[d / "reel_frame.png"] = (FRAME_SIZE, FRAME_SIZE)
    out[d / "reel_bg.png"] = (256, 256)
    out[d / "logo.png"] = LOGO_SIZE
    for kind in BANNER_KINDS:  # the theme's own wordmarks (its celebration kit)
        out[d / "fx" / f"win_banner_{kind}.png"] = (1000, 260)
    return out


def common_files(sprites: Path) -> dict[Path, tuple[int, int]]:
    out: dict[Path, tuple[int, int]] = {}
    b = sprites / "common" / "buttons"
    for name in BUTTON_NAMES:
        size = ui.BUTTONS[name][0]
        out[b / f"{name}.png"] = size
        out[b / f"{name}_pressed.png"] = size
        out[b / f"{name}_disabled.png"] = size
    f = sprites / "common" / "fx"
    out[f / "coin.png"] = (96, 96)
    for i in range(fx.COIN_FRAMES):
        out[f / f"coin_{i}.png"] = (96, 96)
    out[f / "sparkle.png"] = (64, 64)
    out[f / "particle.png"] = (32, 32)
    out[f / "payline_dot.png"] = (40, 40)
    for kind in BANNER_KINDS:
        out[f / f"win_banner_{kind}.png"] = (1000, 260)
    return out


def sound_files(sounds: Path, themes: Iterable[str]) -> list[Path]:
    out = [sounds / "common" / f"{n}.wav" for n in SOUND_NAMES]
    for t in themes:
        out.append(sounds / t / "music.wav")
        if THEMES[t].feature_music is not None:
            out.append(sounds / t / "feature_music.wav")
    return out


# ----------------------------------------------------------------------------- jobs

def write_symbol(sprites: Path, theme: Theme, spec: SymbolSpec) -> None:
    """The symbol's PNG and its glowing twin; a symbol marked ``own`` keeps the designer's files
    (its shape is drawn only where there is no PNG yet, its glow made from the PNG if missing)."""
    plain, glow = symbol_path(sprites, theme.name, spec.id), symbol_path(sprites, theme.name, spec.id, True)
    if spec.own and plain.is_file():
        if not glow.is_file():
            import pygame

            draw.save(fx.symbol_glow(pygame.image.load(str(plain)), theme.colours.get("glow", "#ffe27a")), glow)
        return
    surf = render_symbol(spec.shape, spec.palette, spec.params).to_surface()
    draw.save(surf, plain)
    if not (spec.own and glow.is_file()):
        draw.save(fx.symbol_glow(surf, theme.colours.get("glow", "#ffe27a")), glow)


def write_theme_art(sprites: Path, theme: Theme, part: str) -> None:
    d = sprites / theme.name
    if part == "background":
        draw.save(ui.background(theme, *BACKGROUND_SIZE), d / "background.png")
        draw.save(ui.background(theme, *PORTRAIT_SIZE), d / "background_portrait.png")
    elif part == "frame":
        draw.save(ui.reel_frame(theme, FRAME_SIZE, FRAME_BORDER), d / "reel_frame.png")
        draw.save(ui.reel_bg(theme), d / "reel_bg.png")
    elif part == "logo":
        draw.save(ui.logo(theme, *LOGO_SIZE), d / "logo.png")
    elif part.startswith("banner_"):
        from .celebration import kit_for, wordmark

        kind = part.removeprefix("banner_")
        draw.save(wordmark(kit_for(theme), kind), d / "fx" / f"win_banner_{kind}.png")


def write_buttons(sprites: Path, names: tuple[str, ...]) -> None:
    for name in names:
        for state in ui.STATES:
            suffix = "" if state == "normal" else f"_{state}"
            draw.save(ui.button(name, state), sprites / "common" / "buttons" / f"{name}{suffix}.png")


def write_fx(sprites: Path, part: str) -> None:
    f = sprites / "common" / "fx"
    if part == "coin":
        frames = fx.coin_frames()
        draw.save(frames[0], f / "coin.png")
        for i, fr in enumerate(frames):
            draw.save(fr, f / f"coin_{i}.png")
        draw.save(fx.sparkle(), f / "sparkle.png")
        draw.save(fx.particle(), f / "particle.png")
        draw.save(fx.payline_dot(), f / "payline_dot.png")
    else:
        draw.save(fx.win_banner(part), f / f"win_banner_{part}.png")


def write_sound(sounds: Path, name: str) -> None:
    sound.write_wav(sounds / "common" / f"{name}.wav", sound.EFFECTS[name](), sound.RATE)


def write_music(sounds: Path, theme: Theme) -> None:
    from .music import MUSIC_RATE, render_music
    sound.write_wav(sounds / theme.name / "music.wav", render_music(theme.music), MUSIC_RATE)


def write_feature_music(sounds: Path, theme: Theme) -> None:
    """The loop a feature plays from its intro to its outro (``Audio.start_feature_music``),
    4-bit IMA ADPCM: a quarter of the size of 16-bit samples (SDL reads it as a sound)."""
    from .music import FEATURE_MUSIC_RATE, render_feature_music
    if theme.feature_music is not None:
        samples = render_feature_music(theme.feature_music)
        pcm = np.frombuffer(sound.to_pcm(samples, FEATURE_MUSIC_RATE), dtype="<i2")
        path = sounds / theme.name / "feature_music.wav"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(ima_adpcm_wav(pcm, FEATURE_MUSIC_RATE))


# IMA ADPCM (the standard tables): each sample is a 4-bit step up or down from the last,
# the step size adapting to the signal; blocks restart from a full 16-bit sample.
IMA_STEPS = (7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80,
             88, 97, 107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544,
             598, 658, 724, 796, 876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749,
             3024, 3327, 3660, 4026, 4428, 4871, 5358, 5894, 6484, 7132, 7845, 8630, 9493, 10442, 11487, 12635,
             13899, 15289, 16818, 18500, 20350, 22385, 24623, 27086, 29794, 32767)
IMA_INDEX = (-1, -1, -1, -1, 2, 4, 6, 8)
IMA_BLOCK = 512  # bytes per block: 1017 samples


def ima_adpcm_wav(pcm: np.ndarray, rate: int, block: int = IMA_BLOCK) -> bytes:
    """Mono 16-bit samples as a WAV file of IMA ADPCM blocks (format 0x11)."""
    per_block = (block - 4) * 2 + 1
    data = bytearray()
    index = 0
    samples = [int(v) for v in pcm]
    for start in range(0, len(samples), per_block):
        chunk = samples[start:start + per_block]
        chunk += [0] * (per_block - len(chunk))
        predicted = chunk[0]
        data += struct.pack("<hBB", predicted, index, 0)
        codes = []
        for value in chunk[1:]:
            step = IMA_STEPS[index]
            diff = value - predicted
            code = 8 if diff < 0 else 0
            diff = abs(diff)
            delta = step >> 3
            for bit in (4, 2, 1):
                if diff >= step:
                    code |= bit
                    diff -= step
                    delta += step
                step >>= 1
            predicted = max(-32768, min(32767, predicted - delta if code & 8 else predicted + delta))
            index = max(0, min(88, index + IMA_INDEX[code & 7]))
            codes.append(code)
        data += bytes(codes[i] | (codes[i + 1] << 4) for i in range(0, len(codes), 2))
    fmt = struct.pack("<HHIIHHHH", 0x11, 1, rate, rate * block // per_block, block, 4, 2, per_block)
    body = (b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"fact" + struct.pack("<II", 4, len(samples))
            + b"data" + struct.pack("<I", len(data)) + bytes(data))
    return b"RIFF" + struct.pack("<I", len(body)) + body


def jobs(out: Path, themes: list[Theme], only: str | None, common: bool) -> list[tuple[Callable[..., None], tuple]]:
    sprites, sounds = out / "sprites", out / "sounds"
    js: list[tuple[Callable[..., None], tuple]] = []
    if only in (None, "sprites"):
        for t in themes:
            js += [(write_symbol, (sprites, t, s)) for s in t.symbols]
            js += [(write_theme_art, (sprites, t, part)) for part in ("background", "frame", "logo")]
            js += [(write_theme_art, (sprites, t, f"banner_{kind}")) for kind in BANNER_KINDS]
        if common:
            for i in range(0, len(BUTTON_NAMES), 3):
                js.append((write_buttons, (sprites, BUTTON_NAMES[i:i + 3])))
            js += [(write_fx, (sprites, part)) for part in ("coin",) + BANNER_KINDS]
    if only in (None, "sounds"):
        js += [(write_music, (sounds, t)) for t in themes]
        js += [(write_feature_music, (sounds, t)) for t in themes if t.feature_music is not None]
        if common:
            js += [(write_sound, (sounds, n)) for n in SOUND_NAMES]
    return js


def find_theme(name: str, out: Path) -> Theme:
    """The theme ``name`` as its theme.yaml describes it: the one in ``out/sprites`` when there is
    one (a theme made outside the project), else the project's."""
    root = out / "sprites"
    if not theme_file(name, root).is_file():
        if not theme_file(name).is_file():
            known = ", ".join(theme_names())
            raise CabinetError(f"no theme '{name}': a theme is a folder sprites/{name}/ with a theme.yaml "
                               f"(sprites/README.md), and {theme_file(name, root)} does not exist; themes: {known}")
        root = None
    return load_theme(name, root)


def _run(job: tuple[Callable[..., None], tuple]) -> None:
    fn, args = job
    fn(*args)


def build(out: Path, theme: str | None = None, only: str | None = None, workers: int = 2) -> float:
    """Generate into out/sprites and out/sounds; returns the seconds taken."""
    start = time.perf_counter()
    themes = [find_theme(theme, out)] if theme else [THEMES[n] for n in theme_names()]
    js = jobs(out, themes, only, common=theme is None)
    # the slow jobs (backdrops, logos, music) first, so the workers finish together
    slow = (write_theme_art, write_music, write_feature_music, write_buttons)
    js.sort(key=lambda j: 0 if j[0] in slow else 1)
    if workers <= 1:
        for j in js:
            _run(j)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            list(pool.map(_run, js))
    return time.perf_counter() - start


def default_workers() -> int:
    return max(1, min(2, os.cpu_count() or 1))
