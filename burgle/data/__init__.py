"""Rules data: tiles, wall layouts, cards. Plain data, no game logic; imports nothing of burgle."""
