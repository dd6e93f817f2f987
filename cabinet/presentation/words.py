"""The words a feature shows, from its YAML ``texts:`` map, with neutral defaults.

``words(params, "title", "BONUS WHEEL", ring="RING 2")`` is the feature's own ``texts:
{title: ...}`` if it gives one, else the default, with ``{ring}``-style placeholders filled
in (an unknown placeholder is left as written, so a typo shows on screen instead of
stopping the round). The keys each block reads, and their defaults, are listed in the
``texts`` field's documentation of its parameters (games/README.md).
"""

from __future__ import annotations

import string
from typing import Any


class _Keep(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def words(params: Any, key: str, default: str, **values: Any) -> str:
    texts = getattr(params, "texts", None) or {}
    template = str(texts.get(key, default))
    if not values or "{" not in template:
        return template
    try:
        return string.Formatter().vformat(template, (), _Keep(values))
    except (ValueError, IndexError, AttributeError, KeyError):  # a stray brace: the words as written
        return template
