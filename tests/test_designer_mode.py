"""Designer mode in the app, headless: scenarios on F-keys, Ctrl+digits and the pad combo are
real rounds marked FORCED; speed and single steps; the overlay's pixels and content; the
theory computed off the frame loop."""

from __future__ import annotations

import threading
from pathlib import Path

import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.core.bet import default_bet
from cabinet.core.round import RoundRequest, play_round
from cabinet.designer import stats as stats_module
from cabinet.designer.overlay import RULE
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.history import marks

SMALL = (640, 360)


def designer_app(defn, tmp_path: Path | None = None, **options: object) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=SMALL, seed=11, headless=True, designer=True, data_dir=tmp_path, **options))
    app.start()
    return app


def key(code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))


def pad(button: int, down: bool = True, instance: int = 3) -> None:
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    pygame.event.post(pygame.event.Event(kind, instance_id=instance, button=button))


def finish(app: App) -> None:
    for _ in range(20_000):
        if not app.base.in_round:
            return
        app.run_frames(1, draw_every=10)
    raise AssertionError("the round did not finish")


def test_f1_plays_the_first_scenario_as_a_real_forced_round(classic, tmp_path: Path) -> None:  # noqa: ANN001
    app = designer_app(classic, tmp_path)
    session = app.session
    credits = session.credits
    scenario = classic.scenarios[0]
    expected = play_round(classic, RoundRequest(default_bet(classic), session.seed_for(0), script=scenario.script))
    key(pygame.K_F1)
    app.run_frames(2)
    assert session.in_round and session.current.request.script == tuple(scenario.script)
    assert app.designer.played == [scenario.name]
    app.draw()
    finish(app)
    assert session.current.events == expected.events
    trigger_pay = next(e.amount for e in expected.events if e.kind == "scatter_win")
    assert trigger_pay == 200  # three STARs pay 2 x the 1.00 bet
    win = expected.total_win
    assert win > trigger_pay and session.credits == credits - 100 + win  # charged and paid like any round
    record = session.last_record  # the ledger's history (on disk here)
    assert record.request.forced and "FORCED" in marks(record)
    assert "free_spins" in record.features


def test_ctrl_digit_plays_a_scenario_and_a_plain_digit_is_still_a_respin_key(classic) -> None:  # noqa: ANN001
    app = designer_app(classic)
    key(pygame.K_3, pygame.KMOD_LCTRL)
    app.run_frames(2)
    assert app.session.current.request.script == tuple(classic.scenarios[2].script)
    finish(app)
    key(pygame.K_1)  # RESPIN_1 in the bindings: not taken by designer mode (classic offers no respin)
    app.run_frames(2)
    assert app.session.rounds == 1


def test_a_scenario_waits_for_the_round_on_screen(classic) -> None:  # noqa: ANN001
    app = designer_app(classic)
    app.press([Press(Button.SPIN)])
    assert not app.designer.play_scenario(0)
    assert "ROUND IS IN PLAY" in app.ctx.hud.status and app.session.rounds == 1
    assert not app.designer.play_scenario(7)  # classic has three


def test_the_pad_combo_deals_scenarios_in_turn(classic) -> None:  # noqa: ANN001
    app = designer_app(classic)
    app.input.pads[3] = object()  # a pad the adapter knows
    pad(7)  # L3 held
    pad(0)  # + A: scenario 1
    app.run_frames(2)
    assert app.designer.played == [classic.scenarios[0].name]
    assert app.session.rounds == 1  # A did not also press SPIN
    finish(app)
    pad(0)  # still holding L3: scenario 2
    pad(0, down=False)
    app.run_frames(2)
    assert app.designer.played[-1] == classic.scenarios[1].name
    finish(app)
    pad(7, down=False)
    pad(0)  # A alone is SPIN again
    app.run_frames(2)
    assert app.session.rounds == 3 and not app.session.current.request.forced


