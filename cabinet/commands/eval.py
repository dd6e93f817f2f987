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
from ..core.evaluate import EvaluationError, screen_from_stops
from ..core.events import LineWin, ScatterWin, Screen, ScreenChanged
from ..core.features import FeatureContext, Spin, SpinDraft, active, block
from ..core.money import exact_str, fraction_str
from ..core.pays import model_of
from ..core.pays.ways import WaysWin
from ..core.rng import Rng
from ..core.spin import RoundContext
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
    from ..core.bet import default_bet, lines_allowed

    lines = _whole(args.lines, "--lines") if args.lines else default_bet(defn).lines
    if not lines_allowed(defn, lines):
        raise CabinetError(f"--lines must be 1..{len(defn.lines)}, got {lines}" if defn.lines
                           else f"--lines: a {defn.pay_model.type} game's bet is its cost, {defn.pay_model.cost}")
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
    events, total = model_of(defn).evaluate(defn, screen, bet)
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
        elif isinstance(e, WaysWin):
            wins.append(
                {
                    "kind": "ways",
                    "symbol": e.symbol,
                    "count": e.count,
                    "ways": e.ways,
                    "multiplier": e.multiplier,
                    "direction": e.direction,
                    "x_bet": exact_str(x_bet),
                    "coins": exact_str(e.coins * e.ways * e.multiplier),
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
    report = {
        "game": defn.id,
        "lines": lines,
        "bet_coins": bet.coins,
        "grid": [[screen[reel][row] for reel in range(len(screen))] for row in range(len(screen[0]))],
        "total_x_bet": exact_str(Fraction(total, bet.total)),
        "wins": wins,
        "triggers": triggers,
    }
    stages = screen_stages(defn, screen, bet)
    if stages is not None:  # the screen as landed, before its mystery reveal or wild expansion
        report["screen_stages"] = stages
    return report


# --- the screen stages (mystery reveals, expanding wilds, drawn multipliers) ------------------------

MAX_OUTCOMES = 2000  # draws of the stages followed one by one; past this the stages are not applied
SHOWN_OUTCOMES = 12


class _Branches(Rng):
    """Answers the stages' draws along one path of choices and keeps each draw's odds, so every
    outcome of a screen's stages can be followed: ``below(n)`` by value, ``weighted`` by entry."""

    def __init__(self, path: list[int]) -> None:
        super().__init__(0)
        self.path = path
        self.choices: list[list[int]] = []  # the values each draw may take, in order
        self.odds = Fraction(1)

    def _take(self, allowed: list[int]) -> int:
        k = len(self.choices)
        if k == len(self.path):
            self.path.append(allowed[0])
        self.choices.append(allowed)
        return self.path[k]

    def below(self, n: int) -> int:
        value = self._take(list(range(n)))
        self.odds /= n
        return value

    def weighted(self, weights: Any) -> int:
        total = sum(weights)
        index = self._take([i for i, w in enumerate(weights) if w > 0])
        self.odds *= Fraction(weights[index], total)
        return index


def _next_path(path: list[int], choices: list[list[int]]) -> list[int] | None:
    """The next path in order (an odometer over the draws' choices), or None after the last."""
    for k in range(len(choices) - 1, -1, -1):
        allowed = choices[k]
        at = allowed.index(path[k])
        if at + 1 < len(allowed):
            return path[:k] + [allowed[at + 1]]
    return None


def screen_stages(defn: Definition, screen: Screen, bet: Bet) -> dict[str, Any] | None:
    """What the base game's screen and win stages make of ``screen``: every outcome of their
    draws with its probability, and the mean; None when no stage acts on it."""
    blocks = [(params, entry) for params, entry in active(defn, "base") if entry.screen_modifier or entry.win_modifier]
    if not blocks:
        return None
    reel_set = defn.base_game.reel_sets[0].set
    outcomes: dict[tuple[Any, ...], dict[str, Any]] = {}
    path: list[int] | None = []
    followed = 0
    while path is not None:
        followed += 1
        if followed > MAX_OUTCOMES:
            return {"applied": False, "blocks": [p.name for p, _ in blocks],
                    "reason": f"more than {MAX_OUTCOMES} outcomes of their draws"}
        rng = _Branches(path)
        rc = RoundContext(defn, bet, rng)
        draft = SpinDraft("base", reel_set, (), screen)
        for params, entry in blocks:
            if entry.screen_modifier:
                entry.screen_stage(rc.context(params, "base"), draft)
        state = rc.state
        wins, win = model_of(defn).evaluate(defn, draft.screen, bet, state.multiplier,
                                    scatter_multiplier=state.scatter_multiplier, both_ways=state.both_ways)
        draft.wins, draft.win = list(wins), win
        for params, entry in blocks:
            if entry.win_modifier:
                entry.win_stage(rc.context(params, "base"), draft)
        changes = tuple(_change(e) for e in rc.book.events if not isinstance(e, (LineWin, ScatterWin)))
        key = (draft.screen, draft.win, changes)
        if key in outcomes:
            outcomes[key]["odds"] += rng.odds
        else:
            outcomes[key] = {"screen": draft.screen, "win": draft.win, "changes": changes, "odds": rng.odds}
        path = _next_path(rng.path, rng.choices)
    if len(outcomes) == 1 and not next(iter(outcomes.values()))["changes"]:
        return None  # nothing on this screen for them to act on
    ordered = sorted(outcomes.values(), key=lambda o: (-o["odds"], -o["win"]))
    mean = sum((o["odds"] * o["win"] for o in ordered), Fraction(0))
    return {
        "applied": True,
        "blocks": [p.name for p, _ in blocks],
        "mean_x_bet": exact_str(mean / bet.total),
        "outcomes": [{"probability": exact_str(o["odds"]), "x_bet": exact_str(Fraction(o["win"], bet.total)),
                      "changes": list(o["changes"]),
                      "grid": [[o["screen"][reel][row] for reel in range(len(screen))] for row in range(len(screen[0]))]}
                     for o in ordered],
    }


def _change(event: Any) -> str:
    """One line for what a stage did (a ScreenChanged, a WinMultiplied, ...)."""
    if isinstance(event, ScreenChanged):
        return f"{event.feature}: {event.reason} -> {event.symbol} at {len(event.positions)} positions"
    fields = {k: v for k, v in vars(event).items() if isinstance(v, (str, int)) and not isinstance(v, bool)}
    return f"{type(event).__name__} " + " ".join(f"{k}={v}" for k, v in fields.items())


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
    if defn.lines:
        out = [f"{defn.name}: {report['lines']} lines at 1 coin per line (bet {bet})"]
    else:
        out = [f"{defn.name}: {defn.pay_model.type} at 1 coin per level (bet {bet})"]
    out += ["  " + " ".join(sym.ljust(width) for sym in row).rstrip() for row in report["grid"]]
    for win in report["wins"]:
        if win["kind"] == "line":
            label = f"line {win['line']:>3}  {win['symbol']} x{win['count']} {win['direction']}"
        elif win["kind"] == "ways":
            label = f"ways {win['ways']:>4}  {win['symbol']} x{win['count']} {win['direction']} x{win['multiplier']}"
        else:
            label = f"scatter   {win['symbol']} x{win['count']}"
        out.append(f"{label:<36} {_shown(win['x_bet'])} x bet")
    if not report["wins"]:
        out.append("no wins")
    stages = report.get("screen_stages")
    out.append(f"total {_shown(report['total_x_bet'])} x bet" + (" as landed" if stages else ""))
    if report["triggers"]:
        out.append("triggers: " + ", ".join(report["triggers"]))
    if stages and not stages["applied"]:
        out.append(f"NOT APPLIED: {', '.join(stages['blocks'])} ({stages['reason']}): the total above is the "
                   "screen as landed")
    elif stages:
        outcomes = stages["outcomes"]
        out.append(f"after {', '.join(stages['blocks'])}: {len(outcomes)} outcome{'' if len(outcomes) == 1 else 's'}")
        for o in outcomes[:SHOWN_OUTCOMES]:
            what = "; ".join(o["changes"]) or "no change"
            out.append(f"  {_shown(o['x_bet'])} x bet  probability {o['probability']}  ({what})")
        if len(outcomes) > SHOWN_OUTCOMES:
            out.append(f"  ... {len(outcomes) - SHOWN_OUTCOMES} more (--json lists them all)")
        out.append(f"mean {_shown(stages['mean_x_bet'])} x bet after the screen stages")
    return "\n".join(out)
