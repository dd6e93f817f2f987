"""Reference pictures of each pay model's wins (tests/gallery/pays/): a ways run lit reel by
reel with its "N WAYS" label, a Megaways win on the heights its spin drew with the ways
plaque (and with a top reel over the middle reels), a pay-anywhere win's counted cells, a cluster's outline; the ways win left-handed and
the Megaways win in portrait too. Each is the gallery's own picture of a plain win of the
game's model (``designer.gallery``: ``plain_win_script`` and ``line_win_shot``), compared as
the shipped games' galleries are (tests/test_gallery.py). After an intended change:
``python -m pytest tests/test_gallery_pays.py --update-references`` and look at the PNGs."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_gallery import reference_failures

from cabinet.core.loader import load_game
from cabinet.designer.gallery import (
    expected_moments,
    line_win_shot,
    pinned_clock,
    plain_win_script,
    short_line_win,
    start_app,
)
from cabinet.presentation.pays import pay_screen_of

GAMES = Path(__file__).resolve().parent / "games" / "pays"
REFERENCES = Path(__file__).resolve().parent / "gallery" / "pays"

CASES = [  # game, window, left-handed
    ("ways-243", (640, 360), False),
    ("ways-243", (640, 360), True),
    ("megaways-117649", (640, 360), False),
    ("megaways-117649", (360, 640), False),
    ("megaways-top-reel", (640, 360), False),
    ("toy-anywhere", (640, 360), False),
    ("cluster-7x7", (640, 360), False),
]


@pytest.mark.parametrize(("name", "size", "left_hand"), CASES)
def test_each_models_win_matches_its_reference(name: str, size: tuple[int, int], left_hand: bool, request,  # noqa: ANN001
                                               tmp_path: Path) -> None:
    defn = load_game(GAMES / f"{name}.yaml")
    moment = pay_screen_of(defn).gallery_moment
    assert moment in expected_moments(defn) and "win-line" not in expected_moments(defn)
    script = plain_win_script(defn)
    assert script is not None, f"{name}: no plain win found"
    assert short_line_win(defn, script)  # a win of the model's own kind, no tier, no feature
    with pinned_clock():
        app = start_app(defn, size=size, seed=1, left_hand=left_hand)
        picture = line_win_shot(app, script)
    shot = f"{name}-{moment}" + ("-left-hand" if left_hand else "") + ("-portrait" if size[1] > size[0] else "")
    update = request.config.getoption("--update-references")
    failures = reference_failures([(shot, picture)], REFERENCES, tmp_path, update=update)
    if update:
        pytest.skip(f"reference {shot} rewritten in {REFERENCES}")
    assert not failures, f"{shot} differs from tests/gallery/pays ({tmp_path}): " + "; ".join(failures)
