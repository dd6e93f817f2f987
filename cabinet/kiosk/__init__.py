"""Kiosk mode: the lobby, the attract show, unattended running (``cabinet kiosk``)."""
