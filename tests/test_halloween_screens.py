"""Halloween Wins 3 on screen: its 5x4 reels over the band the game leaves empty; pixels at
known places. (Its mechanics' screens are tested beside their mechanics: the minigame's
boards in test_boards_screen.py, the wheel in test_wheel.py, the held reel in
test_wild_respin.py, the mummy panel in test_mummy_access.py.)"""

from __future__ import annotations

from screen_helpers import frame

from cabinet.app import App, AppOptions

SIZE = (1280, 720)


def test_the_5x4_reels_use_the_band_the_game_leaves_empty(halloween) -> None:  # noqa: ANN001
    """Issue 26: Halloween (no price tags, no bet pills) has its reel frame over the band under the
    reels: the frame's gold edge where the band was, the status line under it, wider reels."""
    from cabinet.presentation.layout import compute_layout

    app = App(halloween, AppOptions(size=SIZE, seed=1, headless=True))
    app.start()
    app.run_frames(5)
    layout = app.ctx.layout
    assert layout == compute_layout(SIZE, 5, 4, tag_band=False) and layout.reel_frame.w > 0.5 * SIZE[0]
    old = compute_layout(SIZE, 5, 4)
    shot = frame(app)
    edge = shot.get_at((layout.reel_frame.x + 3, old.reel_frame.bottom + 12))  # in the old price-tag band
    assert edge.r > 150 and edge.b > 100  # the frame's border (gold and violet) goes on down there
    inside = shot.get_at((layout.reel_window.x + layout.cell // 2, layout.reel_window.bottom - 3))
    assert inside[:3] != edge[:3]
