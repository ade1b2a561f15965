"""The claim kinds: typed, frozen statements about a table of priced records, and their parser.

A claims list is JSON (a model's structured output). ``parse_claim`` turns one object into
one of the dataclasses below or raises ``InvalidClaim`` naming the claim id and the field;
``read_claims`` parses a whole list and collects the problems instead of stopping at the
first. Whether a claim is *true* is decided by ``check.check_claim``, against the inputs.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any, Literal

from ..errors import InvalidClaim
from ..lazy import lazy_names
from ..records import dataclass
from .compiled import compiled

if TYPE_CHECKING:
    # re-exported for type checkers (the name loads on first use, at the end)
    from .problems import ClaimProblem as ClaimProblem  # noqa: PLC0414

Period = Literal["month", "year"]
PERIODS: tuple[Period, ...] = ("month", "year")
PERIOD_FACTOR = {"month": Decimal(1), "year": Decimal(12)}
Direction = Literal["cheaper", "more_expensive"]
DIRECTIONS: tuple[Direction, ...] = ("cheaper", "more_expensive")
Unit = Literal["amount", "percent"]
UNITS: tuple[Unit, ...] = ("amount", "percent")

_CLAIM_ID = compiled(r"[A-Za-z0-9_-]{1,16}")
_AMOUNT_TEXT = compiled(r"(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?")
# "25,00" or "7,5": a decimal comma (one or two decimals; three digits is a thousands
# separator, "1,080", read above)
_COMMA_DECIMAL = compiled(r"(\d+),(\d{1,2})")


@dataclass(frozen=True, kw_only=True)
class Amount:
    """A stated amount: its value and the decimals it was stated with (``"18.2"``: 1)."""

    value: Decimal
    places: int

    def __str__(self) -> str:
        return f"{self.value:.{self.places}f}"


@dataclass(frozen=True, kw_only=True)
class Price:
    id: str
    offer: str
    amount: Amount
    period: Period = "month"
    kind: Literal["price"] = "price"


@dataclass(frozen=True, kw_only=True)
class Cheapest:
    id: str
    offer: str
    kind: Literal["cheapest"] = "cheapest"


@dataclass(frozen=True, kw_only=True)
class MostExpensive:
    id: str
    offer: str
    kind: Literal["most_expensive"] = "most_expensive"


@dataclass(frozen=True, kw_only=True)
class Rank:
    id: str
    offer: str
    position: int
    kind: Literal["rank"] = "rank"


@dataclass(frozen=True, kw_only=True)
class Order:
    id: str
    offers: tuple[str, ...]
    kind: Literal["order"] = "order"


@dataclass(frozen=True, kw_only=True)
class Difference:
    id: str
    offer: str
    than: str
    direction: Direction
    amount: Amount
    unit: Unit
    period: Period = "month"
    kind: Literal["difference"] = "difference"


@dataclass(frozen=True, kw_only=True)
class Count:
    id: str
    value: int
    kind: Literal["count"] = "count"


@dataclass(frozen=True, kw_only=True)
class Tie:
    id: str
    offers: tuple[str, ...]
    kind: Literal["tie"] = "tie"


Claim = Price | Cheapest | MostExpensive | Rank | Order | Difference | Count | Tie

# kind -> (required fields, optional fields) besides ``id`` and ``kind``
FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "price": (("offer", "amount"), ("period",)),
    "cheapest": (("offer",), ()),
    "most_expensive": (("offer",), ()),
    "rank": (("offer", "position"), ()),
    "order": (("offers",), ()),
    "difference": (("offer", "than", "direction", "amount", "unit"), ("period",)),
    "count": (("value",), ()),
    "tie": (("offers",), ()),
}
KINDS = tuple(FIELDS)


def as_period(text: str | None) -> Period:
    """A period word as the ``Period`` type: ``year``, else ``month``."""
    return "year" if text == "year" else "month"


def offers_of(claim: Claim) -> tuple[str, ...]:
    """The record ids a claim is about, in the order it names them."""
    if isinstance(claim, Order | Tie):
        return claim.offers
    if isinstance(claim, Difference):
        return (claim.offer, claim.than)
    if isinstance(claim, Count):
        return ()
    return (claim.offer,)


def claim_fields(claim: Claim) -> dict[str, Any]:
    """The claim as JSON: its fields, amounts as strings with their stated decimals."""
    out: dict[str, Any] = {}
    for key, value in vars(claim).items():
        if isinstance(value, Amount):
            out[key] = str(value)
        elif isinstance(value, tuple):
            out[key] = list(value)
        else:
            out[key] = value
    return out


def parse_amount(value: object, claim_id: str, field: str) -> Amount:
    """A JSON amount: a non-negative number, or a string whose decimals state its precision."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise InvalidClaim(claim_id, field, f"must be a number or a numeric string, not {value!r}")
    text = value if isinstance(value, str) else repr(value)
    if isinstance(value, float) and "e" in text.lower():
        text = format(Decimal(text), "f")
    comma = _COMMA_DECIMAL.fullmatch(text.strip())
    if comma is not None:
        text = f"{comma.group(1)}.{comma.group(2)}"
    match = _AMOUNT_TEXT.fullmatch(text.strip())
    if match is None:
        raise InvalidClaim(
            claim_id, field, f"must be a non-negative amount like 90 or 18.2, not {value!r}"
        )
    try:
        number = Decimal(text.strip().replace(",", ""))
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
        raise InvalidClaim(claim_id, field, f"is not a number: {value!r}") from None
    places = len(match.group(2) or "")
    if isinstance(value, int | float) and not isinstance(value, bool) and value == int(value):
        places = 0  # 90.0 as a JSON number states no decimals
    return Amount(value=number, places=places)


