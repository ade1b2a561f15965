"""Tokens of one sentence: record ids (as spelled, or differently capitalised), source names,
amounts with their readings and marks (currency, per cent, period, unit), citations, words.

One regular-expression scan (linear); every later step walks this list. A number that can
be read two ways (``1.080``: 1.08 or 1080) keeps both readings; nothing is guessed.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache
from itertools import pairwise

from ..lazy import pattern
from . import langs
from . import lexicon as lx
from .check import Record, Table
from .compiled import compiled
from .slotted import Slotted

CURRENCY = {
    "s/",
    "lei",
    "ron",
    "quid",
    "bucks",
    "$",
    "€",
    "£",
    "eur",
    "usd",
    "gbp",
    "chf",
    "euro",
    "euros",
    "dollar",
    "dollars",
    "pounds",
    "€/month",
    "€/mo",
    "reais",
    "brl",
    "kr",
    "sek",
    "nok",
    "dkk",
    "kronor",
    "kroner",
    "zł",
    "zl",
    "pln",
    "czk",
    "kč",
    "huf",
    "jpy",
    "yen",
    "¥",
    "cny",
    "rmb",
    "inr",
    "₹",
    "zar",
    "円",
    "元",
    "yuan",
    "aud",
    "cad",
    "nzd",
    "sfr",
    "đ",
    "₫",
    "vnd",
    "idr",
    "rp",
    "php",
    "₱",
    "thb",
    "฿",
    "myr",
    "aed",
    "sar",
    "egp",
    "ngn",
    "₦",
    "kes",
    "ksh",
    "₺",
    "pkr",
    "bdt",
    "৳",
    "krw",
    "₩",
    "mxn",
    "rs",
    "rm",
    "tk",
    "taka",
    "ringgit",
    "baht",
    "rupees",
    "rupee",
    "rupiah",
    "pesos",
    "peso",
    "naira",
    "shillings",
    "dirham",
    "dirhams",
    "riyal",
    "riyals",
    "sr",
    "qr",
    "qar",
    "sgd",
    "hkd",
    "ils",
    "₪",
    "cop",  # Colombian, Chilean, Argentine, Uruguayan pesos: "COP 24.900"
    "clp",
    "ars",
    "uyu",
    "twd",
    "rub",
    "uah",
    "isk",
    "bgn",
}
MONTH_WORDS = {"month", "mo", "monthly", "mois", "monat", "mes", "mese", "mth"} | langs.MONTH_WORDS
YEAR_WORDS = {"year", "yr", "annum", "annually", "yearly", "jahr", "año", "an",
              "annual"} | langs.YEAR_WORDS  # fmt: skip
PER_WORDS = {"per", "a", "an", "each", "every", "/", "pro", "par", "al", "por", "im", "au",
             "the"} | langs.PER_WORDS  # fmt: skip
OTHER_PERIODS = {"week", "day", "quarter", "hour", "weekly", "daily", "quarterly", "hourly"}
_SMALL = {
    "zero": 0,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALE = {
    "hundred": 100,
    "thousand": 1000,
    "lakh": 100_000,
    "million": 1_000_000,
    "crore": 10_000_000,
}
ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
    "4th": 4,
    "5th": 5,
    "6th": 6,
}
MONTH_NAMES = {
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
}

_NUMBER = (
    r"\d{1,2}(?:,\d{2})+,\d{3}(?!\d|,\d)(?:\.\d+)?"  # Indian grouping: 1,10,000; 1,03,47,000
    r"|\d{1,3}(?:,\d{3})+(?:\.\d+)?"
    r"|\d{1,3}(?:\.\d{3})+(?:,\d+)?"
    r"|\d{1,3}(?:'\d{3})+(?:[.,]\d+)?"
    r"|\d{1,3}(?: \d{3})+(?:[.,]\d+)?(?!\d|[.,]\d)"  # "1 049,-": the dash is the cents
    r"|\d+[.,]\d+"
    r"|\d+"
)
_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uff66-\uff9f"
"""Kana, CJK ideographs and Hangul: written without spaces, so a script
change is a word boundary (``\u6708\u984d1,738\u5186``, ``A\u306fB\u3088\u308a``)."""
_W = f"[^\\W{_CJK}]"
CJK_LETTER = compiled(f"[{_CJK}]")
"""A letter of a script written without spaces."""
"""A word character of a spaced script: ``\\w`` without the CJK ones."""
_CODE_WORDS = "eur|usd|gbp|chf|sek|nok|dkk|pln|jpy|czk"
_CODES = rf"(?i:{_CODE_WORDS})\b"  # "12.50EUR": money, no code
_GLUED_2 = "(?:RM|Rs|Rp|Tk|SR|QR)"
_GLUED_3 = (
    "(?:KSh|Ksh|Rs\\.|AED|EGP|SAR|PKR|INR|USD|EUR|GBP|CHF|AUD|CAD|NZD|SGD|HKD|MYR|THB|PHP|"
    "IDR|VND|BDT|NGN|KES|ZAR|MXN|BRL|JPY|CNY|KRW|PLN|SEK|NOK|DKK|CZK|QAR)"
)
"""A currency code written against its amount (``RM6,840``, ``Tk550``): 2 or 3 letters."""
_SCAN = (
    r"(?P<dollar>\b(?:US|USD|A|AU|AUD|NZ|C|CA|CAD|HK|S|SG|NT|MX|R)\$)"  # US$48, A$5, R$ 300
    r"|(?P<rand>\bR(?=\d{1,3}(?:[ ,]\d{3})+(?:[.,]\d{2})?(?![\d,])|\d{3,}(?![\w.,]\d)"
    r"|\d+[.,]\d{2}(?![\d.,])"  # R1 049, R1 062,75, R399, R111,84
    r"|\d{1,2}(?![\w.,])(?=\s*(?:more|less|cheaper|dearer|pricier|above|below|extra|apart"
    r"|pm|p/m|per|a month|a year|/)\b)))"  # R50 more than, R65 pm: rand, no model code
    rf"|(?P<glued>\b(?:{_GLUED_2}|{_GLUED_3})(?=\d))"  # RM6,840, Tk550, KSh2,000, USD48
    r"|(?P<cite>\[\s*[A-Za-z0-9_-]{1,16}(?:\s*[,;]\s*[A-Za-z0-9_-]{1,16})*\s*\])"
    r"|(?P<phone>(?<![\w.,+-])(?:\+\d{1,3}(?:[ -]\d{2,4}){2,4}|1-\d{3}-\d{3}-\d{4}"
    r"|\d{3}-\d{3}-\d{4}|0\d{2,4} \d{3,4} \d{3,4}|1[38]00 \d{3} \d{3}"  # phone numbers
    r"|(?<![$\u20ac\u00a3] )80[03] \d{3} \d{3}"  # "numero verde 800 009 605"
    r"|\d{1,2}:\d(?!\d|\s*[ap]\.?m\b)"  # a ratio: "1:4" (not 8:30)
    r"|\d{1,3}(?:[.,]\d+)?\s?\u00a2|\d[.,]\d/(?:5|10)(?!\d)"  # "10¢" a card fee, "4.7/5"
    r"|\d+(?:[.,]\d+)?\s(?:millones|mill\u00f3n|milh\u00f5es|milh\u00e3o|milioni"
    r"|miljoen|mio|mln)\b)(?![\w.,:-]?\d))"  # "$1,2 millones": rounded, left to the reader
    r"|(?P<date>\b\d{4}-\d{1,2}-\d{1,2}\b|\b\d{1,2}/\d{1,2}/\d{2,4}\b"
    r"|\b\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})(?!\d|[.,]\d)"  # 14.03.2025, 1.4.26
    r"|\b[0-2]?\d:[0-5]\d(?::[0-5]\d)?(?![\d.,]\d))"  # 22:00, 8:30: a time of day
    r"|(?P<code>(?<![\w.])(?:[#]\d[\w.-]*(?<!\.)|[A-Za-z]+\d[\w.]*(?:-[\w.]+)*(?<!\.)"
    r"|\d+(?:-[A-Za-z][\w]*)+"  # no full stop at the end: "the X500." ends a sentence
    rf"|\d+(?!{_CODES})[A-Za-z][\w]*|[A-Za-z]{{1,2}}-\d+(?![\d.,]\d)"  # "e-208": a model
    rf"|\d+[.,]\d+(?!{_CODES})[A-Za-z]\w*"  # "23.90p", "1.8L"
    r"|(?<!\d)24/7(?!\d)))"  # "24/7 access"
    rf"|(?P<num>(?:(?<!{_W}|[.,])|(?<=\bR)|(?<=\b{_GLUED_2})|(?<=\b{_GLUED_3}))(?:{_NUMBER})(?:[.,][-\u2013](?![\d-]))?"
    rf"(?!(?!{_CODES}|[円元đ₫]){_W}))"
    rf"|(?P<word>[^\W\d_{_CJK}]+(?:'[^\W\d_{_CJK}]+)?|[{_CJK}]+)"
    r"|(?P<punct>%|€|\$|£|[^\s\w])"
)


class Tok(Slotted):
    """One token; ``start``/``end`` are offsets in the plain text of the whole rationale."""

    __slots__ = (
        "cites",
        "end",
        "kind",
        "low",
        "marks",
        "money",
        "offer",
        "pct",
        "period",
        "places",
        "start",
        "text",
        "unit",
        "values",
        "words",
    )  # fmt: skip
    kind: str  # offer, near, num, word, cite, punct, code, date
    text: str
    start: int
    end: int
    low: str
    offer: str | None
    values: tuple[Decimal, ...]
    places: tuple[int, ...]
    cites: tuple[str, ...]
    pct: bool
    money: bool
    period: str | None  # month, year, other
    unit: str | None
    words: bool  # written in words
    marks: list[int]  # indexes of tokens that mark it

    def __init__(  # noqa: PLR0917 - called positionally, as the dataclass it was
        self,
        kind: str,
        text: str,
        start: int,
        end: int,
        low: str = "",
        offer: str | None = None,
        values: tuple[Decimal, ...] = (),
        places: tuple[int, ...] = (),
        cites: tuple[str, ...] = (),
        pct: bool = False,
        money: bool = False,
        period: str | None = None,
        unit: str | None = None,
        words: bool = False,
        marks: list[int] | None = None,
    ) -> None:
        self.kind = kind
        self.text = text
        self.start = start
        self.end = end
        self.low = low
        self.offer = offer
        self.values = values
        self.places = places
        self.cites = cites
        self.pct = pct
        self.money = money
        self.period = period
        self.unit = unit
        self.words = words
        self.marks = [] if marks is None else marks  # a new list each, as a default factory


class Names:
    """Every way the text may name a record: its id as spelled, its aliases, other cases."""

    def __init__(self, table: Table) -> None:
        exact: dict[str, str] = {}
        clashes: set[str] = set()
        for record in table.records:
            if _readable(_plain(record.id)):
                if exact.get(_plain(record.id), record.id) != record.id:
                    clashes.add(_plain(record.id))
                exact[_plain(record.id)] = record.id
        ids = set(exact)
        for record in table.records:
            for alias in record.aliases:
                name = _plain(alias)
                if _readable(name) and name not in ids:
                    if exact.get(name, record.id) != record.id:
                        clashes.add(name)  # one source for two offers: it names neither
                    exact[name] = record.id
        for name in clashes:
            del exact[name]
        self.exact = exact
        folded: dict[str, set[str]] = {}
        for name, record_id in exact.items():
            folded.setdefault(name.lower(), set()).add(record_id)
        stems: dict[str, set[str]] = {}
        for record in table.records:
            for alias in record.aliases:
                stem = _stem(alias, record.id)
                if stem and stem not in folded:
                    stems.setdefault(stem, set()).add(record.id)
        folded.update(stems)  # "Acme" for acme-2026-q1.pdf: always a loose name
        loose = _loose_names(table, folded)
        folded.update(loose)  # "Option C" for option-c, "BT Full Fibre 100" for its source
        for key, ids_of in list(folded.items()):  # "Bord Gáis" of bord-gais, "2-Year" of
            folded.setdefault(_spelled(key), set()).update(ids_of)  # -2-year: one spelling
        self.folded = {k: next(iter(v)) for k, v in folded.items() if len(v) == 1}
        names = sorted(sorted(exact.keys() | {k for k in stems.keys() | loose.keys()
                                              if k in self.folded}),
                       key=len, reverse=True)  # fmt: skip
        body = "|".join(
            dict.fromkeys(
                ("(?<![\\w-])" if n[0].isalnum() else "")
                + re.escape(folded_text(n)).replace("\\ ", "[-_ &]")
                + ("(?![\\w-]|\\.\\w)" if n[-1].isalnum() else "")
                for n in names
            )
        )
        written = [re.escape(n) for n in names if CJK_LETTER.search(n)]
        self.cjk_pattern = re.compile("|".join(written), re.IGNORECASE) if written else None
        """Names holding kana or kanji: kept when the others are found in the text with
        kana and kanji blanked (one space each, so the offsets hold: ``B\u306f`` is B)."""
        # re.compile, not the package's cache: these patterns are the table's, not the
        # package's, and would grow the cache file (and rewrite it) with every new table
        self.pattern = re.compile(f"(?:{body})" if names else "(?!)", re.IGNORECASE)
        self.name_words = {r.id: _name_words(r) for r in table.records}
        self.brands = {
            r.id: frozenset(b for b in (_stem(a, r.id) for a in r.aliases) if len(b) >= 6)
            for r in table.records
        }  # "inspirecleanenergy" of inspirecleanenergy.com/plans: spelled in words after
        # the name that starts it ("Inspire Clean Energy")
        self.numbered = frozenset(  # "fibre 100", "ioniq 6", "1&1": numbers of source names
            w for r in table.records for w in self.name_words[r.id] if " " in w or "&" in w
        )
        model: dict[str, set[str]] = {}  # "208" of "Peugeot 208": the record it names
        for record in table.records:
            for words in self.name_words[record.id]:
                number = words.rpartition(" ")[2]
                if " " in words and number.isdigit() and len(number) >= 2:
                    model.setdefault(number, set()).add(record.id)
        self.models = {n: next(iter(ids)) for n, ids in model.items() if len(ids) == 1}
        heads: dict[str, set[str]] = {}
        for record in table.records:
            head = _ID_PARTS.split(record.id.lower())[0]
            if len(head) >= 4 and head.isalpha() and head != record.id.lower():
                heads.setdefault(head, set()).add(record.id)
        self.camel_heads = {h: next(iter(i)) for h, i in heads.items() if len(i) == 1}
        """An id's first part (``crewroll`` of crewroll-core), for one record only: its
        name when the prose writes it in inner capitals (``CrewRoll``), never a word."""


def _heads(parts: list[str], brands: set[str], everything: str, mine: str) -> list[str]:
    """The first parts of an id that name its record: those spelling or starting with its
    source's brand (``Direct Line`` of direct-line-comp at directline.com, ``Frontier
    Fiber``), and a two-letter head with the part after it (``MC Squared``)."""
    heads = [
        sep.join(parts[:k])
        for k in range(2, len(parts))
        if "".join(parts[:k]) in brands or parts[0] in brands
        for sep in (" ", "-")
    ]
    if _short_head(parts, everything, mine):
        heads.append(" ".join(parts[:2]))
    return heads


def _short_head(parts: list[str], everything: str, mine: str) -> bool:
    """An id whose first part is too short to be a name alone (``mc`` of
    ``mc-squared-fixed``): its first two parts are one, when a third follows and no other
    record spells them."""
    if len(parts) < 3 or not parts[0].isalpha() or len(parts[0]) > 2:
        return False
    if not parts[1].isalpha() or len(parts[1]) < 3:
        return False
    head = "-".join(parts[:2])
    return everything.count(head) == mine.count(head)


def _loose_names(table: Table, taken: dict[str, set[str]]) -> dict[str, set[str]]:
    """Loose names beyond the stems: an id with its separators written otherwise
    (``tt-fibre-65`` for ``tt_fibre_65``, ``INS CAR 003``, ``Option C`` for ``option-c``),
    a source's domain (``speedyservices.com`` of ``speedyservices.com/tile-saw``), the
    first parts of an id that spell or start with its source's brand (``Direct Line``
    of ``direct-line-comp`` at ``directline.com``, ``Frontier Fiber`` of
    ``frontier-fiber-500`` at ``frontier.com``) and a source name's first part (``BT Full
    Fibre 100`` of ``BT Full Fibre 100, 24-month contract``); each lower-cased, for the
    records it may name."""
    found: dict[str, set[str]] = {}
    everything = " ".join(f"{r.id} {' '.join(r.aliases)}".lower() for r in table.records)
    for record in table.records:
        parts = [p for p in _ID_PARTS.split(record.id.lower()) if p]
        if len(parts) > 1:
            for sep in ("-", "_", " "):
                found.setdefault(sep.join(parts), set()).add(record.id)
            if "and" in parts[1:-1]:  # "Kids & Company" of kids-and-company
                found.setdefault(" ".join("&" if p == "and" else p for p in parts), set()).add(
                    record.id
                )
        brands = {_stem(alias, record.id) for alias in record.aliases} - {""}
        mine = f"{record.id} {' '.join(record.aliases)}".lower()
        for part in parts if len(parts) > 1 else ():  # "Route 53" of route53-est,
            for spelled in _spaced_part(part):  # "Model 3" of tesla-model3, "ID.3" of vw-id3
                if everything.count(spelled) == mine.count(spelled):  # not "NBN 100" of all
                    found.setdefault(spelled, set()).add(record.id)
        for brand in brands:  # "Perimeter 81" of perimeter81.com
            spaced = _LETTERS_DIGITS.fullmatch(brand)
            if spaced is not None:
                found.setdefault(" ".join(spaced.groups()), set()).add(record.id)
        if len(parts) > 1 and all(p.isalpha() for p in parts):
            found.setdefault("".join(parts), set()).add(record.id)  # "T-Mobile Home"
        for head in _heads(parts, brands, everything, mine):
            found.setdefault(head, set()).add(record.id)
        own = f"{record.id} {' '.join(record.aliases)}".lower()
        if len(parts) > 1 and (
            _brand_head(parts[0], brands, record.aliases, (everything, own))
            or _short_brand(parts, record.aliases, everything, own)
        ):
            found.setdefault(parts[0], set()).add(record.id)  # "Breathe" of breathehr.com
        for brand in brands | {parts[0]}:  # "Leon's" of leons.ca
            if len(brand) >= 4 and brand.endswith("s") and not brand.endswith("ss"):
                found.setdefault(f"{brand[:-1]}'s", set()).add(record.id)
        for code in _model_codes(parts, own, everything):
            found.setdefault(code, set()).add(record.id)  # "M250" of "Virgin Media M250 Fibre"
        for alias in record.aliases:
            for name in _alias_names(alias):
                found.setdefault(name, set()).add(record.id)
    for name, record_id in _after_shared_head(table).items():
        found.setdefault(name, set()).add(record_id)
    return {k: v for k, v in found.items() if k not in taken and k != "" and _readable(k)}


def _alias_names(alias: str) -> list[str]:
    """The loose names one source name gives its record (see ``_loose_names``)."""
    names: list[str] = []
    domain = _DOMAIN.match(_plain(alias).lower())
    if domain is not None:  # "speedyservices.com" of speedyservices.com/tile-saw
        names.append(domain.group(1))
        label = domain.group(1).split(".")[-2]
        if "-" in label.strip("-") and len(label) >= 5:
            names.append(label)  # "T-Mobile" of t-mobile.pl
            names.append(label.replace("-", " "))  # "RED by SFR" of red-by-sfr.fr
    bare = _PAPER_TAIL.sub("", _plain(alias)).strip()
    if bare != _plain(alias).strip() and " " in bare and _readable(bare):
        names.append(bare.lower())  # "Select Car Leasing"
    tail = _SEGMENT.split(_plain(alias))[-1].strip()
    if _REPLY.match(alias) and tail[:1].isupper() and len(tail) >= 3 and _readable(tail):
        names.append(tail.lower())  # "Re: ... - CtrlAltCare"
    base = _FILE_NAME.search(_plain(alias))
    if base is not None and _readable(base.group(1)):
        names.append(base.group(1).lower())  # "offer-b.pdf"
        # of quotes/offer-b.pdf
    sender = _FROM_NAME.search(_plain(alias))
    if sender is not None and _readable(sender.group(1)):
        names.append(sender.group(1).lower())  # "Sam" of
        # "text message from Sam", "Dave's Plumbing" of "quote from Dave's Plumbing"
    head = _SEGMENT.split(_plain(alias), maxsplit=1)[0].strip()
    if head != _plain(alias).strip() and len(head) >= 3 and _readable(head):
        names.append(head.lower())
    trade = _COMPANY_TAIL.sub("", bare if bare != _plain(alias).strip() else head).strip()
    if trade not in (head, bare) and " " in trade and _readable(trade):
        names.append(trade.lower())  # "S&P Cleaning" of "S&P Cleaning Services Ltd, Leeds"
    for bracketed in _BRACKETED.findall(_plain(alias)):  # "Tele2 (Com Hem) Bredband"
        inner = bracketed.strip()
        if _FILE_STEM.fullmatch(inner) and _readable(inner):
            names.append(inner.lower())  # "(royalmail_oba_2024.pdf)": the file it was read in
        if (
            (" " in inner or len(inner) >= 4) and inner[:1].isupper() and not (inner.isupper())
        ):  # a name: not "(DSL)", "(4G)", "(monthly)"
            names.append(inner.lower())
    stem = _FILE_STEM.fullmatch(_plain(alias).rsplit("/", 1)[-1])
    if stem is not None and _readable(stem.group(1)):
        names.append(stem.group(1).lower().replace("_", " ").replace("-", " "))  # "Quote B"
    return names


def _after_shared_head(table: Table) -> dict[str, str]:
    """When every id starts with the same parts (``flat-`` of flat-oak-road and
    flat-mill-lane, ``ca-firm-`` of ca-firm-pune), what follows names its record: ``Oak
    Road``, ``Pune``; a single word only when it is no common word."""
    split = [[p for p in _ID_PARTS.split(r.id.lower()) if p] for r in table.records]
    if len(split) < 2:
        return {}
    shared = 0
    while (
        all(len(parts) > shared + 1 for parts in split)
        and len({parts[shared] for parts in split}) == 1
    ):
        shared += 1
    if not shared:
        return {}
    found: dict[str, str] = {}
    for record, parts in zip(table.records, split, strict=True):
        rest = parts[shared:]
        if len(rest) == 1 and (
            len(rest[0]) < 4
            or not rest[0].isalpha()
            or rest[0] in COMMON_WORDS
            or rest[0] in _GENERIC
            or rest[0] in _SMALL
            or rest[0] in ORDINALS
            or rest[0] == "one"
        ):
            continue
        for sep in (" ", "-"):
            found[sep.join(rest)] = record.id
    return found


def _spaced_part(part: str) -> tuple[str, ...]:
    """An id part of letters then digits written apart: ``model 3``, and ``id 3`` and
    ``id.3`` after two letters; () for any other part."""
    spaced = _PART_DIGITS.fullmatch(part)
    if spaced is None:
        return ()
    letters, digits = spaced.groups()
    if len(letters) == 2:
        return f"{letters} {digits}", f"{letters}.{digits}"
    return (f"{letters} {digits}",)


def _model_codes(parts: list[str], own: str, everything: str) -> set[str]:
    """A record's model codes: letters then digits in its id or sources (``m250``), and a
    short model name opening its id (``mg4`` of mg4-ev) no other record spells."""
    codes = set(_MODEL_CODE.findall(own))
    if (
        len(parts) > 1
        and _SHORT_MODEL.fullmatch(parts[0])
        and (everything.count(parts[0]) == own.count(parts[0]))
    ):
        codes.add(parts[0])
    return codes


def _brand_head(
    head: str, brands: set[str], aliases: tuple[str, ...], texts: tuple[str, str]
) -> bool:
    """An id's first part names its record's brand when a source's brand is it plus a tail
    (``breathe`` of breathehr.com), ends with it (``digit`` of godigit.com), is its start
    (``applecare`` of apple.com), or a source spells it as a word (``tid`` of ``quote
    TID-5582013``); never a part another record's id or sources also hold."""
    if head in _GENERIC or head in _SHORT_WORDS_EN:
        return False
    if any(head + tail in brands for tail in _BRAND_TAILS):
        return True  # "o2" of o2online.de too
    labels = {m[1] for m in (_DOMAIN_HEAD.match(a.lower()) for a in aliases) if m is not None}
    if head in labels:
        return True  # "EE" of ee-essentials-sim at ee.co.uk
    everything, own = texts  # every record's id and sources, and this record's
    if len(head) < 3 or not _brand_like(head) or everything.count(head) > own.count(head):
        return False  # "fitness" of fitness-first beside anytimefitness.co.uk: no brand
    if len(head) >= 4 and any(
        (b.endswith(head) and len(b) - len(head) <= 3)
        or (head.startswith(b) and len(b) >= 4)
        or (b.startswith(head) and len(b) > len(head))  # "lyca" of lycamobile.co.uk
        for b in brands | labels  # "4change" of 4changeenergy.com: no stem, a domain label
    ):
        return True
    return any(head in _ALIAS_WORD.findall(alias.lower()) for alias in aliases)


