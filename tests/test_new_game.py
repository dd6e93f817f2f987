"""A new game in a new theme from files alone (issue 22): Starfruit Grove.

tests/new_game/ holds what a designer writes and nothing else: the game's YAML
(games/starfruit-grove.yaml: a mystery symbol, free spins and a two-ring wheel with its own
words) and its theme's file (sprites/grove/theme.yaml). The module builds a cabinet home from
them, generates the theme's art and music with the project's own generator, and then the
game must pass what a shipped game passes: check, par, simulate and the gallery, showing its
own words and look and none of another game's.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest
import yaml

from cabinet.cli import main

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path(__file__).resolve().parent / "new_game"
GAME, THEME = "starfruit-grove", "grove"
SHIPPED = sorted(p.stem for p in (ROOT / "games").glob("*.yaml"))

pytestmark = pytest.mark.integration  # the theme is generated and every screen played: about 80 s



@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cabinet home: the game, its theme's file (both copied, as a designer's own folder
    would be), the shared buttons and effects of the project, and the theme generated."""
    home = tmp_path_factory.mktemp("new-game-home")
    (home / "games").mkdir()
    shutil.copy(SOURCE / "games" / f"{GAME}.yaml", home / "games")
    (home / "sprites").mkdir()
    shutil.copytree(SOURCE / "sprites" / THEME, home / "sprites" / THEME)
    (home / "sounds").mkdir()
    for folder in ("sprites", "sounds"):
        (home / folder / "common").symlink_to(ROOT / folder / "common", target_is_directory=True)
    done = subprocess.run([sys.executable, "-m", "cabinet.assets", "--theme", THEME, "--out", str(home)],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return home


@pytest.fixture
def in_home(home: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CABINET_HOME", str(home))
    monkeypatch.chdir(home)
    yield home


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_game_is_files_only() -> None:
    """What the designer wrote: one game file and one theme file, no Python anywhere."""
    files = sorted(p.relative_to(SOURCE).as_posix() for p in SOURCE.rglob("*") if p.is_file())
    assert files == [f"games/{GAME}.yaml", f"sprites/{THEME}/theme.yaml"]
    data = yaml.safe_load((SOURCE / "games" / f"{GAME}.yaml").read_text())
    assert data["theme"] == THEME and THEME not in SHIPPED
    assert {f["type"] for f in data["features"]} >= {"wheel", "mystery_symbol", "free_spins"}


def test_the_generator_makes_every_file_its_theme_needs(home: Path) -> None:
    from cabinet.assets import build
    from cabinet.assets.themes import load_theme

    theme = load_theme(THEME, home / "sprites")
    files = build.theme_files(home / "sprites", theme)
    for path, size in files.items():
        assert path.is_file(), path
        assert pygame.image.load(str(path)).get_size() == size, path
    for name in ("music.wav", "feature_music.wav"):
        assert (home / "sounds" / THEME / name).stat().st_size > 10_000
    size = sum(p.stat().st_size for d in (home / "sprites" / THEME, home / "sounds" / THEME) for p in d.rglob("*"))
    assert size < 5e6  # the same budget as a shipped theme (tests/test_assets.py)


def test_check_says_ok(in_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", GAME]) == 0
    assert capsys.readouterr().out == f"ok games/{GAME}.yaml (Starfruit Grove: 5x3, 10 lines, 10 symbols)\n"


def test_par_is_exact_and_matches_the_published_rtp(in_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    report = run_json(capsys, "par", GAME)
    published = Fraction(yaml.safe_load((in_home / "games" / f"{GAME}.yaml").read_text())["rtp"].rstrip("%")) / 100
    assert abs(Fraction(report["total_rtp"]) - published) < Fraction(1, 10_000)
    for name in ("riddle", "grove_wheel"):  # each block prices its own part
        assert any(name in json.dumps(value) for value in report.values())


def test_simulate_agrees_with_par(in_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    par = Fraction(run_json(capsys, "par", GAME)["total_rtp"])
    sim = run_json(capsys, "simulate", GAME, "--spins", "60000", "--workers", "1", "--progress", "off")
    low, high = sim["rtp_ci95"]
    assert low <= float(par) <= high
    assert {"free_spins", "grove_wheel"} <= set(sim["features"])


# ----------------------------------------------------------------------------- its screens


FOREIGN_WORDS: set[str] = set()


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[A-Z][A-Z0-9']+", re.sub(r"\{[^}]*\}", " ", text.upper())) if len(w) >= 3}


def _strings(value: Any) -> Iterator[str]:
    """Every string value in parsed YAML (not its keys, nor its comments)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def neutral_words() -> set[str]:
    """The words of every block's neutral defaults (the brackets of its ``texts`` reference:
    FREE SPIN {index} OF {total}, GOOD LUCK!, ...): any game without words of its own shows them."""
    import dataclasses

    from cabinet.core.features import registry

    words: set[str] = set()
    for block in registry().values():
        for f in dataclasses.fields(block.params):
            if f.name == "texts":
                words |= {w for default in re.findall(r"\[([^\]]*)\]", f.metadata["doc"]) for w in _words(default)}
    return words


def foreign_words() -> set[str]:
    """Words that belong to the shipped games (their names, symbol names, feature words, ring
    and jackpot names) and not to Starfruit Grove's own YAML nor to the blocks' neutral defaults."""
    if not FOREIGN_WORDS:
        # the lobby's header; "ring" is the wheel's own neutral word (its INFO rules), Halloween's
        # "RING 2" as a name is looked for on its own
        # plain English a shipped game's texts happen to share with every game ("ORBS ADD UP")
        common = {"ADD", "ADDS", "UP", "MORE", "EVERY", "AND", "THE", "OF", "A", "TO", "IN", "ON"}
        own = {"SLOT", "CABINET", "RING"} | neutral_words() | common
        for value in _strings(yaml.safe_load((SOURCE / "games" / f"{GAME}.yaml").read_text())):
            own |= _words(value)
        for game in SHIPPED:
            data = yaml.safe_load((ROOT / "games" / f"{game}.yaml").read_text())
            found = _words(data["name"])
            found |= {w for s in data["symbols"] for w in _words(s.get("name", ""))}
            for feature in data.get("features", []):
                for text in (feature.get("texts") or {}).values():
                    found |= _words(text)
                for ring in feature.get("rings", []):
                    found |= _words(ring["name"])
                found |= {w for key in (feature.get("jackpots") or {}) for w in _words(key)}
            FOREIGN_WORDS.update(found - own)
    return FOREIGN_WORDS


@pytest.fixture(scope="module")
def gallery(home: Path) -> Iterator[tuple[Any, set[str]]]:
    """Every moment of the gallery, and every string drawn on the way."""
    from cabinet.core.loader import load_game
    from cabinet.designer.gallery import build_gallery
    from cabinet.presentation import atmosphere
    from cabinet.presentation.mechanics.wheel import view as wheel_view
    from cabinet.presentation.text import Text

    drawn: set[str] = set()
    render, turned = Text.render, wheel_view.turned_label

    def recording(self: Text, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.add(text)
        return render(self, text, *args, **kwargs)

    def recording_turned(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:  # the wheel's pocket labels
        drawn.add(text)
        return turned(text, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CABINET_HOME", str(home))
        patch.chdir(home)
        patch.setattr(Text, "render", recording)
        patch.setattr(wheel_view, "turned_label", recording_turned)
        patch.setattr(atmosphere, "_STYLES", {})
        shots = build_gallery(load_game(GAME), size=(640, 360), seed=1, lobby_games=(GAME,))
    yield shots, drawn


def test_its_screens_are_in_the_gallery(gallery: tuple[Any, set[str]]) -> None:
    shots, _ = gallery
    names = [name for name, _ in shots.shots]
    for moment in ("idle", "win-line", "feature-intro", "feature-play", "feature-outro", "wheel-intro", "wheel-play",
                   "wheel-outro", "paytable", "rules", "lobby"):
        assert moment in names
    assert not shots.missing  # every file the screens asked for was there


def test_its_screens_match_their_references(gallery: tuple[Any, set[str]], request: pytest.FixtureRequest,
                                           tmp_path: Path) -> None:
    """Its every screen against tests/gallery/starfruit-grove/, as the shipped games' are
    (``reference_failures``; ``--update-references`` rewrites them)."""
    from test_gallery import reference_failures

    shots, _ = gallery
    folder = ROOT / "tests" / "gallery" / GAME
    update = bool(request.config.getoption("--update-references"))
    failures = reference_failures(shots.shots, folder, tmp_path, update=update)
    assert not failures, f"{GAME} differs from tests/gallery/{GAME} ({tmp_path}): " + "; ".join(failures)
    assert sorted(p.stem for p in folder.glob("*.png")) == sorted(name for name, _ in shots.shots)


def test_its_screens_show_its_own_words(gallery: tuple[Any, set[str]]) -> None:
    _, drawn = gallery
    text = " | ".join(sorted(drawn))
    for own in ("THE STARFRUIT WHEEL", "ORCHARD", "CANOPY", "SPROUT 2x", "CLIMB", "THREE SEEDS WAKE THE GROVE",
                "UP TO THE CANOPY", "HARVEST"):
        assert any(own in line for line in drawn), (own, text)
    assert not [line for line in drawn if re.search(r"\bRING\s*\d", line, re.IGNORECASE)]  # the hub's old "RING 2"
    seen = {w for line in drawn for w in _words(line)}
    assert not seen & foreign_words(), [line for line in drawn if _words(line) & foreign_words()]


def test_its_features_wear_its_own_atmosphere(home: Path, gallery: tuple[Any, set[str]]) -> None:
    """The free spins' card is the grove's green, not the classic theme's red (what a new theme
    used to get), and the theme's look is its own file's, unlike every shipped theme's."""
    from cabinet.assets.themes import load_theme
    from cabinet.presentation import atmosphere
    from cabinet.presentation.layout import compute_layout

    shots, _ = gallery
    mine = atmosphere.from_file(load_theme(THEME, home / "sprites").atmosphere)  # type: ignore[arg-type]
    for shipped in sorted(p.name for p in (ROOT / "sprites").iterdir() if p.is_dir() and p.name != "common"):
        theirs = load_theme(shipped, ROOT / "sprites").atmosphere
        assert theirs is not None and atmosphere.from_file(theirs) != mine
        their_wheel = atmosphere.from_file(theirs).wheel()
        assert their_wheel != mine.wheel()  # its wheel is its own too...
        if theirs.wheel_colours:  # ...and shares no colour with a shipped theme's own wheel (Halloween's)
            assert not set(their_wheel) & set(mine.wheel())
    picture = dict(shots.shots)["feature-intro"]
    banner = compute_layout((640, 360)).banner
    face = pygame.surfarray.array3d(picture)[banner.x + banner.w // 4: banner.right - banner.w // 4,
                                             banner.y + banner.h // 3: banner.bottom - banner.h // 3].reshape(-1, 3)
    r, g, b = np.median(face, axis=0)
    top, bottom = mine.card
    assert g > r and g > b  # green
    assert all(min(t, u) - 30 <= v <= max(t, u) + 30 for v, t, u in zip((r, g, b), top, bottom, strict=True))
