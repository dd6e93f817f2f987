"""What the fork server of a ``--cluster local:K`` run imports before it forks the workers
(``cluster.FORK_SERVER_PRELOAD``): Dask, numpy and the simulator, so that a worker starts
with them imported. Only that process imports this module (it changes how the process's
garbage collector works).

- The collector is off during the imports: they make about 55,000 objects, and its passes
  over them while they were being made cost 10% of the import's CPU.
- Then every object made so far is frozen (``gc.freeze``): no collection walks them again,
  neither in the fork server nor in the workers forked from it (the documented use of
  ``gc.freeze`` before forking), and the fork server's exit (after the command's) skips
  freeing them one by one: 0.01 s instead of 0.1.
"""

from __future__ import annotations

import gc

gc.disable()
try:
    import distributed  # noqa: F401
    import numpy  # noqa: F401

    from . import cluster, simulate  # noqa: F401  (the tasks' code)
except ImportError:  # no Dask: no fork server either (a test importing every core module gets here)
    pass
finally:
    gc.freeze()
    gc.enable()
