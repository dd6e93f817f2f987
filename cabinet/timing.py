"""Game time per frame: slow motion, fast forward, pause and single steps.

The loop asks ``steps(dt)`` how many fixed updates a frame of ``dt`` real seconds is
worth. At 1x that is what the loop always did; at 0.25x a frame is a quarter of that,
so animations play four times slower but each update is still the same fixed step,
and a round looks the same frame by frame at any speed. Pure Python (no pygame).

The app's loop owns it; designer mode's keys change its speed (``designer/mode.py``).
"""

from __future__ import annotations

from fractions import Fraction

SPEEDS: tuple[Fraction, ...] = (Fraction(1, 4), Fraction(1, 2), Fraction(1), Fraction(2), Fraction(4))
NORMAL = SPEEDS.index(Fraction(1))
EPSILON = 1e-9  # 1/60 of a second divided by 1/120 is 1.9999999999999998 in floating point


class Timing:
    def __init__(self, step: float, steps_per_frame: int, max_catch_up: float) -> None:
        self.step = step
        self.steps_per_frame = steps_per_frame  # what "step one frame" advances
        self.max_catch_up = max_catch_up
        self.index = NORMAL
        self.paused = False
        self.pending = 0.0  # game seconds owed but not yet stepped
        self._single_steps = 0

    @property
    def speed(self) -> Fraction:
        return SPEEDS[self.index]

    def faster(self) -> None:
        self.index = min(len(SPEEDS) - 1, self.index + 1)

    def slower(self) -> None:
        self.index = max(0, self.index - 1)

    def normal(self) -> None:
        self.index = NORMAL
        self.paused = False

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.pending = 0.0

    def step_frame(self) -> None:
        """While paused: advance exactly one frame's worth of updates (at 1x)."""
        if self.paused:
            self._single_steps += 1

    def steps(self, dt: float) -> int:
        """Fixed updates owed for a frame of ``dt`` real seconds."""
        if self.paused:
            n, self._single_steps = self._single_steps * self.steps_per_frame, 0
            return n
        speed = float(self.speed)
        self.pending = min(self.pending + dt * speed, self.max_catch_up * speed)
        n = int(self.pending / self.step + EPSILON)
        self.pending -= n * self.step
        return n

    def label(self) -> str:
        speed = self.speed
        text = f"{speed.numerator}x" if speed.denominator == 1 else f"{float(speed):g}x"
        return f"PAUSED ({text})" if self.paused else text

    @property
    def unusual(self) -> bool:
        """Worth a tag on screen: paused or not at normal speed."""
        return self.paused or self.index != NORMAL
