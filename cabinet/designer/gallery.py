"""Every screen of a game, headless: the pictures of ``cabinet gallery`` and of the reference tests.

A gallery is a fixed list of *moments* (``MOMENTS``): idle, spinning, a plain win as the
game's pay model shows it (``win-line``, ``win-ways``, ``win-megaways``, ``win-anywhere``,
``win-cluster``: ``presentation/pays``), each win tier,
each feature's intro / play / outro, the panels, history, attract, the lobby, and the
idle screen left-handed, in portrait and at 1280x720. Each is reached the way a player
would reach it (presses, forced rounds through the session's normal path, headless
frames at a fixed time step), so the same seed gives the same pixels every run.

The feature moments follow the game's blocks (``expected_moments``): each block's mechanic
says which it has (``Mechanic.moments``, in ``presentation/mechanics/<block>/shots.py``:
free spins' ``feature-*`` and ``free-spins-guarantee``, a hold-and-respin of the game's own
``feature-*`` and ``boards-anticipation``, the held reel's ``respin-locked``, the wheel's
``wheel-*``, the panel door's ``mummy-panel`` and ``minigame-*``), and the gallery plays
each from the first scenario whose round shows it (with none, from the first seed's round
that does, and the notice gives that round's script for a scenario); it knows no mechanic
by name.

Every page of INFO is pictured: ``paytable`` and ``rules`` are the first page of each tab,
and each further page follows them, named after its heading (``info-paytable-2``,
``info-features-1``, ``info-paylines``, ``info-rules-2``: how many there are depends on
the game and the window).

The wall clock is pinned while a gallery is made (``GALLERY_TIME``): the history list
shows when each round was played, and a picture that changed every minute could not be
a reference.

Win tiers are forced with a base-game script (one stop per reel) found by
``tier_scripts``: a fixed-seed search over screens whose reels line up a symbol, so a
game without a scenario for a tier still shows it. A game that cannot reach a tier at
all (its pays are too small) simply has no picture of it; ``Gallery.missing`` says so.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cabinet.core.english import with_article
from cabinet.presentation.mechanics.moments import finish_round, run_until, snapshot

TIERS = ("big", "mega", "epic")
TIER_SEARCH_SEED = 14
TIER_SEARCH_TRIES = 6000  # scripted base spins tried per game for the tier pictures
SEED_SEARCH_TRIES = 20_000  # seeded rounds tried for a feature's moments that no scenario shows
SEEDS = (TIER_SEARCH_SEED, TIER_SEARCH_SEED + 1, TIER_SEARCH_SEED + 2)  # a script must decide its round at each
PORTRAIT_OF = {(640, 360): (360, 640)}
GALLERY_TIME = datetime(2026, 1, 2, 12, 0, tzinfo=UTC)  # when the gallery's rounds are stamped  # the smallest landscape turns into the smallest portrait

# The moments, in the order of the contact sheet: the common ones before and after the
# mechanics' own (each mechanic's ``moment_names``, in the registry's order: ``MOMENTS``).
BEFORE = ("idle", "spinning", *(f"win-{tier}" for tier in TIERS))  # each pay model's win picture after "spinning"
AFTER = ("menu", "paytable", "rules", "bet-panel", "autoplay-panel", "buy-card", "ante-on", "history", "attract",
         "lobby", "left-hand", "portrait", "1280x720", "designer", "designer-forced")
MODE_MOMENTS = ("buy-card", "ante-on")  # pictured for a game with a buy mode, an ante mode (bet_modes:)


def all_moments() -> tuple[str, ...]:
    """Every moment a gallery may picture, in contact-sheet order (``MOMENTS``)."""
    from cabinet.presentation.mechanics import registry
    from cabinet.presentation.pays import gallery_moments

    names = dict.fromkeys((*BEFORE[:2], *gallery_moments(), *BEFORE[2:]))
    for mechanic in registry().values():
        names.update(dict.fromkeys(mechanic.moment_names))
    names.update(dict.fromkeys(AFTER))
    return tuple(names)


def __getattr__(name: str) -> Any:
    if name == "MOMENTS":  # worked out when asked: the registry may have grown meanwhile
        return all_moments()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass
class Gallery:
    """The pictures of one game: (name, surface) in contact-sheet order, and what could not be shown."""

    game: str
    shots: list[tuple[str, Any]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    scripts: dict[str, tuple[int, ...]] = field(default_factory=dict)  # tier_scripts' find: what the wins show

    def names(self) -> list[str]:
        return [name for name, _ in self.shots]


# -- forcing rounds -------------------------------------------------------------------------------


def round_tier(defn: Any, script: tuple[int, ...]) -> tuple[str, bool]:
    """The win tier of a default-bet round forced with ``script`` and whether a feature ran."""
    from cabinet.core.bet import default_bet
    from cabinet.core.events import RoundEnded
    from cabinet.core.round import RoundRequest, play_round

    result = play_round(defn, RoundRequest(default_bet(defn), TIER_SEARCH_SEED, script=script, with_offer=False))
    tier = next((e.tier for e in result.events if isinstance(e, RoundEnded)), "")
    return tier, bool(result.features)


def tier_scripts(defn: Any, *, tries: int = TIER_SEARCH_TRIES) -> dict[str, tuple[int, ...]]:
    """A base-spin script (one stop per reel) for each win tier the search reaches, and
    under ``"line"`` one for a plain win of the game's pay model (a line or ways run of fewer
    symbols than reels: its label's place).

    A game whose spin draws more than its stops before it pays (a Megaways spin's heights)
    cannot be forced by stops alone: what the search still lacks after the stops is sought
    again with each candidate's whole round forced (``core.round.forcing_script``).
    """
    found = _tier_search(defn, tries=tries, force=False)
    if len(found) < len(TIERS) + 1:
        for key, script in _tier_search(defn, tries=tries, force=True, have=frozenset(found)).items():
            found.setdefault(key, script)
    return found


def _tier_search(defn: Any, *, tries: int, force: bool, have: frozenset[str] = frozenset()
                 ) -> dict[str, tuple[int, ...]]:
    """The search of ``tier_scripts``; ``force``: each candidate's stops with every later draw
    of its round at the first seed (``have``: what not to look for again).

    Random screens almost never pay 60x the bet, so each try picks one symbol and, on
    every reel, a stop that shows it (or a wild) somewhere: a screen likely to pay on
    many lines. Rounds that trigger a feature are skipped (a feature is its own moment);
    a tier no base spin reaches is taken from a scenario that reaches it, if one does.
    """
    strips = defn.reels[defn.base_game.reel_sets[0].set]
    rows = defn.grid.rows
    wilds = {s.id for s in defn.symbols if getattr(s, "kind", "") == "wild"}
    symbols = sorted({sym for strip in strips for sym in strip})
    showing: dict[str, list[list[int]]] = {}
    for symbol in symbols:
        wanted = {symbol} | wilds
        showing[symbol] = [[stop for stop in range(len(strip))
                            if any(strip[(stop + r) % len(strip)] in wanted for r in range(rows))]
                           for strip in strips]
    rng = random.Random(TIER_SEARCH_SEED)
    found: dict[str, tuple[int, ...]] = dict.fromkeys(have, ())
    for _ in range(tries):
        if len(found) == len(TIERS) + 1:
            break
        if "line" not in found:  # plain random stops: most wins are short lines
            script = forced(defn, tuple(rng.randrange(len(strip)) for strip in strips), force)
            # the stops alone decide it (a mystery reveal after them draws from the session's seed)
            if all(short_line_win(defn, script, seed) for seed in SEEDS):
                found["line"] = script
            continue
        stops = showing[rng.choice(symbols)]
        if not all(stops):
            continue
        script = forced(defn, tuple(rng.choice(choices) for choices in stops), force)
        tier, feature = round_tier(defn, script)
        if tier and not feature and tier not in found and scripted_tier(defn, script) == tier:
            found[tier] = script
    for scenario in defn.scenarios:
        if scenario.respin_reel or len(found) == len(TIERS) + 1:
            continue
        script = tuple(scenario.script)
        tier = scripted_tier(defn, script)
        if tier and tier not in found:
            found[tier] = script
    return {key: script for key, script in found.items() if key not in have}


def plain_win_script(defn: Any, *, tries: int = TIER_SEARCH_TRIES) -> tuple[int, ...] | None:
    """The script of a plain win of the game's pay model (the ``win-line`` / ``win-ways``...
    picture), as ``tier_scripts`` finds it, without looking for the tiers."""
    for force in (False, True):
        found = _tier_search(defn, tries=tries, force=force, have=frozenset(TIERS))
        if "line" in found:
            return found["line"]
    return None


def forced(defn: Any, stops: tuple[int, ...], force: bool) -> tuple[int, ...]:
    """``stops``, or (``force``) every draw of the round they start at the first seed."""
    if not force:
        return stops
    from cabinet.core.bet import default_bet
    from cabinet.core.round import RoundRequest, forcing_script

    return forcing_script(defn, RoundRequest(default_bet(defn), TIER_SEARCH_SEED, script=stops, with_offer=False))


def scripted_tier(defn: Any, script: tuple[int, ...]) -> str:
    """The tier of a round ``script`` decides on its own ("" if it has none, or if the
    draws after the script, which come from the session's seed, could change it)."""
    from cabinet.core.bet import default_bet
    from cabinet.core.events import RoundEnded
    from cabinet.core.round import RoundRequest, play_round

    outcomes = set()
    for seed in SEEDS:
        result = play_round(defn, RoundRequest(default_bet(defn), seed, script=script, with_offer=False))
        outcomes.add((result.total_win, next((e.tier for e in result.events if isinstance(e, RoundEnded)), "")))
    return next(iter(outcomes))[1] if len(outcomes) == 1 else ""


def short_line_win(defn: Any, script: tuple[int, ...], seed: int = TIER_SEARCH_SEED) -> bool:
    """A round forced with ``script`` pays a win of the game's pay model, no tier, no feature;
    a line or ways win of fewer symbols than reels (``short_runs``)."""
    from cabinet.core.bet import default_bet
    from cabinet.core.events import RoundEnded
    from cabinet.core.round import RoundRequest, play_round
    from cabinet.presentation.pays import pay_screen_of

    result = play_round(defn, RoundRequest(default_bet(defn), seed, script=script, with_offer=False))
    if result.features or any(isinstance(e, RoundEnded) and e.tier for e in result.events):
        return False
    model = pay_screen_of(defn)
    wins = [e for e in result.events if e.kind in model.win_kinds]
    return bool(wins) and (not model.short_runs or all(len({reel for reel, _ in e.positions}) < defn.grid.reels
                                                        for e in wins))


def scenario_round(defn: Any, scenario: Any) -> Any:
    from cabinet.core.bet import default_bet
    from cabinet.core.round import RoundRequest, play_round

    return play_round(defn, RoundRequest(default_bet(defn), TIER_SEARCH_SEED, script=tuple(scenario.script)))


def scenario_showing(defn: Any, shows: Callable[[Any], bool]) -> tuple[tuple[int, ...], Any] | None:
    """The script of the first scenario whose round ``shows`` (a test on its RoundResult), and the round."""
    for scenario in defn.scenarios:
        if not scenario.respin_reel and shows(result := scenario_round(defn, scenario)):
            return tuple(scenario.script), result
    return None


def seed_showing(defn: Any, shows: Callable[[Any], bool], *, tries: int = SEED_SEARCH_TRIES,
                 ) -> tuple[int, tuple[int, ...], Any] | None:
    """For a moment no scenario shows: the first seed (from 1) whose round ``shows``, the
    script that forces that round (every value it draws: ``core.round.forcing_script``) and
    the round; None when ``tries`` seeds show none."""
    from cabinet.core.bet import default_bet
    from cabinet.core.round import RoundRequest, forcing_script, play_round

    bet = default_bet(defn)
    for seed in range(1, tries + 1):
        if shows(result := play_round(defn, RoundRequest(bet, seed))):
            return seed, forcing_script(defn, RoundRequest(bet, seed)), result
    return None


def block_moments(defn: Any) -> list[Any]:
    """The moments the game's blocks picture (each mechanic's ``moments``: ``Moments``), in
    contact-sheet order; a name an earlier group has is not pictured twice (free spins and
    a board feature of a game's own both have ``feature-*``: the registry's first wins)."""
    from cabinet.presentation.mechanics import mechanic_of, registry

    sheet = {name: i for i, name in enumerate(all_moments())}
    rank = {mechanic.type: i for i, mechanic in enumerate(registry().values())}
    groups = [(sheet[group.names[0]], rank[mechanic.type], n, group)
              for n, params in enumerate(defn.features) if (mechanic := mechanic_of(params)) is not None
              for group in mechanic.moments(defn, params)]
    taken: set[str] = set()
    chosen = []
    for *_, group in sorted(groups, key=lambda g: g[:3]):
        if not taken & set(group.names):
            taken |= set(group.names)
            chosen.append(group)
    return chosen


def mode_moments(defn: Any) -> list[str]:
    """The bet-mode moments ``defn`` has: the BUY FEATURE card (a buy mode), the ante on (an ante)."""
    kinds = {m.kind for m in getattr(defn, "bet_modes", ())}
    return [name for name, kind in zip(MODE_MOMENTS, ("buy", "ante"), strict=True) if kind in kinds]


def expected_moments(defn: Any) -> list[str]:
    """The moments a gallery of ``defn`` pictures, in contact-sheet order: every common one,
    and the moments its blocks have (those whose scenarios it lacks are ``missing``)."""
    from cabinet.presentation.pays import pay_screen_of

    wanted = {*BEFORE, pay_screen_of(defn).gallery_moment, *(m for m in AFTER if m not in MODE_MOMENTS),
              *mode_moments(defn), *(name for group in block_moments(defn) for name in group.names)}
    return [m for m in all_moments() if m in wanted]


def feature_script(defn: Any) -> tuple[str, tuple[int, ...]] | None:
    """The scenario designer mode's picture forces (``Moments.forced``: the first that runs
    free spins, a feature with an intro card): name, script."""
    for group in block_moments(defn):
        if group.forced and (found := scenario_showing(defn, group.shows)) is not None:
            scenario = next(s for s in defn.scenarios if tuple(s.script) == found[0])
            return scenario.name, found[0]
    return None


# -- driving an app -------------------------------------------------------------------------------


def open_panel(app: Any, press: Any, settle_frames: int = 20) -> Any:
    """The screen with the panel ``press`` opens, then the panel closed again."""
    app.press([press])
    app.run_frames(settle_frames)
    picture = snapshot(app)
    close_top(app)
    return picture


def close_top(app: Any) -> None:
    """Remove every scene over the base game (a panel, a history list)."""
    for scene in [s for s in app.stack if s is not app.base]:
        app.stack.remove(scene)
    app.run_frames(2)


def start_app(defn: Any, *, size: tuple[int, int], seed: int, left_hand: bool = False) -> Any:
    from cabinet.app import App, AppOptions

    app = App(defn, AppOptions(size=size, left_hand=left_hand, seed=seed, headless=True))
    app.start()
    # the frames between pictures are played, not drawn: each picture is drawn as it is taken
    # (snapshot), the same pixels as a window that drew every frame (tests/test_gallery.py)
    app.draws_frames = False
    return app


def win_tier_shot(app: Any, script: tuple[int, ...], tier: str) -> Any:
    """The tiered win when its last tier is on the banner and the meter has counted on a while."""
    from cabinet.presentation.scenes.win import WinScene

    app.base.start_round(script=script)

    def at_the_top() -> bool:
        win = app.stack.find(WinScene)
        if win is None or not win.tier:
            return False
        return win.phase != "all" or (win.shown_tier == tier and win.t >= win.tier_reached_at + 0.8)

    run_until(app, at_the_top, f"the {tier} win")
    picture = snapshot(app)
    finish_round(app)
    return picture


def line_win_shot(app: Any, script: tuple[int, ...]) -> Any:
    """A plain line win cycling: its payline, its symbols lit and the amount's label (a tumbling
    game's wins count screen by screen and never cycle: its landed screen's wins counting)."""
    from cabinet.presentation.scenes.win import WinScene

    app.base.start_round(script=script)
    run_until(app, lambda: (win := app.stack.find(WinScene)) is not None and (
        win.phase == "cycle" and win.cycle_t > 0.3 or not win.loop and win.phase == "all" and win.t > 0.35),
        "a line win cycling")
    picture = snapshot(app)
    finish_round(app)
    return picture


def designer_shots(defn: Any, *, size: tuple[int, int], seed: int,
                   feature: tuple[str, tuple[int, ...]] | None) -> Iterator[tuple[str, Any]]:
    """Designer mode: its notice just after start, and a forced feature round with its tag."""
    from cabinet.app import App, AppOptions

    app = App(defn, AppOptions(size=size, seed=seed, headless=True, designer=True))
    app.start()
    app.run_frames(30)
    yield "designer", snapshot(app)
    if feature is None:
        return
    number = next(i for i, s in enumerate(defn.scenarios) if tuple(s.script) == feature[1])
    from .shots import play_scenario

    play_scenario(app, number + 1)
    yield "designer-forced", snapshot(app)


def attract_shot(app: Any, seconds: float = 2.5) -> Any:
    """This game's attract show a moment in (its first demo spin under way)."""
    import pygame

    from cabinet.app import FPS
    from cabinet.kiosk.demo import demo_factory
    from cabinet.presentation.scenes.attract import AttractScene

    ctx = app.ctx
    factory = demo_factory(app.defn, text=ctx.text, cache=ctx.cache, builder=ctx.builder, audio=ctx.audio,
                           settings=ctx.settings)
    size = app.screen.get_size()
    show = AttractScene(ctx.text, size, [factory], [app.defn.name])
    for _ in range(int(seconds * FPS)):
        show.update(1.0 / FPS)
    surface = pygame.Surface(size)
    show.draw(surface)
    show.on_exit()  # the show is over: its demo's scenes leave
    return surface


def idle_shot(defn: Any, *, size: tuple[int, int], seed: int, left_hand: bool = False) -> Any:
    app = start_app(defn, size=size, seed=seed, left_hand=left_hand)
    app.run_frames(2)
    return snapshot(app)


# -- the whole set --------------------------------------------------------------------------------


def feature_moments(app: Any, defn: Any, missing: list[str]) -> Iterator[tuple[str, Any]]:
    """The moments the game's blocks picture (``block_moments``), each from the first
    scenario whose round shows it, played by its mechanic."""
    for group in block_moments(defn):
        found = scenario_showing(defn, group.shows)
        if found is None and (seeded := seed_showing(defn, group.shows)) is not None:
            # a game without a scenario for it is still pictured, from a seed's round; the
            # notice gives the script that forces it, for the designer's scenarios
            seed, script, result = seeded
            missing.append(f"{group.what}: {group.lack}; pictured from round seed {seed} (a scenario for it: "
                           f"script: [{', '.join(map(str, script))}])")
            found = script, result
        if found is None:
            missing.append(f"{group.what}: {group.lack}")
        else:
            yield from group.shoot(app, *found)


def portrait_size(size: tuple[int, int]) -> tuple[int, int]:
    return PORTRAIT_OF.get(size, (size[1], size[0]))


def iter_shots(defn: Any, *, size: tuple[int, int], seed: int, missing: list[str],
               lobby_games: tuple[str, ...] | None = None,
               scripts_found: dict[str, tuple[int, ...]] | None = None) -> Iterator[tuple[str, Any]]:
    from cabinet.designer.shots import render_lobby
    from cabinet.machine.buttons import Button, Press
    from cabinet.presentation.scenes.history import HistoryScene
    from cabinet.presentation.scenes.info import InfoScene

    app = start_app(defn, size=size, seed=seed)
    app.run_frames(2)
    yield "idle", snapshot(app)
    app.press([Press(Button.SPIN)])
    app.run_frames(30)
    yield "spinning", snapshot(app)
    finish_round(app)

    scripts = tier_scripts(defn)
    if scripts_found is not None:
        scripts_found.update(scripts)
    from cabinet.presentation.pays import pay_screen_of

    moment = pay_screen_of(defn).gallery_moment  # win-line, win-ways, win-cluster...
    if "line" in scripts:
        yield moment, line_win_shot(app, scripts["line"])
    else:
        missing.append(f"{moment}: no base spin found that pays a plain win")
    for tier in TIERS:
        if tier in scripts:
            yield f"win-{tier}", win_tier_shot(app, scripts[tier], tier)
        else:
            missing.append(f"win-{tier}: no base spin found that pays {with_article(tier)} win")

    feature = feature_script(defn)
    yield from feature_moments(app, defn, missing)

    yield "menu", open_panel(app, Press(Button.MENU))
    yield "paytable", open_panel(app, Press(Button.INFO))
    app.stack.push(InfoScene(app.ctx, section="RULES"))
    app.run_frames(20)
    yield "rules", snapshot(app)
    close_top(app)
    yield "bet-panel", open_panel(app, Press(Button.BET_SELECT))
    yield "autoplay-panel", open_panel(app, Press(Button.AUTOPLAY))
    modes = mode_moments(defn)
    if "buy-card" in modes:
        yield "buy-card", open_panel(app, Press(Button.BUY))
    if "ante-on" in modes:  # the deck with the ante on (its pill lit, the bet meter at its cost), then off again
        app.press([Press(Button.ANTE)])
        app.run_frames(20)
        yield "ante-on", snapshot(app)
        app.press([Press(Button.ANTE)])
        app.run_frames(2)
    app.stack.push(HistoryScene(app.ctx))
    app.run_frames(20)
    yield "history", snapshot(app)
    close_top(app)
    yield "attract", attract_shot(app)
    yield "lobby", render_lobby(size, games=lobby_games).copy()
    yield "left-hand", idle_shot(defn, size=size, seed=seed, left_hand=True)
    yield "portrait", idle_shot(defn, size=portrait_size(size), seed=seed)
    yield "1280x720", idle_shot(defn, size=(1280, 720), seed=seed)
    forced = feature or next(((s.name, tuple(s.script)) for s in defn.scenarios if not s.respin_reel), None)
    yield from designer_shots(defn, size=size, seed=seed, feature=forced)
    yield from info_pages(defn, size=size, seed=seed)


INFO_PREFIX = "info-"  # every INFO page besides the paytable's first and the rules' first: info-features-2


def is_info_page(name: str) -> bool:
    return name.startswith(INFO_PREFIX)


def info_page_name(heading: str) -> str:
    """A page's moment name from its heading: "FEATURES 2 OF 3" -> "info-features-2"."""
    words = heading.lower().split()
    if len(words) == 4 and words[2] == "of":  # "<section> n of m"
        words = words[:2]
    return INFO_PREFIX + "-".join(words)


def info_pages(defn: Any, *, size: tuple[int, int], seed: int) -> Iterator[tuple[str, Any]]:
    """Every page of INFO the ``paytable`` and ``rules`` moments do not show (the paytable's
    further pages, each FEATURES page, the paylines, the further rules pages), in page
    order, on a cabinet of their own (so that no other moment waits on them)."""
    from cabinet.presentation.scenes.info import InfoScene

    app = start_app(defn, size=size, seed=seed)
    app.run_frames(2)
    info = InfoScene(app.ctx)
    app.stack.push(info)
    app.run_frames(20)
    shown = {0, info.section_start("RULES")}
    for page, heading in enumerate(list(info.headings)):
        if page in shown:
            continue
        info.page = page
        app.run_frames(2)
        yield info_page_name(heading), snapshot(app)


@contextlib.contextmanager
def pinned_clock(moment: datetime = GALLERY_TIME) -> Iterator[None]:
    """Rounds recorded meanwhile are stamped ``moment`` (the ledgers read the clock from
    ``cabinet.services.atomic.utc_now`` at each round)."""
    from cabinet.services import atomic

    real = atomic.utc_now
    atomic.utc_now = lambda: moment
    try:
        yield
    finally:
        atomic.utc_now = real


def build_gallery(defn: Any, *, size: tuple[int, int] = (1280, 720), seed: int = 1,
                  only: frozenset[str] | None = None, lobby_games: tuple[str, ...] | None = None) -> Gallery:
    """Every moment of ``defn`` (or those named in ``only``), headless at ``size``; the lobby
    shows every game in games/, or ``lobby_games`` (ids) only."""
    from cabinet.app import use_dummy_drivers

    use_dummy_drivers()
    gallery = Gallery(defn.name)
    with pinned_clock():
        for name, surface in iter_shots(defn, size=size, seed=seed, missing=gallery.missing,
                                        lobby_games=lobby_games, scripts_found=gallery.scripts):
            if only is None or name in only or (is_info_page(name) and "info" in only):
                gallery.shots.append((name, surface))
    # the contact sheet shows the INFO pages together: the further pages right after "rules"
    pages = [shot for shot in gallery.shots if is_info_page(shot[0])]
    rest = [shot for shot in gallery.shots if not is_info_page(shot[0])]
    at = next((i + 1 for i, (name, _) in enumerate(rest) if name == "rules"), len(rest))
    gallery.shots = rest[:at] + pages + rest[at:]
    return gallery


# -- the contact sheet ----------------------------------------------------------------------------


def contact_sheet(gallery: Gallery, *, columns: int = 5, thumb: tuple[int, int] = (384, 216)) -> Any:
    """Every picture as a thumbnail with its name under it, in rows of ``columns``."""
    import pygame

    from cabinet.presentation.text import Text

    text = Text()
    caption_h, pad = 26, 10
    cell_w, cell_h = thumb[0] + pad, thumb[1] + caption_h + pad
    count = max(1, len(gallery.shots))
    rows = (count + columns - 1) // columns
    title_h = 44
    sheet = pygame.Surface((columns * cell_w + pad, title_h + rows * cell_h + pad))
    sheet.fill((18, 14, 26))
    heading = text.render(f"{gallery.game.upper()} - {len(gallery.shots)} SCREENS", 24, (255, 232, 160))
    sheet.blit(heading, (pad, (title_h - heading.get_height()) // 2))
    for i, (name, surface) in enumerate(gallery.shots):
        x = pad + (i % columns) * cell_w
        y = title_h + (i // columns) * cell_h
        w, h = surface.get_size()
        scale = min(thumb[0] / w, thumb[1] / h)
        small = pygame.transform.smoothscale(surface, (max(1, round(w * scale)), max(1, round(h * scale))))
        pygame.draw.rect(sheet, (40, 32, 56), (x, y, thumb[0], thumb[1]))
        sheet.blit(small, small.get_rect(center=(x + thumb[0] // 2, y + thumb[1] // 2)))
        label = text.render(name, 16, (230, 224, 240))
        sheet.blit(label, (x, y + thumb[1] + (caption_h - label.get_height()) // 2))
    return sheet
