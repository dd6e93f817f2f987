"""Bindings as data and the one input adapter: keys, pads (hot-plug), mouse and touch."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from cabinet.input.adapter import InputAdapter
from cabinet.input.bindings import PAD_BUTTONS, key_code, load_bindings
from cabinet.machine.buttons import Button, Press


def ev(kind: int, **attrs: object) -> pygame.event.Event:
    return pygame.event.Event(kind, attrs)


def test_default_bindings() -> None:
    b = load_bindings()
    assert b.issues == []
    assert b.keys[pygame.K_SPACE] == Button.SPIN
    assert b.keys[pygame.K_UP] == Button.UP and b.keys[pygame.K_ESCAPE] == Button.BACK
    assert b.keys[pygame.K_m] == Button.MENU and b.keys[pygame.K_i] == Button.INFO
    assert [b.keys[k] for k in (pygame.K_1, pygame.K_5)] == [Button.RESPIN_1, Button.RESPIN_5]
    assert b.pad[PAD_BUTTONS["a"]] == Button.SPIN and b.pad[PAD_BUTTONS["start"]] == Button.MENU
    assert b.pad[PAD_BUTTONS["leftshoulder"]] == Button.BET_MINUS
    assert b.pad[PAD_BUTTONS["rightshoulder"]] == Button.BET_PLUS
    assert b.pad[PAD_BUTTONS["dpdown"]] == Button.DOWN
    assert PAD_BUTTONS["a"] == pygame.CONTROLLER_BUTTON_A and PAD_BUTTONS["dpright"] == pygame.CONTROLLER_BUTTON_DPAD_RIGHT


def test_user_overrides_replace_an_entry_and_steal_its_keys(tmp_path: Path) -> None:
    (tmp_path / "bindings.yaml").write_text("keyboard:\n  SPIN: [return, s]\ngamepad:\n  MENU: [y]\n")
    b = load_bindings(tmp_path)
    assert b.issues == []
    assert b.keys[pygame.K_RETURN] == Button.SPIN and b.keys[pygame.K_s] == Button.SPIN
    assert pygame.K_SPACE not in b.keys  # SPIN's default list was replaced
    assert b.keys[pygame.K_KP_ENTER] == Button.CONFIRM  # the rest of CONFIRM stays
    assert Button.SOUND not in b.keys.values()  # 's' was SOUND's only key
    assert b.pad[PAD_BUTTONS["y"]] == Button.MENU and PAD_BUTTONS["start"] not in b.pad


def test_bad_entries_name_file_line_and_column_and_keep_defaults(tmp_path: Path) -> None:
    path = tmp_path / "bindings.yaml"
    path.write_text("keyboard:\n  SPN: [space]\n  MENU: [nokey]\n  INFO: [j]\ngamepad:\n  SPIN: [zz]\nmouse: {}\n")
    b = load_bindings(tmp_path)
    assert [str(i) for i in b.issues] == [
        f"{path}:2:3: unknown cabinet button 'SPN'",
        f"{path}:3:10: MENU: unknown key 'nokey'",
        f"{path}:6:10: SPIN: unknown pad button 'zz'",
        f"{path}:7:1: unknown device 'mouse' (use 'keyboard', 'gamepad', 'gamepad_chords', 'designer_keyboard', "
            "'designer_gamepad')",
    ]
    assert b.keys[pygame.K_SPACE] == Button.SPIN and b.keys[pygame.K_m] == Button.MENU
    assert b.keys[pygame.K_j] == Button.INFO  # the good entry still applies
    assert b.pad[PAD_BUTTONS["a"]] == Button.SPIN


def test_broken_yaml_reports_its_position(tmp_path: Path) -> None:
    path = tmp_path / "bindings.yaml"
    path.write_text("keyboard:\n  SPIN: [space\n")
    b = load_bindings(tmp_path)
    assert len(b.issues) == 1 and str(b.issues[0]).startswith(f"{path}:3:")
    assert b.keys[pygame.K_SPACE] == Button.SPIN


def test_key_names() -> None:
    assert key_code("space") == pygame.K_SPACE and key_code("Return") == pygame.K_RETURN
    assert key_code("not a key") is None


@pytest.fixture
def adapter() -> InputAdapter:
    return InputAdapter(load_bindings())


def test_keys_press_once_while_held(adapter: InputAdapter) -> None:
    frame = adapter.translate([ev(pygame.KEYDOWN, key=pygame.K_SPACE), ev(pygame.KEYDOWN, key=pygame.K_q)], [])
    assert frame.presses == [Press(Button.SPIN)]
    assert Button.SPIN in adapter.held
    assert adapter.translate([ev(pygame.KEYDOWN, key=pygame.K_SPACE)], []).presses == []  # still held
    adapter.translate([ev(pygame.KEYUP, key=pygame.K_SPACE)], [])
    assert Button.SPIN not in adapter.held
    assert adapter.translate([ev(pygame.KEYDOWN, key=pygame.K_SPACE)], []).presses == [Press(Button.SPIN)]


class FakePad:
    def __init__(self) -> None:
        self.rumbles: list[tuple[float, float, int]] = []
        self.closed = False

    def rumble(self, low: float, high: float, ms: int) -> bool:
        self.rumbles.append((low, high, ms))
        return True

    def quit(self) -> None:
        self.closed = True


def test_pads_by_instance_id_and_unplugging(adapter: InputAdapter) -> None:
    pad = FakePad()
    adapter.pads[7] = pad
    down = ev(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=pygame.CONTROLLER_BUTTON_A)
    assert adapter.translate([down], []).presses == [Press(Button.SPIN)]
    assert Button.SPIN in adapter.held
    shoulder = ev(pygame.CONTROLLERBUTTONDOWN, instance_id=7, button=pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    assert adapter.translate([shoulder], []).presses == [Press(Button.BET_PLUS)]
    adapter.rumble(0.5, 200)
    assert pad.rumbles == [(0.5, 0.5, 200)]
    # unplugged while holding A: forgotten, its held buttons released, late events ignored
    frame = adapter.translate([ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=7), down], [])
    assert frame.presses == [] and pad.closed and 7 not in adapter.pads
    assert Button.SPIN not in adapter.held
    adapter.translate([ev(pygame.CONTROLLERDEVICEREMOVED, instance_id=99)], [])  # unknown: no error
    adapter.rumble(1.0, 100)  # no pads: nothing to shake, no error
    assert adapter.translate([ev(pygame.KEYDOWN, key=pygame.K_SPACE)], []).presses == [Press(Button.SPIN)]


def test_mouse_and_touch_hit_on_screen_buttons(adapter: InputAdapter) -> None:
    regions = [((100, 100, 50, 50), Press(Button.SPIN)), ((0, 0, 10, 10), Press(Button.ITEM, 3))]
    click = adapter.translate([ev(pygame.MOUSEBUTTONDOWN, button=1, pos=(120, 149), touch=False)], regions)
    assert click.presses == [Press(Button.SPIN, -1, (120, 149))]
    item = adapter.translate([ev(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5), touch=False)], regions)
    assert item.presses == [Press(Button.ITEM, 3, (5, 5))]
    miss = adapter.translate([ev(pygame.MOUSEBUTTONDOWN, button=1, pos=(150, 150), touch=False)], regions)
    assert miss.presses == [Press(Button.TAP, -1, (150, 150))]
    right = adapter.translate([ev(pygame.MOUSEBUTTONDOWN, button=3, pos=(120, 120), touch=False)], regions)
    assert right.presses == []
    finger = adapter.translate([ev(pygame.FINGERDOWN, x=0.25, y=0.5, touch_id=1, finger_id=0)], regions,
                               window_size=(500, 250))
    assert finger.presses == [Press(Button.SPIN, -1, (125, 125))]
    echoed = adapter.translate([ev(pygame.MOUSEBUTTONDOWN, button=1, pos=(120, 120), touch=True)], regions)
    assert echoed.presses == []  # SDL's mouse echo of a touch is not a second press


def test_window_events(adapter: InputAdapter) -> None:
    frame = adapter.translate([ev(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)), ev(pygame.QUIT)], [])
    assert frame.quit and frame.resized == (800, 600)


def test_a_window_resized_by_the_program_is_seen_too(adapter: InputAdapter) -> None:
    """SDL reports a size the program set itself only as WINDOWSIZECHANGED, with x and y."""
    frame = adapter.translate([ev(pygame.WINDOWSIZECHANGED, x=640, y=360)], [])
    assert frame.resized == (640, 360)


def test_designer_actions_are_table_entries_and_a_user_file_moves_them(tmp_path: Path) -> None:
    b = load_bindings()
    assert b.designer_codes("SCENARIOS") == [getattr(pygame, f"K_F{n}") for n in range(1, 10)]  # in order
    assert b.designer_keys[pygame.K_F12] == b.designer_keys[pygame.K_BACKQUOTE] == "OVERLAY"
    assert b.designer_codes("HOLD", pad=True) == [PAD_BUTTONS["leftstick"]]
    assert b.designer_pad[PAD_BUTTONS["dpup"]] == "TOP_ROUNDS"
    path = tmp_path / "bindings.yaml"
    path.write_text("designer_keyboard:\n  OVERLAY: [o]\n  HOLD: [h]\n  WARP: [w]\n"
                    "designer_gamepad:\n  HOLD: [guide]\n  STEP: [dpleft]\n  PAUSE: [a, b]\n  FASTER: []\n")
    b = load_bindings(tmp_path)
    assert [str(i) for i in b.issues] == [
        f"{path}:3:3: HOLD is the pad chord's button: it goes under 'designer_gamepad'",
        f"{path}:4:3: unknown designer action 'WARP' (use one of SCENARIOS, NEXT_SCENARIO, PREVIOUS_SCENARIO, "
        "OVERLAY, SLOWER, FASTER, NORMAL_SPEED, PAUSE, STEP, TOP_ROUNDS, HOLD)",
    ]
    assert b.designer_codes("OVERLAY") == [pygame.K_o]  # the entry replaced both default keys
    assert b.designer_codes("HOLD", pad=True) == [PAD_BUTTONS["guide"]]
    assert b.designer_codes("STEP", pad=True) == [PAD_BUTTONS["dpleft"]]
    assert b.designer_codes("PAUSE", pad=True) == [PAD_BUTTONS["a"], PAD_BUTTONS["b"]]
    assert b.designer_codes("FASTER", pad=True) == []  # unbound on the pad
    assert "NEXT_SCENARIO" not in b.designer_pad.values()  # A was claimed by PAUSE
    (tmp_path / "bindings.yaml").write_text("designer_gamepad:\n  HOLD: [guide, back]\n")
    b = load_bindings(tmp_path)
    assert [str(i) for i in b.issues] == [f"{path}:2:9: HOLD: expected exactly one pad button"]
    assert b.designer_codes("HOLD", pad=True) == [PAD_BUTTONS["leftstick"]]  # the default stays
