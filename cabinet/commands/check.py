"""``cabinet check [PATH...]``: validate game definitions and list every problem.

With no PATH, every ``games/*.yaml`` is checked. A PATH may also be a game's name
(``classic``). Exit status 0 when every file is valid, 1 otherwise.
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.definition import Definition
from ..errors import CabinetError
from ..paths import games_dir


@dataclass
class FileReport:
    path: str
    definition: Definition | None = None
    issues: list[tuple[int, int, str]] = field(default_factory=list)  # (line, column, message); 0, 0: no position
    failure: str = ""  # a one-line problem that has no position (e.g. the file cannot be read)
    elsewhere: list[str] = field(default_factory=list)  # problems in the game's other files (its theme.yaml)
    warnings: list[str] = field(default_factory=list)  # what plays on with a stand-in (whole lines)
    cautions: list[tuple[int, int, str]] = field(default_factory=list)  # warnings at a spot: (line, column, message)

    @property
    def ok(self) -> bool:
        return self.definition is not None and not self.issues and not self.elsewhere

    def to_dict(self) -> dict[str, Any]:
        issues = [{"line": line, "column": column, "message": message} for line, column, message in self.issues]
        out: dict[str, Any] = {"path": self.path, "ok": self.ok, "issues": issues}
        if self.elsewhere:
            out["other_files"] = self.elsewhere  # whole lines: path:line:col: message of e.g. its theme.yaml
        warnings = [f"{self.path}:{line}:{column}: warning: {message}" for line, column, message in self.cautions]
        warnings += self.warnings
        if warnings:
            out["warnings"] = warnings
        return out


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", nargs="*", metavar="PATH", help="definition files or game names (default: games/*.yaml)")
    p.add_argument("--json", action="store_true", help="print one JSON object instead of text")


def _display(path: Path) -> str:
    """A short path for messages: relative to the current folder when it is inside it."""
    for inside, here in ((path.absolute(), Path.cwd()), (path.resolve(), Path.cwd().resolve())):
        try:
            return str(inside.relative_to(here))
        except ValueError:
            continue
    return str(path)


def _targets(names: list[str]) -> list[str]:
    if names:
        return names
    folder = games_dir()
    found = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    if not found:
        raise CabinetError(f"no game definitions (*.yaml) in {folder}")
    return [_display(p) for p in found]


def check_file(name: str) -> FileReport:
    """Load one file (or game name) and report what is wrong with it, if anything."""
    from ..core.loader import DefinitionError, load_definition, resolve_game, scenario_problems

    report = FileReport(name)
    try:
        path = resolve_game(name)
        if str(path) != name and not Path(name).is_file():
            report.path = _display(path)  # a game name: show the file it stands for
        report.definition = load_definition(report.path)
        report.issues += [(i.line, i.column, i.message) for i in scenario_problems(report.definition)]
        report.warnings += never_started(report.definition)
        report.cautions += quiet_accepts(report.definition)
        _check_variants(report, report.definition)
        _check_files(report, report.definition)
    except DefinitionError as exc:
        report.issues = [(i.line, i.column, i.message) for i in exc.issues]
    except CabinetError as exc:
        report.definition = None
        report.failure = str(exc)
        report.issues = [(0, 0, str(exc))]
    return report


def _check_variants(report: FileReport, defn: Definition) -> None:
    """Each RTP variant's and bet mode's exact par against its stated rtp (an estimated par:
    tests/test_modes.py)."""
    if not defn.rtp_variants and not any(m.rtp for m in defn.bet_modes):
        return
    from ..core.loader import locate
    from ..core.mode_par import stated_rtp_problems

    text = Path(report.path).read_text(encoding="utf-8-sig")
    for path, message in stated_rtp_problems(defn):
        line, column = locate(text, path)
        report.issues.append((line, column, message))


def never_started(defn: Definition) -> list[str]:
    """A warning for each feature that no base spin can start (its trigger cannot show on
    the strips, or its chance is 0): the game plays, but the feature is never seen."""
    from ..core.features import block_of

    out = []
    for params in defn.features:
        chance = block_of(params).base_trigger_chance(defn, params)
        if chance is not None and chance == 0:
            later = " (it may still start inside another feature's spins)" if getattr(params, "in_free_spins", False) else ""
            out.append(f"warning: feature '{params.name}' can never start from a base spin: no base screen "
                       f"shows what its trigger needs{later}")
    return out


def quiet_accepts(defn: Definition) -> list[tuple[int, int, str]]:
    """What loads and plays, but likely not as the designer meant, at its spot in the file:
    a wild among a mystery's reveals (it then substitutes, and expands or multiplies where its
    blocks act), and a wild on the strips of spins where none of its blocks act (it lands as a
    plain wild there)."""
    from ..core.loader import locator
    from ..core.loading.feature_texts import reel_set_modes

    try:
        where = locator(Path(defn.source).read_text(encoding="utf-8-sig"), defn.source)
    except OSError:
        return []
    out: list[tuple[int, int, str]] = []

    def at(path: tuple[Any, ...], message: str) -> None:
        out.append((*where(path), message))

    wild_blocks: dict[str, list[Any]] = {}
    for params in defn.features:
        if params.type in _WILD_DOES:  # blocks that act on a wild where it lands
            wild_blocks.setdefault(params.symbol, []).append(params)
    regular = [s.id for s in defn.symbols if s.kind == "regular"]
    for i, params in enumerate(defn.features):
        if params.type != "mystery_symbol":
            continue
        for j, reveal in enumerate(params.reveals):
            if defn.symbol_map[reveal.symbol].kind != "wild":
                continue
            blocks = wild_blocks.get(reveal.symbol, [])
            also = "".join(f"; where {b.name} acts ({', '.join(b.modes)} spins) it {_WILD_DOES[b.type]} too"
                           for b in blocks)
            at(("features", i, "reveals", j, "symbol"),
               f"mystery '{params.name}' reveals the wild '{reveal.symbol}': every {params.symbol} on the screen "
               f"then turns into a wild that substitutes on lines{also}. Reveals are meant to be paying symbols "
               f"({', '.join(regular[:4])}{', ...' if len(regular) > 4 else ''}); keep it only if a revealed wild "
               "is what you want")
    played = reel_set_modes(defn)
    for symbol, blocks in wild_blocks.items():
        acts = {m for b in blocks for m in b.modes}
        for set_name, strips in defn.reels.items():
            modes = played.get(set_name, set())
            if not modes or modes & acts:
                continue
            spot = next(((r, k) for r, strip in enumerate(strips) for k, sid in enumerate(strip) if sid == symbol), None)
            if spot is None:
                continue
            names = ", ".join(f"{b.name} ({b.type})" for b in blocks)
            at(("reels", set_name, *spot),
               f"wild '{symbol}' is on reel {spot[0] + 1} of '{set_name}', played in {' and '.join(sorted(modes))} "
               f"spins, but {names} act{'s' if len(blocks) == 1 else ''} on it only in {' and '.join(sorted(acts))} "
               f"spins: there it lands as a plain wild. If it should {' and '.join(_WILD_DO[b.type] for b in blocks)} "
               f"there too, add {' and '.join(sorted(modes))} to their modes:; else this warning is all")
    return out


_WILD_DOES = {"expanding_wild": "expands", "multiplier_wilds": "multiplies"}
_WILD_DO = {"expanding_wild": "expand", "multiplier_wilds": "multiply"}


def _check_files(report: FileReport, defn: Definition) -> None:
    """What the game needs beside its YAML: a theme folder with a valid theme.yaml, the art of
    every symbol and the theme's music (effects may come from sounds/common/)."""
    from ..assets.themes import ART_FILES, load_theme, sound_file, theme_file, theme_names
    from ..core.loader import DefinitionError, locate
    from ..paths import shared_folder, sounds_dir, sprites_dir, where_content_is

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the theme's painters and the effects' names
    text = Path(report.path).read_text(encoding="utf-8-sig")
    sprites, sounds = Path(_display(sprites_dir())), Path(_display(sounds_dir()))
    folder = sprites / defn.theme

    def at(path: tuple[Any, ...], message: str) -> None:
        line, column = locate(text, path)
        report.issues.append((line, column, message))

    if not folder.is_dir():
        known = theme_names(sprites)
        close = difflib.get_close_matches(defn.theme, list(known), n=1, cutoff=0.5)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        at(("theme",), f"unknown theme '{defn.theme}'{hint}: there is no folder {folder}; {where_content_is()}; "
                       f"themes there: {', '.join(known) or 'none'}")
        return
    if theme_file(defn.theme).is_file():
        try:
            load_theme(defn.theme)
        except DefinitionError as exc:
            report.elsewhere += [str(i) for i in exc.issues]
        except CabinetError as exc:
            report.elsewhere.append(str(exc))
    else:
        report.warnings.append(f"warning: theme '{defn.theme}' has no {theme_file(defn.theme, sprites)}: its features get a "
                               "neutral look in its symbols' colours (sprites/README.md)")
    for name in ART_FILES:
        if not (folder / name).is_file():
            at(("theme",), f"theme '{defn.theme}' has no {folder / name} (sprites/README.md lists a theme's files)")
    for i, symbol in enumerate(defn.symbols):
        sprite = (symbol.sprite or symbol.id).lower()
        missing = [f"{sprite}{glow}.png" for glow in ("", "_glow") if not (folder / "symbols" / f"{sprite}{glow}.png").is_file()]
        if missing:
            at(("symbols", i, "id"), f"symbol '{symbol.id}' has no art: {', '.join(str(folder / 'symbols' / m) for m in missing)}")
    music = sound_file((sounds / defn.theme,), "music")
    if not music.is_file():
        at(("theme",), f"theme '{defn.theme}' has no music: {music} (or .ogg; sounds/README.md)")
    if defn.features and not sound_file((sounds / defn.theme,), "feature_music").is_file():
        report.warnings.append(f"warning: theme '{defn.theme}' has no {sounds / defn.theme / 'feature_music.wav'} "
                               "(or .ogg): its features play the theme's music")
    from ..presentation.audio import EFFECTS

    shared = Path(_display(shared_folder(sounds, "sounds")))
    for name in EFFECTS:
        path = sound_file((sounds / defn.theme, shared), name)
        if not path.is_file():
            at(("theme",), f"no sound effect '{name}': neither {sounds / defn.theme / name}.wav nor "
                           f"{shared / name}.wav (or .ogg)")


