"""A figure measured beside its peer, the same run: what ``make bench`` prints last.

A benchmark's ``run()`` may return ``"peers": [peer(...), ...]``; bench/run.py gathers
them from every benchmark into one table, each figure with its peer and the ratio,
and the target when there is one.
"""

from __future__ import annotations


def peer(figure: str, value: float, unit: str, peer_name: str, peer_value: float, target: str = "",
         met: bool | None = None) -> dict:
    """One row: ``figure`` was ``value`` ``unit``; ``peer_name`` was ``peer_value`` in the same run."""
    ratio = round(value / peer_value, 2) if peer_value else None
    return {"figure": figure, "value": value, "unit": unit, "peer": peer_name, "peer_value": peer_value,
            "ratio": ratio, "target": target, "met": met}


def table(rows: list[dict]) -> str:
    out = [f"  {'figure':44s} {'value':>10s}  {'peer':36s} {'peer value':>10s} {'ratio':>7s}  target"]
    for r in rows:
        verdict = "" if r["met"] is None else (" (met)" if r["met"] else " (NOT met)")
        ratio = f"{r['ratio']:.2f}x" if r["ratio"] is not None else "-"
        out.append(f"  {r['figure']:44s} {r['value']:>10} {r['unit']:<3s}{r['peer']:34s} {r['peer_value']:>10} "
                   f"{ratio:>7s}  {r['target']}{verdict}")
    return "\n".join(out)
