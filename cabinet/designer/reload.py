"""Live reload: a changed YAML, sprite or sound takes effect between rounds.

The ``Reloader`` is ticked by the app's loop. When the watcher reports a change it
loads the definition at once (so a mistake is shown within a second) but applies it
only when no round is being played: the round on screen finishes with the rules it
was drawn with. An invalid edit leaves the running game alone and keeps its issues
(``path:line:col: message``) for the overlay until a good version is saved.

Applying keeps the session (its balance, history and meters) and the bet, or the
nearest allowed bet when the new definition no longer allows it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from cabinet.core.bet import Bet, all_bets, is_allowed
from cabinet.core.definition import Definition
from cabinet.core.loader import DefinitionError, load_definition
from cabinet.errors import CabinetError
from cabinet.tool import Host

from .watch import FileWatcher, GameFiles


def nearest_bet(defn: Definition, bet: Bet) -> Bet:
    """``bet`` if ``defn`` allows it, else the allowed bet closest in total (ties: the same
    lines first, then the smaller total)."""
    if is_allowed(defn, bet):
        return bet
    options = all_bets(defn)
    if not options:
        raise CabinetError(f"{defn.name} allows no bet")
    return min(options, key=lambda b: (abs(b.total - bet.total), b.lines != bet.lines, b.total))


def screen_fits(defn: Definition, stops: tuple[int, ...], reel_set: str) -> bool:
    """Whether a screen left by the old definition can be shown with the new reels."""
    strips = defn.reels.get(reel_set)
    return strips is not None and len(strips) == len(stops) and all(
        0 <= stop < len(strip) for stop, strip in zip(stops, strips, strict=True))


def apply_game(app: Host, defn: Definition, fresh_sprites: bool) -> None:
    """Put ``defn`` (and, with ``fresh_sprites``, the sprites as they are on disk now) into the
    running app. Everything new is built before anything is replaced, so a failure leaves the
    old game running."""
    import pygame

    from cabinet.paths import sprites_dir
    from cabinet.presentation.art import ArtBuilder
    from cabinet.presentation.assets import AssetCache
    from cabinet.presentation.layout import compute_layout, screen_shape
    from cabinet.presentation.scenes.base import BaseGameScene
    from cabinet.presentation.tag_band import uses_tag_band

    ctx, session = app.ctx, app.session
    assert session is not None
    cache = AssetCache(sprites_dir(), ctx.text) if fresh_sprites else ctx.cache
    builder = ArtBuilder(cache, defn)
    layout = compute_layout(app.screen.get_size(), defn.grid.reels, defn.grid.rows, ctx.settings.left_hand,
                            tag_band=uses_tag_band(defn), **screen_shape(defn))
    art = builder.build(layout)
    bet = nearest_bet(defn, session.bet)

    old_base = app.base
    for scene in list(app.stack):
        app.stack.remove(scene)
    # Input filters the old base game registered would act on a scene that is gone.
    app.stack.filters[:] = [f for f in getattr(app.stack, "filters", [])
                            if getattr(f, "__self__", None) is not old_base]
    session.defn = defn
    if hasattr(session, "game"):  # what the journal records: the new file's fingerprint from now on
        session.game = type(session.game).of(defn)
    session.bet = bet
    session.offer = None  # prices of the old rules
    if session.current is not None and not screen_fits(defn, session.current.final_stops,
                                                       session.current.final_reel_set):
        session.current = None  # the new reels cannot show the old screen: start from the idle one
    ctx.defn, ctx.cache, ctx.builder, ctx.layout, ctx.art = defn, cache, builder, layout, art
    ctx.on_layout.clear()
    app.defn = defn
    app.base = BaseGameScene(ctx)
    app.stack.push(app.base)
    pygame.display.set_caption(f"{defn.name} - Slot Cabinet")


def reload_sounds(app: Host, theme: str) -> None:
    """A new ``Audio`` for the theme, loaded from disk; the base game rebuilt after this binds it."""
    import pygame

    from cabinet.paths import sounds_dir
    from cabinet.presentation.audio import Audio

    old = app.ctx.audio
    audio = Audio(sounds_dir(), theme, old.sound_on, old.music_on)
    audio.set_volume(old.volume)  # the player's master volume survives a sound reload
    audio.load_all()
    if pygame.mixer.get_init():
        pygame.mixer.music.stop()
    app.ctx.audio = audio
    audio.start_music()


class Reloader:
    def __init__(self, app: Host, path: Path, log: Callable[[str], None] | None = None) -> None:
        from cabinet.paths import sounds_dir, sprites_dir

        self.app = app
        self.path = path
        self.log = log or (lambda message: print(f"cabinet: {message}", file=sys.stderr))
        self.errors: list[str] = []  # the last load's problems, path:line:col: message
        self.pending: Definition | None = None
        self.sprites_changed = False
        self.sounds_changed = False
        self.reloads = 0  # applied so far
        self.deferred = False  # a change is waiting for the round on screen to end
        self._roots = (sprites_dir(), sounds_dir())
        self.watcher = FileWatcher(self._files(app.defn.theme))

    def _files(self, theme: str) -> GameFiles:
        return GameFiles.of(self.path, theme, *self._roots)

    @property
    def waiting(self) -> bool:
        return self.pending is not None or self.sprites_changed or self.sounds_changed

    def tick(self, dt: float) -> None:
        kinds = self.watcher.poll(dt)
        if kinds:
            self.note(kinds)
        if self.waiting:
            if self.app.between_rounds:
                self.apply()
            else:
                self.deferred = True

    def note(self, kinds: set[str]) -> None:
        if "definition" in kinds:
            self._load()
        self.sprites_changed |= "sprites" in kinds
        self.sounds_changed |= "sounds" in kinds

    def _load(self) -> None:
        try:
            defn = load_definition(self.path)
        except DefinitionError as exc:
            self.errors = [str(issue) for issue in exc.issues] or [str(exc)]
            self.pending = None
            self.log(f"{self.path}: not reloaded, the last good version keeps running:\n" + "\n".join(self.errors))
            return
        except CabinetError as exc:  # unreadable for a moment (an editor mid-save)
            self.errors = [str(exc)]
            self.pending = None
            return
        self.errors = []
        self.pending = defn

    def apply(self) -> None:
        app = self.app
        defn = self.pending or app.defn
        fresh_sprites = self.sprites_changed or defn.theme != app.defn.theme
        sounds = self.sounds_changed or defn.theme != app.defn.theme
        before = app.session.bet if app.session is not None else None
        try:
            if sounds:
                reload_sounds(app, defn.theme)  # first: the new scenes bind the new effects
            apply_game(app, defn, fresh_sprites)
        except Exception as exc:  # noqa: BLE001 - a definition the screen cannot show: keep the old one
            self.errors = [f"{self.path}: loaded, but the cabinet cannot show it: {exc!r}"]
            self.log(self.errors[0])
        else:
            self.reloads += 1
            bet = app.session.bet if app.session is not None else None
            note = "" if bet == before else " (the bet is now the nearest allowed)"
            app.ctx.hud.say(f"RELOADED {defn.name.upper()}{note.upper()}")
        finally:
            self.pending = None
            self.sprites_changed = self.sounds_changed = False
            self.deferred = False
        if defn.theme != self.watcher.files.sprites[0].name:
            self.watcher.retarget(self._files(defn.theme))
