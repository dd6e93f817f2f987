"""Services: the cabinet's memory, kept honest under crashes.

Pure Python (no pygame): the journal (what round is in flight), the critical store
(credits and meters, in two checksummed copies), meters, game history, remembered
settings, autoplay, and ``JournaledLedger`` which ties the money side of a round
together for the session. Every file lives in the data folder (``--data-dir``, else
the user's data folder; ``ensure_data_dir`` creates it) and is written atomically.
"""

from .atomic import ensure_data_dir, keep_aside, write_atomic
from .autoplay import AutoplayController, AutoplayRoundEnd, AutoplaySettings, StopReason
from .history import History, HistoryRecord
from .journal import Journal, JournalProblem, PendingRound, request_from_dict, request_to_dict
from .ledger import (
    GameRef,
    InsufficientCredits,
    JournaledLedger,
    LedgerError,
    RecoveredRound,
    RoundSummary,
    fingerprint_bytes,
    fingerprint_file,
)
from .meters import Meters
from .settings import Settings, SettingsLoad, load_settings, save_settings
from .store import CriticalState, CriticalStore, Malfunction, StoreTooNew

__all__ = [
    "AutoplayController",
    "AutoplayRoundEnd",
    "AutoplaySettings",
    "CriticalState",
    "CriticalStore",
    "GameRef",
    "History",
    "HistoryRecord",
    "InsufficientCredits",
    "Journal",
    "JournalProblem",
    "JournaledLedger",
    "LedgerError",
    "Malfunction",
    "Meters",
    "PendingRound",
    "RecoveredRound",
    "RoundSummary",
    "Settings",
    "SettingsLoad",
    "StopReason",
    "StoreTooNew",
    "ensure_data_dir",
    "fingerprint_bytes",
    "fingerprint_file",
    "keep_aside",
    "load_settings",
    "request_from_dict",
    "request_to_dict",
    "save_settings",
    "write_atomic",
]
