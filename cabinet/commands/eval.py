"""``cabinet eval GAME --grid ... | --stops ...``: what one screen pays.

The screen is evaluated at one coin per line on the chosen lines (all by default), so
every win is reported as a multiple of that bet (``x_bet``), exactly: JSON values are
exact strings (``62.5``, or ``85/3`` when no finite decimal is exact), and the text
output marks a rounded decimal with ``~``.

``--grid "A K Q J T / A K Q J T / A K Q J T"``: rows top to bottom separated by
``/``, symbols left to right. ``--stops 3,17,5,0,22``: each reel's top visible strip
index on ``--reel-set`` (default: the base game's first reel set).
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
from fractions import Fraction
from typing import Any

from ..core.bet import Bet
from ..core.definition import Definition
from ..core.evaluate import EvaluationError, evaluate_screen, screen_from_stops
from ..core.events import LineWin, ScatterWin, Screen
from ..core.features import FeatureContext, Spin, block
from ..core.money import exact_str, fraction_str
from ..errors import CabinetError


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (a file stem in games/) or a path to a .yaml")
    screen = p.add_mutually_exclusive_group(required=True)
    screen.add_argument("--grid", help='rows top to bottom separated by "/", symbols left to right')
    screen.add_argument("--stops", help="comma-separated reel stops, reel 1 first, e.g. 3,17,5,0,22")
    p.add_argument("--reel-set", default="", help="reel set for --stops (default: the base game's first)")
    p.add_argument("--lines", default="", help="lines played (default: all)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def run(args: argparse.Namespace) -> int:
    from ..core.loader import load_game

    defn = load_game(args.game)
    lines = _whole(args.lines, "--lines") if args.lines else len(defn.lines)
    if not 1 <= lines <= len(defn.lines):
        raise CabinetError(f"--lines must be 1..{len(defn.lines)}, got {lines}")
    if args.grid is not None:
        if args.reel_set:
            raise CabinetError("--reel-set goes with --stops, not --grid")
        screen = parse_grid(defn, args.grid)
    else:
        reel_set = args.reel_set or defn.base_game.reel_sets[0].set
        if reel_set not in defn.reels:
            raise CabinetError(f"unknown reel set {reel_set!r}{_did_you_mean(reel_set, defn.reels)}")
        screen = _screen_from_stop_text(defn, reel_set, args.stops)
    report = evaluate(defn, screen, lines)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(render(defn, report))
    return 0


# --- parsing --------------------------------------------------------------------------------------


def _did_you_mean(word: str, choices: Any) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.5)
    return f" (did you mean {close[0]}?)" if close else ""


def _whole(text: str, what: str) -> int:
    try:
        return int(text.strip())
    except ValueError:
        raise CabinetError(f"{what}: {text.strip()!r} is not a whole number") from None


def resolve_symbol(defn: Definition, token: str) -> str:
    """A symbol id from user text: exact, else case-insensitive."""
    if token in defn.symbol_map:
        return token
    by_lower = {sid.lower(): sid for sid in defn.symbol_ids}
    if token.lower() in by_lower:
        return by_lower[token.lower()]
    raise CabinetError(f"unknown symbol {token!r}{_did_you_mean(token.upper(), defn.symbol_ids)}")


def parse_grid(defn: Definition, text: str) -> Screen:
    """``"A K Q / ..."`` (rows top to bottom) -> screen[reel][row]."""
    rows = [row.split() for row in text.split("/")]
    want_rows, want_reels = defn.grid.rows, defn.grid.reels
    if len(rows) != want_rows:
        raise CabinetError(
            f"--grid has {len(rows)} rows; {defn.name} shows {want_rows} (rows are separated by '/')"
        )
    for i, row in enumerate(rows, 1):
        if len(row) != want_reels:
            raise CabinetError(f"--grid row {i} has {len(row)} symbols; {defn.name} has {want_reels} reels")
    ids = [[resolve_symbol(defn, token) for token in row] for row in rows]
    return tuple(tuple(ids[row][reel] for row in range(want_rows)) for reel in range(want_reels))


def _screen_from_stop_text(defn: Definition, reel_set: str, text: str) -> Screen:
    parts = [p for p in text.replace(" ", ",").split(",") if p]
    stops = tuple(_whole(p, "--stops") for p in parts)
    strips = defn.reels[reel_set]
    if len(stops) != len(strips):
        raise CabinetError(f"--stops has {len(stops)} values; reel set {reel_set!r} has {len(strips)} reels")
    for reel, (stop, strip) in enumerate(zip(stops, strips, strict=True), 1):
        if not 0 <= stop < len(strip):
            raise CabinetError(f"--stops: stop {stop} of reel {reel} is outside 0..{len(strip) - 1}")
    try:
        return screen_from_stops(defn, reel_set, stops)
    except EvaluationError as exc:  # pragma: no cover - the checks above come first
        raise CabinetError(str(exc)) from None


# --- evaluation and output ------------------------------------------------------------------------


def evaluate(defn: Definition, screen: Screen, lines: int) -> dict[str, Any]:
    """The JSON-ready report of what ``screen`` pays at one coin per line on ``lines`` lines."""
    # One coin per line, the coin worth enough minor units that every pay (a "1/2" line
    # pay, a scatter paying "1/3" of the bet) is a whole amount; x_bet does not depend on it.
    bet = Bet(lines, 1, _exact_coin(defn))
    events, total = evaluate_screen(defn, screen, bet)
    wins: list[dict[str, Any]] = []
    for e in events:
        x_bet = Fraction(e.amount, bet.total)  # type: ignore[attr-defined]
        if isinstance(e, LineWin):
            wins.append(
                {
                    "kind": "line",
                    "line": e.line + 1,
                    "symbol": e.symbol,
                    "count": e.count,
                    "direction": e.direction,
                    "x_bet": exact_str(x_bet),
                    "coins": exact_str(e.coins * e.multiplier),
                    "positions": [list(p) for p in e.positions],
                }
            )
        elif isinstance(e, ScatterWin):
            wins.append(
                {
                    "kind": "scatter",
                    "symbol": e.symbol,
                    "count": e.count,
                    "x_bet": exact_str(x_bet),
                    "positions": [list(p) for p in e.positions],
                }
            )
    triggers = []
    spin = Spin("base", "", (), screen, tuple(events), total)
    for feature in defn.features:
        module = block(feature.type)
        if module is not None and module.triggers(FeatureContext(defn, feature, bet, None), spin) is not None:
            triggers.append(feature.name)
    return {
        "game": defn.id,
        "lines": lines,
        "bet_coins": bet.coins,
        "grid": [[screen[reel][row] for reel in range(len(screen))] for row in range(len(screen[0]))],
        "total_x_bet": exact_str(Fraction(total, bet.total)),
        "wins": wins,
        "triggers": triggers,
    }


def _exact_coin(defn: Definition) -> int:
    """The smallest coin value (in minor units) at which every pay of the game is whole."""
    unit = 1
    for table in defn.pays.values():
        for pay in table.values():
            unit = math.lcm(unit, Fraction(pay).denominator)
    return unit


def _shown(exact: str) -> str:
    """An exact value for the text output: as is, or ``~416.666667`` when it does not terminate."""
    return f"~{fraction_str(Fraction(exact))}" if "/" in exact else exact


def render(defn: Definition, report: dict[str, Any]) -> str:
    width = max(len(s) for s in defn.symbol_ids)
    coins = report["bet_coins"]
    bet = f"{coins} coin{'' if coins == 1 else 's'}"
    out = [f"{defn.name}: {report['lines']} lines at 1 coin per line (bet {bet})"]
    out += ["  " + " ".join(sym.ljust(width) for sym in row).rstrip() for row in report["grid"]]
    for win in report["wins"]:
        if win["kind"] == "line":
            label = f"line {win['line']:>3}  {win['symbol']} x{win['count']} {win['direction']}"
        else:
            label = f"scatter   {win['symbol']} x{win['count']}"
        out.append(f"{label:<36} {_shown(win['x_bet'])} x bet")
    if not report["wins"]:
        out.append("no wins")
    out.append(f"total {_shown(report['total_x_bet'])} x bet")
    if report["triggers"]:
        out.append("triggers: " + ", ".join(report["triggers"]))
    return "\n".join(out)
