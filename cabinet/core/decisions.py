"""Player decisions inside a round (a pick bonus's tile, a ladder's take-or-climb).

A round is a function of (definition, bet, seed, decisions). ``play_round`` puts the
request's decisions in a ``DecisionQueue`` that blocks read in order with ``decide``:

- a decision the request holds is taken (and checked by the block);
- past the recorded ones, an interactive round (``RoundRequest.interactive``: a player is
  at the cabinet) stops: ``decide`` raises ``AwaitingDecision`` and ``play_round``
  returns the round so far with ``awaiting`` naming the choice; the session journals
  the player's answer and plays the round again with it (so a round killed mid-bonus
  resumes at the same pick);
- a round nobody plays along (simulation, par, autoplay, the kiosk's attract mode) is
  decided by the feature's own autoplay rule, which the block states in its YAML.

A rule that picks "at random" draws from its own stream (``auto_rng``), derived from the
round's seed and the decision's number, never from the round's rng: the prizes a round
draws are the same whoever decides.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from .rng import Rng, derive_seed

# Salt of the stream the autoplay rules draw from ("autopick"), distinct from the round's.
AUTO_PICK_SALT = 0x6175746F7069636B


class AwaitingDecision(Exception):  # noqa: N818 - a signal, not an error
    """The round needs the player's choice ``what`` ("feature:choice", e.g. "bottles:pick")
    before it goes on."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what

    @property
    def feature(self) -> str:
        """The feature that waits (the part of ``what`` before its colon)."""
        return self.what.split(":", 1)[0]


class DecisionError(ValueError):
    """A recorded decision the rules do not allow (a tile already picked, an unknown word)."""


@dataclass
class DecisionQueue:
    """The request's decisions, taken in order; ``interactive``: stop past the last one."""

    decisions: tuple[str, ...] = ()
    interactive: bool = False
    seed: int = 0
    taken: int = 0
    made: list[str] = field(default_factory=list)  # every decision of the round so far, by anyone

    def recorded(self) -> str | None:
        """The next recorded decision (taken), or None when none is left."""
        if self.taken < len(self.decisions):
            value = self.decisions[self.taken]
            self.taken += 1
            return value
        return None

    def auto_rng(self) -> Rng:
        """The autoplay rule's stream for the next decision (one per decision number)."""
        return Rng(derive_seed(self.seed ^ AUTO_PICK_SALT, len(self.made)))


def queue_of(state: Any) -> DecisionQueue:
    """The round's queue (a standalone context, e.g. par's runs, gets an empty one: autoplay)."""
    found = state.decisions
    if not isinstance(found, DecisionQueue):
        found = DecisionQueue()
        state.decisions = found
    return found


def decide(state: Any, what: str) -> str | None:
    """The next decision for ``what``: the recorded one, else None (the caller's autoplay
    rule decides), or raise ``AwaitingDecision`` in an interactive round."""
    queue = queue_of(state)
    value = queue.recorded()
    if value is None and queue.interactive:
        raise AwaitingDecision(what)
    return value


def takes_decisions(defn: Any) -> bool:
    """Whether a round of ``defn`` may ask a player to choose (a block whose ``takes_decisions``
    says so of its parameters): the cabinet then plays its rounds interactive."""
    from .features import block

    for params in defn.features:
        entry = block(params.type)
        asks = getattr(entry, "takes_decisions", None)
        if asks is not None and asks(params):
            return True
    return False


def autoplay_decision(play_round_fn: Callable[[Any, Any], Any], defn: Any, request: Any) -> str:
    """The decision the feature's own autoplay rule makes next in ``request``'s round (the first
    its ``decisions`` do not hold): the round played on past them by the rule, as autoplay and
    the kiosk's attract mode play it. Recovery completes an interrupted round with it, so an
    auto-completed round pays what an uninterrupted one with the same decisions pays."""
    whole = play_round_fn(defn, replace(request, interactive=False))
    made: tuple[str, ...] = whole.decisions
    if len(made) <= len(request.decisions):
        raise DecisionError("the round takes no further decision")
    return made[len(request.decisions)]
