"""The wheel block: rings of weighted pockets that pay or pass play to another ring.

Hand-built wheels with scripted draws check every rule line of Halloween Wins 3's
triple electric wheel; the exact par is checked against brute force over every base
stop and every path of pockets.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import numpy as np
import pygame
import pytest
from screen_helpers import frame, run_until, scenario_app

from cabinet.app import App, AppOptions
from cabinet.core.bet import Bet
from cabinet.core.definition import Definition
from cabinet.core.events import Event, FeatureEnded, FeatureTriggered
from cabinet.core.features import FeatureContext, ParContext, Spin, block
from cabinet.core.features import wheel as wh
from cabinet.core.features.wheel import WheelSpun
from cabinet.core.loader import DefinitionError, load_definition_text
from cabinet.core.round import RoundRequest, events_total, play_round
from cabinet.core.value import Exact
from cabinet.presentation.mechanics.wheel.view import POINTER, WheelScene, label_rotation, pocket_label
from cabinet.presentation.style import GOLD

F = Fraction

BET = Bet(1, 1, 10)  # a total bet of 10 minor units

GAME = """
format: 1
id: toy-wheel
name: Toy wheel
grid: {reels: 5, rows: 2}
symbols:
  - {id: A}
  - {id: B}
  - {id: FRANK, kind: bonus}
reels:
  base: ["A B FRANK", "A B FRANK", "A B FRANK", "A B FRANK", "A B FRANK"]
lines: [[0, 0, 0, 0, 0]]
pays: {A: {5: 5}}
bet: {currency: EUR, minor_units: 2, coin_values: ["0.10"]}
features:
  - type: wheel
    name: electric
    trigger_symbol: FRANK
    trigger_reels: [1, 3, 5]
    jackpots: {MINI: 20, MINOR: 50, MAJOR: 200}
    rings:
      - name: outer
        pockets:
          - {pays_x_bet: 2, weight: 2}
          - {pays_x_bet: 5}
          - {next: middle}
      - name: middle
        pockets:
          - {pays_x_bet: 10, weight: 2}
          - {jackpot: MINI}
          - {next: inner}
      - name: inner
        pockets:
          - {jackpot: MINOR, weight: 2}
          - {jackpot: MAJOR}
          - {next: LAST}
