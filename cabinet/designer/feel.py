"""Feel metrics: how a game plays in time, measured on the window's own timeline.

The cabinet runs headless (SDL's dummy drivers) with a simulated clock: every frame is
``1/FPS`` seconds and the game's scenes update exactly as in the window (``App.frame``,
the designer's speed control ``Timing``), only nothing is drawn (drawing changes
nothing). A player who presses SPIN the moment the cabinet is ready: a round's time runs
from that press to the next moment the cabinet takes a SPIN (reels, win count-up,
features with their intro cards and totals, everything the screen plays). There is no
second table of durations: change an animation and these figures move.

Speeds are the designer's (``cabinet/timing.py``): slow 0.5x, normal 1x, fast 2x, turbo 4x of
the window's timeline.

From the rounds played in order:

- seconds per round (median, p90), split into base rounds and rounds with a feature;
- spins per hour (3600 over the mean round time);
- the wait for a feature: from the start of each round, the seconds until a feature's
  round starts (rounds after the last feature are left out, their wait is unknown);
- the longest dry spells: runs of base rounds between wins of at least 1x the bet
  (p50, p90, p99 of their lengths);
- each feature's frequency and the mean seconds of the rounds it plays in;
- a tumbling game's tumbles per spin (every spin played, free spins included, and the share
  of spins that tumble at all) and the time a sequence takes on screen: from the tumble
  overlay's arrival (the landed screen's wins counting) to its departure (the total held on
  the plate), median and p90.
"""

from __future__ import annotations

import statistics
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

SPEED_NAMES: dict[str, Fraction] = {"slow": Fraction(1, 2), "normal": Fraction(1), "fast": Fraction(2),
                                    "turbo": Fraction(4)}
DEFAULT_ROUNDS = 500
MAX_ROUND_SECONDS = 1800.0  # of game time: a round that plays longer waits for a decision nobody takes
SIZE = (1280, 720)


@dataclass(frozen=True)
class PlayedRound:
    seconds: float  # at the chosen speed, press to ready
    features: tuple[str, ...]
    win: int  # minor units
    cost: int
    spins: int = 1  # spins played (base and free)
    tumbles: int = 0  # tumbles in all of them
    tumbling_spins: int = 0  # spins that tumbled at least once
    sequences: tuple[float, ...] = ()  # seconds each tumble sequence was on screen


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..1); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))]


@dataclass(frozen=True)
class FeatureFeel:
    name: str
    rounds: int
    one_in: float  # rounds per occurrence
    mean_seconds: float


@dataclass(frozen=True)
class FeelReport:
    game: str
    speed: str
    rounds: int
    seed: int
    median_seconds: float
    p90_seconds: float
    base_median_seconds: float
    base_p90_seconds: float
    feature_median_seconds: float
    feature_p90_seconds: float
    feature_rounds: int
    spins_per_hour: float
    wait_median_seconds: float | None  # None: no feature in the rounds played
    wait_p90_seconds: float | None
    dry_spell_p50: float
    dry_spell_p90: float
    dry_spell_p99: float
    longest_dry_spell: int
    features: tuple[FeatureFeel, ...] = field(default=())
    stalled: int = 0  # rounds that waited for a decision (answered with CONFIRM)
    wall_seconds: float = 0.0
    tumbles_per_spin: float | None = None  # None: nothing tumbled
    tumbling_share: float = 0.0  # of spins
    sequence_median_seconds: float = 0.0
    sequence_p90_seconds: float = 0.0
    sequences: int = 0

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["features"] = [asdict(f) for f in self.features]
        return {k: round(v, 3) if isinstance(v, float) else v for k, v in out.items()}


def summarize(played: list[PlayedRound], *, game: str, speed: str, seed: int, stalled: int = 0,
              wall_seconds: float = 0.0) -> FeelReport:
    """The figures of rounds played in order (pure: tests hand it rounds)."""
    times = [r.seconds for r in played]
    base = [r.seconds for r in played if not r.features]
    featured = [r.seconds for r in played if r.features]
    # the wait for a feature, from the start of each round
    waits: list[float] = []
    until_next = None
    for r in reversed(played):
        if r.features:
            until_next = 0.0
        elif until_next is not None:
            until_next += r.seconds
        if until_next is not None:
            waits.append(until_next)
    # dry spells: base rounds (no feature) between wins of at least 1x the bet
    spells: list[int] = []
    run = 0
    for r in played:
        if r.features or r.win >= r.cost:
            spells.append(run)
            run = 0
        else:
            run += 1
    spells.append(run)
    spells = [s for s in spells if s] or [0]
    names = sorted({n for r in played for n in dict.fromkeys(r.features)})
    features = []
    for name in names:
        mine = [r.seconds for r in played if name in r.features]
        features.append(FeatureFeel(name, len(mine), len(played) / len(mine), statistics.fmean(mine)))
    mean = statistics.fmean(times) if times else 0.0
    spins = sum(r.spins for r in played)
    tumbles = sum(r.tumbles for r in played)
    sequences = [s for r in played for s in r.sequences]
    return FeelReport(
        game=game, speed=speed, rounds=len(played), seed=seed,
        median_seconds=statistics.median(times) if times else 0.0, p90_seconds=percentile(times, 0.9),
        base_median_seconds=statistics.median(base) if base else 0.0, base_p90_seconds=percentile(base, 0.9),
        feature_median_seconds=statistics.median(featured) if featured else 0.0,
        feature_p90_seconds=percentile(featured, 0.9), feature_rounds=len(featured),
        spins_per_hour=3600 / mean if mean else 0.0,
        wait_median_seconds=statistics.median(waits) if waits else None,
        wait_p90_seconds=percentile(waits, 0.9) if waits else None,
        dry_spell_p50=percentile([float(s) for s in spells], 0.5),
        dry_spell_p90=percentile([float(s) for s in spells], 0.9),
        dry_spell_p99=percentile([float(s) for s in spells], 0.99),
        longest_dry_spell=max(spells),
        features=tuple(features), stalled=stalled, wall_seconds=wall_seconds,
        tumbles_per_spin=tumbles / spins if tumbles and spins else None,
        tumbling_share=sum(r.tumbling_spins for r in played) / spins if spins else 0.0,
        sequence_median_seconds=statistics.median(sequences) if sequences else 0.0,
        sequence_p90_seconds=percentile(sequences, 0.9), sequences=len(sequences),
    )


