"""The money side of a round: journal, critical store, meters and history in one place.

The session calls, for every round:

1. ``begin_round`` before anything of the outcome is shown. Order: the journal's
   ``begin`` (request, cost, credits before) is fsynced FIRST, then the cost is
   charged in the critical store. A crash between the two leaves a journaled round
   the store has not charged; recovery charges it then (once).
2. ``decision`` for every player choice, before its consequence is shown;
   ``progress`` as the screen shows each step (recovery resumes from the last one).
3. ``end_round`` when the screen has shown everything. Order: the win is paid in the
   store (meters updated, round closed), then history is appended, then the
   journal's ``end``. A crash after the store save finds the store already paid;
   recovery only completes history and the journal (paid once).

The store's ``open_round`` (charged, unpaid) and ``round_counter`` (last charged
round) decide every recovery case, never the journal's money fields: the journal
says WHAT was played, the store says what was PAID.

``recover`` replays an unfinished round through ``play_round`` from the journaled
request, so the player sees exactly the reels, features and wins of the interrupted
round, from where the screen had got to. A game whose rules say so can instead have
it completed automatically (random choices from a seeded stream) and credited at once.
A round that cannot be replayed faithfully (its game is gone or its definition
changed) is voided and its bet returned: "malfunction voids all pays and plays".
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from cabinet.core.definition import Definition
from cabinet.core.money import Money, format_money
from cabinet.core.rng import Rng, derive_seed
from cabinet.core.round import RoundRequest, RoundResult
from cabinet.errors import CabinetError

from .atomic import Clock, ensure_data_dir, remove_stale_temps, utc_now
from .history import DEFAULT_HISTORY_SIZE, HISTORY_NAME, OUTCOMES, History, HistoryRecord, steps_from_events
from .jackpot_pool import KeptState, PoolTerms, RoundKeeps
from .journal import DEFAULT_MAX_RECORDS, JOURNAL_NAME, Journal, PendingRound, SettledRound, salvage_round
from .meters import Meters, exact_amount
from .store import CriticalState, CriticalStore, Malfunction, OpenCharge
from .unpaid_winnings import DISCARDED, discard_due, discard_notice

PlayRound = Callable[[Definition, RoundRequest], RoundResult]
Chooser = Callable[[RoundResult, Rng], str]  # picks a decision for an awaiting round
# the decision a game's own rule makes next in an awaiting round's request (its autoplay rule)
RulesChooser = Callable[[Definition, RoundRequest], str]

# Salt for the stream that makes auto-completion's "random choices": distinct from
# every stream the round itself draws from, yet fixed, so the choices are reproducible.
_AUTO_CHOICE_SALT = 0x6175746F636F6D70  # "autocomp"


class LedgerError(CabinetError):
    """A lifecycle call the ledger refuses (wrong round, round still open, ...)."""


class InsufficientCredits(LedgerError):
    """The credit meter does not cover the round's cost."""


def fingerprint_bytes(data: bytes) -> str:
    """The definition fingerprint: sha256 of the game's YAML bytes, hex."""
    return hashlib.sha256(data).hexdigest()


def fingerprint_file(path: Path) -> str:
    return fingerprint_bytes(Path(path).read_bytes())


@dataclass(frozen=True)
class GameRef:
    """What recovery needs to replay a game: its definition and the fingerprint of its file."""

    definition: Definition
    fingerprint: str


GameLookup = Callable[[str], GameRef]  # game id -> GameRef; raise if the game is gone


@dataclass(frozen=True)
class RoundSummary:
    """What ``end_round`` needs from a finished RoundResult (money, features, steps)."""

    cost: Money
    win: Money  # the game's win (a jackpot hit is paid on top, from its pool)
    features: tuple[str, ...] = ()
    steps: tuple[dict[str, Any], ...] = ()
    keeps: RoundKeeps = RoundKeeps()  # jackpot contributions and hits, the meters after the round

    @classmethod
    def from_result(cls, result: RoundResult) -> RoundSummary:
        if result.awaiting is not None:
            raise LedgerError(f"the round still awaits a decision ({result.awaiting}); it cannot end yet")
        return cls(result.cost, result.total_win, tuple(result.features), steps_from_events(result.events),
                   RoundKeeps.from_events(result.events, result.carried))


