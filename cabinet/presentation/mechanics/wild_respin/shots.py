"""The wild respin in the gallery: the held reel LOCKED while the others have respun
(``respin-locked``)."""

from __future__ import annotations

from typing import Any

from ..moments import Moments, finish_round, run_until, snapshot

NAMES = ("respin-locked",)


def respin_shot(app: Any, script: tuple[int, ...]) -> Any:
    """A held reel's respin: the reel LOCKED while the others have respun."""
    from .view import ReelLock

    app.base.start_round(script=script)
    run_until(app, lambda: app.stack.find(ReelLock) is not None and app.base.reel_set != app.defn.base_game.reel_sets[0]
              .set and app.base.reels.all_stopped, "the held reel's respin")
    app.run_frames(10)
    picture = snapshot(app)
    finish_round(app)
    return picture


def moments(defn: Any, params: Any) -> tuple[Moments, ...]:
    name = getattr(params, "name", params.type)
    return (Moments(NAMES, "respin-locked", lambda r: name in r.features,
                    lambda app, script, result: [("respin-locked", respin_shot(app, script))]),)
