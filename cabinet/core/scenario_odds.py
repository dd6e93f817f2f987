"""How often each designer scenario's outcome happens in real play.

A scenario forces a round's draws (``scenarios:`` in a game file). Two odds answer
"how rare is what I am looking at":

- **these stops**: the chance of the forced stops of the first spin, exactly: the
  reel set's weight share times ``1/len(strip)`` per reel (every stop of a strip is
  equally likely; the definition has no stop weights, only weighted reel sets);
- **this outcome**: the chance of what the round shows, exact where the math is
  closed: a round whose base spin triggers a feature with a count (free spins: "3
  STAR") has that count's trigger probability from the block's own ``par``; a feature
  started without a count has its trigger rate. Anything else ("a win of at least
  62.5x") is an estimate: the share of simulated rounds (``round_wins``, the same rounds
  ``cabinet simulate`` plays) that pay at least the scenario's win, with a 95% Wilson
  interval, its sample count and seed.

Pure and deterministic for a given seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .bet import Bet, default_bet
from .definition import Definition, Scenario
from .events import FeatureTriggered, ReelsStopped
from .par import ParReport
from .round import RoundRequest, play_round
from .value import Z95, Estimate, Exact

DEFAULT_ROUNDS = 100_000  # simulated rounds for an estimated outcome
DEFAULT_SEED = 20240601


@dataclass(frozen=True)
class Odds:
    """A probability, exact or estimated (``lo``..``hi``: its 95% interval)."""

    probability: Fraction
    exact: bool
    lo: float | None = None
    hi: float | None = None
    samples: int = 0
    seed: int = 0
    hits: int = 0

    def one_in(self) -> str:
        """"1 in 12,500" (a zero-hit estimate: "rarer than 1 in N" from its interval's top)."""
        if self.probability == 0:
            if self.hi:
                return f"rarer than 1 in {_group(1 / self.hi)}"
            return "never"
        return f"1 in {_group(1 / self.probability)}"

    def text(self) -> str:
        if self.exact:
            return f"{self.one_in()} (exact)"
        assert self.lo is not None and self.hi is not None
        if self.lo <= 0:
            return f"{self.one_in()} (estimate: {self.hits} in {self.samples:,} rounds, 95%, seed {self.seed})"
        return (f"{self.one_in()} (estimate: 95% 1 in {_group(1 / self.lo)} .. 1 in {_group(1 / self.hi)}, "
                f"{self.samples:,} rounds, seed {self.seed})")

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"exact": self.exact, "probability": str(self.probability),
                               "one_in": None if not self.probability else float(1 / self.probability)}
        if not self.exact:
            out.update({"ci95": [self.lo, self.hi], "samples": self.samples, "hits": self.hits, "seed": self.seed})
        return out


