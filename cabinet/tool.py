"""``Tool``: what plugs into the cabinet's loop beside the game (designer mode, the kiosk's
error notice), so that ``App`` runs its tools without knowing what each one is.

In every frame the app gives each tool, in the order they were added: the device events
first (``filter_events``: a tool takes out the keys that are its own), each press before
the game sees it (``takes``/``handle``: the designer's TOP ROUNDS), the frame's time
(``tick``: real seconds and the last frame's work), and the finished picture to draw on
(``draw``: the designer's overlay, the error notice). A tool never changes an outcome;
its errors are survived under its ``name`` like the game's own.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Tool(Protocol):
    name: str  # where its errors are logged ("designer")

    def filter_events(self, events: list[Any]) -> list[Any]: ...
    def takes(self, press: Any) -> bool: ...
    def handle(self, press: Any) -> None: ...
    def tick(self, dt: float, work: float) -> None: ...
    def draw(self, surface: Any) -> None: ...
