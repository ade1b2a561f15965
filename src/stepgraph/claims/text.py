"""Normalising a rationale and splitting it into sentences, in one linear pass each.

``normalise`` returns the plain text and, for every character of it, the offset of the
character of the original it came from, so verdicts point into the text the model wrote.
It applies Unicode NFKC, folds curly quotes and apostrophes, turns thin and no-break
spaces into spaces, drops zero-width characters, markdown emphasis, code ticks, heading
marks, list bullets and table pipes, and HTML tags (block tags end a sentence) and
entities. ``sentences`` splits at line ends and at ``.``/``!``/``?``/``;`` followed by
a space (not inside ``90.5`` nor after ``e.g.``/``vs.``).
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right

from ..records import dataclass
from .compiled import compiled

_FOLD = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": "'",
    "\u201b": "'",
    "\u2032": "'",
    "\u00b4": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u201f": '"',
    "\u00ab": '"',
    "\u00bb": '"',
    "\u2013": "-",
    "\u2014": "-",
    "\u2212": "-",
    "\u2010": "-",
    "\u2011": "-",
    "\u00a0": " ",
    "\u202f": " ",
    "\u2009": " ",
    "\u2007": " ",
    "\u200a": " ",
    "\t": " ",
    "\u200b": "",
    "\u200c": "",
    "\u200d": "",
    "\ufeff": "",
    "\u00ad": "",
    "\u2060": "",
    "*": "",
    "`": "",
    "\r": "",
    "\u2264": " at most ",
    "\u2265": " at least ",
    "\u2248": " about ",
}
_ASCII_FOLDED = compiled("[" + re.escape("".join(c for c in _FOLD if c.isascii())) + "]")
"""The ASCII characters ``_FOLD`` changes (emphasis, code ticks, tabs, carriage returns)."""
_BLOCK_TAGS = {
    "br",
    "p",
    "div",
    "li",
    "ul",
    "ol",
    "tr",
    "table",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "hr",
    "section",
    "blockquote",
    "pre",
    "dd",
    "dt",
}
_MARKUP_SOURCE = (
    r"(?P<strike>~~[^~\n]{1,300}~~)"
    r"|(?P<retracted>(?<![\w.,])\d+(?:[.,]\d+)*(?=(?:[*_ \t\u00a0\u202f]|EUR|USD|GBP|[€$£])*"
    r"[-\u2013\u2014,(:]?[ \t\u00a0\u202f]*(?i:sorry|correction|typo|i meant|make that|"
    r"or rather|wait)\b))"
    r"|(?P<tag></?(?P<name>[A-Za-z][A-Za-z0-9]*)\b[^<>]{0,300}>)"
    r"|(?P<entity>&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});)"
    r"|(?P<line>(?<![^\n])[ \t]*(?:#{1,6}[ \t]+|[-+\u2022][ \t]+|\d{1,3}[.)][ \t]+|>[ \t]?)+)"
    r"|(?P<item>(?<=[:,;])[ \t]+\*{0,2}\d{1,2}\*{0,2}[.)](?=[ \t]+\*{0,2}[^\W\d_]))"
    # ": 1. Quartz 8.20, 2. Jade": the number of an item in a list written on one line
    r"|(?P<rule>(?<![^\n])[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*"
    r"(?:\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*(?=\n|$))"
    r"|(?P<times>(?<=\d)[ \t]?\*[ \t]?(?=[$\u20ac\u00a3]?\d))"  # "38.20*12": a product
    r"|(?P<cents>(?<=\d)\u20ac(?P<cc>\d{2})(?!\d))"  # "14€99": 14,99 €
    r"|(?P<pipe>\|)"
    r"|(?P<under>(?<![\w])_{1,2}(?=\w)|(?<=\w)_{1,2}(?![\w]))"
)
_MARKUP = compiled(_MARKUP_SOURCE)
_TEX_MARKUP = compiled(
    r"(?P<frac>\\[dt]?frac\{(?P<top>[^{}]{1,80})\}\{(?P<bottom>[^{}]{1,80})\})"
    r"|(?P<tex>\\(?:times|cdot|div|approx|%|\$|[,;! ])(?![A-Za-z]))"
    r"|(?P<math>\$(?=\\)|(?<=\d)\$(?![\w$])|\\[()\[\]]|\$\$)"
    r"|" + _MARKUP_SOURCE
)
"""``_MARKUP`` with LaTeX a reasoning model writes (``$\\frac{250 - 200}{250} = 0.20$``,
``\\times``, ``\\$``): used only for a text holding a backslash."""
_TEX = {"\\times": " \u00d7 ", "\\cdot": " \u00d7 ", "\\div": " \u00f7 ", "\\approx": " about ",
        "\\%": "%", "\\$": "$"}  # fmt: skip
_ABBREVIATIONS = (
    "e.g",
    "i.e",
    "vs",
    "approx",
    "ca",
    "etc",
    "incl",
    "excl",
    "no",
    "nr",
    "cf",
    "resp",
    "z.B",
    "ca",
    "bzw",
    "p.ex",
    "p.a",
    "v",
    "avg",
    "est",
    "min",
    "max",
    "approx",
    "dl",
    "ul",
)
_END = compiled(r"\n+|[.!?;]+(?=[\s\"')\]]|$)|[\u3002\uff01\uff1f]+")  # and CJK full stops


@dataclass(frozen=True)
class Normalised:
    """Plain text and ``origin[i]``: the original offset of plain character ``i``."""

    text: str
    origin: tuple[int, ...]

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The original offsets of plain text ``[start, end)``."""
        if start >= end:
            at = self.origin[start] if start < len(self.origin) else self.origin[-1]
            return at, at
        # markup dropped just before the first character belongs to the sentence ("**B**")
        first = self.origin[start - 1] + 1 if start > 0 else 0
        return min(first, self.origin[start]), self.origin[end - 1] + 1


