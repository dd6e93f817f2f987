"""The consistency checks of a converted definition, run in this order by ``_Checks``
(each names the top-level fields it reads and is skipped when one failed to convert)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from .. import modes_load
from ..definition import FORMAT_VERSION
from .common import _MAX_BETS, _did_you_mean, _plural, _quote_list
from .convert import Path_, _check, _Checks
from .feature_texts import _name_hint, check_texts, reel_set_modes


@_check("format")
def _format(c: _Checks) -> None:
    if c.d.format != FORMAT_VERSION:
        c.report(("format",), f"format {c.d.format} is not supported; this cabinet reads format {FORMAT_VERSION}")


@_check("grid")
def _grid(c: _Checks) -> None:
    g = c.d.grid
    if not 1 <= g.reels <= 10:
        c.report(("grid", "reels"), f"grid.reels must be between 1 and 10, got {g.reels}")
    if not 1 <= g.rows <= 10:
        c.report(("grid", "rows"), f"grid.rows must be between 1 and 10, got {g.rows}")


@_check("symbols", "grid")
def _symbols(c: _Checks) -> None:
    first: dict[str, int] = {}
    ids = c.d.symbol_ids
    for i, s in enumerate(c.d.symbols):
        p = ("symbols", i)
        if not s.id.strip() or any(ch.isspace() or ch == "*" for ch in s.id):
            c.report((*p, "id"), f"symbol id '{s.id}' must be one word without spaces or '*'")
        if s.id in first:
            line = c.load.at(("symbols", first[s.id], "id")).line
            c.report((*p, "id"), f"duplicate symbol id '{s.id}' (first defined at line {line})")
        else:
            first[s.id] = i
        if s.counts < 1:
            c.report((*p, "counts"), f"counts must be at least 1, got {s.counts}")
        if s.multiplier < 1:
            c.report((*p, "multiplier"), f"multiplier must be at least 1, got {s.multiplier}")
        if not s.multiplies_own_pays and s.kind != "wild":
            c.report((*p, "multiplies_own_pays"), f"multiplies_own_pays is for a wild; '{s.id}' is {s.kind}")
        elif not s.multiplies_own_pays and c.d.pay_model.type != "lines":
            c.report((*p, "multiplies_own_pays"), f"multiplies_own_pays: false is a paylines rule (wild-only "
                     f"line pays); this game pays by {c.d.pay_model.type}")
        if s.scatter and s.kind != "wild":
            c.report((*p, "scatter"), f"scatter: true makes a wild a scatter too; '{s.id}' is {s.kind}, not wild")
        for j, ex in enumerate(s.excludes):
            if ex not in ids:
                c.report((*p, "excludes", j), f"unknown symbol '{ex}' in excludes{_did_you_mean(ex, ids)}")
        if s.pays_as:
            target = c.d.symbol_map.get(s.pays_as)
            if target is None:
                c.report((*p, "pays_as"), f"pays_as names unknown symbol '{s.pays_as}'{_did_you_mean(s.pays_as, ids)}")
            elif target.id == s.id or target.counts != 1 or target.pays_as:
                c.report((*p, "pays_as"), f"pays_as must name a plain symbol that counts 1, not '{s.pays_as}'")
        elif s.counts > 1 and s.kind not in ("scatter", "bonus"):
            c.report(
                (*p, "counts"),
                f"symbol '{s.id}' counts {s.counts}: give it pays_as (the symbol whose pays it uses)",
            )
        for j, reel in enumerate(s.reels):
            if not 1 <= reel <= c.d.grid.reels:
                c.report((*p, "reels", j), f"reel {reel} does not exist; reels are numbered 1 to {c.d.grid.reels}")
        for table in ("prizes", "multipliers"):
            for j, wv in enumerate(getattr(s, table)):
                if wv.weight < 1:
                    c.report((*p, table, j, "weight"), f"weights must be positive, got {wv.weight}")


@_check("symbols", "reels", "grid")
def _strips(c: _Checks) -> None:
    g = c.d.grid
    symbols = c.d.symbol_map
    allowed_reels = {s.id: set(s.reels) for s in c.d.symbols if s.reels}
    if not c.d.reels:
        c.report(("reels",), "reels needs at least one reel set (e.g. 'base')")
    for set_name, strips in c.d.reels.items():
        p = ("reels", set_name)
        if len(strips) != g.reels:
            c.report(p, f"reel set '{set_name}' has {len(strips)} strips; the grid has {g.reels} reels")
        for r, strip in enumerate(strips):
            if len(strip) < g.rows:
                c.report((*p, r), f"strip {r + 1} of '{set_name}' has {len(strip)} symbols; it needs at least {g.rows}")
            reported: set[str] = set()
            for k, sym in enumerate(strip):
                if sym not in symbols:
                    if sym not in reported:
                        reported.add(sym)
                        c.report((*p, r, k), f"unknown symbol '{sym}' on a strip{_did_you_mean(sym, symbols)}")
                elif sym in allowed_reels and r + 1 not in allowed_reels[sym] and sym not in reported:
                    reported.add(sym)
                    only = _quote_list(sorted(allowed_reels[sym]))
                    c.report((*p, r, k), f"'{sym}' is on reel {r + 1} of '{set_name}' but may only appear on reels {only}")


@_check("lines", "grid")
def _lines(c: _Checks) -> None:
    g = c.d.grid
    from ..pays import model_of, pay_models

    model = pay_models().get(c.d.pay_model.type)
    if model is None:
        return  # _pay_model says so
    if not c.d.lines and model.paylines:
        c.report(("lines",), "lines needs at least one payline")
    if c.d.lines and not model.paylines:
        c.report_key(("lines",), f"a {model_of(c.d).type} game has no paylines: leave lines out")
        return
    first: dict[tuple[int, ...], int] = {}
    for i, line in enumerate(c.d.lines):
        p = ("lines", i)
        if len(line) != g.reels:
            c.report(p, f"line {i + 1} has {len(line)} entries; the grid has {g.reels} reels")
        for j, row in enumerate(line):
            if not 0 <= row < g.rows:
                c.report((*p, j), f"row {row} on line {i + 1} is outside the grid (rows are 0 to {g.rows - 1}, 0 on top)")
        if line in first:
            c.report(p, f"line {i + 1} repeats line {first[line] + 1}")
        else:
            first[line] = i


@_check("pays", "symbols", "grid")
def _pays(c: _Checks) -> None:
    symbols = c.d.symbol_map
    most = max(1, max((s.counts for s in c.d.symbols), default=1))
    grid_ok = c.d.grid.reels >= 1 and c.d.grid.rows >= 1
    from ..pays import pay_models

    model = pay_models().get(c.d.pay_model.type)
    cells = model is not None and model.counts_cells  # cluster / anywhere pay counts of cells
    for sym, table in c.d.pays.items():
        p = ("pays", sym)
        s = symbols.get(sym)
        if s is None:
            c.report_key(p, f"pays for unknown symbol '{sym}'{_did_you_mean(sym, symbols)}")
            continue
        if s.pays_as:
            c.report_key(p, f"'{sym}' pays as '{s.pays_as}'; put its pays under '{s.pays_as}'")
        anywhere = s.kind in ("scatter", "bonus") or s.is_scatter or cells  # counted on the whole screen
        # a count along a line is at most 10 reels; one counted anywhere, at most every cell (11-15
        # scatters on 5x3) of the largest grid, and of this grid (``reachable``, said as "can never land")
        cells_count = c.d.grid.reels * c.d.grid.rows * most
        top = cells_count if cells and not s.is_scatter else 100 * most if anywhere else 10
        reachable = min(top, c.d.grid.reels * most * (c.d.grid.rows if anywhere else 1))
        for count in table:
            if not 1 <= count <= top:
                c.report_key((*p, count), f"pay count {count} must be between 1 and {top}")
            elif grid_ok and count > reachable:
                c.report_key((*p, count), f"{count} '{sym}' can never land (at most {reachable} on this grid)")


@_check("pay_direction", "symbols", "grid")
def _centre_out(c: _Checks) -> None:
    """Issue 35's pays from the centre reel outward: the rule as the catalogue's Jewels states it."""
    if c.d.pay_direction != "centre_out":
        return
    models = {c.d.pay_model.type, *c.d.pay_model.reel_sets.values()} - {"lines"}
    if models:
        # a cell-counting model reads no direction: the rule would be silently ignored there
        c.report(("pay_direction",), f"centre_out is a rule of lines (and their reels read from the centre); "
                 f"this game pays by {', '.join(sorted(models))}, which has no direction")
    if c.d.grid.reels % 2 == 0:
        c.report(("pay_direction",), f"centre_out needs a centre reel: an odd number of reels, the grid has "
                 f"{c.d.grid.reels}")
    wilds = [s.id for s in c.d.symbols if s.kind == "wild"]
    if wilds:
        c.report(("pay_direction",), f"centre_out pays take no wilds (each game states a wild's part in them "
                 f"differently): {', '.join(wilds)}")
    if c.d.pay_groups:
        c.report(("pay_groups",), "centre_out pays take no pay groups")


@_check("pay_groups", "symbols", "pays", "grid")
def _pay_groups(c: _Checks) -> None:
    """Issue 35's any bar: a group's id is its own, its symbols are regular line symbols, its counts fit a line."""
    symbols = c.d.symbol_map
    seen: set[str] = set()
    for i, group in enumerate(c.d.pay_groups):
        p = ("pay_groups", i)
        if group.id in symbols or group.id in seen:
            c.report((*p, "id"), f"pay group id '{group.id}' is already a symbol or group id")
        seen.add(group.id)
        if c.d.pay_model.type != "lines":
            c.report(p, f"pay groups are line pays; this game pays by {c.d.pay_model.type}")
        if len(set(group.symbols)) < 2:
            c.report((*p, "symbols"), "a pay group needs two or more different symbols")
        for j, sid in enumerate(group.symbols):
            s = symbols.get(sid)
            if s is None:
                c.report((*p, "symbols", j), f"unknown symbol '{sid}'{_did_you_mean(sid, symbols)}")
            elif s.kind != "regular" or s.pays_as:
                c.report((*p, "symbols", j), f"'{sid}' is {s.kind if s.pays_as == '' else 'a Double'}: a group "
                         "holds plain regular symbols")
        for count in group.pays:
            if not 1 <= count <= c.d.grid.reels:
                c.report((*p, "pays", count), f"pay count {count} must be between 1 and {c.d.grid.reels} reels")


def _check_reel_set_choices(c: _Checks, choices: Iterable[Any], path: Path_) -> None:
    names = list(c.d.reels)
    for j, choice in enumerate(choices):
        if choice.set not in c.d.reels and c.d.reels:
            where = (*path, j, "set") if c.given((*path, j, "set")) else path
            c.report(where, f"no reel set named '{choice.set}' under reels{_did_you_mean(choice.set, names)}")
        if choice.weight < 1:
            c.report((*path, j, "weight"), f"weights must be positive, got {choice.weight}")


@_check("base_game", "reels")
def _base_game_reel_sets(c: _Checks) -> None:
    if not c.given(("base_game",)):
        if "base" not in c.d.reels and c.d.reels:
            names = list(c.d.reels)
            c.report_key(
                ("reels",),
                f"no reel set named 'base' under reels{_did_you_mean('base', names)}; the base game spins it "
                "unless base_game.reel_sets names others",
            )
        return
    _check_reel_set_choices(c, c.d.base_game.reel_sets, ("base_game", "reel_sets"))
    if not c.d.base_game.reel_sets:
        c.report(("base_game", "reel_sets"), "base_game.reel_sets needs at least one reel set")


@_check("features", "reels")
def _feature_reel_sets(c: _Checks) -> None:
    for i, f in enumerate(c.d.features):
        if hasattr(f, "reel_sets"):
            _check_reel_set_choices(c, f.reel_sets, ("features", i, "reel_sets"))


@_check("bet", "lines")
def _bet(c: _Checks) -> None:
    m = c.d.bet
    p = ("bet",)
    if not 0 <= m.minor_units <= 8:
        c.report((*p, "minor_units"), f"minor_units must be between 0 and 8, got {m.minor_units}")
    if not m.currency.strip():
        c.report((*p, "currency"), "currency must not be empty (use 'CRD' for plain credits)")
    n_lines = len(c.d.lines)
    for name, values in (("coins_per_line", m.coins_per_line), ("coin_values", m.coin_values), ("lines", m.lines)):
        if not values and (name != "lines" or c.given((*p, "lines"))):
            c.report((*p, name), f"bet.{name} must list at least one choice")
        for j, v in enumerate(values):
            if v < 1:
                c.report((*p, name, j), f"bet.{name} choices must be positive, got {v}")
        if len(set(values)) != len(values):
            c.report((*p, name), f"bet.{name} lists a choice twice")
    from ..bet import line_choices as choices_of

    cost = c.d.pay_model.cost
    for j, v in enumerate(m.lines):
        if cost and v != cost:
            c.report((*p, "lines", j), f"the bet's lines are the pay model's cost ({cost}); leave bet.lines out")
        elif v > n_lines and not cost:
            c.report((*p, "lines", j), f"{v} lines offered but the game has only {n_lines}")
    line_choices = choices_of(c.d)
    for name, value, choices in (
        ("default_lines", m.default_lines, line_choices),
        ("default_coins_per_line", m.default_coins_per_line, m.coins_per_line),
        ("default_coin_value", m.default_coin_value, m.coin_values),
    ):
        if value and value not in choices:
            c.report((*p, name), f"bet.{name} must be one of the choices (or 0 for automatic)")
    if m.coins_per_bet:  # no engine reads it yet: a value would be silently ignored
        c.report(
            (*p, "coins_per_bet"),
            "coins_per_bet is reserved and must be 0 in this version; the total bet is "
            "lines x coins_per_line x coin value (a fixed 10-coin bet: lines: [10], coins_per_line: [1])",
        )
    combinations = len(line_choices) * len(m.coins_per_line) * len(m.coin_values)
    if combinations > _MAX_BETS:
        c.report(p, f"the bet model offers {combinations:,} bets; at most {_MAX_BETS:,} are supported")
    elif m.max_total_bet and m.coins_per_line and m.coin_values and (c.d.lines or cost > 0):
        from ..bet import all_bets

        if not all_bets(c.d):
            c.report((*p, "max_total_bet"), "max_total_bet is below every possible bet")


@_check("pay_model", "symbols", "reels", "grid", "pays")
def _pay_model(c: _Checks) -> None:
    from ..pays import check_definition

    for path, message in check_definition(c.d):
        c.report(path, message)


@_check("win_tiers")
def _win_tiers(c: _Checks) -> None:
    t = c.d.win_tiers
    if not 0 < t.big <= t.mega <= t.epic:
        c.report(("win_tiers",), "win tiers must grow: 0 < big <= mega <= epic")


@_check("rtp")
def _rtp(c: _Checks) -> None:
    if c.d.rtp and not 0 < c.d.rtp <= 1:
        c.report(("rtp",), "rtp must be above 0% and at most 100% (or 0: not published)")


for _needs, _check_fn in modes_load.CHECKS:  # bet modes, RTP variants, the round cap
    _check(*_needs)(_check_fn)


@_check("par_precision")
def _par_precision(c: _Checks) -> None:
    if c.d.par_precision and not Fraction(1, 10**6) <= c.d.par_precision <= Fraction(1, 10):
        c.report(("par_precision",), "par_precision is a half-width from 0.0001% to 10% (or 0: fixed samples)")


@_check("features", "symbols", "rtp")
def _features(c: _Checks) -> None:
    """Unique names, then each block's own checks (``FeatureBlock.check``)."""
    from ..features import block

    names: dict[str, int] = {}
    for i, f in enumerate(c.d.features):
        p = ("features", i)
        if f.name in names:
            c.report((*p, "name"), f"two features are named '{f.name}'; give each a unique name")
        names.setdefault(f.name, i)
        entry = block(f.type)
        if entry is None:
            continue

        def report(sub: tuple[Any, ...], message: str, p: tuple[Any, ...] = p, f: Any = f) -> None:
            message = _name_hint(c.d, f, message)
            # a path ending in "__key__" points at a mapping key rather than its value
            if sub and sub[-1] == "__key__":
                c.report_key((*p, *sub[:-1]), message)
            else:
                c.report((*p, *sub), message)

        try:
            entry.check(c.d, f, report)
        except ValueError as exc:  # e.g. a block whose check reads a pay model's closed form it lacks
            report((), f"{f.type} cannot be checked with this game's pay model ({exc})")
        check_texts(f, report)


