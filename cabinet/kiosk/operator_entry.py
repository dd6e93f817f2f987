"""Where the operator menu opens: over a game (``GameOperator``, a tool of ``App``'s loop) or over the lobby.

Over a game the menu is a modal, opaque scene on the game's stack, so the game under it is
paused (nothing below a modal scene updates). It opens only between rounds: OPERATOR
pressed during a round is remembered, the status line says so, and the menu opens when
the round has ended. REPLAY pushes the existing replay scene over the menu.
"""

from __future__ import annotations

from typing import Any

from cabinet.machine.buttons import Button, Press

WAIT_MESSAGE = "THE OPERATOR MENU OPENS WHEN THIS ROUND ENDS"


def host_for_game(app: Any) -> Any:
    """An ``OperatorHost`` for the menu over ``app``'s game."""
    from cabinet.presentation.scenes.operator import OperatorHost
    from cabinet.presentation.scenes.replay import ReplayScene

    ctx = app.ctx

    def replay(record: Any) -> None:
        app.stack.push(ReplayScene(ctx, record))

    def refresh_rate() -> float | None:
        try:
            rate = app.pg.display.get_current_refresh_rate()
        except (AttributeError, app.pg.error):
            return None
        return float(rate) if rate else None

    services = app.operator
    return OperatorHost(services=services, text=ctx.text, session=app.session, adapter=getattr(app, "input", None),
                        audio=ctx.audio, replay=replay, window=lambda: app.screen.get_size(),
                        volume=lambda: ctx.audio.volume, refresh_rate=refresh_rate,
                        on_settings=services.apply_settings, definitions={app.defn.id: app.defn})


class GameOperator:
    """The OPERATOR button in a game: open the menu between rounds, or once the round ends.

    A tool of the app's loop (``cabinet.tool.Tool``), the first: it sees the frame's device
    events before any other tool (pads plugged and unplugged go to the operator's event log,
    unless a lobby shell logs them), takes the OPERATOR press, and after the frame's updates
    opens a menu that was asked for during a round. It draws nothing (the menu is a scene)."""

    name = "operator"  # where the app logs the errors it survives

    def __init__(self, app: Any) -> None:
        self.app = app
        self.pending = False

    def filter_events(self, events: list[Any]) -> list[Any]:
        if not self.app.options.embedded:  # a lobby shell logs pads itself
            self.app.operator.see_events(events)
        return events

    def takes(self, press: Press) -> bool:
        """OPERATOR opens the menu; once it shows, the press is the menu's (its button test sees it)."""
        return press.button == Button.OPERATOR and not self.showing

    def handle(self, press: Press) -> None:
        self.press()

    def draw(self, surface: Any) -> None:
        return None

    @property
    def showing(self) -> bool:
        from cabinet.presentation.scenes.operator import OperatorMenu

        return self.app.stack.find(OperatorMenu) is not None

    def press(self) -> None:
        if self.app.between_rounds:
            self.open()
        else:
            self.pending = True
            self.app.ctx.hud.say(WAIT_MESSAGE)

    def tick(self, dt: float = 0.0, work: float = 0.0) -> None:
        """After the frame's updates: a remembered press opens the menu once the round is over."""
        if self.pending and self.app.between_rounds and not self.showing:
            self.open()

    def open(self, *, entered: bool = False) -> None:
        from cabinet.presentation.scenes.operator import OperatorMenu

        self.pending = False
        self.app.stack.push(OperatorMenu(host_for_game(self.app), entered=entered))

    def replay(self, record: Any) -> None:
        """The lobby's operator asked to replay ``record`` of this game: the menu (no PIN again),
        the replay over it; BACK from the replay returns to the menu."""
        from cabinet.presentation.scenes.replay import ReplayScene

        self.open(entered=True)
        self.app.stack.push(ReplayScene(self.app.ctx, record))
