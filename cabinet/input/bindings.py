"""Bindings as plain data: key and pad-button names -> cabinet buttons.

Defaults ship in ``cabinet/input/bindings.yaml``; ``<data-dir>/bindings.yaml`` may
override entries. Besides the cabinet's buttons (``keyboard:``, ``gamepad:``) the table holds
designer mode's own actions (``designer_keyboard:``, ``designer_gamepad:``; the pad's are a chord:
hold its HOLD button and press another). Every bad entry (unknown button, key or pad button, wrong shape)
is reported as ``path:LINE:COL: message`` and skipped, so the defaults for it stay in
force and the cabinet still starts.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from cabinet.machine.buttons import Button

DEFAULTS_PATH = Path(__file__).with_name("bindings.yaml")
USER_FILE = "bindings.yaml"

# SDL GameController button names -> SDL_GameControllerButton values (stable in SDL2).
PAD_BUTTONS: dict[str, int] = {
    "a": 0,
    "b": 1,
    "x": 2,
    "y": 3,
    "back": 4,
    "guide": 5,
    "start": 6,
    "leftstick": 7,
    "rightstick": 8,
    "leftshoulder": 9,
    "rightshoulder": 10,
    "dpup": 11,
    "dpdown": 12,
    "dpleft": 13,
    "dpright": 14,
}
BUTTON_DEVICES = ("keyboard", "gamepad")  # codes -> cabinet buttons
CHORD_DEVICE = "gamepad_chords"  # cabinet button -> pad buttons held together on one pad
DESIGNER_DEVICES = ("designer_keyboard", "designer_gamepad")  # codes -> designer actions
DEVICES = BUTTON_DEVICES + (CHORD_DEVICE,) + DESIGNER_DEVICES
# Designer mode's actions (cabinet/designer/mode.py). SCENARIOS lists keys in scenario order (the
# first plays scenario 1); HOLD is the pad button that, held, turns the others into the chord.
DESIGNER_ACTIONS = ("SCENARIOS", "NEXT_SCENARIO", "PREVIOUS_SCENARIO", "OVERLAY", "SLOWER", "FASTER",
                    "NORMAL_SPEED", "PAUSE", "STEP", "TOP_ROUNDS", "HOLD")


@dataclass(frozen=True)
class BindingIssue:
    path: str
    line: int  # 1-based
    column: int  # 1-based
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


@dataclass
class Bindings:
    keys: dict[int, Button] = field(default_factory=dict)  # pygame key code -> button
    pad: dict[int, Button] = field(default_factory=dict)  # controller button -> button
    designer_keys: dict[int, str] = field(default_factory=dict)  # key code -> designer action
    designer_pad: dict[int, str] = field(default_factory=dict)  # controller button -> action (HOLD too)
    pad_chords: dict[Button, frozenset[int]] = field(default_factory=dict)  # held together on one pad
    issues: list[BindingIssue] = field(default_factory=list)

    def keys_for(self, button: Button) -> list[int]:
        return [k for k, b in self.keys.items() if b == button]

    def designer_codes(self, action: str, *, pad: bool = False) -> list[int]:
        """The keys (or pad buttons) of a designer action, in the table's order."""
        table = self.designer_pad if pad else self.designer_keys
        return [code for code, a in table.items() if a == action]


def key_code(name: str) -> int | None:
    import pygame  # only for SDL's key-name table; nothing is initialised

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "pygame.init() has not been called": the table needs no init
        try:
            return int(pygame.key.key_code(name))
        except ValueError:
            return None


def _issue(path: str, node: Node, message: str) -> BindingIssue:
    return BindingIssue(path, node.start_mark.line + 1, node.start_mark.column + 1, message)


Entries = dict[str, dict[str, list[int]]]  # device -> button or action name -> codes


