"""burgle: a rules engine and tutor for Burgle Bros. (The Bank Job)."""

__version__ = "0.1.0"
