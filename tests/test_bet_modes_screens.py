"""Bet modes on the cabinet (issue 34): the ANTE toggle and the BUY FEATURE card, the deck's mode,
the kiosk's buy_features switch, left-hand mode and the two landscape sizes.

The game is ``tests/games/modes/cabinet-modes.yaml`` (Classic Fruits with a 5/4 ante and a 17 x
free-spins buy). Pixels are read at known places: inside each pill's rim (its fill says lit or
not), inside the card's BUY button (green when the player can pay, grey when not).
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from screen_helpers import frame, make_app, run_until

from cabinet.app import App
from cabinet.machine.buttons import Button, Press
from cabinet.presentation import bet_modes, hud, icons
from cabinet.presentation.scenes.buy_feature import BUY_ITEM, BuyFeatureScene
from cabinet.presentation.scenes.history import HistoryScene
from cabinet.presentation.scenes.replay import ReplayScene

ANTE_OFF, ANTE_ON, BUY_RED = bet_modes.UNLIT, bet_modes.ANTE_ON, bet_modes.BUY_FILL
GREEN, GREY = (40, 130, 60), (60, 56, 66)  # the card's BUY button: can pay, cannot
BUY = "buy_free_spins"


def fill_at(app: App, box: object) -> tuple[int, int, int]:
    """The colour just inside a pill's or button's left rim, at its middle height (no text there)."""
    x, y, w, h = box  # type: ignore[misc]
    rim = max(2, h // 14)
    return tuple(frame(app).get_at((x + rim + 3, y + h // 2)))[:3]  # type: ignore[return-value]


def play_out(app: App) -> None:
    """Frames until the round is over; SPIN now and then slams reels and answers feature cards."""
    count = [0]

    def done() -> bool:
        count[0] += 1
        if app.base.in_round and count[0] % 8 == 0:
            app.press([Press(Button.SPIN)])
        return not app.base.in_round and not app.session.in_round and app.stack.top is app.base

    run_until(app, done)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("left_hand", [False, True])
def test_the_ante_and_buy_pills_sit_in_the_band_under_the_reels_buy_on_spins_side(
        cabinet_modes, size: tuple[int, int], left_hand: bool) -> None:  # noqa: ANN001
    app = make_app(cabinet_modes, size=size, left_hand=left_hand)
    app.run_frames(2)
    layout = app.ctx.layout
    boxes = bet_modes.boxes(app.ctx)
    assert set(boxes) == {Button.ANTE, Button.BUY}
    spin = layout.buttons[Button.SPIN]
    ante, buy = boxes[Button.ANTE], boxes[Button.BUY]
    for box in boxes.values():
        assert box.y >= layout.reel_frame.bottom and box.bottom <= layout.status.y  # between the reels and status
        assert box.x >= layout.reel_frame.x and box.right <= layout.reel_frame.right and box.h >= layout.height // 40
        assert not pygame.Rect(box).colliderect(icons.settings_box(layout)) and not pygame.Rect(box).colliderect(spin)
    assert (buy.x > ante.x) == (spin.x > layout.width // 2)  # BUY FEATURE on SPIN's side, mirrored in left-hand
    assert (spin.x < layout.width // 2) == left_hand
    assert fill_at(app, boxes[Button.ANTE]) == ANTE_OFF
    assert fill_at(app, boxes[Button.BUY]) == BUY_RED
    regions = {str(press.button): rect for rect, press in app.base.hit_regions()}
    assert regions["ANTE"] == boxes[Button.ANTE] and regions["BUY"] == boxes[Button.BUY]  # touch presses them


def test_ante_switches_on_and_off_and_the_deck_shows_its_cost_and_the_mode(cabinet_modes) -> None:  # noqa: ANN001
    app = make_app(cabinet_modes)
    session = app.session
    assert hud.meter_values(app.ctx)["bet"] == ("€1.00", "BASE GAME")
    app.press([Press(Button.ANTE)])
    app.run_frames(1)
    assert fill_at(app, bet_modes.boxes(app.ctx)[Button.ANTE]) == tuple(c * 2 // 3 for c in ANTE_ON)  # pressed
    app.run_frames(12)
    assert session.mode == "ante"
    assert hud.meter_values(app.ctx)["bet"] == ("€1.25", "ANTE BET (+25%)")
    assert app.ctx.hud.status == "ANTE BET ON - SPIN COSTS €1.25: BET 25% MORE: MORE STARS ON REELS 1 AND 2"
    assert fill_at(app, bet_modes.boxes(app.ctx)[Button.ANTE]) == ANTE_ON
    before = session.credits
    app.press([Press(Button.SPIN)])
    app.run_frames(1)
    assert session.current is not None and session.current.request.mode == "ante"
    assert session.credits == before - 125  # the ante's cost, charged
    app.press([Press(Button.ANTE)])  # refused while the round plays
    assert session.mode == "ante" and app.ctx.hud.status == "THE ANTE CAN BE SWITCHED WHEN THE ROUND IS OVER"
    play_out(app)
    (record,) = session.recent(1)
    assert record.request.mode == "ante" and record.cost == 125
    app.press([Press(Button.ANTE)])
    app.run_frames(12)
    assert session.mode == "base" and hud.meter_values(app.ctx)["bet"] == ("€1.00", "BASE GAME")
    assert fill_at(app, bet_modes.boxes(app.ctx)[Button.ANTE]) == ANTE_OFF


def test_buy_opens_a_card_with_the_price_and_confirm_buys_the_feature_once(cabinet_modes) -> None:  # noqa: ANN001
    app = make_app(cabinet_modes)
    session = app.session
    before = session.credits
    app.press([Press(Button.BUY)])
    app.run_frames(3)
    card = app.stack.top
    assert isinstance(card, BuyFeatureScene)
    assert [(row.mode, row.kind) for row in card.rows()] == [(BUY, "buy"), ("ante", "ante")]
    assert card.price(BUY) == 1_700 and session.credits == before and not session.in_round  # nothing yet
    buy_box, _cancel = card.button_boxes()
    assert fill_at(app, buy_box) == GREEN
    app.press([Press(Button.CONFIRM)])
    app.run_frames(1)
    assert session.in_round and session.current is not None and session.current.request.mode == BUY
    assert session.credits == before - 1_700 and app.stack.top is not card
    assert "free_spins" in session.current.features  # the feature started at once
    assert app.ctx.hud.mode == BUY and hud.meter_values(app.ctx)["bet"] == ("€17.00", "BUY FREE SPINS (17 x BET)")
    play_out(app)
    (record,) = session.recent(1)
    assert record.request.mode == BUY and record.cost == 1_700 and "free_spins" in record.features
    assert session.credits == before - 1_700 + record.win  # charged once, paid once
    assert session.mode == "base" and hud.meter_values(app.ctx)["bet"] == ("€1.00", "BASE GAME")  # a buy is one round
    history = HistoryScene(app.ctx)  # the round's replay plays the buy again, from its seed, in its mode
    app.stack.push(history)
    app.run_frames(2)
    history.replay(0)
    app.run_frames(3)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.result is not None and replay.sandbox is not None
    assert replay.result.request == record.request and replay.result.request.mode == BUY
    assert replay.result.total_win == record.win and replay.sandbox.hud.mode == BUY
    assert hud.meter_values(replay.sandbox)["bet"] == ("€17.00", "BUY FREE SPINS (17 x BET)")


def test_a_tap_on_the_cards_buy_button_buys_and_cancel_closes_with_nothing_charged(cabinet_modes) -> None:  # noqa: ANN001
    app = make_app(cabinet_modes)
    session = app.session
    before = session.credits
    app.press([Press(Button.BUY)])
    app.run_frames(2)
    card = app.stack.top
    assert isinstance(card, BuyFeatureScene)
    regions = {press.index: rect for rect, press in card.hit_regions() if press.button == Button.ITEM}
    assert regions[BUY_ITEM] == card.button_boxes()[0]
    app.press([Press(Button.BACK)])
    app.run_frames(2)
    assert app.stack.top is app.base and session.credits == before and not session.in_round
    app.press([Press(Button.BUY)])
    app.run_frames(2)
    app.press([Press(Button.ITEM, BUY_ITEM)])
    app.run_frames(1)
    assert session.in_round and session.credits == before - 1_700


def test_a_buy_the_credits_cannot_pay_is_refused_with_the_price_and_the_balance(cabinet_modes) -> None:  # noqa: ANN001
    app = make_app(cabinet_modes, start_credits=1_000)  # €10.00: a €17.00 buy is out of reach
    session = app.session
    app.press([Press(Button.BUY)])
    app.run_frames(2)
    card = app.stack.top
    assert isinstance(card, BuyFeatureScene)
    assert fill_at(app, card.button_boxes()[0]) == GREY  # the BUY button greyed before it is pressed
    app.press([Press(Button.CONFIRM)])
    app.run_frames(2)
    assert card.message == ("NOT ENOUGH CREDITS: BUY FREE SPINS COSTS €17.00, THE BALANCE IS €10.00 - "
                            "ADD CREDITS (C)") and card.message_bad
    assert app.stack.top is card and not session.in_round and session.credits == 1_000 and session.rounds == 0


def test_the_kiosks_buy_features_off_hides_the_pill_and_the_card_keeps_only_the_ante(cabinet_modes) -> None:  # noqa: ANN001
    app = make_app(cabinet_modes, size=(1280, 720), buy_features=False)
    app.run_frames(2)
    boxes = bet_modes.boxes(app.ctx)
    assert list(boxes) == [Button.ANTE]  # no BUY FEATURE on the deck, nor among the touch regions
    assert all(press.button != Button.BUY for _rect, press in app.base.hit_regions())
    where = bet_modes.pill_boxes(app.ctx.layout, [Button.ANTE, Button.BUY])[Button.BUY]  # BUY's place when on
    assert fill_at(app, where) != BUY_RED and fill_at(app, boxes[Button.ANTE]) == ANTE_OFF
    app.press([Press(Button.BUY)])
    app.run_frames(2)
    card = app.stack.top
    assert isinstance(card, BuyFeatureScene) and [row.kind for row in card.rows()] == ["ante"]
    app.press([Press(Button.ITEM, BUY_ITEM)])
    assert card.message == "CHOOSE A FEATURE TO BUY (UP / DOWN)" and not app.session.in_round
    app.press([Press(Button.CONFIRM)])  # the only row: the ante, switched
    assert app.session.mode == "ante" and not app.session.in_round


def test_buy_is_refused_outright_where_there_is_nothing_to_buy_or_buys_are_off(cabinet_modes, classic) -> None:  # noqa: ANN001
    app = make_app(classic)
    app.press([Press(Button.BUY)])
    assert app.stack.top is app.base and app.ctx.hud.status == "THIS GAME HAS NO BUY FEATURE"
    app.press([Press(Button.ANTE)])
    assert app.ctx.hud.status == "THIS GAME HAS NO ANTE BET" and app.session.mode == "base"
    assert bet_modes.boxes(app.ctx) == {}  # a game without modes: no pills, and its deck as before
    buy_only = dataclasses.replace(cabinet_modes, bet_modes=tuple(m for m in cabinet_modes.bet_modes if m.kind != "ante"))
    app = make_app(buy_only, buy_features=False)
    app.press([Press(Button.BUY)])
    assert app.stack.top is app.base and app.ctx.hud.status == "BUY FEATURES ARE OFF ON THIS CABINET"


@pytest.mark.parametrize(("mode", "variant"), [("ante", ""), ("base", "low")])
def test_the_reels_show_the_strips_the_mode_or_variant_played(cabinet_modes, mode: str, variant: str) -> None:  # noqa: ANN001
    """An ante and an RTP variant play other strips under the name ``base``: the screen draws those
    (the stops index them), on landing, after the round and when a restart shows the last round."""
    from cabinet.core.bet import default_bet
    from cabinet.core.evaluate import screen_from_stops
    from cabinet.core.modes import resolve
    from cabinet.core.rng import derive_seed
    from cabinet.core.round import RoundRequest, play_round

    played = resolve(cabinet_modes, mode=mode, rtp_variant=variant or None)

    def screens(seed: int) -> tuple[list[list[str]], list[list[str]], bool]:
        request = RoundRequest(default_bet(cabinet_modes), derive_seed(seed, 0), mode=mode, rtp_variant=variant)
        result = play_round(cabinet_modes, request)
        stops, reel_set = list(result.final_stops), result.final_reel_set
        return ([list(c) for c in screen_from_stops(played, reel_set, stops)],
                [list(c) for c in screen_from_stops(cabinet_modes, reel_set, stops)],
                bool(result.features or result.total_win))  # a win's presentation keeps cycling on top

    seed = next(s for s in range(500) if (found := screens(s))[0] != found[1] and not found[2])
    expected, as_written, _ = screens(seed)
    app = make_app(cabinet_modes, seed=seed)
    app.session.rtp_variant = variant
    if mode == "ante":
        app.press([Press(Button.ANTE)])
    app.press([Press(Button.SPIN)])
    play_out(app)
    result = app.session.current
    assert result is not None and result.request.mode == mode and result.request.rtp_variant == variant
    assert app.base.reels.visible(3) == expected != as_written
    again = make_app(cabinet_modes, seed=seed)
    again.session.show_finished(result)  # a restart puts the last round's screen back
    assert type(app.base)(again.ctx).reels.visible(3) == expected


def test_autoplay_plays_the_ante_and_stops_when_the_credits_cannot_pay_it(cabinet_modes) -> None:  # noqa: ANN001
    app = make_app(cabinet_modes, start_credits=240)  # €2.40: one ante spin (€1.25), not two without a win
    app.press([Press(Button.ANTE)])
    driver = app.base.autoplay
    assert driver.start() is None
    run_until(app, lambda: not driver.running and not app.base.in_round)
    records = app.session.recent(10)
    assert records and all(r.request.mode == "ante" and r.cost == 125 for r in records)
    assert app.session.credits < 125  # it stopped because the next ante spin could not be paid
