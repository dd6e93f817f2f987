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
    target, wins = showcase_spin(app.session.current)  # the round as this app plays it (its seed after the script)
    run_until(app, lambda: free() is not None and free().phase == "running" and free().played == target
              and app.base.reels.spinning, "the feature in play")
    run_until(app, lambda: app.base.reels.all_stopped, "the free spin's landing")
    if wins:  # after what the blocks do to the screen and the wins: the win itself counting
        run_until(app, lambda: free().played != target or _win_counting(app), "the free spin's win")
    else:
        app.run_frames(20)
    shots.append(("feature-play", snapshot(app)))
    run_until(app, lambda: free() is not None and free().phase == "outro" and free().t >= 1.0, "the feature outro")
    shots.append(("feature-outro", snapshot(app)))
    finish_round(app)
    return shots


def showcase_spin(result: Any) -> tuple[int, bool]:
    """The free spin ``feature-play`` pictures, and whether it wins: the first that shows the
    most of the blocks acting in free spins (a screen a block changed, expanded or revealed,
    wins a block multiplied), then one that wins; the first spin when none does."""
    seen: dict[int, set[str]] = {}
    current = 0
    for event in getattr(result, "events", ()):
        if event.kind == "spin_started":
            current = event.index if event.mode == "free" else 0
            if current:
                seen.setdefault(current, set())
        elif current and event.kind == "screen_changed":
            seen[current].add(f"screen:{event.reason}")
        elif current and event.kind == "win_multiplied":
            seen[current].add("multiplied")
        elif current and event.kind in ("line_win", "scatter_win"):
            seen[current].add("win")
    if not seen:
        return 1, False
    best = max(sorted(seen), key=lambda i: (len(seen[i] - {"win"}), "win" in seen[i], -i))
    return best, "win" in seen[best]


def _win_counting(app: Any) -> bool:
    from ...scenes.win import WinScene

    win = app.stack.find(WinScene)
    return win is not None and win.t > 0.6


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
