"""The free spins intro's CONTINUE button (Halloween Wins 3: "A Continue button starts the
feature. If nobody presses it for a set time, the feature starts on its own"): the
timeout to the frame, a click on the button's box, SPIN and CONFIRM, MENU opening the
menu (the countdown paused under it), the button and its draining countdown at known
pixels in both hands; and a game without ``continue_after_seconds`` as it was."""

from __future__ import annotations

import pygame
import pytest

from cabinet.app import FPS, App, AppOptions
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.mechanics.free_spins.view import INTRO_TIME, FreeSpinsScene, continue_colours
from cabinet.presentation.scenes.menu import MenuScene

SIZE = (1280, 720)


def at_the_intro(defn, scenario: str = "free spins with a retrigger", left_hand: bool = False,  # noqa: ANN001
                 size: tuple[int, int] = SIZE) -> tuple[App, FreeSpinsScene]:
    """A session whose forced round has just put the free spins intro on screen."""
    app = App(defn, AppOptions(size=size, seed=5, headless=True, left_hand=left_hand))
    app.start()
    script = next(s.script for s in defn.scenarios if s.name == scenario)
    assert app.base.start_round(script=tuple(script))
    for _ in range(6000):
        app.run_frames(1)
        free = app.stack.find(FreeSpinsScene)
        if free is not None:
            assert free.phase == "intro"
            return app, free
    raise AssertionError("the free spins intro never came")


def classic_intro(classic) -> tuple[App, FreeSpinsScene]:  # noqa: ANN001
    """Classic Fruits' free spins (no Continue button), from the first seed that starts them."""
    from cabinet.core.bet import default_bet
    from cabinet.core.rng import derive_seed
    from cabinet.core.round import RoundRequest, play_round

    bet = default_bet(classic)
    index = next(i for i in range(300) if play_round(classic, RoundRequest(bet, derive_seed(1, i))).features)
    app = App(classic, AppOptions(size=(640, 360), seed=1, headless=True))
    app.start()
    for _ in range(index):
        app.session.begin_round()
        app.session.finish_round()
    app.press([Press(Button.SPIN)])
    for _ in range(6000):
        app.run_frames(1)
        if (free := app.stack.find(FreeSpinsScene)) is not None:
            return app, free
    raise AssertionError("no free spins")


def screen(app: App) -> pygame.Surface:
    app.draw()
    return app.screen


def close(colour: pygame.Color, expected: tuple[int, int, int], tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], expected, strict=True))


