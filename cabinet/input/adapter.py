"""The one place that reads ``pygame.event``: devices in, cabinet button presses out.

- Keyboard: bound keys press buttons; held keys are tracked (``held``).
- Pads through SDL's GameController API, tracked by *instance id* with hot-plug:
  a pad added mid-game is opened, a pad removed is forgotten, and any event from a
  pad we do not know (removed mid-spin, say) is ignored, never an error.
- Mouse and touch: a click or a finger hits the on-screen buttons the scenes
  publish (``hit_regions``); a press on nothing is a ``TAP`` with its position
  (menus close on a press anywhere).
- Window: quit and resize requests are passed on to the loop.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any

import pygame

from cabinet.machine.buttons import Button, Press

from .bindings import Bindings

Region = tuple[Any, Press]  # (a rect-like (x, y, w, h), the press it makes)

# The digit keys, top row and keypad (SDL key names), so a PIN pad takes the keyboard's digits:
# a digit key bound to a button presses it as always (its Press.key says the digit); one bound
# to nothing presses DIGIT with its digit (Press.index). ``typed_digit`` reads both.
DIGIT_KEY_NAMES: dict[str, int] = {**{str(d): d for d in range(10)}, **{f"keypad {d}": d for d in range(10)}}


def digit_keys() -> dict[int, int]:
    """Key code -> digit, from ``DIGIT_KEY_NAMES``."""
    from .bindings import key_code

    return {code: digit for name, digit in DIGIT_KEY_NAMES.items() if (code := key_code(name)) is not None}


_DIGITS: dict[int, int] = {}


def typed_digit(press: Press) -> int | None:
    """The digit a press typed (a DIGIT press, or a bound digit key's press), else None."""
    if press.button == Button.DIGIT:
        return press.index if 0 <= press.index <= 9 else None
    if press.key is None:
        return None
    if not _DIGITS:
        _DIGITS.update(digit_keys())
    return _DIGITS.get(press.key)


@dataclass
class InputFrame:
    presses: list[Press] = field(default_factory=list)
    quit: bool = False
    resized: tuple[int, int] | None = None


def _hit(regions: list[Region], pos: tuple[int, int]) -> Press | None:
    x, y = pos
    for rect, press in regions:
        rx, ry, rw, rh = rect
        if rx <= x < rx + rw and ry <= y < ry + rh:
            return Press(press.button, press.index, pos)
    return None


class InputAdapter:
    def __init__(self, bindings: Bindings) -> None:
        self.bindings = bindings
        self.held: set[Button] = set()
        self.pads: dict[int, Any] = {}  # instance id -> pygame._sdl2.controller.Controller
        self._pad_held: dict[int, set[Button]] = {}
        self._pad_raw: dict[int, set[int]] = {}  # instance id -> pad buttons down (for chords)
        self._controller_ok = False
        self.digits = digit_keys()

    # -- pads -------------------------------------------------------------------------------------

    def start(self) -> None:
        """Open the pads already plugged in (more arrive as CONTROLLERDEVICEADDED)."""
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller_ok = True
            for index in range(controller.get_count()):
                self._open_pad(index)
        except (pygame.error, ImportError) as exc:  # no joystick subsystem: keyboard still works
            print(f"cabinet: warning: game controllers unavailable ({exc})", file=sys.stderr)

    def _open_pad(self, device_index: int) -> None:
        if not self._controller_ok:
            return
        from pygame._sdl2 import controller

        try:
            if not controller.is_controller(device_index):
                return
            pad = controller.Controller(device_index)
            instance = pad.as_joystick().get_instance_id()
        except (pygame.error, ValueError, IndexError):
            return  # it vanished between the event and the open
        self.pads[instance] = pad

    def _close_pad(self, instance_id: int) -> None:
        pad = self.pads.pop(instance_id, None)
        self._pad_raw.pop(instance_id, None)
        for button in self._pad_held.pop(instance_id, set()):
            self._release(button)
        if pad is not None:
            try:
                pad.quit()
            except pygame.error:
                pass

    def rumble(self, strength: float, duration_ms: int) -> None:
        """Shake every pad that can (wins, when vibration is on)."""
        for pad in list(self.pads.values()):
            try:
                pad.rumble(strength, strength, duration_ms)
            except (pygame.error, AttributeError):
                pass

    # -- events -----------------------------------------------------------------------------------

    def _release(self, button: Button) -> None:
        still = any(button in held for held in self._pad_held.values())
        if not still:
            self.held.discard(button)

    def poll(self, regions: list[Region], window_size: tuple[int, int] | None = None) -> InputFrame:
        return self.translate(pygame.event.get(), regions, window_size)

    def translate(
        self, events: list[Any], regions: list[Region], window_size: tuple[int, int] | None = None
    ) -> InputFrame:
        """Turn a batch of pygame events into presses (tests feed events here directly)."""
        frame = InputFrame()
        for event in events:
            t = event.type
            if t == pygame.QUIT:
                frame.quit = True
            elif t in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                # VIDEORESIZE says w, h; WINDOWSIZECHANGED (also sent when the program itself
                # resizes the window) says x, y
                size = (getattr(event, "w", getattr(event, "x", 0)), getattr(event, "h", getattr(event, "y", 0)))
                if size[0] > 0 and size[1] > 0:
                    frame.resized = size
            elif t == pygame.KEYDOWN:
                button = self.bindings.keys.get(event.key)
                if button is not None:
                    if button not in self.held:
                        frame.presses.append(Press(button, key=event.key))
                    self.held.add(button)
                elif (digit := self.digits.get(event.key)) is not None:
                    frame.presses.append(Press(Button.DIGIT, digit, key=event.key))
            elif t == pygame.KEYUP:
                button = self.bindings.keys.get(event.key)
                if button is not None:
                    self._release(button)
            elif t == pygame.CONTROLLERDEVICEADDED:
                self._open_pad(getattr(event, "device_index", -1))
            elif t == pygame.CONTROLLERDEVICEREMOVED:
                self._close_pad(getattr(event, "instance_id", -1))
            elif t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
                self._pad_button(event, frame)
            elif t == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
                if getattr(event, "touch", False):
                    continue  # SDL also sends FINGERDOWN for touches; count them once
                frame.presses.append(_hit(regions, event.pos) or Press(Button.TAP, pos=tuple(event.pos)))
            elif t == pygame.FINGERDOWN and window_size:
                pos = (int(event.x * window_size[0]), int(event.y * window_size[1]))
                frame.presses.append(_hit(regions, pos) or Press(Button.TAP, pos=pos))
        return frame

    def _pad_button(self, event: Any, frame: InputFrame) -> None:
        instance = getattr(event, "instance_id", None)
        if instance is None:
            return
        if instance not in self.pads:
            return  # a pad we closed (unplugged mid-spin, say): its late events are dropped
        raw = self._pad_raw.setdefault(instance, set())
        code = getattr(event, "button", -1)
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            raw.add(code)
            for chord_button, chord in self.bindings.pad_chords.items():
                if code in chord and chord <= raw:  # the press that completes the chord
                    frame.presses.append(Press(chord_button))
        else:
            raw.discard(code)
        button = self.bindings.pad.get(code)
        if button is None:
            return
        held = self._pad_held.setdefault(instance, set())
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            if button not in self.held:
                frame.presses.append(Press(button))
            held.add(button)
            self.held.add(button)
        else:
            held.discard(button)
            self._release(button)
