"""Designer mode on a running app: keys, the pad combo, scenarios, speed, overlay, reload.

Keys (designer mode only; they are taken before the cabinet's bindings see them). All but
Ctrl+digit come from the bindings table (``designer_keyboard:`` in ``cabinet/input/bindings.yaml``,
overridable in ``<data-dir>/bindings.yaml``); the defaults:

    F1-F9, Ctrl+1..Ctrl+9   play scenario 1-9 of the game's ``scenarios:`` (SCENARIOS)
    F12 or `                the overlay on/off (OVERLAY)
    [  ]  \\                 slower / faster / normal speed (0.25x 0.5x 1x 2x 4x)
    P or Pause              pause; . (period) steps one frame while paused (PAUSE, STEP)
    T (TOP_ROUNDS)          the largest rounds of a simulation (``--top-rounds FILE``): choose
                            one and it replays from its seed at its bet, marked FORCED
                            (``top_rounds.py``; a cabinet button of the ``keyboard:`` table)

Pad (``designer_gamepad:``): a chord. Hold HOLD (the left stick's click, L3) and press A for the
next scenario, X for the previous one, Y for the overlay, the shoulders for slower/faster, B to
pause, D-pad right to step and D-pad up for the top rounds. Other buttons pressed while HOLD is
held go nowhere. A tap of HOLD alone reaches the cabinet as an ordinary press (L3 is SETTINGS).

A scenario is a real round through the normal path: ``BaseGameScene.start_round(script=)``
-> ``session.begin_round(script)``; it is charged and paid like any round, and its
request (``script`` set, so ``forced``) is what history records.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from cabinet.core.definition import Scenario
from cabinet.core.loader import scenario_problems
from cabinet.input.bindings import Bindings
from cabinet.machine.buttons import Button, Press
from cabinet.presentation.tag import draw_tag
from cabinet.tool import Host, register_tool

from .live_par import LivePar
from .overlay import (
    BAD,
    DIM,
    GOOD,
    LABEL,
    VALUE,
    WARN,
    Bar,
    Line,
    draw_error_panel,
    draw_panel,
    line_room,
    overlay_box,
    wrap,
)
from .reload import Reloader
from .stats import SessionStats, Theory, TheoryCache
from .top_rounds import TopRound, TopRounds, TopRoundsScene

STATS_REFRESH = 0.25  # seconds between refreshes of the frame-time figures
HINT_SECONDS = 4.0
SCENARIO_ROWS = 3  # rows of the overlay's scenario list shown at once; a longer list turns pages
PAGE_SECONDS = 4.0  # how long each page of it shows
HINT_TEXT = "DESIGNER MODE: F12 OVERLAY, F1-F9 SCENARIOS"

SCENARIO_DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
                   pygame.K_8, pygame.K_9)


@dataclass
class FrameFigures:
    """Frame time and fps averaged over the last refresh period (steadier to read)."""

    work_ms: float = 0.0
    fps: float = 0.0
    _work: float = 0.0
    _time: float = 0.0
    _frames: int = 0
    history: list[float] = field(default_factory=list)  # recent work times, ms

    def add(self, dt: float, work: float) -> None:
        self._time += dt
        self._work += work
        self._frames += 1
        self.history.append(work * 1000)
        del self.history[:-120]
        if self._time >= STATS_REFRESH:
            self.work_ms = self._work / self._frames * 1000
            self.fps = self._frames / self._time
            self._time = self._work = 0.0
            self._frames = 0


def scenario_name(defn: Any, script: tuple[int, ...]) -> str:
    """The scenario a forced round's script comes from: its spin, or the respin it plays
    after it (a paid-respin scenario forces two rounds, both named after it)."""
    for scenario in defn.scenarios:
        if tuple(scenario.script) == tuple(script):
            return scenario.name
    for scenario in defn.scenarios:
        if scenario.respin_reel and tuple(scenario.respin_script) == tuple(script):
            return f"{scenario.name} (respin)"
    return "scripted"


def pct(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.2f}%"


class Designer:
    """Designer mode, a tool of the app's loop (``cabinet.tool.Tool``): its keys, the speed,
    the overlay, scenarios, a watched file and the top rounds."""

    name = "designer"  # where the app logs the errors it survives

    def __init__(self, app: Host, watch_path: Path | None = None) -> None:
        self.app = app
        self.overlay = False
        self.timing = app.timing
        self.theory = TheoryCache()
        self.stats = SessionStats()
        self.frames = FrameFigures()
        self.reloader = Reloader(app, watch_path) if watch_path is not None else None
        # Par of the game in a process: of every good save under --watch; without it, of the game's file
        # once the overlay is first opened (its scenario list then shows each scenario's odds).
        self.live = LivePar() if watch_path is not None or Path(app.defn.source).is_file() else None
        self._priced: Any = None  # the definition the live par was last started for
        self.hint = HINT_SECONDS
        self.clock = 0.0  # seconds of designer mode (the scenario list's pages turn with it)
        self._scenario_rows: tuple[tuple[object, ...], list[str]] | None = None  # (what was wrapped, rows)
        self.pad_next = 0  # the pad combo's next scenario
        self.bound = False  # the bindings' designer sections are read with the first events
        self.keys: dict[int, str] = {}  # key code -> designer action
        self.scenario_keys: list[int] = []  # in scenario order
        self.pad_actions: dict[int, str] = {}  # pad button -> action, while HOLD is held
        self.pad_hold: int | None = None
        self._pad_holding: dict[int, Any] = {}  # pads whose HOLD is down -> that press (None once a chord used it)
        self._swallowed: set[tuple[int, int]] = set()  # (pad, button) downs taken by the combo
        self.played: list[str] = []  # scenario names started (tests read it)
        self.pending_respin: Scenario | None = None  # a paid-respin scenario waiting for its spin to end
        self.overlay_rect: pygame.Rect | None = None  # where the overlay / error panel were last drawn
        self.error_rect: pygame.Rect | None = None
        self.top_rounds: TopRounds | None = app.options.top_rounds  # --top-rounds FILE
        self.replayed: tuple[TopRound, int] | None = None  # the last top round replayed, its round index
        if app.session is not None:
            app.session.observers.append(self)  # every finished round reaches the math panel

    # -- the session's observer hooks ---------------------------------------------------------------

    def round_begun(self, session: Any, result: Any, credits_before: int) -> None:
        pass

    def progress(self, session: Any, step: int) -> None:
        pass

    def round_finished(self, session: Any, record: Any) -> None:
        self.stats.fold(record)

    # -- input ------------------------------------------------------------------------------------

    def bind(self, bindings: Bindings) -> None:
        """Take the designer sections of the bindings table (the app's input adapter loads it
        after the first frame, so this waits for the first events)."""
        self.keys = dict(bindings.designer_keys)
        self.scenario_keys = bindings.designer_codes("SCENARIOS")
        self.pad_actions = {b: a for b, a in bindings.designer_pad.items() if a != "HOLD"}
        holds = bindings.designer_codes("HOLD", pad=True)
        self.pad_hold = holds[0] if holds else None
        self.bound = True

    def filter_events(self, events: list[Any]) -> list[Any]:
        """Take designer keys and pad chords; return the events the cabinet should still see."""
        if not self.bound:
            self.bind(self.app.input.bindings)
        out: list[Any] = []
        for event in events:
            out.extend(self._take(event))
        return out

    def _take(self, event: Any) -> list[Any]:
        """What of ``event`` the cabinet still sees: nothing, the event, or a held tap's down and up."""
        t = event.type
        if t == pygame.KEYDOWN:
            return [] if self._key(event.key, getattr(event, "mod", 0)) else [event]
        if t == pygame.KEYUP:
            return [] if event.key in self.keys else [event]
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            return self._pad(event)
        if t == pygame.CONTROLLERDEVICEREMOVED:
            pad = getattr(event, "instance_id", -1)
            self._pad_holding.pop(pad, None)
            self._swallowed = {(p, b) for p, b in self._swallowed if p != pad}
        return [event]

    def _key(self, key: int, mod: int) -> bool:
        if mod & pygame.KMOD_CTRL and key in SCENARIO_DIGITS:
            self.play_scenario(SCENARIO_DIGITS.index(key))
            return True
        action = self.keys.get(key)
        if action == "SCENARIOS":
            self.play_scenario(self.scenario_keys.index(key))
        elif action is not None:
            self._act(action)
        return action is not None

    def _act(self, action: str) -> None:
        """One designer action (its name from the bindings table's designer sections)."""
        timing = self.timing
        count = len(self.app.defn.scenarios)
        if action == "NEXT_SCENARIO" and count:
            self.play_scenario(self.pad_next % count)
            self.pad_next = (self.pad_next + 1) % count
        elif action == "PREVIOUS_SCENARIO" and count:
            self.pad_next = (self.pad_next - 2) % count
            self.play_scenario(self.pad_next % count)
            self.pad_next = (self.pad_next + 1) % count
        elif action == "OVERLAY":
            self.overlay = not self.overlay
        elif action == "SLOWER":
            timing.slower()
        elif action == "FASTER":
            timing.faster()
        elif action == "NORMAL_SPEED":
            timing.normal()
        elif action == "PAUSE":
            timing.toggle_pause()
        elif action == "STEP":
            timing.step_frame()
        elif action == "TOP_ROUNDS":
            self.toggle_top_rounds()

    def _pad(self, event: Any) -> list[Any]:
        pad, button = getattr(event, "instance_id", -1), getattr(event, "button", -1)
        down = event.type == pygame.CONTROLLERBUTTONDOWN
        if button == self.pad_hold:
            if down:
                self._pad_holding[pad] = event
                return []
            held = self._pad_holding.pop(pad, None)
            return [] if held is None else [held, event]  # a tap of HOLD alone: the cabinet's own press
        if not down:
            if (pad, button) in self._swallowed:
                self._swallowed.discard((pad, button))
                return []
            return [event]
        if pad not in self._pad_holding:
            return [event]
        self._swallowed.add((pad, button))
        self._pad_holding[pad] = None  # a chord: the release of HOLD presses nothing
        action = self.pad_actions.get(button)
        if action is not None:
            self._act(action)
        return []

    def takes(self, press: Press) -> bool:
        """Whether a cabinet button press is the designer's (TOP_ROUNDS, through the bindings)."""
        return press.button == Button.TOP_ROUNDS

    def handle(self, press: Press) -> None:
        if press.button == Button.TOP_ROUNDS:
            self.toggle_top_rounds()

    # -- scenarios --------------------------------------------------------------------------------

    def scenarios(self) -> tuple[Scenario, ...]:
        return tuple(self.app.defn.scenarios)

    def _may_force(self, what: str) -> bool:
        """A forced round may start now: no round in play, no overlay open (else say why)."""
        app = self.app
        if app.base.in_round:
            app.ctx.hud.say(f"A ROUND IS IN PLAY: TRY {what} WHEN IT ENDS")
            return False
        if any(scene.modal for scene in app.stack):
            app.ctx.hud.say("CLOSE THE OVERLAY FIRST")
            return False
        return True

    def play_scenario(self, index: int) -> bool:
        """Start scenario ``index`` as a real round; False (with a message) when it cannot."""
        app = self.app
        hud = app.ctx.hud
        scenarios = self.scenarios()
        if not 0 <= index < len(scenarios):
            hud.say(f"NO SCENARIO {index + 1} IN {app.defn.name.upper()}")
            return False
        if not self._may_force("THE SCENARIO"):
            return False
        scenario = scenarios[index]
        problems = scenario_problems(app.defn, only=index)
        if problems:  # a value outside its draw: said where, and nothing is charged
            print(f"cabinet: {problems[0]}", file=sys.stderr)
            hud.say(f"SCENARIO {index + 1} CANNOT BE PLAYED: {problems[0].path}:{problems[0].line}:{problems[0].column}")
            return False
        if not app.base.start_round(script=tuple(scenario.script)):
            return False
        self.played.append(scenario.name)
        # A paid-respin scenario respins its reel once the spin's round has ended.
        self.pending_respin = scenario if scenario.respin_reel else None
        return True

    # -- the top rounds of a simulation ------------------------------------------------------------

    def toggle_top_rounds(self) -> bool:
        """Open the top rounds list (or close it when it is open); False when it cannot open."""
        app = self.app
        shown = app.stack.find(TopRoundsScene)
        if shown is not None:
            shown.close()
            return False
        if app.base.in_round:
            app.ctx.hud.say("A ROUND IS IN PLAY: OPEN THE TOP ROUNDS WHEN IT ENDS")
            return False
        if any(scene.modal for scene in app.stack):
            app.ctx.hud.say("CLOSE THE OVERLAY FIRST")
            return False
        app.stack.push(TopRoundsScene(self, self.top_rounds))
        return True

    def play_top_round(self, index: int) -> bool:
        """Replay top round ``index`` from its seed at its bet, as a real round marked FORCED."""
        app = self.app
        hud = app.ctx.hud
        top = self.top_rounds
        if top is None or not 0 <= index < len(top.rounds):
            hud.say(f"NO TOP ROUND {index + 1}")
            return False
        if not self._may_force("THE TOP ROUND"):
            return False
        session = app.session
        assert session is not None
        if not session.set_bet(top.bet):
            hud.say(f"{app.defn.name.upper()} DOES NOT ALLOW THE BET OF THESE ROUNDS")
            return False
        chosen = top.rounds[index]
        if not app.base.start_round(seed=chosen.seed):
            return False
        self.replayed = (chosen, session.current_index)
        return True

    def _play_pending_respin(self) -> None:
        app, scenario = self.app, self.pending_respin
        if scenario is None or app.base.in_round or any(scene.modal for scene in app.stack):
            return
        self.pending_respin = None
        app.base.start_round(respin=scenario.respin_reel - 1, script=tuple(scenario.respin_script))

    # -- time -------------------------------------------------------------------------------------

    def tick(self, dt: float, work: float) -> None:
        self._play_pending_respin()
        self.frames.add(dt, work)
        self.clock += dt
        self.hint = max(0.0, self.hint - dt)
        if self.reloader is not None:
            self.reloader.tick(dt)
        if self.live is not None and (self.reloader is not None or self.overlay):
            if self.app.defn is not self._priced:  # the first game, then each good save once applied
                self._priced = self.app.defn
                path = self.reloader.path if self.reloader is not None else Path(self.app.defn.source)
                try:
                    self.live.start(self.app.defn, path.read_text(encoding="utf-8-sig"))
                except OSError as exc:  # the file went away: the overlay says so, play goes on
                    self.live.error = f"cannot read {path}: {exc.strerror or exc}"
            self.live.poll()

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """Tags on the reel frame's top border, from its right end to the logo that crowns the
        frame (smaller words where the room is short: clear of the logo and the game's badges
        in every layout), the overlay when it is on, and the reload errors whenever there are some."""
        app = self.app
        text = app.ctx.text
        layout = app.ctx.layout
        frame, logo = layout.reel_frame, layout.logo
        right, middle = frame.right - 6, (frame.y + layout.reel_window.y) // 2
        start = logo.right + 6 if logo.bottom > frame.y else frame.x + 6  # landscape: the logo is on the border

        def tag(words: str, colour: tuple[int, int, int]) -> int:
            return draw_tag(surface, text, words, colour, midright=(right, middle),
                            max_width=max(40, right - start)).x - 6

        session = app.session
        current = session.current if session is not None else None
        if session is not None and current is not None and current.request.script and (
                app.base.in_round or session.in_round):
            right = tag(f"FORCED: {scenario_name(app.defn, current.request.script).upper()}", WARN)
        if self.timing.unusual:
            right = tag(self.timing.label(), LABEL)
        if self.reloader is not None and self.reloader.deferred:
            tag("RELOAD AFTER THIS ROUND", VALUE)
        if self.overlay:
            self.overlay_rect = draw_panel(surface, text, self.lines(), overlay_box(surface))
        elif self.hint > 0 and not any(scene.modal for scene in app.stack):
            # Centred on the status line, under the reels: clear of the reel frame, and not drawn
            # while an intro card or a panel has the screen (it sat on their edges).
            hint = HINT_TEXT + (", T TOP ROUNDS" if self.top_rounds is not None else "")
            draw_tag(surface, text, hint, LABEL, center=app.ctx.layout.status.center)
        if self.reloader is not None and self.reloader.errors:
            self.error_rect = draw_error_panel(
                surface, text, "YAML ERROR - the last good version keeps running; fix the file and save",
                self.reloader.errors)

    def lines(self) -> list[Line | Bar | None]:
        """What the overlay shows, top to bottom."""
        app = self.app
        session = app.session
        assert session is not None
        defn = app.defn
        ctx = app.ctx
        f = self.frames
        out: list[Line | Bar | None] = [
            [("DESIGNER  ", LABEL), (defn.name, VALUE), (f"   speed {self.timing.label()}", DIM)],
            [("FRAME ", LABEL), (f"{f.work_ms:5.2f} ms", VALUE), ("   FPS ", LABEL), (f"{f.fps:4.1f}", VALUE),
             ("   worst ", LABEL), (f"{max(f.history, default=0):5.2f} ms", VALUE)],
            [("SCENES ", LABEL), (" > ".join(describe_scene(s) for s in app.stack), VALUE)],
        ]
        feature = feature_state(app)
        out.append([("FEATURE ", LABEL), (feature or "none", VALUE if feature else DIM)])
        current = session.current
        if current is not None:
            req = current.request
            step = f"{session.progress_step}/{len(current.events)}" if session.in_round else "done"
            out.append([("ROUND ", LABEL), (f"#{session.current_index + 1} {req.kind} {step}", VALUE),
                        ("  WIN ", LABEL), (ctx.money(current.total_win) if not session.in_round else "...", VALUE)])
            out.append([("SEED ", LABEL), (f"{req.seed}  (0x{req.seed:016X})", VALUE)])
            if req.script:
                out.append([("FORCED ", WARN), (f"{scenario_name(defn, req.script)}  script {list(req.script)}",
                                                VALUE)] + self.forced_odds(req.script))
            elif req.forced_by == "round":
                out.append([("FORCED ", WARN), ("round replayed from its seed", VALUE)]
                           + self.replay_check(session.current_index, current))
        else:
            out.append([("ROUND ", LABEL), ("none yet", DIM)])
        out.append(None)
        out.extend(self.math_lines())
        if self.live is not None:
            out.extend(self.live.lines())
        out.append(None)
        out.extend(self.scenario_lines())
        top = self.top_rounds
        out.append([("TOP ROUNDS ", LABEL),
                    (f"{len(top.rounds)} from {top.source}  (T)" if top is not None
                     else "none loaded (--top-rounds FILE from cabinet simulate ... --json)",
                     VALUE if top is not None else DIM)])
        out.append([("KEYS ", LABEL), ("F12 overlay  [ ] \\ speed  P pause  . step  T top rounds", DIM)])
        if self.reloader is not None:
            out.append([("WATCH ", LABEL), (f"{self.reloader.path}  reloads {self.reloader.reloads}", DIM)])
        return out

    def scenario_lines(self) -> list[Line | Bar | None]:
        """The F-key scenarios in rows at the overlay's own type size, ``SCENARIO_ROWS`` at a
        time: a longer list turns its pages every ``PAGE_SECONDS`` (page n/m on the heading)."""
        entries = [f"F{i + 1} {s.name}{self.odds_text(i)}" for i, s in enumerate(self.scenarios()[:9])]
        if not entries:
            return [[("SCENARIOS ", LABEL), ("none in this game", VALUE)]]
        size, width = line_room(self.app.screen)
        indent = "  "
        key = (tuple(entries), size, width)
        if self._scenario_rows is None or self._scenario_rows[0] != key:
            room = width - self.app.ctx.text.render(indent, size, VALUE).get_width()
            self._scenario_rows = (key, wrap(self.app.ctx.text, entries, size, room))
        rows = self._scenario_rows[1]
        pages = [rows[i:i + SCENARIO_ROWS] for i in range(0, len(rows), SCENARIO_ROWS)]
        page = int(self.clock // PAGE_SECONDS) % len(pages)
        heading: Line = [("SCENARIOS", LABEL)]
        if len(pages) > 1:
            heading.append((f"   page {page + 1}/{len(pages)}", DIM))
        return [heading, *([(indent + row, VALUE)] for row in pages[page])]

    def odds_text(self, index: int) -> str:
        """A scenario's odds for the list: " (1 in 71.4)" once the live par has them."""
        words = self.live.scenario_text(index) if self.live is not None else ""
        return f" ({words})" if words else ""

    def forced_odds(self, script: tuple[int, ...]) -> Line:
        """How often the forced scenario's outcome happens in real play, with its tag."""
        index = next((i for i, s in enumerate(self.scenarios()) if tuple(s.script) == tuple(script)), -1)
        figure = self.live.scenario_figure(index) if self.live is not None else None
        if figure is None:
            return []
        line: Line = [("   this outcome: ", DIM), (figure.text, VALUE), (f" {figure.tag}", GOOD if figure.exact else WARN)]
        win = self.live.scenario_win(index) if self.live is not None else None
        if win is not None:  # a trigger's odds are not this round's: how often it pays this much
            line += [(";  ", DIM), (win.text, VALUE), (f" {win.tag}", GOOD if win.exact else WARN)]
        return line

    def replay_check(self, index: int, current: Any) -> Line:
        """The win a top round's simulation counted against the one its replay pays."""
        if self.replayed is None or self.replayed[1] != index:
            return []
        top, ctx = self.replayed[0], self.app.ctx
        line: Line = [(f"   top #{top.rank}: simulated ", DIM), (ctx.money(top.win), VALUE)]
        if self.app.session is not None and self.app.session.in_round:
            return line
        same = current.total_win == top.win
        return line + [("  replayed ", DIM), (ctx.money(current.total_win), VALUE),
                       ("  same" if same else "  DIFFERENT (game file changed?)", GOOD if same else BAD)]

    def math_lines(self) -> list[Line | Bar | None]:
        app = self.app
        session = app.session
        assert session is not None
        s = self.stats
        theory = self.theory.get(app.defn, session.bet)
        out: list[Line | Bar | None] = []
        rtp_line: Line = [("RTP ", LABEL), (pct(s.rtp), VALUE), (f" over {s.rounds} rounds", DIM)]
        if isinstance(theory, Theory):
            rtp_line += [("   THEORY ", LABEL), (pct(theory.rtp), VALUE),
                         (f" {theory.label or ('exact' if theory.exact else 'simulated')}", DIM)]
        elif isinstance(theory, str):
            rtp_line.append((f"   {theory}", BAD))
        else:
            rtp_line.append(("   THEORY computing...", DIM))
        out.append(rtp_line)
        if isinstance(theory, Theory):
            band = theory.band(s.rounds)
            if band is None:
                out.append([("95% BAND ", LABEL), ("after the first round", DIM)])
            else:
                inside = s.rtp is not None and band[0] <= s.rtp <= band[1]
                out.append([("95% BAND ", LABEL), (f"{pct(band[0])} .. {pct(band[1])}", VALUE),
                            ("   inside" if inside else "   OUTSIDE", GOOD if inside else BAD),
                            (f"   sigma {theory.sigma:.2f}", DIM)])
                out.append(Bar(band[0], band[1], theory.rtp, s.rtp))
        hits = f"{pct(s.hit_rate)} ({s.hits}/{s.rounds})" if s.rounds else "-"
        out.append([("HIT RATE ", LABEL), (hits, VALUE)])
        feats = "  ".join(f"{name} {n}" for name, n in sorted(s.features.items())) or "none yet"
        out.append([("FEATURES ", LABEL), (feats, VALUE), (f"   forced rounds {s.forced} (not in RTP)", DIM)])
        return out


def describe_scene(scene: Any) -> str:
    name = type(scene).__name__.removesuffix("Scene")
    phase = getattr(scene, "phase", None)
    return f"{name}({phase})" if isinstance(phase, str) and phase else name


def feature_state(app: Host) -> str:
    """Free spins progress when a feature plays, else the last round's features."""
    scene: Any
    for scene in app.stack:
        if hasattr(scene, "total_spins") and hasattr(scene, "played"):
            return (f"free spins {scene.played}/{scene.total_spins} x{scene.multiplier} "
                    f"won {app.ctx.money(scene.total_win)} ({scene.phase})")
    session = app.session
    if session is not None and session.current is not None and session.current.features:
        when = "this round brings" if session.in_round else "last round had"
        return f"{when} " + ", ".join(session.current.features)
    return ""


register_tool("designer", Designer)  # the app asks for it by name when designer mode is on
