"""Issue 15: the simulator on a Dask cluster (identical to a local run, also after a
worker is killed), checkpoints that resume and refuse another run's file, the live
progress bar, and the ``--top`` largest rounds."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cabinet.commands.simulate as simulate_command
import cabinet.core.simulate as sim
from cabinet.cli import main
from cabinet.core.bet import Bet, default_bet
from cabinet.core.cluster import cluster_runner
from cabinet.core.loader import load_game, resolve_game
from cabinet.core.rng import derive_seed
from cabinet.core.simulate import (
    RunningStats,
    Tally,
    derive_seeds,
    largest_rounds,
    round_wins,
    shard_top,
    simulate,
)

RETRO = "retro-reels-diamond-glitz"


def dask_or_skip() -> Any:
    return pytest.importorskip("distributed", reason="the cluster extra: pip install -e '.[cluster]'")


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


# --- the largest rounds ------------------------------------------------------------------------------


def test_shard_top_is_the_k_largest_winning_rounds_ties_by_round_index() -> None:
    win = np.array([5, 0, 9, 5, 9, 1, 0, 5], dtype=np.int64)
    assert shard_top(win, 100, 3) == [(9, 102), (9, 104), (5, 100)]
    assert shard_top(win, 0, 5) == [(9, 2), (9, 4), (5, 0), (5, 3), (5, 7)]
    assert shard_top(win, 0, 50) == [(9, 2), (9, 4), (5, 0), (5, 3), (5, 7), (1, 5)]  # never a losing round
    assert shard_top(np.zeros(10, dtype=np.int64), 0, 3) == []
    assert shard_top(win, 0, 0) == []


def test_top_wins_merge_to_the_same_list_in_any_order() -> None:
    parts = [Tally(rounds=10, top_k=3, top=t) for t in ([(7, 1), (4, 2)], [(7, 0), (9, 15)], [(4, 1)], [])]
    orders = [parts, parts[::-1], [parts[2], parts[0], parts[3], parts[1]]]
    merged = []
    for order in orders:
        total = Tally(top_k=3)
        for part in order:
            total.merge(part)
        merged.append(total.top)
    assert merged == [[(9, 15), (7, 0), (7, 1)]] * 3
    assert largest_rounds([(1, 5), (1, 2), (3, 9)], 2) == [(3, 9), (1, 2)]


def test_top_wins_are_the_largest_rounds_of_the_whole_run() -> None:
    """Against every round's win computed directly: the K largest, ties by round index."""
    defn = load_game("classic")
    bet = default_bet(defn)
    spins, seed, k = 12_000, 77, 25
    wins = round_wins(defn, bet, derive_seeds(seed, 0, spins))
    expected = sorted(((int(w), i) for i, w in enumerate(wins) if w > 0), key=lambda t: (-t[0], t[1]))[:k]
    report = simulate(defn, spins, seed, shard_size=1_000, top=k)
    assert report.tally.top == expected
    listed = report.to_dict()["top_wins"]
    assert [(w["round"], w["seed"]) for w in listed] == [(i, derive_seed(seed, i)) for _, i in expected]
    assert listed[0]["round"] == report.tally.max_index
    assert simulate(defn, spins, seed, shard_size=4_000, top=k).to_dict() == report.to_dict()


def test_tally_survives_its_checkpoint_form() -> None:
    defn = load_game(RETRO)
    tally = sim.run_shard(defn, default_bet(defn), 5, 1000, 3000, sim.BatchSpinner(defn, default_bet(defn)), top=4)
    assert Tally.from_dict(json.loads(json.dumps(tally.to_dict()))) == tally
    with pytest.raises(ValueError):
        Tally.from_dict({**tally.to_dict(), "hits": 1.5})


def test_running_stats_band() -> None:
    stats = RunningStats(done=4, spins=8, resumed=0, win_sum=400, win_sq_sum=300**2 + 100**2, bet_total=100)
    assert stats.rtp == 1.0
    assert stats.ci95_half == pytest.approx(sim.Z95 * 1.5**0.5 / 2)  # wins 3, 1, 0, 0 bets: variance 1.5
    assert simulate_command.running_rtp_text(stats) == f"RTP 100.000% \u00b1{stats.ci95_half * 100:.3f}%"
    assert RunningStats(0, 8, 0, 0, 0, 100).rtp is None


# --- the command: top, progress, refusals -----------------------------------------------------------


