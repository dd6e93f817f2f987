"""Files that survive a pulled plug.

A cabinet can lose power between any two instructions. Every file the services
rewrite goes through ``write_atomic``: the new bytes go to a temporary file in the
same folder (so the rename cannot cross file systems), are flushed and fsynced, the
temporary file replaces the old one with ``os.replace`` (atomic on POSIX and
Windows), and the folder itself is fsynced so the rename is on disk too. A reader
therefore sees either the old file or the new one, never half of each.

A file the cabinet cannot trust is never deleted: ``keep_aside`` renames it to
``<name>.bad-<UTC timestamp>`` (with a short ``.why`` note beside it) so an
operator or a developer can still inspect it.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cabinet.errors import CabinetError
from cabinet.paths import default_data_dir

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def canonical_json(value: Any) -> str:
    """One spelling per value: sorted keys, no spaces, ASCII only.

    Checksums are computed over this text, and records written twice with the same
    content are byte-identical (history after a restart must be).
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def fsync_dir(folder: Path) -> None:
    """Make a rename or a new file in ``folder`` durable.

    Some platforms (Windows) cannot open a directory; there a rename is already
    durable once it returns, so the error is ignored.
    """
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash leaves the old or the new file."""
    path = Path(path)
    folder = path.parent
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        # The temporary file is ours and incomplete: removing it loses nothing.
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
    fsync_dir(folder)


def remove_stale_temps(folder: Path) -> list[Path]:
    """Delete temporary files ``write_atomic`` left behind when it was killed.

    Once the critical store has loaded, they are only ever copies of a file whose previous
    version is still in place, so removing them loses nothing (unlike a damaged file, which
    is kept aside). Before that one may be the only good state (both store copies damaged, a
    save killed before its rename): ``JournaledLedger.open`` calls this only after the store
    has loaded, never on the way to a MALFUNCTION.
    """
    removed = []
    for tmp in Path(folder).glob(".*.tmp"):
        try:
            tmp.unlink()
            removed.append(tmp)
        except OSError:
            pass
    return removed


def write_text_atomic(path: Path, text: str) -> None:
    write_atomic(path, text.encode("utf-8"))


def aside_name(path: Path, when: datetime) -> Path:
    """``journal.log`` -> ``journal.log.bad-20240131T235959Z`` (a free name)."""
    stamp = when.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    candidate = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while candidate.exists():
        # Two problems within one second (e.g. both store copies): keep both files.
        n += 1
        candidate = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    return candidate


def keep_aside(path: Path, reason: str, clock: Clock = utc_now) -> Path:
    """Move a file the cabinet will not use out of the way, never deleting it.

    Returns the new path. A ``<new path>.why`` text file records the reason, so the
    file still explains itself after the message on screen is gone.
    """
    path = Path(path)
    when = clock()
    target = aside_name(path, when)
    os.replace(path, target)
    note = f"{path.name} was set aside at {when.astimezone(UTC).isoformat()}:\n{reason}\n"
    try:
        write_text_atomic(target.with_name(target.name + ".why"), note)
    except OSError:
        pass  # the note is a courtesy; the kept file is what matters
    fsync_dir(path.parent)
    return target


def ensure_data_dir(explicit: Path | str | None = None) -> Path:
    """The folder for journal, store, history and settings, created if needed.

    ``explicit`` is ``--data-dir``; without it the user's data folder is used.
    A folder that cannot be created or written is a one-line CabinetError, since
    the cabinet must not take a bet it cannot record.
    """
    folder = Path(explicit) if explicit is not None else default_data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CabinetError(f"cannot create the data folder {folder}: {exc.strerror or exc}") from exc
    if not folder.is_dir():
        raise CabinetError(f"the data folder {folder} is not a folder")
    if not os.access(folder, os.W_OK):
        raise CabinetError(f"the data folder {folder} is not writable")
    private_modes(folder)
    return folder


# What the cabinet keeps in a data folder (kept-aside copies and temporary files start with
# these names too, or with a dot): made private at every start (``private_modes``).
OWN_NAMES = ("journal.log", "events.log", "kiosk.log", "critical.", "history.json", "settings.yaml",
             "audit.json", "kiosk.yaml", "status.json", "script-progress.json", "bindings.yaml",
             "pin-lock.json", "games", ".")
GROUP_READABLE = {"status.json": 0o640}  # a monitoring check in the kiosk user's group reads it
PRIVATE_FILE, PRIVATE_FOLDER = 0o600, 0o700


def private_modes(folder: Path) -> None:
    """The data folder 0700 and the cabinet's files in it 0600 (folders 0700), whatever an
    older cabinet or a umask made; status.json 0640. Other people's files there are left alone.
    A mode that cannot be changed (another owner, a FAT drive) is no reason to stop."""
    try:
        os.chmod(folder, PRIVATE_FOLDER)
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if not entry.name.startswith(OWN_NAMES):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                os.chmod(entry.path, PRIVATE_FOLDER)
            elif entry.is_file(follow_symlinks=False):
                os.chmod(entry.path, GROUP_READABLE.get(entry.name, PRIVATE_FILE))
        except OSError:
            continue
