"""The kin of the operator's file faults: audit.json, history.json, settings.yaml and kiosk.log
damaged the way a crash, a disk error or a hand leaves them. Each gives a clear message, is
kept aside (or left alone when it cannot be moved), and the kiosk plays on and logs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabinet.app import App, AppOptions
from cabinet.core.loader import load_definition
from cabinet.kiosk.guard import ErrorGuard
from cabinet.paths import games_dir
from cabinet.services import audit as audit_module
from cabinet.services.audit import AUDIT_FORMAT, AUDIT_NAME, Audit, _digest
from cabinet.services.event_log import read_events
from cabinet.services.history import HISTORY_FORMAT, HISTORY_NAME, History
from cabinet.services.history import _digest as history_digest
from cabinet.services.settings import SETTINGS_NAME, load_settings

DEEP = b"[" * 100_000 + b"]" * 100_000


def signed_audit(body: object) -> bytes:
    """An audit file whose checksum matches a body of the wrong shape (an edit that kept the sum right)."""
    return json.dumps({"format": AUDIT_FORMAT, "sha256": _digest(body), "body": body}).encode()


AUDIT_DAMAGE = {
    "empty": b"",
    "binary": b"\xff\xfe\x00\x01",
    "torn": signed_audit({"last_round_id": 0})[:20],
    "deep": DEEP,
    "games a list": signed_audit({"last_round_id": 1, "last_credits_after": 0, "period_started": "x", "games": []}),
    "recent not a list": signed_audit({"last_round_id": 1, "last_credits_after": 0, "period_started": "x",
                                       "games": {"g": {"recent": 5, "name": "g", "master": {}, "period": {}}}}),
}


def place(folder: Path, name: str, damage: bytes | None) -> Path:
    path = folder / name
    if damage is None:
        path.mkdir()
    else:
        path.write_bytes(damage)
    return path


@pytest.mark.parametrize("damage", [*AUDIT_DAMAGE, "folder"])
def test_a_damaged_audit_file_is_kept_aside_and_the_meters_start_again(tmp_path: Path, damage: str) -> None:
    place(tmp_path, AUDIT_NAME, AUDIT_DAMAGE.get(damage))
    audit = Audit.open(tmp_path)
    assert audit.problem is not None and audit.problem.startswith(f"{AUDIT_NAME}: ")
    assert "kept aside as audit.json.bad-" in audit.problem and audit.games == {}
    kept = [p for p in tmp_path.glob("audit.json.bad-*") if p.suffix != ".why"]
    assert len(kept) == 1 and not (tmp_path / AUDIT_NAME).exists()


def test_an_audit_file_that_cannot_be_moved_is_left_alone_and_never_written_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = place(tmp_path, AUDIT_NAME, AUDIT_DAMAGE["binary"])

    def refuse(*args: object, **kwargs: object) -> Path:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(audit_module, "keep_aside", refuse)
    audit = Audit.open(tmp_path)
    assert audit.problem is not None and "cannot be kept aside (Permission denied)" in audit.problem
    audit.reset_period()  # a save: nothing on disk changes
    assert path.read_bytes() == AUDIT_DAMAGE["binary"]


def test_a_game_on_a_damaged_audit_file_plays_on_and_logs_it(tmp_path: Path) -> None:
    place(tmp_path, AUDIT_NAME, DEEP)
    app = App(load_definition(games_dir() / "classic.yaml"),
              AppOptions(size=(640, 360), seed=3, headless=True, data_dir=tmp_path, guard=True,
                         log_path=tmp_path / "kiosk.log"))
    app.start()
    assert app.base.start_round()
    app.run_frames(5)
    app.close()
    entries = read_events(tmp_path).entries
    assert any(e.kind == "malfunction" and "audit.json: nested too deeply" in e.text for e in entries)
    assert "audit.json: nested too deeply" in (tmp_path / "kiosk.log").read_text()


HISTORY_DAMAGE = {
    "deep": DEEP,
    "rows not records": json.dumps({"format": HISTORY_FORMAT, "rounds": [[1]], "sha256": history_digest([[1]])})
    .encode(),
    "binary": b"\x00\xff",
}


@pytest.mark.parametrize("damage", [*HISTORY_DAMAGE, "folder"])
def test_a_damaged_history_file_is_kept_aside(tmp_path: Path, damage: str) -> None:
    place(tmp_path, HISTORY_NAME, HISTORY_DAMAGE.get(damage))
    history = History.open(tmp_path / HISTORY_NAME)
    assert history.problem is not None and "kept aside as history.json.bad-" in history.problem
    assert history.records == ()


SETTINGS_DAMAGE = {"deep": b"format: 1\nvolume: " + b"[" * 5000, "binary": b"\xff\xfe", "empty": b""}


@pytest.mark.parametrize("damage", [*SETTINGS_DAMAGE, "folder"])
def test_a_damaged_settings_file_is_kept_aside_and_play_goes_on(tmp_path: Path, damage: str) -> None:
    place(tmp_path, SETTINGS_NAME, SETTINGS_DAMAGE.get(damage))
    loaded = load_settings(tmp_path)
    assert loaded.problem is not None and "kept aside as settings.yaml.bad-" in loaded.problem
    if damage in ("deep", "folder"):
        assert ("nested too deeply" if damage == "deep" else "cannot be read (Is a directory)") in loaded.problem
    app = App(load_definition(games_dir() / "classic.yaml"),
              AppOptions(size=(640, 360), seed=3, headless=True, data_dir=tmp_path))
    app.start()
    assert app.base.start_round()
    app.close()


def test_a_kiosk_log_that_is_a_folder_does_not_stop_the_guard(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "kiosk.log").mkdir()
    guard = ErrorGuard(tmp_path / "kiosk.log")
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        assert guard.record(exc, "test") == 1
    assert "cannot write" in capsys.readouterr().err
