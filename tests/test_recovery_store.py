"""The critical store and damaged files, seen from the cabinet: one damaged copy is repaired
with a line in the log; two damaged copies stop play (headless: one line, exit code 3;
window: the MALFUNCTION screen), with every file left as it was. A truncated, edited or
newer journal, settings or history file is kept aside with a clear message and the
cabinet starts on what is valid."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.cli import main
from cabinet.core.loader import load_game
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.malfunction import HEADLINE, WARNING_AMBER, MalfunctionScene, NoticeScene
from cabinet.services.event_log import EVENT_LOG_NAME
from cabinet.services.store import COPY_NAMES

SCRIPT = "- {press: SPIN, repeat: 3}\n"


def play(data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str = SCRIPT) -> tuple[int, str, str]:
    path = tmp_path / "script.yaml"
    path.write_text(script, encoding="utf-8")
    (data_dir / "script-progress.json").unlink(missing_ok=True)  # a new script run each time
    code = main(["play", "classic", "--headless", "--fast", "--script", str(path), "--seed", "4",
                 "--data-dir", str(data_dir), "--size", "640x360"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_one_damaged_copy_is_rebuilt_and_logged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    code, out, _ = play(data, tmp_path, capsys)
    assert code == 0
    before = json.loads(out)
    damaged = data / COPY_NAMES[0]
    damaged.write_bytes(damaged.read_bytes()[:-30])  # torn: a pulled plug mid-write of one copy
    code, out, err = play(data, tmp_path, capsys, "")
    assert code == 0 and json.loads(out) == before  # nothing lost, nothing paid twice
    assert "critical.a.json was not valid JSON" in err and "rebuilt from critical.b.json" in err
    kept = list(data.glob("critical.a.json.bad-*"))
    assert [p.name for p in kept if not p.name.endswith(".why")]  # the damaged copy is kept aside
    assert (data / COPY_NAMES[0]).read_bytes() == (data / COPY_NAMES[1]).read_bytes()
    code, out, err = play(data, tmp_path, capsys, "")
    assert code == 0 and "rebuilt" not in err  # repaired for good


def test_two_damaged_copies_stop_a_headless_run_and_touch_nothing(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    assert play(data, tmp_path, capsys)[0] == 0
    for name in COPY_NAMES:
        (data / name).write_text('{"format": 1, "version": 9, "state": "edited by hand"}\n')
    (data / "script-progress.json").unlink()
    files = snapshot(data)
    code, out, err = play(data, tmp_path, capsys)
    assert code == 3 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("cabinet: MALFUNCTION: both copies of the critical store")
    assert str(data) in lines[0] and "call an attendant" in lines[0]
    assert snapshot(data) == files  # nothing cleared, nothing moved, nothing written


def test_two_damaged_copies_in_a_window_show_the_malfunction_screen(tmp_path: Path) -> None:
    classic = load_game("classic")
    app = App(classic, AppOptions(size=(640, 360), seed=1, headless=True, data_dir=tmp_path))
    app.start()
    app.session.begin_round()
    app.session.finish_round()
    for name in COPY_NAMES:
        (tmp_path / name).write_bytes(b"\x00" * 16)
    files = snapshot(tmp_path)
    window = App(classic, AppOptions(size=(640, 360), seed=1, headless=False, data_dir=tmp_path))
    window.start()  # SDL's dummy driver stands in for the display
    scene = window.stack.top
    assert isinstance(scene, MalfunctionScene) and scene.opaque and scene.modal
    text = " ".join(line for _, line in scene.lines())
    assert "both copies of the critical store are damaged" in text and str(tmp_path) in text
    assert "CALL AN ATTENDANT" in text and HEADLINE == "MALFUNCTION VOIDS ALL PAYS AND PLAYS"
    window.press([Press(Button.SPIN), Press(Button.ADD_CREDITS), Press(Button.MENU)])
    window.run_frames(30)
    assert window.session.rounds == 0 and window.session.credits == 0 and window.stack.top is scene
    assert scene.presses_ignored == 3
    screen = window.screen
    w, h = screen.get_size()
    band = [tuple(screen.get_at((x, 4)))[:3] for x in range(0, w, 3)]
    assert 0.3 < band.count(WARNING_AMBER) / len(band) < 0.7  # hazard stripes along the top edge
    title_rows = range(h // 9, h // 2)  # the card's upper half: the sign and the MALFUNCTION title
    reds = sum(tuple(screen.get_at((x, y)))[:3] == (255, 90, 80) for x in range(0, w, 2) for y in title_rows)
    assert reds > 100
    # the store's files are left as they were; only the operator's event log records the malfunction
    after = snapshot(tmp_path)
    log = after.pop(EVENT_LOG_NAME, b"")
    assert after == {name: data for name, data in files.items() if name != EVENT_LOG_NAME}
    assert b"malfunction" in log.lower()
    pygame.display.quit()


def test_bad_files_are_kept_aside_and_the_cabinet_starts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    code, out, _ = play(data, tmp_path, capsys)
    assert code == 0
    before = json.loads(out)
    journal = data / "journal.log"
    lines = journal.read_bytes().splitlines(keepends=True)
    end = next(i for i, line in enumerate(lines) if b'"type":"end"' in line)
    lines[end] = lines[end].replace(b'"outcome":"played"', b'"outcome":"won!!"')  # edited by hand
    journal.write_bytes(b"".join(lines))
    (data / "settings.yaml").write_text("format: 1\nsound: loud\n", encoding="utf-8")
    history = data / "history.json"
    history.write_text(history.read_text().replace('"format":1', '"format":99', 1), encoding="ascii")
    code, out, err = play(data, tmp_path, capsys, "")
    assert code == 0 and json.loads(out) == before  # money comes from the store, which is intact
    assert f"journal.log: line {end + 1}: checksum mismatch" in err and "kept aside as journal.log.bad-" in err
    assert "settings.yaml:2:8: sound must be true or false, got 'loud'" in err
    assert "history format 99 by a newer cabinet" in err
    for name in ("journal.log", "settings.yaml", "history.json"):
        assert [p for p in data.glob(f"{name}.bad-*") if not p.name.endswith(".why")], name
    code, out, err = play(data, tmp_path, capsys, "- {press: SPIN}\n")
    assert code == 0 and json.loads(out)["rounds"] == before["rounds"] + 1  # it plays on


def test_notices_show_on_screen_and_close_on_any_press(tmp_path: Path) -> None:
    (tmp_path / "settings.yaml").write_text("format: 2\n", encoding="utf-8")
    app = App(load_game("classic"), AppOptions(size=(640, 360), seed=1, headless=True, data_dir=tmp_path))
    app.start()
    notice = app.stack.top
    assert isinstance(notice, NoticeScene)
    assert notice.messages[0].startswith("YOUR SETTINGS COULD NOT BE READ: THE DEFAULTS ARE USED\n")
    assert "newer cabinet" in notice.messages[0]
    app.press([Press(Button.SPIN)])
    app.run_frames(1)
    assert app.stack.top is app.base and app.session.rounds == 0  # the press only closed the notice