def test_a_tap_of_the_chord_button_alone_is_its_cabinet_press(classic) -> None:  # noqa: ANN001
    """L3 is both the designer's chord button and the pad's SETTINGS: held with another button it
    is the chord, pressed and released alone it opens the settings as it does outside designer mode."""
    from cabinet.presentation.scenes.settings import GameSettingsScene

    app = designer_app(classic)
    app.input.pads[3] = object()
    pad(7)
    app.run_frames(2)
    assert app.stack.find(GameSettingsScene) is None  # held: nothing yet, it may become a chord
    pad(7, down=False)
    app.run_frames(2)
    assert app.stack.find(GameSettingsScene) is not None
    app.press([Press(Button.BACK)])
    app.run_frames(2)
    assert app.stack.find(GameSettingsScene) is None
    pad(7)
    pad(3)  # + Y: the overlay, a chord
    pad(3, down=False)
    pad(7, down=False)
    app.run_frames(2)
    assert app.designer.overlay and app.stack.find(GameSettingsScene) is None  # no SETTINGS after a chord


def test_designer_keys_and_the_chord_come_from_the_bindings_table(classic, tmp_path: Path) -> None:  # noqa: ANN001
    (tmp_path / "bindings.yaml").write_text(
        "designer_keyboard:\n  OVERLAY: [o]\n  SCENARIOS: [f3, f1]\n"
        "designer_gamepad:\n  HOLD: [guide]\n  OVERLAY: [dpleft]\n", encoding="utf-8")
    app = designer_app(classic, tmp_path)
    key(pygame.K_F12)  # no longer the overlay's key
    app.run_frames(1)
    assert not app.designer.overlay
    key(pygame.K_o)
    app.run_frames(1)
    assert app.designer.overlay
    key(pygame.K_F3)  # the first key of SCENARIOS plays scenario 1
    app.run_frames(2)
    assert app.designer.played == [classic.scenarios[0].name]
    finish(app)
    app.input.pads[3] = object()
    pad(5)  # guide held
    pad(13)  # + D-pad left: the overlay off
    app.run_frames(1)
    assert not app.designer.overlay
    pad(13, down=False)
    pad(5, down=False)
    pad(7)  # L3 is no chord button now: SETTINGS at once
    app.run_frames(2)
    from cabinet.presentation.scenes.settings import GameSettingsScene

    assert app.stack.find(GameSettingsScene) is not None


def test_slow_motion_pause_and_single_steps(classic) -> None:  # noqa: ANN001
    app = designer_app(classic)
    base = app.base
    t0 = base.clock
    app.run_frames(60)
    assert base.clock - t0 == pytest.approx(1.0)
    key(pygame.K_LEFTBRACKET)
    key(pygame.K_LEFTBRACKET)  # 0.25x
    app.run_frames(1)
    t1 = base.clock
    app.run_frames(60)
    assert base.clock - t1 == pytest.approx(0.25)
    key(pygame.K_p)
    app.run_frames(1)
    t2 = base.clock
    app.run_frames(30)
    assert base.clock == t2
    key(pygame.K_PERIOD)
    app.run_frames(1)
    assert base.clock - t2 == pytest.approx(1 / 60)
    key(pygame.K_BACKSLASH)  # normal speed, running
    key(pygame.K_RIGHTBRACKET)
    key(pygame.K_RIGHTBRACKET)  # 4x
    app.run_frames(1)
    t3 = base.clock
    app.run_frames(15)
    assert base.clock - t3 == pytest.approx(1.0)


