"""The INFO FEATURES pages: every feature block of every shipped game described from its
parameters (amounts in the currency at the current bet, the Bonus Prizes premultiplied),
laid out on as many readable pages as it takes, with text at known places; and the
paytable's wild card naming only symbols that land on the reels."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

import pytest

from cabinet.app import App, AppOptions
from cabinet.core.bet import default_bet
from cabinet.core.definition import doc
from cabinet.core.loader import load_game
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.hud import GOLD
from cabinet.presentation.scenes.info import WHITE, InfoScene, feature_sections, pay_cards

GAMES = ("classic", "retro-reels-diamond-glitz", "happy-riches", "lucky-christmas", "halloween-wins-3",
         "happy-lucky-slot", "canyon-gold", "candy-peaks", "explorers-codex", "temple-of-storms", "coral-cascade")

# What each game's FEATURES pages must name: a heading per feature block, and what the block's
# parameters say (at the default bet: Halloween Wins 3 and Happy Lucky Slot play €1.00).
EXPECTED: dict[str, tuple[str, ...]] = {
    "classic": ("FREE SPINS", "3, 4 or 5 STAR symbols anywhere award 10, 12 or 15 free spins",
                "multiplied by 2"),
    "retro-reels-diamond-glitz": ("FREE SPINS", "RESPIN", "at most 440,000 coins", "respin any one reel"),
    "happy-riches": ("FREE SPINS", "(a Double counts 2)", "line win is multiplied by 3"),
    "lucky-christmas": ("FREE SPINS", "PROGRESS LEVELS", "STICKY WILD REELS", "LEVEL 5",
                        "Reel 3 turns into a sticky wild reel", "Wins pay both ways", "every 4 points"),
    "halloween-wins-3": (
        "EXPANDING WILDS", "expands to fill its whole reel",
        "MULTIPLIER WILDS", "x2, x3, x4, x6, x8, x10, x12 or x20",
        "DRACULA RESPIN", "A full DRACULA wild on reel 3", "reels 1, 2, 4 and 5",
        "ELECTRIC WHEEL", "RING 1", "RING 3", "MINI €10.00", "MINOR €20.00", "MAJOR €50.00", "ELECTRIC: TO RING 2",
        "MUMMY PANEL", "1 in 150", "1 in 15", "1 in 2",
        "HALLOWEEN GHOSTS MINIGAME", "COLLECTOR PUMPKIN", "reels 1 and 3", "MUMMY X", "€0.20 to €10.00",
        "The GRAND coin is worth €200.00", "resets the respins to 3",
        "FREE SPINS", "3 BONUS symbols on reels 1, 3 and 5 award 10 free spins", "x1, x2, x3 or x5",
        "add 5 more spins", "10x GUARANTEE", "(€10.00)", "4 extra free spins", "CONTINUE", "10 seconds"),
    "happy-lucky-slot": (
        "MYSTERY SYMBOLS", "KOI, LOTUS, PEACH, LANTERN, A, K, Q or J",
        "RESPIN FEATURE", "a GOLDEN BASKET counts 2", "4 boards", "8 respins", "+1 RESPIN adds 1 respin",
        "x2, x3, x5, x10 or x25", "prizes below 20 times the bet (€20.00)", "the MINI board only",
        "BONUS PRIZES", "GRAND €1,000.00", "MAJOR €100.00", "MINOR €30.00", "MINI €10.00", "no line pays"),
    "canyon-gold": ("GOLD RUSH FREE SPINS", "3, 4 or 5 GOLD NUGGET symbols anywhere award 10, 15 or 20 free spins",
                    "multiplied by 3", "add 10, 15 or 20 more spins", "(€3.75)"),
    "candy-peaks": ("SUGAR CLIMB FREE SPINS", "4, 5 or 6 CANDY STAR symbols anywhere award 12, 16 or 20 free spins",
                    "x1, x2, x3 or x5", "add 5, 8 or 10 more spins", "(€3.00)"),
    "explorers-codex": ("EXPEDITION FREE SPINS", "3 or more DESERT CODEX symbols anywhere award 10 free spins",
                        "THE CODEX SYMBOL", "EXPLORER, GOLDEN IDOL, COMPASS, SCARAB, A, K, Q, J or 10",
                        "2 for EXPLORER, GOLDEN IDOL and COMPASS; 3 for SCARAB, A, K, Q, J and 10",
                        "pays on every played line as if the reels were side by side"),
    "temple-of-storms": ("TUMBLE", "TEMPEST FREE SPINS", "4 or more THUNDERBOLT symbols anywhere award 13 free spins",
                         "3 or more THUNDERBOLT symbols add 5 more spins", "at most 5000 times the bet (€1,000.00)"),
    "coral-cascade": ("TUMBLE", "PEARL TIDE FREE SPINS",
                      "4, 5, 6 or 7 PEARL CLAM symbols anywhere award 13, 16, 20 or 25 free spins",
                      "3, 4, 5, 6 or 7 PEARL CLAM symbols add 5, 8, 10, 12 or 15 more spins", "(€1,000.00)"),
}


@pytest.fixture(scope="module", params=GAMES)
def game(request):  # noqa: ANN001, ANN201
    return request.param, load_game(request.param)


def open_info(defn, size: tuple[int, int] = (1280, 720)) -> tuple[App, InfoScene]:  # noqa: ANN001
    app = App(defn, AppOptions(size=size, seed=1, headless=True))
    app.start()
    app.press([Press(Button.INFO)])
    info = app.stack.top
    assert isinstance(info, InfoScene)
    return app, info


def feature_pages(info: InfoScene) -> list[int]:
    return [i for i, h in enumerate(info.headings) if h.startswith("FEATURES")]


def laid_out(info: InfoScene) -> str:
    """Every string the FEATURES pages draw, one line after another (a wrap is a space)."""
    return " ".join(line for page in info.feature_text for line in page)


def test_the_pages_name_every_feature_of_every_game(game) -> None:  # noqa: ANN001
    name, defn = game
    _app, info = open_info(defn)
    text = laid_out(info)
    for phrase in EXPECTED[name]:
        assert phrase in text, f"{name}: {phrase!r} not on the FEATURES pages"
    assert "no bonus features" not in text
    headings = {h for page in info.feature_text for h in page if h.isupper()}
    sections = feature_sections(defn, info.ctx.session.bet)
    assert len(sections) == len(defn.features) + 1  # one per block, then the win tiers and the RTP
    for section in sections:  # each section's heading is laid out as a line of its own
        assert section.heading in headings
    assert "RTP" in text and "BIG WIN" in text
    pages = feature_pages(info)
    assert len(pages) == len(info.feature_text) and pages == list(range(pages[0], pages[0] + len(pages)))
    if len(pages) > 1:
        assert [info.headings[i] for i in pages] == [f"FEATURES {k + 1} OF {len(pages)}" for k in range(len(pages))]


@pytest.mark.parametrize("size", [(1280, 720), (720, 1280)])
def test_every_line_fits_its_page_at_a_readable_size(game, size: tuple[int, int]) -> None:  # noqa: ANN001
    _name, defn = game
    _app, info = open_info(defn, size)
    content = info.content
    for page in info.feature_boxes:
        assert page
        for what, box in page:
            assert 0 <= box.x and box.right <= content.w and 0 <= box.y and box.bottom <= content.h, what
            if not what.startswith("<"):
                assert box.h >= 15, what  # the body type is never shrunk to fit: the pages go on instead


def test_amounts_follow_the_bet_and_the_bonus_prizes_are_premultiplied() -> None:
    defn = load_game("happy-lucky-slot")
    app, info = open_info(defn)
    assert app.session.bet.total == 100  # €1.00
    assert "GRAND €1,000.00" in laid_out(info)
    info.close()
    app.run_frames(1)
    app.press([Press(Button.BET_PLUS)])
    bet = app.session.bet
    assert bet.total > 100
    app.press([Press(Button.INFO)])
    info = app.stack.top
    assert isinstance(info, InfoScene)
    text = laid_out(info)
    grand = app.ctx.money(1000 * bet.total)
    assert f"GRAND {grand}" in text and "GRAND €1,000.00" not in text
    assert f"MINI {app.ctx.money(10 * bet.total)}" in text
    assert f"prizes below 20 times the bet ({app.ctx.money(20 * bet.total)})" in text


def test_the_text_is_drawn_where_it_is_laid_out() -> None:
    defn = load_game("halloween-wins-3")
    app, info = open_info(defn)
    first = feature_pages(info)[0]
    info.page = first
    app.run_frames(1)
    app.draw()
    shot = app.screen
    content = info.content
    boxes = dict(info.feature_boxes[0])
    heading = boxes["EXPANDING WILDS"]  # the first block's heading, in gold
    gold = sum(1 for x in range(heading.x, heading.right) for y in range(heading.y, heading.bottom)
               if tuple(shot.get_at((content.x + x, content.y + y)))[:3] == GOLD)
    assert gold > heading.w  # solid strokes of the gold heading
    art = boxes["<XWILD>"]  # the Expanding Wild's art beside it, left of the text column
    assert art.right < heading.x and art.y <= heading.y
    body = next(box for what, box in info.feature_boxes[0] if what.startswith("An EXPANDING WILD"))
    white = sum(1 for x in range(body.x, body.right) for y in range(body.y, body.bottom)
                if tuple(shot.get_at((content.x + x, content.y + y)))[:3] == WHITE)
    assert white > body.w // 2  # the body text, in white, on its line
    bottom = max(box.bottom for _, box in info.feature_boxes[0])
    below = [shot.get_at((content.x + x, content.y + y)) for x in range(0, content.w, 3)
             for y in range(bottom + 4, content.h, 3)]
    assert below and max(max(c[:3]) for c in below) < 140  # under the last line: the bare panel
    beside = [shot.get_at((content.x + x, content.y + heading.y + heading.h // 2)) for x in range(art.right + 2, heading.x - 2)]
    assert beside and all(max(c[:3]) < 140 for c in beside)  # between the art and the text column


def test_a_block_the_page_does_not_know_says_what_its_parameters_say() -> None:
    @dataclass(frozen=True)
    class Toy:
        type: Literal["toy_bonus"] = doc("a toy feature that doubles nothing", default="toy_bonus")
        name: str = doc("feature name", default="lucky_toy")

    defn = dataclasses.replace(load_game("classic"), features=(Toy(),))
    (toy, general) = feature_sections(defn, default_bet(defn))
    assert toy.heading == "LUCKY TOY" and toy.paras[0].text == "A toy feature that doubles nothing."
    bare = dataclasses.replace(defn, features=())
    assert feature_sections(bare, default_bet(bare))[0].text.endswith("This game has no bonus features.")


def test_the_halloween_wild_card_lists_only_symbols_that_land_beside_it() -> None:
    defn = load_game("halloween-wins-3")
    cards = {card.symbols[0]: card for card in pay_cards(defn, default_bet(defn))}
    for wild in ("WILD", "XWILD", "MWILD", "DRACULA"):
        (note,) = [n for n in cards[wild].notes if n.startswith("SUBSTITUTES")]
        assert note == "SUBSTITUTES FOR EVERY SYMBOL EXCEPT BONUS, SCATTER, FRANKENSTEIN, MUMMY."
        assert "GHOST" not in note and "MUMMY X" not in note and "MINOR" not in note and "COLLECTOR" not in note
    on_reels = {sid for strips in defn.reels.values() for strip in strips for sid in strip}
    assert {"BONUS", "SCATTER", "FRANKENSTEIN", "MUMMY"} <= on_reels
    assert not {"HG_GHOST", "MUMMY_X", "MINOR", "MAJOR", "GRAND", "HG_PUMPKIN"} & on_reels
    assert "GHOST" in cards and cards["GHOST"].rows  # the paying Ghost, which the wild does stand in for


def test_the_pages_are_rebuilt_for_a_new_window_size() -> None:
    defn = load_game("halloween-wins-3")
    app, info = open_info(defn)
    wide = len(feature_pages(info))
    app.ctx.relayout((720, 1280))
    app.run_frames(1)
    tall = len(feature_pages(info))
    assert tall < wide  # a portrait page holds more lines
    assert all(box.right <= info.content.w for page in info.feature_boxes for _, box in page)
