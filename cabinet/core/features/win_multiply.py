"""What the blocks that multiply a spin's wins share (``random_multiplier``,
``screen_wild_multiplier``, ``fill_multiplier``): the one way a drawn or counted multiplier
raises the spin's line wins (and its scatter wins, where the block says so), in play and in the
lean simulation path, and the refusal to share spins with another block that changes wins
(each is priced on the plain pays)."""

from __future__ import annotations

import dataclasses
from typing import Any

from ..definition import Definition
from ..events import Event, LineWin, ScatterWin
from ..pays import model_for
from . import FeatureContext, Report, SpinDraft


def refuse_beside_win_modifiers(defn: Definition, params: Any, report: Report, *, priced_on: str) -> None:
    """A report for each other block that changes the wins of the same spins as ``params``."""
    from . import block

    for other in defn.features:
        entry = block(other.type)
        if other is params or entry is None or not entry.win_modifier:
            continue
        if set(params.modes) & entry.modes(other):
            report(("modes",), f"{params.type} and {other.type} ({getattr(other, 'name', '')}) both change the wins "
                   f"of the same spins; it is priced on {priced_on}")


def multiply_wins(ctx: FeatureContext, draft: SpinDraft, m: int, *, scatter_pays: bool) -> tuple[int, int] | None:
    """The spin's line wins (and scatter wins with ``scatter_pays``) times ``m``, after the spin's
    own multiplier. Returns (wins raised, minor units added), or None on the lean path where the
    model priced the raised screen at once (no events there)."""
    state = ctx.state
    scatter = state.multiplier if state.scatter_multiplier is None else state.scatter_multiplier
    if draft.lean:  # simulation: the same screen at the spin's multipliers x m, no events
        lean_state = dataclasses.replace(state, multiplier=state.multiplier * m,
                                         scatter_multiplier=scatter * m if scatter_pays else scatter)
        lean = model_for(ctx.defn, draft.reel_set).lean_win(ctx.defn, draft.reel_set, draft.screen, ctx.bet, lean_state)
        if lean is not None:
            draft.win = lean
            return None
        draft.wins, draft.win = model_for(ctx.defn, draft.reel_set).evaluate(
            ctx.defn, draft.screen, ctx.bet, state.multiplier, scatter_multiplier=scatter, both_ways=state.both_ways)
        draft.lean = False
    wins: list[Event] = []
    touched = added = 0
    for e in draft.wins:
        if isinstance(e, LineWin) or (scatter_pays and isinstance(e, ScatterWin)):
            e = dataclasses.replace(e, multiplier=e.multiplier * m, amount=e.amount * m)
            touched += 1
            added += e.amount - e.amount // m
        wins.append(e)
    if touched:
        draft.wins, draft.win = wins, draft.win + added
    return touched, added
