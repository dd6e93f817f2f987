"""Free spins in the gallery: the intro card, a spin in play and the outro card
(``feature-*``), and the minimum-win guarantee's extra spins (``free-spins-guarantee``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..moments import Moments, Shot, finish_round, run_until, snapshot

FEATURE = ("feature-intro", "feature-play", "feature-outro")
NAMES = (*FEATURE, "free-spins-guarantee")


def feature_shots(app: Any, script: tuple[int, ...], result: Any = None) -> list[Shot]:
    """Free spins: their intro card, a spin in play (its win counted), and the outro card."""
    from .view import FreeSpinsScene

    app.base.start_round(script=script)
    free: Callable[[], Any] = lambda: app.stack.find(FreeSpinsScene)  # noqa: E731
    shots = []
    run_until(app, lambda: free() is not None and free().phase == "intro" and free().t >= 1.0, "the feature intro")
    shots.append(("feature-intro", snapshot(app)))
    run_until(app, lambda: free() is not None and free().phase == "running" and free().played >= 2
              and app.base.reels.all_stopped, "the feature in play")
    app.run_frames(20)
    shots.append(("feature-play", snapshot(app)))
    run_until(app, lambda: free() is not None and free().phase == "outro" and free().t >= 1.0, "the feature outro")
    shots.append(("feature-outro", snapshot(app)))
    finish_round(app)
    return shots


def guarantee_shot(app: Any, script: tuple[int, ...]) -> Any:
    """Free spins whose minimum-win guarantee adds spins: the popup saying why they came."""
    from .view import FreeSpinsScene

    app.base.start_round(script=script)
    run_until(app, lambda: (free := app.stack.find(FreeSpinsScene)) is not None and "GUARANTEE" in free.popup_caption
              and bool(free.popup) and free.popup_t >= 0.5, "the guarantee's extra spins")
    picture = snapshot(app)
    finish_round(app)
    return picture


def _topped_up(result: Any) -> bool:
    return any(e.kind == "spins_added" and e.reason == "top_up" for e in result.events)


def moments(defn: Any, params: Any) -> tuple[Moments, ...]:
    """The feature's three moments from the first scenario that runs it; the guarantee's
    extra spins when it has a minimum win (from the first scenario that tops up)."""
    name = getattr(params, "name", params.type)
    found = [Moments(FEATURE, "feature", lambda r: name in r.features, feature_shots,
                     lack="no scenario runs free spins", forced=True)]
    if getattr(params, "minimum_win_x_bet", 0):
        found.append(Moments(("free-spins-guarantee",), "free-spins-guarantee", _topped_up,
                             lambda app, script, result: [("free-spins-guarantee", guarantee_shot(app, script))]))
    return tuple(found)
