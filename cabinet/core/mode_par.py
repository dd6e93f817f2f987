"""PAR of a bet mode and RTP variant, with the round cap priced.

``mode_par(game, bet, mode=..., rtp_variant=...)`` prices the definition the mode plays
(``core/modes.resolve``) per unit of what its round costs:

- a mode that spins (base, ante, plain): ``par`` of the resolved definition, every RTP figure
  divided by the mode's cost (the hit rate and the feature odds are per round, as they are);
- a buy: no base spin; the feature's value from its bought trigger: exact where its par is
  (free spins by Wald: award / (1 - spins a spin adds) x the exact value of one spin, when no
  cap, top-up or other block acts in its spins), else estimated from runs of the block's own
  ``run`` from that trigger.

The round cap (``max_win_x``): ``max_round_win`` bounds what one round can win from the rules
alone (lines x the top pay, scatters, the most spins a feature can play); where that bound is
at most the cap, no round reaches it and the price stays exact. Otherwise the cap's effect,
-E[(W - cap)+], is estimated from simulated rounds of the mode without the cap, with its 95%
interval; when no simulated round reached the cap the interval is the one-sided bound
E[(W - cap)+] <= E[W^2] / (4 cap) (true for every W >= 0) either side, never zero wide.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from .bet import Bet, default_bet
from .definition import Definition
from .features import BlockPar, block
from .features.free_spins import (
    FreeSpins,
    nested_spin_blocks,
    run_from_trigger,
    spin_expectations,
    without_rules,
)
from .modes import cap_amount, origin_of, resolve
from .par import DEFAULT_SAMPLES, DEFAULT_SEED, ParReport, par
from .rng import derive_seed
from .value import Z95, Estimate, Exact, Value, estimate_runs, total

ZERO = Fraction(0)
CAP_ROUNDS_PER_SAMPLE = 250  # simulated rounds per --samples that price a reachable cap


@dataclass(frozen=True)
class CapPrice:
    """What the round cap does to the mode's RTP (per unit of its cost)."""

    cap_x: int  # the cap, x the base total bet
    effect: Value  # <= 0: what the cap removes
    reachable: bool
    max_win_x: Fraction | None  # the most a round can win, x the base bet (None: no bound, e.g. retriggers)
    note: str


def mode_par(
    game: Definition, bet: Bet | None = None, *, mode: str = "base", rtp_variant: str | None = None,
    samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED, with_hit_rate: bool = True,
) -> ParReport:
    """The PAR of ``mode`` of variant ``rtp_variant`` (None: the default), per unit of its cost."""
    played = resolve(game, mode=mode, rtp_variant=rtp_variant)
    return par_of_resolved(played, bet, samples=samples, seed=seed, with_hit_rate=with_hit_rate)


def par_of_resolved(
    played: Definition, bet: Bet | None = None, *, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED,
    with_hit_rate: bool = True,
) -> ParReport:
    bet = bet or default_bet(played)
    cost = played.mode_cost
    if played.bought:
        report = _buy_par(played, bet, samples, seed)
    else:
        report = par(played, bet, samples=samples, seed=seed, with_hit_rate=with_hit_rate)
    notes = list(report.notes)
    value = report.total
    cap = cap_amount(played, bet)
    price: CapPrice | None = None
    if cap:
        price = cap_price(played, bet, samples=samples, seed=seed)
        notes.append(price.note)
        if value is not None and price.reachable:
            value = value + price.effect.scaled(cost)  # the effect is per cost; the report is per bet here
    if cost != 1:
        notes.append(f"every RTP figure is per unit of the mode's cost ({_ratio(cost)} x the base bet)")
        report = _per_cost(report, cost)
        value = None if value is None else value.scaled(1 / cost)
    total_rtp = None if value is None else value.value if isinstance(value, Exact) else value.mean_value
    return dataclasses.replace(report, total=value, total_rtp=total_rtp, notes=tuple(notes),
                               mode=played.played_mode, variant=played.played_variant, cost=cost, cap=price,
                               published_rtp=published_rtp(played))


def published_rtp(played: Definition) -> Fraction:
    """The RTP the mode (or, in the base mode, the variant) states; 0: none."""
    game = origin_of(played)
    if played.played_mode != "base":
        mode = game.bet_mode(played.played_mode)
        return mode.rtp if mode is not None else ZERO
    variant = next((v for v in game.rtp_variants if v.name == played.played_variant), None)
    return variant.rtp if variant is not None else game.rtp


