"""The simulator's shards as tasks on a Dask distributed cluster (``cabinet simulate --cluster``).

``simulate(..., runner=cluster_runner(address))``: only the command imports this module,
and only for a cluster run; Dask itself is imported inside the functions, so the rest of
the cabinet never needs it (it is the ``cluster`` extra: ``pip install -e ".[cluster]"``).

What travels: per task the definition (about 10 KB), the bet, the master seed, ``top``
and the (start, count) of its shards out, and one ``Tally`` per shard back (sums, the
histogram, the convergence marks, the top wins): a few hundred integers a shard, never
anything per round. A task runs ``run_shard`` (the function a local run calls) for each
of its shards, so a shard's tally is the same wherever it runs, and ``simulate`` merges
the tallies in shard order. A task takes several shards early in a run and single shards
at its end (``task_size``). When a worker dies, the scheduler hands its unfinished tasks
to another worker; re-running a shard gives the same tally (it is a pure function of
its arguments), so the report is unchanged.

Addresses: ``local:K`` starts a LocalCluster of K single-threaded worker processes on
this machine (and closes it afterwards), without Dask's malloc trimming and with its
background checks slowed down (``LOCAL_WORKER_CONFIG``), forked from a fork server that
has imported Dask, numpy and the simulator (``FORK_SERVER_PRELOAD``); the command starts
that first (``ClusterRunner.prepare``), then the cluster in the background while it loads
the game (``ClusterRunner.start``). Anything with a
scheme (``tcp://host:8786``, ``tls://...``) is a running scheduler's address.
"""

from __future__ import annotations

import atexit
import gc
import hashlib
import logging
import pickle
import re
import sys
import threading
import time
import warnings
from collections import deque
from collections.abc import Iterator
from itertools import islice
from typing import TYPE_CHECKING, Any

from ..errors import CabinetError
from .bet import Bet
from .definition import Definition

if TYPE_CHECKING:  # imported where used: the command starts a local cluster's fork server before numpy loads
    from .simulation.spinner import BatchSpinner
    from .simulation.tally import Tally

INSTALL_HINT = 'pip install -e ".[cluster]"'
MAX_LOCAL_WORKERS = 256
CONNECT_TIMEOUT = "20s"
TASKS_PER_THREAD = 4  # tasks queued per worker thread: busy workers, few tallies waiting to be merged
COUNT_THREADS_EVERY = 1.0  # seconds between counts of the cluster's worker threads
# A task runs several shards: 1/(GUIDED x worker threads) of the shards left, from 1 to
# MAX_SHARDS_PER_TASK ("guided" scheduling: large tasks first, single shards at the end, so
# the workers still finish together). Every task cost the client's event loop about 5 ms
# of CPU and the worker a few more: a 20M-round run (77 shards) on local:2 sent 77 tasks,
# now 22. The shards and their tallies are the same, so is the report.
GUIDED = 4
MAX_SHARDS_PER_TASK = 16
NANNY_POLL = 0.005  # seconds between a nanny's looks for its worker's start (Dask: 0.05), see connect
LOOKAHEAD = 4096  # shards read ahead of the tasks (to know how many are left near the end)
_SCHEMES = ("tcp://", "tls://", "ucx://", "inproc://", "ws://", "wss://")
# How a local cluster's processes start (cabinet/cluster_config/cabinet.yaml says the same for workers
# started by hand: README, Several machines). Measured on classic and retro, 2 workers:
# - Dask's nanny starts each worker with MALLOC_TRIM_THRESHOLD_=65536 (to hand freed memory
#   back to the system). Setting it turns off glibc's adaptive mmap threshold, so every numpy
#   temporary above 128 KiB is mapped and unmapped afresh: a shard took 7 times the page
#   faults (90,000 against 13,000) and 6-8% more CPU than in a --workers process. A shard
#   holds a few MB: the workers start without it (None unsets the variable).
# - An idle LocalCluster of 2 burnt 0.07 CPU-seconds a second (the statistical profiler
#   sampling every 10 ms, the event loop's 20 ms tick, memory checks every 100 ms, system
#   monitoring every 500 ms): 3-4% of 2 cores. With no profiler (it only feeds the
#   dashboard, which a local run has not) and the checks at a second or more, 0.014.
# - Each nanny spawned its worker afresh (a new interpreter importing Dask, numpy and the
#   cabinet); from a fork server the worker starts as a fork of a process that has: on a
#   loaded 2-core machine the cluster started in 1.3-2.1 s instead of 2.3-3.1, closed in
#   0.1 s instead of 0.6, and its processes used 0.9 CPU-s before the work instead of 1.2-1.3.
# What local:2 still costs over --workers 2 (20M rounds, quiet 2-core machine, medians of
# alternated runs, December 2026: classic 2.80 -> 3.02 s, retro 2.79 -> 2.96 s, 6-8%; it was
# 15-16%): its workers start about 0.2 s later. The fork server, started 0.06 s after
# the command, has imported Dask, numpy and the simulator (0.38 CPU-s) 0.45-0.5 s in, the
# command its own share (0.4 CPU-s, Dask 0.2 of it) 0.05-0.1 s sooner; then a worker takes
# 0.04 s to fork and register, the first task 0.02 s to reach it. --workers 2's fresh processes
# import only numpy and the simulator (0.13 s each, side by side). While the run goes on, the
# command's event loop takes 12 ms of CPU a second and each worker's 5; closing, 0.02 s.
# Forking the workers straight from the command ("fork") would skip the fork server's imports,
# but forks a process that has threads running (its event loop, the game loading).
# What took 0.25-0.3 s off those 15%: the fork server starts before the command imports numpy and
# the simulator (0.1 s sooner), both processes import with the garbage collector off, a
# nanny looks for its worker's start every 5 ms (NANNY_POLL), and both leave their imported
# objects frozen at exit (each took 0.1 s to exit, the fork server holding the command's
# stdout and stderr till then). Earlier (issue 25.5), fewer and larger tasks, the fork server
# preloading the simulator and the cluster starting while the game loads had taken the extra
# CPU of the process tree from 19-28% to 5-13% (a loaded machine).
LOCAL_WORKER_CONFIG: dict[str, object] = {
    "distributed.worker.multiprocessing-method": "forkserver",
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}

