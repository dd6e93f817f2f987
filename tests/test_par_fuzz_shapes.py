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
