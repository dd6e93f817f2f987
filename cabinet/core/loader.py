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
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import types
import typing
from bisect import bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import CabinetError
from ..paths import game_folders
from . import modes_load
from .definition import (
    FORMAT_VERSION,
    MONEY,
    PARAMS,
    STRIP,
    Definition,
    Feature,
)
from .features import FORMER_FEATURE_TYPES, feature_types
from .limits import MAX_STRIP_STOPS, strip_too_long
from .money import MoneyError, parse_money

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

# The C composer is several times faster and keeps the same marks; fall back if absent.
_YamlLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_TAG_STR = "tag:yaml.org,2002:str"
_TAG_INT = "tag:yaml.org,2002:int"
_TAG_FLOAT = "tag:yaml.org,2002:float"
_TAG_BOOL = "tag:yaml.org,2002:bool"
_TAG_NULL = "tag:yaml.org,2002:null"
_TAG_MERGE = "tag:yaml.org,2002:merge"

# The tags plain YAML produces; anything else is an explicit `!tag` a game file has no use for.
_PLAIN_TAGS = frozenset(
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq", "timestamp")
)

_TAG_NAMES = {
    _TAG_STR: "a string",
    _TAG_INT: "an integer",
    _TAG_FLOAT: "a decimal number",
    _TAG_BOOL: "a boolean",
    _TAG_NULL: "nothing (null)",
    "tag:yaml.org,2002:timestamp": "a date",
    "tag:yaml.org,2002:binary": "binary data",
}

# An exact number as text: 5, 0.2, .5, 1/3, 96.47%, 1.5e-2 (YAML float spelling).
# The exponent is bounded so a hostile "1e999999999" cannot stall the loader.
_FRACTION_RE = re.compile(
    r"^\s*(?P<sign>[-+]?)(?P<num>\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE](?P<exp>[-+]?\d{1,3}))?"
    r"(?:\s*/\s*(?P<den>\d[\d_]*))?\s*(?P<pct>%)?\s*$"
)
_STRIP_TOKEN_RE = re.compile(r"^(?P<id>[^*\s]+)(?:\*(?P<n>\d{1,4}))?$")
_MAX_DEPTH = 50  # the format nests 6 deep; far deeper is garbage, and deep enough crashes the C composer
_MAX_STACK = 1000
_MAX_BETS = 100_000  # every allowed bet is checked for exact pays; a real bet panel offers far fewer  # a stack longer than this is surely a typo (and would bloat memory)


# --- issues and the error ----------------------------------------------------------------------


