"""Bad input on the command line: always one clear line on stderr and a non-zero exit."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.cli import main

INVALID = "format: 1\nid: x\nname: 3x\ngrid: {reels: 0}\n"  # several problems at once


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "malformed.yaml").write_text("a: [1, 2\n")
    (tmp_path / "list.yaml").write_text("- 1\n- 2\n")
    (tmp_path / "binary.yaml").write_bytes(bytes(range(256)) * 4)
    (tmp_path / "invalid.yaml").write_text(INVALID)
    (tmp_path / "folder.yaml").mkdir()
    return tmp_path


SEVENS = " / ".join(["SEVEN SEVEN SEVEN SEVEN SEVEN"] * 3)


@pytest.mark.parametrize(
    ("argv", "code", "words"),
    [
        (["eval", "{d}/missing.yaml", "--grid", SEVENS], 2, "no such game file"),
        (["eval", "{d}/folder.yaml", "--grid", SEVENS], 2, "is a folder"),
        (["par", "{d}/malformed.yaml"], 1, "malformed.yaml:2:1: malformed YAML"),
        (["par", "{d}/list.yaml"], 1, "must be a mapping"),
        (["simulate", "{d}/binary.yaml", "--spins", "10"], 1, "not valid UTF-8"),
        (["eval", "{d}/invalid.yaml", "--grid", SEVENS], 1, "more problems; cabinet check"),
        (["eval", "classic", "--grid", SEVENS.replace("SEVEN", "SEVN", 1)], 2, "did you mean SEVEN"),
        (["eval", "classic", "--grid", "SEVEN SEVEN / SEVEN SEVEN"], 2, "rows"),
        (["eval", "classic"], 2, "one of the arguments --grid --stops is required"),
        (["eval", "classic", "--stops", "1,a,3,4,5"], 2, "not a whole number"),
        (["eval", "classic", "--stops", "-1,0,0,0,0"], 2, "stop -1 of reel 1 is outside"),
        (["simulate", "classic", "--spins", "0"], 2, "--spins"),
        (["simulate", "classic", "--spins", "-5"], 2, "--spins"),
        (["simulate", "classic", "--spins", "abc"], 2, "--spins"),
        (["simulate", "classic", "--spins", str(10**24)], 2, "--spins must be at most"),
        (["simulate", "classic", "--spins", "10", "--seed", "-1"], 2, "--seed"),
        (["simulate", "classic", "--spins", "10", "--seed", str(2**64)], 2, "--seed"),
        (["simulate", "classic", "--spins", "10", "--workers", "0"], 2, "--workers"),
        (["frobnicate"], 2, "invalid choice"),
        (["bench", "nothing"], 2, "invalid choice"),
        (["bench", "math", "--spins", "-5"], 2, "--spins must be 0"),
    ],
)
def test_bad_input_is_one_line_and_a_non_zero_exit(
    files: Path, argv: list[str], code: int, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([a.replace("{d}", str(files)) for a in argv]) == code
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert words in captured.err


def test_check_reports_every_problem_of_a_file_one_per_line(files: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # `check` is the command that lists them all; the others name the first and point here
    assert main(["check", str(files / "invalid.yaml"), str(files / "folder.yaml")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) >= 3 and all(line.startswith(str(files / "invalid.yaml") + ":") for line in out[:-1])
    assert out[-1].endswith("folder.yaml is a folder, not a game file (give a .yaml file or a game name)")


def test_a_bug_is_still_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import cabinet.commands.par as par_command

    def broken(args: object) -> int:
        raise RuntimeError("something\nbroke")

    monkeypatch.setattr(par_command, "run", broken)
    monkeypatch.delenv("CABINET_TRACEBACK", raising=False)
    assert main(["par", "classic"]) == 70
    err = capsys.readouterr().err
    assert err == "cabinet: internal error: RuntimeError: something broke (set CABINET_TRACEBACK=1 to see where)\n"
    monkeypatch.setenv("CABINET_TRACEBACK", "1")
    with pytest.raises(RuntimeError):
        main(["par", "classic"])