def _owned_product(toks: list[Tok], index: int) -> int:
    """How many lower-case words from ``index`` name what a record's owner sells (``flex
    desk``, ``membership``): one or two words ending on a product noun; 0 when none."""
    for width in (1, 2, 3):
        words = toks[index : index + width]
        if (
            len(words) == width
            and all(w.kind == "word" and w.text.isalpha() for w in words)
            and words[-1].text.islower()
            and words[-1].low in _PRODUCT_NOUNS
            and not any(w.low in COMMON_WORDS for w in words[:-1])
            and index + width < len(toks)
            and toks[index + width].low in _PRODUCT_VERBS
        ):
            return width
    return 0


_CLAUSE_OPENERS = frozenset({",", ";", ":", "and", "but", "while", "whereas", "-", "("})
_PRODUCT_VERBS = frozenset({"is", "costs", "comes", "sits", ",", "runs", "works", "undercuts",
                            "beats", "ties", "matches", "remains", "stays"})  # fmt: skip


_PRODUCT_NOUNS = frozenset({"membership", "plan", "tier", "subscription", "package", "pack",
                            "bundle",
                            "desk", "pass", "card", "policy", "tariff", "contract", "deal",
                            "offer", "quote", "service", "option", "lease", "box", "kit",
                            "account", "cover", "broadband", "line"})  # fmt: skip


def _short_brand(parts: list[str], aliases: tuple[str, ...], everything: str, own: str) -> bool:
    """A two-letter id head whose source's domain spells it with the id's next part
    (``BP`` of bp-pulse-plus at bppulse.co.uk), or whose source opens with it in capitals
    (``LV`` of lv-home at ``LV= quote``), that no other record spells."""
    head = parts[0]
    if len(head) != 2 or not head.isalpha() or head in _SHORT_WORDS_EN:
        return False
    labels = {m[1] for m in (_DOMAIN_HEAD.match(a.lower()) for a in aliases) if m is not None}
    spelled = any(  # "LV= quote (lv_home_quote.pdf)" of lv-home: the source opens with it
        a.startswith(head.upper()) and (len(a) == 2 or not a[2].isalnum()) for a in aliases
    )
    return (head + parts[1] in labels or spelled) and everything.count(head) == own.count(head)


def _brand_like(head: str) -> bool:
    """Letters, or digits then letters (``4change`` of 4changeenergy.com)."""
    return head.isalpha() or (head.isalnum() and head[0].isdigit() and head[-1].isalpha())


_ALIAS_WORD = compiled(r"[^\W_]+")
_DOMAIN_HEAD = compiled(r"(?:https?://)?(?:www\.)?([a-z0-9]+)\.[a-z]")
_SHORT_WORDS_EN = frozenset({"an", "as", "at", "be", "by", "do", "go", "he", "if", "in", "is",
                             "it", "me", "my", "no", "of", "on", "or", "so", "to", "up", "us",
                             "we", "the", "and", "for", "you", "our", "all", "one", "new",
                             "get", "buy", "top", "now", "big"})  # fmt: skip
