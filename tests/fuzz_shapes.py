"""Random toy games with issue 35's shapes (par's fuzz corpus, ``tests/test_par_fuzz_shapes.py``).

``random_shape_game(seed)`` draws a small game (3 reels of 1 or 2 rows, strips of 2-4 stops,
free spins of 1 spin) with one or more of the shape blocks and random parameters: a big symbol
over reels 1-2 or 2-3 (a band of rows or every row, a strip of 1-4 stops, sometimes 1-2 blank
stops that land no big symbol), a wild that spreads
as a square or a cross (from any reel or reel 2 alone), symbols that turn wild; each in base
spins, free spins or both; lines (one or both ways) or ways. Each is YAML text read by the real
loader, so a game it refuses is a refusal with its message.
"""

from __future__ import annotations

import random
from typing import Any

import yaml


def _strip(rng: random.Random, pool: list[str], length: int) -> list[str]:
    return [rng.choice(pool) for _ in range(length)]


def random_shape_game(seed: int) -> tuple[str, str]:
    """(a short description, YAML text) of the toy game drawn by ``seed``."""
    rng = random.Random(f"shapes {seed}")
    rows = rng.choice((1, 2, 2))
    parts: list[str] = [f"{rows} rows"]
    symbols: list[dict[str, Any]] = [{"id": "A"}, {"id": "B"}, {"id": "C"}, {"id": "W", "kind": "wild"}]
    pays: dict[str, dict[int, int]] = {"A": {2: 1, 3: 5}, "B": {3: 3}, "C": {2: 1, 3: 2}, "W": {3: 8}}
    pool = ["A", "B", "C", "W"]
    reels = {"base": [_strip(rng, pool, rng.randint(max(2, rows), 3)) for _ in range(3)]}
    free = rng.random() < 0.6
    modes_choice = [["base"], ["free"], ["base", "free"]] if free else [["base"]]
    features: list[dict[str, Any]] = []
    if free:
        symbols.append({"id": "S", "kind": "scatter"})
        pays["S"] = {3: 2}
        reels["free"] = [_strip(rng, pool, rows) for _ in range(3)]
        for strip in reels["base"]:
            strip.append("S")
    blocks: list[dict[str, Any]] = []
    chosen = [name for name in ("big", "spread", "turn") if rng.random() < 0.5] or [rng.choice(("big", "spread", "turn"))]
    for name in chosen:
        modes = rng.choice(modes_choice)
        if name == "big":
            start = rng.choice((1, 2))
            big: dict[str, Any] = {"type": "big_symbols", "reels": [start, start + 1],
                                   "strip": _strip(rng, ["A", "B", "W", *(["S"] if free else [])], rng.randint(1, 4)),
                                   "modes": modes}
            if rows == 2 and rng.random() < 0.3:
                big["rows"] = [rng.choice((1, 2))]
            if rng.random() < 0.3:  # a big reel that lands no big symbol on some stops
                big["blank"] = rng.randint(1, 2)
            blocks.append(big)
            parts.append(f"big {big['reels']}{'' if 'rows' not in big else ' row ' + str(big['rows'])}"
                         f"{'' if 'blank' not in big else ' blank ' + str(big['blank'])}{modes}")
        elif name == "spread":
            symbols.append({"id": "SW", "kind": "wild"})
            for mode in modes:
                if mode in reels:
                    strip = reels[mode][1]
                    strip.insert(rng.randrange(len(strip) + 1), "SW")
            spread: dict[str, Any] = {"type": "spreading_wild", "symbol": "SW", "shape": rng.choice(("square", "cross")),
                                      "modes": modes}
            if rng.random() < 0.3:
                spread["reels"] = [2]
            blocks.append(spread)
            parts.append(f"spread {spread['shape']}{modes}")
        else:
            turning = rng.choice((["A"], ["B"], ["A", "C"]))
            blocks.append({"type": "turn_wild", "symbols": turning, "wild": "W", "modes": modes})
            parts.append(f"turn {turning}{modes}")
    if rng.random() < 0.3:
        rng.shuffle(blocks)
        parts.append("shuffled")
    features.extend(blocks)
    if free:
        features.append({"type": "free_spins", "trigger_symbol": "S", "awards": {3: 1}, "retrigger": False,
                         "reel_sets": [{"set": "free"}], "win_multiplier": rng.choice((1, 2))})
    lines = [[0, 0, 0]] if rows == 1 else [[0, 0, 0], [1, 1, 1], [0, 1, 0]]
    doc: dict[str, Any] = {
        "format": 1,
        "id": "shapes",
        "name": f"shapes {seed}",
        "grid": {"reels": 3, "rows": rows},
        "symbols": symbols,
        "reels": {k: [" ".join(s) for s in v] for k, v in reels.items()},
        "lines": lines,
        "pays": pays,
        "bet": {"currency": "EUR", "minor_units": 2, "coin_values": ["0.10"], "lines": [len(lines)]},
        "features": features,
    }
    model = rng.random()
    if model < 0.25:
        doc.pop("lines")
        doc["bet"].pop("lines")
        pays.pop("W")  # a ways game pays a wild as the symbols it stands for
        doc = {**{k: v for k, v in doc.items() if k != "features"}, "pay_model": {"type": "ways", "cost": 1},
               "features": features}
        parts.append("ways")
    elif model < 0.4:
        doc = {**{k: v for k, v in doc.items() if k != "features"}, "pay_direction": "both_ways", "features": features}
        parts.append("both ways")
    return ", ".join(parts), yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200)