def tumble_counts(result: Any) -> tuple[int, int, int]:
    """(spins, tumbles, spins that tumbled) of a round, from its events."""
    spins = sum(1 for e in result.events if e.kind == "spin_started")
    ended = [e.tumbles for e in result.events if e.kind == "tumbles_ended"]
    return spins, sum(ended), sum(1 for n in ended if n)


def play(defn: Any, *, rounds: int = DEFAULT_ROUNDS, speed: str = "normal", seed: int = 1,
         on_round: Any = None) -> FeelReport:
    """Play ``rounds`` rounds headless on the window's timeline at ``speed``."""
    import time

    from cabinet.app import FPS, App, AppOptions, use_dummy_drivers
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.mechanics.tumble.view import TumbleView
    from cabinet.timing import SPEEDS

    use_dummy_drivers()
    started = time.perf_counter()
    app = App(defn, AppOptions(size=SIZE, seed=seed, headless=True))
    app.start()
    app.timing.index = SPEEDS.index(SPEED_NAMES[speed])
    session = app.session
    assert session is not None
    frame = 1.0 / FPS
    limit = int(MAX_ROUND_SECONDS / float(SPEED_NAMES[speed]) * FPS)
    played: list[PlayedRound] = []
    stalled = 0

    def ready() -> bool:
        return app.idle and not session.in_round and not any(getattr(s, "modal", False) for s in app.stack)

    for _ in range(30):  # settle: the opening frames, an intro card answered once
        if ready():
            break
        app.frame(frame, [Press(Button.CONFIRM)], draw=False)
    while len(played) < rounds and not app.done:
        if session.out_of_credits:
            app.frame(frame, [Press(Button.ADD_CREDITS)], draw=False)
            continue
        before = session.rounds
        app.frame(frame, [Press(Button.SPIN)], draw=False)
        frames = 1
        sequences: list[float] = []
        tumbling = 0  # frames the current tumble sequence has been on screen
        while not (ready() and session.rounds > before):
            press = []
            if frames % limit == 0:  # a decision nobody takes: count it, take it
                stalled += 1
                press = [Press(Button.CONFIRM)]
            app.frame(frame, press, draw=False)
            frames += 1
            if any(isinstance(scene, TumbleView) for scene in app.stack):
                tumbling += 1
            elif tumbling:
                sequences.append(tumbling * frame)
                tumbling = 0
        if tumbling:
            sequences.append(tumbling * frame)
        result = session.current
        assert result is not None
        spins, tumbles, tumbled = tumble_counts(result)
        played.append(PlayedRound(frames * frame, tuple(result.features), result.total_win, result.cost,
                                  spins, tumbles, tumbled, tuple(sequences)))
        if on_round is not None:
            on_round(len(played))
    app.close()
    return summarize(played, game=defn.id, speed=speed, seed=seed, stalled=stalled,
                     wall_seconds=time.perf_counter() - started)


def render(r: FeelReport) -> str:
    def s(x: float | None) -> str:
        return "n/a" if x is None else f"{x:.2f} s"

    out = [
        f"feel: {r.game} at {r.speed} speed ({SPEED_NAMES[r.speed]}x), {r.rounds:,} rounds on the window's timeline "
        f"(simulated clock, seed {r.seed})",
        f"  seconds per round   median {s(r.median_seconds)}   p90 {s(r.p90_seconds)}",
        f"    base rounds       median {s(r.base_median_seconds)}   p90 {s(r.base_p90_seconds)}   "
        f"({r.rounds - r.feature_rounds:,})",
        f"    with a feature    median {s(r.feature_median_seconds)}   p90 {s(r.feature_p90_seconds)}   "
        f"({r.feature_rounds:,})",
        f"  spins per hour      {r.spins_per_hour:,.0f}",
        f"  wait for a feature  median {s(r.wait_median_seconds)}   p90 {s(r.wait_p90_seconds)}",
        f"  dry spells (base rounds between wins of 1x the bet or more)   p50 {r.dry_spell_p50:.0f}   "
        f"p90 {r.dry_spell_p90:.0f}   p99 {r.dry_spell_p99:.0f}   longest {r.longest_dry_spell}",
    ]
    if r.tumbles_per_spin is not None:
        out.append(f"  tumbles per spin    {r.tumbles_per_spin:.2f}   ({r.tumbling_share:.1%} of spins tumble)")
        out.append(f"  a tumble sequence   median {s(r.sequence_median_seconds)}   p90 {s(r.sequence_p90_seconds)}   "
                   f"({r.sequences:,} on screen)")
    for f in r.features:
        out.append(f"  feature {f.name:<18} 1 in {f.one_in:,.1f} rounds ({f.rounds:,}), its rounds last "
                   f"{f.mean_seconds:.2f} s on average")
    if r.stalled:
        out.append(f"  note: {r.stalled} round(s) waited {MAX_ROUND_SECONDS:.0f} s for a decision: answered CONFIRM")
    out.append(f"  ({r.wall_seconds:.1f} s of computing)")
    return "\n".join(out)