def test_json_lists_top_wins_and_progress_goes_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(
        ["simulate", RETRO, "--spins", "3000", "--seed", "9", "--top", "4", "--json", "--progress", "on"], capsys
    )
    assert code == 0
    data = json.loads(out)  # stdout is the JSON object alone
    assert len(data["top_wins"]) == 4
    wins = [w["win_x"] for w in data["top_wins"]]
    assert wins == sorted(wins, reverse=True) and wins[0] == data["max_win_x"]
    assert "rounds/s" in err and "RTP " in err and "\u00b1" in err and "3.00k/3.00k" in err


def test_text_report_lists_top_wins(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["simulate", RETRO, "--spins", "2000", "--seed", "9", "--top", "2"], capsys)
    assert code == 0
    assert "top 1 " in out and "top 2 " in out and "top 3 " not in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--top", "-1"], "--top must be from 0"),
        (["--cluster", "somewhere:8786"], "--cluster must be a scheduler address"),
        (["--cluster", "local:0"], "local:K needs K from 1"),
        (["--cluster", "local:2", "--workers", "2"], "--workers and --cluster exclude each other"),
        (["--checkpoint", "/no/such/dir/ck.json"], "--checkpoint: no such directory"),
    ],
)
def test_bad_options_are_one_line(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(["simulate", "classic", "--spins", "100", *argv], capsys)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_cluster_without_dask_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    code, out, err = run_cli(["simulate", "classic", "--spins", "100", "--cluster", "local:2"], capsys)
    assert code == 2 and out == ""
    assert 'pip install -e ".[cluster]"' in err and err.count("\n") == 1


def test_a_plain_run_never_imports_the_cluster_glue() -> None:
    code = (
        "import sys\nfrom cabinet.core.loader import load_game\nfrom cabinet.core.simulate import simulate\n"
        "simulate(load_game('classic'), 2000, 1, workers=1)\n"
        "print('cabinet.core.cluster' in sys.modules, 'distributed' in sys.modules, 'dask' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split() == ["False", "False", "False"]


def test_the_command_can_start_a_local_clusters_fork_server_before_numpy_is_imported() -> None:
    """The command starts the fork server (whose imports the workers wait for) before it imports
    the simulator: the command's module and the cluster glue import neither numpy nor Dask."""
    code = (
        "import sys\nimport cabinet.commands.simulate, cabinet.core.cluster\n"
        "print('numpy' in sys.modules, 'cabinet.core.simulate' in sys.modules, 'distributed' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.split() == ["False", "False", "False"]


# --- checkpoints ----------------------------------------------------------------------------------


@pytest.fixture
def small_shards(monkeypatch: pytest.MonkeyPatch) -> int:
    """The command's shards at 2,000 rounds, so a short run has several (it reads the size when it runs)."""
    monkeypatch.setattr(sim, "SHARD_SIZE", 2_000)
    return 2_000


def test_resume_skips_finished_shards_and_gives_the_same_report(
    tmp_path: Path, small_shards: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "classic", "--spins", "11000", "--seed", "4", "--top", "5", "--json"]
    code, fresh, _ = run_cli(argv, capsys)
    assert code == 0
    checkpoint = tmp_path / "run.ckpt"
    real_run_shard = sim.run_shard
    ran: list[int] = []

    def crash_after_three(*args: Any, **kwargs: Any) -> Tally:
        if len(ran) == 3:
            raise KeyboardInterrupt  # the run is stopped part way through
        ran.append(args[3])
        return real_run_shard(*args, **kwargs)

    monkeypatch.setattr(sim, "run_shard", crash_after_three)
    code, out, err = run_cli([*argv, "--checkpoint", str(checkpoint)], capsys)
    assert code != 0 and out == "" and "interrupted" in err
    kept = json.loads(checkpoint.read_text())
    assert sorted(int(s) for s in kept["shards"]) == [0, 2000, 4000]  # what finished was kept

    def counting(*args: Any, **kwargs: Any) -> Tally:
        ran.append(args[3])
        return real_run_shard(*args, **kwargs)

    ran.clear()
    monkeypatch.setattr(sim, "run_shard", counting)
    code, resumed, _ = run_cli([*argv, "--checkpoint", str(checkpoint)], capsys)
    assert code == 0
    assert ran == [6000, 8000, 10000]  # only the shards the checkpoint lacked
    assert json.loads(resumed) == json.loads(fresh)
    ran.clear()
    code, again, _ = run_cli([*argv, "--checkpoint", str(checkpoint)], capsys)
    assert code == 0 and ran == [] and json.loads(again) == json.loads(fresh)  # all from the file


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (["--seed", "5"], "its seed is 4, this run's is 5"),
        (["--spins", "9000"], "its spins is 7000, this run's is 9000"),
        (["--coin-value", "0.10"], "its bet (lines, coins per line, coin value)"),
        (["--top", "3"], "its --top is 5, this run's is 3"),
    ],
)
def test_a_checkpoint_of_another_run_is_refused_in_one_line(
    tmp_path: Path, small_shards: int, change: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    checkpoint = str(tmp_path / "run.ckpt")
    base = {"--spins": "7000", "--seed": "4", "--top": "5"}
    assert run_cli(["simulate", RETRO, *sum(base.items(), ()), "--checkpoint", checkpoint], capsys)[0] == 0
    options = {**base, change[0]: change[1]}
    code, out, err = run_cli(["simulate", RETRO, *sum(options.items(), ()), "--checkpoint", checkpoint], capsys)
    assert code == 2 and out == ""
    assert "belongs to another run" in err and words in err and err.count("\n") == 1


def test_a_checkpoint_of_another_game_file_is_refused(
    tmp_path: Path, small_shards: int, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "mine.yaml"
    game.write_bytes(resolve_game(RETRO).read_bytes())
    checkpoint = str(tmp_path / "run.ckpt")
    argv = ["simulate", str(game), "--spins", "5000", "--checkpoint", checkpoint]
    assert run_cli(argv, capsys)[0] == 0
    game.write_bytes(game.read_bytes() + b"\n# edited: same game id, other content\n")
    code, out, err = run_cli(argv, capsys)
    assert code == 2 and out == ""
    assert "its game file content is" in err and err.count("\n") == 1


def test_a_damaged_checkpoint_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint = tmp_path / "run.ckpt"
    checkpoint.write_text("{not json")
    code, out, err = run_cli(["simulate", "classic", "--spins", "100", "--checkpoint", str(checkpoint)], capsys)
    assert code == 2 and "is not a simulation checkpoint" in err and err.count("\n") == 1


def test_simulate_refuses_shards_of_another_run() -> None:
    defn = load_game(RETRO)
    part = sim.run_shard(defn, default_bet(defn), 1, 0, 1000, sim.BatchSpinner(defn, default_bet(defn)))
    with pytest.raises(ValueError, match="does not belong to this run"):
        simulate(defn, 5000, 1, shard_size=2000, finished={0: part})  # a 1,000-round shard where 2,000 go


def test_a_worker_prices_every_shard_of_a_run_with_the_runs_first_definition() -> None:
    """Every task carries a fresh copy of the definition, without the memos play_round and the
    line maths keep on it; the worker keeps the run's first copy (with its memos and pricer) and
    prices the run's later shards with it, and a new run starts over with its own copy."""
    from cabinet.core import cluster
    from cabinet.core.simulate import BatchSpinner, clean_copy, run_shard

    defn = load_game(RETRO)
    bet = default_bet(defn)
    key = cluster.run_key(defn, bet, 7, 3)
    first, later = clean_copy(defn), clean_copy(defn)
    got = [cluster.shard_task(first, bet, key, 7, 0, 3_000, 3), cluster.shard_task(later, bet, key, 7, 3_000, 3_000, 3)]
    assert "_par_cache" in first.__dict__  # the pricer was built on the first copy and memoised there
    assert set(later.__dict__) == set(clean_copy(defn).__dict__)  # the later copy was never used
    spinner = BatchSpinner(defn, bet)
    assert [t.to_dict() for t in got] == [run_shard(defn, bet, 7, s, 3_000, spinner, top=3).to_dict() for s in (0, 3_000)]

    other_bet = Bet(lines=bet.lines, coins_per_line=bet.coins_per_line * 2, coin_value=bet.coin_value)
    other = clean_copy(defn)
    cluster.shard_task(other, other_bet, cluster.run_key(defn, other_bet, 7, 3), 7, 0, 1_000, 3)
    assert "_par_cache" in other.__dict__ and list(cluster._WORKER_GAMES.values())[0][0] is other


# --- on a Dask cluster --------------------------------------------------------------------------------


def both_ways(game: str, spins: int, seed: int, shard_size: int, **cluster_options: Any) -> tuple[dict, dict]:
    defn = load_game(game)
    local = simulate(defn, spins, seed, workers=1, shard_size=shard_size, top=8).to_dict()
    remote = simulate(defn, spins, seed, shard_size=shard_size, top=8, runner=cluster_runner("local:2"),
                      **cluster_options)
    return local, remote.to_dict()


@pytest.mark.parametrize("game", ["classic", RETRO])
def test_local_cluster_of_two_equals_the_local_run(game: str) -> None:
    dask_or_skip()
    local, remote = both_ways(game, 60_000, 2024, 5_000)
    assert remote == local


@pytest.mark.slow
@pytest.mark.parametrize("game", ["classic", RETRO])
def test_local_cluster_of_two_equals_the_local_run_at_two_million_rounds(game: str) -> None:
    dask_or_skip()
    defn = load_game(game)
    local = simulate(defn, 2_000_000, 15, workers=2, top=10).to_dict()
    remote = simulate(defn, 2_000_000, 15, runner=cluster_runner("local:2"), top=10).to_dict()
    assert remote == local


def test_the_workers_dask_config_file_unsets_what_a_local_cluster_unsets() -> None:
    """cabinet/cluster_config/cabinet.yaml (README, Several machines) says what LOCAL_WORKER_CONFIG says."""
    import yaml

    from cabinet.core.cluster import LOCAL_WORKER_CONFIG

    def flat(data: Any, prefix: str = "") -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in data.items():
            if isinstance(value, dict) and not key.isupper():  # an environment variable's name ends the path
                out.update(flat(value, f"{prefix}{key}."))
            else:
                out[f"{prefix}{key}"] = value
        return out

    shipped = yaml.safe_load((Path(__file__).resolve().parents[1] / "cabinet" / "cluster_config" / "cabinet.yaml").read_text())
    assert flat(shipped) == LOCAL_WORKER_CONFIG


def test_local_cluster_workers_start_without_dasks_malloc_trim_threshold_or_profiler() -> None:
    """Dask's nanny sets MALLOC_TRIM_THRESHOLD_ in its workers, which makes a shard take 7x the
    page faults of a --workers process, and its profiler samples every task (cluster.
    LOCAL_WORKER_CONFIG); a local cluster's workers start without either, and the client's own
    Dask config is left as it was."""
    dask_or_skip()
    import copy

    import dask

    from cabinet.core.cluster import connect

    before = copy.deepcopy(dask.config.get("distributed"))
    client, local = connect("local:2")
    try:
        envs = client.run(lambda: (os.environ.get("MALLOC_TRIM_THRESHOLD_"), os.environ.get("OMP_NUM_THREADS"),
                                   dask.config.get("distributed.worker.profile.enabled")))
        assert len(envs) == 2 and set(envs.values()) == {(None, "1", False)}
    finally:
        client.close()
        local.close()
    assert dask.config.get("distributed") == before


def test_a_runner_started_early_gives_the_same_report_and_its_workers_have_the_cabinet_imported() -> None:
    """``ClusterRunner.start()`` brings a local cluster up in the background while the game loads
    (the command does so); its workers are forked from a fork server that imported the simulator
    (cluster.FORK_SERVER_PRELOAD), and the report is the local run's."""
    dask_or_skip()
    from cabinet.core.cluster import run_on_cluster

    defn = load_game("classic")
    runner = cluster_runner("local:2")
    runner.start()
    runner.start()  # a second start changes nothing
    connection = runner._connection()  # waits for the cluster
    assert connection is not None
    # Before any task: what the workers imported by themselves, frozen for the collector (and it on).
    def imported_and_frozen() -> tuple[bool, bool, bool]:
        import gc

        return "cabinet.core.simulate" in sys.modules, gc.get_freeze_count() > 10_000, gc.isenabled()

    assert set(connection[0].run(imported_and_frozen).values()) == {(True, True, True)}
    remote = simulate(defn, 30_000, 5, shard_size=4_000, top=5, runner=lambda d, b, m, jobs, top: run_on_cluster(
        "local:2", d, b, m, jobs, top=top, connection=connection)).to_dict()
    assert remote == simulate(defn, 30_000, 5, workers=1, shard_size=4_000, top=5).to_dict()
    assert connection[0].status == "closed"  # the run closed what start() brought up


def test_a_started_runner_that_never_runs_closes_its_cluster() -> None:
    """The game failed to load, or a checkpoint left nothing to run: ``close()`` stops the cluster
    ``start()`` brought up (and is harmless on a runner that did run, or never started)."""
    dask_or_skip()
    runner = cluster_runner("local:1")
    runner.start()
    assert runner._starting is not None
    thread = runner._starting
    runner.close()
    assert not thread.is_alive() and runner._starting is None
    runner.close()
    cluster_runner("local:1").close()


def test_a_started_runner_hands_on_its_connection_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """What went wrong while connecting in the background is raised where the run starts."""
    from cabinet.core import cluster
    from cabinet.errors import CabinetError

    def unreachable(address: str) -> Any:
        raise CabinetError(f"--cluster: cannot reach the Dask scheduler at {address}: refused")

    monkeypatch.setattr(cluster, "connect", unreachable)
    runner = cluster_runner("tcp://127.0.0.1:9")
    runner.start()
    defn = load_game("classic")
    with pytest.raises(CabinetError, match="cannot reach the Dask scheduler"):
        runner(defn, default_bet(defn), 1, iter([(0, 10)]), 0)
    runner.close()


def test_tasks_take_many_shards_early_and_single_shards_at_the_end() -> None:
    """Guided scheduling (cluster.task_size): fewer tasks (each costs the client's event loop
    a few ms), and the last tasks are single shards so the workers finish together."""
    from cabinet.core.cluster import MAX_SHARDS_PER_TASK, task_size

    for shards, threads in [(77, 2), (1, 1), (5, 4), (1908, 16), (100_000, 3)]:
        sizes, left = [], shards
        while left:
            sizes.append(task_size(left, threads))
            left -= sizes[-1]
        assert sum(sizes) == shards and sizes == sorted(sizes, reverse=True)
        assert max(sizes) <= MAX_SHARDS_PER_TASK and sizes[-threads:] == [1] * min(threads, len(sizes))
    sizes, left = [], 77
    while left:
        sizes.append(task_size(left, 2))
        left -= sizes[-1]
    assert len(sizes) == 22  # a 20M-round run on local:2: 22 tasks for 77 shards


def test_a_task_of_several_shards_gives_each_shards_own_tally() -> None:
    """``shards_task`` on one worker (its kept definition and pricer) gives the tallies
    ``run_shard`` gives shard by shard, in the order of its jobs."""
    from cabinet.core import cluster
    from cabinet.core.simulate import BatchSpinner, clean_copy, run_shard

    defn = load_game(RETRO)
    bet = default_bet(defn)
    jobs = [(6_000, 2_000), (0, 3_000), (3_000, 3_000)]
    key = cluster.run_key(defn, bet, 11, 4)
    got = cluster.shards_task(clean_copy(defn), bet, key, 11, jobs, 4)
    again = cluster.shards_task(clean_copy(defn), bet, key, 11, jobs[::-1], 4)  # the kept pricer
    spinner = BatchSpinner(defn, bet)
    want = [run_shard(defn, bet, 11, start, count, spinner, top=4).to_dict() for start, count in jobs]
    assert [t.to_dict() for t in got] == want and [t.to_dict() for t in again] == want[::-1]


def test_a_cluster_run_resumed_from_a_checkpoint_gives_the_same_report(
    tmp_path: Path, small_shards: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shards a checkpoint lacks are grouped into tasks like any others; a checkpoint
    with every shard runs nothing, and the cluster started for it is closed."""
    dask_or_skip()
    argv = ["simulate", "classic", "--spins", "21000", "--seed", "8", "--top", "5", "--json"]
    code, fresh, _ = run_cli(argv, capsys)
    assert code == 0
    shards = dict(sim.shards(21_000, small_shards))
    defn = load_game("classic")
    bet = default_bet(defn)
    spinner = sim.BatchSpinner(defn, bet)
    checkpoint = tmp_path / "run.ckpt"
    header = simulate_command.checkpoint_header(resolve_game("classic"), defn, bet, 8, 21_000, small_shards, 5)
    store = simulate_command.Checkpoint.open(checkpoint, header)
    for start in (2_000, 8_000, 10_000, 20_000):  # finished out of order, with gaps
        store.add(start, sim.run_shard(defn, bet, 8, start, shards[start], spinner, top=5))
    store.save()
    code, resumed, _ = run_cli([*argv, "--cluster", "local:2", "--checkpoint", str(checkpoint)], capsys)
    assert code == 0 and json.loads(resumed) == json.loads(fresh)
    assert len(json.loads(checkpoint.read_text())["shards"]) == len(shards)
    code, again, _ = run_cli([*argv, "--cluster", "local:2", "--checkpoint", str(checkpoint)], capsys)
    assert code == 0 and json.loads(again) == json.loads(fresh)


def test_a_worker_killed_mid_run_changes_nothing() -> None:
    distributed = dask_or_skip()
    killed: list[int] = []
    rerun: list[str] = []

    def started_twice(dask_scheduler: Any) -> list[str]:
        starts = Counter(t[0] for t in dask_scheduler.transition_log if t[2] == "processing")
        return sorted(key for key, n in starts.items() if n > 1)

    def kill_one_worker(stats: RunningStats) -> None:
        if not stats.done:
            return  # the first call comes before the cluster is up
        client = distributed.default_client()
        # After the first finished shard the other tasks are queued on both workers:
        # SIGKILL one worker process; the scheduler re-runs its tasks elsewhere.
        if not killed:
            victim = sorted(client.run(os.getpid).values())[0]
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)
        if stats.done == stats.spins:
            rerun.extend(client.run_on_scheduler(started_twice))

    local, remote = both_ways(RETRO, 200_000, 99, 10_000, progress=kill_one_worker)
    assert len(killed) == 1
    assert rerun, "no task of the killed worker was run again"
    assert remote == local


# --- the largest wins: in the math report, and replayed on screen ---------------------------------------


def test_report_png_lists_the_top_wins() -> None:
    pygame = pytest.importorskip("pygame")
    from dataclasses import replace

    import cabinet.presentation.report as rep

    defn = load_game("classic")
    report = simulate(defn, 20_000, 7, top=5)
    data = rep.report_data(report, defn.name, "€1.00", None)
    assert data.top_wins == tuple((w, i, derive_seed(7, i)) for w, i in report.tally.top)
    listed = pygame.surfarray.array3d(rep.draw_report(data))
    bare = pygame.surfarray.array3d(rep.draw_report(replace(data, top_wins=())))
    xs, ys = np.nonzero((listed != bare).any(axis=2))
    conv = rep.report_layout(data).conv.rect
    assert len(xs)  # the list is drawn ...
    assert xs.min() >= conv.centerx and ys.min() >= conv.centery and xs.max() < conv.right  # ... bottom right


def forced_app(game: str, seed: int, bet: Any) -> Any:
    from cabinet.app import App, AppOptions

    app = App(load_game(game), AppOptions(headless=True, size=(960, 540), forced_round=(seed, bet)))
    app.start()
    return app


def test_play_round_replays_a_top_win_at_its_bet_marked_forced() -> None:
    defn = load_game("classic")
    bet = Bet(20, 2, 5)  # not the default bet: the replay must use the bet it was found at
    report = simulate(defn, 6_000, 3, bet=bet, top=3)
    win, index = report.tally.top[1]
    seed = derive_seed(3, index)
    app = forced_app("classic", seed, bet)
    try:
        current = app.session.current
        assert current is not None and current.request.seed == seed and current.request.bet == bet
        assert current.total_win == win  # the very round the simulator counted
        app.draw()
        tag = app._draw_forced_tag()
        assert tag is not None and app.screen.get_at((tag.left + 3, tag.centery))[:3] == (255, 200, 90)
    finally:
        app.close()


def test_play_round_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    seed = derive_seed(3, 112_679)
    code, out, _ = run_cli(["play", "classic", "--headless", "--round", str(seed), "--bet", "20x1x0.05",
                            "--frames", "1"], capsys)
    assert code == 0 and json.loads(out)["total_bet"] == 100 and json.loads(out)["rounds"] == 1
    for argv, words in [
        (["--round", "-4"], "--round: a seed is an integer"),
        (["--round", "5", "--bet", "20x1x0.07"], "--bet: Classic Fruits does not allow 20x1x0.07"),
        (["--round", "5", "--bet", "lots"], "--bet: expected LINESxCOINSxCOIN_VALUE"),
        (["--bet", "20x1x0.05"], "--bet needs --round"),
    ]:
        code, out, err = run_cli(["play", "classic", "--headless", "--frames", "1", *argv], capsys)
        assert code == 2 and out == "" and words in err and err.count("\n") == 1, (argv, err)
