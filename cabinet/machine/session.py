"""One player's session at one game: bet, credits, seeds and the round in progress.

Pure Python (no pygame). The session asks the core for outcomes (``play_round``); it
never decides one itself. A round's life is explicit so the ledger can journal every
step of it:

    result = session.begin_round()      # check funds, play the round, journal it, charge its cost
    session.mark_progress(step)         # the screen has shown events[:step]
    record = session.finish_round()     # pay the win, meters, history

Nothing of ``result`` may be shown before ``begin_round`` returns: by then the round's
request (seed, bet, credits before) is on disk when the ledger is a ``DiskLedger``.

Paid respins are rounds too (``begin_respin(reel)``): a new wager on the held screen.

Bet modes (``Definition.bet_modes``): ``mode`` is the mode a spin plays (the base game, or an
ante the player switched on with ``set_mode``); a buy is one round of its own mode
(``begin_round(mode="buy_free_spins")``), charged the mode's cost. ``rtp_variant`` is the
operator's choice of the game's RTP ("" : its default). Both go into every request, so history,
replay and recovery play the round as it was.

After a crash, ``recover()`` settles or reopens the interrupted round (see
``JournaledLedger.recover``) and, when it resumes, the screen replays it from the last
step the journal saw (``resume_step``), never charging or paying it twice.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from cabinet.core.bet import Bet, all_bets, cheapest_bet, default_bet, is_allowed, max_bet, step_bet
from cabinet.core.decisions import takes_decisions
from cabinet.core.definition import Definition
from cabinet.core.features import resume_kinds
from cabinet.core.money import Money
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, RoundResult
from cabinet.services.history import HistoryRecord
from cabinet.services.jackpot_pool import KeptState, PoolTerms
from cabinet.services.ledger import LedgerError, RecoveredRound
from cabinet.services.meters import Meters
from cabinet.services.session_ledger import DiskLedger, GameIdentity, MemoryLedger
from cabinet.services.storage import StorageHealth

__all__ = [
    "DiskLedger", "GameIdentity", "GameSession", "MemoryLedger", "RESUME_KINDS", "RoundLedger", "RoundRecord",
    "SessionError", "StorageError", "default_start_credits", "resume_point",
]  # fmt: skip

PlayFn = Callable[[Definition, RoundRequest], RoundResult]
HISTORY_LIMIT = 100  # rounds kept in memory for the menu's History page

# Events after which the screen is in a state a restored round can start from: the reels
# have landed, a spin (with its wins) is over, a feature's intro or outro is done. The
# journal records progress only at these steps (one fsync per spin, not per event).
RESUME_KINDS = resume_kinds()  # from the feature registry: base kinds and every block's


class SessionError(ValueError):
    """An action the session refuses (not enough credits, a bet change mid-round...)."""


class StorageError(SessionError):
    """A write the ledger needs failed (full disk, file-size limit, I/O error).

    Nothing changed: a round not started was not charged, a round not finished stays
    open and is finished by trying again. ``screen`` is the line for the HUD."""

    def __init__(self, message: str, screen: str) -> None:
        super().__init__(message)
        self.screen = screen


class RoundLedger(Protocol):
    """Where credits, meters and history live: ``MemoryLedger`` or ``DiskLedger``."""

    @property
    def notices(self) -> list[str]: ...  # for the log: repairs, files kept aside

    @property
    def credits(self) -> Money: ...

    @property
    def kept(self) -> KeptState: ...  # jackpot pools and collection meters (a copy)

    @property
    def meters(self) -> Meters: ...

    @property
    def round_counter(self) -> int: ...

    @property
    def in_round(self) -> bool: ...

    @property
    def write_outstanding(self) -> bool: ...  # a record still to be written after a failed write

    def begin(self, game: GameIdentity, request: RoundRequest, cost: Money) -> int: ...

    def reopen(self, game: GameIdentity, request: RoundRequest, cost: Money, credits_before: Money) -> None: ...

    def decision(self, decision: str) -> None: ...

    def progress(self, step: int) -> None: ...

    def finish(self, result: RoundResult, outcome: str = "played") -> HistoryRecord: ...

    def add_credits(self, amount: Money) -> None: ...

    def cash_out(self) -> Money: ...

    def set_jackpot_terms(self, terms: Mapping[str, PoolTerms]) -> bool: ...  # the kiosk's pool terms

    def recent(self, n: int = 10) -> tuple[HistoryRecord, ...]: ...

    def last_record(self) -> HistoryRecord | None: ...

    def balanced(self) -> bool: ...

    def recover(self, defn: Definition, game: GameIdentity, play: PlayFn) -> RecoveredRound | None: ...

    def close(self) -> None: ...


def resume_point(events: tuple[Any, ...] | list[Any], step: int) -> int:
    """The latest step at or before ``step`` a restored round can resume from (0: the start)."""
    step = max(0, min(step, len(events)))
    kinds = resume_kinds()  # read each time: blocks registered later count too
    while step > 0 and events[step - 1].kind not in kinds:
        step -= 1
    return step


@dataclass(frozen=True)
class RoundRecord:
    """A finished round as this session saw it (the persistent history is the ledger's)."""

    index: int  # round number (0-based; continues across restarts on a disk ledger)
    request: RoundRequest
    cost: Money
    total_win: Money
    credits_before: Money
    credits_after: Money
    tier: str
    features: tuple[str, ...]
    finished_at: float  # wall-clock time, for display only

    def summary(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "kind": self.request.kind,
            "seed": self.request.seed,
            "bet": self.cost,
            "win": self.total_win,
            "credits_before": self.credits_before,
            "credits_after": self.credits_after,
            "tier": self.tier,
            "features": list(self.features),
        }


class SessionObserver(Protocol):
    """Hooks for other parts of the cabinet: called at each step of a round."""

    def round_begun(self, session: GameSession, result: RoundResult, credits_before: Money) -> None: ...

    def progress(self, session: GameSession, step: int) -> None: ...

    def round_finished(self, session: GameSession, record: RoundRecord) -> None: ...


def default_start_credits(defn: Definition) -> Money:
    """A demo balance: 500 major units of the game's currency."""
    minor_per_major: int = 10**defn.bet.minor_units
    return 500 * minor_per_major


@dataclass
class GameSession:
    defn: Definition
    ledger: RoundLedger = field(default_factory=MemoryLedger)
    seed: int | None = None  # master seed: round i uses derive_seed(seed, i); None: fresh randomness
    play: PlayFn | None = None  # the round runner (default: cabinet.core.round.play_round)
    top_up: Money | None = None  # what ADD CREDITS adds (None: the game's demo balance)
    bet: Bet = field(init=False)
    rounds: int = field(init=False, default=0)  # rounds begun so far (spins and respins), ever on this ledger
    session_first_round: int = field(init=False, default=1)  # the first round id of this session (History)
    current: RoundResult | None = field(init=False, default=None)
    current_index: int = field(init=False, default=-1)
    progress_step: int = field(init=False, default=0)
    resume_step: int = field(init=False, default=0)  # a restored round resumes its screen here
    restored: bool = field(init=False, default=False)  # the round in play was restored after a restart
    in_round: bool = field(init=False, default=False)
    offer: tuple[Money | None, ...] | None = field(init=False, default=None)  # paid-respin prices
    history: list[RoundRecord] = field(init=False, default_factory=list)
    observers: list[SessionObserver] = field(init=False, default_factory=list)
    last_record: HistoryRecord | None = field(init=False, default=None)  # the ledger's record of the last round
    game: GameIdentity = field(init=False)
    storage: StorageHealth = field(default_factory=StorageHealth)  # failed writes: screen, log, exit code
    rtp_variant: str = ""  # the RTP variant played (the kiosk's choice for this game; "": its default)
    # a player at the screen takes the rounds' choices (a pick bonus): rounds then await them
    # (``RoundResult.awaiting``, ``decide``); False (tools, autoplay): the game's autoplay rule picks
    players_choose: bool = field(init=False, default=False)
    mode: str = field(init=False, default="base")  # the bet mode a spin plays: "base", or an ante switched on
    _credits_before: Money = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.bet = default_bet(self.defn)
        if self.play is None:
            from cabinet.core.round import play_round

            self.play = play_round
        self.game = GameIdentity.of(self.defn)
        self.rounds = self.ledger.round_counter  # a restarted cabinet carries on with the next seed
        self.session_first_round = self.ledger.round_counter + 1  # recover() moves it to an interrupted round

    # -- money -----------------------------------------------------------------------------------

    @property
    def credits(self) -> Money:
        return self.ledger.credits

    @property
    def meters(self) -> Meters:
        return self.ledger.meters

    @property
    def top_up_amount(self) -> Money:
        return default_start_credits(self.defn) if self.top_up is None else self.top_up

    def add_credits(self, amount: Money | None = None) -> Money:
        """The kiosk's ADD CREDITS action (counts as credits in); returns the amount added."""
        amount = self.top_up_amount if amount is None else amount
        if self.in_round:
            raise SessionError("credits can be added when the round is over")
        try:
            self.ledger.add_credits(amount)
        except OSError as exc:
            raise self._storage_failed("the credits added", exc, "credits not added") from None
        except LedgerError as exc:
            raise SessionError(f"credits not added: {exc}") from None
        finally:
            self._pass_on_notices()
        self.storage.recovered()
        return amount

    def collect(self) -> Money:
        """COLLECT: the whole credit meter paid out (counts as credits out); returns the amount."""
        if self.in_round:
            raise SessionError("credits can be collected when the round is over")
        try:
            amount = self.ledger.cash_out()
        except OSError as exc:
            raise self._storage_failed("the collect", exc, "nothing collected") from None
        except LedgerError as exc:
            raise SessionError(f"nothing collected: {exc}") from None
        finally:
            self._pass_on_notices()
        self.storage.recovered()
        return amount

    # -- failed writes ---------------------------------------------------------------------------

    def _storage_failed(self, what: str, exc: OSError, consequence: str) -> StorageError:
        screen = self.storage.failed(what, exc)
        return StorageError(f"{consequence}: {what} could not be recorded ({exc.strerror or exc})", screen)

    def _pass_on_notices(self) -> None:
        """Writes the ledger let fail without stopping (history, a journal end): reported."""
        notices = self.ledger.notices
        while notices:
            self.storage.notice(notices.pop(0))

    @property
    def min_cost(self) -> Money:
        """The cheapest way to play on: the smallest bet (in the mode a spin plays), or a cheaper
        respin on offer."""
        from cabinet.core.modes import mode_cost

        cheapest = mode_cost(self.defn, cheapest_bet(self.defn), self.mode)
        prices = [p for p in (self.offer or ()) if p is not None]
        return min([cheapest, *prices])

    @property
    def out_of_credits(self) -> bool:
        """Nothing can be played until credits are added (the ADD CREDITS prompt shows)."""
        return not self.in_round and self.credits < self.min_cost

    # -- bets ------------------------------------------------------------------------------------

    @property
    def bet_locked(self) -> bool:
        """The bet cannot change while a round is being played."""
        return self.in_round

    def set_bet(self, bet: Bet) -> bool:
        """Change the bet; refused during a round or for a bet the game does not allow.

        A respin offer on the screen is repriced for the new bet (the rule sheets: changing
        the coin size resets the respin costs).
        """
        if self.in_round or not is_allowed(self.defn, bet):
            return False
        if bet != self.bet:
            self.bet = bet
            if self.offer is not None and self.current is not None:
                from cabinet.core.round import respin_prices

                prices = respin_prices(self.defn, bet, self.current.final_stops, self.current.final_reel_set,
                                       screen=self.current.final_screen)
                self.offer = prices if any(p is not None for p in prices) else None
        return True

    def step_bet(self, direction: int) -> bool:
        return self.set_bet(step_bet(self.defn, self.bet, direction))

    def max_bet(self) -> bool:
        return self.set_bet(max_bet(self.defn, self.bet))

    def bet_options(self) -> list[Bet]:
        return all_bets(self.defn)

    # -- bet modes -------------------------------------------------------------------------------

    def mode_cost(self, mode: str | None = None) -> Money:
        """What a round of ``mode`` (None: the mode a spin plays now) costs at the current bet."""
        from cabinet.core.modes import mode_cost

        return mode_cost(self.defn, self.bet, mode or self.mode)

    def set_mode(self, mode: str) -> bool:
        """Choose the mode a spin plays ("base" or an ante / plain mode; a buy is one round, never
        kept); refused during a round or for a mode the game does not have."""
        found = next((m for m in self.defn.bet_modes if m.name == mode), None)
        if self.in_round or found is None or found.kind == "buy":
            return False
        if mode != self.mode:
            self.mode = mode
            self.offer = None  # a respin prices the base game's screen: a new mode starts afresh
        return True

    # -- rounds ----------------------------------------------------------------------------------

    def seed_for(self, index: int) -> int:
        if self.seed is None:
            return secrets.randbits(64)
        return derive_seed(self.seed, index)

    def spin_refusal(self, mode: str | None = None) -> str | None:
        """Why SPIN (or a round of ``mode``, e.g. a buy) cannot start now (None: it can)."""
        if self.in_round:
            return "a round is in progress"
        if self.credits < self.mode_cost(mode):
            return "not enough credits for this bet" if (mode or self.mode) == "base" else \
                f"not enough credits for this {'buy' if mode and mode != self.mode else 'bet'}"
        return None

    def respin_price(self, reel: int) -> Money | None:
        if self.in_round or self.offer is None or not 0 <= reel < len(self.offer):
            return None
        return self.offer[reel]

    def begin_round(self, script: tuple[int, ...] = (), *, seed: int | None = None,
                    mode: str | None = None) -> RoundResult:
        """Start a spin: check the credits, play the round, journal and charge it.

        ``script`` forces the round's draws (a designer scenario): it is still a real round,
        charged and paid like any other, and its request says it was forced. ``seed``
        replays the round of that seed (``cabinet play --round``, the designer's top rounds)
        instead of the next one: chosen, not drawn, so its request says ``forced_by="round"``
        and history marks it FORCED: ROUND <seed>. ``mode``: a round of that bet mode (a buy)
        instead of the mode a spin plays now."""
        mode = mode or self.mode
        refusal = self.spin_refusal(mode)
        if refusal:
            raise SessionError(refusal)
        played = {"mode": mode, "rtp_variant": self.rtp_variant, "carried": self.carried_in()}
        if seed is None:
            request = RoundRequest(bet=self.bet, seed=self.seed_for(self.rounds), script=tuple(script), **played)
        else:
            request = RoundRequest(bet=self.bet, seed=seed, script=tuple(script), forced_by="round", **played)
        return self._begin(request, self.mode_cost(mode))

    def begin_respin(self, reel: int, script: tuple[int, ...] = ()) -> RoundResult:
        """Respin one reel of the screen left by the last round, at its offered price
        (``script``: a forced respin, for designer scenarios)."""
        price = self.respin_price(reel)
        if price is None:
            raise SessionError(f"no respin is offered on reel {reel + 1}")
        if self.credits < price:
            raise SessionError("not enough credits for this respin")
        assert self.current is not None  # an offer only exists after a finished round
        request = RoundRequest(
            bet=self.bet,
            seed=self.seed_for(self.rounds),
            kind="respin",
            respin_reel=reel,
            held_stops=self.current.final_stops,
            held_reel_set=self.current.final_reel_set,
            held_screen=self.current.final_screen,
            script=tuple(script),
            rtp_variant=self.rtp_variant,
            carried=self.carried_in(),
        )
        return self._begin(request, price)

    def _begin(self, request: RoundRequest, expected_cost: Money) -> RoundResult:
        assert self.play is not None
        if self.players_choose and takes_decisions(self.defn):  # the player picks on screen
            request = replace(request, interactive=True)
        result = self.play(self.defn, request)  # pure: nothing has changed yet if this raises
        if result.cost != expected_cost:
            raise SessionError(f"the round costs {result.cost}, the cabinet expected {expected_cost}")
        credits_before = self.credits
        try:
            # Journal first, then charge: only after this may anything of ``result`` be shown.
            self.ledger.begin(self.game, request, result.cost)
        except OSError as exc:
            raise self._storage_failed("the round's start", exc, "nothing was charged") from None
        except LedgerError as exc:
            raise SessionError(f"the round could not be recorded ({exc}); nothing was charged") from None
        finally:
            self._pass_on_notices()
        self.storage.recovered()
        self._credits_before = credits_before
        self.current = result
        self.current_index = self.rounds
        self.rounds += 1
        self.progress_step = 0
        self.resume_step = 0
        self.restored = False
        self.in_round = True
        self.offer = None
        for obs in self.observers:
            obs.round_begun(self, result, self._credits_before)
        return result

    def restore_round(self, result: RoundResult, index: int, step: int, credits_before: Money) -> None:
        """Resume a round recovery found unfinished (already charged): no charge here.

        ``step`` is how far the screen had shown it; the screen resumes from the latest
        resume point at or before it (``resume_step``)."""
        if not self.ledger.in_round:
            self.ledger.reopen(self.game, result.request, result.cost, credits_before)
        self.current, self.current_index = result, index
        self.progress_step = self.resume_step = resume_point(result.events, step)
        self.rounds = max(self.rounds, index + 1)
        self._credits_before = credits_before
        self.restored = True
        self.in_round = True
        self.offer = None

    def show_finished(self, result: RoundResult) -> None:
        """Put a finished round back on the screen (after a restart): its reels and respin offer."""
        self.current, self.in_round = result, False
        self.progress_step = len(result.events)
        self.offer = result.respin_prices
        if is_allowed(self.defn, result.request.bet):
            self.bet = result.request.bet
        self._keep_mode(result.request)

    def decide(self, decision: str) -> RoundResult:
        """The player's choice in a round that awaits one (a pick, a gamble): journaled before
        its consequence is shown; the round is played on with it and returned."""
        if not self.in_round or self.current is None or self.current.awaiting is None:
            raise SessionError("no choice is awaited")
        assert self.play is not None
        request = replace(self.current.request, decisions=self.current.request.decisions + (decision,))
        try:
            self.ledger.decision(decision)
        except OSError as exc:
            raise self._storage_failed("the choice", exc, "choose again") from None
        except LedgerError as exc:
            raise SessionError(f"the choice could not be recorded ({exc})") from None
        self.storage.recovered()
        self.current = self.play(self.defn, request)
        return self.current

    @property
    def resume_from(self) -> int:
        """Where a screen rebuilt mid-round starts showing the round in play: the latest
        resume point the screen had reached (0: from the start)."""
        if not self.in_round or self.current is None:
            return 0
        return resume_point(self.current.events, self.progress_step)

    def mark_progress(self, step: int) -> None:
        """The screen has shown the round's first ``step`` events."""
        if not self.in_round or step <= self.progress_step:
            return
        self.progress_step = step
        if self.current is not None and resume_point(self.current.events, step) == step:
            try:
                self.ledger.progress(step)
            except OSError as exc:
                # Only where a restart resumes the screen: an earlier step is as safe, so the
                # round plays on; the end of the round is what must be recorded.
                self.storage.failed("how far the round was shown", exc)
            else:
                self.storage.recovered()
        for obs in self.observers:
            obs.progress(self, step)

    def finish_round(self) -> RoundRecord:
        """Pay the round's win: meters, history (a restored round is recorded as such)."""
        if not self.in_round or self.current is None:
            raise SessionError("no round to finish")
        result = self.current
        if result.awaiting is not None:
            raise SessionError(f"the round awaits a choice ({result.awaiting})")
        try:
            self.last_record = self.ledger.finish(result, "recovered" if self.restored else "played")
        except OSError as exc:
            raise self._storage_failed("the round's win", exc, "the round stays open until it is") from None
        finally:
            self._pass_on_notices()
        if not self.ledger.write_outstanding:
            self.storage.recovered()
        self.in_round = False
        self.restored = False
        self.progress_step = len(result.events)
        self.offer = result.respin_prices
        tier = next((getattr(e, "tier", "") for e in reversed(result.events) if e.kind == "round_ended"), "")
        record = RoundRecord(
            index=self.current_index,
            request=result.request,
            cost=result.cost,
            total_win=result.total_win,
            credits_before=self._credits_before,
            credits_after=self.credits,
            tier=tier,
            features=result.features,
            finished_at=time.time(),
        )
        self.history.append(record)
        del self.history[:-HISTORY_LIMIT]
        for obs in self.observers:
            obs.round_finished(self, record)
        return record

    # -- after a restart -------------------------------------------------------------------------

    def recover(self) -> RecoveredRound | None:
        """Settle the round a crash interrupted and put the screen where it was.

        - resumed: the round is open again; the screen replays it from ``resume_step``;
        - finished / auto_completed: paid; its final screen shows;
        - voided / stale: nothing to show (the message says what happened).
        Without an interrupted round, the last finished round of this game comes back on
        the screen (its reels, its respin offer, its bet).
        """
        assert self.play is not None
        recovered = self.ledger.recover(self.defn, self.game, self.play)
        self.rounds = max(self.rounds, self.ledger.round_counter)
        if recovered is not None and recovered.status != "stale":  # the player's session goes on through it
            self.session_first_round = min(self.session_first_round, recovered.round_id)
        if recovered is None or recovered.status in ("voided", "stale"):
            self._show_last()
            return recovered
        result = recovered.result
        if result is None:
            return recovered
        if recovered.game_id != self.game.id:
            return recovered  # another game's round: settled by the ledger, not shown here
        if recovered.status == "resumed":
            self.restore_round(result, recovered.round_id - 1, recovered.resume_step or 0, recovered.credits_before)
            if is_allowed(self.defn, result.request.bet):
                self.bet = result.request.bet
            self._keep_mode(result.request)
        else:
            self.show_finished(result)
        return recovered

    def _keep_mode(self, request: RoundRequest) -> None:
        """After a restart the spin mode is the last round's (an ante stays on; a buy was one round)."""
        mode = getattr(request, "mode", "base")
        if any(m.name == mode and m.kind != "buy" for m in self.defn.bet_modes):
            self.mode = mode

    def _show_last(self) -> None:
        last = self.ledger.last_record()
        if last is None or last.game_id != self.game.id or last.outcome == "voided":
            return
        if last.fingerprint != self.game.fingerprint:
            return  # the game changed since: its old screen may not even fit the new reels
        assert self.play is not None
        try:
            self.show_finished(self.play(self.defn, last.request))
        except Exception:  # noqa: BLE001 - a cosmetic restore must never stop the cabinet
            self.current = None

    # -- state kept across rounds: jackpot pools, collection meters ---------------------------------

    def carried_in(self) -> tuple[tuple[str, int], ...]:
        """The collection meters the next round starts from, at the current bet (empty: none)."""
        names = tuple(f.name for f in self.defn.features if f.type == "collection")
        return self.ledger.kept.carried_for(self.game.id, self.bet.total, names) if names else ()

    def jackpot_values(self) -> dict[str, Money]:
        """Each pool of this game as the meters show it now (whole minor units; a pool no round has
        fed yet shows its seed); with a round in play, after its contribution and any hit."""
        from cabinet.services.jackpot_pool import RoundKeeps

        kept = self.ledger.kept
        if self.in_round and self.current is not None and self.current.awaiting is None:
            kept.settle(RoundKeeps.from_events(self.current.events), game_id=self.game.id,
                        bet_total=self.current.request.bet.total)
        out: dict[str, Money] = {}
        for f in self.defn.features:
            if f.type == "progressive_jackpot":
                pool = kept.pools.get(f.pool)
                out[f.pool] = pool.shown if pool is not None else kept.seed_of(f.pool, f.seed)
        return out

    def set_jackpot_terms(self, terms: Mapping[str, PoolTerms]) -> bool:
        """The kiosk operator's seed, reset and cap per pool (``kiosk.yaml`` ``jackpots:``), kept with
        the pools (saved crash-safe on a disk ledger): every game of the kiosk plays by them. Returns
        whether they changed anything. A write that fails is a StorageError; nothing changed then."""
        try:
            return self.ledger.set_jackpot_terms(terms)
        except OSError as exc:
            raise StorageError(f"could not save the jackpot terms: {exc}", "JACKPOT SETTINGS NOT SAVED") from exc

    def jackpot_won(self) -> dict[str, Money]:
        """What the round in play wins from each pool it hit (paid with its win)."""
        from cabinet.services.jackpot_pool import RoundKeeps

        if not self.in_round or self.current is None or self.current.awaiting is not None:
            return {}
        return self.ledger.kept.settle(RoundKeeps.from_events(self.current.events), game_id=self.game.id,
                                       bet_total=self.current.request.bet.total)

    # -- reporting -------------------------------------------------------------------------------

    def recent(self, n: int = 10, *, this_session: bool = False) -> tuple[HistoryRecord, ...]:
        """The newest ``n`` rounds of the ledger's history, newest first (the History page);
        ``this_session``: only those from ``session_first_round`` on."""
        records = self.ledger.recent(n)
        if this_session:
            records = tuple(r for r in records if r.round_id >= self.session_first_round)
        return records

    def totals(self) -> dict[str, Any]:
        """The headless JSON line: integers of the minor unit, from the ledger's meters."""
        meters = self.ledger.meters
        return {
            "credits": self.credits,
            "rounds": meters.games_played,
            "total_bet": meters.total_bet,
            "total_won": meters.total_won,
            "currency": self.defn.bet.currency,
        }
