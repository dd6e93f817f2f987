"""The operator PIN: a salted hash in kiosk.yaml, three misses lock entry for a minute (logged)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.kiosk.config import KioskConfigError, parse_config, update_config_text
from cabinet.kiosk.operator import OperatorServices
from cabinet.kiosk.pin import LOCK_SECONDS, PinError, hash_pin, verify_pin


def test_the_hash_is_salted_and_never_holds_the_pin() -> None:
    one, two = hash_pin("4321"), hash_pin("4321")
    assert one != two and "4321" not in one  # a fresh salt each time
    assert verify_pin("4321", one) and verify_pin("4321", two)
    assert not verify_pin("4322", one) and not verify_pin("", one) and not verify_pin("43210000000000", one)
    with pytest.raises(PinError):
        hash_pin("12")  # too short


def test_kiosk_yaml_takes_only_a_hash() -> None:
    stored = hash_pin("2468")
    assert parse_config(f'operator_pin: "{stored}"\n', "k.yaml").operator_pin == stored
    with pytest.raises(KioskConfigError) as caught:
        parse_config("operator_pin: 2468\n", "k.yaml")
    assert str(caught.value.issues[0]).startswith("k.yaml:1:15: operator_pin is a hash")


def test_three_wrong_pins_lock_for_a_minute_and_the_log_says_so(tmp_path: Path) -> None:
    now = [1000.0]
    services = OperatorServices(tmp_path, pin_hash=hash_pin("1357"), clock=lambda: now[0])
    gate = services.gate
    assert gate.needs_pin
    assert not gate.try_pin("0000") and not gate.try_pin("1111")
    assert gate.locked_for == 0
    assert not gate.try_pin("2222")
    assert gate.locked_for == LOCK_SECONDS
    assert not gate.try_pin("1357")  # even the right PIN waits out the lock
    now[0] += LOCK_SECONDS - 1
    assert not gate.try_pin("1357")
    now[0] += 1.5
    assert gate.try_pin("1357")
    kinds = [e.kind for e in services.events.entries]
    assert kinds == ["wrong_pin", "wrong_pin", "wrong_pin", "pin_locked"]


def test_no_pin_set_lets_cabinet_play_in(tmp_path: Path) -> None:
    services = OperatorServices.for_play(tmp_path)
    assert not services.gate.needs_pin and services.gate.try_pin("")
    (tmp_path / "kiosk.yaml").write_text(f'operator_pin: "{hash_pin("9999")}"\n')
    assert OperatorServices.for_play(tmp_path).gate.needs_pin


def test_settings_are_written_keeping_comments_and_bad_values_are_refused() -> None:
    text = "# my kiosk\nidle_seconds: 60  # a minute\nattract: true\n"
    out = update_config_text(text, {"idle_seconds": "120", "volume": "40"}, "k.yaml")
    assert out == "# my kiosk\nidle_seconds: 120  # a minute\nattract: true\nvolume: 40\n"
    with pytest.raises(KioskConfigError):
        update_config_text(text, {"volume": "140"}, "k.yaml")
