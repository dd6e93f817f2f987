"""One module per ``cabinet`` subcommand (see cabinet/cli.py)."""
