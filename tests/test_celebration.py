"""The celebration kit (issue 36, item 1): each theme's wordmarks, shower and counter plate, from
its theme.yaml or mixed from its palette, checked on what is drawn."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.assets.celebration import SHARED_HUES, default_particles, kit_for
from cabinet.assets.themes import THEMES, load_theme
from cabinet.core.loader import DefinitionError
from cabinet.presentation.celebration import (
    DEPTHS,
    Piece,
    Shower,
    ShowerArt,
    build_shower_art,
    draw_counter_plate,
    punch_scale,
)

ROOT = Path(__file__).resolve().parent.parent
GROVE = ROOT / "tests" / "new_game" / "sprites"


def test_every_shipped_theme_has_its_own_wordmarks_and_pieces() -> None:
    faces = {}
    for name, theme in THEMES.items():
        kit = kit_for(theme)
        faces[name] = kit.faces["big"]
        for tier in ("big", "mega", "epic"):  # the kit's wordmark drawn for the theme
            assert (ROOT / "sprites" / name / "fx" / f"win_banner_{tier}.png").is_file()
        ids = {s.id for s in theme.symbols}
        assert any(p in ids for p in kit.particles), (name, kit.particles)  # its own shapes fly
    assert len(set(faces.values())) >= 5  # not one look for every theme


def test_a_theme_without_a_kit_gets_one_from_its_palette_and_symbols() -> None:
    grove = load_theme("grove", GROVE)
    assert grove.celebration is None
    kit = kit_for(grove)
    assert kit.faces["big"][2] == grove.colours["glow"]  # its letters in its own light...
    assert kit.faces["mega"][2] == grove.colours["accent"]
    assert kit.glows["epic"] == grove.colours["accent2"]
    assert kit.particles == default_particles(grove) == ("coin", "BLOOM", "star")  # ...and its first picture flies
    snowy = load_theme("christmas")  # a white accent reads as no colour: the shared hue instead
    assert kit_for(snowy).faces["big"][2] != "#ffffff"
    assert SHARED_HUES["mega"] not in kit_for(snowy).faces["mega"]  # (christmas names its own red)


def test_a_mistake_in_the_kit_is_named_by_line_and_column(tmp_path: Path) -> None:
    text = (GROVE / "grove" / "theme.yaml").read_text()
    text = text.replace("music:", "celebration:\n  particles: [coin, BLOOMS]\n  plate: [\"#000000\"]\n"
                                  "  glows: {huge: \"#ff0000\"}\nmusic:", 1)
    (tmp_path / "broken").mkdir()
    path = tmp_path / "broken" / "theme.yaml"
    path.write_text(text)
    with pytest.raises(DefinitionError) as caught:
        load_theme("broken", tmp_path)
    message = str(caught.value)
    line = text.splitlines().index("celebration:") + 1
    assert f"{path}:{line + 1}:" in message and "'BLOOMS' is neither coin, star nor a symbol" in message
    assert "did you mean 'BLOOM'" in message
    assert f"{path}:{line + 2}:" in message and "the plate is a pair [fill, rim]" in message
    assert "'huge' is not a win tier" in message


def _solid(colour: tuple[int, int, int], side: int = 40) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    surface.fill((*colour, 255))
    return surface


def _kit_art() -> ShowerArt:
    kit = kit_for(load_theme("halloween"))
    coin = [_solid((250, 200, 40))]
    return build_shower_art(kit, coins=coin, sparkle=_solid((255, 255, 255)),
                            symbol=lambda sid, side: _solid((240, 120, 10) if sid == "PUMPKIN" else (120, 40, 160), side),
                            size=40, banner=(200, 60))


def test_far_pieces_are_smaller_and_dimmer_and_near_ones_pass_in_front() -> None:
    art = _kit_art()
    assert len(art.frames) == 3  # coin, PUMPKIN, BAT
    far, near = art.frames[1][0][0], art.frames[1][-1][0]
    assert far.get_width() < near.get_width()
    assert sum(far.get_at((far.get_width() // 2, far.get_height() // 2))[:3]) < \
        sum(near.get_at((near.get_width() // 2, near.get_height() // 2))[:3])
    shower = Shower(1)
    surface = pygame.Surface((200, 200))
    surface.fill((0, 0, 0))
    shower.coins = [Piece(100, 100, 0, 0, kind=0, depth=len(DEPTHS) - 1, spin=0, phase=0),  # a near coin...
                    Piece(100, 100, 0, 0, kind=1, depth=0, spin=0, phase=0)]  # ...over a far pumpkin
    shower.draw(surface, art)
    assert tuple(surface.get_at((100, 100)))[:3] == (250, 200, 40)
    moving = Piece(100, 100, 0, 2000, kind=1, depth=len(DEPTHS) - 1, spin=0, phase=0)  # falling fast
    surface.fill((0, 0, 0))
    shower.coins = [moving]
    shower.draw(surface, art)
    ghost = surface.get_at((100, 100 - 60))  # its trail, a ghost along its path above it
    assert 0 < ghost[0] < 240


def test_the_counter_sits_on_its_plate_above_the_shower(christmas) -> None:  # noqa: ANN001
    from cabinet.app import App, AppOptions

    app = App(christmas, AppOptions(size=(1280, 720), seed=1, headless=True))
    app.start()
    art = app.ctx.art.shower
    assert isinstance(art, ShowerArt) and art.frames and art.rays
    surface = pygame.Surface((1280, 720))
    surface.fill((255, 255, 255))
    centre = (640, 400)
    plate = draw_counter_plate(app.ctx, surface, art, "€123.45", 60, centre, (255, 240, 170))
    inside = (plate.x + 12, plate.centery)  # on the plate inside its rim, left of the digits
    fill = art.plate_colours[0]
    assert all(abs(a - b) <= 24 for a, b in zip(surface.get_at(inside)[:3], fill, strict=True))
    assert punch_scale(0.0) > 1.2 > punch_scale(0.15) >= 1.0 == punch_scale(2.0)


def test_the_top_board_prize_takes_the_whole_screen(lucky) -> None:  # noqa: ANN001
    from cabinet.app import App, AppOptions

    app = App(lucky, AppOptions(size=(1280, 720), seed=1, headless=True, designer=True))
    app.start()
    number = next(i for i, s in enumerate(lucky.scenarios) if s.name == "GRAND board filled")
    assert app.designer.play_scenario(number)
    view = None
    corner = (60, 60)  # a lantern in the corner of the boards' backdrop
    before = 0
    for _ in range(3000):
        app.run_frames(1)
        view = next((s for s in app.stack if hasattr(s, "takeover")), None)
        if view is not None and any(c.board == view.top_board() for c in view.celebrations):
            break
        if view is not None:
            before = sum(app.screen.get_at(corner)[:3])  # the boards as they play, before the GRAND
    assert view is not None and view.top_board() == "GRAND" and before > 0
    app.run_frames(40)
    assert view.takeover.coins  # the theme's pieces fly
    assert sum(app.screen.get_at(corner)[:3]) < before * 0.6  # the whole game steps back
    fill = app.ctx.art.shower.plate_colours[0]
    layout = app.ctx.layout
    found = [x for x in range(layout.width // 4, layout.width // 2)
             if all(abs(a - b) <= 24 for a, b in zip(app.screen.get_at((x, layout.height // 2 + 80))[:3], fill,
                                                   strict=True))]
    assert found  # the amount's plate, in the kit's colour, across the middle
    app.run_frames(200)
    assert not view.takeover.coins  # no piece outlives the moment