def _ratio(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _per_cost(report: ParReport, cost: Fraction) -> ParReport:
    k = 1 / cost
    return dataclasses.replace(
        report,
        line_rtp=report.line_rtp * k,
        scatter_rtp=report.scatter_rtp * k,
        base_rtp=report.base_rtp * k,
        symbols={s: v * k for s, v in report.symbols.items()},
        free_spins=tuple(dataclasses.replace(fs, rtp=None if fs.rtp is None else fs.rtp * k, value=fs.value.scaled(k))
                         for fs in report.free_spins),
        free_spins_rtp=None if report.free_spins_rtp is None else report.free_spins_rtp * k,
        parts=tuple(dataclasses.replace(p, rtp=p.rtp.scaled(k)) for p in report.parts),
    )


# --- a buy -------------------------------------------------------------------------------------------


def bought_value(played: Definition, bet: Bet, *, samples: int, seed: int) -> tuple[BlockPar, str]:
    """E[the bought feature's win] in base bets (uncapped by the round cap), with how it was found."""
    params = next(f for f in played.features if f.name == played.bought)
    entry = block(params.type)
    assert entry is not None
    trigger = entry.bought(played, params)
    assert trigger is not None
    if isinstance(params, FreeSpins):
        per_spin, added = spin_expectations(played, params, bet)
        rules = params != without_rules(params)
        nested = nested_spin_blocks(played, params)
        figures: dict[str, Value] = {"awarded": Exact(Fraction(trigger.awarded)), "added_per_spin": Exact(added),
                                     "value_per_spin": Exact(per_spin / bet.total)}
        if added < 1 and not rules and not nested:
            spins = Fraction(trigger.awarded) / (1 - added)
            figures["expected_spins"] = Exact(spins)
            value = Exact(spins * per_spin / bet.total)
            how = (f"exact: {trigger.awarded} spins / (1 - {float(added):.6f} spins a spin adds) x the exact value of "
                   "one free spin (Wald)")
            return BlockPar(params.name, value, figures, (how,)), how
    n = max(2, samples * 10)
    method = f"runs of {params.name} from its bought trigger"
    estimate = estimate_runs(
        lambda i: _run_bought(played, params, bet, trigger.count, derive_seed(seed, i)), n, seed, method,
        scale=1 / Fraction(bet.total),
    )
    how = f"estimated from {n:,} {method} (a cap, a top-up or another block acts in its spins)"
    return BlockPar(params.name, estimate, {}, (how,)), how


def _run_bought(played: Definition, params: object, bet: Bet, count: int, seed: int) -> int:
    if isinstance(params, FreeSpins):
        return run_from_trigger(played, params, bet, count, seed)
    raise ValueError(f"no par for a bought {type(params).__name__}")


def _buy_par(played: Definition, bet: Bet, samples: int, seed: int) -> ParReport:
    part, how = bought_value(played, bet, samples=samples, seed=seed)
    rtp = part.rtp
    fs_rtp = rtp.value if isinstance(rtp, Exact) else rtp.mean_value
    notes = (f"a bought round plays no base spin: {played.bought} starts at once", f"{part.name}: {how}",
             "hit rate: not computed for a bought feature (simulate gives it)")
    return ParReport(
        game=played.id, name=played.name, lines=bet.lines, line_rtp=ZERO, scatter_rtp=ZERO, base_rtp=ZERO,
        hit_rate=None, symbols={}, counts={}, free_spins=(), free_spins_rtp=fs_rtp, total_rtp=fs_rtp,
        published_rtp=played.rtp, notes=notes, parts=(part,), total=total([rtp]),
        pay_model=played.pay_model.type,
    )


# --- the round cap -----------------------------------------------------------------------------------


def max_round_win(played: Definition, bet: Bet) -> Fraction | None:
    """An upper bound on one round's win in base bets, from the rules alone (None: none proved:
    a feature that can retrigger or top up without end, a block this bound does not know)."""
    from .features.free_spins import FreeSpinsBlock  # noqa: F401 - the one block bounded here

    if played.pay_model.type != "lines":
        return None
    if any(s.multiplier > 1 for s in played.symbols):
        return None
    line_stake = bet.coins_per_line * bet.coin_value
    symbols = played.symbol_map
    top_line = max((pay for sid, table in played.pays.items() if sid in symbols
                    and symbols[sid].kind not in ("scatter", "bonus") for pay in table.values()), default=ZERO)
    scatters = sum((max(table.values(), default=ZERO) for sid, table in played.pays.items()
                    if sid in symbols and symbols[sid].kind in ("scatter", "bonus")), ZERO)
    spin = (bet.lines * top_line * line_stake + scatters * bet.total) / bet.total
    feature_max = ZERO
    for params in played.features:
        entry = block(params.type)
        if entry is None or not entry.modes(params):
            continue
        if not isinstance(params, FreeSpins):
            return None
        if params.retrigger or params.minimum_win_x_bet or params.spin_multipliers and params.retrigger:
            return None
        biggest = max(params.awards.values(), default=0)
        multiplier = max((v.value for v in params.spin_multipliers), default=Fraction(1))
        feature_max += biggest * spin * params.win_multiplier * multiplier
    if played.bought:
        return feature_max
    return spin + feature_max


def cap_price(played: Definition, bet: Bet, *, samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED) -> CapPrice:
    """The round cap's effect on the RTP of ``played`` (per unit of its cost)."""
    from .simulation.rng_arrays import derive_seeds
    from .simulation.rounds import round_wins

    cap = cap_amount(played, bet)
    cost = played.mode_cost
    most = max_round_win(played, bet)
    if most is not None and most * bet.total <= cap:
        note = (f"round cap {played.max_win_x:,}x the bet: never reached (no round wins more than "
                f"{float(most):,.2f}x the bet), so it costs nothing: exact")
        return CapPrice(played.max_win_x, Exact(ZERO), False, most, note)
    free = dataclasses.replace(played, max_win_x=0)
    free.__dict__["_modes_origin"] = origin_of(played)
    rounds = max(2, samples * CAP_ROUNDS_PER_SAMPLE)
    wins = round_wins(free, bet, derive_seeds(seed, 0, rounds)).astype(object)
    over = [int(w) - cap for w in wins if w > cap]
    scale = Fraction(1, 1) / (bet.total * cost)
    removed_sum = sum(over)
    mean = -Fraction(removed_sum, rounds) * scale
    square = sum(x * x for x in over)
    variance = max(float(Fraction(square, rounds) * scale * scale) - float(mean) ** 2, 0.0) * rounds / (rounds - 1)
    error = (variance / rounds) ** 0.5
    why = "rounds can retrigger without end" if most is None else f"a round may win up to {float(most):,.2f}x the bet"
    if over:
        note = (f"round cap {played.max_win_x:,}x the bet: reachable ({why}); its effect estimated from {rounds:,} "
                f"simulated rounds of the mode without it (it acted in {len(over):,})")
        effect: Value = Estimate(mean, error, rounds, seed, "simulated rounds without the round cap")
    else:
        squares = sum(int(w) * int(w) for w in wins)
        bound = Fraction(squares, rounds) / (4 * cap) * scale
        note = (f"round cap {played.max_win_x:,}x the bet: reachable ({why}) but reached by none of {rounds:,} "
                f"simulated rounds; what it removes is at most E[W^2] / (4 x cap) = {float(bound) * 100:.6f}% "
                "(one-sided bound, shown as the interval)")
        effect = Estimate(ZERO, float(bound) / Z95, rounds, seed,
                          "simulated rounds without the round cap; bounded by E[W^2] / (4 x cap)")
    return CapPrice(played.max_win_x, effect, True, most, note)


# --- stated RTPs ------------------------------------------------------------------------------------


def printed_tolerance(stated: Fraction) -> Fraction:
    """Half a unit of the last digit a stated RTP is written to ('95.891%': 0.0005 points), and never
    looser than two decimals of a percent ('96%' and '96.00%' read alike: 0.005 points)."""
    for places in range(2, 11):
        if (stated * 100 * 10**places).denominator == 1:
            return Fraction(1, 2 * 10**places) / 100
    return Fraction(1, 2 * 10**10) / 100


def stated_rtp_problems(game: Definition, bet: Bet | None = None, *, exact_only: bool = True,
                        samples: int = DEFAULT_SAMPLES, seed: int = DEFAULT_SEED) -> list[tuple[tuple[object, ...], str]]:
    """Each RTP variant and bet mode whose par is not its stated ``rtp``, as (YAML path, message):
    to ``par_precision`` or the stated figure's printed digits, whichever is looser. A variant is
    priced in the base mode; a mode in the default variant. ``exact_only``: a par that is an
    estimate is skipped (check stays fast); otherwise the stated RTP must lie in its interval
    widened by that tolerance."""
    out: list[tuple[tuple[object, ...], str]] = []
    asked: list[tuple[tuple[object, ...], str, Fraction, str, str | None]] = [
        (("rtp_variants", j, "rtp"), f"RTP variant '{v.name}'", v.rtp, "base", v.name)
        for j, v in enumerate(game.rtp_variants)
    ]
    asked += [(("bet_modes", i - 1, "rtp"), f"bet mode '{m.name}'", m.rtp, m.name, None)
              for i, m in enumerate(game.bet_modes) if i and m.rtp]
    for path, what, stated, mode, variant in asked:
        report = mode_par(game, bet, mode=mode, rtp_variant=variant, samples=samples, seed=seed, with_hit_rate=False)
        value = report.total
        if value is None or (exact_only and not value.exact):
            continue
        tolerance = max(game.par_precision, printed_tolerance(stated))
        if isinstance(value, Exact):
            off = abs(value.value - stated) > tolerance
            shown = f"{float(value.value) * 100:.6f}% (exact)"
        else:
            lo, hi = value.ci95
            off = not lo - float(tolerance) <= float(stated) <= hi + float(tolerance)
            shown = f"{value.mean * 100:.6f}% (95% {lo * 100:.6f}%..{hi * 100:.6f}%)"
        if off:
            how = "--rtp-variant " + variant if variant else "--mode " + mode
            out.append((path, f"{what} states {float(stated) * 100:.4f}% but its par is {shown}: state its par "
                        f"(cabinet par GAME {how}) or change its strips"))
    return out
