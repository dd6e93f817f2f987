"""Layout: pure rectangles for every supported window shape, and the left-hand mirror."""

from __future__ import annotations

import itertools

import pytest

from cabinet.machine.buttons import Button
from cabinet.presentation.layout import MIN_LANDSCAPE, MIN_PORTRAIT, Box, compute_layout

SIZES = [(1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160), (1080, 1920), (2560, 1080),
         (1280, 1024)]
# boxes that must never overlap one another (the deck panel and status line contain or touch others)
SOLID = ("logo", "reel_frame", "button:", "meter:", "tag:")


def solid_boxes(layout) -> dict[str, Box]:  # noqa: ANN001
    return {k: b for k, b in layout.all_boxes().items() if k.startswith(SOLID)}


@pytest.mark.parametrize("size", SIZES)
def test_everything_fits_and_nothing_collides(size: tuple[int, int]) -> None:
    for left_hand in (False, True):
        layout = compute_layout(size, 5, 3, left_hand)
        assert layout.size == size
        for name, box in layout.all_boxes().items():
            assert box.inside(*size), (name, box, size)
        boxes = solid_boxes(layout)
        for (a, ba), (b, bb) in itertools.combinations(boxes.items(), 2):
            assert not ba.overlaps(bb), (a, ba, b, bb)


@pytest.mark.parametrize("size", SIZES)
def test_cells_are_square_and_tile_the_reel_window(size: tuple[int, int]) -> None:
    layout = compute_layout(size, 5, 3)
    window = layout.reel_window
    assert len(layout.cells) == 5 and all(len(col) == 3 for col in layout.cells)
    for reel, column in enumerate(layout.cells):
        for row, cell in enumerate(column):
            assert cell.w == cell.h == layout.cell
            assert cell.y == window.y + row * layout.cell
            assert window.x <= cell.x and cell.right <= window.right
        if reel:
            assert column[0].x > layout.cells[reel - 1][0].right - 1  # left to right, no overlap
    assert layout.cells[0][0].x == window.x and layout.cells[-1][0].right == window.right
    frame = layout.reel_frame
    assert frame.x < window.x and frame.right > window.right and frame.y < window.y


def test_reels_grow_with_the_window() -> None:
    cells = [compute_layout(s).cell for s in [(1280, 720), (1920, 1080), (3840, 2160)]]
    assert cells[0] < cells[1] < cells[2]
    assert cells[2] == pytest.approx(cells[1] * 2, abs=2)


def test_mirror_flips_deck_and_hud_but_not_the_reels() -> None:
    normal = compute_layout((1920, 1080))
    left = compute_layout((1920, 1080), left_hand=True)
    assert left.left_hand and not normal.left_hand
    swap = {Button.BET_MINUS: Button.BET_PLUS, Button.BET_PLUS: Button.BET_MINUS}
    for button in normal.buttons:
        other = normal.buttons[swap.get(button, button)]  # minus stays left of plus
        assert left.buttons[button] == Box(1920 - other.x - other.w, other.y, other.w, other.h)
    assert left.buttons[Button.BET_MINUS].x < left.buttons[Button.BET_PLUS].x
    assert normal.buttons[Button.SPIN].x > 1920 // 2 > left.buttons[Button.SPIN].right
    assert left.meters["balance"].x > normal.meters["balance"].x
    assert left.reel_window == normal.reel_window and left.cells == normal.cells and left.logo == normal.logo
    assert left.mirror() == normal


def test_portrait_stacks_logo_reels_meters_and_controls() -> None:
    layout = compute_layout((1080, 1920))
    assert layout.portrait
    spin = layout.buttons[Button.SPIN]
    assert layout.logo.bottom <= layout.reel_frame.y
    assert layout.reel_frame.bottom <= layout.meters["balance"].y
    assert layout.meters["balance"].bottom <= spin.y
    assert spin.bottom <= 1920
    assert layout.reel_frame.w > 1080 * 0.9  # the reels use the width of a phone-shaped screen
    mirrored = compute_layout((1080, 1920), left_hand=True)
    assert (spin.center[0] > 540) and (mirrored.buttons[Button.SPIN].center[0] < 540)


def test_tiny_windows_clamp_to_a_minimum() -> None:
    assert compute_layout((200, 100)).size == MIN_LANDSCAPE
    assert compute_layout((300, 900)).size == (MIN_PORTRAIT[0], 900)
    small = compute_layout(MIN_LANDSCAPE)
    assert small.cell >= 40
    for name, box in small.all_boxes().items():
        assert box.inside(*MIN_LANDSCAPE), name


def test_other_grids() -> None:
    layout = compute_layout((1920, 1080), reels=3, rows=3)
    assert len(layout.columns) == 3 and len(layout.tags) == 3
    wide = compute_layout((1920, 1080), reels=5, rows=4)
    assert wide.cell < compute_layout((1920, 1080)).cell
    assert all(len(col) == 4 for col in wide.cells)


def test_hit_regions_offer_price_tags_only_when_asked() -> None:
    layout = compute_layout((1280, 720))
    plain = {p.button for _, p in layout.hit_regions()}
    assert Button.SPIN in plain and Button.BET_SELECT in plain and Button.RESPIN_1 not in plain
    offered = {p.button for _, p in layout.hit_regions(respin=True)}
    assert {Button.RESPIN_1, Button.RESPIN_5} <= offered
