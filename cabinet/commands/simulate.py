"""``cabinet simulate GAME --spins N --seed S [--workers K | --cluster ADDRESS] [--top K]
[--checkpoint FILE] [--json] [--report FILE.png]``.

Round ``i`` is ``play_round`` with seed ``derive_seed(S, i)``; the report (RTP with its
95% confidence interval, sigma, volatility index, hit rate, features, max win and the
seed that replays it, the ``--top`` largest rounds) is identical for any worker count
and on a Dask cluster (``--cluster tcp://host:8786`` or ``local:K``, see
``cabinet/core/cluster.py``). ``--checkpoint FILE`` keeps every finished shard's tally
in FILE (rewritten atomically): the same command run again skips them, and a file made
for another game file, seed, bet, spins, shard size or ``--top`` is refused.

A progress bar (tqdm: rounds/s, ETA, the running RTP and its 95% band) is drawn on
stderr when stderr is a terminal (``--progress on|off`` overrides it); stdout carries
only the report, so ``--json`` output stays one JSON object: the report, its ``top_wins``
and what replays them (``replay_bet``, ``game_sha256``; saved to a file it is what
``cabinet play GAME --top-rounds FILE`` lists in designer mode). ``--report`` also draws
the math report (win distribution, RTP convergence against the exact par, the largest
wins) to a PNG, headless.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.bet import Bet, bet_text, default_bet, is_allowed
from ..core.definition import Definition
from ..core.money import format_money, parse_money
from ..core.rng import derive_seed
from ..errors import CabinetError
from .mode_args import add_mode_arguments, played

if TYPE_CHECKING:  # the simulator (and numpy) is imported once a local cluster's fork server is going (run)
    from ..core.simulate import ShardRunner
    from ..core.simulation.report import RunningStats, SimReport
    from ..core.simulation.tally import Tally

CHECKPOINT_FORMAT = "cabinet-simulate-checkpoint/1"
CHECKPOINT_EVERY = 2.0  # seconds between checkpoint rewrites (and always at the end)
DEFAULT_TOP = 10


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id (a file stem in games/) or a path to a .yaml")
    p.add_argument("--spins", type=int, default=1_000_000, help="rounds to play (default: 1,000,000)")
    p.add_argument("--seed", type=int, default=1, help="master seed, 0..2^64-1 (default: 1)")
    p.add_argument(
        "--workers", type=int, default=1, help="worker processes (the result does not depend on it)"
    )
    p.add_argument("--lines", type=int, default=0, help="lines played (default: the game's default bet)")
    p.add_argument("--coins-per-line", type=int, default=0, help="coins per line / bet level")
    p.add_argument("--coin-value", default="", help="coin value in currency, e.g. 0.05")
    p.add_argument("--cluster", default="", metavar="ADDRESS",
                   help="run the shards on a Dask cluster: a scheduler (tcp://host:8786) or local:K "
                        "for K worker processes here; needs pip install -e \".[cluster]\"")
    p.add_argument("--top", type=int, default=DEFAULT_TOP, metavar="K",
                   help=f"keep the K largest rounds with their seeds (default: {DEFAULT_TOP}; 0: none)")
    p.add_argument("--checkpoint", default="", metavar="FILE",
                   help="keep finished shards in FILE; the same command run again skips them")
    p.add_argument("--progress", choices=("auto", "on", "off"), default="auto",
                   help="progress bar on stderr (default auto: when stderr is a terminal)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--report", default="", metavar="FILE.png",
                   help="also draw the math report (win distribution, RTP convergence) to this PNG")
    p.add_argument("--report-size", default="1600x1000", metavar="WxH",
                   help="pixel size of the report (default: 1600x1000)")
    add_mode_arguments(p)


def run(args: argparse.Namespace) -> int:
    runner = None
    if args.cluster:
        from ..core.cluster import cluster_runner, require_dask

        runner = cluster_runner(args.cluster)  # a malformed address is refused before the game is loaded
        if args.workers != 1:  # a mistake in the options is said before a missing install
            raise CabinetError("--workers and --cluster exclude each other (a cluster has its own workers)")
        require_dask()
        # A local cluster's workers waited for their fork server to import Dask, numpy and the
        # simulator; started before this process imports the simulator, it is ready 0.1 s sooner.
        runner.prepare()
    from ..core.simulate import MAX_SPINS, MAX_TOP

    if args.spins <= 0:
        raise CabinetError(f"--spins must be a positive number of rounds, got {args.spins}")
    if args.spins > MAX_SPINS:  # refused before anything is built for it
        raise CabinetError(f"--spins must be at most {MAX_SPINS:,}, got {args.spins:,}")
    if args.seed < 0 or args.seed >= 1 << 64:
        raise CabinetError(f"--seed must be from 0 to 2^64-1, got {args.seed}")
    if args.workers < 1:
        raise CabinetError(f"--workers must be at least 1, got {args.workers}")
    if not 0 <= args.top <= MAX_TOP:
        raise CabinetError(f"--top must be from 0 to {MAX_TOP}, got {args.top}")
    report_to = _report_target(args)
    if runner is not None:
        runner.start()  # a local cluster starts while the game loads
    try:
        game_path, defn, report = _load_and_simulate(args, runner)
    finally:
        if runner is not None:
            runner.close()  # a cluster no run took (the game did not load, no shard was left to run)
    if args.json:
        print(json.dumps(json_report(report, defn, game_path), indent=2))
    else:
        print(render(report, defn.name, defn.bet.currency))
    if report_to is not None:
        path, size = report_to
        _draw_report(defn, report, path, size)
        if not args.json:
            print(f"report            {path}")
    return 0


def _load_and_simulate(args: argparse.Namespace, runner: ShardRunner | None) -> tuple[Path, Definition, SimReport]:
    from ..core.loader import load_game, resolve_game
    from ..core.simulate import SHARD_SIZE, simulate

    game_path = resolve_game(args.game)
    defn = played(load_game(game_path), args)  # the --mode of the --rtp-variant
    bet = _bet(defn, args)
    store = None
    if args.checkpoint:
        header = checkpoint_header(game_path, defn, bet, args.seed, args.spins, SHARD_SIZE, args.top)
        store = Checkpoint.open(Path(args.checkpoint), header)
    show = args.progress == "on" or (args.progress == "auto" and sys.stderr.isatty())
    bar = ProgressBar(defn.id) if show else None
    try:
        report = simulate(
            defn, args.spins, args.seed, workers=args.workers, bet=bet, progress=bar, shard_size=SHARD_SIZE, top=args.top,
            runner=runner, finished=store.finished if store else None,
            on_shard=store.add if store else None,
        )
    except ValueError as exc:
        raise CabinetError(str(exc)) from exc
    finally:
        if bar is not None:
            bar.close()
        if store is not None:
            store.save()  # what finished is kept, even when the run was interrupted
    return game_path, defn, report


def json_report(report: SimReport, defn: Definition, game_path: Path) -> dict[str, Any]:
    """The report as ``--json`` prints it: ``SimReport.to_dict`` and what a replay of its
    ``top_wins`` needs (``cabinet play GAME --round SEED --bet REPLAY_BET``, or the whole list
    in designer mode with ``--top-rounds FILE``): the bet as ``--bet`` writes it, and the
    SHA-256 of the game file the rounds were played on (a changed file may pay them otherwise)."""
    data = report.to_dict()
    data["replay_bet"] = bet_text(report.bet, defn.bet.minor_units)
    data["game_sha256"] = hashlib.sha256(game_path.read_bytes()).hexdigest()
    if defn.resolved:  # a bet mode / RTP variant: what the rounds played (a replay passes both)
        data["mode"], data["rtp_variant"] = defn.played_mode, defn.played_variant
        data["cost"] = report.bet_total
    return data


# --- checkpoints -------------------------------------------------------------------------------------


def checkpoint_header(
    game_path: Path, defn: Definition, bet: Bet, seed: int, spins: int, shard_size: int, top: int
) -> dict[str, Any]:
    """What a checkpoint's shards depend on: a rerun must match all of it."""
    return {
        "format": CHECKPOINT_FORMAT,
        "game": defn.id,
        "game_sha256": hashlib.sha256(game_path.read_bytes()).hexdigest(),
        "seed": seed,
        "bet": [bet.lines, bet.coins_per_line, bet.coin_value],
        "spins": spins,
        "shard_size": shard_size,
        "top": top,
        # a bet mode's or RTP variant's rounds are other rounds (written only then: old checkpoints still match)
        **({"mode": defn.played_mode, "rtp_variant": defn.played_variant} if defn.resolved else {}),
    }


