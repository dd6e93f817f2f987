"""The cabinet window, headless: reels land on the core's stops, scripted play, screenshots,
devices that come and go, and a frame loop that never scales or converts art."""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from cabinet.app import App, AppOptions
from cabinet.cli import main
from cabinet.core.bet import default_bet
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.machine.buttons import Button, Press
from cabinet.machine.session import default_start_credits
from cabinet.presentation import art as art_module
from cabinet.presentation import assets as assets_module

SMALL = (640, 360)


def make_app(defn, size=SMALL, seed: int = 5, **options) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=size, seed=seed, headless=True, **options))
    app.start()
    return app


def run_until(app: App, done, limit: int = 3000) -> int:  # noqa: ANN001
    for n in range(limit):
        if done():
            return n
        app.run_frames(1)
    raise AssertionError("condition not reached")


def expected_round(defn, seed: int, index: int):  # noqa: ANN001, ANN201
    return play_round(defn, RoundRequest(default_bet(defn), derive_seed(seed, index)))


def sample_points(cell) -> list[tuple[int, int]]:  # noqa: ANN001
    """A grid in the middle band of a cell (clear of the reel window's top/bottom shading)."""
    return [(cell.x + cell.w * fx // 8, cell.y + cell.h * fy // 8) for fx in (2, 3, 4, 5, 6) for fy in (3, 4, 5)]


def test_reels_land_on_exactly_the_core_stops(classic) -> None:  # noqa: ANN001
    app = make_app(classic, seed=21)
    expected = expected_round(classic, 21, 0)
    stopped = next(e for e in expected.events if e.kind == "reels_stopped")
    app.press([Press(Button.SPIN)])
    app.run_frames(20)
    assert app.base.reels.spinning
    run_until(app, lambda: app.base.reels.landing_scheduled and app.base.reels.all_stopped)
    assert app.base.reels.stops == stopped.stops
    assert app.base.reels.visible(3) == [list(col) for col in stopped.screen]
    app.base.draw(app.screen)  # the reels alone, as they landed
    tiles = app.ctx.art.tiles
    layout = app.ctx.layout
    for reel, column in enumerate(stopped.screen):
        for row, symbol in enumerate(column):
            cell = layout.cells[reel][row]
            shown = [app.screen.get_at(p) for p in sample_points(cell)]
            tile = tiles[symbol]
            wanted = [tile.get_at((x - cell.x, y - cell.y)) for x, y in sample_points(cell)]
            assert shown == wanted, (reel, row, symbol)
            others = [s for s in tiles if s != symbol]
            assert all(shown != [tiles[o].get_at((x - cell.x, y - cell.y)) for x, y in sample_points(cell)]
                       for o in others), "the sample points must tell symbols apart"


def test_slam_stop_lands_everything_at_once(classic) -> None:  # noqa: ANN001
    app = make_app(classic, seed=21)
    app.press([Press(Button.SPIN)])
    app.run_frames(15)
    app.press([Press(Button.SPIN)])  # SPIN during the spin
    frames = run_until(app, lambda: app.base.reels.all_stopped)
    assert frames <= 20  # well before the staggered stops (about 1.5 s = 90 frames)
    stopped = next(e for e in expected_round(classic, 21, 0).events if e.kind == "reels_stopped")
    assert app.base.reels.stops == stopped.stops


def test_headless_script_prints_the_exact_result(classic, tmp_path: Path, capsys) -> None:  # noqa: ANN001
    seed = 5
    rounds = [expected_round(classic, seed, i) for i in range(3)]
    assert not any(r.features for r in rounds)  # plain rounds: each fits between the presses
    script = tmp_path / "spins.yaml"
    script.write_text("- {frame: 5, press: SPIN}\n- {frame: 300, press: SPIN}\n- {frame: 600, press: spin}\n")
    code = main(["play", "classic", "--headless", "--script", str(script), "--seed", str(seed), "--size",
                 "640x360", "--data-dir", str(tmp_path)])
    assert code == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    start = default_start_credits(classic)
    bets = sum(r.cost for r in rounds)
    wins = sum(r.total_win for r in rounds)
    meters = {"credits_in": start, "credits_out": 0, "total_bet": bets, "total_won": wins, "games_played": 3,
              "voided": 0, "features": {}, "rounds_by_kind": {"spin": 3}}
    assert json.loads(out[0]) == {"credits": start - bets + wins, "rounds": 3, "total_bet": bets,
                                  "total_won": wins, "currency": "EUR", "meters": meters}


def test_headless_frames_limit_and_bad_script(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    assert main(["play", "classic", "--headless", "--frames", "3", "--size", "640x360"]) == 0
    assert json.loads(capsys.readouterr().out)["rounds"] == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text("- {frame: 1, press: SPIN}\n- {frame: 2, press: JUMP}\n")
    assert main(["play", "classic", "--headless", "--script", str(bad)]) == 2
    assert f"{bad}:2:3: unknown button 'JUMP'" in capsys.readouterr().err


def test_shot_writes_the_png(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    out = tmp_path / "shot.png"
    assert main(["shot", "classic", "--out", str(out), "--size", "640x360", "--at", "stopped", "--seed", "3"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (640, 360)
    assert "640x360" in capsys.readouterr().out


def test_no_scaling_or_converting_in_the_frame_loop(classic, monkeypatch) -> None:  # noqa: ANN001
    app = make_app(classic, seed=1)
    app.run_frames(3)  # warm-up done: from here on, only blits
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
    session = app.session
    winner = next(i for i in range(200) if expected_round(classic, 1, i).total_win > 0)
    for _ in range(winner):
        session.begin_round()
        session.finish_round()
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: app.idle and app.session.rounds == winner + 1)
    app.run_frames(120)  # the win cycling through its lines
    app.press([Press(Button.BET_PLUS)])
    app.press([Press(Button.LEFT_HAND)])  # a mirrored layout reuses the art it has
    app.press([Press(Button.SPIN)])
    app.run_frames(200)
    assert app.session.current.total_win >= 0 and session.rounds == winner + 2
    assert calls == []


def test_unplugging_a_pad_mid_spin(classic) -> None:  # noqa: ANN001
    app = make_app(classic, seed=9)

    class Pad:
        def rumble(self, *args: object) -> bool:
            return True

        def quit(self) -> None:
            pass

    app.input.pads[3] = Pad()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=3,
                                         button=pygame.CONTROLLER_BUTTON_A))
    app.run_frames(10)
    assert app.session.rounds == 1 and app.base.reels.spinning
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=3))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=3, button=0))
    run_until(app, lambda: app.idle)
    assert app.input.pads == {}
    app.run_frames(5)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    app.run_frames(2)
    assert app.session.rounds == 2  # the keyboard still works


