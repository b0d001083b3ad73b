"""Text widths for laying out labels, from the advance widths of DejaVu Sans.

The pictures name DejaVu Sans first (then Verdana, Arial: Verdana's widths are close to
DejaVu's, Arial's are narrower), and the browser places the text, so the layout needs to
know how wide a label will be to keep markers from overlapping (issue 10 §3). The widths
are data: ``dejavu-sans-widths.json`` holds each character's advance width in font
units (2048 to the em), regular and bold, read from the DejaVu fonts that matplotlib
ships (``python -m burgle.pictures.metrics`` writes the file again; that needs
matplotlib, reading it does not). A character not in the table counts as one em wide.

>>> round(text_width("Laser", 8.2, bold=True), 3)  # in points
25.245
>>> text_width("", 8) == 0
True
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

__all__ = ["ASCENT", "DESCENT", "text_width", "text_height"]

DATA = Path(__file__).with_name("dejavu-sans-widths.json")
EXTRA = "\u2013\u2014\u2026\u2191\u2193\u2194\u2713\u2680\u2681\u2682\u2683\u2684\u2685\u00b7\u2212"
ASCENT, DESCENT = 1901 / 2048, 483 / 2048  # DejaVu Sans, in em: the height a browser gives a line of text


@lru_cache(maxsize=1)
def _table() -> dict:
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    em = doc["units_per_em"]
    return {w: {ch: v / em for ch, v in doc[w].items()} for w in ("regular", "bold")}


@lru_cache(maxsize=4096)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of *text* set at *size* points, in points."""
    table = _table()["bold" if bold else "regular"]
    return size * sum(table.get(ch, 1.0) for ch in text)


def text_height(size: float) -> float:
    """The height of a line of text at *size* points (ascent + descent), in points."""
    return size * (ASCENT + DESCENT)


def _write() -> None:  # pragma: no cover - run by hand when the character set grows
    from matplotlib import font_manager as fm
    from matplotlib.ft2font import FT2Font, LoadFlags

    doc = {"font": "DejaVu Sans 2.37 (matplotlib's copy)", "units_per_em": 2048}
    chars = "".join(chr(c) for c in range(32, 127)) + EXTRA
    for weight in ("regular", "bold"):
        path = fm.findfont(fm.FontProperties(family="DejaVu Sans", weight="bold" if weight == "bold" else "normal"))
        font = FT2Font(path)
        doc["units_per_em"] = font.units_per_EM
        doc[weight] = {ch: font.load_char(ord(ch), flags=LoadFlags.NO_SCALE).horiAdvance for ch in chars}
    DATA.write_text(json.dumps(doc, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover
    _write()
