"""Reel-strip tuning: the studio's helper for landing a game on its published RTP.

A slot mathematician designs a game in two layers:

1. **Symbol counts per reel** decide the RTP. Each reel stops uniformly, so the
   symbol a payline sees on a reel is uniform over the strip whatever the row: the
   line RTP depends on how many of each symbol a strip holds, never on their order.
   Scatter odds depend on the windows; when the scatter symbols of a reel are spaced
   at least ``rows`` stops apart, each one shows in exactly ``rows`` windows and the
   scatter odds are counts-only as well.
2. **The order of the strip** decides the feel (hit rate, near misses, clumping) and
   must keep that spacing, so the RTP found in layer 1 does not move.

This module works in those two layers:

- ``summarize(defn)``: the exact RTP split (base lines, scatters, free spins, total)
  and the feature frequency, without the (slower) hit rate;
- ``canonical_strip(counts, spaced, rows)``: a strip with the given counts whose
  spaced symbols are evenly spread (the RTP of any valid arrangement);
- ``tune(...)``: a greedy search over single-stop substitutions that brings the total
  RTP to a target, touching only the symbols it is allowed to;
- ``arrange(...)``: a deterministic arrangement of a reel's counts for the final
  strip: spaced symbols never share a window, stacks stay whole, the same symbol is
  not placed side by side and high symbols keep away from each other;
- ``strip_issues(...)``: the same rules as checks, for tests and reports.

Run ``python -m cabinet.core.tuning GAME`` for a summary of a game's strips.
Pure (no pygame, no global random): deterministic for a given seed.
"""

from __future__ import annotations

import dataclasses
import sys
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .bet import default_bet
from .definition import Definition
from .features.free_spins import FreeSpins
from .linemath import expected_line_coins, scatter_expectation
from .par import block_parts, free_spins_par
from .rng import Rng
from .value import Exact

Counts = dict[str, int]
ReelSetCounts = list[Counts]  # one Counts per reel, reel 1 first

# --- exact summary --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ParSummary:
    """The exact RTP split of a definition (multiples of the total bet)."""

    line_rtp: Fraction
    scatter_rtp: Fraction
    free_spins_rtp: Fraction
    trigger_rate: Fraction  # P(a base spin starts free spins)
    expected_spins: Fraction  # E[free spins played | triggered]

    @property
    def base_rtp(self) -> Fraction:
        return self.line_rtp + self.scatter_rtp

    @property
    def total_rtp(self) -> Fraction:
        return self.base_rtp + self.free_spins_rtp

    def describe(self) -> str:
        one_in = f"1 in {float(1 / self.trigger_rate):.1f}" if self.trigger_rate else "never"
        return (
            f"total {float(self.total_rtp):.6%}  base {float(self.base_rtp):.4%} "
            f"(lines {float(self.line_rtp):.4%}, scatter {float(self.scatter_rtp):.4%})  "
            f"free spins {float(self.free_spins_rtp):.4%}  feature {one_in}, "
            f"{float(self.expected_spins):.2f} spins"
        )


def summarize(defn: Definition) -> ParSummary:
    """Exact RTP split of ``defn``: the base game's lines and scatters, and every feature
    block's exact part (from the registry, through ``par``) as the feature RTP. An
    estimated or unknown part is refused: tuning against an estimate would chase noise."""
    weights = defn.base_game.reel_sets
    total_weight = sum(c.weight for c in weights)
    line = scatter = Fraction(0)
    for choice in weights:
        p = Fraction(choice.weight, total_weight)
        line += p * expected_line_coins(defn, choice.set)  # the pay model's (a line's pay, or per coin of its cost)
        scatter += p * sum(scatter_expectation(defn, choice.set).values(), Fraction(0))
    parts, missing = block_parts(defn, default_bet(defn), samples=2)
    if missing:
        raise ValueError(f"{', '.join(missing)} has no par: tune needs exact figures")
    feature_rtp = Fraction(0)
    for part in parts:
        if not isinstance(part.rtp, Exact):
            raise ValueError(f"'{part.name}' is valued by an estimate ({'; '.join(part.notes)}): tune needs exact figures")
        if any("never ends" in note for note in part.notes):
            raise ValueError(f"free spins '{part.name}' never end: retriggers add a spin per spin or more")
        feature_rtp += part.rtp.value
    rate = Fraction(0)
    spins = Fraction(0)
    for f in defn.features:
        if isinstance(f, FreeSpins):
            one = free_spins_par(defn, f)
            rate += one.trigger_rate
            spins = one.expected_spins or Fraction(0)
    return ParSummary(line, scatter, feature_rtp, rate, spins)


