"""Live par on save: the game's math recomputed in a background process, old -> new.

Under ``cabinet play GAME --designer --watch`` every definition the cabinet runs (the
first one, then each good save) is priced in a separate process: ``par`` (to the game's
``par_precision`` when it has one), the odds of every scenario
(``core/scenario_odds.py``) and the largest win of a short simulation. The window's
loop only polls a pipe (no math in the frame), and the worker runs at a lower priority,
so frames keep their time on a busy machine (``cabinet bench live-par`` measures it).

A save that arrives while a job runs stops that job (its figures would already be old)
and starts the new one. An invalid save never reaches here: the reloader keeps the last
good game and shows ``file:line:col`` (``reload.py``); the figures stay those of the
last good game.

Every figure carries its tag: exact, or an estimate (with its 95% interval where it is
printed in full). The worker is a plain ``python -m cabinet.designer.live_par``: it never
inherits the window's SDL state and imports the core only.
"""

from __future__ import annotations

import atexit
import os
import time
from dataclasses import dataclass, field
from typing import Any

SIM_ROUNDS = 50_000  # rounds simulated for the scenarios' estimates and the largest win seen
SIM_SEED = 20240601
NICE = 10  # the worker's niceness: the window's frames come first


@dataclass(frozen=True)
class Figure:
    """One number the overlay shows: its words and whether it is exact."""

    text: str
    exact: bool

    @property
    def tag(self) -> str:
        return "exact" if self.exact else "estimate"


@dataclass(frozen=True)
class FeatureFigures:
    name: str
    odds: Figure | None  # how often it starts ("1 in 71.4"); None: not a triggered feature
    rtp: Figure


@dataclass(frozen=True)
class LiveFigures:
    game: str
    total: Figure
    hit_rate: Figure
    features: tuple[FeatureFigures, ...]
    max_win: Figure
    scenarios: tuple[Figure, ...]  # in the file's order: "this outcome" of each, saying what it counts
    seconds: float  # the job's time in the worker (par, odds, simulation)
    notes: tuple[str, ...] = field(default=())
    # a scenario whose outcome is a trigger: how often a round pays at least its win (None: not a trigger)
    scenario_wins: tuple[Figure | None, ...] = field(default=())


def _pct(value: Any) -> str:
    return f"{float(value) * 100:.4f}%"


def _value_figure(v: Any, *, percent: bool = True) -> Figure:
    from cabinet.core.value import Exact

    if v is None:
        return Figure("unknown", False)
    if isinstance(v, Exact):
        return Figure(_pct(v.value) if percent else f"{float(v.value):.4f}", True)
    lo, hi = v.ci95
    if percent:
        return Figure(f"{v.mean * 100:.4f}% +- {(hi - lo) * 50:.4f}", False)
    return Figure(f"{v.mean:.4f} +- {(hi - lo) / 2:.4f}", False)


def _one_in(v: Any) -> Figure:
    from cabinet.core.value import Exact

    mean = v.value if isinstance(v, Exact) else v.mean_value
    return Figure("never" if not mean else f"1 in {float(1 / mean):,.1f}", isinstance(v, Exact))


