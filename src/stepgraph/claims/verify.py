"""Check a text and its structured claims against a table: the one entry point.

``check_text`` judges every claim exactly, reads every sentence fail-safe, and says what
blocks: a contradicted or invalid claim, a contradicted sentence, a citation of a claim
that does not exist, or a text longer than ``max_chars`` (not read at all, so the cost
stays bounded). Unverified sentences never block; they are listed for a person.
"""

from __future__ import annotations

from typing import Any

from ..records import dataclass
from .check import Table, check_claim
from .kinds import Claim, claim_fields, read_claims
from .reader import ProseReader, SentenceVerdict, SentenceVerdictKind
from .text import Span, normalise, sentences

DEFAULT_MAX_CHARS = 8000


@dataclass(frozen=True, kw_only=True)
class ClaimVerdict:
    """A claim (as written), its verdict, what the inputs say and where it is cited."""

    id: str | None
    fields: dict[str, Any]
    verdict: str  # true, contradicted, invalid
    inputs_say: str
    cited_at: tuple[int, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.fields.get("kind"),
            **self.fields,
            "verdict": self.verdict,
            "inputs_say": self.inputs_say,
            "cited_at": list(self.cited_at),
        }


@dataclass(frozen=True, kw_only=True)
class TextCheck:
    """Every sentence's and claim's verdict, and the reasons that block (if any)."""

    sentences: tuple[SentenceVerdict, ...]
    claims: tuple[ClaimVerdict, ...]
    reasons: tuple[str, ...]

    @property
    def blocked(self) -> bool:
        return bool(self.reasons)

    @property
    def unverified(self) -> list[SentenceVerdict]:
        return [s for s in self.sentences if s.verdict == "unverified"]

    def as_dict(self) -> dict[str, Any]:
        return {
            "sentences": [s.as_dict() for s in self.sentences],
            "claims": [c.as_dict() for c in self.claims],
        }


def check_text(
    text: str, table: Table, claims: object = None, *, max_chars: int = DEFAULT_MAX_CHARS
) -> TextCheck:
    """Judge ``claims`` (a JSON list, or None) and read ``text`` against ``table``."""
    parsed, problems = read_claims(claims)
    judged: dict[str, Claim] = {}
    verdicts: dict[str, str] = {}
    says: dict[str, str] = {}
    for claim in parsed:
        judgement = check_claim(claim, table)
        judged[claim.id] = claim
        verdicts[claim.id] = judgement.verdict
        says[claim.id] = judgement.inputs_say
    for problem in problems:
        if problem.id is not None and problem.id not in verdicts:
            verdicts[problem.id] = "invalid"
    reasons: list[str] = []
    if len(text) > max_chars:
        reasons.append(
            f"the rationale has {len(text)} characters, over the limit of "
            f"{max_chars}: it was not read; shorten it"
        )
        return TextCheck(
            sentences=(),
            claims=_claim_verdicts(parsed, problems, verdicts, says, {}),
            reasons=tuple(reasons),
        )
    reader = ProseReader(table, judged, verdicts)
    plain = normalise(text)
    spans = sentences(plain.text)
    parts = [reader.sentence(plain, text, span) for span in spans]
    found = tuple(_whole(text, plain.text, spans, parts))
    claim_verdicts = _claim_verdicts(parsed, problems, verdicts, says, reader.cited_at)
    for verdict in claim_verdicts:
        if verdict.verdict != "true":
            where = (
                f"cited at {', '.join(map(str, verdict.cited_at))}"
                if verdict.cited_at
                else "not cited"
            )
            word = "is false" if verdict.verdict == "contradicted" else "is invalid"
            reasons.append(
                f"claim {verdict.id or '?'} {_describe(verdict.fields)} {word}: "
                f"{verdict.inputs_say} ({where})"
            )
    for sentence in found:
        if sentence.verdict == "contradicted":
            reasons.append(
                f"rationale sentence {sentence.text!r} (at {sentence.start}) is "
                f"false: {sentence.why}"
            )
    return TextCheck(sentences=found, claims=claim_verdicts, reasons=tuple(reasons))


def _whole(
    raw: str, plain: str, spans: list[Span], parts: list[SentenceVerdict]
) -> list[SentenceVerdict]:
    """Clauses split at ``;`` on one line are one sentence for the verdict: checked only
    when every clause is, contradicted when any clause is, otherwise unverified."""
    groups: list[list[SentenceVerdict]] = []
    for index, part in enumerate(parts):
        before = spans[index - 1] if index else None
        joined = (
            before is not None
            and before.text.endswith(";")
            and "\n" not in plain[before.end : spans[index].start]
        )
        if joined:
            groups[-1].append(part)
        else:
            groups.append([part])
    return [group[0] if len(group) == 1 else _merged(raw, group) for group in groups]


def _merged(raw: str, group: list[SentenceVerdict]) -> SentenceVerdict:
    kinds = [p.verdict for p in group]
    verdict: SentenceVerdictKind = (
        "contradicted"
        if "contradicted" in kinds
        else "checked"
        if all(k == "checked" for k in kinds)
        else "unverified"
    )
    why = "; ".join(p.why for p in group if p.verdict == verdict)
    if verdict == "unverified":
        why = "part of it is unverified: " + why
    start, end = group[0].start, group[-1].end
    cites = tuple(dict.fromkeys(c for p in group for c in p.cites))
    return SentenceVerdict(
        text=raw[start:end], start=start, end=end, verdict=verdict, cites=cites, why=why
    )


def _claim_verdicts(
    parsed: list[Claim],
    problems: list[Any],
    verdicts: dict[str, str],
    says: dict[str, str],
    cited_at: dict[str, list[int]],
) -> tuple[ClaimVerdict, ...]:
    out = [
        ClaimVerdict(
            id=c.id,
            fields=claim_fields(c),
            verdict=verdicts[c.id],
            inputs_say=says[c.id],
            cited_at=tuple(cited_at.get(c.id, ())),
        )
        for c in parsed
    ]
    for problem in problems:
        raw = problem.raw if isinstance(problem.raw, dict) else {"value": problem.raw}
        out.append(
            ClaimVerdict(
                id=problem.id,
                fields=dict(raw),
                verdict="invalid",
                inputs_say=str(problem.error),
                cited_at=tuple(cited_at.get(problem.id or "", ())),
            )
        )
    return tuple(out)


def _describe(fields: dict[str, Any]) -> str:
    body = ", ".join(f"{k}={v}" for k, v in fields.items() if k not in ("id", "kind"))
    return f"({fields.get('kind', '?')}: {body})"
