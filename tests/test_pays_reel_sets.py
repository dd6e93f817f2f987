"""A pay model per reel set (``pay_model.reel_sets``): a lines game whose free spins pay ways.
Each spin pays by its reel set's model; par is exact and equals brute force; simulate equals
play_round round by round; the win is drawn by its own model; the YAML's checks."""

from __future__ import annotations

from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.bruteforce import round_value
from cabinet.core.events import LineWin, SpinStarted
from cabinet.core.loader import DefinitionError, load_definition_text, load_game
from cabinet.core.par import par
from cabinet.core.pays import model_for, model_of, pay_rules
from cabinet.core.pays.ways import WaysWin
from cabinet.core.round import RoundRequest, play_round
from cabinet.core.simulate import derive_seeds, round_outcomes
from cabinet.presentation.pays import screen_for_win

GAMES = Path(__file__).resolve().parent / "games" / "pays"


@pytest.fixture(scope="module")
def toy():  # noqa: ANN201
    return load_game(GAMES / "toy-lines-ways-free.yaml")


def test_each_spin_pays_by_its_reel_sets_model(toy) -> None:  # noqa: ANN001
    assert (model_of(toy).type, model_for(toy, "base").type, model_for(toy, "free").type) == ("lines", "lines", "ways")
    bet = default_bet(toy)
    found = {"base": set(), "free": set()}
    for seed in derive_seeds(5, 0, 400).tolist():
        reel_set = "base"
        for e in play_round(toy, RoundRequest(bet, int(seed))).events:
            if isinstance(e, SpinStarted):
                reel_set = e.reel_set
            elif isinstance(e, (LineWin, WaysWin)):
                found[reel_set].add(e.kind)
    assert found == {"base": {"line_win"}, "free": {"ways_win"}}


def test_the_scenarios_free_spin_pays_two_ways_of_a_at_x2(toy) -> None:  # noqa: ANN001
    bet = default_bet(toy)
    result = play_round(toy, RoundRequest(bet, 1, script=toy.scenarios[0].script))
    (win,) = [e for e in result.events if isinstance(e, WaysWin) and e.symbol == "A"]
    # A on reel 1, A and WILD on reel 2, A on reel 3: 2 ways of 3, 10 coins a way at level 1, x2 in free spins
    assert (win.ways, win.count, win.multiplier, win.amount) == (2, 3, 2, 2 * 10 * 2 * bet.coin_value)


def test_par_is_exact_and_equals_brute_force(toy) -> None:  # noqa: ANN001
    report = par(toy)
    assert report.exact
    assert report.total_rtp == round_value(toy).rtp


def test_simulate_equals_play_round_round_by_round(toy) -> None:  # noqa: ANN001
    bet = default_bet(toy)
    seeds = derive_seeds(9, 0, 1500)
    out = round_outcomes(toy, bet, seeds)
    assert out.win.tolist() == [play_round(toy, RoundRequest(bet, int(s))).total_win for s in seeds]
    assert out.scalar.any() and not out.scalar.all()  # base spins in the batch, the free spins' rounds played


def test_the_win_is_drawn_by_its_own_model_and_the_info_pages_say_so(toy) -> None:  # noqa: ANN001
    win = WaysWin("A", 3, 2, ((0, 0), (1, 0), (1, 1), (2, 0)), ((0,), (0, 1), (0,)), (0, 1, 2), "ltr", 10, 2, 200)
    assert screen_for_win(toy, win).type == "ways"
    said = pay_rules(toy)
    assert "Spins on the FREE reels pay ways:" in said
    assert any("The bet is 2 coins times the bet level" in line for line in said)


def _issues(text: str) -> list[str]:
    with pytest.raises(DefinitionError) as info:
        load_definition_text(text, "g.yaml")
    return [i.message for i in info.value.issues]


@pytest.mark.parametrize(("old", "new", "says"), [
    ("reel_sets: {free: ways}", "reel_sets: {bonus: ways}", "unknown reel set 'bonus'"),
    ("reel_sets: {free: ways}", "reel_sets: {base: ways}", "'base' is a base-game reel set"),
    ("reel_sets: {free: ways}", "reel_sets: {free: megaways}", "a reel set may pay by ways, anywhere, cluster"),
    ("  coins_per_line: [1, 2]\n", "  coins_per_line: [1, 2]\n  lines: [1, 2]\n", "plays every line"),
])
def test_the_yaml_says_what_is_wrong(old: str, new: str, says: str) -> None:
    text = (GAMES / "toy-lines-ways-free.yaml").read_text()
    assert old in text
    assert any(says in i for i in _issues(text.replace(old, new)))


def test_the_plaque_is_the_model_of_the_reels_on_show() -> None:
    """Lines in base spins (no plaque), ways in free spins ("N WAYS" over the wrench's column)."""
    import numpy as np
    import pygame

    from cabinet.app import App, AppOptions
    from cabinet.presentation.pays import pay_screen_for
    from cabinet.presentation.pays.common import plaque_box

    defn = load_game(GAMES / "toy-lines-ways-free.yaml")
    assert pay_screen_for(defn, "base").type == "lines" and pay_screen_for(defn, "free").type == "ways"
    app = App(defn, AppOptions(size=(1280, 720), seed=1, headless=True))
    app.start()
    app.run_frames(2)
    box = pygame.Rect(plaque_box(app.ctx))

    def plaque_pixels() -> np.ndarray:
        app.draw()
        return pygame.surfarray.array3d(app.screen)[box.x:box.right, box.y:box.bottom].astype(int)

    base = plaque_pixels()
    app.base.reel_set = "free"
    free = plaque_pixels()
    assert np.abs(free - base).max(axis=2).mean() > 20  # the ways plaque appeared where lines show none
