"""The attract show, headless: it starts after the idle time, shows DEMO, the game's name and
the prompt, plays the scenario deck, ends on any input (which does nothing else), and never
touches the real ledger files, meters or history."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pygame
import pytest

from cabinet.app import AppOptions
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.demo import DemoSession, attract_deck
from cabinet.kiosk.shell import Shell, ShellOptions
from cabinet.machine.buttons import Button, Press

SMALL = (640, 360)
IDLE = 5.0  # the config's minimum


@pytest.fixture(scope="module")
def entries():  # noqa: ANN201
    found, problems = load_entries()
    assert not problems
    return found


def kiosk(entries, data_dir: Path | None, lobby: bool = False, **options: object) -> Shell:  # noqa: ANN001
    games = entries if lobby else [e for e in entries if e.id == "classic"]
    shell = Shell(games, AppOptions(size=SMALL, seed=4, headless=True, data_dir=data_dir),
                  ShellOptions(lobby=lobby, attract=True, idle_seconds=IDLE, kiosk=True,
                               log_path=data_dir / "kiosk.log" if data_dir else None, **options))
    shell.start()
    return shell


def files(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def finish(shell: Shell) -> None:
    for _ in range(20_000):
        if not shell.app.base.in_round:
            return
        shell.run_frames(1, draw_every=10)
    raise AssertionError("the round did not finish")


def test_the_deck_is_every_scenario_with_a_random_spin_after_each(entries) -> None:  # noqa: ANN001
    classic = next(e.defn for e in entries if e.id == "classic")
    deck = attract_deck(classic)
    assert deck == tuple(x for s in classic.scenarios for x in (tuple(s.script), ()))
    session = DemoSession(classic)
    dealt = []
    for _ in range(2):
        dealt.append(session.begin_round())
        session.finish_round()
    assert dealt[0].request.script == tuple(classic.scenarios[0].script) and "free_spins" in dealt[0].features
    assert dealt[1].request.script == ()  # a random spin is the demo's own seed


def test_attract_never_touches_the_real_ledger_meters_or_history(entries, tmp_path: Path) -> None:  # noqa: ANN001
    shell = kiosk(entries, tmp_path)
    app = shell.app
    session = app.session
    app.press([Press(Button.SPIN)])  # one real round, so history and meters hold something
    finish(shell)
    shell.run_frames(2)
    before = files(tmp_path)
    assert any(name.startswith("history") for name in before)
    credits, meters = session.credits, session.meters
    history = list(session.history)
    last = session.last_record

    shell.run_frames(10_000, draw_every=25)

    assert shell.attract is not None and shell.attract_shows == 1
    demo = shell.attract.demo
    assert demo.rounds >= 5 and demo.session is not session  # free spins take a while to show
    assert {"free_spins"} <= {f for r in demo.session.history for f in r.features}  # it showed the feature
    assert any(r.request.forced for r in demo.session.history)
    after = {k: v for k, v in files(tmp_path).items() if k != "kiosk.log"}
    assert after == {k: v for k, v in before.items() if k != "kiosk.log"}
    assert session.credits == credits and session.meters == meters and session.history == history
    assert session.last_record == last and app.session is session

    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    shell.run_frames(2)
    assert shell.attract is None
    assert session.rounds == 1  # the press that ended the show did not spin
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    shell.run_frames(2)
    assert session.rounds == 2 and session.credits < credits  # play goes on, on the real ledger


def test_a_show_woken_mid_feature_lets_the_feature_music_go(entries) -> None:  # noqa: ANN001
    """The demo's free spins take the game's feature loop (its audio is the game's); the waking
    press ends the show, the show's ``on_exit`` closes its demo, the scene lets the loop go."""
    from cabinet.presentation.audio import FEATURE_TRACK, THEME_TRACK
    from cabinet.presentation.mechanics.free_spins.view import FreeSpinsScene

    shell = kiosk(entries, None)
    audio = shell.app.ctx.audio
    for _ in range(20_000):
        if shell.attract is not None and shell.attract.demo.stack.find(FreeSpinsScene) is not None:
            break
        shell.run_frames(1, draw_every=25)
    demo = shell.attract.demo
    assert audio.track == FEATURE_TRACK
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    shell.run_frames(2)
    assert shell.attract is None and len(demo.stack) == 0 and audio.track == THEME_TRACK


def test_the_show_says_demo_names_the_game_and_prompts(entries) -> None:  # noqa: ANN001
    shell = kiosk(entries, None)
    shell.run_frames(int(IDLE * 60) - 2)
    assert shell.attract is None
    shell.run_frames(3)
    assert shell.attract is not None
    shell.run_frames(20)
    screen = shell.screen
    band, badge = shell.attract._pieces(screen.get_size())
    x0, y0 = shell.attract.badge_pos(screen.get_size())
    assert screen.get_at((x0 + badge.get_width() // 2, y0 + 1))[:3] == (255, 214, 120)  # the badge's rim
    assert screen.get_at((x0 + 5, y0 + badge.get_height() // 2))[:3] == (200, 24, 40)  # its red
    gold_rule = screen.get_at((SMALL[0] // 2 + 3, SMALL[1] - band.get_height()))[:3]
    assert gold_rule == (236, 196, 92)
    assert shell.attract.name == "Classic Fruits"


@pytest.mark.parametrize("size", [SMALL, (1920, 1080), (720, 1280)])
def test_the_demo_badge_hides_nothing_the_demo_shows(entries, size: tuple[int, int]) -> None:  # noqa: ANN001
    """The badge sits in the bottom band (opaque over the deck, so the demo's balance cannot be
    taken for the player's), clear of the free-spins counter, the multiplier and the reels."""
    shell = kiosk(entries, None)
    shell.start_attract()
    show = shell.attract
    show.relayout(size)
    band, badge = show._pieces(size)
    x, y = show.badge_pos(size)
    rect = pygame.Rect(x, y, badge.get_width(), badge.get_height())
    layout = show.demo.ctx.layout
    for name in ("counter_badge", "multiplier_badge", "reel_frame", "logo"):
        area = pygame.Rect(getattr(layout, name))
        assert not rect.colliderect(area), f"the DEMO badge covers the {name} at {size}"
    assert rect.top >= size[1] - band.get_height() and rect.bottom <= size[1]
    assert band.get_at((band.get_width() // 2, band.get_height() // 2)).a == 255
    assert size[1] - band.get_height() <= layout.deck.y  # the whole deck (the demo's balance) is covered
    assert rect.w < size[0] // 3  # a badge, not a billboard, in portrait too


def test_no_show_while_a_round_plays_and_the_idle_time_restarts_after_input(entries) -> None:  # noqa: ANN001
    shell = kiosk(entries, None)
    shell.run_frames(int(IDLE * 60) - 30)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=0))  # any key, even unbound
    shell.run_frames(1)
    assert shell.idle_time == 0.0
    shell.run_frames(int(IDLE * 60) - 30)
    assert shell.attract is None
    assert shell.app.base.autoplay.start() is None  # nobody at the cabinet, but it is playing: no show
    shell.run_frames(int(IDLE * 60) * 2, draw_every=10)
    assert shell.attract is None and shell.app.session.rounds > 0


def test_the_lobby_show_plays_each_game_in_turn(entries) -> None:  # noqa: ANN001
    shell = kiosk(entries, None, lobby=True)
    shell.run_frames(int(IDLE * 60) + 2)
    show = shell.attract
    assert show is not None and show.name == entries[0].name
    for _ in range(200):
        if show.shown_games >= 2:
            break
        shell.run_frames(100, draw_every=50)
    assert show.shown_games >= 2 and show.name == entries[1].name
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5), touch=False))
    shell.run_frames(1)
    assert shell.attract is None and shell.lobby is not None and shell.app is None


def test_forced_scenarios_are_never_available_in_kiosk_or_attract(entries) -> None:  # noqa: ANN001
    games = [e for e in entries if e.id == "classic"]
    shell = Shell(games, AppOptions(size=SMALL, seed=4, headless=True, designer=True),
                  ShellOptions(lobby=False, attract=True, idle_seconds=IDLE, kiosk=True))
    shell.start()
    assert shell.app.designer is None  # a kiosk drops designer mode whatever it was asked
    for mod in (0, pygame.KMOD_LCTRL):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=mod))
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=mod))
        shell.run_frames(2)
    assert shell.app.session.rounds == 0
    shell.run_frames(int(IDLE * 60) + 2)
    assert shell.attract is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
    shell.run_frames(2)
    assert shell.attract is None and shell.app.session.rounds == 0  # F1 only woke the cabinet
