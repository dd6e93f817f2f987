"""INFO: paytable and rules pages generated from the YAML, for the current bet; page
navigation with the arrows and the centre button back to the game (issues 5 and 6)."""

from __future__ import annotations

from fractions import Fraction

import pygame
from screen_helpers import make_app

from cabinet.core.bet import Bet
from cabinet.core.money import format_money
from cabinet.machine.buttons import Button, Press
from cabinet.presentation import bet_panel
from cabinet.presentation.scenes.info import InfoScene, pay_cards

SMALL = (640, 360)


def eur(amount: int) -> str:
    return format_money(amount, "EUR", 2)


def test_doubles_are_listed_with_counts_3_to_10_at_the_bet_level(riches) -> None:  # noqa: ANN001
    cards = {c.symbols[0]: c for c in pay_cards(riches, Bet(30, 3, 2))}  # level 3, coin 0.02
    ingot = cards["INGOT"]
    assert ingot.symbols == ("INGOT", "INGOT2")  # the Double shown with the symbol it pays as
    assert [n for n, _, _ in ingot.rows] == [str(n) for n in range(10, 2, -1)]
    ten = riches.pays["INGOT"][10]
    assert ingot.rows[0] == ("10", str(ten * 3), eur(int(ten * 3 * 2)))  # coins = pays x level; currency x coin
    three = riches.pays["INGOT"][3]
    assert ingot.rows[-1] == ("3", str(three * 3), eur(int(three * 3 * 2)))
    assert "INGOT2" not in cards and "FS2" not in cards  # Doubles have no card of their own
    fs = cards["FS"]
    assert fs.symbols == ("FS", "FS2") and fs.rows[0] == ("8", "100x BET", eur(100 * 180))  # x the total bet 1.80
    assert any("REELS 2, 3, 4" in note for note in fs.notes)
    assert any("EXCEPT" in note for note in cards["WILD"].notes) and cards["WILD"].rows == ()


def test_the_pays_shown_follow_the_bet_level(riches) -> None:  # noqa: ANN001
    app = make_app(riches)
    app.press([Press(Button.INFO)])
    low = app.stack.top
    assert isinstance(low, InfoScene)
    assert low._pay_lines("DRAGON")[0] == f"5  {riches.pays['DRAGON'][5]} COINS  {eur(int(riches.pays['DRAGON'][5]))}"
    page_at_level_1 = pygame.image.tobytes(low.pages[0], "RGBA")
    app.press([Press(Button.CLOSE)])
    app.run_frames(1)
    for _ in range(4):
        app.press([Press(Button.ITEM, bet_panel.LEVEL_UP)])
    assert app.session.bet.coins_per_line == 5
    app.press([Press(Button.INFO)])
    high = app.stack.top
    dragon = riches.pays["DRAGON"][5] * 5
    assert high._pay_lines("DRAGON")[0] == f"5  {dragon} COINS  {eur(int(dragon))}"
    assert pygame.image.tobytes(high.pages[0], "RGBA") != page_at_level_1  # the page is drawn for the level


def test_scatter_pays_are_multiples_of_the_total_bet(retro) -> None:  # noqa: ANN001
    bet = Bet(10, 4, 5)  # 10 lines x 4 coins x 0.05 = 2.00
    cards = {c.symbols[0]: c for c in pay_cards(retro, bet)}
    best = max(retro.pays["BONUS"])
    x = retro.pays["BONUS"][best]
    assert cards["BONUS"].rows[0] == (str(best), f"{x}x BET", eur(int(Fraction(x) * 200)))
    diamond = retro.pays["DIAMOND"][5]
    assert cards["DIAMOND"].rows[0] == ("5", str(diamond * 4), eur(int(diamond * 4 * 5)))