def test_a_bad_bindings_file_warns_and_keeps_defaults(classic, tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "bindings.yaml").write_text("keyboard:\n  SPIN: [spacebar]\n")
    app = make_app(classic, data_dir=tmp_path)
    err = capsys.readouterr().err
    assert f"{tmp_path / 'bindings.yaml'}:2:10: SPIN: unknown key 'spacebar'" in err
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE))
    app.run_frames(2)
    assert app.session.rounds == 1


def snapshot(app: App) -> tuple:
    reels = app.base.reels
    scenes = tuple((type(s).__name__, getattr(s, "phase", None), getattr(s, "t", None)) for s in app.stack)
    hud = app.ctx.hud
    return (tuple((r.pos, r.phase, r.t, r.speed) for r in reels.reels), reels.clock, scenes, hud.win,
            hud.status, dict(hud.flash), app.session.credits, app.session.progress_step)


def test_drawing_changes_nothing(classic) -> None:  # noqa: ANN001
    app = make_app(classic, seed=1)
    winner = next(i for i in range(200) if expected_round(classic, 1, i).total_win > 0)
    for _ in range(winner):
        app.session.begin_round()
        app.session.finish_round()
    app.press([Press(Button.SPIN)])
    for frames in (20, 120, 40):  # mid-spin, presenting, cycling
        app.run_frames(frames)
        before = snapshot(app)
        app.stack.draw(app.screen)
        first = pygame.image.tobytes(app.screen, "RGB")
        app.stack.draw(app.screen)
        assert pygame.image.tobytes(app.screen, "RGB") == first
        assert snapshot(app) == before


def test_autoplay_runs_until_switched_off(classic) -> None:  # noqa: ANN001
    app = make_app(classic, seed=8)
    app.press([Press(Button.AUTOPLAY), Press(Button.CONFIRM)])  # the panel opens; CONFIRM starts 10 rounds
    app.run_frames(900)
    played = app.session.rounds
    assert played >= 3
    app.press([Press(Button.AUTOPLAY)])
    run_until(app, lambda: app.idle)
    stopped_at = app.session.rounds
    app.run_frames(300)
    assert app.session.rounds == stopped_at <= played + 1


def test_not_enough_credits_then_add_credits(classic) -> None:  # noqa: ANN001
    app = make_app(classic, start_credits=50)
    app.press([Press(Button.SPIN)])
    app.run_frames(5)
    assert app.session.rounds == 0 and app.session.credits == 50
    assert "CREDITS" in app.ctx.hud.status
    assert not app.session.out_of_credits  # 50 still covers the smallest bet: no OUT OF CREDITS prompt
    app.press([Press(Button.ADD_CREDITS)])
    assert app.session.credits == 50 + 50  # a top-up adds the configured starting balance again
    assert app.session.meters.credits_in == 100
    app.press([Press(Button.SPIN)])
    app.run_frames(2)
    assert app.session.rounds == 1


def test_a_restored_round_plays_to_its_end_without_a_second_charge(classic) -> None:  # noqa: ANN001
    from cabinet.machine.session import GameSession

    session = GameSession(classic, seed=21)
    session.ledger.add_credits(1000)
    result = session.begin_round()  # as if the cabinet died right after the charge
    restored = GameSession(classic, seed=21)
    restored.ledger.add_credits(1000 - result.cost)
    restored.restore_round(result, index=0, step=2, credits_before=1000)
    app = App(classic, AppOptions(size=SMALL, headless=True), session=restored)
    app.start()
    assert app.base.in_round and app.ctx.hud.status == "ROUND RESTORED"
    run_until(app, lambda: app.idle)
    assert restored.credits == 1000 - result.cost + result.total_win and restored.rounds == 1
    assert app.base.reels.stops == result.final_stops
