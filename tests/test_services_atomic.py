"""Atomic writes, keeping bad files aside, and the data folder."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cabinet.errors import CabinetError
from cabinet.services import atomic
from cabinet.services.atomic import (
    canonical_json,
    ensure_data_dir,
    keep_aside,
    remove_stale_temps,
    write_atomic,
)

FIXED = datetime(2024, 1, 31, 23, 59, 58, tzinfo=UTC)


def test_write_atomic_replaces_content_and_leaves_no_temp(tmp_path: Path) -> None:
    target = tmp_path / "a.json"
    write_atomic(target, b"one")
    write_atomic(target, b"two")
    assert target.read_bytes() == b"two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "a.json"
    write_atomic(target, b"old")

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(atomic.os, "replace", broken_replace)
    with pytest.raises(OSError):
        write_atomic(target, b"new")
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]


def test_keep_aside_moves_never_deletes_and_explains(tmp_path: Path) -> None:
    bad = tmp_path / "journal.log"
    bad.write_bytes(b"garbage")
    first = keep_aside(bad, "line 2: checksum mismatch", clock=lambda: FIXED)
    assert first.name == "journal.log.bad-20240131T235958Z"
    assert first.read_bytes() == b"garbage"
    assert not bad.exists()
    why = first.with_name(first.name + ".why").read_text()
    assert "line 2: checksum mismatch" in why and "2024-01-31T23:59:58+00:00" in why
    # A second bad file in the same second gets its own name.
    bad.write_bytes(b"more garbage")
    second = keep_aside(bad, "again", clock=lambda: FIXED)
    assert second.name == "journal.log.bad-20240131T235958Z-2"
    assert first.read_bytes() == b"garbage" and second.read_bytes() == b"more garbage"


def test_canonical_json_is_one_spelling() -> None:
    assert canonical_json({"b": 1, "a": [2, "é"]}) == '{"a":[2,"\\u00e9"],"b":1}'
    with pytest.raises(ValueError):
        canonical_json({"x": float("nan")})


def test_ensure_data_dir_creates_nested_folders(tmp_path: Path) -> None:
    folder = ensure_data_dir(tmp_path / "a" / "b")
    assert folder.is_dir() and folder == tmp_path / "a" / "b"


def test_ensure_data_dir_defaults_to_the_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert ensure_data_dir() == tmp_path / "xdg" / "slot-cabinet"
    assert (tmp_path / "xdg" / "slot-cabinet").is_dir()


def test_ensure_data_dir_refuses_a_file(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    with pytest.raises(CabinetError, match="cannot create the data folder"):
        ensure_data_dir(tmp_path / "f")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write anywhere")
def test_ensure_data_dir_refuses_read_only(tmp_path: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir(mode=0o500)
    with pytest.raises(CabinetError, match="not writable"):
        ensure_data_dir(ro)


def test_remove_stale_temps_only_removes_temps(tmp_path: Path) -> None:
    (tmp_path / ".critical.a.json.abc123.tmp").write_bytes(b"half")
    (tmp_path / "critical.a.json").write_bytes(b"whole")
    removed = remove_stale_temps(tmp_path)
    assert [p.name for p in removed] == [".critical.a.json.abc123.tmp"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["critical.a.json"]
