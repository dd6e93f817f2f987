"""Game history: last N rounds, byte-identical after a restart, bad files kept aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabinet.core.bet import Bet
from cabinet.core.round import RoundRequest
from cabinet.services.history import (
    HISTORY_NAME,
    History,
    HistoryRecord,
    encode_history,
    steps_from_events,
)

try:
    from cabinet.core.loader import load_game
    from cabinet.core.round import play_round

    REAL_ENGINE = True
except ImportError:  # pragma: no cover
    REAL_ENGINE = False


def record(i: int, forced: bool = False) -> HistoryRecord:
    request = RoundRequest(Bet(20, 1, 5), seed=1000 + i, script=(3, 1, 4) if forced else (), decisions=("a",) * (i % 2))
    return HistoryRecord(
        round_id=i,
        time=f"2024-05-01T12:{i:02d}:00+00:00",
        game_id="classic",
        game_name="Classic Fruits",
        fingerprint="ab" * 32,
        request=request,
        cost=100,
        win=25 * i,
        credits_before=10_000 - 75 * (i - 1),
        credits_after=10_000 - 75 * (i - 1) - 100 + 25 * i,
        features=("free_spins",) if i % 4 == 0 else (),
        steps=({"step": "spin", "mode": "base", "index": 0, "stops": [1, 2, 3, 4, 5], "win": 25 * i},),
    )


def test_history_keeps_at_least_ten() -> None:
    with pytest.raises(ValueError, match="at least 10"):
        History(Path("unused.json"), size=9)


def test_last_ten_rounds_are_byte_identical_after_a_restart(tmp_path: Path) -> None:
    history = History.open(tmp_path / HISTORY_NAME, size=10)
    for i in range(1, 13):
        assert history.append(record(i, forced=(i == 7)))
    played = [r.to_json() for r in history.records]
    assert len(played) == 10 and json.loads(played[0])["round_id"] == 3

    reopened = History.open(tmp_path / HISTORY_NAME, size=10)
    assert reopened.problem is None
    assert [r.to_json() for r in reopened.records] == played
    assert [r.round_id for r in reopened.latest(10)] == list(range(12, 2, -1))
    assert reopened.records == history.records
    assert json.loads(reopened.find(7).to_json())["request"]["forced"] is True  # type: ignore[union-attr]
    # And the file itself is reproduced byte for byte.
    assert encode_history(reopened.records) == (tmp_path / HISTORY_NAME).read_bytes()


def test_record_serialisation_has_every_field() -> None:
    data = json.loads(record(4).to_json())
    assert data == {
        "round_id": 4, "time": "2024-05-01T12:04:00+00:00", "game_id": "classic", "game_name": "Classic Fruits",
        "fingerprint": "ab" * 32,
        "request": {"bet": {"lines": 20, "coins_per_line": 1, "coin_value": 5}, "seed": 1004, "kind": "spin",
                    "respin_reel": -1, "held_stops": [], "held_reel_set": "base", "script": [], "decisions": [],
                    "forced": False},
        "cost": 100, "win": 100, "credits_before": 9775, "credits_after": 9775, "features": ["free_spins"],
        "steps": [{"step": "spin", "mode": "base", "index": 0, "stops": [1, 2, 3, 4, 5], "win": 100}],
        "outcome": "played",
    }  # fmt: skip


def test_appending_the_same_last_round_twice_is_ignored(tmp_path: Path) -> None:
    history = History.open(tmp_path / HISTORY_NAME)
    assert history.append(record(1))
    assert not history.append(record(1))
    assert len(History.open(tmp_path / HISTORY_NAME).records) == 1


def _saved(tmp_path: Path, n: int = 3) -> Path:
    history = History.open(tmp_path / HISTORY_NAME)
    for i in range(1, n + 1):
        history.append(record(i))
    return tmp_path / HISTORY_NAME


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda raw: raw[: len(raw) // 2], "not valid JSON"),
        (lambda raw: raw.replace(b'"win":50', b'"win":5000'), "checksum mismatch"),
        (lambda raw: raw.replace(b'{"format":1', b'{"format":2'), "history format 2 by a newer cabinet"),
        (lambda raw: b"[]", "not a history file"),
    ],
    ids=["truncated", "hand-edited", "newer", "wrong-shape"],
)
def test_a_bad_history_file_is_kept_aside_and_history_starts_empty(tmp_path: Path, damage, message: str) -> None:
    path = _saved(tmp_path)
    bad = damage(path.read_bytes())
    path.write_bytes(bad)
    history = History.open(path)
    assert history.records == ()
    assert history.problem is not None and message in history.problem and "kept aside" in history.problem
    kept = list(tmp_path.glob(f"{HISTORY_NAME}.bad-*[0-9Z]"))
    assert len(kept) == 1 and kept[0].read_bytes() == bad
    assert not path.exists()
    history.append(record(9))  # and play goes on with a new file
    assert History.open(path).problem is None


@pytest.mark.skipif(not REAL_ENGINE, reason="needs the engine")
def test_steps_summarise_every_free_spin() -> None:
    defn = load_game("classic")
    result = next(
        r for seed in range(10_000) if (r := play_round(defn, RoundRequest(Bet(20, 1, 5), seed))).features
    )  # the first round with free spins
    steps = steps_from_events(result.events)
    spins = [s for s in steps if s["step"] == "spin"]
    base, free = spins[0], spins[1:]
    assert base["mode"] == "base" and [s["index"] for s in free] == list(range(1, len(free) + 1))
    assert len(free) >= 10
    assert all(s["mode"] == "free" and s["multiplier"] == 2 for s in free)
    ended = next(s for s in steps if s["step"] == "feature_ended")
    assert sum(s["win"] for s in free) == ended["total"] and ended["spins_played"] == len(free)
    assert base["win"] + ended["total"] == result.total_win
    assert [s["step"] for s in steps[1:3]] == ["trigger", "feature_started"]
    json.dumps(steps)  # JSON-safe
