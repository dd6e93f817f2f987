"""The simulator's parts (``core/simulate.py`` runs them): draws on arrays, the batch pricer
and player, the statistics and the report."""