def test_the_overlay_shows_frame_scenes_seed_and_the_math(classic, monkeypatch) -> None:  # noqa: ANN001
    threads: list[str] = []
    real = stats_module.compute_theory

    def spy(defn, bet):  # noqa: ANN001, ANN202
        threads.append(threading.current_thread().name)
        return real(defn, bet)

    monkeypatch.setattr(stats_module, "compute_theory", spy)
    app = designer_app(classic)
    key(pygame.K_F12)
    for _ in range(5):
        app.press([Press(Button.SPIN)])
        finish(app)
    theory = app.designer.theory.wait(app.defn, app.session.bet)
    assert threads == ["cabinet-theory"]  # off the frame loop, once
    assert theory.exact and theory.rtp == pytest.approx(0.955855, abs=1e-6)
    app.run_frames(20)
    text = "\n".join("".join(part for part, _ in line) for line in app.designer.lines() if isinstance(line, list))
    seed = app.session.current.request.seed
    assert f"{seed}" in text and f"0x{seed:016X}" in text
    assert "THEORY 95.59%" in text and "over 5 rounds" in text and "FPS" in text and "BaseGame" in text
    stats = app.designer.stats
    assert stats.rounds == 5 and f"({stats.hits}/5)" in text
    rect = app.designer.overlay_rect
    assert rect.topleft == (8, 8)
    assert app.screen.get_at((8, rect.centery))[:3] == RULE  # its left rule
    inside = app.screen.get_at((rect.x + rect.w - 20, rect.y + 4))[:3]
    assert max(inside) < 120  # the dark panel
    key(pygame.K_F12)
    app.run_frames(1)
    assert app.screen.get_at((8, rect.centery))[:3] != RULE


def test_the_overlay_screenshot_has_measured_frame_figures(classic) -> None:  # noqa: ANN001
    """``cabinet shot GAME --overlay`` plays its rounds without animation: the frame-time line
    must still be measured before the picture is taken, not read "FPS 0.0"."""
    from cabinet.designer.shots import play_quietly

    app = designer_app(classic)
    play_quietly(app, 3)
    figures = app.designer.frames
    assert figures.fps == pytest.approx(60.0) and figures.work_ms > 0
    assert app.designer.stats.rounds == 3 and app.session.rounds == 3


def test_a_long_scenario_list_keeps_its_type_size_and_turns_pages() -> None:
    """Issue 26: Halloween's 9 F-key scenarios were squeezed into one line until they could not be
    read; they are rows at the overlay's own size, three at a time, the pages turning by themselves."""
    import numpy as np

    from cabinet.core.loader import load_game
    from cabinet.designer.mode import PAGE_SECONDS, SCENARIO_ROWS
    from cabinet.designer.overlay import VALUE, draw_panel, font_size, line_room, overlay_box

    halloween = load_game("halloween-wins-3")
    assert len(halloween.scenarios) >= 9
    app = App(halloween, AppOptions(size=(1280, 720), seed=1, headless=True, designer=True))
    app.start()
    designer = app.designer
    designer.overlay = True
    size, width = line_room(app.screen)

    def scenario_rows() -> list[str]:
        lines = designer.scenario_lines()
        return ["".join(part for part, _ in line) for line in lines[1:]]

    seen: list[str] = []
    pages = set()
    for _ in range(4):
        heading = "".join(part for part, _ in designer.scenario_lines()[0])
        rows = scenario_rows()
        assert 1 <= len(rows) <= SCENARIO_ROWS and heading.startswith("SCENARIOS   page ")
        pages.add(heading)
        for row in rows:  # each row fits at the overlay's size: nothing is shrunk to fit
            assert app.ctx.text.render(row, size, VALUE).get_width() <= width
        seen += [row for row in rows if row not in seen]
        designer.clock += PAGE_SECONDS
    assert len(pages) == 2 and all(f"F{i} " in " ".join(seen) for i in range(1, 10))  # both pages, F1-F9
    # On screen: the first row's letters stand as tall as the overlay's type (they were a few pixels).
    designer.clock = 0.0
    surface = pygame.Surface((1280, 720))
    lines = designer.lines()
    panel = draw_panel(surface, app.ctx.text, lines, overlay_box(surface))
    pitch = size + size // 3
    y = panel.y + size // 2 + 2
    for line in lines:
        if isinstance(line, list) and "".join(p for p, _ in line).startswith("  F1 "):
            break
        y += pitch if isinstance(line, list) else size if line is not None else pitch // 2
    band = pygame.surfarray.array3d(surface)[panel.x:panel.right, y:y + pitch]
    letters = np.where(np.all(band == VALUE, axis=2).any(axis=0))[0]
    assert letters.size and letters.max() - letters.min() >= size * 0.55
    assert font_size(surface) == size
