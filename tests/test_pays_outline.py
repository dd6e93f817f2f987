"""The traced outline of a cluster (presentation/pays/outline.py): one loop round the group's
edge, corners only, clockwise on screen; a hole gets its own loop; cells that touch only at a
corner get one loop each; the inset moves every corner into the group."""

from __future__ import annotations

import pytest

from cabinet.presentation.pays.outline import inset, trace

RING = [(x, y) for x in range(3) for y in range(3) if (x, y) != (1, 1)]


@pytest.mark.parametrize(("cells", "loops"), [
    ([(0, 0)], [[(0, 0), (1, 0), (1, 1), (0, 1)]]),
    ([(0, 0), (1, 0), (1, 1)], [[(0, 0), (2, 0), (2, 2), (1, 2), (1, 1), (0, 1)]]),  # an L: six corners
    ([(0, 0), (1, 1)], [[(0, 0), (1, 0), (1, 1), (0, 1)], [(1, 1), (2, 1), (2, 2), (1, 2)]]),  # corner to corner
    (RING, [[(0, 0), (3, 0), (3, 3), (0, 3)], [(1, 1), (1, 2), (2, 2), (2, 1)]]),  # a hole: its own loop
    ([(x, y) for x in range(7) for y in range(7)], [[(0, 0), (7, 0), (7, 7), (0, 7)]]),  # a full 7x7 screen
])
def test_trace_walks_the_group_edge(cells: list[tuple[int, int]], loops: list[list[tuple[int, int]]]) -> None:
    assert trace(cells) == loops


def test_every_edge_of_a_ragged_group_is_walked_once() -> None:
    cells = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (4, 4), (3, 4), (4, 3)]
    edges = 0
    for loop in trace(cells):
        for a, b in zip(loop, loop[1:] + loop[:1], strict=True):
            assert a[0] == b[0] or a[1] == b[1]  # axis-aligned
            edges += abs(a[0] - b[0]) + abs(a[1] - b[1])
    exposed = sum((x + dx, y + dy) not in cells for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    assert edges == exposed


def test_the_inset_moves_corners_into_the_group() -> None:
    def scale(p: tuple[int, int]) -> tuple[float, float]:
        return p[0] * 100.0, p[1] * 100.0

    outer, hole = trace(RING)
    assert inset(outer, scale, 5) == [(5, 5), (295, 5), (295, 295), (5, 295)]
    assert inset(hole, scale, 5) == [(95, 95), (95, 205), (205, 205), (205, 95)]  # into the ring: outwards
    (l_shape,) = trace([(0, 0), (1, 0), (1, 1)])
    assert inset(l_shape, scale, 5) == [(5, 5), (195, 5), (195, 195), (105, 195), (105, 95), (5, 95)]
