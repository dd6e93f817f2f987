"""Autoplay tied to one game session: the pure controller (``services/autoplay``) fed
with the session's credits, bet and finished rounds.

Pure Python, like the session: the base scene asks ``due()`` between rounds, starts a
round through the normal path (``session.begin_round``), and reports each round's start
and end here, so the stop conditions and the "a change during a round waits for its
end" rule are judged on exactly what the player was charged and paid.

Nothing here is saved: a new driver (a restarted cabinet) has the default settings,
as the rule sheets ask.
"""

from __future__ import annotations

from cabinet.core.round import RoundResult
from cabinet.services.autoplay import (
    ROUND_CHOICES,
    AutoplayController,
    AutoplayRoundEnd,
    AutoplaySettings,
    StopReason,
)

from .session import GameSession

# The panel's round counts: the service's choices plus a long run of 1000.
ROUND_OPTIONS: tuple[int, ...] = tuple(sorted({*ROUND_CHOICES, 1000}))

STOP_MESSAGES = {
    StopReason.ROUNDS_DONE: "AUTOPLAY FINISHED",
    StopReason.ANY_WIN: "AUTOPLAY STOPPED: A WIN",
    StopReason.FEATURE: "AUTOPLAY STOPPED: FREE SPINS WON",
    StopReason.SINGLE_WIN: "AUTOPLAY STOPPED: SINGLE WIN LIMIT REACHED",
    StopReason.BALANCE_UP: "AUTOPLAY STOPPED: BALANCE ROSE BY THE LIMIT",
    StopReason.BALANCE_DOWN: "AUTOPLAY STOPPED: BALANCE FELL BY THE LIMIT",
    StopReason.BUTTON: "AUTOPLAY STOPPED",
    StopReason.CREDITS: "AUTOPLAY STOPPED: NOT ENOUGH CREDITS",
}


class AutoplayDriver:
    def __init__(self, session: GameSession, controller: AutoplayController | None = None) -> None:
        self.session = session
        self.controller = controller or AutoplayController()

    # -- what the screen shows ------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.controller.running

    @property
    def rounds_left(self) -> int:
        return self.controller.rounds_left if self.running else 0

    @property
    def settings(self) -> AutoplaySettings:
        """The settings in force now (a pending change is not in force yet)."""
        return self.controller.settings

    @property
    def pending(self) -> AutoplaySettings | None:
        return self.controller.pending

    @property
    def chosen(self) -> AutoplaySettings:
        """What the panel shows: the player's latest choice, pending or in force."""
        return self.controller.pending or self.controller.settings

    @property
    def stop_reason(self) -> StopReason | None:
        return self.controller.stop_reason

    # -- the player's side ----------------------------------------------------------------------

    def start(self) -> str | None:
        """Start autoplay now; returns why it cannot (None: started)."""
        session = self.session
        if session.in_round:
            return "AUTOPLAY CAN START WHEN THIS ROUND ENDS"
        if session.credits < session.mode_cost():  # a spin's cost in the mode it plays (an ante costs more)
            return "NOT ENOUGH CREDITS FOR AUTOPLAY"
        self.controller.start(session.credits)
        return None

    def change(self, settings: AutoplaySettings) -> None:
        self.controller.change(settings)

    def reset(self) -> None:
        self.controller.reset()

    def button_pressed(self) -> bool:
        """Any button stops autoplay; True if it was running."""
        return self.controller.button_pressed()

    # -- the round player's side ----------------------------------------------------------------

    def due(self) -> bool:
        """Whether autoplay starts the next round now (it stops itself when credits run short)."""
        return self.controller.should_continue(self.session.credits, self.session.mode_cost())

    def round_started(self) -> None:
        self.controller.round_started()

    def round_finished(self, result: RoundResult) -> StopReason | None:
        """Judge the paid round by the settings it was played under; apply a pending change."""
        summary = AutoplayRoundEnd(result.total_win, self.session.credits, result.features)
        return self.controller.on_round_end(summary)
