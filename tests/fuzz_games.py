"""Random toy games: the blocks recombined with random parameters (par's fuzz corpus).

``tests/combination_corpus.py`` pairs every two blocks with one fixed set of parameters.
A designer's game differs in the parameters too: a wild that multiplies or excludes, a
Double symbol, a scatter that pays or counts two, several weighted reel sets, free spins
that retrigger, multiply scatter pays or not, spin multipliers, a both-ways game, blocks
listed in another order. ``random_game(seed)`` draws one such game: small enough (3 reels
of 1 or 2 rows, strips of 2-5 stops, features of 1-2 spins) that most enumerate by brute
force (``cabinet/core/bruteforce.py``). Each is YAML text read by the real loader, so a
game the loader refuses is a refusal with its message, never a silent change.
"""

from __future__ import annotations

import random
import re
from typing import Any

import yaml

LINE_SYMBOLS = ("A", "B")
LINES_ONLY_BLOCKS = frozenset({"fill_multiplier", "screen_wild_multiplier", "random_multiplier"})
LINES_ONLY_WORDS = ("fill", "screen wilds", "random mult", "any A/B")


def _strip(rng: random.Random, pool: list[str], length: int) -> list[str]:
    return [rng.choice(pool) for _ in range(length)]


CATALOGUE_FROM = 60  # the first seed that draws issue 35's free-spin rules (the slow run plays 0-299)


def _kept_blocks(rng: random.Random, features: list[dict[str, Any]], parts: list[str]) -> None:
    """Issue 35's blocks that keep state beyond the round, listed last: a jackpot won by a count of
    A or B anywhere (drawing nothing, so the game still enumerates), a meter of target 1 on A (no
    spin carries anything to the next: exact)."""
    if rng.random() < 0.35:
        symbol, count = rng.choice(("A", "B")), rng.choice((2, 3))
        features.append({"type": "progressive_jackpot", "pool": "fuzz", "contribution": "1/100",
                         "win": {"rule": "scatter", "symbol": symbol, "count": count}})
        parts.append(f"jackpot {count} {symbol}")
    if rng.random() < 0.25:
        features.append({"type": "collection", "symbol": "A", "target": 1, "prize_x_bet": rng.choice((1, 2))})
        parts.append("meter of A")


