"""What every part of the loader shares: the YAML tags and limits it reads with, an
``Issue`` at a file position and the ``DefinitionError`` that lists them, and the small
helpers of its messages."""

from __future__ import annotations

import dataclasses
import difflib
import re
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.nodes import Node

from ...errors import CabinetError

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
