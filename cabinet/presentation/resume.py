"""Putting a restored round's screen back where the journal says it was.

After a crash the journal knows the last step the screen had shown (always a resume
point: reels landed, a spin over, a feature's intro or outro done; see
``cabinet.machine.session.RESUME_KINDS``). ``shown_at`` works out, from the round's
events alone, what the screen showed at that step, with the same reducer the round
player applies to every event as it shows it (``screen_state.ScreenState``).
``restore_screen`` puts that on the base scene, so the round player carries on from
the step instead of replaying the round from its first event.
"""

from __future__ import annotations

from typing import Any

from cabinet.core.round import RoundResult

from .bet_modes import strips_played
from .router import build_scene
from .screen_state import ScreenState, feature_presenters, shown_at

__all__ = ["landed_heights", "own_heights", "restore_heights", "restore_screen", "restore_stamps", "shown_at"]


def landed_heights(shown: ScreenState) -> tuple[int, ...] | None:
    """How many symbols each reel showed as it landed (a Megaways spin's heights; None: no landing)."""
    return tuple(len(column) for column in shown.landed) if shown.landed else None


def restore_heights(scene: Any, shown: ScreenState) -> None:
    """A finished round put back on the screen after a restart: its reels at the heights
    they landed at (a Megaways screen is rebuilt as the spin drew it)."""
    heights = landed_heights(shown)
    if heights is None or shown.stops is None or shown.reel_set is None:
        return
    rows = scene.ctx.defn.grid.rows
    if all(h == rows for h in heights):
        return
    own, top_stop = own_heights(scene.ctx.defn, shown.landed)
    scene.reels.shape(own, top_stop)
    scene.screen = scene.reels.visible(rows)


def own_heights(defn: Any, landed: Any) -> tuple[tuple[int, ...], int | None]:
    """A landed screen's heights without a top reel's cells, and the top reel's stop that shows
    its cells (None: no top reel)."""
    from cabinet.core.pays.top_reel import cells_at, covered

    over = covered(defn)
    heights = tuple(len(column) - (r in over) for r, column in enumerate(landed))
    if not over:
        return heights, None
    cells = tuple(landed[r][0] for r in over)
    stops = range(len(defn.pay_model.top_reel.strip))
    return heights, next((s for s in stops if cells_at(defn, s) == cells), 0)


def restore_screen(scene: Any, result: RoundResult, step: int) -> tuple[ScreenState, Any]:
    """Show ``result`` as it was after ``step`` events on ``scene`` (the game scene).

    Returns the state the round player carries on from and the free-spins scene it put
    up (None when no free spins were on screen at that step), built by name
    (``"free_spins"``, registered by its mechanic's view).
    """
    ctx = scene.ctx
    shown = shown_at(result.events, step, presenters=feature_presenters(ctx.defn))
    if shown.stops is not None and shown.reel_set is not None:
        scene.reel_set = shown.reel_set
        strips = strips_played(ctx.defn, result.request, shown.reel_set)  # a mode's or variant's own strips
        scene.reels.show(strips, shown.stops, landed_heights(shown))
        if scene.reels.top is not None and shown.landed:
            top_stop = own_heights(ctx.defn, shown.landed)[1]
            if top_stop is not None:
                scene.reels.top.show(top_stop)
        scene.screen = [list(column) for column in shown.screen] if shown.screen else \
            scene.reels.visible(ctx.defn.grid.rows)
    ctx.hud.win = shown.hud_win
    restore_stamps(scene, shown)
    free: Any = None
    if shown.free is not None:
        free = build_scene(ctx, "free_spins", shown.free.total_spins, shown.free.multiplier)
        free.phase, free.t = "running", 0.0  # its intro was shown before the interruption
        free.played, free.total_win = shown.free.played, shown.free.total_win
        ctx.stack.push(free)
    return shown, free


def restore_stamps(scene: Any, shown: ScreenState) -> None:
    """Stamp the values multiplier wilds drew in the spin ``shown`` ended on, as live play left
    them: a restored round mid-spin, or a finished round put back on the screen after a restart.
    Only cells that still show the symbol the state has there are stamped (a screen put back
    from other stops keeps its symbols bare)."""
    screen = scene.screen
    by_label: dict[str, list[tuple[int, int]]] = {}
    for (reel, row), label in shown.stamps.items():
        symbol = _symbol_at(screen, reel, row)
        if symbol is not None and symbol == _symbol_at(shown.screen, reel, row):
            by_label.setdefault(label, []).append((reel, row))
    for label, cells in by_label.items():
        scene.reels.stamp(cells, [screen[reel][row] for reel, row in cells], label, scene.ctx.text)


def _symbol_at(grid: list[list[str]] | None, reel: int, row: int) -> str | None:
    """``grid[reel][row]``, or None off the grid."""
    if grid is None or reel >= len(grid) or row >= len(grid[reel]):
        return None
    return grid[reel][row]
