"""The lobby, headless: tiles for every game, chosen by keys, pad and touch; Close Game comes
back; plain `cabinet` shows it when games/ has two or more games."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.app import AppOptions
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.launch import default_game
from cabinet.kiosk.shell import Shell, ShellOptions
from cabinet.machine.buttons import Button, Press
from cabinet.paths import DEFAULT_GAME
from cabinet.presentation.scenes.lobby import LobbyScene, lobby_layout
from cabinet.presentation.scenes.menu import MenuScene

SIZE = (1280, 720)


@pytest.fixture(scope="module")
def entries():  # noqa: ANN201
    found, problems = load_entries()
    assert not problems and len(found) >= 3
    return found


def lobby_shell(entries, size=SIZE, kiosk: bool = False, data_dir: Path | None = None) -> Shell:  # noqa: ANN001
    shell = Shell(entries, AppOptions(size=size, seed=1, headless=True, data_dir=data_dir),
                  ShellOptions(lobby=True, kiosk=kiosk))
    shell.start()
    shell.run_frames(1)
    return shell


def key(code: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))


def test_the_lobby_lists_every_game_classic_first(entries) -> None:  # noqa: ANN001
    assert entries[0].id == "classic"
    assert {e.id for e in entries} >= {"classic", "happy-riches", "retro-reels-diamond-glitz"}


def test_tiles_fit_the_window_without_overlapping() -> None:
    for size in ((1280, 720), (640, 360), (1920, 1080), (1080, 1920)):
        for count in (2, 3, 5, 8):
            layout = lobby_layout(size, count)
            boxes = layout.tiles
            assert len(boxes) == count
            for i, a in enumerate(boxes):
                assert a.inside(*size) and a.y >= layout.title.bottom and a.bottom <= layout.details.y
                assert all(not a.overlaps(b) for b in boxes[i + 1:])


def test_keys_move_the_highlight_and_open_the_game(entries) -> None:  # noqa: ANN001
    shell = lobby_shell(entries)
    assert shell.lobby.cursor == 0 and shell.app is None
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    key(pygame.K_LEFT)
    shell.run_frames(1)
    assert shell.lobby.cursor == 1
    key(pygame.K_RETURN)
    shell.run_frames(1)
    assert shell.app is not None and shell.app.defn.id == entries[1].id and shell.lobby is None
    key(pygame.K_SPACE)  # the game has the keys now
    shell.run_frames(2)
    assert shell.app.session.rounds == 1


def test_close_game_in_the_menu_returns_to_the_lobby(entries, tmp_path: Path) -> None:  # noqa: ANN001
    shell = lobby_shell(entries, data_dir=tmp_path)
    shell.frame(1 / 60, [Press(Button.RIGHT), Press(Button.RIGHT), Press(Button.CONFIRM)])
    app = shell.app
    assert app.defn.id == entries[2].id
    shell.frame(1 / 60, [Press(Button.MENU)])
    menu = app.stack.find(MenuScene)
    assert menu is not None
    close = next(i for i, item in enumerate(menu_items(menu)) if "CLOSE" in item)
    shell.frame(1 / 60, [Press(Button.ITEM, close)])
    shell.run_frames(1)
    assert shell.app is None and shell.lobby is not None and not shell.quit
    assert shell.lobby.cursor == 2  # back on the game just played
    shell.frame(1 / 60, [Press(Button.CONFIRM)])  # and it opens again (the data folder was let go)
    assert shell.app is not None and shell.app.defn.id == entries[2].id


def menu_items(menu: MenuScene) -> list[str]:
    from cabinet.presentation.scenes import menu as menu_module

    return [str(item) for item in getattr(menu, "items", None) or menu_module.ITEMS]


def test_touch_and_click_open_the_tile_under_them(entries) -> None:  # noqa: ANN001
    shell = lobby_shell(entries)
    box = shell.lobby.layout.tiles[2]
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=(box.x + box.w / 2) / SIZE[0],
                                         y=(box.y + box.h / 2) / SIZE[1], finger_id=0, touch_id=0))
    shell.run_frames(1)
    assert shell.app is not None and shell.app.defn.id == entries[2].id
    shell.close_game()
    box = shell.lobby.layout.tiles[1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=box.center, touch=False))
    shell.run_frames(1)
    assert shell.app.defn.id == entries[1].id


def test_the_pad_chooses_and_opens(entries) -> None:  # noqa: ANN001
    shell = lobby_shell(entries)
    shell.input.pads[5] = object()
    for button in (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_A):
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=button))
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=5, button=button))
        shell.run_frames(1)
    assert shell.app.defn.id == entries[1].id
    assert shell.app.input is shell.input and 5 in shell.input.pads  # the pad carries into the game


def test_back_quits_a_desktop_lobby_but_not_a_kiosk(entries) -> None:  # noqa: ANN001
    shell = lobby_shell(entries)
    shell.frame(1 / 60, [Press(Button.BACK)])
    assert shell.quit
    kiosk = lobby_shell(entries, kiosk=True)
    kiosk.frame(1 / 60, [Press(Button.BACK)])
    assert not kiosk.quit and kiosk.lobby is not None


def test_the_lobby_picture(entries) -> None:  # noqa: ANN001
    shell = lobby_shell(entries)
    shell.frame(1 / 60, [Press(Button.RIGHT)])
    screen = shell.screen
    lobby: LobbyScene = shell.lobby
    tiles = lobby.layout.tiles
    # the highlighted tile is drawn lifted, with a bright gold rim; the others keep a dark gold one
    lifted = lobby.lifted[1].get_rect(center=tiles[1].center)
    assert screen.get_at((lifted.centerx, lifted.y + 1))[:3] == (255, 226, 120)
    assert screen.get_at((tiles[0].center[0], tiles[0].y))[:3] == (150, 110, 40)
    # each tile shows its game's logo: the middle of the art is not the plain tile fill
    for box in tiles:
        assert screen.get_at((box.center[0], box.y + box.h * 38 // 100))[:3] != (30, 18, 52)
    # the title is drawn in pale gold somewhere on its row
    row = [screen.get_at((x, lobby.layout.title.y + lobby.layout.title.h * 62 // 100))[:3]
           for x in range(0, SIZE[0], 2)]
    assert (255, 232, 160) in row


def test_plain_cabinet_shows_the_lobby_with_two_or_more_games(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    assert default_game(headless=False) is None  # games/ ships three
    assert default_game(headless=True) == DEFAULT_GAME  # a headless run needs one game
    (tmp_path / "games").mkdir()
    only = tmp_path / "games" / "solo.yaml"
    only.write_text((Path(__file__).resolve().parent.parent / "games" / "classic.yaml").read_text())
    monkeypatch.setenv("CABINET_HOME", str(tmp_path))
    assert default_game(headless=False) == str(only)


def test_close_game_on_a_one_game_kiosk_starts_the_game_afresh(entries) -> None:  # noqa: ANN001
    shell = Shell(entries[:1], AppOptions(size=(640, 360), seed=1, headless=True),
                  ShellOptions(lobby=False, kiosk=True))
    shell.start()
    first = shell.app
    shell.frame(1 / 60, [Press(Button.MENU)])
    menu = first.stack.find(MenuScene)
    close = next(i for i, item in enumerate(menu_items(menu)) if "CLOSE" in item)
    shell.frame(1 / 60, [Press(Button.ITEM, close)])
    shell.run_frames(1)
    assert not shell.quit and shell.app is not None and shell.app is not first
    assert shell.app.defn.id == entries[0].id
