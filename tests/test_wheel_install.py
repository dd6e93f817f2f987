"""The one-command install: a wheel built by ``python -m build`` (from its sdist) carries every
shipped game, sprite and sound, and, installed into a fresh venv and run from a folder outside
the checkout, plays, pars and shots a game exactly as the checkout does.

The fresh venv gets the wheel from pip with no index; its dependencies (pygame-ce, numpy...)
are borrowed read-only from the environment running the tests (a path line in a .pth file),
so the test needs no network and no second 40 MB of wheels. The checkout is nowhere on the
fresh venv's path: the test asserts the package imports from the venv.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = "- {press: SPIN}\n- {press: SPIN}\n- {press: SPIN}\n"

pytestmark = pytest.mark.integration


def _run(args: list[str], *, cwd: Path, env: dict[str, str], timeout: float = 120) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(args)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist and the wheel ``python -m build`` makes (the wheel is built from the sdist)."""
    pytest.importorskip("build")
    pytest.importorskip("hatchling")
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
         cwd=out, env=dict(os.environ), timeout=300)
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return sdist, wheel


def _shipped(kind: str) -> set[str]:
    folder = ROOT / kind
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.parametrize("kind", ["games", "sprites", "sounds"])
def test_the_wheel_and_the_sdist_carry_every_shipped_file(built: tuple[Path, Path], kind: str) -> None:
    sdist, wheel = built
    with zipfile.ZipFile(wheel) as archive:
        prefix = f"cabinet/content/{kind}/"
        in_wheel = {n[len(prefix):] for n in archive.namelist() if n.startswith(prefix)}
        metadata = next(archive.read(n).decode() for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    with tarfile.open(sdist) as archive:
        top = archive.getnames()[0].split("/")[0]
        prefix = f"{top}/{kind}/"
        in_sdist = {n[len(prefix):] for n in archive.getnames() if n.startswith(prefix) and archive.getmember(n).isfile()}
    shipped = _shipped(kind)
    assert shipped and in_wheel == shipped
    assert in_sdist == shipped
    assert "License-Expression: MIT" in metadata  # the SPDX form, not the deprecated table


@pytest.fixture(scope="module")
def installed(built: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh venv holding the wheel, and an environment whose home and data are new too."""
    _, wheel = built
    base = tmp_path_factory.mktemp("fresh")
    venv = base / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base, env=dict(os.environ))
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps",
          "--no-index", "--disable-pip-version-check", str(wheel)], cwd=base, env=dict(os.environ))
    site = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                     cwd=base, env=dict(os.environ)).strip())
    borrowed = dict.fromkeys([sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]])
    (site / "borrowed_dependencies.pth").write_text("\n".join(borrowed) + "\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CABINET_", "PYTHON", "VIRTUAL_ENV"))}
    env.update(HOME=str(base / "home"), XDG_DATA_HOME=str(base / "home" / "data"),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    (base / "home").mkdir()
    return venv, env


def test_the_installed_package_is_the_wheel_not_the_checkout(installed: tuple[Path, dict[str, str]]) -> None:
    venv, env = installed
    where = _run([str(venv / "bin" / "python"), "-c",
                  "import cabinet, json, sys; from cabinet.paths import content_dir as c; "
                  "print(cabinet.__file__); print(c('games')); print(c('sounds')); print(json.dumps(sys.path))"],
                 cwd=venv.parent, env=env).splitlines()
    assert Path(where[0]).is_relative_to(venv)
    assert Path(where[1]) == Path(where[0]).parent / "content" / "games"
    assert Path(where[2]) == Path(where[0]).parent / "content" / "sounds"
    assert not any(Path(p).resolve() in (ROOT, ROOT / "cabinet") for p in json.loads(where[3]) if p)


def test_the_installed_wheel_plays_pars_and_shots_like_the_checkout(installed: tuple[Path, dict[str, str]],
                                                                    tmp_path: Path) -> None:
    venv, env = installed
    away = tmp_path / "elsewhere"
    away.mkdir()
    (away / "script.yaml").write_text(SCRIPT)
    here = {**env, "PATH": f"{Path(sys.executable).parent}:{env.get('PATH', '')}"}
    installed_cabinet = str(venv / "bin" / "cabinet")
    checkout_cabinet = [sys.executable, "-m", "cabinet"]
    for args in (["par", "classic"],
                 ["play", "classic", "--headless", "--script", str(away / "script.yaml"), "--seed", "7", "--fast"]):
        from_wheel = _run([installed_cabinet, *args], cwd=away, env=env)
        from_checkout = _run([*checkout_cabinet, *args], cwd=ROOT, env={**here, "PYTHONPATH": str(ROOT)})
        assert from_wheel == from_checkout
    played = json.loads(from_wheel.strip().splitlines()[-1])
    assert played["rounds"] == 3 and played["meters"]["games_played"] == 3
    _run([installed_cabinet, "shot", "lucky-christmas", "--out", str(away / "wheel.png"), "--size", "640x360"],
         cwd=away, env=env)
    _run([*checkout_cabinet, "shot", "lucky-christmas", "--out", str(tmp_path / "checkout.png"), "--size", "640x360"],
         cwd=ROOT, env={**here, "PYTHONPATH": str(ROOT)})
    pygame = pytest.importorskip("pygame")
    wheel_shot, checkout_shot = (pygame.image.load(str(p)) for p in (away / "wheel.png", tmp_path / "checkout.png"))
    assert wheel_shot.get_size() == (640, 360)
    for x, y in ((40, 40), (320, 180), (100, 300), (600, 20), (320, 340)):
        assert wheel_shot.get_at((x, y)) == checkout_shot.get_at((x, y)), (x, y)
    # Art drawn from the wheel's sprites: the screen is not one flat colour.
    assert len({tuple(wheel_shot.get_at((x, 180))) for x in range(0, 640, 16)}) > 4


def test_owner_games_come_from_the_data_dir_and_from_games_dir(installed: tuple[Path, dict[str, str]],
                                                             tmp_path: Path) -> None:
    venv, env = installed
    cabinet = str(venv / "bin" / "cabinet")
    text = (ROOT / "games" / "classic.yaml").read_text(encoding="utf-8")
    data_games = Path(env["XDG_DATA_HOME"]) / "slot-cabinet" / "games"
    data_games.mkdir(parents=True, exist_ok=True)
    (data_games / "my-fruits.yaml").write_text(text.replace("id: classic", "id: my-fruits", 1), encoding="utf-8")
    extra = tmp_path / "more-games"
    extra.mkdir()
    (extra / "their-fruits.yaml").write_text(text.replace("id: classic", "id: their-fruits", 1), encoding="utf-8")
    assert "my-fruits" in _run([cabinet, "par", "my-fruits"], cwd=tmp_path, env=env)
    assert "their-fruits" in _run([cabinet, "par", "their-fruits", "--games", str(extra)], cwd=tmp_path, env=env)
    missing = subprocess.run([cabinet, "par", "their-fruits"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert missing.returncode != 0 and "unknown game 'their-fruits'" in missing.stderr
    assert str(data_games) in missing.stderr or "available" in missing.stderr


def test_the_checkout_still_runs_without_a_build() -> None:
    from cabinet.paths import INSTALLED_CONTENT, content_dir

    assert not INSTALLED_CONTENT.exists()  # an editable install carries no second copy
    assert content_dir("games") == ROOT / "games"
    with pytest.raises(ValueError):
        content_dir("fonts")
