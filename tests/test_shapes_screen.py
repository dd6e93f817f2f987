"""Issue 35's shapes on screen, by pixels at known places: a big symbol is ONE sprite over its
block (the block's centre, where three reels would show three separate tiles, shows the middle
of the symbol's art scaled to the block); a spread grows the wild out over its block; symbols
turning wild are stamped with the mark from YAML; the INFO sections name the rules."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from screen_helpers import frame, run_until, scenario_app

from cabinet.core.loader import load_game
from cabinet.presentation.layout import column_cells
from cabinet.presentation.mechanics.big_symbols.view import BigSymbolSprite, block_box
from cabinet.presentation.mechanics.spreading_wild.presenter import SpreadSprites

GAMES = Path(__file__).resolve().parent / "games" / "shapes"


def _close(a: pygame.Color, b: pygame.Color, tolerance: int = 24) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a[:3], b[:3], strict=True))


def test_a_big_symbol_is_one_sprite_scaled_over_its_3x3_block() -> None:
    defn = load_game(GAMES / "toy-big-3x3.yaml")
    app = scenario_app(defn, "big wild", size=(640, 360))
    run_until(app, lambda: any(isinstance(s, BigSymbolSprite) for s in app.stack))
    app.run_frames(30)  # grown to its size
    (sprite,) = [s for s in app.stack if isinstance(s, BigSymbolSprite)]
    cells = column_cells(app.ctx.layout, None)
    assert sprite.box == block_box(cells, (1, 2, 3), (0, 1, 2))
    shot = frame(app)
    art = app.ctx.art.symbols["WILD"]
    side = min(sprite.box.w, sprite.box.h)
    big = pygame.transform.smoothscale(art, (side, side))
    # the art's own pixels at the block's centre and at a quarter of the way in: one sprite, not nine tiles
    for fx, fy in ((0.5, 0.5), (0.3, 0.5), (0.5, 0.3)):
        ax, ay = int(side * fx), int(side * fy)
        seen = shot.get_at((sprite.box.centerx - side // 2 + ax, sprite.box.centery - side // 2 + ay))
        wanted = big.get_at((ax, ay))
        if wanted.a > 200:
            assert _close(seen, wanted), (fx, fy, seen, wanted)
    # the reel beside the block keeps its own tile (reel 1's top cell is not covered)
    assert not sprite.box.colliderect(pygame.Rect(cells[0][0]))


def test_a_blank_stop_of_the_big_reel_draws_no_big_symbol() -> None:
    defn = load_game(GAMES / "toy-big-blank.yaml")
    app = scenario_app(defn, "no big symbol", size=(640, 360))
    session = app.session
    assert session is not None
    run_until(app, lambda: not session.in_round and session.current is not None)
    app.run_frames(30)
    assert [e.kind for e in session.current.events if e.kind.startswith("big_symbol")] == ["big_symbol_missed"]
    assert not any(isinstance(s, BigSymbolSprite) for s in app.stack)  # no big frame over the block


def test_the_big_symbol_goes_as_the_next_spin_moves_the_reels() -> None:
    sprite = BigSymbolSprite(ctx=None, symbol="WILD", box=pygame.Rect(0, 0, 10, 10),  # type: ignore[arg-type]
                             moving=lambda: moving[0])
    moving = [True]  # still settling as it lands
    sprite.update(0.1)
    assert not sprite.finished
    moving[0] = False
    sprite.update(0.1)
    assert not sprite.finished
    moving[0] = True  # the next spin
    sprite.update(0.1)
    assert sprite.finished


def test_a_spread_grows_the_wild_out_of_its_cell_then_the_block_shows_wild() -> None:
    defn = load_game(GAMES / "toy-spread.yaml")
    app = scenario_app(defn, "wild spreads", size=(640, 360))
    run_until(app, lambda: any(isinstance(s, SpreadSprites) for s in app.stack))
    (sprites,) = [s for s in app.stack if isinstance(s, SpreadSprites)]
    # from the wild's cell (reel 2, top) to the four cells it covers (the scatters keep theirs)
    cells = column_cells(app.ctx.layout, None)
    assert {tuple(end) for _, end in sprites.moves} == {tuple(cells[r][w]) for r, w in ((0, 0), (1, 1), (2, 0))}
    assert all(tuple(start) == tuple(cells[1][0]) for start, _ in sprites.moves)
    run_until(app, lambda: app.session.current is not None and app.base.screen is not None
              and app.base.screen[0][0] == "WILD")
    assert [column[0] for column in app.base.screen[:3]] == ["WILD", "WILD", "WILD"]
    assert app.base.screen[0][1] == "S" and app.base.screen[2][1] == "S"


@pytest.mark.slow  # plays the free spins' intro first (about 4 s)
def test_symbols_turning_wild_are_stamped_with_the_mark() -> None:
    defn = load_game(GAMES / "toy-turn-wild.yaml")
    app = scenario_app(defn, "knights turn wild", size=(640, 360))
    run_until(app, lambda: bool(app.base.reels.stamps))
    assert app.base.reels.stamps == {(0, 0): ("K1", "WILD"), (1, 0): ("K2", "WILD"), (2, 0): ("K1", "WILD")}


@pytest.mark.parametrize(("game", "says"), [
    ("toy-big-3x3", "Reels 2, 3 and 4 spin together as one big reel: each spin a 3x3 symbol covers"),
    ("toy-big-blank", "No big symbol 3 in 7: then the reels under it show their own symbols."),
    ("toy-spread", "turns every symbol of its 3x3 block wild before the wins are paid"),
    ("toy-turn-wild", "turn wild in free spins"),
])
def test_the_info_pages_say_the_rule(game: str, says: str) -> None:
    from cabinet.presentation.mechanics import mechanic_of
    from cabinet.presentation.mechanics.writing import Writer

    defn = load_game(GAMES / f"{game}.yaml")
    from cabinet.core.bet import default_bet

    writer = Writer(defn, default_bet(defn))
    text = " ".join(p.text for f in defn.features if f.type != "free_spins"
                    for p in mechanic_of(f).rules(writer, f).paras)  # type: ignore[union-attr]
    assert says in text, text
