"""``--mode`` and ``--rtp-variant``: the bet mode and RTP variant a command plays, prices or simulates.

Every command that reads a game's math (par, simulate, feel, diff, tune, play, and the
scenario odds of ``par --scenarios``) takes both and runs on ``core.modes.resolve``'s
definition, so a mode is priced and played by the same rules.
"""

from __future__ import annotations

import argparse

from ..core.definition import Definition
from ..core.modes import ModeError, resolve
from ..errors import CabinetError


def add_mode_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mode", default="base",
                   help="the bet mode to play/price (the game's bet_modes: ante, a buy, ...; default: base)")
    p.add_argument("--rtp-variant", default="",
                   help="the RTP variant (the game's rtp_variants; default: its default_variant, or as written)")


def played(defn: Definition, args: argparse.Namespace) -> Definition:
    """The definition the command's ``--mode`` of its ``--rtp-variant`` plays."""
    try:
        return resolve(defn, mode=getattr(args, "mode", "base") or "base",
                       rtp_variant=getattr(args, "rtp_variant", "") or None)
    except ModeError as exc:
        raise CabinetError(str(exc)) from None
