"""Lists of margins. ``green costs 38. The other two are more expensive: red by 4 and
blue by 9.``: the records other than the previous sentence's one subject, each to it;
read only when the listed records are exactly all the others (and as many as a stated
count), each with its own ``by N``. ``B saves 12 a month compared with A, and 5 compared
with C``: the same subject's saving against each further record. Anything else leaves
the sentence to the reviewer.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from . import lexicon as lx
from .judge import _all_of, _strict

if TYPE_CHECKING:
    from .tokens import Tok
    from .words import WordForms

_GROUP = {"other", "others", "remaining", "rest"}
_VERBS = {"are", "were", "cost", "come", "sit", "both", "all", "each", "is"}
_DEARER = {"pricier", "dearer", "costlier", "higher"}
_CHEAPER = {"cheaper", "lower"}
_OPEN = {":", ",", "-", "("}


def others_margins(reader: WordForms) -> None:
    """Reads the form at the start of the sentence, if it is there (see the module)."""
    subject = reader.before.subject
    if subject is None or reader.low(0) != "the" or reader.low(1) not in _GROUP:
        return
    j, count = 2, None
    if reader.kind(j) == "num" and reader.units[j].tok is not None:
        count, j = reader.units[j].tok, j + 1
    while reader.low(j) in {"offers", "plans", "options", "quotes", "of", "the", "ones"}:
        j += 1
    while reader.low(j) in _VERBS:
        j += 1
    direction, j = _direction(reader, j)
    if direction is None:
        return
    if reader.low(j) not in _OPEN:
        _all_others(reader, subject, direction, j, count)  # "The other two are dearer."
        return
    items, j = _items(reader, j + 1)
    if reader.low(j) not in ("", ".", "!", ")", ";") or not items:
        return
    listed = [reader.units[k].offer for k, _ in items]
    others = {r.id for r in reader.table.records if r.id != subject}
    if set(listed) != others or len(listed) != len(others):
        return
    if count is not None and (len(count.values) != 1 or count.values[0] != len(listed)):
        return
    tests, says = [], []
    for k, tok in items:
        x = reader.units[k].offer or ""
        _, period = reader._periods(k + 3, tok.period)
        tests.append(reader._difference_test(x, subject, direction, amount=tok, share=None,
                                             hedge=None, period=period))  # fmt: skip
        says.append(f"{x} is {direction.replace('_', ' ')} than {subject} by {tok.text}")
    exact = reader.before.exact.get(subject, False) and all(reader.units[k].exact for k, _ in items)
    reader.add("; ".join(says), _all_of(tests), 0, j, exact=exact and not reader.year_context)
    reader.covered.update(range(j))


def _all_others(reader: WordForms, subject: str, direction: str, j: int, count: Tok | None) -> None:
    """``The other two are more expensive (than green).``: each other record, strictly."""
    than = reader.low(j) == "than"
    if than and (reader.kind(j + 1) != "off" or reader.units[j + 1].offer != subject):
        return
    end = j + 2 if than else j
    if reader.low(end) not in ("", ".", "!"):
        return
    others = [r.id for r in reader.table.records if r.id != subject]
    if count is not None and count.values != (Decimal(len(others)),):
        return
    exact = reader.before.exact.get(subject, False) and (not than or reader.units[j + 1].exact)
    word = direction.replace("_", " ")
    reader.add(f"every other offer is {word} than {subject}",
               _all_of([_strict(x, subject, direction, False) for x in others]), 0, end,
               exact=exact)  # fmt: skip
    reader.covered.update(range(end))


def _direction(reader: WordForms, j: int) -> tuple[str | None, int]:
    word = reader.low(j)
    if word == "more" and reader.low(j + 1) in ("expensive", "costly"):
        return "more_expensive", j + 2
    if word == "less" and reader.low(j + 1) in ("expensive", "costly"):
        return "cheaper", j + 2
    if word in _DEARER:
        return "more_expensive", j + 1
    if word in _CHEAPER:
        return "cheaper", j + 1
    return None, j


def _items(reader: WordForms, j: int) -> tuple[list[tuple[int, Tok]], int]:
    """``red by 4 and blue by 9 (a month)``: each record and its margin."""
    items: list[tuple[int, Tok]] = []
    while reader.kind(j) == "off" and reader.low(j + 1) == "by" and reader.kind(j + 2) == "num":
        tok = reader.units[j + 2].tok
        if tok is None or tok.pct or not reader.money(reader.units[j + 2]):
            return [], j
        items.append((j, tok))
        j, _ = reader._periods(j + 3, tok.period)
        if reader.low(j) == ",":
            j += 1
        if reader.low(j) == "and":
            j += 1
    return items, j


_AGAINST = {("compared", "with"), ("compared", "to"), ("relative", "to"), ("over",),
            ("versus",), ("vs",), ("against",)}  # fmt: skip


def more_savings(
    reader: WordForms,
    pairs: list[tuple[str, str]],
    start: int,
    j: int,
    *,
    period: str | None,
    ok: bool,
) -> int:
    """After ``B saves 12 a month compared with A``: ``, and 5 a month compared with C``, one
    more saving of the same subject per record; returns the unit after the last read."""
    if (
        not ok
        or len(pairs) != 1
        or not any(reader.low(k) in ("saves", "save", "saving") for k in range(start, j))
    ):
        return j
    x = pairs[0][0]
    while True:
        k = j + 1 if reader.low(j) in (",", "and") else j
        k = k + 1 if reader.low(k) == "and" and reader.low(j) == "," else k
        if k == j or reader.kind(k) != "num":
            return j
        tok = reader.units[k].tok
        if tok is None or tok.pct or not reader.money(reader.units[k]):
            return j
        at, per = reader._periods(k + 1, tok.period or period)
        words = (reader.low(at), reader.low(at + 1))
        step = 2 if words in _AGAINST else 1 if words[:1] in _AGAINST else 0
        if not step or reader.kind(at + step) != "off":
            return j
        y = reader.units[at + step]
        test = reader._difference_test(x, y.offer or "", "cheaper", amount=tok, share=None,
                                       hedge=None, period=per)  # fmt: skip
        reader.targets.add(at + step)
        reader.add(f"{x} saves {tok.text} over {y.offer}", test, k, at + step + 1,
                   exact=y.exact and reader.units[start].exact)  # fmt: skip
        j = at + step + 1


def percent_tail(
    reader: WordForms, pairs: list[tuple[str, str]], j: int, *, direction: str, ok: bool
) -> int:
    """After a margin in money (``B undercuts A by $255.00 a month``): ``, about 11.2%``,
    ``, or roughly 9.2% more expensive``, ``(about 25%)``: the same gap as a share of the
    other record's price; returns the unit after it."""
    if not ok or len(pairs) != 1 or direction not in ("cheaper", "more_expensive"):
        return j
    k, hedge = j, None
    if reader.low(k) not in (",", "("):
        return j
    k += 1
    while (
        k < j + 6
        and reader.kind(k) == "w"
        and (reader.low(k) in _TAIL_LINKS or reader.low(k) in lx.HEDGES)
    ):
        if reader.low(k) in lx.HEDGES:
            hedge = reader.low(k)
        k += 1
    tok = reader.units[k].tok if reader.kind(k) == "num" else None
    if tok is None or not tok.pct:
        return j
    end = k + 1
    word = reader.low(end)
    if word in ("more", "less") and reader.low(end + 1) == "expensive":
        word, end = ("more" if word == "more" else "less"), end + 1
    dear = word in lx.DEAR_CMP or word == "more"
    cheap = word in lx.CHEAP_CMP or word == "less"
    if (dear and direction == "cheaper") or (cheap and direction == "more_expensive"):
        return j  # "10 cheaper, or 12% more": said from the other side
    end += dear or cheap
    end += reader.low(end) == ")"
    x, y = pairs[0]
    test = reader._difference_test(x, y, direction, amount=tok, share=None, hedge=hedge,
                                   period=None)  # fmt: skip
    word = "cheaper" if direction == "cheaper" else "more expensive"
    reader.add(f"{x} is {word} than {y} by {tok.text}", test, k, end, exact=True,
               certain=hedge is None)  # fmt: skip
    return end


_TAIL_LINKS = frozenset({"or", "which", "is", "that", "i.e", "ie", "also", "das", "sind",
                         "cioè", "soit", "o", "sea", "tedy", "dvs", "eli", "some", "ca",
                         "ou", "oder", "of", "eller"})  # fmt: skip
"""Words between a margin and its restatement as a share (``, or about 9.2%``)."""
