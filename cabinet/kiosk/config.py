"""The kiosk's settings: ``<data-dir>/kiosk.yaml`` (or ``cabinet kiosk --config FILE``).

    idle_seconds: 60          # no input for this long: the attract show starts (5 to 86400)
    start: lobby              # 'lobby', or the id of the game to open at start
    games: [classic, happy-riches]   # the lobby's games in order (default: every game in games/)
    start_credits: "100.00"   # a new cabinet's balance, in each game's currency (major units)
    attract: true             # false: never play by itself
    exit_keys: [left ctrl, left alt, q]   # the operator's way out: held together ...
    exit_pad: []              # ... or these pad buttons on one pad, e.g. [back, start, leftshoulder]
    exit_hold_seconds: 5      # ... for this long (2 to 60); SIGTERM also stops the kiosk cleanly
    operator_pin: "scrypt$..."  # the operator menu's PIN as a salted hash (cabinet kiosk pin); none: no PIN
    volume: 80                # master volume, 0 to 100
    buy_features: true        # false: BUY FEATURE is hidden and refused (some jurisdictions ban buys)
    rtp_variants: {classic: "94"}   # per game, the RTP variant played (one its YAML lists); absent: its default
    jackpots:                 # per progressive pool (the `pool:` its games name): the operator's terms,
      kiosk_grand: {seed: 50000, reset: 50000, cap: 500000}   # minor units (cap 0 or absent: none)

``jackpots`` wins over every game's own seed, reset and cap for that pool (the share of each
bet that feeds it stays each game's). A running pool keeps its value: a new reset applies from
the next hit, a cap below the value caps it at once and the excess goes to the pool's reserve
(``cabinet/services/jackpot_pool.py``, ``Pool.retune``).

Window-close requests (Alt+F4, the close button) are ignored and logged in a kiosk
(``cabinet/kiosk/operator_exit.py``). A combination needs two keys or buttons at
least, so no single held button ends the kiosk; ``[]`` turns that way out off.

Every key is optional. Each problem is reported as ``path:LINE:COL: message`` (all of
them at once, like a game definition), and the kiosk does not start on a file with
problems: an operator sees the mistake at installation, not days later.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from cabinet.core.loader import Issue
from cabinet.errors import CabinetError
from cabinet.services.jackpot_pool import PoolTerms

from .operator_exit import DEFAULT_EXIT_KEYS, DEFAULT_HOLD_SECONDS, MAX_HOLD_SECONDS, MIN_HOLD_SECONDS

CONFIG_NAME = "kiosk.yaml"
MIN_IDLE, MAX_IDLE = 5.0, 86_400.0
KEYS = ("idle_seconds", "start", "games", "start_credits", "attract", "exit_keys", "exit_pad",
        "exit_hold_seconds", "operator_pin", "volume", "buy_features", "rtp_variants", "jackpots")
TERM_KEYS = ("seed", "reset", "cap")


@dataclass(frozen=True)
class KioskConfig:
    idle_seconds: float = 60.0
    start: str = "lobby"
    games: tuple[str, ...] = ()  # empty: every game in games/
    start_credits: str | None = None  # None: each game's demo balance
    attract: bool = True
    exit_keys: tuple[str, ...] = DEFAULT_EXIT_KEYS  # SDL key names held together to leave
    exit_pad: tuple[str, ...] = ()  # pad buttons held together on one pad (empty: no pad exit)
    exit_hold_seconds: float = DEFAULT_HOLD_SECONDS
    operator_pin: str | None = None  # the PIN's salted hash (cabinet/kiosk/pin.py); None: no PIN
    volume: int | None = None  # master volume, percent (None: the player settings' own)
    buy_features: bool = True  # False: no game offers its buy modes (BUY FEATURE hidden and refused)
    rtp_variants: tuple[tuple[str, str], ...] = ()  # (game id, RTP variant name); a game not listed: its default
    jackpots: tuple[tuple[str, PoolTerms], ...] = ()  # (pool name, the operator's terms); a pool not listed: its games'
    source: str = field(default="(defaults)", compare=False)

    @property
    def lobby(self) -> bool:
        return self.start == "lobby"

    def jackpot_terms(self) -> dict[str, PoolTerms]:
        """The operator's terms by pool name (empty: every pool on its games' terms)."""
        return dict(self.jackpots)

    def variant_of(self, game: str) -> str:
        """The RTP variant the kiosk plays ``game`` at ("" : the game's default)."""
        return dict(self.rtp_variants).get(game, "")


class KioskConfigError(CabinetError):
    exit_code = 2

    def __init__(self, issues: list[Issue]) -> None:
        self.issues = issues
        super().__init__("\n".join(str(i) for i in issues))


def _issue(path: str, node: Node, message: str) -> Issue:
    return Issue(path, node.start_mark.line + 1, node.start_mark.column + 1, message)


def _known_game(name: str) -> str | None:
    """None when ``name`` resolves to a game file; else why not."""
    from cabinet.core.loader import resolve_game

    try:
        resolve_game(name)
    except CabinetError as exc:
        return str(exc)
    return None


def _compose(text: str, path: str) -> Node | None:
    """The YAML node tree of ``text``; KioskConfigError (file:line:col) when it is not YAML."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)  # type: ignore[no-any-return]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise KioskConfigError([Issue(path, line, col, f"not valid YAML: {getattr(exc, 'problem', exc)}")]) from None
    except RecursionError:  # a hand (or a disk error) nested it thousands deep
        raise KioskConfigError([Issue(path, 1, 1, "not a kiosk config: nested too deeply")]) from None


def parse_config(text: str, path: str) -> KioskConfig:
    issues: list[Issue] = []
    root = _compose(text, path)
    if root is None:
        return KioskConfig(source=path)
    if not isinstance(root, MappingNode):
        raise KioskConfigError([_issue(path, root, "expected a mapping such as 'idle_seconds: 60'")])
    values: dict[str, object] = {}
    seen: set[str] = set()
    for key_node, node in root.value:
        key = key_node.value if isinstance(key_node, ScalarNode) else ""
        if key not in KEYS:
            hint = _hint(key)
            issues.append(_issue(path, key_node, f"unknown setting {key!r}{hint}; known: {', '.join(KEYS)}"))
            continue
        if key in seen:
            issues.append(_issue(path, key_node, f"'{key}' is set twice"))
            continue
        seen.add(key)
        value = _value(key, node, path, issues)
        if value is not None:
            values[key] = value
    games = values.get("games", ())
    start = values.get("start", "lobby")
    if "start" in values and start != "lobby" and isinstance(games, tuple) and games and start not in games:
        node = next(n for k, n in root.value if isinstance(k, ScalarNode) and k.value == "start")
        issues.append(_issue(path, node, f"start game {start!r} is not in 'games'"))
    if issues:
        raise KioskConfigError(issues)
    return KioskConfig(source=path, **values)  # type: ignore[arg-type]


def _hint(key: str) -> str:
    import difflib

    close = difflib.get_close_matches(key, KEYS, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _value(key: str, node: Node, path: str, issues: list[Issue]) -> object | None:
    def bad(message: str) -> None:
        issues.append(_issue(path, node, message))

    if key == "games":
        if not isinstance(node, SequenceNode) or not node.value:
            bad("'games' is a list of game ids, e.g. [classic, happy-riches]")
            return None
        names: list[str] = []
        for item in node.value:
            if not isinstance(item, ScalarNode) or not item.value:
                issues.append(_issue(path, item, "expected a game id"))
                continue
            problem = _known_game(item.value)
            if problem:
                issues.append(_issue(path, item, problem))
            elif item.value in names:
                issues.append(_issue(path, item, f"{item.value!r} is listed twice"))
            else:
                names.append(item.value)
        return tuple(names)
    if key in ("exit_keys", "exit_pad"):
        return _combo(key, node, path, issues)
    if key == "rtp_variants":
        return _variants(node, path, issues)
    if key == "jackpots":
        return _jackpots(node, path, issues)
    if not isinstance(node, ScalarNode):
        bad(f"'{key}' takes a single value")
        return None
    raw = node.value
    if key == "idle_seconds":
        try:
            seconds = float(raw)
        except ValueError:
            bad(f"idle_seconds: expected a number of seconds, got {raw!r}")
            return None
        if not MIN_IDLE <= seconds <= MAX_IDLE:
            bad(f"idle_seconds must be from {MIN_IDLE:g} to {MAX_IDLE:g}, got {raw}")
            return None
        return seconds
    if key == "start":
        if raw != "lobby" and (problem := _known_game(raw)):
            bad(f"start: 'lobby' or a game id; {problem}")
            return None
        return raw
    if key == "start_credits":
        try:
            amount = Decimal(raw)
        except InvalidOperation:
            amount = Decimal(-1)
        if node.tag != "tag:yaml.org,2002:str" and node.style is None and "." in raw:
            bad(f"start_credits: write money as a quoted string such as \"{raw}\" (a bare number is a float)")
            return None
        if not amount.is_finite() or amount < 0:
            bad(f"start_credits: expected an amount such as \"100.00\", got {raw!r}")
            return None
        from cabinet.core.limits import parse_credits
        from cabinet.core.money import MoneyError

        try:
            parse_credits(raw, 8)  # the form and the cap; each game's own decimals are checked when it opens
        except MoneyError as exc:
            bad(f"start_credits: {exc}")
            return None
        return raw
    if key == "exit_hold_seconds":
        try:
            seconds = float(raw)
        except ValueError:
            seconds = -1.0
        if not MIN_HOLD_SECONDS <= seconds <= MAX_HOLD_SECONDS:
            bad(f"exit_hold_seconds must be from {MIN_HOLD_SECONDS:g} to {MAX_HOLD_SECONDS:g}, got {raw!r}")
            return None
        return seconds
    if key == "operator_pin":
        from .pin import PinError, parse_hash

        try:
            parse_hash(raw)
        except PinError as exc:
            bad(str(exc))
            return None
        return raw
    if key == "volume":
        if not raw.isdigit() or not 0 <= int(raw) <= 100:
            bad(f"volume: a whole number from 0 to 100, got {raw!r}")
            return None
        return int(raw)
    if key in ("attract", "buy_features"):
        if raw.lower() in ("true", "yes", "on"):
            return True
        if raw.lower() in ("false", "no", "off"):
            return False
        bad(f"{key}: expected true or false, got {raw!r}")
        return None
    return None


def game_variants(game: str) -> tuple[str, ...] | None:
    """The RTP variant names ``game``'s YAML lists (None: the game does not load)."""
    from cabinet.core.loader import load_definition, resolve_game

    try:
        defn = load_definition(resolve_game(game))
    except (CabinetError, OSError):
        return None
    return tuple(str(v.name) for v in getattr(defn, "rtp_variants", ()))


def _variants(node: Node, path: str, issues: list[Issue]) -> tuple[tuple[str, str], ...] | None:
    """``rtp_variants: {game: variant, ...}``: each game known, each variant one its YAML lists."""
    if not isinstance(node, MappingNode):
        issues.append(_issue(path, node, "'rtp_variants' maps game ids to variant names, e.g. {classic: \"94\"}"))
        return None
    out: list[tuple[str, str]] = []
    for game_node, variant_node in node.value:
        game = game_node.value if isinstance(game_node, ScalarNode) else ""
        variant = variant_node.value if isinstance(variant_node, ScalarNode) else ""
        if not game or (problem := _known_game(game)):
            issues.append(_issue(path, game_node, f"rtp_variants: {problem if game else 'expected a game id'}"))
            continue
        if any(game == g for g, _ in out):
            issues.append(_issue(path, game_node, f"rtp_variants: {game!r} is listed twice"))
            continue
        names = game_variants(game) or ()
        if variant not in names:
            known = ", ".join(repr(n) for n in names) if names else "none: its YAML lists no rtp_variants"
            issues.append(_issue(path, variant_node, f"rtp_variants: {game} has no variant {variant!r} "
                                                     f"(its variants: {known})"))
            continue
        out.append((game, variant))
    return tuple(out)


def _jackpots(node: Node, path: str, issues: list[Issue]) -> tuple[tuple[str, PoolTerms], ...] | None:
    """``jackpots: {pool: {seed: N, reset: N, cap: N}, ...}``: whole minor units; seed and reset
    given, cap optional (0: none) and not below either."""
    example = "{kiosk_grand: {seed: 50000, reset: 50000, cap: 500000}}"
    if not isinstance(node, MappingNode):
        issues.append(_issue(path, node, f"'jackpots' maps pool names to their terms in minor units, e.g. {example}"))
        return None
    out: list[tuple[str, PoolTerms]] = []
    for pool_node, terms_node in node.value:
        pool = pool_node.value if isinstance(pool_node, ScalarNode) else ""
        if not pool:
            issues.append(_issue(path, pool_node, "jackpots: expected a pool name (the `pool:` its games name)"))
            continue
        if any(pool == p for p, _ in out):
            issues.append(_issue(path, pool_node, f"jackpots: {pool!r} is listed twice"))
            continue
        if not isinstance(terms_node, MappingNode):
            issues.append(_issue(path, terms_node, f"jackpots: {pool}: expected {{seed: N, reset: N, cap: N}} in "
                                                   "minor units"))
            continue
        values: dict[str, int] = {}
        bad = False
        for key_node, value_node in terms_node.value:
            key = key_node.value if isinstance(key_node, ScalarNode) else ""
            if key not in TERM_KEYS or key in values:
                why = "is set twice" if key in values else f"is not a term (known: {', '.join(TERM_KEYS)})"
                issues.append(_issue(path, key_node, f"jackpots: {pool}: {key!r} {why}"))
                bad = True
                continue
            raw = value_node.value if isinstance(value_node, ScalarNode) else ""
            if not isinstance(value_node, ScalarNode) or not raw.isdigit():
                issues.append(_issue(path, value_node, f"jackpots: {pool}: {key} must be a whole number of minor "
                                                       f"units, 0 or more (50000 is 500.00), got {raw!r}"))
                bad = True
                continue
            values[key] = int(raw)
        missing = [k for k in ("seed", "reset") if k not in values]
        if missing and not bad:
            issues.append(_issue(path, terms_node, f"jackpots: {pool}: give {' and '.join(missing)} (cap is optional)"))
            continue
        if bad:
            continue
        terms = PoolTerms(values["seed"], values["reset"], values.get("cap", 0))
        problem = terms.problem()
        if problem:
            issues.append(_issue(path, terms_node, f"jackpots: {pool}: {problem}"))
            continue
        out.append((pool, terms))
    return tuple(out)


def _combo(key: str, node: Node, path: str, issues: list[Issue]) -> tuple[str, ...] | None:
    """``exit_keys`` (SDL key names) or ``exit_pad`` (pad button names): two or more, or none."""
    from cabinet.input.bindings import PAD_BUTTONS, key_code

    what = "key" if key == "exit_keys" else "pad button"
    example = "[left ctrl, left alt, q]" if key == "exit_keys" else "[back, start, leftshoulder]"
    if not isinstance(node, SequenceNode):
        issues.append(_issue(path, node, f"'{key}' is a list of {what}s held together, e.g. {example}"))
        return None
    names: list[str] = []
    for item in node.value:
        name = item.value if isinstance(item, ScalarNode) else ""
        known = key_code(name) is not None if key == "exit_keys" else name.lower() in PAD_BUTTONS
        if not name or not known:
            issues.append(_issue(path, item, f"{key}: unknown {what} {name!r}"))
            return None
        if name in names:
            issues.append(_issue(path, item, f"{key}: {name!r} is listed twice"))
            return None
        names.append(name)
    if len(names) == 1:
        issues.append(_issue(path, node, f"{key}: one {what} alone could be held by a visitor; "
                                         f"give two or more (or [] for none)"))
        return None
    return tuple(names)


def load_config(path: Path, required: bool = False) -> KioskConfig:
    """The config at ``path``; the defaults when it does not exist (unless ``required``)."""
    if not path.exists():
        if required:
            raise CabinetError(f"no kiosk config at {path}")
        return KioskConfig()
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CabinetError(f"cannot read {path}: {exc}") from None
    return parse_config(text, str(path))


def update_config_text(text: str, changes: dict[str, str], path: str) -> str:
    """``text`` with each key of ``changes`` set to its YAML value text (``"[a, b]"``, ``"60"``),
    its comments and every other line kept; a key not there yet is added at the end.

    A list written as a block (``games:`` then ``- classic`` lines, the way most people write
    YAML lists) stays a block list: ``value`` may be given in flow form (``[a, b]``) either way.

    Raises KioskConfigError when the result would not be a valid config: nothing is changed
    then (the caller writes only what this returns)."""
    from cabinet.core.yaml_edit import Span, apply, block_list_span, value_span

    root = _compose(text, path) if text.strip() else None
    nodes: dict[str, tuple[Node, Node]] = {}
    if isinstance(root, MappingNode):
        for key_node, node in root.value:
            if isinstance(key_node, ScalarNode):
                nodes[key_node.value] = (key_node, node)
    elif root is not None:
        raise KioskConfigError([_issue(path, root, "expected a mapping such as 'idle_seconds: 60'")])
    edits: list[Span] = []
    for key, value in changes.items():
        if key not in nodes:
            continue
        key_node, node = nodes[key]
        if isinstance(node, SequenceNode) and not node.flow_style and node.value:
            try:
                items = yaml.safe_load(value)
                if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
                    raise ValueError(f"the new value {value!r} is not a list of names")
                edits.append(block_list_span(text, node, items))
            except (ValueError, yaml.YAMLError) as exc:
                raise KioskConfigError([_issue(path, key_node, f"'{key}' cannot be edited here ({exc}); write it "
                                                               "as [a, b] or as one '- name' line per item")]) from None
        else:
            edits.append(value_span(text, node, value))
    try:
        out = apply(text, edits)
    except ValueError:  # two keys' values overlap: only a file with the same key twice
        raise KioskConfigError([Issue(path, 1, 1, "a setting is written twice; fix the file by hand")]) from None
    added = [f"{key}: {value}" for key, value in changes.items() if key not in nodes]
    if added:
        out = out + ("" if not out or out.endswith("\n") else "\n") + "\n".join(added) + "\n"
    parse_config(out, path)  # refuses (raises) before anything is written
    return out
