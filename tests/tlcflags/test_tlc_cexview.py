"""The counterexample as a picture: --cex-html (a self-contained table, changed values
highlighted) and --cex-svg (a grid written directly as SVG)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

from phalanx_verify.check import cexview
from phalanx_verify.check.report import Trace, TraceStep
from tests.tlcflags.tlcflags_helpers import DATA, check

SVG = "{http://www.w3.org/2000/svg}"


class _Cells(HTMLParser):
    """Rows of the HTML table: (text, highlighted) per cell."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[tuple[str, bool]]] = []
        self._cell: list[str] | None = None
        self._changed = False
        self.external: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag in ("script", "link", "img") or a.get("src"):
            self.external.append(tag)
        if tag == "tr":
            self.rows.append([])
        if tag == "td":
            self._cell, self._changed = [], a.get("class") == "changed"

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "td" and self._cell is not None:
            self.rows[-1].append(("".join(self._cell), self._changed))
            self._cell = None


def test_html_and_svg_of_an_invariant_violation(tmp_path: Path) -> None:
    """C.tla: Inv2 fails after three IncX steps; each step changes x only."""
    html, svg = tmp_path / "cex.html", tmp_path / "cex.svg"
    r = check("--cex-html", str(html), "--cex-svg", str(svg), "-c", str(DATA / "C.cfg"), "-q", str(DATA / "C.tla"))
    assert r.exit_code == 12
    assert f"Counterexample written to {html}." in r.stdout and f"Counterexample written to {svg}." in r.stdout
    cells = _Cells()
    cells.feed(html.read_text())
    assert cells.external == []
    body = [row for row in cells.rows if row]
    assert [row[0][0] for row in body] == ["1", "2", "3", "4"]
    assert [(row[2], row[3]) for row in body] == [
        (("0", False), ("0", False)), (("1", True), ("0", False)), (("2", True), ("0", False)),
        (("3", True), ("0", False))]
    assert body[1][1][0].startswith("IncX line 5")
    root = ET.parse(svg).getroot()  # well-formed XML
    assert root.tag == f"{SVG}svg"
    fills = [rect.get("fill") for rect in root.iter(f"{SVG}rect")]
    assert fills.count(cexview.CHANGED) == 3  # x in states 2, 3 and 4
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Invariant Inv2 is violated." in texts[0]


def test_a_lasso_ends_with_where_it_goes_back_and_long_values_are_cut() -> None:
    long = "a" * 200
    trace = Trace(["v", "w"], [TraceStep((1, long), None), TraceStep((2, long), "A"), TraceStep((1, long), "B")],
                  loop="back_to", back_to=2)
    html = cexview.to_html(trace, "t")
    assert "Back to state 2." in html and html.count('class="changed"') == 2
    root = ET.fromstring(cexview.to_svg(trace, "t"))
    texts = [t.text or "" for t in root.iter(f"{SVG}text")]
    assert "Back to state 2." in texts
    assert max(len(t) for t in texts) <= cexview.MAX_CHARS
    titles = [t.text for t in root.iter(f"{SVG}title")]
    assert f'"{long}"' in titles  # the whole value is the cell's tooltip


def test_no_counterexample_writes_no_file(tmp_path: Path) -> None:
    html = tmp_path / "cex.html"
    r = check("--cex-html", str(html), "-c", str(DATA / "M.cfg"), "-q", str(DATA / "M.tla"))
    assert r.exit_code == 0 and not html.exists()
    assert f"No counterexample: {html} not written." in r.stdout


def test_under_continue_the_first_violation_is_drawn(tmp_path: Path) -> None:
    html = tmp_path / "cex.html"
    r = check("-continue", "-deadlock", "--cex-html", str(html), "-c", str(DATA / "C.cfg"), "-q", str(DATA / "C.tla"))
    assert r.exit_code == 0
    assert "Invariant Inv2 is violated." in html.read_text()