# What the fork server imports before it forks a local cluster's worker processes: Dask (as Dask's
# own list does), numpy and the cabinet's simulator, so a worker starts with them imported (each
# worker imported the cabinet afresh for its first task: about 0.2 CPU-s a worker), then freezes
# them for the garbage collector (cluster_fork_server.py says why). Started early
# (``start_fork_server``), its imports run while the parent imports Dask and loads the game.
FORK_SERVER_PRELOAD = ("cabinet.core.cluster_fork_server",)

# Per worker process: the definition of the game being simulated and its batch pricer,
# both kept from the run's first task. Every task carries its own copy of the definition
# (see run_on_cluster), but a fresh copy has none of the per-definition memos that
# play_round and the line maths keep on the instance (cleaned off for the trip), and
# rebuilding those cost a retro shard 5-13% more CPU. The run key names the definition's
# content, so the kept copy is the same game. One entry: a worker serves one run at a time.
_WORKER_GAMES: dict[str, tuple[Definition, BatchSpinner]] = {}


def parse_address(address: str) -> tuple[str, int | str]:
    """``("local", K)`` or ``("scheduler", address)``; one clear line for anything else."""
    text = address.strip()
    match = re.fullmatch(r"local:(\d{1,4})", text)
    if match:
        count = int(match[1])
        if not 1 <= count <= MAX_LOCAL_WORKERS:
            raise CabinetError(f"--cluster local:K needs K from 1 to {MAX_LOCAL_WORKERS}, got {address}")
        return "local", count
    if text.startswith(_SCHEMES) and len(text) > text.index("://") + 3:
        return "scheduler", text
    raise CabinetError(
        f"--cluster must be a scheduler address such as tcp://host:8786, or local:K, got {address!r}"
    )


def require_dask() -> None:
    """One line saying what to install when Dask distributed is missing (without importing it:
    that can wait until the cluster starts)."""
    import importlib.util

    if importlib.util.find_spec("distributed") is None:
        raise CabinetError(f"--cluster needs Dask distributed, which is not installed: {INSTALL_HINT}")


