"""Bet modes and RTP variants: the one definition a mode and a variant play.

A game is one ``Definition``; a bet mode (``bet_modes:``: an ante, a bought feature, a
plain variation) and an RTP variant (``rtp_variants:``) each name what they change of it:
reel sets replaced by others, the base game's reel-set choice, a feature's parameters, the
round cap. ``resolve`` applies them and returns the definition that is played, priced and
simulated; every consumer (play, par, simulate, feel, diff, tune, scenario odds) runs on it,
so there is one copy of each rule.

Order: the variant first (it is the operator's choice of the game), then the mode (the
player's choice of how to bet on it). A mode's reel-set targets are read from the reels the
variant left.

``resolve`` is cached on the definition (its ``__dict__``, as ``compiled`` is), and a
resolved definition remembers its origin, so resolving it again for another mode starts from
the game as written.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .bet import Bet
from .definition import BASE_MODE, BaseGame, BetMode, Definition, RtpVariant
from .money import Money


class ModeError(ValueError):
    """A mode or variant the game does not have, or a bet a mode cannot charge exactly."""


def origin_of(defn: Definition) -> Definition:
    """The game as written that ``defn`` was resolved from (itself when it was not)."""
    found = defn.__dict__.get("_modes_origin")
    return defn if found is None else found


def is_resolved(defn: Definition) -> bool:
    """Made by ``resolve`` for a mode or variant (a copy of one, e.g. sent to a worker, too)."""
    return defn.resolved


def variant_named(defn: Definition, name: str | None) -> RtpVariant | None:
    """The variant ``name`` (None or "": the game's default variant; None when it has none)."""
    game = origin_of(defn)
    wanted = name or game.default_variant
    if not wanted:
        return None
    found = next((v for v in game.rtp_variants if v.name == wanted), None)
    if found is None:
        names = ", ".join(v.name for v in game.rtp_variants) or "none"
        raise ModeError(f"{game.name} has no RTP variant {wanted!r} (variants: {names})")
    return found


def mode_named(defn: Definition, name: str) -> BetMode:
    game = origin_of(defn)
    found = game.bet_mode(name or BASE_MODE)
    if found is None:
        names = ", ".join(m.name for m in game.bet_modes)
        raise ModeError(f"{game.name} has no bet mode {name!r} (modes: {names})")
    return found


def resolve(defn: Definition, *, mode: str = BASE_MODE, rtp_variant: str | None = None) -> Definition:
    """The definition that mode ``mode`` of variant ``rtp_variant`` (None: the default) plays."""
    game = origin_of(defn)
    variant = variant_named(game, rtp_variant)
    bet_mode = mode_named(game, mode)
    key = (bet_mode.name, variant.name if variant else "")
    cache: dict[tuple[str, str], Definition] = game.__dict__.setdefault("_modes_resolved", {})
    found = cache.get(key)
    if found is not None:
        return found
    if bet_mode.name == BASE_MODE and not _changes(variant):
        found = game  # the game as written: the same object, with its caches
    else:
        played = game
        if variant is not None:
            played = _apply(played, variant.reel_sets, variant.base_game, variant.features)
        played = _apply(played, bet_mode.reel_sets, bet_mode.base_game, bet_mode.features)
        found = dataclasses.replace(
            played,
            max_win_x=game.max_win_x if bet_mode.max_win_x is None else bet_mode.max_win_x,
            played_mode=bet_mode.name,
            played_variant=variant.name if variant else "",
            bought=bet_mode.buy or "",
            mode_cost=bet_mode.cost,
            resolved=True,
        )
        found.__dict__["_modes_origin"] = game
    cache[key] = found
    return found


def for_request(defn: Definition, mode: str, rtp_variant: str) -> Definition:
    """What a round request plays: a resolved definition plays its own mode unless the request
    names one; otherwise the request's mode of its variant (empty: the default)."""
    if is_resolved(defn) and mode == BASE_MODE and not rtp_variant:
        return defn
    return resolve(defn, mode=mode, rtp_variant=rtp_variant or None)


def _changes(variant: RtpVariant | None) -> bool:
    return variant is not None and bool(variant.reel_sets or variant.base_game or variant.features)


def _apply(
    defn: Definition,
    reel_sets: Mapping[str, str],
    base_game: BaseGame | None,
    features: Mapping[str, Mapping[str, Any]],
) -> Definition:
    changes: dict[str, Any] = {}
    if reel_sets:
        # the strips named on the right play under the name on the left ({base: base_ante});
        # read from the reels as they were, so a swap {a: b, b: a} swaps
        changes["reels"] = {**defn.reels, **{name: defn.reels[target] for name, target in reel_sets.items()}}
    if base_game is not None:
        changes["base_game"] = base_game
    if features:
        changes["features"] = tuple(
            dataclasses.replace(f, **features[f.name]) if f.name in features else f  # type: ignore[type-var]
            for f in defn.features
        )
    return dataclasses.replace(defn, **changes) if changes else defn


def cost_of(defn: Definition, mode: str | None = None) -> Fraction:
    """A mode's cost as a multiple of the base total bet (None: the mode ``defn`` plays)."""
    if mode is None:
        return defn.mode_cost
    return mode_named(defn, mode).cost


def mode_cost(defn: Definition, bet: Bet, mode: str | None = None) -> Money:
    """What a round of ``mode`` (None: the mode ``defn`` plays) charges at ``bet``, in minor units."""
    amount = cost_of(defn, mode) * bet.total
    if amount.denominator != 1:
        raise ModeError(f"mode {mode or defn.played_mode!r} costs {cost_of(defn, mode)} x {bet.total} minor units, "
                        "not a whole amount")
    return amount.numerator


def cap_amount(defn: Definition, bet: Bet) -> Money:
    """The round cap in minor units at ``bet`` (0: none): ``max_win_x`` x the base total bet."""
    return defn.max_win_x * bet.total if defn.max_win_x > 0 else 0


def buyable(defn: Definition, feature_name: str) -> bool:
    """Whether a buy mode can start the feature named ``feature_name``."""
    from .features import block

    params = next((f for f in defn.features if f.name == feature_name), None)
    entry = None if params is None else block(params.type)
    return entry is not None and params is not None and entry.bought(defn, params) is not None
