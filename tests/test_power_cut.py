"""Power cuts handled like a real cabinet: a cabinet killed (SIGKILL) in the middle of a round,
then powered up as a kiosk, goes straight to that round's game (not the lobby) and finishes the
round there; the event log says POWER LOST, with the round it interrupted, before the new start."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cabinet.services.event_log import read_events
from cabinet.services.history import HISTORY_NAME, decode_history
from cabinet.services.journal import JOURNAL_NAME, read_pending

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.integration


def _cabinet(*args: str) -> list[str]:
    return [sys.executable, "-m", "cabinet", *args]


def _kill_mid_round(data: Path, game: str, tmp_path: Path) -> None:
    """Play ``game`` headless and SIGKILL it while its first round is open in the journal."""
    script = tmp_path / "spin.yaml"
    script.write_text("- {frame: 3, press: SPIN}\n")
    proc = subprocess.Popen(_cabinet("play", game, "--headless", "--data-dir", str(data), "--script", str(script),
                                     "--frames", "100000", "--seed", "5"),
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    deadline = time.monotonic() + 60
    try:
        while read_pending(data / JOURNAL_NAME) is None:
            assert proc.poll() is None, f"the cabinet ended before its round began: {proc.stderr.read()!r}"  # type: ignore[union-attr]
            assert time.monotonic() < deadline, "no round began within 60 s"
            time.sleep(0.002)
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL


def test_a_power_cut_mid_round_comes_back_to_the_round_and_finishes_it(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / "kiosk.yaml").write_text("games: [lucky-christmas, classic, happy-riches]\nstart: lobby\n")
    _kill_mid_round(data, "classic", tmp_path)
    cut = read_pending(data / JOURNAL_NAME)
    assert cut is not None and cut.game_id == "classic" and cut.round_id == 1

    done = subprocess.run(_cabinet("kiosk", "--headless", "--frames", "900", "--data-dir", str(data)),
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "showing classic" in done.stdout  # the round's game, not the lobby the kiosk.yaml starts on
    assert read_pending(data / JOURNAL_NAME) is None  # finished there
    played = decode_history((data / HISTORY_NAME).read_bytes())
    assert [(r.round_id, r.game_id) for r in played] == [(1, "classic")]

    entries = read_events(data).entries
    kinds = [e.kind for e in entries]
    assert kinds[:4] == ["power_up", "power_lost", "power_up", "round_restored"]
    lost = entries[1]
    assert lost.data == {"round": 1, "game": "classic", "since": entries[0].time}
    assert "power lost" in lost.text and "round 1 of classic" in lost.text
    assert kinds[-1] == "exit"  # the kiosk's own clean stop: the next start is no power cut

    again = subprocess.run(_cabinet("kiosk", "--headless", "--frames", "30", "--data-dir", str(data)),
                           cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "showing lobby" in again.stdout
    assert [e.kind for e in read_events(data).entries].count("power_lost") == 1
