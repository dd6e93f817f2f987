"""The panel door in the gallery: the mummy panel with its door open (``mummy-panel``), then,
in the same round, the board minigame it opens (``minigame-*``: the symbols flying in,
values travelling into the collectors, the outro)."""

from __future__ import annotations

from typing import Any

from ..moments import Moments, Shot, run_until, snapshot

MINIGAME = ("minigame-intro", "minigame-play", "minigame-outro")
NAMES = ("mummy-panel", *MINIGAME)


def minigame_shots(app: Any, script: tuple[int, ...], collectors: int) -> list[Shot]:
    """The mummy panel with its door open, then, in the same round, the minigame it opens
    (``board_shots``): its play moment is values travelling into ``collectors`` collectors."""
    from ..hold_and_respin.shots import board_shots
    from ..hold_and_respin.view import BoardScene
    from .view import MummyPanel

    app.base.start_round(script=script)
    run_until(app, lambda: (p := app.stack.find(MummyPanel)) is not None and p.door == "open", "the pumpkin door")
    app.run_frames(20)
    shots = [("mummy-panel", snapshot(app))]

    def collecting(scene: Any) -> bool:
        flows = scene.flows
        return len(flows) >= collectors and any(BoardScene._collect_telling(f, scene.clock) for f in flows)

    return shots + board_shots(app, script, MINIGAME, collecting, start=False)


def most_collectors(result: Any) -> int:
    """The most collectors that take one batch together in a round (consecutive ``Collected``)."""
    best = run = 0
    for event in result.events:
        run = run + 1 if event.kind == "collected" else 0
        best = max(best, run)
    return best


def _opens_the_minigame(result: Any) -> bool:
    from cabinet.core.boards import BoardOpened

    return (any(e.kind == "door_drawn" and e.opened for e in result.events)
            and any(isinstance(e, BoardOpened) for e in result.events))


def moments(defn: Any, params: Any) -> tuple[Moments, ...]:
    return (Moments(NAMES, "minigame", _opens_the_minigame,
                    lambda app, script, result: minigame_shots(app, script, max(1, most_collectors(result)))),)
