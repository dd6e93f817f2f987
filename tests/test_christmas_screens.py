"""Lucky Christmas on screen (issue 11, "The screen"; issue 14, item 9): the progress meter
and its points, the level banners, sticky wild reels under frost, the x2 badge, both-ways
arrows, the counter growing with each level, the feature's atmosphere, and the feature
music from the intro to the outro. Pixels are read at known places after forced rounds."""

from __future__ import annotations

import itertools
import struct

import numpy as np
import pygame
import pytest
from screen_helpers import make_app, run_until

from cabinet.app import App
from cabinet.assets.music import FEATURE_MUSIC_RATE
from cabinet.assets.themes import THEMES, theme_names
from cabinet.core.events import LineWin
from cabinet.core.features.progress_levels import LevelReached
from cabinet.machine.buttons import Button, Press
from cabinet.machine.stack import SceneStack
from cabinet.paths import sounds_dir
from cabinet.presentation import icons
from cabinet.presentation.atmosphere import HOLE
from cabinet.presentation.audio import FEATURE_TRACK, THEME_TRACK
from cabinet.presentation.feature_hud import UNLIT, level_marks, meter_geometry
from cabinet.presentation.hud import GOLD
from cabinet.presentation.layout import compute_layout
from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene

SIZE = (1280, 720)
SOUNDS = sounds_dir()


def scenario(defn, name: str) -> tuple[int, ...]:  # noqa: ANN001
    return tuple(next(s for s in defn.scenarios if s.name == name).script)


def free_of(app: App) -> FreeSpinsScene | None:
    return app.stack.find(FreeSpinsScene)


def pixel(app: App, x: int, y: int) -> tuple[int, int, int]:
    return tuple(app.screen.get_at((x, y)))[:3]


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 8) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def settled(app: App, *, points: int, level: int) -> bool:
    """The meter shows ``points`` and ``level``, nothing flying, no banner or freeze on."""
    free = free_of(app)
    if free is None or free.hud is None or free.phase != "running":
        return False
    hud = free.hud
    return (hud.points, hud.level) == (points, level) and not (hud.flying or hud.banner_showing or hud.freezing_now)


# -- the words ------------------------------------------------------------------------------------


def test_each_level_is_labelled_and_announced_with_what_it_unlocks(christmas) -> None:  # noqa: ANN001
    marks = level_marks(christmas.feature("progress_levels"))
    assert [m.points for m in marks] == [4, 8, 12, 16, 20]
    assert [m.title for m in marks] == ["STICKY REEL 3", "x2 MULTIPLIER", "STICKY REEL 2", "BOTH WAYS",
                                        "STICKY REEL 4"]
    assert [m.detail for m in marks] == ["+1 SPIN", "+1 SPIN", "+2 SPINS", "+2 SPINS", "+2 SPINS"]
    assert [m.banner for m in marks] == [
        "LEVEL 1: STICKY WILD REEL 3, +1 FREE SPIN",
        "LEVEL 2: x2 MULTIPLIER, +1 FREE SPIN",
        "LEVEL 3: STICKY WILD REEL 2, +2 FREE SPINS",
        "LEVEL 4: WINS PAY BOTH WAYS, +2 FREE SPINS",
        "LEVEL 5: STICKY WILD REEL 4, +2 FREE SPINS",
    ]