def test_pages_turn_with_the_arrows_and_the_centre_button_returns(retro) -> None:  # noqa: ANN001
    app = make_app(retro)
    app.press([Press(Button.INFO)])
    info = app.stack.top
    assert isinstance(info, InfoScene)
    n = len(info.pages)
    assert info.headings[0].startswith("PAYTABLE") and "PAYLINES" in info.headings
    assert any(h.startswith("FEATURES") for h in info.headings)  # "FEATURES", or "FEATURES 1 OF 2"
    assert info.headings[-1].startswith("RULES") and n == len(info.headings) >= 5
    regions = {p.button: box for box, p in app.stack.hit_regions()}
    left, centre, right = info.nav_boxes()
    assert regions[Button.LEFT] == left and regions[Button.RIGHT] == right and regions[Button.CLOSE] == centre
    app.press([Press(Button.RIGHT), Press(Button.RIGHT)])
    assert info.page == 2
    app.press([Press(Button.LEFT), Press(Button.LEFT), Press(Button.LEFT)])
    assert info.page == n - 1  # wraps round to the last page
    app.press([Press(Button.RIGHT)])
    assert info.page == 0
    app.run_frames(1)
    dot_y = centre.y - info.dot_radius() * 3
    assert tuple(app.screen.get_at((centre.center[0] - (n - 1) * info.dot_radius() * 3 // 2, dot_y)))[:3] == \
        (236, 196, 92)  # the first page's dot is lit
    app.press([Press(Button.CLOSE, pos=centre.center)])  # the centre button
    app.run_frames(1)
    assert app.stack.top is app.base
    app.press([Press(Button.INFO), Press(Button.SPIN)])  # the pad's A is the centre button too
    app.run_frames(1)
    assert app.stack.top is app.base and app.session.rounds == 0


def test_the_rules_pages_carry_the_yaml_rules_text(riches) -> None:  # noqa: ANN001
    app = make_app(riches)
    app.press([Press(Button.INFO)])
    info = app.stack.top
    words = " ".join(" ".join(line[2:] for line in lines) for lines in info.rule_lines)  # without "- "
    words = " ".join(words.split())
    for rule in riches.rules:
        assert " ".join(rule.split()) in words
    assert len(info.rule_lines) == sum(h.startswith("RULES") for h in info.headings)


def test_the_paytable_and_rules_tabs_jump_to_each_section(riches) -> None:  # noqa: ANN001
    """The rule sheet's two buttons, "see the rules" and "see the earnings table": INFO opens on the
    paytable, and its PAYTABLE and RULES tabs (a click, a touch or ITEM 0/1) jump to either."""
    app = make_app(riches)
    app.press([Press(Button.INFO)])
    info = app.stack.top
    assert isinstance(info, InfoScene) and info.page == 0 and info.section_of(0) == "PAYTABLE"
    tabs = info.tab_boxes()
    regions = [(box, p) for box, p in app.stack.hit_regions() if p.button == Button.ITEM]
    assert regions == [(tabs[0], Press(Button.ITEM, 0)), (tabs[1], Press(Button.ITEM, 1))]
    assert not tabs[0].overlaps(tabs[1]) and all(info.ctx.layout.panel.contains(*t.center) for t in tabs)
    first_rules = info.headings.index(next(h for h in info.headings if h.startswith("RULES")))
    app.press([Press(Button.ITEM, 1)])
    assert info.page == first_rules and info.headings[info.page].startswith("RULES")
    app.run_frames(1)
    lit = tuple(app.screen.get_at((tabs[1].center[0], tabs[1].y + 1)))[:3]
    unlit = tuple(app.screen.get_at((tabs[0].center[0], tabs[0].y + 1)))[:3]
    assert lit != unlit  # the open section's tab is lit
    app.press([Press(Button.RIGHT), Press(Button.ITEM, 0)])
    assert info.page == 0
    app.press([Press(Button.CLOSE)])
    app.run_frames(1)
    rules = InfoScene(app.ctx, section="rules")  # opened straight on the rules
    assert rules.page == first_rules
