"""What the machine keeps from round to round beside the credits: the kiosk's progressive jackpot
pools and the games' collection meters (issue 35, items 8 and 9).

Both live in the critical store (``store.py``), so they are written in the very save that pays a
round: fsynced twice like the credits. A kill before that save leaves the round open, the pools
and meters as they were; recovery replays the round from its journaled request (its carried
meters included) and settles it once. A kill after it finds everything paid. So a jackpot is never
lost and never paid twice, and a meter never counts a round twice.

A pool is exact: its value is a Fraction of the minor unit (contributions are a share of a cost,
finer than the minor unit), written as "n/d". A hit pays the whole minor units of the value; the
fraction left over stays in the next pool, so nothing is lost to rounding. Terms come from the game
(``progressive_jackpot``: seed, reset, cap): the pool is created at its seed by the first round that
feeds it, and after a hit starts again at the reset value (the operator funds seeds and resets:
``funded``). With a cap, what a contribution would add past the cap goes to the pool's reserve;
after a hit the reserve tops the new pool up to the cap. At every state
``value + reserve == funded + contributed - paid``.

In a round, the contribution is added first, then a hit is paid: the winning round's own share is in
what it wins. Meters are kept per game, bet and block (``meter_key``).

The kiosk's operator may set a pool's terms for every game of the kiosk (``kiosk.yaml``
``jackpots:``, ``PoolTerms``): they are kept here (``KeptState.terms``), saved in the critical
store like the pools, and win over each game's own terms. Changing them while a pool runs does
what an operator expects of a machine (``Pool.retune``): the pool is not refunded or topped up
by the change. A new seed only matters to a pool not started yet; a new reset applies from the
next hit; a cap below the pool's value caps it at once, the excess going to the reserve (still
metered, still paid out: it starts the next pools after hits); a higher cap (or none) lets
contributions grow the pool again, the reserve waiting for the next hit as before. Taking an
override out leaves a running pool on the terms it has; a pool started afresh takes the game's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from cabinet.core.money import Money

from .meters import exact_amount


def _fraction(value: Any, what: str) -> Fraction:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be an exact fraction written as text, got {value!r}")
    try:
        out = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{what} must be an exact fraction such as '3/7', got {value!r}") from None
    if out < 0 or "." in value or "e" in value.lower():
        raise ValueError(f"{what} must be a non-negative fraction n/d, got {value!r}")
    return out


@dataclass(frozen=True)
class PoolTerms:
    """A pool's seed, reset value and cap (0: none), minor units: the kiosk operator's override."""

    seed: Money
    reset: Money
    cap: Money = 0

    def problem(self) -> str | None:
        """Why these terms cannot be a pool's (None: they can)."""
        for key in ("seed", "reset", "cap"):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                return f"{key} must be a whole number of minor units, 0 or more, got {value!r}"
        if self.cap and self.cap < max(self.seed, self.reset):
            return f"cap {self.cap} is below the seed ({self.seed}) or the reset value ({self.reset})"
        return None

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "reset": self.reset, "cap": self.cap}

    @classmethod
    def from_dict(cls, data: Any, what: str) -> PoolTerms:
        if not isinstance(data, Mapping) or set(data) != {"seed", "reset", "cap"}:
            raise ValueError(f"{what} must have exactly cap, reset, seed")
        terms = cls(*(exact_amount(data[k], f"{what}.{k}") for k in ("seed", "reset", "cap")))
        problem = terms.problem()
        if problem:
            raise ValueError(f"{what}: {problem}")
        return terms


@dataclass
class Pool:
    seed: Money
    reset: Money
    cap: Money = 0  # 0: none
    value: Fraction = Fraction(0)  # minor units, exact
    reserve: Fraction = Fraction(0)  # contributions past the cap, minor units
    contributed: Fraction = Fraction(0)
    funded: Money = 0  # the seed and every reset (the operator's)
    paid: Money = 0
    hits: int = 0
    contributions: int = 0  # rounds that fed it

    def balanced(self) -> bool:
        return self.value + self.reserve == self.funded + self.contributed - self.paid

    @property
    def shown(self) -> Money:
        """The value in whole minor units (what a hit now would pay)."""
        return math.floor(self.value)

    def contribute(self, amount: Fraction) -> None:
        room = self.cap - self.value if self.cap else amount
        into = max(Fraction(0), min(amount, room))
        self.value += into
        self.reserve += amount - into
        self.contributed += amount
        self.contributions += 1

    def hit(self) -> Money:
        """Pay the pool: its whole minor units; it starts again at the reset value plus the
        fraction left over, topped up from the reserve up to the cap."""
        pay = math.floor(self.value)
        left = self.value - pay
        self.paid += pay
        self.hits += 1
        self.funded += self.reset
        value = self.reset + left
        take = self.reserve if not self.cap else max(Fraction(0), min(self.reserve, self.cap - value))
        self.value = value + take
        self.reserve -= take
        return pay

    @property
    def terms(self) -> PoolTerms:
        return PoolTerms(self.seed, self.reset, self.cap)

    def retune(self, terms: PoolTerms) -> None:
        """The operator's new terms for a running pool: the seed is kept for the record (it funded
        the pool once), the reset applies from the next hit, a cap below the value caps it at once
        (the excess to the reserve: nothing funded or contributed is lost). Balanced before and after."""
        self.seed, self.reset, self.cap = terms.seed, terms.reset, terms.cap
        if self.cap and self.value > self.cap:
            self.reserve += self.value - self.cap
            self.value = Fraction(self.cap)

    def to_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "reset": self.reset, "cap": self.cap, "value": str(self.value),
                "reserve": str(self.reserve), "contributed": str(self.contributed), "funded": self.funded,
                "paid": self.paid, "hits": self.hits, "contributions": self.contributions}

    @classmethod
    def from_dict(cls, data: Any, what: str) -> Pool:
        keys = {"seed", "reset", "cap", "value", "reserve", "contributed", "funded", "paid", "hits", "contributions"}
        if not isinstance(data, Mapping) or set(data) != keys:
            raise ValueError(f"{what} must have exactly {', '.join(sorted(keys))}")
        whole = {k: exact_amount(data[k], f"{what}.{k}") for k in ("seed", "reset", "cap", "funded", "paid", "hits",
                                                                    "contributions")}
        exact = {k: _fraction(data[k], f"{what}.{k}") for k in ("value", "reserve", "contributed")}
        pool = cls(seed=whole["seed"], reset=whole["reset"], cap=whole["cap"], value=exact["value"],
                   reserve=exact["reserve"], contributed=exact["contributed"], funded=whole["funded"],
                   paid=whole["paid"], hits=whole["hits"], contributions=whole["contributions"])
        if not pool.balanced():
            raise ValueError(f"{what} does not balance: value + reserve != funded + contributed - paid")
        return pool