@_check("scenarios")
def _scenarios(c: _Checks) -> None:
    names: set[str] = set()
    for i, sc in enumerate(c.d.scenarios):
        if sc.name in names:
            c.report(("scenarios", i, "name"), f"two scenarios are named '{sc.name}'")
        names.add(sc.name)
        for key in ("script", "respin_script"):
            for j, value in enumerate(getattr(sc, key)):
                if value < 0:
                    c.report(("scenarios", i, key, j), f"script values must not be negative, got {value}")
        if sc.respin_reel:
            if not 1 <= sc.respin_reel <= c.d.grid.reels:
                c.report(("scenarios", i, "respin_reel"),
                         f"respin_reel is a reel from 1 to {c.d.grid.reels}, got {sc.respin_reel}")
            if not any(f.type == "paid_respin" for f in c.d.features):
                c.report(("scenarios", i, "respin_reel"), "respin_reel needs a paid_respin feature in features:")
        elif sc.respin_script:
            c.report(("scenarios", i, "respin_script"), "respin_script needs respin_reel (the reel to respin)")


@_check("features", "reels", "base_game")
def _mystery_strips(c: _Checks) -> None:
    """A mystery symbol on a reel set played only in spins its block does not act in would
    land and stay a mystery (it pays nothing): point at the strip."""
    played = reel_set_modes(c.d)
    for i, f in enumerate(c.d.features):
        if f.type != "mystery_symbol":
            continue
        acts = set(getattr(f, "modes", ()))
        mystery = str(getattr(f, "symbol", ""))
        for set_name, strips in c.d.reels.items():
            modes = played.get(set_name, set())
            if not modes or modes & acts:
                continue
            at = next(((r, k) for r, strip in enumerate(strips) for k, sym in enumerate(strip) if sym == mystery), None)
            if at is not None:
                c.report(("reels", set_name, *at),
                         f"mystery symbol '{mystery}' is on reel {at[0] + 1} of '{set_name}', played in "
                         f"{_quote_list(sorted(modes))} spins, but feature '{f.name}' reveals it only in "
                         f"{_quote_list(sorted(acts))} spins (features[{i}].modes): there it would land unrevealed")


