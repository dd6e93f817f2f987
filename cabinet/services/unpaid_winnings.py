"""The discard of unpaid winnings from incomplete games (Halloween Wins 3's rule sheet).

"All winnings remaining to be paid from incomplete games shall be discarded after 24
months of the initial incomplete game." An interrupted round whose game completes it
automatically is credited at the next start; when that start comes 24 calendar months
or more after the round began, the round is still completed, recorded and replayable,
but its win is not credited: the history record's outcome is ``discarded`` and the
notice says how much was discarded and why.

The clock is the ledger's (injected in tests); the round's start is its journal's begin
record time (UTC, ISO 8601). A start time that cannot be read never discards: money is
only withheld on evidence.
"""

from __future__ import annotations

import calendar
from datetime import UTC, datetime

DISCARD_AFTER_MONTHS = 24
DISCARDED = "discarded"  # the history outcome of such a round


def add_months(moment: datetime, months: int) -> datetime:
    """The same day and time ``months`` calendar months later (the month's last day when
    it is shorter: 29 February + 12 months is 28 February)."""
    index = moment.month - 1 + months
    year, month = moment.year + index // 12, index % 12 + 1
    day = min(moment.day, calendar.monthrange(year, month)[1])
    return moment.replace(year=year, month=month, day=day)


def parse_started(started_at: str) -> datetime | None:
    """The round's start as an aware UTC time (None: missing or unreadable)."""
    try:
        moment = datetime.fromisoformat(started_at)
    except (TypeError, ValueError):
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def discard_due(started_at: str, now: datetime) -> datetime | None:
    """When the round's unpaid winnings are discarded, if that moment has come (else None)."""
    started = parse_started(started_at)
    if started is None:
        return None
    due = add_months(started, DISCARD_AFTER_MONTHS)
    return due if now >= due else None


def discard_notice(round_id: int, started_at: str, amount: str) -> str:
    return (f"round {round_id} began {started_at}, more than {DISCARD_AFTER_MONTHS} months ago: it was completed "
            f"and recorded, and its unpaid win of {amount} was discarded")
