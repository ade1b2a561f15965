"""Records named by reference: ``it`` (the previous sentence's one subject), ``the former``
/ ``the latter`` (of the only two records named before), ``they both``, ``both of them``,
``each of them``, ``neither of them`` (the two or more records the previous sentence
opened with, or its only two). A reference is resolved only when its record is certain;
otherwise it stays a word, and the sentence stays unverified.
"""

from __future__ import annotations

from decimal import Decimal

from . import lexicon as lx
from .slotted import FrozenSlotted
from .tokens import COMMON_WORDS, Tok


class Mentions(FrozenSlotted):
    """What one sentence named, for the references of the next one."""

    __slots__ = ("exact", "group", "named", "reference", "subject")
    subject: str | None  # its one record (named or referred to), if only one
    named: tuple[str, ...]  # the records it named by name, in order, once each
    group: tuple[str, ...]  # its opening subjects when several ("A and C are ...")
    exact: dict[str, bool]  # named as the inputs spell it
    reference: str | None  # the record its margins with no "than" were to, if one

    def __init__(
        self,
        subject: str | None = None,
        named: tuple[str, ...] = (),
        group: tuple[str, ...] = (),
        exact: dict[str, bool] | None = None,
        reference: str | None = None,
    ) -> None:
        self._set(subject=subject, named=named, group=group,
                  exact={} if exact is None else exact, reference=reference)  # fmt: skip


class Ref(FrozenSlotted):
    """A reference: the records it stands for, the tokens it spans, how they are joined."""

    __slots__ = ("exact", "idx", "joiner", "lead", "lead_at", "offers", "other")
    offers: tuple[str, ...]
    idx: tuple[int, ...]
    joiner: str  # "and", or "nor" after "neither"
    exact: bool
    lead: str | None  # "none of the others": "neither" (the first token), then them
    lead_at: int  # the token the lead word stands on
    other: tuple[str, bool] | None  # "the latter": the former (and if named exactly)

    def __init__(  # noqa: PLR0917 - called positionally, as the dataclass it was
        self,
        offers: tuple[str, ...],
        idx: tuple[int, ...],
        joiner: str = "and",
        exact: bool = True,
        lead: str | None = None,
        lead_at: int = -1,
        other: tuple[str, bool] | None = None,
    ) -> None:
        self._set(offers=offers, idx=idx, joiner=joiner, exact=exact, lead=lead,
                  lead_at=lead_at, other=other)  # fmt: skip


_IT_VERBS = lx.SUBJECT_VERBS | lx.VERBS | {"undercuts", "beats", "saves", "ranks", "stays",
                                            "coûte", "revient", "reste"}  # fmt: skip
_IL = {"il", "elle"}
"""French ``il``/``elle`` opening a sentence before a verb: the previous subject, as ``it``."""
_IT_JOINERS = {"and", ",", "so", "but", "as", "since", "because", "while", "where"}
_PLURAL_VERBS = lx.VERBS | {"cost", "come", "sit", "lie", "fall", "exceed", "exceeds", "remain",
                             "stay", "stays", "undercut", "undercuts", "beat", "beats"}  # fmt: skip
_PAIR_NOUNS = {
    "offers",
    "offer",
    "plans",
    "plan",
    "options",
    "option",
    "quotes",
    "quote",
    "providers",
    "bids",
    "deals",
    "tariffs",
    "contracts",
    "packages",
}
_OBJECT_LINKS = frozenset({"with", "than", "as"})
"""Words before ``them`` or ``both`` that make it the object of a tie or a comparison."""
_PLURAL_SPANS = (("both", "of", "them"), ("each", "of", "them"), ("all", "of", "them"))
_NOT_FORMER = {
    "price",
    "prices",
    "rate",
    "rates",
    "fee",
    "fees",
    "charge",
    "figure",
    "amount",
    "total",
    "version",
    "name",
    "year",
    "years",
    "month",
    "months",
    "owner",
}
"""After ``the former``, a noun that makes it an adjective (``the former price``)."""


