"""Write every sprite and sound to disk: the generator behind ``python -m cabinet.assets``.

Output is deterministic (fixed seeds, no clocks), so running it twice gives the same bytes.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from . import draw, fx, sound, ui
from .symbols import render_symbol
from .themes import PRIORITY, THEMES, SymbolSpec, Theme

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
    out += [sounds / t / "music.wav" for t in themes]
    return out


# ----------------------------------------------------------------------------- jobs

def write_symbol(sprites: Path, theme: Theme, spec: SymbolSpec) -> None:
    surf = render_symbol(spec.shape, spec.palette, spec.params).to_surface()
    draw.save(surf, symbol_path(sprites, theme.name, spec.id))
    draw.save(fx.symbol_glow(surf, theme.colours.get("glow", "#ffe27a")),
              symbol_path(sprites, theme.name, spec.id, True))


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


def jobs(out: Path, themes: list[Theme], only: str | None, common: bool) -> list[tuple[Callable[..., None], tuple]]:
    sprites, sounds = out / "sprites", out / "sounds"
    js: list[tuple[Callable[..., None], tuple]] = []
    if only in (None, "sprites"):
        for t in themes:
            js += [(write_symbol, (sprites, t, s)) for s in t.symbols]
            js += [(write_theme_art, (sprites, t, part)) for part in ("background", "frame", "logo")]
        if common:
            for i in range(0, len(BUTTON_NAMES), 3):
                js.append((write_buttons, (sprites, BUTTON_NAMES[i:i + 3])))
            js += [(write_fx, (sprites, part)) for part in ("coin",) + BANNER_KINDS]
    if only in (None, "sounds"):
        js += [(write_music, (sounds, t)) for t in themes]
        if common:
            js += [(write_sound, (sounds, n)) for n in SOUND_NAMES]
    return js


def _run(job: tuple[Callable[..., None], tuple]) -> None:
    fn, args = job
    fn(*args)


def build(out: Path, theme: str | None = None, only: str | None = None, workers: int = 2) -> float:
    """Generate into out/sprites and out/sounds; returns the seconds taken."""
    start = time.perf_counter()
    names = [theme] if theme else list(PRIORITY)
    themes = [THEMES[n] for n in names]
    js = jobs(out, themes, only, common=theme is None)
    # the slow jobs (backdrops, logos, music) first, so the workers finish together
    slow = (write_theme_art, write_music, write_buttons)
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