@dataclass(frozen=True)
class Issue:
    """One problem in a definition file, at a 1-based line and column."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class DefinitionError(CabinetError):
    """A definition file with problems; ``issues`` lists all of them, in file order."""

    exit_code = 1

    def __init__(self, issues: Iterable[Issue]) -> None:
        unique = dict.fromkeys(issues)  # a node reached twice (a merge, an alias) reports once
        self.issues: list[Issue] = sorted(unique, key=lambda i: (i.line, i.column))
        super().__init__("\n".join(str(i) for i in self.issues))

    @property
    def path(self) -> str:
        return self.issues[0].path if self.issues else ""


@dataclass(frozen=True)
class Pos:
    """A 1-based position in the file."""

    line: int
    column: int



def _is_dataclass_type(hint: Any) -> typing.TypeGuard[type]:
    return isinstance(hint, type) and dataclasses.is_dataclass(hint)

def _pos(node: Node) -> Pos:
    return Pos(node.start_mark.line + 1, node.start_mark.column + 1)


def _did_you_mean(word: str, choices: Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _quote_list(values: Iterable[Any]) -> str:
    return ", ".join(str(v) for v in values)


class _Bad:
    """Marks a value that failed to convert (its issue is already recorded)."""

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return "<bad>"


BAD: Any = _Bad()


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


# --- conversion -------------------------------------------------------------------------------------

Path_ = tuple[Any, ...]  # where a value sits: ("symbols", 3, "id")


class _Load:
    """One load: the YAML text, the issues found and where every converted value came from."""

    def __init__(self, text: str, source: str) -> None:
        self.text = text
        self.source = source
        self.issues: list[Issue] = []
        self.where: dict[Path_, Pos] = {}  # value path -> position of its node (or strip token)
        self.key_where: dict[Path_, Pos] = {}  # mapping entry path -> position of its key
        self.hints: dict[type, dict[str, Any]] = {}
        self.constructor = yaml.constructor.SafeConstructor()
        self.minor_units = 2
        self._line_starts: list[int] | None = None
        self.empty_message = "the file is empty; a game definition needs format:, id:, name:, ..."

    # -- issues -----------------------------------------------------------------------------------

    def error(self, where: Pos | Node, message: str) -> None:
        pos = where if isinstance(where, Pos) else _pos(where)
        self.issues.append(Issue(self.source, pos.line, pos.column, message))

    def at(self, path: Path_) -> Pos:
        """The position of a value, or of its nearest ancestor that came from the file."""
        while path:
            if path in self.where:
                return self.where[path]
            path = path[:-1]
        return self.where.get((), Pos(1, 1))

    def key_at(self, path: Path_) -> Pos:
        return self.key_where.get(path) or self.at(path)

    def report(self, path: Path_, message: str) -> None:
        self.error(self.at(path), message)

    # -- the run ----------------------------------------------------------------------------------

    def run(self) -> Definition | None:
        root = self._compose()
        if root is None:
            return None
        if not isinstance(root, MappingNode):
            self.error(root, "a game definition must be a mapping of keys (format:, id:, name:, ...)")
            return None
        self.where[()] = _pos(root)
        self.minor_units = self._peek_minor_units(root)
        defn, bad_fields = self.dataclass_fields(root, Definition, ())
        if defn is None:
            return None
        if not bad_fields & {"features", "bet_modes", "rtp_variants"}:
            defn = modes_load.finish(self, defn)  # modes' feature parameters, typed by their features
        _Checks(self, defn, bad_fields).run()
        return None if self.issues else defn

    def _compose(self) -> Node | None:
        try:
            if not self._depth_ok():
                return None
            root = yaml.compose(self.text, Loader=_YamlLoader)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            message = exc.problem or exc.context or "cannot be read"
            if exc.context and exc.problem:
                started = f" at line {exc.context_mark.line + 1}" if exc.context_mark else ""
                message += f" ({exc.context}{started})"
            pos = Pos(mark.line + 1, mark.column + 1) if mark is not None else Pos(1, 1)
            self.error(pos, f"malformed YAML: {message}")
            return None
        except yaml.reader.ReaderError as exc:
            pos = self._pos_of_index(exc.position)
            self.error(pos, f"malformed YAML: {exc.reason}")
            return None
        except yaml.YAMLError as exc:
            self.error(Pos(1, 1), f"malformed YAML: {exc}")
            return None
        except RecursionError:
            self.error(Pos(1, 1), "malformed YAML: nested too deeply")
            return None
        if root is None:
            self.error(Pos(1, 1), self.empty_message)
        return root

    def _depth_ok(self) -> bool:
        """Refuse absurd nesting before composing: the C composer recurses on the C stack."""
        depth = 0
        for event in yaml.parse(self.text, Loader=_YamlLoader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > _MAX_DEPTH:
                    mark = event.start_mark
                    assert mark is not None  # the composer always marks its events
                    self.error(Pos(mark.line + 1, mark.column + 1), f"nested more than {_MAX_DEPTH} levels deep")
                    return False
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        return True

    def _pos_of_index(self, index: int) -> Pos:
        if self._line_starts is None:
            self._line_starts = [0] + [m.end() for m in re.finditer(r"\r\n|[\n\r\x85\u2028\u2029]", self.text)]
        line = bisect_right(self._line_starts, index) - 1
        return Pos(line + 1, index - self._line_starts[line] + 1)

    def _peek_minor_units(self, root: MappingNode) -> int:
        """Money anywhere in the file needs ``bet.minor_units``; read it before the rest."""
        for key, value in root.value:
            if isinstance(key, ScalarNode) and key.value == "bet" and isinstance(value, MappingNode):
                for k, v in value.value:
                    if isinstance(k, ScalarNode) and k.value == "minor_units" and isinstance(v, ScalarNode):
                        if v.tag == _TAG_INT and re.fullmatch(r"\d", v.value.strip()):
                            return int(v.value)
        return 2

    # -- generic conversion by type hint ----------------------------------------------------------

    def convert(self, node: Node, hint: Any, path: Path_) -> Any:
        self.where[path] = _pos(node)
        if node.tag not in _PLAIN_TAGS:
            self.error(node, f"YAML tags such as '{node.tag}' are not used in game files; write the plain value")
            return BAD
        origin = typing.get_origin(hint)
        if origin is typing.Annotated:
            base, *marks = typing.get_args(hint)
            if MONEY in marks:
                return self.money(node)
            if STRIP in marks:
                return self.strip(node, path)
            if PARAMS in marks:
                found = modes_load.raw_params(self, node, path)
                return BAD if found is None else found
            return self.convert(node, base, path)
        if origin is types.UnionType and type(None) in typing.get_args(hint):  # "X | None": null or an X
            if isinstance(node, ScalarNode) and node.tag == _TAG_NULL:
                return None
            (base,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
            return self.convert(node, base, path)
        if hint is Feature:
            return self.feature(node, path)
        if _is_dataclass_type(hint):
            if not isinstance(node, MappingNode):
                self.error(node, f"expected a mapping of {hint.__name__} keys, got {self.describe(node)}")
                return BAD
            value, _ = self.dataclass_fields(node, hint, path)
            return BAD if value is None else value
        if origin is tuple:
            return self.sequence(node, typing.get_args(hint), path)
        if origin is dict:
            key_hint, value_hint = typing.get_args(hint)
            return self.mapping(node, key_hint, value_hint, path)
        if origin is Literal:
            return self.literal(node, typing.get_args(hint))
        if hint is bool:
            return self.boolean(node)
        if hint is int:
            return self.integer(node)
        if hint is str:
            return self.string(node)
        if hint is Fraction:
            return self.fraction(node)
        raise TypeError(f"the loader does not know how to read {hint!r}")  # a format bug, not a file bug

    def pos(self, node: Node) -> Pos:
        return _pos(node)

    def is_bad(self, value: Any) -> bool:
        return value is BAD

    def describe(self, node: Node) -> str:
        if isinstance(node, MappingNode):
            return "a mapping"
        if isinstance(node, SequenceNode):
            return "a list"
        return _TAG_NAMES.get(node.tag, f"a value tagged {node.tag}")

    def scalar(self, node: Node) -> Any:
        """The Python value of a scalar node, or BAD."""
        try:
            return self.constructor.construct_object(node, deep=True)
        except Exception:  # noqa: BLE001 - a malformed date or a 5000-digit number
            self.error(node, f"cannot read the value {node.value!r}" if isinstance(node, ScalarNode) else "bad value")
            return BAD

    def dataclass_fields(self, node: MappingNode, cls: type, path: Path_) -> tuple[Any, set[str]]:
        """Convert a mapping into ``cls``; returns (instance or None, names of fields that failed)."""
        hints = self.hints.get(cls)
        if hints is None:
            hints = self.hints[cls] = typing.get_type_hints(cls, include_extras=True)
        fields = {f.name: f for f in dataclasses.fields(cls)}
        public = [n for n, f in fields.items() if not f.metadata.get("internal")]
        values: dict[str, Any] = {}
        bad: set[str] = set()
        seen: dict[str, Pos] = {}
        for key_node, value_node in self.pairs(node):
            if not isinstance(key_node, ScalarNode) or key_node.tag not in (_TAG_STR, _TAG_INT, _TAG_BOOL):
                self.error(key_node, f"keys of {cls.__name__} must be plain names, got {self.describe(key_node)}")
                continue
            key = key_node.value
            if key in seen:
                first = seen[key]
                self.error(key_node, f"duplicate key '{key}' (first given at line {first.line})")
                continue
            seen[key] = _pos(key_node)
            if key not in fields:
                self.error(key_node, f"unknown key '{key}' in {_section_name(cls)}{_did_you_mean(key, public)}")
                continue
            if fields[key].metadata.get("internal"):
                self.error(key_node, f"'{key}' is set by the cabinet and cannot be written in the file")
                continue
            self.key_where[(*path, key)] = _pos(key_node)
            value = self.convert(value_node, hints[key], (*path, key))
            if value is BAD:
                bad.add(key)
            else:
                values[key] = value
        for name, f in fields.items():
            if name in seen or f.metadata.get("internal"):
                continue
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                self.error(node, f"missing required key '{name}' in {_section_name(cls)}: {f.metadata.get('doc', '')}")
                bad.add(name)
        if bad:
            if cls is not Definition:
                return None, bad
            # Keep going with stand-ins so the consistency checks that do not read the
            # broken parts can still run (they are told which parts are broken).
            for name in bad:
                values[name] = _stand_in(fields[name], hints[name])
        if cls is Definition:
            values["source"] = self.source
        return cls(**values), bad

    def feature(self, node: Node, path: Path_) -> Any:
        """A feature block: its ``type`` picks the dataclass."""
        types_now = feature_types()
        available = _quote_list(types_now)
        if not isinstance(node, MappingNode):
            self.error(node, f"a feature must be a mapping starting with 'type:' ({available}), got {self.describe(node)}")
            return BAD
        type_node = next((v for k, v in self.pairs(node) if isinstance(k, ScalarNode) and k.value == "type"), None)
        if type_node is None:
            self.error(node, f"missing required key 'type' in a feature: one of {available}")
            return BAD
        name = type_node.value if isinstance(type_node, ScalarNode) else ""
        if isinstance(type_node, ScalarNode) and name in FORMER_FEATURE_TYPES:  # a block's former name
            name = type_node.value = FORMER_FEATURE_TYPES[name]
        cls = types_now.get(name)
        if cls is None:
            hint = _did_you_mean(name, types_now)
            self.error(type_node, f"unknown feature type '{name}'{hint}; available: {available}")
            return BAD
        value, _ = self.dataclass_fields(node, cls, path)
        return BAD if value is None else value

    def pairs(self, node: MappingNode, depth: int = 0) -> list[tuple[Node, Node]]:
        """Key/value node pairs, with YAML merge keys (``<<: *defaults``) applied.

        Keys written in the mapping itself win over merged ones, and among merged
        mappings the first one listed wins, as YAML specifies.
        """
        if not any(k.tag == _TAG_MERGE for k, _ in node.value):
            return list(node.value)
        own = [(k, v) for k, v in node.value if k.tag != _TAG_MERGE]
        taken = {k.value for k, _ in own if isinstance(k, ScalarNode)}
        merged: list[tuple[Node, Node]] = []
        for key, value in node.value:
            if key.tag != _TAG_MERGE:
                continue
            sources = value.value if isinstance(value, SequenceNode) else [value]
            for source in sources:
                if not isinstance(source, MappingNode) or depth > _MAX_DEPTH:
                    self.error(source, "a merge key (<<) must name a mapping or a list of mappings")
                    continue
                for k, v in self.pairs(source, depth + 1):
                    name = k.value if isinstance(k, ScalarNode) else None
                    if name not in taken:
                        taken.add(name)
                        merged.append((k, v))
        return merged + own

    def sequence(self, node: Node, args: tuple[Any, ...], path: Path_) -> Any:
        if len(args) != 2 or args[1] is not Ellipsis:
            raise TypeError(f"only tuple[X, ...] is supported, got tuple{list(args)}")
        if not isinstance(node, SequenceNode):
            self.error(node, f"expected a list, got {self.describe(node)}")
            return BAD
        items = [self.convert(item, args[0], (*path, i)) for i, item in enumerate(node.value)]
        return BAD if any(v is BAD for v in items) else tuple(items)

    def mapping(self, node: Node, key_hint: Any, value_hint: Any, path: Path_) -> Any:
        if not isinstance(node, MappingNode):
            self.error(node, f"expected a mapping, got {self.describe(node)}")
            return BAD
        result: dict[Any, Any] = {}
        first: dict[Any, Pos] = {}
        failed = False
        for key_node, value_node in self.pairs(node):
            key = self.convert(key_node, key_hint, (*path, "<key>"))
            if key is BAD:
                failed = True
                continue
            if key in first:
                self.error(key_node, f"duplicate key '{key}' (first given at line {first[key].line})")
                failed = True
                continue
            first[key] = _pos(key_node)
            self.key_where[(*path, key)] = _pos(key_node)
            value = self.convert(value_node, value_hint, (*path, key))
            if value is BAD:
                failed = True
            else:
                result[key] = value
        self.where.pop((*path, "<key>"), None)
        return BAD if failed else result

    # -- scalars ----------------------------------------------------------------------------------

    def literal(self, node: Node, allowed: tuple[Any, ...]) -> Any:
        if isinstance(node, ScalarNode) and node.value in allowed:
            return node.value
        shown = node.value if isinstance(node, ScalarNode) else self.describe(node)
        hint = _did_you_mean(str(shown), [str(a) for a in allowed]) if isinstance(node, ScalarNode) else ""
        choices = _quote_list('""' if a == "" else a for a in allowed)  # an empty choice: none
        self.error(node, f"'{shown}' is not one of: {choices}{hint}")
        return BAD

    def boolean(self, node: Node) -> Any:
        if isinstance(node, ScalarNode) and node.tag == _TAG_BOOL:
            return self.scalar(node)
        self.error(node, f"expected true or false, got {self.describe(node)}")
        return BAD

    def integer(self, node: Node) -> Any:
        if isinstance(node, ScalarNode) and node.tag == _TAG_INT:
            return self.scalar(node)
        self.error(node, f"expected a whole number, got {self.describe(node)}")
        return BAD

    def string(self, node: Node) -> Any:
        if not isinstance(node, ScalarNode) or node.tag == _TAG_NULL:
            self.error(node, f"expected text, got {self.describe(node)}")
            return BAD
        # Plain scalars that YAML would read as numbers or booleans (an id like 7, a
        # name like "yes") are taken as the text the designer wrote.
        return node.value

    def fraction(self, node: Node) -> Any:
        if not isinstance(node, ScalarNode) or node.tag not in (_TAG_INT, _TAG_FLOAT, _TAG_STR):
            self.error(node, f"expected a number like 5, '0.2', '1/3' or '96.47%', got {self.describe(node)}")
            return BAD
        if node.tag == _TAG_INT:
            value = self.scalar(node)
            if value is BAD:
                return BAD
            if value < 0:
                self.error(node, f"must not be negative, got {value}")
                return BAD
            return Fraction(value)
        try:
            return parse_exact_fraction(node.value)
        except ValueError as exc:
            self.error(node, str(exc))
            return BAD

    def money(self, node: Node) -> Any:
        if isinstance(node, ScalarNode) and node.tag == _TAG_FLOAT:
            self.error(node, f"write money as a quoted string, e.g. '{node.value}', so it stays exact")
            return BAD
        if not isinstance(node, ScalarNode) or node.tag not in (_TAG_INT, _TAG_STR):
            self.error(node, f"expected an amount of money like '0.05', got {self.describe(node)}")
            return BAD
        text = node.value
        if node.tag == _TAG_STR and not re.fullmatch(r"\s*\d+(\.\d+)?\s*", text):
            self.error(node, f"not an amount of money: '{text}' (write it like '0.05')")
            return BAD
        try:
            return parse_money(text.replace("_", ""), self.minor_units)
        except MoneyError as exc:
            self.error(node, str(exc))
            return BAD

    # -- strips -----------------------------------------------------------------------------------

    def strip(self, node: Node, path: Path_) -> Any:
        """``"A K WILD*3 Q"`` or a list of ids -> ("A", "K", "WILD", "WILD", "WILD", "Q")."""
        tokens: list[tuple[str, Pos]] = []
        entries = len(node.value.split()) if isinstance(node, ScalarNode) else len(node.value)
        if entries > MAX_STRIP_STOPS:  # hook (issue 16): refused before a million tokens are read
            self.error(node, strip_too_long(entries))
            return BAD
        if isinstance(node, ScalarNode) and node.tag != _TAG_NULL:
            tokens = list(self._scalar_tokens(node))
        elif isinstance(node, SequenceNode):
            for item in node.value:
                if not isinstance(item, ScalarNode) or item.tag == _TAG_NULL:
                    self.error(item, f"a strip entry must be a symbol id, got {self.describe(item)}")
                    return BAD
                tokens.extend((t, p) for t, p in self._scalar_tokens(item))
        else:
            self.error(node, f"expected a strip like \"A K WILD*3 Q\" or a list of ids, got {self.describe(node)}")
            return BAD
        if not tokens:
            self.error(node, "a strip must hold at least one symbol")
            return BAD
        symbols: list[str] = []
        failed = False
        for token, pos in tokens:
            match = _STRIP_TOKEN_RE.match(token)
            count = int(match["n"]) if match and match["n"] else 1
            if not match or not 1 <= count <= _MAX_STACK:
                self.error(pos, f"bad strip entry '{token}': write SYMBOL or SYMBOL*N (a stack of N, 1-{_MAX_STACK})")
                failed = True
                continue
            if len(symbols) + count > MAX_STRIP_STOPS:  # hook (issue 16): refuse before expanding it all
                self.error(_pos(node), strip_too_long(len(symbols) + count))
                return BAD
            for _ in range(count):
                self.where[(*path, len(symbols))] = pos
                symbols.append(match["id"])
        return BAD if failed else tuple(symbols)

    def _scalar_tokens(self, node: ScalarNode) -> Iterable[tuple[str, Pos]]:
        """The whitespace-separated tokens of a scalar, each with its own position when it can be found."""
        start, end = node.start_mark.index, node.end_mark.index
        raw = self.text[start:end] if 0 <= start <= end <= len(self.text) else ""
        cursor = 0
        for token in node.value.split():
            found = raw.find(token, cursor)
            if found < 0:  # escapes or folding changed the text: fall back to the scalar itself
                yield token, _pos(node)
                continue
            cursor = found + len(token)
            if node.start_mark.line == node.end_mark.line:
                yield token, Pos(node.start_mark.line + 1, node.start_mark.column + 1 + found)
            else:
                yield token, self._pos_of_index(start + found)


_SECTION_NAMES = {
    "Definition": "the game definition",
    "Symbol": "a symbol",
    "Grid": "grid",
    "BetModel": "bet",
    "WinTiers": "win_tiers",
    "BaseGame": "base_game",
    "WeightedName": "a reel set choice",
    "WeightedValue": "a weighted value",
    "Scenario": "a scenario",
    "BetMode": "a bet mode",
    "RtpVariant": "an RTP variant",
}


def _section_name(cls: type) -> str:
    from .english import with_article

    for name, params in feature_types().items():
        if params is cls:
            return f"{with_article(name)} feature"
    return _SECTION_NAMES.get(cls.__name__, cls.__name__)


def _stand_in(f: dataclasses.Field[Any], hint: Any) -> Any:
    """A harmless value for a field that failed to convert (never reaches the caller)."""
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return _stand_in(f, typing.get_args(hint)[0])
    if origin is tuple:
        return ()
    if origin is dict:
        return {}
    if _is_dataclass_type(hint):
        return hint()
    if hint is int:
        return FORMAT_VERSION if f.name == "format" else 0
    if hint is str:
        return ""
    return None


def parse_exact_fraction(text: str) -> Fraction:
    """``"0.2"``, ``"1/3"``, ``"96.47%"``, ``"5"`` -> an exact non-negative Fraction (ValueError if not)."""
    match = _FRACTION_RE.match(text)
    if not match:
        raise ValueError(f"not an exact number: '{text}' (write 5, 0.2, '1/3' or '96.47%')")
    if match["sign"] == "-":
        raise ValueError(f"must not be negative, got {text.strip()}")
    value = Fraction(match["num"].replace("_", ""))
    if match["exp"]:
        value *= Fraction(10) ** int(match["exp"])
    if match["den"] is not None:
        den = int(match["den"].replace("_", ""))
        if den == 0:
            raise ValueError(f"division by zero in '{text.strip()}'")
        value /= den
    if match["pct"]:
        value /= 100
    return value


# --- consistency -----------------------------------------------------------------------------------

# Each check names the top-level fields it reads; it is skipped when one of them failed to convert.
_CheckFn = Callable[["_Checks"], None]
_CHECKS: list[tuple[frozenset[str], _CheckFn]] = []


def _check(*needs: str) -> Callable[[_CheckFn], _CheckFn]:
    def register(fn: _CheckFn) -> _CheckFn:
        _CHECKS.append((frozenset(needs), fn))
        return fn

    return register


class _Checks:
    def __init__(self, load: _Load, defn: Definition, bad: set[str]) -> None:
        self.load = load
        self.d = defn
        self.bad = bad

    def run(self) -> None:
        for needs, fn in _CHECKS:
            if not needs & self.bad:
                fn(self)
        # -- hook: sane ranges (issue 16; the caps live in core/limits.py) --
        if not self.bad:
            from .limits import check_limits

            for path, message in check_limits(self.d, deep=not self.load.issues):
                self.report(path, message)

    def report(self, path: Path_, message: str) -> None:
        self.load.report(path, message)

    def report_key(self, path: Path_, message: str) -> None:
        self.load.error(self.load.key_at(path), message)

    def given(self, path: Path_) -> bool:
        return path in self.load.where


@_check("format")
def _format(c: _Checks) -> None:
    if c.d.format != FORMAT_VERSION:
        c.report(("format",), f"format {c.d.format} is not supported; this cabinet reads format {FORMAT_VERSION}")


@_check("grid")
def _grid(c: _Checks) -> None:
    g = c.d.grid
    if not 1 <= g.reels <= 10:
        c.report(("grid", "reels"), f"grid.reels must be between 1 and 10, got {g.reels}")
    if not 1 <= g.rows <= 10:
        c.report(("grid", "rows"), f"grid.rows must be between 1 and 10, got {g.rows}")


@_check("symbols", "grid")
def _symbols(c: _Checks) -> None:
    first: dict[str, int] = {}
    ids = c.d.symbol_ids
    for i, s in enumerate(c.d.symbols):
        p = ("symbols", i)
        if not s.id.strip() or any(ch.isspace() or ch == "*" for ch in s.id):
            c.report((*p, "id"), f"symbol id '{s.id}' must be one word without spaces or '*'")
        if s.id in first:
            line = c.load.at(("symbols", first[s.id], "id")).line
            c.report((*p, "id"), f"duplicate symbol id '{s.id}' (first defined at line {line})")
        else:
            first[s.id] = i
        if s.counts < 1:
            c.report((*p, "counts"), f"counts must be at least 1, got {s.counts}")
        if s.multiplier < 1:
            c.report((*p, "multiplier"), f"multiplier must be at least 1, got {s.multiplier}")
        if not s.multiplies_own_pays and s.kind != "wild":
            c.report((*p, "multiplies_own_pays"), f"multiplies_own_pays is for a wild; '{s.id}' is {s.kind}")
        elif not s.multiplies_own_pays and c.d.pay_model.type != "lines":
            c.report((*p, "multiplies_own_pays"), f"multiplies_own_pays: false is a paylines rule (wild-only "
                     f"line pays); this game pays by {c.d.pay_model.type}")
        if s.scatter and s.kind != "wild":
            c.report((*p, "scatter"), f"scatter: true makes a wild a scatter too; '{s.id}' is {s.kind}, not wild")
        for j, ex in enumerate(s.excludes):
            if ex not in ids:
                c.report((*p, "excludes", j), f"unknown symbol '{ex}' in excludes{_did_you_mean(ex, ids)}")
        if s.pays_as:
            target = c.d.symbol_map.get(s.pays_as)
            if target is None:
                c.report((*p, "pays_as"), f"pays_as names unknown symbol '{s.pays_as}'{_did_you_mean(s.pays_as, ids)}")
            elif target.id == s.id or target.counts != 1 or target.pays_as:
                c.report((*p, "pays_as"), f"pays_as must name a plain symbol that counts 1, not '{s.pays_as}'")
        elif s.counts > 1 and s.kind not in ("scatter", "bonus"):
            c.report(
                (*p, "counts"),
                f"symbol '{s.id}' counts {s.counts}: give it pays_as (the symbol whose pays it uses)",
            )
        for j, reel in enumerate(s.reels):
            if not 1 <= reel <= c.d.grid.reels:
                c.report((*p, "reels", j), f"reel {reel} does not exist; reels are numbered 1 to {c.d.grid.reels}")
        for table in ("prizes", "multipliers"):
            for j, wv in enumerate(getattr(s, table)):
                if wv.weight < 1:
                    c.report((*p, table, j, "weight"), f"weights must be positive, got {wv.weight}")


@_check("symbols", "reels", "grid")
def _strips(c: _Checks) -> None:
    g = c.d.grid
    symbols = c.d.symbol_map
    allowed_reels = {s.id: set(s.reels) for s in c.d.symbols if s.reels}
    if not c.d.reels:
        c.report(("reels",), "reels needs at least one reel set (e.g. 'base')")
    for set_name, strips in c.d.reels.items():
        p = ("reels", set_name)
        if len(strips) != g.reels:
            c.report(p, f"reel set '{set_name}' has {len(strips)} strips; the grid has {g.reels} reels")
        for r, strip in enumerate(strips):
            if len(strip) < g.rows:
                c.report((*p, r), f"strip {r + 1} of '{set_name}' has {len(strip)} symbols; it needs at least {g.rows}")
            reported: set[str] = set()
            for k, sym in enumerate(strip):
                if sym not in symbols:
                    if sym not in reported:
                        reported.add(sym)
                        c.report((*p, r, k), f"unknown symbol '{sym}' on a strip{_did_you_mean(sym, symbols)}")
                elif sym in allowed_reels and r + 1 not in allowed_reels[sym] and sym not in reported:
                    reported.add(sym)
                    only = _quote_list(sorted(allowed_reels[sym]))
                    c.report((*p, r, k), f"'{sym}' is on reel {r + 1} of '{set_name}' but may only appear on reels {only}")


@_check("lines", "grid")
def _lines(c: _Checks) -> None:
    g = c.d.grid
    from .pays import model_of, pay_models

    model = pay_models().get(c.d.pay_model.type)
    if model is None:
        return  # _pay_model says so
    if not c.d.lines and model.paylines:
        c.report(("lines",), "lines needs at least one payline")
    if c.d.lines and not model.paylines:
        c.report_key(("lines",), f"a {model_of(c.d).type} game has no paylines: leave lines out")
        return
    first: dict[tuple[int, ...], int] = {}
    for i, line in enumerate(c.d.lines):
        p = ("lines", i)
        if len(line) != g.reels:
            c.report(p, f"line {i + 1} has {len(line)} entries; the grid has {g.reels} reels")
        for j, row in enumerate(line):
            if not 0 <= row < g.rows:
                c.report((*p, j), f"row {row} on line {i + 1} is outside the grid (rows are 0 to {g.rows - 1}, 0 on top)")
        if line in first:
            c.report(p, f"line {i + 1} repeats line {first[line] + 1}")
        else:
            first[line] = i


@_check("pays", "symbols", "grid")
def _pays(c: _Checks) -> None:
    symbols = c.d.symbol_map
    most = max(1, max((s.counts for s in c.d.symbols), default=1))
    grid_ok = c.d.grid.reels >= 1 and c.d.grid.rows >= 1
    from .pays import pay_models

    model = pay_models().get(c.d.pay_model.type)
    cells = model is not None and model.counts_cells  # cluster / anywhere pay counts of cells
    for sym, table in c.d.pays.items():
        p = ("pays", sym)
        s = symbols.get(sym)
        if s is None:
            c.report_key(p, f"pays for unknown symbol '{sym}'{_did_you_mean(sym, symbols)}")
            continue
        if s.pays_as:
            c.report_key(p, f"'{sym}' pays as '{s.pays_as}'; put its pays under '{s.pays_as}'")
        anywhere = s.kind in ("scatter", "bonus") or s.is_scatter or cells  # counted on the whole screen
        # a count along a line is at most 10 reels; one counted anywhere, at most every cell (11-15
        # scatters on 5x3) of the largest grid, and of this grid (``reachable``, said as "can never land")
        cells_count = c.d.grid.reels * c.d.grid.rows * most
        top = cells_count if cells and not s.is_scatter else 100 * most if anywhere else 10
        reachable = min(top, c.d.grid.reels * most * (c.d.grid.rows if anywhere else 1))
        for count in table:
            if not 1 <= count <= top:
                c.report_key((*p, count), f"pay count {count} must be between 1 and {top}")
            elif grid_ok and count > reachable:
                c.report_key((*p, count), f"{count} '{sym}' can never land (at most {reachable} on this grid)")


@_check("pay_direction", "symbols", "grid")
def _centre_out(c: _Checks) -> None:
    """Issue 35's pays from the centre reel outward: the rule as the catalogue's Jewels states it."""
    if c.d.pay_direction != "centre_out":
        return
    if c.d.grid.reels % 2 == 0:
        c.report(("pay_direction",), f"centre_out needs a centre reel: an odd number of reels, the grid has "
                 f"{c.d.grid.reels}")
    wilds = [s.id for s in c.d.symbols if s.kind == "wild"]
    if wilds:
        c.report(("pay_direction",), f"centre_out pays take no wilds (each game states a wild's part in them "
                 f"differently): {', '.join(wilds)}")
    if c.d.pay_groups:
        c.report(("pay_groups",), "centre_out pays take no pay groups")


@_check("pay_groups", "symbols", "pays", "grid")
def _pay_groups(c: _Checks) -> None:
    """Issue 35's any bar: a group's id is its own, its symbols are regular line symbols, its counts fit a line."""
    symbols = c.d.symbol_map
    seen: set[str] = set()
    for i, group in enumerate(c.d.pay_groups):
        p = ("pay_groups", i)
        if group.id in symbols or group.id in seen:
            c.report((*p, "id"), f"pay group id '{group.id}' is already a symbol or group id")
        seen.add(group.id)
        if c.d.pay_model.type != "lines":
            c.report(p, f"pay groups are line pays; this game pays by {c.d.pay_model.type}")
        if len(set(group.symbols)) < 2:
            c.report((*p, "symbols"), "a pay group needs two or more different symbols")
        for j, sid in enumerate(group.symbols):
            s = symbols.get(sid)
            if s is None:
                c.report((*p, "symbols", j), f"unknown symbol '{sid}'{_did_you_mean(sid, symbols)}")
            elif s.kind != "regular" or s.pays_as:
                c.report((*p, "symbols", j), f"'{sid}' is {s.kind if s.pays_as == '' else 'a Double'}: a group "
                         "holds plain regular symbols")
        for count in group.pays:
            if not 1 <= count <= c.d.grid.reels:
                c.report((*p, "pays", count), f"pay count {count} must be between 1 and {c.d.grid.reels} reels")


def _check_reel_set_choices(c: _Checks, choices: Iterable[Any], path: Path_) -> None:
    names = list(c.d.reels)
    for j, choice in enumerate(choices):
        if choice.set not in c.d.reels and c.d.reels:
            where = (*path, j, "set") if c.given((*path, j, "set")) else path
            c.report(where, f"no reel set named '{choice.set}' under reels{_did_you_mean(choice.set, names)}")
        if choice.weight < 1:
            c.report((*path, j, "weight"), f"weights must be positive, got {choice.weight}")


@_check("base_game", "reels")
def _base_game_reel_sets(c: _Checks) -> None:
    if not c.given(("base_game",)):
        if "base" not in c.d.reels and c.d.reels:
            names = list(c.d.reels)
            c.report_key(
                ("reels",),
                f"no reel set named 'base' under reels{_did_you_mean('base', names)}; the base game spins it "
                "unless base_game.reel_sets names others",
            )
        return
    _check_reel_set_choices(c, c.d.base_game.reel_sets, ("base_game", "reel_sets"))
    if not c.d.base_game.reel_sets:
        c.report(("base_game", "reel_sets"), "base_game.reel_sets needs at least one reel set")


@_check("features", "reels")
def _feature_reel_sets(c: _Checks) -> None:
    for i, f in enumerate(c.d.features):
        if hasattr(f, "reel_sets"):
            _check_reel_set_choices(c, f.reel_sets, ("features", i, "reel_sets"))


@_check("bet", "lines")
def _bet(c: _Checks) -> None:
    m = c.d.bet
    p = ("bet",)
    if not 0 <= m.minor_units <= 8:
        c.report((*p, "minor_units"), f"minor_units must be between 0 and 8, got {m.minor_units}")
    if not m.currency.strip():
        c.report((*p, "currency"), "currency must not be empty (use 'CRD' for plain credits)")
    n_lines = len(c.d.lines)
    for name, values in (("coins_per_line", m.coins_per_line), ("coin_values", m.coin_values), ("lines", m.lines)):
        if not values and (name != "lines" or c.given((*p, "lines"))):
            c.report((*p, name), f"bet.{name} must list at least one choice")
        for j, v in enumerate(values):
            if v < 1:
                c.report((*p, name, j), f"bet.{name} choices must be positive, got {v}")
        if len(set(values)) != len(values):
            c.report((*p, name), f"bet.{name} lists a choice twice")
    from .bet import line_choices as choices_of

    cost = c.d.pay_model.cost
    for j, v in enumerate(m.lines):
        if cost and v != cost:
            c.report((*p, "lines", j), f"the bet's lines are the pay model's cost ({cost}); leave bet.lines out")
        elif v > n_lines and not cost:
            c.report((*p, "lines", j), f"{v} lines offered but the game has only {n_lines}")
    line_choices = choices_of(c.d)
    for name, value, choices in (
        ("default_lines", m.default_lines, line_choices),
        ("default_coins_per_line", m.default_coins_per_line, m.coins_per_line),
        ("default_coin_value", m.default_coin_value, m.coin_values),
    ):
        if value and value not in choices:
            c.report((*p, name), f"bet.{name} must be one of the choices (or 0 for automatic)")
    if m.coins_per_bet:  # no engine reads it yet: a value would be silently ignored
        c.report(
            (*p, "coins_per_bet"),
            "coins_per_bet is reserved and must be 0 in this version; the total bet is "
            "lines x coins_per_line x coin value (a fixed 10-coin bet: lines: [10], coins_per_line: [1])",
        )
    combinations = len(line_choices) * len(m.coins_per_line) * len(m.coin_values)
    if combinations > _MAX_BETS:
        c.report(p, f"the bet model offers {combinations:,} bets; at most {_MAX_BETS:,} are supported")
    elif m.max_total_bet and m.coins_per_line and m.coin_values and (c.d.lines or cost > 0):
        from .bet import all_bets

        if not all_bets(c.d):
            c.report((*p, "max_total_bet"), "max_total_bet is below every possible bet")


@_check("pay_model", "symbols", "reels", "grid", "pays")
def _pay_model(c: _Checks) -> None:
    from .pays import check_definition

    for path, message in check_definition(c.d):
        c.report(path, message)


@_check("win_tiers")
def _win_tiers(c: _Checks) -> None:
    t = c.d.win_tiers
    if not 0 < t.big <= t.mega <= t.epic:
        c.report(("win_tiers",), "win tiers must grow: 0 < big <= mega <= epic")


@_check("rtp")
def _rtp(c: _Checks) -> None:
    if c.d.rtp and not 0 < c.d.rtp <= 1:
        c.report(("rtp",), "rtp must be above 0% and at most 100% (or 0: not published)")


for _needs, _check_fn in modes_load.CHECKS:  # bet modes, RTP variants, the round cap
    _check(*_needs)(_check_fn)


@_check("par_precision")
def _par_precision(c: _Checks) -> None:
    if c.d.par_precision and not Fraction(1, 10**6) <= c.d.par_precision <= Fraction(1, 10):
        c.report(("par_precision",), "par_precision is a half-width from 0.0001% to 10% (or 0: fixed samples)")


@_check("features", "symbols", "rtp")
def _features(c: _Checks) -> None:
    """Unique names, then each block's own checks (``FeatureBlock.check``)."""
    from .features import block

    names: dict[str, int] = {}
    for i, f in enumerate(c.d.features):
        p = ("features", i)
        if f.name in names:
            c.report((*p, "name"), f"two features are named '{f.name}'; give each a unique name")
        names.setdefault(f.name, i)
        entry = block(f.type)
        if entry is None:
            continue

        def report(sub: tuple[Any, ...], message: str, p: tuple[Any, ...] = p, f: Any = f) -> None:
            message = _name_hint(c.d, f, message)
            # a path ending in "__key__" points at a mapping key rather than its value
            if sub and sub[-1] == "__key__":
                c.report_key((*p, *sub[:-1]), message)
            else:
                c.report((*p, *sub), message)

        try:
            entry.check(c.d, f, report)
        except ValueError as exc:  # e.g. a block whose check reads a pay model's closed form it lacks
            report((), f"{f.type} cannot be checked with this game's pay model ({exc})")
        check_texts(f, report)


