"""Opening the cabinet: the data folder, remembered settings, the ledger, and recovery.

``open_cabinet`` is what ``App.start`` calls before it draws anything:

1. settings from ``<data dir>/settings.yaml`` (a bad file is kept aside, defaults used);
2. the ledger: a ``DiskLedger`` on the data folder (journal, critical store, history),
   or a ``MemoryLedger`` when there is no data folder (screenshots, tests);
3. if the journal holds an unfinished round of another game, that game is opened
   instead, so the round can be finished where it was;
4. recovery: the interrupted round is resumed, completed, or voided and refunded.

A critical store that cannot be trusted is a ``Malfunction``: it is returned, not
raised, so the window can show the malfunction screen (play disabled, nothing
cleared); headless runs turn it into one line and a non-zero exit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from cabinet.core.definition import Definition
from cabinet.core.money import Money
from cabinet.errors import CabinetError
from cabinet.services.atomic import ensure_data_dir
from cabinet.services.ledger import JournaledLedger, RecoveredRound
from cabinet.services.session_ledger import DiskLedger, MemoryLedger, load_game_ref
from cabinet.services.settings import Settings, load_settings
from cabinet.services.storage import describe
from cabinet.services.store import Malfunction

from .session import GameSession, default_start_credits


@dataclass
class Opened:
    defn: Definition  # the game to show (another one when its round was interrupted)
    session: GameSession | None  # None: malfunction, play disabled
    settings: Settings
    data_dir: Path | None
    log: list[str] = field(default_factory=list)  # for stderr: repairs, kept-aside files, what recovery did
    alerts: list[str] = field(default_factory=list)  # for the screen: what the player must be told
    recovered: RecoveredRound | None = None
    malfunction: Malfunction | None = None


def open_cabinet(
    defn: Definition,
    data_dir: Path | None,
    *,
    seed: int | None = None,
    start_credits: Money | None = None,
    left_hand: bool | None = None,
) -> Opened:
    settings = Settings()
    log: list[str] = []
    settings_problem = ""
    settings_headline = "YOUR SETTINGS COULD NOT BE READ: THE DEFAULTS ARE USED"
    if data_dir is not None:
        data_dir = ensure_data_dir(data_dir)  # a folder that cannot be written: one clear error
        loaded = load_settings(data_dir)
        settings = loaded.settings
        if loaded.problem:
            settings_problem = loaded.problem
        if loaded.kept_valid:
            settings_headline = "SOME OF YOUR SETTINGS COULD NOT BE READ: THE OTHERS ARE KEPT"
    if left_hand is not None:
        settings = replace(settings, left_hand=left_hand)
    demo = default_start_credits(defn) if start_credits is None else start_credits
    top_up = demo or default_start_credits(defn)  # a kiosk starting at zero still tops up by something

    if data_dir is None:
        session = GameSession(defn, ledger=MemoryLedger(demo), seed=seed, top_up=top_up)
        return Opened(defn, session, settings, None, log)

    try:
        ledger = JournaledLedger.open(data_dir, starting_credits=demo, session_seed=seed or 0)
    except Malfunction as exc:
        return Opened(defn, None, settings, Path(data_dir), log, malfunction=exc)
    except OSError as exc:
        raise _cannot_open(data_dir, exc) from None
    log.extend(ledger.notices)
    ledger.notices.clear()
    # Files kept aside are news for the screen too (a repaired store copy is only logged).
    alerts: list[str] = [f"{headline}\n{problem}" for headline, problem in (
        (settings_headline, settings_problem),
        ("THE ROUND JOURNAL WAS DAMAGED: ITS VALID PART IS USED", ledger.journal.problem),
        ("THE GAME HISTORY FILE WAS DAMAGED: HISTORY STARTS AGAIN", ledger.history.problem),
        ("BOTH COPIES OF THE CREDIT STORE WERE DAMAGED: REBUILT FROM AN UNFINISHED SAVE", ledger.store_rebuilt),
    ) if problem]
    defn, switched = _game_of_interrupted_round(defn, ledger)
    if switched:
        log.append(switched)
        # On screen too: the player (a lobby's, say) asked for another game and must know why.
        alerts.append(f"YOUR ROUND OF {defn.name.upper()} WAS NOT FINISHED: IT IS SHOWN TO ITS END FIRST. "
                      f"CLOSE GAME IN THE MENU AFTERWARDS TO CHOOSE ANOTHER GAME.\n{switched}")
    session = GameSession(defn, ledger=DiskLedger(ledger), seed=seed, top_up=top_up)
    try:
        recovered = session.recover()
    except Malfunction as exc:
        ledger.close()
        return Opened(defn, None, settings, Path(data_dir), log, malfunction=exc)
    except OSError as exc:
        ledger.close()
        raise _cannot_open(data_dir, exc) from None
    if recovered is not None:
        log.append(f"recovery: {recovered.message}")
        if recovered.status in ("auto_completed", "voided", "finished"):
            alerts.append(_alert(recovered, session))
    log.extend(ledger.notices)
    ledger.notices.clear()
    return Opened(defn, session, settings, Path(data_dir), log, alerts, recovered)


def _cannot_open(data_dir: Path, exc: OSError) -> CabinetError:
    """A data folder the cabinet cannot write at start-up (full, a size limit): one line.

    Every write before it was atomic and the store keeps the money, so nothing is lost;
    the same start once there is room carries on from there."""
    return CabinetError(f"cannot open the records in {data_dir}: {describe(exc)}; nothing was lost: "
                        "start again when the disk has room")


def _game_of_interrupted_round(defn: Definition, ledger: JournaledLedger) -> tuple[Definition, str]:
    """The unfinished round's game, when it is another loadable game (else the one asked for)."""
    pending = ledger.journal.pending()
    if pending is None or pending.game_id == defn.id:
        return defn, ""
    try:
        ref = load_game_ref(pending.game_id)
    except Exception:  # noqa: BLE001 - a game that cannot be loaded: recovery voids its round
        return defn, ""
    if ref.fingerprint != pending.fingerprint:
        return defn, ""
    return ref.definition, (f"round {pending.round_id} of {ref.definition.name} was interrupted: "
                            f"opening {ref.definition.name} to finish it")


def _alert(recovered: RecoveredRound, session: GameSession) -> str:
    money = _money(session.defn)
    if recovered.record is not None and recovered.record.outcome == "discarded" and recovered.result is not None:
        return (f"YOUR INTERRUPTED ROUND BEGAN MORE THAN 24 MONTHS AGO. IT WAS COMPLETED AUTOMATICALLY AND ITS "
                f"UNPAID WIN OF {money(recovered.result.total_win)} WAS DISCARDED. ITS REPLAY IS IN HISTORY.")
    if recovered.status == "auto_completed":
        win = recovered.record.win if recovered.record else 0
        return (f"YOUR INTERRUPTED ROUND WAS COMPLETED AUTOMATICALLY. WIN {money(win)} WAS CREDITED. "
                "ITS REPLAY IS IN HISTORY.")
    if recovered.status == "voided":
        return f"INTERRUPTED ROUND VOIDED. {recovered.message.upper()}."
    return "YOUR LAST ROUND HAD BEEN PAID BEFORE THE INTERRUPTION. ITS RECORDS WERE COMPLETED."


def _money(defn: Definition) -> Callable[[Money], str]:
    from cabinet.core.money import format_money

    return lambda amount: format_money(amount, defn.bet.currency, defn.bet.minor_units)
