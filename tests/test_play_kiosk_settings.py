"""``cabinet play --data-dir DIR`` plays by ``DIR/kiosk.yaml`` (issue 34): its buy switch, its RTP
variant for the game and its volume apply at start and again when the settings page saves; a
broken file is said with its file:line:col and its defaults are played."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_helpers import make_app

from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.buy_feature import BuyFeatureScene

SETTINGS = 'buy_features: false   # a jurisdiction without buys\nrtp_variants: {canyon-gold: "92"}\nvolume: 40\n'


def test_play_takes_the_buy_switch_the_variant_and_the_volume_from_kiosk_yaml(canyon_gold, tmp_path: Path) -> None:  # noqa: ANN001
    (tmp_path / "kiosk.yaml").write_text(SETTINGS)
    app = make_app(canyon_gold, data_dir=tmp_path)
    assert app.ctx.buy_features is False and app.session.rtp_variant == "92"
    assert app.ctx.audio.volume == 40
    app.press([Press(Button.BUY)])  # the card lists the ante alone: no buy is offered
    card = app.stack.top
    assert isinstance(card, BuyFeatureScene) and [row.kind for row in card.rows()] == ["ante"]
    card.finished = True
    app.run_frames(2)
    app.press([Press(Button.SPIN)])
    record = app.session.current
    assert record is not None and record.request.rtp_variant == "92"  # the round was played at 92%
    # the operator turns buys back on and picks 94: the next round plays so, without a restart
    from cabinet.kiosk.config import parse_config

    app.operator.apply_settings(parse_config('buy_features: true\nrtp_variants: {canyon-gold: "94"}\n', "kiosk.yaml"))
    assert app.ctx.buy_features is True and app.session.rtp_variant == "94"
    assert [row.kind for row in BuyFeatureScene(app.ctx).rows()] == ["buy", "ante"]


def test_the_command_lines_variant_wins_at_start(canyon_gold, tmp_path: Path) -> None:  # noqa: ANN001
    (tmp_path / "kiosk.yaml").write_text(SETTINGS)
    app = make_app(canyon_gold, data_dir=tmp_path, rtp_variants=(("canyon-gold", "94"),))
    assert app.session.rtp_variant == "94" and app.ctx.buy_features is False


def test_a_broken_kiosk_yaml_is_said_and_its_defaults_played(canyon_gold, tmp_path: Path,  # noqa: ANN001
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "kiosk.yaml").write_text('buy_features: maybe\nrtp_variants: {canyon-gold: "91"}\n')
    app = make_app(canyon_gold, data_dir=tmp_path)
    said = capsys.readouterr().err
    assert f"{tmp_path / 'kiosk.yaml'}:1:" in said and "defaults are played" in said
    assert app.ctx.buy_features is True and app.session.rtp_variant == ""
