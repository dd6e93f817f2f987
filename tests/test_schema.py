"""The JSON Schema and the README reference are generated from the definition dataclasses."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from cabinet.core import schema
from cabinet.core.definition import Definition, Symbol
from cabinet.core.features import feature_types

REGENERATE = "run `python -m cabinet.core.schema --write` and commit the result"


def _stringify_keys(value: Any) -> Any:
    """YAML allows integer keys (pay counts); JSON objects have string keys, as editors see them."""
    if isinstance(value, dict):
        return {str(k): _stringify_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_stringify_keys(v) for v in value]
    return value


def _validator() -> Any:
    jsonschema = pytest.importorskip("jsonschema")
    return jsonschema.Draft202012Validator(schema.build_schema())


def test_shipped_schema_file_is_current(games_dir: Path) -> None:
    shipped = (games_dir / schema.SCHEMA_FILE).read_text(encoding="utf-8")
    assert shipped == schema.schema_text(), f"games/{schema.SCHEMA_FILE} is out of date: {REGENERATE}"


def test_schema_text_format() -> None:
    text = schema.schema_text()
    assert text.endswith("}\n") and not text.endswith("\n\n")
    assert text.startswith('{\n  "$defs": {\n')  # sorted keys, 2-space indent
    assert json.loads(text) == schema.build_schema()


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    built = schema.build_schema()
    assert built["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(built)


def test_classic_yaml_is_valid_under_the_schema(games_dir: Path) -> None:
    document = _stringify_keys(yaml.safe_load((games_dir / "classic.yaml").read_text()))
    errors = [e.message for e in _validator().iter_errors(document)]
    assert errors == []


def test_classic_yaml_points_editors_at_the_schema(games_dir: Path) -> None:
    first = (games_dir / "classic.yaml").read_text().splitlines()[0]
    assert first == f"# yaml-language-server: $schema={schema.SCHEMA_FILE}"


@pytest.mark.parametrize(
    ("change", "expected_word"),
    [
        (lambda d: d.update(colour="red"), "Additional properties"),
        (lambda d: d["symbols"][0].update(kind="wyld"), "wyld"),
        (lambda d: d["bet"].update(coin_values=[0.05]), "0.05"),
        (lambda d: d["features"][0].update(type="wheel"), "wheel"),
        (lambda d: d.update(rtp="ninety"), "ninety"),
        (lambda d: d["reels"]["base"].append(7), "7"),
        (lambda d: d.pop("pays"), "'pays' is a required property"),
    ],
)
def test_schema_rejects_common_mistakes(games_dir: Path, change: Any, expected_word: str) -> None:
    document = _stringify_keys(yaml.safe_load((games_dir / "classic.yaml").read_text()))
    change(document)
    messages = [e.message for e in _validator().iter_errors(document)]
    assert messages, "the schema accepted a broken document"
    assert any(expected_word in m for m in messages), messages


def test_schema_accepts_the_other_spellings_the_loader_accepts(games_dir: Path) -> None:
    document = _stringify_keys(yaml.safe_load((games_dir / "classic.yaml").read_text()))
    document["rtp"] = "96.47%"
    document["win_tiers"] = {"big": "1/3", "mega": 0.5, "epic": 70}
    document["reels"]["base"][0] = ["PLUM", "LEMON*2", "STAR"]
    document["bet"]["default_coin_value"] = 0
    assert [e.message for e in _validator().iter_errors(document)] == []


def test_every_field_is_described_with_its_doc() -> None:
    built = schema.build_schema()
    top = built["properties"]
    assert set(top) == {f.name for f in dataclasses.fields(Definition) if not f.metadata.get("internal")}
    assert "source" not in top
    assert built["additionalProperties"] is False
    assert built["required"] == ["format", "id", "name", "grid", "symbols", "reels", "pays", "bet"]  # lines: only the lines pay model has them
    symbol = built["$defs"]["Symbol"]
    for f in dataclasses.fields(Symbol):
        assert symbol["properties"][f.name]["description"] == f.metadata["doc"]
    assert symbol["properties"]["kind"]["enum"] == ["regular", "wild", "scatter", "bonus", "blank"]
    assert symbol["required"] == ["id"]
    for definition in built["$defs"].values():
        if definition.get("type") == "object":
            assert definition["additionalProperties"] is False


def test_features_are_one_of_keyed_by_type() -> None:
    built = schema.build_schema()
    refs = [r["$ref"] for r in built["$defs"]["feature"]["oneOf"]]
    assert refs == [f"#/$defs/{cls.__name__}" for cls in feature_types().values()]
    for type_name, cls in feature_types().items():
        assert built["$defs"][cls.__name__]["properties"]["type"]["const"] == type_name
        assert "type" in built["$defs"][cls.__name__]["required"]


def test_money_fraction_and_strip_shapes() -> None:
    defs = schema.build_schema()["$defs"]
    assert defs["money"]["anyOf"][0] == {"type": "string", "pattern": schema.MONEY_PATTERN}
    assert {a.get("type") for a in defs["fraction"]["anyOf"]} == {"number", "string"}
    assert {a.get("type") for a in defs["strip"]["anyOf"]} == {"string", "array"}
    bet = defs["BetModel"]["properties"]
    assert bet["coin_values"]["items"] == {"$ref": "#/$defs/money"}
    assert bet["default_coin_value"]["default"] == 0
    assert "default" not in bet["coin_values"]  # minor units mean nothing before minor_units is known


def test_readme_reference_is_current(games_dir: Path) -> None:
    readme = (games_dir / schema.README_FILE).read_text(encoding="utf-8")
    assert schema.BEGIN_MARKER in readme and schema.END_MARKER in readme
    assert readme == schema.replace_generated(readme, schema.markdown_reference()), (
        f"the generated reference in games/{schema.README_FILE} is out of date: {REGENERATE}"
    )


def test_markdown_reference_lists_every_field_with_type_and_default() -> None:
    text = schema.markdown_reference()
    assert "| `trigger_symbol` | text | **required** |" in text
    assert "| `kind` | one of `regular`, `wild`, `scatter`, `bonus`, `blank` | `\"regular\"` |" in text
    assert "| `coin_values` | list of money | one minor unit |" in text
    assert "| `features` | list of [feature](#features) | empty |" in text
    for cls in (Definition, Symbol, *feature_types().values()):
        for f in dataclasses.fields(cls):
            if not f.metadata.get("internal"):
                assert f"| `{f.name}` |" in text


def test_replace_generated_needs_the_markers() -> None:
    with pytest.raises(ValueError, match="markers"):
        schema.replace_generated("no markers here", "x")
    text = f"a\n{schema.BEGIN_MARKER}\nold\n{schema.END_MARKER}\nb\n"
    assert schema.replace_generated(text, "new\n") == f"a\n{schema.BEGIN_MARKER}\n\nnew\n\n{schema.END_MARKER}\nb\n"


def test_main_prints_and_writes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert schema.main([]) == 0
    assert capsys.readouterr().out == schema.schema_text()
    assert schema.main(["--markdown"]) == 0
    assert capsys.readouterr().out == schema.markdown_reference()
    (tmp_path / schema.README_FILE).write_text(f"# x\n{schema.BEGIN_MARKER}\nstale\n{schema.END_MARKER}\n")
    assert schema.main(["--write", "--games-dir", str(tmp_path)]) == 0
    assert (tmp_path / schema.SCHEMA_FILE).read_text() == schema.schema_text()
    refreshed = (tmp_path / schema.README_FILE).read_text()
    assert "stale" not in refreshed and "| `trigger_symbol` |" in refreshed


def _readme_example(games_dir: Path) -> str:
    text = (games_dir / schema.README_FILE).read_text(encoding="utf-8")
    start = text.index("## A complete example")
    block_start = text.index("```yaml\n", start) + len("```yaml\n")
    return text[block_start : text.index("```", block_start)]


def test_readme_example_is_a_valid_game(games_dir: Path) -> None:
    from cabinet.core.loader import load_definition_text

    example = _readme_example(games_dir)
    d = load_definition_text(example, "README example")
    assert d.id == "example" and set(d.reels) == {"base", "free"}
    assert d.reels["free"][1][1:4] == ("WILD", "WILD", "WILD")
    assert d.symbol_map["BELL2"].base == "BELL" and max(d.pays["BELL"]) == 10
    # the scenario's stops really show a STAR on the top row of reels 1, 2 and 3
    stops = d.scenarios[0].script
    assert [d.reels["base"][r][stops[r]] for r in range(3)] == ["STAR", "STAR", "STAR"]
    document = _stringify_keys(yaml.safe_load(example))
    assert [e.message for e in _validator().iter_errors(document)] == []
