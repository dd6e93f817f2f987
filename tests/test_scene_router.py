"""Scenes are reached by name (issue 39): each scene module registers its factory
(``presentation/router.py``), a scene opens another with ``ctx.open(name)``, and the scene
map in ``cabinet/presentation/README.md`` is the one the code has."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from screen_helpers import run_until

from cabinet.app import App, AppOptions
from cabinet.machine.buttons import Button, Press
from cabinet.presentation import router

ROOT = Path(__file__).resolve().parent.parent
PRESENTATION = ROOT / "cabinet" / "presentation"
README = PRESENTATION / "README.md"


def make_app(defn) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=(640, 360), seed=2, headless=True))
    app.start()
    return app


# -- the map, read from the code and from the README --------------------------------------------------


def _call_name(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def _constant(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def code_map() -> dict[str, set[str]]:
    """Scene name -> the names it opens: every ``register_scene("x", ...)`` names its module's
    scene, every ``<ctx>.open("y", ...)``, ``open_scene(ctx, "y")`` and ``build_scene(ctx,
    "y")`` with a written name in that module is an edge from it (a module that registers no scene goes by its
    file's stem: ``resume``)."""
    found: dict[str, set[str]] = {}
    for path in sorted(PRESENTATION.rglob("*.py")):
        if path.name == "router.py":
            continue
        registered: list[str] = []
        opened: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            target: str | None = None
            if name == "register_scene" and node.args:
                registered.append(_constant(node.args[0]) or "?")
                continue
            if name == "open" and node.args and isinstance(node.func, ast.Attribute):
                target = _constant(node.args[0])
            elif name in ("open_scene", "build_scene") and len(node.args) > 1:
                target = _constant(node.args[1])  # Context.open passes a name through: not an edge
            else:
                continue
            if target is not None:
                opened.add(target)
        assert len(registered) <= 1, f"{path}: one scene a module ({registered})"
        if opened:
            found.setdefault(registered[0] if registered else path.stem, set()).update(opened)
    return found


def readme_map() -> dict[str, set[str]]:
    text = README.read_text(encoding="utf-8")
    lines = re.findall(r"^(\w+) -> ([\w, ]+)$", text, flags=re.MULTILINE)
    return {source: {name.strip() for name in targets.split(",")} for source, targets in lines}


def test_the_readme_draws_the_scene_map_the_code_has() -> None:
    found = code_map()
    assert found["game"] >= {"menu", "settings", "info"} and found["resume"] == {"free_spins"}  # the reader works
    assert readme_map() == found


def test_every_name_opened_is_registered_by_the_module_that_defines_its_scene() -> None:
    names = set(router.scene_names())
    opened = set().union(*code_map().values())
    assert opened <= names, sorted(opened - names)
    table = dict(re.findall(r"^\| `(\w+)` \| `(\w+)` \|", README.read_text(encoding="utf-8"), flags=re.MULTILINE))
    assert set(table) == names
    for name in names:
        factory = router.scene_factory(name)
        assert factory.__name__ == table[name]
        assert factory.__module__ in router.BUILTIN_SCENE_MODULES  # registered where it is defined


def test_an_unknown_name_is_refused_with_the_names_there_are() -> None:
    with pytest.raises(KeyError, match=r"no scene called 'nowhere' \(scenes: .*menu"):
        router.scene_factory("nowhere")


def test_a_registered_scene_opens_by_name_on_the_contexts_stack(classic) -> None:  # noqa: ANN001
    app = make_app(classic)

    class Toy:
        modal, opaque, finished = True, False, False

        def __init__(self, ctx, word: str) -> None:  # noqa: ANN001
            self.ctx, self.word = ctx, word

    router.register_scene("toy", Toy)
    try:
        with pytest.raises(ValueError, match="registered already"):
            router.register_scene("toy", type("Other", (), {}))
        scene = app.ctx.open("toy", "hello")
        assert app.stack.top is scene and scene.word == "hello" and scene.ctx is app.ctx
    finally:
        router.unregister_scene("toy")
    with pytest.raises(KeyError):
        router.scene_factory("toy")


# -- every scene still opens and closes -----------------------------------------------------------------

# The game's buttons, the scene each opens by name, and a button that closes it.
FROM_THE_GAME = [(Button.MENU, "menu", Button.CLOSE), (Button.SETTINGS, "settings", Button.CLOSE),
                 (Button.INFO, "info", Button.CLOSE), (Button.BET_SELECT, "bet_selector", Button.CLOSE),
                 (Button.AUTOPLAY, "autoplay", Button.CLOSE)]


def test_each_scene_opens_from_the_game_by_name_and_closes(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    for button, name, close in FROM_THE_GAME:
        app.press([Press(button)])
        assert type(app.stack.top) is router.scene_factory(name), name
        app.press([Press(close)])
        app.run_frames(1)
        assert app.stack.top is app.base, name


def test_menu_history_replay_and_back_by_name(classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    app.press([Press(Button.SPIN)])
    run_until(app, lambda: not app.base.in_round)
    app.press([Press(Button.MENU)])
    app.press([Press(Button.ITEM, 0)])  # HISTORY
    history = app.stack.top
    assert type(history) is router.scene_factory("history")
    history.replay(0)
    replay = app.stack.top
    assert type(replay) is router.scene_factory("replay")
    assert type(replay.game) is router.scene_factory("game") and replay.game is not app.base  # its sandbox's own
    app.run_frames(5)
    app.press([Press(Button.BACK)])
    app.run_frames(1)
    assert app.stack.top is history
    app.press([Press(Button.CLOSE)])
    app.run_frames(1)
    app.press([Press(Button.CLOSE)])
    app.run_frames(1)
    assert not {type(history), type(replay), router.scene_factory("menu")} & {type(s) for s in app.stack}


def test_the_game_settings_open_the_history_by_name(classic) -> None:  # noqa: ANN001
    from cabinet.presentation.scenes.settings import open_history

    app = make_app(classic)
    app.press([Press(Button.SETTINGS)])
    open_history(app.ctx)
    assert type(app.stack.top) is router.scene_factory("history")
