"""kiosk.yaml: defaults, a full file, and every mistake reported at its line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.kiosk.config import KioskConfig, KioskConfigError, load_config, parse_config


def issues(text: str) -> list[str]:
    with pytest.raises(KioskConfigError) as err:
        parse_config(text, "kiosk.yaml")
    return [str(i) for i in err.value.issues]


def test_a_missing_or_empty_file_is_the_defaults(tmp_path: Path) -> None:
    assert load_config(tmp_path / "kiosk.yaml") == KioskConfig()
    assert parse_config("", "kiosk.yaml") == KioskConfig(idle_seconds=60.0, start="lobby", games=(),
                                                         start_credits=None, attract=True)


def test_a_full_file() -> None:
    config = parse_config(
        "idle_seconds: 90\nstart: happy-riches\ngames: [classic, happy-riches]\n"
        'start_credits: "100.00"\nattract: false\n', "kiosk.yaml")
    assert config == KioskConfig(90.0, "happy-riches", ("classic", "happy-riches"), "100.00", False)
    assert not config.lobby


def test_every_mistake_is_reported_with_its_position() -> None:
    found = issues(
        "idle_second: 60\n"          # 1: a typo
        "start: pachinko\n"          # 2: no such game
        "games: [classic, nope, classic]\n"  # 3: unknown, then a repeat
        "start_credits: 100.50\n"    # 4: a float
        "attract: maybe\n"           # 5
    )
    assert found[0].startswith("kiosk.yaml:1:1: unknown setting 'idle_second' (did you mean 'idle_seconds'?)")
    assert found[1].startswith("kiosk.yaml:2:8: start: 'lobby' or a game id; unknown game 'pachinko'")
    assert found[2].startswith("kiosk.yaml:3:18: unknown game 'nope'")
    assert found[3] == "kiosk.yaml:3:24: 'classic' is listed twice"
    assert found[4].startswith("kiosk.yaml:4:16: start_credits: write money as a quoted string")
    assert found[5] == "kiosk.yaml:5:10: attract: expected true or false, got 'maybe'"
    assert len(found) == 6


def test_ranges_shapes_and_yaml_errors() -> None:
    assert issues("idle_seconds: 2\n") == ["kiosk.yaml:1:15: idle_seconds must be from 5 to 86400, got 2"]
    assert issues("idle_seconds: soon\n") == ["kiosk.yaml:1:15: idle_seconds: expected a number of seconds, got 'soon'"]
    assert issues("- a\n- b\n") == ["kiosk.yaml:1:1: expected a mapping such as 'idle_seconds: 60'"]
    assert issues("games: classic\n") == ["kiosk.yaml:1:8: 'games' is a list of game ids, e.g. [classic, happy-riches]"]
    assert issues("start: classic\ngames: [happy-riches]\n") == ["kiosk.yaml:1:8: start game 'classic' is not in 'games'"]
    assert issues("idle_seconds: [1\n")[0].startswith("kiosk.yaml:2:1: not valid YAML")


def test_the_kiosk_command_refuses_a_bad_config(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "kiosk.yaml").write_text("idle_seconds: 1\n")
    assert main(["kiosk", "--data-dir", str(tmp_path), "--headless", "--frames", "5"]) == 2
    assert f"{tmp_path / 'kiosk.yaml'}:1:15: idle_seconds must be from 5 to 86400" in capsys.readouterr().err
    (tmp_path / "kiosk.yaml").write_text("idle_secs: 5\nattract: maybe\n")
    assert main(["kiosk", "--data-dir", str(tmp_path), "--headless", "--frames", "5"]) == 2
    err = capsys.readouterr().err
    assert f"{tmp_path / 'kiosk.yaml'}:1:1: unknown setting 'idle_secs'" in err  # every problem, each on its line
    assert f"{tmp_path / 'kiosk.yaml'}:2:10: attract: expected true or false" in err
    assert "cabinet check" not in err  # which would read the config as a game definition
    assert main(["kiosk", "--config", str(tmp_path / "other.yaml"), "--headless"]) == 2
    assert "no kiosk config at" in capsys.readouterr().err


def test_the_kiosk_command_runs_headless_on_the_configured_game(tmp_path: Path, capsys) -> None:  # noqa: ANN001
    (tmp_path / "kiosk.yaml").write_text('start: classic\nstart_credits: "20.00"\nidle_seconds: 5\n')
    assert main(["kiosk", "--data-dir", str(tmp_path), "--headless", "--frames", "30"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("kiosk: 30 frames, showing classic, 0 error(s) recovered")
    assert "kiosk started" in (tmp_path / "kiosk.log").read_text()


def test_game_names_read_the_name_line_alone_and_agree_with_a_full_load(tmp_path: Path) -> None:
    """The settings page names every game without parsing its strips (a full parse of 13 games
    took about 2 s a page); what it reads is what the loader reads."""
    from cabinet.core.loader import load_definition
    from cabinet.kiosk.catalog import game_files, game_names

    files = game_files()
    names = game_names(files)
    assert names == {p.stem: load_definition(p).name or p.stem for p in files}
    odd = tmp_path / "odd.yaml"
    odd.write_text('{format: 1, name: "Flow Style"}\n')  # no name line to read alone: the whole file
    quoted = tmp_path / "quoted.yaml"
    quoted.write_text('format: 1\nname: "Lucky: 7s"   # a colon inside quotes\n')
    assert game_names([odd, quoted]) == {"odd": "Flow Style", "quoted": "Lucky: 7s"}