def random_game(seed: int) -> tuple[str, str]:
    """(a short description, YAML text) of the toy game drawn by ``seed``."""
    rng = random.Random(seed)
    rows = rng.choice((1, 1, 2))
    parts: list[str] = []
    symbols: list[dict[str, Any]] = [{"id": "A"}, {"id": "B"}]
    wild: dict[str, Any] = {"id": "W", "kind": "wild"}
    if rng.random() < 0.3:
        wild["multiplier"] = rng.choice((2, 3))
        parts.append(f"W x{wild['multiplier']}")
    if rng.random() < 0.2:
        wild["excludes"] = ["B"]
        parts.append("W not B")
    symbols.append(wild)
    pays: dict[str, dict[int, Any]] = {"A": {2: 1, 3: 4}, "B": {3: 3}}
    extra_line: list[str] = []
    if rng.random() < 0.3:
        symbols.append({"id": "AA", "counts": 2, "pays_as": "A"})
        pays["A"].update({4: 6, 5: 8, 6: 12})
        extra_line.append("AA")
        parts.append("double A")
    base_pool = ["A", "B", "W", *extra_line]
    features: list[dict[str, Any]] = []
    top: dict[str, Any] = {}
    if rng.random() < 0.3:
        top["pay_direction"] = "both_ways"
        parts.append("both ways")
    reel_sets: dict[str, list[list[str]]] = {
        "base": [_strip(rng, base_pool, rng.randint(2, 4)) for _ in range(3)]}
    if rng.random() < 0.25:
        reel_sets["base2"] = [_strip(rng, base_pool, rng.randint(2, 3)) for _ in range(3)]
        top["base_game"] = {"reel_sets": [{"set": "base", "weight": 2}, {"set": "base2", "weight": 1}]}
        parts.append("2 base sets")

    free = rng.random() < 0.7
    blocks: list[dict[str, Any]] = []
    book_block: dict[str, Any] | None = None
    modes_choice = [["base"], ["free"], ["base", "free"]] if free else [["base"]]

    def place(sid: str, modes: list[str], reels: tuple[int, ...]) -> None:
        for mode in modes:
            for name, strips in reel_sets.items():
                if (mode == "base" and name.startswith("base")) or (mode == "free" and name.startswith("free")):
                    for r in reels:
                        strips[r].insert(rng.randrange(len(strips[r]) + 1), sid)

    if free:
        reel_sets["free"] = [_strip(rng, base_pool, rng.randint(2, 3)) for _ in range(3)]
        trig_kind = rng.choice(("scatter", "bonus"))
        symbols.append({"id": "S", "kind": trig_kind})
        if trig_kind == "scatter" and rng.random() < 0.6:
            pays["S"] = {2: 1, 3: rng.choice((2, 5))}
            parts.append("S pays")
        if rng.random() < 0.25:
            symbols.append({"id": "SS", "kind": trig_kind, "counts": 2})
            reel_sets["base"][1].append("SS")
            parts.append("double S")
        for r in (0, 1, 2):
            reel_sets["base"][r].append("S")
        fs: dict[str, Any] = {"type": "free_spins", "trigger_symbol": "S", "awards": {2: 1, 3: 2},
                              "retrigger": False}
        if rng.random() < 0.4:
            fs["reel_sets"] = [{"set": "free"}]
            if rng.random() < 0.3:
                reel_sets["free2"] = [_strip(rng, base_pool, 2) for _ in range(3)]
                fs["reel_sets"] = [{"set": "free", "weight": 1}, {"set": "free2", "weight": 2}]
                parts.append("2 free sets")
        else:
            fs["reel_sets"] = [{"set": "free"}]
        if rng.random() < 0.5:
            fs["win_multiplier"] = rng.choice((2, 3))
        if rng.random() < 0.3:
            fs["multiply_scatter_pays"] = False
        if rng.random() < 0.3:
            fs["spin_multipliers"] = [{"value": 1, "weight": 2}, {"value": rng.choice((2, 4)), "weight": 1}]
            parts.append("spin mult")
        if rng.random() < 0.2:
            fs["retrigger"] = True
            fs["retrigger_awards"] = {3: 1}
            for strips in [v for k, v in reel_sets.items() if k.startswith("free")]:
                for r in (0, 1, 2):
                    strips[r].append("S")
            parts.append("retrigger")
        if rng.random() < 0.15:
            fs["max_win_x_bet"] = rng.choice((2, 5))
            parts.append(f"cap {fs['max_win_x_bet']}x")
        elif rng.random() < 0.15:
            fs["minimum_win_x_bet"] = rng.choice((1, 2))
            fs["top_up_spins"] = 1
            parts.append(f"top-up to {fs['minimum_win_x_bet']}x")
        # issue 35's rules, from a generator of their own so that every earlier seed draws the same game
        book = random.Random(seed * 7919 + 35)
        if trig_kind == "scatter" and "double S" not in parts and book.random() < 0.25:
            next(s for s in symbols if s["id"] == "S").update({"kind": "wild", "scatter": True})
            parts.append("S wild-scatter")
        if fs["retrigger"] and book.random() < 0.5:
            fs["max_retriggers"] = book.choice((1, 2))
            parts.append(f"retrigger limit {fs['max_retriggers']}")
        # the catalogue's free-spin rules (issue 35), from a generator of their own again, and only from
        # seed CATALOGUE_FROM on: the quick seeds below it keep their games (and their brute force's cost)
        counts = random.Random(seed * 7919 + 355)
        topped = "minimum_win_x_bet" in fs or seed < CATALOGUE_FROM
        if not topped and counts.random() < 0.25:
            fs["drawn_spins"] = {min(fs["awards"]): [{"value": 1, "weight": counts.choice((1, 2))},
                                                     {"value": 2, "weight": 1}]}
            parts.append("drawn spins")
        elif not topped and not fs["retrigger"] and counts.random() < 0.2:
            fs.update({"until_symbol": fs["trigger_symbol"], "until_counts": [counts.choice((1, 2))],
                       "awards": {k: 2 for k in fs["awards"]}})
            parts.append(f"until {fs['until_counts'][0]} {fs['trigger_symbol']}")
        if "win_multiplier" in fs and seed >= CATALOGUE_FROM and counts.random() < 0.3:
            fs["multiplier_exceptions"] = [{"symbol": "W", "count": 3, "multiplier": 1}]
            parts.append("x1 for 3 W")
        if trig_kind == "scatter" and seed >= CATALOGUE_FROM and counts.random() < 0.25:
            fs["free_scatter_pays"] = {fs["trigger_symbol"]: {3: counts.choice((1, 5))}}
            parts.append("free scatter pays")
        if not topped and not fs.get("drawn_spins") and not fs.get("until_symbol") and counts.random() < 0.2:
            fs.update({"wild_reels": [2, 3], "wild_reels_spins": 1})
            fs.pop("max_win_x_bet", None)
            parts.append("wilds on reels 2 and 3")
        blocks.append(fs)
        if book.random() < 0.25:  # listed last: a win stage after it would price the spin again
            book_block = {"type": "expanding_symbol", "feature": "free_spins",
                          "symbols": [{"symbol": "A", "weight": book.choice((1, 2))}, {"symbol": "B", "weight": 1}]}
            parts.append("book symbol")
        parts.append("free spins" + (f" x{fs['win_multiplier']}" if "win_multiplier" in fs else ""))
        if rng.random() < 0.35:
            for strips in [v for k, v in reel_sets.items() if k.startswith("free")]:
                for r in (0, 2):
                    if "S" not in strips[r]:
                        strips[r].append("S")
            levels: list[dict[str, Any]] = []
            sticky = rng.random() < 0.5
            if sticky:
                levels.append({"unlock": "sticky_reel", "extra_spins": 1})
            levels.append({"unlock": rng.choice(("multiplier", "both_ways", "nothing")), "value": 2,
                           "extra_spins": rng.choice((0, 1))})
            levels = [{k: v for k, v in lv.items() if not (k == "value" and lv["unlock"] != "multiplier")}
                      for lv in levels]
            blocks.append({"type": "progress_levels", "symbol": "S", "feature": "free_spins",
                           "points_per_level": 1, "max_points": len(levels), "sticky_reels": [rng.choice((2, 3))],
                           "levels": levels})
            if sticky:
                blocks.append({"type": "sticky_wild_reels", "symbol": "W", "modes": ["free"]})
            parts.append("levels" + (" sticky" if sticky else ""))

    if rng.random() < 0.45:
        modes = rng.choice(modes_choice)
        symbols.append({"id": "M"})
        place("M", modes, (0, 1))
        reveals = [{"symbol": "A", "weight": 2}, {"symbol": "B", "weight": 1}]
        if rng.random() < 0.5:
            reveals.append({"symbol": "W", "weight": 1})
        blocks.append({"type": "mystery_symbol", "symbol": "M", "modes": modes, "reveals": reveals})
        parts.append(f"mystery{modes}")
    if rows == 2 and rng.random() < 0.45:
        modes = rng.choice(modes_choice)
        symbols.append({"id": "XW", "kind": "wild"})
        place("XW", modes, (1,))
        blocks.append({"type": "expanding_wild", "symbol": "XW", "reels": [2, 3], "modes": modes})
        parts.append(f"expanding{modes}")
    if rng.random() < 0.4:
        modes = rng.choice(modes_choice)
        symbols.append({"id": "MW", "kind": "wild"})
        place("MW", modes, (1, 2) if rng.random() < 0.4 else (1,))
        blocks.append({"type": "multiplier_wilds", "symbol": "MW", "modes": modes,
                       "multipliers": [{"value": 2, "weight": 1}, {"value": 3, "weight": 1}]})
        if rng.random() < 0.5:
            top["wild_multipliers"] = "highest"
        parts.append(f"mult wilds{modes}" + (" highest" if "wild_multipliers" in top else ""))
    if rng.random() < 0.2:
        in_free = free and rng.random() < 0.5
        symbols.append({"id": "F", "kind": "bonus"})
        place("F", ["base", "free"] if in_free else ["base"], (0, 2))
        blocks.append({"type": "wheel", "name": "spinner", "trigger_symbol": "F", "trigger_reels": [1, 3],
                       "in_free_spins": in_free, "jackpots": {"MINI": 10},
                       "rings": [{"name": "outer", "pockets": [{"pays_x_bet": 2, "weight": 2}, {"next": "inner"}]},
                                 {"name": "inner", "pockets": [{"pays_x_bet": 5}, {"jackpot": "MINI"}]}]})
        parts.append("wheel" + (" in free" if in_free else ""))
    picks = random.Random(seed * 7919 + 351)  # its own stream: the other blocks' draws stay as they were
    if picks.random() < 0.2:  # a pick bonus (issue 35 item 1): K on reels 1 and 3
        symbols.append({"id": "K", "kind": "bonus"})
        for name, strips in reel_sets.items():
            if name.startswith("base"):
                for r in (0, 2):
                    strips[r].insert(picks.randrange(min(len(strips[r]), 5) + 1), "K")
        game = picks.choice(("pick", "ladder", "lucky_slot"))
        bonus: dict[str, Any] = {"type": "pick_bonus", "name": "picks", "game": game, "trigger_symbol": "K",
                                 "trigger_reels": [1, 3]}
        if game == "pick":
            bonus.update(picks=picks.choice((0, 1, 2)),
                         prizes=[{"x_bet": 1, "count": 2}, {"multiplier": 2}, {"extra_picks": 1},
                                 {"x_bet": 3, "collect": True}])
        elif game == "ladder":
            bonus.update(player_takes=True, auto_take_at=picks.choice((0, 2)),
                         rungs=[{"x_bet": 1, "climb": 2, "fall": 1}, {"x_bet": 2, "climb": 1, "fall": 1, "fall_to": 1},
                                {"x_bet": 6}])
        else:
            bonus.update(reels=[{"stops": [{"x_bet": 1, "weight": 2}, {"x_bet": 2}]},
                                {"stops": [{"multiplier": 1}, {"multiplier": 3}]}])
        blocks.append(bonus)
        parts.append(f"pick bonus {game}")
    if rng.random() < 0.15:  # a reel full of D holds while the others respin on the respin set
        symbols.append({"id": "D", "kind": "wild"})
        reel_sets["base"][1][0:0] = ["D"] * rows  # in front: trimming a strip to 6 keeps it
        reel_sets["respin"] = [_strip(rng, base_pool, 2), ["D"] * rows, _strip(rng, base_pool, 2)]
        blocks.append({"type": "wild_respin", "name": "respin", "symbol": "D", "reel": 2, "reel_set": "respin",
                       "respins": rng.choice((1, 2))})
        parts.append("wild respin")
    if rng.random() < 0.12:
        blocks.append({"type": "paid_respin", "price_rtp": "90%"})
        parts.append("paid respin")
    # issue 35's fill multiplier, from a generator of its own (every earlier seed draws the same game);
    # never beside another win modifier in its spins (the loader refuses that meeting), nor after a
    # screen modifier (par would estimate that meeting by simulation: too slow for the quick seeds)
    filler = random.Random(seed * 7919 + 36)
    others = {b["type"] for b in blocks}
    if filler.random() < 0.2 and not others & {"multiplier_wilds", "mystery_symbol", "expanding_wild"}:
        modes = ["base"] if book_block is not None else filler.choice(modes_choice)
        blocks.append({"type": "fill_multiplier", "symbols": filler.choice((["A"], ["A", "B"])),
                       "reels": filler.choice(("from_left", "any")), "wilds_substitute": filler.random() < 0.5,
                       "multipliers": {2: 2, 3: filler.choice((3, 5))}, "modes": modes})
        parts.append(f"fill{modes}")
    # issue 35's wilds multiplying every win: each MX on the screen doubles or adds x2 (its own generator)
    doubler = random.Random(seed * 7919 + 38)
    if doubler.random() < 0.15 and not {b["type"] for b in blocks} & {"multiplier_wilds", "mystery_symbol",
                                                                      "expanding_wild", "fill_multiplier"}:
        modes = ["base"] if book_block is not None else doubler.choice(modes_choice)
        symbols.append({"id": "MX", "kind": "wild"})
        for mode in modes:
            for name, strips in reel_sets.items():
                if name.startswith(mode):
                    strips[doubler.choice((0, 2))].append("MX")
        blocks.append({"type": "screen_wild_multiplier", "symbol": "MX", "value": 2,
                       "combine": doubler.choice(("multiply", "add")), "scatter_pays": doubler.random() < 0.7,
                       "modes": modes})
        parts.append(f"screen wilds{modes}")
    # issue 35's random multiplier per spin (its own generator), alone among win modifiers in its spins
    drawer = random.Random(seed * 7919 + 39)
    if drawer.random() < 0.15 and not {b["type"] for b in blocks} & {
            "multiplier_wilds", "mystery_symbol", "expanding_wild", "fill_multiplier", "screen_wild_multiplier"}:
        modes = ["base"] if book_block is not None else drawer.choice(modes_choice)
        blocks.append({"type": "random_multiplier", "modes": modes, "scatter_pays": drawer.random() < 0.5,
                       "multipliers": [{"value": 1, "weight": 2}, {"value": drawer.choice((2, 3)), "weight": 1}]})
        parts.append(f"random mult{modes}")
    # the screen and win blocks may be listed in any order: blocks act in their listed order
    if rng.random() < 0.3:
        rng.shuffle(blocks)
        parts.append("shuffled")
    features.extend(blocks)
    if book_block is not None:
        features.append(book_block)
    _kept_blocks(random.Random(seed * 7919 + 35), features, parts)  # its own stream: the rest stays as drawn
    for name, strips in reel_sets.items():  # strips of 2+ distinct stops, at most 6
        for r, strip in enumerate(strips):
            if name == "respin" and r == 1:
                continue
            del strip[6:]
            if len(strip) < 2:
                strip.append("A" if r % 2 else "B")
    for sym in symbols:  # every symbol on some strip, or the loader says so
        sid = sym["id"]
        if sid not in {s for strips in reel_sets.values() for strip in strips for s in strip}:
            reel_sets["base"][0][0] = sid if sym.get("kind") not in {"wild"} else reel_sets["base"][0][0]
    lines = [[0, 0, 0]] if rows == 1 else [[0, 0, 0], [1, 1, 1]]
    # issue 35's mixed pays (any bar), from a generator of its own: any mix of A and B pays
    if random.Random(seed * 7919 + 37).random() < 0.2:
        top["pay_groups"] = [{"id": "ANY", "symbols": ["A", "B"], "pays": {2: 1, 3: 2}}]
        parts.append("any A/B")
    doc: dict[str, Any] = {
        "format": 1, "id": "fuzz", "name": f"fuzz {seed}", "grid": {"reels": 3, "rows": rows},
        "symbols": symbols, "reels": {k: [" ".join(s) for s in v] for k, v in reel_sets.items()},
        "lines": lines, "pays": pays,
        "bet": {"currency": "EUR", "minor_units": 2, "coin_values": ["0.10"], "lines": [len(lines)]},
        **top, "features": features,
    }
    return ", ".join(parts) or "plain", yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200)


