"""The operator PIN: stored as a salted scrypt hash, checked in constant time, locked after misses.

``kiosk.yaml`` holds ``operator_pin: "scrypt$16384$8$1$<salt hex>$<hash hex>"`` (made by
``cabinet kiosk pin --data-dir DIR``), never the PIN itself. ``PinGate`` counts wrong
entries: the third in a row locks entry for ``LOCK_SECONDS`` (the event log records
each miss and the lock); a right PIN clears the count.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

SCHEME = "scrypt"
N, R, P = 2**14, 8, 1  # about 50 ms a check: cheap for the operator, slow for a guesser with the file
SALT_BYTES = 16
MIN_DIGITS, MAX_DIGITS = 4, 12
MAX_MISSES = 3
LOCK_SECONDS = 60.0
# Sane scrypt costs for a stored hash: its memory (128 N r bytes) well inside _derive's maxmem,
# and its work (N r p) at most 4 times ours, so a check never fails or hangs the kiosk.
MAXMEM = 64 * 1024 * 1024
MAX_MEMORY = MAXMEM // 2
MAX_WORK = 4 * N * R * P
LOCK_NAME = "pin-lock.json"  # the misses and the lock, kept across restarts


class PinError(ValueError):
    pass


def check_pin_text(pin: str) -> str:
    """``pin`` if it is 4 to 12 digits; else PinError saying why."""
    if not pin.isdigit() or not pin.isascii() or not MIN_DIGITS <= len(pin) <= MAX_DIGITS:
        raise PinError(f"a PIN is {MIN_DIGITS} to {MAX_DIGITS} digits")
    return pin


def _derive(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(pin.encode("ascii"), salt=salt, n=n, r=r, p=p, maxmem=MAXMEM, dklen=32)


def hash_pin(pin: str, *, salt: bytes | None = None) -> str:
    check_pin_text(pin)
    salt = os.urandom(SALT_BYTES) if salt is None else salt
    return f"{SCHEME}${N}${R}${P}${salt.hex()}${_derive(pin, salt, N, R, P).hex()}"


def parse_hash(stored: str) -> tuple[int, int, int, bytes, bytes]:
    """The parts of a stored hash; PinError when it is not one (a PIN typed in plain text, say)."""
    parts = stored.split("$")
    if len(parts) != 6 or parts[0] != SCHEME:
        raise PinError("operator_pin is a hash made by 'cabinet kiosk pin', never the PIN itself")
    try:
        n, r, p = int(parts[1]), int(parts[2]), int(parts[3])
        salt, digest = bytes.fromhex(parts[4]), bytes.fromhex(parts[5])
    except ValueError:
        raise PinError("operator_pin: a damaged hash; make a new one with 'cabinet kiosk pin'") from None
    if n < 2**10 or n & (n - 1) or r < 1 or p < 1 or len(salt) < 8 or len(digest) != 32:
        raise PinError("operator_pin: a damaged hash; make a new one with 'cabinet kiosk pin'")
    if 128 * n * r > MAX_MEMORY or n * r * p > MAX_WORK:
        # A cost like this would make every OK fail ("memory limit exceeded") or take minutes.
        raise PinError(f"operator_pin: scrypt costs N={n}, r={r}, p={p} are outside what a PIN check may take "
                       f"(at most {MAX_MEMORY // 2**20} MiB and {MAX_WORK // (N * R * P)}x the usual work); "
                       "make a new one with 'cabinet kiosk pin'")
    return n, r, p, salt, digest


def verify_pin(pin: str, stored: str) -> bool:
    n, r, p, salt, digest = parse_hash(stored)
    if not pin.isdigit() or not pin.isascii() or len(pin) > MAX_DIGITS:
        return False
    return hmac.compare_digest(_derive(pin, salt, n, r, p), digest)


@dataclass
class PinGate:
    """Who may open the operator menu: anyone when no PIN is set, else the PIN, three tries a minute.

    With ``lock_path`` the misses and a lock survive a restart (a guesser cannot reset them by
    pulling the plug): kept as wall-clock time, never more than ``LOCK_SECONDS`` ahead."""

    stored: str | None  # the hash, or None: no PIN
    clock: Callable[[], float]
    on_miss: Callable[[int], None] = lambda misses: None  # told the count of misses in a row
    on_lock: Callable[[float], None] = lambda seconds: None
    misses: int = 0
    locked_until: float = field(default=0.0)
    lock_path: Path | None = None
    wall: Callable[[], float] = time.time

    def __post_init__(self) -> None:
        if self.lock_path is None:
            return
        try:
            saved = json.loads(self.lock_path.read_text(encoding="utf-8"))
            misses, until = int(saved["misses"]), float(saved["locked_until"])
        except (OSError, ValueError, TypeError, KeyError):
            return  # none yet, or unreadable: no lock (a damaged file must not lock the owner out)
        self.misses = max(0, min(misses, MAX_MISSES - 1))
        left = min(LOCK_SECONDS, until - self.wall())
        if left > 0:
            self.locked_until = self.clock() + left

    def _save(self) -> None:
        if self.lock_path is None:
            return
        from cabinet.services.atomic import write_atomic

        until = self.wall() + self.locked_for if self.locked_for > 0 else 0.0
        try:
            write_atomic(self.lock_path, json.dumps({"misses": self.misses, "locked_until": until}).encode())
        except OSError:
            pass  # a full disk: the lock holds in memory for this run

    @property
    def needs_pin(self) -> bool:
        return self.stored is not None

    @property
    def locked_for(self) -> float:
        """Seconds left of a lock (0: not locked)."""
        return max(0.0, self.locked_until - self.clock())

    def try_pin(self, pin: str) -> bool:
        """True when ``pin`` opens the menu; a locked gate refuses everything, unchecked. An empty
        entry is no try at all (an OK pressed by mistake is not a miss)."""
        if self.stored is None:
            return True
        if self.locked_for > 0 or not pin:
            return False
        if verify_pin(pin, self.stored):
            if self.misses:
                self.misses = 0
                self._save()
            return True
        self.misses += 1
        self.on_miss(self.misses)
        if self.misses >= MAX_MISSES:
            self.misses = 0
            self.locked_until = self.clock() + LOCK_SECONDS
            self.on_lock(LOCK_SECONDS)
        self._save()
        return False