def text_keys(params: Any) -> frozenset[str] | None:
    """The keys a block's ``texts:`` map may give: those its field's documentation names in
    backticks (None: the block has no ``texts`` field). One list, read by the loader and by
    the test that every word the screen asks for is documented."""
    for f in dataclasses.fields(params):
        if f.name == "texts":
            return frozenset(re.findall(r"`([a-z_0-9]+)`", str(f.metadata.get("doc", ""))))
    return None


def text_placeholders(params: Any) -> frozenset[str]:
    """The ``{name}`` placeholders a block's words may hold: those its ``texts`` field's
    documentation names (the screen fills them in; any other shows raw)."""
    for f in dataclasses.fields(params):
        if f.name == "texts":
            return frozenset(re.findall(r"\{([a-z_0-9]+)\}", str(f.metadata.get("doc", ""))))
    return frozenset()


def check_texts(params: Any, report: Callable[[tuple[Any, ...], str], None]) -> None:
    """A ``texts:`` key the block never shows is a typo: name it, with the closest key; so is a
    ``{placeholder}`` the screen never fills in (it would show as written)."""
    import string
    from difflib import get_close_matches

    allowed = text_keys(params)
    if not allowed:
        return
    fills = text_placeholders(params)
    for key, value in (getattr(params, "texts", {}) or {}).items():
        if key not in allowed:
            close = get_close_matches(key, sorted(allowed), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (it shows: {', '.join(sorted(allowed))})"
            report(("texts", key, "__key__"), f"unknown text key '{key}'{hint}")
        try:
            named = [name for _, name, _, _ in string.Formatter().parse(str(value)) if name is not None]
        except ValueError as exc:  # a lone brace
            report(("texts", key), f"text '{key}' has a stray brace ({exc}): write {{{{ or }}}} for a brace shown as is")
            continue
        for name in named:
            if name not in fills:
                close = get_close_matches(name, sorted(fills), n=1)
                hint = f" (did you mean '{{{close[0]}}}'?)" if close else ""
                known = ", ".join(f"{{{f}}}" for f in sorted(fills)) or "none"
                report(("texts", key), f"unknown placeholder '{{{name}}}' in text '{key}'{hint}: the screen fills in "
                                       f"{known} and would show '{{{name}}}' as written")


# A block's "no ring is named 'X'" or "'X' is not a free_spins feature": the name referred to.
_NAME_REFERENCE = (re.compile(r"no (?P<kind>\w+) (?:is )?named '(?P<name>[^']*)'"),
                   re.compile(r"'(?P<name>[^']*)' is not an? (?:\w+ )?(?P<kind>\w+)"))


def _name_hint(defn: Definition, feature: Any, message: str) -> str:
    """Add "did you mean" to a block's complaint about a name that is not there: the closest of
    the names of that kind (rings, levels and boards of the block, features and jackpots)."""
    if "did you mean" in message:
        return message
    for pattern in _NAME_REFERENCE:
        found = pattern.search(message)
        if found is None:
            continue
        kind = found["kind"]
        if kind == "feature":
            names: list[str] = [f.name for f in defn.features]
        else:
            value = getattr(feature, f"{kind}s", None)
            if isinstance(value, dict):
                names = [str(k) for k in value]
            elif isinstance(value, tuple):
                names = [str(getattr(v, "name", "")) for v in value if getattr(v, "name", "")]
            else:
                names = []
        hint = _did_you_mean(found["name"], names)
        if hint:
            end = found.end()
            return message[:end] + hint + message[end:]
    return message


@_check("scenarios")
def _scenarios(c: _Checks) -> None:
    names: set[str] = set()
    for i, sc in enumerate(c.d.scenarios):
        if sc.name in names:
            c.report(("scenarios", i, "name"), f"two scenarios are named '{sc.name}'")
        names.add(sc.name)
        for key in ("script", "respin_script"):
            for j, value in enumerate(getattr(sc, key)):
                if value < 0:
                    c.report(("scenarios", i, key, j), f"script values must not be negative, got {value}")
        if sc.respin_reel:
            if not 1 <= sc.respin_reel <= c.d.grid.reels:
                c.report(("scenarios", i, "respin_reel"),
                         f"respin_reel is a reel from 1 to {c.d.grid.reels}, got {sc.respin_reel}")
            if not any(f.type == "paid_respin" for f in c.d.features):
                c.report(("scenarios", i, "respin_reel"), "respin_reel needs a paid_respin feature in features:")
        elif sc.respin_script:
            c.report(("scenarios", i, "respin_script"), "respin_script needs respin_reel (the reel to respin)")


def reel_set_modes(defn: Definition) -> dict[str, set[str]]:
    """Each reel set a round plays, with the kinds of spin that play it (base, free, respin)."""
    played: dict[str, set[str]] = {}
    for choice in defn.base_game.reel_sets:
        played.setdefault(choice.set, set()).add("base")
    for f in defn.features:
        if f.type == "free_spins":
            for choice in getattr(f, "reel_sets", ()) or defn.base_game.reel_sets:
                played.setdefault(choice.set, set()).add("free")
        elif f.type == "wild_respin" and isinstance(respun := getattr(f, "reel_set", None), str):
            played.setdefault(respun, set()).add("respin")
        elif f.type == "paid_respin":
            for choice in defn.base_game.reel_sets:
                played.setdefault(choice.set, set()).add("respin")
    return played


@_check("features", "reels", "base_game")
def _mystery_strips(c: _Checks) -> None:
    """A mystery symbol on a reel set played only in spins its block does not act in would
    land and stay a mystery (it pays nothing): point at the strip."""
    played = reel_set_modes(c.d)
    for i, f in enumerate(c.d.features):
        if f.type != "mystery_symbol":
            continue
        acts = set(getattr(f, "modes", ()))
        mystery = str(getattr(f, "symbol", ""))
        for set_name, strips in c.d.reels.items():
            modes = played.get(set_name, set())
            if not modes or modes & acts:
                continue
            at = next(((r, k) for r, strip in enumerate(strips) for k, sym in enumerate(strip) if sym == mystery), None)
            if at is not None:
                c.report(("reels", set_name, *at),
                         f"mystery symbol '{mystery}' is on reel {at[0] + 1} of '{set_name}', played in "
                         f"{_quote_list(sorted(modes))} spins, but feature '{f.name}' reveals it only in "
                         f"{_quote_list(sorted(acts))} spins (features[{i}].modes): there it would land unrevealed")


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


@_check("bet", "lines", "pays", "symbols", "grid")
def _exactness(c: _Checks) -> None:
    """Every pay must be a whole number of minor units at every allowed bet: no rounding, ever."""
    from .bet import all_bets

    if not (c.d.bet.coins_per_line and c.d.bet.coin_values and (c.d.lines or c.d.pay_model.cost > 0)):
        return
    m = c.d.bet
    if any(v < 1 for v in (*m.coins_per_line, *m.coin_values, *m.lines)):
        return
    if len(m.lines or (1,)) * len(m.coins_per_line) * len(m.coin_values) > _MAX_BETS:
        return
    bets = all_bets(c.d)
    mu = c.d.bet.minor_units
    from .money import money_str

    def first_bad(value: Fraction, amounts: Iterable[tuple[int, Any]]) -> Any:
        if value.denominator == 1:
            return None
        return next((label for amount, label in amounts if amount % value.denominator), None)

    totals = [(b.total, b) for b in bets]
    line_stakes = sorted({(b.coins_per_line * b.coin_value, (b.coins_per_line, b.coin_value)) for b in bets})
    symbols = c.d.symbol_map
    for sym, table in c.d.pays.items():
        s = symbols.get(sym)
        if s is None:
            continue
        anywhere = s.kind in ("scatter", "bonus") or s.is_scatter
        for count, pay in table.items():
            if anywhere:
                bad = first_bad(pay, totals)
                if bad is not None:
                    c.report(
                        ("pays", sym, count),
                        f"{count} '{sym}' pays {pay} x the bet, which is not a whole amount at a total bet of "
                        f"{money_str(bad.total, mu)} ({_plural(bad.lines, 'line')} x {bad.coins_per_line} x "
                        f"{money_str(bad.coin_value, mu)})",
                    )
            else:
                bad = first_bad(pay, line_stakes)
                if bad is not None:
                    cpl, cv = bad
                    c.report(
                        ("pays", sym, count),
                        f"{count} '{sym}' pays {pay} coins, which is not a whole amount at {_plural(cpl, 'coin')} per line "
                        f"of {money_str(cv, mu)}",
                    )
    for i, s in enumerate(c.d.symbols):
        for j, wv in enumerate(s.prizes):
            bad = first_bad(wv.value, totals)
            if bad is not None:
                c.report(
                    ("symbols", i, "prizes", j, "value"),
                    f"prize {wv.value} x the bet on '{s.id}' is not a whole amount at a total bet of "
                    f"{money_str(bad.total, mu)}",
                )
