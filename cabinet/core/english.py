"""Small pieces of English for generated words: "a" or "an" before a word."""

from __future__ import annotations

_A_BEFORE = ("uni", "use", "usu", "eu", "one", "once")  # a vowel letter, a consonant sound
_AN_BEFORE = ("hour", "honest", "honour", "heir")  # a consonant letter, a vowel sound
_AN_LETTERS = frozenset("aefhilmnorsx")  # letters said with a vowel first ("an X", "an M")


def article(word: str) -> str:
    """The indefinite article for ``word`` as it is said: "an EPIC", "a KRAKEN", "an X"."""
    text = word.strip().lower()
    if not text:
        return "a"
    first = text.split()[0]
    if len(first) == 1 or (first.isalpha() and first.upper() == word.strip().split()[0] and len(first) <= 3
                           and not any(c in "aeiou" for c in first)):
        return "an" if first[0] in _AN_LETTERS else "a"  # said letter by letter: "an MX", "a B"
    if first.startswith(_A_BEFORE):
        return "a"
    if first.startswith(_AN_BEFORE):
        return "an"
    return "an" if first[0] in "aeiou" else "a"


def with_article(word: str) -> str:
    """``word`` after its article: "an EXPANDING WILD", "a KRAKEN WILD"."""
    return f"{article(word)} {word}"


def sentence_start(text: str) -> str:
    """``text`` with its first letter a capital (the rest as written)."""
    return text[:1].upper() + text[1:]
