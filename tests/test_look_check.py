"""The look check (issue 36, item 6): every shipped game's screens rendered at 1280x720 and
failed on faults that can be measured:

- type under the floor size (the type renderer notes every string it draws: ``Text.record``);
- words of another game (another game's name on this game's screens);
- status words below WCAG AA contrast on what is under them;
- the SPIN button cut by a feature's backdrop;
- text over text: two strings whose ink crosses on one screen (``designer/text_boxes.py``
  follows each string through the blits to where it lands; an outline or shadow of the
  same words is one string, a label on its plate is no text under it).

Every picture of every shipped game's reference gallery is checked for the same faults where
it is rendered (tests/test_gallery.py, ``test_every_screen_passes_the_look_check``, with
``tests/look_faults.py``); any size's whole gallery for text over text by
``cabinet gallery GAME --out DIR --look --size WxH``. Each check is first shown to fail on a
planted fault (here), so a pass means something.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from wcag import contrast

from cabinet.app import App, AppOptions
from cabinet.core.loader import load_game
from cabinet.designer.shots import play_quietly
from cabinet.designer.text_boxes import following_text, overlaps
from cabinet.presentation.atmosphere import HOLE
from cabinet.presentation.scenes.info import InfoScene
from cabinet.presentation.style import PALE_GOLD
from cabinet.presentation.text import Text

SIZE = (1280, 720)
SHOUTED_WORDS = 5  # a string this many words long is a sentence, and not in capitals
HISTORY_ROWS = (r"#\d+ ", r"Bet .* win ", r"BET .* WIN ")  # the history list's two columns (older wording too)
FLOOR = 11  # px at 720 lines: no word on a player's screen is drawn smaller
GAMES = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "games").glob("*.yaml"))
PAGES = ("menu", "history", "bet_selector", "settings")


Crossing = tuple[str, str, str]  # the screen, two strings whose ink crosses on it


Drawn = tuple[App, list[tuple[str, int, str]], list[Crossing], list[tuple[str, int, str]]]


def rendered_words(game: str) -> Drawn:
    """Every string the game's idle screen, INFO pages and menus draw (their first frames),
    the strings that cross on each of those screens, and the history panel's strings."""
    with following_text():
        app = App(load_game(game), AppOptions(size=SIZE, seed=1, headless=True))
        app.start()
        play_quietly(app, 3)  # a few rounds: history has rows, the meters have moved
        return drawn_pages(app)


def drawn_pages(app: App) -> Drawn:
    crossings: list[Crossing] = []

    def look(screen_name: str) -> None:
        crossings.extend((screen_name, a, b) for a, b in overlaps(app.screen.boxes))

    record: list[tuple[str, int, str]] = []
    pages: dict[str, tuple[int, int]] = {}  # each panel's part of the record
    text = app.ctx.text
    text.record = record
    text._rendered.clear()  # noqa: SLF001  (drawn again, so every string is noted)
    text._glyphs.clear()  # noqa: SLF001
    app.run_frames(3)
    look("idle")
    info = InfoScene(app.ctx)
    app.stack.push(info)
    for page in range(len(info.headings)):
        info.page = page
        app.run_frames(2)
        look(info.headings[page])
    info.finished = True
    app.run_frames(2)
    for name in PAGES:
        scene = app.ctx.open(name)
        start = len(record)
        app.run_frames(4)
        look(name)
        pages[name] = (start, len(record))
        if scene is not None:
            scene.finished = True
        app.run_frames(2)
    text.record = None
    start, end = pages["history"]
    return app, record, crossings, record[start:end]


def shouted(record: list[tuple[str, int, str]]) -> list[str]:
    """Strings of SHOUTED_WORDS words or more without a small letter: a rule or a help line in
    capitals (a title or a label is shorter; sentence case reads as a sentence)."""
    return sorted({words for words, _s, _f in record
                   if len(re.findall(r"[A-Za-z]{2,}", words)) >= SHOUTED_WORDS and not re.search("[a-z]", words)})


def sizes_of_a_role(record: list[tuple[str, int, str]], role: str) -> set[int]:
    """The sizes the strings matching ``role`` (a pattern) are drawn at: one, if the role has one size."""
    return {size for words, size, _f in record if re.match(role, words)}


def too_small(record: list[tuple[str, int, str]]) -> list[tuple[str, int]]:
    return sorted({(words, size) for words, size, _face in record if words.strip() and size < FLOOR})


