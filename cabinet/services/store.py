"""The critical store: the credit meter and everything money depends on, twice.

Credits, meters, the journal head (last journal sequence number the store has
seen), the round counter, the charged-but-unpaid round and the session seed live
in two copies, ``critical.a.json`` and ``critical.b.json``. Each copy carries a
version counter and a SHA-256 of its content. A save writes copy A atomically,
then copy B, so at any instant at least one complete copy holds either the old or
the new state.

Loading:
- both good: the newest wins (an older B just means the power went between the
  two writes; it is brought up to date quietly);
- one damaged (bad checksum, truncated, unreadable, missing): it is kept aside and
  rebuilt from the other, and the load reports "repaired";
- both damaged, and a save was killed between writing its temporary copy and renaming
  it (``.critical.b.json.<random>.tmp``): a temporary copy that passes every check a
  real copy must (checksum, fields, balanced meters) is what that rename would have put
  in place, so it is renamed into place, the other copy is rebuilt from it, the damaged
  copies and any other temporary copies are kept aside, and the load reports "rebuilt"
  (the screen says so);
- both damaged with no such copy, the copies disagree, the meters do not balance, or a
  copy written by a newer cabinet: ``Malfunction``. Nothing is touched, nothing is
  cleared, temporary copies included: the rule sheets say "malfunction voids all pays
  and plays", and an operator decides.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from cabinet.core.money import Money
from cabinet.errors import CabinetError

from .atomic import Clock, canonical_json, fsync_dir, keep_aside, utc_now, write_atomic
from .jackpot_pool import KeptState, Pool
from .meters import Meters, exact_amount

STORE_FORMAT = 1
COPY_NAMES = ("critical.a.json", "critical.b.json")


class Malfunction(CabinetError):
    """The cabinet cannot trust its money: play stays disabled until an operator acts.

    ``paths`` are the files concerned; they are left exactly as they were found.
    """

    exit_code = 3  # a headless run stops with its own code: an operator must look

    def __init__(self, message: str, paths: tuple[Path, ...] = ()) -> None:
        super().__init__(message)
        self.paths = paths


class StoreTooNew(Malfunction):
    """A copy was written by a newer cabinet: reading it as ours could lose money."""


@dataclass(frozen=True)
class OpenCharge:
    """A round whose cost was charged and whose win is not yet paid."""

    round_id: int
    cost: Money
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return {"round_id": self.round_id, "cost": self.cost, "kind": self.kind}

    @classmethod
    def from_dict(cls, data: Any) -> OpenCharge:
        if not isinstance(data, Mapping) or set(data) != {"round_id", "cost", "kind"}:
            raise ValueError(f"open_round must have round_id, cost and kind, got {data!r}")
        kind = data["kind"]
        if not isinstance(kind, str):
            raise ValueError(f"open_round kind must be text, got {kind!r}")
        return cls(exact_amount(data["round_id"], "open round id"), exact_amount(data["cost"], "open round cost"), kind)


@dataclass
class CriticalState:
    credits: Money = 0
    opening_credits: Money = 0  # the credit meter when the meters were last zeroed
    meters: Meters = field(default_factory=Meters)
    journal_head: int = 0  # last journal sequence number written before this save
    round_counter: int = 0  # id of the last round charged (the next is +1)
    open_round: OpenCharge | None = None  # charged, not yet paid
    session_seed: int = 0  # master seed; round i plays derive_seed(session_seed, i)
    # jackpot pools and collection meters (``jackpot_pool.py``): saved with the credits; written only
    # when there are some, so a store without them reads and writes as before
    kept: KeptState = field(default_factory=KeptState)

    def balanced(self) -> bool:
        return self.meters.check_balance(self.opening_credits, self.credits)

    def to_dict(self) -> dict[str, Any]:
        return {
            "credits": self.credits,
            "opening_credits": self.opening_credits,
            "meters": self.meters.to_dict(),
            "journal_head": self.journal_head,
            "round_counter": self.round_counter,
            "open_round": self.open_round.to_dict() if self.open_round else None,
            "session_seed": self.session_seed,
            **({"kept": self.kept.to_dict()} if self.kept else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> CriticalState:
        if not isinstance(data, Mapping):
            raise ValueError("state must be an object")
        expected = {"credits", "opening_credits", "meters", "journal_head", "round_counter", "open_round",
                    "session_seed"}  # fmt: skip
        if set(data) - {"kept"} != expected:
            raise ValueError(f"state fields differ: missing {sorted(expected - set(data))}, "
                             f"unknown {sorted(set(data) - expected)}")
        return cls(
            credits=exact_amount(data["credits"], "credits"),
            opening_credits=exact_amount(data["opening_credits"], "opening_credits"),
            meters=Meters.from_dict(data["meters"]),
            journal_head=exact_amount(data["journal_head"], "journal_head"),
            round_counter=exact_amount(data["round_counter"], "round_counter"),
            open_round=None if data["open_round"] is None else OpenCharge.from_dict(data["open_round"]),
            session_seed=exact_amount(data["session_seed"], "session_seed"),
            kept=KeptState.from_dict(data["kept"]) if "kept" in data else KeptState(),
        )

    def copy(self) -> CriticalState:
        return CriticalState.from_dict(self.to_dict())


# --- one copy on disk ----------------------------------------------------------------------------


def encode_copy(version: int, state: CriticalState) -> bytes:
    body = {"format": STORE_FORMAT, "version": version, "state": state.to_dict()}
    digest = hashlib.sha256(canonical_json(body).encode("ascii")).hexdigest()
    return (canonical_json({**body, "sha256": digest}) + "\n").encode("ascii")


@dataclass(frozen=True)
class CopyRead:
    """What one copy turned out to be."""

    path: Path
    status: Literal["good", "missing", "damaged", "newer"]
    version: int = 0
    state: CriticalState | None = None
    raw: bytes = b""
    reason: str = ""


def read_copy(path: Path) -> CopyRead:
    if not path.exists():
        return CopyRead(path, "missing", reason="missing")
    try:
        raw = path.read_bytes()
    except OSError as exc:
        return CopyRead(path, "damaged", reason=f"unreadable ({exc.strerror or exc})")
    try:
        obj = json.loads(raw.decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return CopyRead(path, "damaged", raw=raw, reason="not valid JSON (truncated or overwritten)")
    if not isinstance(obj, dict) or set(obj) != {"format", "version", "state", "sha256"}:
        return CopyRead(path, "damaged", raw=raw, reason="not a critical-store copy (wrong fields)")
    digest = obj.pop("sha256")
    if digest != hashlib.sha256(canonical_json(obj).encode("ascii")).hexdigest():
        return CopyRead(path, "damaged", raw=raw, reason="checksum mismatch (altered or damaged)")
    fmt, version = obj["format"], obj["version"]
    if isinstance(fmt, bool) or not isinstance(fmt, int) or isinstance(version, bool) or not isinstance(version, int):
        return CopyRead(path, "damaged", raw=raw, reason="bad format or version field")
    if fmt > STORE_FORMAT:
        return CopyRead(path, "newer", version, raw=raw, reason=f"written in store format {fmt} by a newer cabinet")
    try:
        state = CriticalState.from_dict(obj["state"])
    except ValueError as exc:
        return CopyRead(path, "damaged", raw=raw, reason=f"bad content ({exc})")
    return CopyRead(path, "good", version, state, raw)


# --- the store -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoreLoad:
    state: CriticalState
    status: Literal["new", "ok", "repaired", "rebuilt"]  # rebuilt: from a temporary copy (both were damaged)
    messages: tuple[str, ...] = ()  # for the operator: what was repaired and where the bad copy went


class CriticalStore:
    """Both copies of the critical state in ``folder``."""

    def __init__(self, folder: Path, clock: Clock = utc_now) -> None:
        self.folder = Path(folder)
        self.paths = tuple(self.folder / name for name in COPY_NAMES)
        self.version = 0
        self._clock = clock

    def load(self) -> StoreLoad:
        """Read and cross-check both copies; see the module doc. Raises Malfunction."""
        a, b = (read_copy(p) for p in self.paths)
        reads = (a, b)
        for r in reads:
            if r.status == "newer":
                raise StoreTooNew(
                    f"{r.path.name} was {r.reason}; this cabinet reads store format {STORE_FORMAT}. "
                    "Play is disabled; both copies were left untouched for an operator.",
                    self.paths,
                )
        if a.status == b.status == "missing":
            return StoreLoad(CriticalState(), "new")
        good = [r for r in reads if r.status == "good"]
        if not good:
            temps = self.temporary_copies()
            usable = [t for t in temps if t.status == "good" and t.state is not None and t.state.balanced()]
            if usable:
                return self._rebuild_from_temporary(max(usable, key=lambda t: t.version), reads, temps)
            found = "".join(
                f"; {t.path.name} (an interrupted save's temporary copy): "
                f"{'the meters do not balance' if t.status == 'good' else t.reason}" for t in temps
            )  # fmt: skip
            raise Malfunction(
                "both copies of the critical store are damaged: "
                + "; ".join(f"{r.path.name}: {r.reason}" for r in reads) + found
                + ". Play is disabled; nothing was cleared and the files were left untouched.",
                (*self.paths, *(t.path for t in temps)),
            )
        if len(good) == 2 and a.version == b.version and a.state != b.state:
            raise Malfunction(
                f"both copies of the critical store say version {a.version} but hold different values. "
                "Play is disabled; the files were left untouched.",
                self.paths,
            )
        best = max(good, key=lambda r: r.version)
        assert best.state is not None
        if not best.state.balanced():
            raise Malfunction(
                f"{best.path.name} (version {best.version}): the meters do not balance: "
                f"{best.state.meters.balance_message(best.state.opening_credits, best.state.credits)}. "
                "Play is disabled; the files were left untouched.",
                self.paths,
            )
        self.version = best.version
        messages: list[str] = []
        for other in reads:
            if other is best or (other.status == "good" and other.version == best.version):
                continue
            if other.status == "good":
                # The power went between the two writes of a save: expected, not a repair.
                write_atomic(other.path, best.raw)
                continue
            kept = keep_aside(other.path, f"critical store copy {other.reason}", self._clock) \
                if other.status != "missing" else None  # fmt: skip
            write_atomic(other.path, best.raw)
            where = f"; the damaged file was kept as {kept.name}" if kept else ""
            messages.append(
                f"{other.path.name} was {other.reason}: rebuilt from {best.path.name} (version {best.version}){where}"
            )
        return StoreLoad(best.state.copy(), "repaired" if messages else "ok", tuple(messages))

    def temporary_copies(self) -> list[CopyRead]:
        """What the temporary files of killed saves of either copy hold, by name."""
        found = sorted(p for name in COPY_NAMES for p in self.folder.glob(f".{name}.*.tmp") if p.is_file())
        return [read_copy(p) for p in found]

    def _rebuild_from_temporary(self, best: CopyRead, reads: tuple[CopyRead, ...],
                                temps: list[CopyRead]) -> StoreLoad:
        """Both copies are damaged and ``best`` is a complete, valid temporary copy: finish the
        rename its save was killed before, rebuild the other copy from it, and keep every
        damaged copy and every other temporary copy aside (nothing is deleted)."""
        assert best.state is not None
        target = next(p for p in self.paths if best.path.name.startswith(f".{p.name}."))
        kept = [keep_aside(r.path, f"critical store copy {r.reason}", self._clock) for r in reads
                if r.status != "missing"]  # fmt: skip
        os.replace(best.path, target)
        fsync_dir(self.folder)
        for other in self.paths:
            if other != target:
                write_atomic(other, best.raw)
        for temp in temps:
            if temp is not best:
                why = "an older save" if temp.status == "good" else temp.reason
                kept.append(keep_aside(temp.path, f"temporary copy not used to rebuild the store: {why}",
                                       self._clock))
        self.version = best.version
        damaged = "; ".join(f"{r.path.name}: {r.reason}" for r in reads)
        message = (f"both copies of the critical store were damaged ({damaged}): rebuilt from the complete "
                   f"temporary copy {best.path.name} (version {best.version}) that an interrupted save left; "
                   f"kept aside: {', '.join(p.name for p in kept) or 'nothing'}")
        return StoreLoad(best.state.copy(), "rebuilt", (message,))

    def save(self, state: CriticalState) -> None:
        """Write copy A, then copy B, each atomically. Refuses a state that does not balance."""
        if not state.balanced():
            raise ValueError(
                "refusing to save unbalanced meters: "
                + state.meters.balance_message(state.opening_credits, state.credits)
            )
        data = encode_copy(self.version + 1, state)
        for path in self.paths:
            write_atomic(path, data)
        self.version += 1


def pools_on_disk(folder: Path | str) -> dict[str, Pool]:
    """The jackpot pools as the critical store in ``folder`` holds them, read only (the lobby shows
    them with no game open): the newest good copy; empty when there is none (a new cabinet, damage:
    the game that opens next repairs or refuses, never this)."""
    found = [c for c in (read_copy(Path(folder) / name) for name in COPY_NAMES) if c.status == "good"]
    if not found:
        return {}
    newest = max(found, key=lambda c: c.version)
    return dict(newest.state.kept.pools) if newest.state is not None else {}
