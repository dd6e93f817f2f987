"""The jackpot and the collection meter on screen and in the INFO pages (issue 35, items 8 and 9):
plaques above the reels in the theme's chrome with the live values (pixels at known places), the
banner of a jackpot won with the machine's amount, the WIN meter counting a full meter's prize, and
the rules written from the blocks' parameters."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.core.bet import Bet
from cabinet.core.loader import load_definition
from cabinet.presentation import kept_meters
from cabinet.presentation.chrome import chrome
from cabinet.presentation.scenes.info import feature_sections
from cabinet.presentation.screen_state import ScreenState

GAMES = Path(__file__).parent / "games" / "jackpot"


def started(name: str, size: tuple[int, int] = (1280, 720)) -> App:
    app = App(load_definition(GAMES / name), AppOptions(size=size, seed=1, headless=True))
    app.start()
    return app


@pytest.fixture
def line_app() -> App:
    return started("toy-jackpot-line.yaml")


@pytest.mark.parametrize("size", [(1280, 720), (720, 1280), (1024, 768), (800, 1280)])
@pytest.mark.parametrize("rows", [1, 3])
def test_the_plaques_sit_above_the_reels_clear_of_the_logo(size: tuple[int, int], rows: int) -> None:
    from cabinet.presentation.layout import compute_layout

    layout = compute_layout(size, 5, rows)
    for count in (1, 2):
        boxes = kept_meters.plaques(layout, count)
        assert len(boxes) == count
        for box in boxes:
            assert box.inside(*layout.size) and box.bottom <= layout.reel_frame.y and box.w > 100
            assert not pygame.Rect(box).colliderect(pygame.Rect(layout.logo))


def test_the_jackpot_plaque_shows_the_pool_in_the_themes_rim(line_app: App) -> None:
    app = line_app
    assert kept_meters.meter_texts(app.ctx) == [("JACKPOT", "€10.00")]  # the pool's seed before any round
    surface = pygame.Surface(app.ctx.layout.size)
    surface.fill((0, 0, 0))
    kept_meters.draw(app.ctx, surface)
    (box,) = kept_meters.plaques(app.ctx.layout, 1)
    assert surface.get_at((box.x + box.w // 2, box.y + 1))[:3] == chrome(app.ctx).rim  # its metal rim
    assert surface.get_at((box.x + 3 * box.h // 4 // 4 + 6, box.y + box.h // 2))[:3] == chrome(app.ctx).well
    session = app.ctx.session
    session.set_bet(Bet(2, 1, 10))
    session.begin_round(script=(0, 0, 2))
    session.finish_round()
    assert kept_meters.meter_texts(app.ctx) == [("JACKPOT", "€10.00")]  # 1000 + 0.6 minor units: still 1000
    for _ in range(2):
        session.begin_round(script=(0, 0, 2))
        session.finish_round()
    assert kept_meters.meter_texts(app.ctx) == [("JACKPOT", "€10.01")]  # 1001.8


    result = session.begin_round(script=(1, 0, 2))  # won: the banner names what the pool pays
    assert session.jackpot_won() == {"toy_pool": 1002}  # 1001.8 + this round's 0.6
    from cabinet.core.features.progressive import JackpotWon
    from cabinet.presentation.engine import Playback
    from cabinet.presentation.mechanics.progressive_jackpot.presenter import jackpot_won

    said: list[str] = []
    app.ctx.hud.say = said.append  # type: ignore[method-assign]
    play = Playback(app.stack.top, result, ScreenState())
    event = next(e for e in result.events if isinstance(e, JackpotWon))
    next(jackpot_won(play, event))
    assert said == ["JACKPOT WON €10.02"]


def test_the_collection_meter_counts_as_the_round_is_shown_and_its_prize_reaches_the_win_meter() -> None:
    app = started("toy-collection.yaml")
    session = app.ctx.session
    (meter,) = session.defn.features
    assert kept_meters.meter_texts(app.ctx) == [("COLLECT", "0/4")]
    session.begin_round(script=(1, 2, 0))  # C C C
    kinds = [e.kind for e in session.current.events]
    session.progress_step = kinds.index("collection_advanced")
    assert kept_meters.collection_value(app.ctx, meter) == 0  # not shown yet
    session.progress_step = kinds.index("collection_advanced") + 1
    assert kept_meters.collection_value(app.ctx, meter) == 3
    session.finish_round()
    assert kept_meters.meter_texts(app.ctx) == [("COLLECT", "3/4")]
    result = session.begin_round(script=(1, 0, 1))
    state = ScreenState().apply_all(result.events)
    assert state.hud_win == result.total_win == 3 * session.bet.total


def test_the_rules_are_written_from_the_parameters() -> None:
    line = load_definition(GAMES / "toy-jackpot-line.yaml")
    (jackpot,) = feature_sections(line, Bet(2, 1, 10))[:1]
    text = jackpot.text
    for phrase in ("PROGRESSIVE JACKPOT", "3% of every base game bet", "3 W on a played line",
                   "starts at €10.00", "again at €5.00", "at most €20.00"):
        assert phrase in text, phrase
    draw = load_definition(GAMES / "toy-jackpot-draw.yaml")
    sections = feature_sections(draw, Bet(1, 1, 30))
    assert "3 or more S anywhere" in sections[0].text
    assert "1 in 30 at the current bet" in sections[1].text
    collect = feature_sections(load_definition(GAMES / "toy-collection.yaml"), Bet(1, 1, 10))[0].text
    assert "Every COIN landing" in collect and "When it reaches 4, it pays €0.30 and starts again from 0" in collect


def test_the_operator_meters_list_each_pool() -> None:
    from types import SimpleNamespace

    from cabinet.machine.session import GameSession, MemoryLedger
    from cabinet.presentation.scenes.operator.jackpot_rows import jackpot_rows

    session = GameSession(load_definition(GAMES / "toy-jackpot-line.yaml"), ledger=MemoryLedger(10_000), seed=1)
    assert jackpot_rows(SimpleNamespace(session=session), str) == []  # no round has fed a pool yet
    session.set_bet(Bet(2, 1, 10))
    for script in ((0, 0, 2), (1, 0, 2), (0, 0, 2)):  # a miss, a hit, a miss: 3 x 0.6 contributed
        session.begin_round(script=script)
        session.finish_round()
    rows = {label: (master, period) for label, master, period, _ in jackpot_rows(SimpleNamespace(session=session), str)}
    assert rows == {
        "JACKPOT TOY POOL NOW": ("500", "-"),  # reset 500 + 0.2 left over + 0.6: 500.8
        "JACKPOT TOY POOL CONTRIBUTED (3 ROUNDS)": ("1", "-"),
        "JACKPOT TOY POOL HITS / PAID": ("1 / 1001", "-"),
        "JACKPOT TOY POOL RESERVE / FUNDED": ("0 / 1500", "-"),
        "JACKPOT TOY POOL SEED / RESET / CAP": ("1000 / 500 / 2000", "-"),  # the game's terms
    }
    assert jackpot_rows(SimpleNamespace(session=None), str) == []


def test_the_lobby_shows_the_kiosks_jackpots_under_its_title() -> None:
    from cabinet.kiosk.catalog import load_entries
    from cabinet.paths import sprites_dir
    from cabinet.presentation.assets import AssetCache
    from cabinet.presentation.scenes.lobby import LobbyScene
    from cabinet.presentation.text import Text

    pygame.display.init()
    pygame.font.init()
    text = Text()
    entries, _ = load_entries([str(GAMES / "toy-jackpot-line.yaml")])
    shown = [("JACKPOT", "€10.07")]
    lobby = LobbyScene(text, AssetCache(sprites_dir(), text), entries, (1280, 720), on_choose=lambda i: None,
                       jackpots=lambda: shown)
    with_line = pygame.Surface((1280, 720))
    lobby.draw(with_line)
    shown = []
    without = pygame.Surface((1280, 720))
    lobby.draw(without)
    y = lobby.layout.title.bottom
    row = [x for x in range(400, 880) if with_line.get_at((x, y))[:3] != without.get_at((x, y))[:3]]
    assert row and any(with_line.get_at((x, y))[:3] == (255, 214, 90) for x in row)  # gold glyphs there


def test_the_lobby_reads_the_pools_from_the_store_without_a_game_open(tmp_path: Path) -> None:
    from cabinet.machine.session import DiskLedger, GameSession
    from cabinet.services.ledger import JournaledLedger
    from cabinet.services.store import pools_on_disk

    assert pools_on_disk(tmp_path) == {}
    ledger = JournaledLedger.open(tmp_path, starting_credits=10_000)
    session = GameSession(load_definition(GAMES / "toy-jackpot-line.yaml"), ledger=DiskLedger(ledger), seed=1)
    session.begin_round(script=(0, 0, 2))
    session.finish_round()
    assert pools_on_disk(tmp_path) == ledger.kept.pools
    ledger.close()
