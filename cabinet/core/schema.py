"""The JSON Schema of ``games/*.yaml`` and the field reference of games/README.md.

Both are generated from the definition dataclasses (the same classes the loader
walks), so the editor's hints, the README and the loader cannot drift apart:

    python -m cabinet.core.schema              # print the schema
    python -m cabinet.core.schema --markdown   # print the README's field reference
    python -m cabinet.core.schema --write      # refresh games/game.schema.json and games/README.md

The schema is an editor aid: it knows shapes, types and allowed words, not the
cross-checks (every strip symbol exists, bets are exact, ...) that only
``cabinet check`` makes.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import types
import typing
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

from .definition import (
    FORMAT_VERSION,
    MONEY,
    PARAMS,
    STRIP,
    Definition,
    Feature,
)
from .features import feature_types
from .money import fraction_str

SCHEMA_FILE = "game.schema.json"
README_FILE = "README.md"
BEGIN_MARKER = "<!-- BEGIN GENERATED REFERENCE: python -m cabinet.core.schema --write -->"
END_MARKER = "<!-- END GENERATED REFERENCE -->"

# Exact numbers: 5, "0.2", "1/3", "96.47%".
FRACTION_PATTERN = r"^\s*(\d+(\.\d+)?|\.\d+)(\s*/\s*\d+)?\s*%?\s*$"
MONEY_PATTERN = r"^\s*\d+(\.\d+)?\s*$"
STRIP_PATTERN = r"^\s*[^*\s]+(\*\d+)?(\s+[^*\s]+(\*\d+)?)*\s*$"

# Sections of the reference, in reading order: (heading, YAML path, class).
_SECTION_ORDER: tuple[tuple[str, str], ...] = (
    ("Definition", "top level"),
    ("Grid", "grid"),
    ("Symbol", "symbols: (each entry)"),
    ("WeightedValue", "weighted values (prizes, multipliers, spin_multipliers)"),
    ("BetModel", "bet"),
    ("WinTiers", "win_tiers"),
    ("BaseGame", "base_game"),
    ("WeightedName", "reel set choices (base_game.reel_sets, features' reel_sets)"),
    ("BetMode", "bet_modes: (each entry)"),
    ("RtpVariant", "rtp_variants: (each entry)"),
    ("Scenario", "scenarios: (each entry)"),
)
_FEATURES_BEFORE = "Scenario"  # the feature blocks' sections (from the registry) come before this one



def _is_dataclass_type(hint: Any) -> typing.TypeGuard[type]:
    return isinstance(hint, type) and dataclasses.is_dataclass(hint)

def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def _public_fields(cls: type) -> list[dataclasses.Field[Any]]:
    return [f for f in dataclasses.fields(cls) if not f.metadata.get("internal")]


def _is_required(f: dataclasses.Field[Any]) -> bool:
    return f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def _jsonable(value: Any) -> Any:
    """A default value as the designer would write it in YAML."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else fraction_str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in _public_fields(type(value))}
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    return value


def _is_money(hint: Any) -> bool:
    return typing.get_origin(hint) is typing.Annotated and MONEY in typing.get_args(hint)[1:]


# --- JSON Schema ------------------------------------------------------------------------------------


