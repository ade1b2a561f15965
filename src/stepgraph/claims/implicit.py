"""The record a margin is to when no ``than`` names it: ``Between A and C, the latter is
cheaper by 4`` (the opening pair), ``A costs 70 and C is 4 cheaper`` (the only other
record, named before the subject, not itself in a comparison), ``A is the cheapest at 90;
C costs ten more and B twenty more`` (a list of margins to the previous sentence's one
subject), and beside those the record the text called the current one (``You currently
pay A ...``). When two of these disagree, both are kept as readings (false only when both
are) and the sentence is never checked.
"""

from __future__ import annotations

from . import lexicon as lx
from .tokens import Tok
from .units import SentenceBase, Unit

_CMP = lx.AMOUNT_CMP | {"expensive", "dearer", "pricier"}
_VERB = {"costs", "cost", "is", "comes", "was", "at", "priced", ",", "charges", "asks"}
_LINK = {"is", "are", "was", "costs", "cost", "comes", "in", "only", "just", "'s", "s", "still",
         "charges", "asks",
         "about", "roughly", "around", "approximately", "nearly", "almost", "some"}  # fmt: skip
_CUMULATIVE = {"still", "again", "further", "beyond", "on", "atop", "above", "over"}
_ADJECTIVES = {"cheaper", "more", "less", "dearer", "pricier", "costlier", "lower", "higher"}


def implicit_others(
    reader: SentenceBase, subjects: list[Unit], *, start: int, at: int, j: int, amount: Tok | None
) -> tuple[list[str], bool] | None:
    """The records the subject's margin may be to, and whether the reading is certain;
    None when there is no clear one. ``at`` is the margin (or the comparison word), ``j``
    the unit after the comparison."""
    if len(subjects) != 1 or (reader.narrowed and not reader.frame):
        return None
    if (
        amount is None
        and reader.low(j) != "by"
        and not (reader.frame or subjects[0].offer in reader.pair_other)
    ):
        return None  # "C is cheaper" with no pair it is within: than what is not said
    first = start + 1
    if (
        reader.low(first) == "("
        and reader.kind(first + 1) == "num"
        and reader.low(first + 2) == ")"
    ):
        first += 3  # "A (101.40) is 0.50 more"
    if any(reader.low(k) not in _LINK for k in range(first, at)):
        return None  # "840 for A, a saving of 60": the margin is not the subject's
    if any(reader.low(k) in _CUMULATIVE for k in range(j, j + 4)):
        return None  # "A is 10 more still": than the record just given a margin
    units = reader.units
    framed = [u.offer for u in units if u.kind == "off" and set(u.idx) <= reader.frame]
    if not any(reader.low(k) in _ADJECTIVES for k in range(at, j)):
        if amount is not None and len(framed) == 1 and subjects[0].offer not in framed:
            rest = {u.offer for u in units if u.kind == "off"} - {subjects[0].offer, framed[0]}
            if not rest:  # "Compared with Engie, Octopus saves €8.35 a month": to Engie
                return [framed[0] or ""], True
        return None  # "saves 30", "undercuts by 4": the other side is named or not said
    records = reader.table.records
    if len(records) == 2 and subjects[0].offer in {r.id for r in records}:
        other = next(r.id for r in records if r.id != subjects[0].offer)  # only one other
        return [other], subjects[0].exact
    if len(framed) == 1 and subjects[0].offer not in framed:  # "Against Solo, Saver is 11% ..."
        rest = {u.offer for u in units if u.kind == "off"} - {subjects[0].offer, framed[0]}
        return ([framed[0] or ""], True) if not rest else None
    current = reader.incumbent
    if amount is not None and amount.pct and current not in (None, subjects[0].offer):
        named_here = {u.offer for u in units if u.kind == "off"}
        return ([current or ""], False) if current not in named_here else None  # "B is 12.7%
        # cheaper" after "A is charging you 148.60": than the current supplier
    if amount is not None and not (reader.kind(at) == "num" and reader.money(reader.units[at])):
        return None
    subject = subjects[0].offer
    units = reader.units
    named = list(dict.fromkeys(u.offer for u in units if u.kind == "off"))
    paired = reader.pair_other.get(subject or "")
    if paired is not None and set(named) <= {subject, paired[0]}:
        return [paired[0]], paired[1]  # "A and B were compared. The latter is 3 dearer"
    if reader.frame:
        pair = [u.offer for k, u in enumerate(units[:5]) if u.kind == "off"]
        if subject in pair and len(named) == 2:
            return [o for o in pair if o != subject and o is not None], True
        return None
    earlier = [k for k in range(start) if units[k].kind == "off"]
    plain = [k for k in earlier if not _parallel(reader, k)]
    others = list(dict.fromkeys(units[k].offer for k in plain if units[k].offer != subject))
    readings = [o for o in others if o is not None] if len(named) == 2 else []
    readings = readings or _gapped(reader, start, subject)
    # "A is 4 more; C is 7 more": than the record A's margin was to, or than A itself
    for previous in dict.fromkeys((reader.before.reference, reader.before.subject)):
        if previous is not None and previous not in named and previous not in readings:
            readings.append(previous)  # "B costs 120 and C costs 10 more": than B, or than A
    current = reader.incumbent  # "You pay A 24.50 now. ... C comes in 5.75 cheaper": than A
    if current is not None and current not in named and current not in readings:
        readings.append(current)
    if not readings:
        return None
    exact = len(readings) == 1 and (
        readings[0] in named or reader.before.exact.get(readings[0], False)
    )
    return readings, exact


def _gapped(reader: SentenceBase, start: int, subject: str | None) -> list[str]:
    """``C is 1.90 more than A, and D 4.75 more``: a margin after an earlier clause of the
    sentence that named its ``than``; to that record (or, read loosely, to that clause's
    subject: both kept, so the sentence is never checked)."""
    units = reader.units
    if reader.low(start - 1) not in ("and", ",", ";") and reader.low(start - 2) not in (
        "and", ",", ";"
    ):  # fmt: skip
        return []
    than = [k + 1 for k in range(start) if reader.low(k) in lx.THAN_WORDS
            and k + 1 < start and units[k + 1].kind == "off"]  # fmt: skip
    if len(than) != 1:
        return []
    first = next((k for k in range(than[0]) if units[k].kind == "off"), None)
    found = [units[than[0]].offer] + ([units[first].offer] if first is not None else [])
    return [o for o in dict.fromkeys(found) if o is not None and o != subject]


def _parallel(reader: SentenceBase, k: int) -> bool:
    """The record at ``k`` is itself followed by a margin with no ``than`` (``C costs ten
    more``): one item of a list of margins to the same record."""
    at = reader.after_amount(k + 1, _VERB)
    return at is not None and reader.low(at) in _CMP and reader.low(at + 1) not in lx.THAN_WORDS
