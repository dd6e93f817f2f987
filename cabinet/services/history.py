"""Game history: the last rounds, exactly as they were played.

Regulators ask for the last 10 games to be recallable; we keep the last ``size``
(default 50, never fewer than 10). Each record holds what a dispute needs: UTC date
and time, game id and name, the definition fingerprint, the full request (seed, bet,
decisions, script and whether it was forced), cost, win, credits before and after,
the features that ran and a summary of every step (each spin's stops and win, each
trigger, each feature's total). The request is enough to replay the round visually
through ``play_round``; the summary is what the player saw, for the list screen.

``history.json`` is rewritten atomically after every round, with a SHA-256 over its
records so a truncated or hand-edited file is recognised. Such a file, or one from a
newer format, is kept aside with a clear message and history starts empty: history
is evidence, never a reason to stop play. Serialisation is canonical JSON, so a
record is byte-identical after a restart.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cabinet.core.events import (
    Event,
    FeatureEnded,
    FeatureStarted,
    FeatureTriggered,
    ReelsStopped,
    RespinOffer,
    RoundEnded,
    RoundStarted,
    SpinEnded,
    SpinStarted,
    WinCapped,
)
from cabinet.core.money import Money
from cabinet.core.round import RoundRequest

from .atomic import Clock, canonical_json, keep_aside, utc_now, write_atomic
from .journal import request_from_dict, request_to_dict
from .meters import exact_amount

HISTORY_FORMAT = 1
HISTORY_NAME = "history.json"
DEFAULT_HISTORY_SIZE = 50
MIN_HISTORY_SIZE = 10

OUTCOMES = ("played", "auto_completed", "recovered", "voided", "discarded")  # discarded: unpaid_winnings.py


# --- the step summary ----------------------------------------------------------------------------

# Events already summarised by the record's own fields (bet, total win) or that only
# prepare the next round (a respin offer).
_SKIPPED_EVENTS = (RoundStarted, RoundEnded, RespinOffer)


def steps_from_events(events: Iterable[Event]) -> tuple[dict[str, Any], ...]:
    """A compact, JSON-safe account of every step of a round, in order.

    One ``spin`` entry per spin (mode, free-spin number, spins remaining, multiplier,
    reel set, stops, number of wins, win, feature total so far), plus ``trigger``, ``feature_started``,
    ``feature_ended`` and ``win_capped`` entries. Events of mechanics added later are
    kept whole under their own kind, so nothing a player saw is lost.
    """
    steps: list[dict[str, Any]] = []
    open_spins: list[dict[str, Any]] = []  # a feature's spins run inside the base spin that triggered it
    for event in events:
        spin = open_spins[-1] if open_spins else None
        if isinstance(event, SpinStarted):
            spin = {
                "step": "spin", "mode": event.mode, "index": event.index, "remaining": event.remaining,
                "multiplier": event.multiplier, "reel_set": event.reel_set, "stops": [], "wins": 0, "win": 0,
            }  # fmt: skip
            open_spins.append(spin)
            steps.append(spin)
        elif isinstance(event, ReelsStopped) and spin is not None:
            spin["stops"] = list(event.stops)
            spin["reel_set"] = event.reel_set
        elif isinstance(event, SpinEnded) and spin is not None:
            spin["win"] = event.win
            if event.feature_total:
                spin["feature_total"] = event.feature_total
            open_spins.pop()
        elif isinstance(event, FeatureTriggered):
            steps.append({
                "step": "trigger", "feature": event.feature, "symbol": event.symbol, "count": event.count,
                "awarded": event.awarded, "retrigger": event.retrigger,
            })  # fmt: skip
        elif isinstance(event, FeatureStarted):
            steps.append({"step": "feature_started", "feature": event.feature, "spins": event.spins,
                          "multiplier": event.multiplier})  # fmt: skip
        elif isinstance(event, FeatureEnded):
            steps.append({"step": "feature_ended", "feature": event.feature, "total": event.total,
                          "spins_played": event.spins_played})  # fmt: skip
        elif isinstance(event, WinCapped):
            steps.append({"step": "win_capped", "feature": event.feature, "cap": event.cap,
                          "removed": event.removed})  # fmt: skip
        elif event.kind in ("line_win", "scatter_win"):
            if spin is not None:
                spin["wins"] += 1
        elif not isinstance(event, _SKIPPED_EVENTS):
            data = event.to_dict()
            steps.append({"step": data.pop("kind"), **data})
    return tuple(steps)


# --- one record ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HistoryRecord:
    round_id: int
    time: str  # UTC, ISO 8601, when the round began
    game_id: str
    game_name: str
    fingerprint: str  # sha256 of the game's YAML when it was played (replay checks it)
    request: RoundRequest
    cost: Money
    win: Money
    credits_before: Money
    credits_after: Money
    features: tuple[str, ...] = ()
    steps: tuple[dict[str, Any], ...] = ()
    outcome: str = "played"  # played | auto_completed | recovered | voided

    def to_dict(self) -> dict[str, Any]:
        return {
            "round_id": self.round_id,
            "time": self.time,
            "game_id": self.game_id,
            "game_name": self.game_name,
            "fingerprint": self.fingerprint,
            "request": {**request_to_dict(self.request), "forced": self.request.forced},
            "cost": self.cost,
            "win": self.win,
            "credits_before": self.credits_before,
            "credits_after": self.credits_after,
            "features": list(self.features),
            "steps": [dict(s) for s in self.steps],
            "outcome": self.outcome,
        }

    def to_json(self) -> str:
        """The canonical serialisation: identical bytes for identical records."""
        return canonical_json(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> HistoryRecord:
        if not isinstance(data, Mapping):
            raise ValueError("a history record must be an object")
        expected = {"round_id", "time", "game_id", "game_name", "fingerprint", "request", "cost", "win",
                    "credits_before", "credits_after", "features", "steps", "outcome"}  # fmt: skip
        if set(data) != expected:
            raise ValueError(f"history record fields differ: missing {sorted(expected - set(data))}, "
                             f"unknown {sorted(set(data) - expected)}")
        request_data = dict(data["request"]) if isinstance(data["request"], Mapping) else data["request"]
        if not isinstance(request_data, dict) or not isinstance(request_data.pop("forced", None), bool):
            raise ValueError("history request must be an object with a 'forced' flag")
        for key in ("time", "game_id", "game_name", "fingerprint", "outcome"):
            if not isinstance(data[key], str):
                raise ValueError(f"history {key} must be text")
        if data["outcome"] not in OUTCOMES:
            raise ValueError(f"unknown history outcome {data['outcome']!r}")
        features, steps = data["features"], data["steps"]
        if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
            raise ValueError("history features must be a list of names")
        if not isinstance(steps, list) or not all(isinstance(s, dict) for s in steps):
            raise ValueError("history steps must be a list of objects")
        return cls(
            round_id=exact_amount(data["round_id"], "round_id"),
            time=data["time"],
            game_id=data["game_id"],
            game_name=data["game_name"],
            fingerprint=data["fingerprint"],
            request=request_from_dict(request_data),
            cost=exact_amount(data["cost"], "cost"),
            win=exact_amount(data["win"], "win"),
            credits_before=exact_amount(data["credits_before"], "credits_before"),
            credits_after=exact_amount(data["credits_after"], "credits_after"),
            features=tuple(features),
            steps=tuple(steps),
            outcome=data["outcome"],
        )


# --- the file ------------------------------------------------------------------------------------


def _digest(records: list[dict[str, Any]]) -> str:
    return hashlib.sha256(canonical_json(records).encode("ascii")).hexdigest()


def encode_history(records: Iterable[HistoryRecord]) -> bytes:
    rows = [r.to_dict() for r in records]
    body = {"format": HISTORY_FORMAT, "rounds": rows, "sha256": _digest(rows)}
    # One record per line: diff-friendly for a technician, still canonical per record.
    lines = ",\n".join(canonical_json(row) for row in rows)
    text = (
        f'{{"format":{HISTORY_FORMAT},"sha256":"{body["sha256"]}","rounds":[\n{lines}\n]}}\n'
        if rows else canonical_json(body) + "\n"
    )  # fmt: skip
    return text.encode("ascii")


def decode_history(raw: bytes) -> list[HistoryRecord]:
    """Parse a history file; ValueError says what is wrong (the caller keeps the file aside)."""
    try:
        obj = json.loads(raw.decode("ascii"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"not valid JSON (truncated or edited): {exc}") from None
    except RecursionError:
        raise ValueError("not a history file (nested too deeply)") from None
    if not isinstance(obj, dict) or set(obj) != {"format", "rounds", "sha256"}:
        raise ValueError("not a history file (wrong fields)")
    fmt = obj["format"]
    if isinstance(fmt, bool) or not isinstance(fmt, int):
        raise ValueError(f"bad format field {fmt!r}")
    if fmt > HISTORY_FORMAT:
        raise ValueError(f"written in history format {fmt} by a newer cabinet; this one reads {HISTORY_FORMAT}")
    rows = obj["rounds"]
    if not isinstance(rows, list):
        raise ValueError("rounds must be a list")
    if obj["sha256"] != _digest(rows):
        raise ValueError("checksum mismatch (the file was edited or damaged)")
    return [HistoryRecord.from_dict(row) for row in rows]


class History:
    """The last ``size`` finished rounds, oldest first, saved after every append."""

    def __init__(self, path: Path, size: int = DEFAULT_HISTORY_SIZE, clock: Clock = utc_now) -> None:
        if size < MIN_HISTORY_SIZE:
            raise ValueError(f"history must keep at least {MIN_HISTORY_SIZE} rounds, got {size}")
        self.path = Path(path)
        self.size = size
        self.problem: str | None = None
        self.unsaved = False  # the last append could not be written (the next save writes it too)
        self.saved_up_to = 0  # round id of the newest entry on disk (the journal keeps rounds after it)
        self._records: list[HistoryRecord] = []
        self._clock = clock

    @classmethod
    def open(cls, path: Path, size: int = DEFAULT_HISTORY_SIZE, clock: Clock = utc_now) -> History:
        history = cls(path, size, clock)
        if history.path.exists():
            try:
                history._records = decode_history(history.path.read_bytes())[-size:]
                history.saved_up_to = history.last_round_id
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
                kept = keep_aside(history.path, f"history file: {exc}", clock)
                history.problem = (
                    f"{history.path}: {exc}. It was kept aside as {kept.name}; history starts empty."
                )
        return history

    @property
    def records(self) -> tuple[HistoryRecord, ...]:
        """Oldest first."""
        return tuple(self._records)

    def latest(self, n: int = MIN_HISTORY_SIZE) -> tuple[HistoryRecord, ...]:
        """The newest ``n`` rounds, newest first (the history screen's order)."""
        return tuple(reversed(self._records[-n:]))

    def find(self, round_id: int) -> HistoryRecord | None:
        for record in reversed(self._records):
            if record.round_id == round_id:
                return record
        return None

    def is_last(self, record: HistoryRecord) -> bool:
        """Whether ``record`` is already the newest entry (recovery must not add it twice)."""
        if not self._records:
            return False
        last = self._records[-1]
        return (last.round_id, last.request, last.credits_before) == (
            record.round_id, record.request, record.credits_before,
        )  # fmt: skip

    @property
    def last_round_id(self) -> int:
        return self._records[-1].round_id if self._records else 0

    def append(self, record: HistoryRecord, *, save: bool = True) -> bool:
        """Add a finished round and save; False (and nothing written) if it is already the last.

        An OSError leaves the round in memory, ``unsaved``: the next save writes it too."""
        if self.is_last(record):
            return False
        self._records = (self._records + [record])[-self.size :]
        self.unsaved = True
        if save:
            self.save()
        return True

    def save(self) -> None:
        """Write every entry (those a failed write left out too); OSError if the disk refuses."""
        write_atomic(self.path, encode_history(self._records))
        self.unsaved = False
        self.saved_up_to = self.last_round_id