@dataclass(frozen=True)
class OpenRound:
    """The charged round in progress."""

    round_id: int
    game_id: str
    game_name: str
    fingerprint: str
    request: RoundRequest
    cost: Money
    credits_before: Money
    started_at: str
    step: int | None = None

    @classmethod
    def from_pending(cls, p: PendingRound) -> OpenRound:
        return cls(p.round_id, p.game_id, p.game_name, p.fingerprint, p.request, p.cost,
                   p.credits_before, p.started_at, p.step)  # fmt: skip


RecoveryStatus = Literal["resumed", "finished", "auto_completed", "voided", "stale"]


@dataclass(frozen=True)
class RecoveredRound:
    """What the session shows after a restart with an unfinished round.

    - ``resumed``: the round is open again; show ``result`` from ``resume_step`` on
      (None: from the start), with "round restored", then call ``end_round``.
    - ``finished``: it had been paid before the crash; show its final screen.
    - ``auto_completed``: the game's rules completed and credited it now.
    - ``voided``: it could not be replayed; its bet (if charged) was returned.
    - ``stale``: the journal's copy of an old round, already settled; nothing to show.
    """

    status: RecoveryStatus
    round_id: int
    game_id: str
    message: str
    request: RoundRequest | None = None
    result: RoundResult | None = None
    resume_step: int | None = None
    cost: Money = 0
    credits_before: Money = 0
    record: HistoryRecord | None = None  # the history entry written, when the round closed


def _refuse_a_lost_store(store: CriticalStore, folder: Path) -> None:
    """Both store copies are missing: a new cabinet, unless its journal or history show play.

    The store is written before the first journal record and the first history entry, so
    a journal or history without it means both copies were lost (deleted, a disk restored
    in part). Starting afresh would silently replace the credit meter with a new demo
    balance and reuse round numbers and seeds; an operator must decide instead.
    """
    traces = [p for p in (folder / JOURNAL_NAME, folder / HISTORY_NAME) if p.is_file() and p.stat().st_size > 0]
    if traces:
        raise Malfunction(
            f"both copies of the critical store ({', '.join(p.name for p in store.paths)}) are missing, but "
            f"{' and '.join(p.name for p in traces)} show this cabinet has played: the credit meter and meters "
            "are lost. Play is disabled; nothing was created, cleared or changed.",
            (*store.paths, *traces),
        )


