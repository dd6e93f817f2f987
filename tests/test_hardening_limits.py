"""Issue 16: absurd input values and sizes, each refused in one line (defects 6-11), and a paid
respin that is never a bargain (defect 13)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.core import limits
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.paths import games_dir

CLASSIC = (games_dir() / "classic.yaml").read_text(encoding="utf-8")


def issues_of(text: str) -> list[str]:
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text, "g.yaml")
    return [str(i) for i in info.value.issues]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1, err
    assert "internal error" not in err[0] and "Traceback" not in err[0]
    return err[0]


# --- defects 7-9: sane ranges in the definition --------------------------------------------------------


def test_the_shipped_games_are_within_every_limit() -> None:
    for path in sorted(games_dir().glob("*.yaml")):
        defn = load_game(path)
        assert limits.check_limits(defn) == [], path.name


def test_a_pay_of_ten_to_the_400_is_refused_at_its_place_in_one_short_line() -> None:
    text = CLASSIC.replace("CHERRY:     {2: 4,", "CHERRY:     {2: 1" + "0" * 400 + ",")
    (issue,) = issues_of(text)
    assert issue.startswith(f"g.yaml:{line_of(text, 'CHERRY:     {2:')}:")
    assert "MAX_LINE_PAY_COINS" in issue and len(issue) < 200  # the 401 digits are not echoed


def test_scatter_pays_and_prizes_are_capped_as_multiples_of_the_bet() -> None:
    text = CLASSIC.replace("STAR:       {3: 2,", f"STAR:       {{3: {limits.MAX_PAY_X_BET + 1},")
    (issue,) = issues_of(text)
    assert "MAX_PAY_X_BET" in issue
    at_cap = CLASSIC.replace("STAR:       {3: 2,", f"STAR:       {{3: {limits.MAX_PAY_X_BET},")
    load_definition_text(at_cap)  # the cap itself is allowed


def test_a_billion_free_spins_is_refused() -> None:
    text = CLASSIC.replace("awards: {3: 10,", "awards: {3: 1000000000,")
    (issue,) = issues_of(text)
    assert f"g.yaml:{line_of(text, 'awards: {3: 1000000000')}:" in issue and "MAX_AWARD_SPINS" in issue


def test_a_feature_whose_retriggers_never_end_is_refused() -> None:
    # STAR on every stop of the first three reels: every free spin retriggers 10 more
    lines = CLASSIC.splitlines()
    strips = [i for i, line in enumerate(lines) if line.startswith('    - "')][:3]
    for i in strips:
        lines[i] = '    - "STAR STAR STAR"'
    text = "\n".join(lines) + "\n"
    problems = issues_of(text)
    assert any("would never end" in p and "MAX_EXPECTED_FEATURE_SPINS" in p for p in problems), problems
    load_definition_text(text.replace("    awards: {3: 10", "    retrigger: false\n    awards: {3: 10"))  # no retrigger: fine


def test_the_expected_feature_length_counts_retriggers() -> None:
    defn = load_game("classic")
    (fs,) = defn.features
    rate = limits.retrigger_rate(defn, fs)
    assert 0 < rate < 1
    # a long award on the same strips is refused once its expected length passes the cap
    longest = int(limits.MAX_EXPECTED_FEATURE_SPINS * (1 - rate)) + 1
    if longest <= limits.MAX_AWARD_SPINS:
        text = CLASSIC.replace("awards: {3: 10, 4: 12, 5: 15}", f"awards: {{3: 10, 4: 12, 5: {longest}}}")
        assert any("MAX_EXPECTED_FEATURE_SPINS" in p for p in issues_of(text))


def test_a_strip_of_1_4_million_stops_is_refused_before_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    from cabinet.core import loader

    read = []
    original = loader._Load._scalar_tokens

    def counting(self, node):  # noqa: ANN001, ANN202 - the loader's own signature
        for token in original(self, node):
            read.append(token)
            yield token

    monkeypatch.setattr(loader._Load, "_scalar_tokens", counting)
    lines = CLASSIC.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith('    - "'))
    for strip in ("PLUM LEMON GRAPES CHERRY ORANGE SEVEN STAR " * 200_000, "PLUM*1000 LEMON*1000 STAR " * 700):
        lines[first] = f'    - "{strip.strip()}"'
        text = "\n".join(lines) + "\n"
        read.clear()
        (issue,) = issues_of(text)
        assert issue.startswith(f"g.yaml:{first + 1}:7:") and "MAX_STRIP_STOPS" in issue
        assert len(read) < 1000  # refused without reading the strip token by token
    # and a stack that crosses the cap is refused as the stops are counted out
    lines[first] = '    - "' + "PLUM*999 STAR*2" + '"'
    assert any("MAX_STRIP_STOPS" in p for p in issues_of("\n".join(lines) + "\n"))


def test_check_names_the_limit_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "huge.yaml"
    game.write_text(CLASSIC.replace("awards: {3: 10,", "awards: {3: 1000000000,"), encoding="utf-8")
    assert main(["check", str(game)]) == 1
    assert "MAX_AWARD_SPINS" in capsys.readouterr().out


def test_every_cap_is_named_in_the_format_reference() -> None:
    reference = (games_dir() / "README.md").read_text(encoding="utf-8")
    section = reference.split("## Limits", 1)[1].split("\n## ", 1)[0]
    caps = {name: value for name, value in vars(limits).items() if name.startswith("MAX_")}
    assert len(caps) >= 10
    for name, value in caps.items():
        row = next((line for line in section.splitlines() if f"`{name}`" in line), "")
        assert row, f"{name} is not in games/README.md's Limits section"
        assert f"{value:,}" in row or str(value) in row, f"{name}: the README does not give {value}"


# --- defect 6: window sizes ------------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["shot", "classic", "--out", "{tmp}/x.png"],
    ["play", "classic", "--headless", "--frames", "1"],
    ["kiosk", "--headless", "--frames", "1", "--data-dir", "{tmp}/k"],
])
@pytest.mark.parametrize("size", ["99999x99999", "3841x2160", "4000x4000"])
def test_a_size_beyond_the_layout_is_one_line_and_exit_2(
    argv: list[str], size: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv] + ["--size", size]
    assert main(args) == 2
    err = one_line_error(capsys)
    assert "--size" in err and size in err and "3840" in err
    assert not (tmp_path / "x.png").exists()


def test_sizes_the_layout_supports_still_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from cabinet.presentation.layout import MAX_PIXELS, MAX_SIDE, size_problem

    assert size_problem((3840, 2160)) is None and size_problem((2160, 3840)) is None
    assert size_problem((200, 100)) is None  # below the minimum: enlarged, not refused
    assert size_problem((MAX_SIDE, MAX_PIXELS // MAX_SIDE + 1)) is not None
    assert main(["shot", "classic", "--out", str(tmp_path / "small.png"), "--size", "200x100"]) == 0
    assert "640x360" in capsys.readouterr().out


# --- defect 10: an unwritable --out ----------------------------------------------------------------------


@pytest.mark.parametrize("out", ["/proc/nope/x.png", "/proc/x.png"])
def test_an_unwritable_out_is_one_line_and_exit_2(out: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["shot", "classic", "--out", out]) == 2
    assert out in one_line_error(capsys)


def test_an_out_that_is_a_folder_is_refused_before_rendering(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cabinet.commands import shot

    monkeypatch.setattr(shot, "render", lambda *a: pytest.fail("rendered before the path was checked"))
    assert main(["shot", "classic", "--out", str(tmp_path)]) == 2
    assert "folder" in one_line_error(capsys)


# --- defect 11: --credits ----------------------------------------------------------------------------------


@pytest.mark.parametrize("amount", ["1e400", "10^30", "1E3", "1,000", "-5", "+5", "0x10", "nan", "Infinity",
                                    " ", "1_000", "1000000.01", "99999999999999"])
def test_credits_are_plain_decimals_up_to_the_maximum(amount: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "classic", "--headless", "--frames", "0", "--credits", amount]) == 2
    assert "--credits" in one_line_error(capsys)


def test_plain_credits_still_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    top = f"{limits.MAX_CREDITS_MAJOR}.00"
    assert main(["play", "classic", "--headless", "--frames", "0", "--credits", top,
                 "--data-dir", str(tmp_path / "d")]) == 0
    assert json.loads(capsys.readouterr().out)["credits"] == limits.MAX_CREDITS_MAJOR * 100
    assert limits.parse_credits("50.5", 2) == 5050 and limits.parse_credits("200", 0) == 200


def test_kiosk_start_credits_follow_the_same_rule() -> None:
    from cabinet.kiosk.config import KioskConfigError, parse_config

    assert parse_config('start_credits: "250.00"\n', "k.yaml").start_credits == "250.00"
    for bad in ('"1e400"', '"10000000"'):
        with pytest.raises(KioskConfigError) as info:
            parse_config(f"start_credits: {bad}\n", "k.yaml")
        assert str(info.value.issues[0]).startswith("k.yaml:1:16: start_credits")


# --- defect 13: a paid respin is never a bargain ------------------------------------------------------------


def test_a_paid_respin_never_costs_less_than_its_value_over_the_rtp_at_any_coin_value() -> None:
    """Many base screens at every coin value of Retro Reels (20 lines x 1 coin, where half-up
    rounding let one worth 1.38 cents cost 1 cent, and two other bets): every reel's price is
    at least its exact expected value divided by the game's RTP, and at most one coin above it."""
    from cabinet.core.bet import Bet
    from cabinet.core.features import paid_respin
    from cabinet.core.rng import derive_seed
    from cabinet.core.round import RoundRequest, play_round

    defn = load_game("retro-reels-diamond-glitz")
    offers = bargains_if_half_up = 0
    for coin in defn.bet.coin_values:
        for bet in (Bet(20, 1, coin), Bet(1, 1, coin), Bet(10, 3, coin)):
            for i in range(25):
                result = play_round(defn, RoundRequest(bet, derive_seed(16, i)))
                if result.respin_prices is None:
                    continue
                for reel, price in enumerate(result.respin_prices):
                    fair = paid_respin.respin_value(defn, bet, result.final_reel_set, result.final_stops, reel)
                    fair /= defn.rtp
                    offers += 1
                    assert price >= fair, (coin, bet, i, reel)
                    assert price < fair + coin or price == coin  # rounded up by less than a coin
                    half_up = max(1, (fair / coin + Fraction(1, 2)).__floor__()) * coin
                    bargains_if_half_up += half_up < fair
    assert offers > 1000
    assert bargains_if_half_up > 0  # these screens do catch the old rounding