def _parse(text: str, path: str) -> tuple[Entries, list[BindingIssue]]:
    """Read one bindings document: device -> name -> codes, plus every problem found."""
    issues: list[BindingIssue] = []
    out: Entries = {d: {} for d in DEVICES}
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return out, [BindingIssue(path, line, col, f"not valid YAML: {getattr(exc, 'problem', exc)}")]
    if root is None:
        return out, issues
    if not isinstance(root, MappingNode):
        return out, [_issue(path, root, "expected a mapping with 'keyboard:' and/or 'gamepad:'")]
    for dev_node, body in root.value:
        device = dev_node.value if isinstance(dev_node, ScalarNode) else ""
        if device not in DEVICES:
            known = ", ".join(f"'{d}'" for d in DEVICES)
            issues.append(_issue(path, dev_node, f"unknown device {device!r} (use {known})"))
            continue
        if not isinstance(body, MappingNode):
            issues.append(_issue(path, body, f"'{device}' must map button names to lists"))
            continue
        designer = device in DESIGNER_DEVICES
        for btn_node, names in body.value:
            name = str(btn_node.value).upper() if isinstance(btn_node, ScalarNode) else ""
            if designer and name not in DESIGNER_ACTIONS:
                issues.append(_issue(path, btn_node, f"unknown designer action {btn_node.value!r} "
                                                     f"(use one of {', '.join(DESIGNER_ACTIONS)})"))
                continue
            if not designer and (name not in Button.__members__ or name in ("ITEM", "TAP")):
                issues.append(_issue(path, btn_node, f"unknown cabinet button {btn_node.value!r}"))
                continue
            if name == "HOLD" and device == "designer_keyboard":
                issues.append(_issue(path, btn_node, "HOLD is the pad chord's button: it goes under 'designer_gamepad'"))
                continue
            items = names.value if isinstance(names, SequenceNode) else [names]
            codes: list[int] = []
            for item in items:
                if not isinstance(item, ScalarNode) or item.value == "":
                    issues.append(_issue(path, item, f"{name}: expected a {_what(device)} name"))
                    continue
                code = _code(device, item.value)
                if code is None:
                    issues.append(_issue(path, item, f"{name}: unknown {_what(device)} {item.value!r}"))
                    continue
                codes.append(code)
            if name == "HOLD" and len(codes) != 1 and len(codes) == len(items):
                issues.append(_issue(path, names, "HOLD: expected exactly one pad button"))
                continue
            if device == CHORD_DEVICE and len(set(codes)) < 2 and len(codes) == len(items):
                issues.append(_issue(path, names, f"{name}: a chord is two or more different pad buttons"))
                continue
            if len(codes) == len(items):  # a partly bad entry is skipped whole: the default stays
                out[device][name] = codes
    return out, issues


def _what(device: str) -> str:
    return "key" if device.endswith("keyboard") else "pad button"


def _code(device: str, name: str) -> int | None:
    if device.endswith("keyboard"):
        return key_code(name)
    return PAD_BUTTONS.get(name.strip().lower())


def _apply(table: dict[int, Any], entries: dict[str, list[int]], name_to_value: Callable[[str], Any]) -> None:
    for name, codes in entries.items():
        value = name_to_value(name)
        for code in [c for c, b in table.items() if b == value]:
            del table[code]
        for code in codes:
            table[code] = value  # a code claimed here leaves whichever button had it


def _apply_all(bindings: Bindings, entries: Entries) -> None:
    _apply(bindings.keys, entries["keyboard"], Button)
    _apply(bindings.pad, entries["gamepad"], Button)
    _apply(bindings.designer_keys, entries["designer_keyboard"], str)
    _apply(bindings.designer_pad, entries["designer_gamepad"], str)
    for name, codes in entries[CHORD_DEVICE].items():
        bindings.pad_chords[Button(name)] = frozenset(codes)


def load_bindings(data_dir: Path | None = None) -> Bindings:
    """The package defaults, then the user's overrides from ``data_dir`` if present."""
    defaults, issues = _parse(DEFAULTS_PATH.read_text(encoding="utf-8"), str(DEFAULTS_PATH))
    if issues:  # a broken shipped file is a bug, not a user error
        raise RuntimeError("\n".join(map(str, issues)))
    bindings = Bindings()
    _apply_all(bindings, defaults)
    if data_dir is not None:
        user = data_dir / USER_FILE
        if user.exists():
            try:
                text = user.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                bindings.issues.append(BindingIssue(str(user), 1, 1, f"cannot read: {exc}"))
                return bindings
            entries, problems = _parse(text, str(user))
            bindings.issues.extend(problems)
            _apply_all(bindings, entries)
    return bindings
