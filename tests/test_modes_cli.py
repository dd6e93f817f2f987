"""--mode and --rtp-variant on the command line (issue 34), on the toy game of tests/test_modes.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cabinet.cli import main

TOY = str(Path(__file__).parent / "games" / "modes" / "toy-modes.yaml")


def test_par_json_lists_every_mode_and_variant(capsys):
    assert main(["par", TOY, "--json", "--mode", "buy", "--rtp-variant", "lean", "--samples", "4"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "buy" and data["rtp_variant"] == "lean" and data["cost"] == "20"
    assert data["total"] == {"exact": True, "value": "0.2703125"}
    assert list(data["modes"]) == ["base", "ante", "buy", "super_buy"]
    assert data["modes"]["ante"]["total"] == {"exact": True, "value": "0.6703125"}
    assert not data["modes"]["super_buy"]["exact"]  # its cap is reachable: an estimate
    assert data["rtp_variants"]["lean"]["total"] == {"exact": True, "value": "0.4438476562"}  # 10 places
    assert data["cap"]["reachable"] is False and data["cap"]["max_win_x"] == 400


def test_par_text_names_the_mode_and_its_cost(capsys):
    assert main(["par", TOY, "--mode", "ante", "--samples", "4"]) == 0
    out = capsys.readouterr().out
    assert "bet mode         ante (a round costs 5/4 x the base bet), RTP variant standard" in out
    assert "total RTP        67.031250% (exact)" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--mode", "turbo"], "Toy Modes has no bet mode 'turbo' (modes: base, ante, buy, super_buy)"),
    (["--rtp-variant", "96"], "Toy Modes has no RTP variant '96' (variants: lean, standard)"),
])
def test_an_unknown_mode_or_variant_is_refused_by_name(capsys, args, message):
    assert main(["simulate", TOY, "--spins", "100", *args]) != 0
    assert message in capsys.readouterr().err


def test_simulate_json_says_the_mode_and_what_a_round_cost(capsys):
    assert main(["simulate", TOY, "--spins", "2000", "--mode", "ante", "--json", "--top", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "ante" and data["rtp_variant"] == "standard" and data["cost"] == 5