def _summary(defn: Definition) -> str:
    g = defn.grid
    return f"{defn.name}: {g.reels}x{g.rows}, {_pays_words(defn)}, {len(defn.symbols)} symbols"


def run(args: argparse.Namespace) -> int:
    reports = [check_file(name) for name in _targets(list(args.paths))]
    if args.json:
        print(json.dumps({"files": [r.to_dict() for r in reports]}, indent=2))
    else:
        for r in reports:
            if r.ok and r.definition is not None:
                print(f"ok {r.path} ({_summary(r.definition)})")
            elif r.failure:
                print(r.failure if r.path in r.failure else f"{r.path}: {r.failure}")
            else:
                for line, column, message in sorted(r.issues):
                    print(f"{r.path}:{line}:{column}: {message}")
                for line_text in r.elsewhere:
                    print(line_text)
            for line, column, message in r.cautions:
                print(f"{r.path}:{line}:{column}: warning: {message}")
            for warning in r.warnings:
                print(f"{r.path}: {warning}")
    return 0 if all(r.ok for r in reports) else 1


def _pays_words(defn: Definition) -> str:
    """'20 lines', or the pay model and its cost ('ways, 20 coins')."""
    if defn.lines:
        return f"{len(defn.lines)} lines"
    return f"{defn.pay_model.type}, {defn.pay_model.cost} coins"
