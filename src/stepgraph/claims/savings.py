"""Savings written in another language with the record saved against named first or the
verb first: ``Aufs Jahr gerechnet spart B gegenüber C 120 €``, ``Gegenüber B spart C
6 €``, ``Rispetto a B si risparmiano 6 euro al mese, cioè 72 euro all'anno``.

With no subject (``si risparmiano``, ``spart man``) the saving is some other record's:
false only when no record is that much cheaper than the one named. Never exact: another
language's sentence is read for contradictions only.
"""

from __future__ import annotations

from . import langs
from . import lexicon as lx
from .judge import Test, _any_of
from .lists import ListForms
from .tokens import Tok


class SavingForms(ListForms):
    """The saving forms that do not start at their subject."""

    def _other_language(self, at: int) -> None:
        """The forms of another language that start at a word, not at a record."""
        if self.low(at) in langs.ORDER_FROM and at == 0:
            self._foreign_order(at)  # "Von günstig nach teuer: B, C, A"
        if self.low(at) in langs.RANGE_VERBS:
            self._foreign_range(at)  # "Die Preise reichen von 90 € bis 120 €"
        if self.low(at) in _SAVE_OR_VS:
            self._saving(at)  # "spart B gegenüber C 120 €", "Rispetto a B si risparmiano"

    def _saving(self, at: int) -> None:
        if self.negated_anywhere or self.modal or at in self.covered:
            return
        low = self.low(at)
        if low in langs.SAVE_WORDS:  # "spart B gegenüber C 120 €", "spart man gegenüber C"
            subject, j = self._saver(at + 1)
            amounts, j = self._amounts(j)  # "bespaart C € 60 ten opzichte van B"
            versus = self._versus(j)
            if versus is None:
                return
            other, j = versus
        elif self._vs_end(at) is not None:  # "Rispetto a B si risparmiano 6 euro"
            versus = self._versus(at)
            if versus is None:
                return
            other, j = versus
            j += 1 if self.low(j) == "," else 0
            subject, j = self._saver(j)  # "Par rapport à A, B économise 30 €"
            if self.low(j) not in langs.SAVE_WORDS:
                return
            if subject is None:
                subject, j = self._saver(j + 1)
            else:
                j += 1
            amounts = []
        else:
            return
        if not amounts:
            amounts, j = self._amounts(j)
        if subject == other or not amounts:
            return
        for tok, period, hedge in amounts:
            self.add(
                f"{subject or 'some other offer'} saves {tok.text} against {other}",
                self._saving_test(subject, other, tok, period, hedge),
                at,
                j,
                exact=False,
            )

    def _saver(self, j: int) -> tuple[str | None, int]:
        """The record that saves, named right after the verb, or none (``si``, ``man``)."""
        while self.low(j) in langs.IMPERSONAL:
            j += 1
        if self.kind(j) == "off":
            return self.units[j].offer, j + 1
        return None, j

    def _versus(self, j: int) -> tuple[str, int] | None:
        """``gegenüber C``, ``rispetto a B``, ``im Vergleich zu B``: the record and the end."""
        end = self._vs_end(j)
        if end is None or self.kind(end) != "off":
            return None
        return self.units[end].offer or "", end + 1

    def _amounts(self, j: int) -> tuple[list[tuple[Tok, str | None, str | None]], int]:
        """Each amount saved, linked by ``cioè``/``also``/``soit``/``,``: its own reading."""
        found: list[tuple[Tok, str | None, str | None]] = []
        while True:
            k, hedge = j, None
            while self.low(k) == "," or (self.low(k) in langs.SO_WORDS and found):
                k += 1
            if self.low(k) in lx.HEDGES and self.kind(k + 1) == "num":
                hedge, k = lx.BOUND.get(self.low(k), self.low(k)), k + 1
            unit = self.units[k] if self.kind(k) == "num" else None
            tok = unit.tok if unit is not None else None
            if unit is None or tok is None or not self.money(unit) or (found and k == j):
                return found, j
            j, period = self._periods(k + 1, tok.period)
            found.append((tok, period, hedge))

    def _saving_test(
        self, subject: str | None, other: str, tok: Tok, period: str | None, hedge: str | None
    ) -> Test:
        savers = [subject] if subject else [r.id for r in self.table.records if r.id != other]
        tests = [
            self._difference_test(x, other, "cheaper", amount=tok, share=None, hedge=hedge,
                                  period=period)
            for x in savers
        ]  # fmt: skip
        return _any_of(tests)


# Unions the readers test words against, made once at import (the word sets never change).
_SAVE_OR_VS = frozenset(langs.SAVE_WORDS | langs.VS_CUES | langs.VS_LEADS)
