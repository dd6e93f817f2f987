"""Issue 15, the largest wins replayed: ``cabinet play GAME --round SEED`` and the designer's
top rounds (``--top-rounds FILE``) play a round from its seed at its bet as a real round whose
request says ``forced_by="round"``; the journal keeps it, history marks it FORCED: ROUND
<seed>, and records from before the field still load."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pygame
import pytest

from cabinet.app import App, AppOptions
from cabinet.cli import main
from cabinet.core.bet import Bet, default_bet
from cabinet.core.loader import load_game
from cabinet.core.money import parse_money
from cabinet.core.rng import derive_seed
from cabinet.core.round import RoundRequest, play_round
from cabinet.designer.top_rounds import TopRoundsScene, load_top_rounds, top_rounds_from_json
from cabinet.errors import CabinetError
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.record_text import MARK_COLOURS, marks
from cabinet.presentation.scenes.history import HistoryScene
from cabinet.services.atomic import canonical_json
from cabinet.services.history import HISTORY_NAME, History
from cabinet.services.journal import JOURNAL_NAME, Journal, encode_record, request_from_dict, request_to_dict

SMALL = (960, 540)
BLUE = MARK_COLOURS["FORCED"]


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


def journal_requests(folder: Path) -> list[dict[str, Any]]:
    lines = (folder / JOURNAL_NAME).read_text().splitlines()
    return [json.loads(line)["data"]["request"] for line in lines if json.loads(line)["type"] == "begin"]


def open_history(folder: Path, size: tuple[int, int] = SMALL) -> tuple[App, HistoryScene]:
    app = App(load_game("classic"), AppOptions(size=size, headless=True, data_dir=folder))
    app.start()
    scene = HistoryScene(app.ctx)
    app.stack.push(scene)
    app.run_frames(2)
    return app, scene


def blue_share(app: App, box: Any) -> float:
    """The share of a box's pixels in the FORCED pill's colour."""
    pixels = pygame.surfarray.array3d(app.screen)[box.x:box.x + box.w, box.y:box.y + box.h]
    return float(np.all(pixels == BLUE, axis=2).mean())


# --- cabinet play --round: journal, history, the history screen ------------------------------------


def test_a_round_replay_is_forced_in_the_journal_and_in_history(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    defn = load_game("classic")
    bet = Bet(10, 2, 10)  # not the default: the replay plays at the bet it is given
    seed = derive_seed(3, 4_711)
    expected = play_round(defn, RoundRequest(bet, seed)).total_win
    code, out, _ = run_cli(["play", "classic", "--headless", "--round", str(seed), "--bet", "10x2x0.10",
                            "--data-dir", str(tmp_path)], capsys)
    assert code == 0 and json.loads(out)["rounds"] == 1 and json.loads(out)["total_won"] == expected
    [begun] = journal_requests(tmp_path)
    assert begun["forced_by"] == "round" and begun["seed"] == seed
    [record] = History.open(tmp_path / HISTORY_NAME).records
    assert record.request == RoundRequest(bet, seed, forced_by="round") and record.request.forced
    assert record.win == expected and record.cost == bet.total
    assert marks(record) == [f"FORCED: ROUND {seed}"]

    # A drawn round after it, on the same folder: not forced, no mark.
    script = tmp_path / "spin.yaml"
    script.write_text("- {press: SPIN}\n")
    code, _, _ = run_cli(["play", "classic", "--headless", "--script", str(script), "--seed", "5",
                          "--data-dir", str(tmp_path)], capsys)
    assert code == 0
    drawn, forced = History.open(tmp_path / HISTORY_NAME).latest(2)
    assert not drawn.request.forced and marks(drawn) == [] and "forced_by" not in journal_requests(tmp_path)[1]

    app, scene = open_history(tmp_path)
    try:
        lines = scene.lines()  # newest first: the drawn round, then the replay
        assert lines[1].endswith("FORCED: ROUND") and "FORCED" not in lines[0]
        rows = scene.row_boxes()
        assert blue_share(app, rows[1]) > 0.03 and blue_share(app, rows[0]) == 0.0  # the pill, in its row only
        _, card = scene._areas()
        assert blue_share(app, card) == 0.0  # the card shows the chosen (drawn) round: no mark
        scene.select(1)
        app.run_frames(1)
        assert blue_share(app, card) > 0.005  # ...and the replay's mark once it is chosen
    finally:
        app.close()


def test_a_replay_interrupted_mid_round_is_still_forced_after_recovery(tmp_path: Path) -> None:
    defn = load_game("classic")
    bet = default_bet(defn)
    seed = derive_seed(3, 112_679)
    app = App(defn, AppOptions(size=SMALL, headless=True, data_dir=tmp_path, forced_round=(seed, bet)))
    app.start()
    app.run_frames(20)
    assert app.session.in_round
    app.close()  # the power goes: the round is journaled, not finished
    again = App(defn, AppOptions(size=SMALL, headless=True, data_dir=tmp_path))
    again.start()
    try:
        assert again.session.in_round and again.session.current.request.forced_by == "round"
        again.draw()
        assert again._draw_forced_tag() is not None  # the restored round keeps its tag
        for _ in range(30_000):
            again.run_frames(1)
            if not again.base.in_round and not again.session.in_round:
                break
        record = again.session.recent(1)[0]
        assert record.outcome == "recovered" and marks(record) == [f"FORCED: ROUND {seed}", "RESTORED"]
        assert record.win == play_round(defn, RoundRequest(bet, seed)).total_win
    finally:
        again.close()


# --- records from before forced_by -----------------------------------------------------------------

OLD_REQUEST = {"bet": {"coin_value": 5, "coins_per_line": 1, "lines": 20}, "decisions": [], "held_reel_set": "base",
               "held_stops": [], "kind": "spin", "respin_reel": -1, "script": [], "seed": 123456789}


def old_history_row(round_id: int, script: list[int]) -> dict[str, Any]:
    """A history record exactly as cabinets before ``forced_by`` wrote it."""
    return {"round_id": round_id, "time": "2026-01-02T12:00:00+00:00", "game_id": "classic",
            "game_name": "Classic Fruits", "fingerprint": "0" * 64,
            "request": {**OLD_REQUEST, "script": script, "forced": bool(script)}, "cost": 100, "win": 0,
            "credits_before": 50_000, "credits_after": 49_900, "features": [], "steps": [], "outcome": "played"}


def test_old_journal_and_history_records_without_forced_by_still_load(tmp_path: Path) -> None:
    request = request_from_dict(OLD_REQUEST)
    assert request.forced_by == "" and not request.forced
    assert canonical_json(request_to_dict(request)) == canonical_json(OLD_REQUEST)  # a drawn round: the same bytes
    with pytest.raises(ValueError, match="forced_by"):
        request_from_dict({**OLD_REQUEST, "forced_by": "wishful"})

    rows = [old_history_row(1, []), old_history_row(2, [2, 3, 4, 5, 6])]
    digest = hashlib.sha256(canonical_json(rows).encode("ascii")).hexdigest()
    (tmp_path / HISTORY_NAME).write_text(canonical_json({"format": 1, "rounds": rows, "sha256": digest}) + "\n")
    history = History.open(tmp_path / HISTORY_NAME)
    assert history.problem is None
    drawn, scripted = history.records
    assert marks(drawn) == [] and marks(scripted) == ["FORCED"] and scripted.request.forced_by == ""

    begin = {"round_id": 3, "game_id": "classic", "game_name": "Classic Fruits", "fingerprint": "0" * 64,
             "request": OLD_REQUEST, "cost": 100, "credits_before": 50_000, "time": "2026-01-02T12:00:00+00:00"}
    (tmp_path / JOURNAL_NAME).write_bytes(encode_record(1, "begin", begin))
    journal = Journal.open(tmp_path / JOURNAL_NAME)
    pending = journal.pending()
    assert journal.problem is None and pending is not None and pending.request == request


# --- the designer's top rounds ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def top_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``cabinet simulate ... --top 6 --json`` saved to a file, at a bet that is not the default."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["simulate", "classic", "--spins", "40000", "--seed", "9", "--top", "6", "--json",
                     "--progress", "off", "--lines", "10", "--coins-per-line", "2", "--coin-value", "0.10"])
    assert code == 0
    path = tmp_path_factory.mktemp("top") / "classic-top.json"
    path.write_text(out.getvalue())
    return path


def test_the_simulate_report_says_how_to_replay_its_top_rounds(top_file: Path) -> None:
    data = json.loads(top_file.read_text())
    assert data["replay_bet"] == "10x2x0.10" and len(data["top_wins"]) == 6
    assert data["game_sha256"] == hashlib.sha256(Path(load_game("classic").source).read_bytes()).hexdigest()
    top = load_top_rounds(top_file, load_game("classic"))
    assert top.bet == Bet(10, 2, 10) and top.spins == 40_000 and top.seed == 9
    assert [(t.win, t.seed) for t in top.rounds] == [
        (parse_money(w["win"], 2), derive_seed(9, w["round"])) for w in data["top_wins"]]


def test_designer_walkthrough_replays_the_chosen_top_round_forced(
        top_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Open the list (T), go down to the third round, replay it; the round pays what the
    simulation reported for it and history marks it FORCED: ROUND <seed>."""
    script = tmp_path / "walk.yaml"
    script.write_text("- {press: TOP_ROUNDS}\n- {press: DOWN}\n- {press: DOWN}\n- {press: CONFIRM}\n")
    data_dir = tmp_path / "data"
    code, out, _ = run_cli(["play", "classic", "--headless", "--top-rounds", str(top_file), "--script", str(script),
                            "--data-dir", str(data_dir), "--fast"], capsys)
    assert code == 0
    third = json.loads(top_file.read_text())["top_wins"][2]
    [record] = History.open(data_dir / HISTORY_NAME).records
    assert record.win == parse_money(third["win"], 2) and json.loads(out)["total_won"] == record.win
    assert record.request == RoundRequest(Bet(10, 2, 10), third["seed"], forced_by="round")
    assert marks(record) == [f"FORCED: ROUND {third['seed']}"]
    assert journal_requests(data_dir)[0]["forced_by"] == "round"