"""Common words an id may start with that never name its brand alone."""
_ID_PARTS = compiled(r"[-_ ]+")
_LETTERS_DIGITS = compiled(r"([^\W\d_]{3,})(\d+)")
_PART_DIGITS = compiled(r"([^\W\d_]{2,})(\d+)")
"""An id part of letters then digits (``model3``, ``id3``): a name written spaced too."""
_MODEL_CODE = compiled(r"(?<![a-z0-9])([a-z]{1,3}\d{3,4})(?![a-z0-9])")
"""A model code (``M250``, ``S300``): letters then digits, one record's name when only its
id or sources spell it."""
_SHORT_MODEL = compiled(r"[a-z]{2,3}\d{1,2}")
"""A short model name opening an id (``mg4`` of mg4-ev): its record's name alone."""
_DOMAIN = compiled(r"(?:https?://)?(?:www\.)?((?:[a-z0-9-]+\.)+[a-z]{2,6})(?=[/\s]|$)")
_FILE_NAME = compiled(r"/([\w.-]+\.(?:pdf|docx?|xlsx?|csv|png|jpe?g|txt|eml|html?))$", re.I)
"""The file a source path ends with (``quotes/offer-b.pdf``): a name for its record."""
_FILE_STEM = compiled(
    r"([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+)\.(?:pdf|docx?|xlsx?|csv|txt|eml)", re.I
)
"""A file name with parts (``Quote_B.pdf``): its stem, without the extension, names it."""
_FROM_NAME = compiled(r"\bfrom\s+([A-Z][\w'&.-]*(?:\s+[A-Z][\w'&.-]*){0,3})")
"""The sender a source names (``email from Sam 2026-03-02``): a name for its record."""
_BRAND_TAILS = (
    "hr",
    "hq",
    "uk",
    "app",
    "io",
    "online",
    "group",
    "insurance",
    "bank",
    "direct",
    "energy",
    "mobile",
    "telecom",
    "broadband",
    "fibre",
    "fiber",
    "home",
)
"""What a domain adds to a brand (``breathehr.com`` for Breathe, ``monzoapp``)."""
_BRACKETED = compiled(r"\(([^()]{3,40})\)")
_PAPER_TAIL = compiled(
    r"(?i)(?:\s+(?:quote|quotation|e-?mail|mail|offer|proposal|deal|brochure|letter|pdf|"
    r"page|website|listing|flyer|screenshot|estimate|tender|bid|#\d[\w/.-]*))+\s*$"
)
"""The paper a source name ends with (``Select Car Leasing quote``, ``leasing.com deal
#881203``): the rest is the supplier's name as the prose writes it."""
_COMPANY_TAIL = compiled(
    r"(?i)(?:\s+(?:services|ltd\.?|limited|inc\.?|llc|gmbh|plc|pty|corp\.?|corporation|"
    r"group|solutions|s\.?a\.?r\.?l\.?|b\.?v\.?|s\.?p\.?a\.?|s\.?r\.?l\.?))+\s*$"
)
"""What a company's legal name ends with and the prose leaves out (``S&P Cleaning
Services Ltd`` is ``S&P Cleaning``)."""
_REPLY = compiled(r"(?i)(?:re|fwd?|aw|sv|tr)\s*:")
"""An email subject (``Re: Managed IT quote - CtrlAltCare``): its last part names the sender."""
_SEGMENT = compiled(r"\s[-\u2013\u2014]\s|[,;(]")


def _name_words(record: Record) -> frozenset[str]:
    """The words of a record's source name, lower-cased, and each ``word number`` pair in it
    or in its id (``ioniq 5``, ``dsl 100``): what may follow its brand in the prose as the
    rest of its name."""
    found: set[str] = set()
    for alias in record.aliases:
        for part in _plain(alias).lower().split(","):
            words = [w for w in _NAME_WORD.findall(part) if w not in _MEANINGFUL]
            found.update(words)
            found.update(w[: len(w) - len(w.lstrip("0123456789"))] for w in words)  # "500mbps"
            found.update(f"{a} {b}" for a, b in pairwise(words) if b.isdigit())
        found.update(_AMPERSANDED.findall(_plain(alias)))  # "1&1"
    parts = [p for p in _ID_PARTS.split(record.id.lower()) if p]  # "DSL 100" of 1und1-dsl-100
    found.update(f"{a} {b}" for a, b in pairwise(parts) if b.isdigit() and a.isalpha())
    found.update(p for p in parts[1:] if p.isalpha() and len(p) >= 3)  # "Plus" of protonvpn-plus
    return frozenset(found - {""})


_AMPERSANDED = compiled(r"\d+&\d+")
_NAME_WORD = compiled(r"[^\W_][\w+]*")


_STEM = compiled(
    r"((?=[^\W_]{3})(?:[^\W\d_]|\d+[^\W\d_])[^\W_]*)(?:'s)?(?:[-_.,;:(/ ]|$)"
)  # "acme-",
# "Marek's ", "34sp." of 34sp.com: a letter first, or digits and a letter
_GENERIC = {"offer", "offers", "quote", "quotes", "plan", "plans", "option", "proposal",
            "tender", "bid", "price", "prices", "pricing", "doc", "docs", "document", "file",
            "angebot", "offre", "oferta", "offerta", "aanbod", "offerte", "preventivo",
            "tilbud", "offert", "rechnung", "factura", "facture", "source", "vendor", "supplier",
            "provider", "contract", "tarif", "tariff", "rate", "crm", "invoice", "sheet", "pdf",
            "email", "mail", "the", "and", "basic", "pro", "plus", "premium", "standard",
            "business", "home", "team", "starter", "lite", "max", "mini", "net", "web",
            "fiber", "fibre", "internet", "broadband", "mobile", "energy", "power", "cloud",
            "shop", "store", "www", "app", "my"}  # fmt: skip


def _stem(alias: str, owner: str = "") -> str:
    """The brand a source name starts with ("acme" in ``acme-2026-q1.pdf``, "telekom" in
    ``Telekom MagentaZuhause M``, "ricoh" in ``Offre Ricoh MPS.pdf``: after a word for the
    paper; "greenp" of parking.greenp.com when its ``owner`` id spells the site, not the
    subdomain), lower-cased; "" for a generic word or a short one."""
    text = _SCHEME.sub("", alias.strip())  # "proton" of https://proton.me/business
    host = _HOST.match(text)
    if host is not None and owner:  # "greenp" of parking.greenp.com for green-p-carpark
        labels = host.group(0).lower().split(".")
        keep = 3 if len(labels) >= 3 and len(labels[-2]) <= 3 and len(labels[-1]) == 2 else 2
        spelled = owner.lower().replace("-", "").replace("_", "")
        site = labels[-keep]
        if len(labels) > keep and labels[0] not in spelled and site in spelled:
            text = text[host.end() - len(".".join(labels[-keep:])) :]
    for _ in range(2):
        match = _STEM.match(text)
        if match is None or match.group(0).strip() == text:
            return ""  # the whole alias: already a name as spelled
        stem = match.group(1).lower()
        if stem not in _GENERIC and stem not in _PAPERS:
            return stem  # not "devis" of devis-direct-assurance-2025-03.pdf: its paper
        if stem not in _PAPERS:
            return ""
        text = text[match.end() :].lstrip()
    return ""


_HOST = compiled(r"(?i)[a-z0-9-]+(?:\.[a-z0-9-]+)+\.[a-z]{2,}(?=[/:?#]|$)")
"""A web address's host with two or more dots (``parking.greenp.com``, ``shop.ee.co.uk``)."""
_PAPERS = frozenset({"offer", "offre", "oferta", "offerta", "angebot", "aanbod", "quote",
                     "proposal", "tender", "bid", "devis", "invoice", "offerte", "preventivo",
                     "tilbud", "offert", "rechnung", "factura", "facture"})  # fmt: skip
_SCHEME = compiled(r"(?i)^(?:https?://)?(?:www\.)?")
"""Words for the paper a source is (``Offre Ricoh MPS.pdf``): the brand follows them."""


def names_of(table: Table) -> Names:
    """``Names(table)``, shared by every table that spells its records the same way (only
    ids and aliases count): building one compiles a pattern, and a workflow checks many
    texts against the same records. A ``Names`` is never changed after it is built."""
    return _names(tuple((record.id, tuple(record.aliases)) for record in table.records))


@lru_cache(maxsize=64)
def _names(spelled: tuple[tuple[str, tuple[str, ...]], ...]) -> Names:
    return Names(Table(tuple(Record(id=i, value=None, aliases=a) for i, a in spelled)))


def _plain(name: str) -> str:
    """A name as the normalised text spells it (NFKC, folded quotes and spaces)."""
    from .text import normalise

    return normalise(name).text.strip()


def _readable(name: str) -> bool:
    """A name the prose can be searched for: it has a letter, or digits with a symbol
    (``9$``). ``5`` or ``:`` would match every number or colon: never read in prose."""
    if any(c.isalpha() for c in name):
        return True
    return (
        len(name) >= 2 and any(c.isdigit() for c in name) and not re.fullmatch(r"[\d.,' ]+", name)
    )


def tokenize(
    plain: str, start: int, end: int, names: Names, *, kilo_limit: Decimal | None = None
) -> list[Tok]:
    """The tokens of ``plain[start:end]``: names first, then the general scan between them;
    ``£1.45k`` is an amount when no more than ``kilo_limit``."""
    toks: list[Tok] = []
    at = start
    seen = folded_text(_blanked(plain, start, end, names))  # "B\u306fA\u3088\u308a": B
    for match in names.pattern.finditer(seen, start, end):  # and A are names
        if _ELIDED.match(plain, match.end()) and len(match.group(0)) == 1:
            continue  # "C'est", "L'offre", "D'après": a French word, not record C, L or D
        _scan(plain, at, match.start(), toks)
        text = plain[match.start() : match.end()]
        record = names.exact.get(text)
        near = names.folded.get(text.lower()) or names.folded.get(_spelled(text.lower()))
        if record is not None:
            toks.append(Tok("offer", text, match.start(), match.end(), text.lower(), record))
        elif near is not None and (
            _plausible_name(text)
            or _NAMED_BEFORE.search(plain, max(0, match.start() - 12), match.start())
        ):
            toks.append(Tok("near", text, match.start(), match.end(), text.lower(), near))
        else:
            toks.append(Tok("word", text, match.start(), match.end(), text.lower()))
        at = match.end()
    _scan(plain, at, end, toks)
    _sol_signs(toks)
    _abbreviated_hedges(toks)
    _elided_que(toks)
    _no_compounds(toks)
    _equals_brands(toks)
    while toks and toks[0].kind == "punct" and unicodedata.category(toks[0].text[:1]) == "So":
        del toks[0]  # "✅ **Cheapest:** ...": a bullet's emoji says nothing of prices
    _myriads(toks)
    _add_ons(toks)
    _squashed_names(toks, names)
    _unquoted_names(toks)
    _camel_names(toks, names)
    _leading_name_words(toks)
    _absorb_name_words(toks, names)
    _split_names(toks)
    _owners(toks)
    _numbers_in_names(toks, names)
    _dutch_places(toks)
    _expressions(toks)
    _article_not_name(toks)
    _contraction_not_name(toks)
    _number_words(toks)
    if kilo_limit is not None:
        _thousands(toks, kilo_limit)
    for index, tok in enumerate(toks):
        if tok.kind == "num":
            _mark(toks, index)
    _shared_rates(toks)
    _per_opening(toks)
    return toks


def _elided_que(toks: list[Tok]) -> None:
    """``plus cher qu'Orange``: the elided ``qu'`` is ``que``, one word."""
    index = 0
    while index + 1 < len(toks):
        qu, mark = toks[index], toks[index + 1]
        if qu.low in ("qu", "lorsqu", "puisqu") and mark.text == "'" and qu.end == mark.start:
            toks[index : index + 2] = [Tok("word", qu.text + "'", qu.start, mark.end, "que")]
        index += 1


def _no_compounds(toks: list[Tok]) -> None:
    """``no-contract``, ``no-frills``, ``no-claims``: one adjective, no negation of what the
    sentence says (``no-one`` stays a negation); Dutch ``net geen € 10`` is just under it."""
    index = 0
    while index + 2 < len(toks):
        no, dash, word = toks[index : index + 3]
        if (
            no.low == "no"
            and dash.text == "-"
            and no.end == dash.start
            and dash.end == word.start
            and word.kind == "word"
            and word.low not in _NO_ONE
        ):
            text = no.text + "-" + word.text
            toks[index : index + 3] = [Tok("word", text, no.start, word.end, text.lower())]
        elif (no.low, dash.low) == ("net", "geen") and (word.kind == "num" or word.low in CURRENCY):
            dash.low = "onder"  # "net geen € 10": just under 10, no negation
        index += 1


_NO_ONE = frozenset({"one", "body", "thing", "where"})


def _equals_brands(toks: list[Tok]) -> None:
    """``LV=``: a name written with an equals sign right after it, and no number after the
    sign, is that name (the sign is no sum's)."""
    index = 0
    while index + 1 < len(toks):
        name, sign = toks[index], toks[index + 1]
        nxt = toks[index + 2] if index + 2 < len(toks) else None
        if (
            name.kind in ("offer", "near")
            and sign.text == "="
            and name.end == sign.start
            and (nxt is None or (nxt.kind != "num" and nxt.low not in CURRENCY))
        ):
            name.text += "="
            name.end = sign.end
            del toks[index + 1]
        index += 1


def _abbreviated_hedges(toks: list[Tok]) -> None:
    """``c. £4,400``, ``ca. 60 €``, ``approx. $20``: circa, one hedge word before an amount
    (not a word and a full stop)."""
    index = 0
    while index + 2 < len(toks):
        word, dot, after = toks[index : index + 3]
        if (
            word.kind in ("word", "near")
            and word.low in ("c", "ca", "approx", "appr")
            and dot.text == "."
            and word.end == dot.start
            and (after.kind == "num" or unicodedata.category(after.text[:1]) == "Sc")
        ):
            toks[index : index + 2] = [Tok("word", word.text + ".", word.start, dot.end, "circa")]
        index += 1


def _sol_signs(toks: list[Tok]) -> None:
    """``S/ 158.00``: the Peruvian sol's sign, one currency token (not a word and a slash)."""
    index = 0
    while index + 2 < len(toks):
        s, slash, number = toks[index : index + 3]
        if s.text == "S" and slash.text == "/" and s.end == slash.start and number.kind == "num":
            toks[index : index + 2] = [Tok("punct", "S/", s.start, slash.end, "s/")]
        index += 1


def _per_opening(toks: list[Tok]) -> None:
    """``Per terabyte, A comes to about $5.00 a month``, ``Per 100 Mbps of speed, ...``: a
    sentence that opens on a unit prices that unit; its amounts are rates."""
    words = [t.low for t in toks[:6]]
    if not words or words[0] not in ("per", "for each", "each") or "," not in words:
        return
    unit = toks[1] if len(toks) > 1 else None
    if unit is None or unit.low in _MONTH_OR_YEAR or unit.low in _ANY_PERIOD:
        return
    for tok in toks:
        if tok.kind == "num" and tok.money:
            tok.period = "other"


