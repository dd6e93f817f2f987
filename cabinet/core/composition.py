"""Which blocks meet in the same spins, and whether par prices each meeting.

Par adds up one part per block (``core/par.py``). A sum is the joint value only when no
two blocks acting in the same spins change what the other's part is computed from: a
mystery reveal and a level multiplier both act on a free spin's line pay, so the sum of
"what the reveal adds on plain spins" and "what the levels add without reveals" leaves
the cross-term out. This module finds every such meeting and says, for each, why it is
priced, or that it is not; par then estimates the affected part instead of printing a
wrong exact figure.

A meeting of blocks A and B in spins of mode M is priced when

1. one of them declares that its par already includes the other's effect there
   (``FeatureBlock.par_covers``: multiplier wilds priced on the lines as an expanding
   wild expands them, progress levels priced with the mystery reveal in each level); or
2. the two parts add up by linearity of expectation: neither changes what the other's
   par reads. What a block reads and changes in M is declared by ``par_reads_lines``,
   ``par_changes_lines`` and its trigger's window count (the batch hint's
   ``window_count``: the same rule the block plays by). A screen stage changes a count
   only if some window the reels can show in M (after the screen stages listed before
   it, every outcome of their draws) counts differently after it; that is checked
   window by window with the blocks' own ``BatchStage`` functions, exactly. A screen
   modifier that does not describe its stage as data may change anything.

Spins of a mode other than "base" happen only inside the block that plays them (free
spins play "free" spins, a wild respin "respin" spins: ``FeatureBlock.spin_reel_sets``).
A block triggering in those spins must count them in its own par
(``par_trigger_modes``), or be unable to trigger on their reels; otherwise its triggers
there are a meeting with the host that nothing prices.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from .definition import Definition
from .features import FeatureBlock, Window, WindowCount, active, block


@dataclass(frozen=True)
class Meeting:
    """Two blocks (feature names) acting in spins of ``mode``, and whether par prices it."""

    mode: str
    first: str
    second: str
    priced: bool
    why: str

    def __str__(self) -> str:
        return f"{self.first} and {self.second} in {self.mode} spins: {self.why}"


def modes_played(defn: Definition) -> dict[str, tuple[str, ...]]:
    """Every mode whose spins the game's rounds play, with the reel sets those spins use.
    "base" always; another mode only where a block of the game plays its spins."""
    out: dict[str, list[str]] = {"base": [c.set for c in defn.base_game.reel_sets]}
    for params in defn.features:
        entry = block(params.type)
        if entry is None:
            continue
        for mode in entry.modes(params) | {"free", "respin"}:
            if mode == "base":
                continue
            sets = entry.spin_reel_sets(defn, params, mode)
            if sets:
                mine = out.setdefault(mode, [])
                mine.extend(s for s in sets if s not in mine)
    return {mode: tuple(sets) for mode, sets in out.items()}


def hosts(defn: Definition, mode: str) -> list[Any]:
    """The features that play spins of ``mode`` (none for "base")."""
    out = []
    for params in defn.features:
        entry = block(params.type)
        if entry is not None and mode != "base" and entry.spin_reel_sets(defn, params, mode):
            out.append(params)
    return out


def trigger_count(defn: Definition, params: Any, entry: FeatureBlock, mode: str, reel_set: str) -> WindowCount | None:
    """The window count a block's trigger reads in spins of ``mode`` (None: it reads none)."""
    return entry.trigger_window_count(defn, params, mode, reel_set)


def reachable_windows(defn: Definition, mode: str, reel_set: str, until: Any) -> list[set[Window]] | None:
    """Per reel, every window spins of ``mode`` on ``reel_set`` can show just before the
    screen stage of ``until`` (the landed windows, changed by every screen modifier listed
    before it, for every outcome of their draws). None: an earlier screen modifier does not
    describe its stage as data."""
    rows = defn.grid.rows
    strips = defn.reels.get(reel_set)
    if strips is None:
        return None
    windows = [{tuple(strip[(stop + r) % len(strip)] for r in range(rows)) for stop in range(len(strip))}
               for strip in strips]
    for params, entry in active(defn, mode):
        if params is until:
            break
        if not entry.screen_modifier:
            continue
        change = screen_change(defn, params, entry, reel_set)
        if change is None:
            return None
        outcomes, window = change
        windows = [{window(o, reel, w) for w in ws for o in outcomes} for reel, ws in enumerate(windows)]
    return windows


