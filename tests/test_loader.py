"""The definition loader: conversion, positions of every problem, consistency checks."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabinet.core.definition import Definition
from cabinet.core.features import feature_types
from cabinet.core.features.free_spins import FreeSpins
from cabinet.core.loader import (
    DefinitionError,
    Issue,
    load_definition,
    load_definition_text,
    load_game,
    resolve_game,
)
from cabinet.core.loading.convert import parse_exact_fraction
from cabinet.errors import CabinetError

# A small valid game. Line numbers matter: the tests below point into it.
MINI = """\
format: 1
id: mini
name: Mini
grid: {reels: 3, rows: 2}
symbols:
  - {id: W, kind: wild}
  - {id: S, kind: scatter}
  - {id: A}
  - {id: B}
reels:
  base:
    - "A B W S"
    - "A B W S"
    - "A B W S"
lines:
  - [0, 0, 0]
  - [1, 1, 1]
pays:
  A: {3: 5}
  B: {2: 1, 3: 2}
  S: {3: 2}
bet:
  coins_per_line: [1, 2]
  coin_values: ["0.01", "0.05"]
"""


def problems(text: str) -> list[str]:
    """The issues of a text as 'LINE:COL: message' strings (the test fails if it loads)."""
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text, "g.yaml")
    for issue in info.value.issues:
        assert issue.path == "g.yaml"
    return [f"{i.line}:{i.column}: {i.message}" for i in info.value.issues]


def at(text: str, needle: str, occurrence: int = 1) -> str:
    """'LINE:COL' of the n-th occurrence of ``needle`` in ``text`` (1-based, like the loader)."""
    index = -1
    for _ in range(occurrence):
        index = text.index(needle, index + 1)
    line = text.count("\n", 0, index) + 1
    column = index - (text.rfind("\n", 0, index) + 1) + 1
    return f"{line}:{column}"


def test_the_at_helper_counts_like_an_editor() -> None:
    assert at("ab\ncd", "d") == "2:2" and at("x x", "x", 2) == "1:3"


def edit(old: str, new: str, text: str = MINI) -> str:
    assert text.count(old) == 1, f"{old!r} must occur once"
    return text.replace(old, new)


# --- loading valid files ----------------------------------------------------------------------------


def test_mini_loads_with_every_value_converted() -> None:
    d = load_definition_text(MINI, "mini.yaml")
    assert d.id == "mini" and d.name == "Mini" and d.source == "mini.yaml"
    assert (d.grid.reels, d.grid.rows) == (3, 2)
    assert d.symbol_ids == ("W", "S", "A", "B")
    assert d.reels["base"][0] == ("A", "B", "W", "S")
    assert d.lines == ((0, 0, 0), (1, 1, 1))
    assert d.pays["B"] == {2: Fraction(1), 3: Fraction(2)}
    assert d.bet.coin_values == (1, 5)
    assert d.bet.coins_per_line == (1, 2)
    assert d.features == () and d.rtp == 0


def test_classic_loads(games_dir: Path) -> None:
    d = load_definition(games_dir / "classic.yaml")
    assert isinstance(d, Definition)
    assert d.id == "classic" and d.name == "Classic Fruits"
    assert (d.grid.reels, d.grid.rows, len(d.lines), len(d.symbols)) == (5, 3, 20, 11)
    plain = yaml.safe_load((games_dir / "classic.yaml").read_text())
    assert d.reels["base"] == tuple(tuple(strip.split()) for strip in plain["reels"]["base"])
    assert d.symbol_map["WILD"].reels == (2, 3, 4)
    assert d.pays["STAR"] == {3: 2, 4: 10, 5: 50}
    assert d.bet.coin_values == (1, 2, 5, 10, 20, 50) and d.bet.default_coin_value == 5
    fs = d.feature("free_spins")
    assert isinstance(fs, FreeSpins)
    assert fs.trigger_symbol == "STAR" and fs.awards == {3: 10, 4: 12, 5: 15} and fs.win_multiplier == 2
    assert d.source == str(games_dir / "classic.yaml")


def test_resolve_and_load_game_by_name(games_dir: Path) -> None:
    assert resolve_game("classic").resolve() == (games_dir / "classic.yaml").resolve()
    assert resolve_game(games_dir / "classic.yaml") == games_dir / "classic.yaml"
    assert load_game("classic").id == "classic"


def test_unknown_game_name_suggests_the_closest() -> None:
    with pytest.raises(CabinetError, match=r"unknown game 'clasic' \(did you mean 'classic'\?\)"):
        resolve_game("clasic")


def test_missing_file_is_a_one_line_cabinet_error(tmp_path: Path) -> None:
    with pytest.raises(CabinetError) as info:
        load_definition(tmp_path / "gone.yaml")
    assert not isinstance(info.value, DefinitionError)
    assert str(info.value) == f"cannot read {tmp_path / 'gone.yaml'}: No such file or directory"
    with pytest.raises(CabinetError, match="no such game file: games/gone.yaml"):
        resolve_game("games/gone.yaml")


def test_definition_error_prints_path_line_column_and_exits_1(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(edit("format: 1", "format: 3"))
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert isinstance(info.value, CabinetError) and info.value.exit_code == 1
    assert info.value.issues == [Issue(str(path), 1, 9, "format 3 is not supported; this cabinet reads format 1")]
    assert str(info.value) == f"{path}:1:9: format 3 is not supported; this cabinet reads format 1"


def test_invalid_utf8_is_reported_at_its_byte(tmp_path: Path) -> None:
    path = tmp_path / "x.yaml"
    path.write_bytes(b"format: 1\nname: \xff\n")
    with pytest.raises(DefinitionError) as info:
        load_definition(path)
    assert [(i.line, i.column) for i in info.value.issues] == [(2, 7)]


# --- YAML itself ------------------------------------------------------------------------------------


def test_malformed_yaml_is_one_issue_at_the_yaml_mark() -> None:
    assert problems("format: 1\nid: [a, b\nname: x\n") == [
        "3:5: malformed YAML: did not find expected ',' or ']' (while parsing a flow sequence at line 2)"
    ]
    assert problems("format: 1\nid: a: b\n") == ["2:6: malformed YAML: mapping values are not allowed in this context"]


def test_empty_file_and_non_mapping_root() -> None:
    assert problems("") == ["1:1: the file is empty; a game definition needs format:, id:, name:, ..."]
    assert problems("# only a comment\n- 1\n") == [
        "2:1: a game definition must be a mapping of keys (format:, id:, name:, ...)"
    ]


def test_absurd_nesting_is_refused_not_crashed() -> None:
    # Our pre-pass stops at 50 levels; newer libyaml builds (PyYAML 6.0.4+) refuse at their own
    # limit while scanning ahead. Either way: one positioned "nest" error, no crash.
    found = problems("a: " + "[" * 100_000 + "]" * 100_000)
    assert len(found) == 1 and found[0].startswith("1:") and "nest" in found[0], found


def test_duplicate_keys_are_errors() -> None:
    assert problems(edit("name: Mini\n", "name: Mini\nname: Maxi\n")) == [
        "4:1: duplicate key 'name' (first given at line 3)"
    ]
    # in a mapping read as a dict, 3 and 03 are the same count
    assert problems(edit("A: {3: 5}", "A: {3: 5, 03: 6}")) == ["19:13: duplicate key '3' (first given at line 19)"]


def test_merge_keys_and_anchors_are_understood() -> None:
    text = edit("  - {id: A}\n  - {id: B}", "  - &plain {id: A, tier: high}\n  - {<<: *plain, id: B}")
    d = load_definition_text(text)
    assert d.symbol_map["B"].tier == "high" and d.symbol_map["B"].id == "B"


# --- conversion errors ------------------------------------------------------------------------------


def test_missing_required_keys_are_reported_at_the_mapping() -> None:
    text = edit("name: Mini\n", "")
    assert problems(text) == ["1:1: missing required key 'name' in the game definition: display name"]
    text = edit("  - {id: B}", "  - {name: Bee}")
    assert problems(text) == [
        "9:5: missing required key 'id' in a symbol: short id used on strips, in pays and on the command line, "
        "e.g. 'WILD', 'A', 'SEVEN'"
    ]


def test_unknown_keys_suggest_the_closest_name() -> None:
    text = edit("  - {id: A}", "  - {id: A, kindd: wild}")
    assert problems(text) == [f"{at(text, 'kindd')}: unknown key 'kindd' in a symbol (did you mean 'kind'?)"]
    assert at(text, "kindd") == "8:13"
    assert problems(edit("bet:\n", "bet:\n  coin_value: ['0.01']\n")) == [
        "23:3: unknown key 'coin_value' in bet (did you mean 'coin_values'?)"
    ]
    assert problems(MINI + "zzz: 1\n") == ["25:1: unknown key 'zzz' in the game definition"]


def test_internal_fields_cannot_be_written() -> None:
    assert problems(MINI + "source: elsewhere.yaml\n") == [
        "25:1: 'source' is set by the cabinet and cannot be written in the file"
    ]


def test_literal_lists_the_allowed_values() -> None:
    assert problems(edit("{id: W, kind: wild}", "{id: W, kind: wyld}")) == [
        "6:19: 'wyld' is not one of: regular, wild, scatter, bonus, blank (did you mean 'wild'?)"
    ]
    assert problems(MINI + "pay_direction: sideways\n") == [
        "25:16: 'sideways' is not one of: left_to_right, both_ways, centre_out"
    ]


def test_scalar_type_errors() -> None:
    assert problems(edit("{reels: 3, rows: 2}", "{reels: three, rows: 2.0}")) == [
        "4:15: expected a whole number, got a string",
        "4:28: expected a whole number, got a decimal number",
    ]
    # booleans are not integers, and integers are not booleans
    assert problems(edit("{reels: 3, rows: 2}", "{reels: true, rows: 2}")) == ["4:15: expected a whole number, got a boolean"]
    text = MINI + "features:\n  - {type: free_spins, trigger_symbol: S, awards: {3: 5}, retrigger: 1}\n"
    assert problems(text) == [f"{at(text, '1}')}: expected true or false, got an integer"]
    assert problems(edit("name: Mini", "name:")) == ["3:6: expected text, got nothing (null)"]
    assert problems(edit("lines:\n  - [0, 0, 0]", "lines:\n  - 0")) == ["16:5: expected a list, got an integer"]
    assert problems(edit("grid: {reels: 3, rows: 2}", "grid: [3, 2]")) == [
        "4:7: expected a mapping of Grid keys, got a list"
    ]


def test_explicit_yaml_tags_are_refused() -> None:
    assert problems(edit("name: Mini", "name: !custom Mini")) == [
        "3:7: YAML tags such as '!custom' are not used in game files; write the plain value"
    ]


def test_yaml_booleans_in_text_fields_keep_the_written_text() -> None:
    d = load_definition_text(edit("name: Mini", "name: yes"))
    assert d.name == "yes"


def test_several_conversion_errors_are_all_reported_in_file_order() -> None:
    text = edit("format: 1", "format: one")
    text = edit("{id: S, kind: scatter}", "{id: S, kind: scater}", text)
    text = edit('coin_values: ["0.01", "0.05"]', 'coin_values: ["0.01", 0.05]', text)
    text = edit("  - [1, 1, 1]", "  - [1, x, 1]", text)
    assert problems(text) == [
        "1:9: expected a whole number, got a string",
        "7:19: 'scater' is not one of: regular, wild, scatter, bonus, blank (did you mean 'scatter'?)",
        "17:9: expected a whole number, got a string",
        "24:25: write money as a quoted string, e.g. '0.05', so it stays exact",
    ]


# --- features ---------------------------------------------------------------------------------------


def test_unknown_feature_type_suggests_the_closest() -> None:
    text = MINI + "features:\n  - type: free_spin\n"
    available = ", ".join(feature_types())  # every registered block, in registration order
    assert available.startswith("free_spins, paid_respin, mystery_symbol")
    assert problems(text) == [
        f"26:11: unknown feature type 'free_spin' (did you mean 'free_spins'?); available: {available}"
    ]
    text = MINI + "features:\n  - {trigger_symbol: S}\n"
    assert problems(text) == [f"26:5: missing required key 'type' in a feature: one of {available}"]


def test_feature_blocks_convert_to_their_dataclass() -> None:
    # coins of 0.02 and 0.10: a spin multiplier of 1.5 keeps every pay whole (0.01 is refused)
    text = edit('coin_values: ["0.01", "0.05"]', 'coin_values: ["0.02", "0.10"]') + (
        "rtp: 96.5%\n"
        "features:\n"
        "  - type: free_spins\n"
        "    trigger_symbol: S\n"
        "    awards: {3: 10, 4: 15}\n"
        "    retrigger: false\n"  # on these 4-stop strips retriggers would never end (core/limits.py)
        "    spin_multipliers: [{value: 2, weight: 3}, {value: 1.5}]\n"
        "    minimum_win_x_bet: 10\n"
        "    top_up_spins: 4\n"
        "  - {type: paid_respin, price_rtp: '1/2'}\n"
    )
    d = load_definition_text(text)
    fs, pr = d.features
    assert fs.awards == {3: 10, 4: 15}
    assert [(m.value, m.weight) for m in fs.spin_multipliers] == [(2, 3), (Fraction(3, 2), 1)]
    assert fs.minimum_win_x_bet == 10 and fs.top_up_spins == 4
    assert pr.price_rtp == Fraction(1, 2) and pr.min_price_coins == 1
    assert d.rtp == Fraction(193, 200)


# --- strips -----------------------------------------------------------------------------------------


def test_strip_stacks_expand() -> None:
    d = load_definition_text(edit('    - "A B W S"\n    - "A B W S"', '    - "A W*3 B"\n    - [A, B*2, S]'))
    assert d.reels["base"][0] == ("A", "W", "W", "W", "B")
    assert d.reels["base"][1] == ("A", "B", "B", "S")


def test_bad_strip_token_is_reported_at_its_column() -> None:
    # line 12 is `    - "A B W S"`: the quote is column 7, so A is column 8
    assert problems(edit('    - "A B W S"\n    - "A B W S"', '    - "A B W* S"\n    - "A B W S"')) == [
        "12:12: bad strip entry 'W*': write SYMBOL or SYMBOL*N (a stack of N, 1-1000)"
    ]
    assert problems(edit('    - "A B W S"\n    - "A B W S"', '    - "A B*0 W S"\n    - "A B W S"')) == [
        "12:10: bad strip entry 'B*0': write SYMBOL or SYMBOL*N (a stack of N, 1-1000)"
    ]


def test_unknown_strip_symbol_is_reported_at_its_token() -> None:
    text = edit('    - "A B W S"\n    - "A B W S"\n    - "A B W S"', '    - "A B W S"\n    - A BB W S\n    - [A, B, W, Q]')
    assert problems(text) == [
        "13:9: unknown symbol 'BB' on a strip (did you mean 'B'?)",
        "14:17: unknown symbol 'Q' on a strip",
    ]


def test_strip_token_columns_survive_non_ascii_and_folded_lines() -> None:
    text = edit("name: Mini", "name: 'Müni €'")
    text = edit('    - "A B W S"\n    - "A B W S"', '    - "A B W S"\n    - >-\n      A B\n      W Z', text)
    # the folded strip spans lines 14-15: A B on 14, W Z on 15
    assert problems(text) == ["15:9: unknown symbol 'Z' on a strip"]


def test_reel_set_shape_is_checked() -> None:
    text = edit('    - "A B W S"\n    - "A B W S"\n    - "A B W S"', '    - "A B W S"\n    - "A"')
    assert problems(text) == [
        "12:5: reel set 'base' has 2 strips; the grid has 3 reels",
        "13:7: strip 2 of 'base' has 1 symbols; it needs at least 2",
    ]


def test_reel_restricted_symbols_stay_on_their_reels() -> None:
    text = edit("{id: W, kind: wild}", "{id: W, kind: wild, reels: [2, 3]}")
    assert problems(text) == ["12:12: 'W' is on reel 1 of 'base' but may only appear on reels 2, 3"]
    text = edit("{id: W, kind: wild}", "{id: W, kind: wild, reels: [1, 2, 3, 4]}")
    assert problems(text) == [f"{at(text, '4]')}: reel 4 does not exist; reels are numbered 1 to 3"]


# --- money and fractions ----------------------------------------------------------------------------


def test_money_uses_the_bets_minor_units() -> None:
    d = load_definition_text(edit('coin_values: ["0.01", "0.05"]', 'coin_values: ["0.001", "1", 2]\n  minor_units: 3'))
    assert d.bet.coin_values == (1, 1000, 2000)
    assert problems(edit('coin_values: ["0.01", "0.05"]', 'coin_values: ["0.015", "five", -1]')) == [
        "24:17: '0.015' has more than 2 decimal places",
        "24:26: not an amount of money: 'five' (write it like '0.05')",
        "24:34: money must be a non-negative amount, got '-1'",
    ]


@pytest.mark.parametrize(
    ("text", "value"),
    [("5", Fraction(5)), ("0.2", Fraction(1, 5)), ("1/3", Fraction(1, 3)), ("96.47%", Fraction(9647, 10000)),
     (".5", Fraction(1, 2)), ("1.5e-2", Fraction(3, 200)), ("2 / 4", Fraction(1, 2)), ("1_000", Fraction(1000))],
)
def test_exact_fraction_text(text: str, value: Fraction) -> None:
    assert parse_exact_fraction(text) == value


@pytest.mark.parametrize("text", ["-1", "1/0", "abc", "1e9999", "nan", "", "1/3/4", "0x10"])
def test_fraction_text_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_exact_fraction(text)


def test_yaml_floats_are_read_from_their_text_not_as_binary() -> None:
    d = load_definition_text(MINI + "rtp: 0.9647\nwin_tiers: {big: 0.1, mega: '1/3', epic: 70%}\n")
    assert d.rtp == Fraction(9647, 10000)
    assert d.win_tiers.big == Fraction(1, 10)  # Fraction(0.1) would be 3602879701896397/36028797018963968
    assert d.win_tiers.mega == Fraction(1, 3) and d.win_tiers.epic == Fraction(7, 10)
    assert problems(MINI + "rtp: -0.5\n") == ["25:6: must not be negative, got -0.5"]
    assert problems(MINI + "rtp: [1]\n") == [
        "25:6: expected a number like 5, '0.2', '1/3' or '96.47%', got a list"
    ]


# --- consistency ------------------------------------------------------------------------------------


def test_format_version() -> None:
    assert problems(edit("format: 1", "format: 2")) == ["1:9: format 2 is not supported; this cabinet reads format 1"]


def test_duplicate_symbol_ids() -> None:
    assert problems(edit("  - {id: B}", "  - {id: B}\n  - {id: A}")) == [
        "10:10: duplicate symbol id 'A' (first defined at line 8)"
    ]


def test_lines_fit_the_grid_and_do_not_repeat() -> None:
    text = edit("  - [1, 1, 1]", "  - [1, 2, 1]\n  - [0, 0]\n  - [0, 0, 0]")
    assert problems(text) == [
        "17:9: row 2 on line 2 is outside the grid (rows are 0 to 1, 0 on top)",
        "18:5: line 3 has 2 entries; the grid has 3 reels",
        "19:5: line 4 repeats line 1",
    ]


def test_pays_keys_and_counts() -> None:
    text = edit("  S: {3: 2}", "  S: {3: 2, 11: 5, 7: 1}\n  C: {3: 1}")
    # scatters count anywhere: 3 reels x 2 rows = at most 6 (issue 35: a count above 10 is no error of its own)
    assert problems(text) == [
        f"{at(text, '11:')}: 11 'S' can never land (at most 6 on this grid)",
        f"{at(text, '7:')}: 7 'S' can never land (at most 6 on this grid)",
        "22:3: pays for unknown symbol 'C'",
    ]
    assert at(text, "11:") == "21:13"
    assert problems(edit("  A: {3: 5}", "  A: {3: 5, 4: 9}")) == ["19:13: 4 'A' can never land (at most 3 on this grid)"]


def test_doubles_need_pays_as_and_reach_higher_counts() -> None:
    text = edit("  - {id: B}", "  - {id: B}\n  - {id: BB, counts: 2, pays_as: B}")
    text = edit("  B: {2: 1, 3: 2}", "  B: {2: 1, 3: 2, 6: 10}", text)
    d = load_definition_text(text)
    assert d.symbol_map["BB"].base == "B" and d.pays["B"][6] == 10
    text = edit("  - {id: B}", "  - {id: B}\n  - {id: BB, counts: 2}\n  - {id: CC, counts: 2, pays_as: BB}")
    text = edit("  - {id: S, kind: scatter}", "  - {id: S, kind: scatter, counts: 2}\n  - {id: X, pays_as: Y}", text)
    assert problems(text) == [
        f"{at(text, 'Y}')}: pays_as names unknown symbol 'Y'",
        "11:22: symbol 'BB' counts 2: give it pays_as (the symbol whose pays it uses)",
        f"{at(text, 'BB}')}: pays_as must name a plain symbol that counts 1, not 'BB'",
    ]


def test_wild_excludes_must_exist() -> None:
    assert problems(edit("{id: W, kind: wild}", "{id: W, kind: wild, excludes: [S, SS, Q]}")) == [
        "6:39: unknown symbol 'SS' in excludes (did you mean 'S'?)",
        "6:43: unknown symbol 'Q' in excludes",
    ]


def test_reel_set_references_must_exist() -> None:
    text = MINI + (
        "base_game:\n  reel_sets: [{set: base, weight: 3}, {set: bsae, weight: 0}]\n"
        "features:\n  - {type: free_spins, trigger_symbol: S, awards: {3: 5}, reel_sets: [{set: free}]}\n"
    )
    assert problems(text) == [
        f"{at(text, 'bsae')}: no reel set named 'bsae' under reels (did you mean 'base'?)",
        f"{at(text, '0}')}: weights must be positive, got 0",
        f"{at(text, 'free}')}: no reel set named 'free' under reels",
    ]


def test_missing_base_reel_set_is_reported_where_it_is_wanted() -> None:
    text = edit("  base:", "  main:")
    assert problems(text) == [
        "10:1: no reel set named 'base' under reels; the base game spins it unless base_game.reel_sets names others"
    ]
    load_definition_text(text + "base_game: {reel_sets: [{set: main}]}\n")


def test_bet_model_checks() -> None:
    text = edit(
        'bet:\n  coins_per_line: [1, 2]\n  coin_values: ["0.01", "0.05"]',
        'bet:\n  coins_per_line: [1, 0, 1]\n  coin_values: []\n  lines: [1, 3]\n  default_lines: 2\n'
        '  default_coins_per_line: 5',
    )
    assert problems(text) == [
        "23:19: bet.coins_per_line lists a choice twice",
        "23:23: bet.coins_per_line choices must be positive, got 0",
        "24:16: bet.coin_values must list at least one choice",
        "25:14: 3 lines offered but the game has only 2",
        "26:18: bet.default_lines must be one of the choices (or 0 for automatic)",
        "27:27: bet.default_coins_per_line must be one of the choices (or 0 for automatic)",
    ]


def test_reserved_coins_per_bet_is_refused_rather_than_silently_ignored() -> None:
    assert load_definition_text(MINI + "  coins_per_bet: 0\n").bet.coins_per_bet == 0
    text = MINI + "  coins_per_bet: 10\n"
    (problem,) = problems(text)
    assert problem.startswith(f"{at(text, '10', 1 + MINI.count('10'))}: coins_per_bet is reserved and must be 0")


def test_win_tiers_rtp_and_scenarios() -> None:
    text = MINI + (
        "win_tiers: {big: 40, mega: 30}\nrtp: 101%\n"
        "scenarios:\n  - {name: big, script: [0, -1]}\n"
    )
    assert problems(text) == [
        "25:12: win tiers must grow: 0 < big <= mega <= epic",
        "26:6: rtp must be above 0% and at most 100% (or 0: not published)",
        f"{at(text, '-1')}: script values must not be negative, got -1",
    ]


def test_free_spins_checks() -> None:
    text = MINI + (
        "features:\n"
        "  - type: free_spins\n"
        "    trigger_symbol: A\n"
        "    awards: {0: 5, 3: 0}\n"
        "  - {type: free_spins, name: more, trigger_symbol: Z, awards: {3: 1}}\n"
    )
    assert problems(text) == [
        "27:21: trigger symbol 'A' must be a scatter or bonus symbol, not regular",
        "28:14: symbol count 0 must be at least 1",
        "28:23: free spins awarded must be at least 1, got 0",
        "29:52: unknown trigger symbol 'Z'",
    ]


def test_paid_respin_needs_a_price_basis_and_is_unique() -> None:
    text = MINI + "features:\n  - {type: paid_respin}\n  - {type: paid_respin, name: again, price_rtp: 0.9}\n"
    assert problems(text) == [
        "26:5: paid_respin needs price_rtp, or an rtp for the game, to price respins",
        "27:5: only one paid_respin feature is allowed",
    ]
    load_definition_text(MINI + "rtp: 96%\nfeatures:\n  - {type: paid_respin}\n")


def test_scatter_pays_must_be_exact_at_every_bet() -> None:
    # S pays 1/3 x the bet: the smallest bet, 2 lines x 1 x 0.01, is 2 cents
    assert problems(edit("  S: {3: 2}", "  S: {3: '1/3'}")) == [
        "21:10: 3 'S' pays 1/3 x the bet, which is not a whole amount at a total bet of 0.02 (2 lines x 1 x 0.01)"
    ]
    # 1/2 x the bet is whole at every bet here (every total is even)
    load_definition_text(edit("  S: {3: 2}", "  S: {3: 0.5}"))


def test_line_pays_and_prizes_must_be_exact() -> None:
    text = edit("  A: {3: 5}", "  A: {3: 2.5}")
    text = edit("  - {id: B}", "  - {id: B, prizes: [{value: 1}, {value: 0.25}]}", text)
    assert problems(text) == [
        f"{at(text, '0.25')}: prize 1/4 x the bet on 'B' is not a whole amount at a total bet of 0.02",
        f"{at(text, '2.5')}: 3 'A' pays 5/2 coins, which is not a whole amount at 1 coin per line of 0.01",
    ]


def test_consistency_checks_skip_parts_that_failed_to_convert() -> None:
    # The broken symbol list would make every strip symbol "unknown"; only the real problem shows.
    text = edit("{id: W, kind: wild}", "{id: W, kind: wyld}")
    text = edit("  - [1, 1, 1]", "  - [1, 1, 5]", text)
    assert problems(text) == [
        "6:19: 'wyld' is not one of: regular, wild, scatter, bonus, blank (did you mean 'wild'?)",
        "17:12: row 5 on line 2 is outside the grid (rows are 0 to 1, 0 on top)",
    ]


def test_many_problems_in_one_pass() -> None:
    text = edit("format: 1", "format: 9")
    text = edit("  - {id: B}", "  - {id: B, colour: red}", text)
    text = edit('    - "A B W S"\n    - "A B W S"\n    - "A B W S"', '    - "A B W S"\n    - "A B W S"\n    - "A B X S"', text)
    text = edit("  - [1, 1, 1]", "  - [0, 0, 0]", text)
    text = edit("  S: {3: 2}", "  S: {3: 2}\n  Q: {3: 1}", text)
    found = problems(text)
    assert found == [
        "1:9: format 9 is not supported; this cabinet reads format 1",
        "9:13: unknown key 'colour' in a symbol",
        "14:12: unknown symbol 'X' on a strip",
        "17:5: line 2 repeats line 1",
        "22:3: pays for unknown symbol 'Q'",
    ]


# --- robustness -------------------------------------------------------------------------------------

_yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=8) | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
_keys = st.sampled_from(["format", "id", "name", "grid", "symbols", "reels", "lines", "pays", "bet", "features",
                         "rtp", "win_tiers", "base_game", "scenarios", "reels", "kind"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=300))
def test_random_text_only_ever_raises_definition_error(text: str) -> None:
    try:
        load_definition_text(text)
    except DefinitionError as exc:
        assert exc.issues and all(i.line >= 1 and i.column >= 1 for i in exc.issues)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(_keys, _yaml_values, max_size=8))
def test_random_yaml_documents_only_ever_raise_definition_error(doc: dict) -> None:
    try:
        load_definition_text(yaml.safe_dump(doc))
    except DefinitionError as exc:
        assert exc.issues


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(MINI) - 1), st.integers(0, len(MINI)), st.text(max_size=6))
def test_mangled_games_only_ever_raise_definition_error(start: int, length: int, insert: str) -> None:
    text = MINI[:start] + insert + MINI[start + length :]
    try:
        load_definition_text(text)
    except DefinitionError as exc:
        assert exc.issues


def test_a_texts_key_the_block_never_shows_is_reported_with_the_closest(games_dir: Path) -> None:
    """Words are data: a mistyped ``texts:`` key would silently show the default, so the loader
    names it at its line, with the key the block does show."""
    text = (games_dir / "halloween-wins-3.yaml").read_text()
    assert "      title: TRIPLE ELECTRIC WHEEL\n" in text
    bad = text.replace("      title: TRIPLE ELECTRIC WHEEL\n", "      titel: TRIPLE ELECTRIC WHEEL\n", 1)
    with pytest.raises(DefinitionError, match=r"unknown text key 'titel' \(did you mean 'title'\?\)"):
        load_definition_text(bad, "wheel-typo.yaml")


def test_every_word_the_screen_asks_a_block_for_is_a_documented_key() -> None:
    """Each constant key a presenter reads with ``words(params, key, ...)`` is named in some
    block's ``texts`` documentation (what the loader accepts and games/README.md lists)."""
    import ast

    from cabinet.core.features import registry
    from cabinet.core.loading.feature_texts import text_keys

    documented: set[str] = set()
    for entry in registry().values():
        documented |= text_keys(entry.params) or set()
    used = set()
    for path in (Path(__file__).parent.parent / "cabinet" / "presentation").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "words"
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)):
                used.add(node.args[1].value)
    assert used and used <= documented, sorted(used - documented)
