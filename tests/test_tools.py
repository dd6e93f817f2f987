"""Tools plug into the app's loop through one protocol (cabinet/tool.py): designer mode, the
kiosk's error notice and the operator's entry are tools, and so is anything else that follows it."""

from __future__ import annotations

from typing import Any

from screen_helpers import make_app

from cabinet.designer.mode import Designer
from cabinet.kiosk.guard import GuardNotice
from cabinet.kiosk.operator_entry import GameOperator
from cabinet.machine.buttons import Button, Press
from cabinet.tool import Tool


class Recorder:
    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[str] = []

    def filter_events(self, events: list[Any]) -> list[Any]:
        self.seen.append("events")
        return events

    def takes(self, press: Any) -> bool:
        return bool(press.button == Button.INFO)

    def handle(self, press: Any) -> None:
        self.seen.append(f"press {press.button}")

    def tick(self, dt: float, work: float) -> None:
        self.seen.append("tick")

    def draw(self, surface: Any) -> None:
        self.seen.append("draw")


def test_designer_mode_and_the_guard_are_the_apps_tools(classic) -> None:  # noqa: ANN001
    app = make_app(classic, designer=True)
    assert [type(t) for t in app.tools] == [GameOperator, Designer, GuardNotice]
    assert all(isinstance(t, Tool) for t in app.tools)
    plain = make_app(classic)
    assert [type(t) for t in plain.tools] == [GameOperator]  # a plain cabinet runs only the operator's entry
    assert plain.tools[0] is plain.operator_entry


def test_the_app_calls_no_operator_entry_hook_by_name() -> None:
    """The OPERATOR button reaches the app as a tool: App never calls the entry's own methods."""
    import re
    from pathlib import Path

    import cabinet.app

    source = Path(cabinet.app.__file__).read_text()
    assert not re.findall(r"self\.operator_entry\.\w+", source)


def test_the_operator_entry_logs_pads_unless_a_lobby_logs_them(classic) -> None:  # noqa: ANN001
    import pygame

    seen: list[tuple[bool, list[object]]] = []
    event = pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=3)
    for embedded in (False, True):
        app = make_app(classic, embedded=embedded)
        app.operator.see_events = lambda events, e=embedded: seen.append((e, list(events)))  # type: ignore[method-assign]
        app.pump_input([event])
    assert seen == [(False, [event])]  # a lobby shell logs the pads of the game it embeds itself


def test_a_tool_sees_events_presses_time_and_the_picture_and_takes_its_own_presses(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    tool = Recorder()
    app.tools.append(tool)
    app.frame(1 / 60, presses=[Press(Button.INFO)])
    assert tool.seen == ["events", f"press {Button.INFO}", "tick", "draw"]
    assert app.stack.top is app.base  # INFO was the tool's: the game never opened its pages
