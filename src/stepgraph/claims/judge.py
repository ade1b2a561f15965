"""Judging what a recognised form says: each form becomes a ``Statement`` whose test gives
True, False, or None (cannot tell) against a table. Several readings of a number are
false only when every reading is false."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from .check import Table, check_claim, round_to
from .kinds import Amount, Claim
from .slotted import Slotted

Test = Callable[[Table], bool | None]


class Statement(Slotted):
    """What a recognised form says, and how to judge it: ``test`` gives True/False/None."""

    __slots__ = ("certain", "exact", "group", "says", "test", "used")
    says: str
    test: Test
    used: set[int]  # token indexes it accounts for
    exact: bool  # False when a name was read loosely (other case, pronoun, position)
    certain: bool  # False when hedged or modal: never marks a sentence checked
    group: bool  # reads "one of the two cheapest" whole (kept beside a group)

    def __init__(  # noqa: PLR0917 - called positionally, as the dataclass it was
        self,
        says: str,
        test: Test,
        used: set[int] | None = None,
        exact: bool = True,
        certain: bool = True,
        group: bool = False,
    ) -> None:
        self.says = says
        self.test = test
        self.used = set() if used is None else used  # a new set each, as a default factory
        self.exact = exact
        self.certain = certain
        self.group = group


def _claim_test(*claims: Claim, negated: bool = False) -> Test:
    def test(table: Table) -> bool | None:
        verdicts = [check_claim(c, table).verdict for c in claims]
        if "invalid" in verdicts:
            return None
        truth = all(v == "true" for v in verdicts)
        return not truth if negated else truth

    return test


def _any_of(tests: list[Test]) -> Test:
    """Several readings: false only when every reading is false; true only if just one."""

    def test(table: Table) -> bool | None:
        results = [t(table) for t in tests]
        if all(r is False for r in results):
            return False
        if len(results) == 1:
            return results[0]
        return None

    return test


def _hedged(
    actual: Callable[[Table], Decimal | None],
    stated: Decimal,
    bound: str,
    *,
    percent: bool = False,
    wrong_base: Callable[[Table], Decimal | None] | None = None,
) -> Test:
    """A loosened number: ``over``/``under`` are bounds; ``nearly`` is at or up to 15 per
    cent below; ``give or take`` allows 12.5 per cent, ``about`` 10 per cent (a percentage:
    less than one point, and never the gap over ``wrong_base``'s base when the right base
    does not round to it)."""

    def test(table: Table) -> bool | None:
        value = actual(table)
        if value is None:
            return None
        if bound == "almost":
            return False if value > stated or value < stated * Decimal("0.85") else None
        if percent and bound == "about":
            if abs(value - stated) >= 1:
                return False
            return False if _on_wrong_base(value, stated, wrong_base, table) else None
        if bound == "over":
            return False if value <= stated else None
        if bound == "under":
            return False if value >= stated else None
        if bound == "at least":
            return False if value < stated else None
        if bound == "at most":
            return False if value > stated else None
        if bound == "just over":
            return False if value <= stated or value > stated * (1 + _JUST) else None
        if bound == "just under":
            return False if value >= stated or value < stated * (1 - _JUST) else None
        share = hedge_tolerance(stated)
        if bound == "give or take":  # "a hundred a month, give or take": a looser word
            share = max(share, _GIVE_OR_TAKE)
        tolerance = abs(value) * share
        return False if abs(value - stated) > max(tolerance, Decimal("0.5")) else None

    return test


_GIVE_OR_TAKE = Decimal("0.125")
"""How far ``N, give or take`` (``N or so``, ``N-ish``) may be from the truth."""
_JUST = Decimal("0.10")
"""How far past its figure ``just over``/``just under`` may go (``just over 27``: to 29.70)."""


def hedge_tolerance(stated: Decimal) -> Decimal:
    """How far ``about N`` may be from the truth, as a share of N: half the unit N is
    rounded to (``about 240``: 235 to 245; ``about 250``: 225 to 275; ``about 100``: 50
    either way), at least 3 and at most 10 per cent (``approximately 104`` for 113.88 and
    ``roughly 10`` for 8.50 are wrong)."""
    if stated <= 0:
        return _MOST
    unit = Decimal(1)
    if stated == stated.to_integral_value():
        whole = int(stated)
        while whole % 10 == 0:
            whole //= 10
            unit *= 10
        if whole % 5 == 0:
            unit *= 5
    else:
        unit = Decimal(1).scaleb(stated.as_tuple().exponent)  # type: ignore[arg-type]
    return min(_MOST, max(_LEAST, unit / 2 / stated))


_LEAST, _MOST = Decimal("0.03"), Decimal("0.10")


def _on_wrong_base(
    value: Decimal,
    stated: Decimal,
    wrong_base: Callable[[Table], Decimal | None] | None,
    table: Table,
) -> bool:
    """``stated`` is the other base's percentage rounded, and not the right one's."""
    other = None if wrong_base is None else wrong_base(table)
    places = max(0, -int(stated.as_tuple().exponent))
    return (
        other is not None
        and round_to(other, places) == stated
        and round_to(value, places) != stated
    )


def _none_of(offer: str, factor: Decimal, stated: Decimal, direction: str) -> Test:
    """``offer`` is not beyond ``stated`` (not cheaper than it, or not dearer)."""

    def test(table: Table) -> bool | None:
        value = _value(table, offer, factor)
        if value is None:
            return None
        return value >= stated if direction == "cheaper" else value <= stated

    return test


def _or_else(test: Test, fallbacks: list[Test]) -> Test:
    """``test``; when it is false but a fallback reading holds, neither true nor false."""

    def either(table: Table) -> bool | None:
        result = test(table)
        if result is False and any(f(table) for f in fallbacks):
            return None
        return result

    return either


def _term_price(offer: str, months: int, amount: Amount) -> Test:
    """``offer`` costs ``amount`` over a term of ``months`` (its monthly price times them,
    rounded to the amount's decimals)."""

    def test(table: Table) -> bool | None:
        value = _value(table, offer, Decimal(months))
        return None if value is None else round_to(value, amount.places) == amount.value

    return test


def _extreme(kind: str, value: Decimal, factor: Decimal) -> Test:
    def test(table: Table) -> bool | None:
        values = [(r.value or Decimal(0)) * factor for r in table.priced()]
        return (min(values) if kind == "cheap" else max(values)) == value

    return test


def _bound(hedge: str | None) -> str:
    if hedge in ("over", "above"):
        return "over"
    if hedge in ("under", "below"):
        return "under"
    if hedge in ("at least", "at most", "just over", "just under"):
        return hedge
    if hedge in ("nearly", "almost"):
        return "almost"
    if hedge == "give or take":
        return hedge
    return "about"


def _all_of(tests: list[Test]) -> Test:
    def test(table: Table) -> bool | None:
        results = [t(table) for t in tests]
        if any(r is False for r in results):
            return False
        if all(r is True for r in results):
            return True
        return None

    return test


def _value(table: Table, offer: str, factor: Decimal) -> Decimal | None:
    record = table.get(offer)
    return None if record is None or record.value is None else record.value * factor


def _strict(x: str, y: str, direction: str, neg: bool) -> Test:
    def test(table: Table) -> bool | None:
        a, b = _value(table, x, Decimal(1)), _value(table, y, Decimal(1))
        if a is None or b is None:
            return None
        truth = a < b if direction == "cheaper" else a > b
        return not truth if neg else truth

    return test


def _versus_number(offer: str, factor: Decimal, stated: Decimal, direction: str, neg: bool) -> Test:
    def test(table: Table) -> bool | None:
        value = _value(table, offer, factor)
        if value is None:
            return None
        truth = value < stated if direction == "cheaper" else value > stated
        return not truth if neg else truth

    return test


def _every(
    factor: Decimal,
    stated: Decimal,
    direction: str,
    some: int | None = None,
    only: tuple[str, ...] = (),
) -> Test:
    """Every record (``only``: every one of those) beyond ``stated``; ``some``: exactly
    that many records are."""

    def test(table: Table) -> bool | None:
        values = [(r.value or Decimal(0)) * factor for r in table.priced()
                  if not only or r.id in only]  # fmt: skip
        hits = sum(1 for v in values if _beyond(v, stated, direction))
        return hits == (len(values) if some is None else some)

    return test


def _beyond(value: Decimal, stated: Decimal, direction: str) -> bool:
    """``value`` is beyond ``stated`` in ``direction`` (cheaper, more_expensive: strictly;
    at_least, at_most: or equal)."""
    if direction == "cheaper":
        return value < stated
    if direction == "more_expensive":
        return value > stated
    return value >= stated if direction == "at_least" else value <= stated


def _none_beyond(
    factor: Decimal,
    stated: Decimal,
    direction: str,
    but: tuple[str, ...] = (),
    *,
    free: bool = False,
) -> Test:
    """No record is cheaper (or dearer) than ``stated``: "no offer costs more than 130";
    ``but``: no record but those ("no offer other than X costs more than 24"); ``free``:
    those are left out, whatever they cost ("A is 10, and no other plan is below 25")."""

    def beyond(value: Decimal) -> bool:
        return value < stated if direction == "cheaper" else value > stated

    def test(table: Table) -> bool | None:
        values = [((r.value or Decimal(0)) * factor, r.id in but) for r in table.priced()]
        if free:
            return not any(beyond(v) for v, excepted in values if not excepted)
        return all(beyond(v) == excepted for v, excepted in values)

    return test


def _gap_value(
    x: str, y: str, direction: str, percent: bool, period: str, *, wrong_base: bool = False
) -> Callable[[Table], Decimal | None]:
    """The gap between ``x`` and ``y`` (a percentage of ``y``'s price, or with
    ``wrong_base`` of ``x``'s: the slip of a saving stated as a markup, or the reverse)."""

    def actual(table: Table) -> Decimal | None:
        a, b = _value(table, x, Decimal(1)), _value(table, y, Decimal(1))
        if a is None or b is None:
            return None
        gap = b - a if direction == "cheaper" else a - b
        base = a if wrong_base else b
        if percent:
            return None if base == 0 else round_to(gap / base * 100, 4)
        return gap * (Decimal(12) if period == "year" else Decimal(1))

    return actual


def _price_of(offer: str, factor: Decimal) -> Callable[[Table], Decimal | None]:
    """The offer's price per period (``factor`` 12 for a year), for a loosened comparison."""

    def actual(table: Table) -> Decimal | None:
        return _value(table, offer, factor)

    return actual


def _gap_test(x: str, y: str, stated: Decimal, period: str) -> Test:
    """The absolute difference between two offers' prices (per month or year)."""

    def test(table: Table) -> bool | None:
        factor = Decimal(12) if period == "year" else Decimal(1)
        a, b = _value(table, x, factor), _value(table, y, factor)
        return None if a is None or b is None else abs(a - b) == stated

    return test


def _negated(test: Test, neg: bool) -> Test:
    """``test`` turned round when ``neg`` (None stays None: unknown either way)."""

    def negated(table: Table) -> bool | None:
        result = test(table)
        return result if result is None or not neg else not result

    return negated


def no_further(offer: str, kind: str) -> Test:
    """``offer`` is not cheaper (not dearer) than any other priced record: it is at least
    as dear (at least as cheap) as each of them."""

    def test(table: Table) -> bool | None:
        record = table.get(offer)
        if record is None or record.value is None:
            return None
        others = [r.value for r in table.priced() if r.value is not None and r.id != offer]
        if kind == "cheap":
            return all(record.value >= v for v in others)
        return all(record.value <= v for v in others)

    return test
