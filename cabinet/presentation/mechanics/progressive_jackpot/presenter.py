"""The jackpot's presenter: ``JackpotWon`` puts up the banner with what the pool pays (the
machine's amount, ``GameSession.jackpot_won``: the core never knows it) and holds it."""

from __future__ import annotations

from cabinet.core.features.progressive import JackpotWon

from ...engine import Playback, Presenter, Step, wait
from ...words import words

WON_HOLD = 2.5


def jackpot_won(play: Playback, event: JackpotWon) -> Step:
    params = play.params(event.feature)
    amount = play.ctx.session.jackpot_won().get(event.pool, 0)
    play.ctx.hud.say(words(params, "won", "JACKPOT WON {amount}", amount=play.ctx.money(amount)))
    play.ctx.audio.play("big_win")
    play.ctx.shake(0.6, 300)
    yield from wait(play, WON_HOLD)


PRESENTERS: dict[str, Presenter] = {JackpotWon.kind: jackpot_won}
