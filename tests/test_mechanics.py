"""Presentation by mechanic (``cabinet/presentation/mechanics/``): one entry per core block,
each game's presenter table built from its own blocks, and the words the entries show
taken from the feature's ``texts:`` with neutral defaults."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from cabinet.core.bet import default_bet
from cabinet.core.events import FeatureEnded, FeatureStarted, SpinStarted
from cabinet.core.features import registry as core_registry
from cabinet.core.features.wheel import WheelSpun
from cabinet.core.loader import load_game
from cabinet.presentation import mechanics, presenters
from cabinet.presentation.engine import PresenterTable
from cabinet.presentation.mechanics import (
    NEEDS_NONE,
    Mechanic,
    mechanic_of,
    presenter_table,
    register,
    unregister,
)
from cabinet.presentation.mechanics.entry import Entry
from cabinet.presentation.mechanics.wheel import presenter as wheel_presenter
from cabinet.presentation.mechanics.writing import Writer
from cabinet.presentation.scenes.info import feature_sections
from cabinet.presentation.side_panel import feature_rows
from cabinet.presentation.words import words

GAMES = sorted(p.stem for p in (Path(__file__).resolve().parent.parent / "games").glob("*.yaml"))


def test_every_core_block_has_exactly_one_presentation_entry_or_needs_none() -> None:
    names = Counter(entry.presenter for entry in core_registry().values())
    shown = mechanics.registry()
    for type_name, entry in core_registry().items():
        assert entry.presenter, f"{type_name} names no presentation"
        assert (entry.presenter in shown) != (entry.presenter in NEEDS_NONE), (
            f"{type_name}: its presentation {entry.presenter!r} must be registered or declared as needing none")
        assert names[entry.presenter] == 1, f"{entry.presenter!r} is the presentation of several core blocks"
    assert set(shown) <= set(names), f"mechanics without a core block: {set(shown) - set(names)}"
    for mechanic in shown.values():
        assert isinstance(mechanic, Mechanic)
        assert mechanic.type == mechanic.type.strip() and mechanic.type


def test_register_refuses_what_does_not_conform_and_a_second_of_a_kind() -> None:
    with pytest.raises(TypeError):
        register(object())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="registered already"):
        register(Entry(type="wheel", heading="", rules=lambda w, p: None))


def test_a_games_table_comes_from_its_own_blocks_not_import_order() -> None:
    """Halloween's wheel events go to the wheel's presenters; a game without a wheel has no
    presenter for them at all; the panel door joins the spins of the games that have one."""
    halloween, classic = load_game("halloween-wins-3"), load_game("classic")
    wheel_name = next(f.name for f in halloween.features if f.type == "wheel")
    spun = WheelSpun(wheel_name, 0, 0, Fraction(2), None)
    assert presenter_table(halloween).presenter(spun) is wheel_presenter.turn_ring
    assert presenter_table(halloween).presenter(FeatureEnded(wheel_name, 0, 1)) is wheel_presenter.end_wheel
    assert presenter_table(classic).presenter(WheelSpun("wheel", 0, 0, Fraction(2), None)) is None
    assert presenter_table(classic).joins.keys() == {"spin_started"}  # free spins' counter before each free spin
    assert len(presenter_table(halloween).joins["spin_started"]) == 2  # ... and the panel's symbols fly first
    assert presenter_table(load_game("happy-lucky-slot")).presenter(SpinStarted("base", "base")) is \
        presenters.start_reels


def test_joins_act_in_block_order_the_first_outermost() -> None:
    said: list[str] = []

    def join(tag: str):  # noqa: ANN202
        def wrap(play, event, inner):  # noqa: ANN001, ANN202
            said.append(tag)
            if inner is not None:
                inner(play, event)
        return wrap

    first = Entry(type="t1", heading="", rules=lambda w, p: None, joins={"spin_started": join("first")})
    second = Entry(type="t2", heading="", rules=lambda w, p: None, joins={"spin_started": join("second")})
    table = PresenterTable.build([("a", first), ("b", second), ("c", first)],
                                 {"spin_started": lambda play, event: said.append("pipeline")})
    presenter = table.presenter(SpinStarted("base", "base"))
    assert presenter is not None
    presenter(None, SpinStarted("base", "base"))  # type: ignore[arg-type]
    assert said == ["first", "second", "pipeline"]  # a block with two features joins once


def test_a_toy_mechanic_registered_at_run_time_shows_its_feature() -> None:
    defn = load_game("classic")
    free = defn.features[0]
    toy = Entry(type="toy_free", heading="TOY", rules=lambda w, p: "toy rules",
                presenters={"feature_started": lambda play, event: None}, side_rows=lambda d, p: ())
    register(toy)
    try:
        assert mechanics.registry()["toy_free"] is toy
        assert mechanic_of(free) is mechanics.registry()["free_spins"]  # the block still names free spins
    finally:
        unregister("toy_free")
    assert "toy_free" not in mechanics.registry()


@pytest.mark.parametrize("game", GAMES)
def test_every_feature_of_every_game_has_its_info_section_and_mechanic(game: str) -> None:
    defn = load_game(game)
    sections = feature_sections(defn, default_bet(defn))
    assert len(sections) == len(defn.features) + 1  # one a feature, then the celebrations and RTP
    for params, section in zip(defn.features, sections, strict=False):
        assert mechanic_of(params) is not None, params.type
        assert section.paras, f"{game}: {params.type} has an empty section"


def test_words_come_from_texts_with_neutral_defaults() -> None:
    defn = load_game("halloween-wins-3")
    wheel = next(f for f in defn.features if f.type == "wheel")
    assert words(wheel, "title", "BONUS WHEEL") == "TRIPLE ELECTRIC WHEEL"
    assert words(wheel, "pass_on", "{ring} TURNS", ring="RING 2", number=2) == "ELECTRIC! RING 2 TURNS"
    plain = replace(wheel, texts={})
    assert words(plain, "title", "BONUS WHEEL") == "BONUS WHEEL"
    assert words(plain, "pass_on", "{ring} TURNS", ring="MIDDLE", number=2) == "MIDDLE TURNS"
    assert words(replace(wheel, texts={"pass_on": "{rnig} {number}"}), "pass_on", "", number=2) == "{rnig} 2"
    assert words(replace(wheel, texts={"pass_on": "{oops"}), "pass_on", "", number=2) == "{oops"


def test_the_halloween_words_live_in_its_yaml() -> None:
    """Without its ``texts:`` the wheel, the respin and the panel speak neutrally: no word of
    Halloween's is left in the code."""
    defn = load_game("halloween-wins-3")
    plain = replace(defn, features=tuple(replace(f, texts={}) if hasattr(f, "texts") else f for f in defn.features))
    writer = Writer(plain, default_bet(plain))
    text = " ".join(mechanic_of(f).rules(writer, f).text for f in plain.features  # type: ignore[union-attr]
                    if f.type in ("wheel", "wild_respin", "panel_door"))
    # (the heading, ELECTRIC WHEEL, is the feature's YAML name)
    assert "electric pocket" not in text and "ELECTRIC:" not in text and "a pass-on pocket" in text
    assert "PASS-ON: TO RING 2" in text
    rows = [row.label for row in feature_rows(plain)]
    assert "WHEEL" in rows and "TO THE PANEL" in rows
    with_words = " ".join(s.text for s in feature_sections(defn, default_bet(defn)))
    assert "an electric pocket turns the next ring" in with_words and "ELECTRIC: TO RING 2" in with_words