_HEADER_WORDS = {
    "format": "format",
    "game": "game",
    "game_sha256": "game file content",
    "seed": "seed",
    "bet": "bet (lines, coins per line, coin value)",
    "spins": "spins",
    "shard_size": "shard size",
    "top": "--top",
}


class Checkpoint:
    """The finished shards of one run, in a JSON file replaced atomically as shards finish."""

    def __init__(self, path: Path, header: dict[str, Any], finished: dict[int, Tally]) -> None:
        self.path = path
        self.header = header
        self.finished = finished  # shard start -> tally
        self._saved = len(finished)
        self._last_save = time.monotonic()

    @classmethod
    def open(cls, path: Path, header: dict[str, Any]) -> Checkpoint:
        """The checkpoint at ``path`` (empty when there is none); one line when it belongs to another run."""
        from ..core.simulation.tally import Tally

        if path.is_dir():
            raise CabinetError(f"--checkpoint {path} is a folder, not a file")
        if not path.parent.is_dir():
            raise CabinetError(f"--checkpoint: no such directory: {path.parent}")
        if not path.exists():
            return cls(path, header, {})
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            theirs = data["run"]
            shards = data["shards"]
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CabinetError(f"--checkpoint {path} is not a simulation checkpoint ({exc})") from None
        if not isinstance(theirs, dict) or not isinstance(shards, dict):
            raise CabinetError(f"--checkpoint {path} is not a simulation checkpoint")
        for key, mine in header.items():
            if theirs.get(key) != mine:
                raise CabinetError(
                    f"--checkpoint {path} belongs to another run: its {_HEADER_WORDS[key]} is "
                    f"{theirs.get(key)!r}, this run's is {mine!r} (use another file or delete it)"
                )
        try:
            finished = {int(start): Tally.from_dict(t) for start, t in shards.items()}
        except (ValueError, TypeError) as exc:
            raise CabinetError(f"--checkpoint {path} is damaged: {exc}") from None
        return cls(path, header, finished)

    def add(self, start: int, tally: Tally) -> None:
        self.finished[start] = tally
        if time.monotonic() - self._last_save >= CHECKPOINT_EVERY:
            self.save()

    def save(self) -> None:
        """Rewrite the file if shards finished since the last write (old or new file, never half)."""
        from ..services.atomic import write_atomic

        if len(self.finished) == self._saved and self.path.exists():
            return
        body = {
            "run": self.header,
            "shards": {str(start): self.finished[start].to_dict() for start in sorted(self.finished)},
        }
        try:
            write_atomic(self.path, json.dumps(body, separators=(",", ":")).encode("utf-8"))
        except OSError as exc:
            raise CabinetError(f"--checkpoint: cannot write {self.path}: {exc}") from exc
        self._saved = len(self.finished)
        self._last_save = time.monotonic()


