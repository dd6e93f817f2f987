"""Hold and respin in the gallery: a board feature a spin triggers itself (``feature-*``: the
baskets flying in, a board in play, the outro) and its last empty cells glowing
(``boards-anticipation``). A board another block opens (``opened_by``, Halloween's minigame)
is pictured by that block (``board_shots`` with its own names)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..moments import Moments, Shot, finish_round, run_until, snapshot

FEATURE = ("feature-intro", "feature-play", "feature-outro")
NAMES = (*FEATURE, "boards-anticipation")


def board_shots(app: Any, script: tuple[int, ...], names: tuple[str, str, str],
                playing: Callable[[Any], bool] | None = None, *, start: bool = True) -> list[Shot]:
    """A feature on boards: the symbols flying in from the reels, the moment ``playing`` names
    (default: the scene's own most telling one), and the outro (``start``: play the round
    first; else it is already on)."""
    from .view import BoardScene

    if start:
        app.base.start_round(script=script)
    scene: Callable[[], Any] = lambda: app.stack.find(BoardScene)  # noqa: E731
    shots = []
    run_until(app, lambda: (s := scene()) is not None and any(f.symbol and 0.5 < (s.clock - f.start) / f.duration < 0.6
                                                               for f in s.flights), "the boards' fly-in")
    shots.append((names[0], snapshot(app)))
    chosen = playing or (lambda s: s.picture_ready(""))
    run_until(app, lambda: (s := scene()) is not None and s.phase == "running" and chosen(s), "the boards in play")
    shots.append((names[1], snapshot(app)))
    run_until(app, lambda: (s := scene()) is not None and s.phase == "outro" and s.outro_t > 0.6, "the boards' outro")
    shots.append((names[2], snapshot(app)))
    finish_round(app)
    return shots


def anticipation_shot(app: Any, script: tuple[int, ...]) -> Any:
    """The last empty cells of a board glowing, after the other cells have landed."""
    from .timing import SPIN_TIME
    from .view import BoardScene

    app.base.start_round(script=script)
    run_until(app, lambda: (s := app.stack.find(BoardScene)) is not None and bool(s.spins) and all(
        sp.anticipation and s.clock - sp.start > SPIN_TIME + 0.6 for sp in s.spins.values()), "anticipation")
    picture = snapshot(app)
    finish_round(app)
    return picture


def anticipating(result: Any) -> bool:
    """A respin in which a board of more than two cells spins only its last one or two."""
    from cabinet.core.boards import BoardOpened, BoardSpun

    sizes = {e.board: e.reels * e.rows for e in result.events if isinstance(e, BoardOpened)}
    return any(isinstance(e, BoardSpun) and 0 < len(e.positions) <= 2 < sizes.get(e.board, 0) for e in result.events)


def moments(defn: Any, params: Any) -> tuple[Moments, ...]:
    """A board feature of the game's own: its three moments from the first scenario that fills
    a board, its anticipation from the first whose respin spins only the last cells. (Free
    spins take the ``feature-*`` names first in a game that has both.)"""
    from cabinet.core.boards import BoardFilled

    if getattr(params, "opened_by", ""):
        return ()
    name = getattr(params, "name", params.type)
    return (
        Moments(FEATURE, "feature",
                lambda r: name in r.features and any(isinstance(e, BoardFilled) for e in r.events),
                lambda app, script, result: board_shots(app, script, FEATURE)),
        Moments(("boards-anticipation",), "boards-anticipation", lambda r: name in r.features and anticipating(r),
                lambda app, script, result: [("boards-anticipation", anticipation_shot(app, script))]),
    )
