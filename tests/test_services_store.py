"""The critical store: two checksummed copies, repair from one, malfunction on both."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest

from cabinet.services.atomic import canonical_json
from cabinet.services.meters import Meters
from cabinet.services.store import (
    CriticalState,
    CriticalStore,
    Malfunction,
    OpenCharge,
    StoreTooNew,
)

A, B = "critical.a.json", "critical.b.json"


def sample_state() -> CriticalState:
    meters = Meters(credits_in=50_000, total_bet=2_300, total_won=1_450, games_played=23,
                    features={"free_spins": 2}, rounds_by_kind={"spin": 22, "respin": 1})  # fmt: skip
    return CriticalState(
        credits=50_000 - 2_300 + 1_450,
        meters=meters,
        journal_head=117,
        round_counter=23,
        open_round=OpenCharge(23, 100, "spin"),
        session_seed=(1 << 64) - 5,
    )


def saved_store(folder: Path, saves: int = 3) -> CriticalStore:
    store = CriticalStore(folder)
    state = sample_state()
    for i in range(saves):
        state.journal_head = 117 + i
        store.save(state)
    return store


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def flip_byte(path: Path) -> None:
    data = bytearray(path.read_bytes())
    i = data.index(b'"credits":') + len('"credits":') + 1  # a digit of the credit meter
    data[i] = ord("7") if data[i] != ord("7") else ord("3")
    path.write_bytes(bytes(data))


def truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:40])


def delete(path: Path) -> None:
    path.unlink()


def empty(path: Path) -> None:
    path.write_bytes(b"")


DAMAGES: dict[str, Callable[[Path], None]] = {"flip": flip_byte, "truncate": truncate, "delete": delete,
                                              "empty": empty}  # fmt: skip


def test_new_then_save_then_load(tmp_path: Path) -> None:
    assert CriticalStore(tmp_path).load().status == "new"
    saved_store(tmp_path)
    loaded = CriticalStore(tmp_path).load()
    assert loaded.status == "ok" and loaded.messages == ()
    expected = sample_state()
    expected.journal_head = 119
    assert loaded.state == expected
    assert (tmp_path / A).read_bytes() == (tmp_path / B).read_bytes()


def test_each_copy_carries_version_and_sha256(tmp_path: Path) -> None:
    import json

    saved_store(tmp_path, saves=3)
    obj = json.loads((tmp_path / A).read_bytes())
    assert obj["format"] == 1 and obj["version"] == 3
    digest = obj.pop("sha256")
    assert digest == hashlib.sha256(canonical_json(obj).encode()).hexdigest()


@pytest.mark.parametrize("damage", sorted(DAMAGES))
@pytest.mark.parametrize("copy", [A, B])
def test_one_damaged_copy_is_repaired_with_the_same_values(tmp_path: Path, damage: str, copy: str) -> None:
    saved_store(tmp_path)
    good = (tmp_path / (B if copy == A else A)).read_bytes()
    original = (tmp_path / copy).read_bytes()
    DAMAGES[damage](tmp_path / copy)
    damaged = (tmp_path / copy).read_bytes() if (tmp_path / copy).exists() else None

    store = CriticalStore(tmp_path)
    loaded = store.load()
    assert loaded.status == "repaired"
    expected = sample_state()
    expected.journal_head = 119
    assert loaded.state == expected
    assert (tmp_path / copy).read_bytes() == good == original
    assert len(loaded.messages) == 1 and loaded.messages[0].startswith(f"{copy} was ")
    kept = sorted(tmp_path.glob(f"{copy}.bad-*[0-9Z]"))
    if damaged is None:
        assert kept == [] and "missing" in loaded.messages[0]
    else:
        assert [p.read_bytes() for p in kept] == [damaged]  # never deleted
        assert kept[0].name in loaded.messages[0]
    # Saving keeps working after a repair and both copies agree again.
    store.save(loaded.state)
    assert (tmp_path / A).read_bytes() == (tmp_path / B).read_bytes()
    assert CriticalStore(tmp_path).load().status == "ok"


@pytest.mark.parametrize("damage_b", sorted(DAMAGES))
@pytest.mark.parametrize("damage_a", sorted(set(DAMAGES) - {"delete"}))
def test_both_damaged_is_a_malfunction_and_touches_nothing(tmp_path: Path, damage_a: str, damage_b: str) -> None:
    saved_store(tmp_path)
    DAMAGES[damage_a](tmp_path / A)
    DAMAGES[damage_b](tmp_path / B)
    before = snapshot(tmp_path)
    with pytest.raises(Malfunction, match="both copies of the critical store are damaged") as info:
        CriticalStore(tmp_path).load()
    assert "nothing was cleared" in str(info.value)
    assert snapshot(tmp_path) == before


def test_power_cut_between_the_two_writes_uses_the_newer_copy(tmp_path: Path) -> None:
    store = saved_store(tmp_path, saves=1)
    old_b = (tmp_path / B).read_bytes()
    newer = sample_state()
    newer.credits += 500
    newer.meters.record_credits_in(500)
    store.save(newer)
    (tmp_path / B).write_bytes(old_b)  # as if the process died after writing A

    loaded = CriticalStore(tmp_path).load()
    assert loaded.status == "ok" and loaded.state == newer
    assert (tmp_path / B).read_bytes() == (tmp_path / A).read_bytes()
    assert not list(tmp_path.glob("*.bad-*"))  # a stale copy is not damage


def _forge(path: Path, version: int, state: dict, fmt: int = 1) -> None:
    body = {"format": fmt, "version": version, "state": state}
    digest = hashlib.sha256(canonical_json(body).encode()).hexdigest()
    path.write_text(canonical_json({**body, "sha256": digest}) + "\n")


def test_a_copy_from_a_newer_format_is_a_malfunction_and_kept(tmp_path: Path) -> None:
    saved_store(tmp_path)
    _forge(tmp_path / A, 4, {"credits": 1, "whatever": "new"}, fmt=2)
    before = snapshot(tmp_path)
    with pytest.raises(StoreTooNew, match="store format 2 by a newer cabinet"):
        CriticalStore(tmp_path).load()
    assert snapshot(tmp_path) == before


def test_copies_that_disagree_at_the_same_version_are_a_malfunction(tmp_path: Path) -> None:
    saved_store(tmp_path, saves=1)
    other = sample_state()
    other.credits += 1
    other.meters.record_credits_in(1)
    _forge(tmp_path / B, 1, other.to_dict())
    before = snapshot(tmp_path)
    with pytest.raises(Malfunction, match="different values"):
        CriticalStore(tmp_path).load()
    assert snapshot(tmp_path) == before


def test_meters_that_do_not_balance_are_a_malfunction(tmp_path: Path) -> None:
    state = sample_state().to_dict()
    state["credits"] += 1  # a valid checksum over a wrong credit meter
    _forge(tmp_path / A, 9, state)
    _forge(tmp_path / B, 9, state)
    with pytest.raises(Malfunction, match="do not balance.*off by 1"):
        CriticalStore(tmp_path).load()


def test_save_refuses_unbalanced_meters(tmp_path: Path) -> None:
    state = sample_state()
    state.credits += 5
    with pytest.raises(ValueError, match="unbalanced"):
        CriticalStore(tmp_path).save(state)
    assert list(tmp_path.iterdir()) == []


def test_state_validation_refuses_floats_and_negatives() -> None:
    data = sample_state().to_dict()
    with pytest.raises(ValueError, match="credits"):
        CriticalState.from_dict({**data, "credits": 48.5})
    with pytest.raises(ValueError, match="negative"):
        CriticalState.from_dict({**data, "journal_head": -1})
    with pytest.raises(ValueError, match="unknown"):
        CriticalState.from_dict({**data, "extra": 1})
