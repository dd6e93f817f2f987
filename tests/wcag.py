"""WCAG 2 contrast, for the look checks (tests/test_look_check.py, tests/test_look_defects.py)."""

from __future__ import annotations


def luminance(rgb: tuple[int, ...]) -> float:
    """Relative luminance of an sRGB colour (0..255 channels)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """The contrast ratio of two colours (1 to 21; AA for text asks 4.5)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)
