"""Every charged round reaches history once, whatever storage fault came between (issue 26, defect 1).

The fault is placed on ``history.json`` alone: the history module's atomic writer raises
``OSError(ENOSPC)`` for it (the journal, the critical store and the script's progress file
still write), as on a disk filled so that only the largest file cannot be rewritten. The
rounds are played and paid; once the disk has room again, history must hold every one of
them exactly once, also after the process that played them has exited.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from cabinet.core.loader import load_game
from cabinet.machine.session import GameSession
from cabinet.services import history as history_module
from cabinet.services.ledger import JournaledLedger
from cabinet.services.session_ledger import DiskLedger
from cabinet.services.storage import StorageHealth

ROOT = Path(__file__).resolve().parent.parent
DEFN = load_game("classic")


class HistoryDisk:
    """``write_atomic`` as the history module sees it: history.json fails while ``full``."""

    def __init__(self, real: Callable[[Path, bytes], None]) -> None:
        self.real = real
        self.full = False
        self.refused = 0

    def __call__(self, path: Path, data: bytes) -> None:
        if self.full and Path(path).name == history_module.HISTORY_NAME:
            self.refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))
        self.real(path, data)


@pytest.fixture
def history_disk(monkeypatch: pytest.MonkeyPatch) -> HistoryDisk:
    disk = HistoryDisk(history_module.write_atomic)
    monkeypatch.setattr(history_module, "write_atomic", disk)
    return disk


def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from cabinet.cli import main

    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def ledger_on_disk(folder: Path) -> tuple[int, list[int], int]:
    """(rounds charged, round ids in history.json in order, games played) of a closed folder."""
    ledger = JournaledLedger.open(folder)
    try:
        assert ledger.journal.pending() is None and ledger.state.open_round is None and ledger.balanced()
        on_disk = history_module.decode_history((folder / history_module.HISTORY_NAME).read_bytes())
        return ledger.state.round_counter, [r.round_id for r in on_disk], ledger.meters.to_dict()["games_played"]
    finally:
        ledger.close()


def spins(tmp_path: Path, name: str, count: int) -> Path:
    path = tmp_path / name
    # The name goes in too: a progress file tells scripts apart by their bytes.
    path.write_text(f"# {name}\n- {{press: SPIN, repeat: {count}}}\n", encoding="utf-8")
    return path


def cli_args(script: Path, data: Path) -> list[str]:
    return ["play", "classic", "--headless", "--fast", "--script", str(script), "--seed", "4", "--data-dir",
            str(data), "--size", "640x360", "--credits", "100"]


def test_rounds_played_while_history_cannot_be_written_reach_it_once_the_disk_has_room(
        tmp_path: Path, history_disk: HistoryDisk, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    code, _, err = run_cli(cli_args(spins(tmp_path, "first.yaml", 20), data), capsys)
    assert code == 0, err
    history_disk.full = True  # only history.json can no longer be rewritten
    second = spins(tmp_path, "second.yaml", 20)
    code, _, err = run_cli(cli_args(second, data), capsys)
    assert code == 4, err  # every round played and paid, not every record written
    assert history_disk.refused >= 20 and "history.json" in err
    charged, _, played = ledger_on_disk_while_full(data)
    assert charged == played == 40
    history_disk.full = False  # space is freed
    code, _, err = run_cli(cli_args(second, data), capsys)  # the same script again: it had run to its end
    assert code == 0, err
    assert "already ran to its end" in err
    charged, ids, played = ledger_on_disk(data)
    assert charged == played == 40
    assert ids == list(range(1, 41))  # every charged round, once, in order
    code, _, err = run_cli(cli_args(second, data), capsys)  # and another start loses and repeats none
    assert code == 0, err
    assert ledger_on_disk(data)[1] == list(range(1, 41))


def ledger_on_disk_while_full(folder: Path) -> tuple[int, list[int], int]:
    """The store's and the meters' view while history still cannot be written (it lags behind)."""
    ledger = JournaledLedger.open(folder)
    try:
        return ledger.state.round_counter, [], ledger.meters.to_dict()["games_played"]
    finally:
        ledger.close()


def play_one(session: GameSession) -> None:
    result = session.begin_round()
    for i in range(len(result.events)):
        session.mark_progress(i + 1)
    session.finish_round()


def disk_session(folder: Path, *, journal_max_records: int = 1000) -> GameSession:
    ledger = JournaledLedger.open(folder, starting_credits=10_000, session_seed=7,
                                  journal_max_records=journal_max_records)
    session = GameSession(DEFN, ledger=DiskLedger(ledger), seed=7, storage=StorageHealth(lambda line: None))
    session.recover()
    return session


def test_rebuilt_rows_are_the_very_rows_the_rounds_wrote(tmp_path: Path, history_disk: HistoryDisk) -> None:
    session = disk_session(tmp_path)
    for _ in range(3):
        play_one(session)
    history_disk.full = True
    for _ in range(12):
        play_one(session)
    assert session.ledger.write_outstanding
    in_memory = [r.to_json() for r in session.ledger.ledger.history.records]
    session.ledger.close()
    history_disk.full = False
    again = disk_session(tmp_path)
    rebuilt = [r.to_json() for r in again.ledger.ledger.history.records]
    again.ledger.close()
    assert len(rebuilt) == 15 and rebuilt == in_memory  # byte for byte: stops, steps, features, money
    on_disk = history_module.decode_history((tmp_path / history_module.HISTORY_NAME).read_bytes())
    assert [r.to_json() for r in on_disk] == in_memory


def test_a_compacted_journal_keeps_the_rounds_history_still_lacks(tmp_path: Path, history_disk: HistoryDisk) -> None:
    session = disk_session(tmp_path, journal_max_records=6)  # compacts every couple of rounds
    play_one(session)
    history_disk.full = True
    for _ in range(9):
        play_one(session)
    session.ledger.close()
    history_disk.full = False
    reopened = disk_session(tmp_path, journal_max_records=6)
    ids = [r.round_id for r in reopened.ledger.ledger.history.records]
    reopened.ledger.close()
    assert ids == list(range(1, 11))


def test_history_is_written_when_storage_comes_back_without_another_round(
        tmp_path: Path, history_disk: HistoryDisk) -> None:
    session = disk_session(tmp_path)
    history_disk.full = True
    for _ in range(4):
        play_one(session)
    history_disk.full = False
    session.add_credits(100)  # the next write the cabinet makes finds room again
    assert not session.ledger.write_outstanding
    on_disk = history_module.decode_history((tmp_path / history_module.HISTORY_NAME).read_bytes())
    assert [r.round_id for r in on_disk] == [1, 2, 3, 4]
    session.ledger.close()


# --- the same on a real, small file system -------------------------------------------------------


def _mount_tmpfs(folder: Path, size: str) -> bool:
    if sys.platform != "linux" or shutil.which("mount") is None:
        return False
    folder.mkdir(parents=True, exist_ok=True)
    run = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                         capture_output=True, text=True)
    return run.returncode == 0


def _free_bytes(folder: Path) -> int:
    stats = os.statvfs(folder)
    return stats.f_bavail * stats.f_frsize


def _cabinet(script: Path, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cabinet", *cli_args(script, data)], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_a_real_full_disk_loses_no_round_from_history(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    if not _mount_tmpfs(disk, "400k"):
        pytest.skip("mounting a tmpfs is not permitted here")
    try:
        data = disk / "data"
        run = _cabinet(spins(tmp_path, "first.yaml", 20), data)
        assert run.returncode == 0, run.stderr
        filler = disk / "filler"
        with filler.open("wb") as handle:  # leave 32 KB: the small files fit, history.json's rewrite soon not
            handle.write(b"\0" * max(0, _free_bytes(disk) - 32 * 1024))
        second = spins(tmp_path, "second.yaml", 20)
        _cabinet(second, data)  # exits 0 or 4, depending on where the space ran out
        filler.unlink()
        run = _cabinet(second, data)
        assert run.returncode == 0, run.stderr
        charged, ids, played = ledger_on_disk(data)
        assert charged == played == 40 and ids == list(range(1, 41)), run.stderr
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)
