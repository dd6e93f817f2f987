"""The event log survives SIGKILL: every entry whose ``record`` returned is there after a kill,
in order, numbered without a gap, also when the kill lands in a rewrite of the newest entries.

A child process appends entries as fast as it can and prints each entry's number once
``record`` has returned; the test kills it with SIGKILL after a random delay, reads the
log and starts the child again on the same folder. The log keeps 300 entries with a slack
of 40, so it is rewritten (atomically) every 40 entries and many kills land in a rewrite.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cabinet.services.event_log import EVENT_LOG_NAME, EventLog

ROOT = Path(__file__).resolve().parent.parent
MIN_EACH = 30  # entries each life acknowledges before it may be killed: 12 lives pass the 300 kept
CHILD = """
import sys
from pathlib import Path
from cabinet.services.event_log import EventLog
log = EventLog.in_folder(Path(sys.argv[1]), keep=300, slack=40)
n = log.last_seq
print("ready", n, flush=True)
while True:
    n += 1
    log.record("pad_attached", "kill test", n=n)
    print(n, flush=True)
"""


def kill_run(folder: Path, kills: int, seed: int) -> None:
    rng = random.Random(seed)
    acknowledged = 0
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(kills):
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder)], stdout=subprocess.PIPE, env=env,
                                 text=True)
        assert child.stdout is not None
        first = child.stdout.readline().split()
        assert first[0] == "ready" and int(first[1]) >= acknowledged  # nothing acknowledged was lost
        started = int(first[1])
        # At least MIN_EACH entries a life, whatever the machine's load, then a kill at a random moment.
        seen = [int(child.stdout.readline()) for _ in range(MIN_EACH)]
        assert seen[0] == started + 1
        time.sleep(rng.uniform(0.0, 0.06))
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=30)
        numbers = seen + [int(x) for x in out.split() if x.isdigit()]
        acknowledged = numbers[-1]
        log = EventLog(folder / EVENT_LOG_NAME, keep=300)
        log.close()
        seqs = [e.seq for e in log.entries]
        assert seqs == list(range(seqs[0], seqs[-1] + 1)) if seqs else acknowledged == 0
        assert not seqs or seqs[-1] >= acknowledged, f"entry {acknowledged} was acknowledged, then lost"
        assert [e.data["n"] for e in log.entries] == seqs  # each entry is the one written under its number
        assert log.damaged <= 1  # at most the one line the kill tore
    assert acknowledged > 300  # the rewrites happened while being killed


def test_the_event_log_survives_12_sigkills(tmp_path: Path) -> None:
    kill_run(tmp_path, 12, seed=23)


@pytest.mark.slow
def test_the_event_log_survives_50_sigkills_with_nothing_lost(tmp_path: Path) -> None:
    kill_run(tmp_path, 50, seed=2023)