class _SchemaBuilder:
    def __init__(self) -> None:
        self.defs: dict[str, Any] = {}

    def type_schema(self, hint: Any) -> dict[str, Any]:
        origin = typing.get_origin(hint)
        if origin is typing.Annotated:
            base, *marks = typing.get_args(hint)
            if MONEY in marks:
                return {"$ref": "#/$defs/money"}
            if STRIP in marks:
                return {"$ref": "#/$defs/strip"}
            if PARAMS in marks:  # feature name -> a partial map of that feature's parameters
                return {"type": "object", "additionalProperties": {"type": "object"}}
            return self.type_schema(base)
        if hint is Feature:
            return {"$ref": "#/$defs/feature"}
        if origin is types.UnionType and type(None) in typing.get_args(hint):  # "X | None"
            (base,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
            return {"anyOf": [self.type_schema(base), {"type": "null"}]}
        if _is_dataclass_type(hint):
            self.dataclass_def(hint)
            return {"$ref": f"#/$defs/{hint.__name__}"}
        if origin is tuple:
            return {"type": "array", "items": self.type_schema(typing.get_args(hint)[0])}
        if origin is dict:
            key, value = typing.get_args(hint)
            schema: dict[str, Any] = {"type": "object", "additionalProperties": self.type_schema(value)}
            if key is int:
                schema["propertyNames"] = {"pattern": r"^[0-9]+$"}
            return schema
        if origin is Literal:
            values = list(typing.get_args(hint))
            return {"const": values[0]} if len(values) == 1 else {"enum": values}
        if hint is bool:
            return {"type": "boolean"}
        if hint is int:
            return {"type": "integer"}
        if hint is str:
            return {"type": "string"}
        if hint is Fraction:
            return {"$ref": "#/$defs/fraction"}
        raise TypeError(f"no schema for {hint!r}")

    def object_schema(self, cls: type) -> dict[str, Any]:
        hints = _hints(cls)
        properties: dict[str, Any] = {}
        for f in _public_fields(cls):
            prop = dict(self.type_schema(hints[f.name]))
            prop["description"] = f.metadata.get("doc", "")
            default = _default(f)
            money_list = typing.get_origin(hints[f.name]) is tuple and _is_money(typing.get_args(hints[f.name])[0])
            # Money defaults are minor units, which only mean something once minor_units is
            # known; only the "automatic" 0 is the same in every currency.
            if default is not dataclasses.MISSING and (default == 0 or not (_is_money(hints[f.name]) or money_list)):
                prop["default"] = _jsonable(default)
            if cls is Definition and f.name == "format":
                prop["const"] = FORMAT_VERSION
            properties[f.name] = prop
        schema: dict[str, Any] = {"type": "object", "additionalProperties": False, "properties": properties}
        required = [f.name for f in _public_fields(cls) if _is_required(f)]
        if required:
            schema["required"] = required
        if cls.__doc__ and not cls.__doc__.startswith(f"{cls.__name__}("):
            schema["description"] = " ".join(cls.__doc__.split())
        return schema

    def dataclass_def(self, cls: type) -> None:
        if cls.__name__ in self.defs:
            return
        self.defs[cls.__name__] = {}  # placeholder: stops recursion on self-reference
        self.defs[cls.__name__] = self.object_schema(cls)


def build_schema() -> dict[str, Any]:
    """The draft 2020-12 JSON Schema of a game definition file."""
    builder = _SchemaBuilder()
    feature_refs = []
    types_now = feature_types()
    for cls in types_now.values():
        builder.dataclass_def(cls)
        feature_refs.append({"$ref": f"#/$defs/{cls.__name__}"})
    top = builder.object_schema(Definition)
    builder.defs.update(
        {
            "feature": {
                "description": "a mechanic block, chosen by its `type`: "
                + ", ".join(types_now),
                "oneOf": feature_refs,
            },
            "fraction": {
                "description": "an exact non-negative number: 5, 0.2, '1/3' or '96.47%'",
                "anyOf": [
                    {"type": "number", "minimum": 0},
                    {"type": "string", "pattern": FRACTION_PATTERN},
                ],
            },
            "money": {
                "description": "an amount of money as a decimal string, e.g. '0.05' (whole amounts may be integers)",
                "anyOf": [
                    {"type": "string", "pattern": MONEY_PATTERN},
                    {"type": "integer", "minimum": 0},
                ],
            },
            "strip": {
                "description": "a reel strip, top to bottom: 'A K WILD*3 Q' (SYM*N is a stack of N), or a list of ids",
                "anyOf": [
                    {"type": "string", "pattern": STRIP_PATTERN},
                    {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": r"^[^*\s]+(\*\d+)?$"}},
                ],
            },
        }
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Slot Cabinet game definition",
        **top,
        "$defs": builder.defs,
    }


def schema_text() -> str:
    """The schema as written to games/game.schema.json: 2-space indent, sorted keys, final newline."""
    return json.dumps(build_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


# --- Markdown reference -----------------------------------------------------------------------------


def _type_words(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        base, *marks = typing.get_args(hint)
        if MONEY in marks:
            return "money"
        if STRIP in marks:
            return "strip"
        if PARAMS in marks:
            return "map feature name → some of its parameters"
        return _type_words(base)
    if hint is Feature:
        return "[feature](#features)"
    if origin is types.UnionType and type(None) in typing.get_args(hint):
        (base,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return f"{_type_words(base)} or null"
    if _is_dataclass_type(hint):
        return f"[{hint.__name__}](#{_anchor(hint.__name__)})"
    if origin is tuple:
        return f"list of {_type_words(typing.get_args(hint)[0])}"
    if origin is dict:
        key, value = typing.get_args(hint)
        return f"map {_type_words(key)} → {_type_words(value)}"
    if origin is Literal:
        return "one of " + ", ".join(f"`{v}`" for v in typing.get_args(hint))
    return {bool: "true/false", int: "integer", str: "text", Fraction: "number"}.get(hint, str(hint))


def _anchor(class_name: str) -> str:
    return class_name.lower()


def _default_words(f: dataclasses.Field[Any], hint: Any) -> str:
    if _is_required(f):
        return "**required**"
    value = _default(f)
    if _is_money(hint):
        return f"`{value}`" if value == 0 else "—"
    if typing.get_origin(hint) is tuple and _is_money(typing.get_args(hint)[0]):
        return "one minor unit" if value == (1,) else "—"
    shown = _jsonable(value)
    if shown in ((), [], {}, ""):
        return "empty"
    return f"`{json.dumps(shown, ensure_ascii=False)}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ").replace("<", "&lt;").replace(">", "&gt;")


def markdown_reference() -> str:
    """The field-by-field reference between the README's markers (without the markers)."""
    classes = {c.__name__: c for c in _all_dataclasses()}
    out: list[str] = []
    sections = list(_SECTION_ORDER)
    at = [name for name, _ in sections].index(_FEATURES_BEFORE)
    blocks = [(params.__name__, f"features: type {t}") for t, params in feature_types().items()]
    # the tables inside a block's parameters (levels, boards, pockets...) get sections too, after
    # the block that first uses them, so every type link in the reference lands somewhere
    listed = {name for name, _ in sections} | {name for name, _ in blocks}
    with_parts: list[tuple[str, str]] = []
    for (name, where), params in zip(blocks, feature_types().values(), strict=True):
        with_parts.append((name, where))
        for part in _nested_dataclasses(params):
            if part.__name__ not in listed:
                listed.add(part.__name__)
                classes.setdefault(part.__name__, part)
                with_parts.append((part.__name__, f"{where}: each entry of a {part.__name__} table"))
    sections[at:at] = with_parts
    for params in feature_types().values():
        classes.setdefault(params.__name__, params)
    for name, where in sections:
        cls = classes[name]
        if blocks and name == blocks[0][0]:
            out.append('<a id="features"></a>')
            out.append(
                "Each entry of `features:` is one of the blocks below, chosen by its `type:` "
                "(each block's module docstring in `cabinet/core/features/` has a YAML example)."
            )
            out.append("")
        out.append(f'<a id="{_anchor(name)}"></a>')
        out.append(f"### {where} — `{name}`")
        out.append("")
        if cls.__doc__ and not cls.__doc__.startswith(f"{name}("):
            out.append(" ".join(cls.__doc__.split()))
            out.append("")
        out.append("| key | type | default | meaning |")
        out.append("|---|---|---|---|")
        hints = _hints(cls)
        for f in _public_fields(cls):
            hint = hints[f.name]
            meaning = f.metadata.get("doc", "")
            out.append(
                f"| `{f.name}` | {_cell(_type_words(hint))} | {_cell(_default_words(f, hint))} | {_cell(meaning)} |"
            )
        out.append("")
    return "\n".join(out)


def _nested_dataclasses(cls: type) -> list[type]:
    """The dataclasses a dataclass's fields hold (depth first, each once), not itself."""
    seen: dict[str, type] = {}

    def visit(hint: Any) -> None:
        if _is_dataclass_type(hint):
            if hint.__name__ not in seen and hint is not cls:
                seen[hint.__name__] = hint
                for h in _hints(hint).values():
                    visit(h)
        elif typing.get_origin(hint) is not None:
            for arg in typing.get_args(hint):
                visit(arg)

    for h in _hints(cls).values():
        visit(h)
    return list(seen.values())


def _all_dataclasses() -> list[type]:
    seen: dict[str, type] = {}

    def visit(hint: Any) -> None:
        origin = typing.get_origin(hint)
        if _is_dataclass_type(hint):
            if hint.__name__ in seen:
                return
            seen[hint.__name__] = hint
            for h in _hints(hint).values():
                visit(h)
        elif origin is not None:
            for arg in typing.get_args(hint):
                visit(arg)

    visit(Definition)
    for params in feature_types().values():
        visit(params)
    return list(seen.values())


def replace_generated(readme: str, generated: str) -> str:
    """The README text with the part between the markers replaced by ``generated``."""
    start = readme.find(BEGIN_MARKER)
    end = readme.find(END_MARKER)
    if start < 0 or end < start:
        raise ValueError(f"the README lacks the markers {BEGIN_MARKER!r} ... {END_MARKER!r}")
    return readme[: start + len(BEGIN_MARKER)] + "\n\n" + generated + "\n" + readme[end:]


# --- command line -----------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    from ..paths import games_dir

    parser = argparse.ArgumentParser(prog="python -m cabinet.core.schema", description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true", help="print the README's field reference instead")
    parser.add_argument(
        "--write", action="store_true", help=f"write games/{SCHEMA_FILE} and refresh the reference in games/{README_FILE}"
    )
    parser.add_argument("--games-dir", type=Path, default=None, help="where to write (default: the project's games/)")
    args = parser.parse_args(argv)
    if args.write:
        folder = args.games_dir or games_dir()
        (folder / SCHEMA_FILE).write_text(schema_text(), encoding="utf-8")
        print(f"wrote {folder / SCHEMA_FILE}")
        readme = folder / README_FILE
        if readme.is_file():
            readme.write_text(replace_generated(readme.read_text(encoding="utf-8"), markdown_reference()), encoding="utf-8")
            print(f"refreshed {readme}")
        return 0
    sys.stdout.write(markdown_reference() if args.markdown else schema_text())
    return 0


if __name__ == "__main__":
    sys.exit(main())