def foreign_words(game: str, record: list[tuple[str, int, str]]) -> list[tuple[str, str]]:
    """(string, the other game's name) for every string naming another shipped game."""
    own = load_game(game).name.upper()
    others = {load_game(g).name.upper() for g in GAMES if g != game} - {own}
    return sorted({(words, other) for words, _s, _f in record for other in others
                   if other in words.upper() and other not in own})


@pytest.fixture(scope="module", params=GAMES)
def rendered(request):  # noqa: ANN001, ANN201
    return request.param, *rendered_words(request.param)


def planted_screen() -> list[Crossing]:
    """A screen with every case of text on text: two strings crossing, an outline of one
    string, a label on its plate, a string hidden under a panel with another on the panel, a
    string hidden under a colour-keyed backdrop with another baked into it, and two strings
    crossing in the backdrop's hole."""
    with following_text():
        text = Text()
        screen = pygame.Surface(SIZE)
        screen.blit(text.render("TOTAL BET", 24, PALE_GOLD), (100, 100))
        screen.blit(text.render("WIN", 24, PALE_GOLD), (150, 104))  # over the bet's last letters
        screen.blit(text.render("SPIN", 30, PALE_GOLD, outline=True), (400, 100))
        screen.blit(text.render("SPIN", 30, (255, 255, 255)), (402, 102))  # its face over its outline
        plate = pygame.Surface((200, 60))
        plate.fill((40, 20, 60))
        plate.blit(text.render("BALANCE", 20, PALE_GOLD), (20, 20))
        screen.blit(plate, (600, 100))  # a label on a plate
        screen.blit(text.render("PRESS SPIN TO PLAY", 24, PALE_GOLD), (100, 300))
        panel = pygame.Surface((600, 200))
        panel.fill((20, 20, 20))
        panel.blit(text.render("MENU", 30, PALE_GOLD), (60, 40))
        screen.blit(panel, (60, 260))  # the panel hides the status line under it
        screen.blit(text.render("3 x 10 SPINS", 20, PALE_GOLD), (900, 150))  # a glass's row...
        backdrop = pygame.Surface((560, 600))  # ...under a feature's backdrop: opaque, a colour-keyed hole
        backdrop.fill((10, 20, 40))
        backdrop.fill(HOLE, (0, 300, 200, 200))  # where the reels show through
        backdrop.blit(text.render("STICKY REEL 4", 20, PALE_GOLD), (205, 52))  # the meter baked into it
        backdrop.set_colorkey(HOLE)
        screen.blit(text.render("FREE SPIN 1 OF 10", 20, PALE_GOLD), (720, 450))  # in the hole: still shown
        screen.blit(backdrop, (700, 100))
        screen.blit(text.render("WIN 5.00", 20, PALE_GOLD), (730, 455))  # drawn over the one in the hole
        return [("planted", a, b) for a, b in overlaps(screen.boxes)]


def test_the_checks_fail_on_planted_faults() -> None:
    assert planted_screen() == [("planted", "FREE SPIN 1 OF 10", "WIN 5.00"), ("planted", "TOTAL BET", "WIN")]
    paragraph = [("AN INTRO CARD WHEN THE GAME STARTS", 12, "body"), ("WIN CELEBRATIONS AND RTP", 19, "body"),
                 ("An intro card when the game starts", 12, "body")]
    assert shouted(paragraph) == ["AN INTRO CARD WHEN THE GAME STARTS"]
    rows = [("#12  02 JAN 12:00:00  CLASSIC FRUITS", 16, "body"), ("#11  02 JAN 12:00:00  A LONG NAME", 7, "body")]
    assert sizes_of_a_role(rows, HISTORY_ROWS[0]) == {16, 7}
    planted = [("PRESS SPIN TO PLAY", 8, "body"), ("PLAY LUCKY CHRISTMAS TOO", 14, "body")]
    assert too_small(planted) == [("PRESS SPIN TO PLAY", 8)]
    assert foreign_words("classic", planted) == [("PLAY LUCKY CHRISTMAS TOO", "LUCKY CHRISTMAS")]
    assert contrast(PALE_GOLD, (245, 248, 255)) < 4.5  # pale gold on snow: the fault the plate fixes


def test_no_word_is_drawn_under_the_floor_size(rendered) -> None:  # noqa: ANN001
    game, _app, record, _crossings, _history = rendered
    assert record, "nothing was noted: the check would pass on anything"
    assert too_small(record) == [], game


def test_rules_and_help_are_in_sentence_case(rendered) -> None:  # noqa: ANN001
    game, _app, record, _crossings, _history = rendered
    assert shouted(record) == [], game