def screen_change(
    defn: Definition, params: Any, entry: FeatureBlock, reel_set: str
) -> tuple[frozenset[int], Callable[[int, int, Window], Window]] | None:
    """(every outcome of its draw, its window change) of a screen modifier, from its own
    ``BatchStage``; None when it has none (then it may change anything)."""
    for hint in entry.batch_hints(defn, params, reel_set):
        stage = hint.stage
        if stage is not None and stage.stage == "screen" and stage.window is not None:
            outcomes: set[int] = set()
            for count in range(1, defn.grid.reels * defn.grid.rows + 1):
                drawn = stage.draw(count)
                outcomes |= set(range(len(drawn))) if isinstance(drawn, tuple) else {drawn}
            return frozenset(outcomes), stage.window
    return None


def screen_count_distribution(
    defn: Definition, mode: str, reel_set: str, adds: dict[str, int], *, through: Any = None, before: bool = False
) -> list[Fraction] | None:
    """P(the screen a spin of ``mode`` on ``reel_set`` shows after its screen stage counts k),
    ``adds`` giving what each symbol id adds: the screen play counts triggers on. Every screen
    modifier acting in ``mode`` changes the windows by its own ``BatchStage`` (in definition
    order; a drawn outcome is one draw for the whole screen, so the reels are independent
    given the outcomes). ``through``: only the stages up to that block's (``before``: up to
    the one before it). None: a modifier has no stage as data, or its draw's weights depend
    on the screen (then ``meetings`` flags what it may change)."""
    changes: list[tuple[list[tuple[int, Fraction]], Callable[[int, int, Window], Window]]] = []
    for params, entry in active(defn, mode):
        if params is through and before:
            break
        if not entry.screen_modifier:
            if params is through:
                break
            continue
        found = _stage_of(defn, params, entry, reel_set)
        if found is None:
            return None
        changes.append(found)
        if params is through:
            break
    from .pays import model_of

    reels = model_of(defn).reel_windows(defn, reel_set)  # every window each reel shows (Megaways: any height)
    out: dict[int, Fraction] = {}
    for joint in product(*(outcomes for outcomes, _ in changes)):
        chance = Fraction(1)
        for _, q in joint:
            chance *= q
        dist = {0: Fraction(1)}
        for reel, shown in enumerate(reels):
            per: dict[int, Fraction] = {}
            weights = sum(w for _, w in shown)
            for window, weight in shown:
                for (outcome, _), (_, change) in zip(joint, changes, strict=True):
                    window = change(outcome, reel, window)
                k = sum(adds.get(sid, 0) for sid in window)
                per[k] = per.get(k, Fraction(0)) + Fraction(weight, weights)
            nxt: dict[int, Fraction] = {}
            for a, pa in dist.items():
                for b, pb in per.items():
                    nxt[a + b] = nxt.get(a + b, Fraction(0)) + pa * pb
            dist = nxt
        for k, q in dist.items():
            out[k] = out.get(k, Fraction(0)) + chance * q
    top = max(out, default=0)
    return [out.get(k, Fraction(0)) for k in range(top + 1)]


def scatter_delta_x_bet(defn: Definition, mode: str, reel_set: str, params: Any) -> Fraction | None:
    """What ``params``' screen stage changes in one spin's scatter pays (x bet) on ``reel_set``:
    the scatters counted on the screen after its stage minus before it, as play pays them
    (after the screen stage). None: a stage up to it is not data."""
    from .evaluate import pay_table, table_value
    from .linemath import scatter_adds

    out = Fraction(0)
    for target, adds in sorted(scatter_adds(defn).items()):
        table = pay_table(defn.pays[target])
        after = screen_count_distribution(defn, mode, reel_set, adds, through=params)
        landed = screen_count_distribution(defn, mode, reel_set, adds, through=params, before=True)
        if after is None or landed is None:
            return None
        out += sum((q * table_value(table, k) for k, q in enumerate(after)), Fraction(0))
        out -= sum((q * table_value(table, k) for k, q in enumerate(landed)), Fraction(0))
    return out


