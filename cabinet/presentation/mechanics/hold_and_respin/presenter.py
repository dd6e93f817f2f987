"""Presenters of the board events: a hold-and-respin (or any sub-game on boards) on screen.

By event kind (``PRESENTERS``, the mechanic's table). The first board event of a
feature puts up a ``BoardScene`` (``view.py``) over the game; each presenter
applies its event to the scene's ``BoardsModel`` (``model.py``) and animates
it. A round restored half-way through the feature builds the scene from the events the
screen had shown (``BoardsModel.from_events``), so it carries on with the same boards.

A collector's collect (``Collected``: Halloween Wins 3's pumpkins) is shown as the values
travelling from their cells into the collector, counted in as each arrives; several
collectors taking the same batch are shown together. The status line says what travels
while it travels ("2 PUMPKINS EACH COLLECT €20.00 + €0.60", ``texts: {collect}`` /
``{collect_each}``), then, once every value is counted in, what the collectors hold now,
as their plates show it (``{collected}`` / ``{collected_each}``). A cell multiplier (``CellMultiplierChanged``:
a Mummy X) is seen on its cell before it turns into the cell's mark.

``feature_ended`` of the feature ends its boards.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from cabinet.core.boards import (
    BoardFilled,
    BoardOpened,
    BoardSpun,
    CellLanded,
    CellMultiplierChanged,
    Collected,
    HeldPrizesPaid,
    PrizeMultiplied,
    RespinsChanged,
)
from cabinet.core.events import Event, FeatureEnded, FeatureTriggered

from ...engine import Playback, Presenter, wait
from ...words import words
from .model import BOARD_KINDS, BoardsModel
from .timing import COUNT_TIME
from .view import BoardScene

Step = Generator[None, None, None]

FLY_IN_HOLD = 0.35  # the boards are seen on their own before the baskets fly in
RESPINS_HOLD = 0.35  # the counter's change is seen before the cells spin
MULTIPLIER_HOLD = 0.25  # the multiplied prize is seen before the next event
COLLECT_STEP = 0.09  # each prize of the final collect
VALUES_HOLD = 0.3  # values that landed for a collector are seen on their cells before they travel


def _feature_of(play: Playback, index: int) -> str:
    event = play.result.events[index]
    return str(getattr(event, "feature", ""))


def _flicker(strips: list[tuple[str, ...]]) -> tuple[str, ...]:
    """What a spinning cell shows: every symbol its strips hold, one blank between them (a
    spinning cell flickers with what it can land on)."""
    shown = list(dict.fromkeys(s for strip in strips for s in strip))
    return tuple(x for s in shown if s != "BLANK" for x in (s, "BLANK")) or tuple(shown)


def _strips(play: Playback, feature: str) -> tuple[dict[str, tuple[str, ...]], dict[tuple[str, int], tuple[str, ...]]]:
    """The symbols each board's spinning cells show, from the feature's own strips: per board,
    and per reel where a board's reels differ (the collector's centre reel holds pumpkins only)."""
    params = _params(play, feature)
    boards: dict[str, tuple[str, ...]] = {}
    reels: dict[tuple[str, int], tuple[str, ...]] = {}
    for spec in getattr(params, "boards", ()) or ():
        if spec.strip:
            boards[spec.name] = _flicker([tuple(spec.strip)])
            continue
        if spec.reel_strips:
            per_reel = [[tuple(spec.reel_strips[reel])] for reel in range(spec.reels)]
        else:  # cell strips: reel 1 top to bottom, then the next reels
            per_reel = [[tuple(spec.cell_strips[reel * spec.rows + row]) for row in range(spec.rows)]
                        for reel in range(spec.reels)]
        boards[spec.name] = _flicker([strip for strips in per_reel for strip in strips])
        for reel, strips in enumerate(per_reel):
            own = _flicker(strips)
            if own != boards[spec.name]:
                reels[(spec.name, reel)] = own
    return boards, reels


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
        strips, reel_strips = _strips(play, feature)
        scene = BoardScene(play.ctx, model, strips=strips, reel_strips=reel_strips, feature=_params(play, feature))
        stack.push(scene)
    return scene


def _next(play: Playback) -> Event | None:
    events = play.result.events
    return events[play.index + 1] if play.index + 1 < len(events) else None


def _after(play: Playback, scene: BoardScene) -> Step:
    while scene.busy:
        yield


# -- the presenters ---------------------------------------------------------------------------------


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
    ctx.hud.say(scene.word("opens", "{title} - {respins} RESPINS", title=scene.title, respins=scene.model.respins))
    yield from wait(play, FLY_IN_HOLD)
    events = play.result.events
    trigger = next((e for e in reversed(events[: play.index]) if isinstance(e, FeatureTriggered)), None)
    targets: list[tuple[str, Any]] = []
    symbols: list[str] = []
    for later in events[play.index + 1:]:
        if not isinstance(later, CellLanded):
            break
        targets.append((later.board, later.position))
        symbols.append(later.symbol)
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
        scene.fly_in(origins, targets, symbols)
        ctx.audio.play("feature_trigger")
        yield from _after(play, scene)


def spin_board(play: Playback, event: BoardSpun) -> Step | None:
    scene = scene_of(play)
    scene.model.apply(event)
    scene.spin(event.board, event.positions, event.symbols)
    if isinstance(_next(play), BoardSpun):  # every board of the respin starts together
        return None
    waiting = scene.land()
    play.ctx.audio.play("respin")
    if waiting:  # the last empty cells of a board: say what is at stake
        board, cells = max(waiting.items(), key=lambda item: scene.model.boards[item[0]].fill_award)
        award = scene.model.boards[board].fill_award
        prize = f" FOR {play.ctx.money(award)}" if award else ""
        key, default = ("to_fill", "{cells} CELLS TO FILL {board}{prize}!") if cells > 1 else \
            ("to_fill_one", "{cells} CELL TO FILL {board}{prize}!")
        play.ctx.hud.say(scene.word(key, default, cells=cells, board=board, prize=prize))
    return _after(play, scene)


def land_cell(play: Playback, event: CellLanded) -> None:
    scene_of(play).model.apply(event)


def change_respins(play: Playback, event: RespinsChanged) -> Step | None:
    scene = scene_of(play)
    scene.model.apply(event)
    scene.respins_changed(event.reason)
    if event.reason == "added":
        key, default = ("added", "+{change} RESPINS: {respins} LEFT") if event.change > 1 else \
            ("added_one", "+{change} RESPIN: {respins} LEFT")
        play.ctx.hud.say(scene.word(key, default, change=event.change, respins=event.respins))
        return wait(play, RESPINS_HOLD)
    if event.reason == "reset":
        play.ctx.hud.say(scene.word("reset", "RESPINS RESET TO {respins}", respins=event.respins))
        return wait(play, RESPINS_HOLD)
    if event.reason == "spin":
        play.ctx.hud.say(scene.word("last", "LAST RESPIN!") if event.respins == 0 else
                         scene.word("left", "{respins} RESPINS LEFT", respins=event.respins))
    return None


def multiply_prize(play: Playback, event: PrizeMultiplied) -> Step:
    scene = scene_of(play)
    scene.fly_multiplier((event.source_board, event.source), (event.board, event.position), event.multiplier)
    play.ctx.hud.say(scene.word("multiplied", "x{multiplier} ON A PRIZE: {amount}", multiplier=event.multiplier,
                                amount=play.ctx.money(event.value)))
    yield from _after(play, scene)
    scene.model.apply(event)  # the prize shows its new value as the multiplier arrives
    yield from wait(play, MULTIPLIER_HOLD)


def fill_board(play: Playback, event: BoardFilled) -> Step:
    scene = scene_of(play)
    scene.model.apply(event)
    scene.celebrate(event.board, event.amount)
    play.ctx.hud.say(scene.word("filled", "{board} BONUS PRIZE {amount}", board=event.board,
                                amount=play.ctx.money(event.amount)))
    yield from _after(play, scene)


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


def collect_values(play: Playback, event: Collected) -> Step | None:
    """A collector takes the values on its reels: each travels from its cell into it, and its
    total counts up as each arrives. The collects that follow at once (every collector of the
    batch) travel together; their own turn then finds them shown."""
    scene = scene_of(play)
    if play.index <= scene.applied_through:
        return None
    events = play.result.events
    run = [event]
    while play.index + len(run) < len(events):
        later = events[play.index + len(run)]
        if not isinstance(later, Collected) or later.feature != event.feature:
            break
        run.append(later)
    scene.applied_through = play.index + len(run) - 1
    return _collect(play, scene, run)


def _collect(play: Playback, scene: BoardScene, run: list[Collected]) -> Step:
    ctx = play.ctx
    yield from wait(play, VALUES_HOLD)
    first_sources: list[tuple[tuple[int, int], int]] = []
    for collected in run:
        shown = scene.model.boards.get(collected.board)
        if shown is None:
            continue
        sources = []
        for position in collected.positions:
            held = shown.held.get(position)
            sources.append((position, held.value if held is not None else shown.values.get(position, 0)))
        if sources and sum(v for _, v in sources) != collected.value:  # the event's figure is the truth
            last, value = sources[-1]
            sources[-1] = (last, value + collected.value - sum(v for _, v in sources))
        scene.collect(collected.board, collected.collector, collected.total - collected.value, sources)
        first_sources = first_sources or sources
    first = scene.model.boards.get(run[0].board)
    keeper = first.held.get(run[0].collector) if first is not None else None
    symbol = ctx.defn.symbol_map.get(keeper.symbol) if keeper is not None else None
    name = (symbol.name if symbol is not None else "collector").upper()
    params = play.params(run[0].feature)
    travelling = [v for _, v in first_sources]  # what flies, as each token is labelled (the first collector's)
    values = " + ".join(ctx.money(v) for v in travelling) if 1 < len(travelling) <= 3 else ctx.money(run[0].value)
    if len(run) == 1:
        ctx.hud.say(words(params, "collect", "{name} COLLECTS {values}", name=name, values=values))
    else:
        ctx.hud.say(words(params, "collect_each", "{count} {name}S EACH COLLECT {values}", name=name,
                          values=values, count=len(run)))
    # Once every value is counted in, the line says what the plates show: the totals now.
    counted = max((t.arrives for flow in scene.flows for t in flow.tokens), default=scene.clock) + COUNT_TIME
    while scene.busy and scene.clock < counted:
        yield
    totals = " AND ".join(ctx.money(c.total) for c in run)
    key, default = ("collected_each", "{name}S NOW HOLD {totals}") if len(run) > 1 else \
        ("collected", "{name} NOW HOLDS {totals}")
    ctx.hud.say(words(params, key, default, name=name, totals=totals, count=len(run)))
    yield from _after(play, scene)
    for collected in run:
        scene.model.apply(collected)
    scene.end_collect()


def mark_cell(play: Playback, event: CellMultiplierChanged) -> Step:
    """A cell multiplier symbol is seen on its cell, then turns into the cell's mark ("x2")."""
    scene = scene_of(play)
    scene.mark(event.board, event.position, event.multiplier)
    play.ctx.hud.say(scene.word("cell_multiplier", "x{multiplier} ON THIS CELL", multiplier=event.multiplier))
    yield from _after(play, scene)
    scene.model.apply(event)


