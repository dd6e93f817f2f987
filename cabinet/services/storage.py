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
    """The state of the cabinet's writes: ``problem`` is None while they succeed."""

    def __init__(self, *reporters: Reporter) -> None:
        self.reporters: list[Reporter] = list(reporters) or [print_warning]
        self.problem: str | None = None  # what failed last, while it still fails
        self.screen: str = ""  # the screen's line for ``problem``
        self.failures = 0  # failed writes since the start (a scripted run's exit code reads it)

    def failed(self, what: str, exc: BaseException) -> str:
        """Record a failed write of ``what``; returns the screen's message."""
        self.failures += 1
        problem = f"cannot record {what}: {describe(exc)}"
        self.screen = screen_message(exc)
        if problem != self.problem:  # once per distinct problem, not at every retry
            self.report(problem + "; the cabinet keeps its last good state and retries")
        self.problem = problem
        return self.screen

    def notice(self, line: str) -> None:
        """A write that failed without stopping anything (history, say): reported, counted."""
        self.failures += 1
        self.report(line)

    def recovered(self) -> None:
        """A write succeeded: if recording had stopped, say it works again."""
        if self.problem is not None:
            self.report(f"recording works again (after: {self.problem})")
            self.problem = None
            self.screen = ""

    def report(self, line: str) -> None:
        for reporter in self.reporters:
            try:
                reporter(line)
            except OSError:
                pass  # a log on the same full disk: the other reporters still say it