def resolve(
    toks: list[Tok], before: Mentions, *, it_subject: bool, ids: list[str]
) -> dict[int, Ref]:
    """The references of one sentence, by the index of the first token each spans.
    ``it_subject``: ``it`` may stand for ``before.subject`` (the caller's rule)."""
    refs: dict[int, Ref] = {}
    named_here: list[tuple[str, bool]] = []
    first_name = next((i for i, t in enumerate(toks) if t.kind in ("offer", "near")), len(toks))
    named = {t.offer for t in toks if t.kind in ("offer", "near")}
    for index, tok in enumerate(toks):
        if tok.kind in ("offer", "near"):
            if all(o != tok.offer for o, _ in named_here):
                named_here.append((tok.offer or "", tok.kind == "offer"))
            continue
        if tok.kind != "word":
            continue
        low = tok.low
        after = toks[index + 1].low if index + 1 < len(toks) else ""
        if low in ("former", "latter") and index and toks[index - 1].low == "the":
            former = _former(low, after, index, named_here, before)
            if former is not None:
                refs[index - 1] = former
        elif (
            low in ("it", "it's")
            and index > first_name
            and len(named_here) == 1
            and _low(toks, index - 1) in _IT_JOINERS
            and (low == "it's" or after in _IT_VERBS)
            and not lx.against_opening([t.low for t in toks[:2]])
            and not stranger_before(toks[:first_name])
        ):  # "B is the cheapest, and it costs 54": the only record named before
            # (not "Against the dearest, B at 120, it is 105 cheaper": B is what "it" is to)
            refs[index] = Ref((named_here[0][0],), (index,), exact=named_here[0][1])
        elif (
            (low in ("it", "it's") or (low in _IL and index == 0))
            and (subject := before.subject) is not None
            and subject not in named  # never "r1 than r1" from "It is 8 cheaper than r1"
            and it_subject
        ):
            if (
                index < first_name
                and (low == "it's" or after in _IT_VERBS)
                and (index == 0 or not possessor(toks[:index]))
            ):
                refs[index] = Ref((subject,), (index,), exact=before.exact.get(subject, False))
        elif low in ("them", "both") and (obj := _object(toks, index, before, named_here)):
            refs[index] = obj  # "O2 is tied with them", "EE is dearer than both"
        elif low == "they":
            two = after in ("both", "each") or (
                after in ("are", "were") and index + 2 < len(toks)
                and toks[index + 2].low in ("both", "each")
            )  # fmt: skip
            group = _plural(before, two=two)
            if group:
                refs[index] = Ref(group, (index,), exact=_exact(before, group))
        elif (
            low in ("both", "neither")
            and len(ids) == 2
            and after in _PAIR_NOUNS
            and (index == 0 or _low(toks, index - 1) in _IT_JOINERS)
        ):  # "Both offers are under 34" when the inputs hold two: those two
            nor = low == "neither"
            refs[index] = Ref(tuple(ids), (index, index + 1), "nor" if nor else "and",
                              lead="neither" if nor else None, lead_at=index)  # fmt: skip
        elif index == 0 and low in ("both", "each", "neither") and after in _PLURAL_VERBS:
            group = _plural(before, two=low != "each")  # "Both cost over 70", "Neither is ..."
            if not group and low != "each" and len(ids) == 2:
                group = tuple(ids)  # the inputs hold only these two
            if group and (low != "neither" or len(group) == 2):
                nor = low == "neither"
                refs[index] = Ref(group, (index,), "nor" if nor else "and",
                                  exact=_exact(before, group), lead="neither" if nor else None,
                                  lead_at=index)  # fmt: skip
        elif low in ("none", "neither") and after == "of" and before.subject is not None:
            ref = _none_of_the_others(toks, index, before.subject, ids, before)
            if ref is not None:
                refs[index] = ref
        elif (low, after, _low(toks, index + 2)) in _PLURAL_SPANS or (
            low == "of" and after == "them" and index and toks[index - 1].low == "neither"
        ):
            span = (index, index + 1) if low == "of" else (index, index + 1, index + 2)
            group = _plural(before, two=low in ("both", "of"))
            if group and not any(i in refs for i in span):
                refs[index] = Ref(group, span, "nor" if low == "of" else "and",
                                  exact=_exact(before, group))  # fmt: skip
    return refs


def _former(
    low: str, after: str, index: int, named_here: list[tuple[str, bool]], before: Mentions
) -> Ref | None:
    """``the former`` / ``the latter`` (at ``index``): of the only two records named so far
    in this sentence, or else in the previous one; not ``the former price``."""
    if after in _NOT_FORMER:
        return None
    pair = named_here or [(o, before.exact.get(o, False)) for o in before.named]
    if len(pair) != 2:
        return None
    (offer, exact), other = pair[::1] if low == "former" else pair[::-1]
    return Ref((offer,), (index - 1, index), exact=exact, other=other)


def _object(
    toks: list[Tok], index: int, before: Mentions, named_here: list[tuple[str, bool]]
) -> Ref | None:
    """``them`` or ``both`` after ``with``, ``than`` or ``as``, in a sentence naming at most
    its subject: the previous sentence's group (``both``: its pair)."""
    low, after = toks[index].low, _low(toks, index + 1)
    if (
        _low(toks, index - 1) not in _OBJECT_LINKS
        or (low == "both" and after in ("of", "the", *_PAIR_NOUNS))
        or len(named_here) > 1
    ):
        return None
    group = _plural(before, two=low == "both")
    if not group or {o for o, _ in named_here} & set(group):
        return None
    return Ref(group, (index,), exact=_exact(before, group))


