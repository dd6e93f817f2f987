"""The operator menu's pages, headless: the reference pictures of ``tests/gallery/operator/``.

One kiosk-like data folder (a PIN, 40 rounds of Classic Fruits with a period reset after 25,
a few logged events) and every page reached the way an operator would: OPERATOR, the PIN
keypad (three wrong PINs lock it, a minute later the right one opens the menu), then each
page from the menu. What would differ from run to run is pinned: the wall clock (as in
the game gallery), the monotonic clock of the PIN lock, the frame timer, the storage
test's measurements and the data folder's path as the pages print it.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections import namedtuple
from collections.abc import Iterator
from datetime import timedelta, timezone
from pathlib import Path
from typing import Any

from .gallery import GALLERY_TIME, Gallery, pinned_clock

OPERATOR_MOMENTS = ("operator-pin", "operator-pin-locked", "operator-menu", "operator-meters",
                    "operator-meters-reset", "operator-last-games", "operator-events", "operator-buttons",
                    "operator-display-bars", "operator-display-ramp", "operator-display-grid", "operator-sound",
                    "operator-storage", "operator-settings", "operator-change-pin", "operator-settings-refused",
                    "operator-kiosk-log", "operator-no-pin", "operator-setup-pin", "operator-setup-settings",
                    "operator-exit-pin", "kiosk-exit-countdown", "kiosk-config-error")
GALLERY_PIN = "2468"
GALLERY_SALT = b"operator-gallery"  # a fixed salt: the reference folder's kiosk.yaml is the same every run
SHOWN_FOLDER = "/var/lib/slot-cabinet"
KIOSK_YAML = """\
# The gallery's kiosk: every setting the operator's settings page shows.
idle_seconds: 60   # the attract show after a minute
attract: true
start: lobby
start_credits: "100.00"
volume: 70
"""
PAR_WAIT = 60.0  # seconds the meters page may take to work out the par (in its thread)
SHOWN_ZONE = timezone(timedelta(hours=1), "CET")  # local times in the pictures: a fixed zone, not the machine's
KIOSK_LOG = """\
2026-01-02 11:58:07 UTC  error in classic draw, recovered (1 in 10 s)
Traceback (most recent call last):
  File "cabinet/presentation/scenes/base.py", line 88, in draw
ZeroDivisionError: division by zero

2026-01-02 11:59:41 UTC  error in lobby, recovered (1 in 10 s)
Traceback (most recent call last):
  File "cabinet/presentation/scenes/lobby.py", line 301, in update
KeyError: 'retro-reels-diamond-glitz'

