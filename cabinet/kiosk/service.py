"""The kiosk as a service that starts with an auto-login desktop session, and stays stopped
when the operator stops it.

Why a session hook and not a unit waiting for ``graphical-session.target``: LXDE, Openbox,
XFCE and labwc never start that target, and a display (``DISPLAY``, ``WAYLAND_DISPLAY``,
``XAUTHORITY``) exists only inside a session. So ``cabinet kiosk service --write`` installs

- an XDG autostart entry (``~/.config/autostart/slot-cabinet.desktop``), which GNOME, KDE,
  XFCE, LXDE/LXQt and Openbox (``openbox-session``'s xdg-autostart) run at login. It runs
  ``cabinet kiosk session``; cage and labwc run that same command from their own start-up
  line (the README says where);
- where a systemd user manager runs, the user unit too (``deploy/systemd/slot-cabinet.service``):
  ``kiosk session`` then copies the session's display variables into the user manager
  (``systemctl --user import-environment``) and starts the unit, so systemd restarts a crash
  and ``systemctl --user stop`` stops it. Without systemd, ``kiosk session`` supervises the
  kiosk itself (``supervise``) by the same rules.

The rules: exit 0 (SIGTERM, ``systemctl stop``) and ``OPERATOR_EXIT`` (the exit combination)
stop it for good; ``CONFIG_ERROR_EXIT`` (a kiosk.yaml mistake where no screen could show it)
too, since starting again cannot fix it; anything else is a crash, restarted after
``RESTART_SECONDS``, at most ``RESTART_BURST`` times in ``RESTART_WINDOW`` seconds.
A kiosk that can open its window shows a configuration error full screen and waits for the
fix instead of exiting, so it never loops.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

OPERATOR_EXIT = 10  # the operator held the exit combination: stay stopped
CONFIG_ERROR_EXIT = 78  # EX_CONFIG: a configuration mistake that no screen could show
STOP_CODES = frozenset({0, OPERATOR_EXIT, CONFIG_ERROR_EXIT})
RESTART_SECONDS = 3.0
RESTART_BURST, RESTART_WINDOW = 5, 120.0
SESSION_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "XDG_CURRENT_DESKTOP", "XDG_SESSION_TYPE",
                     "DBUS_SESSION_BUS_ADDRESS")

UNIT_TEMPLATE = Path(__file__).resolve().parent.parent / "deploy" / "systemd" / "slot-cabinet.service"
UNIT_NAME = "slot-cabinet.service"
AUTOSTART_NAME = "slot-cabinet.desktop"


def cabinet_executable() -> str:
    """This install's ``cabinet`` (the one beside the running Python first: a venv's or pipx's)."""
    beside = Path(sys.executable).with_name("cabinet")
    exe = str(beside) if beside.exists() else shutil.which("cabinet") or str(beside)
    return str(Path(exe).absolute())


def unit_text(data_dir: Path, *, cabinet: str | None = None) -> str:
    """The shipped unit with this machine's cabinet and data folder (no display: the session's)."""
    text = UNIT_TEMPLATE.read_text(encoding="utf-8")
    return (text.replace("@CABINET@", str(Path(cabinet or cabinet_executable()).absolute()))
            .replace("@DATA_DIR@", str(data_dir)).replace("@OPERATOR_EXIT@", str(OPERATOR_EXIT))
            .replace("@CONFIG_ERROR_EXIT@", str(CONFIG_ERROR_EXIT)))


def session_command(data_dir: Path, *, cabinet: str | None = None) -> list[str]:
    return [cabinet or cabinet_executable(), "kiosk", "session", "--data-dir", str(data_dir)]


def autostart_text(data_dir: Path, *, cabinet: str | None = None) -> str:
    """An XDG autostart entry (Desktop Entry spec): the session runs ``cabinet kiosk session``."""
    command = " ".join(_desktop_quote(part) for part in session_command(data_dir, cabinet=cabinet))
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Name=Slot Cabinet kiosk",
        "Comment=Starts the Slot Cabinet kiosk when this user's session starts (cabinet kiosk service)",
        f"Exec={command}",
        "Terminal=false",
        "NoDisplay=true",
        "X-GNOME-Autostart-enabled=true",
        "X-GNOME-AutoRestart=false",
        "",
    ])


