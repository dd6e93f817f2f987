"""Tools plug into the app's loop through one protocol (cabinet/tool.py): designer mode and
the kiosk's error notice are tools, and so is anything else that follows it."""

from __future__ import annotations

from typing import Any

from screen_helpers import make_app

from cabinet.designer.mode import Designer
from cabinet.kiosk.guard import GuardNotice
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
    assert [type(t) for t in app.tools] == [Designer, GuardNotice]
    assert all(isinstance(t, Tool) for t in app.tools)
    assert make_app(classic).tools == []  # a plain cabinet runs none


def test_a_tool_sees_events_presses_time_and_the_picture_and_takes_its_own_presses(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    tool = Recorder()
    app.tools.append(tool)
    app.frame(1 / 60, presses=[Press(Button.INFO)])
    assert tool.seen == ["events", f"press {Button.INFO}", "tick", "draw"]
    assert app.stack.top is app.base  # INFO was the tool's: the game never opened its pages
