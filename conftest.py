"""Test-run settings. The notebooks run under nbval with small parameters: the balance lab reads these from
the environment (its kernel inherits it), so its test run plays 1 game per crew of 3
characters in this process (well under a minute). A person running the notebook gets
the full sweep."""

import os

os.environ.setdefault("BURGLE_LAB_GAMES", "1")
os.environ.setdefault("BURGLE_LAB_CHARACTERS", "hawk,peterman,rook")
os.environ.setdefault("BURGLE_LAB_WORKERS", "1")
