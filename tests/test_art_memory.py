"""The art's memory savings keep every pixel (cabinet bench frames: resident at start, goal
150 MB at 1920x1080): the reel window's tint is one band laid down the window, the burst keeps
half its turning steps and mirrors the rest, a banner's full-size step is the cache's own
picture, and a background painted with the theme's side art is not also kept plain."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.presentation import celebration
from cabinet.presentation.art import DIM_BAND, dim_window
from cabinet.presentation.celebration import RAY_FRAMES, ShowerArt


def pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(np.int16)


def busy(size: tuple[int, int]) -> pygame.Surface:
    """A screen with something different at every pixel."""
    w, h = size
    x, y = np.meshgrid(np.arange(w), np.arange(h), indexing="ij")
    rgb = np.stack([(x * 7) % 256, (y * 5) % 256, (x * y) % 256], axis=2).astype(np.uint8)
    return pygame.surfarray.make_surface(rgb)


@pytest.mark.parametrize("height", [DIM_BAND // 2, DIM_BAND, DIM_BAND * 3, DIM_BAND * 3 + 17])
def test_the_band_laid_down_the_window_tints_as_one_window_sized_layer(height: int) -> None:
    window = pygame.Rect(30, 20, 200, height)
    whole = pygame.Surface(window.size, pygame.SRCALPHA)
    whole.fill((8, 0, 16, 120))
    band = pygame.Surface((window.w, min(window.h, DIM_BAND)), pygame.SRCALPHA)
    band.fill((8, 0, 16, 120))

    class Held:
        window_dim = band

    expected, got = busy((260, height + 60)), busy((260, height + 60))
    expected.blit(whole, window.topleft)
    dim_window(got, Held(), window)  # type: ignore[arg-type]
    assert (pixels(got) == pixels(expected)).all()
    assert (pixels(got)[:window.x] == pixels(busy((260, height + 60)))[:window.x]).all()  # nothing outside


def test_the_burst_mirrors_its_first_half_for_the_second() -> None:
    frames = celebration._rays((300, 80), (255, 216, 74))
    assert len(frames) == RAY_FRAMES // 2 + 1  # only up to half way is kept
    art = ShowerArt(rays=frames)
    for step in range(RAY_FRAMES // 2 + 1):
        assert art.ray_frame(step) is frames[step]
    for step in range(RAY_FRAMES // 2 + 1, RAY_FRAMES):
        mirrored = pygame.transform.flip(frames[RAY_FRAMES - step], True, False)
        shown = art.ray_frame(step)
        assert (pygame.surfarray.array_alpha(shown) == pygame.surfarray.array_alpha(mirrored)).all()
        assert art.ray_frame(step) is shown  # flipped once, then kept
    assert art.ray_frame(RAY_FRAMES + 1) is frames[1]  # the turn goes round


def test_a_mirrored_step_looks_as_that_step_drawn_itself() -> None:
    """The rays are even about the vertical: step k mirrored is step RAY_FRAMES - k, to an edge
    pixel's antialiasing."""
    import math

    w, h = 300, 120
    art = ShowerArt(rays=celebration._rays((w, h // 3 * 2), (255, 216, 74)))
    step = RAY_FRAMES - 2
    drawn = pygame.Surface((w * 2, w * 2), pygame.SRCALPHA)  # the step drawn as _rays draws it, rays only
    c = w
    for ray in range(celebration.RAYS):
        a = 2 * math.pi * (ray + step / RAY_FRAMES) / celebration.RAYS
        spread = math.pi / celebration.RAYS * 0.55
        pygame.draw.polygon(drawn, (255, 255, 255, 255), [
            (c, c), (c + 2 * w * math.cos(a - spread), c + 2 * w * math.sin(a - spread)),
            (c + 2 * w * math.cos(a + spread), c + 2 * w * math.sin(a + spread))])
    drawn = pygame.transform.smoothscale(drawn, art.ray_frame(step).get_size())
    lit = pygame.surfarray.array_alpha(drawn) > 128
    shown = pygame.surfarray.array_alpha(art.ray_frame(step)).astype(int)
    centre = shown.shape[0] // 2, shown.shape[1] // 2
    xs, ys = np.indices(shown.shape)
    ring = ((xs - centre[0]) / shown.shape[0]) ** 2 + ((ys - centre[1]) / shown.shape[1]) ** 2
    middle = (ring > 0.02) & (ring < 0.12)  # out of the glow's core, in from the fade
    assert shown[middle & lit].mean() > shown[middle & ~lit].mean() + 10  # the rays are where that step has them


@pytest.fixture(scope="module")
def started():  # noqa: ANN201
    from cabinet.core.loader import load_game

    app = App(load_game("happy-riches"), AppOptions(size=(1280, 720), seed=1, headless=True))
    app.start()
    app.run_frames(2)
    return app


def test_a_banner_s_full_size_step_is_the_cache_s_own_picture(started) -> None:  # noqa: ANN001
    cache, art = started.ctx.cache, started.ctx.art
    kept = [id(s) for s in cache._scaled.values()]  # noqa: SLF001
    for tier in ("big", "mega", "epic"):
        steps = art.banners[tier]
        full = steps[3]  # BANNER_STEPS[3] == 1.0
        assert id(full) in kept
        assert full.get_width() > steps[2].get_width() and steps[4].get_width() > full.get_width()


def test_a_background_painted_with_side_art_is_not_kept_plain_too(started) -> None:  # noqa: ANN001
    from cabinet.presentation import side_art

    theme = started.ctx.builder.theme
    assert side_art.art_name(theme) is not None  # happy riches hangs its art in the corners
    backgrounds = [key for key in started.ctx.cache._scaled if key[0].endswith("background.png")]  # noqa: SLF001
    assert backgrounds == []
    assert started.ctx.art.background.get_size() == (1280, 720)
