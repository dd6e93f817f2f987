"""Savings in the frame that must change no pixel and no size: a string's width is measured
once and kept (labels are fitted every frame), and the top prize's veil, clear over the deck,
is blended only where it dims anything."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from cabinet.presentation.layout import compute_layout
from cabinet.presentation.overlays import deck_clear_dim
from cabinet.presentation.text import Text


@pytest.mark.parametrize("face", ["body", "display"])
def test_a_kept_width_is_the_fonts_own_measure_for_each_display_face(face: str) -> None:
    text = Text()
    widths = {}
    for display in ("dejavu", "bebas", "lobster"):
        text.display = display
        for words, size in (("€1,000.00", 40), ("FREE SPINS", 23), ("x5", 11)):
            measured = text.font(size, face).size(words)[0]
            assert text.width(words, size, face) == measured
            assert text.width(words, size, face) == measured  # and again, from what was kept
        widths[display] = text.width("GRAND", 40, face)
    if face == "display":  # a theme's own face measures its own way: kept apart
        assert len(set(widths.values())) == 3
    else:
        assert len(set(widths.values())) == 1


def expected_fit(text: Text, words: str, size: int, width: int) -> int:
    measured = text.font(size).size(words)[0]
    return size if measured <= width else min(size, max(6, text.floor, int(size * width / measured)))


def test_fit_gives_the_same_size_with_the_measures_kept() -> None:
    kept = Text()
    for _ in range(2):  # the second pass reads every width from what the first kept
        for words in ("€12,345.67", "BONUS PRIZE", "A LONG LINE OF RULES THAT WILL NOT FIT"):
            for width in (40, 120, 400):
                assert kept.fit_size(words, 30, width) == expected_fit(Text(), words, 30, width)
                assert kept.fit(words, 30, width, (255, 255, 255)).get_size() == \
                    Text().fit(words, 30, width, (255, 255, 255)).get_size()


def test_the_veils_blended_part_holds_every_pixel_it_dims() -> None:
    pygame.init()
    layout = compute_layout((1280, 720), rows=3, reels=5)
    dim = deck_clear_dim(layout, 170, (6, 2, 12))
    area = dim.get_bounding_rect()
    assert area.bottom <= layout.deck.y + 1 and area.h < layout.height  # the deck's rows are left out ...
    game = pygame.Surface(layout.size)
    game.fill((200, 150, 90))
    whole, part = game.copy(), game.copy()
    whole.blit(dim, (0, 0))
    part.blit(dim, area.topleft, area)
    assert (pygame.surfarray.array3d(whole) == pygame.surfarray.array3d(part)).all()  # ... and nothing changes
    assert (np.asarray(pygame.surfarray.array3d(part)[:, layout.deck.y + 2]) == (200, 150, 90)).all()
