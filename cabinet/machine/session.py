"""One player's session at one game: bet, credits, seeds and the round in progress.

Pure Python (no pygame). The session asks the core for outcomes (``play_round``); it
never decides one itself. A round's life is explicit so the services can journal
every step of it later:

    result = session.begin_round()      # check funds, play the round, charge its cost
    session.mark_progress(step)         # the screen has shown events[:step]
    record = session.finish_round()     # pay the win, add the round to history

Paid respins are rounds too (``begin_respin(reel)``): a new wager on the held screen.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cabinet.core.bet import Bet, all_bets, default_bet, is_allowed, max_bet, step_bet
from cabinet.core.definition import Definition
from cabinet.core.money import Money
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, RoundResult

PlayFn = Callable[[Definition, RoundRequest], RoundResult]
HISTORY_LIMIT = 100  # rounds kept in memory for the menu's History page


class SessionError(ValueError):
    """An action the session refuses (not enough credits, a bet change mid-round...)."""


class CreditLedger(Protocol):
    """Where the credits live. In memory here; the services journal them on disk."""

    @property
    def credits(self) -> Money: ...

    def charge(self, amount: Money) -> None: ...

    def pay(self, amount: Money) -> None: ...

    def add_credits(self, amount: Money) -> None: ...


@dataclass
class MemoryLedger:
    credits: Money = 0
    credits_in: Money = 0
    total_bet: Money = 0
    total_won: Money = 0

    def charge(self, amount: Money) -> None:
        if amount > self.credits:
            raise SessionError("not enough credits")
        self.credits -= amount
        self.total_bet += amount

    def pay(self, amount: Money) -> None:
        self.credits += amount
        self.total_won += amount

    def add_credits(self, amount: Money) -> None:
        self.credits += amount
        self.credits_in += amount


@dataclass(frozen=True)
class RoundRecord:
    """A finished round as the History page lists it."""

    index: int  # round number in this session (0-based)
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
    """Hooks for the services (journal, meters): called at each step of a round."""

    def round_begun(self, session: GameSession, result: RoundResult, credits_before: Money) -> None: ...

    def progress(self, session: GameSession, step: int) -> None: ...

    def round_finished(self, session: GameSession, record: RoundRecord) -> None: ...


def default_start_credits(defn: Definition) -> Money:
    """A demo balance: 500 major units of the game's currency."""
    return 500 * 10**defn.bet.minor_units


@dataclass
class GameSession:
    defn: Definition
    ledger: CreditLedger = field(default_factory=MemoryLedger)
    seed: int | None = None  # master seed: round i uses derive_seed(seed, i); None: fresh randomness
    play: PlayFn | None = None  # the round runner (default: cabinet.core.round.play_round)
    bet: Bet = field(init=False)
    rounds: int = field(init=False, default=0)  # rounds begun so far (spins and respins)
    current: RoundResult | None = field(init=False, default=None)
    current_index: int = field(init=False, default=-1)
    progress_step: int = field(init=False, default=0)
    in_round: bool = field(init=False, default=False)
    offer: tuple[Money | None, ...] | None = field(init=False, default=None)  # paid-respin prices
    history: list[RoundRecord] = field(init=False, default_factory=list)
    observers: list[SessionObserver] = field(init=False, default_factory=list)
    _credits_before: Money = field(init=False, default=0)

    def __post_init__(self) -> None:
        self.bet = default_bet(self.defn)
        if self.play is None:
            from cabinet.core.round import play_round  # the engine helper adds it

            self.play = play_round

    # -- money -----------------------------------------------------------------------------------

    @property
    def credits(self) -> Money:
        return self.ledger.credits

    def add_credits(self, amount: Money | None = None) -> Money:
        """The kiosk's ADD CREDITS action; returns the amount added."""
        amount = default_start_credits(self.defn) if amount is None else amount
        self.ledger.add_credits(amount)
        return amount

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

                prices = respin_prices(self.defn, bet, self.current.final_stops, self.current.final_reel_set)
                self.offer = prices if any(p is not None for p in prices) else None
        return True

    def step_bet(self, direction: int) -> bool:
        return self.set_bet(step_bet(self.defn, self.bet, direction))

    def max_bet(self) -> bool:
        return self.set_bet(max_bet(self.defn, self.bet))

    def bet_options(self) -> list[Bet]:
        return all_bets(self.defn)

    # -- rounds ----------------------------------------------------------------------------------

    def seed_for(self, index: int) -> int:
        if self.seed is None:
            return secrets.randbits(64)
        return derive_seed(self.seed, index)

    def spin_refusal(self) -> str | None:
        """Why SPIN cannot start a round now (None: it can)."""
        if self.in_round:
            return "a round is in progress"
        if self.credits < self.bet.total:
            return "not enough credits for this bet"
        return None

    def respin_price(self, reel: int) -> Money | None:
        if self.in_round or self.offer is None or not 0 <= reel < len(self.offer):
            return None
        return self.offer[reel]

    def begin_round(self) -> RoundResult:
        """Start a spin: check the credits, play the round, charge its cost."""
        refusal = self.spin_refusal()
        if refusal:
            raise SessionError(refusal)
        return self._begin(RoundRequest(bet=self.bet, seed=self.seed_for(self.rounds)), self.bet.total)

    def begin_respin(self, reel: int) -> RoundResult:
        """Respin one reel of the screen left by the last round, at its offered price."""
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
        )
        return self._begin(request, price)

    def _begin(self, request: RoundRequest, expected_cost: Money) -> RoundResult:
        assert self.play is not None
        result = self.play(self.defn, request)  # pure: nothing has changed yet if this raises
        if result.cost != expected_cost:
            raise SessionError(f"the round costs {result.cost}, the cabinet expected {expected_cost}")
        self._credits_before = self.credits
        self.ledger.charge(result.cost)
        self.current = result
        self.current_index = self.rounds
        self.rounds += 1
        self.progress_step = 0
        self.in_round = True
        self.offer = None
        for obs in self.observers:
            obs.round_begun(self, result, self._credits_before)
        return result

    def restore_round(self, result: RoundResult, index: int, step: int, credits_before: Money) -> None:
        """Resume a round the journal found unfinished (already charged): no charge here."""
        self.current, self.current_index, self.progress_step = result, index, step
        self.rounds = max(self.rounds, index + 1)
        self._credits_before = credits_before
        self.in_round = True
        self.offer = None

    def mark_progress(self, step: int) -> None:
        """The screen has shown the round's first ``step`` events."""
        if not self.in_round or step <= self.progress_step:
            return
        self.progress_step = step
        for obs in self.observers:
            obs.progress(self, step)

    def finish_round(self) -> RoundRecord:
        """Pay the round's win and file it in history."""
        if not self.in_round or self.current is None:
            raise SessionError("no round to finish")
        result = self.current
        self.ledger.pay(result.total_win)
        self.in_round = False
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

    # -- reporting -------------------------------------------------------------------------------

    def totals(self) -> dict[str, Any]:
        """The headless JSON line: integers of the minor unit."""
        bets = sum(r.cost for r in self.history) + (self.current.cost if self.in_round and self.current else 0)
        return {
            "credits": self.credits,
            "rounds": self.rounds,
            "total_bet": bets,
            "total_won": sum(r.total_win for r in self.history),
            "currency": self.defn.bet.currency,
        }