def compute(text: str, source: str) -> LiveFigures:
    """The figures of the definition in ``text`` (read as the file ``source``)."""
    from fractions import Fraction

    from cabinet.core.bet import default_bet
    from cabinet.core.loader import load_definition_text
    from cabinet.core.par import par, par_to_precision
    from cabinet.core.scenario_odds import scenario_odds
    from cabinet.core.simulation.rng_arrays import derive_seeds
    from cabinet.core.simulation.rounds import round_wins

    started = time.perf_counter()
    defn = load_definition_text(text, source)
    bet = default_bet(defn)
    report = (par_to_precision(defn, bet, half_width=defn.par_precision) if defn.par_precision
              else par(defn, bet))
    features = []
    for part in report.parts:
        rate = part.figures.get("trigger_rate")
        features.append(FeatureFigures(part.name, None if rate is None else _one_in(rate), _value_figure(part.rtp)))
    wins = round_wins(defn, bet, derive_seeds(SIM_SEED, 0, SIM_ROUNDS))
    caps = [Fraction(f.max_win_x_bet) for f in defn.features if getattr(f, "max_win_x_bet", 0)]
    caps += [Fraction(f.max_win_coins * bet.coin_value, bet.total) for f in defn.features
             if getattr(f, "max_win_coins", 0)]
    seen = Fraction(int(wins.max()), bet.total)
    max_win = Figure(f"{float(seen):,.2f}x largest of {SIM_ROUNDS:,} rounds"
                     + (f", a feature capped at {float(min(caps)):,.0f}x" if caps else ""), False)
    odds = scenario_odds(defn, report, bet=bet, rounds=SIM_ROUNDS, seed=SIM_SEED, wins=wins)
    scenarios = tuple(scenario_figure(o) for o in odds)
    scenario_wins = tuple(None if o.win_odds is None else
                          Figure(f"a win of {float(o.win_x):,.4g}x or more {o.win_odds.one_in()}", o.win_odds.exact)
                          for o in odds)
    hit = Figure("unknown", False) if report.hit_rate is None else Figure(_pct(report.hit_rate), True)
    return LiveFigures(defn.id, _value_figure(report.total), hit, tuple(features), max_win, scenarios,
                       time.perf_counter() - started, report.notes, scenario_wins)


def scenario_figure(odds: Any) -> Figure:
    """A scenario's odds, saying what they count: its feature's trigger ("trigger 1 in 109", which
    is not how often the round pays what it pays), a win at least as large, or a round paying nothing."""
    o = odds
    if o.outcome_odds is None:
        return Figure("cannot play", False)
    if "triggered" in o.outcome:
        what = "trigger "
    elif o.outcome.startswith("a round paying at least"):
        what = f"a win of {float(o.win_x):,.4g}x or more "
    else:
        what = "no win "
    return Figure(what + o.outcome_odds.one_in(), o.outcome_odds.exact)


def _work() -> None:
    """The worker process (``python -m cabinet.designer.live_par``): the file's text and name
    pickled on stdin; the figures (or the error's words) pickled on stdout."""
    import pickle
    import sys

    try:
        os.nice(NICE)
    except (AttributeError, OSError):
        pass
    text, source = pickle.load(sys.stdin.buffer)
    try:
        result: LiveFigures | str = compute(text, source)
    except Exception as exc:  # noqa: BLE001 - shown on the overlay, never raised into the window
        result = f"{exc.__class__.__name__}: {exc}"
    try:
        sys.stdout.buffer.write(pickle.dumps(result))
        sys.stdout.flush()
    except OSError:  # the window went away (or a newer save replaced this job): nobody to tell
        pass


