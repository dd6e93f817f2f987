"""Setting the operator PIN on the machine itself, with no shell: the keypad, the new PIN twice.

The salted hash goes into ``kiosk.yaml`` (``update_config_text``: comments kept, the whole file
checked first; ``write_text_atomic``), the gate takes it at once, and the event log says the PIN
changed (never the PIN). In the first-start set-up (``setup``) the settings page follows; from
the menu the page returns to where it was opened.
"""

from __future__ import annotations

from .pin import PinPage


class PinSetPage(PinPage):
    title = "SET THE OPERATOR PIN"
    hint = "DIGITS OR ARROWS + CONFIRM   OK WHEN DONE   BACK LEAVE"

    def __init__(self, menu: object, *, setup: bool = False) -> None:
        super().__init__(menu)
        self.setup = setup
        self.first = ""  # the first entry, while the second is asked for
        self.prompt = "A NEW OPERATOR PIN: 4 TO 12 DIGITS"
        if setup:
            self.hint = "DIGITS OR ARROWS + CONFIRM   OK WHEN DONE   NOBODY PLAYS BEFORE THIS IS SET"

    @property
    def locked_for(self) -> float:
        return 0.0  # setting a PIN is never locked (who sets it is already in, or it is the first start)

    def handle(self, press: object) -> None:
        from cabinet.machine.buttons import Button

        if self.setup and getattr(press, "button", None) in (Button.BACK, Button.MENU, Button.CLOSE):
            self.say("THE KIOSK NEEDS AN OPERATOR PIN BEFORE ANYONE PLAYS", bad=True)
            return
        super().handle(press)  # type: ignore[arg-type]

    def submit(self) -> None:
        from cabinet.kiosk.pin import PinError, check_pin_text

        entered, self.entered = self.entered, ""
        if not entered:
            self.say("TYPE THE PIN, THEN OK")
            return
        try:
            check_pin_text(entered)
        except PinError as exc:
            self.say(str(exc).upper(), bad=True)
            return
        if not self.first:
            self.first = entered
            self.prompt = "THE SAME PIN AGAIN"
            self.say("")
            return
        if entered != self.first:
            self.first = ""
            self.prompt = "A NEW OPERATOR PIN: 4 TO 12 DIGITS"
            self.say("THE TWO PINS DIFFER: START AGAIN", bad=True)
            return
        self.first = ""
        problem = self.host.services.set_pin(entered)
        if problem:
            self.prompt = "A NEW OPERATOR PIN: 4 TO 12 DIGITS"
            self.say(problem.upper(), bad=True)
            return
        if self.setup:
            self.menu.setup_settings()  # the menu puts the settings page in this one's place
            return
        self.menu.pop()
        self.menu.page.say("THE OPERATOR PIN WAS CHANGED (LOGGED)")
