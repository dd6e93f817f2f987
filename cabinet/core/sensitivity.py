"""RTP sensitivity: which levers of a game move its RTP most.

A *lever* is one small change to a copy of the definition (``dataclasses.replace``,
the file is never touched):

- a strip: one more of a symbol on one reel, by replacing one stop of the reel's most
  common other symbol (the strip keeps its length; the stop replaced is the one
  farthest from the symbol's own stops, so a spaced scatter stays spaced); a reel
  set's weight +1 where the base game (or a feature) draws one of several;
- a pay value: +1 (line pays in coins per line-coin, scatter pays in total bets);
- a feature parameter: +1 on a whole number (spins awarded, a multiplier, a weight of
  a weighted table, a respin count), +1 or +1/100 on a fraction (1/100 where the value
  is a chance of at most 1).

Its figure is the finite difference of par: ``par(changed).total - par(game).total``.
Where both pars are exact the difference is an exact Fraction; otherwise it is an
estimate whose interval adds both errors in quadrature (the same seed runs both, so
the true interval is narrower: this one is safe, not tight). A lever whose copy par
cannot price (a change the block refuses) is skipped and listed.
"""

from __future__ import annotations

import dataclasses
import time
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any, Literal

from .bet import Bet, default_bet
from .definition import BaseGame, Definition, WeightedName, WeightedValue
from .par import DEFAULT_SAMPLES, DEFAULT_SEED, par
from .value import Estimate, Exact, Value

LeverKind = Literal["strip", "pay", "feature"]
KINDS: tuple[LeverKind, ...] = ("strip", "pay", "feature")
SKIPPED_FIELDS = ("seconds", "samples", "reel", "max_", "points", "format")  # settings, not levers of the RTP


@dataclass(frozen=True)
class Lever:
    kind: LeverKind
    label: str  # "base reel 3: +1 SEVEN (one LEMON -> SEVEN)"
    path: tuple[Any, ...]  # where the value sits in the file: ("reels", "base", 2, 17)
    step: Fraction  # the size of the change, in ``unit``
    unit: str  # "stop", "coin", "x bet", "spin", ...
    change: Callable[[Definition], Definition] = field(compare=False, repr=False)


@dataclass(frozen=True)
class LeverEffect:
    lever: Lever
    delta: Value  # RTP change for the lever's step (a multiple of the total bet)
    seconds: float

    @property
    def exact(self) -> bool:
        return self.delta.exact

    @property
    def size(self) -> float:
        return abs(self.delta.mean)

    def per_unit(self) -> Value:
        return self.delta.scaled(1 / self.lever.step)

    def to_dict(self, places: int = 10) -> dict[str, Any]:
        return {"kind": self.lever.kind, "lever": self.lever.label, "path": list(self.lever.path),
                "step": str(self.lever.step), "unit": self.lever.unit, "delta_rtp": self.delta.to_dict(places),
                "per_unit": self.per_unit().to_dict(places), "seconds": round(self.seconds, 4)}


@dataclass(frozen=True)
class SensitivityReport:
    game: str
    base_total: Value
    effects: tuple[LeverEffect, ...]  # largest first
    skipped: tuple[str, ...]
    seconds: float
    par_seconds: float  # the unchanged game's par

    def top(self, k: int) -> tuple[LeverEffect, ...]:
        return self.effects[:k] if k > 0 else self.effects

    def to_dict(self, top: int = 0, places: int = 10) -> dict[str, Any]:
        return {"game": self.game, "total": self.base_total.to_dict(places), "levers": len(self.effects),
                "effects": [e.to_dict(places) for e in self.top(top)], "skipped": list(self.skipped),
                "seconds": round(self.seconds, 3), "par_seconds": round(self.par_seconds, 4)}


# --- the levers --------------------------------------------------------------------------------------


def _with_stop(defn: Definition, *, reel_set: str, reel: int, stop: int, symbol: str) -> Definition:
    strips = list(defn.reels[reel_set])
    strip = list(strips[reel])
    strip[stop] = symbol
    strips[reel] = tuple(strip)
    changed = dataclasses.replace(defn, reels={**defn.reels, reel_set: tuple(strips)})
    reuse_line_tables(defn, changed)
    return changed


def reuse_line_tables(old: Definition, new: Definition) -> None:
    """Give ``new`` (``old`` with other stop counts, same symbols and pays) ``old``'s line-pay
    tables: a table depends on the rules and on which symbols each reel can show, never on
    how many of each (``linemath``'s per-definition memo), and building one is most of a
    par's time. A reel set whose symbols changed builds its own."""
    store = old.__dict__.get("_par_cache", {})
    kept = {}
    for key, value in store.items():
        if key[0] == "rules" or (key[0] == "table" and len(key) == 4):
            kept[key] = value
        elif key[0] == "table" and key[1] in new.reels and all(
                set(a) == set(b) for a, b in zip(old.reels[key[1]], new.reels[key[1]], strict=True)):
            kept[key] = value
    new.__dict__.setdefault("_par_cache", {}).update(kept)


