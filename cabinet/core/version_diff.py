"""What changed between two versions of a game: its math side by side, and its YAML keys.

The math of each version is its ``par`` (every figure exact or an estimate, tagged) and,
for what par does not give (volatility, the largest win), a fixed-seed simulation of the
same rounds for both versions (estimates, so tagged so). A change is exact where both
figures are.

The YAML keys: both files are read as plain YAML and compared leaf by leaf; a path is
printed as ``pays.SEVEN.5``, a strip's as ``reels.base reel 1`` (reels count from 1). A strip is compared by what matters for the math, its
symbol counts ("SEVEN +1, ORANGE -1, 48 stops"), and by its order when only that moved.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import yaml

from .bet import default_bet
from .definition import Definition
from .par import ParReport, par
from .value import Exact, Value

DEFAULT_ROUNDS = 100_000
DEFAULT_SEED = 20240601


@dataclass(frozen=True)
class Row:
    section: str  # "RTP", "symbol", "feature", ...
    label: str
    a: str
    b: str
    change: str
    exact: bool  # both sides exact (so the change is)
    moved: bool  # the two sides differ


@dataclass(frozen=True)
class KeyChange:
    path: str
    a: str  # "" where the key is new
    b: str  # "" where the key is gone


@dataclass(frozen=True)
class VersionDiff:
    a_name: str
    b_name: str
    rows: tuple[Row, ...]
    keys: tuple[KeyChange, ...]
    rounds: int
    seed: int
    seconds: float

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a_name, "b": self.b_name, "rounds": self.rounds, "seed": self.seed,
                "math": [r.__dict__ for r in self.rows], "keys": [k.__dict__ for k in self.keys],
                "seconds": round(self.seconds, 3)}


# --- the math ----------------------------------------------------------------------------------------


def _pct(v: Fraction | float) -> str:
    return f"{float(v) * 100:.4f}%"


def _value(v: Value | None) -> tuple[str, float | None, bool]:
    if v is None:
        return "unknown", None, False
    if isinstance(v, Exact):
        return f"{_pct(v.value)} exact", float(v.value), True
    lo, hi = v.ci95
    return f"{v.mean * 100:.4f}% +-{(hi - lo) * 50:.4f} est.", v.mean, False


def _one_in(v: Value | None) -> tuple[str, float | None, bool]:
    if v is None:
        return "-", None, False
    mean = v.value if isinstance(v, Exact) else v.mean_value
    words = "never" if not mean else f"1 in {float(1 / mean):,.1f}"
    return f"{words} {'exact' if v.exact else 'est.'}", float(mean), v.exact


def _row(section: str, label: str, a: tuple[str, float | None, bool], b: tuple[str, float | None, bool], *,
         points: bool = True) -> Row:
    exact = a[2] and b[2]
    if a[1] is None or b[1] is None:
        change = "new" if a[1] is None and b[1] is not None else "gone" if b[1] is None and a[1] is not None else ""
    elif points:
        change = f"{(b[1] - a[1]) * 100:+.4f} pt"
    else:
        change = f"{b[1] - a[1]:+,.2f}"
    moved = a[0] != b[0]
    if change and not exact:
        change += " est."
    return Row(section, label, a[0], b[0], change if moved else "=", exact, moved)


@dataclass(frozen=True)
class _Side:
    report: ParReport
    sigma: float
    max_win_x: Fraction
    rounds: int


def _side(defn: Definition, rounds: int, seed: int) -> _Side:
    from .mode_par import par_of_resolved
    from .simulate import simulate

    # a bet mode / RTP variant (``core/modes.resolve``) or a capped game: its par per unit of its cost
    report = par_of_resolved(defn) if defn.resolved or defn.max_win_x else par(defn)
    sim = simulate(defn, rounds, seed, bet=default_bet(defn))
    return _Side(report, float(sim.sigma), sim.max_win_x, rounds)


def math_rows(a: _Side, b: _Side) -> list[Row]:
    ra, rb = a.report, b.report
    rows = [
        _row("RTP", "total RTP", _value(ra.total), _value(rb.total)),
        _row("RTP", "base game", _value(Exact(ra.base_rtp)), _value(Exact(rb.base_rtp))),
        _row("RTP", "  line pays", _value(Exact(ra.line_rtp)), _value(Exact(rb.line_rtp))),
        _row("RTP", "  scatter pays", _value(Exact(ra.scatter_rtp)), _value(Exact(rb.scatter_rtp))),
        _row("RTP", "hit rate", _value(None if ra.hit_rate is None else Exact(ra.hit_rate)),
             _value(None if rb.hit_rate is None else Exact(rb.hit_rate))),
    ]
    for sid in dict.fromkeys([*ra.symbols, *rb.symbols]):
        va, vb = ra.symbols.get(sid), rb.symbols.get(sid)
        rows.append(_row("symbol", sid, _value(None if va is None else Exact(va)),
                         _value(None if vb is None else Exact(vb))))
    parts_a = {p.name: p for p in ra.parts}
    parts_b = {p.name: p for p in rb.parts}
    for name in dict.fromkeys([*parts_a, *parts_b]):
        pa, pb = parts_a.get(name), parts_b.get(name)
        rows.append(_row("feature", f"{name} RTP", _value(pa.rtp if pa else None), _value(pb.rtp if pb else None)))
        rate_a = pa.figures.get("trigger_rate") if pa else None
        rate_b = pb.figures.get("trigger_rate") if pb else None
        if rate_a is not None or rate_b is not None:
            rows.append(_row("feature", f"{name} odds", _one_in(rate_a), _one_in(rate_b), points=False))
    vol = "volatility index (sigma x 1.96 per round)"
    rows.append(_row("shape", vol, (f"{a.sigma * 1.96:.3f} est.", a.sigma * 1.96, False),
                     (f"{b.sigma * 1.96:.3f} est.", b.sigma * 1.96, False), points=False))
    rows.append(_row("shape", f"max win seen in {a.rounds:,} rounds",
                     (f"{float(a.max_win_x):,.2f}x est.", float(a.max_win_x), False),
                     (f"{float(b.max_win_x):,.2f}x est.", float(b.max_win_x), False), points=False))
    return rows


# --- the keys ----------------------------------------------------------------------------------------


def _strip_counts(text: str) -> Counter[str] | None:
    out: Counter[str] = Counter()
    for token in text.split():
        name, _, n = token.partition("*")
        if not name or (n and not n.isdigit()):
            return None
        out[name] += int(n or 1)
    return out


def _short(value: Any) -> str:
    if isinstance(value, dict | list):
        text = yaml.safe_dump(value, default_flow_style=True, width=10**6).strip()
    else:
        text = str(value)
    text = " ".join(str(text).split())
    return text if len(text) <= 60 else text[:57] + "..."


def _strip_change(a: Any, b: Any) -> tuple[str, str] | None:
    """Two strips (text or lists) by their counts: what each lost and gained."""
    ca = _strip_counts(a if isinstance(a, str) else " ".join(map(str, a)))
    cb = _strip_counts(b if isinstance(b, str) else " ".join(map(str, b)))
    if ca is None or cb is None:
        return None
    lost, gained = ca - cb, cb - ca
    moves = ", ".join([f"{s} +{n}" for s, n in sorted(gained.items())] + [f"{s} -{n}" for s, n in sorted(lost.items())])
    left = f"{sum(ca.values())} stops"
    right = f"{sum(cb.values())} stops: " + (moves or "same counts, new order")
    return left, right


def _strip_path(path: tuple[str, ...]) -> str:
    """A strip's path with its reel counted from 1, as check, tune and the rules count reels:
    ``reels.base reel 1``."""
    if len(path) == 3 and path[2].isdigit():
        return f"reels.{path[1]} reel {int(path[2]) + 1}"
    return ".".join(path)


def key_changes(a: Any, b: Any, path: tuple[str, ...] = ()) -> list[KeyChange]:
    """Every leaf that differs between two YAML documents, by path."""
    where = ".".join(path)
    if isinstance(a, dict) and isinstance(b, dict):
        out: list[KeyChange] = []
        for key in dict.fromkeys([*a, *b]):
            if key not in a:
                out.append(KeyChange(f"{where}.{key}".lstrip("."), "", _short(b[key])))
            elif key not in b:
                out.append(KeyChange(f"{where}.{key}".lstrip("."), _short(a[key]), ""))
            else:
                out += key_changes(a[key], b[key], (*path, str(key)))
        return out
    if len(path) >= 3 and path[0] == "reels" and a != b:
        strip = _strip_change(a, b)
        if strip is not None:
            return [KeyChange(_strip_path(path), *strip)]
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and a != b:
        out = []
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            out += key_changes(x, y, (*path, str(i)))
        return out
    return [] if a == b else [KeyChange(where, _short(a), _short(b))]


# --- the whole diff ----------------------------------------------------------------------------------


def version_diff(a: Definition, a_text: str, b: Definition, b_text: str, *, a_name: str, b_name: str,
                 rounds: int = DEFAULT_ROUNDS, seed: int = DEFAULT_SEED) -> VersionDiff:
    started = time.perf_counter()
    rows = math_rows(_side(a, rounds, seed), _side(b, rounds, seed))
    keys = key_changes(yaml.safe_load(a_text), yaml.safe_load(b_text))
    return VersionDiff(a_name, b_name, tuple(rows), tuple(keys), rounds, seed, time.perf_counter() - started)


def render(diff: VersionDiff, *, changed_only: bool = False) -> str:
    """Side by side: figure, A, B, change; then the keys that changed."""
    rows = [r for r in diff.rows if r.moved or not changed_only]
    label_w = max((len(r.label) for r in rows), default=10)
    a_w = max([len(diff.a_name), *(len(r.a) for r in rows)])
    b_w = max([len(diff.b_name), *(len(r.b) for r in rows)])
    out = [f"{'':<{label_w}}  {diff.a_name:<{a_w}}  {diff.b_name:<{b_w}}  change"]
    section = ""
    for r in rows:
        if r.section != section:
            section = r.section
            out.append(f"[{section}]")
        out.append(f"{r.label:<{label_w}}  {r.a:<{a_w}}  {r.b:<{b_w}}  {r.change}")
    out.append(f"(volatility and max win: {diff.rounds:,} simulated rounds of each, seed {diff.seed}; "
               f"{diff.seconds:.2f} s)")
    out.append(f"YAML keys changed: {len(diff.keys)}")
    path_w = min(40, max((len(k.path) for k in diff.keys), default=4))
    for k in diff.keys:
        a = k.a or "(new)"
        b = k.b or "(removed)"
        out.append(f"  {k.path:<{path_w}}  {a}  ->  {b}")
    return "\n".join(out)