def parse_claim(raw: object, index: int = 0) -> Claim:
    """One claim object -> its dataclass; ``InvalidClaim`` names the id and field broken."""
    where = f"claims[{index}]"
    if not isinstance(raw, dict):
        raise InvalidClaim(None, where, f"must be an object, not {type(raw).__name__}")
    claim_id = raw.get("id")
    if not isinstance(claim_id, str) or not _CLAIM_ID.fullmatch(claim_id):
        raise InvalidClaim(None, f"{where}.id", f"must be 1-16 of [A-Za-z0-9_-], not {claim_id!r}")
    kind = raw.get("kind")
    if kind not in FIELDS:
        raise InvalidClaim(
            claim_id, f"{where}.kind", f"must be one of {', '.join(KINDS)}, not {kind!r}"
        )
    required, optional = FIELDS[kind]
    for name in required:
        if name not in raw:
            raise InvalidClaim(claim_id, f"{where}.{name}", f"is required for a {kind} claim")
    extra = sorted(set(raw) - {"id", "kind", *required, *optional})
    if extra:
        raise InvalidClaim(claim_id, f"{where}.{extra[0]}", f"is not a field of a {kind} claim")
    return _build(kind, raw, claim_id, where)


def _build(kind: str, raw: dict[str, Any], claim_id: str, where: str) -> Claim:
    def text(name: str) -> str:
        value = raw[name]
        if not isinstance(value, str) or not value:
            raise InvalidClaim(claim_id, f"{where}.{name}", f"must be an offer id, not {value!r}")
        return value

    def choice(name: str, allowed: tuple[str, ...], default: str | None = None) -> Any:
        value = raw.get(name)
        if value is None and default is not None:
            value = default  # absent or null: the default (strict schemas send null)
        if value not in allowed:
            raise InvalidClaim(
                claim_id, f"{where}.{name}", f"must be one of {', '.join(allowed)}, not {value!r}"
            )
        return value

    def integer(name: str, least: int) -> int:
        value = raw[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise InvalidClaim(
                claim_id, f"{where}.{name}", f"must be an integer >= {least}, not {value!r}"
            )
        return value

    def id_list(name: str) -> tuple[str, ...]:
        value = raw[name]
        if not (
            isinstance(value, list)
            and len(value) >= 2
            and all(isinstance(v, str) and v for v in value)
        ):
            raise InvalidClaim(
                claim_id,
                f"{where}.{name}",
                f"must be a list of at least 2 offer ids, not {value!r}",
            )
        if len(set(value)) != len(value):
            raise InvalidClaim(claim_id, f"{where}.{name}", f"names an offer twice: {value!r}")
        return tuple(value)

    def amount() -> Amount:
        return parse_amount(raw["amount"], claim_id, f"{where}.amount")

    if kind == "price":
        return Price(
            id=claim_id,
            offer=text("offer"),
            amount=amount(),
            period=choice("period", PERIODS, "month"),
        )
    if kind == "cheapest":
        return Cheapest(id=claim_id, offer=text("offer"))
    if kind == "most_expensive":
        return MostExpensive(id=claim_id, offer=text("offer"))
    if kind == "rank":
        return Rank(id=claim_id, offer=text("offer"), position=integer("position", 1))
    if kind == "order":
        return Order(id=claim_id, offers=id_list("offers"))
    if kind == "difference":
        offer, than = text("offer"), text("than")
        if offer == than:
            raise InvalidClaim(claim_id, f"{where}.than", "must name another offer than `offer`")
        return Difference(
            id=claim_id,
            offer=offer,
            than=than,
            direction=choice("direction", DIRECTIONS),
            amount=amount(),
            unit=choice("unit", UNITS),
            period=choice("period", PERIODS, "month"),
        )
    if kind == "count":
        return Count(id=claim_id, value=integer("value", 0))
    return Tie(id=claim_id, offers=id_list("offers"))


def read_claims(raw: object) -> tuple[list[Claim], list[ClaimProblem]]:
    """Parse a claims list; malformed claims (and repeated ids) are returned as problems."""
    if raw is None:
        return [], []
    if not isinstance(raw, list):
        from .problems import ClaimProblem  # only a malformed claim makes one

        error = InvalidClaim(None, "claims", f"must be a list, not {type(raw).__name__}")
        return [], [ClaimProblem(id=None, raw=raw, error=error)]
    claims: list[Claim] = []
    problems: list[ClaimProblem] = []
    seen: set[str] = set()
    for index, item in enumerate(raw):
        item_id = item.get("id") if isinstance(item, dict) else None
        try:
            claim = parse_claim(item, index)
        except InvalidClaim as error:
            from .problems import ClaimProblem  # only a malformed claim makes one

            problems.append(
                ClaimProblem(
                    id=item_id if isinstance(item_id, str) else None, raw=item, error=error
                )
            )
            continue
        if claim.id in seen:
            from .problems import ClaimProblem

            repeated = InvalidClaim(claim.id, f"claims[{index}].id", "is used by another claim")
            problems.append(ClaimProblem(id=claim.id, raw=item, error=repeated))
            continue
        seen.add(claim.id)
        claims.append(claim)
    return claims, problems


__getattr__ = lazy_names(__name__, {"ClaimProblem": ".problems"})
"""ClaimProblem loads on first use: only a malformed claim makes one."""
