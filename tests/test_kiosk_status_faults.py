"""`cabinet kiosk status` on a damaged status file: "status unreadable: <why>" and exit 3 (unknown),
never an internal error. The files are written the way the fault harness wrote them: the
kiosk's own status with one field replaced (``json.dumps``, which spells NaN and Infinity),
raw text edits (``1e400``), a write cut short, and bytes that are not text."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabinet.cli import main
from cabinet.kiosk.operator import STATUS_NAME
from cabinet.kiosk.status_file import DOWN, UNKNOWN, UP, read_status


def good_status() -> dict[str, Any]:
    now = datetime.now(UTC).isoformat(timespec="seconds")
    return {"format": 1, "running": True, "pid": os.getpid(), "started": now, "updated": now,
            "uptime_seconds": 125.5, "rounds_today": 3, "today": now[:10], "errors": 0, "rss_bytes": 50_000_000,
            "frame_p99_ms_last_hour": 4.25, "frames_last_hour": 100}


def status_cli(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["kiosk", "status", "--data-dir", str(folder)])
    out = capsys.readouterr()
    assert "internal error" not in out.err
    return code, out.out + out.err


def test_a_good_status_is_up(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / STATUS_NAME).write_text(json.dumps(good_status()))
    code, text = status_cli(tmp_path, capsys)
    assert code == UP and text.startswith("kiosk status: UP") and "0d 00:02:05" in text


DAMAGED_FIELDS = [  # (field, value, what the message names): the harness's seven, and more
    ("updated", "2026-12-06T23:01:16.123456", "has no time zone"),  # a naive time (fixed: ids must not vary)
    ("pid", 2**70, "not a process id"),
    ("uptime_seconds", "long", "not a number"),
    ("uptime_seconds", float("nan"), "not a number a kiosk writes"),
    ("uptime_seconds", float("inf"), "not a number a kiosk writes"),
    ("uptime_seconds", float("-inf"), "not a number a kiosk writes"),
    ("uptime_seconds", [1, 2], "not a number"),
    ("uptime_seconds", -5, "not a finite number"),
    ("updated", "yesterday", "not an ISO 8601 time"),
    ("updated", 1700000000, "updated is 1700000000"),
    ("pid", -1, "not a process id"),
    ("pid", "1234", "not a process id"),
    ("running", "yes", "not true or false"),
    ("rounds_today", 1.5, "not a count"),
    ("errors", True, "not a count"),
    ("rss_bytes", {"a": 1}, "not a count"),
    ("frame_p99_ms_last_hour", "fast", "not a number"),
    ("started", 12, "not a time"),
    ("format", 2, "format 2 is not one this cabinet reads"),
]


@pytest.mark.parametrize(("field", "value", "why"), DAMAGED_FIELDS, ids=lambda v: str(v)[:20])
def test_a_damaged_field_reads_as_status_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    field: str, value: Any, why: str) -> None:
    (tmp_path / STATUS_NAME).write_text(json.dumps({**good_status(), field: value}))
    code, text = status_cli(tmp_path, capsys)
    assert code == UNKNOWN, text
    assert text.startswith("kiosk status: status unreadable: ") and why in text and STATUS_NAME in text


def test_an_uptime_of_1e400_edited_into_the_text_is_unreadable(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    text = json.dumps(good_status()).replace('"uptime_seconds": 125.5', '"uptime_seconds": 1e400')
    assert "1e400" in text
    (tmp_path / STATUS_NAME).write_text(text)
    code, out = status_cli(tmp_path, capsys)
    assert code == UNKNOWN and "uptime_seconds is inf" in out


@pytest.mark.parametrize("damage", ["torn", "empty", "binary", "list", "deep", "folder"])
def test_a_damaged_file_reads_as_status_unreadable(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   damage: str) -> None:
    path = tmp_path / STATUS_NAME
    whole = json.dumps(good_status()).encode()
    if damage == "torn":  # a crash mid-write (no atomic rename on some restore tool)
        path.write_bytes(whole[: len(whole) // 2])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "binary":  # a disk error
        path.write_bytes(b"\xff\xfe\x00" * 50)
    elif damage == "list":
        path.write_text("[1, 2, 3]")
    elif damage == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
    else:  # a restore gone wrong
        path.mkdir()
    code, text = status_cli(tmp_path, capsys)
    assert code == UNKNOWN, text
    assert text.startswith("kiosk status: status unreadable: ")


def test_no_status_file_is_down_and_a_stopped_kiosk_is_down(tmp_path: Path) -> None:
    code, text = read_status(tmp_path)
    assert code == DOWN and "has not run" in text
    (tmp_path / STATUS_NAME).write_text(json.dumps({**good_status(), "running": False}))
    assert read_status(tmp_path)[0] == DOWN


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=10,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fields=st.dictionaries(st.sampled_from([*sorted(good_status()), "config_error"]), JSON_VALUES, max_size=5),
       drop=st.sets(st.sampled_from(sorted(good_status()))), cut=st.none() | st.integers(0, 400),
       junk=st.none() | st.binary(max_size=40))
def test_fuzz_kiosk_status_never_ends_in_an_internal_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           fields: dict[str, Any], drop: set[str], cut: int | None,
                                                           junk: bytes | None) -> None:
    status = {k: v for k, v in {**good_status(), **fields}.items() if k not in drop}
    raw = json.dumps(status).encode()
    if cut is not None:
        raw = raw[:cut]
    if junk is not None:
        raw = raw + junk
    (tmp_path / STATUS_NAME).write_bytes(raw)
    code, text = status_cli(tmp_path, capsys)
    assert code in (UP, DOWN, UNKNOWN)
    assert text.startswith("kiosk status: ")
    if code == UNKNOWN:
        assert "status unreadable: " in text


def test_a_config_error_in_the_status_is_shown_and_a_bad_one_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / STATUS_NAME).write_text(json.dumps({**good_status(), "config_error": ["kiosk.yaml:2:1: oops\n"]}))
    code, text = read_status(tmp_path)
    assert code == DOWN and text.startswith("kiosk status: CONFIG ERROR") and "  kiosk.yaml:2:1: oops\\n" in text
    (tmp_path / STATUS_NAME).write_text(json.dumps({**good_status(), "config_error": "oops"}))
    assert read_status(tmp_path)[0] == UNKNOWN
