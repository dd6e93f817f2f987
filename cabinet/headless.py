"""Headless scripted sessions (``cabinet play --headless --script FILE``) that survive kills.

A script is a YAML list of presses. Two kinds of entry:

- ``{frame: 120, press: SPIN}`` — at frame 120 of this run (frames count from 0 each
  time the program starts; entries are taken in file order, several may share a
  frame). Good for timing tests: slams, skips, presses mid-spin.
- ``{press: SPIN}`` — *paced*: delivered as soon as the cabinet is idle (no round in
  play), one entry per frame. ``repeat: N`` makes N entries of it. A paced script
  means "these presses, in this order, each when the cabinet is ready", so its result
  does not depend on how fast anything animates (``--fast`` is allowed).

Optional per entry: ``index`` (an ITEM press's row), ``pos: [x, y]`` (a tap).

Resuming after a kill (with ``--data-dir``)
-------------------------------------------
Before each entry is delivered, ``<data dir>/script-progress.json`` is written
atomically: the script's sha256, the entry's number, the bet, and a *marker* of the
money state — (rounds charged, credits in) from the critical store. A press with a
lasting effect (SPIN or a RESPIN starting a round, ADD CREDITS) always moves that
marker, in the same fsynced store write that makes it happen. When the same script
runs again on the same data folder:

1. the cabinet starts as always: recovery resumes an interrupted round where the
   screen was (or settles it);
2. the runner reads the progress file: if the marker still matches, the entry was not
   (or not lastingly) delivered and is delivered again; if it moved, the entry took
   effect before the kill and the script carries on after it. The bet is set back
   to the recorded one (bet changes live only in the session);
3. start-up panels (a notice, an intro card) are acknowledged with BACK first, as an
   uninterrupted run would have done once, even while a restored round plays under them.

So a paced script killed at any instant and started again until it finishes ends in
exactly the state of an uninterrupted run: same rounds, seeds, credits, meters and
history (``tests/test_kill.py``). A finished script stays finished: running it again
on the same folder only prints the state (delete ``script-progress.json`` to replay
it). Frame-timed entries resume by position too, but their timing restarts with the
program, so only paced scripts are guaranteed to reproduce. Autoplay and menu
toggles are not tracked (autoplay starts rounds the script did not press).

When the data folder cannot be written (a full disk, a file-size limit) the runner
does not press on: an entry whose press could not be recorded, or whose progress
could not be saved, is delivered again once writes work, for up to
``STORAGE_PATIENCE`` frames. A run that still could not finish (or whose last round
never ended) stops with one line and ``ScriptIncomplete``'s exit code, and its
progress file does not say it finished, so running it again carries on.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cabinet.core.bet import Bet, is_allowed
from cabinet.errors import CabinetError
from cabinet.machine.buttons import Button, Press

PROGRESS_NAME = "script-progress.json"
PROGRESS_FORMAT = 1
MAX_REPEAT = 100_000
STARTUP_PANELS = 4  # start-up panels the runner will acknowledge at most
TAIL_LIMIT = 120_000  # frames allowed after the last entry for the last round to finish
FAST_SPEED = 4  # --fast: game seconds per frame, and draw one frame in this many
STORAGE_PATIENCE = 3_600  # frames a run waits for the disk to take writes again before it gives up
STORAGE_RETRY_FRAMES = 30  # frames between tries of an entry the disk refused


class ScriptIncomplete(CabinetError):
    """The script could not be played to its end (writes failed, a round never finished)."""

    exit_code = 4


@dataclass(frozen=True)
class Entry:
    press: Press
    frame: int | None  # None: paced (when the cabinet is idle)


def load_entries(path: Path) -> tuple[list[Entry], str]:
    """The script's entries and its sha256, with ``file:line:col: message`` for any mistake."""
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except OSError as exc:
        raise CabinetError(f"{path}: cannot read the script ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise CabinetError(f"{path}: the script is not UTF-8 text") from None
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise CabinetError(f"{path}: not valid YAML: {exc}") from None
    digest = hashlib.sha256(raw).hexdigest()
    if data is None:
        return [], digest
    if not isinstance(data, list):
        raise CabinetError(f"{path}:1:1: a script is a list of {{frame: N, press: BUTTON}} or {{press: BUTTON}} "
                           "entries")
    entries: list[Entry] = []
    for i, item in enumerate(data):
        node = root.value[i] if root is not None and hasattr(root, "value") else None
        where = f"{path}:{node.start_mark.line + 1}:{node.start_mark.column + 1}" if node is not None else str(path)
        entries.extend(_entries(item, where))
    return entries, digest


def _entries(item: Any, where: str) -> list[Entry]:
    if not isinstance(item, dict) or "press" not in item:
        raise CabinetError(f"{where}: each entry needs 'press', e.g. {{frame: 120, press: SPIN}} or {{press: SPIN}}")
    unknown = set(item) - {"frame", "press", "index", "pos", "repeat"}
    if unknown:
        raise CabinetError(f"{where}: unknown field(s) {', '.join(sorted(map(str, unknown)))}")
    name = str(item["press"]).upper()
    if name not in Button.__members__:
        raise CabinetError(f"{where}: unknown button {item['press']!r}")
    frame = item.get("frame")
    if frame is not None and (isinstance(frame, bool) or not isinstance(frame, int) or frame < 0):
        raise CabinetError(f"{where}: 'frame' must be a whole number from 0, got {frame!r}")
    pos = item.get("pos")
    if pos is not None and not (isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int) for v in pos)):
        raise CabinetError(f"{where}: 'pos' must be [x, y]")
    index = item.get("index", -1)
    if isinstance(index, bool) or not isinstance(index, int):
        raise CabinetError(f"{where}: 'index' must be a whole number")
    repeat = item.get("repeat", 1)
    if isinstance(repeat, bool) or not isinstance(repeat, int) or not 1 <= repeat <= MAX_REPEAT:
        raise CabinetError(f"{where}: 'repeat' must be a whole number from 1 to {MAX_REPEAT}")
    if repeat > 1 and frame is not None:
        raise CabinetError(f"{where}: 'repeat' is for paced entries (without 'frame')")
    press = Press(Button(name), index, tuple(pos) if pos else None)
    return [Entry(press, frame)] * repeat


