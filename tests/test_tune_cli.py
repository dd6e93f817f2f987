"""``cabinet tune``: an exact RTP target reached by moving stops, written into a copy of the YAML
that keeps every comment (core/yaml_edit.py); an estimated par is refused."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.core.loader import load_definition, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.value import Exact
from cabinet.core.yaml_edit import compose, stop_edits, strip_tokens

TEXT = """# a comment that must stay
reels:
  base:   # the base strips
    - "A B*3 C  D"   # reel 1
    - [A, B, C]
"""


def test_stop_edits_replace_only_the_stop_and_keep_everything_else() -> None:
    edited = stop_edits(TEXT, [("base", 0, 5, "A"), ("base", 1, 2, "A")])
    assert edited == TEXT.replace('"A B*3 C  D"', '"A B*3 C  A"').replace("[A, B, C]", "[A, B, A]")
    tokens = strip_tokens(TEXT, compose(TEXT), "base", 0)
    assert [(t.symbol, t.size, t.first_stop) for t in tokens] == [("A", 1, 0), ("B", 3, 1), ("C", 1, 4), ("D", 1, 5)]
    with pytest.raises(ValueError, match="inside a stack of 3"):
        stop_edits(TEXT, [("base", 0, 2, "A")])


def test_tune_reaches_the_target_and_writes_a_copy_with_its_comments(tmp_path: Path, games_dir: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tuned.yaml"
    assert main(["tune", "classic", "--target", "96.00%", "--levers", "CHERRY,SEVEN", "--out", str(out),
                 "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    original = (games_dir / "classic.yaml").read_text()
    tuned_text = out.read_text()
    tuned = load_definition(out)
    before, after = par(load_game("classic")).total, par(tuned).total
    assert isinstance(before, Exact) and isinstance(after, Exact)
    assert result["after"] == after.to_dict() and result["before"] == before.to_dict()  # the copy's own par
    assert abs(after.value - 0.96) < abs(before.value - 0.96) and abs(after.value - 0.96) < 0.0005
    # Only strip lines differ; every comment line is the same, in the same place.
    old_lines, new_lines = original.splitlines(), tuned_text.splitlines()
    assert len(old_lines) == len(new_lines)
    changed = [i for i, (a, b) in enumerate(zip(old_lines, new_lines, strict=True)) if a != b]
    assert changed and all(new_lines[i].lstrip().startswith('- "') for i in changed)
    assert [line for line in old_lines if line.lstrip().startswith("#")] == \
        [line for line in new_lines if line.lstrip().startswith("#")]
    # Each change is one stop of CHERRY or SEVEN into the other: counts move, lengths stay.
    for r, (a, b) in enumerate(zip(load_game("classic").reels["base"], tuned.reels["base"], strict=True)):
        assert len(a) == len(b)
        assert set((Counter(a) - Counter(b)) | (Counter(b) - Counter(a))) <= {"CHERRY", "SEVEN"}, r
    assert result["changes"] and result["levers"] == ["CHERRY", "SEVEN"]
    assert load_definition_text(tuned_text).reels == tuned.reels


def test_tune_refuses_an_estimated_par(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["tune", "retro-reels-diamond-glitz", "--target", "96%", "--out", str(tmp_path / "x.yaml")]) == 2
    err = capsys.readouterr().err
    assert "estimate" in err and "will not tune" in err
    assert not (tmp_path / "x.yaml").exists()


def test_tune_says_so_when_no_move_gets_closer(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 95.5855% -> 95.59%: every STAR <-> WILD swap moves the RTP by whole points, so none gets closer
    out = tmp_path / "x.yaml"
    assert main(["tune", "classic", "--target", "95.59%", "--levers", "STAR,WILD", "--out", str(out)]) == 2
    assert "gets closer" in capsys.readouterr().err and not out.exists()


def test_keep_holds_a_symbols_stops_and_min_stops_a_floor(tmp_path: Path, games_dir: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """issue 38: tune emptied a designer's FISH to one stop; --keep SYMBOL leaves a symbol's stops as
    they are (the sensitivity's choice moves others), --min-stops N sets a floor for the moved ones."""
    out = tmp_path / "kept.yaml"
    assert main(["tune", "classic", "--target", "96.00%", "--keep", "CHERRY", "--min-stops", "3", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    moving = next(line for line in said.splitlines() if line.strip().startswith("moving:"))
    assert "CHERRY" not in moving and "kept: CHERRY (their stops stay)" in said
    before, after = load_game("classic"), load_definition(out)
    for old, new in zip(before.reels["base"], after.reels["base"], strict=True):
        assert Counter(old)["CHERRY"] == Counter(new)["CHERRY"]
        moved = [s for s in Counter(old) if Counter(old)[s] != Counter(new)[s]]
        assert all(Counter(new)[s] >= min(3, Counter(old)[s]) for s in moved)
    assert before.reels["base"] != after.reels["base"]
    assert main(["tune", "classic", "--target", "96%", "--levers", "CHERRY,SEVEN", "--keep", "SEVEN"]) == 2
    assert "--levers and --keep both name SEVEN" in capsys.readouterr().err


def test_no_candidate_move_goes_below_the_floor() -> None:
    from cabinet.core.tuning import candidate_moves

    sets = {"base": [{"A": 3, "B": 5}, {"A": 4, "B": 1}]}
    moves = list(candidate_moves(sets, {"base": ["A", "B"]}, min_stops=3))
    assert {(m.reel, m.old, m.new) for m in moves} == {(0, "B", "A"), (1, "A", "B")}
    assert {(m.reel, m.old) for m in candidate_moves(sets, {"base": ["A", "B"]})} == {(0, "A"), (0, "B"), (1, "A")}


def test_tune_with_a_mode_moves_the_strips_that_mode_plays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--mode ante``: the ante plays ``base_ante`` under the name ``base``, so tune moves base_ante's
    stops (never base's) and prices per unit of the ante's cost, as ``par --mode ante`` does."""
    from cabinet.core.mode_par import mode_par

    game = Path(__file__).resolve().parent / "games" / "modes" / "cabinet-modes.yaml"
    out = tmp_path / "tuned.yaml"
    assert main(["tune", str(game), "--mode", "ante", "--target", "96.20%", "--levers", "CHERRY,LEMON",
                 "--max-steps", "4", "--out", str(out), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    original, tuned = load_definition(game), load_definition(out)
    assert tuned.reels["base"] == original.reels["base"] and tuned.reels["free"] == original.reels["free"]
    assert tuned.reels["base_ante"] != original.reels["base_ante"]
    before, after = (mode_par(d, mode="ante", with_hit_rate=False).total for d in (original, tuned))
    assert isinstance(before, Exact) and isinstance(after, Exact)
    assert result["before"] == before.to_dict() and result["after"] == after.to_dict()  # per unit of 5/4
    assert abs(after.value - 0.962) < abs(before.value - 0.962) and abs(after.value - 0.962) < 0.001
