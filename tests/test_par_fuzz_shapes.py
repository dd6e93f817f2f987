"""Par against brute force on random games with issue 35's shapes (``tests/fuzz_shapes.py``):
big symbols, spreading wilds and symbols turning wild with random parameters, alone, together
and with free spins, on lines (one or both ways) and ways. Judged as the corpus's games are
(``test_combination_corpus.check``): an EXACT par equals brute force as a Fraction, an
ESTIMATE's interval holds it. The quick seeds are exact; ``-m slow`` draws a hundred."""

from __future__ import annotations

import pytest
from fuzz_shapes import random_shape_game
from test_combination_corpus import check

from cabinet.core.loader import DefinitionError, load_definition_text

# exact and quick: a turn in base spins, a cross in free spins both ways, a turn in base and free,
# spreads alone, a 1x2 big symbol, a big symbol with a cross in free spins
QUICK_SEEDS = (1, 2, 9, 10, 15, 24, 25, 29, 33)


@pytest.mark.parametrize("seed", QUICK_SEEDS)
def test_par_is_exact_and_equals_brute_force_on_random_shape_games(seed: int) -> None:
    description, text = random_shape_game(seed)
    result = check(load_definition_text(text, source=f"<shapes {seed}>"), f"{seed} {description}")
    assert result.par_text.startswith("exact") and result.by == "brute force", result.line()
    assert result.ok, result.line()


@pytest.mark.slow
def test_par_against_brute_force_or_simulation_on_a_hundred_shape_games() -> None:
    results, refused = [], 0
    for seed in range(100):
        description, text = random_shape_game(seed)
        try:
            defn = load_definition_text(text, source=f"<shapes {seed}>")
        except DefinitionError as exc:  # the loader's word on a combination it refuses
            assert str(exc).strip()
            refused += 1
            continue
        results.append(check(defn, f"{seed} {description}", spins=40_000))
        print(results[-1].line(), flush=True)
    failed = [r.line() for r in results if not r.ok]
    exact = sum(1 for r in results if r.par_text.startswith("exact") and r.by == "brute force")
    print(f"\n{len(results)} shape games judged, {refused} refused, {exact} exact and equal to brute force")
    assert not failed, "\n".join(failed)


def test_the_batch_equals_play_round_when_a_spread_comes_before_a_big_symbol() -> None:
    """Seed 23 lists the spread first: the batch once counted the spread's wild on the windows
    the big symbol had covered (paying 10 where play_round paid 50)."""
    from cabinet.core.bet import default_bet
    from cabinet.core.round import RoundRequest, play_round
    from cabinet.core.simulate import derive_seeds, round_outcomes

    description, text = random_shape_game(23)
    assert description.index("spread") < description.index("big") or "shuffled" in description
    defn = load_definition_text(text, source="<shapes 23>")
    assert [f.type for f in defn.features][:2] == ["spreading_wild", "big_symbols"]
    bet = default_bet(defn)
    seeds = derive_seeds(5, 0, 400)
    out = round_outcomes(defn, bet, seeds)
    assert out.win.tolist() == [play_round(defn, RoundRequest(bet, int(s))).total_win for s in seeds]
