"""Reading across lines: what a sentence says by its place in a numbered list or a table.

- A numbered list under a ranking lead-in (``Ranking by monthly price (cheapest first):``
  then ``1. B - 90``, ``2. C - 110``): item N names the offer at place N. The lead-in gives
  the direction (cheapest or most expensive first); a lead-in that ranks by price without
  one ("Ranked by price:") allows both, so an item is false only when both are, and is
  never checked.
- A table's columns (``| Offer | Monthly | Yearly | Rank | Δ vs cheapest |``): in a row
  that names one offer, a lone amount under a monthly or yearly header is its price for
  that period, an integer under ``Rank`` its place (either direction, never checked), and
  a signed amount under a header that compares with the cheapest (or with a named offer)
  its gap to it.

The sentence reader reads everything else in the item or row as usual.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..lazy import pattern
from . import langs
from .check import Table
from .compiled import compiled
from .judge import Statement, Test, _any_of, _claim_test
from .kinds import Amount, Period, Price, Rank
from .text import Normalised, Span
from .tokens import Tok

_ITEM = compiled(r"[ \t>*_]*(\d{1,3})[.)][ \t]|[ \t>*_-]*(\d{1,3})(?:st|nd|rd|th)\b")
"""A numbered list item (``2. P1 - 58.60``) or one whose label is a place (``- 5th: Xero``)."""
_PLACE_LABEL = compiled(r"\d{1,3}(?:st|nd|rd|th)")
_UP = pattern(
    r"(?i)\b(?:(?:cheapest|lowest|least expensive)(?: price| priced| one)? first|ascending|"
    r"(?:cheapest|lowest)(?: price| priced)? to (?:the )?(?:most|highest|priciest|dearest)|"
    r"low(?:est)? to high(?:est)?)\b"
)
_DOWN = pattern(
    r"(?i)\b(?:(?:most expensive|priciest|highest|dearest)(?: price| priced| one)? first|"
    r"descending|(?:most expensive|priciest|highest)(?: price| priced)? to (?:the )?"
    r"(?:cheapest|lowest)|high(?:est)? to low(?:est)?)\b"
)
_BY_PRICE = pattern(
    r"(?i)\b(?:rank(?:ed|ing|s)?|order(?:ed)?|sorted)\b[^.!?]{0,40}\b(?:price|cost|monthly)"
)
_FOREIGN_MONTH = sorted(
    langs.MONTH_WORDS
    | langs.PRICE_NOUNS
    | {w for w, p in langs.PERIODS.items() if p == "month"}
    | {"pris", "cena", "hinta", "månadspris", "månedspris", "kuukausihinta", "kuukausimaksu"}
)
_FOREIGN_YEAR = sorted(
    (langs.YEAR_WORDS - {"an"})
    | {w for w, p in langs.PERIODS.items() if p == "year"}
    | {"jahrespreis", "jaarprijs", "årspris", "vuosihinta", "roczna", "roczny", "anuale"}
)
_YEAR = pattern(
    r"(?i)\b(?:year|yearly|annual|annually|yr|p\.?a|12 months?|"
    + "|".join(map(re.escape, _FOREIGN_YEAR))
    + r")\b"
)
_MONTH = pattern(
    r"(?i)\b(?:month|monthly|mo|mth|price|cost|" + "|".join(map(re.escape, _FOREIGN_MONTH)) + r")\b"
)
_COUNTED = pattern(
    r"(?i)\b(?:channels?|gb|tb|storage|data|seats?|users?|licen[cs]es?|minutes?|speed|mbit\w*|"
    r"mbps|gbps|resolution|screens?|devices?|lines?|sims?|sms|texts?|uptime|sla|rating|"
    r"score|stars?|version|hours?|days?|months?|employees|accounts?|mailboxes|kwh)\b"
)
_PRICED = pattern(
    r"(?i)\b(?:price|prices|cost|costs|fee|fees|eur|usd|chf|gbp|total|saving|"
    r"savings|gap|difference|amount|rate|monthly|yearly|annual)\b|[€$£%]"
)
_OTHER_MONEY = pattern(
    r"(?i)\b(?:cover|rebuild|excess|deductible|deposit|set\s*-?\s*up|one\s*-\s*off|initial|"
    r"activation|"
    r"installation|insured|limit|kaution|caution|anzahlung|sonderzahlung|"
    r"per (?:agent|user|seat|host|person|line|gb|kwh|unit))\b"
)
_MONTHLY_HEAD = pattern(r"(?i)\b(?:monthly|per month|a month|month|mo)\b")
_NOT_A_PRICE = pattern(
    r"(?i)\b(?:total|contract|term|setup|set-up|fees?|one-off|once|upfront|deposit|install\w*|"
    r"activation|hardware|device|data|gb|tb|minutes?|users?|seats?|discount\w*|promo\w*|"
    r"intro\w*|first|after|tax|vat|incl|excl|score|rating|effective|blended|avg|average|"
    r"all-in|attivazione|activación|ativação|aktivierung\w*|einrichtung\w*|anschluss\w*|"
    r"bereitstellung\w*|installa\w*|instala\w*|eenmalig\w*|einmalig\w*|engangs\w*|"
    r"oprettelse\w*|startavgift|aktywacj\w*|tantum|unique|único|única|kaution|borg|dépôt|"
    r"depósito|deposito|franchise|selbstbeteiligung|gesamt\w*|insgesamt|totaal|totale|"
    r"laufzeit|looptijd|vertrag\w*|contrat|contrato|contratto|durée|duración|durata|rabatt\w*|"
    r"remise|sconto|descuento|korting|mwst|btw|iva|tva|moms|km|kilomet\w*|kilómetros|"
    r"chilometri|meilen|miles|primo|prima|primer|primera|premier|première|erste\w*|eerste|"
    r"inizial\w*|inicial\w*|iscrizione|inscripción|inscrição|matr[ií]cula|anmeld\w*|"
    r"aufnahme\w*|inschrijving|permanencia|alta|bono|bonus|einmal\w*|gas|energia|energía|"
    r"strom|luce|luz|kwh|smc)\b|\d|\bper (?!month|mo\b|year|"
    r"annum|maand|jaar|måned|måneden|år|mese|anno|mes|año|mois|monat|jahr)|"
    r"/ ?(?:user|seat|editor|person|head|agent|line|sim|desk|tb|gb|day)\b"
)
_TIMES_TWELVE = pattern(
    r"(?i)\(?\s*(?:[x\u00d7*]\s*12|12\s*[x\u00d7*]|12\s*(?:months|mos|mths)\b)\s*\)?"
)
"""A yearly header's multiplier (``Yearly (x12)``, ``12 x monthly``, ``Annual (12 months)``):
no number of the column."""
_RANK = pattern(r"(?i)^(?:rank|position|place)$")  # not "#": a row number, in any order
_GAP = pattern(r"(?i)(?:Δ|\bdelta\b|\bdiff(?:erence)?\b|\bgap\b|\bvs\.?\b|\bversus\b|\babove\b)")
_CHEAPEST = pattern(r"(?i)\b(?:cheapest|lowest|best)\b")
_SIGNS = {"+": 1, "-": -1, "\u2212": -1, "\u2013": -1}  # plus, hyphen, minus, en dash
_CELL_WORDS = {"€", "$", "£", "eur", "usd", "gbp", "chf", "/", "mo", "month", "per", "a"}


class Layout:
    """Follows the lines of one text: the current ranked list and the current table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.directions: tuple[str, ...] = ()  # a ranked list is open: "up" and/or "down"
        self.exact_direction = False
        self.columns: list[tuple[str, str | None]] | None = None  # (kind, compared offer)
        self.counted: list[bool] = []  # per column: its header counts things, not money
        self.item: Statement | None = None  # the place of the list item being read
        self.rank_ways = (True, True)  # a table's rank column may count up, down

    def pinned(self) -> Statement | None:
        """The statement of the current list item's place: its offer is accounted for only
        when that statement is true and certain (its number is no token of the sentence)."""
        return self.item

    def statements(
        self, norm: Normalised, raw: str, span: Span, toks: list[Tok], row: bool
    ) -> list[Statement]:
        self.item = None
        start, end = norm.span(span.start, span.end)
        line_start = start == 0 or raw[:start].rstrip(" \t").endswith("\n")
        item = _ITEM.match(raw, start, end) if line_start else None
        if row:
            self.directions = ()
            return self._row(norm, raw, toks)
        self.columns = None
        if item is not None and self.directions:
            return self._item(int(item.group(1) or item.group(2)), toks)
        if line_start:
            self._lead_in(raw[start:end])
        return []

    def mute(self, norm: Normalised, raw: str, toks: list[Tok], row: bool) -> None:
        """In a table row under a known header, the numbers of every column that is no
        monthly, yearly, rank or gap column (``Channels``, ``Set-up``, ``Per person``,
        ``Excess``), and of the cell naming the offer, are no amounts: they get a unit."""
        if not row or self.columns is None:
            return
        cells = _cells(norm, raw, toks)
        if len(cells) != len(self.counted) or len(cells) != len(self.columns):
            return
        several = len({t.offer for t in toks if t.kind in ("offer", "near")}) > 1 or any(
            t.low in ("vs", "versus") for t in toks
        )  # "| A vs B | 15.01 | 180.12 |": gaps, whatever the header says
        for cell, counted, (kind, _) in zip(cells, self.counted, self.columns, strict=True):
            named = several or any(toks[i].kind in ("offer", "near") for i in cell)
            if kind == "rank" and not named:
                for i in cell:
                    if toks[i].kind == "num" and toks[i].unit is None:
                        toks[i].unit = "place"  # "| B | 2 | 60.00 |": a place, read below
                continue
            if not (counted or kind == "-" or named):
                continue  # a monthly, yearly, rank or gap column: read as such
            for i in cell:
                if toks[i].kind == "num" and toks[i].unit is None:
                    toks[i].unit = "column"  # "| 500Mb/s | £0 set-up |": no monthly price

    def _lead_in(self, text: str) -> None:
        if not text.rstrip().endswith(":"):
            self.directions = ()
            return
        up, down = bool(_UP.search(text)), bool(_DOWN.search(text))
        if up != down:
            self.directions, self.exact_direction = ("up" if up else "down",), True
        elif _BY_PRICE.search(text):
            self.directions, self.exact_direction = ("up", "down"), False
        else:
            self.directions = ()

    def _item(self, number: int, toks: list[Tok]) -> list[Statement]:
        """``2. P1 - 58.60`` in a ranked list: P1 is at place 2."""
        label = next((i for i, t in enumerate(toks) if t.kind != "punct"), None)
        first = label
        if label is not None and _PLACE_LABEL.fullmatch(toks[label].low):
            first = next((i for i in range(label + 1, len(toks)) if toks[i].kind != "punct"), None)
        if first is None or toks[first].kind not in ("offer", "near"):
            return []
        offer = toks[first].offer or ""
        n = len(self.table.records)
        if not 1 <= number <= n:
            return []
        tests: list[Test] = []
        for direction in self.directions:
            position = number if direction == "up" else n + 1 - number
            tests.append(_claim_test(Rank(id="prose", offer=offer, position=position)))
        exact = self.exact_direction and toks[first].kind == "offer"
        used = {first} if label == first or label is None else {first, label}  # "5th" too
        self.item = Statement(f"{offer} is number {number} in the ranked list", _any_of(tests),
                              used, exact)  # fmt: skip
        return [self.item]

    def _row(self, norm: Normalised, raw: str, toks: list[Tok]) -> list[Statement]:
        cells = _cells(norm, raw, toks)
        header = not any(t.kind in ("num", "offer", "near") for t in toks) or (
            self.columns is None
            and not any(t.kind in ("offer", "near") or (t.kind == "num" and t.money) for t in toks)
        )  # "| Tool | Per agent | Team of 6 / month |": a count in a header is no data
        if header:
            self.rank_ways = (True, True)
            self.columns = [_column(cell, toks) for cell in cells]
            self.counted = [_counted(" ".join(toks[i].text for i in cell)) for cell in cells]
            return []
        named = [i for i, t in enumerate(toks) if t.kind in ("offer", "near")]
        columns = self.columns
        if columns is None or len(columns) != len(cells) or len(named) != 1:
            return []
        offer_at = named[0]
        offer = toks[offer_at].offer or ""
        out: list[Statement] = []
        for cell, (kind, other) in zip(cells, columns, strict=True):
            nums = [i for i in cell if toks[i].kind == "num"]
            if kind == "-" or len(nums) != 1 or offer_at in cell:
                continue
            rest = [i for i in cell if i != nums[0] and i not in toks[nums[0]].marks]
            if any(
                toks[i].kind not in ("punct", "cite") and toks[i].low not in _CELL_WORDS
                for i in rest
            ):
                continue
            tok = toks[nums[0]]
            if tok.pct or (tok.unit is not None and (kind, tok.unit) != ("rank", "place")):
                continue
            used = {offer_at, nums[0], *tok.marks}
            exact = toks[offer_at].kind == "offer" and len(tok.values) == 1
            if kind in ("month", "year"):
                period: Period = "year" if kind == "year" else "month"
                tests = [_claim_test(Price(id="prose", offer=offer,
                                           amount=Amount(value=v, places=p), period=period))
                         for v, p in zip(tok.values, tok.places, strict=True)]  # fmt: skip
                out.append(Statement(f"{offer} costs {tok.text} a {period}", _any_of(tests),
                                     used, exact))  # fmt: skip
            elif (
                kind == "rank"
                and tok.values[0] == tok.values[0].to_integral_value()
                and not any(toks[i].text == "=" for i in cell)  # "4=": tied, a shared place
            ):
                out.append(self._rank_cell(offer, int(tok.values[0]), used))
            elif kind in ("gap", "gap-year"):
                signs = [_SIGNS[toks[i].text] for i in rest if toks[i].text in _SIGNS]
                sign = signs[0] if len(signs) == 1 else 1 if not signs else 0
                if sign == 0:
                    continue
                factor = Decimal(12) if kind == "gap-year" else Decimal(1)
                out.append(
                    Statement(
                        f"{offer} is {tok.text} {'above' if sign > 0 else 'below'} "
                        f"{other or 'the cheapest'}",
                        _gap(offer, other, [sign * v for v in tok.values], factor),
                        used,
                        exact,
                    )
                )
        return out

    def _rank_cell(self, offer: str, number: int, used: set[int]) -> Statement:
        """A place in a rank column, counted up or down; once a row's place holds only one
        way (``| 1 | wyze | $2.99 |``: the cheapest first), the later rows count that way."""
        n = len(self.table.records)
        ways = [
            _claim_test(Rank(id="prose", offer=offer, position=p)) if 1 <= p <= n else None
            for p in (number, n + 1 - number)
        ]
        tests = [w for w, open_ in zip(ways, self.rank_ways, strict=True) if w and open_]
        holds = tuple(w is not None and w(self.table) is True for w in ways)
        if any(h and o for h, o in zip(holds, self.rank_ways, strict=True)):
            self.rank_ways = (holds[0] and self.rank_ways[0], holds[1] and self.rank_ways[1])
        test = _any_of(tests) if tests else (lambda table: False)
        return Statement(f"{offer} is number {number} by price", test, used, False)


