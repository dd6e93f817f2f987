"""Read ``games/*.yaml`` into a :class:`Definition`, with every problem positioned.

The loader composes the YAML into nodes (which keep their line and column) and
walks the type hints of the definition dataclasses to convert them, so the
dataclasses stay the one description of the format. Every problem found is kept:
the designer sees all of them at once as ``path:LINE:COL: message`` lines.

Two passes:
1. *conversion* (shape and types): unknown or duplicate keys, missing required
   keys, wrong types, bad strip tokens, bad money or fractions;
2. *consistency* (the ``_check`` functions at the end): symbols on strips exist,
   lines fit the grid, bets are exact, and so on. A check runs only when the
   top-level parts it reads converted cleanly, so one typo does not cause a
   cascade of follow-on complaints.

Positions: every converted value's path (``("symbols", 3, "id")``) maps to where
its node starts, and every strip entry to its own token, so a consistency check
can point at the exact spot it complains about.

This module is the entry (files, text, positions for other tools); the parts are in
``core/loading/``: the conversion (``convert``), the consistency checks (``checks``, with
what they read of the feature blocks in ``feature_texts``) and what they share (``common``).
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import CabinetError
from ..paths import game_folders
from .definition import Definition
from .loading import checks  # noqa: F401  (registers the consistency checks ``_Load`` runs)
from .loading.common import DefinitionError, Issue, _did_you_mean, _pos, _YamlLoader
from .loading.convert import Path_, _Load

__all__ = [
    "DefinitionError",
    "Issue",
    "load_data_file",
    "locate",
    "scenario_problems",
    "load_definition",
    "load_definition_text",
    "load_game",
    "resolve_game",
]


# --- public API ------------------------------------------------------------------------------------


def resolve_game(name_or_path: str | Path) -> Path:
    """A path to a definition file, or the stem of one in ``games/`` (``classic``)."""
    text = str(name_or_path)
    path = Path(text)
    if path.is_file():
        return path
    folder_error = f"{text} is a folder, not a game file (give a .yaml file or a game name)"
    looks_like_path = any(sep in text for sep in ("/", "\\")) or path.suffix in (".yaml", ".yml")
    if looks_like_path:
        raise CabinetError(folder_error if path.is_dir() else f"no such game file: {text}")
    folders = game_folders()  # the owner's games folders, then the shipped games
    for folder in folders:
        for suffix in (".yaml", ".yml"):
            candidate = folder / f"{text}{suffix}"
            if candidate.is_file():
                return candidate
    if path.is_dir():  # a folder here and no game of that name
        raise CabinetError(folder_error)
    known = sorted({p.stem for folder in folders if folder.is_dir() for p in folder.glob("*.yaml")})
    hint = _did_you_mean(text, known)
    places = ", ".join(str(f) for f in folders)
    listing = f"; available: {', '.join(known)}" if known else f"; no games in {places}"
    raise CabinetError(f"unknown game '{text}'{hint}{listing}")


def load_game(name_or_path: str | Path) -> Definition:
    """``load_definition(resolve_game(name_or_path))``."""
    return load_definition(resolve_game(name_or_path))


def load_definition(path: str | Path) -> Definition:
    """Read and validate one definition file; raises DefinitionError listing every problem."""
    return load_definition_text(_read_text(path), str(path))


def _read_text(path: str | Path) -> str:
    source = str(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise CabinetError(f"cannot read {source}: {reason}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DefinitionError([Issue(source, line, column, "the file is not valid UTF-8 text")]) from None
    return text


def locate(text: str, path: tuple[Any, ...]) -> tuple[int, int]:
    """The 1-based line and column of the value at ``path`` (``("symbols", 3, "id")``) in YAML
    text, or of its nearest ancestor that is there; (1, 1) for text that cannot be read."""
    try:
        node: Node | None = yaml.compose(text, Loader=_YamlLoader)
    except yaml.YAMLError:
        return (1, 1)
    found = node
    for step in path:
        if isinstance(node, MappingNode):
            node = next((v for k, v in node.value if isinstance(k, ScalarNode) and k.value == str(step)), None)
        elif isinstance(node, SequenceNode) and isinstance(step, int) and 0 <= step < len(node.value):
            node = node.value[step]
        else:
            node = None
        if node is None:
            break
        found = node
    if found is None:
        return (1, 1)
    return (found.start_mark.line + 1, found.start_mark.column + 1)


def locator(text: str, source: str) -> Callable[[tuple[Any, ...]], tuple[int, int]]:
    """``locate`` for a whole game file read once, with a strip entry at its own token
    (``("reels", "base", 1, 7)``: the eighth symbol of reel 2's strip, stacks counted out)."""
    load = _Load(text, source)
    try:
        load.run()
    except CabinetError:
        pass

    def where(path: tuple[Any, ...]) -> tuple[int, int]:
        pos = load.at(path)
        return (pos.line, pos.column)

    return where


Report = Callable[[tuple[Any, ...], str], None]  # (where the value sits, message)
T = typing.TypeVar("T")


def load_data_file(path: str | Path, cls: type[T], *, what: str,
                      check: Callable[[T, Report], None] | None = None) -> T:
    """Read another YAML file of the project (a theme's ``theme.yaml``) into the frozen
    dataclass ``cls`` with the game loader's conversion and messages: every problem as
    ``path:LINE:COL: message`` in one DefinitionError. ``check`` sees the converted value
    and reports what the types cannot say at the path of the value it is about."""
    text, source = _read_text(path), str(path)
    loader = _Load(text, source)
    loader.empty_message = f"the file is empty: {what} is a mapping of keys"
    root = loader._compose()
    if root is not None and not isinstance(root, MappingNode):
        loader.error(root, f"{what} must be a mapping of keys")
        root = None
    value = None
    if root is not None:
        loader.where[()] = _pos(root)
        value, _ = loader.dataclass_fields(root, cls, ())
        if value is not None and check is not None:
            def report(where: Path_, message: str) -> None:
                if where and where[-1] == "__key__":  # a mapping's key rather than its value
                    loader.error(loader.key_at(where[:-1]), message)
                else:
                    loader.report(where, message)

            check(value, report)
    if loader.issues or value is None:
        raise DefinitionError(loader.issues)
    return typing.cast(T, value)


def load_definition_text(text: str, source: str = "<string>") -> Definition:
    """Read a definition from YAML text; ``source`` names it in messages and in ``Definition.source``."""
    loader = _Load(text, source)
    defn = loader.run()
    if loader.issues or defn is None:
        raise DefinitionError(loader.issues)
    return defn


def scenario_problems(defn: Definition, only: int | None = None) -> list[Issue]:
    """Play each scenario (or the ``only``-th, 0-based) once: a script value outside the range
    of the draw it answers (a stop of 120 on a 63-stop reel, a point past a table's total
    weight) is an Issue at the value itself. ``cabinet check`` and a forced scenario ask this;
    a plain load does not (it would play every scenario at every load)."""
    from .bet import default_bet
    from .evaluate import EvaluationError
    from .rng import ScriptValueError
    from .round import RoundError, RoundRequest, play_round

    try:
        text = _read_text(defn.source)
    except CabinetError:
        text = ""
    issues: list[Issue] = []

    def report(path: tuple[Any, ...], message: str) -> None:
        line, column = locate(text, path) if text else (1, 1)
        issues.append(Issue(defn.source, line, column, message))

    bet = default_bet(defn)
    for i, sc in enumerate(defn.scenarios):
        if only is not None and i != only:
            continue
        key = "script"
        try:
            result = play_round(defn, RoundRequest(bet, 0, script=sc.script))
            if sc.respin_reel and sc.respin_script and result.awaiting is None:
                key = "respin_script"
                play_round(defn, RoundRequest(bet, 0, kind="respin", respin_reel=sc.respin_reel - 1,
                                              held_stops=result.final_stops, held_reel_set=result.final_reel_set,
                                              script=sc.respin_script))
        except ScriptValueError as exc:
            report(("scenarios", i, key, exc.position),
                   f"scenario '{sc.name}': value {exc.value} answers draw {exc.position + 1} of the round, "
                   f"which is from 0 to {exc.bound - 1} (a reel's stop, or a point in a table's total weight: "
                   "games/README.md, Scenarios)")
        except (RoundError, EvaluationError) as exc:
            report(("scenarios", i, key), f"scenario '{sc.name}' cannot be played: {exc}")
    return issues
