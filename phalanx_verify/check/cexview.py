"""A counterexample as a picture (``--cex-html FILE``, ``--cex-svg FILE``), for people who would
rather look than read: one row per state, one column per variable (or ALIAS field), the action
that led to each state, and the values a step changed highlighted, as the ``*`` marks of the
text trace. A lasso ends with a row saying where it goes back to (or that it stutters).

Both files are self-contained (no script, no external style sheet or font), so they can be
attached to an issue or opened from a CI artifact. The SVG is written directly (no plotting
library): a grid of text cells, each value cut to fit its column with the whole value as the
cell's tooltip.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from pathlib import Path

from .report import Trace

CHANGED = "#ffe08a"  # background of a value the step changed
HEADER = "#e8ecf2"


@dataclass
class Row:
    """One state of the counterexample as printed: its number, the step into it, its values and
    which of them changed."""

    index: int
    action: str
    cells: list[tuple[str, str, bool]]  # (name, value, changed by the step into this state)


def rows(trace: Trace) -> list[Row]:
    out: list[Row] = []
    prev: dict[str, str] | None = None
    for i, step in enumerate(trace.steps, 1):
        shown = trace.shown(i - 1)
        cells = [(name, text, prev is not None and prev.get(name) != text) for name, text in shown]
        out.append(Row(i, "Initial predicate" if step.action is None else step.action, cells))
        prev = dict(shown)
    return out


def to_html(trace: Trace, title: str) -> str:
    """A self-contained HTML page with the counterexample as a table."""
    table = rows(trace)
    names = [name for name, _, _ in table[0].cells] if table else list(trace.variables)
    head = "".join(f"<th>{escape(n)}</th>" for n in names)
    body = []
    for row in table:
        cells = "".join(f'<td class="{"changed" if changed else ""}">{escape(value)}</td>'
                        for _, value, changed in row.cells)
        body.append(f"<tr><td>{row.index}</td><td class=\"action\">{escape(row.action)}</td>{cells}</tr>")
    note = trace.loop_line()
    if note:
        body.append(f'<tr><td colspan="{len(names) + 2}" class="loop">{escape(note)}</td></tr>')
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
table {{ border-collapse: collapse; }}
th, td {{ border: 1px solid #b8c0cc; padding: 3px 6px; vertical-align: top; text-align: left; }}
th {{ background: {HEADER}; position: sticky; top: 0; }}
td {{ font-family: monospace; white-space: pre-wrap; max-width: 40em; }}
td.changed {{ background: {CHANGED}; font-weight: bold; }}
td.action {{ font-family: sans-serif; color: #334; }}
td.loop {{ font-style: italic; }}
</style></head>
<body><h1>{escape(title)}</h1>
<p>{len(table)} states; values changed by the step into a state are highlighted.</p>
<table><thead><tr><th>state</th><th>action</th>{head}</tr></thead>
<tbody>
{chr(10).join(body)}
</tbody></table></body></html>
"""


CHAR_W, ROW_H, PAD = 7.2, 22, 6
MAX_CHARS = 48  # a column is at most this many characters wide; longer values are cut


def to_svg(trace: Trace, title: str) -> str:
    """The counterexample as an SVG grid: states down, variables across, changed cells filled."""
    table = rows(trace)
    names = [name for name, _, _ in table[0].cells] if table else list(trace.variables)
    columns = [("state", [str(r.index) for r in table]), ("action", [r.action for r in table])]
    columns += [(n, [r.cells[k][1] for r in table]) for k, n in enumerate(names)]
    widths = [min(MAX_CHARS, max(len(h), *(len(v) for v in vals)) if vals else len(h)) * CHAR_W + 2 * PAD
              for h, vals in columns]
    note = trace.loop_line()
    height = ROW_H * (len(table) + 2 + (1 if note else 0))
    width = sum(widths)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
           f'font-family="monospace" font-size="12">',
           f"<title>{escape(title)}</title>",
           f'<text x="{PAD}" y="{ROW_H - PAD}" font-family="sans-serif" font-weight="bold">{escape(title)}</text>']
    x = 0.0
    fixed = len(columns) - len(names)  # the state number and action columns come first
    for c, ((head, values), w) in enumerate(zip(columns, widths, strict=True)):
        y = ROW_H
        out.append(_cell(x, y, w, head, HEADER, bold=True))
        for r, value in enumerate(values):
            y += ROW_H
            changed = c >= fixed and table[r].cells[c - fixed][2]
            out.append(_cell(x, y, w, value, CHANGED if changed else "white"))
        x += w
    if note:
        out.append(f'<text x="{PAD}" y="{height - PAD}" font-style="italic">{escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _cell(x: float, y: float, w: float, text: str, fill: str, bold: bool = False) -> str:
    shown = text if len(text) <= MAX_CHARS else text[:MAX_CHARS - 1] + "\u2026"
    weight = ' font-weight="bold"' if bold else ""
    return (f'<g><title>{escape(text)}</title>'
            f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{ROW_H}" fill="{fill}" stroke="#b8c0cc"/>'
            f'<text x="{x + PAD:.1f}" y="{y + ROW_H - PAD}"{weight}>{escape(shown)}</text></g>')


def write(trace: Trace, path: str | Path, title: str, kind: str) -> Path:
    """Write the counterexample as ``kind`` ("html" or "svg") to ``path``."""
    target = Path(path)
    target.write_text(to_html(trace, title) if kind == "html" else to_svg(trace, title), encoding="utf-8")
    return target