def _cells(norm: Normalised, raw: str, toks: list[Tok]) -> list[list[int]]:
    """Token indexes per table cell: cells end at a pipe or an HTML cell tag."""
    cells: list[list[int]] = [[]]
    for index, tok in enumerate(toks):
        origin = norm.origin[tok.start]
        if tok.kind == "punct" and tok.text == "," and raw[origin : origin + 1] in ("|", ">"):
            cells.append([])
        else:
            cells[-1].append(index)
    return cells


def _column(cell: list[int], toks: list[Tok]) -> tuple[str, str | None]:
    """A header cell's kind: month, year, rank, gap (to the cheapest or a named offer)."""
    written = " ".join(toks[i].text for i in cell)
    text = _TIMES_TWELVE.sub(" ", written)  # "Yearly (x12)", "12 x monthly": a year's
    offers = {toks[i].offer for i in cell if toks[i].kind == "offer"}
    if (
        _GAP.search(text)
        and not _NOT_A_PRICE.search(text)
        and (_CHEAPEST.search(text) or len(offers) == 1)
    ):
        other = next(iter(offers)) if len(offers) == 1 and not _CHEAPEST.search(text) else None
        return ("gap-year" if _YEAR.search(text) else "gap"), other
    if _RANK.match(text.strip()):
        return "rank", None
    if _NOT_A_PRICE.search(text):
        return "-", None
    if _YEAR.search(text) or _TIMES_TWELVE.search(written):
        return "year", None
    if _MONTH.search(text):
        return "month", None
    return "-", None


def _counted(header: str) -> bool:
    """A header naming something counted or measured, and no price, cost or currency; or
    money that is no monthly price (``Rebuild cover``, ``Set-up fee``, ``Per agent``)."""
    if _OTHER_MONEY.search(header) and not _MONTHLY_HEAD.search(header):
        return True
    return (
        bool(_COUNTED.search(header))
        and not _PRICED.search(header)
        and not _PER_MONTH_ONLY.match(header)  # "Per month": a price, not months counted
    )


_PER_MONTH_ONLY = pattern(r"(?i)^\W*(?:per|a|each)?\s*/?\s*(?:month|mo|mth)\W*$")
"""A header that says only ``per month`` (not ``Visits/month``, ``Hours/month``)."""


def _gap(offer: str, other: str | None, stated: list[Decimal], factor: Decimal) -> Test:
    def test(table: Table) -> bool | None:
        prices = {r.id: r.value for r in table.priced()}
        if offer not in prices or (other is not None and other not in prices):
            return None
        base = min(v for v in prices.values() if v is not None) if other is None else (
            prices[other])  # fmt: skip
        value, reference = prices[offer], base
        assert value is not None
        assert reference is not None
        return (value - reference) * factor in stated

    return test
