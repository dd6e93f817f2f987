"""Build hook: the wheel carries the shipped games/, sprites/ and sounds/ as cabinet/content/.

The three folders stay at the repository's top; a regular wheel (and so pip install, pipx
install, or a wheel built from the sdist) maps them into the package, where
``cabinet.paths.content_dir`` finds them. An editable install leaves them out: it runs
from the checkout, which has them at the top already (no 25 MB second copy in site-packages).
"""

from __future__ import annotations

from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

CONTENT = ("games", "sprites", "sounds")


class ContentHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        for kind in CONTENT:
            build_data["force_include"][kind] = f"cabinet/content/{kind}"