def test_each_history_column_has_one_size(rendered) -> None:  # noqa: ANN001
    game, _app, _record, _crossings, history = rendered
    assert history, "the history panel drew nothing"
    for role in HISTORY_ROWS:
        assert len(sizes_of_a_role(history, role)) <= 1, (game, role, sizes_of_a_role(history, role))
    assert sizes_of_a_role(history, HISTORY_ROWS[0]), "no row was drawn: the check would pass on anything"


def test_no_text_is_drawn_over_other_text(rendered) -> None:  # noqa: ANN001
    game, app, _record, crossings, _history = rendered
    assert app.screen.boxes, "no string was followed to the screen: the check would pass on anything"
    assert crossings == [], game


def test_no_screen_carries_another_games_words(rendered) -> None:  # noqa: ANN001
    game, _app, record, _crossings, _history = rendered
    assert foreign_words(game, record) == []


def test_the_status_words_meet_wcag_aa_on_their_plate(rendered) -> None:  # noqa: ANN001
    game, app, _record, _crossings, _history = rendered
    ctx = app.ctx
    ctx.hud.status = "PRESS SPIN TO PLAY"
    app.run_frames(2)
    where = ctx.layout.status
    words = ctx.text.fit(ctx.hud.status, ctx.layout.fonts.status, where.w - where.h, PALE_GOLD)
    beside = (where.center[0] - words.get_width() // 2 - 3, where.center[1])  # the plate, just left of the words
    assert contrast(PALE_GOLD, tuple(app.screen.get_at(beside))) >= 4.5, game


def test_the_spin_button_is_never_cut_by_a_feature_backdrop(rendered) -> None:  # noqa: ANN001
    from cabinet.presentation.atmosphere import HOLE, FeatureAtmosphere

    game, app, _record, _crossings, _history = rendered
    layout = app.ctx.layout
    backdrop = FeatureAtmosphere(app.ctx).pieces.backdrop  # type: ignore[union-attr]
    for box in layout.buttons.values():
        if box.y < layout.deck.y:
            assert tuple(backdrop.get_at((box.x + box.w // 2, box.y + 3)))[:3] == HOLE, game


def planted_look_screen() -> pygame.Surface:
    """A 1280x720 screen with one of each fault tests/look_faults.py measures."""
    with following_text():
        text = Text()
        screen = pygame.Surface(SIZE)
        screen.fill((245, 248, 255))  # snow
        screen.blit(text.render("COIN VALUE", 7, PALE_GOLD), (40, 40))  # under the floor (11 at 720 lines)
        screen.blit(text.render("PLAY HAPPY RICHES TOO", 20, (20, 20, 20)), (40, 80))  # another game's name
        screen.blit(text.render("PRESS SPIN TO PLAY", 24, PALE_GOLD), (500, 600))  # pale gold on snow
        plate = pygame.Surface((300, 40))
        plate.fill((20, 10, 30))
        plate.blit(text.render("WIN 0.40", 24, PALE_GOLD), (10, 6))
        screen.blit(plate, (900, 600))  # on its dark plate: readable
        return screen


def test_each_look_fault_is_reported_on_a_screen_that_has_it() -> None:
    from look_faults import BUTTON_TOP_CHANGE, button_cut, foreign_words, low_contrast, too_small

    screen = planted_look_screen()
    assert too_small(screen) == [("COIN VALUE", 7)]
    assert foreign_words(screen, "Classic Fruits", {"Happy Riches", "Lucky Christmas"}) == [
        ("PLAY HAPPY RICHES TOO", "Happy Riches")]
    assert foreign_words(screen, "Happy Riches", {"Classic Fruits"}) == []  # its own name is fine
    status, win = (400, 590, 480, 50), (890, 590, 320, 60)
    assert [words for words, _ratio in low_contrast(screen, [status, win])] == ["PRESS SPIN TO PLAY"]
    # the SPIN button: whole on idle, cut flat at its top by a backdrop drawn over it
    idle = pygame.Surface(SIZE)
    idle.fill((30, 20, 50))
    button = (1100, 300, 120, 120)
    pygame.draw.circle(idle, (240, 200, 60), (1160, 360), 60)
    lit = idle.copy()
    pygame.draw.circle(lit, (250, 214, 80), (1160, 360), 60)  # the same button lit a little
    cut = idle.copy()
    cut.fill((90, 140, 200), (1000, 250, 300, 70))  # a feature's sky drawn over its top
    assert button_cut(idle, idle, button) == 0.0
    assert button_cut(lit, idle, button) <= BUTTON_TOP_CHANGE
    assert button_cut(cut, idle, button) > BUTTON_TOP_CHANGE