# --- strips from counts ---------------------------------------------------------------------------


def canonical_strip(counts: Mapping[str, int], spaced: Collection[str] = (), rows: int = 3) -> tuple[str, ...]:
    """A strip holding ``counts``, the ``spaced`` symbols spread evenly (at least ``rows`` apart).

    Good enough for exact RTP (which depends only on counts once the spacing holds);
    not meant to be shipped: ``arrange`` makes the real strip.
    """
    length = sum(counts.values())
    special = [s for s in counts for _ in range(counts[s]) if s in spaced]
    others = [s for s in counts for _ in range(counts[s]) if s not in spaced]
    if special and length // len(special) < rows:
        raise ValueError(f"{len(special)} spaced symbols cannot be {rows} apart on {length} stops")
    slots: list[str | None] = [None] * length
    for i, sid in enumerate(special):
        slots[(i * length) // len(special)] = sid
    fill = iter(others)
    return tuple(s if s is not None else next(fill) for s in slots)


def with_counts(
    defn: Definition, reel_sets: Mapping[str, ReelSetCounts], spaced: Collection[str] = ()
) -> Definition:
    """``defn`` with the named reel sets rebuilt from counts (canonical strips)."""
    from .sensitivity import reuse_line_tables

    reels = dict(defn.reels)
    for name, per_reel in reel_sets.items():
        reels[name] = tuple(canonical_strip(c, spaced, defn.grid.rows) for c in per_reel)
    out = dataclasses.replace(defn, reels=reels)
    reuse_line_tables(defn, out)  # counts changed, symbols and pays did not: the tables still hold
    return out


def counts_of(defn: Definition, reel_set: str) -> ReelSetCounts:
    return [dict(Counter(strip)) for strip in defn.reels[reel_set]]


# --- the search -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """Replace ``old_n`` of ``old`` by ``new_n`` of ``new`` on a reel of a reel set
    (one stop each, or one whole stack of a stacked symbol)."""

    reel_set: str
    reel: int  # 0-based
    old: str
    new: str
    old_n: int = 1
    new_n: int = 1

    def apply(self, sets: Mapping[str, ReelSetCounts]) -> dict[str, ReelSetCounts]:
        out = {name: [dict(c) for c in per_reel] for name, per_reel in sets.items()}
        reel = out[self.reel_set][self.reel]
        reel[self.old] -= self.old_n
        if not reel[self.old]:
            del reel[self.old]
        reel[self.new] = reel.get(self.new, 0) + self.new_n
        return out

    def __str__(self) -> str:
        return f"{self.reel_set} reel {self.reel + 1}: {self.old_n} {self.old} -> {self.new_n} {self.new}"


def candidate_moves(
    sets: Mapping[str, ReelSetCounts],
    movable: Mapping[str, Collection[str]],
    stacks: Mapping[str, Mapping[str, int]] | None = None,
    min_stops: int = 1,
    *,
    placeable: Mapping[str, Collection[int]] | None = None,
) -> Iterable[Move]:
    """Every substitution between two movable symbols of a reel that leaves at least
    ``min_stops`` of the old one on the reel; a stacked symbol (``stacks[set][symbol]`` = size)
    moves a stack at a time. The new symbol is one the reel holds already or, with
    ``placeable`` (symbol -> the 0-based reels it may sit on; absent: any), one that may sit
    there: an ante's strip that replaced every CHERRY of reel 1 by STAR can get CHERRY back."""
    for name, per_reel in sets.items():
        symbols = movable.get(name, ())
        sizes = (stacks or {}).get(name, {})
        for r, counts in enumerate(per_reel):
            for old in symbols:
                old_n = sizes.get(old, 1)
                if counts.get(old, 0) - old_n < max(1, min_stops):
                    continue
                for new in symbols:
                    if new == old:
                        continue
                    allowed = placeable is not None and r in placeable.get(new, range(len(per_reel)))
                    if new in counts or allowed:
                        yield Move(name, r, old, new, old_n, sizes.get(new, 1))


def tune(
    defn: Definition,
    sets: Mapping[str, ReelSetCounts],
    target: Fraction,
    movable: Mapping[str, Collection[str]],
    *,
    spaced: Collection[str] = (),
    stacks: Mapping[str, Mapping[str, int]] | None = None,
    tolerance: Fraction = Fraction(1, 200_000),
    max_steps: int = 60,
    escape_width: int = 12,
    min_stops: int = 1,
    log: bool = False,
) -> tuple[dict[str, ReelSetCounts], ParSummary]:
    """Greedy steepest descent on |total RTP - target| over single-stop substitutions.

    Each step tries every substitution between ``movable`` symbols (per reel set) and
    keeps the one that lands closest to the target. When no single substitution gets
    closer, it looks two moves ahead from the ``escape_width`` most promising ones
    (a plain greedy search stalls where every step overshoots). It stops within
    ``tolerance`` or when nothing gets closer. ``stacks`` (reel set -> symbol -> stack
    size) makes stacked symbols move a whole stack at a time; no move leaves fewer than
    ``min_stops`` of a symbol on a reel. Returns the counts and their exact summary.
    """

    from .pays import model_of

    if not model_of(defn).paylines:
        raise ValueError(
            f"tune moves symbol counts, and a {defn.pay_model.type} game's RTP also depends on which symbols sit "
            "together in a window (ways multiply matches per reel; clusters and counts read whole windows): "
            "tune works on lines games; for this one use `cabinet par --sensitivity` (its levers change real "
            "stops) and edit the strips")

    def evaluate(counts: Mapping[str, ReelSetCounts]) -> ParSummary:
        return summarize(with_counts(defn, counts, spaced))

    placeable = {s.id: [r - 1 for r in s.reels] for s in defn.symbols if s.reels}
    current = {name: [dict(c) for c in per_reel] for name, per_reel in sets.items()}
    best = evaluate(current)
    for step in range(max_steps):
        error = abs(best.total_rtp - target)
        if error <= tolerance:
            break
        trials = sorted(
            ((abs(s.total_rtp - target), i, m, s) for i, m in enumerate(candidate_moves(current, movable, stacks, min_stops,
                                                                               placeable=placeable))
             for s in (evaluate(m.apply(current)),)),
            key=lambda t: (t[0], t[1]),
        )
        chosen: tuple[list[Move], ParSummary] | None = None
        if trials and trials[0][0] < error:
            chosen = ([trials[0][2]], trials[0][3])
        else:
            closest = error
            for _, _, first, _ in trials[:escape_width]:
                after = first.apply(current)
                for second in candidate_moves(after, movable, stacks, min_stops, placeable=placeable):
                    s = evaluate(second.apply(after))
                    if abs(s.total_rtp - target) < closest:
                        closest = abs(s.total_rtp - target)
                        chosen = ([first, second], s)
        if chosen is None:
            break
        for move in chosen[0]:
            current = move.apply(current)
        best = chosen[1]
        if log:
            done = ", ".join(str(m) for m in chosen[0])
            print(f"step {step + 1}: {done}  -> {best.describe()}", file=sys.stderr)
    return current, best


# --- arranging a strip ----------------------------------------------------------------------------


def _units(counts: Mapping[str, int], stacks: Mapping[str, int]) -> list[tuple[str, ...]]:
    units: list[tuple[str, ...]] = []
    for sid, n in counts.items():
        size = stacks.get(sid, 1)
        if n % size:
            raise ValueError(f"{n} {sid} cannot be cut into stacks of {size}")
        units.extend([(sid,) * size] * (n // size))
    return units


def strip_issues(
    strip: Sequence[str],
    *,
    spaced: Collection[str] = (),
    apart: Collection[str] = (),
    stacks: Mapping[str, int] = {},  # noqa: B006 - read only
    rows: int = 3,
) -> list[str]:
    """What is wrong with a strip's order (empty: nothing):

    - two ``spaced`` symbols (as one family) fewer than ``rows`` stops apart, so one
      window could show both;
    - the same symbol on adjacent stops, except inside a stack of a ``stacks`` symbol
      (whose runs must then be exactly the stack size);
    - two of the same ``apart`` (high) symbol fewer than ``rows`` stops apart.
    """
    n = len(strip)
    issues: list[str] = []
    marks = [i for i, s in enumerate(strip) if s in spaced]
    for a, b in zip(marks, marks[1:] + marks[:1], strict=True):
        gap = (b - a) % n or n
        if len(marks) > 1 and gap < rows:
            issues.append(f"{strip[a]} at {a} and {strip[b]} at {b} can show in one window")
    for i in range(n):
        here, after = strip[i], strip[(i + 1) % n]
        if here == after and here not in stacks:
            issues.append(f"{here} twice in a row at {i}")
    for sid, size in stacks.items():
        for start, length in _runs(strip, sid):
            if length != size:
                issues.append(f"a run of {length} {sid} at {start}: stacks are {size}")
    for sid in apart:
        where = [i for i, s in enumerate(strip) if s == sid]
        for a, b in zip(where, where[1:] + where[:1], strict=True):
            gap = (b - a) % n or n
            if len(where) > 1 and gap < rows:
                issues.append(f"{sid} at {a} and {b} are closer than {rows} stops")
    return issues


def _runs(strip: Sequence[str], sid: str) -> list[tuple[int, int]]:
    """(start, length) of each maximal cyclic run of ``sid``."""
    n = len(strip)
    if all(s == sid for s in strip):
        return [(0, n)]
    out = []
    for i in range(n):
        if strip[i] == sid and strip[i - 1] != sid:
            length = 1
            while strip[(i + length) % n] == sid:
                length += 1
            out.append((i, length))
    return out


def arrange(
    counts: Mapping[str, int],
    *,
    spaced: Collection[str] = (),
    apart: Collection[str] = (),
    stacks: Mapping[str, int] = {},  # noqa: B006 - read only
    rows: int = 3,
    seed: int = 0,
    iterations: int = 40_000,
) -> tuple[str, ...]:
    """A strip with exactly ``counts`` and no ``strip_issues``, found by a seeded local search.

    Units (single symbols, whole stacks) are shuffled, then pairs are swapped while the
    number of issues does not grow. Raises ValueError when no clean order is found.
    """
    rng = Rng(seed)  # the cabinet's own counter-based generator: same strip for the same seed
    units = _units(counts, stacks)
    for i in range(len(units) - 1, 0, -1):  # Fisher-Yates
        j = rng.below(i + 1)
        units[i], units[j] = units[j], units[i]

    def flat(us: list[tuple[str, ...]]) -> tuple[str, ...]:
        return tuple(s for u in us for s in u)

    def cost(us: list[tuple[str, ...]]) -> int:
        return len(strip_issues(flat(us), spaced=spaced, apart=apart, stacks=stacks, rows=rows))

    current = cost(units)
    for _ in range(iterations):
        if current == 0:
            break
        i, j = rng.below(len(units)), rng.below(len(units))
        if units[i] == units[j]:
            continue
        units[i], units[j] = units[j], units[i]
        trial = cost(units)
        if trial <= current:
            current = trial
        else:
            units[i], units[j] = units[j], units[i]
    strip = flat(units)
    if current:
        problems = strip_issues(strip, spaced=spaced, apart=apart, stacks=stacks, rows=rows)
        raise ValueError(f"no clean arrangement found (seed {seed}): {problems[:3]}")
    return strip


def strip_text(strip: Sequence[str], stacks: Mapping[str, int] = {}) -> str:  # noqa: B006 - read only
    """A strip as YAML strip text, stacks written ``SYM*N``."""
    parts: list[str] = []
    i = 0
    while i < len(strip):
        sid = strip[i]
        size = stacks.get(sid, 1)
        if size > 1 and tuple(strip[i : i + size]) == (sid,) * size:
            parts.append(f"{sid}*{size}")
            i += size
        else:
            parts.append(sid)
            i += 1
    return " ".join(parts)


def max_in_window(strip: Sequence[str], symbols: Collection[str], rows: int = 3) -> int:
    """The most ``symbols`` any window of the strip shows (a count of positions)."""
    n = len(strip)
    return max(sum(strip[(stop + r) % n] in symbols for r in range(rows)) for stop in range(n))


# --- command line -----------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m cabinet.core.tuning GAME``: the exact RTP split and each strip's make-up."""
    from .loader import load_game

    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m cabinet.core.tuning GAME", file=sys.stderr)
        return 2
    defn = load_game(args[0])
    print(f"{defn.name}: {summarize(defn).describe()}  (published {float(defn.rtp):.4%})")
    scatters = {s.id for s in defn.symbols if s.kind in ("scatter", "bonus") or s.is_scatter}
    for name, strips in defn.reels.items():
        for r, strip in enumerate(strips):
            made_of = " ".join(f"{sid}:{n}" for sid, n in Counter(strip).most_common())
            print(f"  {name} reel {r + 1} ({len(strip)} stops, scatters per window <= "
                  f"{max_in_window(strip, scatters, defn.grid.rows)}): {made_of}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
