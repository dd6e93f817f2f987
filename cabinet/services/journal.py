"""The round journal: what the player started, on disk before they see its outcome.

``journal.log`` is append-only, one JSON record per line, each with a sequence
number and a CRC32 of its payload, fsynced after every append. A round writes

- ``begin``: round id, game, definition fingerprint, the full ``RoundRequest``
  (bet, seed, kind, respin reel, held screen, script, decisions and, only when set,
  ``forced_by``: how a forced outcome was chosen), cost, credits before, time;
  written BEFORE any outcome is shown, so a crash can never reveal an outcome the
  cabinet cannot reproduce;
- ``decision``: each player choice, before its consequence is shown;
- ``progress``: how far the screen has shown the round (the session's step index),
  so recovery resumes where the player was, not from the start;
- ``end``: the win and the credits after.

The journal never decides money: credits live in the critical store
(``store.py``). The journal says which round was in flight and how to replay it.

Reading back (``Journal.open``): a torn last line (no newline: the process died in
the middle of a write) is expected after a kill and is dropped silently. Anything
else that does not check out (garbage or a bad CRC before the end, a sequence gap,
a record from a newer format, a record that contradicts the round structure) is a
``JournalProblem``: the file is kept aside, never deleted, and a fresh journal
starts from the valid prefix.

Compaction: past ``max_records`` records the log is rewritten atomically, keeping
only the unfinished round, behind a ``checkpoint`` record that carries the sequence
number on, so sequence numbers grow for the life of the cabinet. Settled rounds whose
history entry is not on disk yet (``keep_settled_after``: history could not be written)
are kept too, up to ``SETTLED_KEPT`` of them, so a restart can rebuild those entries;
only when the disk has no room even for the compacted log are they let go (money first).
"""

from __future__ import annotations

import errno
import json
import os
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cabinet.core.bet import Bet
from cabinet.core.money import Money
from cabinet.core.round import FORCED_BY, RoundRequest

from .atomic import Clock, canonical_json, fsync_dir, keep_aside, utc_now, write_atomic

JOURNAL_FORMAT = 1
JOURNAL_NAME = "journal.log"
DEFAULT_MAX_RECORDS = 1000

