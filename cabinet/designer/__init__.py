"""Designer mode: live reload of a game's files, forced-outcome scenarios, speed control
and the math overlay. ``cabinet play GAME --designer`` (or ``--watch``) turns it on."""
