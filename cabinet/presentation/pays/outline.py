"""The outline of a group of grid cells: closed loops traced around its edge, for a
cluster win (pure geometry, no pygame).

Cell ``(reel, row)`` is the unit square ``[reel, reel + 1] x [row, row + 1]`` (y down). Every
edge between a cell of the group and one outside it is walked clockwise on screen, so the
group is always on the right of the walk; edges are chained into loops (a group with a hole
has an inner loop too) and straight runs merged, leaving only the corners. Where two cells of
the group meet only at a corner the walk turns towards the cell it is on, so each loop stays
simple. ``inset`` moves every loop into the group by a distance (pixels once mapped), so two
clusters side by side keep two separate outlines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

Point = tuple[int, int]
Loop = list[Point]

# the four edges of cell (x, y), clockwise on screen, with the neighbour across each
_EDGES = (
    ((0, 0), (1, 0), (0, -1)),  # top, left to right; the cell above
    ((1, 0), (1, 1), (1, 0)),  # right, downwards; the cell to the right
    ((1, 1), (0, 1), (0, 1)),  # bottom, right to left; the cell below
    ((0, 1), (0, 0), (-1, 0)),  # left, upwards; the cell to the left
)


def trace(cells: Iterable[tuple[int, int]]) -> list[Loop]:
    """The loops around ``cells`` ((reel, row) pairs), corners only, each clockwise on screen
    (holes too: the group stays on the right). The first loop starts at the top-left-most corner."""
    group = set(cells)
    outgoing: dict[Point, list[Point]] = {}
    for x, y in group:
        for (ax, ay), (bx, by), (nx, ny) in _EDGES:
            if (x + nx, y + ny) not in group:
                outgoing.setdefault((x + ax, y + ay), []).append((x + bx, y + by))
    loops: list[Loop] = []
    while outgoing:
        start = min(outgoing, key=lambda p: (p[1], p[0]))
        loop = [start]
        here = start
        direction: Point | None = None
        while True:
            choices = outgoing[here]
            nxt = _turn(here, direction, choices) if len(choices) > 1 else choices[0]
            choices.remove(nxt)
            if not choices:
                del outgoing[here]
            direction = (nxt[0] - here[0], nxt[1] - here[1])
            here = nxt
            if here == start:  # closed (a start shared with another loop leaves it its edges)
                break
            loop.append(here)
        loops.append(_corners(loop))
    return loops


def _turn(here: Point, direction: Point | None, choices: list[Point]) -> Point:
    """At a corner two cells of the group share only diagonally: turn right (towards the
    cell the walk is hugging), else straight, else left."""
    if direction is None:
        return choices[0]
    dx, dy = direction
    for step in ((-dy, dx), (dx, dy), (dy, -dx)):  # right, straight, left (y down)
        target = (here[0] + step[0], here[1] + step[1])
        if target in choices:
            return target
    return choices[0]


def _corners(loop: Loop) -> Loop:
    """``loop`` without the points in the middle of a straight run."""
    n = len(loop)
    out = []
    for i, (x, y) in enumerate(loop):
        px, py = loop[i - 1]
        qx, qy = loop[(i + 1) % n]
        if (x - px) * (qy - y) - (y - py) * (qx - x) != 0:  # a turn here
            out.append((x, y))
    return out


def inset(loop: Loop, to_pixels: Callable[[Point], tuple[float, float]], d: float) -> list[tuple[int, int]]:
    """``loop``'s corners in pixels (``to_pixels``), each moved ``d`` into the group: along
    the inward normals of its two edges (the group is on the right of a clockwise walk)."""
    out = []
    n = len(loop)
    for i, here in enumerate(loop):
        before, after = loop[i - 1], loop[(i + 1) % n]
        nx = ny = 0
        for (ax, ay), (bx, by) in ((before, here), (here, after)):
            dx, dy = _sign(bx - ax), _sign(by - ay)
            nx, ny = nx - dy, ny + dx  # the right-hand normal of (dx, dy), y down
        px, py = to_pixels(here)
        out.append((round(px + d * nx), round(py + d * ny)))
    return out


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)
