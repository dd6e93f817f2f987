"""The exact expected round win by brute force: every path of draws through the real round.

An independent check of par (``core/par.py``): no rule is restated here. ``round_value``
plays the round itself (``play_round``'s spin path; ``respin_round_value``: its respin
path) with an ``EnumeratingRng``, once per path of draws, depth first. Every random value the engine takes goes through ``Rng.below``, ``Rng.weighted``
or ``Rng.chance`` (``shuffle_indices`` is made of ``below`` draws), so each such call is
one node of the tree:

- a draw inside the path's script returns the scripted choice;
- a draw past the script records its choices (``below(n)``: n alike; ``weighted``: the
  weights; ``chance(a, b)``: a and b - a) and takes the first one of positive weight.

A run is therefore one complete path (its script, then the first choice everywhere).
The next path is found by moving the deepest draw that has a later choice of positive
weight to that choice and dropping the draws after it: one ``play_round`` per path,
never a path twice. A path's probability is the product of ``1/n`` or ``w_i / sum(w)``
(kept as integers until the end), and the round's value is ``sum(p * win) / bet``, exact.
``expectation`` does the same for any function of an rng.

A draw of one choice (``below(1)``, one positive weight) is no branch and costs nothing.
``max_paths`` bounds the walk: a game with more paths (or a feature that can go on
forever, e.g. a retrigger) raises ``TooManyPaths`` instead of running for ever.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from . import round as _round
from .bet import Bet, default_bet
from .definition import Definition
from .events import Screen
from .rng import Rng
from .round import RoundRequest

DEFAULT_MAX_PATHS = 200_000


MAX_PATH_DRAWS = 2_000  # draws one path may make before enumeration gives up (the caller simulates)


class TooManyPaths(RuntimeError):
    """The game has more paths of draws than the walk may play."""


@dataclass(frozen=True)
class _Draw:
    """One draw of a path: the weights of its choices and the choice taken."""

    weights: tuple[int, ...]
    choice: int


class EnumeratingRng(Rng):
    """Answers every draw from ``script`` (choice indices), then with the first choice of
    positive weight; records every draw made, with its weights (``draws``)."""

    __slots__ = ("script", "draws")

    def __init__(self, script: Sequence[int]) -> None:
        super().__init__(0)
        self.script = tuple(script)
        self.draws: list[_Draw] = []

    def _choose(self, weights: tuple[int, ...]) -> int:
        positive = [i for i, w in enumerate(weights) if w > 0]
        if not positive or any(w < 0 for w in weights):
            raise ValueError(f"weights must be non-negative with a positive sum, got {weights}")
        if len(positive) == 1:  # no branch: nothing to record
            return positive[0]
        at = len(self.draws)
        if at < len(self.script):
            choice = self.script[at]
            if not (0 <= choice < len(weights) and weights[choice] > 0):
                raise ValueError(f"scripted choice {choice} of draw {at} is not a choice of {weights}")
        else:
            choice = positive[0]
        self.draws.append(_Draw(weights, choice))
        return choice

    def next_u64(self) -> int:  # every draw of the engine goes through below/weighted/chance
        raise AssertionError("a raw 64-bit draw cannot be enumerated")

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        return 0 if n == 1 else self._choose((1,) * n)

    def weighted(self, weights: Sequence[int]) -> int:
        return self._choose(tuple(weights))

    def chance(self, numerator: int, denominator: int) -> bool:
        if denominator <= 0:
            raise ValueError(f"chance() needs a positive denominator, got {denominator}")
        hit = min(max(numerator, 0), denominator)
        return self._choose((hit, denominator - hit)) == 0


@dataclass(frozen=True)
class Expectation:
    """E[value] over every path of draws, exactly, and how many paths there were."""

    mean: Fraction
    paths: int
    nonzero: Fraction  # P(value != 0)


@dataclass(frozen=True)
class BruteForce:
    """E[round win] / bet over every path, exactly, and how many paths there were."""

    rtp: Fraction
    paths: int
    hit_rate: Fraction  # P(the round wins anything)


def _probability(draws: list[_Draw]) -> tuple[int, int]:
    """The path's probability as (numerator, denominator), not reduced."""
    num = den = 1
    for d in draws:
        num *= d.weights[d.choice]
        den *= sum(d.weights)
    return num, den


