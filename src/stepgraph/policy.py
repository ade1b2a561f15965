"""Who may act on runs: a small policy naming the people allowed for each action.

A policy file is JSON: ``{"approve": ["ada"], "reject": ["ada", "bo"], "supply": ["cy"],
"reconcile": ["ops"], "reveal": ["ada"]}``. An action with no entry is allowed to nobody.
``reveal`` lets a person see a run's private fields in clear (``--reveal NAME``).
Every recorded decision names its actor; the library, the command line and the review page all check
the same policy before recording anything.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import InputError, NotAllowed

ACTIONS = ("approve", "reject", "revise", "supply", "reconcile", "reveal")
_ACTOR = re.compile(r"^[^\s\x00-\x1f][^\x00-\x1f]{0,99}$")


def check_actor(actor: object, field: str = "by") -> str:
    """``actor`` if it is a usable name (1-100 printable characters), else ``InputError``."""
    if not isinstance(actor, str) or not _ACTOR.match(actor) or actor != actor.strip():
        raise InputError(field, f"must be a name of 1-100 printable characters, not {actor!r}")
    return actor


@dataclass(frozen=True)
class Policy:
    """Action -> the actors allowed to take it."""

    allowed: Mapping[str, frozenset[str]]

    @classmethod
    def from_mapping(cls, data: object, *, source: str | None = None) -> Policy:
        """Validate a decoded policy; every problem names its field."""
        if not isinstance(data, Mapping):
            raise InputError("policy", "must be a JSON object of action -> names", source=source)
        allowed: dict[str, frozenset[str]] = {}
        for action, names in data.items():
            if action not in ACTIONS:
                raise InputError(f"policy.{action}", f"is not an action ({', '.join(ACTIONS)})",
                                 source=source)  # fmt: skip
            if isinstance(names, str) or not isinstance(names, Sequence):
                raise InputError(f"policy.{action}", "must be a list of names", source=source)
            allowed[action] = frozenset(
                check_actor(name, f"policy.{action}[{index}]") for index, name in enumerate(names)
            )
        return cls(allowed)

    @classmethod
    def load(cls, path: str) -> Policy:
        """Read a policy file; a missing or damaged one is an ``InputError`` naming it."""
        try:
            with open(path, encoding="utf-8") as handle:
                data = json.load(handle)
        except FileNotFoundError:
            raise InputError(
                "--policy", f"no policy file at {path}: write one naming who may approve, "
                'reject and supply, e.g. {"approve": ["ada"], "reject": ["ada"]}',
            ) from None  # fmt: skip
        except (OSError, ValueError) as error:
            raise InputError("policy", f"cannot read it: {error}", source=path) from error
        return cls.from_mapping(data, source=path)

    def check(self, actor: str, action: str) -> None:
        """Raise ``NotAllowed`` unless ``actor`` may take ``action``."""
        if check_actor(actor) not in self.allowed.get(action, frozenset()):
            raise NotAllowed(actor, action)
