"""``mjdsl analyze --html FILE``: the report as one self-contained HTML page, with plots
drawn by matplotlib as inline SVG (the ``analyze`` extra: ``pip install 'mjdsl[analyze]'``).

The SVG is written without a date and with a fixed id salt, so the same report gives
the same bytes.
"""

from __future__ import annotations

import io
from html import escape

from ..diagnostics import InputError


def _pyplot():
    try:
        import matplotlib

        matplotlib.use("Agg")
        matplotlib.rcParams["svg.hashsalt"] = "mjdsl"
        import matplotlib.pyplot as plt
    except ImportError:
        raise InputError("--html needs matplotlib: pip install 'mjdsl[analyze]'") from None
    return plt


def _svg(fig) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    text = buf.getvalue()
    return text[text.index("<svg"):]


def plots(rep: dict) -> list[tuple[str, str]]:
    """``[(title, svg)]``: wins per line, points against suggested points, mean turn."""
    plt = _pyplot()
    rows = rep["lines"]
    labels = [str(r["line"]) for r in rows]
    out = []
    fig, ax = plt.subplots(figsize=(max(6, len(rows) * 0.18), 3))
    ax.bar(labels, [r["won"] for r in rows], color="#4a7")
    ax.set_xlabel("card line (file line)")
    ax.set_ylabel("hands won")
    ax.tick_params(axis="x", labelsize=6, rotation=90)
    out.append(("Wins per card line", _svg(fig)))
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(4, 4))
    ax.scatter([r["points"] for r in rows], [r["suggested_points"] for r in rows], color="#47a")
    lo = min([r["points"] for r in rows] + [r["suggested_points"] for r in rows])
    hi = max([r["points"] for r in rows] + [r["suggested_points"] for r in rows])
    ax.plot([lo, hi], [lo, hi], color="#aaa", linewidth=1)
    ax.set_xlabel("points on the card")
    ax.set_ylabel("points the win frequency suggests")
    out.append(("Points against suggested points", _svg(fig)))
    plt.close(fig)
    won = [r for r in rows if r["mean_turn"] is not None]
    if won:
        fig, ax = plt.subplots(figsize=(max(6, len(won) * 0.18), 3))
        ax.bar([str(r["line"]) for r in won], [r["mean_turn"] for r in won], color="#a74")
        ax.set_xlabel("card line (file line)")
        ax.set_ylabel("mean turn of the win")
        ax.tick_params(axis="x", labelsize=6, rotation=90)
        out.append(("Mean turn of going out", _svg(fig)))
        plt.close(fig)
    return out


def _row(r: dict) -> str:
    turn = "" if r["mean_turn"] is None else r["mean_turn"]
    bare = "" if r["jokerless"] is None else f"{100 * r['jokerless']:.0f}%"
    styles = escape(", ".join(f"{b} {n}" for b, n in r["by_bot"].items()))
    return (f"<tr><td>{r['line']}</td><td>{escape(r['section'])}</td><td class=hand>{escape(r['hand'])}</td>"
            f"<td>{r['points']}</td><td>{r['suggested_points']}</td><td>{r['won']}</td>"
            f"<td>{100 * r['share']:.1f}%</td><td>{turn}</td><td>{bare}</td><td>{styles}</td></tr>")


def page(rep: dict) -> str:
    """The whole page: the figures, the plots, the table of lines."""
    head = (f"{escape(rep['ruleset'])} (hash {escape(rep['hash'])}): {rep['hands']} hands, seed "
            f"{escape(rep['seed'])}, bots {escape(', '.join(rep['bots']))}; won {rep['won']}, "
            f"wall games {rep['wall_games']}")
    rows = "\n".join(_row(r) for r in rep["lines"])
    dups = "\n".join(f"<li>line {d['line']} ({escape(d['hand'])}): {100 * d['shared']:.0f}% of its {d['wins']} wins "
                     f"also make line {d['also_line']} ({escape(d['also_hand'])})</li>" for d in rep["near_duplicates"])
    never = ", ".join(str(n["line"]) for n in rep["never_won"]) or "none"
    figures = "\n".join(f"<figure><figcaption>{escape(t)}</figcaption>{svg}</figure>" for t, svg in plots(rep))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>mjdsl analyze: {escape(rep['ruleset'])}</title>
<style>body{{font-family:sans-serif;max-width:70em;margin:2em auto}} td,th{{padding:2px 6px;text-align:right}}
td.hand{{text-align:left;font-family:monospace}} figure{{margin:1em 0}} figcaption{{font-weight:bold}}</style>
</head><body>
<h1>How the card plays</h1>
<p>{head}</p>
<p>Suggested points: win frequencies smoothed (add one), difficulty = -ln(frequency), mapped onto the card's
range of points and rounded to its step (docs/analyze.md).</p>
{figures}
<h2>Lines never won</h2><p>{never}</p>
<h2>Near-duplicates in play</h2><ul>{dups or '<li>none</li>'}</ul>
<h2>Every line</h2>
<table><tr><th>line</th><th>section</th><th>hand</th><th>points</th><th>suggested</th><th>won</th><th>share</th>
<th>mean turn</th><th>jokerless</th><th>won by</th></tr>
{rows}
</table></body></html>
"""