"""
CONFIG_ERRORS = ["/var/lib/slot-cabinet/kiosk.yaml:1:15: idle_seconds must be from 5 to 86400, got '2'",
                 "/var/lib/slot-cabinet/kiosk.yaml:3:17: games: unknown game 'clasic' (did you mean 'classic'?)"]


@contextlib.contextmanager
def pinned_probes(folder: Path) -> Iterator[None]:
    """The storage test's figures and the data folder's printed path, the same every run."""
    from cabinet.presentation.scenes.operator import common, storage

    usage = namedtuple("usage", "total used free")
    saved_probes, saved_path, saved_zone = dict(storage.PROBES), dict(common.PATH_SHOWN), dict(common.ZONE_SHOWN)
    storage.PROBES.update(disk_usage=lambda _: usage(64_000_000_000, 24_000_000_000, 40_000_000_000),
                          write=lambda _: 0.0042)
    common.PATH_SHOWN["path"] = lambda p: str(p).replace(str(folder), SHOWN_FOLDER)
    common.ZONE_SHOWN["zone"] = SHOWN_ZONE
    try:
        yield
    finally:
        storage.PROBES.clear()
        storage.PROBES.update(saved_probes)
        common.PATH_SHOWN.update(saved_path)
        common.ZONE_SHOWN.update(saved_zone)


def _press(app: Any, *buttons: Any, index: int = -1, frames: int = 3) -> None:
    from cabinet.machine.buttons import Button, Press

    for button in buttons:
        app.press([Press(button if isinstance(button, Button) else Button(button), index)])
        app.run_frames(1)
    app.run_frames(frames)


def _wait_for_par(defn: Any, fingerprint: str) -> None:
    from cabinet.presentation.scenes.operator.meters import par_report

    deadline = time.monotonic() + PAR_WAIT
    while par_report(defn, fingerprint) is None and time.monotonic() < deadline:
        time.sleep(0.05)


def operator_shots(*, size: tuple[int, int], seed: int, folder: Path) -> Iterator[tuple[str, Any]]:
    from cabinet.app import App, AppOptions
    from cabinet.core.loader import load_game
    from cabinet.kiosk.operator import OperatorServices
    from cabinet.kiosk.pin import hash_pin
    from cabinet.machine.buttons import Button

    now = [1000.0]  # the PIN lock's and the frame timer's clock
    (folder / "kiosk.yaml").write_text(KIOSK_YAML, encoding="utf-8")
    services = OperatorServices(folder, config_path=folder / "kiosk.yaml", kiosk=True,
                                pin_hash=hash_pin(GALLERY_PIN, salt=GALLERY_SALT), clock=lambda: now[0])
    services.events.clock = services.audit.clock = lambda: GALLERY_TIME
    services.audit.period_started = GALLERY_TIME.isoformat(timespec="seconds")
    for _ in range(240):
        services.frames.add(0.0031)
    services.frames.add(0.0068)
    services.power_up("kiosk started: 6 game(s)")
    defn = load_game("classic")
    # The rounds on an in-memory ledger (it stamps them with the pinned clock); the operator's own
    # files (event log, audit, kiosk.yaml) in the folder. Embedded: the frame timer stays the gallery's.
    app = App(defn, AppOptions(size=size, seed=seed, headless=True, operator=services, embedded=True))
    app.start()
    session = app.session
    for i in range(40):
        session.begin_round()
        session.finish_round()
        if i == 24:
            services.audit.reset_period()
            services.events.record("meters_reset", "period meters reset (25 games in the period)")
    services.events.record("pad_attached", "pad attached (device 0)", device=0)
    services.events.record("close_ignored", "a window-close request was ignored (kiosk)")
    services.events.record("storage_full", "cannot record the round: No space left on device (errno 28)")
    services.events.record("storage_back", "recording works again")
    services.events.record("pad_detached", "pad detached (instance 0)", instance=0)
    app.run_frames(2)

    def shot() -> Any:
        app.draw()
        return app.screen.copy()

    _press(app, Button.OPERATOR)
    for digit in (1, 2):  # two digits typed: the keypad with its stars
        _press(app, Button.ITEM, index=digit - 1)
    yield "operator-pin", shot()
    for wrong in ("1111", "2222", "3333"):
        for d in wrong:
            _press(app, Button.ITEM, index=int(d) - 1, frames=0)
        _press(app, Button.ITEM, index=11, frames=1)  # OK
        del wrong
    now[0] += 17.0
    yield "operator-pin-locked", shot()
    now[0] += 60.0
    for d in GALLERY_PIN:
        _press(app, Button.ITEM, index=int(d) - 1, frames=0)
    _press(app, Button.ITEM, index=11)
    yield "operator-menu", shot()

    _press(app, Button.ITEM, index=0)
    _wait_for_par(defn, session.game.fingerprint)
    app.run_frames(2)
    yield "operator-meters", shot()
    _press(app, Button.ITEM, index=2)  # RESET PERIOD METERS: asks first
    yield "operator-meters-reset", shot()
    _press(app, Button.BACK, Button.BACK)

    _press(app, Button.ITEM, index=1)
    yield "operator-last-games", shot()
    _press(app, Button.BACK)
    _press(app, Button.ITEM, index=2)
    yield "operator-events", shot()
    _press(app, Button.BACK)
    _press(app, Button.ITEM, index=3)
    _press(app, Button.SPIN, Button.UP, Button.OPERATOR, Button.ADD_CREDITS, frames=1)
    yield "operator-buttons", shot()
    _press(app, Button.BACK, Button.BACK, Button.BACK)
    _press(app, Button.ITEM, index=4)
    yield "operator-display-bars", shot()
    _press(app, Button.RIGHT)
    yield "operator-display-ramp", shot()
    _press(app, Button.RIGHT)
    yield "operator-display-grid", shot()
    _press(app, Button.BACK)
    _press(app, Button.ITEM, index=5)
    yield "operator-sound", shot()
    _press(app, Button.BACK)
    _press(app, Button.ITEM, index=6)
    yield "operator-storage", shot()
    _press(app, Button.BACK)
    _press(app, Button.ITEM, index=7)
    yield "operator-settings", shot()
    page = app.stack.top.page
    page.cursor = [words for words, _ in page.rows()].index("CHANGE THE OPERATOR PIN")
    _press(app, Button.CONFIRM)
    for d in "13579":  # the new PIN once (keyboard digits), then two digits of it again
        _press(app, Button.DIGIT, index=int(d), frames=0)
    _press(app, Button.CONFIRM)
    for d in "13":
        _press(app, Button.DIGIT, index=int(d), frames=0)
    app.run_frames(1)
    yield "operator-change-pin", shot()
    _press(app, Button.BACK)  # left before the second entry: the PIN stays as it was
    page.cursor = page.game_rows + 1  # IDLE SECONDS
    for _ in range(13):  # 60 s down to 0: below the 5 s the config allows
        _press(app, Button.LEFT, frames=0)
    page.cursor = len(page.rows()) - 1
    _press(app, Button.CONFIRM)  # SAVE: refused on screen, nothing written
    yield "operator-settings-refused", shot()
    _press(app, Button.BACK)
    (folder / "kiosk.log").write_text(KIOSK_LOG, encoding="utf-8")
    _press(app, Button.ITEM, index=8)  # KIOSK LOG
    yield "operator-kiosk-log", shot()
    _press(app, Button.BACK, Button.BACK)
    services.gate.stored = None  # the same kiosk had no PIN set: OPERATOR only says how to set one
    _press(app, Button.OPERATOR)
    yield "operator-no-pin", shot()
    _press(app, Button.BACK)
    yield from _kiosk_shots(app, folder, pin_hash=hash_pin(GALLERY_PIN, salt=GALLERY_SALT))
    app.close()


def _kiosk_shots(app: Any, folder: Path, *, pin_hash: str) -> Iterator[tuple[str, Any]]:
    """What the kiosk's shell shows over everything: the first start's set-up, the exit
    combination's countdown and PIN, a configuration error."""
    from cabinet.kiosk import config_error
    from cabinet.kiosk.operator import OperatorServices
    from cabinet.kiosk.operator_exit import draw_countdown
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.scenes.operator import OperatorHost, OperatorMenu

    text = app.ctx.text

    def menu_shot(menu: Any) -> Any:
        menu.draw(app.screen)
        return app.screen.copy()

    first = folder / "first-start"
    first.mkdir()
    (first / "kiosk.yaml").write_text(KIOSK_YAML, encoding="utf-8")
    fresh = OperatorServices(first, config_path=first / "kiosk.yaml", kiosk=True)
    host = OperatorHost(services=fresh, text=text, window=lambda: app.screen.get_size())
    setup = OperatorMenu(host, setup=True)
    for d in "24":
        setup.handle(Press(Button.DIGIT, int(d)))
    yield "operator-setup-pin", menu_shot(setup)
    setup.handle(Press(Button.ITEM, 9))  # CLR: the two digits of the picture go
    for d in GALLERY_PIN + "C" + GALLERY_PIN + "C":
        setup.handle(Press(Button.CONFIRM) if d == "C" else Press(Button.DIGIT, int(d)))
    yield "operator-setup-settings", menu_shot(setup)

    kiosk = OperatorServices(first, config_path=first / "kiosk.yaml", kiosk=True, pin_hash=pin_hash)
    asking = OperatorMenu(OperatorHost(services=kiosk, text=text, window=lambda: app.screen.get_size()),
                          exit_to=lambda: None)
    for d in "246":
        asking.handle(Press(Button.DIGIT, int(d)))
    yield "operator-exit-pin", menu_shot(asking)

    app.draw()
    draw_countdown(app.screen, text, 3.2, pin=True)
    yield "kiosk-exit-countdown", app.screen.copy()
    config_error.draw(app.screen, text, CONFIG_ERRORS, Path(SHOWN_FOLDER) / "kiosk.yaml")
    yield "kiosk-config-error", app.screen.copy()


