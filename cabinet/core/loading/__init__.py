"""The game loader's parts (``core/loader.py`` is its entry): conversion with positions, the
consistency checks, and what they share."""
