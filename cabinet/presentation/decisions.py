"""The player's choices inside a round on screen (a pick bonus's tile, a ladder's take-or-climb).

A round that awaits a choice (``RoundResult.awaiting``) has been shown up to its offer; the
scene on the stack that shows the offer (it has ``await_choice`` and ``chosen``: the pick
bonus's ``PickScene``) takes the player's keys, pad or touch, and ``next_result`` hands the
choice to the session, which journals it before the round goes on (``GameSession.decide``).
The screen then shows the rest of the round from where it was.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cabinet.core.round import RoundResult
from cabinet.machine.session import SessionError, StorageError

RETRY = 1.0  # seconds between tries to record a choice the disk refused


def offering(ctx: Any) -> Any:
    """The topmost scene that shows an offer (None: none on the stack)."""
    return next((s for s in reversed(list(ctx.stack)) if hasattr(s, "await_choice")), None)


def next_result(scene: Any, result: RoundResult) -> Generator[None, None, RoundResult]:
    """Wait for the player's choice of the awaited decision, then the round played on with it."""
    ctx = scene.ctx
    while True:
        shown = offering(ctx)
        if shown is not None:
            if not shown.waiting:
                shown.await_choice()
            if shown.chosen is not None:
                word = shown.chosen
                shown.chosen = None
                try:
                    decided: RoundResult = ctx.session.decide(word)
                except StorageError as exc:  # the choice is not recorded: it is asked again
                    ctx.hud.say(exc.screen)
                    shown.await_choice()
                    end = scene.clock + RETRY
                    while scene.clock < end:
                        yield
                    continue
                except SessionError as exc:
                    ctx.hud.say(str(exc).upper())
                    shown.await_choice()
                    continue
                return decided
        yield
