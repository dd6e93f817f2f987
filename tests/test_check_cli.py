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
    """A project folder with games/classic.yaml and games/broken.yaml (and the project's art and
    sounds), used as the current folder."""
    (tmp_path / "games").mkdir()
    for folder in ("sprites", "sounds"):
        (tmp_path / folder).symlink_to(games_dir.parent / folder, target_is_directory=True)
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


# --- what used to fail only later (issue 22) -------------------------------------------------------


def _variant(home: Path, game: str, old: str, new: str, games_dir: Path) -> str:
    """games/<game>-bad.yaml: the shipped game with one piece of text replaced."""
    text = (games_dir / f"{game}.yaml").read_text()
    assert old in text
    path = home / "games" / f"{game}-bad.yaml"
    path.write_text(text.replace(old, new, 1))
    return f"games/{game}-bad.yaml"


def _line_of(path: str, needle: str) -> int:
    return next(i for i, line in enumerate(Path(path).read_text().splitlines(), 1) if needle in line)


def test_check_names_an_unknown_theme(home: Path, games_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _variant(home, "retro-reels-diamond-glitz", "theme: retro", "theme: egpyt", games_dir)
    assert main(["check", path]) == 1
    out = capsys.readouterr().out.splitlines()
    line = _line_of(path, "theme: egpyt")
    assert out == [f"{path}:{line}:8: unknown theme 'egpyt': there is no folder sprites/egpyt; themes are looked "
                   f"for in {home / 'sprites'} (CABINET_HOME); themes there: candy, canyon, christmas, classic, codex, halloween, "
                   "lucky, reef, retro, riches, storm"]


def test_check_names_missing_art_and_music(tmp_path: Path, games_dir: Path, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "games").mkdir()
    shutil.copy(games_dir / "classic.yaml", tmp_path / "games" / "classic.yaml")
    theme = tmp_path / "sprites" / "classic"
    shutil.copytree(games_dir.parent / "sprites" / "classic", theme)
    (theme / "symbols" / "bell_glow.png").unlink()
    (theme / "logo.png").unlink()
    (tmp_path / "sounds").mkdir()
    (tmp_path / "sounds" / "common").symlink_to(games_dir.parent / "sounds" / "common", target_is_directory=True)
    monkeypatch.setenv("CABINET_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert main(["check", "classic"]) == 1
    out = capsys.readouterr().out.splitlines()
    theme_line = _line_of("games/classic.yaml", "theme: classic")
    bell_line = _line_of("games/classic.yaml", "id: BELL")
    assert out[:3] == [
        f"games/classic.yaml:{theme_line}:8: theme 'classic' has no music: sounds/classic/music.wav (or .ogg; "
        "sounds/README.md)",
        f"games/classic.yaml:{theme_line}:8: theme 'classic' has no sprites/classic/logo.png (sprites/README.md "
        "lists a theme's files)",
        f"games/classic.yaml:{bell_line}:10: symbol 'BELL' has no art: sprites/classic/symbols/bell_glow.png",
    ]
    assert out[3:] == ["games/classic.yaml: warning: theme 'classic' has no sounds/classic/feature_music.wav (or "
                       ".ogg): its features play the theme's music"]


def test_check_finds_a_scenario_value_outside_its_draw(home: Path, games_dir: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """A stop of 120 on a 50-stop reel used to end `shot --scenario` with an internal ValueError."""
    path = _variant(home, "classic", "script: [5, 9, 7, 0, 0]", "script: [5, 9, 120, 0, 0]", games_dir)
    assert main(["check", path]) == 1
    line = _line_of(path, "script: [5, 9, 120, 0, 0]")
    assert capsys.readouterr().out.splitlines() == [
        f"{path}:{line}:20: scenario 'free spins': value 120 answers draw 3 of the round, which is from 0 to 49 "
        "(a reel's stop, or a point in a table's total weight: games/README.md, Scenarios)"]


def test_check_finds_a_mystery_symbol_where_its_block_does_not_act(home: Path, games_dir: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = _variant(home, "happy-lucky-slot", "symbol: MYSTERY\n    modes: [base]", "symbol: MYSTERY\n    modes: [free]",
                    games_dir)
    assert main(["check", path]) == 1
    (out,) = capsys.readouterr().out.splitlines()
    assert "mystery symbol 'MYSTERY' is on reel 1 of 'base', played in base spins, but feature" in out
    assert "reveals it only in free spins" in out
    text = Path(path).read_text().splitlines()
    line, column = (int(v) for v in out.split(":")[1:3])
    assert text[line - 1][column - 1:].startswith("MYSTERY")  # the first MYSTERY on the base strips


def test_check_suggests_ring_and_feature_names(home: Path, games_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (games_dir / "halloween-wins-3.yaml").read_text()
    bad = text.replace("{next: ring 2,", "{next: rinng 2,", 1).replace("minigame: halloween_ghosts",
                                                                        "minigame: haloween_ghosts", 1)
    (home / "games" / "h.yaml").write_text(bad)
    assert main(["check", "games/h.yaml"]) == 1
    out = capsys.readouterr().out
    assert "no ring is named 'rinng 2' (did you mean 'ring 2'?)" in out
    assert "no feature is named 'haloween_ghosts' (did you mean 'halloween_ghosts'?)" in out


def test_check_suggests_a_level_feature_name(home: Path, games_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _variant(home, "lucky-christmas", "    feature: free_spins", "    feature: free_spinz", games_dir)
    assert main(["check", path]) == 1
    assert "(did you mean 'free_spins'?)" in capsys.readouterr().out


def test_check_warns_of_a_feature_no_base_spin_can_start(home: Path, games_dir: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A hold-and-respin that needs 16 symbols on a 15-cell screen loads and plays, but is never
    seen: check says so (a warning: the game is valid), and names the feature."""
    path = _variant(home, "happy-lucky-slot", "trigger_counts: {6: 1}", "trigger_counts: {16: 1}", games_dir)
    assert main(["check", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1:] == [f"{path}: warning: feature 'respin_feature' can never start from a base spin: no base screen "
                       "shows what its trigger needs"]
    assert main(["check", "games/classic.yaml"]) == 0  # a game whose features all start: no warning
    assert capsys.readouterr().out.count("warning") == 0
