"""One kind of registry for the cabinet's plug-in parts: the core's feature blocks
(``core/features``) and the presentation's mechanics (``presentation/mechanics``).

Entries are keyed by their ``type``, checked against a runtime-checkable Protocol when
added, and the built-in ones are imported by module name on first use (``importlib``:
a module may then import its package's shared types without an import cycle).
"""

from __future__ import annotations

import importlib
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Registry(Generic[T]):
    """Entries by ``type``; ``modules`` of ``package`` each define one in ``attribute``."""

    def __init__(self, *, package: str, modules: tuple[str, ...], attribute: str, protocol: type, what: str) -> None:
        self._package, self._modules, self._attribute = package, modules, attribute
        self._protocol, self._what = protocol, what
        self._entries: dict[str, T] = {}
        self._loaded = False

    def _load_builtins(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        for name in self._modules:
            self.register(getattr(importlib.import_module(f"{self._package}.{name}"), self._attribute))

    def register(self, entry: Any, *, replace: bool = False) -> T:
        """Add an entry (tests add toy ones; ``unregister`` removes them)."""
        self._load_builtins()
        conforms = isinstance(entry, self._protocol)  # kept apart: ``entry`` stays the entry's own type
        if not conforms:
            raise TypeError(f"{entry!r} does not provide the {self._protocol.__name__} interface")
        if entry.type in self._entries and not replace and self._entries[entry.type] is not entry:
            raise ValueError(f"a {self._what} of type {entry.type!r} is registered already")
        self._entries[entry.type] = entry
        return entry  # type: ignore[no-any-return]

    def unregister(self, type_name: str) -> None:
        self._entries.pop(type_name, None)

    def entries(self) -> dict[str, T]:
        """Every entry by type, in registration order."""
        self._load_builtins()
        return self._entries
