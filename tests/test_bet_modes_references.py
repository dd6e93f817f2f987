"""Reference pictures of the bet modes' screens (issue 34), in tests/gallery/modes/: the BUY
FEATURE card, the deck with the ante on, the card refusing a buy the credits cannot pay, the
history page with a bought round and the operator's meters page with a row per mode.

The game is the toy ``tests/games/modes/cabinet-modes.yaml`` (until shipped games have modes the
game gallery pictures ``buy-card`` and ``ante-on`` for any game that has them: ``designer/gallery.py``).
Rendered at 640x360 with the gallery's pinned clock and compared as ``test_gallery.py`` compares
(same tolerance); ``--update-references`` rewrites them.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest
from screen_helpers import make_app, run_until, scenario_app
from test_gallery import MAX_CHANGED_SHARE, REFERENCE_SCALE, SIZE, changed_share, save_difference

from cabinet.designer.gallery import close_top, open_panel, pinned_clock, snapshot, start_app
from cabinet.designer.operator_gallery import mode_meter_shots, pinned_probes
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.history import HistoryScene
from cabinet.presentation.scenes.max_win import MaxWinScene

REFERENCES = Path(__file__).resolve().parent / "gallery" / "modes"
MOMENTS = ("buy-card", "ante-on", "history-buy", "buy-card-short", "round-cap", "operator-meters-modes")


def shots(defn: object, folder: Path) -> dict[str, pygame.Surface]:
    out: dict[str, pygame.Surface] = {}
    with pinned_clock():
        app = start_app(defn, size=SIZE, seed=1)
        app.run_frames(2)
        out["buy-card"] = open_panel(app, Press(Button.BUY))
        app.press([Press(Button.ANTE)])
        app.run_frames(20)
        out["ante-on"] = snapshot(app)
        app.press([Press(Button.ANTE)])
        app.run_frames(2)
        app.press([Press(Button.BUY)])
        app.run_frames(2)
        app.press([Press(Button.CONFIRM)])  # bought: the round plays to its end
        for n in range(20_000):
            if not app.session.in_round and app.stack.top is app.base:
                break
            if n % 8 == 0:
                app.press([Press(Button.SPIN)])
            app.run_frames(1)
        app.stack.push(HistoryScene(app.ctx))
        app.run_frames(20)
        out["history-buy"] = snapshot(app)
        close_top(app)
        poor = make_app(defn, size=SIZE, seed=1, start_credits=1_000)
        poor.run_frames(2)
        poor.press([Press(Button.BUY)])
        poor.run_frames(2)
        poor.press([Press(Button.CONFIRM)])  # refused: the card says why in red
        poor.run_frames(20)
        out["buy-card-short"] = snapshot(poor)
        capped = scenario_app(dataclasses.replace(defn, max_win_x=50), "a big win", size=SIZE, seed=1)
        run_until(capped, lambda: isinstance(capped.stack.top, MaxWinScene))
        capped.run_frames(40)  # the cap's takeover: MAX WIN, the cap on its plate, the sentence
        out["round-cap"] = snapshot(capped)
        with pinned_probes(folder):
            out.update(mode_meter_shots(defn, size=SIZE, folder=folder))
    return out


@pytest.fixture(scope="module")
def pictures(cabinet_modes, tmp_path_factory: pytest.TempPathFactory) -> dict[str, pygame.Surface]:  # noqa: ANN001
    return shots(cabinet_modes, tmp_path_factory.mktemp("modes-operator"))


def test_the_mode_screens_match_their_references(pictures, request, tmp_path: Path) -> None:  # noqa: ANN001
    assert tuple(pictures) == tuple(sorted(pictures, key=MOMENTS.index)) and set(pictures) == set(MOMENTS)
    update = request.config.getoption("--update-references")
    REFERENCES.mkdir(parents=True, exist_ok=True)
    failures = []
    for name, picture in pictures.items():
        small = pygame.transform.smoothscale(picture, (SIZE[0] // REFERENCE_SCALE, SIZE[1] // REFERENCE_SCALE))
        path = REFERENCES / f"{name}.png"
        if update:
            pygame.image.save(small, str(path))
            continue
        if not path.exists():
            failures.append(f"{name}: no reference (write it with --update-references, then look at it)")
            continue
        share, changed = changed_share(small, pygame.image.load(str(path)))
        if share > MAX_CHANGED_SHARE:
            pygame.image.save(small, str(tmp_path / f"{name}.png"))
            save_difference(tmp_path / f"{name}-difference.png", small, changed)
            failures.append(f"{name}: {share:.2%} of the pixels changed")
    assert not failures, f"the mode screens differ from {REFERENCES} ({tmp_path}): " + "; ".join(failures)


def test_a_games_gallery_pictures_its_buy_card_and_ante_only_when_it_has_them(cabinet_modes, classic) -> None:  # noqa: ANN001
    from cabinet.designer.gallery import expected_moments

    moments = expected_moments(cabinet_modes)
    assert moments.index("autoplay-panel") < moments.index("buy-card") < moments.index("ante-on") < \
        moments.index("history")
    assert not {"buy-card", "ante-on"} & set(expected_moments(classic))
