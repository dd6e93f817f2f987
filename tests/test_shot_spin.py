"""``cabinet shot --scenario N --spin K``: a picture of any free spin, not only the second."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from cabinet.cli import main
from cabinet.designer import shots


def test_any_free_spin_is_pictured_and_a_spin_past_the_end_is_named(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    pictures = {}
    for spin in (1, 7):
        out = tmp_path / f"spin{spin}.png"
        assert main(["shot", "classic", "--scenario", "1", "--spin", str(spin), "--size", "640x360",
                     "--out", str(out)]) == 0
        assert f"free spin {spin}" in capsys.readouterr().out or spin == 1
        pictures[spin] = pygame.surfarray.array3d(pygame.image.load(str(out)))
    assert not np.array_equal(pictures[1], pictures[7])  # another spin's reels and counter
    assert main(["shot", "classic", "--scenario", "1", "--spin", "11", "--size", "640x360",
                 "--out", str(tmp_path / "past.png")]) == 2
    assert "--spin 11: scenario 1's free spins end after 10 spins" in capsys.readouterr().err


def test_a_free_spin_can_be_pictured_spinning(classic) -> None:  # noqa: ANN001
    from screen_helpers import make_app

    app = make_app(classic, designer=True)
    shots.play_scenario(app, 1, at="spinning", spin=3)
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene

    free = app.stack.find(FreeSpinsScene)
    assert free is not None and free.played == 3 and app.base.reels.spinning


@pytest.mark.parametrize("spin", [1, 2])
def test_spin_k_shows_free_spin_ks_own_landed_screen(classic, spin: int) -> None:  # noqa: ANN001
    """``--spin 1`` is free spin 1's result under the counter's spin 1, not the trigger's screen
    (issue 38, item 4)."""
    from screen_helpers import make_app

    from cabinet.core.events import ReelsStopped, SpinStarted
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene

    app = make_app(classic, designer=True)
    shots.play_scenario(app, 1, spin=spin)
    free = app.stack.find(FreeSpinsScene)
    assert free is not None and free.played == spin and app.base.reels.all_stopped
    events = app.session.current.events
    started = next(i for i, e in enumerate(events) if isinstance(e, SpinStarted) and e.mode == "free" and e.index == spin)
    landed = next(e for e in events[started:] if isinstance(e, ReelsStopped))
    trigger = next(e for e in events if isinstance(e, ReelsStopped))
    assert landed.stops != trigger.stops  # the scenario's free spins land elsewhere than its trigger
    assert app.base.reels.stops == landed.stops
    assert app.ctx.hud.status.startswith(f"FREE SPIN {spin} OF ")
