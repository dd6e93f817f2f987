"""The playback engine: how a round's events are shown one after another.

The round player (``BaseGameScene._play``) shows a round one event at a time: it applies
the event to the round's ``ScreenState`` (what the screen shows, ``screen_state.py``),
then runs the presenter the game's ``PresenterTable`` gives for the event, then puts the
state's meters and counter on the screen and tells the session how far the screen has
got. A presenter only animates and keeps time: it reads the state the event has just
produced and never decides an outcome or a meter value. An event without a presenter is
shown by the state alone (no animation), so a block's new event never stops a round.

A presenter is ``fn(play, event)``; when it needs time it is a generator that yields once
per frame until its animation is done.

Each game's table is built from its own blocks (``mechanics.presenter_table``): an event
that names a feature goes to the presenter that feature's mechanic gives for its kind,
else to the pipeline's own presenter of that kind (``presenters.py``); a mechanic that
takes part in other events (``joins``: the panel door's mummies fly before a spin changes
the screen they landed on) wraps whatever presents them, in the game's block order. Nothing here depends on import order, and this module imports no scene.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cabinet.core.events import Event, RoundEnded
from cabinet.core.round import RoundResult

from .screen_state import ScreenState

if TYPE_CHECKING:
    from .context import Context

Step = Generator[None, None, None]
Presenter = Callable[["Playback", Any], "Step | None"]
# a mechanic's part in a pipeline event: (play, event, the presenter it wraps) -> its steps
Join = Callable[["Playback", Any, "Presenter | None"], "Step | None"]


@dataclass
class Playback:
    """One round being shown on ``scene``: the reducer's state and what the presenters
    share between events (the free-spins scene while the feature is on screen)."""

    scene: Any  # the BaseGameScene showing it
    result: RoundResult
    state: ScreenState
    restored: bool = False
    index: int = 0  # the event being shown
    free: Any = None  # the free-spins scene while the feature is on screen
    # events a presenter showed before their turn (the mummies of a screen a respin is about to
    # change fly from it first); their own turn finds them shown. Presentation order only.
    shown_ahead: set[int] = field(default_factory=set)

    @property
    def ctx(self) -> Context:
        return self.scene.ctx  # type: ignore[no-any-return]

    @property
    def seed(self) -> int:
        return self.result.request.seed

    @property
    def tier(self) -> str:
        """The round's win tier (the base spin's own presentation already celebrates it)."""
        return next((e.tier for e in self.result.events if isinstance(e, RoundEnded)), "")

    def params(self, feature: str) -> Any:
        """The parameters of the game's feature named ``feature`` (None: no such feature)."""
        return next((f for f in self.ctx.defn.features if getattr(f, "name", "") == feature), None)


def show_state(play: Playback) -> None:
    """Put the state's WIN meter, free-spins counter and feature HUD on the screen (after each event)."""
    state = play.state
    play.ctx.hud.win = state.hud_win
    counter, free = state.free, play.free
    if counter is not None and free is not None:
        free.played, free.total_spins, free.multiplier = counter.played, counter.total_spins, counter.multiplier
        free.total_win = counter.total_win
    if free is not None and free.hud is not None:
        free.hud.sync(state.features.get(free.hud.name))


def wait(play: Playback, seconds: float) -> Step:
    end = play.scene.clock + seconds
    while play.scene.clock < end:
        yield


def run(fn: Presenter | None, play: Playback, event: Any) -> Step:
    """``fn``'s steps for ``event`` (none when there is no presenter or it needs no time)."""
    if fn is None:
        return
    step = fn(play, event)
    if step is not None:
        yield from step


def _joined(join: Join, inner: Presenter | None) -> Presenter:
    def presenter(play: Playback, event: Any) -> Step | None:
        return join(play, event, inner)

    return presenter


@dataclass(frozen=True)
class PresenterTable:
    """One game's presenters: by feature name and kind (its blocks' mechanics); by kind for
    the pipeline's events and for a kind no mechanic of the feature shows; and the joins,
    by kind, that wrap whatever presents an event of that kind (in block order: the first
    block's join outermost, so it acts first)."""

    by_feature: Mapping[str, Mapping[str, Presenter]]
    pipeline: Mapping[str, Presenter]
    joins: Mapping[str, tuple[Join, ...]]

    @classmethod
    def build(cls, features: Sequence[tuple[str, Any]], pipeline: Mapping[str, Presenter]) -> PresenterTable:
        """``features``: (feature name, its mechanic) in the game's block order."""
        own: dict[str, Mapping[str, Presenter]] = {}
        joins: dict[str, list[Join]] = {}
        seen: list[Any] = []
        for name, mechanic in features:
            own[name] = dict(mechanic.presenters)
            if any(m is mechanic for m in seen):  # two features of one block join an event once
                continue
            seen.append(mechanic)
            for kind, join in mechanic.joins.items():
                joins.setdefault(kind, []).append(join)
        return cls(own, dict(pipeline), {kind: tuple(found) for kind, found in joins.items()})

    def presenter(self, event: Event) -> Presenter | None:
        feature = getattr(event, "feature", None)
        found = self.by_feature.get(feature, {}).get(event.kind) if isinstance(feature, str) else None
        if found is None:
            found = self.pipeline.get(event.kind)
        for join in reversed(self.joins.get(event.kind, ())):
            found = _joined(join, found)
        return found
