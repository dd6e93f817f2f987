"""The operator's side of bet modes (issue 34): meters per mode (rounds, in, out) kept in the audit
and rebuilt from history like the other meters, the kiosk's ``buy_features`` and per-game
``rtp_variants`` (checked with file:line:col, chosen on the SETTINGS page, logged), and the
kiosk applying them to the games it opens."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cabinet.app import App, AppOptions
from cabinet.core.loader import load_game
from cabinet.kiosk.catalog import load_entries
from cabinet.kiosk.config import KioskConfigError, parse_config, update_config_text
from cabinet.kiosk.operator import OperatorServices
from cabinet.kiosk.shell import Shell, ShellOptions
from cabinet.machine.buttons import Button, Press
from cabinet.machine.startup import open_cabinet
from cabinet.paths import use_game_folders
from cabinet.presentation.scenes.operator.meters import MetersPage
from cabinet.presentation.scenes.operator.settings import SettingsPage
from cabinet.services.audit import AUDIT_NAME, Audit, Counters

MODES_FOLDER = Path(__file__).resolve().parent / "games" / "modes"
BUY = "buy_free_spins"


@pytest.fixture
def mode_games() -> Iterator[None]:
    """The toy games with modes among the kiosk's games (an owner's games folder)."""
    use_game_folders([MODES_FOLDER])
    try:
        yield
    finally:
        use_game_folders([])


def play(folder: Path, defn: object, plan: list[str]) -> tuple[OperatorServices, object]:
    services = OperatorServices(folder)
    opened = open_cabinet(defn, folder, seed=34, start_credits=10_000_000)  # type: ignore[arg-type]
    session = opened.session
    assert session is not None
    services.opened(opened, session)
    for mode in plan:
        session.begin_round(mode=mode)
        session.finish_round()
        services.audit.catch_up(session.recent(50))
    return services, session


# -- meters per mode --------------------------------------------------------------------------------


def test_the_audit_meters_each_mode_and_its_sums_are_the_games(cabinet_modes, tmp_path: Path) -> None:  # noqa: ANN001
    plan = ["base"] * 6 + ["ante"] * 5 + [BUY] * 2 + ["base"] * 3
    services, session = play(tmp_path, cabinet_modes, plan)
    records = session.recent(50)  # type: ignore[attr-defined]
    master = services.audit.games["cabinet-modes"].master
    for mode in ("base", "ante", BUY):
        mine = [r for r in records if r.request.mode == mode]
        assert master.modes[mode] == {"rounds": len(mine), "total_in": sum(r.cost for r in mine),
                                      "total_out": sum(r.win for r in mine)}
    assert master.modes["ante"]["total_in"] == 5 * 125 and master.modes[BUY]["total_in"] == 2 * 1_700
    assert sum(m["rounds"] for m in master.modes.values()) == master.games_played == len(plan)
    assert sum(m["total_in"] for m in master.modes.values()) == master.total_bet
    assert sum(m["total_out"] for m in master.modes.values()) == master.total_won
    saved = Audit.open(tmp_path).games["cabinet-modes"]  # written with the rest, atomically
    assert saved.master.modes == master.modes and saved.period.modes == master.modes
    (tmp_path / AUDIT_NAME).unlink()  # lost (or kept aside as damaged): history rebuilds it
    rebuilt = Audit.open(tmp_path)
    rebuilt.catch_up(records)
    assert rebuilt.games["cabinet-modes"].master.modes == master.modes
    services.audit.reset_period()
    assert services.audit.games["cabinet-modes"].period.modes == {} and master.modes[BUY]["rounds"] == 2


def test_an_audit_file_from_before_modes_reads_and_a_bad_mode_count_is_refused() -> None:
    old = Counters(games_played=2, total_bet=200).to_dict()
    assert "modes" not in old  # a game never metered by mode writes what it wrote before
    assert Counters.from_dict(old).modes == {}
    with pytest.raises(ValueError, match="must not be negative"):
        Counters.from_dict({**old, "modes": {"ante": {"rounds": 1, "total_in": -5, "total_out": 0}}})
    with pytest.raises(ValueError, match="must hold rounds, total_in, total_out"):
        Counters.from_dict({**old, "modes": {"ante": {"rounds": 1}}})


def test_the_meters_page_shows_a_row_per_mode(cabinet_modes, tmp_path: Path) -> None:  # noqa: ANN001
    services = OperatorServices(tmp_path)
    app = App(cabinet_modes, AppOptions(size=(640, 360), seed=34, headless=True, operator=services,
                                        data_dir=tmp_path))
    app.start()
    for mode in ["base", "ante", "ante", BUY]:
        app.session.begin_round(mode=mode)
        app.session.finish_round()
    app.run_frames(2)
    app.press([Press(Button.OPERATOR)])
    app.run_frames(2)
    app.press([Press(Button.ITEM, 0)])
    app.run_frames(2)
    page = app.stack.top.page  # type: ignore[attr-defined]
    assert isinstance(page, MetersPage) and page.game_id == "cabinet-modes"
    rows = {what: (m, p) for what, m, p, _ in page.rows()}
    master = services.audit.games["cabinet-modes"].master.modes
    ante = master["ante"]
    assert rows["MODE ANTE BET: ROUNDS / IN / OUT"][0] == f"2 / €2.50 / €{ante['total_out'] / 100:.2f}"
    assert rows["MODE BUY FREE SPINS: ROUNDS / IN / OUT"][0].startswith("1 / €17.00 / €")
    assert rows["MODE BASE GAME: ROUNDS / IN / OUT"][0].startswith("1 / €1.00 / €")


# -- the kiosk's settings ---------------------------------------------------------------------------


def test_kiosk_yaml_takes_buy_features_and_rtp_variants_and_names_each_mistake(mode_games: None) -> None:
    config = parse_config('buy_features: false\nrtp_variants: {cabinet-modes: "low"}\n', "k.yaml")
    assert config.buy_features is False and config.variant_of("cabinet-modes") == "low"
    assert config.variant_of("classic") == "" and parse_config("", "k.yaml").buy_features is True
    with pytest.raises(KioskConfigError) as bad:
        parse_config("buy_features: maybe\nrtp_variants:\n  cabinet-modes: high\n  classic: '96'\n"
                     "  nowhere: '1'\n", "k.yaml")
    assert [str(i) for i in bad.value.issues] == [
        "k.yaml:1:15: buy_features: expected true or false, got 'maybe'",
        "k.yaml:3:18: rtp_variants: cabinet-modes has no variant 'high' (its variants: 'low', 'std')",
        "k.yaml:4:12: rtp_variants: classic has no variant '96' (its variants: none: its YAML lists no "
        "rtp_variants)",
        bad.value.issues[3].__str__(),
    ]
    assert str(bad.value.issues[3]).startswith("k.yaml:5:3: rtp_variants: unknown game 'nowhere'")
    text = "# my kiosk\nbuy_features: true   # jurisdiction allows\nrtp_variants: {cabinet-modes: \"std\"}\n"
    new = update_config_text(text, {"buy_features": "false", "rtp_variants": '{cabinet-modes: "low"}'}, "k.yaml")
    assert new == "# my kiosk\nbuy_features: false   # jurisdiction allows\nrtp_variants: {cabinet-modes: \"low\"}\n"


def test_the_settings_page_switches_buys_and_chooses_a_variant_saved_and_logged(
        mode_games: None, tmp_path: Path) -> None:
    (tmp_path / "kiosk.yaml").write_text("# test kiosk\nidle_seconds: 60  # a minute\n")
    services = OperatorServices(tmp_path, config_path=tmp_path / "kiosk.yaml")
    app = App(load_game("classic"), AppOptions(size=(640, 360), seed=3, headless=True, data_dir=tmp_path,
                                               operator=services))
    app.start()
    app.press([Press(Button.OPERATOR)])
    app.run_frames(2)
    app.press([Press(Button.ITEM, 7)])
    app.run_frames(2)
    page = app.stack.top.page  # type: ignore[attr-defined]
    assert isinstance(page, SettingsPage)
    rows = dict(page.rows())
    assert rows["BUY FEATURES (BONUS BUYS)"] == "ON"
    assert rows["RTP VARIANT: CABINET MODES"] == "STD (95.59%) - THE GAME'S DEFAULT"
    labels = [what for what, _ in page.rows()]
    page.cursor = labels.index("BUY FEATURES (BONUS BUYS)")
    app.press([Press(Button.CONFIRM)])
    page.cursor = labels.index("RTP VARIANT: CABINET MODES")
    app.press([Press(Button.LEFT)])  # std -> low
    app.run_frames(2)
    rows = dict(page.rows())
    assert rows["BUY FEATURES (BONUS BUYS)"] == "OFF" and rows["RTP VARIANT: CABINET MODES"] == "LOW (79.20%)"
    page.cursor = len(labels) - 1  # SAVE
    app.press([Press(Button.CONFIRM)])
    assert not page.message_bad, page.message
    assert (tmp_path / "kiosk.yaml").read_text() == ('# test kiosk\nidle_seconds: 60  # a minute\n'
                                                     'buy_features: false\nrtp_variants: {cabinet-modes: "low"}\n')
    kinds = [(e.kind, e.data) for e in services.events.entries[-2:]]
    assert kinds[0][0] == "settings_changed"
    assert kinds[1] == ("rtp_variant", {"game": "cabinet-modes", "before": "", "after": "low"})
    assert services.events.entries[-1].text == "cabinet-modes: RTP variant default -> low"


def test_the_kiosk_plays_each_game_at_its_variant_and_turns_buys_off(mode_games: None, tmp_path: Path) -> None:
    entries = [e for e in load_entries()[0] if e.id == "cabinet-modes"]
    shell = Shell(entries, AppOptions(size=(640, 360), seed=2, headless=True, data_dir=tmp_path),
                  ShellOptions(lobby=False, kiosk=True, buy_features=False,
                               rtp_variants=(("cabinet-modes", "low"),)))
    shell.start()
    app = shell.app
    assert app is not None and app.ctx.buy_features is False and app.session.rtp_variant == "low"
    app.press([Press(Button.SPIN)])
    assert app.session.current is not None and app.session.current.request.rtp_variant == "low"
    config = parse_config('buy_features: true\nrtp_variants: {cabinet-modes: "std"}\n', "k.yaml")
    shell._apply_settings(config)  # the SETTINGS page saved: the open game takes it at once
    assert app.ctx.buy_features is True and app.session.rtp_variant == "std"
