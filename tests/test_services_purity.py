"""Services stay pure: no pygame, no global randomness, no floats in money paths."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SERVICES = Path(__file__).resolve().parent.parent / "cabinet" / "services"


def test_importing_services_does_not_load_pygame() -> None:
    code = "import sys, cabinet.services, cabinet.services.ledger; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False"


def test_service_sources_avoid_pygame_random_and_float() -> None:
    files = sorted(SERVICES.glob("*.py"))
    assert len(files) >= 9
    offenders = {
        f.name: hits
        for f in files
        if (hits := re.findall(r"^\s*(?:import|from)\s+(pygame|random)\b|\bfloat\(", f.read_text(), re.M))
    }
    assert offenders == {}
