"""The SETTINGS page's rows for the kiosk's progressive jackpots (issue 35, item 8): each pool the
games in games/ feed, its seed, reset and cap as the kiosk plays them (``kiosk.yaml`` ``jackpots:``,
else the first game's own terms). LEFT/RIGHT move a value by a tenth of the game's seed (a cap
at 0 is none); SAVE writes ``jackpots:`` through the config's own check, so a cap below the seed
or the reset is refused in red and nothing is written. Saved terms apply at once to every game
(kept with the pools, ``services/jackpot_pool.py``)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cabinet.core.money import format_money
from cabinet.services.jackpot_pool import PoolTerms

TERMS = ("seed", "reset", "cap")


@dataclass(frozen=True)
class PoolRow:
    pool: str
    game: PoolTerms  # the terms of the first game that names the pool
    step: int  # minor units per LEFT/RIGHT
    currency: str
    minor_units: int

    def money(self, value: int) -> str:
        return format_money(value, self.currency, self.minor_units)


def kiosk_pools(host: Any, files: list[Path]) -> dict[str, PoolRow]:
    """Each pool a game of games/ feeds (only files naming ``progressive_jackpot`` are loaded)."""
    out: dict[str, PoolRow] = {}
    for path in files:
        try:
            if "progressive_jackpot" not in path.read_text(encoding="utf-8"):
                continue
        except (OSError, UnicodeDecodeError):
            continue
        defn = host.definition(path.stem)
        for f in getattr(defn, "features", ()):
            if f.type == "progressive_jackpot" and f.pool not in out:
                out[f.pool] = PoolRow(f.pool, PoolTerms(f.seed, f.reset, f.cap), max(1, f.seed // 10 or 100),
                                      defn.bet.currency, defn.bet.minor_units)
    return out


def pool_rows(pools: dict[str, PoolRow], draft: dict[str, PoolTerms]) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    for name, row in pools.items():
        terms = draft.get(name, row.game)
        title = f"JACKPOT {name.replace('_', ' ').upper()}"
        rows += [(f"{title} SEED", row.money(terms.seed)), (f"{title} RESET", row.money(terms.reset)),
                 (f"{title} CAP", row.money(terms.cap) if terms.cap else "NONE")]
    return rows


def change_pool(pools: dict[str, PoolRow], draft: dict[str, PoolTerms], index: int, step: int) -> None:
    """LEFT/RIGHT on the ``index``-th jackpot row (three a pool: seed, reset, cap)."""
    name = list(pools)[index // 3]
    row, key = pools[name], TERMS[index % 3]
    terms = draft.get(name, row.game)
    draft[name] = replace(terms, **{key: max(0, getattr(terms, key) + step * row.step)})


def jackpots_change(pools: dict[str, PoolRow], draft: dict[str, PoolTerms], saved: dict[str, PoolTerms]
                    ) -> str | None:
    """The ``jackpots:`` value to write (flow YAML), or None when the draft is what is saved: every
    pool the kiosk sets, and every pool whose terms were moved off its game's."""
    wanted = dict(saved)
    for name, row in pools.items():
        terms = draft.get(name)
        if terms is not None and (name in saved or terms != row.game):
            wanted[name] = terms
    if wanted == saved:
        return None
    return "{" + ", ".join(f"{name}: {{seed: {t.seed}, reset: {t.reset}, cap: {t.cap}}}"
                           for name, t in sorted(wanted.items())) + "}"
