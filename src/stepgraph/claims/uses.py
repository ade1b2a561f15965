"""What a text says a price is shared among: uses a month it plans on, people sharing it.

``At 4 washes a month, A costs about £6.25 a wash``; ``Split three ways, that is £10.00
each``. A figure the text derives this way is the price (or a yearly or term figure, or a
gap) divided by the count: the audit checks it as such, and a rate per use of the very
thing the text counts (``a wash`` beside ``4 washes a month``) must be one.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from .compiled import compiled

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "eighteen": 18}  # fmt: skip
"""Numbers in words a text counts months, years, uses or people in."""
_NUMBER = rf"(\d{{1,3}}|{'|'.join(WORDS)})"
_USES = compiled(  # "At 4 washes a month", "for the 10 office days a month you plan"
    rf"(?i)\b(?:at|for|with|on)\s+(?:the\s+|your\s+|about\s+|around\s+)?{_NUMBER}\s+"
    r"(?!(?:dollars|euros|pounds|bucks|francs|cents|pence)\b)"  # "at 6 dollars a month"
    r"(?:[a-z-]+\s+)?([a-z-]+s)\s+(?:a|per|each|every)\s+month\b"  # things, plural
)
_TIMES = compiled(rf"(?i)\b{_NUMBER}\s+times\s+(?:a|per|each|every)\s+month\b")
"""``If you swim 12 times a month``: that many uses, of whatever the text prices per use."""
_ANY_USE = frozenset({"visit", "swim", "session", "class", "lesson", "wash", "trip", "ride",
                      "use", "game", "round", "workout", "entry", "go"})  # fmt: skip
_SHARERS = {"children": "child", "kids": "kid", "users": "user", "people": "person",
            "persons": "person", "adults": "adult", "seats": "seat", "lines": "line",
            "members": "member", "employees": "employee", "agents": "agent"}  # fmt: skip
"""Who a price may be shared among, plural to singular (``per child``)."""
_FOR_SHARERS = compiled(
    rf"(?i)\b(?:for|covering|covers)\s+(?:the\s+|your\s+|all\s+|our\s+)?{_NUMBER}\s+"
    rf"({'|'.join(_SHARERS)})\b"
)
"""``Full-time quotes for our two children``: the price is for that many of them."""
_PEOPLE = (
    compiled(rf"(?i)\bsplit\s+(?:it\s+)?{_NUMBER}\s+ways\b"),  # "Split three ways"
    compiled(rf"(?i)\b(?:between|among|for)\s+(?:the\s+|all\s+)?{_NUMBER}\s+of\s+us\b"),
)


def _count(word: str) -> int:
    return WORDS.get(word.lower()) or int(word)


def _singular(noun: str) -> str:
    """``washes`` -> ``wash``, ``classes`` -> ``class``, ``days`` -> ``day``."""
    if noun.endswith(("shes", "ches", "sses", "xes")):
        return noun[:-2]
    return noun[:-1]


class Uses:
    """The counts a text divides a price among (``counts``) and, for uses it counts, each
    use's noun in the singular with its count (``per``: ``{"wash": 4}``)."""

    def __init__(self, text: str) -> None:
        per: dict[str, int] = {}
        counts: set[int] = set()
        for match in _USES.finditer(text):
            count = _count(match.group(1))
            if 1 < count <= 100:
                counts.add(count)
                per.setdefault(_singular(match.group(2).lower()), count)
        for match in _TIMES.finditer(text):
            count = _count(match.group(1))
            if 1 < count <= 100:
                counts.add(count)
                for noun in _ANY_USE:
                    per.setdefault(noun, count)
        shared: dict[str, set[int]] = {}
        for match in _FOR_SHARERS.finditer(text):
            count = _count(match.group(1))
            if 1 < count <= 100:
                shared.setdefault(_SHARERS[match.group(2).lower()], set()).add(count)
        for noun, found in shared.items():  # one count per noun, or none is sure
            if len(found) == 1:  # a rate per that noun only (not a divisor of any figure)
                per.setdefault(noun, next(iter(found)))
        for pattern in _PEOPLE:
            for match in pattern.finditer(text):
                count = _count(match.group(1))
                if 1 < count <= 100:
                    counts.add(count)
        self.counts = frozenset(counts)
        self.per = per


def per_use(
    noun: str, spans: list[tuple[Decimal, Decimal]], uses: Uses,
    explained: Callable[[Decimal, Decimal], bool],
) -> str:  # fmt: skip
    """For a rate per ``noun`` the text counts uses of, what is wrong with it ("" when it is
    a figure of the inputs over that many uses, or the text counts no such use)."""
    count = uses.per.get(noun)
    if count is None or any(explained(a * count, b * count) for a, b in spans):
        return ""
    if noun in _SHARERS.values():
        return f"a {noun} is no price or gap of the inputs split {count} ways"
    return f"a {noun} is no price or gap of the inputs over {count} {noun}s a month"