def random_board_game(seed: int) -> tuple[str, str]:
    """(a short description, YAML text) of a toy hold-and-respin game drawn by ``seed``: a
    3-reel base game whose coins open one or two tiny boards with random cell rules (prizes,
    respins, resets, jackpots, multipliers of both kinds, collectors, fill awards, a trigger
    chance below 1, start cells, strips per board, reel or cell), sometimes inside free spins."""
    rng = random.Random(seed)
    parts: list[str] = []
    symbols: list[dict[str, Any]] = [
        {"id": "A"}, {"id": "B"}, {"id": "W", "kind": "wild"}, {"id": "BLANK", "kind": "blank"},
        {"id": "C", "kind": "bonus", "prizes": [{"value": 1, "weight": 2}, {"value": 3, "weight": 1}]},
    ]
    pays = {"A": {2: 1, 3: 4}, "B": {3: 3}}
    base = [["A", "B", "C"], ["A", "W", "C", "B"], ["B", "C", "A"]]
    trigger_symbols: dict[str, int] = {"C": 1}
    if rng.random() < 0.3:
        symbols.append({"id": "G", "kind": "bonus", "prizes": [{"value": 2}]})
        trigger_symbols["G"] = 2
        base[1].append("G")
        parts.append("golden counts 2")
    chance = rng.choice((1, 1, "1/2"))
    feature: dict[str, Any] = {"type": "hold_and_respin", "name": "coins", "trigger_symbols": trigger_symbols,
                               "trigger_counts": {2: chance}, "respins": rng.choice((1, 2))}
    if chance != 1:
        parts.append("chance 1/2")
    cells: list[dict[str, Any]] = [{"symbol": "C", "resets_respins": rng.random() < 0.3}]
    if "G" in trigger_symbols:
        cells.append({"symbol": "G"})
    pool = ["C"]
    if rng.random() < 0.4:
        symbols.append({"id": "PLUS", "kind": "bonus"})
        cells.append({"symbol": "PLUS", "respins": 1, "hold": rng.random() < 0.7})
        pool.append("PLUS")
        parts.append("+1 respin")
    jackpots: dict[str, int] = {}
    if rng.random() < 0.3:
        symbols.append({"id": "J", "kind": "bonus"})
        jackpots["MINI"] = 10
        cells.append({"symbol": "J", "jackpot": "MINI", "hold": rng.random() < 0.5})
        pool.append("J")
        parts.append("jackpot")
    if rng.random() < 0.3:
        symbols.append({"id": "X", "kind": "bonus", "multipliers": [{"value": 2, "weight": 2}, {"value": 3}]})
        cells.append({"symbol": "X", "multiply": True, "hold": rng.random() < 0.5})
        pool.append("X")
        parts.append("prize multiplier")
    reels = rng.choice((1, 2, 3))
    rows = 1 if reels > 1 else rng.choice((2, 3))
    if rng.random() < 0.25:
        symbols.append({"id": "MX", "kind": "bonus"})
        cells.append({"symbol": "MX", "hold": False, "cell_multiplier": 1})
        pool.append("MX")
        parts.append("cell multiplier")
    if reels >= 2 and rng.random() < 0.3:
        symbols.append({"id": "COL", "kind": "bonus"})
        cells.append({"symbol": "COL", "resets_respins": rng.random() < 0.5, "collects_reels": [1]})
        pool.append("COL")
        parts.append("collector")
    board: dict[str, Any] = {"name": "ONE", "reels": reels, "rows": rows}
    how = rng.choice(("strip", "strip", "reel_strips", "cell_strips"))
    if how == "strip":
        board["strip"] = " ".join(["BLANK", *rng.sample(pool, min(len(pool), 2))])
    elif how == "reel_strips":
        board["reel_strips"] = [" ".join(["BLANK", rng.choice(pool)]) for _ in range(reels)]
    else:
        board["cell_strips"] = [" ".join(["BLANK", rng.choice(pool)]) for _ in range(reels * rows)]
    parts.append(f"board {reels}x{rows} by {how}")
    if how == "strip" and "C" not in board["strip"].split():
        board["strip"] += " C"
    elif how != "strip":
        board[how][0] += " C"  # the start and placed coins need a cell whose strip holds them
    if rng.random() < 0.5:
        board["fill_x_bet"] = 5
        parts.append("fill award")
    boards = [board]
    if rng.random() < 0.25:
        boards.append({"name": "TWO", "reels": 1, "rows": 2, "strip": "BLANK C", "fill_x_bet": 2})
        parts.append("two boards")
    feature["boards"] = boards
    on_boards = {s for b in boards for text in [b.get("strip", ""), *b.get("reel_strips", []),
                                                 *b.get("cell_strips", [])] for s in text.split()}
    cells = [c for c in cells if c["symbol"] in on_boards or c["symbol"] in trigger_symbols]
    feature["cells"] = cells
    if jackpots:
        feature["jackpots"] = jackpots
    if rng.random() < 0.5:
        feature["place_symbol"] = "C"
        parts.append("placed")
    else:
        feature["start"] = [{"symbol": "C"}]
    reel_sets: dict[str, list[list[str]]] = {"base": base}
    features: list[dict[str, Any]] = []
    if rng.random() < 0.3:
        symbols.append({"id": "S", "kind": "scatter"})
        for strip in base:
            strip.append("S")
        reel_sets["free"] = [["A", "C"], ["W", "B", "C"], ["C", "A"]]
        features.append({"type": "free_spins", "trigger_symbol": "S", "awards": {3: 1}, "retrigger": False,
                         "reel_sets": [{"set": "free"}], "win_multiplier": 2})
        feature["in_free_spins"] = True
        parts.append("in free spins")
    features.append(feature)
    used = {s for strips in reel_sets.values() for strip in strips for s in strip} | {
        s for b in boards for text in [b.get("strip", ""), *b.get("reel_strips", []), *b.get("cell_strips", [])]
        for s in text.split()}
    used |= {c["symbol"] for c in cells}
    symbols = [s for s in symbols if s["id"] in used or s["id"] in {"A", "B", "W"}]
    doc: dict[str, Any] = {
        "format": 1, "id": "fuzzboard", "name": f"board fuzz {seed}", "grid": {"reels": 3, "rows": 1},
        "symbols": symbols, "reels": {k: [" ".join(s) for s in v] for k, v in reel_sets.items()},
        "lines": [[0, 0, 0]], "pays": pays,
        "bet": {"currency": "EUR", "minor_units": 2, "coin_values": ["0.10"], "lines": [1]},
        "features": features,
    }
    return ", ".join(parts), yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200)


