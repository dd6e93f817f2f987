"""The event log: fsynced entries, torn tails dropped, the newest 10,000 kept, a full disk survived."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from cabinet.services.event_log import EVENT_LOG_NAME, EventLog, read_events
from cabinet.services.storage import StorageHealth


def test_entries_survive_a_reopen_in_order(tmp_path: Path) -> None:
    log = EventLog.in_folder(tmp_path)
    log.record("power_up", "kiosk started", games=3)
    log.record("wrong_pin", attempt=1)
    log.close()
    again = read_events(tmp_path)
    assert [(e.seq, e.kind, e.text) for e in again.entries] == [(1, "power_up", "kiosk started"),
                                                                 (2, "wrong_pin", "WRONG PIN")]
    assert again.entries[0].data == {"games": 3}


def test_a_torn_last_line_is_dropped_and_the_next_entry_starts_clean(tmp_path: Path) -> None:
    log = EventLog.in_folder(tmp_path)
    log.record("power_up")
    log.close()
    path = tmp_path / EVENT_LOG_NAME
    with open(path, "ab") as handle:
        handle.write(b'{"crc":"0000","data":{},"kind":"ex')  # a write SIGKILL cut short
    reader = read_events(tmp_path)
    assert reader.damaged == 1 and [e.kind for e in reader.entries] == ["power_up"]
    assert path.read_bytes().endswith(b'"kind":"ex')  # reading changes nothing
    writer = EventLog.in_folder(tmp_path)
    writer.record("exit", cause="SIGTERM")
    writer.close()
    final = read_events(tmp_path)
    assert final.damaged == 0 and [(e.seq, e.kind) for e in final.entries] == [(1, "power_up"), (2, "exit")]


def test_only_the_newest_entries_are_kept(tmp_path: Path) -> None:
    log = EventLog.in_folder(tmp_path, keep=50, slack=10)
    for i in range(137):
        log.record("pad_attached", pad=i)
    log.close()
    lines = (tmp_path / EVENT_LOG_NAME).read_bytes().count(b"\n")
    assert lines <= 60
    kept = read_events(tmp_path).entries
    kept_tail = kept[-50:]
    assert [e.data["pad"] for e in kept_tail] == list(range(87, 137))
    assert EventLog.in_folder(tmp_path, keep=50).entries[0].seq == 88


def test_a_failed_write_waits_and_is_written_before_the_next(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = EventLog.in_folder(tmp_path)
    log.record("power_up")
    import cabinet.services.event_log as module

    real_write = module.os.write

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(module.os, "write", full)
    log.record("storage_full")  # no exception: the cabinet goes on
    assert [e.kind for e in log.unwritten] == ["storage_full"]
    monkeypatch.setattr(module.os, "write", real_write)
    log.record("storage_back")
    log.close()
    assert [e.kind for e in read_events(tmp_path).entries] == ["power_up", "storage_full", "storage_back"]


def test_storage_health_tells_its_listeners_when_recording_stops_and_works_again(tmp_path: Path) -> None:
    log = EventLog.in_folder(tmp_path)
    health = StorageHealth(lambda line: None)
    health.listeners.append(lambda state, problem: log.record(state, problem))
    full = OSError(errno.ENOSPC, "No space left on device")
    health.failed("the round", full)
    health.failed("the round", full)  # a retry: no second entry
    health.recovered()
    health.recovered()  # nothing had stopped: nothing to say
    assert [e.kind for e in log.entries] == ["storage_full", "storage_back"]
    assert "No space left on device" in log.entries[0].text