class JournaledLedger:
    """Credits and rounds, crash-safe. One instance per data folder."""

    def __init__(
        self, folder: Path, store: CriticalStore, state: CriticalState, journal: Journal, history: History,
        clock: Clock = utc_now,
    ) -> None:  # fmt: skip
        self.folder = folder
        self.notices: list[str] = []  # messages for the operator / a banner: repairs, kept-aside files
        self.store_rebuilt: str | None = None  # both store copies were damaged and a temporary copy used
        self._store = store
        self._state = state
        self._journal = journal
        self._history = history
        self._clock = clock
        self._open: OpenRound | None = None
        # A journal ``end`` whose write failed after the round was settled in the store (a
        # full disk): written before anything else, so the journal never shows a settled
        # round as unfinished and recovery is never asked to settle it again.
        self._unwritten_end: tuple[int, Money, Money, str] | None = None

    # -- opening ----------------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        data_dir: Path | str | None = None,
        *,
        starting_credits: Money = 0,
        session_seed: int = 0,
        history_size: int = DEFAULT_HISTORY_SIZE,
        journal_max_records: int = DEFAULT_MAX_RECORDS,
        clock: Clock = utc_now,
    ) -> JournaledLedger:
        """Open (or create) the ledger in ``data_dir``. Raises Malfunction for an untrusted store.

        ``starting_credits`` and ``session_seed`` only apply to a brand-new store; the
        starting balance counts as credits in, like any top-up.
        """
        folder = ensure_data_dir(data_dir)
        store = CriticalStore(folder, clock)
        loaded = store.load()  # may use a killed save's temporary copy: never clean up before it
        if loaded.status == "new":
            _refuse_a_lost_store(store, folder)
        remove_stale_temps(folder)  # the store is trusted now; on a Malfunction nothing is touched
        journal = Journal.open(folder / JOURNAL_NAME, journal_max_records, clock,
                               seen_up_to=loaded.state.journal_head)
        history = History.open(folder / HISTORY_NAME, history_size, clock)
        # A kept-aside history starts again (its screen says so); otherwise the journal keeps
        # the settled rounds history.json lacks until it is written (``_complete_history``).
        journal.keep_settled_after = history.saved_up_to if history.problem is None else loaded.state.round_counter
        ledger = cls(folder, store, loaded.state, journal, history, clock)
        ledger.notices.extend(loaded.messages)
        if loaded.status == "rebuilt":
            ledger.store_rebuilt = loaded.messages[0]
        if journal.problem is not None:
            ledger.notices.append(str(journal.problem))
        if history.problem is not None:
            ledger.notices.append(history.problem)
        if loaded.status == "new":
            state = loaded.state.copy()
            state.session_seed = session_seed
            state.journal_head = journal.last_seq
            if starting_credits:
                state.credits += exact_amount(starting_credits, "starting credits")
                state.meters.record_credits_in(starting_credits)
            ledger._save(state)
        # Never reuse sequence numbers the store has seen (a journal kept aside loses its tail).
        journal.carry_on(loaded.state.journal_head, "sequence carried on from the critical store")
        return ledger

    def close(self) -> None:
        self._journal.close()

    # -- reading ----------------------------------------------------------------------------------

    @property
    def credits(self) -> Money:
        return self._state.credits

    @property
    def meters(self) -> Meters:
        """A copy: meters change only through the lifecycle calls."""
        return self._state.meters.copy()

    @property
    def state(self) -> CriticalState:
        return self._state.copy()

    @property
    def open_round(self) -> OpenRound | None:
        return self._open

    @property
    def kept(self) -> KeptState:
        """A copy of the jackpot pools and collection meters (they change only as rounds are paid)."""
        return self._state.kept.copy()

    @property
    def history(self) -> History:
        return self._history

    @property
    def journal(self) -> Journal:
        return self._journal

    @property
    def next_round_id(self) -> int:
        return self._state.round_counter + 1

    def next_seed(self) -> int:
        """The seed of the next round: ``derive_seed(session seed, rounds charged so far)``,
        so a restarted session carries on with the seeds an uninterrupted one would use."""
        return derive_seed(self._state.session_seed, self._state.round_counter)

    def balanced(self) -> bool:
        return self._state.balanced()

    # -- the round lifecycle ----------------------------------------------------------------------

    def begin_round(
        self, game_id: str, fingerprint: str, request: RoundRequest, cost: Money, game_name: str = ""
    ) -> int:
        """Journal the round, then charge it. Returns the round id. Show nothing before this returns."""
        self.write_pending()
        self._require_settled("start a round")
        cost = exact_amount(cost, "round cost")
        if self._state.credits < cost:
            raise InsufficientCredits(f"credits {self._state.credits} do not cover the cost {cost}")
        round_id = self._state.round_counter + 1
        self._journal.begin(round_id, game_id, fingerprint, request, cost, self._state.credits, game_name)
        pending = self._journal.pending()
        assert pending is not None
        try:
            self._charge(pending)
        except Exception:
            # The charge failed (disk full, I/O error) and the cabinet lives on: close the
            # journaled round so nothing resumes a round the player was told failed.
            self._end_in_journal(round_id, 0, self._state.credits, "voided", report=False)  # the raise says it
            raise
        self._open = OpenRound.from_pending(pending)
        return round_id

    def decision(self, round_id: int, decision: str) -> None:
        """Journal a player choice; call before showing what it leads to."""
        open_round = self._require_open(round_id)
        self._journal.decision(round_id, decision)
        request = replace(open_round.request, decisions=open_round.request.decisions + (decision,))
        self._open = replace(open_round, request=request)

    def progress(self, round_id: int, step: int) -> None:
        """Journal how far the screen has shown the round (e.g. the last completed spin's index)."""
        open_round = self._require_open(round_id)
        self._journal.progress(round_id, step)
        self._open = replace(open_round, step=step)

    def end_round(self, round_id: int, summary: RoundSummary, outcome: str = "played") -> HistoryRecord:
        """Pay the win, update meters, save the store, append history, journal the end."""
        open_round = self._require_open(round_id)
        if outcome not in OUTCOMES:
            raise LedgerError(f"unknown round outcome {outcome!r} (known: {', '.join(OUTCOMES)})")
        if summary.cost != open_round.cost:
            raise LedgerError(f"round {round_id} was charged {open_round.cost}, its result says {summary.cost}")
        win = exact_amount(summary.win, "win")
        state = self._state.copy()
        # the pools and meters move in the same save that pays the round: a kill before it leaves
        # them as they were (recovery settles the round once), after it finds them settled
        jackpots = state.kept.settle(summary.keeps, game_id=open_round.game_id,
                                     bet_total=open_round.request.bet.total)
        win += sum(jackpots.values())
        state.credits += win
        state.meters.record_win(win, summary.features)
        state.open_round = None
        self._save(state)  # a failure here changes nothing: the round stays open, try again
        self._open = None  # paid: from here on, a failed write must not let it be paid again
        record = self._record(open_round, win, summary.features, summary.steps, outcome)
        self._append_history(record)
        self._end_in_journal(round_id, win, state.credits, outcome)
        return record

    def set_jackpot_terms(self, terms: Mapping[str, PoolTerms]) -> bool:
        """The kiosk operator's pool terms (``KeptState.set_terms``), saved in the critical store at
        once (fsynced like the credits) when they change anything. A round in play may be open: it
        settles on these terms, and so does its recovery after a kill. Returns whether they changed."""
        state = self._state.copy()
        if not state.kept.set_terms(terms):
            return False
        self._save(state)  # a failure here changes nothing: the terms stay as they were
        return True

    # -- money in and out -------------------------------------------------------------------------

    def add_credits(self, amount: Money) -> None:
        """Demo top-up (or a bill in): counts as credits in."""
        self.write_pending()
        self._require_settled("add credits")
        amount = exact_amount(amount, "credits added")
        if amount == 0:
            return
        state = self._state.copy()
        state.credits += amount
        state.meters.record_credits_in(amount)
        self._save(state)

    def cash_out(self) -> Money:
        """Pay out the whole credit meter (counts as credits out); returns the amount."""
        self.write_pending()
        self._require_settled("cash out")
        amount = self._state.credits
        if amount:
            state = self._state.copy()
            state.credits = 0
            state.meters.record_credits_out(amount)
            self._save(state)
        return amount

    # -- recovery ---------------------------------------------------------------------------------

    def recover(
        self,
        play_round_fn: PlayRound,
        defn_lookup: GameLookup,
        *,
        auto_complete: bool | Callable[[Definition], bool] = False,
        choose: Chooser | None = None,
        rules: RulesChooser | None = None,
    ) -> RecoveredRound | None:
        """Settle or reopen the round a crash interrupted; None when there was none.

        ``auto_complete`` (or a predicate on the definition: "the game's rules say so")
        finishes the round at once, credits it and records it as auto-completed;
        ``rules`` makes each choice the round awaits by the game's own stated rule (a pick
        bonus's ``autopick``: ``core/decisions.autoplay_decision``), else ``choose`` supplies
        random ones; with neither, the round resumes and waits for the player.
        """
        self._complete_history(play_round_fn, defn_lookup)
        recovered = self._recover(play_round_fn, defn_lookup, auto_complete, choose, rules)
        # Sequence numbers carry on past what the store saw (a journal kept aside lost its tail),
        # so the next start finds nothing missing and sets nothing aside again.
        self._journal.checkpoint(self._state.journal_head, "sequence carried on from the critical store")
        return recovered

    def _recover(
        self, play_round_fn: PlayRound, defn_lookup: GameLookup, auto_complete: bool | Callable[[Definition], bool],
        choose: Chooser | None, rules: RulesChooser | None = None,
    ) -> RecoveredRound | None:  # fmt: skip
        self._require_no_open("recover")
        pending = self._journal.pending()
        charge = self._state.open_round
        if charge is not None and (pending is None or pending.round_id < charge.round_id):
            # The journal lost the charged round (a damaged record cut it short before it):
            # whatever round it still shows open was settled long ago, and the charged one
            # may still be whole in the damaged copy, after the bad record.
            if pending is not None:
                self._journal.end(pending.round_id, 0, self._state.credits, "stale")
                self.notices.append(f"round {pending.round_id} was already settled; its journal entry was closed")
            pending = self._salvage(charge)
        if pending is None:
            return self._void_unjournaled(charge) if charge is not None else None
        if charge is not None and charge.round_id != pending.round_id:
            raise Malfunction(
                f"the critical store has round {charge.round_id} open but the journal's unfinished round is "
                f"{pending.round_id}. Play is disabled; nothing was changed.",
                (self._store.paths[0], self._store.paths[1], self._journal.path),
            )
        if self._state.round_counter > pending.round_id:
            # A later round was charged, so this one was settled; the journal lost its end.
            self._journal.end(pending.round_id, 0, self._state.credits, "stale")
            return RecoveredRound("stale", pending.round_id, pending.game_id,
                                  f"round {pending.round_id} was already settled; its journal entry was closed")  # fmt: skip
        charged = charge is not None
        paid = not charged and self._state.round_counter == pending.round_id

        game, result, problem = self._replay(play_round_fn, defn_lookup, pending)
        if paid:
            return self._finish_paid(pending, result)
        if result is None or game is None:
            return self._void(pending, charged, problem)
        if not charged:
            if self._state.credits < pending.cost:
                return self._void(pending, False, "the credits no longer cover its cost")
            self._charge(pending)
        self._open = OpenRound.from_pending(pending)
        wants_auto = auto_complete(game.definition) if callable(auto_complete) else auto_complete
        if wants_auto:
            done = self._auto_complete(play_round_fn, game, pending, result, choose, rules)
            if done is not None:
                return done
        return RecoveredRound(
            "resumed", pending.round_id, pending.game_id, "round restored",
            pending.request, result, pending.step, pending.cost, pending.credits_before,
        )  # fmt: skip

    def _replay(
        self, play_round_fn: PlayRound, lookup: GameLookup, pending: PendingRound
    ) -> tuple[GameRef | None, RoundResult | None, str]:
        """Re-run the round from its journaled request; (None, None, why) if that is impossible."""
        try:
            game = lookup(pending.game_id)
        except Exception as exc:  # noqa: BLE001 - any failure to find the game means: cannot replay
            return None, None, f"its game '{pending.game_id}' cannot be loaded ({exc})"
        if game.fingerprint != pending.fingerprint:
            return None, None, f"the definition of '{pending.game_id}' changed since the round began"
        try:
            return game, play_round_fn(game.definition, pending.request), ""
        except Exception as exc:  # noqa: BLE001 - a replay that fails must not block the cabinet
            return None, None, f"replaying it failed ({exc.__class__.__name__}: {exc})"

    def _complete_history(self, play_round_fn: PlayRound, lookup: GameLookup) -> None:
        """Settled rounds whose history entry never reached the disk (history.json could not be
        written, the process ended): rebuilt from their journal records, as first written.

        Only charged rounds after history's newest entry: for each round id the journal's last
        settlement counts (a round whose charge failed was closed, and its id used again), and
        a ``stale`` end (settled, its end record lost) holds no win to show."""
        if self._history.problem is not None:
            return  # kept aside: history starts again, as the screen says
        newest = self._history.last_round_id
        by_id = {s.pending.round_id: s for s in self._journal.settled_rounds()
                 if newest < s.pending.round_id <= self._state.round_counter and s.outcome != "stale"}
        if not by_id:
            return
        for round_id in sorted(by_id):
            self._history.append(self._rebuilt_record(by_id[round_id], play_round_fn, lookup), save=False)
        rounds = f"round {min(by_id)}" if len(by_id) == 1 else f"rounds {min(by_id)}-{max(by_id)}"
        self.notices.append(f"history: {rounds} ({len(by_id)}) had not been written to {self._history.path.name}; "
                            "rebuilt from the journal")
        self._save_history()

    def _rebuilt_record(self, settled: SettledRound, play_round_fn: PlayRound, lookup: GameLookup) -> HistoryRecord:
        pending = settled.pending
        outcome = settled.outcome if settled.outcome in OUTCOMES else "played"
        result = None
        if outcome != "voided":  # a voided round showed nothing (``_void``)
            game, result, _ = self._replay(play_round_fn, lookup, pending)
            result = result if result is not None and result.awaiting is None else None
        features = tuple(result.features) if result else ()
        steps = steps_from_events(result.events) if result else ()
        record = self._record(OpenRound.from_pending(pending), settled.win, features, steps, outcome)
        return replace(record, credits_after=settled.credits_after)

    def _save_history(self) -> None:
        try:
            self._history.save()
        except OSError as exc:
            self.notices.append(f"could not write {self._history.path}: {exc.strerror or exc}")
        else:
            self._journal.keep_settled_after = self._history.saved_up_to

    def _finish_paid(self, pending: PendingRound, result: RoundResult | None) -> RecoveredRound:
        """The store had paid the round; only history and the journal's end were missing."""
        win = self._state.credits - (pending.credits_before - pending.cost)
        features = tuple(result.features) if result else ()
        steps = steps_from_events(result.events) if result else ()
        record = self._record(OpenRound.from_pending(pending), win, features, steps, "played")
        self._append_history(record)
        self._journal.end(pending.round_id, win, self._state.credits, "recovered")
        return RecoveredRound(
            "finished", pending.round_id, pending.game_id, "the last round had been paid; its records were completed",
            pending.request, result, pending.step, pending.cost, pending.credits_before, self._history_entry(record),
        )  # fmt: skip

    def _auto_complete(
        self, play_round_fn: PlayRound, game: GameRef, pending: PendingRound, result: RoundResult,
        choose: Chooser | None, rules: RulesChooser | None = None,
    ) -> RecoveredRound | None:  # fmt: skip
        request = pending.request
        while result.awaiting is not None:
            if rules is not None:  # the game's stated rule, as autoplay would choose
                decision = rules(game.definition, request)
            elif choose is None:
                return None  # no way to choose: the player resumes it instead
            else:
                rng = Rng(derive_seed(request.seed ^ _AUTO_CHOICE_SALT, len(request.decisions)))
                decision = choose(result, rng)
            self.decision(pending.round_id, decision)
            request = replace(request, decisions=request.decisions + (decision,))
            result = play_round_fn(game.definition, request)
        if discard_due(pending.started_at, self._clock()) is not None:
            return self._discard_unpaid(game, pending, request, result)
        record = self.end_round(pending.round_id, RoundSummary.from_result(result), "auto_completed")
        return RecoveredRound(
            "auto_completed", pending.round_id, pending.game_id,
            "the interrupted round was completed automatically and credited",
            request, result, None, pending.cost, pending.credits_before, record,
        )  # fmt: skip

    def _discard_unpaid(
        self, game: GameRef, pending: PendingRound, request: RoundRequest, result: RoundResult
    ) -> RecoveredRound:
        """The 24-month rule (``unpaid_winnings.py``): completed and recorded, its win not credited."""
        bet = game.definition.bet
        amount = format_money(result.total_win, bet.currency, bet.minor_units)
        whole = RoundSummary.from_result(result)
        # the win is discarded, a jackpot it hit too: the pool stays as it was for the next winner
        summary = replace(whole, win=0, keeps=replace(whole.keeps, hits=()))
        record = self.end_round(pending.round_id, summary, DISCARDED)
        message = discard_notice(pending.round_id, pending.started_at, amount)
        self.notices.append(message)
        return RecoveredRound(
            "auto_completed", pending.round_id, pending.game_id, message,
            request, result, None, pending.cost, pending.credits_before, record,
        )  # fmt: skip

    def _void(self, pending: PendingRound, charged: bool, why: str) -> RecoveredRound:
        """Close a round that cannot be replayed; return its bet if it was charged."""
        state = self._state.copy()
        if charged:
            state.credits += pending.cost
            state.meters.record_void(pending.cost, pending.request.kind)
            state.open_round = None
            self._save(state)
        record = self._record(OpenRound.from_pending(pending), 0, (), (), "voided")
        record = replace(record, credits_after=state.credits)
        self._append_history(record)
        self._journal.end(pending.round_id, 0, state.credits, "voided")
        self._open = None
        refund = " and its bet was returned" if charged else ""
        return RecoveredRound(
            "voided", pending.round_id, pending.game_id, f"round {pending.round_id} was voided{refund}: {why}",
            pending.request, None, None, pending.cost, pending.credits_before, record,
        )  # fmt: skip

    def _salvage(self, charge: OpenCharge) -> PendingRound | None:
        """The charged round's records from the journal copy set aside at this start, when
        they are intact there (the damage was in an older record): journaled again, so the
        round resumes as if nothing had happened. None when they are not there."""
        problem = self._journal.problem
        kept = problem.kept_path if problem is not None else None
        if kept is None:
            return None
        try:
            records = salvage_round(kept.read_bytes(), charge.round_id)
        except OSError:
            return None
        if not records or records[0][1].get("cost") != charge.cost:
            return None
        self._journal.checkpoint(self._state.journal_head, "sequence carried on from the critical store")
        for rtype, data in records:
            self._journal.adopt(rtype, data)
        self.notices.append(f"round {charge.round_id} was rebuilt from its intact records in {kept.name}")
        return self._journal.pending()

    def _void_unjournaled(self, charge: OpenCharge) -> RecoveredRound:
        """The store charged a round the journal no longer has (it was kept aside): refund it."""
        state = self._state.copy()
        state.credits += charge.cost
        state.meters.record_void(charge.cost, charge.kind)
        state.open_round = None
        self._save(state)
        return RecoveredRound(
            "voided", charge.round_id, "",
            f"round {charge.round_id} was voided and its bet of {charge.cost} returned: the journal no longer "
            "holds it", cost=charge.cost,
        )  # fmt: skip

    # -- writes that failed -----------------------------------------------------------------------

    @property
    def write_outstanding(self) -> bool:
        """A settled round's journal ``end`` or its history entry is still to be written (the disk
        was full); the journal's is written before the next round, history's with the next entry."""
        return self._unwritten_end is not None or self._history.unsaved

    def write_pending(self) -> None:
        """Write what a failed write left out (a settled round's journal end), or raise OSError.

        History's unwritten entries are tried too; their failure stops nothing (evidence, not money)."""
        if self._history.unsaved:
            try:
                self._history.save()
            except OSError:
                pass  # said when it failed; the next round's entry tries again
            else:
                self._journal.keep_settled_after = self._history.saved_up_to
        if self._unwritten_end is None:
            return
        round_id, win, credits_after, outcome = self._unwritten_end
        pending = self._journal.pending()
        if pending is not None and pending.round_id == round_id:
            self._journal.end(round_id, win, credits_after, outcome)
        self._unwritten_end = None

    def _end_in_journal(self, round_id: int, win: Money, credits_after: Money, outcome: str, *,
                        report: bool = True) -> None:
        """Journal a settled round's end; if the disk refuses, remember it for ``write_pending``."""
        try:
            self._journal.end(round_id, win, credits_after, outcome)
        except OSError as exc:
            # The store already says what was paid (or that nothing was charged), so a restart
            # settles this round correctly either way; the running cabinet writes it later.
            self._unwritten_end = (round_id, win, credits_after, outcome)
            if report:
                self.notices.append(f"could not journal the end of round {round_id}: {exc.strerror or exc}; "
                                    "it is written as soon as the disk allows")

    # -- internals --------------------------------------------------------------------------------

    def _charge(self, pending: PendingRound) -> None:
        state = self._state.copy()
        state.credits -= pending.cost
        state.meters.record_bet(pending.cost, pending.request.kind)
        state.round_counter = pending.round_id
        state.open_round = OpenCharge(pending.round_id, pending.cost, pending.request.kind)
        self._save(state)

    def _save(self, state: CriticalState) -> None:
        state.journal_head = max(state.journal_head, self._journal.last_seq)
        self._store.save(state)
        self._state = state

    def _record(
        self, open_round: OpenRound, win: Money, features: tuple[str, ...], steps: tuple[dict[str, Any], ...],
        outcome: str,
    ) -> HistoryRecord:  # fmt: skip
        return HistoryRecord(
            round_id=open_round.round_id,
            time=open_round.started_at or self._clock().isoformat(),
            game_id=open_round.game_id,
            game_name=open_round.game_name,
            fingerprint=open_round.fingerprint,
            request=open_round.request,
            cost=open_round.cost,
            win=win,
            credits_before=open_round.credits_before,
            credits_after=open_round.credits_before - open_round.cost + win,
            features=features,
            steps=steps,
            outcome=outcome,
        )

    def _append_history(self, record: HistoryRecord) -> None:
        # History is evidence, not money: failing to write it must not undo a paid round.
        try:
            self._history.append(record)
        except OSError as exc:
            self.notices.append(f"could not write {self._history.path}: {exc.strerror or exc}")
        else:
            self._journal.keep_settled_after = self._history.saved_up_to

    def _history_entry(self, record: HistoryRecord) -> HistoryRecord:
        found = self._history.find(record.round_id)
        return found if found is not None else record

    def _require_open(self, round_id: int) -> OpenRound:
        if self._open is None or self._open.round_id != round_id:
            current = self._open.round_id if self._open else None
            raise LedgerError(f"round {round_id} is not the open round (open: {current})")
        return self._open

    def _require_no_open(self, action: str) -> None:
        if self._open is not None:
            raise LedgerError(f"cannot {action} while round {self._open.round_id} is open")

    def _require_settled(self, action: str) -> None:
        """No open round, and nothing a crash left for ``recover`` to settle."""
        self._require_no_open(action)
        if self._journal.pending() is not None or self._state.open_round is not None:
            raise LedgerError(f"cannot {action}: an interrupted round must be settled first (call recover())")
