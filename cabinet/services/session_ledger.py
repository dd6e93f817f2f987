"""The two ledgers a ``GameSession`` can play on: in memory, or journaled on disk.

``GameSession`` (``cabinet/machine/session.py``) speaks to its ledger in round terms:

    ledger.begin(game, request, cost)    # journal it, then charge it: before anything is shown
    ledger.decision(decision)            # a player choice, before its consequence is shown
    ledger.progress(step)                # the screen has shown the round up to ``step``
    record = ledger.finish(result)       # pay the win, meters, history

``MemoryLedger`` keeps all of it in memory (screenshots, benchmarks, tests and
headless runs without ``--data-dir``): same meters, same history records, nothing on
disk. ``DiskLedger`` hands every call to a ``JournaledLedger`` for one data folder, so
a kill at any instant loses nothing (see ``ledger.py``). Both produce the same
``HistoryRecord`` for the same round, so the history screen and replay do not care
which one is in use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from cabinet.core.decisions import autoplay_decision
from cabinet.core.definition import Definition
from cabinet.core.money import Money
from cabinet.core.round import RoundRequest, RoundResult

from .history import DEFAULT_HISTORY_SIZE, OUTCOMES, HistoryRecord, steps_from_events
from .jackpot_pool import KeptState, PoolTerms, RoundKeeps
from .ledger import GameRef, JournaledLedger, LedgerError, RecoveredRound, RoundSummary, fingerprint_bytes
from .ledger import fingerprint_file as _fingerprint_file
from .meters import Meters, exact_amount

PlayFn = Callable[[Definition, RoundRequest], RoundResult]


@dataclass(frozen=True)
class GameIdentity:
    """What a round records about its game: id, display name, and the fingerprint of its file."""

    id: str
    name: str
    fingerprint: str

    @classmethod
    def of(cls, defn: Definition) -> GameIdentity:
        return cls(defn.id, defn.name or defn.id, definition_fingerprint(defn))


def definition_fingerprint(defn: Definition) -> str:
    """sha256 of the game's YAML file; a definition built from text hashes its own repr.

    The journal and history keep it, so a round whose game file changed since is
    recognised (recovery voids it, a replay warns).
    """
    source = Path(defn.source) if defn.source and not defn.source.startswith("<") else None
    if source is not None and source.is_file():
        try:
            return _fingerprint_file(source)
        except OSError:
            pass
    return fingerprint_bytes(repr(defn).encode("utf-8"))


def _history_record(
    round_id: int, time: str, game: GameIdentity, request: RoundRequest, cost: Money, win: Money,
    credits_before: Money, result: RoundResult | None, outcome: str,
) -> HistoryRecord:  # fmt: skip
    return HistoryRecord(
        round_id=round_id,
        time=time,
        game_id=game.id,
        game_name=game.name,
        fingerprint=game.fingerprint,
        request=request,
        cost=cost,
        win=win,
        credits_before=credits_before,
        credits_after=credits_before - cost + win,
        features=tuple(result.features) if result else (),
        steps=steps_from_events(result.events) if result else (),
        outcome=outcome,
    )


# --- in memory -----------------------------------------------------------------------------------


@dataclass
class _MemoryRound:
    round_id: int
    game: GameIdentity
    request: RoundRequest
    cost: Money
    credits_before: Money
    time: str


class MemoryLedger:
    """Credits, meters and the last rounds, in memory only: nothing survives the process."""

    def __init__(self, credits: Money = 0, history_size: int = DEFAULT_HISTORY_SIZE) -> None:
        self._credits = 0
        self._meters = Meters()
        self._records: list[HistoryRecord] = []
        self._counter = 0
        self._open: _MemoryRound | None = None
        self.history_size = history_size
        self._notices: list[str] = []
        self.data_dir: Path | None = None
        self._kept = KeptState()
        if credits:
            self.add_credits(credits)

    @property
    def notices(self) -> list[str]:
        return self._notices

    @property
    def credits(self) -> Money:
        return self._credits

    @property
    def kept(self) -> KeptState:
        return self._kept.copy()

    @property
    def meters(self) -> Meters:
        return self._meters.copy()

    @property
    def round_counter(self) -> int:
        """Rounds charged so far (round ``i`` of a seeded session plays ``derive_seed(seed, i)``)."""
        return self._counter

    @property
    def in_round(self) -> bool:
        return self._open is not None

    @property
    def write_outstanding(self) -> bool:
        return False  # nothing is ever written

    def begin(self, game: GameIdentity, request: RoundRequest, cost: Money) -> int:
        if self._open is not None:
            raise LedgerError(f"cannot start a round while round {self._open.round_id} is open")
        cost = exact_amount(cost, "round cost")
        if cost > self._credits:
            raise LedgerError("not enough credits")
        self._counter += 1
        self._open = _MemoryRound(self._counter, game, request, cost, self._credits, _now())
        self._credits -= cost
        self._meters.record_bet(cost, request.kind)
        return self._counter

    def reopen(self, game: GameIdentity, request: RoundRequest, cost: Money, credits_before: Money) -> None:
        """A round already charged elsewhere (a test's restored round): open it without a charge."""
        self._counter += 1
        self._open = _MemoryRound(self._counter, game, request, cost, credits_before, _now())

    def decision(self, decision: str) -> None:
        if self._open is not None:
            self._open.request = replace(self._open.request, decisions=self._open.request.decisions + (decision,))

    def progress(self, step: int) -> None:
        pass  # nothing to resume after the process ends

    def finish(self, result: RoundResult, outcome: str = "played") -> HistoryRecord:
        if self._open is None:
            raise LedgerError("no round is open")
        if outcome not in OUTCOMES:
            raise LedgerError(f"unknown round outcome {outcome!r}")
        o = self._open
        win = exact_amount(result.total_win, "win")
        keeps = RoundKeeps.from_events(result.events, result.carried)
        win += sum(self._kept.settle(keeps, game_id=o.game.id, bet_total=o.request.bet.total).values())
        self._credits += win
        self._meters.record_win(win, result.features)
        record = _history_record(o.round_id, o.time, o.game, o.request, o.cost, win, o.credits_before, result,
                                 outcome)  # fmt: skip
        self._records = (self._records + [record])[-self.history_size :]
        self._open = None
        return record

    def add_credits(self, amount: Money) -> None:
        if self._open is not None:
            raise LedgerError("credits can be added when the round is over")
        amount = exact_amount(amount, "credits added")
        self._credits += amount
        self._meters.record_credits_in(amount)

    def set_jackpot_terms(self, terms: Mapping[str, PoolTerms]) -> bool:
        return self._kept.set_terms(terms)

    def cash_out(self) -> Money:
        if self._open is not None:
            raise LedgerError("credits can be collected when the round is over")
        amount, self._credits = self._credits, 0
        self._meters.record_credits_out(amount)
        return amount

    def recent(self, n: int = 10) -> tuple[HistoryRecord, ...]:
        """The newest ``n`` rounds, newest first."""
        return tuple(reversed(self._records[-n:]))

    def last_record(self) -> HistoryRecord | None:
        return self._records[-1] if self._records else None

    def balanced(self) -> bool:
        return self._meters.check_balance(0, self._credits)

    def recover(self, defn: Definition, game: GameIdentity, play: PlayFn) -> RecoveredRound | None:
        return None  # nothing survives in memory

    def close(self) -> None:
        pass


def _now() -> str:
    from .atomic import utc_now

    return utc_now().isoformat()


# --- on disk -------------------------------------------------------------------------------------


class DiskLedger:
    """The session's ledger backed by a ``JournaledLedger`` (journal, critical store, history)."""

    def __init__(self, ledger: JournaledLedger) -> None:
        self.ledger = ledger
        self.data_dir: Path | None = ledger.folder

    @property
    def notices(self) -> list[str]:
        return self.ledger.notices

    @property
    def credits(self) -> Money:
        return self.ledger.credits

    @property
    def kept(self) -> KeptState:
        return self.ledger.kept

    @property
    def meters(self) -> Meters:
        return self.ledger.meters

    @property
    def round_counter(self) -> int:
        return self.ledger.state.round_counter

    @property
    def in_round(self) -> bool:
        return self.ledger.open_round is not None

    @property
    def write_outstanding(self) -> bool:
        """A settled round's journal end could not be written yet (see ``JournaledLedger``)."""
        return self.ledger.write_outstanding

    def _round_id(self) -> int:
        open_round = self.ledger.open_round
        if open_round is None:
            raise LedgerError("no round is open")
        return open_round.round_id

    def begin(self, game: GameIdentity, request: RoundRequest, cost: Money) -> int:
        return self.ledger.begin_round(game.id, game.fingerprint, request, cost, game.name)

    def reopen(self, game: GameIdentity, request: RoundRequest, cost: Money, credits_before: Money) -> None:
        if self.ledger.open_round is None:
            raise LedgerError("only a round recovery reopened can be restored on disk")

    def decision(self, decision: str) -> None:
        self.ledger.decision(self._round_id(), decision)

    def progress(self, step: int) -> None:
        self.ledger.progress(self._round_id(), step)

    def finish(self, result: RoundResult, outcome: str = "played") -> HistoryRecord:
        return self.ledger.end_round(self._round_id(), RoundSummary.from_result(result), outcome)

    def add_credits(self, amount: Money) -> None:
        if self.ledger.open_round is not None:
            raise LedgerError("credits can be added when the round is over")
        self.ledger.add_credits(amount)

    def set_jackpot_terms(self, terms: Mapping[str, PoolTerms]) -> bool:
        return self.ledger.set_jackpot_terms(terms)

    def cash_out(self) -> Money:
        if self.ledger.open_round is not None:
            raise LedgerError("credits can be collected when the round is over")
        return self.ledger.cash_out()

    def recent(self, n: int = 10) -> tuple[HistoryRecord, ...]:
        return self.ledger.history.latest(n)

    def last_record(self) -> HistoryRecord | None:
        records = self.ledger.history.records
        return records[-1] if records else None

    def balanced(self) -> bool:
        return self.ledger.balanced()

    def recover(self, defn: Definition, game: GameIdentity, play: PlayFn) -> RecoveredRound | None:
        """Settle or reopen the round a crash interrupted (see ``JournaledLedger.recover``).

        The game being started answers for its own id; any other game is looked up in
        games/ by id. A game whose file changed since (another fingerprint) cannot be
        replayed faithfully, so the ledger voids that round and returns its bet.
        """

        def lookup(game_id: str) -> GameRef:
            if game_id == game.id:
                return GameRef(defn, game.fingerprint)
            return load_game_ref(game_id)

        def by_rules(played: Definition, request: RoundRequest) -> str:
            return autoplay_decision(play, played, request)  # the feature's autoplay rule (a pick's autopick)

        return self.ledger.recover(play, lookup, auto_complete=lambda d: d.interrupted_rounds == "auto_complete",
                                   rules=by_rules)

    def close(self) -> None:
        self.ledger.close()


def load_game_ref(game_id: str) -> GameRef:
    """A game from games/ by id, with the fingerprint of the very bytes that were loaded."""
    from cabinet.core.loader import load_definition_text, resolve_game

    path = resolve_game(game_id)
    raw = path.read_bytes()
    defn = load_definition_text(raw.decode("utf-8"), str(path))
    return GameRef(defn, fingerprint_bytes(raw))
