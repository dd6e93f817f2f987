"""A game's par worked out in a child process, for a page that shows it while frames keep
their time (the operator's meters page).

A thread would share the window's interpreter lock: par is pure Python, so each of its time
slices (5 ms) would land inside a frame. The child is a plain ``python -m
cabinet.services.par_process`` at a lower priority: it imports the core only, inherits none
of the window's SDL state, reads the pickled definition on stdin and writes the pickled
report (or the exception par raised) on stdout. Where no child can be started (no
interpreter on disk, a process limit), par runs in the caller's thread as before.
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from typing import Any

NICE = 10  # the child's niceness: the window's frames come first


def par_in_child(defn: Any, *, timeout: float | None = None) -> Any:
    """``core.par.par(defn)``, worked out in a child process; blocks the calling thread (not
    the interpreter) until it answers. Returns the report, or the exception par raised."""
    try:
        done = subprocess.run([sys.executable, "-m", "cabinet.services.par_process"], input=pickle.dumps(defn),
                              capture_output=True, timeout=timeout, check=False)
        answer = pickle.loads(done.stdout) if done.stdout else None
    except (OSError, subprocess.SubprocessError, pickle.PickleError, EOFError, AttributeError, ImportError):
        answer = None
    if answer is not None:
        return answer
    return _par_here(defn)  # no child could answer: work it out here, as a thread would


def _par_here(defn: Any) -> Any:
    from cabinet.core.par import par

    try:
        return par(defn)
    except Exception as exc:  # noqa: BLE001 - the caller shows a game without par as such
        return exc


def _work() -> None:
    """The child: a pickled definition in, its pickled report (or par's exception) out."""
    try:
        os.nice(NICE)
    except (AttributeError, OSError):
        pass
    defn = pickle.loads(sys.stdin.buffer.read())
    answer = _par_here(defn)
    try:
        data = pickle.dumps(answer)
    except Exception as exc:  # noqa: BLE001 - an exception that does not pickle goes as its words
        data = pickle.dumps(RuntimeError(str(exc)))
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


if __name__ == "__main__":  # run as the child: through the package, so the report pickles by its name
    from cabinet.services.par_process import _work as work

    work()