def _report_target(args: argparse.Namespace) -> tuple[Path, tuple[int, int]] | None:
    """The report's path and size, checked before the simulation runs (fail fast)."""
    if not args.report:
        return None
    path = Path(args.report)
    if path.suffix.lower() != ".png":
        raise CabinetError(f"--report must name a .png file, got {args.report}")
    if not path.parent.is_dir():
        raise CabinetError(f"--report: no such directory: {path.parent}")
    try:
        w, h = (int(v) for v in args.report_size.lower().split("x"))
    except ValueError:
        raise CabinetError(f"--report-size must be WIDTHxHEIGHT, e.g. 1600x1000, got {args.report_size}") from None
    if not (640 <= w <= 8000 and 400 <= h <= 8000):
        raise CabinetError(f"--report-size must be from 640x400 to 8000x8000, got {args.report_size}")
    return path, (w, h)


def _draw_report(defn: Definition, report: SimReport, path: Path, size: tuple[int, int]) -> None:
    from ..core.par import par
    from ..presentation.report import report_data, save_report  # pygame only when asked for

    par_rtp: Fraction | None = None
    note = ""
    try:
        exact = par(defn, report.bet)
    except ValueError as exc:  # a game too large for the exact tables: the report says n/a
        note = f"par not computed: {exc}"
    else:
        par_rtp = exact.total_rtp
        if par_rtp is not None:
            parts = [f"base {float(exact.base_rtp) * 100:.4f}%"]
            parts += [f"{fs.name.replace('_', ' ')} {float(fs.rtp) * 100:.4f}%" for fs in exact.free_spins
                      if fs.rtp is not None]
            note = "par = " + " + ".join(parts)
    b = report.bet
    label = (
        f"{format_money(b.total, defn.bet.currency, defn.bet.minor_units)} "
        f"({b.lines} lines x {b.coins_per_line} coin{'s' if b.coins_per_line > 1 else ''} x "
        f"{format_money(b.coin_value, defn.bet.currency, defn.bet.minor_units)})"
    )
    data = report_data(report, defn.name, label, par_rtp, note)
    try:
        save_report(data, path, size)
    except OSError as exc:
        raise CabinetError(f"--report: cannot write {path}: {exc}") from exc