# -- where the meter goes -----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (1080, 1920), (2560, 1080), (1280, 1024)])
def test_the_meter_has_a_place_of_its_own_in_every_layout(size: tuple[int, int]) -> None:
    for left_hand in (False, True):
        layout = compute_layout(size, 5, 3, left_hand)
        bar = layout.progress_bar
        assert bar.inside(*size) and bar.w > 0 and bar.h > 0
        keep_clear = [layout.reel_window, layout.logo, layout.counter_badge, layout.multiplier_badge,
                      *layout.buttons.values(), *layout.meters.values()]
        if not layout.portrait:
            keep_clear += [layout.reel_frame, icons.settings_box(layout)]
        for box in keep_clear:
            assert not bar.overlaps(box), (size, left_hand, box)
        if layout.portrait:  # under the reels, above the status line
            assert layout.reel_frame.bottom <= bar.y and bar.bottom <= layout.status.y
            assert bar.w == layout.reel_window.w
        else:  # beside the reels, on the multiplier badge's side (mirrored for the left hand)
            # (the badges sit in the top row, over the frame's corners: their middle says the side)
            assert (bar.x >= layout.reel_frame.right) == (layout.multiplier_badge.center[0] > size[0] // 2)
            assert bar.y >= layout.multiplier_badge.bottom and bar.bottom <= layout.reel_frame.bottom
        geo = meter_geometry(layout, 20, 5, 4)
        assert len(geo.points) == 20 and len(geo.medallions) == 5
        for a, b in itertools.pairwise(geo.points):  # they fill upwards (landscape) or rightwards
            assert (b.bottom <= a.y) if not layout.portrait else (b.x >= a.right)
        for rect in geo.points + geo.medallions:
            assert pygame.Rect(bar).inflate(2, 2).contains(rect), (size, rect)


# -- the meter, the x2 badge and the counter --------------------------------------------------------


def test_the_meter_lights_a_point_per_bonus_and_the_levels_reached(christmas) -> None:  # noqa: ANN001
    app = make_app(christmas, size=SIZE)
    assert app.base.start_round(script=scenario(christmas, "reach level 2"))
    layout = app.ctx.layout
    run_until(app, lambda: free_of(app) is not None and free_of(app).hud is not None and free_of(app).hud.flying)
    free = free_of(app)
    hud = free.hud
    assert hud.points == 0 and app.base.state.features["progress_levels"].points == 4  # lit as they arrive
    run_until(app, lambda: settled(app, points=4, level=1) and hud.sticky == (2,))
    run_until(app, lambda: settled(app, points=8, level=2))
    app.stack.draw(app.screen)
    geo = hud.geo
    for i, rect in enumerate(geo.points):  # 8 of the 20 points lit, the rest dark
        x, y = rect.center
        if i < 8:
            expected = tuple(hud._point_lit[i].get_at(hud._point_lit[i].get_rect().center))[:3]
            assert close(pixel(app, x, y), expected), i  # a neighbour's glow may tint it a shade
        else:
            assert close(pixel(app, x, y), UNLIT), i
    for k, medal in enumerate(geo.medallions):  # levels 1 and 2 ringed in the rim's gold, 3 to 5 not
        ring = pixel(app, medal.x + max(1, medal.w // 20), medal.centery)
        assert (ring == hud.style.rim) == (k < 2), (k, ring)
    # the x2 badge, in gold, where the multiplier badge goes
    badge = layout.multiplier_badge
    assert pixel(app, badge.x + badge.w // 2, badge.y + 1) == GOLD and free.shown_multiplier == 2


def test_a_level_grows_the_counter_at_once_and_shows_its_banner(christmas) -> None:  # noqa: ANN001
    app = make_app(christmas, size=SIZE)
    assert app.base.start_round(script=scenario(christmas, "reach level 2"))
    levels = [e for e in app.session.current.events if isinstance(e, LevelReached)]
    assert [e.level for e in levels] == [1, 2]
    run_until(app, lambda: (f := free_of(app)) is not None and f.hud is not None and f.hud.banner_showing)
    free = free_of(app)
    layout = app.ctx.layout
    assert free.hud.banner.banner == "LEVEL 1: STICKY WILD REEL 3, +1 FREE SPIN"
    assert app.ctx.hud.status == "LEVEL 1: STICKY WILD REEL 3, +1 FREE SPIN"
    assert (free.played, free.total_spins, free.shown_total) == (1, 10, 11)  # the state counts it next spin
    badge = layout.multiplier_badge
    app.stack.draw(app.screen)
    assert pixel(app, badge.x + badge.w // 2, badge.y + 1) != GOLD  # no multiplier yet: no badge
    window = layout.reel_window
    banner = free.hud._banners[-1]
    top = window.center[1] - banner.get_height() // 2
    run_until(app, lambda: free.hud.banner_t > 0.5)
    app.stack.draw(app.screen)
    assert pixel(app, window.center[0], top + 1) == free.hud.style.rim  # the banner's rim over the reels
    run_until(app, lambda: free.played == 2 and not free.hud.banner_showing)
    assert (free.total_spins, free.shown_total) == (11, 11)
    run_until(app, lambda: free.hud.banner_showing and free.hud.banner.level == 2)
    assert free.shown_total == 12 and free.shown_multiplier == 2  # the badge shows x2 with the banner
    app.press([Press(Button.SPIN)])  # a press cuts the banner short
    assert not free.hud.banner_showing


# -- sticky wild reels ------------------------------------------------------------------------------


def frost_rim(app: App, reel: int) -> tuple[int, int, int]:
    """The frame's left edge beside reel ``reel``, in the gap before it, in the top row."""
    layout = app.ctx.layout
    column = layout.columns[reel]
    rim = max(3, layout.cell // 26)
    return pixel(app, column.x - rim + rim // 2, column.y + layout.cell // 4)


def test_the_sticky_reel_shows_wild_under_frost_on_every_later_spin(christmas) -> None:  # noqa: ANN001
    app = make_app(christmas, size=SIZE)
    assert app.base.start_round(script=scenario(christmas, "reach level 1"))
    run_until(app, lambda: settled(app, points=4, level=1))
    free = free_of(app)
    hud = free.hud
    frost = tuple(min(255, c + 50) for c in hud.style.frost)
    layout = app.ctx.layout
    wild = app.ctx.art.tiles["WILD"]
    spins_seen = set()
    while free.phase == "running" and free.played < 6:
        app.run_frames(1)
        if free.played in spins_seen or free.played < 2 or hud.banner_showing:
            continue
        spins_seen.add(free.played)
        app.stack.draw(app.screen)
        assert hud.sticky == (2,)
        assert frost_rim(app, 2) == frost  # the frame, spinning or landed
        assert frost_rim(app, 0) != frost and frost_rim(app, 4) != frost  # only on the sticky reel
        cell = layout.cells[2][0]
        plain = tuple(wild.get_at((cell.w // 2, cell.h // 8)))[:3]
        shown = pixel(app, cell.x + cell.w // 2, cell.y + cell.h // 8)
        assert shown != plain and shown[2] >= plain[2]  # the wild, under a blue-white frost
    assert spins_seen >= {2, 3, 4, 5}


def test_a_bonus_landing_on_the_sticky_reel_flies_from_it_to_the_meter(christmas) -> None:  # noqa: ANN001
    app = make_app(christmas, size=SIZE)
    assert app.base.start_round(script=scenario(christmas, "a Bonus lands on the sticky wild reel"))
    run_until(app, lambda: settled(app, points=4, level=1))
    hud = free_of(app).hud
    run_until(app, lambda: hud.flying)
    assert any(f.cell[0] == 2 for f in hud.flights) and hud.points == 4  # one leaves the frozen reel 3
    run_until(app, lambda: not hud.flying)
    assert hud.points == 5 and hud.sticky == (2,)


# -- both ways ------------------------------------------------------------------------------------


def test_right_to_left_wins_get_an_arrow_at_the_right_end(christmas) -> None:  # noqa: ANN001
    app = make_app(christmas, size=SIZE, left_hand=True)
    assert app.base.start_round(script=scenario(christmas, "the largest win: level 5, then Santa"))
    from cabinet.presentation.art import PAYLINE_COLOURS
    from cabinet.presentation.scenes.win import WinScene

    def rtl_shown() -> bool:
        win = app.stack.find(WinScene)
        return win is not None and win.phase == "all" and any(getattr(w, "direction", "") == "rtl" for w in win.wins)

    run_until(app, rtl_shown)
    app.stack.draw(app.screen)
    layout = app.ctx.layout
    win = app.stack.find(WinScene)
    lines = [w for w in win.wins if isinstance(w, LineWin)]
    rtl = next(w for w in lines if w.direction == "rtl")
    pattern = app.defn.lines[rtl.line]
    y = layout.cells[4][pattern[4]].center[1]
    size = max(10, layout.cell // 5)
    x = layout.reel_window.right + 1 + size // 2
    colours = {PAYLINE_COLOURS[w.line % len(PAYLINE_COLOURS)] for w in lines if w.direction == "rtl"}
    assert pixel(app, x, y) in colours  # an arrow in a right-to-left line's colour, pointing in
    ltr = next(w for w in lines if w.direction == "ltr")
    pattern = app.defn.lines[ltr.line]
    y = layout.cells[0][pattern[0]].center[1]
    colours = {PAYLINE_COLOURS[w.line % len(PAYLINE_COLOURS)] for w in lines if w.direction == "ltr"}
    assert pixel(app, layout.reel_window.x - 1 - size // 2, y) in colours  # both ways: the left end's too


# -- the feature's atmosphere and music ---------------------------------------------------------------


def test_the_feature_changes_the_background_and_plays_its_own_music(christmas) -> None:  # noqa: ANN001
    app = make_app(christmas, size=SIZE)
    audio = app.ctx.audio
    assert audio.track == THEME_TRACK and audio.music_log == []
    layout = app.ctx.layout
    spot = (layout.reel_frame.x // 2, layout.reel_frame.bottom - 10)  # beside the reels
    app.run_frames(1)
    normal = pixel(app, *spot)
    assert app.base.start_round(script=scenario(christmas, "free spins from 3 Bonus"))
    run_until(app, lambda: free_of(app) is not None)
    free = free_of(app)
    assert free.phase == "intro" and audio.track == FEATURE_TRACK and audio.music_log == [FEATURE_TRACK]
    backdrop = free.atmosphere.pieces.backdrop
    assert tuple(backdrop.get_at(layout.reel_window.center))[:3] == HOLE  # the reels show through
    assert backdrop.get_colorkey()[:3] == HOLE
    night = tuple(backdrop.get_at(spot))[:3]
    assert sum(night) < sum(normal) - 30  # a darker, night sky
    run_until(app, lambda: free.phase == "running")
    assert audio.track == FEATURE_TRACK
    while free.phase != "outro":  # slam the free spins to the end
        app.press([Press(Button.SPIN)])
        app.run_frames(12)
    assert audio.track == FEATURE_TRACK  # through the outro
    run_until(app, lambda: app.idle)
    assert audio.track == THEME_TRACK and audio.music_log == [FEATURE_TRACK, THEME_TRACK]
    app.base.end_presentation()
    app.run_frames(2)
    assert pixel(app, *spot) == normal  # the game's own background again


def test_a_feature_dropped_without_its_outro_lets_the_music_go(christmas) -> None:  # noqa: ANN001
    """A history replay closed half-way leaves its free-spins scene behind: its loop ends when
    the replay's stack lets it go (``on_exit``), not when the scene is collected."""
    app = make_app(christmas, size=SIZE)
    audio = app.ctx.audio
    replay = SceneStack()  # a replay's sandbox stack
    scene = FreeSpinsScene(app.ctx, 10, 1)
    own = FreeSpinsScene(app.ctx, 10, 1)  # the player's own feature, still on
    assert audio.track == THEME_TRACK  # a scene not yet on a stack holds no music
    replay.push(scene)
    app.stack.push(own)
    assert audio.track == FEATURE_TRACK
    replay.clear()  # the replay closed half-way
    assert audio.track == FEATURE_TRACK  # the player's feature still holds it
    own.outro(0)
    own.phase, own.t = "outro", 99.0
    own.update(0.0)
    assert own.finished and audio.track == THEME_TRACK and audio.music_log == [FEATURE_TRACK, THEME_TRACK]
    app.run_frames(1)  # the stack pops the finished scene: its on_exit lets go of nothing twice
    assert own not in list(app.stack) and audio.music_log == [FEATURE_TRACK, THEME_TRACK]


@pytest.mark.parametrize("how", ["removed", "replaced", "finished", "replay closed", "app shut down"])
def test_a_feature_scene_lets_its_music_go_however_it_leaves_the_stack(christmas, how: str) -> None:  # noqa: ANN001
    """``on_enter`` takes the feature's loop, ``on_exit`` lets it go: popped, replaced by another
    scene, finished, inside a replay that is closed, or on the app's shutdown."""
    from cabinet.machine.stack import Passive

    app = make_app(christmas, size=SIZE)
    audio = app.ctx.audio
    free = FreeSpinsScene(app.ctx, 10, 1)
    if how == "replay closed":
        replay = ReplayLike(app.ctx)
        replay.sandbox.push(free)
        app.stack.push(replay)
    else:
        app.stack.push(free)
    assert audio.track == FEATURE_TRACK and free.music is not None
    if how == "removed":
        app.stack.remove(free)
    elif how == "replaced":
        class Plain(Passive):
            modal = opaque = finished = False
            clock = 0.0

            def draw(self, surface: object) -> None:
                pass

        plain = Plain()
        app.stack.replace(free, plain)
        assert list(app.stack)[-1] is plain and free not in list(app.stack)
    elif how == "finished":
        free.finished = True
        app.run_frames(1)
        assert free not in list(app.stack)
    elif how == "replay closed":
        replay.finished = True
        app.run_frames(1)
    else:
        app.close()
    assert audio.track == THEME_TRACK and free.music is None
    assert audio.music_log == [FEATURE_TRACK, THEME_TRACK]


class ReplayLike:
    """A scene that plays a round on a stack of its own (as ``ReplayScene`` does) and clears
    it when it leaves."""

    modal = opaque = False

    def __init__(self, ctx: object) -> None:
        self.sandbox = SceneStack()
        self.finished = False

    def handle(self, press: Press) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: object) -> None:
        pass

    def hit_regions(self) -> list:
        return []

    def on_exit(self) -> None:
        self.sandbox.clear()


@pytest.mark.parametrize("theme", theme_names())
def test_every_theme_has_a_feature_loop(theme: str) -> None:
    """Each theme's loop: 4-bit IMA ADPCM (small), a few seconds long, busy all through, and
    a loop point near silence; SDL decodes it as the cabinet plays it."""
    assert THEMES[theme].feature_music is not None
    path = SOUNDS / theme / "feature_music.wav"
    raw = path.read_bytes()
    assert raw[:4] == b"RIFF" and raw[8:12] == b"WAVE" and raw[12:16] == b"fmt "
    tag, channels, rate = struct.unpack("<HHI", raw[20:28])
    assert (tag, channels, rate) == (0x11, 1, FEATURE_MUSIC_RATE)
    frames = struct.unpack("<I", raw[raw.index(b"fact") + 8:raw.index(b"fact") + 12])[0]
    assert 5.0 <= frames / rate <= 8.5 and len(raw) < 50_000  # short and small: the theme keeps to its budget
    if not pygame.mixer.get_init():
        pygame.mixer.init(rate, -16, 1, 512)
    mixer_rate, _, mixer_channels = pygame.mixer.get_init()
    decoded = pygame.sndarray.array(pygame.mixer.Sound(str(path))).astype(np.float64)
    x = decoded.reshape(len(decoded), -1)[:, 0] if mixer_channels > 1 else decoded.ravel()
    assert abs(len(x) / mixer_rate - frames / rate) < 0.2
    assert abs(x[0]) < 1500 and abs(x[-1]) < 1500  # the loop point sits near zero
    sec = x[: len(x) // mixer_rate * mixer_rate].reshape(-1, mixer_rate)
    assert (np.sqrt((sec ** 2).mean(axis=1)) > 1500).all()  # busy all the way through
    assert (SOUNDS / theme / "music.wav").read_bytes() != raw
