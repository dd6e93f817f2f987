"""Playing a tumble sequence on a spin's draft (the block's win stage)."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...definition import Definition
from ...events import Event, FeatureLimitReached, Screen
from ...pays import model_of
from .. import FeatureContext, SpinDraft, block
from .events import (
    CellMultipliers,
    CellMultiplierWin,
    MultiplierSymbolsLanded,
    SequenceMultiplied,
    TumblesEnded,
    TumbleStep,
)
from .params import Tumble
from .rules import (
    Grid,
    cell_factor,
    combine,
    end_key,
    fall,
    grid_cells,
    grid_key,
    ladder_value,
    landed_values,
    paid_key,
    paying_cells,
    refill,
    refilled_values,
    running_key,
    step_cell,
    strip_draw,
    value_cells,
    value_draw,
    value_table,
    weights_draw,
    win_cells,
)

MAX_TUMBLES = 1_000  # a sequence longer than this ends (a screen whose wins never clear)


class _Cells:
    """The cell multiplier grid of one spin: raises each screen's wins, then steps their cells."""

    def __init__(self, params: Tumble, state: Any, mode: str) -> None:
        self.options = options = params.cell_multipliers
        self.name = params.name
        self.active = options is not None and mode in options.modes
        self.grid: Grid = {}
        if options is not None and self.active:
            key = grid_key(params)
            keep = mode == "free" and options.keep_through_free_spins  # free spins clear state.values at start
            self.grid = state.values.get(key, {}) if keep else {}
            state.values[key] = self.grid

    def pay(self, wins: list[Event]) -> tuple[list[Event], int]:
        """The screen's wins raised by the cells' multipliers before this screen; then the
        cells that took part step once and a ``CellMultipliers`` event shows the grid."""
        if not self.active or self.options is None:
            return wins, sum(getattr(e, "amount", 0) for e in wins)
        out: list[Event] = []
        total = 0
        for event in wins:
            amount = getattr(event, "amount", 0)
            positions = getattr(event, "positions", ())
            factor = cell_factor(self.grid, positions, self.options.combine) if amount > 0 else 1
            if factor > 1:
                raised = amount * factor
                out.append(dataclasses.replace(event, amount=raised))  # type: ignore[call-arg]
                out.append(CellMultiplierWin(self.name, tuple(positions), factor, amount, raised))
                total += raised
            else:
                out.append(event)
                total += amount
        touched = win_cells(wins)
        for cell in touched:
            self.grid[cell] = step_cell(self.options, self.grid.get(cell, 0))
        if touched:
            out.append(CellMultipliers(self.name, grid_cells(self.grid)))
        return out, total


def trigger_symbols(defn: Definition, mode: str) -> frozenset[str]:
    """The symbols that trigger features in spins of ``mode`` (``scatters_count: every_screen``)."""
    out: set[str] = set()
    for other in defn.features:
        entry = block(other.type)
        if entry is None or mode not in entry.modes(other):
            continue
        one = getattr(other, "trigger_symbol", "")
        if isinstance(one, str) and one:
            out.add(one)
        many = getattr(other, "trigger_symbols", ())
        if isinstance(many, tuple):
            out.update(s for s in many if isinstance(s, str))
    return frozenset(out)


def most_triggers(screens: list[Screen], symbols: frozenset[str]) -> Screen:
    """The first screen with the most ``symbols`` on it."""
    return max(screens, key=lambda s: sum(sym in symbols for col in s for sym in col))


