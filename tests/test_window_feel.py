"""How the cabinet window feels: anticipation that does not tell early, bet buttons that always
move the total, a window that cannot be dragged too small, pads that shake on wins, count-ups
any button skips, frames paced on a steady grid, a first frame that waits for nothing it does
not show, and art that is never scaled or converted while frames are drawn."""

from __future__ import annotations

import ast
import os
from pathlib import Path

import pygame
import pytest
from screen_helpers import run_until

from cabinet.app import FPS, RESIZE_SETTLE, App, AppOptions, FramePacer, prefer_plain_framebuffer
from cabinet.core.bet import default_bet
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.machine.buttons import Button, Press
from cabinet.presentation import art as art_module
from cabinet.presentation import assets as assets_module
from cabinet.presentation.reels import ANTICIPATION_SPEED, SPEED
from cabinet.presentation.scenes.win import WinScene

SMALL = (640, 360)
PRESENTATION = Path(__file__).resolve().parent.parent / "cabinet" / "presentation"


def make_app(defn, size=SMALL, seed: int = 1, **options) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=size, seed=seed, headless=True, **options))
    app.start()
    return app


def find_round(defn, seed: int, wanted, limit: int = 20_000) -> int:  # noqa: ANN001
    """The first round of ``seed`` whose result ``wanted`` accepts."""
    bet = default_bet(defn)
    for i in range(limit):
        if wanted(play_round(defn, RoundRequest(bet, derive_seed(seed, i)))):
            return i
    raise AssertionError("no such round")


def skip_rounds(app: App, count: int) -> None:
    for _ in range(count):
        app.session.begin_round()
        app.session.finish_round()



