"""The round journal: records, torn tails, damage in the middle, compaction."""

from __future__ import annotations

import json
import zlib
from datetime import UTC, datetime
from pathlib import Path

import pytest

from cabinet.core.bet import Bet
from cabinet.core.round import RoundRequest
from cabinet.services.atomic import canonical_json
from cabinet.services.journal import (
    JOURNAL_NAME,
    Journal,
    encode_record,
    request_from_dict,
    request_to_dict,
)

CLOCK = lambda: datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)  # noqa: E731
BET = Bet(20, 1, 5)
REQUEST = RoundRequest(BET, seed=193)
FULL_REQUEST = RoundRequest(
    Bet(10, 3, 20),
    seed=(1 << 64) - 1,
    kind="respin",
    respin_reel=2,
    held_stops=(4, 0, 17, 9, 33),
    held_reel_set="base",
    script=(1, 2, 3),
    decisions=("collect",),
)


def open_journal(folder: Path, max_records: int = 1000) -> Journal:
    return Journal.open(folder / JOURNAL_NAME, max_records=max_records, clock=CLOCK)


def play(journal: Journal, round_id: int, steps: int = 2, end: bool = True) -> None:
    journal.begin(round_id, "classic", "f" * 64, REQUEST, 100, 1000 + round_id, "Classic Fruits")
    for step in range(steps):
        journal.progress(round_id, step)
    if end:
        journal.end(round_id, 40, 940 + round_id)


# --- requests ------------------------------------------------------------------------------------


