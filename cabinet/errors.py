"""Errors the CLI reports as one clear line (never a traceback)."""


class CabinetError(Exception):
    """A user-facing error: its message is printed as is and the command exits non-zero."""

    exit_code = 2
