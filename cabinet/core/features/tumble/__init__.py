"""Tumbles (cascades): after a paying screen the paying cells go, the rest fall, new symbols
drop in, and the screen pays again, until a screen pays nothing.

YAML::

    features:
      - type: tumble
        fill: strip              # strip: continue the reel strip above the window; weights: draw
        fill_weights:            #   per reel (one entry: every reel), only with fill: weights
          - {A: 5, B: 8, C: 12, BOMB: 1}
        ladder: [2, 3, 5]        # tumble 1 pays x2, tumble 2 x3, later tumbles x5 (empty: x1)
        ladder_through_free_spins: false   # true: the step keeps climbing over a feature's spins
        wilds_stay: false        # true: paying wilds are not removed
        multiplier_symbols:      # symbols that land with a value and multiply the sequence's total
          symbol: BOMB
          values: {2: 40, 5: 15, 100: 1}  # value -> weight (free_values: another table in free spins)
          combine: sum           # sum | product of the values on the final screen
          accumulate_in_free_spins: false  # true: a running total over a free-spins feature
        cell_multipliers:        # a grid that remembers
          first: 2               # a cell's second part in a win gives it x2 (its first only marks it)
          cap: 128               # doubling stops here
          combine: sum           # a win pays x the sum (or product) of its cells' multipliers
          keep_through_free_spins: true
          modes: [base, free]
        scatters_count: landed   # landed | every_screen: which screen the triggers read
        modes: [base, free]

It works with every pay model: it asks the game's model (``core/pays``) what a screen pays and
removes the ``positions`` of every win event that paid (lines, ways, clusters, anywhere counts
and scatters alike) -- it never asks which model it is.

Win stage, after the landed screen's wins (list this block after any other win modifier):

0. multiplier symbols on the landed screen draw their values (one ``rng.weighted`` over
   ``values``, ``free_values`` in free spins, each), reel 1 first, top row first
   (``MultiplierSymbolsLanded``, before the spin's wins); the landed screen's wins are raised
   by the cell multipliers and step their cells (see below);
1. the cells of every paying win go (a wild stays when ``wilds_stay``; a multiplier symbol
   always stays); no cell to remove ends the sequence;
2. in each reel the symbols left fall to the bottom, keeping their order (multiplier symbols
   keep their values);
3. the holes at the top fill, reel 1 first, in each reel the lowest hole first:
   ``strip`` takes ``strip[stop - 1]``, ``strip[stop - 2]``, ... (the strip above the window,
   continued through the spin's tumbles; no draws); ``weights`` makes ONE
   ``rng.weighted`` per hole over the reel's ``fill_weights``; then each multiplier symbol
   among the new ones draws its value, in that fill order;
4. the new screen is priced by the model at the round's multiplier x the ladder's step (tumble
   ``n`` uses ``ladder[n - 1]``, the last entry past its end), each win raised by its cells'
   multipliers; a ``TumbleStep`` event (what went, the draws, the new screen, the step, the
   multiplier symbols on it) comes before its wins;
5. repeat from 1 on the new screen's wins. At the end, a spin whose total (landed screen and
   tumbles) won, with multiplier symbols on its final screen, is multiplied by their sum or
   product (``SequenceMultiplied``); in free spins with ``accumulate_in_free_spins`` their sum
   is added to a running total (0 when the feature starts) and the win is multiplied by it.
   ``TumblesEnded`` closes a sequence that tumbled.

Cell multipliers: each cell is unmarked, marked, or x2, x4, ... up to ``cap``. A win pays its
model amount x the combine of the multipliers (>= 2) its cells held before this screen's wins
(x1 when none; the event's amount is what it pays, a ``CellMultiplierWin`` follows it). After a
screen's wins each cell in one of them steps once: unmarked -> marked -> x``first`` -> x2N
(to ``cap``), and ``CellMultipliers`` shows the grid. The grid clears at each spin, except in
free spins with ``keep_through_free_spins`` (it clears when the feature starts).

Triggers (stage 5) read the landed screen, or with ``scatters_count: every_screen`` the
sequence's first screen with the most trigger symbols (free spins' retriggers too). The
ladder resets each spin, or with ``ladder_through_free_spins`` lasts through the spins of one
mode (a free-spins feature's spins share it; base spins start at step 0 every round).

Recovery: the grid, the running total and the ladder's step live in the round's state
(``RoundState.values``); a killed round is replayed from its seed and decisions, so a sequence
resumes where it was and nothing is paid twice.

Par (``par.py``): the block's part is what it adds to a base spin. Exact (a Fraction) only
where proven: ``fill: strip`` makes a base spin a function of its stops (its multiplier
symbols' values aside: independent draws, priced by their expectation), so when no other
block changes base screens or wins and there are at most ``EXACT_STOPS`` stop combinations,
every one is played and the mean taken. Otherwise an estimate with its 95% interval from
sampled base spins, its noise cut by a control variate (the landed screen's win minus its
exact mean, when the model prices that exactly). Tumbles inside free spins and
``every_screen`` triggers are not priced here: they meet the free spins. Where the lockstep
player plays the game, ``game_par`` (``joint_par.py``) prices it whole: base spins and each
award's feature runs on the lockstep batch, variance-reduced (the multiplier symbols' values by
their expectation, exact control means, free spins stratified by award); elsewhere par's
composition rules estimate it from simulated whole rounds (and say so).

Simulate: ``batch_spinner`` gives simulate the lockstep tumble player
(``core/pays/tumble_batch.py``: whole rounds, free spins included, in numpy, equal to
``play_round``). Where it cannot play a game it says so (None) and the model's spinner takes
it, with every base spin flagged here for ``play_round`` (a hint of threshold 0): slower,
exactly equal.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...bet import Bet
from ...definition import Definition
from ...value import Exact, Value
from .. import (
    BatchHint,
    BlockPar,
    FeatureContext,
    ModesBlock,
    ParContext,
    Report,
    SpinDraft,
    check_symbol,
    window_hint,
)
from .events import (
    Cell,
    CellMultipliers,
    CellMultiplierWin,
    MultiplierSymbolsLanded,
    SequenceMultiplied,
    TumblesEnded,
    TumbleStep,
)
from .par import EXACT_STOPS, SAMPLES_PER_PAR_SAMPLE, estimate_tumble_rtp, exact_tumble_rtp, expected_factor
from .params import CellMultiplierOptions, MultiplierSymbolOptions, Tumble
from .play import MAX_TUMBLES, play_tumbles
from .rules import (
    cell_factor,
    combine,
    fall,
    ladder_value,
    paid_key,
    paying_cells,
    refill,
    step_cell,
    strip_draw,
    weights_draw,
)

__all__ = [
    "BLOCK", "EXACT_STOPS", "MAX_TUMBLES", "SAMPLES_PER_PAR_SAMPLE", "Cell", "CellMultiplierOptions",
    "CellMultiplierWin", "CellMultipliers", "MultiplierSymbolOptions", "MultiplierSymbolsLanded",
    "SequenceMultiplied", "Tumble", "TumbleBlock", "TumbleStep", "TumblesEnded", "cell_factor", "combine",
    "estimate_tumble_rtp", "exact_tumble_rtp", "expected_factor", "fall", "ladder_value", "paid_key",
    "paying_cells", "play_tumbles", "refill", "step_cell", "strip_draw", "weights_draw",
]


class TumbleBlock(ModesBlock):
    type = "tumble"
    params = Tumble
    presenter = "tumble"
    win_modifier = True  # it adds the tumbled screens' wins to the spin's
    lean_wins = False  # it needs the win events (their positions), so the pipeline makes them
    any_pay_model = True  # its par plays spins through the game's model: priced under every model

    def check(self, defn: Definition, params: Tumble, report: Report) -> None:
        for i, rung in enumerate(params.ladder):
            if rung < 1:
                report(("ladder", i), f"a ladder step multiplies by a whole number from 1, got {rung}")
        if params.fill == "weights":
            if len(params.fill_weights) not in (1, defn.grid.reels):
                report(("fill_weights",), f"give one table for every reel or one per reel ({defn.grid.reels}), "
                       f"got {len(params.fill_weights)}")
            for i, table in enumerate(params.fill_weights):
                if not table:
                    report(("fill_weights", i), "a fill table needs at least one symbol")
                for sid, weight in table.items():
                    check_symbol(defn, report, ("fill_weights", i, sid), sid, what="fill symbol")
                    if weight < 1:
                        report(("fill_weights", i, sid), f"weights must be positive, got {weight}")
        elif params.fill_weights:
            report(("fill_weights",), "fill_weights are read only with fill: weights")
        if params.multiplier_symbols is not None:
            _check_multiplier_symbols(defn, params.multiplier_symbols, report)
        if params.cell_multipliers is not None:
            cells = params.cell_multipliers
            if cells.first < 2:
                report(("cell_multipliers", "first"), f"a cell's first multiplier is a whole number from 2, "
                       f"got {cells.first}")
            if cells.cap < cells.first:
                report(("cell_multipliers", "cap"), f"the cap ({cells.cap}) must be at least first ({cells.first})")

    def win_stage(self, ctx: FeatureContext, draft: SpinDraft) -> None:
        play_tumbles(ctx, draft)

    def par_moves_triggers(self, params: Tumble, mode: str) -> bool:
        """With ``every_screen`` triggers read a tumbled screen, which no trigger's par counts."""
        return params.scatters_count == "every_screen" and mode in params.modes

    def batch_hints(self, defn: Definition, params: Tumble, reel_set: str) -> tuple[BatchHint, ...]:
        # No numpy tumbles here: threshold 0 flags every base spin, which play_round plays.
        if "base" not in params.modes:
            return ()
        return (window_hint(defn, reel_set, lambda reel, window: 0, 0),)

    def batch_spinner(self, defn: Definition, params: Tumble, bet: Bet) -> Any:
        """simulate's player of this game's whole rounds (None: the model's spinner plays them)."""
        from ...pays.tumble_batch import TumbleSpinner

        return TumbleSpinner.make(defn, bet, params, max_tumbles=MAX_TUMBLES)

    def game_par(self, defn: Definition, params: Tumble, bet: Bet, *, samples: int, seed: int) -> Any:
        """The whole game's par when the tumbles meet a free-spins feature that the lockstep
        player plays (``joint_par.py``: stratified, variance-reduced), else None."""
        from .joint_par import joint_par

        return joint_par(defn, params, bet, samples=samples, seed=seed)

    def par(self, pctx: ParContext) -> BlockPar:
        params: Tumble = pctx.feature
        if "base" not in params.modes:
            return BlockPar(params.name, Exact(Fraction(0)), notes=(
                "acts in no base spin: its tumbles are inside the estimate of the spins it acts in",))
        exact = exact_tumble_rtp(pctx)
        value: Value
        parts = "the tumbled screens' wins" + (", the cells' multipliers" if params.cell_multipliers else "") + (
            ", the multiplier symbols" if params.multiplier_symbols else "")
        if exact is not None:
            value = exact
            note = ("exact: fill from the strip makes a base spin a function of its stops, and every stop "
                    "combination was played" + (" (the multiplier symbols' values by their expectation: "
                                                "independent draws)" if params.multiplier_symbols else ""))
        else:
            value = estimate_tumble_rtp(pctx)
            note = "estimate: what tumbles add to sampled base spins (95% interval)"
        return BlockPar(params.name, value, figures={"base_rtp": value},
                        notes=(f"covers: what tumbles add to base spins ({parts}), as a fraction of the "
                               f"total bet; {note}",))


def _check_multiplier_symbols(defn: Definition, options: MultiplierSymbolOptions, report: Report) -> None:
    where = ("multiplier_symbols",)
    check_symbol(defn, report, (*where, "symbol"), options.symbol, what="multiplier symbol")
    sym = defn.symbol_map.get(options.symbol)
    if sym is not None and sym.kind == "wild":
        report((*where, "symbol"), f"a multiplier symbol is not a wild: {options.symbol} is one")
    if options.symbol in defn.pays:
        report((*where, "symbol"), f"a multiplier symbol pays nothing by itself: remove {options.symbol} "
               "from pays")
    for key, table in (("values", options.values), ("free_values", options.free_values)):
        if key == "values" and not table:
            report((*where, key), "give at least one value (value: weight)")
        for value, weight in table.items():
            if value < 1:
                report((*where, key, value, "__key__"), f"a multiplier is a whole number from 1, got {value}")
            if weight < 1:
                report((*where, key, value), f"weights must be positive, got {weight}")
    if options.accumulate_in_free_spins and options.combine != "sum":
        report((*where, "accumulate_in_free_spins"), "a running total adds each sequence's values: "
               "use combine: sum with accumulate_in_free_spins")


BLOCK = TumbleBlock()