def _distributed() -> Any:
    loaded = sys.modules.get("distributed")
    if loaded is not None:
        return loaded
    # The interpreter's exit frees every object of every module one by one: with Dask
    # imported that took 0.1 s after the report was out. Frozen at exit (before the
    # modules are torn down), they are left to the process's end.
    atexit.register(gc.freeze)
    collecting = gc.isenabled()
    gc.disable()  # the import makes some 55,000 objects: passes over them cost 12% of its CPU (0.025 s)
    try:
        import distributed
    except ImportError:
        raise CabinetError(f"--cluster needs Dask distributed, which is not installed: {INSTALL_HINT}") from None
    finally:
        if collecting:
            gc.enable()
    return distributed


def start_fork_server() -> None:
    """Start the fork server a local cluster's workers are forked from, with
    ``FORK_SERVER_PRELOAD`` imported there (it loads in the background: call it as early as
    possible). Does nothing when this process's fork server is running already."""
    import multiprocessing
    from multiprocessing import forkserver

    multiprocessing.get_context("forkserver").set_forkserver_preload(list(FORK_SERVER_PRELOAD))
    forkserver.ensure_running()


def prepare(address: str) -> None:
    """Get a local cluster going early: its fork server imports while the game loads."""
    if parse_address(address)[0] == "local":
        start_fork_server()


def connect(address: str) -> tuple[Any, Any]:
    """(client, the LocalCluster it started or None)."""
    kind, where = parse_address(address)
    distributed = _distributed()
    if kind == "local":
        assert isinstance(where, int)
        start_fork_server()
        import dask

        # A nanny looks for its new worker's "started" every 50 ms: 25-50 ms more for the cluster
        # to come up (the run waits for it). A class attribute, not a setting; left alone if gone.
        worker_process = distributed.nanny.WorkerProcess
        if getattr(worker_process, "_init_msg_interval", 0) > NANNY_POLL:
            worker_process._init_msg_interval = NANNY_POLL
        with warnings.catch_warnings(), dask.config.set(LOCAL_WORKER_CONFIG):
            # The scheduler's HTTP endpoint moves to a free port when 8787 is taken and says
            # so; a local run shows no dashboard, so the note is noise on the terminal.
            warnings.filterwarnings("ignore", message="Port .* is already in use", category=UserWarning)
            local = distributed.LocalCluster(
                n_workers=where,
                threads_per_worker=1,  # a shard is numpy and Python: one per process, as --workers does
                processes=True,
                dashboard_address=None,  # no dashboard for a local run
                silence_logs=logging.ERROR,
            )
        return distributed.Client(local), local
    try:
        return distributed.Client(where, timeout=CONNECT_TIMEOUT), None
    except (OSError, TimeoutError) as exc:
        raise CabinetError(f"--cluster: cannot reach the Dask scheduler at {where}: {exc}") from None


def shard_task(defn: Definition, bet: Bet, key: str, master: int, start: int, count: int, top: int) -> Tally:
    """One shard on a worker: ``run_shard`` with this worker's definition and pricer for ``key``."""
    from .simulation.pricing import spinner_of
    from .simulation.rounds import run_shard

    kept = _WORKER_GAMES.get(key)
    if kept is None:
        _WORKER_GAMES.clear()
        kept = _WORKER_GAMES[key] = (defn, spinner_of(defn, bet))
    game, spinner = kept
    return run_shard(game, bet, master, start, count, spinner, top=top)


def shards_task(
    defn: Definition, bet: Bet, key: str, master: int, jobs: list[tuple[int, int]], top: int
) -> list[Tally]:
    """Several shards on a worker, one ``shard_task`` each: their tallies in the order of ``jobs``."""
    return [shard_task(defn, bet, key, master, start, count, top) for start, count in jobs]


