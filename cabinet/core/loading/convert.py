"""One load's conversion (``_Load``): the YAML composed into nodes that keep their
positions, converted by walking the definition dataclasses' type hints, then the
consistency checks run (``_Checks``; the checks themselves are in ``checks.py``, which ``loader.py`` imports)."""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from bisect import bisect_right
from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import Any, Literal

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .. import modes_load
from ..definition import FORMAT_VERSION, MONEY, PARAMS, STRIP, Definition, Feature
from ..features import FORMER_FEATURE_TYPES, feature_types
from ..limits import MAX_STRIP_STOPS, strip_too_long
from ..money import MoneyError, parse_money
from .common import (
    _FRACTION_RE,
    _MAX_DEPTH,
    _MAX_STACK,
    _PLAIN_TAGS,
    _STRIP_TOKEN_RE,
    _TAG_BOOL,
    _TAG_FLOAT,
    _TAG_INT,
    _TAG_MERGE,
    _TAG_NAMES,
    _TAG_NULL,
    _TAG_STR,
    BAD,
    Issue,
    Pos,
    _did_you_mean,
    _is_dataclass_type,
    _pos,
    _quote_list,
    _YamlLoader,
)

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
    from ..english import with_article

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
            from ..limits import check_limits

            for path, message in check_limits(self.d, deep=not self.load.issues):
                self.report(path, message)

    def report(self, path: Path_, message: str) -> None:
        self.load.report(path, message)

    def report_key(self, path: Path_, message: str) -> None:
        self.load.error(self.load.key_at(path), message)

    def given(self, path: Path_) -> bool:
        return path in self.load.where
