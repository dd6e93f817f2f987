"""The event log under faults: a folder where the file should be (a restore gone wrong) and a log
at its 11,000-line limit on a disk with room for appends but not for the rewrite's copy. Play
goes on, the operator is told (kiosk.log, the screen, `cabinet kiosk events`), and the audit
trail never goes silent."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabinet.app import AppOptions
from cabinet.cli import main
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.guard import GIVE_UP_AFTER, GuardNotice
from cabinet.kiosk.operator import EVENT_LOG_SCREEN, OperatorServices
from cabinet.kiosk.shell import Shell, ShellOptions
from cabinet.machine.buttons import Button, Press
from cabinet.services import atomic
from cabinet.services.event_log import (
    EVENT_LOG_NAME,
    KEEP_ENTRIES,
    RETRY_LINES,
    SLACK,
    EventLog,
    LoggedEvent,
    encode_event,
    read_events,
)

SMALL = (640, 360)
BANNER_PROBE = (SMALL[0] // 2, SMALL[1] // 40 - 2)  # the notice band's padding above its words


def banner_at(surface) -> bool:  # noqa: ANN001 - the notice's shade ((120, 20, 30) at 245/255 over the screen)
    r, g, b = surface.get_at(BANNER_PROBE)[:3]
    return abs(r - 120) <= 15 and abs(g - 20) <= 15 and abs(b - 30) <= 15


def full_disk_for(name: str):  # noqa: ANN201 - a write_atomic that has no room for ``name``'s copy
    real = atomic.write_atomic

    def write(path: Path, data: bytes) -> None:
        if Path(path).name == name:
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        real(path, data)

    return write


def harness_log(path: Path, lines: int) -> None:
    """A log of ``lines`` valid entries, written in one go the way the fault harness wrote them."""
    entries = (LoggedEvent(seq, "2026-01-01T00:00:00+00:00", "pad_attached", "pad attached", {"pad": seq})
               for seq in range(1, lines + 1))
    path.write_bytes(b"".join(encode_event(e) for e in entries))


def kiosk_on(folder: Path, *, lobby: bool = True) -> Shell:
    entries, _ = load_entries(["classic", "happy-riches"])
    services = OperatorServices(folder, config_path=folder / "kiosk.yaml", kiosk=True)
    return Shell(entries, AppOptions(size=SMALL, seed=5, headless=True, data_dir=folder, guard=True,
                                     log_path=folder / "kiosk.log"),
                 ShellOptions(lobby=lobby, kiosk=True, attract=False, log_path=folder / "kiosk.log",
                              operator=services))


# -- an events.log that is a folder ------------------------------------------------------------


def test_a_log_that_is_a_folder_is_left_alone_and_says_why(tmp_path: Path) -> None:
    (tmp_path / EVENT_LOG_NAME).mkdir()
    (tmp_path / EVENT_LOG_NAME / "restored.txt").write_text("kept")
    told: list[str] = []
    log = EventLog.in_folder(tmp_path)
    log.reporters.append(told.append)
    assert not log.readable and "is a folder, not a file" in str(log.problem)
    log.record("power_up", "kiosk started")  # no exception: the cabinet goes on
    log.record("exit")
    assert [e.kind for e in log.entries] == ["power_up", "exit"]  # on screen from memory
    assert [e.kind for e in log.unwritten] == ["power_up", "exit"]
    assert len(told) == 1 and "cannot be written" in told[0] and "is a folder" in told[0]
    assert (tmp_path / EVENT_LOG_NAME / "restored.txt").read_text() == "kept"


def test_a_kiosk_on_a_folder_log_plays_on_and_says_so_in_kiosk_log_and_on_screen(tmp_path: Path) -> None:
    (tmp_path / EVENT_LOG_NAME).mkdir()
    shell = kiosk_on(tmp_path)
    shell.start()
    shell.run_frames(3)
    assert banner_at(shell.screen) and shell.guard.notice == EVENT_LOG_SCREEN
    shell.run_frames(3, script={shell.frames: [Press(Button.CONFIRM)]})  # a game opens from the lobby
    assert shell.app is not None and shell.app.guard.notice == EVENT_LOG_SCREEN
    tool = next(t for t in shell.app.tools if isinstance(t, GuardNotice))
    assert tool.guard.notice_left > 0
    assert banner_at(shell.app.screen)
    assert shell.app.base.start_round()  # play goes on
    shell.run_frames(5)
    shell.shutdown()
    log = (tmp_path / "kiosk.log").read_text()
    assert "the event log cannot be written" in log and "is a folder, not a file" in log
    assert (tmp_path / EVENT_LOG_NAME).is_dir()


def test_a_kiosk_with_a_good_log_shows_no_banner(tmp_path: Path) -> None:
    shell = kiosk_on(tmp_path)
    shell.start()
    shell.run_frames(3)
    assert not banner_at(shell.screen)
    shell.shutdown()


def test_cabinet_kiosk_events_says_what_is_wrong_with_the_path(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / EVENT_LOG_NAME).mkdir()
    code = main(["kiosk", "events", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "internal error" not in err
    assert f"{tmp_path / EVENT_LOG_NAME} is a folder, not a file" in err and "move it aside" in err


def test_cabinet_kiosk_events_on_a_dangling_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / EVENT_LOG_NAME).symlink_to(tmp_path / "gone" / "events.log")
    code = main(["kiosk", "events", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "a link to a file that does not exist" in err


def test_cabinet_play_on_a_folder_log_plays_and_warns(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / EVENT_LOG_NAME).mkdir()
    code = main(["play", "classic", "--data-dir", str(tmp_path), "--headless", "--frames", "20"])
    err = capsys.readouterr().err
    assert code == 0 and "internal error" not in err
    assert "the event log cannot be written" in err and "is a folder" in err


def test_writing_works_again_once_the_folder_is_moved_aside(tmp_path: Path) -> None:
    folder = tmp_path / EVENT_LOG_NAME
    folder.mkdir()
    told: list[str] = []
    log = EventLog.in_folder(tmp_path)
    log.reporters.append(told.append)
    log.record("power_up")
    folder.rename(tmp_path / "events.log.restored")
    log.record("exit")
    log.close()
    assert [e.kind for e in read_events(tmp_path).entries] == ["power_up", "exit"]
    assert told[-1].startswith(f"the event log {folder} is written again")


# -- a full log on a nearly full disk --------------------------------------------------------------


def test_a_rewrite_with_no_room_appends_past_the_limit_and_says_storage_full(tmp_path: Path) -> None:
    path = tmp_path / EVENT_LOG_NAME
    harness_log(path, 60)
    log = EventLog.in_folder(tmp_path, keep=50, slack=10, write_whole=full_disk_for(EVENT_LOG_NAME))
    log.record("power_up")
    log.record("exit")
    log.close()
    entries = read_events(tmp_path).entries
    assert len(entries) == 63 and read_events(tmp_path).damaged == 0
    assert [e.kind for e in entries[-3:]] == ["power_up", "storage_full", "exit"]
    assert "cannot be trimmed" in entries[-2].text and "No space left on device" in entries[-2].text


def test_the_rewrite_is_tried_again_later_and_trims_when_there_is_room(tmp_path: Path) -> None:
    path = tmp_path / EVENT_LOG_NAME
    harness_log(path, 60)
    room = {"ok": False}
    tries: list[Path] = []
    refusing = full_disk_for(EVENT_LOG_NAME)

    def write(target: Path, data: bytes) -> None:
        tries.append(target)
        (atomic.write_atomic if room["ok"] else refusing)(target, data)

    log = EventLog.in_folder(tmp_path, keep=50, slack=10, write_whole=write)
    log.record("power_up")
    for i in range(RETRY_LINES - 5):  # retries are spaced: the copy is not attempted at every entry
        log.record("pad_attached", pad=i)
    assert len(tries) == 1
    assert sum(e.kind == "storage_full" for e in read_events(tmp_path).entries) == 1
    room["ok"] = True
    for i in range(10):
        log.record("pad_detached", instance=i)
    log.close()
    lines = path.read_bytes().count(b"\n")
    assert lines <= 60
    assert len(tries) == 2
    kinds = [e.kind for e in read_events(tmp_path).entries]
    assert kinds[-1] == "pad_detached" and "storage_back" in kinds


def test_a_kiosk_on_a_full_log_and_a_nearly_full_disk_keeps_its_runs_entries(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / EVENT_LOG_NAME
    harness_log(path, KEEP_ENTRIES + SLACK)  # the 11,000-line limit: the next entry means a rewrite
    # The fault-injection seam: the rewrite's copy of events.log finds no room; every other write works.
    monkeypatch.setattr(atomic, "write_atomic", full_disk_for(EVENT_LOG_NAME))
    shell = kiosk_on(tmp_path)
    shell.start()
    shell.run_frames(3, script={1: [Press(Button.CONFIRM)]})
    assert shell.app is not None and shell.app.base.start_round()
    shell.run_frames(10)
    shell.stop_reason = "SIGTERM"
    shell.shutdown()
    monkeypatch.undo()
    after = read_events(tmp_path)
    assert after.damaged == 0
    new = [e for e in after.entries if e.seq > KEEP_ENTRIES + SLACK]
    kinds = [e.kind for e in new]
    assert kinds[0] == "power_up" and "storage_full" in kinds and kinds[-1] == "exit"
    assert new[-1].data["cause"] == "SIGTERM"
    assert [e.seq for e in new] == list(range(KEEP_ENTRIES + SLACK + 1, KEEP_ENTRIES + SLACK + 1 + len(new)))
    assert path.read_bytes().count(b"\n") == KEEP_ENTRIES + SLACK + len(new)  # nothing old was lost either
    assert "the event log cannot be trimmed" in (tmp_path / "kiosk.log").read_text()  # the operator is told
    # With room again, the next start trims it to the newest 10,000.
    again = EventLog.in_folder(tmp_path)
    again.record("power_up")
    again.close()
    assert path.read_bytes().count(b"\n") == KEEP_ENTRIES


# -- every error survived is in the event log too ----------------------------------------------------


def test_an_error_a_kiosk_survives_is_in_the_event_log_with_its_traceback(tmp_path: Path) -> None:
    shell = kiosk_on(tmp_path)
    shell.start()
    shell.run_frames(3, script={1: [Press(Button.CONFIRM)]})
    app = shell.app

    class Boom:
        modal = opaque = finished = False

        def handle(self, press: Press) -> bool:
            return False

        def hit_regions(self) -> list:
            return []

        def update(self, dt: float) -> None:
            raise RuntimeError("boom in update")

        def draw(self, surface: object) -> None:
            pass

    app.stack.push(Boom())
    shell.run_frames(2)
    shell.shutdown()
    errors = [e for e in read_events(tmp_path).entries if e.kind == "error"]
    assert len(errors) == 1 and "RuntimeError: boom in update" in errors[0].text
    assert "Traceback" in errors[0].data["traceback"] and errors[0].data["where"].endswith("update")
    assert "boom in update" in (tmp_path / "kiosk.log").read_text()


# -- the fuzz: cabinet kiosk events on any log a crash or a hand leaves --------------------------

SIGNED_LINE = st.builds(
    lambda seq, kind, text, data: encode_event(LoggedEvent(seq, "2026-01-01T00:00:00+00:00", kind, text, data)),
    st.integers(-5, 2**70), st.sampled_from(["power_up", "exit", "wrong_pin", "made_up", ""]),
    st.text(max_size=20),  # any character, lone surrogates included
    st.dictionaries(st.text(max_size=5), st.integers() | st.text(max_size=5), max_size=2))
LOG_LINE = st.one_of(SIGNED_LINE, st.binary(max_size=40).map(lambda b: b + b"\n"),
                     st.sampled_from([b"[" * 50_000 + b"\n", b'{"crc":"0"}\n', b"\n", b"null\n"]))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(LOG_LINE, max_size=8), cut=st.none() | st.integers(0, 300), as_json=st.booleans())
def test_fuzz_cabinet_kiosk_events_never_ends_in_an_internal_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[bytes], cut: int | None,
        as_json: bool) -> None:
    raw = b"".join(lines)
    (tmp_path / EVENT_LOG_NAME).write_bytes(raw if cut is None else raw[:cut])
    code = main(["kiosk", "events", "--data-dir", str(tmp_path), *(["--json"] if as_json else [])])
    out = capsys.readouterr()
    assert code == 0 and "internal error" not in out.err
    out.out.encode("utf-8")  # printable as it is
    shown = len(out.out.splitlines())
    assert shown == len(read_events(tmp_path).entries)


def test_a_failing_operator_page_over_the_lobby_is_left_and_the_kiosk_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shell = kiosk_on(tmp_path)
    shell.start()
    shell.open_operator()
    menu = shell.operator_menu

    def broken(dt: float) -> None:
        raise KeyError("a page broke")

    monkeypatch.setattr(menu, "update", broken)
    shell.run_frames(3)
    assert shell.operator_menu is None and shell.lobby is not None and shell.guard.total == 1
    shell.shutdown()
    errors = [e for e in read_events(tmp_path).entries if e.kind == "error"]
    assert [e.data["where"] for e in errors] == ["operator menu"] and "KeyError" in errors[0].text
    assert "KeyError: 'a page broke'" in (tmp_path / "kiosk.log").read_text()


def test_an_error_outside_the_screens_is_survived_until_errors_keep_coming(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    shell = kiosk_on(tmp_path)
    shell.start()
    calls = {"n": 0}

    def flaky(events: object) -> None:
        calls["n"] += 1
        if calls["n"] == 2:
            raise RuntimeError("a device event broke")

    monkeypatch.setattr(shell.operator, "see_events", flaky)
    shell.run_frames(4)  # one error: logged, the next frames come
    assert shell.frames == 3 and shell.guard.total == 1

    def broken(events: object) -> None:
        raise RuntimeError("it keeps breaking")

    monkeypatch.setattr(shell.operator, "see_events", broken)
    with pytest.raises(RuntimeError, match="it keeps breaking"):  # up to the service manager, which restarts
        shell.run_frames(10)
    shell.shutdown()
    kinds = [e.data.get("where") for e in read_events(tmp_path).entries if e.kind == "error"]
    assert kinds == ["the kiosk's frame"] * GIVE_UP_AFTER


def test_a_bug_while_the_kiosk_starts_is_in_kiosk_log_with_its_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import cabinet.kiosk.catalog as catalog

    def broken(*args: object, **kwargs: object) -> object:
        raise RuntimeError("the catalog broke")

    monkeypatch.setattr(catalog, "load_entries", broken)
    code = main(["kiosk", "--data-dir", str(tmp_path), "--headless", "--frames", "2"])
    err = capsys.readouterr().err
    assert code == 70 and "internal error: RuntimeError: the catalog broke" in err
    log = (tmp_path / "kiosk.log").read_text()
    assert "error in the kiosk, which stops it" in log and "Traceback" in log
    errors = [e for e in read_events(tmp_path).entries if e.kind == "error"]
    assert len(errors) == 1 and "the catalog broke" in errors[0].text
