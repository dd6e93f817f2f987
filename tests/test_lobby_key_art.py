"""Larger lobby tiles with key art (issue 36): each tile's art is its game's background, hero
symbols and logo composed by our code; the tiles take the room the window has; the chosen
tile stands out (lifted, lit, a PLAY pill) while the others are dimmed."""

from __future__ import annotations

import pygame
import pytest

from cabinet.kiosk.catalog import load_entries
from cabinet.paths import sprites_dir
from cabinet.presentation.assets import AssetCache
from cabinet.presentation.scenes.lobby import LobbyScene, lobby_layout
from cabinet.presentation.scenes.lobby_art import TILE_FILL, hero_symbols, key_art
from cabinet.presentation.text import Text

GAMES = ("classic", "halloween-wins-3", "happy-riches")


@pytest.fixture(scope="module")
def lobby():  # noqa: ANN201
    pygame.init()
    entries, problems = load_entries(GAMES)
    assert not problems
    text = Text()
    return LobbyScene(text, AssetCache(sprites_dir(), text), entries, (1280, 720), on_choose=lambda i: None)


def test_the_hero_symbols_are_each_games_high_tier_pictures(lobby) -> None:  # noqa: ANN001
    halloween = lobby.games[GAMES.index("halloween-wins-3")]
    assert halloween.heroes == ("pumpkin", "ghost", "wild")  # its two high symbols, then its wild
    assert hero_symbols(None) == ()


def test_each_tiles_art_shows_its_hero_symbol_over_its_background(lobby) -> None:  # noqa: ANN001
    cache = lobby.cache
    for game in lobby.games:
        size = (290, 200)
        art = key_art(cache, game.theme, game.heroes, size)
        plain = pygame.Surface(size)
        back = cache.original(f"{game.theme}/background.png")
        scale = max(size[0] / back.get_width(), size[1] / back.get_height())
        cover = cache.get(f"{game.theme}/background.png", (max(size[0], round(back.get_width() * scale)),
                                                            max(size[1], round(back.get_height() * scale))))
        plain.blit(cover, ((size[0] - cover.get_width()) // 2, (size[1] - cover.get_height()) // 2))
        hero = (size[0] // 2, size[1] * 55 // 100)  # the middle hero symbol's centre, and round it
        spots = [(hero[0] + dx, hero[1] + dy) for dx in range(-20, 21, 5) for dy in range(-20, 21, 5)]
        changed = [p for p in spots if max(abs(a - b) for a, b in zip(art.get_at(p)[:3], plain.get_at(p)[:3],
                                                                       strict=True)) > 40]
        assert len(changed) > len(spots) * 2 // 3, game.name  # a symbol there, not the background
        assert art.get_at(hero)[:3] != TILE_FILL
        assert key_art(cache, game.theme, game.heroes, size) is art  # composed once per size


def test_the_tiles_are_larger_and_fill_the_room() -> None:
    for size in ((1280, 720), (1920, 1080)):
        layout = lobby_layout(size, 11)  # the shipped games
        tile = layout.tiles[0]
        assert tile.w * tile.h >= 2 * (122 * 109) * (size[1] / 720) ** 2, tile  # twice the old tiles' area
        assert tile.w > tile.h * 1.3  # key art's landscape aspect


def test_the_chosen_tile_stands_out_and_the_others_are_dimmed(lobby) -> None:  # noqa: ANN001
    screen = pygame.Surface((1280, 720))
    lobby.cursor = 0
    lobby.draw(screen)
    box = lobby.layout.tiles[1]
    spot = (box.x + box.w // 2, box.y + box.h * 55 // 100)
    dim = screen.get_at(spot)
    lobby.cursor = 1
    lobby.draw(screen)
    lifted = lobby.lifted[1].get_rect(center=box.center)
    bright = screen.get_at((lifted.centerx, lifted.y + lifted.h * 55 // 100))
    assert sum(bright[:3]) > sum(dim[:3]) + 30, (bright, dim)
    badge = lobby.badge.get_rect(midright=(lifted.right - lifted.h // 12, lifted.top))
    pill = screen.get_at((badge.centerx + badge.w // 3, badge.centery - badge.h // 4))
    assert pill.r > 240 and pill.g > 190 and pill.b < 140, pill  # the PLAY pill's gold