def designer_app(top: Any, size: tuple[int, int] = SMALL, **options: Any) -> App:
    app = App(load_game("classic"), AppOptions(size=size, headless=True, designer=True, top_rounds=top, seed=1,
                                               **options))
    app.start()
    app.run_frames(2)
    return app


def test_the_list_opens_on_the_bound_key_and_replays_by_touch(top_file: Path) -> None:
    top = load_top_rounds(top_file, load_game("classic"))
    app = designer_app(top)
    try:
        t_key = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0),
                 pygame.event.Event(pygame.KEYUP, key=pygame.K_t, mod=0)]
        app.pump_input(t_key)  # the T key, through the adapter's bindings table
        scene = app.stack.top
        assert isinstance(scene, TopRoundsScene) and len(scene.lines()) == 6
        assert scene.lines()[0].startswith(f"1  {app.ctx.money(top.rounds[0].win)}")
        app.run_frames(1)
        regions = {p: box for box, p in app.stack.hit_regions()}
        assert Press(Button.ITEM, 1) in regions
        app.press([Press(Button.ITEM, 1)])  # a tap chooses...
        assert scene.cursor == 1 and app.stack.top is scene
        app.press([Press(Button.ITEM, 1)])  # ...a second tap replays
        assert app.stack.top is not scene and app.base.in_round
        current = app.session.current
        assert current.request == RoundRequest(top.bet, top.rounds[1].seed, forced_by="round")
        assert current.total_win == top.rounds[1].win
        app.draw()
        assert app._draw_forced_tag() is not None
        app.designer.overlay = True
        overlay = [" ".join(part for part, _ in line) for line in app.designer.lines() if isinstance(line, list)]
        assert any("FORCED" in line and "simulated" in line for line in overlay)
        assert app.designer.toggle_top_rounds() is False  # not while the round plays
        for _ in range(30_000):
            app.run_frames(1)
            if not app.base.in_round and not app.session.in_round:
                break
        overlay = [" ".join(part for part, _ in line) for line in app.designer.lines() if isinstance(line, list)]
        assert any("replayed" in line and line.endswith("same") for line in overlay)
        assert app.designer.stats.forced == 1 and app.designer.stats.rounds == 0  # not in the session RTP
        app.pump_input(t_key)
        assert isinstance(app.stack.top, TopRoundsScene)
        app.pump_input(t_key)  # T again closes it
        assert not isinstance(app.stack.top, TopRoundsScene)
    finally:
        app.close()


