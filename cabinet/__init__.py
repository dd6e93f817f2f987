"""Slot Cabinet: a desktop slot-cabinet emulator driven by exact, testable math."""

__version__ = "0.1.0"
