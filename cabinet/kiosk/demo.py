"""A game playing by itself for the attract show, on money that does not exist.

``DemoGame`` is the real game's screen (the same ``BaseGameScene``, art and sounds)
on its own ``GameSession`` with an in-memory ledger, its own scene stack and HUD: the
cabinet's real ledger, meters and history are never reachable from here. Its rounds
follow a deck: the game's scenarios (so every feature is shown) with a random spin
between them; a scenario script is just the forced draws of an ordinary round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cabinet.core.definition import Definition
from cabinet.core.round import RoundResult
from cabinet.machine.session import GameSession, MemoryLedger, default_start_credits
from cabinet.machine.stack import SceneStack

PAUSE_AFTER_LOSS = 1.0  # seconds between demo rounds
PAUSE_AFTER_WIN = 3.2  # a win's presentation cycles a while before the next spin
DEMO_SEED = 0xD3A0


def attract_deck(defn: Definition) -> tuple[tuple[int, ...], ...]:
    """Each scenario's script with a random spin (an empty script) after it; random spins
    only for a game without scenarios."""
    deck: list[tuple[int, ...]] = []
    for scenario in defn.scenarios:
        deck += [tuple(scenario.script), ()]
    return tuple(deck) or ((), (), ())


class DemoSession(GameSession):
    """A session whose spins follow the attract deck; it tops itself up when short."""

    def __init__(self, defn: Definition, seed: int = DEMO_SEED) -> None:
        super().__init__(defn, ledger=MemoryLedger(default_start_credits(defn)), seed=seed)
        self.deck = attract_deck(defn)
        self.dealt = 0

    def begin_round(self, script: tuple[int, ...] = (), *, seed: int | None = None,
                    mode: str | None = None) -> RoundResult:
        self.players_choose = False  # attract mode picks by the game's autoplay rule
        if self.credits < self.mode_cost(mode):
            self.add_credits()
        script = script or self.deck[self.dealt % len(self.deck)]
        self.dealt += 1
        return super().begin_round(script, seed=seed, mode=mode)


class DemoGame:
    """One game's attract play: build it, then ``update``/``draw`` it like a scene."""

    def __init__(self, defn: Definition, *, text: Any, cache: Any, builder: Any, audio: Any, settings: Any,
                 size: tuple[int, int]) -> None:
        from cabinet.presentation.context import Context
        from cabinet.presentation.layout import compute_layout, screen_shape
        from cabinet.presentation.scenes.base import BaseGameScene
        from cabinet.presentation.tag_band import uses_tag_band

        self.defn = defn
        self.session = DemoSession(defn)
        settings = replace(settings)  # a copy: nothing the demo does can change or save the real one
        layout = compute_layout(size, defn.grid.reels, defn.grid.rows, settings.left_hand, tag_band=uses_tag_band(defn),
                                **screen_shape(defn))
        self.stack = SceneStack()
        self.ctx = Context(defn=defn, session=self.session, settings=settings, text=text, cache=cache,
                           builder=builder, audio=audio, stack=self.stack, layout=layout,
                           art=builder.build(layout), data_dir=None)
        self.base = BaseGameScene(self.ctx)
        self.stack.push(self.base)
        self.wait = 0.0
        self.rounds = 0  # rounds started

    @property
    def deck_size(self) -> int:
        return len(self.session.deck)

    @property
    def resting(self) -> bool:
        """Between rounds, and the last one has had its moment on screen."""
        return not self.base.in_round and self.wait >= self._pause()

    def _pause(self) -> float:
        last = self.session.current
        return PAUSE_AFTER_WIN if last is not None and last.total_win > 0 else PAUSE_AFTER_LOSS

    def update(self, dt: float, deal: bool = True) -> None:
        self.stack.update(dt)
        if self.base.in_round:
            self.wait = 0.0
            return
        self.wait += dt
        if deal and self.wait >= self._pause():
            self.wait = 0.0
            if self.base.start_round():
                self.rounds += 1

    def draw(self, surface: Any) -> None:
        self.stack.draw(surface)

    def close(self) -> None:
        """The demo is over: its scenes leave (a feature half-way lets go of its music)."""
        self.stack.clear()

    def relayout(self, size: tuple[int, int]) -> None:
        self.ctx.relayout(size)


DemoFactory = Callable[[tuple[int, int]], DemoGame]


def demo_factory(defn: Definition, *, text: Any, cache: Any, builder: Any, audio: Any,
                 settings: Any) -> DemoFactory:
    def make(size: tuple[int, int]) -> DemoGame:
        return DemoGame(defn, text=text, cache=cache, builder=builder, audio=audio, settings=settings, size=size)

    return make
