"""Pads plugged and unplugged at any moment of a kiosk's life (SDL device events injected with
pygame.event.post): mid-spin, in the lobby and during the attract show. Nothing may fail."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.app import AppOptions
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.shell import Shell, ShellOptions

SMALL = (640, 360)
A = pygame.CONTROLLER_BUTTON_A


class Pad:
    """Stands in for pygame._sdl2.controller.Controller (the dummy driver has no pads)."""

    def __init__(self) -> None:
        self.closed = False

    def rumble(self, *args: object) -> bool:
        return True

    def quit(self) -> None:
        self.closed = True


def plug(shell: Shell, instance: int) -> Pad:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))  # cannot open: ignored
    pad = Pad()
    shell.input.pads[instance] = pad  # what a successful open leaves behind
    return pad


def unplug(instance: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance))


def press_a(instance: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=A))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=A))


@pytest.fixture(scope="module")
def entries():  # noqa: ANN201
    return load_entries()[0]


def test_unplug_and_replug_during_spins_lobby_and_attract(entries, tmp_path: Path) -> None:  # noqa: ANN001
    shell = Shell(entries, AppOptions(size=SMALL, seed=6, headless=True, data_dir=tmp_path),
                  ShellOptions(lobby=True, attract=True, idle_seconds=5, kiosk=True, start_credits="20.00",
                               log_path=tmp_path / "kiosk.log"))
    shell.start()
    pad = plug(shell, 1)
    shell.run_frames(2)
    unplug(1)  # in the lobby
    press_a(1)  # a late press from the pad that is gone: dropped
    shell.run_frames(2)
    assert pad.closed and 1 not in shell.input.pads and shell.app is None

    plug(shell, 2)
    press_a(2)  # A opens the highlighted game
    shell.run_frames(2)
    app = shell.app
    assert app is not None and app.session.credits == 2000  # the kiosk's start credits, 20.00
    for instance in range(3, 9):  # spin, unplug mid-spin, replug, spin again
        rounds = app.session.rounds
        press_a(instance - 1)
        shell.run_frames(12)
        assert app.base.in_round and app.session.rounds == rounds + 1
        unplug(instance - 1)
        press_a(instance - 1)  # from the pad just unplugged: dropped, the reels are not slammed
        plug(shell, instance)
        for _ in range(3000):
            if not app.base.in_round:
                break
            shell.run_frames(1, draw_every=20)
        assert not app.base.in_round
    assert app.session.rounds == 6
    for _ in range(2000):  # let the last round end, then idle into the show
        if shell.attract is not None:
            break
        shell.run_frames(10, draw_every=10)
    assert shell.attract is not None
    unplug(8)
    plug(shell, 9)
    shell.run_frames(30)  # device events alone do not end the show
    assert shell.attract is not None and 9 in shell.input.pads and 8 not in shell.input.pads
    press_a(9)
    shell.run_frames(2)
    assert shell.attract is None
    assert shell.guard.total == 0 and app.guard.total == 0
    assert not (tmp_path / "kiosk.log").read_text().count("error in")
