"""A hand-written kiosk.yaml under the SETTINGS page and `cabinet kiosk pin`: `games:` as a block
list (the way most people write YAML lists) is edited in its own form, comments kept, the file
valid YAML; a damaged or unreadable kiosk.yaml is a message, never an internal error (a
hypothesis fuzz of the file through the settings page)."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cabinet.cli import main
from cabinet.errors import CabinetError
from cabinet.kiosk.config import KioskConfigError, load_config, parse_config, update_config_text
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.scenes.operator.common import Frame, OperatorHost
from cabinet.presentation.scenes.operator.settings import SettingsPage
from cabinet.services.event_log import EventLog

BLOCK = """\
# the arcade by the door
idle_seconds: 60   # a minute
games:
  - classic        # the first one people see
  # the glitzy one
  - retro-reels-diamond-glitz
  - happy-riches
# where it starts
start: lobby
"""


COMMENT = re.compile(r"(?:^|\s)#(.*)$")  # YAML: a '#' at a line's start or after a space (60#x is a value)


def comments(text: str) -> list[str]:
    return sorted(m[1].strip() for line in text.splitlines() if (m := COMMENT.search(line)))


LOADED: dict[str, object] = {}  # the games the pages load, once for every example (loading is the slow part)


class Host:
    """The settings page over a kiosk.yaml, as the operator menu opens it (no window needed)."""

    def __init__(self, path: Path) -> None:
        self.events = EventLog(None)
        services = SimpleNamespace(config_path=path, events=self.events, kiosk=False)
        self.saved: list[object] = []
        self.menu = SimpleNamespace(host=OperatorHost(services=services, text=None, on_settings=self.saved.append,
                                                      definitions=LOADED),
                                    pop=lambda: None)

    def page(self) -> SettingsPage:
        return SettingsPage(self.menu)


def save(page: SettingsPage) -> None:
    page.cursor = len(page.rows()) - 1
    page.handle(Press(Button.CONFIRM))


# -- games: as a block list --------------------------------------------------------------------


@pytest.mark.parametrize("indent", ["  ", "", "    "])
def test_the_settings_page_moves_and_switches_games_in_a_block_list(tmp_path: Path, indent: str) -> None:
    path = tmp_path / "kiosk.yaml"
    path.write_text(BLOCK.replace("\n  ", "\n" + indent))
    page = Host(path).page()
    assert page.draft.games[:3] == ["classic", "retro-reels-diamond-glitz", "happy-riches"]
    page.cursor = 0
    page.handle(Press(Button.RIGHT))  # classic moves down one place
    page.cursor = 2
    page.handle(Press(Button.CONFIRM))  # happy-riches switched off
    page.cursor = page.game_rows - 1
    page.handle(Press(Button.CONFIRM))  # the last game that was off comes on, at the end
    added = page.draft.games[-1]
    save(page)
    assert not page.message_bad, page.message
    text = path.read_text()
    assert isinstance(yaml.safe_load(text), dict)  # valid YAML
    assert load_config(path).games == ("retro-reels-diamond-glitz", "classic", added)
    assert f"\n{indent}- retro-reels-diamond-glitz\n" in text and "[" not in text  # still a block list
    assert comments(text) == comments(BLOCK)  # every comment kept, the one of a game taken out too
    assert text.startswith("# the arcade by the door\nidle_seconds: 60   # a minute\ngames:\n")
    assert text.endswith("# where it starts\nstart: lobby\n")
    assert f"{indent}- classic        # the first one people see" in text  # a kept item keeps its line


def test_a_block_list_at_the_end_of_the_file_without_a_newline(tmp_path: Path) -> None:
    out = update_config_text("idle_seconds: 30\ngames:\n- classic\n- happy-riches", {"games": "[happy-riches]"},
                             "k.yaml")
    assert out == "idle_seconds: 30\ngames:\n- happy-riches"
    assert parse_config(out, "k.yaml").games == ("happy-riches",)


def test_the_flow_form_is_still_edited_as_a_flow_list(tmp_path: Path) -> None:
    text = "games: [classic, happy-riches]   # in order\nattract: true\n"
    out = update_config_text(text, {"games": "[happy-riches, classic]", "attract": "false"}, "k.yaml")
    assert out == "games: [happy-riches, classic]   # in order\nattract: false\n"


def test_an_empty_games_key_gets_its_value(tmp_path: Path) -> None:
    out = update_config_text("games:\nstart: lobby\n", {"games": "[classic]"}, "k.yaml")
    assert parse_config(out, "k.yaml").games == ("classic",)


def test_a_block_list_the_page_cannot_edit_is_refused_with_a_reason(tmp_path: Path) -> None:
    text = "games:\n  -\n    classic\n  - happy-riches\n"
    with pytest.raises(KioskConfigError, match="cannot be edited here"):
        update_config_text(text, {"games": "[happy-riches]"}, "k.yaml")


# -- kiosk.yaml damaged or unreadable -------------------------------------------------------------


@pytest.mark.parametrize("damage", ["folder", "binary", "not yaml", "nested", "a list", "torn"])
def test_a_damaged_kiosk_yaml_is_a_message_on_the_settings_page(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "kiosk.yaml"
    if damage == "folder":
        path.mkdir()
    elif damage == "binary":
        path.write_bytes(b"\xff\xfe\x00games: [")
    elif damage == "not yaml":
        path.write_text("games: [classic\nidle_seconds: 60\n")
    elif damage == "nested":
        path.write_text("games: " + "[" * 5000 + "]" * 5000 + "\n")
    elif damage == "a list":
        path.write_text("- classic\n- happy-riches\n")
    else:
        path.write_bytes(BLOCK.encode()[:57])
    before = path.read_bytes() if path.is_file() else None
    host = Host(path)
    page = host.page()
    assert page.message_bad and page.message
    page.cursor = page.game_rows + 2  # ATTRACT SHOW: a change to save
    page.handle(Press(Button.CONFIRM))
    save(page)
    if damage == "torn":  # a file cut short is still a config: the page edits what is there
        return
    assert page.message_bad and ("REFUSED" in page.message or "CANNOT" in page.message)
    assert (path.read_bytes() if path.is_file() else None) == before  # nothing written
    assert not host.saved


@pytest.mark.parametrize("damage", ["folder", "binary", "not yaml"])
def test_cabinet_kiosk_pin_on_a_damaged_kiosk_yaml_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                           monkeypatch: pytest.MonkeyPatch, damage: str) -> None:
    path = tmp_path / "kiosk.yaml"
    if damage == "folder":
        path.mkdir()
    elif damage == "binary":
        path.write_bytes(b"\xff\xfe\x00")
    else:
        path.write_text("games: [classic\n")
    monkeypatch.setenv("CABINET_NEW_PIN", "2468")
    code = main(["kiosk", "pin", "--data-dir", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2 and "internal error" not in err and str(path) in err


def test_the_kiosk_refuses_to_start_on_an_unreadable_kiosk_yaml_with_a_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "kiosk.yaml").write_bytes(b"\xff\xfe\x00")
    code = main(["kiosk", "--data-dir", str(tmp_path), "--headless", "--frames", "1"])
    err = capsys.readouterr().err
    assert code == 2 and "internal error" not in err and "kiosk.yaml" in err


# -- the fuzz ------------------------------------------------------------------------------------

GAME_IDS = ["classic", "happy-riches", "retro-reels-diamond-glitz", "nope", ""]
VALUES = st.sampled_from(["60", "5", "1e400", ".nan", "-1", "true", "no", "lobby", "classic", '"100.00"', "100.5",
                          "~", "", "[]", "{}", "[classic, happy-riches]", "&a x", "*a", "!!binary AAAA", "'", "\"",
                          "[", "]", ":", "- x", "|", ">", "\t"])
LINE = st.one_of(
    st.builds(lambda k, v, c: f"{k}: {v}{c}", st.sampled_from(["idle_seconds", "start", "games", "attract",
                                                                "start_credits", "volume", "exit_keys",
                                                                "exit_pad", "exit_hold_seconds", "operator_pin",
                                                                "idle", "games "]),
              VALUES, st.sampled_from(["", "  # note", "#x"])),
    st.builds(lambda ind, g, c: f"{ind}- {g}{c}", st.sampled_from(["", "  ", "    ", "\t"]),
              st.sampled_from(GAME_IDS), st.sampled_from(["", "  # here"])),
    st.sampled_from(["games:", "# a comment", "", "---", "...", "  # indented comment", "%YAML 1.1"]),
    st.text(max_size=12),
)


@pytest.fixture(scope="module")
def text_renderer():  # noqa: ANN201 - the page is drawn too: a damaged file must not break drawing
    pygame.font.init()
    from cabinet.presentation.text import Text

    return Text()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(base=st.sampled_from(["", BLOCK, "games: [classic, happy-riches]  # flow\nattract: true\n"]),
       lines=st.lists(LINE, max_size=10), moves=st.lists(st.integers(0, 12), max_size=4))
def test_fuzz_the_settings_page_on_kiosk_yaml_never_ends_in_an_internal_error(
        tmp_path: Path, text_renderer, base: str, lines: list[str], moves: list[int]) -> None:  # noqa: ANN001
    path = tmp_path / "kiosk.yaml"
    text = base + "\n".join(lines) + "\n"  # a good file with a hand's additions, or the hand's alone
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    try:
        parse_config(text, str(path))
    except KioskConfigError:
        pass  # a message with file:line:col; anything else would be an internal error
    host = Host(path)
    host.menu.host.text = text_renderer
    page = host.page()
    for row in moves:  # switch, move and change a few rows, then save
        page.cursor = min(row, len(page.rows()) - 2)
        page.handle(Press(Button.CONFIRM if row % 2 else Button.RIGHT))
    page.draw(pygame.Surface((640, 360)), Frame(640, 360))
    save(page)
    after = path.read_bytes().decode("utf-8", "surrogatepass")
    if host.saved:  # saved (the same text, when a game went off and on again): a valid config, comments kept
        assert not page.message_bad
        assert host.saved == [parse_config(after, str(path))]
        for comment in (c for c in comments(text) if c):
            assert comment in after
    else:  # refused, or nothing to save: nothing written
        assert after == text


# 60 examples: each sets a PIN, whose scrypt hash costs a deliberate 0.15 s (the file's reading is the fuzz's point)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(LINE, max_size=10))
def test_fuzz_cabinet_kiosk_pin_and_status_on_kiosk_yaml_never_end_in_an_internal_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        lines: list[str]) -> None:
    path = tmp_path / "kiosk.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.setenv("CABINET_NEW_PIN", "2468")
    for command in (["kiosk", "pin"], ["kiosk", "events"], ["kiosk", "status"]):
        code = main([*command, "--data-dir", str(tmp_path)])
        err = capsys.readouterr().err
        assert "internal error" not in err and code in (0, 1, 2, 3)
    try:
        load_config(path)
    except CabinetError:
        pass
