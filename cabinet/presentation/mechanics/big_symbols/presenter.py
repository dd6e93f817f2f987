"""Big symbols' presenter: the block's cells are covered by one large sprite of the symbol."""

from __future__ import annotations

from cabinet.core.features.big_symbols import BigSymbolLanded, BigSymbolMissed

from ...engine import Playback, Presenter, Step, wait
from ...layout import column_cells
from ...words import words
from .view import BigSymbolSprite, block_box

LAND_HOLD = 0.6  # the big symbol is seen before the wins count


def _name(play: Playback, symbol: str) -> str:
    found = play.ctx.defn.symbol_map.get(symbol)
    return (found.name if found is not None and found.name else symbol).upper()


def landed(play: Playback, event: BigSymbolLanded) -> Step:
    """One sprite over the block from now until the next spin starts."""
    ctx = play.ctx
    cells = column_cells(ctx.layout, None)
    if event.reels and event.rows and max(event.reels) < len(cells) and max(event.rows) < len(cells[event.reels[0]]):
        reels = play.scene.reels  # the sprite goes as the next spin moves them
        sprite = BigSymbolSprite(ctx, event.symbol, block_box(cells, event.reels, event.rows),
                                 moving=lambda: reels.spinning)
        ctx.stack.push(sprite)
    ctx.hud.say(words(play.params(event.feature), "landed", "BIG {symbol}", symbol=_name(play, event.symbol)))
    ctx.audio.play("feature_trigger")
    yield from wait(play, LAND_HOLD)


def missed(play: Playback, event: BigSymbolMissed) -> Step:
    """A blank stop of the big reel: no sprite, the block's reels stay as they landed; the status
    line says so only when the game's YAML gives words for it (``texts: {missed: ...}``)."""
    said = words(play.params(event.feature), "missed", "")
    if said:
        play.ctx.hud.say(said)
    yield from ()


PRESENTERS: dict[str, Presenter] = {BigSymbolLanded.kind: landed, BigSymbolMissed.kind: missed}
