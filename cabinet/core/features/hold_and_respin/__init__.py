"""Hold and respin on boards of single-cell reels (Happy Lucky Slot, Halloween Wins 3's minigame).

YAML::

    # Happy Lucky Slot's respin feature (strips shortened)
    features:
      - type: hold_and_respin
        name: respin_feature
        trigger_symbols: {BASKET: 1, GOLDEN_BASKET: 2}   # a Golden Basket counts two
        trigger_counts: {6: 1}          # count -> chance the feature opens (largest key not above)
        place_symbol: BASKET            # one BASKET on a random free cell per counted symbol
        respins: 8
        boards:
          - {name: GRAND, reels: 5, rows: 3, strip: "BLANK*40 BASKET*6 PLUS MULT", fill_x_bet: 1000}
          - {name: MAJOR, reels: 5, rows: 3, strip: "BLANK*40 BASKET*6 PLUS MULT", fill_x_bet: 100}
          - {name: MINOR, reels: 5, rows: 3, strip: "BLANK*40 BASKET*6 PLUS MULT", fill_x_bet: 50}
          - {name: MINI, reels: 5, rows: 3, strip: "BLANK*40 BASKET*6 PLUS MULT", fill_x_bet: 20}
        cells:
          - {symbol: BASKET}                          # its prizes: the symbol's `prizes:` table
          - {symbol: PLUS, respins: 1}                # +1 respin, held
          - {symbol: MULT, multiply: true, multiplier_limits: {25: 20}}   # the symbol's `multipliers:`

And Halloween Wins 3's Halloween Ghosts X (a 3x3 board, pumpkins collect reels 1 and 3)::

      - type: hold_and_respin
        name: ghosts
        trigger_symbols: {MUMMY: 1}
        trigger_counts: {1: "1/40", 2: "1/10", 3: 1}   # or opened_by: a mummy_access panel's name
        respins: 3
        start: [{symbol: PUMPKIN, reel: 2}, {symbol: GHOST}, {symbol: GHOST}]
        boards:
          - name: HALLOWEEN
            reels: 3
            rows: 3
            reel_strips: ["BLANK*20 GHOST*4 MUMMY_X MINOR", "BLANK*30 PUMPKIN", "BLANK*20 GHOST*4 MUMMY_X MAJOR"]
        jackpots: {MINOR: 25, MAJOR: 100}
        cells:
          - {symbol: PUMPKIN, resets_respins: true, collects_reels: [1, 3]}
          - {symbol: GHOST, hold: false, resets_respins: true}
          - {symbol: MINOR, hold: false, resets_respins: true, jackpot: MINOR}
          - {symbol: MAJOR, hold: false, resets_respins: true, jackpot: MAJOR}
          - {symbol: MUMMY_X, hold: false, cell_multiplier: 1}

Draw order (a contract):

1. TRIGGER — the screen's trigger count is the sum of ``trigger_symbols`` over every
   position; its chance is ``trigger_counts`` at the largest key not above it. A chance
   of 1 draws nothing; a chance below 1 draws one ``rng.chance(num, den)``.
2. START   — ``BoardOpened`` per board, then the ``start`` symbols in order and then one
   ``place_symbol`` per counted trigger symbol, each put on a random free cell whose strip
   holds it (one ``rng.below`` over those cells, boards in order, then reel and row; no
   draw for a single cell). The placed batch is resolved (``core/boards.py``: REVEAL,
   MULTIPLY, COLLECT, FILL; the starting symbols change no respins).
3. RESPIN  — while respins are left and some board has a free cell: one respin is used
   (``RespinsChanged``), every free cell of every board that is not full draws one
   ``rng.below(len(strip))`` (boards in order, then reel and row; ``BoardSpun``), and the
   batch is resolved: REVEAL (a prize's ``rng.weighted`` in draw order), RESPINS (reset,
   then add), MULTIPLY (``rng.below`` over the held prizes, then ``rng.weighted`` over the
   allowed multipliers), COLLECT, FILL.
4. END     — ``HeldPrizesPaid`` per board holding values, then ``FeatureEnded``.

Money: prizes, jackpots and fill awards are multiples of the total bet, checked whole at
every allowed bet; cell and prize multipliers are whole numbers, so every value is an int
of the minor unit. Only ``CellPaid``, ``BoardFilled`` and ``HeldPrizesPaid`` pay.

Par. The trigger rate is exact (each reel's window counts, convolved). When the boards'
cells are interchangeable (one strip per board), nothing frees a held cell (no
collectors) and every symbol that changes the respins holds, the process of *held cells
per board and respins left* is a Markov chain whose every step either holds a cell or
uses a respin; it is walked exactly (``fill_chain``) for the fill probabilities and the
expected respins, and, with no multipliers of either kind, for the exact value (each
spun cell lands its strip's mean value, independently of the past). With prize
multipliers, what they add is estimated from runs of the block (each spun cell's chance
of a multiplier times what it would add given the prizes held, at every respin: the
engine's ``multiplied_smoothed``) on top of the exact rest. A collector board
(Halloween Ghosts X: collectors hold on their own cells, every other cell lands a value,
a cell multiplier or nothing) is valued exactly by ``collector_chain``: what is still to
come is linear in the cells' multipliers, two linear systems over (respins left,
collector cells held). Otherwise the value is an estimate from runs of this block's own
``run`` from its trigger, stratified by trigger count (``estimate_runs``), and the fill
probabilities are estimated from the same runs.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from ...bet import Bet
from ...boards import check_whole_x_bet
from ...definition import Definition
from ...limits import MAX_AWARD_SPINS, MAX_MULTIPLIER, MAX_PAY_X_BET, MAX_STRIP_STOPS
from ...rng import derive_seed
from ...value import Exact, Value, estimate_runs
from .. import (
    BatchHint,
    Block,
    BlockPar,
    BoardsPlan,
    FeatureContext,
    FeatureRun,
    ParContext,
    Report,
    Spin,
    Trigger,
    check_symbol,
    window_hint,
)
from .chain import ChainResult, chain_blockers, fill_chain, pacing_board, split_chain
from .collector import chain_for, collector_blockers, collector_chain
from .params import BoardSpec, CellRule, HoldAndRespin, StartCell
from .play import (
    _cached,
    actions_of,
    boards_of,
    boards_plan,
    build_boards,
    chance_for,
    engine_from_trigger,
    play_feature,
    run,
    run_from_trigger,
    smallest_trigger,
    trigger_count,
    trigger_distribution,
)

# The block's parts live beside it (``params``, ``play``, ``chain``, ``collector``); these are
# the names other modules and the tests take from the block's module.
__all__ = [
    "BLOCK", "BoardSpec", "CellRule", "ChainResult", "HoldAndRespin", "HoldAndRespinBlock", "StartCell", "Trigger",
    "actions_of", "boards_of", "boards_plan", "build_boards", "chain_blockers", "chain_for", "collector_blockers",
    "collector_chain", "engine_from_trigger", "fill_chain", "pacing_board", "play_feature", "run",
    "run_from_trigger", "split_chain", "trigger_distribution",
]


# --- the block -----------------------------------------------------------------------------------


class HoldAndRespinBlock(Block):
    type = "hold_and_respin"
    params = HoldAndRespin
    presenter = "hold_and_respin"
    resume_kinds = frozenset({"feature_started", "board_spun", "feature_ended"})

    def modes(self, params: Any) -> frozenset[str]:
        if params.opened_by:  # played only from inside the feature that opens it
            return frozenset()
        return frozenset({"base", "respin", "free"} if params.in_free_spins else {"base", "respin"})

    def check(self, defn: Definition, params: Any, report: Report) -> None:
        f: HoldAndRespin = params
        if f.opened_by:
            if not any(p.name == f.opened_by for p in defn.features if p is not f):
                report(("opened_by",), f"no feature is named '{f.opened_by}'")
        elif not f.trigger_symbols:
            report(("trigger_symbols",), "trigger_symbols needs at least one symbol: count entry")
        for sid, weight in f.trigger_symbols.items():
            check_symbol(defn, report, ("trigger_symbols", sid, "__key__"), sid, what="trigger symbol")
            if weight < 1:
                report(("trigger_symbols", sid), f"a trigger symbol counts at least 1, got {weight}")
        if not f.opened_by and not any(chance > 0 for chance in f.trigger_counts.values()):
            report(("trigger_counts",), "trigger_counts needs a count with a chance above 0")
        for count, chance in f.trigger_counts.items():
            if count < 1:
                report(("trigger_counts", count, "__key__"), f"trigger count {count} must be at least 1")
            if chance > 1:
                report(("trigger_counts", count), f"a chance is at most 1, got {chance}")
        if f.respins < 1:
            report(("respins",), f"respins must be at least 1, got {f.respins}")
        if f.reset_to < 0:
            report(("reset_to",), f"reset_to must not be negative, got {f.reset_to}")
        self._check_boards(defn, f, report)
        self._check_cells(defn, f, report)
        rules = {rule.symbol for rule in f.cells}
        on_boards = set() if _bad_boards(f) else {sid for b in boards_of(defn, f) for s in b.strips for sid in s}
        if f.place_symbol:
            check_symbol(defn, report, ("place_symbol",), f.place_symbol, what="place_symbol")
            if f.place_symbol not in rules:
                report(("place_symbol",), f"place_symbol '{f.place_symbol}' needs an entry in cells:")
        names = {spec.name for spec in f.boards}
        for i, entry in enumerate(f.start):
            check_symbol(defn, report, ("start", i, "symbol"), entry.symbol)
            if entry.symbol not in rules:
                report(("start", i, "symbol"), f"start symbol '{entry.symbol}' needs an entry in cells:")
            if entry.board and entry.board not in names:
                report(("start", i, "board"), f"no board is named '{entry.board}'")
            if entry.reel < 0 or entry.row < 0:
                report(("start", i), "reel and row are 1-based (0: any)")
        for sym in ([f.place_symbol] if f.place_symbol else []) + [s.symbol for s in f.start]:
            if on_boards and sym not in on_boards:
                report(("place_symbol",) if sym == f.place_symbol else ("start",),
                       f"'{sym}' is on no board's strip, so it has no cell to start on")
        self._check_exact(defn, f, report)
        self._check_limits(f, report)

    @staticmethod
    def _check_limits(f: HoldAndRespin, report: Report) -> None:
        """The caps of ``core/limits.py``: a playable feature, numbers the screen can show."""
        counts: list[tuple[tuple[Any, ...], int]] = [(("respins",), f.respins), (("reset_to",), f.reset_to)]
        counts += [(("cells", i, "respins"), rule.respins) for i, rule in enumerate(f.cells)]
        for path, n in counts:
            if n > MAX_AWARD_SPINS:
                report(path, f"{n:,} respins; at most {MAX_AWARD_SPINS} (MAX_AWARD_SPINS)")
        values: list[tuple[tuple[Any, ...], Fraction]] = [
            (("boards", i, "fill_x_bet"), spec.fill_x_bet) for i, spec in enumerate(f.boards)
        ]
        values += [(("jackpots", name), x) for name, x in f.jackpots.items()]
        for where, x_bet in values:
            if x_bet > MAX_PAY_X_BET:
                report(where, f"{x_bet} x the bet; at most {MAX_PAY_X_BET:,} (MAX_PAY_X_BET)")
        for i, rule in enumerate(f.cells):
            if rule.cell_multiplier > MAX_MULTIPLIER:
                report(("cells", i, "cell_multiplier"), f"at most {MAX_MULTIPLIER:,} (MAX_MULTIPLIER)")
        for i, spec in enumerate(f.boards):
            for strip in (spec.strip, *spec.reel_strips, *spec.cell_strips):
                if len(strip) > MAX_STRIP_STOPS:
                    report(("boards", i), f"a strip of {len(strip):,} stops; at most {MAX_STRIP_STOPS:,} (MAX_STRIP_STOPS)")
                    break

    @staticmethod
    def _check_boards(defn: Definition, f: HoldAndRespin, report: Report) -> None:
        if not f.boards:
            report(("boards",), "boards needs at least one board")
        seen: set[str] = set()
        for i, spec in enumerate(f.boards):
            p = ("boards", i)
            if spec.name in seen:
                report((*p, "name"), f"two boards are named '{spec.name}'")
            seen.add(spec.name)
            if not 1 <= spec.reels <= 10 or not 1 <= spec.rows <= 10:
                report(p, f"a board has 1 to 10 reels and rows, got {spec.reels}x{spec.rows}")
                continue
            given = [k for k in ("strip", "reel_strips", "cell_strips") if getattr(spec, k)]
            if len(given) != 1:
                report(p, "give a board exactly one of strip, reel_strips or cell_strips")
                continue
            want = {"strip": 1, "reel_strips": spec.reels, "cell_strips": spec.reels * spec.rows}[given[0]]
            strips = (spec.strip,) if given[0] == "strip" else getattr(spec, given[0])
            if len(strips) != want:
                report((*p, given[0]), f"{given[0]} needs {want} strips for a {spec.reels}x{spec.rows} board, got {len(strips)}")
            for j, strip in enumerate(strips):
                where = (*p, given[0]) if given[0] == "strip" else (*p, given[0], j)
                for sid in dict.fromkeys(strip):
                    check_symbol(defn, report, where, sid, what="cell symbol")

    @staticmethod
    def _check_cells(defn: Definition, f: HoldAndRespin, report: Report) -> None:
        symbols = defn.symbol_map
        seen: set[str] = set()
        for i, rule in enumerate(f.cells):
            p = ("cells", i)
            check_symbol(defn, report, (*p, "symbol"), rule.symbol, what="cell symbol")
            if rule.symbol in seen:
                report((*p, "symbol"), f"two cell rules for '{rule.symbol}'")
            seen.add(rule.symbol)
            sym = symbols.get(rule.symbol)
            if sym is None:
                continue
            if rule.jackpot and rule.jackpot not in f.jackpots:
                report((*p, "jackpot"), f"no jackpot named '{rule.jackpot}' in jackpots:")
            if rule.jackpot and sym.prizes:
                report((*p, "jackpot"), f"'{rule.symbol}' has prizes and a jackpot; give it one value")
            if rule.respins < 0:
                report((*p, "respins"), f"respins added must not be negative, got {rule.respins}")
            if rule.cell_multiplier < 0:
                report((*p, "cell_multiplier"), f"cell_multiplier must not be negative, got {rule.cell_multiplier}")
            if rule.multiply:
                if not sym.multipliers:
                    report((*p, "multiply"), f"'{rule.symbol}' multiplies, so its symbol needs multipliers:")
                for wv in sym.multipliers:
                    if wv.value.denominator != 1 or wv.value < 1:
                        report((*p, "multiply"), f"multipliers of '{rule.symbol}' must be whole, got {wv.value}")
                values = {wv.value for wv in sym.multipliers}
                for m in rule.multiplier_limits:
                    if m not in values:
                        report((*p, "multiplier_limits", m, "__key__"), f"x{m} is not among the multipliers of '{rule.symbol}'")
                if sym.multipliers and all(wv.value in rule.multiplier_limits for wv in sym.multipliers):
                    report((*p, "multiplier_limits"), "at least one multiplier must have no limit")
            elif rule.multiplier_limits:
                report((*p, "multiplier_limits"), "multiplier_limits needs multiply: true")
            for j, reel in enumerate(rule.collects_reels):
                if reel < 1:
                    report((*p, "collects_reels", j), f"reels are 1-based, got {reel}")

    @staticmethod
    def _check_exact(defn: Definition, f: HoldAndRespin, report: Report) -> None:
        """Fill awards and jackpots are whole amounts at every allowed bet (the symbols'
        prizes are checked with the symbols)."""
        amounts: list[tuple[tuple[Any, ...], Fraction]] = [
            (("boards", i, "fill_x_bet"), spec.fill_x_bet) for i, spec in enumerate(f.boards)
        ]
        amounts += [(("jackpots", name), x) for name, x in f.jackpots.items()]
        check_whole_x_bet(defn, report, amounts)

    def triggers(self, ctx: FeatureContext, spin: Spin) -> Trigger | None:
        """The screen's trigger count; a chance below 1 draws one ``rng.chance``."""
        f: HoldAndRespin = ctx.feature
        if f.opened_by:
            return None
        count, positions = trigger_count(f, spin.screen)
        chance = chance_for(f, count) if count else Fraction(0)
        if chance <= 0:
            return None
        probability = Fraction(1)
        if chance < 1:
            if ctx.rng is None:
                probability = chance
            elif not ctx.rng.chance(chance.numerator, chance.denominator):
                return None
        symbol = next((s for s in f.trigger_symbols if any(s in col for col in spin.screen)), "")
        return Trigger(f.name, symbol, count, positions, f.respins, probability)

    def run(self, ctx: FeatureContext, trigger: Trigger) -> FeatureRun:
        return run(ctx, trigger)

    def expected_value(self, ctx: FeatureContext, trigger: Trigger) -> Fraction | None:
        found = chain_for(ctx.defn, ctx.feature, trigger.count)
        if found is None or found.value_x_bet is None:
            return None
        return found.value_x_bet * ctx.bet.total

    def batch_hints(self, defn: Definition, params: Any, reel_set: str) -> tuple[BatchHint, ...]:
        need = 0 if params.opened_by else smallest_trigger(params)
        if not need:
            return ()
        adds = params.trigger_symbols
        return (window_hint(defn, reel_set, lambda reel, w: sum(adds.get(sid, 0) for sid in w), need,
                            plan=lambda bet: boards_plan(defn, params, bet)),)

    def feature_plan(self, defn: Definition, params: Any, bet: Bet) -> BoardsPlan | None:
        return boards_plan(defn, params, bet)

    def base_trigger_chance(self, defn: Definition, params: Any) -> Fraction | None:
        if params.opened_by:
            return None  # the feature that opens it is the one that starts
        return sum(trigger_distribution(defn, params).values(), Fraction(0))

    def quiet(self, defn: Definition, params: Any) -> tuple[tuple[str, int], ...]:
        need = 0 if params.opened_by else smallest_trigger(params)
        if not need:
            return ()
        return tuple((sid, -(-need // weight)) for sid, weight in params.trigger_symbols.items() if weight > 0)

    def par(self, pctx: ParContext) -> BlockPar | None:
        defn, f = pctx.defn, pctx.feature
        if f.opened_by:
            return None  # the feature that opens it prices each opening (its modes are empty: not missing)
        triggers = trigger_distribution(defn, f)
        rate = sum(triggers.values(), Fraction(0))
        figures: dict[str, Value] = {"trigger_rate": Exact(rate)}
        detail: dict[str, Any] = {"trigger_probability": triggers}
        notes: list[str] = []
        if not rate:
            return BlockPar(f.name, Exact(Fraction(0)), figures, ("the feature cannot trigger",), detail)
        chains = {k: chain_for(defn, f, k) for k in triggers}
        if all(c is not None for c in chains.values()):
            exact_chains = {k: c for k, c in chains.items() if c is not None}
            figures["expected_respins"] = Exact(sum((q * exact_chains[k].expected_respins for k, q in triggers.items()),
                                                    Fraction(0)) / rate)
            for spec in f.boards:
                figures[f"fill_probability.{spec.name}"] = Exact(
                    sum((q * exact_chains[k].fill_probability[spec.name] for k, q in triggers.items()), Fraction(0)) / rate
                )
            if all(c.value_x_bet is not None for c in exact_chains.values()):
                value = sum((q * (exact_chains[k].value_x_bet or 0) for k, q in triggers.items()), Fraction(0))
                figures["expected_value_x_bet"] = Exact(value / rate)
                notes.append("exact: a Markov chain over held cells per board and respins left")
                return BlockPar(f.name, Exact(value), figures, tuple(notes), detail)
            if all(c.linear_value_x_bet is not None for c in exact_chains.values()):
                linear = sum((q * (exact_chains[k].linear_value_x_bet or 0) for k, q in triggers.items()), Fraction(0))
                figures["value_without_multipliers_x_bet"] = Exact(linear / rate)
                uplift = self._estimate_multiplied(pctx, triggers, rate)
                figures["multipliers_add_x_bet"] = uplift.scaled(1 / rate)
                value_rtp = Exact(linear) + uplift
                figures["expected_value_x_bet"] = value_rtp.scaled(1 / rate)
                notes.append("exact: fills, respins and the value without multipliers (a Markov chain: the "
                             "pacing board's held cells and respins left, the other boards independent given it)")
                notes.append(f"estimated: what the prize multipliers add, {self._samples(pctx, f):,} runs of this "
                             "block from its trigger, stratified by trigger count")
                return BlockPar(f.name, value_rtp, figures, tuple(notes), detail)
            notes.append("fill probabilities and respins exact (Markov chain); the value is estimated: "
                         "multipliers make it non-linear")
        else:
            blockers = chain_blockers(defn, f) or ["the chain is too large to walk"]
            notes.append(f"estimated from runs of this block; no exact chain: {'; '.join(blockers)}")
        rtp, estimated = self._estimate(pctx, triggers, rate)
        for key, figure in estimated.items():
            figures.setdefault(key, figure)
        notes.append(f"the value: {pctx.samples:,} runs of this block from its trigger, stratified by trigger count")
        return BlockPar(f.name, rtp, figures, tuple(notes), detail)

    @staticmethod
    def _samples(pctx: ParContext, f: HoldAndRespin) -> int:
        return max(pctx.samples, f.par_samples)

    def _estimate_multiplied(self, pctx: ParContext, triggers: dict[int, Fraction], rate: Fraction) -> Value:
        """The RTP the prize multipliers add: the mean over runs of this block of what its
        multipliers added to the held prizes (the rest of the value is exact)."""
        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        samples = self._samples(pctx, f)
        method = (f"what the multipliers add in runs of {f.name} from its trigger: at every respin, each spun "
                  "cell's chance of a multiplier times its expectation given the prizes held (the landed ones "
                  "replaced by what they added)")
        # what each run gave, kept on the definition by (bet, seed, trigger count): run i is the
        # same run in every par at that seed (its seed is derived from i), so a larger par after
        # a smaller one (par_to_precision's pilot, then its run at the samples it needs) plays
        # only the runs the smaller did not, and reports what a fresh par at its samples would
        kept_runs: dict[tuple[Bet, int, int], list[tuple[float, Fraction]]] = _cached(defn, f, "multiplier_runs", dict)
        out: Value = Exact(Fraction(0))
        for k, q in triggers.items():
            n = max(2, int(samples * q / rate))
            kept = kept_runs.setdefault((bet, pctx.seed, k), [])

            def played(i: int, k: int = k, kept: list[tuple[float, Fraction]] = kept) -> tuple[float, Fraction]:
                while len(kept) <= i:
                    engine = engine_from_trigger(defn, f, bet, k, derive_seed(pctx.seed, len(kept) * 64 + k),
                                                 controls=True)[1]
                    kept.append((engine.multiplied_smoothed, engine.multiplier_surprise * bet.total))
                return kept[i]

            # the control: multiplying symbols landed minus their chance on every spun cell (mean 0
            # exactly); the more of them land, the more the multipliers add
            out = out + estimate_runs(lambda i: Fraction(played(i)[0]), n, pctx.seed, method, scale=q / bet.total,
                                      control=lambda i: played(i)[1])
        return out

    @staticmethod
    def _estimate(pctx: ParContext, triggers: dict[int, Fraction], rate: Fraction) -> tuple[Value, dict[str, Value]]:
        """The RTP part (and fill rates, respins) from this block's own runs, by trigger count."""
        defn, f, bet = pctx.defn, pctx.feature, pctx.bet
        method = f"runs of {f.name} from its trigger"
        rtp: Value = Exact(Fraction(0))
        others: dict[str, Value] = {}
        for k, q in triggers.items():
            n = max(2, int(pctx.samples * q / rate))
            runs: dict[int, FeatureRun] = {}

            def played(i: int, k: int = k, runs: dict[int, FeatureRun] = runs) -> FeatureRun:
                if i not in runs:
                    runs[i] = run_from_trigger(defn, f, bet, k, derive_seed(pctx.seed, i * 64 + k), controls=True)
                return runs[i]

            rtp = rtp + estimate_runs(lambda i: played(i).total, n, pctx.seed, method, scale=q / bet.total,
                                      control=lambda i: played(i).control)
            share = q / rate
            figures: dict[str, Callable[[FeatureRun], int]] = {"expected_respins": _respins_of}
            for spec in f.boards:
                figures[f"fill_probability.{spec.name}"] = _filled(f"{f.name}_filled_{spec.name}")
            for name, pick in figures.items():
                part = estimate_runs(_picking(pick, played), n, pctx.seed, method, scale=share)
                others[name] = part if name not in others else others[name] + part
        return rtp, others


def _picking(pick: Callable[[FeatureRun], int], played: Callable[[int], FeatureRun]) -> Callable[[int], int]:
    return lambda i: pick(played(i))


def _respins_of(outcome: FeatureRun) -> int:
    return outcome.spins_played


def _filled(key: str) -> Callable[[FeatureRun], int]:
    """Whether a run filled the board its stats ``key`` names (1) or not (0)."""
    return lambda outcome: outcome.stats.get(key, 0)


def _bad_boards(f: HoldAndRespin) -> bool:
    """A board whose strips are malformed (reported by the board check; nothing to build)."""
    for spec in f.boards:
        given = [k for k in ("strip", "reel_strips", "cell_strips") if getattr(spec, k)]
        if len(given) != 1 or spec.reels < 1 or spec.rows < 1:
            return True
        want = {"strip": 1, "reel_strips": spec.reels, "cell_strips": spec.reels * spec.rows}[given[0]]
        strips = (spec.strip,) if given[0] == "strip" else getattr(spec, given[0])
        if len(strips) != want:
            return True
    return False


BLOCK = HoldAndRespinBlock()
