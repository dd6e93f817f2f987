"""Reading and checking ``bet_modes:``, ``rtp_variants:`` and ``max_win_x:`` (the loader's part).

The loader converts both lists by their dataclasses (``BetMode``, ``RtpVariant``) like every
other section, except each entry's ``features:`` map: a partial map of a feature's
parameters, whose types are those of the feature it names, which may be written further down
the file. The loader keeps those maps as nodes (``raw_params``) and ``finish`` converts them
once the features are known, so every problem keeps its file:line:col.

The checks (``CHECKS``) run with the loader's other consistency checks: names, kinds, the
feature a buy starts, costs that keep every offered bet whole, reel sets that exist, and each
resolved definition's overridden features checked by their own block.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from yaml.nodes import MappingNode, Node, ScalarNode

from .definition import BASE_MODE, Definition

Path_ = tuple[Any, ...]


class _Loader(Protocol):  # what this module uses of ``loader._Load``
    where: dict[Path_, Any]
    key_where: dict[Path_, Any]

    def error(self, where: Any, message: str) -> None: ...
    def convert(self, node: Node, hint: Any, path: Path_) -> Any: ...
    def pairs(self, node: MappingNode, depth: int = 0) -> list[tuple[Node, Node]]: ...
    def describe(self, node: Node) -> str: ...
    def pos(self, node: Node) -> Any: ...
    def is_bad(self, value: Any) -> bool: ...


class _Checks(Protocol):  # what this module uses of ``loader._Checks``
    d: Definition

    def report(self, path: Path_, message: str) -> None: ...
    def report_key(self, path: Path_, message: str) -> None: ...


@dataclass(frozen=True)
class RawParams:
    """A feature's partial parameters as written, converted by ``finish``."""

    node: MappingNode
    path: Path_


def raw_params(load: _Loader, node: Node, path: Path_) -> dict[str, RawParams] | None:
    """``features: {name: {param: value}}`` of a mode or variant, kept as nodes for ``finish``
    (None: not a mapping, reported)."""
    if not isinstance(node, MappingNode):
        load.error(node, f"expected a mapping of feature names to their parameters, got {load.describe(node)}")
        return None
    out: dict[str, RawParams] = {}
    for key_node, value_node in load.pairs(node):
        if not isinstance(key_node, ScalarNode):
            load.error(key_node, "a feature's name must be plain text")
            continue
        name = key_node.value
        if name in out:
            load.error(key_node, f"duplicate key '{name}'")
            continue
        load.key_where[(*path, name)] = load.pos(key_node)
        load.where[(*path, name)] = load.pos(value_node)
        if not isinstance(value_node, MappingNode):
            load.error(value_node, f"the parameters of '{name}' must be a mapping (e.g. {{spins: 12}}), "
                       f"got {load.describe(value_node)}")
            continue
        out[name] = RawParams(value_node, (*path, name))
    return out


def finish(load: _Loader, defn: Definition) -> Definition:
    """Convert each mode's and variant's raw feature parameters against the feature they name."""
    by_name = {f.name: f for f in defn.features}

    def convert(raw: Any) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for name, params in raw.items():
            if not isinstance(params, RawParams):  # already converted (a definition built in code)
                out[name] = params
                continue
            feature = by_name.get(name)
            if feature is None:
                names = ", ".join(f"'{n}'" for n in by_name) or "none"
                load.error(load.key_where[params.path], f"no feature named '{name}' (features: {names})")
                continue
            cls: Any = type(feature)
            hints = typing.get_type_hints(cls, include_extras=True)
            fields = {f.name for f in dataclasses.fields(cls)}
            values: dict[str, Any] = {}
            for key_node, value_node in load.pairs(params.node):
                key = key_node.value if isinstance(key_node, ScalarNode) else None
                if key in ("type", "name"):
                    load.error(key_node, f"a mode cannot change a feature's '{key}'")
                    continue
                if key not in fields:
                    load.error(key_node, f"'{key}' is not a parameter of {feature.type} '{name}'")
                    continue
                value = load.convert(value_node, hints[key], (*params.path, key))
                if not load.is_bad(value):
                    values[key] = value
            out[name] = values
        return out

    modes = tuple(dataclasses.replace(m, features=convert(m.features)) if m.features else m for m in defn.bet_modes)
    variants = tuple(dataclasses.replace(v, features=convert(v.features)) if v.features else v
                     for v in defn.rtp_variants)
    return dataclasses.replace(defn, bet_modes=modes, rtp_variants=variants)


# --- checks -----------------------------------------------------------------------------------------


def _path_of_mode(defn: Definition, i: int) -> Path_:
    return ("bet_modes", i - 1)  # the base mode is prepended: entry i of the tuple is entry i-1 of the file


