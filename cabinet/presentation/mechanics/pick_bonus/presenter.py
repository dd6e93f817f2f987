"""The pick bonus's presenters: ``FeatureStarted`` puts up the ``PickScene`` (``view.py``),
``PickOffered`` shows the choice (the base game waits for the player when the round awaits
it: ``presentation/decisions.py``), ``TilePicked`` flips a tile, ``TilesRevealed`` turns the
others, ``LadderStep`` lights a rung, ``LuckySpun`` spins the lucky slot, ``PickBonusPaid``
shows the win and ``FeatureEnded`` takes the scene down; when the picks won free spins,
``PickBonusPaid`` says so and takes it down, and the free spins' own intro follows. A round restored mid-bonus rebuilds
the scene from the events already shown (``scene_for``)."""

from __future__ import annotations

from typing import Any

from cabinet.core.events import Event, FeatureEnded, FeatureStarted
from cabinet.core.features.pick_bonus.events import (
    LadderStep,
    LuckySpun,
    PickBonusPaid,
    PickOffered,
    TilePicked,
    TilesRevealed,
)

from ...engine import Playback, Step, wait
from ...words import words
from .view import OUTRO_TIME, PickScene

START_HOLD = 0.6
AUTO_HOLD = 0.35  # an autoplay choice: the cursor is seen on it before the tile turns
PICK_HOLD = 0.5
STEP_HOLD = 0.5
REVEAL_HOLD = 1.0
DEFAULT_START = {"pick": "PICK A PRIZE", "ladder": "CLIMB THE LADDER", "lucky_slot": "LUCKY SLOT"}


def apply(scene: PickScene, event: Event) -> None:
    """What an event changes on the scene, without its animation."""
    if isinstance(event, PickOffered):
        scene.offer(event.choices)
    elif isinstance(event, TilePicked):
        scene.pick(event.tile, event.prize, event.credits_x_bet, event.multiplier_total)
    elif isinstance(event, TilesRevealed):
        scene.reveal_rest(event.tiles)
    elif isinstance(event, LadderStep):
        scene.step(event.rung, fell=event.fell, took=event.took)
    elif isinstance(event, LuckySpun):
        scene.spin_lucky(event.stops, event.spin, event.spins)


def scene_for(play: Playback, feature: str) -> PickScene | None:
    """The bonus's scene; a round resumed mid-bonus gets it back as the shown events left it."""
    stack = play.ctx.stack
    found = stack.find(PickScene)
    if found is not None:
        return found  # type: ignore[no-any-return]
    params = play.params(feature)
    if params is None:
        return None
    scene = PickScene(play.ctx, params)
    events = play.result.events[:play.index]
    begun = max((i for i, e in enumerate(events) if isinstance(e, FeatureStarted) and e.feature == feature), default=0)
    for event in events[begun:]:
        if getattr(event, "feature", None) == feature:
            apply(scene, event)
    scene.clock = 10.0  # what was shown before is at rest
    stack.push(scene)
    return scene


def start(play: Playback, event: FeatureStarted) -> Step:
    params = play.params(event.feature)
    if params is None:
        return
    play.ctx.stack.push(PickScene(play.ctx, params))
    play.ctx.hud.say(words(params, "start", DEFAULT_START.get(params.game, "BONUS")))
    yield from wait(play, START_HOLD)


def offered(play: Playback, event: PickOffered) -> Step:
    scene = scene_for(play, event.feature)
    if scene is None:
        return
    scene.offer(event.choices)
    params = scene.feature
    left = "ALL" if event.picks_left < 0 else str(event.picks_left)
    prompt = (words(params, "prompt", "CHOOSE A TILE: {picks} LEFT", picks=left) if event.game == "pick"
              else words(params, "prompt_ladder", "TAKE {amount} OR CLIMB",
                         amount=play.ctx.money(int(params.rungs[event.rung].x_bet * play.result.request.bet.total))))
    play.ctx.hud.say(prompt)
    if play.index + 1 < len(play.result.events):  # decided already (autoplay, a replay): show it briefly
        following = play.result.events[play.index + 1]
        chosen = str(getattr(following, "tile", -2) + 1) if isinstance(following, TilePicked) else (
            "take" if getattr(following, "took", False) else "climb")
        if chosen in event.choices:
            scene.cursor = event.choices.index(chosen)
        yield from wait(play, AUTO_HOLD)


def tile(play: Playback, event: TilePicked) -> Step:
    scene = scene_for(play, event.feature)
    if scene is None:
        return
    scene.pick(event.tile, event.prize, event.credits_x_bet, event.multiplier_total)
    play.ctx.audio.play("feature_trigger" if event.collect else "button_click")
    while scene.flipping:
        yield
    yield from wait(play, PICK_HOLD)


def rest(play: Playback, event: TilesRevealed) -> Step:
    scene = scene_for(play, event.feature)
    if scene is None or not event.tiles:
        return
    scene.reveal_rest(event.tiles)
    yield from wait(play, REVEAL_HOLD)


def ladder(play: Playback, event: LadderStep) -> Step:
    scene = scene_for(play, event.feature)
    if scene is None:
        return
    scene.step(event.rung, fell=event.fell, took=event.took)
    play.ctx.audio.play("button_click" if event.climbed or event.took else "feature_trigger")
    yield from wait(play, STEP_HOLD)


def lucky(play: Playback, event: LuckySpun) -> Step:
    scene = scene_for(play, event.feature)
    if scene is None:
        return
    scene.spin_lucky(event.stops, event.spin, event.spins)
    while scene.lucky_turning:
        yield
    play.ctx.hud.say(words(scene.feature, "spin_win", "{amount}", amount=play.ctx.money(event.worth)))
    yield from wait(play, PICK_HOLD)


def paid(play: Playback, event: PickBonusPaid) -> Step:
    scene = scene_for(play, event.feature)
    if scene is None:
        return
    picks = [e for e in play.result.events[:play.index] if isinstance(e, TilePicked) and e.feature == event.feature]
    won = picks[-1].spins_total if picks else 0
    scene.finish(event.amount, won)
    play.ctx.audio.play("feature_trigger")
    if won:  # the picks won free spins: say so, then their intro plays over the reels
        play.ctx.hud.say(words(scene.feature, "free_spins_won", "{spins} FREE SPINS WON", spins=won))
    yield from wait(play, OUTRO_TIME)
    if won:
        play.ctx.stack.remove(scene)


def end(play: Playback, event: FeatureEnded) -> Step:
    stack = play.ctx.stack
    scene = stack.find(PickScene)
    if scene is not None:
        stack.remove(scene)
    return
    yield


PRESENTERS: dict[str, Any] = {
    FeatureStarted.kind: start,
    PickOffered.kind: offered,
    TilePicked.kind: tile,
    TilesRevealed.kind: rest,
    LadderStep.kind: ladder,
    LuckySpun.kind: lucky,
    PickBonusPaid.kind: paid,
    FeatureEnded.kind: end,
}
