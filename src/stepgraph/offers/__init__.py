"""The reference workflow: compare offers by monthly price and verify the report in code."""

from .fixture import FIXTURE_ID, FixtureAdapter
from .model import STATUSES, Status, load_offers, validate_offers
from .prompt import PROMPT
from .workflow import graph, make_inputs

__all__ = [
    "FIXTURE_ID",
    "PROMPT",
    "STATUSES",
    "FixtureAdapter",
    "Status",
    "graph",
    "load_offers",
    "make_inputs",
    "validate_offers",
]