def frame_script(entries: list[Entry]) -> dict[int, list[Press]]:
    """Frame-timed entries as ``App.run_script`` takes them (paced ones are refused)."""
    script: dict[int, list[Press]] = {}
    for entry in entries:
        if entry.frame is None:
            raise CabinetError("paced script entries (without 'frame') need the script runner")
        script.setdefault(entry.frame, []).append(entry.press)
    return script


# --- progress on disk ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Progress:
    script: str  # sha256 of the script file
    next: int  # the entry about to be delivered (or len(entries): done)
    marker: tuple[int, int]  # (rounds charged, credits in) when it was written
    bet: tuple[int, int, int]


def read_progress(path: Path) -> Progress | None:
    """The saved progress, or None (missing, or unreadable: the script then starts over, loudly)."""
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="ascii"))
        if data.get("format") != PROGRESS_FORMAT:
            raise ValueError(f"format {data.get('format')!r}")
        marker = tuple(int(v) for v in data["marker"])
        bet = tuple(int(v) for v in data["bet"])
        if len(marker) != 2 or len(bet) != 3:
            raise ValueError("bad marker or bet")
        return Progress(str(data["script"]), int(data["next"]), (marker[0], marker[1]), (bet[0], bet[1], bet[2]))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        from cabinet.services.atomic import keep_aside

        kept = keep_aside(path, f"script progress: {exc}")
        print(f"cabinet: notice: {path} could not be read ({exc}); kept as {kept.name}; the script starts over",
              file=sys.stderr)
        return None


def write_progress(path: Path, progress: Progress) -> None:
    from cabinet.services.atomic import canonical_json, write_atomic

    data = {"format": PROGRESS_FORMAT, "script": progress.script, "next": progress.next,
            "marker": list(progress.marker), "bet": list(progress.bet)}
    write_atomic(path, (canonical_json(data) + "\n").encode("ascii"))


# --- the runner ----------------------------------------------------------------------------------


