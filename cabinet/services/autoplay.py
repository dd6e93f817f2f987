"""Autoplay: one pure controller shared by every game.

The rule sheets' AutoPlay: a number of rounds, and advanced stops — on any win,
when free spins (any feature) are won, when a single win reaches an amount, when the
balance has risen by an amount, when it has fallen by an amount — plus Reset. Two
rules shape the design:

- "When changing autoplay settings during a game round, all settings will take
  effect when the game round or active feature is completed": a change made while a
  round is in progress is held as ``pending`` and applied by ``on_round_end``. The
  round that was playing is judged by the settings it was played under.
- "All AutoPlay settings will return to default when you reload the game": nothing
  here is saved (see ``settings.py`` for what is).

Any button press stops autoplay (``button_pressed``). Amounts are exact ints of the
minor unit; 0 switches an amount stop off. The controller never touches money: the
session tells it the credits and the round's win.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from cabinet.core.money import Money

from .meters import exact_amount

ROUND_CHOICES = (10, 25, 50, 100, 250, 500)  # what the autoplay panel offers
DEFAULT_ROUNDS = 10


@dataclass(frozen=True)
class AutoplaySettings:
    rounds: int = DEFAULT_ROUNDS
    stop_on_any_win: bool = False
    stop_on_feature: bool = False  # free spins or any other feature won
    stop_on_single_win: Money = 0  # stop when one round wins at least this (0: off)
    stop_on_balance_up: Money = 0  # stop when credits have risen by at least this since the start (0: off)
    stop_on_balance_down: Money = 0  # stop when credits have fallen by at least this (0: off)

    def __post_init__(self) -> None:
        if isinstance(self.rounds, bool) or not isinstance(self.rounds, int) or self.rounds < 1:
            raise ValueError(f"autoplay needs at least one round, got {self.rounds!r}")
        exact_amount(self.stop_on_single_win, "single-win stop")
        exact_amount(self.stop_on_balance_up, "balance-up stop")
        exact_amount(self.stop_on_balance_down, "balance-down stop")


class StopReason(Enum):
    ROUNDS_DONE = "rounds done"
    ANY_WIN = "a win"
    FEATURE = "a feature was won"
    SINGLE_WIN = "single win limit reached"
    BALANCE_UP = "balance rose by the limit"
    BALANCE_DOWN = "balance fell by the limit"
    BUTTON = "a button was pressed"
    CREDITS = "not enough credits for the next round"


@dataclass(frozen=True)
class AutoplayRoundEnd:
    """What autoplay needs to know about a finished round."""

    win: Money
    credits: Money  # the credit meter after the round was paid
    features: tuple[str, ...] = ()  # features won in the round


class AutoplayController:
    """Decides whether the next round starts by itself."""

    def __init__(self, settings: AutoplaySettings | None = None) -> None:
        self.settings = settings or AutoplaySettings()
        self.pending: AutoplaySettings | None = None  # a change waiting for the round to end
        self.running = False
        self.rounds_left = 0
        self.start_credits: Money = 0
        self.stop_reason: StopReason | None = None
        self.in_round = False

    # -- the player's side ------------------------------------------------------------------------

    def start(self, credits: Money) -> None:
        """Start autoplay with the settings in force (balance stops count from ``credits``)."""
        if not self.in_round and self.pending is not None:
            self._apply_pending()
        self.running = True
        self.rounds_left = self.settings.rounds
        self.start_credits = exact_amount(credits, "credits")
        self.stop_reason = None

    def change(self, settings: AutoplaySettings) -> None:
        """New settings: at once between rounds, or when the current round ends."""
        if self.in_round:
            self.pending = settings
        else:
            self.pending = None
            self._use(settings)

    def reset(self) -> None:
        """The Reset button: default settings, under the same deferral rule."""
        self.change(AutoplaySettings())

    def button_pressed(self) -> bool:
        """Any button stops autoplay; True if it was running."""
        if not self.running:
            return False
        self.stop(StopReason.BUTTON)
        return True

    def stop(self, reason: StopReason) -> None:
        self.running = False
        self.rounds_left = 0
        self.stop_reason = reason

    # -- the session's side -----------------------------------------------------------------------

    def should_continue(self, credits: Money, next_cost: Money) -> bool:
        """Whether autoplay starts the next round now (stops itself when credits run short)."""
        if not self.running or self.in_round:
            return False
        if self.rounds_left <= 0:
            self.stop(StopReason.ROUNDS_DONE)
            return False
        if credits < next_cost:
            self.stop(StopReason.CREDITS)
            return False
        return True

    def round_started(self) -> None:
        """A round began (by autoplay or by hand): changes from now on wait for its end."""
        self.in_round = True
        if self.running:
            self.rounds_left -= 1

    def on_round_end(self, summary: AutoplayRoundEnd) -> StopReason | None:
        """Judge the round by the settings it was played under, then apply any pending change.

        Returns the reason autoplay stopped, if it did.
        """
        self.in_round = False
        reason = self._stop_for(summary) if self.running else None
        if self.pending is not None:
            self._apply_pending()
        if reason is not None:
            self.stop(reason)
        elif self.running and self.rounds_left <= 0:
            self.stop(StopReason.ROUNDS_DONE)
            reason = StopReason.ROUNDS_DONE
        return reason

    # -- internals --------------------------------------------------------------------------------

    def _stop_for(self, summary: AutoplayRoundEnd) -> StopReason | None:
        s = self.settings
        win = exact_amount(summary.win, "win")
        credits = exact_amount(summary.credits, "credits")
        if s.stop_on_feature and summary.features:
            return StopReason.FEATURE
        if s.stop_on_single_win and win >= s.stop_on_single_win:
            return StopReason.SINGLE_WIN
        if s.stop_on_any_win and win > 0:
            return StopReason.ANY_WIN
        if s.stop_on_balance_up and credits - self.start_credits >= s.stop_on_balance_up:
            return StopReason.BALANCE_UP
        if s.stop_on_balance_down and self.start_credits - credits >= s.stop_on_balance_down:
            return StopReason.BALANCE_DOWN
        return None

    def _apply_pending(self) -> None:
        assert self.pending is not None
        settings, self.pending = self.pending, None
        self._use(settings)

    def _use(self, settings: AutoplaySettings) -> None:
        # A new round count is a new budget counted from now; balance stops keep their start.
        if self.running and settings.rounds != self.settings.rounds:
            self.rounds_left = settings.rounds
        self.settings = settings