def _bet(defn, args: argparse.Namespace) -> Bet:  # type: ignore[no-untyped-def]
    bet = default_bet(defn)
    try:
        coin_value = parse_money(args.coin_value, defn.bet.minor_units) if args.coin_value else bet.coin_value
    except ValueError as exc:
        raise CabinetError(f"--coin-value: {exc}") from exc
    chosen = Bet(args.lines or bet.lines, args.coins_per_line or bet.coins_per_line, coin_value)
    if not is_allowed(defn, chosen):
        raise CabinetError(
            f"{defn.name} does not allow the bet {chosen.lines} lines x "
            f"{chosen.coins_per_line} coins x {args.coin_value or coin_value}"
        )
    return chosen


def running_rtp_text(stats: RunningStats) -> str:
    """The running RTP with its 95% band, as the bar shows it."""
    rtp, half = stats.rtp, stats.ci95_half
    if rtp is None or half is None:
        return "RTP -"
    return f"RTP {rtp * 100:.3f}% \u00b1{half * 100:.3f}%"


class ProgressBar:
    """A tqdm bar on stderr: rounds done, rounds/s, ETA and the running RTP with its 95% band."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._bar: Any = None

    def __call__(self, stats: RunningStats) -> None:
        from tqdm import tqdm

        if self._bar is None:  # the first call says how much a checkpoint already had
            self._bar = tqdm(
                total=stats.spins, initial=stats.done, desc=f"simulating {self.game}", unit=" rounds",
                unit_scale=True, file=sys.stderr, dynamic_ncols=True, smoothing=0.1, mininterval=0.5,
            )
        self._bar.set_postfix_str(running_rtp_text(stats), refresh=False)
        self._bar.update(stats.done - self._bar.n)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


def render(r: SimReport, name: str, currency: str) -> str:
    lo, hi = r.rtp_ci95
    bet = format_money(r.bet_total, currency, r.minor_units)
    cost = "" if not r.cost else f" (a round of the mode costs {bet})"
    bet = format_money(r.bet.total, currency, r.minor_units) + cost
    lines = [
        f"{name} ({r.game}): {r.spins:,} round{'' if r.spins == 1 else 's'}, seed {r.seed}, bet {bet}",
        f"RTP               {float(r.rtp) * 100:.4f}%   95% CI [{lo * 100:.4f}%, {hi * 100:.4f}%]",
        f"sigma per round   {r.sigma:.4f} x bet   volatility index {r.volatility_index:.3f} (1.96 x sigma)",
        f"hit rate          {float(r.hit_rate) * 100:.4f}%"
        + (f"  (1 in {float(1 / r.hit_rate):.2f})" if r.hit_rate else ""),
        f"max win           {float(r.max_win_x):,.2f} x bet  (seed {r.max_win_seed}, round {r.tally.max_index})",
    ]
    for rank, (win, index) in enumerate(r.tally.top, 1):
        lines.append(
            f"top {rank:<3}           {float(Fraction(win, r.bet_total)):,.2f} x bet  "
            f"(seed {derive_seed(r.seed, index)}, round {index})"
        )
    for feature, stats in r.features().items():
        one_in = f"1 in {stats['one_in']:,.1f} rounds" if stats["one_in"] else "never"
        lines.append(
            f"feature {feature}: {one_in} ({stats['rate'] * 100:.4f}%), RTP {stats['rtp'] * 100:.4f}%"
        )
    # the rounds no batch plan covers (how the figures were computed, never what they are)
    scalar = r.tally.scalar_rounds
    lines.append(f"play_round        {scalar:,} of {r.spins:,} rounds ({scalar / r.spins * 100:.4f}%); "
                 "the rest by the numpy batch and its feature player")
    return "\n".join(lines)
