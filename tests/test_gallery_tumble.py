"""Reference pictures of a tumble sequence, frame by frame (tests/gallery/tumble/): the landed
screen's wins lit, the winners bursting, the rest falling, the new symbols dropping in reel by
reel, the first tumble at rest with its ladder rung lit, and the total on the plate at the
sequence's end; the 6x5 pay-anywhere toy's multiplier symbols flying to the plate, the 7x7
cluster toy's cell multipliers on their cells, and a drop-in in suspense one STAR short of free
spins; the 6x5 toy left-handed too.
Each is the gallery's own picture (``mechanics/tumble/shots.py``), compared as the shipped
games' galleries are (tests/test_gallery.py). After an intended change:
``python -m pytest tests/test_gallery_tumble.py --update-references`` and look at the PNGs."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_gallery import reference_failures

from cabinet.core.bet import default_bet
from cabinet.core.loader import load_game
from cabinet.core.round import RoundRequest, play_round
from cabinet.designer.gallery import block_moments, pinned_clock, start_app
from cabinet.presentation.mechanics.tumble.shots import ANTICIPATION, CELLS, MULTIPLY, SEQUENCE

GAMES = Path(__file__).resolve().parent / "games" / "tumble"
REFERENCES = Path(__file__).resolve().parent / "gallery" / "tumble"

CASES = [  # game, left-handed, its moments
    ("screen-cluster-7x7", False, SEQUENCE + CELLS + ANTICIPATION),
    ("screen-anywhere-6x5", False, SEQUENCE + MULTIPLY + ANTICIPATION),
    ("screen-anywhere-6x5", True, SEQUENCE + MULTIPLY + ANTICIPATION),
]


@pytest.mark.parametrize(("name", "left_hand", "names"), CASES)
def test_a_tumble_sequence_frame_by_frame_matches_its_references(name: str, left_hand: bool, names: tuple[str, ...],
                                                                 request, tmp_path: Path) -> None:  # noqa: ANN001
    defn = load_game(GAMES / f"{name}.yaml")
    groups = [m for m in block_moments(defn) if m.names[0].startswith("tumble-")]
    shots = []
    with pinned_clock():
        for group in groups:  # each from the first scenario that shows it, as the gallery takes them
            script = next(tuple(s.script) for s in defn.scenarios
                          if group.shows(play_round(defn, RoundRequest(default_bet(defn), 1, script=tuple(s.script),
                                                                     with_offer=False))))
            app = start_app(defn, size=(640, 360), seed=1, left_hand=left_hand)
            shots.extend(group.shoot(app, script, None))
            app.close()
    assert tuple(n for n, _ in shots) == names
    suffix = "-left-hand" if left_hand else ""
    pictures = [(f"{name}-{moment}{suffix}", picture) for moment, picture in shots]
    update = request.config.getoption("--update-references")
    failures = reference_failures(pictures, REFERENCES, tmp_path, update=update)
    if update:
        pytest.skip(f"references of {name} rewritten in {REFERENCES}")
    assert not failures, f"{name} differs from tests/gallery/tumble ({tmp_path}): " + "; ".join(failures)