def farthest_stop(strip: tuple[str, ...], old: str, new: str) -> int | None:
    """A stop of ``old`` farthest (cyclically) from every stop of ``new`` (ties: the first);
    None when ``old`` is not on the strip. A stop inside a stack (same symbol either side) is
    avoided while a lone one exists."""
    n = len(strip)
    mine = [i for i, s in enumerate(strip) if s == new]
    candidates = [i for i, s in enumerate(strip) if s == old]
    if not candidates:
        return None
    lone = [i for i in candidates if strip[i - 1] != old and strip[(i + 1) % n] != old]
    pool = lone or candidates

    def distance(i: int) -> int:
        return min((min((i - j) % n, (j - i) % n) for j in mine), default=n)

    return max(pool, key=lambda i: (distance(i), -i))


def filler(strip: tuple[str, ...], symbol: str, keep: Collection[str] = ()) -> str | None:
    """The reel's most common symbol other than ``symbol`` and ``keep`` (ties: the later id
    in strip order, usually a low pay): the stop a +1 of ``symbol`` replaces."""
    counts = Counter(s for s in strip if s != symbol and s not in keep)
    if not counts:
        return None
    top = max(counts.values())
    return [s for s in dict.fromkeys(strip) if counts.get(s) == top][-1]


def strip_levers(defn: Definition, reel_sets: Iterable[str] | None = None) -> list[Lever]:
    special = {s.id for s in defn.symbols if s.kind in ("scatter", "bonus") or s.is_scatter}
    out: list[Lever] = []
    for name in reel_sets or defn.reels:
        for r, strip in enumerate(defn.reels[name]):
            for symbol in dict.fromkeys(strip):
                old = filler(strip, symbol, keep=special)
                stop = None if old is None else farthest_stop(strip, old, symbol)
                if old is None or stop is None:
                    continue
                out.append(Lever("strip", f"{name} reel {r + 1}: +1 {symbol} (one {old} -> {symbol})",
                                 ("reels", name, r, stop), Fraction(1), "stop",
                                 partial(_with_stop, reel_set=name, reel=r, stop=stop, symbol=symbol)))
    return out


def _with_pay(defn: Definition, *, symbol: str, count: int, value: Fraction) -> Definition:
    return dataclasses.replace(defn, pays={**defn.pays, symbol: {**defn.pays[symbol], count: value}})


def pay_levers(defn: Definition) -> list[Lever]:
    out: list[Lever] = []
    for symbol, table in defn.pays.items():
        kind = defn.symbol_map.get(symbol)
        unit = "x bet" if kind is not None and (kind.kind in ("scatter", "bonus") or kind.is_scatter) else "coin"
        for count, value in table.items():
            out.append(Lever("pay", f"pay {symbol} x{count}: {value} -> {value + 1} {unit}",
                             ("pays", symbol, count), Fraction(1), unit,
                             partial(_with_pay, symbol=symbol, count=count, value=value + 1)))
    return out


def _step_for(value: Any) -> Fraction | None:
    if isinstance(value, bool) or not isinstance(value, int | Fraction) or value == 0:
        return None  # 0 usually means "off": +1 would switch a rule on, not tune it
    if isinstance(value, Fraction) and value <= 1:
        return Fraction(1, 100)
    return Fraction(1)


def _with_field(defn: Definition, *, index: int, name: str, value: Any) -> Definition:
    """``defn`` with field ``name`` of feature ``index`` set to ``value``."""
    features = list(defn.features)
    features[index] = dataclasses.replace(features[index], **{name: value})  # type: ignore[type-var]
    return dataclasses.replace(defn, features=tuple(features))


def _with_entry(defn: Definition, *, index: int, name: str, key: Any, value: Any) -> Definition:
    """``defn`` with entry ``key`` of the table field ``name`` of feature ``index`` set to ``value``."""
    table = {**getattr(defn.features[index], name), key: value}
    return _with_field(defn, index=index, name=name, value=table)


