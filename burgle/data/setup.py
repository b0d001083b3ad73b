"""Numbers of the setup (RULES.md SETUP-4), in one place."""

from __future__ import annotations

# SETUP-4, DEC-14: patrol cards removed face down after every shuffle, by number of characters.
TRIM: dict[int, int] = {1: 9, 2: 6, 3: 3, 4: 0}

# SETUP-5 (each floor's guard die at the start) is a fact of the job: jobs.toml guard_dice.
