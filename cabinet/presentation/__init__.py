"""What the player sees and hears: layout, art, reels, wins, HUD and the scenes.

Importing this package starts nothing; ``cabinet/app.py`` opens the window.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # keep stdout clean for --headless JSON