def random_meeting_game(seed: int) -> tuple[str, str]:
    """(a short description, YAML text) of a toy game drawn by ``seed`` around the meetings of
    issue 37: a spin multiplier that is not whole on a small coin (the loader refuses one that
    would make a fraction of a minor unit), a second free-spins feature that starts in the
    first one's spins (and, drawn, the first one's retrigger landing in the second's spins), a
    paid respin after a mystery reveal, and a board inside free spins with multipliers (an
    estimate that must name itself)."""
    rng = random.Random(seed)
    parts: list[str] = []
    symbols: list[dict[str, Any]] = [{"id": "A"}, {"id": "B"}, {"id": "W", "kind": "wild"},
                                     {"id": "S", "kind": "scatter"}]
    pays: dict[str, dict[int, Any]] = {"A": {2: 1, 3: 4}, "B": {3: 3}, "S": {3: 2}}
    pool = ["A", "B", "W"]
    reels: dict[str, list[list[str]]] = {"base": [_strip(rng, pool, rng.randint(2, 3)) + ["S"] for _ in range(3)],
                                         "free": [_strip(rng, pool, 2) for _ in range(3)]}
    coin = rng.choice(("0.01", "0.02", "0.04", "0.10"))
    parts.append(f"coin {coin}")
    fs: dict[str, Any] = {"type": "free_spins", "trigger_symbol": "S", "awards": {3: rng.choice((1, 2))},
                          "retrigger": False, "reel_sets": [{"set": "free"}]}
    if rng.random() < 0.6:
        value = rng.choice(("1.5", "2.5", "1.25", "3"))
        fs["spin_multipliers"] = [{"value": 1, "weight": 2}, {"value": value, "weight": 1}]
        parts.append(f"spin mult {value}")
    features: list[dict[str, Any]] = [fs]
    if rng.random() < 0.5:
        symbols.append({"id": "N", "kind": "bonus"})
        for strip in reels["free"]:
            strip.append("N")
        reels["silver"] = [_strip(rng, pool, 2) for _ in range(3)]
        features.append({"type": "free_spins", "name": "silver", "trigger_symbol": "N", "awards": {3: 1},
                         "retrigger_awards": {3: 1}, "reel_sets": [{"set": "silver"}],
                         "win_multiplier": rng.choice((2, 3))})
        parts.append("nested silver")
        if rng.random() < 0.4:  # the first feature's S lands in silver's spins: its retrigger
            fs.update({"retrigger": True, "retrigger_awards": {3: 1}})
            for strip in reels["silver"]:
                strip.append("S")
            parts.append("outer retrigger")
    if rng.random() < 0.5:
        symbols.append({"id": "M"})
        for r in (0, 1):
            reels["base"][r].insert(rng.randrange(len(reels["base"][r]) + 1), "M")
        features.insert(0, {"type": "mystery_symbol", "symbol": "M", "modes": ["base"],
                            "reveals": [{"symbol": "A", "weight": 2}, {"symbol": "B", "weight": 1},
                                        {"symbol": "W", "weight": 1}]})
        parts.append("mystery[base]")
        if rng.random() < 0.7:
            features.append({"type": "paid_respin", "price_rtp": "90%"})
            parts.append("paid respin")
    if rng.random() < 0.3:
        symbols += [{"id": "C", "kind": "bonus", "prizes": [{"value": 1}, {"value": 2}]},
                    {"id": "BLANK", "kind": "blank"}]
        for name in ("base", "free"):
            for r in (0, 1):
                reels[name][r].append("C")
        features.append({"type": "hold_and_respin", "name": "coins", "trigger_symbols": {"C": 1},
                         "trigger_counts": {2: 1}, "respins": 1, "in_free_spins": True, "place_symbol": "C",
                         "boards": [{"name": "ONE", "reels": 1, "rows": 3, "strip": "BLANK C"}],
                         "cells": [{"symbol": "C"}]})
        parts.append("board in free spins")
    doc: dict[str, Any] = {
        "format": 1, "id": "meet", "name": f"meeting {seed}", "grid": {"reels": 3, "rows": 1},
        "symbols": symbols, "reels": {k: [" ".join(s) for s in v] for k, v in reels.items()},
        "lines": [[0, 0, 0]], "pays": pays,
        "bet": {"currency": "EUR", "minor_units": 2, "coin_values": [coin], "lines": [1]},
        "features": features,
    }
    return ", ".join(parts), yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200)


