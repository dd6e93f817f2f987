"""Edit YAML text in place, by position, so everything else stays as written (a game file's
stops, kiosk.yaml's settings and its lists in flow or block form).

A tuned copy of a game must keep its comments, its quoting and its layout: only the
changed values differ. So nothing is dumped: the text is composed (``yaml.compose``
gives each node its start and end index in the text) and the changed spans are replaced,
last first so earlier indices stay valid. A strip's stops are the whitespace-separated
tokens of its scalar (``SYMBOL`` or a stack ``SYMBOL*N``), found in the raw text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import yaml

TOKEN = re.compile(r"[^\s\"']+")
STACK = re.compile(r"^(?P<id>[^*\s]+)(?:\*(?P<n>\d+))?$")


@dataclass(frozen=True)
class Span:
    start: int  # index in the text
    end: int
    text: str  # the replacement


@dataclass(frozen=True)
class StripToken:
    symbol: str
    size: int  # 1, or a stack's size
    first_stop: int  # the strip index of its first stop
    start: int  # where the token sits in the text
    end: int


def node_at(root: yaml.Node, path: Sequence[Any]) -> yaml.Node:
    """The node at ``path`` (mapping keys compared as their scalar text, list items by index)."""
    node = root
    for key in path:
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                if isinstance(k, yaml.ScalarNode) and k.value == str(key):
                    node = v
                    break
            else:
                raise KeyError(f"no key {key!r} at {list(path)}")
        elif isinstance(node, yaml.SequenceNode):
            node = node.value[int(key)]
        else:
            raise KeyError(f"{list(path)}: {key!r} is under a scalar")
    return node


def compose(text: str) -> yaml.Node:
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    if root is None:
        raise ValueError("the file is empty")
    return root


def strip_tokens(text: str, root: yaml.Node, reel_set: str, reel: int) -> list[StripToken]:
    """Every token of strip ``reel`` (0-based) of ``reel_set``, in order, with its span."""
    node = node_at(root, ("reels", reel_set, reel))
    pieces: list[tuple[int, int]] = []
    if isinstance(node, yaml.ScalarNode):
        raw = text[node.start_mark.index:node.end_mark.index]
        pieces = [(node.start_mark.index + m.start(), node.start_mark.index + m.end()) for m in TOKEN.finditer(raw)]
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            raw = text[item.start_mark.index:item.end_mark.index]
            pieces += [(item.start_mark.index + m.start(), item.start_mark.index + m.end()) for m in TOKEN.finditer(raw)]
    out: list[StripToken] = []
    stop = 0
    for start, end in pieces:
        match = STACK.match(text[start:end])
        if match is None:
            raise ValueError(f"cannot read strip token {text[start:end]!r}")
        size = int(match["n"] or 1)
        out.append(StripToken(match["id"], size, stop, start, end))
        stop += size
    return out


def apply(text: str, spans: Sequence[Span]) -> str:
    """``text`` with every span replaced (spans must not overlap)."""
    ordered = sorted(spans, key=lambda s: s.start, reverse=True)
    for a, b in zip(ordered, ordered[1:], strict=False):
        if b.end > a.start:
            raise ValueError("overlapping edits")
    for span in ordered:
        text = text[:span.start] + span.text + text[span.end:]
    return text


def stop_edits(text: str, changes: Sequence[tuple[str, int, int, str]]) -> str:
    """``text`` with single stops replaced: ``(reel_set, reel, stop, new_symbol)`` each. A stop
    inside a stack cannot be replaced alone (ValueError)."""
    root = compose(text)
    spans: list[Span] = []
    cache: dict[tuple[str, int], list[StripToken]] = {}
    for reel_set, reel, stop, symbol in changes:
        tokens = cache.setdefault((reel_set, reel), strip_tokens(text, root, reel_set, reel))
        token = next((t for t in tokens if t.first_stop <= stop < t.first_stop + t.size), None)
        if token is None:
            raise ValueError(f"{reel_set} reel {reel + 1} has no stop {stop}")
        if token.size != 1:
            raise ValueError(f"{reel_set} reel {reel + 1} stop {stop} is inside a stack of {token.size}")
        spans.append(Span(token.start, token.end, symbol))
    return apply(text, spans)


PLAIN_ITEM = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")


def scalar_text(value: str) -> str:
    """``value`` as a YAML scalar: plain when that reads back as the same string, else double-quoted."""
    plain = PLAIN_ITEM.fullmatch(value) is not None and yaml.safe_load(value) == value
    return value if plain else json.dumps(value)


def value_span(text: str, node: yaml.Node, value: str) -> Span:
    """The edit that sets a mapping value ``node`` to ``value`` (YAML text). An empty value (``key:``
    with nothing after it) gets a space first: ``key:[a]`` would be one plain scalar."""
    start, end = node.start_mark.index, node.end_mark.index
    if start == end:
        return Span(start, end, " " + value)
    return Span(start, end, value)


def block_list_span(text: str, node: yaml.SequenceNode, items: Sequence[str]) -> Span:
    """The edit that makes the block list ``node`` (``- a`` lines) hold ``items`` in that order.

    The list stays a block list in its own indentation. An item that stays keeps its whole line
    (its inline comment too) and the comment lines just above it; a new one is ``- item``; the
    comments of an item taken out (above it and inline) stay, as lines after the list. ValueError when an item is not one
    line of its own (``-`` then the value on the next line, a nested list): that form is left to
    the hand that wrote it."""
    if not node.value:
        raise ValueError("an empty block list")
    starts = [text.rfind("\n", 0, item.start_mark.index) + 1 for item in node.value]
    for item, line_start in zip(node.value, starts, strict=True):
        head = text[line_start:item.start_mark.index]
        if not isinstance(item, yaml.ScalarNode) or item.start_mark.line != item.end_mark.line \
                or head.strip() != "-":
            raise ValueError(f"line {item.start_mark.line + 1}: an item that is not '- value' on one line")
    indent = text[starts[0]:node.value[0].start_mark.index].split("-")[0]
    region_end = text.find("\n", node.value[-1].end_mark.index)
    region_end = len(text) if region_end < 0 else region_end
    # Each item's chunk: its comment lines above it (after the previous item's line) and its own line.
    chunks: list[tuple[str, list[str], str, str]] = []  # (value, comment lines, its line, its inline comment)
    previous_end = starts[0]
    for item, line_start in zip(node.value, starts, strict=True):
        line_end = text.find("\n", item.end_mark.index)
        line_end = len(text) if line_end < 0 else line_end
        between = text[previous_end:line_start].split("\n")
        comments = [line for line in between if line.strip()]
        inline = text[item.end_mark.index:line_end].strip()
        chunks.append((str(item.value), comments, text[line_start:line_end],
                       f"{indent}{inline}" if inline.startswith("#") else ""))
        previous_end = line_end + 1
    unused = list(chunks)
    lines: list[str] = []
    for value in items:
        found = next((c for c in unused if c[0] == value), None)
        if found is None:
            lines.append(f"{indent}- {scalar_text(value)}")
            continue
        unused.remove(found)
        lines += found[1] + [found[2]]
    lines += [comment for chunk in unused for comment in [*chunk[1], chunk[3]] if comment]
    if not lines:
        raise ValueError("a block list cannot be empty")
    body = "\n".join(lines)
    return Span(starts[0], region_end, body)
