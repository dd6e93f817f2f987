"""The cabinet's state: button names, the game session, settings and the scene stack.

Nothing here imports pygame: the session can be driven by tests, scripts and the
window alike.
"""
