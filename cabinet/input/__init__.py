"""Input: bindings held as data, and the one adapter that reads pygame events."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout clean for --headless JSON
