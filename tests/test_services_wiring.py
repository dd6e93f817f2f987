"""The services wired into the cabinet: remembered settings, meters that balance after
every round, demo credits (--credits, the ADD CREDITS prompt and button), and the
headless JSON's meters."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from cabinet.app import App, AppOptions
from cabinet.cli import main
from cabinet.core.definition import Definition
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes import credits as credits_prompt
from cabinet.presentation.scenes.credits import ADD_GREEN
from cabinet.presentation.scenes.menu import MenuScene
from cabinet.services.settings import Settings, load_settings

SMALL = (640, 360)


def start(defn: Definition, data_dir: Path | None, **options: object) -> App:
    app = App(defn, AppOptions(size=SMALL, seed=3, headless=True, data_dir=data_dir, **options))  # type: ignore[arg-type]
    app.start()
    return app


def test_the_old_settings_module_is_gone() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("cabinet.machine.settings")


def test_menu_toggles_are_remembered_between_runs(classic: Definition, tmp_path: Path) -> None:
    app = start(classic, tmp_path)
    assert app.ctx.settings == Settings()
    app.press([Press(Button.MENU)])
    app.run_frames(1)
    assert isinstance(app.stack.top, MenuScene)
    for index in (2, 3, 4, 5):  # sound, music, left hand, vibrate
        app.press([Press(Button.ITEM, index)])
    app.run_frames(1)
    expected = Settings(sound=False, music=False, left_hand=True, vibrate=False)
    assert app.ctx.settings == expected and load_settings(tmp_path).settings == expected
    text = (tmp_path / "settings.yaml").read_text()
    assert "intro_screen: true" in text and "spacebar_spins: true" in text
    again = start(classic, tmp_path)
    assert again.ctx.settings == expected
    assert not again.ctx.audio.sound_on and not again.ctx.audio.music_on and again.ctx.layout.left_hand
    assert start(classic, tmp_path, left_hand=False).ctx.settings.left_hand is False  # --left-hand wins...
    assert load_settings(tmp_path).settings.left_hand  # ...for that run only


def test_meters_balance_after_every_round(classic: Definition, tmp_path: Path) -> None:
    app = start(classic, tmp_path, start_credits=2_000)
    session = app.session
    added = 0
    for i in range(60):
        if i % 25 == 24:
            added += session.add_credits()
        session.begin_round()
        session.finish_round()
        m = session.meters
        assert session.credits == m.credits_in - m.credits_out - m.total_bet + m.total_won  # the start is credits in
        assert m.credits_in == 2_000 + added and m.games_played == i + 1
        assert session.ledger.balanced()
    assert session.meters.features.get("free_spins", 0) == sum("free_spins" in r.features for r in session.recent(60))


def test_headless_json_has_the_meters_and_credits_sets_the_demo_balance(tmp_path: Path,
                                                                        capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "script.yaml"
    script.write_text("- {press: SPIN}\n- {press: ADD_CREDITS}\n- {press: SPIN}\n", encoding="utf-8")
    code = main(["play", "classic", "--headless", "--fast", "--script", str(script), "--seed", "9", "--credits",
                 "12.50", "--data-dir", str(tmp_path / "d"), "--size", "640x360"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    meters = out["meters"]
    assert meters["credits_in"] == 2 * 1250  # the demo balance, and one top-up of as much again
    assert (meters["games_played"], meters["total_bet"], out["rounds"]) == (2, 200, 2)
    assert out["credits"] == 2500 - meters["total_bet"] + meters["total_won"]
    assert out["total_bet"] == meters["total_bet"] and out["total_won"] == meters["total_won"]
    assert main(["play", "classic", "--headless", "--credits", "1.234"]) == 2
    assert "--credits" in capsys.readouterr().err


def test_out_of_credits_shows_the_prompt_and_add_credits_tops_up(classic: Definition, tmp_path: Path) -> None:
    app = start(classic, tmp_path, start_credits=0)
    session = app.session
    assert session.credits == 0 and session.out_of_credits and session.top_up_amount == 50_000
    app.run_frames(2)
    button = credits_prompt.button_box(app.ctx)
    regions = {p.button: box for box, p in app.stack.hit_regions()}
    assert regions[Button.ADD_CREDITS] == button  # a touch target
    assert tuple(app.screen.get_at((button.x + button.w // 10, button.center[1])))[:3] == ADD_GREEN
    app.press([Press(Button.SPIN)])
    app.run_frames(2)
    assert session.rounds == 0
    app.press([Press(Button.ADD_CREDITS)])  # C, Insert, a pad's Back, or the prompt's button
    app.run_frames(2)
    assert session.credits == 50_000 and session.meters.credits_in == 50_000 and not session.out_of_credits
    assert Button.ADD_CREDITS not in {p.button for _, p in app.stack.hit_regions()}
    cell = app.ctx.layout.cells[2][1]
    assert tuple(app.screen.get_at(cell.center))[:3] != ADD_GREEN
    app.press([Press(Button.SPIN)])
    app.run_frames(5)
    assert session.rounds == 1
    app.press([Press(Button.ADD_CREDITS)])  # not while a round plays
    assert session.meters.credits_in == 50_000 and "ROUND IS OVER" in app.ctx.hud.status
    assert start(classic, tmp_path, start_credits=0).session.credits == session.credits  # the store remembers


def test_add_credits_key_and_pad_bindings() -> None:
    import pygame

    from cabinet.input.bindings import PAD_BUTTONS, load_bindings

    bindings = load_bindings(None)
    assert bindings.keys[pygame.K_c] == Button.ADD_CREDITS and bindings.keys[pygame.K_INSERT] == Button.ADD_CREDITS
    assert bindings.pad[PAD_BUTTONS["back"]] == Button.ADD_CREDITS