def test_a_feature_started_names_its_feature_and_finds_its_mechanic() -> None:
    defn = load_game("lucky-christmas")
    table = presenter_table(defn)
    free = next(f.name for f in defn.features if f.type == "free_spins")
    presenter = table.presenter(FeatureStarted(free, 10))
    assert presenter is not None and presenter is mechanics.registry()["free_spins"].presenters["feature_started"]


def test_a_level_that_only_adds_spins_says_so_and_a_label_names_a_level() -> None:
    from cabinet.presentation.feature_hud import level_marks

    levels = next(f for f in load_game("lucky-christmas").features if f.type == "progress_levels")
    spins_only = replace(levels.levels[0], unlock="nothing", extra_spins=3)
    named = replace(levels.levels[1], label="SNOWSTORM")
    marks = level_marks(replace(levels, levels=(levels.levels[0], named, spins_only)))
    assert marks[2].banner == "LEVEL 3: +3 FREE SPINS" and marks[2].title == "+3 SPINS" and not marks[2].detail
    assert marks[1].banner == "LEVEL 2: SNOWSTORM, +1 FREE SPIN" and marks[1].title == "SNOWSTORM"
    assert marks[0].banner == "LEVEL 1: STICKY WILD REEL 3, +1 FREE SPIN"  # unchanged without a label


def test_free_spins_words_come_from_its_texts(classic) -> None:  # noqa: ANN001
    from cabinet.presentation.side_panel import feature_heading

    free = classic.features[0]
    assert [row.label for row in feature_rows(classic)][:1] == ["10 SPINS"]
    worded = replace(classic, features=(replace(free, texts={"row": "{spins} GAMES", "intro_title": "BONUS!"}),
                                        *classic.features[1:]))
    rows = feature_rows(worded)
    assert rows[0].label == "10 GAMES" and feature_heading(rows) == "FREE SPINS"  # still the free spins' glass
    assert words(worded.features[0], "intro_title", "FREE SPINS WON") == "BONUS!"
    assert words(free, "intro_title", "FREE SPINS WON") == "FREE SPINS WON"