def _shared_rates(toks: list[Tok]) -> None:
    """``$40 and $43 per line``, ``£230.00 and £245.00 per desk``: the rate after the last
    amount of a pair is the first one's too."""
    for index, tok in enumerate(toks):
        if tok.kind != "num" or tok.period != "other" or not tok.money or index < 2:
            continue
        k = index - 1
        while k >= 0 and toks[k].low in CURRENCY:
            k -= 1
        if k < 1 or toks[k].low not in ("and", "or", "to"):
            continue
        first = toks[k - 1]
        if first.kind == "num" and first.money and first.period is None:
            first.period = "other"


def _thousands(toks: list[Tok], limit: Decimal) -> None:
    """``£1.45k``, ``$12k``: thousands after a currency sign, an amount stated to the
    precision written (1.45k: 1,450 to the nearest ten), when no more than ``limit`` (not
    ``£500k`` of cover beside prices of £33)."""
    for index, tok in enumerate(toks):
        match = _KILO.fullmatch(tok.text) if tok.kind == "code" else None
        if match is None or not (
            (index and toks[index - 1].low in CURRENCY) or _period_next(toks, index)
        ):
            continue
        values, places = readings(match.group(1))
        if len(values) != 1 or values[0] * 1000 > limit:
            continue
        tok.kind = "num"
        tok.values = (values[0] * 1000,)
        tok.places = (places[0] - 3,)


def _period_next(toks: list[Tok], index: int) -> bool:
    """A period follows the token at ``index`` (``2k yearly``, ``1.2k a year``)."""
    nxt = toks[index + 1].low if index + 1 < len(toks) else ""
    if nxt in ("yearly", "annually", "monthly"):
        return True
    after = toks[index + 2].low if index + 2 < len(toks) else ""
    return nxt in ("a", "per", "/", "each", "every") and after in _MONTH_OR_YEAR


_KILO = compiled(r"(\d{1,3}(?:\.\d{1,2})?)[kK]")


@lru_cache(maxsize=8)
def folded_text(text: str) -> str:
    """``text`` with each accented Latin letter as its base letter, one character for one
    (``Gáis`` is ``Gais``), so offsets hold; computed once per text."""
    if text.isascii():
        return text
    return "".join(_base_letter(c) for c in text)


@lru_cache(maxsize=4096)
def _base_letter(char: str) -> str:
    parts = unicodedata.normalize("NFD", char)
    if len(parts) > 1 and all(unicodedata.combining(c) for c in parts[1:]):
        return parts[0]
    return char


def _spelled(name: str) -> str:
    """A name as one spelling: base letters, and a space for each ``-`` or ``_``."""
    return _SEPARATORS.sub(" ", folded_text(name))


_SEPARATORS = compiled(r"[-_&]")


def _blanked(plain: str, start: int, end: int, names: Names) -> str:
    """``plain`` with each kana and kanji outside a name that holds them made a space."""
    if not CJK_LETTER.search(plain, start, end):
        return plain
    kept = [] if names.cjk_pattern is None else list(names.cjk_pattern.finditer(plain))
    chars = list(CJK_LETTER.sub(" ", plain))
    for match in kept:
        chars[match.start() : match.end()] = match.group(0)
    return "".join(chars)


def _myriads(toks: list[Tok]) -> None:
    """``34\u4e078,500\u5186`` (348,500), ``12\u4e07\u5186`` (120,000): a number before
    \u4e07 (ten thousand) or \u5104 (a hundred million) is scaled, and a number right after
    it adds on; one number token."""
    index = 0
    while index + 1 < len(toks):
        tok, nxt = toks[index], toks[index + 1]
        scale = _MYRIAD.get(nxt.text[:1])
        if tok.kind == "num" and nxt.text[:1] in "\u5186\u5143" and len(nxt.text) > 1:
            sign = Tok("word", nxt.text[:1], nxt.start, nxt.start + 1, nxt.low[:1])
            after = Tok("word", nxt.text[1:], nxt.start + 1, nxt.end, nxt.low[1:])
            toks[index + 1 : index + 2] = [sign, after]  # "1,738\u5186\u3067\u3059": the sign
            index += 1
            continue
        if tok.kind != "num" or scale is None or nxt.start != tok.end:
            index += 1
            continue
        tok.values = tuple(v * scale for v in tok.values)
        tok.places = tuple(0 for _ in tok.places)
        rest = toks[index + 2] if index + 2 < len(toks) else None
        if (
            nxt.text == nxt.text[:1]
            and rest is not None
            and rest.kind == "num"
            and (rest.start == nxt.end)
        ):
            tok.values = tuple(v + r for v in tok.values for r in rest.values)
            tok.places = tuple(p for _ in tok.values for p in rest.places)[: len(tok.values)]
            del toks[index + 1 : index + 3]
            tok.end, tok.text = rest.end, f"{tok.text}{nxt.text}{rest.text}"
        elif nxt.text == nxt.text[:1]:
            del toks[index + 1]
            tok.end, tok.text = nxt.end, tok.text + nxt.text
        else:  # "\u4e07\u5186": the sign stays a word of its own
            toks[index + 1] = Tok("word", nxt.text[1:], nxt.start + 1, nxt.end, nxt.low[1:])
            tok.end, tok.text = nxt.start + 1, tok.text + nxt.text[:1]
        tok.low = tok.text.lower()
        index += 1


_MYRIAD = {"\u4e07": 10_000, "\u5104": 100_000_000}


def _absorb_name_words(toks: list[Tok], names: Names) -> None:
    """``Hastings Premier``, ``Drover's Ioniq 5``, ``Verizon's Unlimited Welcome``: the
    capitalised words after a name that its source name holds are the rest of that name,
    dropped from the tokens (neither an amount nor a word the reader must account for).
    One pass: the tokens kept are copied once."""
    kept: list[Tok] = []
    index = 0
    while index < len(toks):
        tok = toks[index]
        kept.append(tok)
        index += 1
        if tok.kind not in ("offer", "near") or tok.offer is None:
            continue
        own = names.name_words.get(tok.offer, frozenset())
        if index + 1 < len(toks) and toks[index].text == "'" and toks[index + 1].low == "s":
            kept.extend(toks[index : index + 2])  # "Drover's Ioniq 5"
            index += 2
            if len(kept) < 4 or kept[-4].low in _CLAUSE_OPENERS:  # the clause's subject:
                index += _owned_product(toks, index)  # "Tesla's membership is ..."
        index += _variant_label(toks, index)  # "Hulu (No Ads)": a label of the same record
        last = tok.low.rpartition(" ")[2]  # "Telekom CloudPBX 2": "cloudpbx 2" is the name's
        while index < len(toks):
            better = _better_record(toks[index], tok, names)
            if better is not None:  # "Starlink Residential Lite": starlink-lite's name
                tok.offer, own = better, names.name_words[better]
            if (
                toks[index].text == "-"
                and index + 1 < len(toks)
                and last
                and f"{last} {toks[index + 1].text}" in own
            ):
                index += 1  # "OVHcloud Advance-1": the hyphen inside the name
            if (
                toks[index].text in ("+", "&")
                and index + 1 < len(toks)
                and _rest_of_name(toks[index + 1], tok.low, last, own)
            ):
                index += 1  # "Hulu + Live TV" of hulu-live-tv: the plus inside the name
            if (
                toks[index].low in _NAME_JOINERS
                and toks[index].low in own
                and index + 1 < len(toks)
                and toks[index + 1].kind == "word"
                and _rest_of_name(toks[index + 1], tok.low, last, own)
            ):
                index += 1  # "RED by SFR" of red-by-sfr.fr: the joiner inside the name
            if not _rest_of_name(toks[index], tok.low, last, own):
                spelled = _spelled_on(toks, index, tok, names.brands.get(tok.offer, frozenset()))
                if not spelled and tok.kind == "near" and _other_tier(toks[index], tok.offer):
                    tok.kind, tok.offer = "word", None  # "Billit Business" of billit-pro:
                    break  # another plan of the brand, not the record
                if (
                    not spelled
                    and tok.kind == "near"
                    and not (len(kept) > 1 and kept[-2].kind in ("offer", "near"))
                    and _product_word(toks, index)
                ):
                    spelled = 1  # "Hostinger Premium" of hostinger-prem: a loose name's tier
                if not spelled and tok.kind == "near" and _later_part(toks[index], tok.offer):
                    spelled = 1  # "Citi Bike" of citi-bike-monthly, "Revel Premium" of revel-prem
                if not spelled:
                    break
                index += spelled  # "Little Zak's" of littlezaks.com.au; "Leichhardt" may
                last = toks[index - 1].low  # follow, a word of its source name
                continue
            last = "" if toks[index].kind == "num" else toks[index].low
            index += 1
        if (
            len(kept) > 1
            and kept[-2].low == "the"
            and (len(kept) < 3 or kept[-3].low in _CLAUSE_OPENERS)
        ):
            index += _owned_product(toks, index)  # "The JB Hi-Fi cover is ..."
    toks[:] = kept


def _split_names(toks: list[Tok]) -> None:
    """``Google One`` read as two loose names of google-one-2tb: one name; ``Inkspot
    Print`` (inkspot's trading name), one loose word of another record's name right after
    a name: the rest of the first name, not a second record."""
    index = 1
    while index < len(toks):
        first, second = toks[index - 1], toks[index]
        if (
            first.kind == second.kind == "near"
            and (
                first.offer == second.offer
                or (" " not in second.text and first.text[:1].isupper() and second.text.istitle())
            )
            and first.end + 1 == second.start
        ):
            text = f"{first.text} {second.text}"
            toks[index - 1 : index + 1] = [
                Tok("near", text, first.start, second.end, text.lower(), first.offer)
            ]
        else:
            index += 1


def _camel_names(toks: list[Tok], names: Names) -> None:
    """``CrewRoll`` for crewroll-core: a word in inner capitals spelling one record's id
    head is that record's loose name; so is the head with a short capitalised tail
    (``fuboTV`` for fubo-ca)."""
    for index, tok in enumerate(toks):
        text = tok.text
        if tok.kind != "word" or text.isupper():
            continue
        if (
            tok.low in names.camel_heads
            and text[:1].isupper()
            and (
                any(c.isupper() for c in text[1:])
                or _brand_word(toks, index, names.camel_heads[tok.low])
            )
        ):  # "CrewRoll"; "Allied" (of allied-ie at aus.com) when it is no common word
            tok.kind, tok.offer = "near", names.camel_heads[tok.low]
            continue
        head = next((h for h in names.camel_heads if tok.low.startswith(h)), None)
        tail = text[len(head) :] if head else ""
        if head and tail.isalpha() and tail[:1].isupper() and len(tail) <= 4:
            tok.kind, tok.offer = "near", names.camel_heads[head]  # "fuboTV" of fubo-ca


def _brand_word(toks: list[Tok], index: int, record: str) -> bool:
    """The capitalised id head at ``index`` is a brand standing alone: no word the reader
    or English knows, not the end of another name (``Jetts 24 Hour Fitness``), and the
    id is more than a label and a number (``Tarif`` of tarif-3)."""
    low, before = toks[index].low, toks[index - 1] if index else None
    return (
        low not in COMMON_WORDS
        and low not in lx.OFFER_NOUNS
        and low not in lx.COMPARISON
        and low not in lx.FILLERS
        and not all(p.isdigit() for p in _ID_PARTS.split(record.lower())[1:] if p)
        and not (
            before is not None
            and before.end + 1 == toks[index].start
            and (before.kind in ("offer", "near", "num") or before.text[:1].isupper())
        )
    )


def _unquoted_names(toks: list[Tok]) -> None:
    """``The file "o2_offer.pdf" has the lowest price``: double quotes hugging a name only
    mark it as a name; dropped, so the forms read it as if unquoted."""
    index = 1
    while index + 1 < len(toks):
        before, name, after = toks[index - 1], toks[index], toks[index + 1]
        if (
            name.kind in ("offer", "near")
            and before.text == after.text == '"'
            and before.end == name.start
            and name.end == after.start
        ):
            del toks[index + 1]
            del toks[index - 1]
        else:
            index += 1


def _leading_name_words(toks: list[Tok]) -> None:
    """``cheaper than Swiss Post``: a capitalised word no form reads, inside a sentence and
    right before a loosely read name, is the start of that name; joined to it."""
    index = 2
    while index < len(toks):
        name, word, before = toks[index], toks[index - 1], toks[index - 2]
        if (
            name.kind == "near"
            and word.kind == "word"
            and word.end + 1 == name.start
            and word.text[:1].isupper()
            and word.text.isalpha()
            and not word.text.isupper()
            and word.low not in COMMON_WORDS
            and word.low not in MONTH_NAMES
            and (before.text == "," or (before.kind == "word" and before.text.islower()))
        ):
            text = f"{word.text} {name.text}"
            toks[index - 1 : index + 1] = [
                Tok("near", text, word.start, name.end, text.lower(), name.offer)
            ]
        else:
            index += 1


def _better_record(word: Tok, name: Tok, names: Names) -> str | None:
    """The one other record whose source name spells every word of ``name`` and the
    capitalised ``word`` after it, which the name's own record does not spell."""
    if name.offer is None or word.kind != "word" or not word.text[:1].isupper():
        return None
    if word.low in names.name_words.get(name.offer, frozenset()):
        return None
    wanted = {*name.low.split(), word.low}
    fits = [r for r, words in names.name_words.items() if r != name.offer and wanted <= words]
    return fits[0] if len(fits) == 1 else None


def _owners(toks: list[Tok]) -> None:
    """``My Food Bag's Bargain Box``: a name owning the next record's name is its brand,
    not a record of its own here."""
    for index in range(len(toks) - 3):
        first, mark, s_tok, second = toks[index : index + 4]
        if (
            first.kind in ("offer", "near")
            and second.kind in ("offer", "near")
            and mark.text == "'"
            and s_tok.low == "s"
            and first.offer != second.offer
        ):
            first.kind, first.offer = "word", None