def test_request_round_trips_exactly_through_json() -> None:
    data = request_to_dict(FULL_REQUEST)
    assert data == {
        "bet": {"lines": 10, "coins_per_line": 3, "coin_value": 20},
        "seed": 18446744073709551615,
        "kind": "respin",
        "respin_reel": 2,
        "held_stops": [4, 0, 17, 9, 33],
        "held_reel_set": "base",
        "script": [1, 2, 3],
        "decisions": ["collect"],
    }
    assert request_from_dict(json.loads(json.dumps(data))) == FULL_REQUEST


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"bet": {"lines": 10, "coins_per_line": 3, "coin_value": 0.2}}, "coin value must be a whole number"),
        ({"bet": {"lines": True, "coins_per_line": 3, "coin_value": 20}}, "bet lines must be a whole number"),
        ({"seed": 1 << 64}, "seed must be from 0"),
        ({"kind": "bonus"}, "round kind"),
        ({"colour": "red"}, "unknown round request field"),
        ({"decisions": [1]}, "decision must be text"),
    ],
)
def test_request_from_dict_refuses_inexact_or_unknown_values(change: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        request_from_dict({**request_to_dict(FULL_REQUEST), **change})


# --- records on disk -----------------------------------------------------------------------------


def test_records_are_json_lines_with_crc_and_consecutive_sequence(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    play(journal, 1, steps=1)
    journal.close()
    lines = (tmp_path / JOURNAL_NAME).read_bytes().split(b"\n")
    assert lines[-1] == b""  # every record ends its line
    records = [json.loads(line) for line in lines[:-1]]
    assert [r["seq"] for r in records] == [1, 2, 3]
    assert [r["type"] for r in records] == ["begin", "progress", "end"]
    for r in records:
        crc = r.pop("crc")
        assert crc == f"{zlib.crc32(canonical_json(r).encode()) & 0xFFFFFFFF:08x}"
    begin = records[0]["data"]
    assert begin["request"] == request_to_dict(REQUEST)
    assert (begin["cost"], begin["credits_before"], begin["time"]) == (100, 1001, "2024-05-01T12:00:00+00:00")


def test_pending_round_has_request_decisions_and_last_step(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    play(journal, 1)
    journal.begin(2, "classic", "f" * 64, REQUEST, 100, 981, "Classic Fruits")
    journal.progress(2, 0)
    journal.decision(2, "gamble")
    journal.progress(2, 3)
    journal.close()

    reopened = open_journal(tmp_path)
    assert reopened.problem is None
    pending = reopened.pending()
    assert pending is not None
    assert (pending.round_id, pending.cost, pending.credits_before, pending.step) == (2, 100, 981, 3)
    assert pending.request == RoundRequest(BET, seed=193, decisions=("gamble",))
    assert pending.game_name == "Classic Fruits" and pending.begin_seq == 5
    reopened.end(2, 0, 881)
    assert reopened.pending() is None
    assert reopened.last_seq == 9


def test_a_round_without_progress_has_no_step(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    play(journal, 1, steps=0, end=False)
    pending = journal.pending()
    assert pending is not None and pending.step is None


def test_torn_last_line_is_dropped_silently_and_cut(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    play(journal, 1)
    journal.close()
    path = tmp_path / JOURNAL_NAME
    whole = path.read_bytes()
    torn = encode_record(5, "begin", {"round_id": 2})[:37]  # a kill in the middle of a write
    path.write_bytes(whole + torn)

    reopened = open_journal(tmp_path)
    assert reopened.problem is None
    assert reopened.pending() is None and reopened.last_seq == 4
    assert path.read_bytes() == whole
    play(reopened, 2)  # appends continue on a clean line
    reopened.close()
    again = open_journal(tmp_path)
    assert again.problem is None and again.last_seq == 8
    assert not list(tmp_path.glob("*.bad-*"))


def test_a_torn_begin_means_the_round_never_started(tmp_path: Path) -> None:
    path = tmp_path / JOURNAL_NAME
    line = encode_record(1, "begin", {"round_id": 1, "game_id": "classic"})
    path.write_bytes(line[:-1])  # all but the newline: still a torn write
    journal = open_journal(tmp_path)
    assert journal.problem is None and journal.pending() is None and journal.last_seq == 0
    assert path.read_bytes() == b""


def _damage_line(path: Path, index: int, new_line: bytes) -> bytes:
    lines = path.read_bytes().split(b"\n")
    lines[index] = new_line
    damaged = b"\n".join(lines)
    path.write_bytes(damaged)
    return damaged


def _journal_with_two_rounds(tmp_path: Path) -> Path:
    journal = open_journal(tmp_path)
    play(journal, 1)  # seq 1-4
    play(journal, 2)  # seq 5-8
    journal.close()
    return tmp_path / JOURNAL_NAME


def test_bad_crc_in_the_middle_keeps_the_file_aside(tmp_path: Path) -> None:
    path = _journal_with_two_rounds(tmp_path)
    line = path.read_bytes().split(b"\n")[3]  # round 1's end
    assert b'"win":40' in line
    damaged = _damage_line(path, 3, line.replace(b'"win":40', b'"win":90'))  # a hand-edited win

    journal = open_journal(tmp_path)
    assert journal.problem is not None
    message = str(journal.problem)
    assert "line 4" in message and "checksum mismatch" in message and "kept aside" in message
    kept = journal.problem.kept_path
    assert kept is not None and kept.read_bytes() == damaged and kept.name.startswith("journal.log.bad-")
    # The valid prefix (round 1 up to its last progress) is the new journal.
    assert journal.last_seq == 3
    assert (tmp_path / JOURNAL_NAME).read_bytes() == b"\n".join(damaged.split(b"\n")[:3]) + b"\n"
    pending = journal.pending()
    assert pending is not None and pending.round_id == 1 and pending.step == 1


def test_garbage_in_the_middle_is_a_problem(tmp_path: Path) -> None:
    path = _journal_with_two_rounds(tmp_path)
    _damage_line(path, 2, b"\x00\x00 not json")
    journal = open_journal(tmp_path)
    assert journal.problem is not None and "line 3: not a journal record" in str(journal.problem)
    assert journal.last_seq == 2


def test_a_record_from_a_newer_format_is_a_problem(tmp_path: Path) -> None:
    path = _journal_with_two_rounds(tmp_path)
    payload = {"v": 2, "seq": 9, "type": "begin", "data": {"round_id": 3}}
    newer = canonical_json({**payload, "crc": f"{zlib.crc32(canonical_json(payload).encode()):08x}"})
    path.write_bytes(path.read_bytes() + newer.encode() + b"\n")
    journal = open_journal(tmp_path)
    assert journal.problem is not None
    assert "line 9: written in journal format 2 by a newer cabinet" in str(journal.problem)
    assert journal.last_seq == 8 and journal.pending() is None


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (encode_record(10, "progress", {"round_id": 2, "step": 1}), "sequence number 10 where 9 was expected"),
        (encode_record(9, "end", {"round_id": 3, "win": 0, "credits_after": 0}), "which has not begun"),
        (encode_record(9, "decision", {"round_id": 3, "decision": "x"}), "which has not begun"),
    ],
)
def test_records_that_break_the_round_structure_are_problems(tmp_path: Path, line: bytes, message: str) -> None:
    path = _journal_with_two_rounds(tmp_path)
    path.write_bytes(path.read_bytes() + line)
    journal = open_journal(tmp_path)
    assert journal.problem is not None and message in str(journal.problem)


def test_appending_a_record_that_breaks_the_structure_is_refused(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    play(journal, 1, end=False)
    before = (tmp_path / JOURNAL_NAME).read_bytes()
    with pytest.raises(ValueError, match="round 5"):
        journal.progress(5, 1)
    with pytest.raises(ValueError, match="unfinished"):
        journal.begin(2, "classic", "f" * 64, REQUEST, 100, 0)
    assert (tmp_path / JOURNAL_NAME).read_bytes() == before


def test_compaction_keeps_only_the_unfinished_round_and_the_numbering(tmp_path: Path) -> None:
    journal = open_journal(tmp_path, max_records=12)
    for round_id in range(1, 6):  # 5 rounds x 4 records = 20 records
        play(journal, round_id)
    journal.begin(6, "classic", "f" * 64, REQUEST, 100, 990, "Classic Fruits")
    journal.decision(6, "left")
    for step in range(8):
        journal.progress(6, step)
    journal.decision(6, "right")
    assert journal.record_count <= 12
    pending_before = journal.pending()
    last_seq = journal.last_seq
    assert last_seq == 20 + 1 + 1 + 8 + 1
    journal.close()

    lines = (tmp_path / JOURNAL_NAME).read_bytes().splitlines()
    types = [json.loads(line)["type"] for line in lines]
    assert types[0] == "checkpoint" and "end" not in types
    reopened = open_journal(tmp_path, max_records=12)
    assert reopened.problem is None and reopened.last_seq == last_seq
    pending = reopened.pending()
    assert pending is not None and pending_before is not None
    assert pending.request.decisions == ("left", "right") and pending.step == 7
    assert (pending.round_id, pending.cost, pending.credits_before) == (6, 100, 990)
    reopened.end(6, 0, 890)
    assert reopened.last_seq == last_seq + 1


def test_compaction_without_an_unfinished_round_leaves_a_checkpoint(tmp_path: Path) -> None:
    journal = open_journal(tmp_path, max_records=3)
    play(journal, 1, steps=0)  # begin, end
    play(journal, 2, steps=0)  # the 4th record pushes past 3
    journal.close()
    lines = (tmp_path / JOURNAL_NAME).read_bytes().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["type"] == "checkpoint"
    reopened = open_journal(tmp_path, max_records=3)
    assert reopened.last_seq == 4 and reopened.pending() is None


def test_checkpoint_moves_the_sequence_forward_only(tmp_path: Path) -> None:
    journal = open_journal(tmp_path)
    play(journal, 1, steps=0)
    assert journal.checkpoint(1, "no-op") is None
    assert journal.checkpoint(40, "carried on") == 40
    play(journal, 2, steps=0)
    assert journal.last_seq == 42
    journal.close()
    assert open_journal(tmp_path).last_seq == 42
