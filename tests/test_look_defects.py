"""The defects issue 36 listed, each checked on what is drawn (pixels at known places):
the SPIN button whole over feature backdrops and the boards' deck, one moon in Halloween's
free spins with no star over it, slime that ends above the card's title, no design odds on the
mummy panel, status words on a dark plate (readable on Lucky Christmas's snow), paytable pages
dealt evenly, and the boards' headers in front of the baskets flying in."""

from __future__ import annotations

import pygame
import pytest
from wcag import contrast, luminance

from cabinet.app import App, AppOptions
from cabinet.assets.ui import spooky_moon
from cabinet.presentation import atmosphere as atmosphere_module
from cabinet.presentation.atmosphere import HOLE, FeatureAtmosphere, moon_disc
from cabinet.presentation.status_line import PLATE_FILL, draw_status

SIZE = (1280, 720)


def make_app(defn) -> App:  # noqa: ANN001
    app = App(defn, AppOptions(size=SIZE, seed=1, headless=True))
    app.start()
    app.run_frames(2)
    return app


@pytest.mark.parametrize("game", ["halloween", "christmas", "riches"])
def test_a_feature_backdrop_leaves_the_risen_spin_button_whole(game, request) -> None:  # noqa: ANN001
    app = make_app(request.getfixturevalue(game))
    layout = app.ctx.layout
    backdrop = FeatureAtmosphere(app.ctx).pieces.backdrop  # type: ignore[union-attr]
    risen = [box for box in layout.buttons.values() if box.y < layout.deck.y]
    assert risen, "the SPIN button rises above the deck in this layout"
    for box in risen:
        top_centre = (box.x + box.w // 2, box.y + 3)  # inside the disc, above the deck's edge
        assert tuple(backdrop.get_at(top_centre))[:3] == HOLE  # a hole: the button shows through
        corner = (box.x + 1, box.y + 1)  # outside the disc: the feature's sky, not a square hole
        assert tuple(backdrop.get_at(corner))[:3] != HOLE


def test_halloween_free_spins_light_the_one_moon_and_no_star_crosses_it(halloween) -> None:  # noqa: ANN001
    app = make_app(halloween)
    atmosphere = FeatureAtmosphere(app.ctx)
    backdrop = atmosphere.pieces.backdrop  # type: ignore[union-attr]
    w, h = SIZE
    cx, cy, r = spooky_moon(w, h)
    lit = backdrop.get_at((cx, cy + r // 2))  # the background's moon, lit by the feature's moon
    assert luminance(tuple(lit)) > 0.35
    old = (app.ctx.layout.reel_frame.x // 2, int(h * 0.2))  # where a second moon used to hang
    assert luminance(tuple(backdrop.get_at(old))) < 0.1
    # every star over the backdrop keeps off the moon's face
    mx, my, mr = moon_disc(w, h)
    surface = pygame.Surface(SIZE)
    for p in atmosphere.back:
        p.x, p.y = mx, my  # all of them on the moon's centre...
    surface.fill((0, 0, 0))
    atmosphere.draw_backdrop(surface)
    plain = pygame.Surface(SIZE)
    plain.fill((0, 0, 0))
    atmosphere.back = []
    atmosphere.draw_backdrop(plain)
    assert surface.get_at((mx, my)) == plain.get_at((mx, my))  # ...and none drawn


def test_slime_drips_end_above_the_cards_title() -> None:
    card = pygame.Surface((800, 300), pygame.SRCALPHA)
    inner = pygame.Rect(20, 20, 760, 260)
    style = atmosphere_module.style_for("halloween")
    atmosphere_module._drip_trim(card, inner, style, 1.0)
    title_top = inner.y + inner.h * 24 // 100 - 14  # the title's first line sits at 24-25% of the card
    for x in range(inner.x, inner.right):
        assert card.get_at((x, title_top))[3] == 0, f"a drip reaches the title at x={x}"


def test_the_mummy_panel_shows_no_design_odds(halloween) -> None:  # noqa: ANN001
    from cabinet.presentation.mechanics.panel_door.view import MummyPanel

    app = make_app(halloween)
    feature = next(f for f in halloween.features if getattr(f, "name", "") == "mummy_panel")
    view = MummyPanel(app.ctx, feature)
    view.fill(1, 1, 149, [])
    assert view.chance == "1 IN 150"  # the figure is known (the INFO rules print it)...
    assert view.chance_line == ""  # ...and kept off the panel (chance: "" in the game's texts)


def test_status_words_sit_on_a_dark_plate_readable_on_snow(christmas) -> None:  # noqa: ANN001
    app = make_app(christmas)
    ctx = app.ctx
    where = ctx.layout.status
    snow = pygame.Surface(SIZE)
    snow.fill((245, 248, 255))
    draw_status(ctx, snow, "PRESS SPIN TO PLAY", where)
    words = ctx.text.fit("PRESS SPIN TO PLAY", ctx.layout.fonts.status, where.w - where.h, (0, 0, 0))
    left_of_words = (where.center[0] - words.get_width() // 2 - 3, where.center[1])
    plate = tuple(snow.get_at(left_of_words))
    assert luminance(plate) < 0.05  # the plate, not the snow
    from cabinet.presentation.style import PALE_GOLD

    assert contrast(PALE_GOLD, plate) >= 4.5  # WCAG AA for the status words
    assert PLATE_FILL[3] >= 160


def test_paytable_pages_are_dealt_evenly(retro, riches, christmas) -> None:  # noqa: ANN001
    from cabinet.presentation.scenes.info import InfoScene

    for defn in (retro, riches, christmas):
        app = make_app(defn)
        info = InfoScene(app.ctx)
        app.stack.push(info)
        app.run_frames(3)
        pages = [heading for heading in info.headings if heading.startswith("PAYTABLE")]
        dealt = info.dealt_pages
        assert len(dealt) == len(pages) >= 2
        counts = [len(page) for page in dealt]
        assert max(counts) - min(counts) <= 2, (defn.name, counts)  # no last page of one card