def column_pixels(app: App, reel: int) -> list[tuple[int, ...]]:
    column = app.ctx.layout.columns[reel]
    return [tuple(app.screen.get_at((column.x + dx, column.y + column.h // 2))) for dx in (1, 3, 5)]


def test_anticipation_waits_until_the_reels_to_its_left_have_landed(classic) -> None:  # noqa: ANN001
    """Slower, glowing and with its own sound, but only once the player can see that the
    feature is one reel away: never while the reels before it still spin."""
    def anticipates_last_reel_only(result) -> bool:  # noqa: ANN001
        stopped = next(e for e in result.events if e.kind == "reels_stopped")
        return stopped.anticipation == (4,)

    index = find_round(classic, 1, anticipates_last_reel_only)
    app = make_app(classic)
    skip_rounds(app, index)
    app.press([Press(Button.SPIN)])
    reels, audio, art = app.base.reels, app.ctx.audio, app.ctx.art
    last = reels.reels[4]
    saw_early_frame = saw_suspense = False
    slowest = SPEED
    glow = art.anticipation
    while not (reels.landing_scheduled and reels.all_stopped):
        app.run_frames(1)
        others_moving = any(r.moving for r in reels.reels[:4])
        app.base.draw(app.screen)
        shown = column_pixels(app, 4)
        art.anticipation = None  # the same frame without any glow
        app.base.draw(app.screen)
        plain = column_pixels(app, 4)
        art.anticipation = glow
        if others_moving and last.moving:
            assert not last.suspense and "anticipation" not in audio.played
            assert shown == plain, "the last reel glows while the reels before it still spin"
            if last.phase == "spin" and last.t > 0.5:
                assert last.speed == pytest.approx(SPEED, abs=0.5)  # full speed: nothing to see yet
                saw_early_frame = True
        elif last.moving:
            assert last.suspense and "anticipation" in audio.played
            assert shown != plain, "the anticipating reel glows"
            saw_suspense = True
            if last.phase == "spin":
                slowest = min(slowest, last.speed)
    assert saw_early_frame and saw_suspense
    assert slowest <= ANTICIPATION_SPEED + 1.0  # it slowed down for the suspense
    played = [name for name in audio.played if name in ("reel_stop", "anticipation")]
    assert played == ["reel_stop"] * 4 + ["anticipation", "reel_stop"]
    stopped = next(e for e in play_round(classic, RoundRequest(default_bet(classic), derive_seed(1, index))).events
                   if e.kind == "reels_stopped")
    assert reels.stops == stopped.stops


@pytest.mark.parametrize("button, direction", [(Button.BET_PLUS, +1), (Button.BET_MINUS, -1)])
def test_every_bet_press_changes_the_total_bet(classic, button: Button, direction: int) -> None:  # noqa: ANN001
    """Bets of equal total (20 x 5 x 0.01 and 20 x 1 x 0.05) are one step, not two."""
    app = make_app(classic)
    session = app.session
    totals = [session.bet.total]
    for _ in range(60):
        app.press([Press(button)])
        totals.append(session.bet.total)
    moving = [t for t, after in zip(totals, totals[1:], strict=False) if t != after]
    end = totals.index(totals[-1])  # from here on the bet is at its end and stays there
    assert all((b - a) * direction > 0 for a, b in zip(totals[:end], totals[1:end + 1], strict=True))
    assert len(moving) == end and end >= 4
    assert totals[1] == (120 if direction > 0 else 80)  # 1.00 -> 1.20 / 0.80, never 1.00 again


def test_a_window_dragged_too_small_goes_back_to_the_minimum(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    app.screen = pygame.display.set_mode((300, 200), pygame.RESIZABLE)  # as a window manager would
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=300, h=200, size=(300, 200)))
    app.run_frames(2)
    assert pygame.display.get_surface().get_size() == SMALL == app.screen.get_size()
    assert app.ctx.layout.size == SMALL  # the layout draws exactly what the window shows
    tiny = make_app(classic, size=(200, 100))
    assert tiny.screen.get_size() == SMALL == tiny.ctx.layout.size


def test_dragging_the_window_edge_scales_the_art_once_it_settles(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    builds: list[tuple[int, int]] = []
    build = app.ctx.builder.build

    def counting(layout, first_frame_only: bool = False):  # noqa: ANN001, ANN202
        builds.append(layout.size)
        return build(layout, first_frame_only)

    app.ctx.builder.build = counting
    for width in range(700, 1000, 20):  # a new size every frame, as a drag sends them
        app.screen = pygame.display.set_mode((width, 400), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=width, h=400, size=(width, 400)))
        app.run_frames(1)
    assert builds == []
    app.run_frames(round(RESIZE_SETTLE * FPS) + 1)
    assert builds == [(980, 400)] and app.ctx.layout.size == (980, 400) == app.screen.get_size()


def test_a_win_shakes_the_pads_only_when_vibration_is_on(classic) -> None:  # noqa: ANN001
    class Pad:
        def __init__(self) -> None:
            self.rumbles: list[tuple[float, float, int]] = []

        def rumble(self, low: float, high: float, ms: int) -> bool:
            self.rumbles.append((low, high, ms))
            return True

        def quit(self) -> None:
            pass

    first = find_round(classic, 1, lambda r: r.total_win > 0 and not r.features)
    app = make_app(classic)
    pad = Pad()
    app.input.pads[11] = pad
    assert app.ctx.settings.vibrate
    skip_rounds(app, first)
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.idle and app.session.rounds == first + 1)
    assert pad.rumbles and all(0 < low <= 1 and ms > 0 for low, _, ms in pad.rumbles)
    app.ctx.toggle_vibrate()  # off
    assert not app.ctx.settings.vibrate
    pad.rumbles.clear()
    bet = default_bet(classic)
    second = next(i for i in range(first + 1, first + 5000)
                  if play_round(classic, RoundRequest(bet, derive_seed(1, i))).total_win > 0)
    skip_rounds(app, second - app.session.rounds)
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.idle and app.session.rounds == second + 1)
    assert app.session.current.total_win > 0 and pad.rumbles == []


def test_any_button_skips_the_count_up_to_the_end(classic) -> None:  # noqa: ANN001
    index = find_round(classic, 1, lambda r: not r.features and r.events[-1].to_dict().get("tier"))
    app = make_app(classic)
    skip_rounds(app, index)
    credits = app.session.credits
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: (w := app.stack.find(WinScene)) is not None and w.phase == "all" and w.t > 0.5)
    scene = app.stack.find(WinScene)
    assert scene.tier and 0 < app.ctx.hud.win < scene.amount  # counting up, celebration on
    app.press([Press(Button.INFO)])  # any button: the count-up ends, the press does nothing else
    assert scene.phase == "cycle" and app.ctx.hud.win == scene.amount
    assert len(app.stack) == 2  # no info page opened over it
    app.run_frames(2)
    result = app.session.current
    assert not app.base.in_round  # the round was paid as soon as the count-up was skipped
    assert app.session.credits == credits - result.cost + result.total_win and result.total_win == scene.amount