"""


def wheel_game(last: str = "inner") -> Definition:
    return load_definition_text(GAME.replace("LAST", last))


def kinds(events: tuple[Event, ...], *types: type) -> list[Event]:
    return [e for e in events if isinstance(e, types)]


def play(defn: Definition, script: list[int]) -> tuple[Event, ...]:
    result = play_round(defn, RoundRequest(BET, 0, script=tuple(script)))
    assert result.total_win == events_total(result.events)
    return result.events


# base stops 2, 0, 1, 0, 1: windows (FRANK A), (A B), (B FRANK), (A B), (B FRANK):
# FRANK on reels 1, 3 and 5, each somewhere in its window
TRIGGERING = [2, 0, 1, 0, 1]


def test_three_franks_on_reels_1_3_5_trigger_and_a_paying_pocket_ends_the_wheel() -> None:
    defn = wheel_game()
    events = play(defn, [*TRIGGERING, 2])  # outer ring: below(4)=2 -> the 5x pocket (weights 2, 1, 1)
    trigger = kinds(events, FeatureTriggered)[0]
    assert (trigger.count, trigger.positions) == (3, ((0, 0), (2, 1), (4, 1)))
    spun = [(e.ring, e.pocket, e.value, e.next_ring, e.jackpot, e.amount) for e in kinds(events, WheelSpun)]
    assert spun == [(0, 1, 5, None, "", 50)]
    assert kinds(events, FeatureEnded)[0].total == 50


def test_electric_pockets_pass_play_to_the_next_ring_until_a_pocket_pays() -> None:
    defn = wheel_game()
    # outer: below(4)=3 -> electric; middle: below(4)=3 -> electric; inner: below(4)=3 ->
    # electric (the inner ring spins again); inner: below(4)=2 -> MAJOR (200x)
    events = play(defn, [*TRIGGERING, 3, 3, 3, 2])
    spun = [(e.ring, e.pocket, e.next_ring, e.jackpot, e.amount) for e in kinds(events, WheelSpun)]
    assert spun == [(0, 2, 1, "", 0), (1, 2, 2, "", 0), (2, 2, 2, "", 0), (2, 1, None, "MAJOR", 2000)]
    ended = kinds(events, FeatureEnded)[0]
    assert (ended.total, ended.spins_played) == (2000, 4)
    events = play(defn, [*TRIGGERING, 3, 2])  # middle: below(4)=2 -> MINI (20x)
    assert [(e.jackpot, e.value, e.amount) for e in kinds(events, WheelSpun)][-1] == ("MINI", 20, 200)


@pytest.mark.parametrize(
    ("screen", "fires"),
    [
        ((("FRANK", "A"), ("A", "B"), ("B", "FRANK"), ("A", "B"), ("A", "FRANK")), True),
        ((("FRANK", "A"), ("FRANK", "B"), ("B", "FRANK"), ("A", "B"), ("A", "B")), False),  # not on reel 5
        ((("A", "B"), ("FRANK", "FRANK"), ("FRANK", "A"), ("FRANK", "B"), ("FRANK", "A")), False),  # not on reel 1
    ],
)
def test_the_trigger_needs_the_symbol_on_each_named_reel(screen: tuple[tuple[str, ...], ...], fires: bool) -> None:
    defn = wheel_game()
    ctx = FeatureContext(defn, defn.features[0], BET, None)
    trigger = block("wheel").triggers(ctx, Spin("base", "base", (), screen, (), 0))  # type: ignore[union-attr]
    assert (trigger is not None) == fires


def test_ring_values_solve_the_chain_by_hand() -> None:
    f = wheel_game().features[0]
    found = wh.ring_values(f)
    assert found is not None
    values, spins = found
    # inner: V = 1/2 * 50 + 1/4 * 200 + 1/4 * V  ->  V = 75 / (3/4) = 100; spins 1 / (3/4) = 4/3
    assert values[2] == 100 and spins[2] == F(4, 3)
    # middle: 1/2 * 10 + 1/4 * 20 + 1/4 * 100 = 35; spins 1 + 1/4 * 4/3 = 4/3
    assert values[1] == 35 and spins[1] == F(4, 3)
    # outer: 1/2 * 2 + 1/4 * 5 + 1/4 * 35 = 11; spins 1 + 1/4 * 4/3 = 4/3
    assert values[0] == 11 and spins[0] == F(4, 3)


def paths_value(f: wh.Wheel, ring: int = 0) -> Fraction:
    """A wheel without loops, valued by walking every path of pockets."""
    index = wh.ring_index(f)
    pockets = f.rings[ring].pockets
    weight = sum(p.weight for p in pockets)
    out = F(0)
    for pocket in pockets:
        share = F(pocket.weight, weight)
        out += share * (paths_value(f, index[pocket.next]) if pocket.next else wh.pocket_x_bet(f, pocket))
    return out


def test_par_is_exact_and_matches_brute_force_over_every_stop_and_pocket() -> None:
    # the inner ring's electric pocket goes back to the outer ring in one variant: a loop,
    # which brute force cannot walk, so the loop-free variant is checked by brute force ...
    defn = load_definition_text(GAME.replace("{next: LAST}", "{pays_x_bet: 1}"))
    f = defn.features[0]
    part = block("wheel").par(ParContext(defn, f, BET))  # type: ignore[union-attr]
    assert part is not None and isinstance(part.rtp, Exact)
    strips = defn.reels["base"]
    entry = block("wheel")
    assert entry is not None
    rate = F(0)
    for stops in product(*(range(len(s)) for s in strips)):
        screen = tuple(tuple(s[(stop + r) % len(s)] for r in range(2)) for s, stop in zip(strips, stops, strict=True))
        ctx = FeatureContext(defn, f, BET, None)
        if entry.triggers(ctx, Spin("base", "base", stops, screen, (), 0)) is not None:
            rate += F(1, 3**5)
    assert part.figures["trigger_rate"] == Exact(rate) and rate == F(2, 3) ** 3
    assert part.rtp.value == rate * paths_value(f)
    # ... and the loop is checked against its geometric series: from the inner ring,
    # V = 1/2 * 50 + 1/4 * 200 + 1/4 * V_outer, V_middle = 5 + 5 + V_inner / 4,
    # V_outer = 1 + 5/4 + V_middle / 4  ->  V_outer = 9/4 + (10 + (75 + V_outer / 4) / 4) / 4
    looped = wheel_game(last="outer").features[0]
    found = wh.ring_values(looped)
    assert found is not None
    v_outer = (F(9, 4) + F(10, 4) + F(75, 16)) / (1 - F(1, 64))
    assert found[0][0] == v_outer


def test_the_simulated_mean_agrees_with_par() -> None:
    defn = wheel_game()
    part = block("wheel").par(ParContext(defn, defn.features[0], BET))  # type: ignore[union-attr]
    assert part is not None
    rounds = 4000
    won = [F(play_round(defn, RoundRequest(BET, seed, keep_events=False)).feature_wins.get("electric", 0), BET.total)
           for seed in range(rounds)]
    mean = sum(won, F(0)) / rounds
    std_error = (float(sum((x - mean) ** 2 for x in won)) / (rounds - 1) / rounds) ** 0.5
    assert part.rtp == Exact(F(8, 27) * 11)
    assert abs(float(mean - part.rtp.value)) < 4 * std_error  # type: ignore[union-attr]


def test_events_total_is_the_round_total() -> None:
    defn = wheel_game()
    ran = 0
    for seed in range(300):
        result = play_round(defn, RoundRequest(BET, seed))
        assert result.total_win == events_total(result.events)
        ran += bool(result.features)
    assert ran


def test_batch_hints_mark_the_stops_showing_the_symbol_on_trigger_reels() -> None:
    defn = wheel_game()
    (hint,) = block("wheel").batch_hints(defn, defn.features[0], "base")  # type: ignore[union-attr]
    # windows at stops 0, 1, 2: (A B), (B FRANK), (FRANK A); reels 2 and 4 never count
    assert hint.counts == ((0, 1, 1), (0, 0, 0), (0, 1, 1), (0, 0, 0), (0, 1, 1)) and hint.threshold == 3


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("{next: middle}", "{next: midle}", "no ring is named 'midle'"),
        ("{jackpot: MINI}", "{jackpot: GRAND}", "no jackpot named 'GRAND'"),
        ("trigger_reels: [1, 3, 5]", "trigger_reels: [1, 3, 6]", "reels are numbered 1 to 5"),
        ("{pays_x_bet: 5}", "{pays_x_bet: 5, next: inner}", "give one"),
        ("{pays_x_bet: 5}", '{pays_x_bet: "0.05"}', "not a whole amount"),
        ("{jackpot: MINOR, weight: 2}", "{next: inner, weight: 2}", "never reaches a paying pocket"),
    ],
)
def test_check_reports_inconsistent_wheels(old: str, new: str, message: str) -> None:
    text = GAME.replace("LAST", "inner")
    assert old in text
    if "MAJOR}" in new or "never" in message:
        text = text.replace("{jackpot: MAJOR}", "{next: inner}")
    with pytest.raises(DefinitionError, match=message):
        load_definition_text(text.replace(old, new))


def test_the_module_docstring_example_loads() -> None:
    import textwrap

    snippet = textwrap.dedent((wh.__doc__ or "").split("::\n\n")[1].split("\n\n")[0])
    head = GAME[: GAME.index("features:")]
    defn = load_definition_text(head + snippet)
    part = block("wheel").par(ParContext(defn, defn.features[0], BET))  # type: ignore[union-attr]
    assert part is not None and part.rtp.exact


SIZE = (1280, 720)


# -- on screen: the wheel scene (Halloween Wins 3's triple electric wheel) ---------------------------


def test_the_wheel_turns_its_rings_and_the_pointer_is_drawn(halloween) -> None:  # noqa: ANN001
    app = scenario_app(halloween, "wheel stops on ring 3")
    run_until(app, lambda: app.stack.find(WheelScene) is not None and app.stack.find(WheelScene).total is not None)
    wheel = app.stack.find(WheelScene)
    assert sorted(wheel.landed) == [0, 1, 2]  # every ring it turned has stopped on its pocket
    assert wheel.active == 2
    cx, cy, outer = wheel.geometry()
    shot = frame(app)
    assert shot.get_at((cx, cy - outer - 6))[:3] == POINTER  # the pointer over the rings, at the top
    # the pockets the rings stopped on sit under the pointer: each ring's angle puts it at the top
    for ring, pocket in wheel.landed.items():
        width = 360.0 / len(halloween.features[3].rings[ring].pockets)
        centre = (wheel.angles[ring] + (pocket + 0.5) * width) % 360.0
        assert min(centre, 360.0 - centre) < 1e-6


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720), (720, 1280), (1080, 1920)])
def test_every_pocket_label_lies_inside_its_pocket(halloween, size) -> None:  # noqa: ANN001
    """Each label as drawn (its own pixels), put where the ring puts it, at several turns of the
    ring: every opaque pixel is inside its pocket, and the label is not shrunk to nothing."""
    app = App(halloween, AppOptions(size=size, seed=3, headless=True))
    app.start()
    wheel_params = next(f for f in halloween.features if f.type == "wheel")
    scene = WheelScene(app.ctx, wheel_params)
    cx, cy, outer = scene.geometry()
    band = outer / (len(wheel_params.rings) + 0.6)
    short_side = min(size)
    for i, ring in enumerate(wheel_params.rings):
        r_out = outer - i * band
        r_in = r_out - band + 4
        n = len(ring.pockets)
        width = 360.0 / n
        for j, pocket in enumerate(ring.pockets):
            if pocket.next:
                continue
            for turn in (0.0, 37.0, 101.0, 180.0, 250.0):
                mid = turn + (j + 0.5) * width - 90.0
                label = scene._label(i, j, pocket, r_in, r_out, n, mid)
                lx, ly = cx + (r_in + r_out) / 2 * math.cos(math.radians(mid)), \
                    cy + (r_in + r_out) / 2 * math.sin(math.radians(mid))
                rect = label.get_rect(center=(round(lx), round(ly)))
                alpha = pygame.surfarray.pixels_alpha(label)
                xs, ys = (alpha > 96).nonzero()
                del alpha
                assert len(xs) > 20, pocket_label(wheel_params, pocket)
                px, py = xs + rect.x + 0.5 - cx, ys + rect.y + 0.5 - cy
                radius = (px ** 2 + py ** 2) ** 0.5
                angle = (np.degrees(np.arctan2(py, px)) - (mid - width / 2)) % 360.0
                text = pocket_label(wheel_params, pocket)
                assert radius.min() >= r_in - 1 and radius.max() <= r_out + 1, (text, size, turn)
                assert angle.max() <= width + 0.5, (text, size, turn)
            # readable: at least 1/60 of the window's short side (12 px at 720)
            size_px = scene._sizes[(i, j, round(r_in), round(r_out))]
            assert size_px >= short_side / 60, (pocket_label(wheel_params, pocket), size, size_px)
    app.pg.quit()


def test_labels_read_along_the_ring_and_never_upside_down() -> None:
    assert label_rotation(-90.0) == 0  # at the top: upright
    assert label_rotation(0.0) == 270  # at 3 o'clock: its top to the right (outward), read downwards
    assert label_rotation(90.0) == 0  # at the bottom: upright again, not upside down
    assert label_rotation(170.0) == 280 % 360  # lower left: turned the reading way
    assert label_rotation(-170.0) == 80  # upper left: its top outward


def test_the_mini_pocket_shows_its_whole_label_under_the_pointer(halloween) -> None:  # noqa: ANN001
    app = scenario_app(halloween, "MINI jackpot pocket")
    run_until(app, lambda: (w := app.stack.find(WheelScene)) is not None and w.total is not None)
    wheel = app.stack.find(WheelScene)
    cx, cy, outer = wheel.geometry()
    band = outer / (len(wheel.feature.rings) + 0.6)
    shot = frame(app)
    # the MINI pocket stopped at the top of ring 1: white label pixels across its middle, inside the ring
    row = [shot.get_at((x, round(cy - outer + band / 2))) for x in range(cx - int(band), cx + int(band))]
    white = [p for p in row if p.r > 235 and p.g > 235 and p.b > 235]
    assert len(white) >= 4
    # nothing of it spills into the next ring, under the pocket
    below = [shot.get_at((x, round(cy - outer + band + 6))) for x in range(cx - int(band), cx + int(band))]
    assert not [p for p in below if p.r > 235 and p.g > 235 and p.b > 235]
    # the win shows clear of the meters
    box = wheel.win_box(cx, cy, outer)
    assert not any(box.colliderect(pygame.Rect(*m)) for m in app.ctx.layout.meters.values())


@pytest.mark.parametrize("left_hand", [False, True])
def test_the_wheel_win_takes_the_features_glass_place_whole(halloween, left_hand) -> None:  # noqa: ANN001
    """Issue 26: WHEEL WIN sat half over the FEATURES glass at 1280x720; it now covers the glass
    whole (the glass's place on the side away from the controls), nothing of the glass showing."""
    from cabinet.presentation.side_panel import features_glass

    app = App(halloween, AppOptions(size=SIZE, seed=3, headless=True, designer=True, left_hand=left_hand))
    app.start()
    assert app.designer.play_scenario([s.name for s in halloween.scenarios].index("wheel stops on ring 3"))
    run_until(app, lambda: (w := app.stack.find(WheelScene)) is not None and w.total is not None)
    app.run_frames(10)
    wheel = app.stack.find(WheelScene)
    glass = pygame.Rect(features_glass(app.ctx))
    box = wheel.win_box(*wheel.geometry())
    assert box.contains(glass) and (glass.centerx < SIZE[0] // 2) == left_hand
    shot = frame(app)
    assert shot.get_at((box.x + 1, box.centery))[:3] == GOLD  # the card's rim, outside the glass's
    assert shot.get_at((glass.x + 6, glass.centery))[:3] == (24, 8, 36)  # the card's face where the glass was
    assert shot.get_at((glass.centerx, glass.y + 12))[:3] == (24, 8, 36)  # no FEATURES heading showing
