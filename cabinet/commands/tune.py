"""``cabinet tune GAME --target 96.00% [--levers SYM,SYM] [--reel-set NAME] [--out FILE]``.

Brings a game's exact total RTP to a target by moving stops of one reel set, and writes a
tuned copy of the YAML with everything else as written (comments, layout, quoting: only
the changed stop tokens differ, ``core/yaml_edit.py``). The search is
``core/tuning.tune`` (greedy single-stop substitutions on counts). Which symbols it may
move: ``--levers``, or else four chosen by their strip levers (``core/sensitivity.py``,
printed first): the two that move the RTP most and the two whose one-stop change is
nearest the distance to the target. The changed counts are then put back into the
game's own strips, stop by stop (the stop replaced is the one farthest from the new
symbol's own stops, never inside a stack), and the copy is priced again with ``par``:
that exact figure is the one reported.

It refuses a game whose par is an estimate (tuning against noise chases noise).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import CabinetError
from .mode_args import add_mode_arguments, played

DEFAULT_SYMBOLS = 4  # symbols moved when --levers is not given (each step tries every pair on every reel)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (a file stem in games/) or a path to a .yaml")
    p.add_argument("--target", required=True, help="the total RTP to reach, e.g. 96.00%%")
    p.add_argument("--levers", default="",
                   help="symbols whose stops may move, comma-separated (default: the most sensitive ones)")
    p.add_argument("--keep", default="",
                   help="symbols whose stops must stay as they are, comma-separated (never moved, even as --levers)")
    p.add_argument("--min-stops", type=int, default=1, metavar="N",
                   help="no move leaves fewer than N stops of a moved symbol on a reel (default 1)")
    p.add_argument("--reel-set", default="base", help="the reel set to tune (default: base; with --mode: the name "
                   "the mode plays it under, e.g. base for an ante's base_ante)")
    add_mode_arguments(p)
    p.add_argument("--out", type=Path, default=None, help="where to write the tuned copy (default: ./GAME-tuned.yaml)")
    p.add_argument("--max-steps", type=int, default=60, help="search steps at most (default 60)")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _stacked(text: str, reel_set: str, reels: int) -> set[str]:
    """Symbols written as stacks (``SYM*N``) on the reel set: their stops cannot move alone."""
    from ..core.yaml_edit import compose, strip_tokens

    root = compose(text)
    return {t.symbol for r in range(reels) for t in strip_tokens(text, root, reel_set, r) if t.size > 1}


def changes_for(strips: tuple[tuple[str, ...], ...], counts: list[dict[str, int]], reel_set: str
                ) -> list[tuple[str, int, int, str]]:
    """The single-stop replacements that turn ``strips`` into strips with ``counts``."""
    from ..core.sensitivity import farthest_stop

    out: list[tuple[str, int, int, str]] = []
    for r, (strip, wanted) in enumerate(zip(strips, counts, strict=True)):
        have = Counter(strip)
        removed = sorted((have - Counter(wanted)).elements())
        added = sorted((Counter(wanted) - have).elements())
        current = list(strip)
        for old, new in zip(removed, added, strict=True):
            stop = farthest_stop(tuple(current), old, new)
            assert stop is not None
            current[stop] = new
            out.append((reel_set, r, stop, new))
    return out


def run(args: argparse.Namespace) -> int:
    from ..core.loader import (
        DefinitionError,
        load_definition,
        load_definition_text,
        resolve_game,
    )
    from ..core.loading.convert import parse_exact_fraction
    from ..core.par import par
    from ..core.sensitivity import sensitivity
    from ..core.tuning import counts_of, tune
    from ..core.value import Exact
    from ..core.yaml_edit import stop_edits

    started = time.perf_counter()
    path = Path(resolve_game(args.game))
    text = path.read_text(encoding="utf-8-sig")
    game = load_definition(path)
    defn = played(game, args)  # the --mode of the --rtp-variant: its RTP per unit of its cost is tuned
    if defn.bought:
        raise CabinetError(f"{defn.id}: mode {defn.played_mode!r} buys {defn.bought} and spins no base reels: tune "
                           "moves reel stops of the spins a mode plays (tune the feature's reel set in the base mode)")
    cost = defn.mode_cost
    written = _written_reel_set(game, defn, args.reel_set)  # the strips the file holds for what the mode plays
    try:
        target = parse_exact_fraction(args.target if "%" in args.target else args.target + "%")
    except ValueError:
        raise CabinetError(f"--target must be a percentage such as 96.00%, got {args.target!r}") from None
    if not Fraction(1, 100) <= target <= Fraction(2):
        raise CabinetError(f"--target must be from 1% to 200%, got {args.target}")
    reel_set = args.reel_set
    if reel_set not in defn.reels:
        raise CabinetError(f"{defn.id} has no reel set {reel_set!r} (it has {', '.join(defn.reels)})")
    reasons = _why_par_is_not_exact(defn)
    if reasons:  # said before par would spend minutes estimating
        raise CabinetError(f"{defn.id}: tune needs an exact par and will not tune against an estimate: "
                           + "; ".join(reasons))
    before = par(defn)
    if not isinstance(before.total, Exact):
        estimates = ", ".join(before.estimates()) or "the total"
        raise CabinetError(f"{defn.id}: par is an estimate ({estimates}): tune needs an exact par and will not "
                           "tune against an estimate")
    strips = defn.reels[reel_set]
    kept = [s.strip() for s in args.keep.split(",") if s.strip()]
    unknown = [s for s in kept if s not in defn.symbol_map]
    if unknown:
        raise CabinetError(f"--keep: {', '.join(unknown)} is not a symbol of {defn.id}")
    if args.min_stops < 1:
        raise CabinetError(f"--min-stops is 1 or more, got {args.min_stops}")
    special = {s.id for s in defn.symbols if s.kind in ("scatter", "bonus", "wild")} | set(kept)
    stacked = _stacked(text, written, len(strips))
    sens_seconds = 0.0
    ranked: list[tuple[str, float]] = []
    if args.levers:
        movable = [s.strip() for s in args.levers.split(",") if s.strip()]
        both = [s for s in movable if s in kept]
        if both:
            raise CabinetError(f"--levers and --keep both name {', '.join(both)}: a kept symbol's stops do not move")
        unknown = [s for s in movable if s not in defn.symbol_map]
        if unknown:
            raise CabinetError(f"--levers: {', '.join(unknown)} is not a symbol of {defn.id}")
        bad = [s for s in movable if s in stacked]
        if bad:
            raise CabinetError(f"--levers: {', '.join(bad)} stands in stacks on {reel_set}: its stops cannot move alone")
        if len(movable) < 2:
            raise CabinetError("--levers needs at least two symbols (a stop of one becomes the other)")
    else:
        t0 = time.perf_counter()
        found = sensitivity(defn, kinds=["strip"], only=[f"{reel_set} reel"])
        sens_seconds = time.perf_counter() - t0
        best: dict[str, float] = {}
        for e in found.effects:
            symbol = e.lever.label.split("+1 ", 1)[1].split(" ", 1)[0]
            if symbol not in special and symbol not in stacked:
                best[symbol] = max(best.get(symbol, 0.0), e.size)
        ranked = sorted(best.items(), key=lambda kv: -kv[1])
        gap = abs(float(target * cost - before.total.value))
        # The two strongest levers make the big steps, the two whose one-stop step is nearest the
        # gap the fine ones (a greedy search with big steps only overshoots and stops).
        strong = [s for s, _ in ranked[:DEFAULT_SYMBOLS // 2]]
        fine = sorted((kv for kv in ranked if kv[0] not in strong), key=lambda kv: abs(kv[1] - gap))
        movable = strong + [s for s, _ in fine[:DEFAULT_SYMBOLS - len(strong)]]
        if len(movable) < 2:
            raise CabinetError(f"{defn.id}: fewer than two symbols of {reel_set} can move: give --levers")
    spaced = {s.id for s in defn.symbols if s.kind in ("scatter", "bonus") or s.is_scatter}
    t0 = time.perf_counter()
    try:
        counts, summary = tune(defn, {reel_set: counts_of(defn, reel_set)}, target * cost, {reel_set: movable},
                               spaced=spaced, max_steps=args.max_steps, min_stops=args.min_stops)
    except ValueError as exc:
        raise CabinetError(f"{defn.id}: {exc}") from None
    search_seconds = time.perf_counter() - t0
    changes = changes_for(strips, counts[reel_set], written)
    if not changes:
        raise CabinetError(f"{defn.id}: no move of {', '.join(movable)} on {reel_set} gets closer to "
                           f"{float(target) * 100:.4f}%: name other symbols with --levers")
    out_path = args.out or Path(f"{path.stem}-tuned.yaml")
    if out_path.resolve() == path.resolve():
        raise CabinetError("--out is the game file itself: tune writes a copy")
    try:
        tuned_text = stop_edits(text, changes)
        tuned = played(load_definition_text(tuned_text, str(out_path)), args)
    except (ValueError, DefinitionError) as exc:
        raise CabinetError(f"the tuned copy could not be written: {exc}") from None
    after = par(tuned)
    assert after.total is not None
    if cost != 1:  # every figure below is per unit of the mode's cost
        before = dataclasses.replace(before, total=before.total.scaled(1 / cost))
        after = dataclasses.replace(after, total=after.total.scaled(1 / cost))
        assert after.total is not None and before.total is not None
    out_path.write_text(tuned_text, encoding="utf-8")
    result = {
        "game": defn.id, "reel_set": reel_set, "target": str(target), "levers": movable,
        "sensitivity": [{"symbol": s, "largest_delta_rtp": round(v, 10)} for s, v in ranked],
        "before": before.total.to_dict(), "after": after.total.to_dict(),
        "search_estimate": str(summary.total_rtp),
        "off_target": str(after.total.mean_value if not isinstance(after.total, Exact) else after.total.value - target),
        "changes": [{"reel": r + 1, "stop": stop, "from": strips[r][stop], "to": new} for _, r, stop, new in changes],
        "out": str(out_path), "changed_lines": sum(a != b for a, b in zip(text.splitlines(), tuned_text.splitlines(),
                                                                           strict=False)),
        "seconds": {"sensitivity": round(sens_seconds, 3), "search": round(search_seconds, 3),
                    "total": round(time.perf_counter() - started, 3)},
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    from .par import value_text

    print(f"tune {defn.name} ({defn.id}), {reel_set} reels, to {float(target) * 100:.4f}%")
    if ranked:
        print("  levers by sensitivity (largest RTP change of one stop): "
              + ", ".join(f"{s} {v * 100:.3f} pt" for s, v in ranked[:8]))
    print(f"  moving: {', '.join(movable)}")
    if kept:
        print(f"  kept: {', '.join(kept)} (their stops stay)")
    print(f"  before  {value_text(before.total)}")
    print(f"  after   {value_text(after.total)}   ({len(changes)} stop(s) changed)")
    for _, r, stop, new in changes:
        print(f"    reel {r + 1} stop {stop}: {strips[r][stop]} -> {new}")
    off = float(after.total.mean_value if not isinstance(after.total, Exact) else after.total.value - target) * 100
    print(f"  off target by {off:+.6f} pt; wrote {out_path} (comments and layout kept, "
          f"{result['changed_lines']} line(s) differ)")
    print(f"  time: sensitivity {sens_seconds:.2f} s, search {search_seconds:.2f} s, total "
          f"{time.perf_counter() - started:.2f} s")
    return 0


def _written_reel_set(game: Any, defn: Any, reel_set: str) -> str:
    """The reel set of the file whose strips ``defn``'s mode/variant plays under ``reel_set``."""
    from ..core.modes import mode_named, variant_named

    name = reel_set
    variant = variant_named(game, defn.played_variant or None)
    for overrides in ((variant.reel_sets if variant else {}), mode_named(game, defn.played_mode).reel_sets):
        name = overrides.get(reel_set, name) if reel_set in overrides else name
    return name


def _why_par_is_not_exact(defn: Any) -> list[str]:
    """The meetings of blocks no par prices together, and the blocks with no par of their own,
    in words (par's notes say the same): empty when every part can be exact."""
    from ..core.bet import default_bet
    from ..core.composition import unpriced, why_no_par
    from ..core.par import block_parts

    loose = unpriced(defn)
    if loose:
        return [f"not priced together: {m}" for m in loose] + why_no_par(defn, [])
    _, missing = block_parts(defn, default_bet(defn))
    return why_no_par(defn, missing) if missing else []
