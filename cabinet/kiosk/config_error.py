"""A kiosk that cannot start because of its configuration says why, full screen, and waits.

A kiosk.yaml mistake (each ``file:line:col``), or no game that loads, used to end the process;
as a service that meant a restart every 3 s and a bare desktop with no reason. Now the kiosk
records it in the event log (``config_error``) and the status file (``cabinet kiosk status``
says CONFIG ERROR with the reasons), shows the reasons on the screen, and checks the
config file every second: once it changes, the caller tries again (``None``). The operator's
exit combination (the default one: the config's own could not be read) or SIGTERM leave.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

BACKGROUND = (24, 8, 8)
TITLE = (255, 200, 80)
BODY = (240, 240, 240)
HINT = (160, 160, 170)
TITLE_TEXT = "THIS KIOSK IS NOT SET UP RIGHT"


def record(data_dir: Path, lines: Sequence[str]) -> Any:
    """The event log entry and the status file's reasons; the OperatorServices that wrote them."""
    from .operator import OperatorServices

    services = OperatorServices(data_dir, kiosk=True)
    services.config_error = list(lines)
    services.events.record("config_error", "the kiosk did not start: " + "; ".join(lines)[:480],
                           reasons=list(lines)[:20])
    services.write_status()
    return services


def draw(surface: Any, text: Any, lines: Sequence[str], config_path: Path) -> None:
    """The reasons, each wrapped to the screen's width, under a title; the fix at the bottom."""
    width, height = surface.get_size()
    surface.fill(BACKGROUND)
    margin = max(16, width // 24)
    size = max(14, height // 28)
    y = margin
    title = text.fit(TITLE_TEXT, size * 2, width - 2 * margin, TITLE)
    surface.blit(title, (margin, y))
    y += title.get_height() + size
    for line in lines:
        for part in text.wrap(line, size, width - 2 * margin):
            if y > height - 4 * size:
                break
            surface.blit(text.render(part, size, BODY), (margin, y))
            y += int(size * 1.3)
        y += size // 2
    hint = f"Fix {config_path} and the kiosk starts by itself. Nothing a visitor can do here."
    parts = text.wrap(hint, size, width - 2 * margin)
    step = int(size * 1.3)
    for i, part in enumerate(parts):
        surface.blit(text.render(part, size, HINT), (margin, height - margin - step * (len(parts) - i)))


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def show(lines: Sequence[str], *, data_dir: Path, config_path: Path, fullscreen: bool = True,
         size: tuple[int, int] | None = None, frames: int | None = None,
         events: Callable[[], list[Any]] | None = None) -> int | None:
    """Show the reasons until the config changes (None: try again), the operator's exit
    combination is held (``OPERATOR_EXIT``) or SIGTERM (0). ``CONFIG_ERROR_EXIT`` when no
    window can be opened. ``frames``/``events``: tests run a bounded loop with given events."""
    import signal

    from .operator_exit import DEFAULT_EXIT_KEYS, DEFAULT_HOLD_SECONDS, combo_from_config
    from .service import CONFIG_ERROR_EXIT, OPERATOR_EXIT

    services = record(data_dir, lines)
    import pygame

    from cabinet.app import initial_window_size, require_real_display
    from cabinet.errors import CabinetError
    from cabinet.presentation.text import Text

    try:
        pygame.display.init()
        require_real_display(pygame, False)
        pygame.font.init()
        flags = pygame.FULLSCREEN if fullscreen else 0
        from cabinet.app import AppOptions

        window = size or initial_window_size(AppOptions(size=size, fullscreen=fullscreen), pygame)
        screen = pygame.display.set_mode(window, flags)
    except (pygame.error, CabinetError) as exc:
        services.events.record("exit", f"exit: no screen to show the configuration error on ({exc})",
                               cause="config error")
        return CONFIG_ERROR_EXIT
    pygame.display.set_caption("Slot Cabinet")
    pygame.mouse.set_visible(False)

    class _Defaults:
        exit_keys, exit_pad, exit_hold_seconds = DEFAULT_EXIT_KEYS, (), DEFAULT_HOLD_SECONDS

    combo = combo_from_config(_Defaults())
    text = Text()
    stopped: list[int] = []
    try:
        previous = signal.signal(signal.SIGTERM, lambda *_: stopped.append(0))
    except ValueError:  # not the main thread (tests)
        previous = None
    before = _stamp(config_path)
    waited, shown = 0.0, 0
    try:
        while frames is None or shown < frames:
            got = events() if events is not None else pygame.event.get()
            combo.see(got)
            if combo.tick(1 / 30):
                services.exit(f"operator exit, held {combo.held_for:.1f} s (configuration error shown)")
                return OPERATOR_EXIT
            if stopped:
                services.exit("SIGTERM (configuration error shown)")
                return 0
            draw(screen, text, lines, config_path)
            pygame.display.flip()
            shown += 1
            waited += 1 / 30
            if waited >= 1.0:
                waited = 0.0
                if _stamp(config_path) != before:
                    services.events.record("settings_changed", f"{config_path} changed: trying again")
                    services.events.close()
                    return None
            if events is None:
                time.sleep(1 / 30)
        return None
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
        pygame.display.quit()