def follow_board(play: Playback, event: Event) -> None:
    """Board events with no animation of their own (cells paid as they land)."""
    scene_of(play).model.apply(event)


def end_feature(play: Playback, event: FeatureEnded) -> Step | None:
    scene = play.ctx.stack.find(BoardScene)
    if scene is None or scene.model.feature != event.feature:
        return None
    return _outro(play, scene, event)


def _outro(play: Playback, scene: BoardScene, event: FeatureEnded) -> Step:
    scene.model.apply(event)
    scene.outro()
    play.ctx.hud.say(scene.word("outro_status", "{title} WIN {amount}", title=scene.title,
                                amount=play.ctx.money(event.total)))
    while not scene.finished:
        yield
    if scene in list(play.ctx.stack):  # a finished scene may have left the stack already
        play.ctx.stack.remove(scene)


PRESENTERS: dict[str, Presenter] = {
    **{kind: follow_board for kind in BOARD_KINDS},  # the board events with no animation of their own
    BoardOpened.kind: open_board,
    BoardSpun.kind: spin_board,
    CellLanded.kind: land_cell,
    RespinsChanged.kind: change_respins,
    PrizeMultiplied.kind: multiply_prize,
    BoardFilled.kind: fill_board,
    HeldPrizesPaid.kind: collect_prizes,
    Collected.kind: collect_values,
    CellMultiplierChanged.kind: mark_cell,
    FeatureEnded.kind: end_feature,
}