PAY_MODELS = ("ways", "megaways", "anywhere", "cluster")


def random_pay_game(seed: int) -> tuple[str, str]:
    """``random_game(seed)`` played under a pay model drawn by ``seed`` (not lines): no paylines,
    a cost of 1 coin, both ways kept where the model has a direction; Megaways reels of 1 or 2
    rows drawn by weights the seed draws. A combination the model refuses is the loader's to say."""
    description, text = random_game(seed)
    rng = random.Random(f"pay model {seed}")
    model = PAY_MODELS[seed % len(PAY_MODELS)]
    doc = yaml.safe_load(text)
    # issue 35's line-only rules (they are priced on paylines; the loader refuses them elsewhere)
    doc["features"] = [f for f in doc["features"] if f["type"] not in LINES_ONLY_BLOCKS]
    doc.pop("pay_groups", None)
    description = ", ".join(d for d in description.split(", ") if not d.startswith(LINES_ONLY_WORDS)) or "plain"
    doc.pop("lines", None)
    doc["bet"].pop("lines", None)
    spec: dict[str, Any] = {"type": model, "cost": 1}
    if doc.pop("pay_direction", "left_to_right") == "both_ways" and model in ("ways", "megaways"):
        spec["direction"] = "both_ways"
    if model == "megaways":
        doc["grid"]["rows"] = 2
        spec["heights"] = [{1: rng.randint(1, 3), 2: rng.randint(1, 3)}]
    if model == "anywhere":
        for sym in doc["symbols"]:
            sym.pop("multiplier", None)
    doc["pay_model"] = spec
    return f"{model}: {description}", yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200)


