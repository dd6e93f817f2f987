"""Named cabinet buttons: what a player can press, whatever the device.

Keyboards, pads, mice and touch screens are all turned into these names by the
input adapter (``cabinet/input``); scenes only ever see a ``Press``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Button(StrEnum):
    SPIN = "SPIN"
    BET_PLUS = "BET_PLUS"
    BET_MINUS = "BET_MINUS"
    MAX_BET = "MAX_BET"
    BET_SELECT = "BET_SELECT"  # opens the bet selector (pressing the bet amount)
    AUTOPLAY = "AUTOPLAY"
    MENU = "MENU"
    INFO = "INFO"
    RESPIN_1 = "RESPIN_1"
    RESPIN_2 = "RESPIN_2"
    RESPIN_3 = "RESPIN_3"
    RESPIN_4 = "RESPIN_4"
    RESPIN_5 = "RESPIN_5"
    UP = "UP"
    DOWN = "DOWN"
    LEFT = "LEFT"
    RIGHT = "RIGHT"
    CONFIRM = "CONFIRM"
    BACK = "BACK"
    ADD_CREDITS = "ADD_CREDITS"
    LEFT_HAND = "LEFT_HAND"
    SOUND = "SOUND"
    MUSIC = "MUSIC"
    VIBRATE = "VIBRATE"
    HISTORY = "HISTORY"
    CLOSE_GAME = "CLOSE_GAME"
    SETTINGS = "SETTINGS"  # the game settings page (the wrench)
    BUY = "BUY"  # BUY FEATURE: the card of a game's buy modes (price, what it buys, confirm)
    ANTE = "ANTE"  # the ante bet on or off (a game's ante mode: its cost and effect on the deck)
    TOP_ROUNDS = "TOP_ROUNDS"  # designer mode: a simulation's largest rounds, to replay (nothing elsewhere)
    OPERATOR = "OPERATOR"  # the operator (audit) menu: behind the kiosk's PIN, on no visitor's button
    CLOSE = "CLOSE"  # an overlay's close (X) button
    ITEM = "ITEM"  # an entry of an on-screen list; Press.index says which
    TAP = "TAP"  # a click or touch that hit no on-screen button
    DIGIT = "DIGIT"  # a digit key (Press.index: 0-9), besides its bound button: the PIN pads type it


RESPIN_BUTTONS: tuple[Button, ...] = (
    Button.RESPIN_1,
    Button.RESPIN_2,
    Button.RESPIN_3,
    Button.RESPIN_4,
    Button.RESPIN_5,
)

# Buttons that move a cursor in overlays (the base game reads UP/RIGHT as bet + and DOWN/LEFT as bet -).
NAVIGATION: frozenset[Button] = frozenset({Button.UP, Button.DOWN, Button.LEFT, Button.RIGHT})


@dataclass(frozen=True)
class Press:
    """One press of a cabinet button.

    ``index`` picks an entry when the button is ``ITEM`` (or a column in some overlays);
    ``pos`` is the window position of a click or touch (None for keys and pads);
    ``key`` is the keyboard key that made it (None otherwise; not part of equality), so a
    setting can switch one key off ("spacebar to spin").
    """

    button: Button
    index: int = -1
    pos: tuple[int, int] | None = None
    key: int | None = field(default=None, compare=False)


def respin_reel(button: Button) -> int | None:
    """RESPIN_3 -> 2 (the 0-based reel); None for any other button."""
    try:
        return RESPIN_BUTTONS.index(button)
    except ValueError:
        return None
