"""Running the kiosk as a service: the systemd unit (verified where systemd-analyze exists), the
status file and `cabinet kiosk status`, the event log through `cabinet kiosk events`, and the PIN
written by `cabinet kiosk pin`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from cabinet.commands.kiosk_tools import UNIT_TEMPLATE, unit_text
from cabinet.kiosk.config import load_config
from cabinet.kiosk.operator import STATUS_NAME, OperatorServices, read_status
from cabinet.kiosk.pin import verify_pin

ROOT = Path(__file__).resolve().parent.parent


def cabinet(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cabinet", *args], capture_output=True, text=True, timeout=120,
                          cwd=ROOT, env={**os.environ, **(env or {})})


def test_the_unit_restarts_always_and_stops_by_sigterm(tmp_path: Path) -> None:
    text = unit_text(tmp_path, cabinet=sys.executable)
    assert "@" not in text.replace("%", "")  # every placeholder filled
    lines = {line.split("=", 1)[0]: line.split("=", 1)[1] for line in text.splitlines() if "=" in line
             and not line.startswith("#")}
    assert lines["Restart"] == "always"
    assert lines["KillSignal"] == "SIGTERM" and lines["KillMode"] == "mixed"
    assert lines["ExecStart"] == f"{Path(sys.executable).resolve()} kiosk --data-dir {tmp_path}"
    assert UNIT_TEMPLATE.parent == ROOT / "cabinet" / "deploy" / "systemd"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed here")
def test_systemd_analyze_verify_passes_on_the_unit(tmp_path: Path) -> None:
    unit = tmp_path / "slot-cabinet.service"
    unit.write_text(unit_text(tmp_path, cabinet=sys.executable))
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "slot-cabinet.service" not in done.stderr  # no warning about our unit either
    broken = tmp_path / "broken" / "slot-cabinet.service"
    broken.parent.mkdir()
    broken.write_text(unit_text(tmp_path, cabinet="/nonexistent/cabinet"))
    refused = subprocess.run(["systemd-analyze", "verify", str(broken)], capture_output=True, text=True,
                             timeout=120)
    assert refused.returncode != 0  # the check does look at the unit


def test_cabinet_kiosk_service_prints_the_unit_with_this_machines_paths(tmp_path: Path) -> None:
    done = cabinet("kiosk", "service", "--data-dir", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert f"--data-dir {tmp_path.resolve()}" in done.stdout and "Restart=always" in done.stdout


def test_the_status_file_and_cabinet_kiosk_status(tmp_path: Path) -> None:
    services = OperatorServices(tmp_path, kiosk=True)
    services.frames.add(0.004)
    services.tick(0.016, 0.004)  # the first tick writes at once, then every 60 s
    status = json.loads((tmp_path / STATUS_NAME).read_text())
    assert status["running"] and status["pid"] == os.getpid() and status["frames_last_hour"] == 2
    assert status["frame_p99_ms_last_hour"] == 4.25 and isinstance(status["rss_bytes"], int)
    code, text = read_status(tmp_path)
    assert code == 0 and text.startswith("kiosk status: UP")
    later = datetime.now(UTC) + timedelta(seconds=200)
    code, text = read_status(tmp_path, now=later)
    assert code == 1 and "STALE" in text
    services.exit("SIGTERM")
    done = cabinet("kiosk", "status", "--data-dir", str(tmp_path))
    assert done.returncode == 1 and "DOWN (it stopped cleanly)" in done.stdout
    assert cabinet("kiosk", "status", "--data-dir", str(tmp_path / "none")).returncode == 1


def test_a_dead_kiosk_is_down(tmp_path: Path) -> None:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                           timeout=60)
    status = {"running": True, "pid": int(child.stdout), "updated": datetime.now(UTC).isoformat()}
    (tmp_path / STATUS_NAME).write_text(json.dumps(status))
    code, text = read_status(tmp_path)
    assert code == 1 and "is gone" in text


def test_cabinet_kiosk_events_prints_the_log(tmp_path: Path) -> None:
    services = OperatorServices(tmp_path)
    services.power_up("kiosk started")
    services.events.record("wrong_pin", "wrong PIN (1 in a row)", misses=1)
    services.exit("SIGTERM")
    text = cabinet("kiosk", "events", "--data-dir", str(tmp_path))
    assert text.returncode == 0
    assert [line.split()[2] for line in text.stdout.splitlines()] == ["POWER", "WRONG", "EXIT"]
    only = cabinet("kiosk", "events", "--data-dir", str(tmp_path), "--json", "--kind", "wrong_pin")
    assert [json.loads(line)["data"] for line in only.stdout.splitlines()] == [{"misses": 1}]
    bad = cabinet("kiosk", "events", "--data-dir", str(tmp_path), "--kind", "nonsense")
    assert bad.returncode != 0 and "unknown event kind 'nonsense'" in bad.stderr


def test_cabinet_kiosk_pin_writes_only_a_salted_hash_and_keeps_comments(tmp_path: Path) -> None:
    (tmp_path / "kiosk.yaml").write_text("# the shop's kiosk\nidle_seconds: 90  # longer\n")
    done = cabinet("kiosk", "pin", "--data-dir", str(tmp_path), env={"CABINET_NEW_PIN": "864209"})
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "kiosk.yaml").read_text()
    assert "864209" not in text and text.startswith("# the shop's kiosk\nidle_seconds: 90  # longer\n")
    stored = load_config(tmp_path / "kiosk.yaml").operator_pin
    assert stored is not None and verify_pin("864209", stored)
    short = cabinet("kiosk", "pin", "--data-dir", str(tmp_path), env={"CABINET_NEW_PIN": "12"})
    assert short.returncode != 0 and load_config(tmp_path / "kiosk.yaml").operator_pin == stored
