"""The expanding symbol's presenters: its draw as free spins start (``SymbolDrawn``: a card of the
symbol over the reels) and its expansion (``SymbolExpanded``: the reels it fills show it)."""

from __future__ import annotations

from cabinet.core.features.expanding_symbol import SymbolDrawn, SymbolExpanded

from ...engine import Playback, Presenter, Step, wait
from ...words import words
from .view import DrawnSymbolCard

DRAW_HOLD = 1.6  # the drawn symbol's card is read before the first free spin
EXPAND_HOLD = 0.8  # the filled reels are seen before the spin's wins count


def _name(play: Playback, symbol: str) -> str:
    found = play.ctx.defn.symbol_map.get(symbol)
    return (found.name if found is not None and found.name else symbol).upper()


def drawn(play: Playback, event: SymbolDrawn) -> Step:
    params = play.params(event.feature)
    name = _name(play, event.symbol)
    state = play.state
    counter = state.free
    card = DrawnSymbolCard(play.ctx, event.symbol, words(params, "badge", "EXPANDS"),
                           running=lambda: state.free is not None and state.free is counter,
                           below_multiplier=counter is not None and counter.multiplier > 1)
    play.ctx.stack.push(card)
    play.ctx.hud.say(words(params, "drawn", "SPECIAL EXPANDING SYMBOL: {symbol}", symbol=name))
    play.ctx.audio.play("feature_trigger")
    yield from wait(play, DRAW_HOLD)
    card.settle()  # it stays in the corner until its free spins end


def expanded(play: Playback, event: SymbolExpanded) -> Step:
    """The reels it fills show it (the state's layer over the reels), then the status line names the pay."""
    play.scene.screen = [list(column) for column in play.state.screen or event.screen]
    amount = play.ctx.money(event.amount)
    play.ctx.hud.say(words(play.params(event.feature), "expanded", "{symbol} EXPANDS ON {count} REELS: {amount}",
                           symbol=_name(play, event.symbol), count=event.count, amount=amount))
    play.ctx.audio.play("feature_trigger")
    yield from wait(play, EXPAND_HOLD)


PRESENTERS: dict[str, Presenter] = {SymbolDrawn.kind: drawn, SymbolExpanded.kind: expanded}