def random_tumble_game(seed: int) -> tuple[str, str]:
    """``random_pay_game(seed)`` with a tumble block drawn by ``seed`` listed last (after the
    other win modifiers, as it asks): fill from the strip or by weights, a ladder, and at
    random multiplier symbols (sum or product, a running total in free spins), cell
    multipliers and triggers counted on every screen of a sequence."""
    description, text = random_pay_game(seed)
    rng = random.Random(f"tumble {seed}")
    doc = yaml.safe_load(text)
    parts = ["tumble"]
    paying = [s["id"] for s in doc["symbols"] if s.get("kind", "regular") == "regular"]
    entry: dict[str, Any] = {"type": "tumble", "ladder": rng.choice(([], [1, 2], [2, 3]))}
    if rng.random() < 0.5:
        entry["fill"] = "weights"
        entry["fill_weights"] = [{sid: rng.randint(1, 3) for sid in paying}]
        parts.append("weights")
    free = any(f.get("type") == "free_spins" for f in doc.get("features", []))
    if rng.random() < 0.5:
        doc["symbols"].append({"id": "X"})
        for strips in doc["reels"].values():
            strips[rng.randrange(len(strips))] += " X"
        if "fill_weights" in entry:
            entry["fill_weights"][0]["X"] = 1
        bombs: dict[str, Any] = {"symbol": "X", "values": {2: rng.randint(1, 3), 3: 1},
                                 "combine": rng.choice(("sum", "product"))}
        if free and bombs["combine"] == "sum" and rng.random() < 0.5:
            bombs["accumulate_in_free_spins"] = True
            parts.append("running total")
        entry["multiplier_symbols"] = bombs
        parts.append(f"bombs {bombs['combine']}")
    if rng.random() < 0.4:
        entry["cell_multipliers"] = {"first": 2, "cap": rng.choice((4, 8)), "combine": rng.choice(("sum", "product"))}
        parts.append("cells")
    if free and rng.random() < 0.5:
        entry["scatters_count"] = "every_screen"
        parts.append("every screen")
    entry["modes"] = ["base", "free"] if free and rng.random() < 0.6 else ["base"]
    doc.setdefault("features", []).append(entry)
    return f"{description}, {' '.join(parts)}[{','.join(entry['modes'])}]", yaml.safe_dump(
        doc, sort_keys=False, default_flow_style=None, width=200)


