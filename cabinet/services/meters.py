"""Accounting meters: exact integers that must always balance.

A regulated cabinet proves its money with meters: what came in, what went out,
what was bet and what was won. At every stored state

    credits == start + credits_in - credits_out - total_bet + total_won

where ``start`` is the credit meter when the meters were last zeroed. A round's
cost is metered when it is charged (``record_bet``) and its win when it is paid
(``record_win``), the same moments the credit meter moves, so the equation also
holds while a round is in flight. Every update refuses negatives, bools and floats:
a meter that can go wrong silently is worse than none.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cabinet.core.money import Money


def exact_amount(value: Any, what: str) -> int:
    """``value`` as a non-negative int; anything else is a programming error, said loudly."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number of minor units, got {value!r}")
    if value < 0:
        raise ValueError(f"{what} must not be negative, got {value}")
    return value


def _count_map(value: Any, what: str) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise ValueError(f"{what} must be an object of counts, got {value!r}")
    out: dict[str, int] = {}
    for key, count in value.items():
        if not isinstance(key, str):
            raise ValueError(f"{what} keys must be text, got {key!r}")
        out[key] = exact_amount(count, f"{what}[{key}]")
    return out


@dataclass
class Meters:
    credits_in: Money = 0  # top-ups, bill/coin in
    credits_out: Money = 0  # cash-outs
    total_bet: Money = 0  # every charged round's cost (bets and respin prices)
    total_won: Money = 0  # every paid win
    games_played: int = 0  # rounds charged (a paid respin is a round)
    voided: int = 0  # rounds voided with their bet returned (never counted as played)
    features: dict[str, int] = field(default_factory=dict)  # feature name -> rounds it ran in
    rounds_by_kind: dict[str, int] = field(default_factory=dict)  # "spin" / "respin" -> rounds

    # -- updates ----------------------------------------------------------------------------------

    def record_credits_in(self, amount: Money) -> None:
        self.credits_in += exact_amount(amount, "credits in")

    def record_credits_out(self, amount: Money) -> None:
        self.credits_out += exact_amount(amount, "credits out")

    def record_bet(self, cost: Money, kind: str) -> None:
        """A round was charged ``cost``: it counts as played from this moment."""
        self.total_bet += exact_amount(cost, "bet")
        self.games_played += 1
        self.rounds_by_kind[kind] = self.rounds_by_kind.get(kind, 0) + 1

    def record_win(self, win: Money, features: Iterable[str] = ()) -> None:
        """A round was paid ``win``; ``features`` are the names of the features that ran."""
        self.total_won += exact_amount(win, "win")
        for name in features:
            self.features[name] = self.features.get(name, 0) + 1

    def record_void(self, cost: Money, kind: str) -> None:
        """Undo ``record_bet`` for a round voided before it could be played (bet returned).

        "Malfunction voids all pays and plays": the round never happened, so it leaves
        the bet and played meters and is counted under ``voided`` instead.
        """
        cost = exact_amount(cost, "voided bet")
        if cost > self.total_bet or self.games_played < 1 or self.rounds_by_kind.get(kind, 0) < 1:
            raise ValueError(f"cannot void a {kind} round of {cost}: it was never metered")
        self.total_bet -= cost
        self.games_played -= 1
        self.rounds_by_kind[kind] -= 1
        self.voided += 1

    # -- the balance ------------------------------------------------------------------------------

    def expected_credits(self, start_credits: Money) -> Money:
        return start_credits + self.credits_in - self.credits_out - self.total_bet + self.total_won

    def check_balance(self, start_credits: Money, credits: Money) -> bool:
        """True when ``credits == start + in - out - bets + wins``, exactly."""
        return credits == self.expected_credits(start_credits)

    def balance_message(self, start_credits: Money, credits: Money) -> str:
        """A one-line account for a failed balance (for the malfunction screen and tests)."""
        expected = self.expected_credits(start_credits)
        return (
            f"credits {credits} != start {start_credits} + in {self.credits_in} - out {self.credits_out} "
            f"- bets {self.total_bet} + wins {self.total_won} = {expected} (off by {credits - expected})"
        )

    # -- storage ----------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "credits_in": self.credits_in,
            "credits_out": self.credits_out,
            "total_bet": self.total_bet,
            "total_won": self.total_won,
            "games_played": self.games_played,
            "voided": self.voided,
            "features": dict(sorted(self.features.items())),
            "rounds_by_kind": dict(sorted(self.rounds_by_kind.items())),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Meters:
        if not isinstance(data, Mapping):
            raise ValueError(f"meters must be an object, got {data!r}")
        expected = {
            "credits_in", "credits_out", "total_bet", "total_won", "games_played", "voided",
            "features", "rounds_by_kind",
        }  # fmt: skip
        if set(data) != expected:
            raise ValueError(f"meters fields differ: missing {sorted(expected - set(data))}, "
                             f"unknown {sorted(set(data) - expected)}")
        return cls(
            credits_in=exact_amount(data["credits_in"], "credits_in"),
            credits_out=exact_amount(data["credits_out"], "credits_out"),
            total_bet=exact_amount(data["total_bet"], "total_bet"),
            total_won=exact_amount(data["total_won"], "total_won"),
            games_played=exact_amount(data["games_played"], "games_played"),
            voided=exact_amount(data["voided"], "voided"),
            features=_count_map(data["features"], "features"),
            rounds_by_kind=_count_map(data["rounds_by_kind"], "rounds_by_kind"),
        )

    def copy(self) -> Meters:
        return Meters.from_dict(self.to_dict())
