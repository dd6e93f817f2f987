"""The shape library for themes of a designer's own (issue 38, item 7): shapes for the sea, space,
the Norse, Egypt, animals and gems, each with the palette roles it reads documented in
sprites/README.md; a palette role a shape never reads (``mian:``) is an error with the closest
role; a symbol marked ``own: true`` keeps the designer's PNG when the theme is generated again."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pygame
import pytest

from cabinet.assets import build
from cabinet.assets.palettes import palette_roles, readme_with_table
from cabinet.assets.symbols import SHAPES, render_symbol
from cabinet.assets.symbols_world import THEMES_OF_SHAPES
from cabinet.assets.themes import load_theme
from cabinet.cli import main
from cabinet.core.loader import DefinitionError

ROOT = Path(__file__).resolve().parent.parent
ABYSS = Path(__file__).resolve().parent / "designer_path"


def test_every_theme_group_has_its_shapes() -> None:
    assert set(THEMES_OF_SHAPES) == {"the sea", "space", "the Norse", "Egypt", "animals", "gems"}
    for group, shapes in THEMES_OF_SHAPES.items():
        assert len(shapes) >= 2 and all(s in SHAPES for s in shapes), group


@pytest.mark.parametrize("shape", [s for shapes in THEMES_OF_SHAPES.values() for s in shapes])
def test_each_new_shape_draws_inside_its_square_and_reads_its_main_colour(shape: str) -> None:
    plain = pygame.surfarray.pixels_alpha(render_symbol(shape, {}, {}, ss=1).to_surface()).copy()
    assert plain.mean() > 40  # a shape, not a speck
    assert plain[:4].max() < 64 and plain[-4:].max() < 64 and plain[:, :4].max() < 64  # its margin stays clear
    assert "main" in palette_roles(shape)
    red = pygame.surfarray.array3d(render_symbol(shape, {"main": "#ff0000"}, {}, ss=1).to_surface())
    green = pygame.surfarray.array3d(render_symbol(shape, {"main": "#00ff00"}, {}, ss=1).to_surface())
    assert not np.array_equal(red, green)  # the palette's main colour is what it paints with


def test_the_readme_lists_every_shape_with_the_roles_it_reads() -> None:
    text = (ROOT / "sprites" / "README.md").read_text()
    assert text == readme_with_table(text), "python -m cabinet.assets.palettes --write"
    assert "..." not in text.split("## `theme.yaml`", 1)[1].split("<!-- BEGIN SHAPES -->")[0]
    for shape in SHAPES:
        assert f"| `{shape}` |" in text


def test_shared_helpers_count_their_roles() -> None:
    assert palette_roles("cherry") >= {"main", "hi", "lo", "leaf", "leaf_hi", "leaf_lo"}  # through leaf()
    assert palette_roles("double", "lantern") == {"double", "main", "tassel"}  # and the shape it holds
    assert palette_roles("koi") == frozenset()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copytree(ABYSS, tmp_path, dirs_exist_ok=True)
    monkeypatch.delenv("CABINET_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_misspelt_palette_role_is_an_error_with_the_closest(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    theme = home / "sprites" / "abyss" / "theme.yaml"
    text = theme.read_text()
    old = '{id: FISH, shape: fish, palette: {main: "#ff7a1a"'
    assert old in text
    theme.write_text(text.replace(old, '{id: FISH, shape: fish, palette: {mian: "#ff7a1a"'))
    line = next(i for i, row in enumerate(theme.read_text().splitlines(), 1) if "mian" in row)
    column = theme.read_text().splitlines()[line - 1].index("mian") + 1
    with pytest.raises(DefinitionError) as caught:
        load_theme("abyss", home / "sprites")
    said = f"{theme}:{line}:{column}: shape 'fish' reads no palette role 'mian' (did you mean 'main'?); it reads " \
           "fin, main, stripe (sprites/README.md, Shapes)"
    assert str(caught.value) == said
    assert main(["check", "games/abyss-dive.yaml"]) == 1
    assert said in capsys.readouterr().out.splitlines()


def test_own_art_survives_regeneration(home: Path) -> None:
    theme_file = home / "sprites" / "abyss" / "theme.yaml"
    theme_file.write_text(theme_file.read_text().replace("{id: PEARL, shape: shell,", "{id: PEARL, own: true, shape: shell,"))
    theme = load_theme("abyss", home / "sprites")
    pearl = next(s for s in theme.symbols if s.id == "PEARL")
    fish = next(s for s in theme.symbols if s.id == "FISH")
    assert pearl.own and not fish.own
    folder = home / "sprites" / "abyss" / "symbols"
    folder.mkdir(parents=True)
    mine = pygame.Surface((256, 256), pygame.SRCALPHA)
    pygame.draw.circle(mine, (250, 250, 255, 255), (128, 128), 90)
    pygame.image.save(mine, str(folder / "pearl.png"))
    pygame.image.save(mine, str(folder / "fish.png"))
    before = (folder / "pearl.png").read_bytes()
    for spec in (pearl, fish):
        build.write_symbol(home / "sprites", theme, spec)
    assert (folder / "pearl.png").read_bytes() == before  # the designer's own, untouched
    assert (folder / "pearl_glow.png").is_file()  # its glow made from it
    glow = pygame.image.load(str(folder / "pearl_glow.png"))
    assert glow.get_at((128, 128))[:3] != (0, 0, 0) and glow.get_at((128, 30)).a > 0  # a halo round the disc
    assert (folder / "fish.png").read_bytes() != before  # a generated symbol is drawn anew
    glow_bytes = (folder / "pearl_glow.png").read_bytes()
    build.write_symbol(home / "sprites", theme, pearl)  # again: nothing of the designer's changes
    assert (folder / "pearl.png").read_bytes() == before and (folder / "pearl_glow.png").read_bytes() == glow_bytes