def check_modes(c: _Checks) -> None:
    from .modes import buyable

    d = c.d
    if d.max_win_x < 0:
        c.report(("max_win_x",), f"max_win_x must be 0 (no cap) or a positive multiple of the bet, got {d.max_win_x}")
    seen: dict[str, int] = {}
    features = {f.name for f in d.features}
    for i, mode in enumerate(d.bet_modes[1:], start=1):
        p = _path_of_mode(d, i)
        if mode.name == BASE_MODE or mode.kind == "base":
            c.report((*p, "name") if mode.name == BASE_MODE else (*p, "kind"),
                     "'base' is the game as written, always there; give this mode another name and kind "
                     "(ante, buy or plain)")
        if not mode.name.strip() or not mode.name.replace("_", "").replace("-", "").isalnum():
            c.report((*p, "name"), f"a mode's name is letters, digits, '_' or '-', got '{mode.name}'")
        if mode.name in seen:
            c.report((*p, "name"), f"two bet modes are named '{mode.name}'; give each a unique name")
        seen.setdefault(mode.name, i)
        if mode.cost <= 0:
            c.report((*p, "cost"), f"a mode's cost is a positive multiple of the bet, got {mode.cost}")
        if mode.max_win_x is not None and mode.max_win_x < 0:
            c.report((*p, "max_win_x"), "max_win_x must be 0 (no cap), a positive multiple or null (the game's)")
        if mode.kind == "buy":
            if not mode.buy:
                c.report((*p, "kind"), f"buy mode '{mode.name}' needs 'buy:' naming the feature it starts "
                         f"(features: {', '.join(sorted(features)) or 'none'})")
            elif mode.buy not in features:
                c.report((*p, "buy"), f"no feature named '{mode.buy}' (features: {', '.join(sorted(features)) or 'none'})")
            elif not buyable(d, mode.buy):
                c.report((*p, "buy"), f"feature '{mode.buy}' cannot be bought (its block has no bought start)")
        elif mode.buy:
            c.report((*p, "buy"), f"only a buy mode starts a feature at once; '{mode.name}' is {mode.kind}")
        _check_reel_sets(c, p, mode.reel_sets)
        _check_cost_exact(c, p, mode.cost)
    names: dict[str, int] = {}
    for j, variant in enumerate(d.rtp_variants):
        p = ("rtp_variants", j)
        if variant.name in names:
            c.report((*p, "name"), f"two RTP variants are named '{variant.name}'")
        names.setdefault(variant.name, j)
        if not variant.name.strip():
            c.report((*p, "name"), "an RTP variant needs a name (e.g. '94')")
        if not 0 < variant.rtp <= 1:
            c.report((*p, "rtp"), "an RTP variant's rtp is above 0% and at most 100%, e.g. '94%'")
        _check_reel_sets(c, p, variant.reel_sets)
    if d.default_variant is not None and d.default_variant not in names:
        listed = ", ".join(f"'{n}'" for n in names) or "none"
        c.report(("default_variant",), f"no RTP variant named '{d.default_variant}' (variants: {listed})")
    _check_resolved(c)


def _check_reel_sets(c: _Checks, p: Path_, reel_sets: dict[str, str]) -> None:
    known = c.d.reels
    for name, target in reel_sets.items():
        if name not in known:
            c.report_key((*p, "reel_sets", name), f"no reel set named '{name}' under reels to replace")
        if target not in known:
            c.report((*p, "reel_sets", name), f"no reel set named '{target}' under reels")


def _check_cost_exact(c: _Checks, p: Path_, cost: Fraction) -> None:
    """Every offered bet times the cost is a whole number of minor units: no rounding, ever."""
    from .bet import all_bets
    from .money import money_str

    if cost <= 0 or cost.denominator == 1:
        return
    try:
        bets = all_bets(c.d)
    except (ValueError, ZeroDivisionError):
        return
    bad = next((b for b in bets if (cost * b.total).denominator != 1), None)
    if bad is not None:
        mu = c.d.bet.minor_units
        c.report((*p, "cost"), f"cost {cost} x a total bet of {money_str(bad.total, mu)} is "
                 f"{money_str(cost * bad.total // 1, mu)} and a fraction of a minor unit: choose a cost that "
                 "keeps every offered bet whole (or offer other bets)")


def _check_resolved(c: _Checks) -> None:
    """Each overridden feature, as a mode or variant plays it, passes its own block's check."""
    from .features import block
    from .modes import ModeError, resolve

    d = c.d
    entries: list[tuple[Path_, str, str | None]] = [
        (_path_of_mode(d, i), m.name, None) for i, m in enumerate(d.bet_modes) if i and m.features
    ]
    entries += [(("rtp_variants", j), BASE_MODE, v.name) for j, v in enumerate(d.rtp_variants) if v.features]
    for p, mode, variant in entries:
        try:
            played = resolve(d, mode=mode, rtp_variant=variant)
        except (ModeError, KeyError, TypeError, ValueError):
            continue  # the names' own checks report it
        overridden = (d.bet_mode(mode).features if variant is None else  # type: ignore[union-attr]
                      next(v for v in d.rtp_variants if v.name == variant).features)
        for f in played.features:
            if f.name not in overridden:
                continue
            entry = block(f.type)
            if entry is None:
                continue

            def report(sub: tuple[Any, ...], message: str, p: Path_ = p, name: str = f.name) -> None:
                if sub and sub[-1] == "__key__":
                    sub = sub[:-1]
                c.report((*p, "features", name, *sub), f"as this mode plays it: {message}")

            try:
                entry.check(played, f, report)
            except ValueError as exc:
                report((), str(exc))


CHECKS: tuple[tuple[tuple[str, ...], Callable[[Any], None]], ...] = (
    (("bet_modes", "rtp_variants", "default_variant", "max_win_x", "features", "reels", "bet"), check_modes),
)
