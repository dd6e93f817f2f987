"""Layout: pure rectangles for every supported window shape, and the left-hand mirror."""

from __future__ import annotations

import itertools

import pytest

from cabinet.machine.buttons import Button
from cabinet.presentation import bet_panel
from cabinet.presentation.icons import settings_box
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
            if {a, b} == {"logo", "reel_frame"}:  # the logo crowns the frame: over its border, never its reels
                assert layout.logo.bottom <= layout.reel_window.y, (layout.logo, layout.reel_window)
                continue
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


# -- issue 14: the theme's art in the corners, and the reels taking the room --------------------

ART_SIZES = [(1920, 1080), (1280, 720), (1080, 1920), (720, 1280), (640, 360), (360, 640), (2560, 1080),
             (1280, 1024)]


@pytest.mark.parametrize("size", ART_SIZES)
def test_the_side_art_corners_are_whole_and_nothing_covers_them(size: tuple[int, int]) -> None:
    """Happy Riches' lanterns hang in ``side_art``: wholly on screen, and no badge, button,
    meter, glass or meter band of any layout (either hand, any grid) lies over them."""
    from cabinet.presentation import side_panel
    from cabinet.presentation.icons import settings_box

    for rows in (3, 4):
        for left_hand in (False, True):
            layout = compute_layout(size, 5, rows, left_hand)
            others = {k: b for k, b in layout.all_boxes().items() if not k.startswith("side_art")}
            others["wrench"] = settings_box(layout)
            for name, box in (("awards", side_panel.panel_box(layout, side_panel.MAX_AWARDS)),
                              ("features", side_panel.feature_box(layout, side_panel.MAX_FEATURE_ROWS))):
                if box is not None:
                    others[name] = box
            for corner in layout.side_art:
                assert corner.inside(*size) and corner.w >= min(size) // 12, (size, corner)
                for name, box in others.items():
                    assert not corner.overlaps(box), (size, rows, left_hand, name, box, corner)
            left, right = layout.side_art
            assert left.x < size[0] // 2 < right.x and left.y == right.y == 0  # hung from the top edge
            assert right == left.mirrored(size[0])


def test_portrait_menu_and_info_sit_with_the_meters_not_in_the_corners() -> None:
    layout = compute_layout((1080, 1920))
    menu, info, balance = layout.buttons[Button.MENU], layout.buttons[Button.INFO], layout.meters["balance"]
    for button in (menu, info):
        assert balance.y <= button.y and button.bottom <= balance.bottom and button.right <= balance.x
        assert not any(button.overlaps(corner) for corner in layout.side_art)


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (2560, 1440)])
def test_the_reels_take_the_room_in_landscape(size: tuple[int, int]) -> None:
    """One sizing rule for every game: the frame runs from under the badges' row to the bands
    over the deck; 5x3 reels are most of the height (they were 56% of it) and the side
    columns keep room for their glass."""
    w, h = size
    three, four = compute_layout(size, 5, 3), compute_layout(size, 5, 4)
    assert three.reel_window.h >= 0.6 * h and four.reel_window.h >= 0.6 * h
    assert three.reel_frame.y <= 0.1 * h and three.reel_frame.bottom >= 0.75 * h
    assert 0.6 * w <= three.reel_frame.w <= 0.74 * w
    assert three.reel_frame.y >= three.counter_badge.bottom and three.logo.bottom <= three.reel_window.y
    spin = three.buttons[Button.SPIN]  # it rises over the deck, but stays under the pills (the attract band covers it)
    pills = bet_panel.panel_boxes(three)
    assert spin.y < three.deck.y and spin.y > max(box.bottom for box in (*three.tags, pills.level, pills.coins))
    assert settings_box(three).bottom < spin.y  # the wrench is wholly above the attract band, or wholly under it


@pytest.mark.parametrize("size", [(1080, 1920), (720, 1280)])
def test_the_reels_take_the_width_in_portrait(size: tuple[int, int]) -> None:
    layout = compute_layout(size, 5, 3)
    assert layout.reel_frame.w >= 0.97 * size[0] and layout.reel_frame.inside(*size)
    assert layout.reel_frame.y >= max(layout.counter_badge.bottom, layout.side_art[0].bottom)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (640, 360)])
def test_a_5x4_grid_takes_the_empty_tag_band_and_the_5x3_games_keep_theirs(size: tuple[int, int]) -> None:
    """Issue 26: a 5x4 game with nothing under its reels (no price tags, no bet pills) takes that
    band, so its reels are wider than the 47% of the width they were; 5x3 grids are unchanged."""
    w, h = size
    before, after = compute_layout(size, 5, 4), compute_layout(size, 5, 4, tag_band=False)
    assert after.cell > before.cell and after.reel_frame.w >= 0.5 * w > before.reel_frame.w
    assert after.reel_frame.y >= after.counter_badge.bottom and after.logo.bottom <= after.reel_window.y
    assert after.reel_frame.bottom <= after.status.y and after.status.bottom <= after.deck.y  # the status line still shows
    assert compute_layout(size, 5, 3, tag_band=False) == compute_layout(size, 5, 3)  # 5x3: not a pixel moved
