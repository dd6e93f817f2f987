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


# The slow tests (-m slow) run for minutes to an hour (a thousand kills, 10^7-round simulations):
# they get hours, not pyproject's per-test timeout, unless they set their own.
SLOW_TEST_TIMEOUT = 4 * 3600


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("slow") is not None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(SLOW_TEST_TIMEOUT))
