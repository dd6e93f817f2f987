"""The operator's meters per game: a fold of the history, master and period columns.

The critical store's ``Meters`` are the cabinet's total; the audit splits them by game
and adds what an operator's menu shows: hits, each feature's count, the largest win
with its round (to REPLAY it) and the last 10 rounds of each game. Every figure is a
sum over history records, folded once each in ``round_id`` order:

- played (``played``, ``recovered``, ``auto_completed``, ``discarded``): games played,
  total bet, total won, a hit when it won, each feature that ran;
- ``voided``: counted as voided only (its bet was returned);
- credits added: the rise of the credit meter between one record's ``credits_after``
  and the next record's ``credits_before`` (top-ups between rounds; the first round's
  ``credits_before`` is the starting balance, which the store counts as credits in too),
  put on the game whose round came next.

Each column also splits its rounds by bet mode (``modes``: mode name -> rounds, in, out, the
request's ``mode``; "base" for a round of a game without modes and for records written before
modes existed), so an operator sees what the ante and each buy take and pay.

The master column never resets; the period column is zeroed by ``reset_period`` (the
menu asks first and logs it). ``audit.json`` is rewritten atomically after each fold,
with a SHA-256 over its body; ``catch_up`` folds whatever the history holds past the
last folded round, so a crash between the round's store save and this file costs
nothing (the history keeps 50 rounds, the fold runs after every one). A damaged file is
kept aside and the audit starts again from the history it can still read.

The RTP band is the ratio estimator's: for rounds with bet ``c`` and win ``w``,
``R = sum w / sum c`` and ``Var(R) ~ sum (w - R c)^2 / ((n - 1) n cbar^2)``, all from
integer sums kept exactly (``sum w^2``, ``sum w c``, ``sum c^2``).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .atomic import Clock, canonical_json, keep_aside, utc_now, write_atomic
from .history import HistoryRecord
from .meters import exact_amount

AUDIT_NAME = "audit.json"
AUDIT_FORMAT = 1
RECENT_PER_GAME = 10
Z95 = 1.959963984540054
PLAYED_OUTCOMES = frozenset({"played", "recovered", "auto_completed", "discarded"})
_COUNTS = ("games_played", "total_bet", "total_won", "credits_added", "credits_out", "hits", "voided",
           "sum_win_sq", "sum_win_bet", "sum_bet_sq", "demo_credits")
_LATER = frozenset({"demo_credits"})  # counts an older audit file lacks: they start at 0
MODE_COUNTS = ("rounds", "total_in", "total_out")  # per bet mode: rounds played, their cost, their wins


def round_mode(record: HistoryRecord) -> str:
    """The bet mode a recorded round was played in ("base" before modes existed)."""
    return str(getattr(record.request, "mode", "") or "base")


def round_variant(record: HistoryRecord) -> str:
    """The RTP variant a recorded round was played at ("" : the game's default)."""
    return str(getattr(record.request, "rtp_variant", "") or "")


def _mode_counts(value: Any) -> dict[str, dict[str, int]]:
    if not isinstance(value, Mapping):
        raise ValueError("modes must be an object of mode counts")
    out: dict[str, dict[str, int]] = {}
    for name, counts in value.items():
        if not isinstance(counts, Mapping) or set(counts) != set(MODE_COUNTS):
            raise ValueError(f"modes[{name!r}] must hold {', '.join(MODE_COUNTS)}")
        out[str(name)] = {k: exact_amount(counts[k], f"modes[{name}].{k}") for k in MODE_COUNTS}
    return out


@dataclass
class Counters:
    games_played: int = 0
    total_bet: int = 0  # minor units
    total_won: int = 0
    credits_added: int = 0
    credits_out: int = 0
    hits: int = 0  # rounds that won something
    voided: int = 0
    sum_win_sq: int = 0  # for the RTP band (see the module docstring)
    sum_win_bet: int = 0
    sum_bet_sq: int = 0
    demo_credits: int = 0  # a new cabinet's demo balance (kiosk.yaml start_credits), apart from top-ups
    features: dict[str, int] = field(default_factory=dict)
    largest: dict[str, Any] | None = None  # the history record (as a dict) of the largest win
    modes: dict[str, dict[str, int]] = field(default_factory=dict)  # bet mode -> MODE_COUNTS

    @property
    def games_lost(self) -> int:
        return self.games_played - self.hits

    def fold(self, record: HistoryRecord, credits_gap: int, *, demo: bool = False) -> None:
        if credits_gap > 0 and demo:
            self.demo_credits += credits_gap
        elif credits_gap > 0:
            self.credits_added += credits_gap
        elif credits_gap < 0:
            self.credits_out -= credits_gap
        if record.outcome == "voided":
            self.voided += 1
            return
        if record.outcome not in PLAYED_OUTCOMES:
            return
        cost, win = record.cost, record.win
        self.games_played += 1
        self.total_bet += cost
        self.total_won += win
        self.hits += 1 if win > 0 else 0
        self.sum_win_sq += win * win
        self.sum_win_bet += win * cost
        self.sum_bet_sq += cost * cost
        for name in record.features:
            self.features[name] = self.features.get(name, 0) + 1
        mode = self.modes.setdefault(round_mode(record), dict.fromkeys(MODE_COUNTS, 0))
        mode["rounds"] += 1
        mode["total_in"] += cost
        mode["total_out"] += win
        if win > 0 and (self.largest is None or win > int(self.largest["win"])):
            self.largest = record.to_dict()

    def add(self, other: Counters) -> Counters:
        """The sum of two columns (the total over games); the larger of the two largest wins."""
        out = Counters(**{k: getattr(self, k) + getattr(other, k) for k in _COUNTS})
        out.features = dict(self.features)
        for name, count in other.features.items():
            out.features[name] = out.features.get(name, 0) + count
        for source in (self.modes, other.modes):
            for name, counts in source.items():
                mode = out.modes.setdefault(name, dict.fromkeys(MODE_COUNTS, 0))
                for key in MODE_COUNTS:
                    mode[key] += counts[key]
        mine, theirs = self.largest, other.largest
        out.largest = theirs if mine is None or (theirs is not None and int(theirs["win"]) > int(mine["win"])) \
            else mine
        return out

    # -- figures ----------------------------------------------------------------------------------

    @property
    def rtp(self) -> Fraction | None:
        return Fraction(self.total_won, self.total_bet) if self.total_bet else None

    @property
    def hit_rate(self) -> Fraction | None:
        return Fraction(self.hits, self.games_played) if self.games_played else None

    def rtp_band(self) -> tuple[float, float] | None:
        """The 95% interval of the measured RTP (None under two rounds)."""
        n, rtp = self.games_played, self.rtp
        if rtp is None or n < 2:
            return None
        spread = self.sum_win_sq - 2 * rtp * self.sum_win_bet + rtp * rtp * self.sum_bet_sq  # exact
        mean_bet = Fraction(self.total_bet, n)
        variance = max(Fraction(0), spread) / ((n - 1) * n * mean_bet * mean_bet)
        half = Z95 * math.sqrt(variance)  # a statistic for the screen, never money: a float is fine here
        return rtp - half, rtp + half

    def largest_record(self) -> HistoryRecord | None:
        return HistoryRecord.from_dict(self.largest) if self.largest is not None else None

    # -- storage ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in _COUNTS}
        out["features"] = dict(sorted(self.features.items()))
        out["largest"] = self.largest
        if self.modes:  # only once a round was metered by mode: an older file's bytes stay as they were
            out["modes"] = {name: dict(self.modes[name]) for name in sorted(self.modes)}
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Counters:
        if not isinstance(data, Mapping) or not set(data) - _LATER <= {*_COUNTS, "features", "largest", "modes"} \
                or not {*_COUNTS, "features", "largest"} - _LATER <= set(data):
            raise ValueError("meter column fields differ")
        data = {**{k: 0 for k in _LATER}, **data}
        features = data["features"]
        if not isinstance(features, Mapping):
            raise ValueError("features must be an object of counts")
        largest = data["largest"]
        if largest is not None:
            HistoryRecord.from_dict(largest)  # refuses a damaged record now, not when REPLAY is pressed
        return cls(**{k: exact_amount(data[k], k) for k in _COUNTS},
                   features={str(k): exact_amount(v, k) for k, v in features.items()}, largest=largest,
                   modes=_mode_counts(data.get("modes", {})))


@dataclass
class GameAudit:
    game_id: str
    game_name: str = ""
    master: Counters = field(default_factory=Counters)
    period: Counters = field(default_factory=Counters)
    recent: list[dict[str, Any]] = field(default_factory=list)  # its last 10 rounds, oldest first

    def recent_records(self) -> list[HistoryRecord]:
        """Newest first."""
        return [HistoryRecord.from_dict(r) for r in reversed(self.recent)]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.game_name, "master": self.master.to_dict(), "period": self.period.to_dict(),
                "recent": self.recent}


