"""``cabinet diff``: two versions side by side (core/version_diff.py), against a git revision,
and as a PNG (presentation/diff_report.py)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pygame
import pytest

from cabinet.cli import main
from cabinet.core.loader import load_definition
from cabinet.core.par import par
from cabinet.core.version_diff import key_changes, version_diff
from cabinet.presentation.diff_report import draw_diff_report, row_rects
from cabinet.presentation.report import PANEL

SEVEN = "SEVEN:      {3: 75, 4: 250, 5: 1250}"
RICHER = "SEVEN:      {3: 75, 4: 250, 5: 2500}"


@pytest.fixture
def two_versions(tmp_path: Path, games_dir: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    text = (games_dir / "classic.yaml").read_text()
    a.write_text(text)
    b.write_text(text.replace(SEVEN, RICHER))
    return a, b


def test_the_math_side_by_side_is_exact_where_par_is(two_versions: tuple[Path, Path]) -> None:
    a, b = two_versions
    da, db = load_definition(a), load_definition(b)
    diff = version_diff(da, a.read_text(), db, b.read_text(), a_name="a", b_name="b", rounds=2_000)
    rows = {r.label: r for r in diff.rows}
    total = rows["total RTP"]
    assert total.moved and total.exact
    gain = (par(db).total_rtp - par(da).total_rtp) * 100  # type: ignore[operator]
    assert total.change == f"{float(gain):+.4f} pt"
    assert rows["SEVEN"].moved and not rows["CHERRY"].moved and rows["CHERRY"].change == "="
    assert not rows["free_spins odds"].moved  # strips unchanged: the trigger did not move
    assert not rows["volatility index (sigma x 1.96 per round)"].exact  # from a simulation, tagged
    assert [(k.path, k.a, k.b) for k in diff.keys] == [("pays.SEVEN.5", "1250", "2500")]


def test_strips_are_compared_by_their_counts() -> None:
    changes = key_changes({"reels": {"base": ["A B B C", "A A*2"]}}, {"reels": {"base": ["A B C C", "A*2 A"]}})
    assert [(k.path, k.a, k.b) for k in changes] == [
        ("reels.base reel 1", "4 stops", "4 stops: C +1, B -1"),
        ("reels.base reel 2", "3 stops", "3 stops: same counts, new order"),
    ]
    assert key_changes({"x": 1}, {"y": 1}) == [key_changes({"x": 1}, {})[0], key_changes({}, {"y": 1})[0]]


def test_diff_prints_both_files_and_draws_the_png(two_versions: tuple[Path, Path], tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    a, b = two_versions
    png = tmp_path / "diff.png"
    assert main(["diff", str(a), str(b), "--rounds", "1000", "--out", str(png)]) == 0
    out = capsys.readouterr().out
    assert "total RTP" in out and "pays.SEVEN.5  1250  ->  2500" in out and f"wrote {png}" in out
    image = pygame.image.load(str(png))
    diff = version_diff(load_definition(a), a.read_text(), load_definition(b), b.read_text(), a_name=str(a),
                        b_name=str(b), rounds=1000)
    rects = row_rects(diff)
    moved = [r.moved for r in diff.rows]
    assert image.get_size() == draw_diff_report(diff).get_size()
    lit, plain = moved.index(True), moved.index(False)
    probe = lambda rect: tuple(image.get_at((rect.right - 8, rect.centery)))[:3]  # noqa: E731 - right of the text
    assert probe(rects[lit]) == (34, 40, 54) and probe(rects[plain]) == PANEL


def test_diff_against_a_git_revision(tmp_path: Path, games_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    game = repo / "classic.yaml"
    game.write_text((games_dir / "classic.yaml").read_text())
    git = ["git", "-C", str(repo), "-c", "user.email=t@example.invalid", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q"], check=True, timeout=30)
    subprocess.run([*git, "add", "classic.yaml"], check=True, timeout=30)
    subprocess.run([*git, "commit", "-qm", "first"], check=True, timeout=30)
    game.write_text(game.read_text().replace(SEVEN, RICHER))
    assert main(["diff", str(game), "--against", "HEAD", "--rounds", "500", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"] == "classic.yaml@HEAD" and data["keys"] == [{"path": "pays.SEVEN.5", "a": "1250", "b": "2500"}]
    assert main(["diff", str(game), "--against", "no-such-rev"]) == 2
    assert "--against no-such-rev" in capsys.readouterr().err
