"""Every word a player reads comes from the game's YAML or reads as correct English (issue 38,
item 6), and check catches each mistake a designer makes in words (item 3) and each silent
accept (item 8) at its file:line:col with a suggestion. Abyss Dive (tests/designer_path/) is
the game; each mistake is one edit of its text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cabinet.cli import main
from cabinet.core.bet import default_bet
from cabinet.core.english import article, with_article
from cabinet.core.loader import load_definition
from cabinet.presentation.scenes.info import feature_sections, pay_cards
from cabinet.presentation.side_panel import feature_heading, feature_rows

SOURCE = Path(__file__).resolve().parent / "designer_path"
GAME = "games/abyss-dive.yaml"


@pytest.fixture
def abyss() -> object:
    return load_definition(SOURCE / GAME)


def _text(defn: object) -> str:
    sections = feature_sections(defn, default_bet(defn))  # type: ignore[arg-type]
    return "\n".join(f"{s.heading}: " + " ".join(p.text for p in s.paras) for s in sections)


def test_the_free_spins_words_come_from_the_games_texts(abyss: object) -> None:
    rows = feature_rows(abyss)
    assert feature_heading(rows, abyss) == "DIVES"
    assert [row.label for row in rows] == ["8 DIVES", "12 DIVES", "20 DIVES"]
    pearl = next(card for card in pay_cards(abyss, default_bet(abyss)) if card.symbols[0] == "PEARL")  # type: ignore[arg-type]
    assert "3 OR MORE START THE DIVE." in pearl.notes
    info = _text(abyss)
    assert "THE DIVE: 3, 4 or 5 PEARL symbols anywhere award 8, 12 or 20 dives respectively" in info
    assert "During dives, 3, 4 or 5 PEARL symbols add" in info
    assert "free spin" not in info.lower()


def test_generated_rules_read_as_english(abyss: object) -> None:
    info = _text(abyss)
    assert "A KRAKEN WILD landing on any reel in dives expands" in info
    assert "An KRAKEN" not in info and "a KRAKEN" not in info.replace("a KRAKEN WILD takes", "")
    assert "every win a KRAKEN WILD takes part in" in info
    mystery = next(line for line in info.splitlines() if line.startswith("BUBBLE:"))
    assert mystery == ("BUBBLE: BUBBLE symbols land on any reel. Every BUBBLE on the screen turns into the same "
                       "symbol, drawn at random from SHARK, TURTLE, FISH, A or K, before the wins are paid.")
    assert "_" not in info  # no block's internal name (expanding_wild) in what a player reads


@pytest.mark.parametrize(("word", "expected"), [
    ("KRAKEN WILD", "a"), ("EPIC", "an"), ("epic", "an"), ("expanding_wild", "an"), ("ORCHARD", "an"),
    ("UNIQUE", "a"), ("hour", "an"), ("X", "an"), ("B", "a"), ("SEVEN", "a"), ("A", "an"),
])
def test_a_or_an_as_the_word_is_said(word: str, expected: str) -> None:
    assert article(word) == expected
    assert with_article(word) == f"{expected} {word}"


# --- check: each mistake, where it is and what to write instead -----------------------------------


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The designer's folder (its art is not generated: the lines asked for are looked for among
    the ones about missing art)."""
    shutil.copytree(SOURCE, tmp_path, dirs_exist_ok=True)
    monkeypatch.delenv("CABINET_HOME", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _check_lines(home: Path, old: str, new: str, capsys: pytest.CaptureFixture[str]) -> tuple[list[str], int]:
    game = home / GAME
    text = game.read_text()
    assert old in text, old
    game.write_text(text.replace(old, new, 1))
    line = next(i for i, row in enumerate(game.read_text().splitlines(), 1) if new.splitlines()[-1] in row)
    main(["check", GAME])
    out = [row for row in capsys.readouterr().out.splitlines() if "has no" not in row and "no art" not in row]
    return out, line


MISTAKES = [
    # (what, the edit, the line check prints, after the position)
    ("a misspelt placeholder", 'spin_status: "DIVE {index} OF {total}"', 'spin_status: "DIVE {idx} OF {total}"',
     "20: unknown placeholder '{idx}' in text 'spin_status' (did you mean '{index}'?): the screen fills in "
     "{amount}, {count}, {index}, {minimum}, {spins}, {symbol}, {total} and would show '{idx}' as written"),
    ("a placeholder of another text", 'row: "{spins} DIVES"', 'row: "{spins} DIVES OF {depth}"',
     "12: unknown placeholder '{depth}' in text 'row': the screen fills in {amount}, {count}, {index}, {minimum}, "
     "{spins}, {symbol}, {total} and would show '{depth}' as written"),
    ("a stray brace", 'spin_status: "DIVE {index} OF {total}"', 'spin_status: "DIVE {index OF {total}"',
     "20: text 'spin_status' has a stray brace (unexpected '{' in field name): write {{ or }} for a brace "
     "shown as is"),
    ("a misspelt text key", "      badge: DIVE", "      bagde: DIVE",
     "7: unknown text key 'bagde' (did you mean 'badge'?)"),
]


@pytest.mark.parametrize(("what", "old", "new", "said"), MISTAKES, ids=[m[0] for m in MISTAKES])
def test_check_catches_each_mistake_in_words(home: Path, capsys: pytest.CaptureFixture[str], what: str, old: str,
                                            new: str, said: str) -> None:
    out, line = _check_lines(home, old, new, capsys)
    assert out == [f"{GAME}:{line}:{said}"], what


SILENT = [
    ("a wild among the mystery's reveals", "      - {symbol: K, weight: 4}\n",
     "      - {symbol: K, weight: 4}\n      - {symbol: KRAKEN, weight: 1}\n",
     "18: warning: mystery 'bubble' reveals the wild 'KRAKEN': every BUBBLE on the screen then turns into a wild "
     "that substitutes on lines; where kraken_reach acts (free spins) it expands too; where kraken_power acts "
     "(free spins) it multiplies too. Reveals are meant to be paying symbols (SHARK, TURTLE, FISH, A, ...); keep "
     "it only if a revealed wild is what you want"),
    ("a wild on strips of spins its blocks never act in", '    - "K Q J A J BUBBLE A Q FISH',
     '    - "K Q J A J BUBBLE A KRAKEN FISH',
     "27: warning: wild 'KRAKEN' is on reel 2 of 'base', played in base spins, but kraken_reach (expanding_wild), "
     "kraken_power (multiplier_wilds) act on it only in free spins: there it lands as a plain wild. If it should "
     "expand and multiply there too, add base to their modes:; else this warning is all"),
]


@pytest.mark.parametrize(("what", "old", "new", "said"), SILENT, ids=[m[0] for m in SILENT])
def test_check_warns_of_each_silent_accept(home: Path, capsys: pytest.CaptureFixture[str], what: str, old: str,
                                          new: str, said: str) -> None:
    out, line = _check_lines(home, old, new, capsys)
    assert out == [f"{GAME}:{line}:{said}"], what
