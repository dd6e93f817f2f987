"""A killed atomic write's temporary copy is evidence, never litter (issue 26, defect 2).

Both store copies are damaged and ``.critical.b.json.<random>.tmp``, left by a write that
was killed between its fsync and its rename, is the only complete state. A complete, valid
temporary copy (the same checksum, shape and balance rules as the real copies) rebuilds the
store, with a notice on screen and a log line; any other is left exactly where it is, with
every other file, while the MALFUNCTION screen says nothing was touched.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabinet.app import App, AppOptions
from cabinet.cli import main
from cabinet.core.loader import load_game
from cabinet.presentation.scenes.malfunction import MalfunctionScene, NoticeScene
from cabinet.services.ledger import JournaledLedger
from cabinet.services.store import COPY_NAMES, Malfunction, read_copy

SCRIPT = "- {press: SPIN, repeat: 3}\n"
TEMP_NAME = ".critical.b.json.k7q2x9ab.tmp"  # how tempfile.mkstemp in write_atomic names it


def play(data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], script: str = SCRIPT) -> tuple[int, str, str]:
    path = tmp_path / "script.yaml"
    path.write_text(script, encoding="utf-8")
    (data / "script-progress.json").unlink(missing_ok=True)
    code = main(["play", "classic", "--headless", "--fast", "--script", str(path), "--seed", "4",
                 "--data-dir", str(data), "--size", "640x360"])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def damage_both_and_plant(data: Path, temp_bytes: bytes) -> Path:
    """Both copies torn; the temporary copy of B holds ``temp_bytes``."""
    temp = data / TEMP_NAME
    temp.write_bytes(temp_bytes)
    for name in COPY_NAMES:
        copy = data / name
        copy.write_bytes(copy.read_bytes()[:40])
    return temp


@pytest.mark.parametrize("temp_kind", ["torn", "edited", "empty"])
def test_a_malfunction_leaves_an_unusable_temporary_copy_and_every_file_in_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], temp_kind: str) -> None:
    data = tmp_path / "data"
    assert play(data, tmp_path, capsys)[0] == 0
    good = (data / COPY_NAMES[1]).read_bytes()
    temp_bytes = {"torn": good[: len(good) // 2], "edited": good.replace(b'"credits":', b'"credits":9', 1),
                  "empty": b""}[temp_kind]  # fmt: skip
    damage_both_and_plant(data, temp_bytes)
    (data / "script-progress.json").unlink()  # as ``play`` does: a new run of the script
    files = snapshot(data)
    code, out, err = play(data, tmp_path, capsys)
    assert code == 3 and out == ""
    assert snapshot(data) == files  # the temporary copy is still there, byte for byte
    assert "nothing was cleared and the files were left untouched" in err
    assert TEMP_NAME in err  # the operator is told the temporary copy exists and why it was not used


def test_a_complete_temporary_copy_rebuilds_the_store_with_a_notice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    code, out, _ = play(data, tmp_path, capsys)
    assert code == 0
    before = json.loads(out)
    good = (data / COPY_NAMES[1]).read_bytes()
    damage_both_and_plant(data, good)
    code, out, err = play(data, tmp_path, capsys, "")
    assert code == 0, err
    assert json.loads(out) == before  # the credits and meters of the temporary copy: nothing lost
    assert f"rebuilt from the complete temporary copy {TEMP_NAME}" in err  # the log line
    assert not (data / TEMP_NAME).exists()  # it became critical.b.json, as its rename would have made it
    assert (data / COPY_NAMES[1]).read_bytes() == good == (data / COPY_NAMES[0]).read_bytes()
    for name in COPY_NAMES:  # the damaged copies are kept aside, not overwritten
        kept = [p for p in data.glob(f"{name}.bad-*") if not p.name.endswith(".why")]
        assert len(kept) == 1 and kept[0].read_bytes() == good[:40]
    code, out, err = play(data, tmp_path, capsys, "- {press: SPIN}\n")
    assert code == 0 and json.loads(out)["rounds"] == before["rounds"] + 1 and "temporary" not in err


def test_the_rebuild_from_a_temporary_copy_shows_on_screen(tmp_path: Path) -> None:
    classic = load_game("classic")
    app = App(classic, AppOptions(size=(640, 360), seed=1, headless=True, data_dir=tmp_path))
    app.start()
    app.session.begin_round()
    app.session.finish_round()
    credits = app.session.credits
    app.session.ledger.close()
    damage_both_and_plant(tmp_path, (tmp_path / COPY_NAMES[1]).read_bytes())
    again = App(classic, AppOptions(size=(640, 360), seed=1, headless=True, data_dir=tmp_path))
    again.start()
    notice = again.stack.top
    assert isinstance(notice, NoticeScene) and not isinstance(again.stack.top, MalfunctionScene)
    assert notice.messages[0].startswith("BOTH COPIES OF THE CREDIT STORE WERE DAMAGED: REBUILT FROM AN UNFINISHED "
                                         "SAVE\n")
    assert TEMP_NAME in notice.messages[0]
    assert again.session.credits == credits


def test_the_newest_valid_temporary_copy_wins_and_a_torn_one_is_kept(tmp_path: Path) -> None:
    ledger = JournaledLedger.open(tmp_path, starting_credits=5_000)
    ledger.add_credits(100)
    older = (tmp_path / COPY_NAMES[0]).read_bytes()
    ledger.add_credits(200)
    newer = (tmp_path / COPY_NAMES[0]).read_bytes()
    ledger.close()
    assert read_copy(tmp_path / COPY_NAMES[0]).version == 3
    (tmp_path / ".critical.a.json.aaaaaaaa.tmp").write_bytes(older)
    (tmp_path / ".critical.a.json.bbbbbbbb.tmp").write_bytes(newer[:-9])  # killed mid-write
    damage_both_and_plant(tmp_path, newer)
    ledger = JournaledLedger.open(tmp_path)
    assert ledger.credits == 5_300 and ledger.balanced()
    assert any(TEMP_NAME in line for line in ledger.notices)
    ledger.close()
    assert (tmp_path / COPY_NAMES[1]).read_bytes() == newer
    # The two it did not use are kept aside for the operator (the older is no loss, the torn one
    # is evidence), under names no later start's clean-up of temporary files matches.
    for name, content in ((".critical.a.json.aaaaaaaa.tmp", older), (".critical.a.json.bbbbbbbb.tmp", newer[:-9])):
        assert not (tmp_path / name).exists()
        kept = [p for p in tmp_path.glob(f"{name}.bad-*") if not p.name.endswith(".why")]
        assert len(kept) == 1 and kept[0].read_bytes() == content
    JournaledLedger.open(tmp_path).close()
    assert len(list(tmp_path.glob(".critical.a.json.*.tmp.bad-*"))) == 4  # two files, two notes: still there


def test_an_unbalanced_temporary_copy_is_not_used(tmp_path: Path) -> None:
    ledger = JournaledLedger.open(tmp_path, starting_credits=5_000)
    ledger.close()
    good = (tmp_path / COPY_NAMES[1]).read_bytes()
    from cabinet.services.store import CriticalState, encode_copy

    copy = read_copy(tmp_path / COPY_NAMES[1])
    assert copy.state is not None
    state = CriticalState.from_dict({**copy.state.to_dict(), "credits": copy.state.credits + 1})
    damage_both_and_plant(tmp_path, encode_copy(copy.version, state))  # a valid checksum, money from nowhere
    files = snapshot(tmp_path)
    with pytest.raises(Malfunction):
        JournaledLedger.open(tmp_path)
    assert snapshot(tmp_path) == files and good
