"""The games a lobby offers: the definitions in ``games/`` (or a kiosk's list), loaded once.

A game whose file has problems is left out of the lobby with one warning naming them
(a kiosk keeps running with the games that load).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cabinet.core.definition import Definition
from cabinet.core.loader import load_definition, resolve_game
from cabinet.errors import CabinetError
from cabinet.paths import game_folders

FEATURE_WORDS = {"free_spins": "free spins", "paid_respin": "paid respins on any reel"}


@dataclass(frozen=True)
class GameEntry:
    id: str
    name: str
    theme: str
    path: Path
    defn: Definition

    @property
    def summary(self) -> str:
        """One line for the lobby tile: grid, lines and the published return."""
        d = self.defn
        lines = f"{len(d.lines)} LINES" if d.lines else "ALL WAYS"
        rtp = f"  RTP {float(d.rtp) * 100:.2f}%" if getattr(d, "rtp", None) else ""
        return f"{d.grid.reels}x{d.grid.rows}  {lines}{rtp}"

    @property
    def features(self) -> str:
        """The game's features in words, for the line under the lobby's tiles."""
        names = [FEATURE_WORDS.get(f.type, f.type.replace("_", " ")) for f in self.defn.features]
        wild = any(s.kind == "wild" for s in self.defn.symbols)
        parts = (["WILDS"] if wild else []) + [n.upper() for n in dict.fromkeys(names)]
        return "  -  ".join(parts) if parts else "CLASSIC LINE PAYS"


def game_files(folder: Path | None = None) -> list[Path]:
    """The game files of ``folder``, or of every games folder (the owner's first: a game there
    hides the shipped one of the same name)."""
    found: dict[str, Path] = {}
    for place in [folder] if folder else game_folders():
        if place.is_dir():
            for p in sorted(place.iterdir()):
                if p.suffix in (".yaml", ".yml") and p.is_file():
                    found.setdefault(p.stem, p)
    return sorted(found.values())


def load_entries(names: Iterable[str] | None = None) -> tuple[list[GameEntry], list[str]]:
    """The games to offer (``names``: ids or paths, in order; None: all of ``games/``) and a
    problem line for each one left out."""
    paths: list[Path] = []
    problems: list[str] = []
    if names is None:
        paths = game_files()
    else:
        for name in names:
            try:
                paths.append(resolve_game(name))
            except CabinetError as exc:
                problems.append(str(exc))
    entries: list[GameEntry] = []
    for path in paths:
        try:
            defn = load_definition(path)
        except CabinetError as exc:
            problems.append(f"{path}: left out of the lobby:\n{exc}")
            continue
        entries.append(GameEntry(defn.id, defn.name or defn.id, defn.theme, path, defn))
    if names is None:
        entries.sort(key=lambda e: (e.id != "classic", e.name.lower()))  # the reference game first
    return entries, problems


def _name_line(text: str) -> tuple[bool, object]:
    """The value of a top-level ``name:`` line read alone (found, value): a game file's strips
    make a full YAML parse of it cost a good part of a second."""
    import yaml

    for line in text.splitlines():
        if line.startswith("name:"):
            try:
                data = yaml.safe_load(line)
            except yaml.YAMLError:
                return False, None
            return True, data.get("name") if isinstance(data, dict) else None
    return False, None


def game_names(files: Iterable[Path]) -> dict[str, str]:
    """File stem -> the game's ``name:`` (its id where the file has none or does not read), for the
    operator's settings; a light read of the top-level key (the whole file parsed only when that
    line is not there to read alone)."""
    import yaml

    names: dict[str, str] = {}
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
            found, name = _name_line(text)
            if not found:
                data = yaml.safe_load(text)
                name = data.get("name") if isinstance(data, dict) else None
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            name = None
        names[path.stem] = str(name) if name else path.stem
    return names
