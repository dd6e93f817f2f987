"""Scenes: the base game, win presentation, free spins, menu, bet selector, info pages."""
