"""The wheel in the gallery: its first ring turning, its last ring turning after electric
pockets, its win (``wheel-*``), from the first scenario that turns the last ring."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..moments import Moments, Shot, finish_round, run_until, snapshot

NAMES = ("wheel-intro", "wheel-play", "wheel-outro")


def wheel_shots(app: Any, script: tuple[int, ...], result: Any = None) -> list[Shot]:
    """The wheel: its first ring turning, its last ring turning after electric pockets, its win."""
    from .view import WheelScene

    app.base.start_round(script=script)
    wheel: Callable[[], Any] = lambda: app.stack.find(WheelScene)  # noqa: E731

    def turning(ring: int) -> bool:
        w = wheel()
        spin = w.spins.get(ring) if w is not None else None
        return spin is not None and 0.55 < w.clock - spin.start < 0.6

    shots = []
    run_until(app, lambda: turning(0), "the wheel's first ring turning")
    shots.append(("wheel-intro", snapshot(app)))
    last = len(wheel().feature.rings) - 1
    run_until(app, lambda: turning(last), "the wheel's last ring turning")
    shots.append(("wheel-play", snapshot(app)))
    run_until(app, lambda: (w := wheel()) is not None and w.total is not None and w.outro_t > 0.5, "the wheel's win")
    shots.append(("wheel-outro", snapshot(app)))
    finish_round(app)
    return shots


def moments(defn: Any, params: Any) -> tuple[Moments, ...]:
    last = len(params.rings) - 1
    return (Moments(NAMES, "wheel", lambda r: any(e.kind == "wheel_spun" and e.ring == last for e in r.events),
                    wheel_shots),)