def _squashed_names(toks: list[Tok], names: Names) -> None:
    """``The Gym Group`` for ``thegymgroup.com``, ``People HR`` for ``peoplehr.com``: two or
    three capitalised words that, run together, spell a loose name; made one loose name.
    One pass: the tokens kept are copied once."""
    kept: list[Tok] = []
    index = 0
    while index < len(toks):
        tok = toks[index]
        for width in (4, 3, 2):
            span = toks[index : index + width]
            words = [w for w in span if w.text not in ("-", "&")]  # "Cover-More", "J&T"
            if (
                len(span) < width
                or len(words) < 2
                or not all(
                    w.kind == "word" and w.text[:1].isupper() and w.text.isalpha() for w in words
                )
            ):
                continue
            if (
                any(
                    w.text in ("-", "&")
                    and not (span[k - 1].end == w.start == span[k + 1].start - 1)
                    for k, w in enumerate(span[1:-1], 1)
                )
                or span[0].text in ("-", "&")
                or span[-1].text in ("-", "&")
            ):
                continue  # "Cover - More": two words, not one name
            record = names.folded.get("".join(w.low for w in words))
            if record is not None:
                text = "".join(
                    (" " if k and w.start > span[k - 1].end else "") + w.text
                    for k, w in enumerate(span)
                )  # as written: "J&T Express", "Cover-More"
                kept.append(Tok("near", text, tok.start, words[-1].end, text.lower(), record))
                index += width
                break
        else:
            kept.append(tok)
            index += 1
    toks[:] = kept


def _spelled_on(toks: list[Tok], index: int, name: Tok, brands: frozenset[str]) -> int:
    """How many capitalised words from ``index`` run on from ``name`` to spell (the start
    of) its source's brand: ``Inspire Clean Energy`` of inspirecleanenergy.com, ``Bright
    Path`` of brightpathkids.com; 0 when they do not."""
    run = name.low.replace(" ", "").replace("-", "")
    if not brands or not any(b.startswith(run) for b in brands):
        return 0
    count = 0
    while index + count < len(toks):
        word = toks[index + count]
        joined = index + count + 1 < len(toks) and toks[index + count - 1].end == word.start
        if word.text == "-" and joined and toks[index + count + 1].start == word.end:
            count += 1  # "JB Hi-Fi" of jbhifi.co.nz: a hyphen inside the brand
            word = toks[index + count]
        bare = word.low.removesuffix("'s")
        if not (word.kind == "word" and word.text[:1].isupper() and bare.isalpha()):
            break
        longer = next(
            (
                run + w
                for w in (bare, word.low.replace("'", ""))
                if any(b.startswith(run + w) for b in brands)
            ),
            None,
        )  # "Zak's" of littlezaks: "zak" or "zaks"
        if longer is None:
            break
        run, count = longer, count + 1
    return count


def _variant_label(toks: list[Tok], index: int) -> int:
    """The width of a bracket of one to three capitalised words right after a name (``Hulu
    (No Ads)``, ``Disney+ (Premium Annual)``) that says no comparison; 0 when none."""
    if index >= len(toks) or toks[index].text != "(":
        return 0
    if (
        index + 2 < len(toks)
        and toks[index + 1].low in _NAME_REMARKS
        and toks[index + 2].text == ")"
    ):
        return 3  # "Route 53 (estimated)": a remark on the same record
    k = index + 1
    while k < len(toks) and k - index <= 3 and toks[k].kind == "word":
        if not toks[k].text[:1].isupper() or toks[k].low in lx.COMPARISON:
            return 0
        k += 1
    if k == index + 1 or k >= len(toks) or toks[k].text != ")":
        return 0
    return k + 1 - index


_NAME_REMARKS = frozenset({"estimated", "est", "estimate", "promo", "promotional", "intro",
                           "introductory", "new", "legacy", "quoted", "approx", "indicative",
                           "beta", "preview", "current", "renewal"})  # fmt: skip
"""One word in brackets after a name that says nothing of its price's rank."""


def _other_tier(word: Tok, record_id: str | None) -> bool:
    """A capitalised tier word after a brand whose record's id names another tier
    (``Business`` after ``Billit`` of billit-pro): another plan of the same brand."""
    if record_id is None or word.kind != "word" or not word.text[:1].isupper():
        return False
    parts = set(_ID_PARTS.split(record_id.lower())[1:])
    return word.low in _TIER_WORDS and word.low not in parts and bool(parts & _TIER_WORDS)


_TIER_WORDS = frozenset({"pro", "plus", "basic", "business", "premium", "standard", "lite",
                         "max", "starter", "essentials", "advanced", "enterprise", "team",
                         "family", "personal", "ultimate", "unlimited", "growth", "scale",
                         "professional", "essential", "smart", "start", "mini",
                         "light"})  # fmt: skip


def _later_part(word: Tok, record_id: str) -> bool:
    """A capitalised word that a later part of the record's id spells or abbreviates (three
    letters or more): ``Bike`` of citi-bike-monthly, ``Premium`` of revel-prem."""
    if word.kind != "word" or not word.text[:1].isupper():
        return False
    parts = [p for p in _ID_PARTS.split(record_id.lower()) if p][1:]
    return any(len(p) >= 3 and p.isalpha() and word.low.startswith(p) for p in parts)


def _product_word(toks: list[Tok], index: int) -> bool:
    """A capitalised word after a loosely read name that no form reads and that names no
    record (``Premium`` of ``Hostinger Premium``, ``Club`` of ``Musclo Club``)."""
    word = toks[index]
    if word.kind == "code" and _GENERATION.fullmatch(word.text):
        return not (index + 1 < len(toks) and toks[index + 1].kind in ("offer", "near", "num"))
    return (
        word.kind == "word"
        and word.text[:1].isupper()
        and not word.text.isupper()
        and word.low not in COMMON_WORDS
        and not (index + 1 < len(toks) and toks[index + 1].kind in ("offer", "near", "num"))
    )  # not "Ioniq 5", "Model 3": a model number is read with the name's own words


_GENERATION = compiled(r"[2-6]G|[2-6]G\+|LTE|Wi-?Fi\d?")
"""A network generation inside a product name (``Ridgeline 5G Home``): no amount."""
COMMON_WORDS = frozenset(
    lx.FILLERS | lx.CONNECTORS | lx.COMPARISON | lx.PERIOD_WORDS | lx.PRONOUNS | lx.NEGATIONS
    | lx.HEDGES | lx.THAN_WORDS | lx.OFFER_NOUNS | lx.MODALS
    | {"i", "vs", "versus", "plus", "all", "both", "each", "every", "only", "one", "two"}
)  # fmt: skip


def _rest_of_name(nxt: Tok, name: str, last: str, own: frozenset[str]) -> bool:
    """``nxt`` continues the name read so far (``last``: its last word, "" after a number):
    a capitalised word of its source name, or a number after one (``Ioniq 5``, ``Vodafone
    Pro II 500`` for ``Vodafone Full Fibre 500 Pro II``)."""
    if nxt.kind in ("word", "code"):
        return nxt.text[:1].isupper() and nxt.low in own
    if nxt.kind != "num" or not last:
        return False
    return f"{last} {nxt.text}" in own or (last != name and nxt.text.isdigit() and nxt.text in own)


def _add_ons(toks: list[Tok]) -> None:
    """``add-on``, ``add-ons``: one word (a charge), not the verb ``add``; ``Visible+``,
    ``Disney+``: the sign is part of the name before it."""
    kept: list[Tok] = []
    index = 0
    while index < len(toks):
        a = toks[index]
        if (
            kept
            and a.text == "+"
            and kept[-1].kind in ("offer", "near")
            and (kept[-1].end == a.start)
        ):
            name = kept[-1]  # "Visible+ is 50% more": not a sum
            kept[-1] = Tok(name.kind, name.text + "+", name.start, a.end, name.low + "+",
                           name.offer)  # fmt: skip
            index += 1
            continue
        if (
            a.low == "add"
            and index + 2 < len(toks)
            and toks[index + 1].text == "-"
            and toks[index + 2].low in ("on", "ons")
        ):
            word = f"add-{toks[index + 2].low}"
            kept.append(Tok("word", word, a.start, toks[index + 2].end, word))
            index += 3
            continue
        kept.append(a)
        index += 1
    toks[:] = kept


def _dutch_places(toks: list[Tok]) -> None:
    """``op één na goedkoopste`` (second cheapest), ``op twee na duurste`` (third
    dearest): one word, read as the ordinal it means (``tweede``, ``derde``)."""
    index = 0
    while index + 2 < len(toks):
        first, count, last = toks[index : index + 3]
        place = _DUTCH_PLACES.get(count.low)
        if first.low == "op" and last.low == "na" and place is not None:
            word = Tok("word", f"{first.text} {count.text} {last.text}", first.start, last.end,
                       place)  # fmt: skip
            toks[index : index + 3] = [word]
        index += 1


_DUTCH_PLACES = {"één": "tweede", "een": "tweede", "twee": "derde", "drie": "vierde",
                 "vier": "vijfde"}  # fmt: skip


def _expressions(toks: list[Tok]) -> None:
    """``$100 + 10,000GB x $0.01 = $200.00``: the numbers of a sum or product written out
    right before its ``=`` are its terms, no prices (the result after it is read as usual;
    ``close to $520 ($52 x 10 = 520)``: the amount before the bracket is no term)."""
    equals = [k for k, t in enumerate(toks) if t.text == "="]
    if not equals:
        return
    last = start = equals[-1]
    while start > 0:
        prev = toks[start - 1]
        if prev.text == "(" and all(t.text != ")" for t in toks[start:last]):
            break  # the bracket opens the sum
        if not (
            prev.kind == "num"
            or prev.text in _EXPRESSION_SIGNS
            or prev.low in CURRENCY
            or prev.low in ("x", "plus", "minus")
            or (prev.kind == "word" and start >= 2 and toks[start - 2].kind == "num")
        ):  # a word after a number is its unit ("5 users x 6.00")
            break
        start -= 1
    if not any(
        t.text in ("+", "\u00d7", "*", "/", "\u00f7")
        or t.low in ("x", "plus", "minus")
        or (t.text == "-" and _between_numbers(toks, k))
        for k, t in enumerate(toks[:last])
        if k >= start
    ):
        return
    for tok in toks[start:last]:
        if tok.kind == "num" and tok.unit is None:
            tok.unit = "term"


_EXPRESSION_SIGNS = frozenset({"+", "-", "*", "\u00d7", "/", "\u00f7", "(", ")"})


def _between_numbers(toks: list[Tok], index: int) -> bool:
    """The sign at ``index`` stands between two numbers (``89.00 - £22.99``): a minus."""
    after = index + 1
    while after < len(toks) and toks[after].low in CURRENCY:
        after += 1
    return (
        index > 0
        and toks[index - 1].kind == "num"
        and (after < len(toks) and toks[after].kind == "num")
    )


def _numbers_in_names(toks: list[Tok], names: Names) -> None:
    """A number that is part of a name is no amount: ``Full Fibre 500``, ``the Ioniq 6``
    when a source name holds those words, ``1&1``, and ``row 1``, ``Offer 5``, ``item 4``."""
    for index, tok in enumerate(toks):
        if _id_number(toks, index) or _tier_number(toks, index):
            tok.kind = "code"  # "Animal Friends Lifetime \u00a34,000" of ...-lifetime-4000
            continue
        if tok.kind == "num" and index and _names_number(toks[index - 1], tok, toks[index + 1 :]):
            tok.kind = "code"  # "Start.ca 300, $59.95/mo" of startca-300, "ReAssure 2.0"
            continue
        if tok.kind != "num" or not tok.text.isdigit() or index == 0:
            continue
        before = toks[index - 1]
        after = toks[index + 1] if index + 1 < len(toks) else None
        if before.low in CURRENCY or (
            after is not None
            and after.low in CURRENCY
            and not (index + 2 < len(toks) and toks[index + 2].kind == "num")
        ):
            continue  # "Fibre 100 €" is 100 euros; "Fibre 500 £49.00" is not
        named = before.kind in ("word", "code") and f"{before.low} {tok.text}" in names.numbered
        indexed = before.kind == "word" and before.low in _INDEX_WORDS
        joined = (  # "1&1": a brand, whether or not a source spells it so (1und1)
            after is not None
            and after.text == "&"
            and index + 2 < len(toks)
            and toks[index + 2].kind == "num"
            and toks[index + 2].text.isdigit()
        )
        if _listed_model(toks, index, names):
            continue
        if named or joined or (indexed and not (after is not None and after.low in ("%",))):
            tok.kind = "code"  # a part of a name, never an amount
            if joined:
                toks[index + 2].kind = "code"


def _names_number(name: Tok, tok: Tok, rest: list[Tok]) -> bool:
    """A bare number right after a record's name that its id spells (``Start.ca 300`` of
    startca-300, ``Bell Gigabit Fibe 1.5`` of bell-gigabit-fibe-1-5, ``RED by SFR 100 Go``
    of red-sfr-100go) or a version (``ReAssure 2.0``): part of the name, no amount."""
    if name.kind not in ("offer", "near") or name.offer is None:
        return False
    priced = (
        bool(rest) and rest[0].low in CURRENCY and not (len(rest) > 1 and rest[1].kind == "num")
    )
    if priced or (rest and (rest[0].kind == "num" or rest[0].low in UNITS)):
        return False  # "Fibre 100 €": 100 euros; "Telmore 20 GB": a measure already
    if _VERSION.fullmatch(tok.text):
        return True
    parts = [p for p in _ID_PARTS.split(name.offer.lower()) if p]
    spelled = tok.text.replace(".", "-").replace(",", "-")
    return (
        tok.text in parts
        or f"-{spelled}" in f"-{name.offer.lower()}"
        or any(p.startswith(tok.text) and p[len(tok.text) :].isalpha() for p in parts)
    )


_NAME_JOINERS = frozenset({"by", "de", "du", "von", "of", "and"})
_VERSION = compiled(r"\d{1,2}\.0")


def _id_number(toks: list[Tok], index: int) -> bool:
    """A whole amount right after a record's name (a currency between) that the record's
    id ends with: ``Animal Friends Lifetime \u00a34,000`` of ``animal-friends-lifetime-4000``
    names the record's cover, not its price."""
    tok = toks[index]
    if tok.kind != "num" or len(tok.values) != 1 or index < 2:
        return False
    name = toks[index - 2] if toks[index - 1].low in CURRENCY else None
    if name is None or name.kind not in ("offer", "near") or not name.offer:
        return False
    value = tok.values[0]
    tail = _ID_PARTS.split(name.offer.lower())[-1]
    return value == value.to_integral_value() and tail == str(int(value)) and len(tail) >= 3


def _tier_number(toks: list[Tok], index: int) -> bool:
    """A bare whole number after a record's name and capitalised words that the record's
    id ends with: ``BT's Full Fibre 500`` of ``bt-fullfibre-500`` names the plan."""
    tok = toks[index]
    if tok.kind != "num" or tok.money or len(tok.values) != 1:
        return False
    k = index - 1
    while (
        k >= 0
        and index - k <= 5
        and ((toks[k].kind == "word" and toks[k].text[:1].isupper()) or toks[k].low in ("'", "s"))
    ):
        k -= 1
    name = toks[k] if k >= 0 and k < index - 1 else None
    if name is None or name.kind not in ("offer", "near") or not name.offer:
        return False
    value = tok.values[0]
    tail = _ID_PARTS.split(name.offer.lower())[-1]
    return value == value.to_integral_value() and tail == str(int(value)) and len(tail) >= 3


