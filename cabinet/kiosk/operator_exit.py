"""How an operator leaves a kiosk, and why a visitor cannot.

A kiosk ignores window-close requests (the close button, Alt+F4 through a window
manager, any ``QUIT``): each is logged and play goes on. The operator leaves by

- holding the exit combination for ``exit_hold_seconds`` (``kiosk.yaml``): every key of
  ``exit_keys`` at once (default left Ctrl + left Alt + Q), or every pad button of
  ``exit_pad`` at once on one pad (off unless set: visitors hold the pads);
- or ``SIGTERM`` (``systemctl stop``, ``kill``): the shell finishes the frame, closes
  the game and its ledger (the journal is fsynced at every record, then closed) and
  exits 0 (the exit combination: 10, ``service.OPERATOR_EXIT``, so a service stays stopped).

``ExitCombo`` reads the raw events (before bindings turn them into cabinet buttons), so
a combination works whatever the keys are bound to.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

DEFAULT_EXIT_KEYS = ("left ctrl", "left alt", "q")
DEFAULT_HOLD_SECONDS = 5.0
MIN_HOLD_SECONDS, MAX_HOLD_SECONDS = 2.0, 60.0


def close_request_types() -> frozenset[int]:
    """The events a window manager sends to close the window."""
    import pygame

    return frozenset({pygame.QUIT, pygame.WINDOWCLOSE})


@dataclass
class ExitCombo:
    keys: frozenset[int] = frozenset()  # pygame key codes, all held together
    pad: frozenset[int] = frozenset()  # SDL controller buttons, all held together on one pad
    hold_seconds: float = DEFAULT_HOLD_SECONDS
    held_for: float = 0.0
    _keys_down: set[int] = field(default_factory=set)
    _pads_down: dict[int, set[int]] = field(default_factory=dict)

    def see(self, events: Iterable[Any]) -> None:
        import pygame

        for event in events:
            t = event.type
            if t == pygame.KEYDOWN:
                self._keys_down.add(event.key)
            elif t == pygame.KEYUP:
                self._keys_down.discard(event.key)
            elif t == pygame.CONTROLLERBUTTONDOWN:
                self._pads_down.setdefault(getattr(event, "instance_id", -1), set()).add(event.button)
            elif t == pygame.CONTROLLERBUTTONUP:
                self._pads_down.get(getattr(event, "instance_id", -1), set()).discard(event.button)
            elif t == pygame.CONTROLLERDEVICEREMOVED:
                self._pads_down.pop(getattr(event, "instance_id", -1), None)
            elif t == pygame.WINDOWFOCUSLOST:  # keys let go elsewhere send no KEYUP here
                self._keys_down.clear()

    @property
    def held(self) -> bool:
        keys = bool(self.keys) and self.keys <= self._keys_down
        pad = bool(self.pad) and any(self.pad <= down for down in self._pads_down.values())
        return keys or pad

    def tick(self, dt: float) -> bool:
        """Advance the hold timer; True once the combination has been held long enough."""
        self.held_for = self.held_for + dt if self.held else 0.0
        return self.held_for >= self.hold_seconds


def combo_from_config(config: Any) -> ExitCombo:
    """The combination a ``KioskConfig`` names (its names were checked when it was read)."""
    from cabinet.input.bindings import PAD_BUTTONS, key_code

    keys = frozenset(code for name in config.exit_keys if (code := key_code(name)) is not None)
    pad = frozenset(PAD_BUTTONS[name.lower()] for name in config.exit_pad)
    return ExitCombo(keys=keys, pad=pad, hold_seconds=config.exit_hold_seconds)


def draw_countdown(surface: Any, text: Any, seconds_left: float, *, pin: bool) -> Any:
    """A band across the top while the exit combination is held: the seconds left and what
    follows; returns its rectangle (the shell updates just that part of the screen)."""
    import math

    import pygame

    width, height = surface.get_size()
    band = pygame.Rect(0, 0, width, max(28, height // 9))
    pygame.draw.rect(surface, COUNTDOWN_BACK, band)
    pygame.draw.rect(surface, COUNTDOWN_TEXT, band, width=3)
    then = "THEN THE OPERATOR PIN" if pin else "THE KIOSK STOPS"
    line = f"EXIT IN {math.ceil(seconds_left)} S - KEEP HOLDING, {then}"
    image = text.fit(line, band.h * 2 // 5, width - 24, COUNTDOWN_TEXT)
    surface.blit(image, image.get_rect(center=band.center))
    return band


COUNTDOWN_BACK = (120, 16, 16)
COUNTDOWN_TEXT = (255, 236, 160)