class ScriptRunner:
    def __init__(self, app: Any, entries: list[Entry], script_id: str, data_dir: Path | None,
                 frames: int | None = None, fast: bool = False) -> None:
        self.app = app
        self.entries = entries
        self.script_id = script_id
        self.path = Path(data_dir) / PROGRESS_NAME if data_dir is not None else None
        self.frames = frames
        self.fast = fast
        self.next = 0
        self._delivered_at = -1  # frame of the last paced delivery
        self._retry_at = -1  # a refused write: no delivery before this frame
        self._problem_since: int | None = None  # frame since which writes keep failing

    def marker(self) -> tuple[int, int]:
        session = self.app.session
        return session.ledger.round_counter, session.meters.credits_in

    def bet(self) -> tuple[int, int, int]:
        b = self.app.session.bet
        return b.lines, b.coins_per_line, b.coin_value

    def resume(self) -> None:
        """Carry on where a killed run of the same script stopped (see the module doc)."""
        if self.path is None:
            return
        saved = read_progress(self.path)
        if saved is None or saved.script != self.script_id:
            return
        self.next = saved.next + (1 if saved.marker != self.marker() and saved.next < len(self.entries) else 0)
        bet = Bet(*saved.bet)
        session = self.app.session
        if is_allowed(session.defn, bet) and not session.set_bet(bet):
            session.bet = bet  # a restored round is in play: it was made at this bet anyway
        if self.next >= len(self.entries):
            print(f"cabinet: notice: this script already ran to its end in {self.path.parent} "
                  f"(delete {self.path.name} to run it again)", file=sys.stderr)

    def acknowledge_startup_panels(self) -> None:
        """Close notices and intro cards shown at start-up, as an uninterrupted run did once.

        A restored round may be playing under a notice (it waits for the notice to close), so
        the panel is closed whether or not a round is in play; only start-up panels are,
        never a feature's own scene."""
        from cabinet.presentation.scenes.intro import IntroScene
        from cabinet.presentation.scenes.malfunction import NoticeScene

        app = self.app
        for _ in range(STARTUP_PANELS):
            top = app.stack.top
            if top is None or top is app.base or not getattr(top, "modal", False):
                return
            if not (app.idle or isinstance(top, (NoticeScene, IntroScene))):
                return
            app.press([Press(Button.BACK)])
            app.update(1)  # let the stack drop the finished panel

    def _save(self) -> bool:
        """Write the progress file; False (reported, to be tried again) if the disk refuses."""
        if self.path is None:
            return True
        try:
            write_progress(self.path, Progress(self.script_id, self.next, self.marker(), self.bet()))
        except OSError as exc:
            self.app.session.storage.failed(f"the script's progress ({self.path.name})", exc, source="script")
            self._retry_at = self.app.frames + STORAGE_RETRY_FRAMES
            return False
        self.app.session.storage.recovered(source="script")
        return True

    def _due(self) -> list[Press]:
        """Presses to deliver this frame (the progress file is written before each)."""
        app = self.app
        if self.next >= len(self.entries) or app.frames < self._retry_at:
            return []
        entry = self.entries[self.next]
        if entry.frame is None:
            if not app.idle or app.frames <= self._delivered_at or not self._save():
                return []
            self.next += 1
            self._delivered_at = app.frames
            return [entry.press]
        presses: list[Press] = []
        while self.next < len(self.entries):
            entry = self.entries[self.next]
            if entry.frame is None or app.frames < entry.frame or not self._save():
                break
            self.next += 1
            presses.append(entry.press)
        return presses

    def _refused_by_storage(self, failures_before: int, marker_before: tuple[int, int]) -> bool:
        """The press just delivered failed to record (the marker did not move, a write failed)."""
        storage = self.app.session.storage
        return storage.failures > failures_before and self.marker() == marker_before

    def run(self) -> None:
        """Play the script; raises ``ScriptIncomplete`` when it could not be played to its end."""
        app = self.app
        from cabinet.app import FPS

        speed = FAST_SPEED if self.fast else 1
        self.resume()
        self.acknowledge_startup_panels()
        tail_start: int | None = None
        stopped = ""
        while not app.done:
            if self.frames is not None and app.frames >= self.frames:
                break
            if self.next >= len(self.entries):
                if self.frames is None and app.idle and app.session.storage.problem is None:
                    break
                tail_start = app.frames if tail_start is None else tail_start
                if self.frames is None and app.frames - tail_start > TAIL_LIMIT:
                    stopped = "the last round did not finish"
                    break
            stopped = self._storage_gave_up()
            if stopped:
                break
            failures, marker, entry = app.session.storage.failures, self.marker(), self.next
            presses = self._due()
            app.frame(speed / FPS, presses, draw=app.frames % speed == 0)
            if presses and self.entries[entry].frame is None and self._refused_by_storage(failures, marker):
                self.next = entry  # not recorded, so not played: deliver it again when writes work
                self._retry_at = app.frames + STORAGE_RETRY_FRAMES
        if stopped:
            raise ScriptIncomplete(f"the script stopped at entry {self.next + 1} of {len(self.entries)}: {stopped}; "
                                   "run it again on the same data folder to carry on")
        if self.next >= len(self.entries) and not self._save():  # the end recorded: never played again
            raise ScriptIncomplete(f"the script ran to its end but its progress could not be saved: "
                                   f"{app.session.storage.problem}")
        storage = app.session.storage
        if storage.problem is not None:
            raise ScriptIncomplete(f"the run ended while writes still fail: {storage.problem}")
        if app.session.ledger.write_outstanding:
            raise ScriptIncomplete("every round was played and paid, but not all of its records could be written "
                                   f"({storage.last_notice or 'see the warnings above'})")

    def _storage_gave_up(self) -> str:
        """Why the run stops waiting for the disk ("" while it still waits or writes work)."""
        storage = self.app.session.storage
        if storage.problem is None:
            self._problem_since = None
            return ""
        if self._problem_since is None:
            self._problem_since = self.app.frames
        if self.app.frames - self._problem_since <= STORAGE_PATIENCE:
            return ""
        return f"{storage.problem} (for {STORAGE_PATIENCE} frames)"
