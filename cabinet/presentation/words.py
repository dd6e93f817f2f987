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


SENTENCE_WORDS = 5  # words: a shorter text in capitals is a name or a label, not a sentence
KEPT_CAPITALS = frozenset({"RTP", "BAR", "OK", "PIN", "EUR", "USD", "GBP", "GRAND", "MAJOR", "MINOR", "MINI",
                           "BIG", "MEGA", "EPIC"})  # acronyms and the names of tiers and jackpots


def sentence_case(text: str) -> str:
    """Rules and help in sentence case (issue 36: capitals read as shouting in a paragraph):
    words written all in capitals are lowered, each sentence's first letter raised; names
    (``KEPT_CAPITALS``) and anything with a digit stay as written. A text with
    any small letter is the author's own case, and one of fewer than SENTENCE_WORDS words a
    name or a label ("ELECTRIC: TO RING 2"): both stay as they are."""
    if any(ch.islower() for ch in text) or len(text.split()) < SENTENCE_WORDS:
        return text
    out, start = [], True
    for word in text.split(" "):
        core = word.strip(".,:;!?()'\"")
        kept = core in KEPT_CAPITALS or any(ch.isdigit() for ch in core)
        lowered = word if kept else word.lower()
        if start and not kept and lowered:
            lowered = lowered[:1].upper() + lowered[1:]
        if lowered:
            start = lowered.rstrip("\"')").endswith((".", "!", "?"))
        out.append(lowered)
    return " ".join(out)
