"""The Bank Job's fixed walls, 8 per floor (RULES.md SETUP-3), in the rules' notation."""

BANK_JOB_WALLS: dict[int, tuple[str, ...]] = {
    1: ("A1|B1", "C1/C2", "C2|D2", "A2/A3", "B2/B3", "D3/D4", "A4|B4", "B4|C4"),
    2: ("A1|B1", "B1|C1", "C1|D1", "B2/B3", "C2/C3", "A4|B4", "B4|C4", "C4|D4"),
    3: ("C1/C2", "A2|B2", "C2|D2", "A2/A3", "C2/C3", "A3|B3", "B3|C3", "C4|D4"),
}