def feature_levers(defn: Definition) -> list[Lever]:
    out: list[Lever] = []
    for index, f in enumerate(defn.features):
        for fld in dataclasses.fields(f):  # type: ignore[arg-type]
            if any(part in fld.name for part in SKIPPED_FIELDS):
                continue
            value = getattr(f, fld.name)
            where = ("features", index, fld.name)
            label = f"{f.name}.{fld.name}"
            step = _step_for(value)
            if step is not None:
                new = int(value + step) if isinstance(value, int) else value + step
                out.append(Lever("feature", f"{label}: {value} -> {new}", where, step, fld.name,
                                 partial(_with_field, index=index, name=fld.name, value=new)))
            elif isinstance(value, dict):
                for key, entry in value.items():
                    step = _step_for(entry)
                    if step is None:
                        continue
                    new = int(entry + step) if isinstance(entry, int) else entry + step
                    out.append(Lever("feature", f"{label}[{key}]: {entry} -> {new}", (*where, key), step, fld.name,
                                     partial(_with_entry, index=index, name=fld.name, key=key, value=new)))
            elif isinstance(value, tuple) and len(value) > 1 and all(isinstance(v, WeightedName) for v in value):
                for j, entry in enumerate(value):
                    changed = value[:j] + (dataclasses.replace(entry, weight=entry.weight + 1),) + value[j + 1:]
                    out.append(Lever("feature", f"{label}[{j}] (reel set {entry.set}): weight {entry.weight} -> "
                                     f"{entry.weight + 1}", (*where, j, "weight"), Fraction(1), "weight",
                                     partial(_with_field, index=index, name=fld.name, value=changed)))
            elif isinstance(value, tuple) and value and all(isinstance(v, WeightedValue) for v in value):
                for j, entry in enumerate(value):
                    changed = value[:j] + (dataclasses.replace(entry, weight=entry.weight + 1),) + value[j + 1:]
                    out.append(Lever("feature", f"{label}[{j}] (value {entry.value}): weight {entry.weight} -> "
                                     f"{entry.weight + 1}", (*where, j, "weight"), Fraction(1), "weight",
                                     partial(_with_field, index=index, name=fld.name, value=changed)))
    return out


def _with_reel_sets(defn: Definition, *, choices: tuple[WeightedName, ...]) -> Definition:
    return dataclasses.replace(defn, base_game=BaseGame(choices))


def reel_set_levers(defn: Definition) -> list[Lever]:
    """The weights of the base game's reel sets, when it draws one of several."""
    sets = defn.base_game.reel_sets
    if len(sets) < 2:
        return []
    out = []
    for j, entry in enumerate(sets):
        changed = sets[:j] + (dataclasses.replace(entry, weight=entry.weight + 1),) + sets[j + 1:]
        out.append(Lever("strip", f"base_game.reel_sets[{j}] ({entry.set}): weight {entry.weight} -> "
                         f"{entry.weight + 1}", ("base_game", "reel_sets", j, "weight"), Fraction(1), "weight",
                         partial(_with_reel_sets, choices=changed)))
    return out


def levers(defn: Definition, kinds: Collection[str] = KINDS) -> list[Lever]:
    out: list[Lever] = []
    if "strip" in kinds:
        out += strip_levers(defn) + reel_set_levers(defn)
    if "pay" in kinds:
        out += pay_levers(defn)
    if "feature" in kinds:
        out += feature_levers(defn)
    return out


# --- the figures -------------------------------------------------------------------------------------


def difference(after: Value, before: Value) -> Value:
    """``after - before``: exact when both are, else an estimate with both errors combined."""
    if isinstance(after, Exact) and isinstance(before, Exact):
        return Exact(after.value - before.value)
    negated = before.scaled(Fraction(-1))
    return after + negated


def sensitivity(
    defn: Definition,
    bet: Bet | None = None,
    *,
    kinds: Collection[str] = KINDS,
    only: Collection[str] = (),
    samples: int = DEFAULT_SAMPLES,
    seed: int = DEFAULT_SEED,
) -> SensitivityReport:
    """Every lever's RTP change, largest first. ``only``: keep levers whose label holds one
    of these words (a symbol, a feature name) - par runs once per lever, so fewer is faster."""
    bet = bet or default_bet(defn)
    started = time.perf_counter()
    base = par(defn, bet, samples=samples, seed=seed, with_hit_rate=False)
    par_seconds = time.perf_counter() - started
    if base.total is None:
        raise ValueError(f"{defn.id}: par has no total ({'; '.join(base.notes)}): no sensitivity")
    chosen = [lv for lv in levers(defn, kinds) if not only or any(word in lv.label for word in only)]
    effects: list[LeverEffect] = []
    skipped: list[str] = []
    for lever in chosen:
        t0 = time.perf_counter()
        try:
            changed = par(lever.change(defn), bet, samples=samples, seed=seed, with_hit_rate=False)
        except Exception as exc:  # noqa: BLE001 - a change a block refuses is no lever: listed, not fatal
            skipped.append(f"{lever.label}: {exc}")
            continue
        if changed.total is None:
            skipped.append(f"{lever.label}: par has no total")
            continue
        effects.append(LeverEffect(lever, difference(changed.total, base.total), time.perf_counter() - t0))
    effects.sort(key=lambda e: (-e.size, e.lever.label))
    return SensitivityReport(defn.id, base.total, tuple(effects), tuple(skipped), time.perf_counter() - started,
                             par_seconds)


def delta_text(v: Value) -> str:
    """An RTP change in percentage points, signed: "+0.123456 pt (exact)"."""
    if isinstance(v, Exact):
        return f"{float(v.value) * 100:+.6f} pt (exact)"
    assert isinstance(v, Estimate)
    lo, hi = v.ci95
    return f"{v.mean * 100:+.6f} pt (estimate: 95% {lo * 100:+.6f}..{hi * 100:+.6f})"
