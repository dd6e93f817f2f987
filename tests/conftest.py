"""Test set-up: headless SDL before anything can import pygame."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-references", action="store_true", default=False,
                     help="rewrite the reference screenshots in tests/gallery/ (test_gallery.py)")


@pytest.fixture
def games_dir() -> Path:
    return ROOT / "games"
