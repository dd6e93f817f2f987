"""A figure that says whether it is exact: ``Exact(Fraction)`` or ``Estimate(...)``.

Par is built from these. A sum is exact only when every part is; adding an estimate
to an exact figure shifts the estimate's mean and interval by the exact amount, and
two estimates add their means with their standard errors combined in quadrature
(independent samples). ``to_dict`` is what ``cabinet par --json`` prints:
``{"exact": true, "value": "0.9558549495"}`` or ``{"exact": false, "mean": ...,
"ci95": [...], "samples": ..., "seed": ..., "method": ...}``.

``estimate_runs`` makes an estimate from runs of a block: the caller hands it a
function that plays one run for a sample index (the block's own ``run``, from its
trigger), and it returns the mean with a 95% interval from the sample variance.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .money import fraction_str

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Exact:
    value: Fraction

    exact = True

    @property
    def mean(self) -> float:
        return float(self.value)

    def __add__(self, other: Value) -> Value:
        if isinstance(other, Exact):
            return Exact(self.value + other.value)
        return other + self

    def scaled(self, factor: Fraction) -> Value:
        return Exact(self.value * factor)

    def to_dict(self, places: int = 10) -> dict[str, Any]:
        return {"exact": True, "value": fraction_str(self.value, places)}

    def text(self, places: int = 6, *, percent: bool = True) -> str:
        if percent:
            return f"{fraction_str(self.value * 100, places)}%"
        return fraction_str(self.value, places)


@dataclass(frozen=True)
class Estimate:
    mean_value: Fraction  # the sample mean, exactly (plus any exact parts added to it)
    std_error: float
    samples: int
    seed: int
    method: str

    exact = False

    @property
    def mean(self) -> float:
        return float(self.mean_value)

    @property
    def ci95(self) -> tuple[float, float]:
        half = Z95 * self.std_error
        return self.mean - half, self.mean + half

    def __add__(self, other: Value) -> Value:
        if isinstance(other, Exact):
            return Estimate(self.mean_value + other.value, self.std_error, self.samples, self.seed, self.method)
        return Estimate(
            self.mean_value + other.mean_value,
            math.hypot(self.std_error, other.std_error),
            self.samples + other.samples,  # independent runs, all of them counted
            self.seed,
            self.method if self.method == other.method else f"{self.method}; {other.method}",
        )

    def scaled(self, factor: Fraction) -> Value:
        return Estimate(self.mean_value * factor, self.std_error * abs(float(factor)), self.samples, self.seed,
                        self.method)

    def to_dict(self, places: int = 10) -> dict[str, Any]:
        lo, hi = self.ci95
        return {
            "exact": False,
            "mean": fraction_str(self.mean_value, places),
            "ci95": [round(lo, places), round(hi, places)],
            "samples": self.samples,
            "seed": self.seed,
            "method": self.method,
        }

    def text(self, places: int = 6, *, percent: bool = True) -> str:
        scale = 100 if percent else 1
        half = Z95 * self.std_error * scale
        unit = "%" if percent else ""
        return (f"{self.mean * scale:.{places}f}{unit} +- {half:.{places}f}{unit} (estimate, 95%, "
                f"{self.samples:,} samples, seed {self.seed})")


Value = Exact | Estimate


def _controlled(
    play: Callable[[int], Fraction | int], control: Callable[[int], Fraction | int], samples: int, seed: int,
    method: str, scale: Fraction,
) -> Estimate:
    xs, ys = [], []
    for i in range(samples):
        xs.append(float(Fraction(play(i)) * scale))
        ys.append(float(Fraction(control(i)) * scale))
    mx, my = math.fsum(xs) / samples, math.fsum(ys) / samples
    syy = math.fsum((y - my) ** 2 for y in ys)
    beta = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / syy if syy > 0 else 0.0
    residuals = [x - beta * y for x, y in zip(xs, ys, strict=True)]
    mean = math.fsum(residuals) / samples
    spread = math.fsum((r - mean) ** 2 for r in residuals) / max(1, samples - 2)
    return Estimate(Fraction(mean), math.sqrt(spread / samples), samples, seed,
                    f"{method}, with a zero-mean control variate (b = {beta:.3f})")

ZERO = Exact(Fraction(0))


def total(values: list[Value] | tuple[Value, ...]) -> Value:
    out: Value = ZERO
    for v in values:
        out = out + v
    return out


def estimate_runs(
    play: Callable[[int], Fraction | int],
    samples: int,
    seed: int,
    method: str,
    *,
    scale: Fraction = Fraction(1),
    control: Callable[[int], Fraction | int] | None = None,
) -> Estimate:
    """The mean of ``play(i) * scale`` over ``i = 0..samples-1`` with its standard error.

    ``control(i)``: a quantity of run ``i`` whose mean is exactly 0 (e.g. what landed
    minus what was expected to land). The estimate is then the regression estimator
    mean(x - b y), b fitted on the same runs: unbiased up to O(1/samples), its noise
    cut by the share of the variance the control explains."""
    if samples < 2:
        raise ValueError("an estimate needs at least 2 samples")
    if control is not None:
        return _controlled(play, control, samples, seed, method, scale)
    total_sum = Fraction(0)
    square_sum = 0.0
    for i in range(samples):
        x = Fraction(play(i)) * scale
        total_sum += x
        square_sum += float(x) ** 2
    mean = total_sum / samples
    variance = max(square_sum / samples - float(mean) ** 2, 0.0) * samples / (samples - 1)
    return Estimate(mean, math.sqrt(variance / samples), samples, seed, method)