RECORD_TYPES = ("checkpoint", "begin", "decision", "progress", "end")
SETTLED_KEPT = 50  # settled rounds remembered for history's sake (history's default size)
_NO_ROOM = {errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", errno.ENOSPC)}


class JournalProblem(Exception):
    """The journal file could not be trusted as it was; the message says why.

    ``kept_path`` is where the original file now is (never deleted).
    """

    def __init__(self, message: str, kept_path: Path | None = None) -> None:
        super().__init__(message)
        self.kept_path = kept_path


class RecordError(ValueError):
    """One record that does not check out (the reader turns it into a JournalProblem)."""


# --- RoundRequest <-> JSON ------------------------------------------------------------------------


def request_to_dict(request: RoundRequest) -> dict[str, Any]:
    """A RoundRequest as JSON-safe data: ints stay exact ints (seeds up to 2^64-1).

    ``forced_by`` is written only when set, so a drawn round's record is byte for byte what
    cabinets before the field wrote, and their records (which lack it) read as drawn rounds."""
    data: dict[str, Any] = {
        "bet": {
            "lines": request.bet.lines,
            "coins_per_line": request.bet.coins_per_line,
            "coin_value": request.bet.coin_value,
        },
        "seed": request.seed,
        "kind": request.kind,
        "respin_reel": request.respin_reel,
        "held_stops": list(request.held_stops),
        "held_reel_set": request.held_reel_set,
        "script": list(request.script),
        "decisions": list(request.decisions),
    }
    if request.forced_by:
        data["forced_by"] = request.forced_by
    if request.held_screen:  # only where a screen block changed the respun screen: older records stay as they were
        data["held_screen"] = [list(column) for column in request.held_screen]
    if request.mode != "base":  # a bet mode's round (ante, buy): base rounds' records stay as they were
        data["mode"] = request.mode
    if request.rtp_variant:
        data["rtp_variant"] = request.rtp_variant
    if request.interactive:  # a player takes its choices (a pick bonus): other records stay as they were
        data["interactive"] = True
    if request.carried:  # a game with a collection meter: what the round started from
        data["carried"] = {name: value for name, value in request.carried}
    return data


_REQUEST_KEYS = {"bet", "seed", "kind", "respin_reel", "held_stops", "held_reel_set", "script", "decisions",
                 "forced_by", "held_screen", "mode", "rtp_variant", "interactive", "carried"}


def _exact_int(value: Any, what: str) -> int:
    # bool is an int in Python and a float may have lost digits: both are refused.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    return value


def _int_list(value: Any, what: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list of whole numbers, got {value!r}")
    return tuple(_exact_int(v, f"{what} entry") for v in value)


def _screen(value: Any, what: str) -> tuple[tuple[str, ...], ...]:
    if not isinstance(value, list) or not all(isinstance(column, list) for column in value):
        raise ValueError(f"{what} must be a list of reels, each a list of symbols, got {value!r}")
    return tuple(tuple(_str(s, f"{what} symbol") for s in column) for column in value)


def _str(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, got {value!r}")
    return value


def request_from_dict(data: Mapping[str, Any]) -> RoundRequest:
    """The inverse of ``request_to_dict``; a ValueError names the first bad field."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a round request must be an object, got {data!r}")
    unknown = set(data) - _REQUEST_KEYS
    if unknown:
        raise ValueError(f"unknown round request field(s): {', '.join(sorted(unknown))}")
    for key in ("bet", "seed"):
        if key not in data:
            raise ValueError(f"round request lacks '{key}'")
    bet = data["bet"]
    if not isinstance(bet, Mapping) or set(bet) != {"lines", "coins_per_line", "coin_value"}:
        raise ValueError(f"bet must have exactly lines, coins_per_line and coin_value, got {bet!r}")
    kind = data.get("kind", "spin")
    if kind not in ("spin", "respin"):
        raise ValueError(f"round kind must be 'spin' or 'respin', got {kind!r}")
    decisions = data.get("decisions", [])
    if not isinstance(decisions, list):
        raise ValueError(f"decisions must be a list, got {decisions!r}")
    seed = _exact_int(data["seed"], "seed")
    if not 0 <= seed < 1 << 64:
        raise ValueError(f"seed must be from 0 to 2^64-1, got {seed}")
    forced_by = next((f for f in FORCED_BY if f == data.get("forced_by", "")), None)
    if forced_by is None or "forced_by" in data and not forced_by:
        raise ValueError(f"forced_by must be one of {', '.join(repr(f) for f in FORCED_BY[1:])}, "
                         f"got {data.get('forced_by')!r}")
    return RoundRequest(
        bet=Bet(
            _exact_int(bet["lines"], "bet lines"),
            _exact_int(bet["coins_per_line"], "coins per line"),
            _exact_int(bet["coin_value"], "coin value"),
        ),
        seed=seed,
        kind=kind,
        respin_reel=_exact_int(data.get("respin_reel", -1), "respin_reel"),
        held_stops=_int_list(data.get("held_stops", []), "held_stops"),
        held_reel_set=_str(data.get("held_reel_set", "base"), "held_reel_set"),
        held_screen=_screen(data.get("held_screen", []), "held_screen"),
        script=_int_list(data.get("script", []), "script"),
        decisions=tuple(_str(d, "decision") for d in decisions),
        forced_by=forced_by,
        mode=_str(data.get("mode", "base"), "mode") or "base",
        rtp_variant=_str(data.get("rtp_variant", ""), "rtp_variant"),
        interactive=_flag(data.get("interactive", False), "interactive"),
        carried=_carried(data.get("carried", {})),
    )


def _flag(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be true or false, got {value!r}")
    return value


def _carried(value: Any) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping):
        raise ValueError(f"carried must be an object of meter values, got {value!r}")
    return tuple((_str(k, "carried name"), _exact_int(v, f"carried {k}")) for k, v in value.items())


# --- records -------------------------------------------------------------------------------------


def crc_of(payload: Mapping[str, Any]) -> str:
    return f"{zlib.crc32(canonical_json(payload).encode('ascii')) & 0xFFFFFFFF:08x}"


def encode_record(seq: int, rtype: str, data: Mapping[str, Any]) -> bytes:
    """One journal line: the payload plus its CRC32, newline-terminated."""
    payload = {"v": JOURNAL_FORMAT, "seq": seq, "type": rtype, "data": dict(data)}
    return (canonical_json({**payload, "crc": crc_of(payload)}) + "\n").encode("ascii")


@dataclass(frozen=True)
class Record:
    seq: int
    type: str
    data: dict[str, Any]


def decode_record(line: bytes) -> Record:
    """Parse and verify one line (without its newline); RecordError says what is wrong."""
    try:
        obj = json.loads(line.decode("ascii"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise RecordError(f"not a journal record ({exc.__class__.__name__})") from None
    if not isinstance(obj, dict) or set(obj) != {"v", "seq", "type", "data", "crc"}:
        raise RecordError("not a journal record (wrong fields)")
    crc = obj.pop("crc")
    if crc != crc_of(obj):
        raise RecordError("checksum mismatch (the record was altered or damaged)")
    version = obj["v"]
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(f"bad format version {version!r}")
    if version > JOURNAL_FORMAT:
        raise RecordError(
            f"written in journal format {version} by a newer cabinet; this one reads format {JOURNAL_FORMAT}"
        )
    seq, rtype, data = obj["seq"], obj["type"], obj["data"]
    if isinstance(seq, bool) or not isinstance(seq, int) or seq < 0:
        raise RecordError(f"bad sequence number {seq!r}")
    if rtype not in RECORD_TYPES or not isinstance(data, dict):
        raise RecordError(f"unknown record type {rtype!r}")
    return Record(seq, rtype, data)


def salvage_round(raw: bytes, round_id: int) -> list[tuple[str, dict[str, Any]]]:
    """The intact records of an unfinished round ``round_id`` in a damaged journal's bytes.

    Lines that fail their CRC or do not parse are skipped. The round's ``begin`` must be
    intact; its decisions and progress are taken in order as long as their sequence
    numbers follow on without a gap (a damaged decision would otherwise be skipped and
    the round replayed with a different choice). Empty when there is no such begin, or
    the round has an ``end`` (it was settled: nothing to salvage).
    """
    found: list[tuple[str, dict[str, Any]]] = []
    last_seq = -1
    for line in raw.split(b"\n"):
        try:
            record = decode_record(line)
        except RecordError:
            if found:
                last_seq = -2  # a bad line inside the round: what follows may miss a record
            continue
        is_ours = record.data.get("round_id") == round_id
        if record.type == "begin" and is_ours:
            found, last_seq = [("begin", record.data)], record.seq
        elif found and is_ours and record.type == "end":
            return []
        elif found and is_ours and record.type in ("decision", "progress") and record.seq == last_seq + 1:
            found.append((record.type, record.data))
            last_seq = record.seq
        elif found and record.seq == last_seq + 1:
            last_seq = -2  # another round's record inside this one: the rest cannot be trusted
    return found


# --- the unfinished round ------------------------------------------------------------------------


@dataclass(frozen=True)
class PendingRound:
    """A round that began and has no end record: what recovery needs to redo it."""

    round_id: int
    game_id: str
    game_name: str
    fingerprint: str
    request: RoundRequest  # including every decision journaled since the begin
    cost: Money
    credits_before: Money
    started_at: str  # UTC ISO time of the begin record
    step: int | None  # the last progress step shown; None: nothing was shown yet
    begin_seq: int


@dataclass
class _OpenRound:
    """The round in flight while reading or writing, with what compaction must keep."""

    pending: PendingRound
    begin_data: dict[str, Any]
    decisions: list[str] = field(default_factory=list)

    def records(self) -> list[tuple[str, dict[str, Any]]]:
        """The smallest record list that rebuilds this round: begin, decisions, last step."""
        round_id = self.pending.round_id
        out: list[tuple[str, dict[str, Any]]] = [("begin", self.begin_data)]
        out += [("decision", {"round_id": round_id, "decision": d}) for d in self.decisions]
        if self.pending.step is not None:
            out.append(("progress", {"round_id": round_id, "step": self.pending.step}))
        return out


@dataclass(frozen=True)
class SettledRound:
    """A round with its begin and its end in the journal: what its history entry needs."""

    pending: PendingRound  # the round as it began, with every decision
    win: Money
    credits_after: Money
    outcome: str


@dataclass(frozen=True)
class _SettledRecords:
    round_id: int
    records: tuple[tuple[str, dict[str, Any]], ...]  # begin, decisions, end (what compaction rewrites)
    settled: SettledRound


def _pending_from_begin(seq: int, data: Mapping[str, Any]) -> PendingRound:
    try:
        return PendingRound(
            round_id=_exact_int(data["round_id"], "round_id"),
            game_id=_str(data["game_id"], "game_id"),
            game_name=_str(data.get("game_name", data["game_id"]), "game_name"),
            fingerprint=_str(data["fingerprint"], "fingerprint"),
            request=request_from_dict(data["request"]),
            cost=_exact_int(data["cost"], "cost"),
            credits_before=_exact_int(data["credits_before"], "credits_before"),
            started_at=_str(data.get("time", ""), "time"),
            step=None,
            begin_seq=seq,
        )
    except KeyError as exc:
        raise RecordError(f"begin record lacks {exc}") from None
    except ValueError as exc:
        raise RecordError(f"bad begin record: {exc}") from None


class _Replayer:
    """Checks records in order and tracks the open round (shared by open and append)."""

    def __init__(self) -> None:
        self.last_seq: int | None = None
        self.count = 0
        self.open: _OpenRound | None = None
        self.settled: list[_SettledRecords] = []  # the newest SETTLED_KEPT settled rounds, oldest first

    def apply(self, record: Record) -> None:
        """Accept ``record`` or raise RecordError without changing anything."""
        self._check_seq(record)
        data = record.data
        if record.type == "checkpoint":
            if self.open is not None:
                raise RecordError("checkpoint inside an unfinished round")
        elif record.type == "begin":
            pending = _pending_from_begin(record.seq, data)
            if self.open is not None:
                raise RecordError(
                    f"round {pending.round_id} begins while round {self.open.pending.round_id} is unfinished"
                )
            self.open = _OpenRound(pending, dict(data))
            self.last_seq, self.count = record.seq, self.count + 1
            return
        else:
            open_round = self._open_round_for(record)
            if record.type == "decision":
                decision = data.get("decision")
                if not isinstance(decision, str):
                    raise RecordError(f"bad decision {decision!r}")
                request = open_round.pending.request
                request = replace(request, decisions=request.decisions + (decision,))
                open_round.pending = replace(open_round.pending, request=request)
                open_round.decisions.append(decision)
            elif record.type == "progress":
                step = data.get("step")
                if isinstance(step, bool) or not isinstance(step, int):
                    raise RecordError(f"bad progress step {step!r}")
                open_round.pending = replace(open_round.pending, step=step)
            else:  # end
                for key in ("win", "credits_after"):
                    value = data.get(key)
                    if isinstance(value, bool) or not isinstance(value, int):
                        raise RecordError(f"bad end record: {key} is {value!r}")
                self._settle(open_round, data)
                self.open = None
        self.last_seq, self.count = record.seq, self.count + 1

    def _settle(self, open_round: _OpenRound, end: dict[str, Any]) -> None:
        round_id = open_round.pending.round_id
        records = (*(r for r in open_round.records() if r[0] != "progress"), ("end", dict(end)))
        outcome = end.get("outcome", "played")
        settled = SettledRound(open_round.pending, end["win"], end["credits_after"],
                               outcome if isinstance(outcome, str) else "played")
        self.settled = [*self.settled, _SettledRecords(round_id, records, settled)][-SETTLED_KEPT:]

    def _check_seq(self, record: Record) -> None:
        if self.last_seq is None:
            return
        if record.type == "checkpoint":
            if record.seq <= self.last_seq:
                raise RecordError(f"checkpoint sequence {record.seq} does not move past {self.last_seq}")
        elif record.seq != self.last_seq + 1:
            raise RecordError(f"sequence number {record.seq} where {self.last_seq + 1} was expected")

    def _open_round_for(self, record: Record) -> _OpenRound:
        round_id = record.data.get("round_id")
        if self.open is None:
            raise RecordError(f"{record.type} record for round {round_id!r}, which has not begun")
        if round_id != self.open.pending.round_id:
            raise RecordError(
                f"{record.type} record for round {round_id!r} while round {self.open.pending.round_id} is open"
            )
        return self.open


# --- the journal ---------------------------------------------------------------------------------


def read_pending(path: Path) -> PendingRound | None:
    """The unfinished round of the journal at ``path``, read without opening it for writing
    (nothing is changed or kept aside): what a kiosk powering up after a cut goes back to.
    The records up to the first damaged line count, as ``Journal.open`` counts them."""
    try:
        raw = Path(path).read_bytes()
    except OSError:
        return None
    replayer = _Replayer()
    for line in raw.split(b"\n")[:-1]:  # the part after the last newline is a torn write
        try:
            replayer.apply(decode_record(line))
        except RecordError:
            break
    return replayer.open.pending if replayer.open is not None else None


class Journal:
    """An open journal file; every append is on disk when the call returns."""

    def __init__(self, path: Path, replayer: _Replayer, size: int, max_records: int, clock: Clock) -> None:
        self.path = path
        self.max_records = max_records
        self.problem: JournalProblem | None = None
        self._state = replayer
        self._size = size
        self._clock = clock
        self._fd: int | None = None
        # Settled rounds after this round id still lack their history entry on disk: compaction
        # keeps them (None: history is not this journal's concern, keep none).
        self.keep_settled_after: int | None = None

    # -- opening ----------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path, max_records: int = DEFAULT_MAX_RECORDS, clock: Clock = utc_now,
             seen_up_to: int = 0) -> Journal:
        """Replay ``path`` (missing: a new, empty journal). See the module doc for what is kept.

        ``seen_up_to`` is the last sequence number the critical store saw written. A journal
        that ends before it lost records the store relied on (truncated, deleted, or an
        older copy put back): that is a ``JournalProblem`` too, so the file is kept aside
        with a message instead of being quietly carried on."""
        path = Path(path)
        if max_records < 2:
            raise ValueError("a journal must be allowed at least 2 records")
        existed = path.exists()
        raw = path.read_bytes() if existed else b""
        replayer = _Replayer()
        good_end = 0  # byte offset just past the last accepted line
        problem: str | None = None
        line_no = 0
        pos = 0
        while pos < len(raw):
            newline = raw.find(b"\n", pos)
            if newline < 0:
                break  # the torn tail of an interrupted write: dropped below
            line_no += 1
            line = raw[pos:newline]
            try:
                replayer.apply(decode_record(line))
            except RecordError as exc:
                problem = f"line {line_no}: {exc}"
                break
            pos = good_end = newline + 1

        journal = cls(path, replayer, good_end, max_records, clock)
        last = replayer.last_seq or 0
        if problem is None and last < seen_up_to:
            # Records the store saw are gone: not a torn tail, whose record was never acknowledged.
            ends = f"ends at record {last}" if existed else "is missing"
            problem = (f"the journal {ends}, but the critical store saw record {seen_up_to} written: "
                       "it was truncated, deleted or replaced by an older copy")
        if problem is not None and not existed:
            journal.problem = JournalProblem(f"{path}: {problem}. A new journal starts; the critical store "
                                             "still holds every credit and meter.")
        elif problem is not None:
            kept = keep_aside(path, f"journal problem at {problem}", clock)
            write_atomic(path, raw[:good_end])
            where = "before that line" if problem.startswith("line ") else "it still holds"
            journal.problem = JournalProblem(
                f"{path}: {problem}. The journal was kept aside as {kept.name}; a new journal continues "
                f"from the {replayer.count} valid record(s) {where}.",
                kept,
            )
        elif good_end < len(raw):
            # Torn tail: cut it so the next append starts a clean line.
            os.truncate(path, good_end)
            _fsync_file(path)
        return journal

    # -- what it holds ----------------------------------------------------------------------------

    @property
    def last_seq(self) -> int:
        """Sequence number of the newest record (0: empty)."""
        return self._state.last_seq or 0

    @property
    def record_count(self) -> int:
        return self._state.count

    def pending(self) -> PendingRound | None:
        """The unfinished round (a begin without an end), or None."""
        return self._state.open.pending if self._state.open else None

    def settled_rounds(self) -> tuple[SettledRound, ...]:
        """The newest settled rounds the journal still holds (at most ``SETTLED_KEPT``), oldest first."""
        return tuple(s.settled for s in self._state.settled)

    # -- appending --------------------------------------------------------------------------------

    def begin(
        self,
        round_id: int,
        game_id: str,
        fingerprint: str,
        request: RoundRequest,
        cost: Money,
        credits_before: Money,
        game_name: str = "",
    ) -> int:
        return self._append(
            "begin",
            {
                "round_id": round_id,
                "game_id": game_id,
                "game_name": game_name or game_id,
                "fingerprint": fingerprint,
                "request": request_to_dict(request),
                "cost": cost,
                "credits_before": credits_before,
                "time": self._clock().isoformat(),
            },
        )

    def decision(self, round_id: int, decision: str) -> int:
        return self._append("decision", {"round_id": round_id, "decision": decision})

    def progress(self, round_id: int, step: int) -> int:
        return self._append("progress", {"round_id": round_id, "step": step})

    def end(self, round_id: int, win: Money, credits_after: Money, outcome: str = "played") -> int:
        """Close the round. ``outcome``: played, auto_completed, voided or recovered."""
        return self._append(
            "end", {"round_id": round_id, "win": win, "credits_after": credits_after, "outcome": outcome}
        )

    def adopt(self, rtype: str, data: dict[str, Any]) -> int:
        """Append a record salvaged from a damaged copy (``salvage_round``), as it was."""
        return self._append(rtype, dict(data))

    def checkpoint(self, at_least: int, reason: str) -> int | None:
        """Move the sequence number up to ``at_least`` (after a journal was kept aside, so
        numbers are not reused). Returns the new sequence number, or None if not needed."""
        if at_least <= self.last_seq or self._state.open is not None:
            return None
        return self._append("checkpoint", {"reason": reason}, seq=at_least)

    def carry_on(self, at_least: int, reason: str) -> None:
        """Make the numbering continue from ``at_least`` (the critical store saw it written):
        a checkpoint, or, with a round open (which a checkpoint may not interrupt), the open
        round rewritten behind one, as compaction does. A journal cut short is then whole
        again, so the next start does not find it short and set it aside again."""
        if at_least <= self.last_seq:
            return
        if self._state.open is None:
            self.checkpoint(at_least, reason)
            return
        previous = self._state.last_seq
        self._state.last_seq = at_least
        try:
            self.compact()
        except BaseException:
            self._state.last_seq = previous  # the file was not rewritten: keep numbering with it
            raise

    def _append(self, rtype: str, data: dict[str, Any], seq: int | None = None) -> int:
        seq = self.last_seq + 1 if seq is None else seq
        line = encode_record(seq, rtype, data)
        # Validate against the round structure before touching the disk.
        probe = _copy_replayer(self._state)
        try:
            probe.apply(Record(seq, rtype, data))
        except RecordError as exc:
            raise ValueError(f"journal refuses this {rtype} record: {exc}") from None
        try:
            self._write(line)
        except OSError as exc:
            if exc.errno not in _NO_ROOM:
                raise
            probe = self._write_after_compaction(exc, seq, rtype, data, line)
        self._state = probe
        if self._state.count > self.max_records and self._compacted_size() < self._state.count:
            try:
                self.compact()
            except OSError as exc:
                # The record is written; a log too long for now is no loss, and a full disk
                # shrinks it when an append needs the room (without what history lacks, if need be).
                if exc.errno not in _NO_ROOM:
                    raise
        return seq

    def _write_after_compaction(self, exc: OSError, seq: int, rtype: str, data: dict[str, Any],
                                line: bytes) -> _Replayer:
        """No room to grow (a full disk, a file-size limit): the settled rounds are not needed
        for money (the store holds it), so shrink the log and write ``line`` again. First
        keeping the rounds history still lacks; if even that does not fit, without them."""
        for keep_settled in (True, False):
            if self._compacted_size(keep_settled=keep_settled) >= self._state.count:
                continue
            try:
                self.compact(keep_settled=keep_settled)
                probe = _copy_replayer(self._state)  # the same sequence and open round, fewer records
                probe.apply(Record(seq, rtype, data))
                self._write(line)
            except OSError:
                continue
            return probe
        raise exc from None

    def _write(self, line: bytes) -> None:
        if self._fd is None:
            existed = self.path.exists()
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            if not existed:
                fsync_dir(self.path.parent)
        try:
            view = memoryview(line)
            while view:
                written = os.write(self._fd, view)
                view = view[written:]
            os.fsync(self._fd)
        except OSError:
            # Never leave half a record in the middle of the log (disk full, I/O error).
            try:
                os.ftruncate(self._fd, self._size)
            except OSError:
                pass
            raise
        self._size += len(line)

    # -- compaction -------------------------------------------------------------------------------

    def _settled_to_keep(self) -> list[_SettledRecords]:
        after = self.keep_settled_after
        return [] if after is None else [s for s in self._state.settled if s.round_id > after]

    def _compacted_size(self, *, keep_settled: bool = True) -> int:
        open_round = self._state.open
        settled = sum(len(s.records) for s in self._settled_to_keep()) if keep_settled else 0
        return 1 + settled + (len(open_round.records()) if open_round is not None else 0)

    def compact(self, *, keep_settled: bool = True) -> None:
        """Rewrite the log atomically with only the unfinished round (if any), and the settled
        rounds whose history entry is not written yet (``keep_settled_after``).

        The kept records are re-numbered to end at the current sequence number, behind
        a checkpoint, so numbering continues without a gap or a reuse.
        """
        open_round = self._state.open
        kept = [r for s in self._settled_to_keep() for r in s.records] if keep_settled else []
        kept += open_round.records() if open_round is not None else []
        mark = self.last_seq - len(kept)
        records = [Record(mark, "checkpoint", {"reason": "compacted"})]
        records += [Record(mark + 1 + i, rtype, data) for i, (rtype, data) in enumerate(kept)]
        content = b"".join(encode_record(r.seq, r.type, r.data) for r in records)
        replayer = _Replayer()
        for record in records:
            replayer.apply(record)
        self.close()
        write_atomic(self.path, content)
        self._state = replayer
        self._size = len(content)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _copy_replayer(src: _Replayer) -> _Replayer:
    out = _Replayer()
    out.last_seq, out.count = src.last_seq, src.count
    out.settled = list(src.settled)
    if src.open is not None:
        out.open = _OpenRound(src.open.pending, src.open.begin_data, list(src.open.decisions))
    return out


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