def test_the_feature_starts_by_itself_after_continue_after_seconds_not_a_frame_before(halloween) -> None:  # noqa: ANN001
    wait = halloween.feature("free_spins").continue_after_seconds
    assert wait == 10
    app, free = at_the_intro(halloween)
    frames = int(wait * FPS)
    assert free.seconds_left == 10
    app.run_frames(frames // 2)
    assert free.phase == "intro" and free.seconds_left == 5  # the countdown on the button
    app.run_frames(frames // 2 - 1)
    assert free.phase == "intro" and free.seconds_left == 1  # one frame before the time is up
    app.run_frames(1)
    assert free.phase == "running" and free.hit_regions() == []  # the button went with the intro


def test_a_click_on_the_button_starts_the_feature_and_a_click_beside_it_does_not(halloween) -> None:  # noqa: ANN001
    app, free = at_the_intro(halloween)
    regions = app.stack.hit_regions()
    box = free.continue_box()
    assert regions[0] == (box, Press(Button.CONFIRM))  # the topmost region: the button
    card = app.ctx.layout.banner
    beside = (card.x + card.w // 10, box.center[1])  # on the card, left of the button
    assert not box.contains(*beside)
    app.pump_input([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=beside, button=1)])
    app.run_frames(1)
    assert free.phase == "intro"
    app.pump_input([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=box.center, button=1)])  # through the adapter
    assert free.phase == "running"
    app.run_frames(1)
    assert not any(b == box for b, _ in app.stack.hit_regions())  # the button has gone with the intro


@pytest.mark.parametrize("button", [Button.SPIN, Button.CONFIRM])
def test_spin_and_confirm_start_the_feature(halloween, button: Button) -> None:  # noqa: ANN001
    app, free = at_the_intro(halloween)
    app.press([Press(Button.BET_PLUS), Press(Button.AUTOPLAY), Press(Button.TAP, pos=(3, 3))])  # do nothing here
    app.run_frames(1)
    assert free.phase == "intro"
    app.press([Press(button)])
    assert free.phase == "running"


def test_menu_opens_the_menu_not_the_feature_and_the_countdown_waits_under_it(halloween) -> None:  # noqa: ANN001
    app, free = at_the_intro(halloween)
    app.run_frames(2 * FPS)
    left = free.seconds_left
    t = free.t
    app.press([Press(Button.MENU)])
    assert isinstance(app.stack.top, MenuScene) and free.phase == "intro"
    app.run_frames(15 * FPS)  # longer than the whole countdown: the game is paused under the menu
    assert free.phase == "intro" and free.t == t and free.seconds_left == left
    assert all(p.button != Button.CONFIRM for _, p in app.stack.hit_regions())  # only the menu's
    app.press([Press(Button.CLOSE)])
    app.run_frames(1)
    assert app.stack.top is free and free.phase == "intro"
    app.press([Press(Button.BACK, key=pygame.K_ESCAPE)])  # Escape opens the menu here, as on the game
    assert isinstance(app.stack.top, MenuScene)
    app.press([Press(Button.BACK)])
    app.run_frames(1)
    app.run_frames(int((free.intro_time - free.t) * FPS) + 1)  # then the rest of the time runs out
    assert free.phase == "running"


def test_the_button_and_its_countdown_are_drawn_where_they_are(halloween) -> None:  # noqa: ANN001
    app, free = at_the_intro(halloween)
    app.run_frames(FPS)  # 9 s left: most of the ring lit
    box, ring = free.continue_box(), free.timer_box()
    card = app.ctx.layout.banner
    assert card.x < box.x and box.right < card.right and card.center[1] < box.y and box.bottom < card.bottom
    assert ring.right < box.center[0]  # right-handed: the countdown left of the label
    shot = screen(app)
    top, bottom = continue_colours(free.atmosphere.style.rim)
    middle = tuple((a + b) // 2 for a, b in zip(top, bottom, strict=True))
    face = shot.get_at((box.right - box.h // 2, box.center[1]))  # the pill's face past the label
    assert close(face, middle)
    assert not close(shot.get_at((box.center[0], box.y - box.h // 3)), middle)  # above it: the card
    r = ring.w // 2
    cx, cy = ring.center
    lit = free.atmosphere.style.title
    band = r - 1 - max(3, r // 4) // 2  # the middle of the ring's band
    assert free.seconds_left == 9
    assert close(shot.get_at((cx - band, cy)), lit, 12)  # 3/4 of the way round: still lit at 9 s left
    inner = [shot.get_at((cx + dx, cy + dy)) for dx in range(-r // 3, r // 3) for dy in range(-r // 3, r // 3)]
    assert any(min(c[:3]) > 230 for c in inner)  # the seconds, in white, inside the ring
    app.run_frames(7 * FPS)  # 2 s left: the ring has drained past that point
    shot = screen(app)
    assert free.seconds_left == 2
    assert close(shot.get_at((cx - band, cy)), (84, 62, 108), 12)  # the empty track
    assert close(shot.get_at((cx + 1, cy - band)), lit, 12)  # just past the top: the time still left


def test_left_handed_the_countdown_sits_right_of_the_label(halloween) -> None:  # noqa: ANN001
    app, free = at_the_intro(halloween, left_hand=True)
    box, ring, label = free.continue_box(), free.timer_box(), free.label_box()
    assert ring.x > box.center[0] and label.right <= ring.x and box.contains(*ring.center)
    shot = screen(app)
    top, bottom = continue_colours(free.atmosphere.style.rim)
    middle = tuple((a + b) // 2 for a, b in zip(top, bottom, strict=True))
    assert close(shot.get_at((box.x + box.h // 2, box.center[1])), middle)  # the face where the ring was
    assert close(shot.get_at((ring.center[0] - ring.w // 2 + 1 + max(3, ring.w // 8) // 2, ring.center[1])),
                 free.atmosphere.style.title, 12)  # the ring, lit, at the right


@pytest.mark.parametrize("size", [(1920, 1080), (720, 1280)])
def test_the_button_fits_its_card_at_other_sizes(halloween, size: tuple[int, int]) -> None:  # noqa: ANN001
    app, free = at_the_intro(halloween, size=size)
    box, card = free.continue_box(), app.ctx.layout.banner
    assert card.x < box.x and box.right < card.right and box.bottom < card.bottom
    assert box.h >= 40  # a finger's worth
    label = free.label_box()
    assert app.ctx.text.fit_size("CONTINUE", max(10, box.h * 46 // 100), label.w) == max(10, box.h * 46 // 100)


def test_a_game_without_continue_after_seconds_keeps_its_short_intro(classic) -> None:  # noqa: ANN001
    app, free = classic_intro(classic)
    assert free.continue_after == 0 and not free.shows_continue and free.hit_regions() == []
    assert free.intro_time == INTRO_TIME
    app.run_frames(int(INTRO_TIME * FPS) + 1)
    assert free.phase == "running"  # by itself after the short default
    app2, free2 = classic_intro(classic)
    app2.press([Press(Button.TAP, pos=(5, 5))])  # and any press, as before
    assert free2.phase == "running"


def test_continue_starts_the_feature_under_a_running_autoplay_and_other_presses_stop_it(halloween) -> None:  # noqa: ANN001
    """Any press stops a running autoplay and does nothing else, but CONTINUE answers the card:
    it starts the feature at once and the autoplay plays on (before, the first press only
    stopped the autoplay and a second was needed)."""
    script = next(s.script for s in halloween.scenarios if s.name == "free spins with a retrigger")

    def intro_under_autoplay() -> tuple[App, FreeSpinsScene]:
        app = App(halloween, AppOptions(size=SIZE, seed=5, headless=True))
        app.start()
        assert app.base.autoplay.start() is None
        assert app.base.start_round(script=tuple(script))  # this round, forced, under the autoplay
        for _ in range(6000):
            app.run_frames(1)
            if (free := app.stack.find(FreeSpinsScene)) is not None:
                assert free.phase == "intro" and app.base.autoplay.running
                return app, free
        raise AssertionError("the free spins intro never came")

    app, free = intro_under_autoplay()
    app.press([Press(Button.SPIN)])
    assert free.phase == "running" and app.base.autoplay.running

    app, free = intro_under_autoplay()
    app.pump_input([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=free.continue_box().center, button=1)])
    assert free.phase == "running" and app.base.autoplay.running  # a touch on the button, the same

    app, free = intro_under_autoplay()
    app.press([Press(Button.INFO)])
    assert free.phase == "intro" and not app.base.autoplay.running  # a stray press: autoplay stopped, no INFO
    assert app.stack.top is free
    app.press([Press(Button.SPIN)])
    assert free.phase == "running"
