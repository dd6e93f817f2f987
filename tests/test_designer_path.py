"""games/README.md's "Make a new game", word for word, in an empty folder (issue 38, item 1).

The commands are read from the README's section itself, so the page and the test cannot drift:
every ``python -m cabinet.assets ...`` and ``cabinet ...`` line of it runs in a temporary HOME
outside the project, on another game in another theme (Abyss Dive in "abyss",
``tests/designer_path/``: a mystery BUBBLE, and a KRAKEN wild that expands and multiplies in free
spins). The only changes are the names (starfruit-grove -> abyss-dive, grove -> abyss), fewer
simulated spins, and ``play --headless`` with a script where the README opens a window. HOME holds
what a designer writes and what the generator makes: no common/ folder is linked or copied.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path(__file__).resolve().parent / "designer_path"
GAME, THEME = "abyss-dive", "abyss"

# the theme is generated and the gallery drawn: two minutes alone, more on a busy machine (the first
# test carries the whole walk)
pytestmark = [pytest.mark.integration, pytest.mark.timeout(1200)]


def section_commands() -> list[str]:
    """The shell commands of the README's "Make a new game" section, in order (the steps' inline
    commands and the code block's lines, comments dropped)."""
    text = (ROOT / "games" / "README.md").read_text()
    start = text.index('<a id="make-a-new-game"></a>')
    section = text[start:text.index("\n## ", start + 40)]
    found: list[tuple[int, str]] = []
    for match in re.finditer(r"`((?:python -m cabinet\.assets|cabinet) [^`]+)`", section):
        if "\n" not in match.group(1):
            found.append((match.start(), match.group(1)))
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    for offset, line in _lines_with_offsets(block.group(1), block.start(1)):
        command = line.split("#", 1)[0].strip() if not line.strip().startswith("#") else ""
        if command:
            found.append((offset, command))
    return [command for _, command in sorted(found)]


def _lines_with_offsets(text: str, base: int) -> list[tuple[int, str]]:
    out, at = [], base
    for line in text.splitlines(keepends=True):
        out.append((at, line))
        at += len(line)
    return out


def as_run(command: str, home: Path) -> list[str] | None:
    """The README's command as run here (None: a line for a step it does not play, or a rerun
    of a command path form the prose names)."""
    command = command.replace("starfruit-grove", GAME).replace("--theme grove", f"--theme {THEME}")
    argv = [re.sub(r"(?<!\w)HOME(?!\w)", str(home), word) for word in shlex.split(command)]
    if argv[:2] == ["export", f"CABINET_HOME={home}"]:
        return argv
    if argv[0] == "cabinet" and len(argv) < 3:
        return None  # the prose naming a command ("what `cabinet par` prints"), not a step
    if argv[0] == "cabinet" and argv[1] == "eval":
        return None  # its grid is Starfruit Grove's screen; eval itself is tested elsewhere
    if argv[0] == "cabinet" and argv[1] == "simulate":
        argv = [*argv[:3], "--spins", "5000", "--workers", "1", "--progress", "off"]
    if argv[0] == "cabinet" and argv[1] == "play":
        script = home / "script.yaml"
        # paced: each SPIN when the cabinet is idle. A session without --seed draws fresh rounds, and
        # about 1 first round in 110 (a free-spins trigger or a tiered win) still presents at any fixed
        # frame, where a second SPIN skips the presentation instead of starting round 2
        script.write_text("- {press: SPIN, repeat: 2}\n")
        argv = [*argv[:3], "--headless", "--script", str(script), "--data-dir", str(home / "data")]
    if argv[0] == "python":
        return [sys.executable, *argv[1:]]
    return [sys.executable, "-m", "cabinet", *argv[1:]]


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    """Steps 1 and 3 (the designer's two files into HOME), then every command of the section."""
    home = tmp_path_factory.mktemp("designer-home")
    (home / "sprites" / THEME).mkdir(parents=True)
    shutil.copy(SOURCE / "sprites" / THEME / "theme.yaml", home / "sprites" / THEME)
    (home / "games").mkdir()
    shutil.copy(SOURCE / "games" / f"{GAME}.yaml", home / "games")
    env = {k: v for k, v in os.environ.items() if k != "CABINET_HOME"}
    env["CABINET_TRACEBACK"] = "1"
    results: dict[str, subprocess.CompletedProcess[str]] = {}
    for command in section_commands():
        argv = as_run(command, home)
        if argv is None:
            continue
        if argv[0] == "export":
            key, _, value = argv[1].partition("=")
            env[key] = value
            continue
        done = subprocess.run(argv, capture_output=True, text=True, timeout=900, cwd=home, env=env)
        results[command.split("#")[0].strip()] = done
        assert done.returncode == 0, f"{command}\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    results["HOME"] = subprocess.CompletedProcess([], 0, str(home), "")
    return results


