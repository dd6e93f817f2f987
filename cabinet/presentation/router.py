"""Scenes by name: a scene opens another with ``ctx.open("menu")``, never by importing it.

The module that defines a scene registers its factory under a name when it is imported
(``register_scene("menu", MenuScene)``); a factory takes the ``Context`` first, then the
scene's own arguments (``ctx.open("replay", record)``). The first time a name is asked for
that nobody has registered, the router imports the cabinet's own scene modules by name
(``importlib``, as the mechanics' registry loads its packages), so navigation adds no
import between scene modules and a newcomer finds each screen's owner by its name.

A mechanic's scene registers itself the same way from its ``view.py`` (``free_spins``):
resume after a kill asks the router for the screen it rebuilds.

``presentation/README.md`` draws the scene map (which scene opens which, by name); a test
keeps it in step with the ``ctx.open`` calls in the code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

SceneFactory = Callable[..., Any]  # (ctx, *args, **kwargs) -> a scene for the stack

# The modules that define the cabinet's own named scenes, imported on the first unknown name.
BUILTIN_SCENE_MODULES: tuple[str, ...] = (
    "cabinet.presentation.scenes.base",
    "cabinet.presentation.scenes.intro",
    "cabinet.presentation.scenes.menu",
    "cabinet.presentation.scenes.settings",
    "cabinet.presentation.scenes.history",
    "cabinet.presentation.scenes.replay",
    "cabinet.presentation.scenes.autoplay",
    "cabinet.presentation.scenes.bet_selector",
    "cabinet.presentation.scenes.info",
    "cabinet.presentation.scenes.buy_feature",
    "cabinet.presentation.mechanics.free_spins.view",
)

_FACTORIES: dict[str, SceneFactory] = {}
_loaded = False


def register_scene(name: str, factory: SceneFactory, *, replace: bool = False) -> SceneFactory:
    """Make ``factory`` the scene called ``name`` (its defining module calls this on import;
    tests add toy scenes and ``unregister_scene`` them)."""
    known = _FACTORIES.get(name)
    if known is not None and known is not factory and not replace:
        raise ValueError(f"a scene called {name!r} is registered already ({known!r})")
    _FACTORIES[name] = factory
    return factory


def unregister_scene(name: str) -> None:
    _FACTORIES.pop(name, None)


def _load_builtins() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in BUILTIN_SCENE_MODULES:
        importlib.import_module(module)


def scene_factory(name: str) -> SceneFactory:
    """The factory registered as ``name``; KeyError naming the scenes there are when none is."""
    if name not in _FACTORIES:
        _load_builtins()
    try:
        return _FACTORIES[name]
    except KeyError:
        raise KeyError(f"no scene called {name!r} (scenes: {', '.join(sorted(_FACTORIES))})") from None


def scene_names() -> tuple[str, ...]:
    """Every registered scene's name, sorted (the built-in ones loaded first)."""
    _load_builtins()
    return tuple(sorted(_FACTORIES))


def build_scene(ctx: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """A new scene called ``name`` for ``ctx``, not yet on any stack."""
    return scene_factory(name)(ctx, *args, **kwargs)


def open_scene(ctx: Any, name: str, *args: Any, **kwargs: Any) -> Any:
    """Build the scene called ``name`` and push it on ``ctx.stack``; returns it."""
    scene = build_scene(ctx, name, *args, **kwargs)
    ctx.stack.push(scene)
    return scene
