"""Benchmarks that build a whole cabinet (an ``App``) and print numbers: frame times
(``frames``), memory over a soak (``soak``), the operator menu's frames (``operator``).
They sit above the app, which they drive; ``cabinet bench`` runs them."""
