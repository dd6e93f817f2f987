"""Reference pictures of a tumble sequence, frame by frame (tests/gallery/tumble/): the landed
screen's wins lit, the winners bursting, the rest falling, the new symbols dropping in reel by
reel, the first tumble at rest with its ladder rung lit, and the total on the plate at the
sequence's end; on the 7x7 cluster toy, the 6x5 pay-anywhere toy, and the latter left-handed.
Each is the gallery's own picture (``mechanics/tumble/shots.py``), compared as the shipped
games' galleries are (tests/test_gallery.py). After an intended change:
``python -m pytest tests/test_gallery_tumble.py --update-references`` and look at the PNGs."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_gallery import reference_failures

from cabinet.core.loader import load_game
from cabinet.designer.gallery import block_moments, pinned_clock, start_app
from cabinet.presentation.mechanics.tumble.shots import MOMENT_NAMES

GAMES = Path(__file__).resolve().parent / "games" / "tumble"
REFERENCES = Path(__file__).resolve().parent / "gallery" / "tumble"

CASES = [  # game, left-handed
    ("tumble-cluster-7x7", False),
    ("tumble-anywhere-6x5", False),
    ("tumble-anywhere-6x5", True),
]


@pytest.mark.parametrize(("name", "left_hand"), CASES)
def test_a_tumble_sequence_frame_by_frame_matches_its_references(name: str, left_hand: bool, request,  # noqa: ANN001
                                                                 tmp_path: Path) -> None:
    defn = load_game(GAMES / f"{name}.yaml")
    (moments,) = [m for m in block_moments(defn) if m.names == MOMENT_NAMES]
    script = next(tuple(s.script) for s in defn.scenarios)
    with pinned_clock():
        app = start_app(defn, size=(640, 360), seed=1, left_hand=left_hand)
        shots = list(moments.shoot(app, script, None))
        app.close()
    assert [n for n, _ in shots] == list(MOMENT_NAMES)
    suffix = "-left-hand" if left_hand else ""
    pictures = [(f"{name}-{moment}{suffix}", picture) for moment, picture in shots]
    update = request.config.getoption("--update-references")
    failures = reference_failures(pictures, REFERENCES, tmp_path, update=update)
    if update:
        pytest.skip(f"references of {name} rewritten in {REFERENCES}")
    assert not failures, f"{name} differs from tests/gallery/tumble ({tmp_path}): " + "; ".join(failures)