@dataclass(frozen=True)
class RoundKeeps:
    """What one round does to the kept state: its contributions (pool, amount, seed, reset, cap),
    the pools it won, and its meters after it (``RoundResult.carried``)."""

    contributions: tuple[tuple[str, Fraction, int, int, int], ...] = ()
    hits: tuple[str, ...] = ()
    carried: tuple[tuple[str, int], ...] = ()

    @classmethod
    def from_events(cls, events: Any, carried: tuple[tuple[str, int], ...] = ()) -> RoundKeeps:
        contributions = tuple((e.pool, e.contribution, e.seed, e.reset, e.cap) for e in events
                              if e.kind == "jackpot_contributed")
        hits = tuple(e.pool for e in events if e.kind == "jackpot_won")
        return cls(contributions, hits, tuple(carried))


def meter_key(game_id: str, bet_total: Money, name: str) -> str:
    return f"{game_id}|{bet_total}|{name}"


@dataclass
class KeptState:
    """The pools by name, the collection meters by ``meter_key`` and the kiosk's terms by pool."""

    pools: dict[str, Pool] = field(default_factory=dict)
    meters: dict[str, int] = field(default_factory=dict)
    terms: dict[str, PoolTerms] = field(default_factory=dict)  # the operator's overrides (kiosk.yaml)

    def __bool__(self) -> bool:
        return bool(self.pools or self.meters or self.terms)

    def set_terms(self, terms: Mapping[str, PoolTerms]) -> bool:
        """The kiosk's overrides from now on (every pool not named: its game's terms); each running
        pool named is retuned at once (``Pool.retune``). Returns whether anything changed."""
        wanted = dict(sorted(terms.items()))
        changed = wanted != self.terms
        for name, pool_terms in wanted.items():
            pool = self.pools.get(name)
            if pool is not None and pool.terms != pool_terms:
                pool.retune(pool_terms)
                changed = True
        self.terms = wanted
        return changed

    def seed_of(self, pool: str, game_seed: Money) -> Money:
        """What a pool no round has fed yet shows: the kiosk's seed, else the game's."""
        found = self.terms.get(pool)
        return found.seed if found is not None else game_seed

    def settle(self, keeps: RoundKeeps, *, game_id: str, bet_total: Money) -> dict[str, Money]:
        """Apply a round: contributions, then hits (each paid once per hit event); meters. Returns
        what each pool paid (empty: no hit)."""
        for pool_name, amount, seed, reset, cap in keeps.contributions:
            pool = self.pools.get(pool_name)
            over = self.terms.get(pool_name)  # the kiosk's terms win over the game's
            if pool is None:
                first = over or PoolTerms(seed, reset, cap)
                pool = self.pools[pool_name] = Pool(first.seed, first.reset, first.cap, value=Fraction(first.seed),
                                                    funded=first.seed)
            elif over is not None and pool.terms != over:
                pool.retune(over)
            pool.contribute(amount)
        paid: dict[str, Money] = {}
        for pool_name in keeps.hits:
            pool = self.pools.get(pool_name)
            if pool is not None:
                paid[pool_name] = paid.get(pool_name, 0) + pool.hit()
        for name, value in keeps.carried:
            self.meters[meter_key(game_id, bet_total, name)] = exact_amount(value, f"meter {name}")
        return paid

    def carried_for(self, game_id: str, bet_total: Money, names: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
        return tuple((n, self.meters.get(meter_key(game_id, bet_total, n), 0)) for n in names)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"pools": {k: p.to_dict() for k, p in sorted(self.pools.items())},
                               "meters": dict(sorted(self.meters.items()))}
        if self.terms:  # written only once an operator sets terms: older stores read as before
            out["terms"] = {k: t.to_dict() for k, t in sorted(self.terms.items())}
        return out

    @classmethod
    def from_dict(cls, data: Any) -> KeptState:
        if not isinstance(data, Mapping) or not {"pools", "meters"} <= set(data) <= {"pools", "meters", "terms"}:
            raise ValueError("kept state must have pools and meters (and the kiosk's terms, if set)")
        pools, meters, terms = data["pools"], data["meters"], data.get("terms", {})
        if not isinstance(pools, Mapping) or not isinstance(meters, Mapping) or not isinstance(terms, Mapping):
            raise ValueError("kept pools, meters and terms must be objects")
        return cls({str(k): Pool.from_dict(v, f"pool {k}") for k, v in pools.items()},
                   {str(k): exact_amount(v, f"meter {k}") for k, v in meters.items()},
                   {str(k): PoolTerms.from_dict(v, f"terms of pool {k}") for k, v in terms.items()})

    def copy(self) -> KeptState:
        return KeptState.from_dict(self.to_dict())

