"""Whether the cabinet can write its records, and who is told when it cannot.

A full disk (ENOSPC), a quota (EDQUOT) or a file-size limit (EFBIG; ``ulimit -f``,
whose SIGXFSZ Python ignores) makes a write fail; the cabinet then refuses what it
cannot record, keeps the round it has open, and tries again later. ``StorageHealth``
is the one place that knows it: the screen asks it for a message, the log is told
once when recording stops and once when it works again (not at every retry), and a
scripted run counts its failures to decide its exit code.
"""

from __future__ import annotations

import errno
import sys
from collections.abc import Callable

Reporter = Callable[[str], None]
StateListener = Callable[[str, str], None]  # ("storage_full" | "storage_back", what happened)

# Errors that mean "no room": a message an attendant can act on (free space).
_NO_ROOM = {errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}


def storage_full(exc: BaseException) -> bool:
    return isinstance(exc, OSError) and exc.errno in _NO_ROOM


def describe(exc: BaseException) -> str:
    """``No space left on device (errno 28)``: the reason, without Python's punctuation."""
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
        where = f" writing {exc.filename}" if exc.filename else ""
        return f"{reason}{where}" + (f" (errno {exc.errno})" if exc.errno else "")
    return str(exc)


def screen_message(exc: BaseException) -> str:
    """The short line for the screen (the HUD's status line)."""
    if storage_full(exc):
        return "STORAGE FULL: CANNOT RECORD - PLAY GOES ON WHEN THERE IS ROOM AGAIN"
    return "CANNOT RECORD: STORAGE ERROR - PLAY GOES ON WHEN IT CAN BE WRITTEN"


def print_warning(line: str) -> None:
    print(f"cabinet: warning: {line}", file=sys.stderr)


class StorageHealth:
    """The state of the cabinet's writes: ``problem`` is None while they succeed.

    Problems are kept per ``source`` (the ledger's files, a script's progress file): a
    small file may still be written while the journal cannot grow (a file-size limit), and
    that success must not be taken for the journal's."""

    def __init__(self, *reporters: Reporter) -> None:
        self.reporters: list[Reporter] = list(reporters) or [print_warning]
        self.problems: dict[str, str] = {}  # source -> what failed last, while it still fails
        self.screen: str = ""  # the screen's line for the latest problem
        self.failures = 0  # failed writes since the start (a scripted run's exit code reads it)
        self.last_notice: str | None = None  # the last write that failed without stopping anything
        self.listeners: list[StateListener] = []  # told when recording stops and when it works again

    @property
    def problem(self) -> str | None:
        return next(iter(self.problems.values()), None)

    def failed(self, what: str, exc: BaseException, *, source: str = "ledger") -> str:
        """Record a failed write of ``what``; returns the screen's message."""
        self.failures += 1
        problem = f"cannot record {what}: {describe(exc)}"
        self.screen = screen_message(exc)
        if problem != self.problems.get(source):  # once per distinct problem, not at every retry
            self.report(problem + "; the cabinet keeps its last good state and retries")
        started = source not in self.problems
        self.problems[source] = problem
        if started:
            self._tell("storage_full", problem)
        return self.screen

    def notice(self, line: str) -> None:
        """A write that failed without stopping anything (history, say): reported, counted."""
        self.failures += 1
        if line != self.last_notice:  # the same file failing round after round: said once
            self.report(line)
        self.last_notice = line

    def recovered(self, *, source: str = "ledger") -> None:
        """A write from ``source`` succeeded: if its recording had stopped, say it works again."""
        problem = self.problems.pop(source, None)
        if problem is not None:
            self.report(f"recording works again (after: {problem})")
            self._tell("storage_back", problem)
            if not self.problems:
                self.screen = ""

    def _tell(self, state: str, problem: str) -> None:
        for listener in list(self.listeners):
            try:
                listener(state, problem)
            except OSError:
                pass  # the event log keeps what it could not write; the cabinet goes on

    def report(self, line: str) -> None:
        for reporter in self.reporters:
            try:
                reporter(line)
            except OSError:
                pass  # a log on the same full disk: the other reporters still say it
