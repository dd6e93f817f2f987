"""Test set-up: headless SDL before anything can import pygame."""

import faulthandler
import os
import sys
from collections.abc import Generator

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


# The shipped games, loaded once a session (a Definition is frozen: tests share it safely).
def _game(name: str):  # noqa: ANN202
    from cabinet.core.loader import load_game

    return load_game(name)


@pytest.fixture
def game_file(tmp_path: Path, games_dir: Path) -> Path:
    """A copy of classic.yaml a test may edit (the designer's reload and live par watch it)."""
    path = tmp_path / "classic.yaml"
    path.write_text((games_dir / "classic.yaml").read_text())
    return path


@pytest.fixture(scope="session")
def classic():  # noqa: ANN201
    return _game("classic")


@pytest.fixture(scope="session")
def halloween():  # noqa: ANN201
    return _game("halloween-wins-3")


@pytest.fixture(scope="session")
def christmas():  # noqa: ANN201
    return _game("lucky-christmas")


@pytest.fixture(scope="session")
def riches():  # noqa: ANN201
    return _game("happy-riches")


@pytest.fixture(scope="session")
def retro():  # noqa: ANN201
    return _game("retro-reels-diamond-glitz")


@pytest.fixture(scope="session")
def lucky():  # noqa: ANN201
    return _game("happy-lucky-slot")


CABINET_MODES = ROOT / "tests" / "games" / "modes" / "cabinet-modes.yaml"


@pytest.fixture(scope="session")
def canyon_gold():  # noqa: ANN201
    """Canyon Gold: 243 ways with an ante, a buy and the RTP variants 92, 94 and 96."""
    return _game("canyon-gold")


@pytest.fixture(scope="session")
def cabinet_modes():  # noqa: ANN201
    """Classic Fruits with an ante (5/4), a free-spins buy (17 x) and two RTP variants."""
    return _game(str(CABINET_MODES))


# The slow tests (-m slow) run for minutes to an hour (a thousand kills, 10^7-round simulations):
# they get hours, not pyproject's per-test timeout, unless they set their own.
SLOW_TEST_TIMEOUT = 4 * 3600
# pytest-timeout fails a hung test from a signal handler, which never runs while C code holds the
# GIL (an audio or display call that never returns). This long after the test's own timeout,
# faulthandler's thread, which needs no GIL, prints every thread's stack and ends the worker
# process; xdist starts a new worker and the run goes on without the stuck test.
BACKSTOP_SECONDS = float(os.environ.get("CABINET_TEST_BACKSTOP_SECONDS", "120"))  # tests/test_hang_guard.py sets it


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("slow") is not None and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(SLOW_TEST_TIMEOUT))


_BACKSTOP_FD = pytest.StashKey[int]()


def pytest_configure(config: pytest.Config) -> None:
    # a copy of the real stderr, taken as pytest's own faulthandler does: during a test fd 2 is
    # captured, and under xdist sys.stderr is not a file
    try:
        fileno = sys.stderr.fileno()
    except (AttributeError, ValueError):
        fileno = -1
    config.stash[_BACKSTOP_FD] = os.dup(fileno if fileno >= 0 else sys.__stderr__.fileno())


def timeout_of(item: pytest.Item) -> float:
    """The seconds pytest-timeout gives ``item``: its timeout marker, else pyproject's setting."""
    marker = item.get_closest_marker("timeout")
    if marker is not None and (marker.args or "timeout" in marker.kwargs):
        return float(marker.args[0] if marker.args else marker.kwargs["timeout"])
    return float(item.config.getini("timeout") or 0)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    timeout = timeout_of(item)
    if timeout <= 0:
        return (yield)
    faulthandler.dump_traceback_later(timeout + BACKSTOP_SECONDS, exit=True, file=item.config.stash[_BACKSTOP_FD])
    try:
        return (yield)
    finally:
        faulthandler.cancel_dump_traceback_later()
