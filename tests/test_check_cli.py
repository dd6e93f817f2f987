"""``cabinet check``: one line per good file, every issue of a bad one, JSON on request."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from cabinet.cli import main

BROKEN = """\
format: 1
id: broken
name: Broken
grid: {reels: 3, rows: 2}
symbols:
  - {id: A, kind: wyld}
reels: {base: ["A", "A", "A"]}
lines: [[0, 0, 0]]
pays: {A: {3: 1}}
bet: {coins_per_line: [1], coin_values: ["0.01"], colour: red}
"""


@pytest.fixture
def home(tmp_path: Path, games_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder with games/classic.yaml and games/broken.yaml, used as the current folder."""
    (tmp_path / "games").mkdir()
    (tmp_path / "cabinet").mkdir()  # marks the folder as a project root for cabinet.paths
    shutil.copy(games_dir / "classic.yaml", tmp_path / "games" / "classic.yaml")
    (tmp_path / "games" / "broken.yaml").write_text(BROKEN)
    monkeypatch.setenv("CABINET_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_check_a_good_file_prints_ok_and_exits_0(games_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(games_dir / "classic.yaml")
    assert main(["check", path]) == 0
    out = capsys.readouterr().out
    assert out == f"ok {path} (Classic Fruits: 5x3, 20 lines, 11 symbols)\n"


def test_check_a_bad_file_prints_every_issue_and_exits_1(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "games/broken.yaml"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "games/broken.yaml:6:19: 'wyld' is not one of: regular, wild, scatter, bonus, blank (did you mean 'wild'?)",
        "games/broken.yaml:10:51: unknown key 'colour' in bet",
    ]


def test_check_without_paths_checks_every_game(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("games/broken.yaml:6:19: 'wyld'")
    assert lines[-1] == "ok games/classic.yaml (Classic Fruits: 5x3, 20 lines, 11 symbols)"
    assert len(lines) == 3
    (home / "games" / "broken.yaml").unlink()
    assert main(["check"]) == 0


def test_check_accepts_game_names(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "classic"]) == 0
    assert capsys.readouterr().out == "ok games/classic.yaml (Classic Fruits: 5x3, 20 lines, 11 symbols)\n"


def test_check_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--json", "games/classic.yaml", "games/broken.yaml", "games/gone.yaml"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report == {
        "files": [
            {"path": "games/classic.yaml", "ok": True, "issues": []},
            {
                "path": "games/broken.yaml",
                "ok": False,
                "issues": [
                    {
                        "line": 6,
                        "column": 19,
                        "message": "'wyld' is not one of: regular, wild, scatter, bonus, blank (did you mean 'wild'?)",
                    },
                    {"line": 10, "column": 51, "message": "unknown key 'colour' in bet"},
                ],
            },
            {
                "path": "games/gone.yaml",
                "ok": False,
                "issues": [{"line": 0, "column": 0, "message": "no such game file: games/gone.yaml"}],
            },
        ]
    }


def test_check_missing_file_is_one_line(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "games/gone.yaml", "nosuchgame"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "no such game file: games/gone.yaml",
        "unknown game 'nosuchgame'; available: broken, classic",
    ]


def test_check_with_no_games_at_all_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "games").mkdir()
    monkeypatch.setenv("CABINET_HOME", str(tmp_path))
    assert main(["check"]) == 2
    assert "no game definitions (*.yaml) in" in capsys.readouterr().err
