"""The kiosk operator's terms for a shared progressive jackpot (issue 35, item 8): ``kiosk.yaml``
``jackpots:`` read and checked at file:line:col, kept with the pools in the critical store (across a
restart and a SIGKILL), shared by every game of the kiosk, retuning a running pool as an operator
expects (a new reset from the next hit, a lower cap at once with the excess to the reserve), shown
on the operator's meters and stated by ``cabinet par --kiosk``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from cabinet.core.bet import Bet
from cabinet.core.loader import load_definition
from cabinet.kiosk.config import KioskConfigError, parse_config, update_config_text
from cabinet.machine.session import DiskLedger, GameSession, MemoryLedger
from cabinet.services.jackpot_pool import KeptState, Pool, PoolTerms
from cabinet.services.ledger import JournaledLedger

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "games" / "jackpot"
LINE = GAMES / "toy-jackpot-line.yaml"  # toy_pool: seed 1000, reset 500, cap 2000, 3% of the cost
DRAW = GAMES / "toy-jackpot-draw.yaml"  # feeds toy_pool too (and its own gems pool)
HIT = (1, 0, 2)  # W W W on the top line: the line toy wins toy_pool
MISS = (0, 0, 2)
KIOSK = PoolTerms(seed=3000, reset=2500, cap=4000)


# --- kiosk.yaml --------------------------------------------------------------------------------------


def test_the_kiosk_config_reads_each_pools_terms() -> None:
    config = parse_config("jackpots:\n  toy_pool: {seed: 3000, reset: 2500, cap: 4000}\n"
                          "  gems: {seed: 100, reset: 50}\n", "k.yaml")
    assert config.jackpot_terms() == {"toy_pool": KIOSK, "gems": PoolTerms(100, 50, 0)}  # no cap: none
    assert parse_config("volume: 50\n", "k.yaml").jackpot_terms() == {}


@pytest.mark.parametrize(("text", "where", "says"), [
    ("jackpots:\n  toy_pool: {seed: -5, reset: 1}\n", "k.yaml:2:20", "seed must be a whole number of minor units"),
    ("jackpots:\n  toy_pool: {seed: '500.00', reset: 1}\n", "k.yaml:2:20", "(50000 is 500.00)"),
    ("jackpots:\n  toy_pool: {seed: 3000, reset: 2500, cap: 2000}\n", "k.yaml:2:13",
     "cap 2000 is below the seed (3000) or the reset value (2500)"),
    ("jackpots:\n  toy_pool: {seed: 3000}\n", "k.yaml:2:13", "give reset (cap is optional)"),
    ("jackpots:\n  toy_pool: {seed: 1, reset: 1, top: 9}\n", "k.yaml:2:33", "'top' is not a term"),
    ("jackpots:\n  toy_pool: 5000\n", "k.yaml:2:13", "expected {seed: N, reset: N, cap: N}"),
    ("jackpots: [toy_pool]\n", "k.yaml:1:11", "'jackpots' maps pool names to their terms"),
    ("jackpots:\n  toy_pool: {seed: 1, reset: 1}\n  toy_pool: {seed: 2, reset: 2}\n", "k.yaml:3:3", "listed twice"),
])
def test_bad_terms_are_refused_at_their_line_and_column(text: str, where: str, says: str) -> None:
    with pytest.raises(KioskConfigError) as info:
        parse_config(text, "k.yaml")
    found = [str(i) for i in info.value.issues]
    assert any(f.startswith(where + ":") and says in f for f in found), found


def test_a_bad_edit_is_refused_and_the_last_good_config_stays() -> None:
    good = "# the kiosk\njackpots:\n  toy_pool: {seed: 3000, reset: 2500, cap: 4000}\n"
    with pytest.raises(KioskConfigError):
        update_config_text(good, {"jackpots": "{toy_pool: {seed: 3000, reset: 2500, cap: 10}}"}, "k.yaml")
    edited = update_config_text(good, {"jackpots": "{toy_pool: {seed: 3000, reset: 2000}}"}, "k.yaml")
    assert edited.startswith("# the kiosk\n")
    assert parse_config(edited, "k.yaml").jackpot_terms() == {"toy_pool": PoolTerms(3000, 2000, 0)}


# --- the pool's terms --------------------------------------------------------------------------------


def test_a_cap_below_the_value_caps_at_once_and_the_excess_stays_metered() -> None:
    kept = KeptState({"p": Pool(1000, 500, 2000, value=Fraction(1800), funded=1000, contributed=Fraction(800),
                                contributions=10)})
    assert kept.set_terms({"p": PoolTerms(1000, 700, 1200)})
    pool = kept.pools["p"]
    assert (pool.value, pool.reserve, pool.reset, pool.cap) == (1200, 600, 700, 1200) and pool.balanced()
    pool.contribute(Fraction(50))  # past the cap: to the reserve
    assert (pool.value, pool.reserve) == (1200, 650)
    assert pool.hit() == 1200
    # the new reset (700) from this hit on, topped up from the reserve to the cap
    assert (pool.value, pool.reserve, pool.funded) == (1200, 150, 1700) and pool.balanced()
    assert not kept.set_terms({"p": PoolTerms(1000, 700, 1200)})  # the same terms: nothing to save


def test_a_new_reset_waits_for_the_next_hit_and_a_new_seed_for_a_new_pool() -> None:
    kept = KeptState({"p": Pool(1000, 500, 0, value=Fraction(1300), funded=1000, contributed=Fraction(300))})
    kept.set_terms({"p": PoolTerms(5000, 900, 0), "q": PoolTerms(70, 60, 0)})
    assert kept.pools["p"].value == 1300  # the running pool keeps its value: no refund, no top-up
    assert kept.seed_of("q", 10) == 70 and kept.seed_of("r", 10) == 10  # "q" not fed yet: the kiosk's seed
    assert kept.pools["p"].hit() == 1300 and kept.pools["p"].value == 900


def test_the_kiosk_terms_round_trip_and_an_old_store_reads_without_them() -> None:
    kept = KeptState()
    kept.set_terms({"toy_pool": KIOSK})
    assert KeptState.from_dict(kept.to_dict()).terms == {"toy_pool": KIOSK}
    assert "terms" not in KeptState().to_dict()
    with pytest.raises(ValueError, match="cap 10 is below"):
        KeptState.from_dict({"pools": {}, "meters": {}, "terms": {"p": {"seed": 50, "reset": 5, "cap": 10}}})


# --- every game of the kiosk -------------------------------------------------------------------------


def test_two_games_share_the_kiosks_terms() -> None:
    ledger = MemoryLedger(100_000)
    line = GameSession(load_definition(LINE), ledger=ledger, seed=1)
    draw = GameSession(load_definition(DRAW), ledger=ledger, seed=2)
    line.set_jackpot_terms({"toy_pool": KIOSK})  # set once, from either game
    assert line.jackpot_values()["toy_pool"] == draw.jackpot_values()["toy_pool"] == 3000  # the kiosk's seed
    line.set_bet(Bet(2, 1, 10))
    draw.begin_round(script=(0, 0, 0, 5))  # the draw game starts the pool: at the kiosk's seed, not its own
    draw.finish_round()
    pool = ledger.kept.pools["toy_pool"]
    assert (pool.seed, pool.reset, pool.cap, pool.funded) == (3000, 2500, 4000, 3000)
    line.begin_round(script=HIT)  # the line game wins it
    assert line.jackpot_won() == {"toy_pool": 3000}  # 3000 + 0.1 + 0.6
    line.finish_round()
    pool = ledger.kept.pools["toy_pool"]
    assert pool.value == 2500 + Fraction(7, 10) and pool.balanced()  # the kiosk's reset, not the game's 500
    assert draw.jackpot_values()["toy_pool"] == 2500


def test_the_operator_meters_show_the_kiosks_terms() -> None:
    from cabinet.presentation.scenes.operator.jackpot_rows import jackpot_rows

    session = GameSession(load_definition(LINE), ledger=MemoryLedger(10_000), seed=1)
    session.set_bet(Bet(2, 1, 10))
    session.begin_round(script=MISS)
    session.finish_round()
    rows = {label: master for label, master, _, _ in jackpot_rows(SimpleNamespace(session=session), str)}
    assert rows["JACKPOT TOY POOL SEED / RESET / CAP"] == "1000 / 500 / 2000"  # the game's
    session.set_jackpot_terms({"toy_pool": PoolTerms(1000, 400, 0)})
    rows = {label: master for label, master, _, _ in jackpot_rows(SimpleNamespace(session=session), str)}
    assert rows["JACKPOT TOY POOL KIOSK SEED / RESET / CAP"] == "1000 / 400 / NONE"


def test_par_states_the_kiosks_terms_beside_the_games_contribution() -> None:
    from cabinet.commands.par_jackpot import jackpot_terms

    defn = load_definition(LINE)
    config = parse_config("jackpots:\n  toy_pool: {seed: 3000, reset: 2500, cap: 4000}\n", "k.yaml")
    lines, entries = jackpot_terms(defn, config)
    assert entries == [{"pool": "toy_pool", "contribution_rate": "3/100", "seed": 3000, "reset": 2500, "cap": 4000,
                        "terms_from": "kiosk"}]
    assert "contribution 3% of each base round's cost (the game's)" in lines[0] and "30.00" in lines[0]
    _, own = jackpot_terms(defn, parse_config("", "k.yaml"))
    assert (own[0]["seed"], own[0]["reset"], own[0]["cap"], own[0]["terms_from"]) == (1000, 500, 2000, "game")


# --- kept across a restart and a kill ----------------------------------------------------------------


def test_the_terms_are_kept_across_a_restart(tmp_path: Path) -> None:
    ledger = JournaledLedger.open(tmp_path, starting_credits=10_000)
    session = GameSession(load_definition(LINE), ledger=DiskLedger(ledger), seed=1)
    session.set_jackpot_terms({"toy_pool": KIOSK})
    ledger.close()  # no round played: the terms alone were saved
    again = JournaledLedger.open(tmp_path)
    assert again.kept.terms == {"toy_pool": KIOSK}
    session = GameSession(load_definition(DRAW), ledger=DiskLedger(again), seed=2)
    assert session.jackpot_values()["toy_pool"] == 3000
    again.close()


CHILD = textwrap.dedent("""
    import sys, time
    from cabinet.core.bet import Bet
    from cabinet.core.loader import load_definition
    from cabinet.machine.session import DiskLedger, GameSession
    from cabinet.services.jackpot_pool import PoolTerms
    from cabinet.services.ledger import JournaledLedger
    folder, game = sys.argv[1], sys.argv[2]
    ledger = JournaledLedger.open(folder, starting_credits=100_000, session_seed=5)
    session = GameSession(load_definition(game), ledger=DiskLedger(ledger), seed=5)
    session.set_jackpot_terms({"toy_pool": PoolTerms(3000, 2500, 4000)})
    session.set_bet(Bet(2, 1, 10))
    session.begin_round(script=(0, 0, 2))
    session.finish_round()
    session.begin_round(script=(1, 0, 2))
    print("WON", flush=True)
    time.sleep(60)