def _result(walked: dict[str, subprocess.CompletedProcess[str]], start: str) -> subprocess.CompletedProcess[str]:
    return next(r for command, r in walked.items() if command.startswith(start))


def test_the_section_has_the_steps_this_test_walks() -> None:
    commands = section_commands()
    assert commands[0] == "python -m cabinet.assets --theme grove --out HOME"
    for start in ("export CABINET_HOME=HOME", "cabinet check", "cabinet par", "cabinet gallery", "cabinet play"):
        assert any(c.startswith(start) for c in commands), start


def test_home_holds_only_what_the_designer_wrote_and_the_generator_made(walked: dict) -> None:
    home = Path(walked["HOME"].stdout)
    assert not (home / "sprites" / "common").exists() and not (home / "sounds" / "common").exists()
    for name in ("background.png", "logo.png", "symbols/kraken.png", "symbols/fish_glow.png"):
        assert (home / "sprites" / THEME / name).is_file(), name
    assert (home / "sounds" / THEME / "music.wav").is_file()


def test_check_says_ok_with_the_shared_sounds_and_buttons_found(walked: dict) -> None:
    done = _result(walked, "cabinet check")
    assert done.stdout == f"ok games/{GAME}.yaml (Abyss Dive: 5x4, 10 lines, 10 symbols)\n"


def test_par_prices_every_block_exactly(walked: dict) -> None:
    out = _result(walked, "cabinet par").stdout
    total = next(line for line in out.splitlines() if line.startswith("total RTP"))
    assert "(exact)" in total, out
    for name in ("bubble", "kraken_reach", "kraken_power", "free spins RTP"):
        assert name in out


def test_headless_play_uses_the_cabinets_own_buttons_and_sounds(walked: dict) -> None:
    done = _result(walked, "cabinet play")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["rounds"] == 2
    assert "common" not in done.stderr and "placeholder" not in done.stderr and "circle" not in done.stderr, done.stderr


def test_the_gallery_pictures_every_screen_with_real_buttons(walked: dict) -> None:
    home = Path(walked["HOME"].stdout)
    shots = home / "shots"
    assert (shots / "contact-sheet.png").is_file() and (shots / "idle.png").is_file()
    assert pygame.image.load(str(shots / "idle.png")).get_size() == (1280, 720)
    err = _result(walked, "cabinet gallery").stderr
    assert "missing" not in err and "placeholder" not in err and "circle" not in err, err


def test_the_gallery_pictures_the_krakens_expanded_and_multiplied(walked: dict) -> None:
    """feature-play is dive 1 of the first scenario once its KRAKENs have expanded to reels 2 and 4
    and wear their drawn x2 (a dark red plate low on the cell); the idle screen has no plate there."""
    from cabinet.core.loader import load_definition
    from cabinet.presentation.layout import compute_layout
    from cabinet.presentation.tag_band import uses_tag_band

    home = Path(walked["HOME"].stdout)
    defn = load_definition(home / "games" / f"{GAME}.yaml")
    layout = compute_layout((1280, 720), 5, 4, False, tag_band=uses_tag_band(defn))

    def plated(name: str) -> set[tuple[int, int]]:
        pixels = pygame.surfarray.array3d(pygame.image.load(str(home / "shots" / f"{name}.png"))).astype(int)
        out = set()
        for reel in range(5):
            for row in range(4):
                box = layout.cells[reel][row]
                part = pixels[box.x + box.w * 3 // 8:box.x + box.w * 5 // 8, box.y + box.h * 7 // 10:box.y + box.h * 17 // 20]
                r, g, b = part[..., 0], part[..., 1], part[..., 2]
                if ((r >= 100) & (r > g + 60) & (r > b + 60)).mean() > 0.15:
                    out.add((reel, row))
        return out

    wilds = {(reel, row) for reel in (1, 3) for row in range(4)}  # both reels expanded: every cell a KRAKEN
    shown = plated("feature-play")
    assert shown <= wilds and len(shown) >= 4 and {reel for reel, _ in shown} == {1, 3}  # the stamped ones
    assert plated("idle") == set()