def _listed_model(toks: list[Tok], index: int, names: Names) -> bool:
    """``C3, Clio, 208, Yaris``: a bare number a source names a model by (``Peugeot 208``),
    between names in a list, is that record; made a loose name in place."""
    tok = toks[index]
    record = names.models.get(tok.text)
    if record is None or index + 1 >= len(toks):
        return False
    before, after = toks[index - 1], toks[index + 1]
    joins = (",", "and", "et", "und", "y", "e", "en", "och", "i")
    if before.low not in (*joins, ":") or after.low not in (*joins, ".", "[", ")"):
        return False
    if not any(t.kind in ("offer", "near") for t in toks[max(0, index - 3) : index + 3]):
        return False
    tok.kind, tok.offer = "near", record
    return True


_INDEX_WORDS = frozenset({"row", "line", "item", "offer", "option", "plan", "tier", "quote",
                          "package", "bundle", "tariff", "variant", "unit", "box",
                          "room"})  # fmt: skip


_MEANINGFUL = frozenset(lx.CHARGES | (lx.OTHER_CONTEXT - langs.OTHER_CONTEXT) | lx.PER_HEAD
                        | lx.MEASURES | lx.NEGATIONS | lx.INCLUSIVE)  # fmt: skip
"""Source words that keep their meaning after a name (``Zego Excess is £750``)."""


def _contraction_not_name(toks: list[Tok]) -> None:
    """``O MEO fica nos 52,99 €``: a lower-case Portuguese or Spanish contraction before an
    amount or an article is that word, not the loose name it spells (NOS)."""
    for index, tok in enumerate(toks[:-1]):
        if (
            tok.kind == "near"
            and tok.text.islower()
            and tok.low in _CONTRACTIONS
            and (toks[index + 1].kind == "num" or toks[index + 1].low in langs.FUNCTION_WORDS)
        ):
            tok.kind, tok.offer = "word", None


_CONTRACTIONS = frozenset({"nos", "nas", "dos", "das", "pelo", "pela", "del", "al"})


def _article_not_name(toks: list[Tok]) -> None:
    """``A oferta mais barata é B``, ``A 90 € al mes, B ...``: in another language's
    sentence, an id spelled like an article or a preposition (``A``, ``O``, ``E``) opening
    it is that word unless a verb or a list follows it."""
    if not toks or toks[0].kind != "offer" or toks[0].low not in langs.FUNCTION_WORDS:
        return
    if not any(t.kind == "word" and t.low in langs.FOREIGN for t in toks):
        return
    after = toks[1] if len(toks) > 1 else None
    if after is None or after.low in langs.NAME_FOLLOWERS or after.kind == "offer":
        return
    toks[0].kind, toks[0].offer = "word", None


_NATIONAL = {"US$": "USD", "USD": "USD", "C$": "CAD", "CA$": "CAD", "CAD": "CAD",
             "A$": "AUD", "AU$": "AUD", "AUD": "AUD", "NZ$": "NZD", "NZD": "NZD",
             "S$": "SGD", "SG$": "SGD", "SGD": "SGD", "HK$": "HKD", "HKD": "HKD",
             "MX$": "MXN", "MXN": "MXN", "R$": "BRL", "BRL": "BRL", "\u20ac": "EUR",
             "EUR": "EUR", "\u00a3": "GBP", "GBP": "GBP", "\u20b9": "INR", "INR": "INR",
             "Rs": "INR", "Rs.": "INR", "CHF": "CHF", "Fr.": "CHF"}  # fmt: skip
"""Currency marks that name their currency, and the currency each names."""
_MARKED = compiled(
    r"(?<![\w$])(US\$|CA?\$|AU?\$|NZ\$|SG?\$|HK\$|MX\$|R\$|USD|CAD|AUD|NZD|SGD|HKD|MXN|BRL"
    r"|EUR|GBP|INR|CHF|\u20ac|\u00a3|\u20b9)\s?\d"
)


def home_currency(text: str) -> str | None:
    """The currency most amounts of ``text`` are marked in (``C$9.99``, ``CAD``), if any
    is marked twice or more; "$" when more amounts are marked with a bare dollar sign."""
    counts: dict[str, int] = {}
    for match in _MARKED.finditer(text):
        code = _NATIONAL[match.group(1)]
        counts[code] = counts.get(code, 0) + 1
    bare = len(_BARE_DOLLAR.findall(text))
    if bare >= 2 and bare > max(counts.values(), default=0):
        return "$"  # "$4.990 al mes ... en Estados Unidos cuesta US$ 9,99": a local dollar
    if not counts:
        return None
    code, count = max(counts.items(), key=lambda item: item[1])
    return code if count >= 2 else None


_BARE_DOLLAR = compiled(r"(?<![\w$])\$\s?\d")
"""A dollar sign no letters name (``$4.990``, not ``US$9.99``): the text's own dollar."""


def foreign_amounts(toks: list[Tok], home: str | None) -> set[int]:
    """The amounts of ``toks`` marked in another currency than the text's own (``the US
    page, where the same plan is US$17.99`` in a report in C$): context, no offer's price."""
    if home is None:
        return set()
    return {
        k
        for k, tok in enumerate(toks)
        if tok.kind == "num"
        and k > 0
        and _NATIONAL.get(toks[k - 1].text, home) != home
        and tok.start - toks[k - 1].end <= 1  # "US$9.99", "US$ 9,99"
    }


def _plausible_name(text: str) -> bool:
    # a lower-case "a" or "i" is the English word, never offer A or I
    return not (len(text) == 1 and text.islower())


_PATTERN = compiled(_SCAN)
_ELIDED = compiled(r"'[^\W\d_]{2}")
_NAMED_BEFORE = compiled(r"(?i)\b(?:offer|option|plan|quote|tier|package)\s+$")


def _scan(plain: str, start: int, end: int, toks: list[Tok]) -> None:
    for match in _PATTERN.finditer(plain, start, end):
        kind = match.lastgroup or "punct"
        text = match.group(0)
        tok = Tok(kind, text, match.start(), match.end(), text.lower())
        if kind == "rand":
            tok.kind, tok.low = "punct", "zar"  # "R1 049": South African rand
        elif kind == "glued":
            tok.kind, tok.low = "punct", text.lower().rstrip(".")  # "RM6,840": one sign
        elif kind == "dollar":
            tok.kind, tok.low = "punct", "$"  # "US$48.00", "A$5", "R$ 300,00": one sign
        elif kind == "phone":
            tok.kind = "code"  # "1-800-222-4357", "0800 123 4567", "1:4": no amount
        if kind == "cite":
            tok.cites = tuple(p.strip() for p in _CITE_SPLIT.split(text.strip("[] ")) if p.strip())
        elif kind == "num":
            tok.values, tok.places = readings(text)
        elif kind == "code" and text.lower() in ORDINALS:
            tok.kind = "word"
        elif kind == "word" and tok.low in _SHORT_WORDS:
            tok.low = _SHORT_WORDS[tok.low]  # "diff between A and B": the difference
        elif (
            text == "."
            and toks
            and toks[-1].kind == "word"
            and toks[-1].low in ("vs", "v")
            and toks[-1].end == tok.start
        ):
            versus = toks[-1]  # "A vs. B", "A v. B": one word, no full stop
            toks[-1] = Tok("word", f"{versus.text}.", versus.start, tok.end, "vs")
            continue
        toks.append(tok)