""")


def test_a_kill_before_the_jackpot_is_paid_settles_it_on_the_kiosks_terms(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path), str(LINE)], stdout=subprocess.PIPE,
                            text=True, env=env, cwd=ROOT)
    assert proc.stdout is not None
    said = proc.stdout.readline().strip()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert said == "WON"
    ledger = JournaledLedger.open(tmp_path)
    session = GameSession(load_definition(LINE), ledger=DiskLedger(ledger), seed=5)
    recovered = session.recover()
    if recovered is not None and recovered.status == "resumed":
        session.finish_round()
    kept = ledger.kept
    pool = kept.pools["toy_pool"]
    assert kept.terms == {"toy_pool": KIOSK}
    # seeded at the kiosk's 3000, two rounds of 0.6, hit once: paid 3001, restarted at the kiosk's 2500
    assert (pool.hits, pool.paid, pool.funded, pool.value) == (1, 3001, 5500, 2500 + Fraction(1, 5))
    assert pool.balanced() and ledger.balanced()
    ledger.close()


def test_the_kiosk_applies_its_terms_at_start_and_when_the_settings_are_saved(tmp_path: Path) -> None:
    from cabinet.app import AppOptions
    from cabinet.kiosk.catalog import load_entries
    from cabinet.kiosk.shell import Shell, ShellOptions

    entries, _ = load_entries([str(LINE), str(DRAW)])
    shell = Shell(entries, AppOptions(size=(640, 360), seed=2, headless=True, data_dir=tmp_path),
                  ShellOptions(lobby=True, kiosk=True, jackpots=(("toy_pool", KIOSK),)))
    shell.start()
    shown = shell._lobby_jackpots()
    assert ("JACKPOT", "€30.00") in shown and ("JACKPOT", "€10.00") not in shown  # no game opened yet: the kiosk's seed
    assert shell.open_game(0)
    session = shell.app.session
    assert session.ledger.kept.terms == {"toy_pool": KIOSK}  # saved with the pools on opening
    assert session.jackpot_values()["toy_pool"] == 3000
    config = parse_config("jackpots:\n  toy_pool: {seed: 3000, reset: 2000, cap: 3500}\n", "k.yaml")
    shell._apply_settings(config)  # the SETTINGS page saved: the open game and the store take it at once
    assert session.ledger.kept.terms == {"toy_pool": PoolTerms(3000, 2000, 3500)}  # saved: the ledger's state
    logged = [e for e in shell.operator.events.entries if e.kind == "jackpot_terms"]
    assert [e.text for e in logged] == ["jackpot terms: toy_pool: seed 3000, reset 2500, cap 4000",
                                        "jackpot terms: toy_pool: seed 3000, reset 2000, cap 3500"]
    shell.open_game(1)  # the other game: the same terms, nothing changed, nothing logged
    assert shell.app.session.jackpot_values()["toy_pool"] == 3000
    assert len([e for e in shell.operator.events.entries if e.kind == "jackpot_terms"]) == 2


def test_the_settings_page_sets_a_pools_terms_and_refuses_a_cap_below_them(tmp_path: Path) -> None:
    from cabinet.app import App, AppOptions
    from cabinet.kiosk.operator import OperatorServices
    from cabinet.machine.buttons import Button, Press
    from cabinet.paths import use_game_folders
    from cabinet.presentation.scenes.operator.settings import SettingsPage

    use_game_folders([GAMES])
    try:
        (tmp_path / "kiosk.yaml").write_text("# test kiosk\n")
        services = OperatorServices(tmp_path, config_path=tmp_path / "kiosk.yaml")
        app = App(load_definition(LINE), AppOptions(size=(640, 360), seed=3, headless=True, data_dir=tmp_path,
                                                    operator=services))
        app.start()
        app.press([Press(Button.OPERATOR)])
        app.run_frames(2)
        app.press([Press(Button.ITEM, 7)])
        app.run_frames(2)
        page = app.stack.top.page  # type: ignore[attr-defined]
        assert isinstance(page, SettingsPage)
        rows = dict(page.rows())
        assert (rows["JACKPOT TOY POOL SEED"], rows["JACKPOT TOY POOL RESET"], rows["JACKPOT TOY POOL CAP"]) == \
            ("€10.00", "€5.00", "NONE")  # the first game's (toy-jackpot-draw) own terms; steps of 1.00
        labels = [what for what, _ in page.rows()]
        page.cursor = labels.index("JACKPOT TOY POOL CAP")
        for _ in range(5):
            app.press([Press(Button.RIGHT)])  # none -> 5.00: below the seed
        page.cursor = len(labels) - 1  # SAVE
        app.press([Press(Button.CONFIRM)])
        assert page.message_bad and "CAP 500 IS BELOW THE SEED (1000)" in page.message
        assert (tmp_path / "kiosk.yaml").read_text() == "# test kiosk\n"  # nothing written: the last good file
        page.cursor = labels.index("JACKPOT TOY POOL CAP")
        for _ in range(25):
            app.press([Press(Button.RIGHT)])  # 5.00 -> 30.00
        page.cursor = labels.index("JACKPOT TOY POOL RESET")
        app.press([Press(Button.RIGHT)])  # 5.00 -> 6.00
        page.cursor = len(labels) - 1
        app.press([Press(Button.CONFIRM)])
        assert not page.message_bad, page.message
        assert (tmp_path / "kiosk.yaml").read_text() == \
            "# test kiosk\njackpots: {toy_pool: {seed: 1000, reset: 600, cap: 3000}}\n"
        assert app.session.ledger.kept.terms == {"toy_pool": PoolTerms(1000, 600, 3000)}  # applied at once
    finally:
        use_game_folders([])


def test_cabinet_play_takes_the_data_folders_kiosk_terms_and_a_broken_file_keeps_the_last(tmp_path: Path) -> None:
    from cabinet.app import App, AppOptions

    (tmp_path / "kiosk.yaml").write_text("jackpots:\n  toy_pool: {seed: 3000, reset: 2500, cap: 4000}\n")
    app = App(load_definition(LINE), AppOptions(size=(640, 360), seed=3, headless=True, data_dir=tmp_path))
    app.start()
    assert app.session.ledger.kept.terms == {"toy_pool": KIOSK} and app.session.jackpot_values()["toy_pool"] == 3000
    app.session.ledger.close()
    (tmp_path / "kiosk.yaml").write_text("jackpots:\n  toy_pool: {seed: 3000, reset: 2500, cap: 10}\n")
    again = App(load_definition(DRAW), AppOptions(size=(640, 360), seed=3, headless=True, data_dir=tmp_path))
    again.start()  # kiosk.yaml has a mistake: not used (logged), the terms saved last stay in force
    assert again.session.ledger.kept.terms == {"toy_pool": KIOSK}
    assert any("cap 10 is below" in e.text for e in again.operator.events.entries if e.kind == "malfunction")