def test_without_designer_mode_the_key_does_nothing_and_without_a_file_the_list_says_how(top_file: Path) -> None:
    plain = App(load_game("classic"), AppOptions(size=SMALL, headless=True, seed=1))
    plain.start()
    try:
        scenes = list(plain.stack)
        plain.pump_input([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0)])
        assert list(plain.stack) == scenes and not plain.base.in_round
    finally:
        plain.close()
    app = designer_app(None)
    try:
        app.press([Press(Button.TOP_ROUNDS)])
        scene = app.stack.top
        assert isinstance(scene, TopRoundsScene) and scene.lines() == []
        before = pygame.surfarray.array3d(app.screen).copy()
        app.press([Press(Button.CONFIRM)])  # nothing to replay
        assert not app.base.in_round
        app.draw()
        assert (pygame.surfarray.array3d(app.screen) != before).any()  # the panel is drawn over the game
        app.press([Press(Button.BACK)])
        assert app.stack.top is app.base
    finally:
        app.close()


def test_a_top_rounds_file_is_checked_in_one_line(top_file: Path, tmp_path: Path) -> None:
    defn = load_game("classic")
    data = json.loads(top_file.read_text())
    cases = [
        ({**data, "game": "lucky-christmas"}, "the rounds of 'lucky-christmas', not of Classic Fruits"),
        ({k: v for k, v in data.items() if k != "top_wins"}, "not a simulation report with top_wins"),
        ({**data, "top_wins": [{**data["top_wins"][0], "seed": 5}]}, "is not round"),
        ({**data, "replay_bet": "7x1x0.05"}, "does not allow the bet 7x1x0.05"),
        ({k: v for k, v in data.items() if k != "replay_bet"}, "does not say its bet"),
    ]
    for bad, words in cases:
        with pytest.raises(CabinetError, match=words):
            top_rounds_from_json(bad, defn, "f.json")
    older = {k: v for k, v in data.items() if k not in ("replay_bet", "game_sha256")}
    older["bet"] = "1.00"  # a report at the default bet from before replay_bet
    assert top_rounds_from_json(older, defn, "f.json").bet == default_bet(defn)
    garbage = tmp_path / "garbage.json"
    garbage.write_text("not json")
    with pytest.raises(CabinetError, match="not JSON") as info:
        load_top_rounds(garbage, defn)
    assert "\n" not in str(info.value)


def test_a_changed_game_file_is_said_on_the_list(top_file: Path) -> None:
    data = json.loads(top_file.read_text())
    top = top_rounds_from_json({**data, "game_sha256": "0" * 64}, load_game("classic"), "old.json")
    app = designer_app(top)
    try:
        assert app.designer.toggle_top_rounds()
        assert app.stack.top.changed
        assert not TopRoundsScene(app.designer, load_top_rounds(top_file, app.defn)).changed
    finally:
        app.close()


def test_cabinet_shot_draws_the_list(top_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "top.png"
    code, printed, _ = run_cli(["shot", "classic", "--top-rounds", str(top_file), "--size", "1280x720",
                                "--out", str(out)], capsys)
    assert code == 0 and "with its top rounds" in printed
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (1280, 720)
    plain = tmp_path / "plain.png"
    assert run_cli(["shot", "classic", "--size", "1280x720", "--out", str(plain)], capsys)[0] == 0
    changed = pygame.surfarray.array3d(picture) != pygame.surfarray.array3d(pygame.image.load(str(plain)))
    assert changed.any(axis=2).mean() > 0.3  # the panel covers most of the screen