def _stage_of(
    defn: Definition, params: Any, entry: FeatureBlock, reel_set: str
) -> tuple[list[tuple[int, Fraction]], Callable[[int, int, Window], Window]] | None:
    """A screen modifier's outcomes with their chances, and its window change (None: not as data)."""
    for hint in entry.batch_hints(defn, params, reel_set):
        stage = hint.stage
        if stage is None or stage.stage != "screen" or stage.window is None:
            continue
        draws = {stage.draw(count) for count in range(1, defn.grid.reels * defn.grid.rows + 1)}
        if len(draws) != 1:
            return None  # the draw depends on the screen
        drawn = draws.pop()
        if isinstance(drawn, tuple):
            weight = sum(drawn)
            return [(i, Fraction(w, weight)) for i, w in enumerate(drawn) if w], stage.window
        return [(drawn, Fraction(1))], stage.window
    return None


def may_change_count(defn: Definition, mode: str, reel_sets: Iterable[str], params: Any, entry: FeatureBlock,
                     reader: Any, reader_entry: FeatureBlock) -> bool:
    """Whether ``params``' screen stage can change what ``reader``'s trigger counts in
    spins of ``mode``: some reachable window counts differently after the stage."""
    moves = getattr(entry, "par_moves_triggers", None)
    if moves is not None and moves(params, mode):  # triggers read another screen than the landed one (tumbles)
        return any(trigger_count(defn, reader, reader_entry, mode, s) is not None for s in reel_sets)
    if not entry.screen_modifier:
        return False
    return _may_change(defn, mode, reel_sets, params, entry,
                       lambda reel_set: trigger_count(defn, reader, reader_entry, mode, reel_set))


def _may_change(defn: Definition, mode: str, reel_sets: Iterable[str], params: Any, entry: FeatureBlock,
                counter: Callable[[str], WindowCount | None]) -> bool:
    """Whether ``params``' screen stage changes what ``counter(reel_set)`` counts on some
    window the reels of ``mode`` can show just before it."""
    for reel_set in reel_sets:
        count = counter(reel_set)
        if count is None:
            continue
        change = screen_change(defn, params, entry, reel_set)
        windows = reachable_windows(defn, mode, reel_set, params)
        if change is None or windows is None:
            return True
        outcomes, window = change
        for reel, ws in enumerate(windows):
            for w in ws:
                if any(count(reel, window(o, reel, w)) != count(reel, w) for o in outcomes):
                    return True
    return False


def count_unchanged(defn: Definition, mode: str, modifier: Any, reader: Any) -> bool:
    """Whether ``modifier``'s screen stage never changes what ``reader``'s trigger counts in
    spins of ``mode`` (for a block's ``par_covers``)."""
    em, er = block(modifier.type), block(reader.type)
    if em is None or er is None:
        return False
    sets = modes_played(defn).get(mode, ())
    return not may_change_count(defn, mode, sets, modifier, em, reader, er)


def meetings(defn: Definition) -> list[Meeting]:
    """Every pair of blocks acting in the same spins, and every block that may trigger in
    spins another block plays, each with whether par prices it and why (kept per game: a
    paid respin's price asks for every trigger it values)."""
    cached = defn.__dict__.get("_meetings")
    if cached is not None:
        return list(cached)
    out: list[Meeting] = []
    for mode, reel_sets in modes_played(defn).items():
        acting = active(defn, mode)
        for i, (a, ea) in enumerate(acting):
            for b, eb in acting[i + 1 :]:
                out.append(_pair(defn, mode, reel_sets, a, ea, b, eb))
        if mode != "base":
            out.extend(_foreign_triggers(defn, mode, acting))
        out.extend(_scatter_pays(defn, mode, reel_sets, acting))
    defn.__dict__["_meetings"] = tuple(out)
    return out


SCATTERS = "the game's scatter pays"


def _scatter_pays(defn: Definition, mode: str, reel_sets: tuple[str, ...],
                  acting: list[tuple[Any, FeatureBlock]]) -> list[Meeting]:
    """Screen blocks that may change how many scatters a screen shows: play pays scatters
    after the screen stage, par on the landed screen unless the block prices the change."""
    from .linemath import scatter_adds

    paying = scatter_adds(defn)
    if not paying:
        return []
    everything: dict[str, int] = {sid: n for adds in paying.values() for sid, n in adds.items()}

    def count(reel: int, window: Window) -> int:
        return sum(everything.get(sid, 0) for sid in window)

    out = []
    for params, entry in acting:
        if not entry.screen_modifier or entry.par_prices_scatters(defn, params, mode):
            continue
        if _may_change(defn, mode, reel_sets, params, entry, lambda reel_set: count):
            out.append(Meeting(mode, params.name, SCATTERS, False,
                               f"{params.name} may change how many scatters the screen shows, which par does not price"))
    return out


