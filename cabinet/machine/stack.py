"""The scene stack: the base game at the bottom, overlays (wins, features, menus) above.

A scene has ``handle(press) -> bool``, ``update(dt)`` and ``draw(surface)``; ``draw``
changes nothing, so a frame can be drawn any number of times (screenshots, resizes).

- Input goes to the top scene first; a scene that does not use a press returns
  False and the press falls through to the scene below, unless the scene is modal.
- ``update`` runs from the top down and stops below a modal scene: a menu pauses the
  game under it.
- ``draw`` starts at the highest opaque scene and paints upwards. Under a modal scene the
  game is paused, so what the scenes below it draw is kept as one picture and laid down in
  one blit until something could change it (a press, a scene pushed or gone, another size):
  a menu or INFO page over the game costs its own drawing, not the game's.

A scene may also have ``on_enter()`` and ``on_exit()`` (both optional): the stack calls
``on_enter`` when the scene is pushed (it becomes active) and ``on_exit`` when it leaves
the stack, however it goes: removed, popped when finished, replaced, or cleared with the
whole stack (a replay closed, a demo over, the app shut down). What a scene holds while it
is on screen (a feature's music) is taken in one and let go in the other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Protocol

from .buttons import Press


class Scene(Protocol):
    @property
    def modal(self) -> bool: ...  # pauses and hides input from the scenes below

    @property
    def opaque(self) -> bool: ...  # covers the whole window (scenes below need not be drawn)

    @property
    def finished(self) -> bool: ...  # the stack pops a finished scene after its update

    def handle(self, press: Press) -> bool: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: Any) -> None: ...

    def hit_regions(self) -> list[tuple[Any, Press]]: ...


def enter(scene: Any) -> None:
    """Call the scene's ``on_enter``, if it has one."""
    hook = getattr(scene, "on_enter", None)
    if hook is not None:
        hook()


def leave(scene: Any) -> None:
    """Call the scene's ``on_exit``, if it has one."""
    hook = getattr(scene, "on_exit", None)
    if hook is not None:
        hook()


class Passive:
    """For overlays that take no input (presses fall through) and only keep time:
    ``clock`` advances with ``update``; a subclass draws, and may extend ``update``."""

    clock: float

    def handle(self, press: Press) -> bool:
        return False

    def hit_regions(self) -> list[tuple[Any, Press]]:
        return []

    def update(self, dt: float) -> None:
        self.clock += dt


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        # Looked at before any scene: a filter that returns True has used the press (the
        # base game's autoplay stops on any button, whichever scene is on top).
        self.filters: list[Callable[[Press], bool]] = []
        self._under: Any = None  # the picture of the scenes under the top modal scene
        self._under_key: tuple[Any, ...] = ()
        self._changes = 0  # moves on with each press and each change of the stack

    def changed(self) -> None:
        """Something under a modal scene may look different: draw it afresh next frame."""
        self._changes += 1
        self._under = None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        self._scenes.append(scene)
        self.changed()
        enter(scene)

    def remove(self, scene: Scene) -> None:
        if scene in self._scenes:
            self._scenes.remove(scene)
            self.changed()
            leave(scene)

    def replace(self, old: Scene, new: Scene) -> None:
        """``new`` where ``old`` was (pushed on top if ``old`` is not on the stack)."""
        if old not in self._scenes:
            self.push(new)
            return
        self._scenes[self._scenes.index(old)] = new
        self.changed()
        leave(old)
        enter(new)

    def clear(self) -> None:
        """Every scene leaves, the top one first (a replay closed, a demo over, the app shut down)."""
        self.changed()
        while self._scenes:
            leave(self._scenes.pop())

    def find(self, kind: type) -> Any:
        """The highest scene of that class, or None."""
        for scene in reversed(self._scenes):
            if isinstance(scene, kind):
                return scene
        return None

    def handle(self, press: Press) -> bool:
        self.changed()
        for press_filter in list(self.filters):
            if press_filter(press):
                return True
        for scene in reversed(list(self._scenes)):
            if scene.handle(press):
                return True
            if scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        for scene in reversed(list(self._scenes)):
            scene.update(dt)
            if scene.modal:
                break
        gone = [s for s in self._scenes if s.finished]
        if gone:
            self.changed()
            self._scenes = [s for s in self._scenes if not s.finished]
            for scene in reversed(gone):
                leave(scene)

    def visible(self) -> list[Scene]:
        start = 0
        for i, scene in enumerate(self._scenes):
            if scene.opaque:
                start = i
        return self._scenes[start:]

    def draw(self, surface: Any) -> None:
        scenes = self.visible()
        cut = max((i for i, scene in enumerate(scenes) if scene.modal and i > 0), default=0)
        if not cut:
            for scene in scenes:
                scene.draw(surface)
            return
        # the modal scene's still part (its dim, its panel: ``draw_still``, keyed by ``still_key``)
        # goes into the kept picture too, so an open panel costs one opaque blit and its content
        modal = scenes[cut]
        still = getattr(modal, "draw_still", None)
        still_key = (id(modal), modal.still_key()) if still is not None else None  # type: ignore[attr-defined]
        key = (tuple(id(scene) for scene in scenes[:cut]), surface.get_size(), self._changes, still_key)
        if self._under is None or self._under_key != key:
            for scene in scenes[:cut]:
                scene.draw(surface)
            if still is not None:
                still(surface)
            self._under, self._under_key = surface.copy(), key
        else:
            surface.blit(self._under, (0, 0))
        for scene in scenes[cut:]:
            if scene is modal and still is not None:
                modal.draw_moving(surface)  # type: ignore[attr-defined]
            else:
                scene.draw(surface)

    def hit_regions(self) -> list[tuple[Any, Press]]:
        """On-screen buttons that a click can reach, topmost first."""
        regions: list[tuple[Any, Press]] = []
        for scene in reversed(self._scenes):
            regions.extend(scene.hit_regions())
            if scene.modal:
                break
        return regions
