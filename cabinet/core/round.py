"""A round: a pure function of (definition, bet, seed, player decisions).

``play_round(defn, request)`` returns every event of the round, in order, and its
total. The screen replays ``result.events``; the journal stores ``request``; history,
replay, recovery, forced outcomes and simulation all call this same function.

A paid single-reel respin is its own round (``kind="respin"``): a new wager whose
request names the reel and the held screen, so it is journaled, recovered and
replayed like any spin.

Draw order (a CONTRACT: ``simulate`` reproduces it with vectorised draws)
--------------------------------------------------------------------------
The rng is ``ScriptedRng(request.script, request.seed)`` when a script is given, else
``Rng(request.seed)``. A base spin draws:

1. the reel set — ONLY when ``base_game.reel_sets`` has 2+ entries: one
   ``rng.weighted(weights)``; with a single reel set there is no draw;
2. one ``rng.below(len(strip))`` per reel, reel 1 first.

Then each triggered feature draws in its own documented order (free spins: per spin
the reel set if the feature has 2+, the spin multiplier if 2+ entries, then one
``below`` per reel). A respin round draws one ``rng.below(len(strip))`` for the
respun reel, then any triggered feature's draws.

Event order of a spin round
---------------------------
RoundStarted, SpinStarted(base), ReelsStopped (with anticipation), LineWin... /
ScatterWin..., then per triggered feature FeatureTriggered and the feature's events,
SpinEnded(base), RespinOffer (when a respin is offered), RoundEnded.

Invariant (tested): ``result.total_win == events_total(result.events)``, i.e. the sum
of every event ``amount`` minus every ``WinCapped.removed``; no event holds a float.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from .bet import Bet, lines_allowed
from .decisions import AwaitingDecision, DecisionError, DecisionQueue, queue_of
from .definition import Definition, WinTiers
from .evaluate import EvaluationError, screen_from_stops
from .events import (
    Event,
    FeatureTriggered,
    ModePlayed,
    ReelsStopped,
    RespinOffer,
    RoundCapped,
    RoundEnded,
    RoundStarted,
    Screen,
    SpinEnded,
    SpinStarted,
    WinCapped,
)
from .features import Spin, block, choose_reel_set
from .features import paid_respin as _paid_respin
from .modes import ModeError, cap_amount, for_request, mode_cost
from .money import Money
from .pays import model_of
from .rng import RecordingRng, Rng, ScriptedRng
from .spin import RoundContext, play_spin, trigger_stage, win_keys

ForcedBy = Literal["", "round"]
FORCED_BY: tuple[ForcedBy, ...] = ("", "round")


class RoundError(ValueError):
    """A request the rules do not allow (e.g. a respin while none is offered)."""


@dataclass(frozen=True)
class RoundRequest:
    bet: Bet
    seed: int
    kind: Literal["spin", "respin"] = "spin"
    respin_reel: int = -1  # 0-based reel to respin (respin rounds only)
    held_stops: tuple[int, ...] = ()  # the screen being respun: each reel's stop
    held_reel_set: str = "base"  # reel set of that screen
    # the screen being respun as the player saw it, where a screen block (a mystery reveal, an
    # expanding wild) changed what landed; empty: the landed screen of ``held_stops``
    held_screen: Screen = ()
    script: tuple[int, ...] = ()  # forced draws (designer scenarios, tests), answered before the seed
    decisions: tuple[str, ...] = ()  # player choices made so far, in order
    # True: a player takes the round's choices (a pick bonus's tiles), so the round stops at the
    # first one ``decisions`` does not hold (``RoundResult.awaiting``); False: the features'
    # autoplay rules decide (simulation, par, autoplay, attract mode). See ``core/decisions.py``.
    interactive: bool = False
    # False: skip pricing the paid-respin offer (bulk simulation of plain play; the offer
    # is a pure function of the final screen, ``respin_prices`` gives it later)
    with_offer: bool = True
    # False: a lean round for simulation: no events are kept (``events`` is empty), only the
    # totals, the features that ran and what each paid
    keep_events: bool = True
    # How the outcome was chosen when not by a fresh seed or a script: "round" replays a known
    # round on purpose from its seed (``cabinet play --round``, the designer's top rounds), so
    # history says FORCED: ROUND <seed>. The draws are the seed's own: play_round ignores it.
    forced_by: ForcedBy = ""
    # the bet mode played (``Definition.bet_modes``; "base": the game as written) and the RTP
    # variant ("": the game's default); history, replay and recovery pass them back
    mode: str = "base"
    rtp_variant: str = ""
    # state kept from round to round (a collection meter), by block name, as the machine saved it
    # after the round before (``core/features/collection.py``); empty: every meter at 0
    carried: tuple[tuple[str, int], ...] = ()

    @property
    def forced(self) -> bool:
        """Whether the outcome was chosen rather than drawn (history marks it FORCED)."""
        return bool(self.script) or bool(self.forced_by)


@dataclass(frozen=True)
class RoundResult:
    request: RoundRequest
    events: tuple[Event, ...]
    cost: Money  # what this round charged: the total bet, or the respin's price
    total_win: Money
    final_stops: tuple[int, ...]  # the screen left showing when the round ends
    final_reel_set: str
    # the screen the player saw at the end where a screen block changed the landed screen of
    # ``final_stops`` (a respin holds it: ``RoundRequest.held_screen``); empty: that landed screen
    final_screen: Screen = ()
    respin_prices: tuple[Money | None, ...] | None = None  # next respin offer; None: unavailable
    features: tuple[str, ...] = ()  # names of features that ran, in order (meters count them)
    awaiting: str | None = None  # a decision the round waits for (None: complete)
    stats: dict[str, int] = field(default_factory=dict, compare=False)  # e.g. free spins played
    feature_wins: dict[str, Money] = field(default_factory=dict, compare=False)  # what each feature paid
    carried: tuple[tuple[str, int], ...] = ()  # the state kept across rounds after this one (sorted by name)
    # every decision the round took, recorded or made by a feature's autoplay rule, in order
    # (``core/decisions.autoplay_decision`` reads the rule's next one from here)
    decisions: tuple[str, ...] = field(default=(), compare=False)


# --- the round runner -----------------------------------------------------------------------------


def events_total(events: tuple[Event, ...] | list[Event]) -> Money:
    """What the events pay: every ``amount`` minus every amount a cap removed."""
    total = 0
    for event in events:
        if isinstance(event, (WinCapped, RoundCapped)):
            total -= event.removed
        else:
            total += getattr(event, "amount", 0)
    return total


def win_tier(tiers: WinTiers, win: Money, bet_total: Money) -> str:
    """The celebration tier ("epic", "mega", "big" or "") of a win relative to the total bet."""
    if win <= 0 or bet_total <= 0:
        return ""
    ratio = Fraction(win, bet_total)
    for name, threshold in (("epic", tiers.epic), ("mega", tiers.mega), ("big", tiers.big)):
        if threshold > 0 and ratio >= threshold:
            return name
    return ""


def respin_prices(
    defn: Definition, bet: Bet, stops: tuple[int, ...], reel_set: str, *, screen: Screen = ()
) -> tuple[Money | None, ...]:
    """Price of respinning each reel of the screen ``stops`` on ``reel_set`` at ``bet`` (of the base game:
    a mode's rounds offer no respin)
    (``screen``: as the player saw it, when a screen block changed it; ``RoundResult.final_screen``).

    Every entry is None when no respin may be offered on that screen (no paid respin
    in the game, a screen from a feature's reel set, a screen that triggers a feature).
    The cabinet calls this again when the coin size changes.
    """
    _check_bet(defn, bet)
    try:
        return _paid_respin.prices(defn, bet, tuple(stops), reel_set, screen=_held_screen(defn, screen))
    except EvaluationError as exc:
        raise RoundError(str(exc)) from exc


def play_round(defn: Definition, request: RoundRequest) -> RoundResult:
    """Play one round; pure and deterministic in (defn, request). The request's mode and RTP
    variant choose what is played (``core/modes.resolve``); the round cap ends it at the cap."""
    defn = _played(defn, request)
    _check_bet(defn, request.bet)
    rng: Rng = ScriptedRng(request.script, request.seed) if request.script else Rng(request.seed)
    if request.kind == "respin":
        return _capped(defn, _play_respin(defn, request, rng))
    if request.kind != "spin":
        raise RoundError(f"unknown round kind {request.kind!r}")
    return _capped(defn, _play_spin(defn, request, rng))


def play_spin_with(defn: Definition, request: RoundRequest, rng: Rng) -> RoundResult:
    """``play_round``'s spin path (mode, variant and cap included) with the caller's rng:
    brute force walks every path of draws through it."""
    defn = _played(defn, request)
    _check_bet(defn, request.bet)
    return _capped(defn, _play_spin(defn, request, rng))


def _played(defn: Definition, request: RoundRequest) -> Definition:
    try:
        return for_request(defn, request.mode, request.rtp_variant)
    except ModeError as exc:
        raise RoundError(str(exc)) from exc


def forcing_script(defn: Definition, request: RoundRequest) -> tuple[int, ...]:
    """Every value the round of ``request`` draws, in order: a script that forces the same
    round whatever the seed (the gallery pictures a feature no scenario shows from a seed's
    round this way, and tells the designer the scenario to write)."""
    defn = _played(defn, request)
    _check_bet(defn, request.bet)
    rng = RecordingRng(request.script, request.seed)
    (_play_respin if request.kind == "respin" else _play_spin)(defn, request, rng)
    return tuple(rng.drawn)


def _held_screen(defn: Definition, screen: Screen) -> Screen | None:
    """A held screen handed in (a journal's, a caller's) checked for its shape and symbols;
    None for none."""
    if not screen:
        return None
    symbols = defn.symbol_map
    if len(screen) != defn.grid.reels or any(
        len(column) != defn.grid.rows or any(s not in symbols for s in column) for column in screen
    ):
        raise RoundError(f"a held screen needs {defn.grid.reels} reels of {defn.grid.rows} known symbols, got {screen}")
    return tuple(tuple(column) for column in screen)


def _check_bet(defn: Definition, bet: Bet) -> None:
    if not lines_allowed(defn, bet.lines):
        cost = defn.pay_model.cost
        raise RoundError(f"a bet of {bet.lines} coins per level; {defn.name} costs {cost}" if cost
                         else f"{bet.lines} lines bet; {defn.name} has {len(defn.lines)}")
    if bet.coins_per_line <= 0 or bet.coin_value <= 0:
        raise RoundError(f"a bet needs positive coins per line and coin value, got {bet}")


def _play_spin(defn: Definition, request: RoundRequest, rng: Rng) -> RoundResult:
    bet = request.bet
    rc = RoundContext(defn, bet, rng, keep_events=request.keep_events)
    rc.state.decisions = DecisionQueue(request.decisions, interactive=request.interactive, seed=request.seed)
    rc.carried.update(request.carried)
    try:
        cost = mode_cost(defn, bet)
    except ModeError as exc:
        raise RoundError(str(exc)) from exc
    if rc.book.keep:  # a lean round (simulation) keeps no events: it builds none either
        rc.book.add(
            RoundStarted(defn.id, bet.total, bet.lines, bet.coins_per_line, bet.coin_value, request.seed, "spin")
        )
        if defn.played_mode != "base":
            mode = defn.bet_mode(defn.played_mode)
            assert mode is not None  # resolve() found it
            rc.book.add(ModePlayed(mode.name, mode.kind, mode.label or mode.name, cost, defn.bought))
    if defn.bought:
        return _play_buy(rc, request, cost)
    reel_set = choose_reel_set(rng, defn.base_game.reel_sets)
    if rc.book.keep:
        rc.book.add(SpinStarted("base", reel_set))
    spin = play_spin(rc, "base", reel_set)
    return _after_spin(rc, request, spin, cost=cost)


def _play_buy(rc: RoundContext, request: RoundRequest, cost: Money) -> RoundResult:
    """A bought feature: no base spin; the feature plays as if its smallest trigger had landed."""
    defn, book = rc.defn, rc.book
    params = next((f for f in defn.features if f.name == defn.bought), None)
    entry = None if params is None else block(params.type)
    trigger = None if entry is None else entry.bought(defn, params)
    if params is None or entry is None or trigger is None:
        raise RoundError(f"{defn.name}: feature {defn.bought!r} cannot be bought")
    book.add(FeatureTriggered(trigger.feature, trigger.symbol, trigger.count, trigger.positions, trigger.awarded))
    rc.state.running.append(params.name)
    try:
        outcome = entry.run(rc.context(params, "base"), trigger)
    except AwaitingDecision as wait:
        return _awaiting(rc, request, cost, wait)
    except DecisionError as exc:
        raise RoundError(str(exc)) from exc
    finally:
        rc.state.running.remove(params.name)
    total = outcome.total
    rc.ran.append(trigger.feature)
    rc.feature_wins[trigger.feature] = total
    for key, value in outcome.stats.items():
        rc.stats[key] = rc.stats.get(key, 0) + value
    base_set = defn.base_game.reel_sets[0].set
    if book.keep:
        book.add(RoundEnded(total, cost, win_tier(defn.win_tiers, total, rc.bet.total)))
    return RoundResult(
        request=request,
        events=tuple(book.events),
        cost=cost,
        total_win=total,
        final_stops=outcome.final_stops or (0,) * defn.grid.reels,
        final_reel_set=outcome.final_reel_set or base_set,
        features=tuple(rc.ran),
        stats=rc.stats,
        feature_wins=rc.feature_wins,
        carried=tuple(sorted(rc.carried.items())),
        decisions=tuple(queue_of(rc.state).made),
    )


def _awaiting(rc: RoundContext, request: RoundRequest, cost: Money, wait: AwaitingDecision) -> RoundResult:
    """The round so far, stopped at a choice the player has not made (``core/decisions.py``):
    its events up to the offer, what they pay so far, the screen of its last landing, and among
    its features the one that waits (playing now: the screen and the designer see it)."""
    events = tuple(rc.book.events)
    landed = [e for e in events if isinstance(e, ReelsStopped)]
    final_stops = landed[-1].stops if landed else (0,) * rc.defn.grid.reels
    final_reel_set = landed[-1].reel_set if landed else rc.defn.base_game.reel_sets[0].set
    return RoundResult(
        request=request, events=events, cost=cost, total_win=events_total(events), final_stops=final_stops,
        final_reel_set=final_reel_set, features=(*rc.ran, *([wait.feature] if wait.feature not in rc.ran else [])),
        awaiting=wait.what, stats=rc.stats,
        feature_wins=rc.feature_wins, decisions=tuple(queue_of(rc.state).made),
    )


def _capped(defn: Definition, result: RoundResult) -> RoundResult:
    """The round cap (``max_win_x``): a round whose win passes the cap ends where it reached it,
    its win the cap, with ``RoundCapped``. Every win is at least 0, so the capped total is
    min(win, cap) whatever was cut, and simulation may take that minimum alone."""
    cap = cap_amount(defn, result.request.bet)
    if not cap or result.total_win <= cap:
        return result
    removed = result.total_win - cap
    feature_wins = dict(result.feature_wins)
    left = removed
    for name in reversed(result.features):  # the features that paid last lose what passed the cap
        take = min(left, feature_wins.get(name, 0))
        feature_wins[name] = feature_wins.get(name, 0) - take
        left -= take
    events: tuple[Event, ...] = ()
    final_stops, final_reel_set = result.final_stops, result.final_reel_set
    if result.events:
        kept: list[Event] = []
        running = 0
        for event in result.events:
            if isinstance(event, RoundEnded):
                break
            kept.append(event)
            running += -event.removed if isinstance(event, (WinCapped, RoundCapped)) else getattr(event, "amount", 0)
            if isinstance(event, ReelsStopped):
                final_stops, final_reel_set = event.stops, event.reel_set
            if running >= cap:
                break
        bet = result.request.bet
        events = (*kept, RoundCapped(cap, result.total_win, running - cap),
                  RoundEnded(cap, result.cost, win_tier(defn.win_tiers, cap, bet.total)))
    return dataclasses.replace(
        result, events=events, total_win=cap, final_stops=final_stops, final_reel_set=final_reel_set,
        final_screen=(), respin_prices=None, awaiting=None, feature_wins=feature_wins,
    )


def _play_respin(defn: Definition, request: RoundRequest, rng: Rng) -> RoundResult:
    bet = request.bet
    reel_set = request.held_reel_set
    n_reels = defn.grid.reels
    if reel_set not in defn.reels:
        raise RoundError(f"unknown reel set {reel_set!r}")
    if len(request.held_stops) != n_reels:
        raise RoundError(f"a respin needs the {n_reels} held stops, got {len(request.held_stops)}")
    if not 0 <= request.respin_reel < n_reels:
        raise RoundError(f"reel {request.respin_reel} cannot be respun (reels are 0..{n_reels - 1})")
    try:
        landed = screen_from_stops(defn, reel_set, request.held_stops)
    except EvaluationError as exc:
        raise RoundError(str(exc)) from exc
    held_screen = _held_screen(defn, request.held_screen) or landed
    reason = _paid_respin.unavailable_reason(defn, reel_set, held_screen, bet)
    if reason is not None:
        raise RoundError(f"no respin is offered: {reason}")
    reel = request.respin_reel
    price = _paid_respin.price_of(defn, bet, request.held_stops, reel_set, reel, screen=held_screen)
    rc = RoundContext(defn, bet, rng, keep_events=request.keep_events)
    rc.state.decisions = DecisionQueue(request.decisions, interactive=request.interactive, seed=request.seed)
    rc.carried.update(request.carried)
    rc.book.add(RoundStarted(defn.id, price, bet.lines, bet.coins_per_line, bet.coin_value, request.seed, "respin"))
    strip = defn.reels[reel_set][reel]
    new_stop = rng.below(len(strip))
    stops = request.held_stops[:reel] + (new_stop,) + request.held_stops[reel + 1 :]
    rc.book.add(SpinStarted("respin", reel_set, spinning_reels=(reel,)))
    held = win_keys(model_of(defn).evaluate(defn, held_screen, bet)[0])
    # the held reels keep what the player saw; only what the respun screen adds to it pays
    spin = play_spin(rc, "respin", reel_set, stops=stops, spinning=(reel,), known_wins=held, held=held_screen)
    return _after_spin(rc, request, spin, cost=price)


def _after_spin(rc: RoundContext, request: RoundRequest, spin: Spin, cost: Money) -> RoundResult:
    """Triggered features (stage 5), SpinEnded, the respin offer and RoundEnded."""
    defn, bet, book = rc.defn, rc.bet, rc.book
    try:
        nested, last = trigger_stage(rc, spin)
    except AwaitingDecision as wait:
        return _awaiting(rc, request, cost, wait)
    except DecisionError as exc:
        raise RoundError(str(exc)) from exc
    total = spin.win + nested
    final_reel_set, final_stops = spin.reel_set, spin.stops
    if last is not None:
        final_reel_set, final_stops = last.final_reel_set, last.final_stops
    if book.keep:
        book.add(SpinEnded(spin.mode, spin.win))
    prices: tuple[Money | None, ...] | None = None
    final_screen: Screen = ()
    if last is None and request.with_offer and defn.feature("paid_respin") is not None and (
        spin.screen != screen_from_stops(defn, spin.reel_set, spin.stops)
    ):
        final_screen = spin.screen
    if not rc.ran and request.with_offer and defn.feature("paid_respin") is not None:
        offered = _paid_respin.prices(defn, bet, spin.stops, spin.reel_set, screen=spin.screen)
        if any(p is not None for p in offered):
            prices = offered
            book.add(RespinOffer(offered))
    if book.keep:  # the tier compares the win with the bet level (a respin's price can be tiny)
        book.add(RoundEnded(total, cost, win_tier(defn.win_tiers, total, bet.total)))
    return RoundResult(
        request=request,
        events=tuple(book.events),
        cost=cost,
        total_win=total,
        final_stops=final_stops,
        final_reel_set=final_reel_set,
        final_screen=final_screen,
        respin_prices=prices,
        features=tuple(rc.ran),
        stats=rc.stats,
        feature_wins=rc.feature_wins,
        carried=tuple(sorted(rc.carried.items())),
        decisions=tuple(queue_of(rc.state).made),
    )
