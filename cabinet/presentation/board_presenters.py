"""Presenters of the board events: a hold-and-respin (or any sub-game on boards) on screen.

Registered by event kind with ``presents`` (``presenters.py``). The first board event of a
feature puts up a ``BoardScene`` (``views/boards.py``) over the game; each presenter
applies its event to the scene's ``BoardsModel`` (``views/board_model.py``) and animates
it. A round restored half-way through the feature builds the scene from the events the
screen had shown (``BoardsModel.from_events``), so it carries on with the same boards.

The feature's end is shared with free spins: ``feature_ended`` ends the boards' feature
and hands any other feature's end to the presenter registered before it.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cabinet.core.events import (
    BoardFilled,
    BoardOpened,
    BoardSpun,
    CellLanded,
    Event,
    FeatureEnded,
    FeatureTriggered,
    HeldPrizesPaid,
    PrizeMultiplied,
    RespinsChanged,
)

from .presenters import Playback, presenter_for, presents, wait
from .views.board_model import BOARD_KINDS, BoardsModel
from .views.boards import BoardScene

Step = Generator[None, None, None]

FLY_IN_HOLD = 0.35  # the boards are seen on their own before the baskets fly in
RESPINS_HOLD = 0.35  # the counter's change is seen before the cells spin
MULTIPLIER_HOLD = 0.25  # the multiplied prize is seen before the next event
COLLECT_STEP = 0.09  # each prize of the final collect

_other_feature_end = presenter_for(FeatureEnded.kind)  # free spins' outro: other features end there


def _feature_of(play: Playback, index: int) -> str:
    event = play.result.events[index]
    return str(getattr(event, "feature", ""))


def _strips(play: Playback, feature: str) -> dict[str, tuple[str, ...]]:
    """The symbols each board's spinning cells show: the feature's own strips, blanks thinned
    out (a spinning cell shows what it may land on)."""
    params = _params(play, feature)
    out: dict[str, tuple[str, ...]] = {}
    for spec in getattr(params, "boards", ()) or ():
        strip = tuple(spec.strip) or (tuple(spec.reel_strips[0]) if spec.reel_strips else
                                      tuple(spec.cell_strips[0]) if spec.cell_strips else ())
        shown = [s for s in dict.fromkeys(strip)]
        # one blank between symbols: a spinning cell flickers with what it can land on
        out[spec.name] = tuple(x for s in shown if s != "BLANK" for x in (s, "BLANK")) or tuple(shown)
    return out


def _params(play: Playback, feature: str) -> Any:
    """The parameters of the feature named ``feature`` (None: no such feature)."""
    return next((f for f in play.ctx.defn.features if getattr(f, "name", f.type) == feature), None)


def scene_of(play: Playback) -> BoardScene:
    """The board scene on screen, put up (from the events shown so far) if it is not."""
    stack = play.ctx.stack
    scene = stack.find(BoardScene)
    if scene is None:
        feature = _feature_of(play, play.index)
        model = BoardsModel.from_events(play.result.events[: play.index], feature=feature)
        model.feature = feature
        scene = BoardScene(play.ctx, model, strips=_strips(play, feature))
        stack.push(scene)
    return scene


def _next(play: Playback) -> Event | None:
    events = play.result.events
    return events[play.index + 1] if play.index + 1 < len(events) else None


def _after(play: Playback, scene: BoardScene) -> Step:
    while scene.busy:
        yield


# -- the presenters ---------------------------------------------------------------------------------


@presents(BoardOpened.kind)
def open_board(play: Playback, event: BoardOpened) -> Step | None:
    scene = scene_of(play)
    scene.model.apply(event)
    if isinstance(_next(play), BoardOpened):
        return None
    scene.warm()  # every board is up: its sizes are made before the first frame shows them
    return _fly_in(play, scene)


def _fly_in(play: Playback, scene: BoardScene) -> Step:
    """The boards are up: the triggering baskets fly from the base reels to their cells
    (two from each Golden Basket, as the trigger counts them)."""
    ctx = play.ctx
    ctx.hud.say(f"RESPIN FEATURE - {scene.model.respins} RESPINS")
    yield from wait(play, FLY_IN_HOLD)
    events = play.result.events
    trigger = next((e for e in reversed(events[: play.index]) if isinstance(e, FeatureTriggered)), None)
    targets: list[tuple[str, Any]] = []
    symbol = ""
    for later in events[play.index + 1:]:
        if not isinstance(later, CellLanded):
            break
        targets.append((later.board, later.position))
        symbol = symbol or later.symbol
    origins: list[tuple[int, int]] = []
    if trigger is not None:
        layout = ctx.layout
        params = _params(play, trigger.feature)
        counts = getattr(params, "trigger_symbols", {}) or {}
        screen = play.state.screen or []
        for reel, row in trigger.positions:
            if reel < len(layout.cells) and row < len(layout.cells[reel]):
                sid = screen[reel][row] if reel < len(screen) and row < len(screen[reel]) else ""
                origins += [layout.cells[reel][row].center] * max(1, int(counts.get(sid, 1)))
    if not play.restored:
        scene.fly_in(origins, targets, symbol or "BASKET")
        ctx.audio.play("feature_trigger")
        yield from _after(play, scene)


@presents(BoardSpun.kind)
def spin_board(play: Playback, event: BoardSpun) -> Step | None:
    scene = scene_of(play)
    scene.model.apply(event)
    scene.spin(event.board, event.positions, event.symbols)
    if isinstance(_next(play), BoardSpun):  # every board of the respin starts together
        return None
    scene.land()
    play.ctx.audio.play("respin")
    return _after(play, scene)


@presents(CellLanded.kind)
def land_cell(play: Playback, event: CellLanded) -> None:
    scene_of(play).model.apply(event)


@presents(RespinsChanged.kind)
def change_respins(play: Playback, event: RespinsChanged) -> Step | None:
    scene = scene_of(play)
    scene.model.apply(event)
    scene.respins_changed(event.reason)
    if event.reason == "added":
        play.ctx.hud.say(f"+{event.change} RESPIN{'S' if event.change > 1 else ''}: {event.respins} LEFT")
        return wait(play, RESPINS_HOLD)
    if event.reason == "reset":
        play.ctx.hud.say(f"RESPINS RESET TO {event.respins}")
        return wait(play, RESPINS_HOLD)
    if event.reason == "spin":
        play.ctx.hud.say("LAST RESPIN!" if event.respins == 0 else f"{event.respins} RESPINS LEFT")
    return None


@presents(PrizeMultiplied.kind)
def multiply_prize(play: Playback, event: PrizeMultiplied) -> Step:
    scene = scene_of(play)
    scene.fly_multiplier((event.source_board, event.source), (event.board, event.position), event.multiplier)
    play.ctx.hud.say(f"x{event.multiplier} ON A PRIZE: {play.ctx.money(event.value)}")
    yield from _after(play, scene)
    scene.model.apply(event)  # the prize shows its new value as the multiplier arrives
    yield from wait(play, MULTIPLIER_HOLD)


@presents(BoardFilled.kind)
def fill_board(play: Playback, event: BoardFilled) -> Step:
    scene = scene_of(play)
    scene.model.apply(event)
    scene.celebrate(event.board, event.amount)
    play.ctx.hud.say(f"{event.board} BONUS PRIZE {play.ctx.money(event.amount)}")
    yield from _after(play, scene)


@presents(HeldPrizesPaid.kind)
def collect_prizes(play: Playback, event: HeldPrizesPaid) -> Step:
    """The final collect: each held prize of the board counts into the WIN meter in turn."""
    scene = scene_of(play)
    shown = scene.model.boards.get(event.board)
    hud = play.ctx.hud
    meter = play.state.hud_win - event.amount  # the state has counted the board already
    for position in event.positions:
        held = shown.held.get(position) if shown is not None else None
        if held is None:
            continue
        scene.collect_cell(event.board, position)
        meter += held.value
        hud.win = meter
        play.ctx.audio.play("win_tick")
        yield from wait(play, COLLECT_STEP)
    scene.model.apply(event)


@presents(*(BOARD_KINDS - {BoardOpened.kind, BoardSpun.kind, CellLanded.kind, RespinsChanged.kind,
                           PrizeMultiplied.kind, BoardFilled.kind, HeldPrizesPaid.kind}))
def follow_board(play: Playback, event: Event) -> None:
    """Board events with no animation of their own (cells paid, collected, cell multipliers)."""
    scene_of(play).model.apply(event)


@presents(FeatureEnded.kind)
def end_feature(play: Playback, event: FeatureEnded) -> Step | None:
    scene = play.ctx.stack.find(BoardScene)
    if scene is None or scene.model.feature != event.feature:
        return _other_feature_end(play, event) if _other_feature_end is not None else None
    return _outro(play, scene, event)


def _outro(play: Playback, scene: BoardScene, event: FeatureEnded) -> Step:
    scene.model.apply(event)
    scene.outro()
    play.ctx.hud.say(f"RESPIN FEATURE WIN {play.ctx.money(event.total)}")
    while not scene.finished:
        yield
    if scene in list(play.ctx.stack):  # a finished scene may have left the stack already
        play.ctx.stack.remove(scene)