def task_size(left: int, threads: int) -> int:
    """How many of the ``left`` shards the next task takes (guided scheduling, see GUIDED)."""
    return max(1, min(MAX_SHARDS_PER_TASK, -(-left // (GUIDED * max(1, threads)))))


def run_key(defn: Definition, bet: Bet, master: int, top: int) -> str:
    """Names this run's tasks: the same shard of the same run has the same task key."""
    from .simulate import clean_copy

    digest = hashlib.sha256(pickle.dumps((clean_copy(defn), bet, master, top))).hexdigest()
    return digest[:24]


def run_on_cluster(
    address: str, defn: Definition, bet: Bet, master: int, jobs: Iterator[tuple[int, int]], *, top: int = 0,
    connection: tuple[Any, Any] | None = None,
) -> Iterator[tuple[int, Tally]]:
    """(shard start, tally) of every job, in the order they finish. ``connection``: a
    ``connect(address)`` made already (closed here too)."""
    from .simulate import clean_copy

    client, local = connection if connection is not None else connect(address)
    try:
        distributed = _distributed()
        key = run_key(defn, bet, master, top)
        # Each task carries the definition (about 10 KB pickled) rather than a handle to data
        # scattered once: scattered data dies with the workers holding it, a task's own
        # arguments never do, so a task can always be re-run elsewhere.
        sendable = clean_copy(defn)
        # The results come with their futures, fetched by the client's event loop as tasks
        # finish (Future.result() would be one more round trip between threads per task).
        pending = distributed.as_completed(with_results=True)
        groups: dict[str, list[tuple[int, int]]] = {}  # task key -> its shards
        ahead: deque[tuple[int, int]] = deque()
        threads = 1
        counted = float("-inf")

        def top_up() -> None:
            """Queue tasks up to a few per worker thread (recounted as workers join or leave,
            at most once every COUNT_THREADS_EVERY seconds: a count asks the scheduler)."""
            nonlocal threads, counted
            if time.monotonic() - counted >= COUNT_THREADS_EVERY:
                threads = max(1, sum(client.nthreads().values()))
                counted = time.monotonic()
            while len(groups) < TASKS_PER_THREAD * threads:
                ahead.extend(islice(jobs, LOOKAHEAD - len(ahead)))
                if not ahead:
                    return
                group = [ahead.popleft() for _ in range(min(len(ahead), task_size(len(ahead), threads)))]
                future = client.submit(
                    shards_task, sendable, bet, key, master, group, top,
                    key=f"cabinet-shards-{key}-{group[0][0]}", pure=False,
                )
                groups[future.key] = group
                pending.add(future)

        top_up()
        for future, tallies in pending:
            group = groups.pop(future.key)
            future.release()
            top_up()  # the workers get their next tasks before the caller merges these tallies
            for (start, _), tally in zip(group, tallies, strict=True):
                yield start, tally
    finally:
        client.close()
        if local is not None:
            local.close()


class ClusterRunner:
    """A ``simulate`` runner (a ``ShardRunner``) for the cluster at ``address``: checked now,
    connected when it runs, or from ``start()`` on in the background."""

    def __init__(self, address: str) -> None:
        parse_address(address)
        self.address = address
        self._starting: threading.Thread | None = None
        self._started: tuple[Any, Any] | None = None
        self._failed: BaseException | None = None

    def prepare(self) -> None:
        """Start a local cluster's fork server (``prepare``); call it as early as possible."""
        prepare(self.address)

    def start(self) -> None:
        """Start the cluster (``local:K``) or connect to it now, in a thread, so that it comes up
        while the caller loads the game: a local cluster took 1-2 s to start, the game and
        the simulator's imports 0.3-0.5 s, and most of the start is waiting for the worker
        processes. Call ``close()`` if the runner may never run."""
        if self._starting is not None:
            return
        prepare(self.address)

        def connect_now() -> None:
            try:
                self._started = connect(self.address)
            except BaseException as exc:  # handed to whoever takes the connection
                self._failed = exc

        self._starting = threading.Thread(target=connect_now, name="cabinet-cluster-start", daemon=True)
        self._starting.start()

    def _connection(self) -> tuple[Any, Any] | None:
        """The connection ``start()`` made (waiting for it), or None when it was not started."""
        if self._starting is None:
            return None
        self._starting.join()
        self._starting = None
        started, failed = self._started, self._failed
        self._started = self._failed = None
        if failed is not None:
            raise failed
        return started

    def close(self) -> None:
        """Close a connection ``start()`` made that no run took (the game failed to load, Ctrl+C)."""
        try:
            started = self._connection()
        except Exception:
            return
        if started is not None:
            client, local = started
            client.close()
            if local is not None:
                local.close()

    def __call__(
        self, defn: Definition, bet: Bet, master: int, jobs: Iterator[tuple[int, int]], top: int
    ) -> Iterator[tuple[int, Tally]]:
        return run_on_cluster(self.address, defn, bet, master, jobs, top=top, connection=self._connection())


def cluster_runner(address: str) -> ClusterRunner:
    """A ``simulate`` runner for the cluster at ``address`` (checked now, connected when it runs)."""
    return ClusterRunner(address)
