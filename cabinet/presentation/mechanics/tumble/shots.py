"""Tumbles in the gallery: one sequence frame by frame (``tumble-*``), from the first scenario
whose spin tumbles at least twice: the landed screen's wins lit, the winners bursting, the
rest falling, the new symbols dropping in reel by reel, the first tumble at rest with its
ladder rung lit, and the sequence's end with its total on the plate; with multiplier symbols,
their values flying to the plate; with cell multipliers, the cells that doubled; with free
spins, a drop-in in suspense one trigger symbol short of them."""

from __future__ import annotations

from typing import Any

from ..moments import Moments, Shot, finish_round, run_until, snapshot

SEQUENCE = ("tumble-wins", "tumble-burst", "tumble-fall", "tumble-drop", "tumble-rest", "tumble-end")
MULTIPLY = ("tumble-multiply",)  # the multiplier symbols' values flying to the plate
CELLS = ("tumble-cells",)  # cell multipliers on their cells
ANTICIPATION = ("tumble-anticipation",)  # a drop-in one trigger symbol short of the feature
MOMENT_NAMES = SEQUENCE + MULTIPLY + CELLS + ANTICIPATION
MIN_TUMBLES = 2


def chains(result: Any) -> bool:
    return any(e.kind == "tumbles_ended" and e.tumbles >= MIN_TUMBLES for e in result.events)


def tumble_shots(app: Any, script: tuple[int, ...], result: Any = None) -> list[Shot]:
    from ...scenes.win import WinScene
    from .view import TumbleView

    def view() -> Any:
        return app.stack.find(TumbleView)

    def since_fall() -> float:
        v = view()
        return -1.0 if v is None or v.plan is None else v.clock - v.started - v.times.burst

    app.base.start_round(script=script)
    shots: list[Shot] = []
    run_until(app, lambda: (w := app.stack.find(WinScene)) is not None and view() is not None and w.t > 0.35,
              "the landed screen's wins counting")
    shots.append(("tumble-wins", snapshot(app)))
    run_until(app, lambda: (v := view()) is not None and v.plan is not None
              and v.clock - v.started >= v.times.burst * 0.6, "the winners bursting")
    shots.append(("tumble-burst", snapshot(app)))
    run_until(app, lambda: since_fall() >= 0.1, "the symbols falling")
    shots.append(("tumble-fall", snapshot(app)))
    run_until(app, lambda: since_fall() >= 0.3, "the new symbols dropping in")
    shots.append(("tumble-drop", snapshot(app)))
    run_until(app, lambda: (v := view()) is not None and v.plan is None and v.show.tumbles >= 1
              and app.stack.find(WinScene) is not None and app.stack.find(WinScene).t > 0.35,
              "the first tumble's wins at rest")
    shots.append(("tumble-rest", snapshot(app)))
    run_until(app, lambda: (v := view()) is not None and v.show.ended and v.plan is None, "the sequence's end")
    app.run_frames(12)
    shots.append(("tumble-end", snapshot(app)))
    finish_round(app)
    return shots


def multiplies(result: Any) -> bool:
    return any(e.kind == "sequence_multiplied" and e.cells for e in result.events)


def multiply_shots(app: Any, script: tuple[int, ...], result: Any = None) -> list[Shot]:
    from .view import TumbleView

    app.base.start_round(script=script)
    run_until(app, lambda: (v := app.stack.find(TumbleView)) is not None and v.flying
              and v.clock - v.fly_started >= v.fly_time * 0.5, "the multipliers flying to the plate")
    shots = [("tumble-multiply", snapshot(app))]
    finish_round(app)
    return shots


def doubles_cells(result: Any) -> bool:
    return any(e.kind == "cell_multipliers" and any(v >= 2 for *_, v in e.cells) for e in result.events)


def cell_shots(app: Any, script: tuple[int, ...], result: Any = None) -> list[Shot]:
    from .view import TumbleView

    app.base.start_round(script=script)
    run_until(app, lambda: (v := app.stack.find(TumbleView)) is not None and v.plan is None
              and sum(1 for value in v.cells.values() if value >= 2) >= 2, "cell multipliers on their cells")
    app.run_frames(10)
    shots = [("tumble-cells", snapshot(app))]
    finish_round(app)
    return shots


def one_short(defn: Any) -> Any:
    """A test on a round: a tumbled screen one trigger symbol short of free spins, with another
    tumble to come (what the presenter's anticipation builds on)."""
    found = next(((f.trigger_symbol, min(f.awards)) for f in defn.features
                  if f.type == "free_spins" and getattr(f, "trigger_symbol", "") and f.awards), None)

    def shows(result: Any) -> bool:
        if found is None:
            return False
        symbol, needed = found
        steps = [e for e in result.events if e.kind == "tumble_step"]
        return any(sum(column.count(symbol) for column in e.screen) == needed - 1 for e in steps[:-1])

    return shows


def anticipation_shots(app: Any, script: tuple[int, ...], result: Any = None) -> list[Shot]:
    from .view import TumbleView

    app.base.start_round(script=script)
    run_until(app, lambda: (v := app.stack.find(TumbleView)) is not None and bool(v.anticipation)
              and v.plan is not None and v.clock - v.started >= v.times.burst + 0.25, "a drop-in in suspense")
    shots = [("tumble-anticipation", snapshot(app))]
    finish_round(app)
    return shots


def moments(defn: Any, params: Any) -> tuple[Moments, ...]:
    out = [Moments(SEQUENCE, "tumbles", chains, tumble_shots, lack=f"no scenario tumbles {MIN_TUMBLES} times")]
    if getattr(params, "multiplier_symbols", None) is not None:
        out.append(Moments(MULTIPLY, "multiplier symbols", multiplies, multiply_shots,
                           lack="no scenario ends a winning sequence with multiplier symbols"))
    if getattr(params, "cell_multipliers", None) is not None:
        out.append(Moments(CELLS, "cell multipliers", doubles_cells, cell_shots,
                           lack="no scenario doubles a cell"))
    if any(f.type == "free_spins" for f in defn.features):
        out.append(Moments(ANTICIPATION, "tumble anticipation", one_short(defn), anticipation_shots,
                           lack="no scenario tumbles to a screen one trigger symbol short of free spins"))
    return tuple(out)
