"""Geometry: cells, walls and floors in the rules' notation (CONV-2..4), and the guard's
route tables with the GUARD-9 tie-break. Plain data and pure functions; the engine, the
analysis and the pictures build on it."""
