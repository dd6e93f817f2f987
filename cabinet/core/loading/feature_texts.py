"""What the checks read of a feature block: the words its ``texts:`` may give and the
placeholders they may hold, the names its messages refer to, and which reel sets a round
plays on which kind of spin."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Any

from ..definition import Definition
from .common import _did_you_mean


def text_keys(params: Any) -> frozenset[str] | None:
    """The keys a block's ``texts:`` map may give: those its field's documentation names in
    backticks (None: the block has no ``texts`` field). One list, read by the loader and by
    the test that every word the screen asks for is documented."""
    for f in dataclasses.fields(params):
        if f.name == "texts":
            return frozenset(re.findall(r"`([a-z_0-9]+)`", str(f.metadata.get("doc", ""))))
    return None


def text_placeholders(params: Any) -> frozenset[str]:
    """The ``{name}`` placeholders a block's words may hold: those its ``texts`` field's
    documentation names (the screen fills them in; any other shows raw)."""
    for f in dataclasses.fields(params):
        if f.name == "texts":
            return frozenset(re.findall(r"\{([a-z_0-9]+)\}", str(f.metadata.get("doc", ""))))
    return frozenset()


def check_texts(params: Any, report: Callable[[tuple[Any, ...], str], None]) -> None:
    """A ``texts:`` key the block never shows is a typo: name it, with the closest key; so is a
    ``{placeholder}`` the screen never fills in (it would show as written)."""
    import string
    from difflib import get_close_matches

    allowed = text_keys(params)
    if not allowed:
        return
    fills = text_placeholders(params)
    for key, value in (getattr(params, "texts", {}) or {}).items():
        if key not in allowed:
            close = get_close_matches(key, sorted(allowed), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else f" (it shows: {', '.join(sorted(allowed))})"
            report(("texts", key, "__key__"), f"unknown text key '{key}'{hint}")
        try:
            named = [name for _, name, _, _ in string.Formatter().parse(str(value)) if name is not None]
        except ValueError as exc:  # a lone brace
            report(("texts", key), f"text '{key}' has a stray brace ({exc}): write {{{{ or }}}} for a brace shown as is")
            continue
        for name in named:
            if name not in fills:
                close = get_close_matches(name, sorted(fills), n=1)
                hint = f" (did you mean '{{{close[0]}}}'?)" if close else ""
                known = ", ".join(f"{{{f}}}" for f in sorted(fills)) or "none"
                report(("texts", key), f"unknown placeholder '{{{name}}}' in text '{key}'{hint}: the screen fills in "
                                       f"{known} and would show '{{{name}}}' as written")


# A block's "no ring is named 'X'" or "'X' is not a free_spins feature": the name referred to.
_NAME_REFERENCE = (re.compile(r"no (?P<kind>\w+) (?:is )?named '(?P<name>[^']*)'"),
                   re.compile(r"'(?P<name>[^']*)' is not an? (?:\w+ )?(?P<kind>\w+)"))


def _name_hint(defn: Definition, feature: Any, message: str) -> str:
    """Add "did you mean" to a block's complaint about a name that is not there: the closest of
    the names of that kind (rings, levels and boards of the block, features and jackpots)."""
    if "did you mean" in message:
        return message
    for pattern in _NAME_REFERENCE:
        found = pattern.search(message)
        if found is None:
            continue
        kind = found["kind"]
        if kind == "feature":
            names: list[str] = [f.name for f in defn.features]
        else:
            value = getattr(feature, f"{kind}s", None)
            if isinstance(value, dict):
                names = [str(k) for k in value]
            elif isinstance(value, tuple):
                names = [str(getattr(v, "name", "")) for v in value if getattr(v, "name", "")]
            else:
                names = []
        hint = _did_you_mean(found["name"], names)
        if hint:
            end = found.end()
            return message[:end] + hint + message[end:]
    return message


def reel_set_modes(defn: Definition) -> dict[str, set[str]]:
    """Each reel set a round plays, with the kinds of spin that play it (base, free, respin)."""
    played: dict[str, set[str]] = {}
    for choice in defn.base_game.reel_sets:
        played.setdefault(choice.set, set()).add("base")
    for f in defn.features:
        if f.type == "free_spins":
            for choice in getattr(f, "reel_sets", ()) or defn.base_game.reel_sets:
                played.setdefault(choice.set, set()).add("free")
        elif f.type == "wild_respin" and isinstance(respun := getattr(f, "reel_set", None), str):
            played.setdefault(respun, set()).add("respin")
        elif f.type == "paid_respin":
            for choice in defn.base_game.reel_sets:
                played.setdefault(choice.set, set()).add("respin")
    return played