class LivePar:
    """One job at a time; ``poll`` from the frame loop (it never blocks)."""

    def __init__(self) -> None:
        self.old: LiveFigures | None = None  # the figures before the last change
        self.new: LiveFigures | None = None  # the figures of the game running now
        self.error = ""  # the last job's failure
        self.jobs = 0  # started so far
        self.started_at = 0.0
        self.last_wall = 0.0  # seconds from the save to its figures, the last job
        self._process: Any = None
        self._out: Any = None
        atexit.register(self.stop)  # a worker never outlives the window that asked for it

    @property
    def running(self) -> bool:
        return self._process is not None

    def start(self, defn: Any, text: str) -> None:
        """Price ``defn`` (whose file text is ``text``); a job still running is stopped.

        A plain child process (not multiprocessing): it imports only the core, whatever the
        window's main module is, and inherits none of its SDL state. Its answer goes to a
        temporary file, so a large one never blocks it on a full pipe."""
        import pickle
        import subprocess
        import sys
        import tempfile

        self.stop()
        self._out = tempfile.TemporaryFile()
        process = subprocess.Popen([sys.executable, "-m", "cabinet.designer.live_par"], stdin=subprocess.PIPE,
                                   stdout=self._out, stderr=subprocess.DEVNULL)
        assert process.stdin is not None
        try:
            process.stdin.write(pickle.dumps((text, defn.source or defn.id)))
            process.stdin.close()
        except OSError:
            pass
        self._process = process
        self.jobs += 1
        self.started_at = time.perf_counter()

    def poll(self) -> bool:
        """Take a finished job's figures; True when new ones arrived."""
        import pickle

        if self._process is None or self._process.poll() is None:
            return False
        self._out.seek(0)
        data = self._out.read()
        self._finish()
        try:
            result = pickle.loads(data) if data else "the worker ended without an answer"
        except Exception:  # noqa: BLE001 - a torn answer is no answer
            result = "the worker's answer could not be read"
        if isinstance(result, str):
            self.error = result
            return False
        self.error = ""
        self.old, self.new = self.new, result
        self.last_wall = time.perf_counter() - self.started_at
        return True

    def _finish(self) -> None:
        if self._out is not None:
            self._out.close()
        self._process = self._out = None

    def stop(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.kill()
            self._process.wait(timeout=5)
        self._finish()

    def wait(self, timeout: float = 60.0) -> bool:
        """Tests and benchmarks: block until the running job has answered."""
        end = time.monotonic() + timeout
        while self.running and time.monotonic() < end:
            if self.poll():
                return True
            time.sleep(0.02)
        return self.new is not None and not self.running

    def scenario_text(self, index: int) -> str:
        """The odds of scenario ``index``'s outcome for the scenario list ("1 in 71.4"), or ""."""
        if self.new is None or not 0 <= index < len(self.new.scenarios):
            return ""
        return self.new.scenarios[index].text

    def scenario_figure(self, index: int) -> Figure | None:
        if self.new is None or not 0 <= index < len(self.new.scenarios):
            return None
        return self.new.scenarios[index]

    def scenario_win(self, index: int) -> Figure | None:
        """How often a round pays at least a trigger scenario's win (None: not a trigger)."""
        if self.new is None or not 0 <= index < len(self.new.scenario_wins):
            return None
        return self.new.scenario_wins[index]

    def lines(self) -> list[Any]:
        """The overlay's LIVE PAR lines: each figure old -> new with its tag."""
        from .overlay import BAD, DIM, GOOD, LABEL, VALUE, WARN

        new, old = self.new, self.old
        if new is None:
            words = f"computing in the background... ({self.error})" if self.error else "computing in the background..."
            return [[("LIVE PAR ", LABEL), (words, BAD if self.error else DIM)]]

        def pair(title: str, now: Figure, before: Figure | None) -> list[tuple[str, tuple[int, int, int]]]:
            seg: list[tuple[str, tuple[int, int, int]]] = [(title, LABEL)]
            if before is not None and before.text != now.text:
                seg += [(f"{before.text} ({before.tag}) -> ", DIM)]
            seg += [(now.text, VALUE), (f" {now.tag}", GOOD if now.exact else WARN)]
            return seg

        state = "computing the new save..." if self.running else f"{new.seconds:.2f} s in the background"
        out: list[Any] = [[("LIVE PAR ", LABEL), (new.game, VALUE), (f"   {state}", DIM)]
                          + ([(f"   {self.error}", BAD)] if self.error else [])]
        out.append(pair("  TOTAL RTP ", new.total, old.total if old else None))
        out.append(pair("  HIT RATE ", new.hit_rate, old.hit_rate if old else None))
        before = {f.name: f for f in old.features} if old else {}
        for f in new.features:
            was = before.get(f.name)
            line = pair(f"  {f.name} ", f.odds, was.odds if was else None) if f.odds is not None else [
                (f"  {f.name}", LABEL)]
            out.append(line + pair("  RTP ", f.rtp, was.rtp if was else None))
        out.append(pair("  MAX WIN ", new.max_win, old.max_win if old else None))
        return out


if __name__ == "__main__":  # run as the worker: through the package, so the figures pickle by its name
    from cabinet.designer.live_par import _work as work

    work()