def unpriced(defn: Definition) -> list[Meeting]:
    return [m for m in meetings(defn) if not m.priced]


def _pair(defn: Definition, mode: str, reel_sets: tuple[str, ...],
          a: Any, ea: FeatureBlock, b: Any, eb: FeatureBlock) -> Meeting:
    def meeting(priced: bool, why: str) -> Meeting:
        return Meeting(mode, a.name, b.name, priced, why)

    if ea.par_covers(defn, a, b, mode):
        return meeting(True, f"{a.name}'s par prices them together")
    if eb.par_covers(defn, b, a, mode):
        return meeting(True, f"{b.name}'s par prices them together")
    for x, ex, y, ey in ((a, ea, b, eb), (b, eb, a, ea)):
        if ex.par_changes_lines(x, mode) and ey.par_reads_lines(y, mode):
            return meeting(False, f"{x.name} changes the pays {y.name}'s par is computed from")
        if may_change_count(defn, mode, reel_sets, x, ex, y, ey):
            return meeting(False, f"{x.name} changes the screen {y.name}'s trigger counts")
    return meeting(True, "their parts add up: neither changes what the other's par reads")


def _foreign_triggers(defn: Definition, mode: str, acting: list[tuple[Any, FeatureBlock]]) -> list[Meeting]:
    out = []
    for host in hosts(defn, mode):
        host_entry = block(host.type)
        assert host_entry is not None
        sets = host_entry.spin_reel_sets(defn, host, mode)
        for params, entry in acting:
            if params is host or mode in entry.par_trigger_modes(params) or entry.par_covers(defn, params, host, mode):
                continue
            counts = [trigger_count(defn, params, entry, mode, s) for s in sets]
            if all(c is None for c in counts):
                continue
            if not any(_can_count(defn, s, c) for s, c in zip(sets, counts, strict=True) if c is not None):
                continue
            out.append(Meeting(mode, host.name, params.name, False,
                               f"{params.name} may trigger in {host.name}'s spins, which its par does not count"))
    return out


def _can_count(defn: Definition, reel_set: str, count: WindowCount) -> bool:
    """Whether any window of ``reel_set`` adds to ``count`` (the trigger can start there)."""
    rows = defn.grid.rows
    for reel, strip in enumerate(defn.reels.get(reel_set, ())):
        for stop in range(len(strip)):
            if count(reel, tuple(strip[(stop + r) % len(strip)] for r in range(rows))):
                return True
    return False


PRICED_TOGETHER = ("a mystery reveal, an expanding wild or multiplier wilds with the free spins they act in; an "
                   "expanding wild after a mystery reveal; multiplier wilds after a mystery reveal, after an "
                   "expanding wild, or after a mystery reveal and then an expanding wild, each acting in all of "
                   "the spins of the blocks before it")


def why_no_par(defn: Definition, missing: list[str]) -> list[str]:
    """In words, for ``par``'s notes: why each block of a type in ``missing`` has no par of its
    own (the meetings it is in that no par prices), and what the designer can change."""
    out = []
    loose = unpriced(defn)
    for params in defn.features:
        if params.type not in missing:
            continue
        reasons = [m for m in loose if params.name in (m.first, m.second)]
        before = [f"{b.name} ({b.type})" for b in _listed_before(defn, params)]
        said = "; ".join(f"with {m.second if m.first == params.name else m.first} in {m.mode} spins: {m.why}"
                         for m in reasons)
        out.append(f"{params.name} cannot price its part: "
                   + (said if said else "the blocks listed before it that change the screen or the wins in its "
                      f"spins ({', '.join(before) or 'none'}) are not a meeting its par knows"))
    out.append(f"par prices these meetings together: {PRICED_TOGETHER} (games/README.md, When blocks meet). "
               "To make par exact, list the blocks in one of those orders, or give them modes: that do not overlap")
    return out


def _listed_before(defn: Definition, params: Any) -> list[Any]:
    """Screen or win modifiers listed before ``params`` that act in one of its spins."""
    out = []
    for other in defn.features:
        if other is params:
            break
        entry = block(other.type)
        if entry is not None and (entry.screen_modifier or entry.win_modifier) and \
                entry.modes(other) & set(getattr(params, "modes", ()) or ()):
            out.append(other)
    return out
