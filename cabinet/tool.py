"""``Tool``: what plugs into the cabinet's loop beside the game (designer mode, the kiosk's
error notice), so that ``App`` runs its tools without knowing what each one is.

In every frame the app gives each tool, in the order they were added: the device events
first (``filter_events``: a tool takes out the keys that are its own), each press before
the game sees it (``takes``/``handle``: the designer's TOP ROUNDS), the frame's time
(``tick``: real seconds and the last frame's work), and the finished picture to draw on
(``draw``: the designer's overlay, the error notice). A tool never changes an outcome;
its errors are survived under its ``name`` like the game's own.

A tool sees the app through ``Host``, the protocol the app provides, and designer mode is
handed to the app by name (``tool_factory("designer")``: ``designer/mode.py`` registers it),
so ``app.py`` imports no designer module and the designer takes no ``App``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    from cabinet.core.definition import Definition
    from cabinet.machine.session import GameSession
    from cabinet.machine.stack import SceneStack
    from cabinet.presentation.context import Context
    from cabinet.timing import Timing


@runtime_checkable
class Tool(Protocol):
    name: str  # where its errors are logged ("designer")

    def filter_events(self, events: list[Any]) -> list[Any]: ...
    def takes(self, press: Any) -> bool: ...
    def handle(self, press: Any) -> None: ...
    def tick(self, dt: float, work: float) -> None: ...
    def draw(self, surface: Any) -> None: ...


class Host(Protocol):
    """What a tool sees of the running cabinet, and may change (``App`` provides it; designer
    mode calls it ``app``): the game, its session, the screen's context and scene stack, the
    game scene (``base``), the window's surface, game time and the input adapter. A tool
    swaps the game only ``between_rounds`` (designer mode's reload): it then sets ``defn``
    and ``base`` anew."""

    defn: Definition
    session: GameSession | None
    ctx: Context
    stack: SceneStack
    base: Any  # the game scene ("game", presentation/scenes/base.py)
    screen: Any  # the window's pygame surface
    timing: Timing
    input: Any  # the input adapter (its bindings)
    options: Any  # the app's options (designer mode reads ``top_rounds``)

    @property
    def between_rounds(self) -> bool: ...  # neither the screen nor the session is in a round


ToolFactory = Callable[..., Tool]  # (host, *args) -> a tool

# The modules that define the tools the app asks for by name, imported on first use: designer
# mode ("designer", with the file to watch) is handed to the app this way.
BUILTIN_TOOL_MODULES: tuple[str, ...] = ("cabinet.designer.mode",)

_FACTORIES: dict[str, ToolFactory] = {}


def register_tool(name: str, factory: ToolFactory) -> ToolFactory:
    """Make ``factory`` the tool called ``name`` (its module calls this when imported)."""
    _FACTORIES[name] = factory
    return factory


def tool_factory(name: str) -> ToolFactory:
    """The factory of the tool called ``name``; KeyError when no module registers one."""
    if name not in _FACTORIES:
        for module in BUILTIN_TOOL_MODULES:
            importlib.import_module(module)
    try:
        return _FACTORIES[name]
    except KeyError:
        raise KeyError(f"no tool called {name!r} (tools: {', '.join(sorted(_FACTORIES))})") from None
