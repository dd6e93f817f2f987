"""How a history record reads on screen: its marks (FORCED, RESTORED...), its time, its
features and spins. Shared by the history list and the replay scene."""

from __future__ import annotations

from datetime import datetime

from cabinet.services.history import HistoryRecord

MARK_COLOURS = {"FORCED": (120, 170, 255), "AUTO-COMPLETED": (120, 230, 150), "VOIDED": (255, 110, 100),
                "RESTORED": (255, 200, 90)}  # fmt: skip
FEATURE_NAMES = {"free_spins": "FREE SPINS", "paid_respin": "PAID RESPIN"}


MARK_COLOUR = (200, 190, 215)  # a mark without a colour of its own


def mark_colour(mark: str) -> tuple[int, int, int]:
    """A mark's pill colour: "FORCED: ROUND 123" is blue like "FORCED"."""
    return MARK_COLOURS.get(mark.split(":", 1)[0], MARK_COLOUR)


def forced_text(record: HistoryRecord, short: bool = False) -> str:
    """FORCED, and what forced it when the request says: a round replayed from its seed is
    FORCED: ROUND <seed> (``short``: FORCED: ROUND, for a list row; the card says the seed)."""
    request = record.request
    if request.forced_by == "round":
        return "FORCED: ROUND" if short else f"FORCED: ROUND {request.seed}"
    return "FORCED"


def marks(record: HistoryRecord, short: bool = False) -> list[str]:
    """The record's marks in words; ``short`` for a list row, where a 20-digit seed would
    crowd out the round's own line."""
    out = []
    if record.request.forced:
        out.append(forced_text(record, short))
    out += {"auto_completed": ["AUTO-COMPLETED"], "voided": ["VOIDED"], "recovered": ["RESTORED"],
            "discarded": ["WIN DISCARDED (24 MONTHS)"]}.get(
        record.outcome, [])  # fmt: skip
    return out


def local_time(record: HistoryRecord) -> datetime | None:
    try:
        return datetime.fromisoformat(record.time).astimezone()
    except ValueError:
        return None


def when(record: HistoryRecord, long: bool = False) -> str:
    moment = local_time(record)
    if moment is None:
        return record.time or "?"
    return moment.strftime("%d %b %Y  %H:%M:%S" if long else "%d %b %H:%M:%S").upper()


def feature_text(record: HistoryRecord) -> str:
    names = [FEATURE_NAMES.get(f, f.replace("_", " ").upper()) for f in dict.fromkeys(record.features)]
    return ", ".join(names) or "NONE"


def spins_text(record: HistoryRecord) -> str:
    counts: dict[str, int] = {}
    for step in record.steps:
        if step.get("step") == "spin":
            mode = str(step.get("mode", "base"))
            counts[mode] = counts.get(mode, 0) + 1
    parts = [f"{n} {mode.upper()}" for mode, n in counts.items()]
    return " + ".join(parts) or "-"