_SHORT_WORDS = {"diff": "difference", "dif": "difference", "thru": "through"}
_CITE_SPLIT = compiled(r"[,;]")
_GROUPED = compiled(r"(\d{1,3}(?:[' ]\d{3})+)(?:[.,](\d+))?")
_COMMA_GROUPS = compiled(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")
_LAKH_GROUPS = compiled(r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?")
_DOT_GROUPS_DECIMALS = compiled(r"\d{1,3}(?:\.\d{3})+,\d+")
_DOT_GROUPS = compiled(r"\d{1,3}(?:\.\d{3})+")
_DECIMALS = compiled(r"\d+[.,]\d+")
_DECIMAL_MARK = pattern(r"[.,]")


def readings(text: str) -> tuple[tuple[Decimal, ...], tuple[int, ...]]:
    """Every value a written number can have, with the decimals each reading states
    (``20,-``, ``26.-``: whole amounts, to the cent: 20.00)."""
    if text[-1:] in ("-", "\u2013"):
        values, _ = readings(text[:-2])
        return values, tuple(2 for _ in values)
    out: list[tuple[Decimal, int]] = []
    grouped = _GROUPED.fullmatch(text)
    if grouped:
        digits, tail = grouped.group(1).replace("'", "").replace(" ", ""), grouped.group(2) or ""
        out.append((Decimal(f"{digits}.{tail}" if tail else digits), len(tail)))
    elif _COMMA_GROUPS.fullmatch(text) or _LAKH_GROUPS.fullmatch(text):
        tail = text.split(".")[1] if "." in text else ""
        out.append((Decimal(text.replace(",", "")), len(tail)))
    elif _DOT_GROUPS_DECIMALS.fullmatch(text):
        whole, tail = text.split(",")
        out.append((Decimal(f"{whole.replace('.', '')}.{tail}"), len(tail)))
    elif _DOT_GROUPS.fullmatch(text):
        out.append((Decimal(text.replace(".", "")), 0))
        if text.count(".") == 1:
            out.append((Decimal(text), 3))
    elif _DECIMALS.fullmatch(text):
        whole, tail = _DECIMAL_MARK.split(text)
        out.append((Decimal(f"{whole}.{tail}"), len(tail)))
    else:
        out.append((Decimal(text), 0))
    return tuple(v for v, _ in out), tuple(p for _, p in out)


_QUOTED_MONEY = compiled(
    rf"(?:[$€£¥₹]|\b(?:{_CODE_WORDS}|kr|zł|r\$|a\$|nz\$|c\$|us\$)\s?)\s?(?P<a>{_NUMBER})"
    rf"|(?<![\w.,])(?P<b>{_NUMBER})\s?(?:[€£¥₹]|(?:{_CODE_WORDS}|kr|zł|kč)\b)",
    re.IGNORECASE,
)


def counts_things(toks: list[Tok], money_follow: frozenset[str] | set[str]) -> bool:
    """The sentence counts things, not money: no amount in it is marked as money, a
    percentage or given a period, and a number in it is followed by a noun (``web-starter
    hosts 1 site, web-business 5, web-agency 25``): its bare numbers are no amounts."""
    nums = [k for k, t in enumerate(toks) if t.kind == "num"]
    if not nums or any(toks[k].money or toks[k].period is not None or toks[k].pct for k in nums):
        return False
    if any(t.low in _PRICE_TALK for t in toks):
        return False  # "B costs 90 and has 30 GB": a price is spoken of
    first = nums[0] + 1  # the first number counts a noun: "hosts 1 site"
    if first < len(toks) and toks[first].text == "+":
        first += 1  # "13,000+ cashless hospitals"
    return (
        first < len(toks)
        and toks[first].kind == "word"
        and toks[first].low[:1].isalpha()
        and toks[first].low not in money_follow
    )


_PRICE_TALK = frozenset({"cost", "costs", "costing", "priced", "price", "prices", "pay", "pays",
                         "charge", "charges", "fee", "fees", "cheaper", "dearer", "expensive",
                         "cheapest", "dearest", "more", "less", "saves", "save", "month",
                         "monthly", "year", "yearly", "per", "at", "for"})  # fmt: skip


def set_against_count(toks: list[Tok], index: int, follow: frozenset[str] | set[str]) -> bool:
    """A bare number right after ``versus``/``vs``/``against`` whose counterpart before
    counts things (``4 simultaneous screens versus 1 for B``): a count, no amount."""
    tok = toks[index]
    if tok.money or tok.period is not None or not index:
        return False
    if toks[index - 1].low not in ("versus", "vs", "against", "compared"):
        return False
    for k in range(index - 2, max(-1, index - 12), -1):
        if toks[k].kind == "num":
            nxt = toks[k + 1]
            return (
                not toks[k].money
                and toks[k].period is None
                and nxt.kind == "word"
                and nxt.low[:1].isalpha()
                and nxt.low not in follow
            )
    return False


_NOT_ANOTHER = frozenset({"month", "year", "contract", "term", "minimum", "fixed", "family",
                          "household", "couple", "single", "person", "team", "total", "full",
                          "whole", "further", "limited", "period", "standard",
                          "typical"})  # fmt: skip


_EQUIPMENT = frozenset({"dish", "router", "modem", "hub", "box", "kit", "equipment",
                        "hardware", "device", "installation", "install", "setup", "set-up",
                        "activation", "connection", "handset", "phone", "sim", "card", "meter",
                        "charger", "helmet", "lock", "terminal", "reader", "antenna",
                        "receiver", "decoder", "console", "controller", "headset", "carte",
                        "matériel", "routeur", "décodeur", "gerät", "karte", "tarjeta",
                        "scheda", "pack"})  # fmt: skip
"""Things a one-off amount buys (``$349 for the dish``, ``10 € pour la carte SIM``): not the
monthly price."""
_THE_WORDS = frozenset({"the", "la", "le", "les", "l'", "die", "den", "das", "il", "lo", "el",
                        "a", "o"})  # fmt: skip


def for_another_thing(toks: list[Tok], index: int) -> bool:
    """The amount at ``index`` is the price of a thing it is said to be for (``£229 a year
    for a service plan``, ``plus £20 for a smart meter``; not ``for a 24-month contract``
    or ``for a family``), or a part of a sum (``is $35 base plus $8 x 8``, ``650 zł net
    plus 23% VAT``)."""
    after = max([index, *toks[index].marks]) + 1
    if after < len(toks) and toks[after].low in ("base", "net", "plus"):
        return True
    if (
        after + 1 < len(toks)
        and toks[after].low == "for"
        and toks[after + 1].low in ("one", "it", "that", "this", "them")
        and (after + 2 == len(toks) or toks[after + 2].kind == "punct")
    ):
        return True  # "Dodo charges $60 for one", "the others charge £25 a year for it"
    if after + 2 >= len(toks) or toks[after].low != "for":
        return False
    thing = toks[after + 2]
    return (
        toks[after + 1].low in ("a", "an")
        and thing.kind == "word"
        and (thing.low not in _NOT_ANOTHER)
    )


def for_the_equipment(toks: list[Tok], index: int) -> bool:
    """The amount at ``index`` buys a piece of equipment (``Starlink charges $349 for the
    dish``): a one-off amount, no monthly figure."""
    after = max([index, *toks[index].marks]) + 1
    return (
        after + 2 < len(toks)
        and toks[after].low in ("for", "pour", "für", "per", "para")
        and toks[after + 1].low in _THE_WORDS
        and toks[after + 2].low in _EQUIPMENT
    )


def called(toks: list[Tok], index: int) -> bool:
    """``call it $130``: the amount at ``index`` is a rounded restatement, no figure."""
    k = index - 1
    while k > 0 and (toks[k].low in CURRENCY or toks[k].text in ("$", "£", "€")):
        k -= 1
    return k > 0 and (toks[k - 1].low, toks[k].low) == ("call", "it")


def signed(toks: list[Tok], index: int) -> bool:
    """The number at ``index`` carries a sign of its own (``-9,00 €``, ``+€1.50``, ``(-6,5 %)``):
    a difference, never a price; not ``plan-9`` or ``10 - 9``."""
    k = index - 1
    while k >= 0 and toks[k].low in CURRENCY and toks[k].end == toks[k + 1].start:
        k -= 1  # "+€1.50"
    if k < 0 or toks[k].text not in ("-", "+") or toks[k].end != toks[k + 1].start:
        return False
    return k == 0 or toks[k - 1].end < toks[k].start or toks[k - 1].text in ("(", ":", "/")


def money_in(text: str) -> tuple[Decimal, ...]:
    """The amounts of money a text quotes (``$349 dish upfront``, ``25 € Anmeldung``):
    numbers written with a currency sign or code beside them, each in its first reading."""
    found: list[Decimal] = []
    for match in _QUOTED_MONEY.finditer(text):
        found.extend(readings(match.group("a") or match.group("b"))[0][:1])  # "5.000 €": 5000
    return tuple(found)


def _number_words(toks: list[Tok]) -> None:
    """Join runs like ``one hundred and ten`` or ``ninety-five`` into one number token."""
    index = 0
    while index < len(toks):
        tok = toks[index]
        if tok.kind != "word" or (tok.low not in _SMALL and tok.low not in ("one", "a")):
            index += 1
            continue
        if index + 1 < len(toks) and (tok.low, toks[index + 1].low) in langs.NOT_NUMBERS:
            index += 1
            continue
        total, current, last, used, half = 0, 0, index, False, False
        j = index
        while j < len(toks):
            low = toks[j].low if toks[j].kind == "word" else toks[j].text
            if low in _SMALL and not _fits(current, _SMALL[low]):
                break  # "forty-nine ninety-five": two numbers
            if low in _SMALL:
                current += _SMALL[low]
                used, last = True, j
            elif low in ("one", "a") and j + 1 < len(toks) and toks[j + 1].low in _SCALE:
                current += 1
            elif low in _SCALE and (used or current):
                current = max(current, 1) * _SCALE[low]
                if low != "hundred":
                    total, current = total + current, 0
                used, last = True, j
            elif (
                low in ("and", "-")
                and used
                and j + 1 < len(toks)
                and (
                    toks[j + 1].low in _SMALL
                    or (toks[j + 1].low == "one" and current % 10 == 0 and current % 100 != 10)
                )
            ):
                if toks[j + 1].low == "one":  # "twenty-one", "four hundred and one"
                    current, used, last, j = current + 1, True, j + 1, j + 1
            elif toks[j].low == "one" and used and current % 10 == 0 and toks[j - 1].low in _SMALL:
                break  # "twenty one" without a hyphen: two numbers
            elif low == "and" and used and [t.low for t in toks[j + 1 : j + 3]] == ["a", "half"]:
                half, last, j = True, j + 2, j + 2  # "five and a half times": 5.5
            else:
                break
            j += 1
        if not used:
            index += 1
            continue
        first, final = toks[index], toks[last]
        if first.low in ("a",) and toks[index + 1].low not in _SCALE:
            index += 1
            continue
        merged = Tok(
            "num",
            " ".join(t.text for t in toks[index : last + 1]),
            first.start,
            final.end,
            "",
            values=(Decimal(total + current) + (Decimal("0.5") if half else 0),),
            places=(1 if half else 0,),
            words=True,
        )
        toks[index : last + 1] = [merged]
        index += 1
    _spoken_prices(toks)


def _fits(current: int, small: int) -> bool:
    """``small`` can extend the number read so far: a unit after tens, tens after hundreds."""
    rest = current % 100
    if small >= 20:
        return rest == 0
    if small >= 10:
        return rest == 0
    return rest % 10 == 0 and not 10 <= rest < 20


def _spoken_prices(toks: list[Tok]) -> None:
    """``forty-nine ninety-five``: a whole amount then its cents, both in words (49.95);
    ``twelve euros fifty``, ``twelve pounds and fifty pence``: one amount (12.50)."""
    index = 0
    while index + 1 < len(toks):
        first, cents = toks[index], toks[index + 1]
        if first.kind == "num" and first.words and cents.low in _CURRENCY_WORDS:
            _named_currency_price(toks, index)
            first, cents = toks[index], toks[index + 1] if index + 1 < len(toks) else first
        glued = (
            cents.text == "-"
            and cents.start == first.end
            and index + 2 < len(toks)
            and toks[index + 2].start == cents.end
        )  # "ten-fifty", "two-thirty"
        if glued:
            cents = toks[index + 2]
        if (
            first.kind == "num"
            and cents.kind == "num"
            and first.words
            and cents.words
            and len(first.values) == 1
            and len(cents.values) == 1
            and first.values[0] < 1000
            and 10 <= cents.values[0] <= 99
        ):
            whole, part = first.values[0], cents.values[0]
            hundreds = whole * 100 + part if whole < 10 and whole % 1 == 0 else None
            toks[index : index + 3 if glued else index + 2] = [
                Tok(
                    "num",
                    f"{first.text} {cents.text}",
                    first.start,
                    cents.end,
                    "",
                    values=(whole + part / 100,) + ((hundreds,) if hundreds else ()),
                    places=(2,) + ((0,) if hundreds else ()),
                    words=True,
                )
            ]  # "three ninety-nine": 3.99 or 399; "twenty-one forty": 21.40
        index += 1


def _named_currency_price(toks: list[Tok], index: int) -> None:
    """``twelve euros fifty`` at ``index``: the whole amount, its currency word, its cents."""
    first = toks[index]
    at = index + 2
    if at < len(toks) and toks[at].low == "and":
        at += 1
    cents = toks[at] if at < len(toks) else None
    if (
        cents is None
        or cents.kind != "num"
        or not cents.words
        or len(cents.values) != 1
        or len(first.values) != 1
        or not 1 <= cents.values[0] <= 99
    ):
        return
    end = at + 1 if at + 1 < len(toks) and toks[at + 1].low in _CENT_WORDS else at
    toks[index : end + 1] = [
        Tok(
            "num",
            " ".join(t.text for t in toks[index : end + 1]),
            first.start,
            toks[end].end,
            "",
            values=(first.values[0] + cents.values[0] / 100,),
            places=(2,),
            money=True,
            words=True,
        )
    ]


_CURRENCY_WORDS = frozenset({"euros", "euro", "pounds", "pound", "dollars", "dollar", "quid",
                             "bucks", "francs", "franken"})  # fmt: skip
_CENT_WORDS = frozenset({"cents", "cent", "pence", "p", "centimes", "rappen"})


_EMITTERS = frozenset({"vehicles", "vehicle", "trucks", "truck", "lorries", "lorry", "vans",
                       "engines", "engine", "standard", "standards", "emissions", "emission",
                       "norm", "compliant", "diesel", "diesels", "fleet", "buses", "coaches",
                       "tractors", "class", "-"})  # fmt: skip


def _emission_class(toks: list[Tok], index: int) -> bool:
    """``Euro 6 vehicles``: an emission standard, not six euros; ``PHP 8.3``, a version."""
    after = toks[index + 1].low if index + 1 < len(toks) else ""
    if toks[index - 1].text == "PHP" and re.fullmatch(r"\d\.\d", toks[index].text):
        return True  # "runs on PHP 8.3": the language's version, not pesos
    return (
        toks[index - 1].text == "Euro"
        and toks[index].text in tuple("123456")
        and after in _EMITTERS
    )


def _currency_before(toks: list[Tok], index: int) -> None:
    """A currency before the number makes it money; a Japanese ``per`` before that, a rate
    (``1\u30e6\u30fc\u30b6\u30fc\u3042\u305f\u308a\u00a5800``: per user)."""
    tok = toks[index]
    if index and toks[index - 1].low in CURRENCY and not _emission_class(toks, index):
        tok.money = True
        tok.marks.append(index - 1)
        if index > 1 and toks[index - 2].text.endswith(_PER_BEFORE):
            tok.period = "other"


def _mark(toks: list[Tok], index: int) -> None:
    """Read the marks around a number: currency, per cent, per month / year, a unit."""
    tok = toks[index]
    before = toks[index - 1] if index else None
    _currency_before(toks, index)
    j = index + 1

    def low(k: int) -> str:
        return toks[k].low if k < len(toks) else ""

    j = _lakhs(tok, low(j := _cents(tok, low(j), j)), j)
    if low(j) in ("%", "percent", "pct", "prozent", "procent") or (
        low(j) in ("per", "pour", "por") and low(j + 1) in ("cent", "ciento")
    ):
        if low(j) == "%" or low(j) in ("percent", "pct", "prozent", "procent"):
            tok.pct = True
            tok.marks.append(j)
            j += 1
        elif low(j) == "per" or (low(j) in ("pour", "por") and low(j + 1) in ("cent", "ciento")):
            tok.pct = True
            tok.marks.extend([j, j + 1])
            j += 2
        return
    j = _currency_after(tok, low, j)
    if _counted_or_clock(toks, index, j):
        return  # "100+ clubs": how many; "from 8 p.m.", "7 pm": a time of day, not a month's
    short = _short_period(toks, j)
    if short is not None:  # "45 pcm", "212 p.a.", "18.5 p/m", "45 pa"
        tok.period, width = short
        tok.marks.extend(range(j, j + width))
        return
    if low(j) == "/" and low(j + 1) in _MONTH_OR_YEAR:
        tok.period = "month" if low(j + 1) in MONTH_WORDS else "year"
        tok.marks.extend([j, j + 1])
        return
    if _period_words(tok, low, j):
        return
    if (low(j) in PER_WORDS and low(j + 1) in _ANY_PERIOD) or (
        low(j) == "om" and low(j + 1) in ("måneden", "månaden", "året")
    ):  # "412 kr. om måneden": Danish and Norwegian "a month"
        if low(j) == "the" or (low(j) == "an" and low(j + 1) == "an"):
            return
        word = low(j + 1)
        tok.period = "month" if word in MONTH_WORDS else "year" if word in YEAR_WORDS else "other"
        tok.marks.extend([j, j + 1])
        return
    if low(j) == "monthly" and _monthly_count(toks, j, tok):
        tok.unit = "count"  # "5 monthly parking options", "twelve monthly payments": how many
        return
    if low(j) in ("monthly", "annually", "yearly", "mensuels", "monatlich") or low(j) in _YEARLY:
        tok.period = "month" if low(j) in ("monthly", "mensuels", "monatlich") else "year"
        tok.marks.append(j)
        return
    if _over_a_year(toks, j):  # "£173.40 over a year", "$1,194 over twelve months"
        tok.period = "year"
        tok.marks.extend([j, j + 1, j + 2])
        return
    if _rate(tok, toks, j):
        return  # "£4.75 a wash", "$15.01 more per lesson": a rate per thing
    if low(j) in ("por", "per", "pour", "pro") and low(j + 1) in ("cada", "each", "chaque"):
        tok.period, tok.unit = "other", "rate"  # "0.30 por cada peso": megas per peso
        return
    tok.unit = _unit(tok, toks, j, before)
    if (
        not tok.money
        and before is not None
        and before.low == "the"
        and low(j) in ("is", "was", "refers", "means", "stands")
    ):
        tok.unit = "label"  # "the 7 is the number of gears": a number talked about
    if (
        low(j) in MONTH_NAMES
        or (before is not None and before.low in MONTH_NAMES)
        or (not tok.money and _zero_led(tok, toks[j + 1] if low(j) == "-" else None))
    ):
        tok.unit = "date"  # "12 May", "(12-05)", "05": a day, a month, a code
    year_like = len(tok.text) == 4 and tok.text.startswith(("19", "20"))
    if year_like and not tok.money and tok.period is None and not tok.words:
        tok.unit = tok.unit or "year-number"  # 2026: a year, not a price


def _zero_led(tok: Tok, nxt: Tok | None) -> bool:
    """``05``, or ``12`` of ``12-05``: a number written with a leading zero is a day, a
    month or a code, never an amount."""
    return any(
        t is not None and t.kind == "num" and len(t.text) >= 2 and t.text[0] == "0"
        and t.text[1].isdigit()
        for t in (tok, nxt)
    )  # fmt: skip


def _over_a_year(toks: list[Tok], j: int) -> bool:
    """``over a year``, ``over twelve months``, ``across 12 months`` from ``j``."""
    if j + 2 >= len(toks) or toks[j].low not in ("over", "across"):
        return False
    if toks[j].low == "over" and toks[j + 1].low == "a" and toks[j + 2].low == "year":
        return True
    return toks[j + 1].values == (Decimal(12),) and toks[j + 2].low == "months"


_YEARLY = frozenset({"anuais", "anual", "anuales", "annuel", "annuels", "annuelle",
                     "annuelles", "jährlich", "annui", "anuali", "annuo", "årligen", "årlig",
                     "jaarlijks", "rocznie"})  # fmt: skip
"""After an amount, ``a year`` in one word (``R$ 658,80 anuais``)."""
_MONTHS_PAID = frozenset({"payments", "instalments", "installments", "fees", "charges", "bills",
                          "premiums", "debits"})  # fmt: skip


def _currency_after(tok: Tok, low: Callable[[int], str], j: int) -> int:
    """A currency at ``j`` after the number marks it money; the index after it."""
    if low(j) not in CURRENCY:
        return j
    tok.money = True
    tok.marks.append(j)
    if low(j) == "kr" and low(j + 1) == "." and low(j + 2)[:1].isalpha():
        tok.marks.append(j + 1)  # "70,00 kr. mere om måneden": the dot of "kr."
        return j + 2
    return j + 1


def _monthly_count(toks: list[Tok], j: int, tok: Tok) -> bool:
    """``tok`` then ``monthly`` at ``j`` counts things: ``3,000 monthly B2C shipments``,
    ``48 monthly-paid staff``, ``twelve monthly payments`` (a whole number of them)."""
    if tok.money or j + 1 >= len(toks):
        return False
    nxt = toks[j + 1]
    if nxt.low in _MONTHS_PAID and all(v == int(v) and 1 < v <= 60 for v in tok.values):
        return True
    if nxt.kind in ("word", "code"):
        return nxt.low not in _PRICE_AFTER_MONTHLY
    return nxt.text == "-" and nxt.start == toks[j].end


_PRICE_AFTER_MONTHLY = frozenset({"price", "prices", "cost", "costs", "fee", "fees", "charge",
                                  "charges", "rate", "payment", "payments", "bill", "total",
                                  "and", "or", "for", "with", "on", "at", "in", "vs", "versus",
                                  "than", "each", "per", "which", "while", "but"})  # fmt: skip


def _rate(tok: Tok, toks: list[Tok], j: int) -> bool:
    """Money per a thing (``£4.75 a wash``, ``$0.90 per 1k``, ``$0.05 per 10,000``): its
    period is ``other``; True when it is."""
    if not tok.money or not (_per_thing(toks, j) or _per_quantity(toks, j)):
        return False
    tok.period = "other"
    tok.marks.extend([j, j + 1])
    return True


def _per_quantity(toks: list[Tok], j: int) -> bool:
    """``per 1k``, ``per 10,000``, ``per 1,000 requests`` at ``j``: a rate per a quantity."""
    if j + 1 >= len(toks) or toks[j].low not in ("per", "/"):
        return False
    nxt = toks[j + 1]
    if nxt.kind == "code":
        return _PER_THOUSANDS.fullmatch(nxt.low) is not None
    return nxt.kind == "num" and not nxt.money and not nxt.pct


_PER_BEFORE = ("\u3042\u305f\u308a", "\u5f53\u305f\u308a")
"""Japanese ``per`` written before the amount."""
_PER_THOUSANDS = compiled(r"\d+(?:[.,]\d+)?[km]")


def _per_thing(toks: list[Tok], j: int) -> bool:
    """``a wash``, ``per lesson``, ``each visit`` at ``j`` (also after ``more``/``less``):
    a singular thing that is no period."""
    if j < len(toks) and toks[j].low in ("more", "less", "extra", "cheaper", "dearer"):
        j += 1
    if j + 1 >= len(toks) or toks[j].low not in _PER_THING_WORDS:
        return False
    word = toks[j + 1]
    if toks[j].low in _FOREIGN_PER:  # "400 € pro Kopf", "15 € por persona"
        return word.low in _PER_PERSON
    return (
        word.kind in ("word", "near")  # "£4.75 a wash" beside a "Wash club" source
        and word.low not in UNITS  # "$0.023/GB": a unit, read as one
        and word.low not in _MONTH_OR_YEAR
        and word.low not in _PER_THING_NOT
        and (not word.low.endswith("s") or word.low.endswith("ss"))  # "a class", no plural
    )


_PER_THING_WORDS = frozenset({"a", "an", "per", "each", "/", "pro", "por", "par", "je"})
_FOREIGN_PER = frozenset({"pro", "por", "par", "je"})
_PER_PERSON = frozenset({"kopf", "person", "persona", "personne", "persoon", "pessoa",
                         "mitarbeiter", "nutzer", "usuario", "utilisateur",
                         "utente", "usuário", "platz", "arbeitsplatz", "plaza", "poste",
                         "lizenz", "licencia", "licence", "seat", "niño", "kind", "enfant",
                         "alumno", "estudiante"})  # fmt: skip
"""After ``pro``, ``por``, ``par``, ``je``: a person or seat, whose rate is no period's."""
_PER_THING_NOT = frozenset({"the", "a", "an", "year", "month", "annum", "total", "bit", "little",
                            "lot", "touch", "further", "head", "piece"})  # fmt: skip


def _short_period(toks: list[Tok], j: int) -> tuple[str, int] | None:
    """A period in shorthand after an amount: ``pcm``, ``pa``, ``p/m``, ``p.a.``, ``p/a``,
    ``pmth``: the period and how many tokens it takes."""
    words = [t.low for t in toks[j : j + 3]]
    if words[:1] == ["pcm"] or words[:1] == ["pmth"]:
        return "month", 1
    if words[:1] == ["pa"]:
        return "year", 1
    if len(words) == 3 and words[0] == "p" and words[1] in ("/", "."):
        if words[2] in ("m", "mo", "mth", "month"):
            return "month", 3
        if words[2] in ("a", "y", "yr", "annum"):
            return "year", 3
    return None


def _unit(tok: Tok, toks: list[Tok], j: int, before: Tok | None) -> str | None:
    """The unit after a number at ``j`` (``30 GB``, ``24-month``, ``24 x``, ``1 mois``)."""
    low = toks[j].low if j < len(toks) else ""
    if low == "-" and j + 1 < len(toks) and toks[j + 1].low in _UNIT_OR_PERIOD:
        return toks[j + 1].low
    if not tok.money and (_fraction_at(toks, j - 1) or _fraction_at(toks, j - 3)):
        return "fraction"  # "1/8 vCPU": a share of a thing, no amount
    if not tok.money and j < len(toks) and toks[j].text in _OCTETS:
        return _OCTETS[toks[j].text]  # "2 To", "150 Go": French terabytes, gigabytes
    if j < len(toks) and (toks[j].kind == "word" or low in _CODE_UNITS) and low in UNITS:
        if tok.money and low in ("in", "of", "out"):
            return tok.unit  # "CHF 4.00 in favour of B": money, not "3 in 5"
        return low
    if (
        not tok.money
        and j + 1 < len(toks)
        and toks[j].kind == "num"
        and toks[j + 1].low in _WEIGHTS
    ):
        return "count"  # "two 250 g bags": a count of them
    if not tok.money and before is not None and before.low in _PAGE_WORDS:
        return "page"  # "page 12 of kabel9.pdf": a page, not an amount
    if not tok.money and _times(toks, j):
        return "times"  # "24 x 34,99 EUR": a count of months, not a price
    if not tok.money and low in _DURATIONS and (before is None or before.low not in _PER):
        return low  # "offre 1 mois", "6 meses": a duration, not a price
    if j < len(toks) and toks[j].kind == "code" and toks[j].text.startswith("-"):
        return low
    return tok.unit


_OCTETS = {"To": "tb", "TO": "tb", "Go": "gb", "GO": "gb", "Mo": "mb", "Ko": "kb"}
"""French octets, written with a capital: never the English ``to``, ``go``."""
_PAGE_WORDS = frozenset({"page", "pages", "pg", "pp", "seite", "pagina", "página", "sida",
                         "side", "strona", "sivu"})  # fmt: skip
_CODE_UNITS = frozenset({"m2", "m3", "km2", "ft2"})
"""Units written with a digit (``m²`` is ``m2`` once normalised): units, not codes."""


def _fraction_at(toks: list[Tok], k: int) -> bool:
    """``1/8 vCPU``, ``3/4 core`` from ``k``: two bare whole numbers around ``/`` before a
    word that is no period or ``of`` (``1/2 of A's price`` is a share, read elsewhere)."""
    if k < 0 or k + 3 >= len(toks):
        return False
    first, slash, second, after = toks[k : k + 4]
    return (
        slash.text == "/"
        and first.kind == second.kind == "num"
        and first.text.isdigit()
        and second.text.isdigit()
        and not (first.money or second.money)
        and after.kind == "word"
        and after.low not in ("of", "the", "de", "du", "des", "der", "von")
        and after.low not in _ANY_PERIOD
        and after.low not in ("mo", "m", "yr", "y", "month", "year")
    )


def _times(toks: list[Tok], j: int) -> bool:
    """A multiplication sign, ``*`` or ``x`` before a number or a currency at ``j``."""
    if j >= len(toks):
        return False
    if toks[j].low in ("\u00d7", "*"):
        return True
    return (
        toks[j].low == "x"
        and j + 1 < len(toks)
        and (toks[j + 1].kind == "num" or toks[j + 1].low in CURRENCY)
    )


_DURATIONS = frozenset(langs.MONTH_WORDS | langs.YEAR_WORDS - {"an"}
                       | {"meses", "mesi", "maanden", "monate", "monaten", "månader", "måneder",
                          "miesięcy", "miesiące", "anni", "años", "anos", "jaren", "jahre",
                          "jahren", "ans", "années", "lat", "mois", "semaines",
                          "wochen"})  # fmt: skip
_PER = frozenset({"per", "pro", "par", "al", "im", "a", "au", "ao", "por", "/"})


def _clock(toks: list[Tok], index: int, j: int) -> bool:
    """``from 8 p.m.``, ``until 7 a.m.``: a bare hour after a word of time, then ``a.m.`` or
    ``p.m.`` (never money: ``£45 p.m.`` is a month's price)."""
    tok = toks[index]
    words = [t.low for t in toks[j : j + 3]]
    return (
        not tok.money
        and tok.text.isdigit()
        and 0 < int(tok.text) <= 12
        and index > 0
        and toks[index - 1].low in ("from", "at", "until", "till", "after", "before", "to", "by")
        and words[:1] in (["p"], ["a"])
        and words[1:3] == [".", "m"]
    )


def _counted_or_clock(toks: list[Tok], index: int, j: int) -> bool:
    """``100+ clubs`` (a count) and ``from 8 p.m.``, ``7 pm`` (a time of day): no amount;
    the token's unit is set when it is one."""
    tok = toks[index]
    after = [t.low for t in toks[j : j + 2]]
    if tok.money or not after:
        return False
    if after[0] == "+" and after[1:] and after[1][:1].isalpha():
        tok.unit = "count"
        return True
    if after[0] in ("pm", "am") or _clock(toks, index, j):
        tok.unit = "time"
        return True
    return False


def _period_words(tok: Tok, low: Callable[[int], str], j: int) -> bool:
    """Another language's period after a number: ``72 euro all'anno`` (one word), ``21 € a
    la semana``, ``270 € pro Quartal`` (neither a month nor a year)."""
    if low(j) in langs.PERIODS:
        tok.period = langs.PERIODS[low(j)]
        tok.marks.append(j)
        return True
    k = j
    while k < j + 2 and low(k) in _PER_OR_ARTICLE:
        k += 1
    if k > j and low(k) in langs.OTHER_PERIODS:
        tok.period = "other"
        tok.marks.extend(range(j, k + 1))
        return True
    return False


_SCALES = {"lakh": 100_000, "lakhs": 100_000, "lac": 100_000, "lacs": 100_000,
           "crore": 10_000_000, "crores": 10_000_000, "cr": 10_000_000,
           "ribu": 1_000, "juta": 1_000_000, "triệu": 1_000_000, "nghìn": 1_000,
           "ngàn": 1_000, "million": 1_000_000}  # fmt: skip


def _lakhs(tok: Tok, word: str, at: int) -> int:
    """``₹3.75 lakh``, ``₹1 crore``: the number times a hundred thousand or ten million
    (stated to the decimals that remain); the index after the marks read."""
    scale = _SCALES.get(word) or (1000 if word == "mil" and tok.money else None)
    if scale is None:  # "$149,9 mil" (thousands); not the Swedish mile of "149 mil"
        return at
    shift = len(str(scale)) - 1
    tok.values = tuple(v * scale for v in tok.values)
    tok.places = tuple(max(p - shift, 0) for p in tok.places)
    tok.marks.append(at)
    return at + 1


def _cents(tok: Tok, word: str, at: int) -> int:
    """``by 9 cents``: the whole number is hundredths of the currency (0.09); the index
    after the marks read."""
    whole = all(v == v.to_integral_value() for v in tok.values)
    if word not in _CENTS or tok.money or not (whole or word == "\u00a2"):  # "89.9¢ per therm"
        return at
    tok.values = tuple(v / 100 for v in tok.values)
    tok.places = tuple(p + 2 for p in tok.places)
    tok.money = True
    tok.marks.append(at)
    return at + 1


_CENTS = {"cents", "cent", "ct", "cts", "pence", "centimes", "céntimos", "centesimi", "cêntimos",
          "\u00a2"}  # fmt: skip
"""After a whole number: hundredths of the currency (``by 9 cents`` is 0.09)."""
_WEIGHTS = frozenset({"g", "kg", "grams", "gram", "kilos", "ml", "litres", "liters", "litre",
                      "liter"})  # fmt: skip
UNITS = (
    _WEIGHTS
    | {
        "km",
        "kilometres",
        "kilometers",
        "miles",
        "mile",
        "mi",
        "kwh",
        "sqft",
        "m²",
        "m2",
        # a number word before a fraction noun is a share ("two thirds of Z's price")
        "third",
        "thirds",
        "quarters",
        "fifth",
        "fifths",
        "halves",
        "tenth",
        "tenths",
        "gb",
        "mb",
        "tb",
        "gib",
        "users",
        "user",
        "seats",
        "seat",
        "months",
        "days",
        "day",
        "years",
        "minutes",
        "minute",
        "hours",
        "hour",
        "weeks",
        "licenses",
        "licences",
        "accounts",
        "calls",
        "sms",
        "messages",
        "projects",
        "mbps",
        "gbps",
        "mbit",
        "gbit",
        "pages",
        "channels",
        "kbit",
        "kbps",
        "offers",
        "offer",
        "quotes",
        "plans",
        "options",
        "tenders",
        "bids",
        "suppliers",
        "providers",
        "vendors",
        "times",
        "x",
        "people",
        "employees",
        "sites",
        "locations",
        "devices",
        "percent",
        "items",
        "lines",
        "rows",
        "revisions",
        "versions",
        "steps",
        "points",
        "stars",
        "star",
        "out",
        "of",
        "in",
        "free",
        "month",
        "year",
    }
    | langs.UNITS
)

# The unions ``_mark`` and ``_period_words`` test against, made once (the sets never change).
_MONTH_OR_YEAR = frozenset(MONTH_WORDS | YEAR_WORDS)
_ANY_PERIOD = frozenset(MONTH_WORDS | YEAR_WORDS | OTHER_PERIODS)
_UNIT_OR_PERIOD = frozenset(UNITS | MONTH_WORDS | YEAR_WORDS)
_PER_OR_ARTICLE = frozenset(PER_WORDS | langs.PERIOD_ARTICLES)