def _next_script(draws: list[_Draw]) -> tuple[int, ...] | None:
    """The script of the next path in depth-first order (None: every path is done)."""
    for at in range(len(draws) - 1, -1, -1):
        d = draws[at]
        later = next((i for i in range(d.choice + 1, len(d.weights)) if d.weights[i]), None)
        if later is not None:
            return (*(x.choice for x in draws[:at]), later)
    return None


def expectation(play: Callable[[Rng], int], *, max_paths: int = DEFAULT_MAX_PATHS,
                what: str = "the game") -> Expectation:
    """E[play(rng)] over every path of draws ``play`` makes, exactly (``rtp``: the plain
    expectation, not divided by a bet), with the path count and P(play(rng) != 0)."""
    # sums of numerator x win per denominator: plain integers on the way, one Fraction at the end
    value: dict[int, int] = {}
    hits: dict[int, int] = {}
    paths = 0
    script: tuple[int, ...] | None = ()
    while script is not None:
        if paths >= max_paths:
            raise TooManyPaths(f"{what}: more than {max_paths:,} paths of draws")
        rng = EnumeratingRng(script)
        result = play(rng)
        if len(rng.draws) > MAX_PATH_DRAWS:
            # a feature that may run on (a respin added as often as one is used): its paths grow
            # one draw longer with each, so enumerating them costs the square of their number
            raise TooManyPaths(f"{what}: a path of more than {MAX_PATH_DRAWS:,} draws")
        num, den = _probability(rng.draws)
        value[den] = value.get(den, 0) + num * result
        if result:
            hits[den] = hits.get(den, 0) + num
        paths += 1
        script = _next_script(rng.draws)
    return Expectation(_sum(value), paths, _sum(hits))


def round_value(defn: Definition, bet: Bet | None = None, *, max_paths: int = DEFAULT_MAX_PATHS) -> BruteForce:
    """The exact RTP of a spin round of ``defn`` at ``bet`` (default: the game's default
    bet) by playing every path of draws through the round (``play_round``'s spin path)."""
    bet = bet or default_bet(defn)
    _round._check_bet(defn, bet)
    request = RoundRequest(bet, 0, with_offer=False, keep_events=False)  # lean, as simulation plays

    def play(rng: Rng) -> int:
        # play_round makes its own rng from the request; its spin path takes ours (a resolved
        # definition plays its bet mode: a buy, the round cap)
        return _round.play_spin_with(defn, request, rng).total_win

    found = expectation(play, max_paths=max_paths, what=defn.id)
    return BruteForce(found.mean / (bet.total * defn.mode_cost), found.paths, found.nonzero)


def respin_round_value(
    defn: Definition, bet: Bet, held_stops: tuple[int, ...], reel_set: str, reel: int, *,
    max_paths: int = DEFAULT_MAX_PATHS, held_screen: Screen = (),
) -> Expectation:
    """The exact expected win (minor units) of a paid respin round of ``reel`` (0-based) on
    the held screen ``held_stops`` of ``reel_set`` (``held_screen``: as the player saw it):
    every path of its draws through the respin round (``play_round``'s respin path),
    whatever it triggers."""
    request = RoundRequest(bet, 0, kind="respin", respin_reel=reel, held_stops=held_stops, held_reel_set=reel_set,
                           held_screen=held_screen, with_offer=False, keep_events=False)
    _round._check_bet(defn, bet)

    def play(rng: Rng) -> int:
        return _round._play_respin(defn, request, rng).total_win

    return expectation(play, max_paths=max_paths, what=f"{defn.id} respin of reel {reel + 1}")


def _sum(by_denominator: dict[int, int]) -> Fraction:
    return sum((Fraction(n, d) for d, n in by_denominator.items()), Fraction(0))
