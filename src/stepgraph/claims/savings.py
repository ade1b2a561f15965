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

    def _saving(self, at: int) -> None:
        if self.negated_anywhere or self.modal or at in self.covered:
            return
        low = self.low(at)
        if low in langs.SAVE_WORDS:  # "spart B gegenüber C 120 €", "spart man gegenüber C"
            subject, j = self._saver(at + 1)
            versus = self._versus(j)
            if versus is None:
                return
            other, j = versus
        elif low in langs.VS_CUES:  # "Rispetto a B si risparmiano 6 euro", "Gegenüber B spart C"
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
        else:
            return
        if subject == other:
            return
        self._savings_from(at, j, subject, other)

    def _saver(self, j: int) -> tuple[str | None, int]:
        """The record that saves, named right after the verb, or none (``si``, ``man``)."""
        while self.low(j) in langs.IMPERSONAL:
            j += 1
        if self.kind(j) == "off":
            return self.units[j].offer, j + 1
        return None, j

    def _versus(self, j: int) -> tuple[str, int] | None:
        """``gegenüber C``, ``rispetto a B``, ``im Vergleich zu B``: the record and the end."""
        if self.low(j) not in langs.VS_CUES:
            return None
        j += 1
        if self.kind(j) == "w" and self.low(j) in langs.VS_LINKS:
            j += 1
        if self.kind(j) != "off":
            return None
        return self.units[j].offer or "", j + 1

    def _savings_from(self, start: int, j: int, subject: str | None, other: str) -> None:
        """Each amount saved, linked by ``cioè``/``also``/``soit``/``,``: its own reading."""
        while True:
            hedge = None
            if self.low(j) in lx.HEDGES and self.kind(j + 1) == "num":
                hedge, j = lx.BOUND.get(self.low(j), self.low(j)), j + 1
            unit = self.units[j] if self.kind(j) == "num" else None
            tok = unit.tok if unit is not None else None
            if unit is None or tok is None or not self.money(unit):
                return
            end, period = self._periods(j + 1, tok.period)
            self.add(
                f"{subject or 'some other offer'} saves {tok.text} against {other}",
                self._saving_test(subject, other, tok, period, hedge),
                start,
                end,
                exact=False,
            )
            j = end
            while self.low(j) == "," or self.low(j) in langs.SO_WORDS:
                j += 1

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
