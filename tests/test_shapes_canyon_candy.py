"""The shapes of the Canyon, Candy and Codex themes (cabinet/assets/symbols_canyon.py, symbols_candy.py,
symbols_codex.py):
registered by name, and the checked-in art of both themes is what they draw from the themes' files."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.assets import build
from cabinet.assets.symbols import SHAPES
from cabinet.assets.themes import THEMES

SPRITES = Path(__file__).resolve().parent.parent / "sprites"
NEW_SHAPES = {
    "canyon": ("sheriff_badge", "nugget", "hat", "horseshoe", "cactus"),
    "candy": ("cupcake", "donut", "lollipop", "wrapped_candy"),
    "codex": ("codex_book", "pith_helmet", "golden_idol", "compass"),
}


def test_the_new_shapes_are_registered_and_used_by_their_themes() -> None:
    for theme, shapes in NEW_SHAPES.items():
        assert set(shapes) <= set(SHAPES)
        used = {spec.shape for spec in THEMES[theme].symbols}
        assert set(shapes) <= used, theme


@pytest.mark.parametrize(("theme", "symbol"), [("canyon", "WILD"), ("canyon", "NUGGET"), ("canyon", "HAT"),
                                               ("canyon", "HORSESHOE"), ("canyon", "CACTUS"), ("candy", "CUPCAKE"),
                                               ("candy", "DONUT"), ("candy", "LOLLIPOP"), ("candy", "WRAPPED"),
                                               ("codex", "CODEX"), ("codex", "EXPLORER"), ("codex", "IDOL"),
                                               ("codex", "COMPASS")])
def test_the_checked_in_art_is_what_the_shape_draws(tmp_path: Path, theme: str, symbol: str) -> None:
    spec_theme = THEMES[theme]
    build.write_symbol(tmp_path, spec_theme, spec_theme.symbol(symbol))
    for glow in (False, True):
        drawn = build.symbol_path(tmp_path, theme, symbol, glow=glow).read_bytes()
        assert drawn == build.symbol_path(SPRITES, theme, symbol, glow=glow).read_bytes(), (symbol, glow)
