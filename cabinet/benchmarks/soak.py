"""``cabinet bench soak --minutes N [GAME]``: does memory level off during paced play?

The cabinet runs headless (dummy video and audio drivers) in real time, paced on the
window loop's 60 fps grid and drawing every frame, on a data folder of its own (a
temporary one unless ``--data-dir``): journal, store and history are written as a
kiosk writes them. SPIN is pressed whenever the cabinet is idle, ADD CREDITS when the
balance runs out. Every ``--every`` seconds it prints the resident set size (RSS);
at the end, the least-squares slope of RSS in MB per hour over the samples after the
warm-up (by default the first third of the run, at most 5 minutes): caches filling
up and art scaled on first use belong to the warm-up, growth after it is a leak.

Numbers only, no pass/fail here (the target is at most 1 MB per hour over a
30-minute soak). ``--trace`` also reports the Python heap (tracemalloc) and the
sites that grew most after the warm-up, to tell Python growth from native growth.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .frames import resident_mb

DEFAULT_EVERY = 30.0  # seconds between samples
MAX_WARMUP = 5.0  # minutes
STALL_SECONDS = 120.0  # a round still in play after this long is reported (and nudged with CONFIRM)
SEED = 1
TOP_SITES = 8


@dataclass
class Sample:
    seconds: float  # since the soak started (after App.start)
    rounds: int
    rss_mb: float
    python_mb: float = -1.0  # tracemalloc's current size (only with --trace)


@dataclass
class SoakReport:
    game: str
    minutes: float
    warmup_minutes: float
    samples: list[Sample] = field(default_factory=list)
    frames: int = 0
    stalls: int = 0
    text_cache_mb: float = 0.0
    grown_sites: list[str] = field(default_factory=list)

    @property
    def rounds(self) -> int:
        return self.samples[-1].rounds if self.samples else 0

    def after_warmup(self) -> list[Sample]:
        return [s for s in self.samples if s.seconds >= self.warmup_minutes * 60]

    def slope_mb_per_hour(self, attribute: str = "rss_mb") -> float | None:
        """Least-squares slope of ``attribute`` over the samples after the warm-up, per hour."""
        points = [(s.seconds, getattr(s, attribute)) for s in self.after_warmup()]
        if len(points) < 2:
            return None
        n = len(points)
        mean_t = sum(t for t, _ in points) / n
        mean_m = sum(m for _, m in points) / n
        spread = sum((t - mean_t) ** 2 for t, _ in points)
        if spread == 0:
            return None
        slope = sum((t - mean_t) * (m - mean_m) for t, m in points) / spread
        return slope * 3600

    def as_dict(self) -> dict[str, Any]:
        slope = self.slope_mb_per_hour()
        python_slope = self.slope_mb_per_hour("python_mb") if self.samples and self.samples[0].python_mb >= 0 \
            else None
        first = self.after_warmup()[:1] or self.samples[:1]
        return {
            "game": self.game,
            "minutes": self.minutes,
            "warmup_minutes": round(self.warmup_minutes, 3),
            "frames": self.frames,
            "rounds": self.rounds,
            "stalls": self.stalls,
            "rss_start_mb": round(self.samples[0].rss_mb, 1) if self.samples else None,
            "rss_after_warmup_mb": round(first[0].rss_mb, 1) if first else None,
            "rss_end_mb": round(self.samples[-1].rss_mb, 1) if self.samples else None,
            "rss_slope_mb_per_hour": None if slope is None else round(slope, 2),
            "python_slope_mb_per_hour": None if python_slope is None else round(python_slope, 2),
            "text_cache_mb": round(self.text_cache_mb, 2),
            "samples": [[round(s.seconds, 1), s.rounds, round(s.rss_mb, 2)] +
                        ([round(s.python_mb, 2)] if s.python_mb >= 0 else []) for s in self.samples],
            "grown_sites": self.grown_sites,
        }


def warmup_minutes(minutes: float, asked: float | None) -> float:
    if asked is not None:
        return max(0.0, min(asked, minutes))
    return min(MAX_WARMUP, minutes / 3)


def soak(defn: Any, *, minutes: float, every: float, warmup: float, data_dir: Path,
         trace: bool = False, size: tuple[int, int] | None = None,
         on_sample: Any = None) -> SoakReport:
    """Play paced rounds for ``minutes`` of real time; RSS sampled every ``every`` seconds."""
    from cabinet.app import FPS, App, AppOptions, FramePacer, use_dummy_drivers
    from cabinet.machine.buttons import Button, Press

    use_dummy_drivers()
    if trace:
        import tracemalloc

        tracemalloc.start(8)
    app = App(defn, AppOptions(size=size, seed=SEED, data_dir=data_dir, headless=True))
    app.start()
    session = app.session
    assert session is not None
    report = SoakReport(game=defn.id, minutes=minutes, warmup_minutes=warmup)
    warm_snapshot: Any = None

    def sample(elapsed: float) -> None:
        python_mb = -1.0
        if trace:
            import tracemalloc

            python_mb = tracemalloc.get_traced_memory()[0] / 2**20
        s = Sample(elapsed, session.rounds, resident_mb(), python_mb)
        report.samples.append(s)
        if on_sample is not None:
            on_sample(s)

    pacer = FramePacer(FPS)
    pacer.tick()
    started = time.perf_counter()
    next_sample = 0.0
    busy_since: float | None = None
    delivered_at = -1
    end = minutes * 60
    while not app.done:
        elapsed = time.perf_counter() - started
        if elapsed >= next_sample:
            sample(elapsed)
            next_sample += every
            if trace and warm_snapshot is None and elapsed >= warmup * 60:
                import tracemalloc

                warm_snapshot = tracemalloc.take_snapshot()
        if elapsed >= end:
            break
        presses: list[Press] = []
        if app.idle and app.frames > delivered_at:  # one press per idle frame, as a paced script
            busy_since = None
            button = Button.ADD_CREDITS if session.out_of_credits else Button.SPIN
            presses.append(Press(button))
            delivered_at = app.frames
        elif not app.idle:
            busy_since = elapsed if busy_since is None else busy_since
            if elapsed - busy_since > STALL_SECONDS:  # a decision nobody takes: count it, take it
                report.stalls += 1
                presses.append(Press(Button.CONFIRM))
                busy_since = elapsed
        app.frame(pacer.tick(), presses)
    report.frames = app.frames
    report.text_cache_mb = app.ctx.text.cached_bytes / 2**20
    if trace:
        import tracemalloc

        if warm_snapshot is not None:
            grown = tracemalloc.take_snapshot().compare_to(warm_snapshot, "lineno")
            report.grown_sites = [str(stat) for stat in grown[:TOP_SITES]]
        tracemalloc.stop()
    app.close()
    return report


def run(args: argparse.Namespace) -> int:
    from cabinet.core.loader import load_game
    from cabinet.errors import CabinetError

    minutes = float(args.minutes)
    if not minutes > 0:
        raise CabinetError(f"--minutes must be more than 0, got {args.minutes}")
    every = float(args.every) if args.every else min(DEFAULT_EVERY, minutes * 60 / 10)
    if not every > 0:
        raise CabinetError(f"--every must be more than 0 seconds, got {args.every}")
    warmup = warmup_minutes(minutes, args.warmup)
    defn = load_game(args.game or "classic")

    def show(s: Sample) -> None:
        if not args.json:
            heap = f"   python heap {s.python_mb:7.2f} MB" if s.python_mb >= 0 else ""
            print(f"  {s.seconds / 60:7.2f} min   {s.rounds:6d} rounds   RSS {s.rss_mb:7.1f} MB{heap}", flush=True)

    if not args.json:
        print(f"soak: {defn.id}, {minutes:g} min of paced play (real time, 60 fps, headless), "
              f"warm-up {warmup:g} min, a sample every {every:g} s", flush=True)
    with tempfile.TemporaryDirectory(prefix="cabinet-soak-") as scratch:
        data_dir = Path(args.data_dir) if args.data_dir else Path(scratch)
        report = soak(defn, minutes=minutes, every=every, warmup=warmup, data_dir=data_dir,
                      trace=args.trace, on_sample=show)
    result = report.as_dict()
    if args.json:
        print(json.dumps(result, sort_keys=True))
        return 0
    slope = result["rss_slope_mb_per_hour"]
    slope_text = "n/a (fewer than 2 samples after the warm-up)" if slope is None else f"{slope:+.2f} MB/h"
    print(f"rounds {result['rounds']}, frames {result['frames']}, stalled rounds {result['stalls']}")
    print(f"RSS {result['rss_start_mb']} MB at start, {result['rss_after_warmup_mb']} MB after the warm-up, "
          f"{result['rss_end_mb']} MB at the end; text cache {result['text_cache_mb']:.2f} MB")
    print(f"RSS slope after warm-up: {slope_text}   (goal: <= 1 MB/h over a 30-minute soak)")
    if result["python_slope_mb_per_hour"] is not None:
        print(f"python heap slope after warm-up: {result['python_slope_mb_per_hour']:+.2f} MB/h; grown most:")
        for site in report.grown_sites:
            print(f"  {site}")
    sys.stdout.flush()
    return 0
