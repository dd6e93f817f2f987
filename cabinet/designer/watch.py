"""Which of a game's files changed: polled modification times, no extra dependency.

``GameFiles`` names what a game is made of (its YAML, its theme's sprites and sounds and
the shared ones); ``FileWatcher`` remembers each file's (mtime_ns, size) and says which
kinds changed since the last look. The app polls about four times a second, so an edit
shows within a second; a look over a few hundred files costs well under a millisecond.
Pure Python (no pygame).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from ..paths import shared_folder

POLL_SECONDS = 0.25
Stamp = tuple[int, int]  # (mtime_ns, size): an editor that saves twice in one tick still changes the size


@dataclass(frozen=True)
class GameFiles:
    definition: Path
    sprites: tuple[Path, ...]
    sounds: tuple[Path, ...]

    @classmethod
    def of(cls, definition: Path, theme: str, sprites_root: Path, sounds_root: Path) -> GameFiles:
        return cls(
            definition=definition,
            sprites=(sprites_root / theme, shared_folder(sprites_root, "sprites")),
            sounds=(sounds_root / theme, shared_folder(sounds_root, "sounds")),
        )

    def roots(self) -> dict[str, tuple[Path, ...]]:
        return {"definition": (self.definition,), "sprites": self.sprites, "sounds": self.sounds}


def _stamps(root: Path, out: dict[Path, Stamp]) -> None:
    try:
        if root.is_file():
            st = root.stat()
            out[root] = (st.st_mtime_ns, st.st_size)
            return
        with os.scandir(root) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    _stamps(Path(entry.path), out)
                elif entry.is_file():
                    st = entry.stat()
                    out[Path(entry.path)] = (st.st_mtime_ns, st.st_size)
    except OSError:
        pass  # a folder that does not exist (a theme without sounds) or vanished mid-look


class FileWatcher:
    def __init__(self, files: GameFiles, poll_seconds: float = POLL_SECONDS) -> None:
        self.poll_seconds = poll_seconds
        self._clock = 0.0
        self._next = poll_seconds
        self.retarget(files)

    def retarget(self, files: GameFiles) -> None:
        """Watch another set (a reload changed the theme); the new files' state is the baseline."""
        self.files = files
        self._seen = {kind: self._look(roots) for kind, roots in files.roots().items()}

    @staticmethod
    def _look(roots: tuple[Path, ...]) -> dict[Path, Stamp]:
        out: dict[Path, Stamp] = {}
        for root in roots:
            _stamps(root, out)
        return out

    def changes(self) -> set[str]:
        """The kinds ("definition", "sprites", "sounds") changed since the last look."""
        changed: set[str] = set()
        for kind, roots in self.files.roots().items():
            now = self._look(roots)
            if now != self._seen[kind]:
                changed.add(kind)
                self._seen[kind] = now
        return changed

    def poll(self, dt: float) -> set[str]:
        """Called every frame with the frame's time: looks only every ``poll_seconds``."""
        self._clock += dt
        if self._clock < self._next:
            return set()
        self._next = self._clock + self.poll_seconds
        return self.changes()