def normalise(raw: str) -> Normalised:
    """``raw`` as plain text with an offset map (see the module docstring)."""
    chars: list[str] = []
    origin: list[int] = []

    def emit(text: str, at: int) -> None:
        for char in text:
            for out in _fold(char):
                chars.append(out)
                origin.append(at)

    def copy(start: int, end: int) -> None:
        run = raw[start:end]
        if run.isascii() and not _ASCII_FOLDED.search(run):  # most text: as it is, at once
            chars.append(run)
            origin.extend(range(start, end))
            return
        for index in range(start, end):
            emit(raw[index], index)

    at = 0
    markup = _TEX_MARKUP if "\\" in raw else _MARKUP
    for match in markup.finditer(raw):
        copy(at, match.start())
        at = match.end()
        if match.group("tag"):
            name = match.group("name").lower()
            cell = " , " if name in ("td", "th") else " "
            emit("\n" if name in _BLOCK_TAGS else cell, match.end() - 1)
        elif match.group("entity"):
            import html  # only a text with an entity needs it (a cold start does not)

            emit(html.unescape(match.group("entity")), match.start())
        elif match.group("item"):
            emit(" ", match.start())
        elif match.group("cents"):
            emit(f",{match.group('cc')} \u20ac", match.start())
        elif match.group("times"):
            emit(" \u00d7 ", match.start())
        elif markup is _TEX_MARKUP and match.group("frac"):
            emit(f"({match.group('top')}) / ({match.group('bottom')})", match.start())
        elif markup is _TEX_MARKUP and match.group("tex"):
            emit(_TEX.get(match.group("tex"), " "), match.start())
        elif match.group("pipe") or match.group("rule"):
            emit(" , " if match.group("pipe") else "", match.start())
        # struck-through text and a number the writer takes back ("20 - sorry, 21") are
        # dropped, as are list bullets, heading marks, quote marks and emphasis underscores
    copy(at, len(raw))
    origin.append(len(raw))
    plain = "".join(chars)
    if "|" in raw and (";" in plain or ". " in plain):  # "| buildings; £5m |", "| 1. Jahr |"
        plain = _row_semicolons(raw, plain, origin)
    if " then " in plain:  # "9.01 more then B": the common slip for "than" (same length)
        plain = _COMPARED_THEN.sub(r"\1 than ", plain)
    if "teh " in plain:  # "teh cheapest": the common slip for "the" (same length)
        plain = _TEH.sub("the ", plain)
    return Normalised(plain, tuple(origin))