def _group(x: float | Fraction) -> str:
    value = float(x)
    return f"{value:,.0f}" if value >= 100 else f"{value:,.2f}".rstrip("0").rstrip(".")


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound at 0 hits, unlike the normal one)."""
    if n <= 0:
        return 0.0, 1.0
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (0.0 if hits == 0 else max(0.0, centre - half)), (1.0 if hits == n else min(1.0, centre + half))


@dataclass(frozen=True)
class ScenarioOdds:
    index: int  # 0-based, in the file's order (F1 is 0)
    name: str
    stops: tuple[int, ...]
    reel_set: str
    stops_odds: Odds  # these exact stops of the first spin
    outcome: str  # what "this outcome" means, in words
    outcome_odds: Odds | None  # None: the round could not be played (see ``problem``)
    win_x: Fraction = Fraction(0)  # the round's win, in total bets
    problem: str = ""
    win_odds: Odds | None = None  # a round paying at least ``win_x`` (estimate), where the outcome is a trigger

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index + 1,
            "name": self.name,
            "reel_set": self.reel_set,
            "stops": list(self.stops),
            "stops_odds": self.stops_odds.to_dict(),
            "outcome": self.outcome,
            "outcome_odds": None if self.outcome_odds is None else self.outcome_odds.to_dict(),
            "win_x": str(self.win_x),
            "win_odds": None if self.win_odds is None else self.win_odds.to_dict(),
            "problem": self.problem,
        }


def stops_probability(defn: Definition, reel_set: str) -> Fraction:
    """The chance of any one given set of stops on ``reel_set`` in a base spin."""
    sets = defn.base_game.reel_sets
    weight = sum(c.weight for c in sets)
    share = Fraction(sum(c.weight for c in sets if c.set == reel_set), weight) if len(sets) > 1 else Fraction(1)
    p = share
    for strip in defn.reels[reel_set]:
        p /= len(strip)
    return p


class _Wins:
    """Simulated round wins, made once per definition and shared by its scenarios."""

    def __init__(self, defn: Definition, bet: Bet, rounds: int, seed: int, wins: Any = None) -> None:
        self.defn, self.bet, self.rounds, self.seed = defn, bet, rounds, seed
        self._wins: Any = wins

    def _all(self) -> Any:
        if self._wins is None:
            from .simulation.rng_arrays import derive_seeds
            from .simulation.rounds import round_wins

            self._wins = round_wins(self.defn, self.bet, derive_seeds(self.seed, 0, self.rounds))
        return self._wins

    def at_least(self, win: int) -> Odds:
        return self._share(int((self._all() >= win).sum()))

    def nothing(self) -> Odds:
        return self._share(int((self._all() <= 0).sum()))

    def _share(self, hits: int) -> Odds:
        lo, hi = wilson(hits, self.rounds)
        return Odds(Fraction(hits, self.rounds), False, lo, hi, self.rounds, self.seed, hits)


def _trigger_odds(report: ParReport, name: str, count: int | None) -> tuple[str, Odds] | None:
    part = next((p for p in report.parts if p.name == name), None)
    if part is None:
        return None
    table = part.detail.get("trigger_probability") or {}
    if count is not None and count in table:
        return f"'{name}' triggered by {count}", Odds(Fraction(table[count]), True)
    rate = part.figures.get("trigger_rate")
    if isinstance(rate, Exact):
        return f"'{name}' triggered", Odds(rate.value, True)
    if isinstance(rate, Estimate):
        lo, hi = rate.ci95
        return f"'{name}' triggered", Odds(rate.mean_value, False, max(lo, 0.0), hi, rate.samples, rate.seed)
    return None


def scenario_odds(
    defn: Definition,
    report: ParReport,
    scenarios: Sequence[Scenario] | None = None,
    *,
    bet: Bet | None = None,
    rounds: int = DEFAULT_ROUNDS,
    seed: int = DEFAULT_SEED,
    wins: Any = None,
) -> list[ScenarioOdds]:
    """The odds of every scenario of ``defn`` (``report``: its ``par``, for trigger odds).
    ``wins``: the round wins of ``round_wins(defn, bet, derive_seeds(seed, 0, rounds))`` when
    the caller has them already (they are simulated here otherwise, once, if needed)."""
    bet = bet or default_bet(defn)
    wins = _Wins(defn, bet, rounds, seed, wins)
    out: list[ScenarioOdds] = []
    for index, scenario in enumerate(defn.scenarios if scenarios is None else scenarios):
        try:
            result = play_round(defn, RoundRequest(bet, 0, script=tuple(scenario.script)))
        except ValueError as exc:  # a script the current strips cannot answer (an edit shortened a strip)
            out.append(ScenarioOdds(index, scenario.name, tuple(scenario.script), "", Odds(Fraction(0), True),
                                    "", None, problem=str(exc)))
            continue
        first = next(e for e in result.events if isinstance(e, ReelsStopped))
        trigger = next((e for e in result.events if isinstance(e, FeatureTriggered) and not e.retrigger), None)
        found = None
        if trigger is not None:
            found = _trigger_odds(report, trigger.feature, trigger.count)
            if found is not None and " by " in found[0]:
                found = (f"{found[0]} {trigger.symbol}", found[1])
        for name in result.features if found is None else ():
            found = _trigger_odds(report, name, None)
            if found is not None:
                break
        if found is None and result.total_win > 0:
            found = (f"a round paying at least {float(Fraction(result.total_win, bet.total)):g}x the bet",
                     wins.at_least(result.total_win))
        if found is None:  # a scenario that pays nothing and starts nothing: how often a round pays nothing
            found = ("a round that pays nothing", wins.nothing())
        # A trigger's odds say how often the feature starts, not how often it pays this much: say that too.
        win_odds = wins.at_least(result.total_win) if result.total_win > 0 and "triggered" in found[0] else None
        out.append(ScenarioOdds(index, scenario.name, first.stops, first.reel_set,
                                Odds(stops_probability(defn, first.reel_set), True), found[0], found[1],
                                Fraction(result.total_win, bet.total), win_odds=win_odds))
    return out