WILD_BLOCKS = frozenset({"multiplier_wilds", "expanding_wild", "screen_wild_multiplier", "wild_respin",
                         "sticky_wild_reels", "spreading_wild", "turn_wild"})


def random_centre_game(seed: int) -> tuple[str, str]:
    """``random_game(seed)`` paid from the centre reel outward (issue 35, Jewels' rule): the rule
    takes no wild and no pay group, so the wilds leave the game with the blocks that need one (a
    wild-scatter stays a plain scatter; a mystery reveals no wild; free spins lose their wild
    reels and exceptions). Doubles, free spins, levels, a wheel and the fill multiplier stay."""
    description, text = random_game(seed)
    doc = yaml.safe_load(text)
    wilds = {s["id"] for s in doc["symbols"] if s.get("kind") == "wild" and not s.get("scatter")}
    for sym in doc["symbols"]:
        if sym.get("scatter"):  # the book's wild-scatter: a scatter here
            sym["kind"] = "scatter"
            del sym["scatter"]
    doc["symbols"] = [s for s in doc["symbols"] if s["id"] not in wilds]
    for sid in wilds:
        doc["pays"].pop(sid, None)
    doc["reels"].pop("respin", None)
    for name, strips in doc["reels"].items():
        kept = [" ".join(x for x in strip.split() if x not in wilds) for strip in strips]
        doc["reels"][name] = [s if len(s.split()) >= 2 else " ".join([*s.split(), *(x for x in ("A", "B")
                                                                              if x not in s.split())][:2])
                              for s in kept]
    features = []
    for f in doc["features"]:
        if f["type"] in WILD_BLOCKS:
            continue
        if f["type"] == "mystery_symbol":
            f["reveals"] = [r for r in f["reveals"] if r["symbol"] not in wilds]
        if f["type"] == "fill_multiplier":
            f.pop("wilds_substitute", None)
        if f["type"] == "free_spins":
            for key in ("wild_reels", "wild_reels_spins", "multiplier_exceptions"):
                f.pop(key, None)
        if f["type"] == "progress_levels":  # no sticky wild reel without a wild
            f["levels"] = [lv for lv in f["levels"] if lv["unlock"] != "sticky_reel"]
            f["max_points"] = len(f["levels"])
        features.append(f)
    doc["features"] = features
    doc.pop("pay_groups", None)
    doc.pop("wild_multipliers", None)
    doc["pay_direction"] = "centre_out"
    words = ("W x", "W not", "mult wilds", "expanding", "screen wilds", "wild respin", "any A/B", "both ways",
             "wilds on reels", "x1 for 3 W", "S wild-scatter")
    parts = re.split(r", (?![^\[]*\])", description)  # not inside a list of modes
    description = ", ".join("levels" if d == "levels sticky" else d for d in parts if not d.startswith(words)) or "plain"
    return f"centre out: {description}", yaml.safe_dump(doc, sort_keys=False, default_flow_style=None, width=200)