def test_frames_keep_a_steady_sixty_per_second() -> None:
    """Each frame starts on its slot of a 1/60 s grid and is worth exactly that much game
    time (two fixed updates at 120 Hz), whatever the work took; a late frame catches up."""
    now = [0.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    pacer = FramePacer(FPS, clock=lambda: now[0], sleep=sleep)
    assert pacer.tick() == 0.0
    worth = []
    for work in [0.004, 0.011, 0.0165, 0.002] * 30:  # frames that take different times
        now[0] += work
        worth.append(pacer.tick())
    assert all(w == pytest.approx(1 / 60) for w in worth)
    assert now[0] == pytest.approx(120 / 60)  # 120 frames in exactly two seconds: 60 fps
    now[0] += 0.045  # a frame that took almost three slots
    late = pacer.tick()  # starts at once (no sleep), worth the two slots that went by
    now[0] += 0.001
    after = pacer.tick()  # waits for its slot: back on the grid
    assert late == pytest.approx(2 / 60) and after == pytest.approx(1 / 60)
    assert now[0] == pytest.approx(123 / 60) == sum(worth) + late + after  # game time = real time


def test_frames_reach_the_window_through_the_plain_framebuffer(classic, monkeypatch) -> None:  # noqa: ANN001
    """Not through SDL's OpenGL texture path: no GL probe at start, no software-GL upload per
    frame on a kiosk without a GPU driver. A value the user set is kept."""
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    make_app(classic)
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "opengl")
    prefer_plain_framebuffer()
    assert os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "opengl"


def test_the_first_frame_waits_for_nothing_it_does_not_show(classic, monkeypatch) -> None:  # noqa: ANN001
    """Motion art, sounds and devices are loaded right after the first frame is on screen,
    and all before the loop's first update."""
    from cabinet.input.adapter import InputAdapter
    from cabinet.presentation.art import ArtBuilder
    from cabinet.presentation.audio import Audio

    order: list[str] = []
    real = {"flip": pygame.display.flip, "complete": ArtBuilder.complete, "load_all": Audio.load_all,
            "input": InputAdapter.start}
    monkeypatch.setattr(pygame.display, "flip", lambda: (order.append("flip"), real["flip"]())[1])
    monkeypatch.setattr(ArtBuilder, "complete",
                        lambda self, art: (order.append("complete"), real["complete"](self, art))[1])
    monkeypatch.setattr(Audio, "load_all", lambda self: (order.append("sounds"), real["load_all"](self))[1])
    monkeypatch.setattr(InputAdapter, "start", lambda self: (order.append("pads"), real["input"](self))[1])
    app = make_app(classic)
    assert order == ["flip", "complete", "sounds", "pads"]
    art = app.ctx.art
    assert set(art.blurred) == set(art.tiles) == set(classic.symbol_map)
    assert art.glows and art.coins and art.banners and art.streaks is not None
    assert app.ctx.audio.available and 0 < app.startup_seconds <= app.ready_seconds
    still = app.ctx.builder.build(app.ctx.layout.mirror(), first_frame_only=True)
    assert still is art  # a layout of the same sizes reuses the complete art


