"""Screenshots for ``cabinet shot``: the lobby, the designer overlay, a scenario round.

``--overlay`` first plays ``rounds`` rounds of the seed without animation (through the
session, so the statistics are true), waits for the theory thread, then shows the
overlay at the chosen moment. ``--scenario N`` plays scenario N through the designer's
normal path and stops mid-feature (free spins running) or on its win.
"""

from __future__ import annotations

from typing import Any

from cabinet.errors import CabinetError

FRAME_LIMIT = 20_000
SPIN_FRAMES = 30  # frames into a free spin's spin before its picture (--at spinning), as the gallery's "spinning"


def render_lobby(size: tuple[int, int], *, games: tuple[str, ...] | None = None) -> Any:
    """The lobby of every game in games/ (or of ``games``, ids in order) at ``size``, its
    first tile highlighted."""
    import pygame

    from cabinet.kiosk.catalog import load_entries
    from cabinet.paths import sprites_dir
    from cabinet.presentation.assets import AssetCache
    from cabinet.presentation.scenes.lobby import LobbyScene
    from cabinet.presentation.text import Text

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    entries, problems = load_entries(games)
    if not entries:
        raise CabinetError("no game to show:\n" + "\n".join(problems))
    text = Text()
    lobby = LobbyScene(text, AssetCache(sprites_dir(), text), entries, size, on_choose=lambda i: None)
    lobby.update(0.4)
    lobby.draw(screen)
    return screen


def play_quietly(app: Any, rounds: int) -> None:
    """``rounds`` rounds straight through the session (no animation): meters and history stay true."""
    session = app.session
    for _ in range(rounds):
        if session.spin_refusal():
            session.add_credits()
        session.begin_round()
        session.finish_round()
    # Long enough for the overlay's frame-time figures to be measured (they refresh every
    # STATS_REFRESH seconds); a picture saying "FPS 0.0" would misinform.
    from cabinet.app import FPS

    from .mode import STATS_REFRESH

    app.run_frames(int(STATS_REFRESH * FPS) + 3)


def play_scenario(app: Any, number: int, at: str = "", *, spin: int = 1) -> None:
    """Scenario ``number`` (1-based) through the designer, to mid-feature or its win (a
    feature with a scene of its own: the moment ``at`` names, its ``picture_ready``). In free spins
    it stops once free spin ``spin`` (1-based) has landed, or while it spins (``at``
    "spinning"); a round whose free spins end before that spin is refused by name."""
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene
    from cabinet.presentation.scenes.win import WinScene

    scenarios = app.defn.scenarios
    if not 1 <= number <= len(scenarios):
        raise CabinetError(f"--scenario: {app.defn.name} has {len(scenarios)} scenario(s)")
    if not app.designer.play_scenario(number - 1):
        raise CabinetError(f"scenario {number} could not start: {app.ctx.hud.status}")
    if spin < 1:
        raise CabinetError(f"--spin {spin}: free spins count from 1")
    feature = bool(app.session.current.features)
    spun = 0
    # the counter says spin K as spin K starts, while the reels still show the screen before it
    # (the trigger's, for K = 1): spin K has landed once its reels have been seen spinning. A spin
    # without a win hands over to the next one in the frame its reels land: the counter and the
    # status line already read K + 1 there, so the picture is given back spin K's own.
    seen_spinning = False
    own: tuple[int, int, int, str] | None = None  # spin K's counter (played, total, multiplier) and status
    for _ in range(FRAME_LIMIT):
        app.run_frames(1)
        free = app.stack.find(FreeSpinsScene)
        if feature and any(getattr(scene, "picture_ready", None) is not None and scene.picture_ready(at)
                           for scene in app.stack if scene is not app.base):
            return  # a mechanic's own scene says its moment has come (boards, a wheel, a held reel)
        if feature:
            if free is not None and free.phase == "running" and free.played >= spin:
                landed = app.base.reels.all_stopped
                if free.played == spin and app.base.reels.spinning:
                    seen_spinning = True
                    own = (free.played, free.total_spins, free.multiplier, app.ctx.hud.status)
                if at == "spinning" and free.played == spin and not landed and app.base.reels.spinning:
                    spun += 1
                    if spun >= SPIN_FRAMES:  # the reels well into their spin, blurred
                        return
                if at != "spinning" and landed and seen_spinning:
                    if own is not None and free.played != spin:
                        played, total, multiplier, status = own
                        free.spin(played, total - played, multiplier)
                        app.ctx.hud.say(status)
                        app.draw()
                    return
            if free is not None and free.phase != "intro" and free.total_spins < spin:
                raise CabinetError(f"--spin {spin}: scenario {number}'s free spins end after "
                                   f"{free.total_spins} spin{'s' if free.total_spins != 1 else ''}")
            continue
        win = app.stack.find(WinScene)
        if win is not None and ((win.phase == "cycle" and win.cycle_t > 0.3) or (win.tier and win.t > 1.6)
                                or (not win.loop and win.phase == "all" and win.t > 0.35)):  # a tumble's count
            return
    raise CabinetError("the scenario round did not reach a moment worth a picture")
