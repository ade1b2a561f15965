"""How a verification left in a run's state is shown: text lines for the command line and
marked spans for the review page. Both read only the state format (``TextCheck.as_dict``)."""

from __future__ import annotations

from typing import Any

_CSS = {"checked": "checked", "contradicted": "false", "unverified": "unchecked"}


def _sentences(claims: object) -> list[dict[str, Any]]:
    found = claims.get("sentences") if isinstance(claims, dict) else None
    return [s for s in found if isinstance(s, dict)] if isinstance(found, list) else []


def _claims(claims: object) -> list[dict[str, Any]]:
    found = claims.get("claims") if isinstance(claims, dict) else None
    return [c for c in found if isinstance(c, dict)] if isinstance(found, list) else []


def describe_claim(claim: dict[str, Any]) -> str:
    """``c2 price offer=B amount=90 period=month``."""
    skip = {"id", "kind", "verdict", "inputs_say", "cited_at"}
    fields = " ".join(f"{k}={v}" for k, v in claim.items() if k not in skip)
    return f"{claim.get('id')} {claim.get('kind')} {fields}".rstrip()


def summary_lines(claims: object) -> list[str]:
    """Each sentence with its verdict, then each claim with its verdict and citations."""
    sentences = _sentences(claims)
    listed = _claims(claims)
    if not sentences and not listed:
        return []
    count = {v: sum(1 for s in sentences if s.get("verdict") == v) for v in _CSS}
    lines = [
        f"Rationale: {count['checked']} sentences checked against the inputs, "
        f"{count['contradicted']} contradicted, {count['unverified']} unverified "
        f"(read those yourself)."
    ]
    for sentence in sentences:
        cites = "".join(f"[{c}]" for c in sentence.get("cites") or [])
        why = "" if sentence.get("verdict") == "checked" else f"  ({sentence.get('why')})"
        lines.append(
            f"  {sentence.get('verdict')}: {sentence.get('text')}"
            f"{' cites ' + cites if cites else ''}{why}"
        )
    if listed:
        lines.append("Claims:")
    for claim in listed:
        cited = claim.get("cited_at") or []
        where = f"cited at {', '.join(map(str, cited))}" if cited else "not cited"
        lines.append(
            f"  {describe_claim(claim)}: {claim.get('verdict')} "
            f"(inputs: {claim.get('inputs_say')}; {where})"
        )
    return lines


def rationale_spans(text: object, claims: object) -> list[dict[str, str]]:
    """The rationale cut into spans marked checked / false / unchecked (or plain)."""
    if not isinstance(text, str):
        return []
    parts: list[dict[str, str]] = []
    at = 0
    for sentence in sorted(_sentences(claims), key=lambda s: s.get("start") or 0):
        start, end = sentence.get("start"), sentence.get("end")
        if not (isinstance(start, int) and isinstance(end, int) and at <= start < end <= len(text)):
            continue
        if start > at:
            parts.append({"text": text[at:start], "kind": "", "title": ""})
        cites = ", ".join(sentence.get("cites") or [])
        title = str(sentence.get("why") or "") + (f" (cites {cites})" if cites else "")
        parts.append(
            {
                "text": text[start:end],
                "kind": _CSS.get(str(sentence.get("verdict")), ""),
                "title": title,
            }
        )
        at = end
    if at < len(text):
        parts.append({"text": text[at:], "kind": "", "title": ""})
    return parts


def claim_rows(claims: object) -> list[dict[str, str]]:
    """One row per structured claim for the review page: what it says, verdict, where."""
    return [
        {
            "id": str(c.get("id")),
            "says": describe_claim(c).split(" ", 1)[-1],
            "verdict": str(c.get("verdict")),
            "inputs": str(c.get("inputs_say")),
            "cited": ", ".join(map(str, c.get("cited_at") or [])) or "not cited",
        }
        for c in _claims(claims)
    ]
