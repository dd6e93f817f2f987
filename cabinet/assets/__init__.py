"""Procedural art and sound for the cabinet: ``python -m cabinet.assets`` writes sprites/ and sounds/.

Nothing here is downloaded: every symbol, button, backdrop and jingle is drawn or synthesised by
this package (pygame for rasterising and fonts, numpy for shading and audio).
"""