def _none_of_the_others(
    toks: list[Tok], index: int, subject: str, ids: list[str], before: Mentions
) -> Ref | None:
    """``None of the others``, ``none of the other two offers``, ``neither of the others``:
    every record but the previous sentence's one subject, none of which ... (``neither``
    only when they are two; a stated count must match)."""
    k = index + 2 + (_low(toks, index + 2) == "the")
    word = _low(toks, k)
    if word not in ("others", "rest", "other", "remaining"):
        return None
    k += 1
    count = toks[k] if k < len(toks) and toks[k].kind == "num" and not toks[k].pct else None
    k += count is not None
    noun = _low(toks, k) in ("offers", "plans", "options", "quotes", "ones", "bids")
    k += noun
    if word in ("other", "remaining") and not (noun or count):
        return None
    others = tuple(i for i in ids if i != subject)
    if count is not None and count.values != (Decimal(len(others)),):
        return None
    if toks[index].low == "neither" and len(others) != 2:
        return None
    return Ref(others, tuple(range(index + 1, k)), "nor",
               exact=before.exact.get(subject, False), lead="neither", lead_at=index)  # fmt: skip


def _low(toks: list[Tok], index: int) -> str:
    return toks[index].low if 0 <= index < len(toks) else ""


def _plural(before: Mentions, *, two: bool) -> tuple[str, ...]:
    """The records ``they`` stands for: the previous sentence's opening subjects when it
    named no other; with ``both``/``each``, its opening pair, or its only two records."""
    if len(before.group) >= 2 and set(before.group) == set(before.named):
        return before.group if not two or len(before.group) == 2 else ()
    if two and len(before.group) == 2:
        return before.group
    if two and not before.group and len(before.named) == 2:
        return before.named
    return ()


def _exact(before: Mentions, offers: tuple[str, ...]) -> bool:
    return all(before.exact.get(o, False) for o in offers)


def joined(first: Mentions, second: Mentions) -> Mentions:
    """The mentions of two clauses of one sentence (``A is 18.25; C is the dearest``): the
    records both name, in order; one subject only when they agree."""
    named = tuple(dict.fromkeys((*first.named, *second.named)))
    subject = second.subject if first.subject in (None, second.subject) else None
    return Mentions(
        subject=subject,
        named=named,
        group=second.group,
        exact={**first.exact, **second.exact},
        reference=second.reference,
    )


def mentions(
    toks: list[Tok],
    subjects: list[tuple[str, bool]],
    group: list[str],
    reference: list[tuple[str, bool]],
) -> Mentions:
    """The mentions of a sentence: ``subjects`` are all the records it names or refers to
    (with whether exactly), ``group`` its opening subjects."""
    named: list[str] = []
    exact: dict[str, bool] = {}
    for tok in toks:
        if tok.kind in ("offer", "near") and tok.offer is not None:
            if tok.offer not in named:
                named.append(tok.offer)
            exact[tok.offer] = exact.get(tok.offer, True) and tok.kind == "offer"
    for offer, how in [*subjects, *reference]:
        exact[offer] = exact.get(offer, True) and how
    distinct = {o for o, _ in subjects}
    return Mentions(
        subject=next(iter(distinct)) if len(distinct) == 1 else None,
        named=tuple(named),
        group=tuple(dict.fromkeys(group)) if len(set(group)) >= 2 else (),
        exact=exact,
        reference=reference[0][0] if reference else None,
    )


def possessor(toks: list[Tok]) -> bool:
    """A capitalised possessive (``Alfa's``) the inputs spell as no name: a subject that a
    later ``it`` may stand for."""
    return any(
        t.kind == "word" and t.text[:1].isupper() and t.low.endswith("'s") and t.low != "it's"
        for t in toks
    )


def stranger_before(toks: list[Tok]) -> bool:
    """A capitalised word before the sentence's first name that is no word the reader
    knows (``Lightsail costs $40, twice Vultr's price, so it is ...``): it may be the
    subject ``it`` stands for, so ``it`` is not the one record named."""
    return any(
        t.kind == "word"
        and t.text[:1].isupper()
        and t.low not in COMMON_WORDS
        and t.low not in _OPENING_WORDS
        for t in toks
    )


_OPENING_WORDS = frozenset({"the", "so", "overall", "also", "however", "here", "now", "then",
                            "if", "for", "at", "in", "on", "with", "of", "by", "after",
                            "before", "although", "because", "since", "while", "when",
                            "yes", "no", "note", "but", "and", "or", "its", "our", "your",
                            "my", "this", "that", "these", "those", "a", "an"})  # fmt: skip