class Audit:
    """Per-game meters of one data folder (``path`` None: in memory, a plain run)."""

    def __init__(self, path: Path | None, clock: Clock = utc_now) -> None:
        self.path = path
        self.clock = clock
        self.games: dict[str, GameAudit] = {}
        self.last_round_id = 0
        self.last_credits_after = 0
        self.period_started = clock().isoformat(timespec="seconds")
        self.problem: str | None = None  # a file kept aside at open (the menu says so)

    @classmethod
    def open(cls, data_dir: Path | None, clock: Clock = utc_now) -> Audit:
        audit = cls(data_dir / AUDIT_NAME if data_dir is not None else None, clock)
        if audit.path is not None and audit.path.exists():
            try:
                audit._load(audit.path.read_bytes())
            except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
                # Any of these is a damaged or edited file (a list for a mapping, nesting thousands deep).
                why = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
                audit.__init__(audit.path, clock)  # type: ignore[misc]
                try:
                    kept = keep_aside(audit.path, f"audit file: {why}", clock)
                except OSError as again:  # cannot move it: leave it alone and keep the meters in memory
                    audit.path = None
                    audit.problem = (f"{AUDIT_NAME}: {why}; it cannot be kept aside ({again.strerror or again}), "
                                     "so it is left as it is and this run's meters are not saved")
                else:
                    audit.problem = f"{AUDIT_NAME}: {why}; kept aside as {kept.name}; the meters start again"
        return audit

    @classmethod
    def read(cls, data_dir: Path) -> Audit:
        """The audit of ``data_dir`` for reading only (an export): a damaged file raises
        ValueError and stays where it is; a missing one is an empty audit."""
        audit = cls(data_dir / AUDIT_NAME)
        if audit.path is not None and audit.path.exists():
            try:
                audit._load(audit.path.read_bytes())
            except (KeyError, TypeError) as exc:
                raise ValueError(f"damaged: {exc}") from None
        return audit

    def _load(self, raw: bytes) -> None:
        obj = json.loads(raw.decode("ascii"))
        if not isinstance(obj, dict) or obj.get("format") != AUDIT_FORMAT:
            raise ValueError(f"not an audit file of format {AUDIT_FORMAT}")
        body = obj["body"]
        if obj.get("sha256") != _digest(body):
            raise ValueError("checksum mismatch (the file was edited or damaged)")
        self.last_round_id = exact_amount(body["last_round_id"], "last_round_id")
        self.last_credits_after = exact_amount(body["last_credits_after"], "last_credits_after")
        self.period_started = str(body["period_started"])
        for game_id, data in body["games"].items():
            recent = list(data["recent"])
            for row in recent:
                HistoryRecord.from_dict(row)
            self.games[game_id] = GameAudit(game_id, str(data["name"]), Counters.from_dict(data["master"]),
                                            Counters.from_dict(data["period"]), recent)

    def body(self) -> dict[str, Any]:
        return {"last_round_id": self.last_round_id, "last_credits_after": self.last_credits_after,
                "period_started": self.period_started,
                "games": {gid: g.to_dict() for gid, g in sorted(self.games.items())}}

    def save(self) -> None:
        if self.path is None:
            return
        body = self.body()
        write_atomic(self.path, canonical_json({"format": AUDIT_FORMAT, "sha256": _digest(body),
                                                "body": body}).encode("ascii"))

    # -- folding ----------------------------------------------------------------------------------

    def fold(self, record: HistoryRecord) -> bool:
        """Count one finished round (once: a round already folded is skipped)."""
        if record.round_id <= self.last_round_id:
            return False
        # The credit meter before the very first round is the new cabinet's demo balance
        # (the store counts it as credits in; the operator reads it apart from ADD CREDITS).
        demo = self.last_round_id == 0 and self.last_credits_after == 0 and not self.games
        game = self.games.get(record.game_id)
        if game is None:
            game = self.games[record.game_id] = GameAudit(record.game_id, record.game_name)
        game.game_name = record.game_name or game.game_name
        gap = record.credits_before - self.last_credits_after
        game.master.fold(record, gap, demo=demo)
        game.period.fold(record, gap, demo=demo)
        game.recent = (game.recent + [record.to_dict()])[-RECENT_PER_GAME:]
        self.last_round_id = record.round_id
        self.last_credits_after = record.credits_after
        return True

    def cash_out(self, game_id: str, game_name: str, amount: int) -> None:
        """A COLLECT of ``amount`` (the whole credit meter) in ``game_id``: credits out now, and
        the top-ups since the last round (the meter's rise above what that round left) in now
        too, so the next round's gap counts only what comes after (never negative)."""
        demo = self.last_round_id == 0 and self.last_credits_after == 0 and not self.games
        game = self.games.get(game_id)
        if game is None:
            game = self.games[game_id] = GameAudit(game_id, game_name)
        gap = amount - self.last_credits_after
        for column in (game.master, game.period):
            if gap > 0 and demo:
                column.demo_credits += gap
            elif gap > 0:
                column.credits_added += gap
            column.credits_out += amount
        self.last_credits_after = 0
        self.save()

    def catch_up(self, records: Iterable[HistoryRecord], *, save: bool = True) -> int:
        """Fold every record not folded yet (any order in; folded by round id); saves if any was."""
        new = sorted((r for r in records if r.round_id > self.last_round_id), key=lambda r: r.round_id)
        for record in new:
            self.fold(record)
        if new and save:
            self.save()
        return len(new)

    def reset_period(self) -> None:
        for game in self.games.values():
            game.period = Counters()
        self.period_started = self.clock().isoformat(timespec="seconds")
        self.save()

    # -- reading ----------------------------------------------------------------------------------

    def total(self, column: str) -> Counters:
        out = Counters()
        for game in self.games.values():
            out = out.add(getattr(game, column))
        return out


def _digest(body: Any) -> str:
    return hashlib.sha256(canonical_json(body).encode("ascii")).hexdigest()