def play_tumbles(ctx: FeatureContext, draft: SpinDraft) -> None:
    """The block's rules on ``draft`` after its landed screen's wins (module docstring)."""
    params: Tumble = ctx.feature
    defn, state, rng = ctx.defn, ctx.state, ctx.rng
    model = model_of(defn)
    if params.fill == "strip":
        draw = strip_draw(defn, draft.reel_set, draft.stops)
    else:
        if rng is None:
            return  # only evaluating the landed screen (no draws to make)
        draw = weights_draw(params, rng)
    bombs = params.multiplier_symbols
    symbol = bombs.symbol if bombs is not None else ""
    draw_value = value_draw(value_table(bombs, draft.mode), rng) if bombs is not None else (lambda: 0)
    screen = draft.screen
    values = landed_values(screen, symbol, draw_value) if bombs is not None else ()
    landed_model_win = draft.win
    cells = _Cells(params, state, draft.mode)
    if bombs is not None and value_cells(values):
        draft.wins.insert(0, MultiplierSymbolsLanded(params.name, value_cells(values)))
    wins = list(draft.wins)
    draft.wins, draft.win = cells.pay(draft.wins)
    step_key = f"{params.name}:step:{draft.mode}"
    lasting = params.ladder_through_free_spins and draft.mode != "base"
    step = state.values.get(step_key, 0) if lasting else 0
    screens = [screen]
    paid = tumbles = 0
    while tumbles < MAX_TUMBLES:
        removed = paying_cells(defn, screen, wins, wilds_stay=params.wilds_stay, keep=symbol)
        if not removed:
            break
        before = screen
        screen, fills = refill(screen, fall(screen, removed), draw)
        if bombs is not None:
            values = refilled_values(before, fall(values, removed), fills, symbol, draw_value)
        tumbles += 1
        rung = ladder_value(params, step)
        multiplier = state.multiplier * rung
        scatter = None if state.scatter_multiplier is None else state.scatter_multiplier * rung
        wins, _ = model.evaluate(defn, screen, ctx.bet, multiplier, scatter_multiplier=scatter,
                                 both_ways=state.both_ways)
        paid_wins, win = cells.pay(wins)
        draft.wins.append(TumbleStep(params.name, tumbles, removed, fills, screen, rung,
                                     min(step, max(len(params.ladder) - 1, 0)),
                                     value_cells(values) if bombs is not None else ()))
        draft.wins.extend(paid_wins)
        draft.win += win
        paid += win
        screens.append(screen)
        step += 1
    if lasting:
        state.values[step_key] = step
    if tumbles >= MAX_TUMBLES and paying_cells(defn, screen, wins, wilds_stay=params.wilds_stay, keep=symbol):
        draft.wins.append(FeatureLimitReached(params.name, MAX_TUMBLES, 1))
    if bombs is not None:
        _multiply_sequence(ctx, draft, values, screen)
    if tumbles:
        draft.wins.append(TumblesEnded(params.name, tumbles, paid))
    if params.scatters_count == "every_screen" and len(screens) > 1:
        draft.trigger_screen = most_triggers(screens, trigger_symbols(defn, draft.mode))
    key = paid_key(params)
    state.values[key] = state.values.get(key, 0) + draft.win - landed_model_win


def _multiply_sequence(ctx: FeatureContext, draft: SpinDraft, values: Any, final: Screen) -> None:
    """The sequence's end: a spin that won, with multiplier symbols on its final screen, has
    its total multiplied by their combine (or, accumulating in free spins, by the running total)."""
    params: Tumble = ctx.feature
    bombs = params.multiplier_symbols
    assert bombs is not None
    on_screen = value_cells(values)
    before = draft.win
    if ctx.rng is None:  # evaluating (par): no values drawn; par takes their expectation
        count = sum(sym == bombs.symbol for col in final for sym in col)
        ctx.state.values[end_key(params)] = (before, count)
        return
    if before <= 0 or not on_screen:
        return
    found = [v for _, _, v in on_screen]
    running = 0
    if bombs.accumulate_in_free_spins and draft.mode == "free":
        key = running_key(params)
        running = ctx.state.values.get(key, 0) + sum(found)
        ctx.state.values[key] = running
        factor = running
    else:
        factor = combine(found, bombs.combine)
    after = before * factor
    draft.win = after
    draft.wins.append(SequenceMultiplied(params.name, on_screen, factor, before, after, after - before, running))