def _row_semicolons(raw: str, plain: str, origin: list[int]) -> str:
    """``;`` and a full stop before a space inside a markdown table row written as ``,``
    (same length: offsets hold): a row is one sentence (``| 1. Jahr |``, ``| min. 3 |``)."""
    rows = [(m.start(), m.end()) for m in _TABLE_ROW.finditer(raw)]
    if not rows:
        return plain
    starts = [a for a, _ in rows]
    out = list(plain)
    for index, char in enumerate(plain):
        if char != ";" and not (char == "." and plain[index + 1 : index + 2] == " "):
            continue
        at = origin[index]
        k = bisect_right(starts, at) - 1
        if k >= 0 and rows[k][0] <= at < rows[k][1]:
            out[index] = ","
    return "".join(out)


_TABLE_ROW = compiled(r"(?m)^[ \t]*\|.*\|[ \t]*$")
_TEH = compiled(r"\bteh ")
_COMPARED_THEN = compiled(
    r"(?i)\b(more|less|cheaper|dearer|pricier|costlier|lower|higher|expensive|affordable)"
    r" then "
)


def _fold(char: str) -> str:
    if char in _FOLD:
        return _FOLD[char]
    if char.isascii():
        return char
    text = unicodedata.normalize("NFKC", char)
    return "".join(_FOLD.get(c, c) for c in text)


@dataclass(frozen=True)
class Span:
    """A sentence: its plain text and where it lies in the plain text."""

    text: str
    start: int
    end: int


def sentences(plain: str) -> list[Span]:
    """The sentences of ``plain`` (non-blank), in order; linear in its length."""
    found: list[Span] = []
    start = 0
    for match in _END.finditer(plain):
        if match.group(0)[0] == "." and _abbreviation(plain, match.start()):
            continue
        end = match.end()
        cites = _TRAILING_CITES.match(plain, end)
        if cites is not None:
            end = cites.end()  # "... per year. [c3] That is ...": [c3] is the sentence's
        if end < start:
            continue
        _add(found, plain, start, end)
        start = end
    _add(found, plain, start, len(plain))
    return found


_TRAILING_CITES = compiled(
    r"(?:[ \t]*\[\s*[A-Za-z]{1,3}\d{1,3}(?:\s*[,;]\s*[A-Za-z]{1,3}\d{1,3})*\s*\])+"
)
"""Citations a writer puts after the full stop belong to the sentence before them."""


def _abbreviation(plain: str, dot: int) -> bool:
    word_start = dot
    while word_start > 0 and (plain[word_start - 1].isalpha() or plain[word_start - 1] == "."):
        word_start -= 1
        if dot - word_start > 8:
            return False
    word = plain[word_start:dot].lower()
    if word in _ABBREVIATIONS or plain[word_start:dot] in _TITLES:
        return True
    if plain[word_start:dot] == "c" and _amount_starts(plain[dot + 1 : dot + 3].lstrip(" ")):
        return True  # "OCS is c. £4,400 a month": circa
    cites = _TRAILING_CITES.match(plain, dot + 1)  # "389 kr. [c4] og Tryg ...": one sentence
    after = plain[cites.end() if cites else dot + 1 :][:3].lstrip(" ")
    return word in _UNIT_DOTS and (after[:1].islower() or after[:1].isdigit())
    # "2.500 kr. hos hus-a", "koster kr. 3.899,00 pr. måned": one sentence


def _amount_starts(text: str) -> bool:
    """``text`` opens with a currency sign or a digit."""
    return bool(text) and (text[0].isdigit() or unicodedata.category(text[0]) == "Sc")


_UNIT_DOTS = frozenset({"kr", "inkl", "zzgl", "ggf", "pr", "ekskl", "mdr", "mnd", "md", "rs"})
_TITLES = frozenset({"St", "Dr", "Mr", "Mrs", "Ms", "Mt"})
"""Titles before a name (``St. Oberholz``, ``Dr. Smile``), as written: no sentence ends."""


def _add(found: list[Span], plain: str, start: int, end: int) -> None:
    while start < end and plain[start] in " \n,":
        start += 1
    while end > start and plain[end - 1] in " \n,":
        end -= 1
    if start < end and any(c.isalnum() for c in plain[start:end]):
        found.append(Span(plain[start:end], start, end))
