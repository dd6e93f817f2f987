"""A hung test ends with its traceback and the run goes on (tests/conftest.py, pyproject's timeout).

A worker stuck in one test used to hold the whole suite until CI's clock ran out (the last CI run
froze that way: a deadlock between pygame's music pause and its audio thread, see test_audio_deadlock). These run a small suite with the
project's conftest in a fresh pytest, two workers, and check both guards: pytest-timeout fails a
test stuck in Python, and the faulthandler backstop ends a worker stuck in C with the GIL held."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HANGS = '''\
import ctypes
import time

import pytest


@pytest.mark.timeout(2)
def test_stuck_in_python():
    time.sleep(60)


@pytest.mark.timeout(2)
def test_stuck_in_c_holding_the_gil():
    libc = ctypes.PyDLL(None)  # PyDLL keeps the GIL through the call
    mutex = ctypes.create_string_buffer(64)
    libc.pthread_mutex_init(mutex, None)
    libc.pthread_mutex_lock(mutex)
    libc.pthread_mutex_lock(mutex)  # a deadlock no signal ends


@pytest.mark.parametrize("n", range(6))
def test_the_others_still_run(n):
    assert n >= 0
'''


@pytest.mark.integration
def test_a_hung_test_fails_with_its_traceback_and_the_others_still_run(tmp_path: Path) -> None:
    suite = tmp_path / "tests"
    suite.mkdir()
    shutil.copy(Path(__file__).with_name("conftest.py"), suite / "conftest.py")
    (suite / "test_hangs.py").write_text(HANGS, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\ntimeout = 300\n", encoding="utf-8")
    env = {**os.environ, "CABINET_TEST_BACKSTOP_SECONDS": "3"}
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:benchmark",
                           "-n", "2", "--dist", "worksteal", "tests"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "6 passed" in out and "2 failed" in out, out
    assert "Failed: Timeout (>2.0s) from pytest-timeout" in out  # the Python hang, failed in place
    assert "crashed while running 'tests/test_hangs.py::test_stuck_in_c_holding_the_gil'" in out  # the C hang
    deadlock = next(i for i, line in enumerate(HANGS.splitlines(), 1) if "a deadlock" in line)
    assert f'test_hangs.py", line {deadlock} in test_stuck_in_c_holding_the_gil' in out  # its stack, from faulthandler