def test_a_still_screen_needs_only_the_still_art(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    builder = app.ctx.builder
    builder._memo = None  # as on a fresh start at this size
    still = builder.build(app.ctx.layout, first_frame_only=True)
    assert set(still.tiles) == set(classic.symbol_map) and still.background is not None and still.buttons
    assert not still.blurred and not still.glows and not still.coins and still.streaks is None
    assert builder.complete(still) is still and set(still.blurred) == set(classic.symbol_map)


# -- no scaling, rotating or converting while frames are drawn ---------------------------------------

WARM_UP_ONLY = {  # the functions that may scale or convert: all run at load or layout time
    "assets.py": {"_scale", "_convert"},
    "icons.py": {"wrench_button"},  # drawn once per layout, for the static layer
    "lobby.py": {"_backdrop"},  # the lobby's own layer, once per size
    # the kit's sprites, once per layout; a later step of the burst mirrored once, when first shown, and kept
    "celebration.py": {"build_shower_art", "_turning", "_rays", "ray_frame"},
    "atmosphere.py": {"_smooth_disc", "_firework"},
    # made once per size and kept: a board's plaque, the wheel's rims, the book's card art, the
    # tumbles' scaled symbols and spark discs (by step), any shrunk tile
    "view.py": {"bevelled_plaque", "_aa_ring", "_big_art", "soft_disc", "_symbol", "_draw_burst",
                "scaled"},  # scaled: a big symbol's art, once per size
    "ghost_piece.py": {"_ghost_piece"},  # a Ghosts piece, drawn at 3x once per height and colours (lru)
    "door_art.py": {"doorway", "leaf", "swung"},  # the door, once per size and look; its swing once per step
    "lobby_art.py": {"_burst", "key_art"},  # a tile's key art, once per theme and size
    "presenter.py": {"_sized"},  # the spreading wild's art, once per size in steps of 4 px
    "scaled.py": {"shrunk"},  # a board's name plate, baked into the boards' static layer  # the feature moon, baked into the backdrop once per layout
}
NOT_A_FRAME_LOOP = {"report.py"}  # draws the simulate report's PNG charts, no window


def _scaling_calls(path: Path) -> list[tuple[str, int]]:
    """(enclosing function, line) of every pygame.transform call and .convert/.convert_alpha call."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, function: str) -> None:
        for child in ast.iter_child_nodes(node):
            name = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
            if isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute):
                attr, owner = child.func.attr, child.func.value
                if attr in ("convert", "convert_alpha") and not child.args or \
                        isinstance(owner, ast.Attribute) and owner.attr == "transform":
                    found.append((name, child.lineno))
            if isinstance(child, ast.ImportFrom) and (child.module or "").endswith("transform"):
                found.append((name, child.lineno))
            visit(child, name)

    visit(tree, "<module>")
    return found


def test_only_warm_up_code_scales_or_converts_art() -> None:
    """Where a transform or a conversion may be written at all (the runtime test below
    counts the calls, but cannot see a Surface method such as ``convert_alpha``)."""
    offenders = []
    for path in sorted(PRESENTATION.rglob("*.py")):
        if path.name in NOT_A_FRAME_LOOP:
            continue
        allowed = WARM_UP_ONLY.get(path.name, set())
        offenders += [f"{path.relative_to(PRESENTATION)}:{line} in {fn}" for fn, line in _scaling_calls(path)
                      if fn not in allowed]
    assert offenders == []


def test_overlays_open_and_close_without_scaling(classic, monkeypatch) -> None:  # noqa: ANN001
    app = make_app(classic, size=(800, 450))
    app.run_frames(3)
    for button in (Button.MENU, Button.BET_SELECT, Button.AUTOPLAY, Button.SETTINGS):  # first opens: warm
        app.press([Press(button)])
        app.run_frames(2)
        app.press([Press(Button.BACK)])
        app.run_frames(2)
    calls: list[str] = []

    def counting(name, fn):  # noqa: ANN001, ANN202
        def wrapper(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            calls.append(name)
            return fn(*args, **kwargs)

        return wrapper

    for name in dir(pygame.transform):
        fn = getattr(pygame.transform, name)
        if callable(fn) and not name.startswith("_"):
            monkeypatch.setattr(pygame.transform, name, counting(name, fn))
    monkeypatch.setattr(assets_module, "_convert", counting("convert", assets_module._convert))
    monkeypatch.setattr(art_module, "_convert", counting("convert", art_module._convert))
    for button in (Button.MENU, Button.BET_SELECT, Button.AUTOPLAY, Button.SETTINGS):
        app.press([Press(button)])
        app.run_frames(20)
        app.press([Press(Button.BACK)])
        app.run_frames(5)
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.idle and app.session.rounds == 1)
    assert calls == []
    assert len(app.stack) in (1, 2)  # the base game (and at most its cycling win)
