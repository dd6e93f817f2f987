"""The meters page's par comes from a child process (services/par_process.py): the same report
as par in this process, par's own refusal passed back, and par worked out here when no child
can be started."""

from __future__ import annotations

import sys

from cabinet.core.par import par
from cabinet.services import par_process


def test_the_child_s_report_is_the_report_par_gives_here(classic) -> None:  # noqa: ANN001
    here, there = par(classic), par_process.par_in_child(classic, timeout=120)
    assert there.total.mean == here.total.mean and there.total.exact == here.total.exact
    assert there.hit_rate == here.hit_rate


def test_a_game_par_refuses_comes_back_as_its_exception(classic, monkeypatch) -> None:  # noqa: ANN001
    import dataclasses

    broken = dataclasses.replace(classic, reels={})  # no reel strips: par has nothing to price
    try:
        expected: object = par(broken)
    except Exception as exc:  # noqa: BLE001
        expected = exc
    answer = par_process.par_in_child(broken, timeout=120)
    assert type(answer) is type(expected)
    assert isinstance(answer, Exception)


def test_without_a_child_par_is_worked_out_here(classic, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(sys, "executable", "/nonexistent/python")
    assert par_process.par_in_child(classic).total.mean == par(classic).total.mean
