"""The operator's way in: OPERATOR on F10 and on a pad chord (both sticks), off every visitor's button."""

from __future__ import annotations

from pathlib import Path

import pygame

from cabinet.input.adapter import InputAdapter
from cabinet.input.bindings import PAD_BUTTONS, load_bindings
from cabinet.machine.buttons import Button, Press


def ev(kind: int, **attrs: object) -> pygame.event.Event:
    return pygame.event.Event(kind, attrs)


class FakePad:
    def quit(self) -> None:
        pass


def test_operator_is_a_table_entry_on_no_visitor_button() -> None:
    b = load_bindings()
    assert b.issues == []
    assert b.keys[pygame.K_F10] == Button.OPERATOR and b.keys_for(Button.OPERATOR) == [pygame.K_F10]
    assert Button.OPERATOR not in b.pad.values()  # no single pad button opens it
    assert b.pad_chords[Button.OPERATOR] == frozenset({PAD_BUTTONS["leftstick"], PAD_BUTTONS["rightstick"]})


def test_the_chord_presses_operator_once_on_one_pad() -> None:
    adapter = InputAdapter(load_bindings())
    adapter.pads[3] = FakePad()
    adapter.pads[4] = FakePad()
    l3 = ev(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=PAD_BUTTONS["leftstick"])
    r3_other = ev(pygame.CONTROLLERBUTTONDOWN, instance_id=4, button=PAD_BUTTONS["rightstick"])
    assert Press(Button.OPERATOR) not in adapter.translate([l3, r3_other], []).presses  # two pads: no chord
    r3 = ev(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=PAD_BUTTONS["rightstick"])
    assert adapter.translate([r3], []).presses.count(Press(Button.OPERATOR)) == 1
    up = ev(pygame.CONTROLLERBUTTONUP, instance_id=3, button=PAD_BUTTONS["rightstick"])
    assert Press(Button.OPERATOR) not in adapter.translate([up], []).presses
    assert adapter.translate([r3], []).presses.count(Press(Button.OPERATOR)) == 1  # released and pressed again


def test_a_user_file_moves_the_chord_and_a_one_button_chord_is_refused(tmp_path: Path) -> None:
    (tmp_path / "bindings.yaml").write_text("gamepad_chords:\n  OPERATOR: [back, guide]\n  MENU: [y]\n")
    b = load_bindings(tmp_path)
    assert b.pad_chords[Button.OPERATOR] == frozenset({PAD_BUTTONS["back"], PAD_BUTTONS["guide"]})
    assert [str(i) for i in b.issues] == [f"{tmp_path / 'bindings.yaml'}:3:9: MENU: a chord is two or more "
                                          "different pad buttons"]
    assert Button.MENU not in b.pad_chords
