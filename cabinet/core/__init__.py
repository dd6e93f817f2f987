"""The pure, deterministic heart of the cabinet.

Nothing here imports pygame (tests/test_core_purity.py enforces it). A round is a
function of (definition, bet, seed, decisions); the screen only replays its events.
"""
