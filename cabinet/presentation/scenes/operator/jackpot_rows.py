"""The meters page's rows for the kiosk's progressive jackpots (issue 35, item 8): for each pool, its
value now, the contributions (money and rounds), the hits and what they paid, the reserve past its
cap and what the operator funded (seed and resets), and its terms (seed, reset, cap), marked KIOSK when
they are the operator's ``kiosk.yaml`` ``jackpots:`` rather than the games'. The pools are the critical store's
(``services/jackpot_pool.py``): lifetime figures, so the period column shows "-" for them."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from .common import GOLD, TEXT

Row = tuple[str, str, str, tuple[int, int, int]]


def jackpot_rows(host: Any, money: Callable[[int], str]) -> list[Row]:
    session = getattr(host, "session", None)
    if session is None:
        return []
    try:
        kept = session.ledger.kept
        pools, kiosk = kept.pools, kept.terms
    except Exception:  # noqa: BLE001 - a ledger that cannot say: no rows rather than a broken page
        return []
    rows: list[Row] = []
    for name, pool in sorted(pools.items()):
        title = f"JACKPOT {name.replace('_', ' ').upper()}"
        rows += [
            (f"{title} NOW", money(pool.shown), "-", GOLD),
            (f"{title} CONTRIBUTED ({pool.contributions} ROUNDS)", money(math.floor(pool.contributed)), "-", TEXT),
            (f"{title} HITS / PAID", f"{pool.hits} / {money(pool.paid)}", "-", TEXT),
            (f"{title} RESERVE / FUNDED", f"{money(math.floor(pool.reserve))} / {money(pool.funded)}", "-", TEXT),
            (f"{title} {'KIOSK ' if name in kiosk else ''}SEED / RESET / CAP",
             f"{money(pool.seed)} / {money(pool.reset)} / {money(pool.cap) if pool.cap else 'NONE'}", "-", TEXT),
        ]
    return rows