def _desktop_quote(arg: str) -> str:
    # The Exec key's quoting: an argument with reserved characters goes in double quotes, and
    # inside them ", `, $ and \ are escaped with a backslash (and % doubled everywhere).
    arg = arg.replace("%", "%%")
    if arg and not any(c in arg for c in " \t\n\"'\\><~|&;$*?#()`"):
        return arg
    return '"' + "".join("\\" + c if c in '"`$\\' else c for c in arg) + '"'


def config_home(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    return Path(env.get("XDG_CONFIG_HOME") or Path(env.get("HOME") or Path.home()) / ".config")


def systemd_user_running(run: Callable[..., subprocess.CompletedProcess[str]] = subprocess.run) -> bool:
    """Whether a systemd user manager answers (``systemctl --user`` works in this session)."""
    if shutil.which("systemctl") is None:
        return False
    try:
        done = run(["systemctl", "--user", "show-environment"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def write_service(data_dir: Path, *, kind: str, cabinet: str | None = None,
                  env: Mapping[str, str] | None = None) -> list[Path]:
    """Install the autostart entry, and the user unit when ``kind`` is "systemd"; the files written."""
    from cabinet.services.atomic import write_text_atomic

    home = config_home(env)
    written: list[Path] = []
    if kind == "systemd":
        folder = home / "systemd" / "user"
        folder.mkdir(parents=True, exist_ok=True)
        write_text_atomic(folder / UNIT_NAME, unit_text(data_dir, cabinet=cabinet))
        written.append(folder / UNIT_NAME)
    folder = home / "autostart"
    folder.mkdir(parents=True, exist_ok=True)
    write_text_atomic(folder / AUTOSTART_NAME, autostart_text(data_dir, cabinet=cabinet))
    written.append(folder / AUTOSTART_NAME)
    return written


def start_session(data_dir: Path, *, env: Mapping[str, str] | None = None,
                  run: Callable[..., subprocess.CompletedProcess[str]] = subprocess.run,
                  supervisor: Callable[[Sequence[str]], int] | None = None) -> int:
    """``cabinet kiosk session``: at login, hand the session's display to the user unit and
    start it; with no unit installed (or no systemd), run and supervise the kiosk here."""
    env = os.environ if env is None else env
    unit = config_home(env) / "systemd" / "user" / UNIT_NAME
    if unit.is_file() and systemd_user_running(run):
        present = [name for name in SESSION_VARIABLES if env.get(name)]
        absent = [name for name in ("DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY") if not env.get(name)]
        run(["systemctl", "--user", "import-environment", *present], check=False, timeout=30)
        if absent:  # left from an earlier session of another kind (X11 then Wayland): not this one's
            run(["systemctl", "--user", "unset-environment", *absent], check=False, timeout=30)
        run(["systemctl", "--user", "reset-failed", UNIT_NAME], check=False, timeout=30)
        done = run(["systemctl", "--user", "start", UNIT_NAME], check=False, timeout=60)
        return int(done.returncode)
    command = [cabinet_executable(), "kiosk", "--data-dir", str(data_dir)]
    return (supervisor or supervise)(command)


def supervise(command: Sequence[str], *, call: Callable[[Sequence[str]], int] | None = None,
              sleep: Callable[[float], None] = time.sleep, clock: Callable[[], float] = time.monotonic,
              say: Callable[[str], None] | None = None) -> int:
    """Run ``command`` until it stops for good (``STOP_CODES``); restart a crash after
    ``RESTART_SECONDS``, giving up after ``RESTART_BURST`` crashes within ``RESTART_WINDOW`` s.
    Returns the last exit code."""
    call = call or (lambda args: subprocess.call(list(args)))
    say = say or (lambda line: print(f"cabinet kiosk session: {line}", file=sys.stderr, flush=True))
    crashes: list[float] = []
    while True:
        code = call(command)
        if code in STOP_CODES:
            why = {0: "stopped", OPERATOR_EXIT: "the operator's exit",
                   CONFIG_ERROR_EXIT: "a configuration error"}[code]
            say(f"the kiosk ended ({why}, exit {code}); not restarting")
            return code
        now = clock()
        crashes = [t for t in crashes if now - t < RESTART_WINDOW] + [now]
        if len(crashes) >= RESTART_BURST:
            say(f"the kiosk failed {len(crashes)} times in {RESTART_WINDOW:g} s (last exit {code}); giving up: "
                f"see kiosk.log in its data folder")
            return code
        say(f"the kiosk ended with exit {code}; starting it again in {RESTART_SECONDS:g} s")
        sleep(RESTART_SECONDS)


def describe(command: Sequence[str]) -> str:
    return " ".join(shlex.quote(part) for part in command)