@_check("bet", "lines", "pays", "symbols", "grid")
def _exactness(c: _Checks) -> None:
    """Every pay must be a whole number of minor units at every allowed bet: no rounding, ever."""
    from ..bet import all_bets

    if not (c.d.bet.coins_per_line and c.d.bet.coin_values and (c.d.lines or c.d.pay_model.cost > 0)):
        return
    m = c.d.bet
    if any(v < 1 for v in (*m.coins_per_line, *m.coin_values, *m.lines)):
        return
    if len(m.lines or (1,)) * len(m.coins_per_line) * len(m.coin_values) > _MAX_BETS:
        return
    bets = all_bets(c.d)
    mu = c.d.bet.minor_units
    from ..money import money_str

    def first_bad(value: Fraction, amounts: Iterable[tuple[int, Any]]) -> Any:
        if value.denominator == 1:
            return None
        return next((label for amount, label in amounts if amount % value.denominator), None)

    totals = [(b.total, b) for b in bets]
    line_stakes = sorted({(b.coins_per_line * b.coin_value, (b.coins_per_line, b.coin_value)) for b in bets})
    symbols = c.d.symbol_map
    for sym, table in c.d.pays.items():
        s = symbols.get(sym)
        if s is None:
            continue
        anywhere = s.kind in ("scatter", "bonus") or s.is_scatter
        for count, pay in table.items():
            if anywhere:
                bad = first_bad(pay, totals)
                if bad is not None:
                    c.report(
                        ("pays", sym, count),
                        f"{count} '{sym}' pays {pay} x the bet, which is not a whole amount at a total bet of "
                        f"{money_str(bad.total, mu)} ({_plural(bad.lines, 'line')} x {bad.coins_per_line} x "
                        f"{money_str(bad.coin_value, mu)})",
                    )
            else:
                bad = first_bad(pay, line_stakes)
                if bad is not None:
                    cpl, cv = bad
                    c.report(
                        ("pays", sym, count),
                        f"{count} '{sym}' pays {pay} coins, which is not a whole amount at {_plural(cpl, 'coin')} per line "
                        f"of {money_str(cv, mu)}",
                    )
    for i, s in enumerate(c.d.symbols):
        for j, wv in enumerate(s.prizes):
            bad = first_bad(wv.value, totals)
            if bad is not None:
                c.report(
                    ("symbols", i, "prizes", j, "value"),
                    f"prize {wv.value} x the bet on '{s.id}' is not a whole amount at a total bet of "
                    f"{money_str(bad.total, mu)}",
                )
