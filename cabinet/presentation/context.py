"""What every scene shares: the session, settings, layout, art, type, sound and the stack.

``app.py`` builds one ``Context``; scenes read it and call its few actions (relayout,
left-hand toggle, settings changes, quit). Nothing here touches ``pygame.event``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cabinet.core.definition import Definition
from cabinet.core.money import Money, format_money
from cabinet.machine.session import GameSession
from cabinet.machine.stack import SceneStack
from cabinet.services.settings import Settings, save_settings

from .art import Art, ArtBuilder
from .assets import AssetCache
from .audio import Audio
from .layout import Layout, compute_layout, screen_shape
from .router import open_scene
from .tag_band import uses_tag_band
from .text import Text, floor_size


@dataclass
class HudState:
    """What the meters show right now (the win meter counts up during presentations)."""

    win: Money = 0
    status: str = ""
    status_time: float = 0.0  # seconds the current message has shown
    flash: dict[str, float] = field(default_factory=dict)  # button -> seconds left of its pressed look
    mode: str = "base"  # the bet mode on the screen: the round's being shown, else the one a spin plays
    # where the FEATURES glass went in this layout (the static layer draws it; the bet-mode pills
    # stack under it): None before the first layer or without a glass
    features_glass: Any = None

    def say(self, message: str) -> None:
        self.status, self.status_time = message, 0.0


@dataclass
class Context:
    defn: Definition
    session: GameSession
    settings: Settings
    text: Text
    cache: AssetCache
    builder: ArtBuilder
    audio: Audio
    stack: SceneStack
    layout: Layout
    art: Art
    data_dir: Path | None = None
    hud: HudState = field(default_factory=HudState)
    rumble: Callable[[float, int], None] = lambda strength, ms: None
    quit_requested: bool = False
    on_layout: list[Callable[[], None]] = field(default_factory=list)
    # Set by a lobby that launched this game: Close Game returns there instead of quitting.
    on_close_game: Callable[[], None] | None = None
    buy_features: bool = True  # the kiosk's buy_features: False hides and refuses BUY FEATURE

    def __post_init__(self) -> None:
        self.audio.set_volume(self.settings.volume)  # the remembered master volume from the first sound
        self.text.floor = floor_size(self.layout.size)

    def money(self, amount: Money) -> str:
        return format_money(amount, self.defn.bet.currency, self.defn.bet.minor_units)

    def open(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Push the scene called ``name`` (``router.py``: its module registered it) on this
        context's stack, built with this context and ``args``; returns it."""
        return open_scene(self, name, *args, **kwargs)

    def close_game(self) -> None:
        """The menu's Close Game: back to the lobby that opened the game, else quit."""
        if self.on_close_game is not None:
            self.on_close_game()
        else:
            self.quit_requested = True

    def relayout(self, size: tuple[int, int]) -> None:
        """A new window size or hand: new rectangles, art scaled once for them, scenes told."""
        layout = compute_layout(size, self.defn.grid.reels, self.defn.grid.rows, self.settings.left_hand,
                                tag_band=uses_tag_band(self.defn), **screen_shape(self.defn))
        if layout == self.layout:
            return
        if (layout.width, layout.height) != (self.layout.width, self.layout.height):
            self.cache.forget_sizes()  # the old size's copies are not needed any more
        self.layout = layout
        self.text.floor = floor_size(layout.size)
        self.art = self.builder.build(layout)
        for listener in self.on_layout:
            listener()

    def save(self) -> None:
        if self.data_dir is not None:
            try:
                save_settings(self.data_dir, self.settings)
            except OSError as exc:
                self.hud.say(f"settings not saved: {exc}")

    def toggle(self, name: str) -> bool:
        """Flip one remembered setting (settings are frozen: a new value replaces them) and save."""
        value = not getattr(self.settings, name)
        self.settings = replace(self.settings, **{name: value})
        self.save()
        return value

    def toggle_left_hand(self) -> None:
        self.toggle("left_hand")
        self.relayout(self.layout.size)

    def toggle_sound(self) -> None:
        self.audio.set_sound(self.toggle("sound"))

    def toggle_music(self) -> None:
        self.audio.set_music(self.toggle("music"))

    def set_volume(self, percent: int) -> int:
        """Set, apply and save the master volume (clamped to 0-100); returns the value kept."""
        value = max(0, min(100, int(percent)))
        if value != self.settings.volume:
            self.settings = replace(self.settings, volume=value)
            self.save()
        self.audio.set_volume(value)
        return value

    def toggle_vibrate(self) -> None:
        if self.toggle("vibrate"):
            self.rumble(0.5, 120)

    def shake(self, strength: float, ms: int) -> None:
        if self.settings.vibrate:
            self.rumble(strength, ms)