def build_operator_gallery(*, size: tuple[int, int] = (640, 360), seed: int = 1) -> Gallery:
    from cabinet.app import use_dummy_drivers

    use_dummy_drivers()
    gallery = Gallery("operator menu")
    with pinned_clock(), tempfile.TemporaryDirectory(prefix="operator-gallery-") as name:
        folder = Path(name)
        with pinned_probes(folder):
            gallery.shots.extend(operator_shots(size=size, seed=seed, folder=folder))
    return gallery


def mode_meter_shots(defn: Any, *, size: tuple[int, int] = (640, 360), seed: int = 1,
                     folder: Path) -> Iterator[tuple[str, Any]]:
    """The meters page of a game with bet modes (``operator-meters-modes``): rounds of each mode
    played (base spins, ante spins, a buy of each buy mode), then the page for that game, with a
    row per mode (rounds / in / out in both columns)."""
    from cabinet.app import App, AppOptions
    from cabinet.kiosk.operator import OperatorServices
    from cabinet.kiosk.pin import hash_pin
    from cabinet.machine.buttons import Button

    (folder / "kiosk.yaml").write_text(KIOSK_YAML, encoding="utf-8")
    services = OperatorServices(folder, config_path=folder / "kiosk.yaml", kiosk=True,
                                pin_hash=hash_pin(GALLERY_PIN, salt=GALLERY_SALT), clock=lambda: 1000.0)
    services.events.clock = services.audit.clock = lambda: GALLERY_TIME
    services.audit.period_started = GALLERY_TIME.isoformat(timespec="seconds")
    app = App(defn, AppOptions(size=size, seed=seed, headless=True, operator=services, embedded=True))
    app.start()
    session = app.session
    plan = ["base"] * 12 + [m.name for m in defn.bet_modes if m.kind == "ante"] * 8
    plan += [m.name for m in defn.bet_modes if m.kind == "buy"]
    for i, mode in enumerate(plan):
        session.begin_round(mode=mode)
        session.finish_round()
        if i == 9:  # a period reset part way: the two columns differ
            services.audit.reset_period()
    app.run_frames(2)

    def shot() -> Any:
        app.draw()
        return app.screen.copy()

    _press(app, Button.OPERATOR)
    for d in GALLERY_PIN:
        _press(app, Button.ITEM, index=int(d) - 1, frames=0)
    _press(app, Button.ITEM, index=11)
    _press(app, Button.ITEM, index=0)
    _wait_for_par(defn, session.game.fingerprint)
    app.run_frames(2)
    yield "operator-meters-modes", shot()
    app.close()
