"""A windowed run with no display is refused in one line instead of running invisibly."""

from types import SimpleNamespace

import pytest

from cabinet.app import require_real_display
from cabinet.errors import CabinetError


def fake_pygame(driver: str) -> SimpleNamespace:
    return SimpleNamespace(display=SimpleNamespace(get_driver=lambda: driver))


def test_offscreen_driver_is_refused_for_a_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    with pytest.raises(CabinetError, match="no display found"):
        require_real_display(fake_pygame("offscreen"), headless=False)


def test_real_drivers_headless_runs_and_explicit_choices_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    require_real_display(fake_pygame("x11"), headless=False)
    require_real_display(fake_pygame("wayland"), headless=False)
    require_real_display(fake_pygame("offscreen"), headless=True)
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")  # the user asked for it
    require_real_display(fake_pygame("offscreen"), headless=False)
