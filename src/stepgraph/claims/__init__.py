"""Structured claims about a table of records, checked exactly, and a fail-safe prose reader.

Any workflow whose inputs are records with ids and a numeric value (a monthly price by
default) can use it::

    table = Table.from_rows(rows, value_field="monthly", alias_fields=("source",))
    result = check_text(rationale, table, claims)   # claims: the model's JSON list
    result.reasons      # what blocks (contradicted/invalid claims, false sentences)
    result.as_dict()    # every sentence's and claim's verdict

See docs/claims.md for exactly what is checked and what is left to a person.
"""

from typing import TYPE_CHECKING

from ..errors import InvalidClaim
from ..lazy import lazy_names
from .check import Judgement, Record, Table, check_claim, matches, round_to
from .kinds import (
    KINDS,
    Amount,
    Cheapest,
    Claim,
    Count,
    Difference,
    MostExpensive,
    Order,
    Price,
    Rank,
    Tie,
    parse_claim,
    read_claims,
)
from .reader import SentenceVerdict
from .text import normalise, sentences
from .verify import DEFAULT_MAX_CHARS, ClaimVerdict, TextCheck, check_text

if TYPE_CHECKING:
    from .problems import ClaimProblem


__getattr__ = lazy_names(__name__, {"ClaimProblem": ".problems"})
"""ClaimProblem loads on first use, as in claims.kinds."""


__all__ = [
    "DEFAULT_MAX_CHARS",
    "KINDS",
    "Amount",
    "Cheapest",
    "Claim",
    "ClaimProblem",
    "ClaimVerdict",
    "Count",
    "Difference",
    "InvalidClaim",
    "Judgement",
    "MostExpensive",
    "Order",
    "Price",
    "Rank",
    "Record",
    "SentenceVerdict",
    "Table",
    "TextCheck",
    "Tie",
    "check_claim",
    "check_text",
    "matches",
    "normalise",
    "parse_claim",
    "read_claims",
    "round_to",
    "sentences",
]
