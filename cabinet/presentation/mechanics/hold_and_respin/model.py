"""What the boards of a hold-and-respin show, as a pure function of the round's events.

``BoardsModel.apply(event)`` follows the board events of ``core/events.py`` (``BoardOpened``,
``BoardSpun``, ``CellLanded``, ``PrizeMultiplied``, ``RespinsChanged``, ``BoardFilled``,
``HeldPrizesPaid``, ``CellPaid``, ``Collected``, ``CellMultiplierChanged``) and the
feature's start and end. The board view (``boards.py``) animates from it, and crash
recovery rebuilds it from the events the journal says were shown
(``BoardsModel.from_events``), so a restored feature shows the same boards live play had.
No pygame, no clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from cabinet.core.boards import (
    BoardFilled,
    BoardOpened,
    BoardSpun,
    CellLanded,
    CellMultiplierChanged,
    CellPaid,
    Collected,
    HeldPrizesPaid,
    PrizeMultiplied,
    RespinsChanged,
)
from cabinet.core.events import Event, FeatureEnded, FeatureStarted, Position
from cabinet.core.money import Money

# the kinds this model follows (the board presenters register the same ones)
BOARD_KINDS = frozenset(cls.kind for cls in (
    BoardOpened, BoardSpun, CellLanded, CellMultiplierChanged, CellPaid, Collected, PrizeMultiplied, RespinsChanged,
    BoardFilled, HeldPrizesPaid,
))


@dataclass
class HeldCell:
    symbol: str
    value: Money  # minor units (0: none, e.g. a +1 or a multiplier symbol)
    multiplied: int = 1  # the product of the multipliers applied to it


@dataclass
class BoardShown:
    """One board: its size, its Bonus Prize, what each cell shows."""

    name: str
    reels: int
    rows: int
    fill_award: Money
    held: dict[Position, HeldCell] = field(default_factory=dict)
    landed: dict[Position, str] = field(default_factory=dict)  # what the last spin left on each free cell
    values: dict[Position, Money] = field(default_factory=dict)  # values landed on free cells, not yet collected
    multipliers: dict[Position, int] = field(default_factory=dict)  # cell multipliers above 1
    revealed: dict[Position, int] = field(default_factory=dict)  # what a multiplier symbol held here turned out to be
    collectors: set[Position] = field(default_factory=set)  # held cells that have collected
    filled: bool = False
    paid: Money = 0  # what the board paid so far (its fill, its held prizes at the end, cells paid)

    @property
    def size(self) -> int:
        return self.reels * self.rows

    def free(self) -> list[Position]:
        return [(reel, row) for reel in range(self.reels) for row in range(self.rows) if (reel, row) not in self.held]


@dataclass
class BoardsModel:
    feature: str = ""
    boards: dict[str, BoardShown] = field(default_factory=dict)  # in the feature's board order
    respins: int = 0
    respins_change: int = 0  # the last change (negative: one used)
    respins_reason: str = ""  # "spin", "added", "reset"
    respins_played: int = 0
    running: bool = False
    ended: bool = False
    total: Money = 0  # what the feature paid, once ended
    paid: Money = 0  # what the boards paid so far

    @classmethod
    def from_events(cls, events: Iterable[Event], *, feature: str = "") -> BoardsModel:
        model = cls(feature=feature)
        for event in events:
            model.apply(event)
        return model

    def names(self) -> list[str]:
        return list(self.boards)

    @property
    def title(self) -> str:
        """What the screen calls the feature: its board's name when it plays on one board (a
        minigame: HALLOWEEN GHOSTS), else RESPIN FEATURE."""
        return next(iter(self.boards)) if len(self.boards) == 1 else "RESPIN FEATURE"

    def apply(self, event: Event) -> None:
        """The boards after ``event`` too (events of other features, and other kinds, change nothing)."""
        name = getattr(event, "feature", None)
        if isinstance(event, FeatureStarted):
            if not self.feature or event.feature == self.feature:
                self.feature = event.feature
                self.boards, self.running, self.ended = {}, True, False
                self.respins, self.respins_played, self.paid, self.total = event.spins, 0, 0, 0
            return
        if name is None or (self.feature and name != self.feature):
            return
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)

    def _opened(self, event: BoardOpened) -> None:
        self.feature = event.feature
        self.running = True
        self.boards[event.board] = BoardShown(event.board, event.reels, event.rows, event.fill_award)

    def _spun(self, event: BoardSpun) -> None:
        board = self.boards[event.board]
        self.respins_played = max(self.respins_played, event.respin)
        for position, symbol in zip(event.positions, event.symbols, strict=True):
            board.landed[position] = symbol
            board.values.pop(position, None)
            board.revealed.pop(position, None)

    def _landed(self, event: CellLanded) -> None:
        board = self.boards[event.board]
        board.landed[event.position] = event.symbol
        if event.held:
            board.held[event.position] = HeldCell(event.symbol, event.value)
        elif event.value:  # a value a collector will take (or that pays as it lands)
            board.values[event.position] = event.value

    def _multiplied(self, event: PrizeMultiplied) -> None:
        cell = self.boards[event.board].held[event.position]
        cell.value = event.value
        cell.multiplied *= event.multiplier
        source = self.boards.get(event.source_board)
        if source is not None:  # the multiplier symbol shows the value it revealed ("x5") from now on
            source.revealed[event.source] = event.multiplier

    def _respins(self, event: RespinsChanged) -> None:
        self.respins, self.respins_change, self.respins_reason = event.respins, event.change, event.reason

    def _filled(self, event: BoardFilled) -> None:
        board = self.boards[event.board]
        board.filled = True
        board.paid += event.amount
        self.paid += event.amount

    def _held_paid(self, event: HeldPrizesPaid) -> None:
        board = self.boards[event.board]
        board.paid += event.amount
        self.paid += event.amount

    def _cell_paid(self, event: CellPaid) -> None:
        board = self.boards[event.board]
        board.paid += event.amount
        self.paid += event.amount

    def _collected(self, event: Collected) -> None:
        board = self.boards[event.board]
        for position in event.positions:  # collected cells are cleared
            board.held.pop(position, None)
            board.landed.pop(position, None)
            board.values.pop(position, None)
            board.revealed.pop(position, None)
        board.collectors.add(event.collector)
        keeper = board.held.get(event.collector)
        if keeper is not None:
            keeper.value = event.total

    def _cell_multiplier(self, event: CellMultiplierChanged) -> None:
        board = self.boards[event.board]
        board.multipliers[event.position] = event.multiplier
        if event.position not in board.values and event.position not in board.held:
            board.landed.pop(event.position, None)  # the symbol that marked the cell (a Mummy X) disappears

    def _ended(self, event: FeatureEnded) -> None:
        self.running, self.ended, self.total = False, True, event.total


_HANDLERS: dict[type, Any] = {
    BoardOpened: BoardsModel._opened,
    BoardSpun: BoardsModel._spun,
    CellLanded: BoardsModel._landed,
    PrizeMultiplied: BoardsModel._multiplied,
    RespinsChanged: BoardsModel._respins,
    BoardFilled: BoardsModel._filled,
    HeldPrizesPaid: BoardsModel._held_paid,
    CellPaid: BoardsModel._cell_paid,
    Collected: BoardsModel._collected,
    CellMultiplierChanged: BoardsModel._cell_multiplier,
    FeatureEnded: BoardsModel._ended,
}
