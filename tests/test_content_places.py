"""Where the cabinet finds a designer's content (issue 38, items 1 and 2): the files every game
shares come from the cabinet when a home has none; a theme beside the game file is found without
CABINET_HOME; "unknown theme" says where themes were looked for; a button that still has no
sprite says it is drawn as a plain circle."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cabinet import paths
from cabinet.cli import main

ROOT = Path(__file__).resolve().parent.parent
ABYSS = Path(__file__).resolve().parent / "designer_path"


def test_a_home_without_common_uses_the_cabinets_own(tmp_path: Path) -> None:
    (tmp_path / "sprites").mkdir()
    assert paths.shared_folder(tmp_path / "sprites", "sprites") == ROOT / "sprites" / "common"
    (tmp_path / "sprites" / "common").mkdir()
    assert paths.shared_folder(tmp_path / "sprites", "sprites") == tmp_path / "sprites" / "common"  # HOME's wins


@pytest.mark.parametrize("layout", ["games/abyss-dive.yaml", "abyss-dive.yaml"])
def test_a_theme_beside_the_game_file_is_found_without_cabinet_home(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], layout: str) -> None:
    home = tmp_path / "home"
    shutil.copytree(ABYSS / "sprites", home / "sprites")
    game = home / layout
    game.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(ABYSS / "games" / "abyss-dive.yaml", game)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.delenv("CABINET_HOME", raising=False)
    monkeypatch.chdir(elsewhere)
    main(["check", str(game)])
    out = capsys.readouterr().out
    assert "unknown theme" not in out
    assert f"theme 'abyss' has no {home / 'sprites' / 'abyss' / 'background.png'}" in out  # its own folder, read
    assert paths.project_root() != home  # the command's home is forgotten once it has run


def test_unknown_theme_says_where_themes_are_looked_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "abyss-dive.yaml"
    shutil.copy(ABYSS / "games" / "abyss-dive.yaml", game)
    monkeypatch.delenv("CABINET_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["check", str(game)]) == 1
    line = next(row for row in capsys.readouterr().out.splitlines() if "unknown theme" in row)
    assert f"themes are looked for in {ROOT / 'sprites'} (the cabinet's own; a theme of yours is found with " \
           "CABINET_HOME=HOME, or beside the game: HOME/games/ID.yaml or HOME/ID.yaml with " \
           "HOME/sprites/THEME/theme.yaml); themes there: candy, canyon, christmas, classic" in line


def test_a_button_without_a_sprite_says_it_is_a_plain_circle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cabinet.presentation import assets
    from cabinet.presentation.text import Text

    monkeypatch.setattr(assets, "shared_folder", lambda root, kind: tmp_path / "nowhere")
    said: list[str] = []
    cache = assets.AssetCache(tmp_path, Text(), warn=said.append)
    cache.get("common/buttons/spin.png", (64, 64), cache.button_placeholder("spin", ""))
    cache.get("common/buttons/spin.png", (32, 32), cache.button_placeholder("spin", ""))
    assert said == [f"sprite {tmp_path / 'nowhere' / 'buttons' / 'spin.png'} missing; the button is drawn as a "
                    "plain circle (python -m cabinet.assets writes sprites/common/)"]
