"""Japanese and Chinese forms, read for contradictions only (a sentence in another script is
never checked): the cheapest or dearest named before or after the record
(``\u6700\u3082\u5b89\u3044\u306e\u306f B``, ``B \u304c\u4e00\u756a\u5b89\u3044``,
``\u6700\u4fbf\u5b9c\u7684\u662f B``), a comparison (``A \u306f B \u3088\u308a\u5b89\u3044``,
negated ``... \u5b89\u304f\u3042\u308a\u307e\u305b\u3093``; ``A \u6bd4 B \u4fbf\u5b9c``,
negated ``A \u4e0d\u6bd4 B \u4fbf\u5b9c``) and a price after a colon
(``B\uff1a\u6708\u984d1,064\u5186``).

Kana and kanji are written without spaces, so the tokenizer cuts at each change of script:
a run of them is one word unit here, matched by its start or its end.
"""

from __future__ import annotations

import re

from .check import Table
from .compiled import compiled
from .judge import Test, _claim_test
from .kinds import Cheapest, MostExpensive
from .savings import SavingForms

_SKIP = frozenset({"`", "\uff1a", ":", "\u300c", "\u300d", "\u300e", "\u300f", "*", "**"})
_CHEAP = "\u5b89|\u4fbf\u5b9c"  # 安 (ja), 便宜 (zh)
_DEAR = "\u9ad8|\u8d35|\u8cb4"  # 高 (ja), 贵 / 貴 (zh)
_MOST = "\u6700\u3082|\u4e00\u756a|\u3044\u3061\u3070\u3093|\u6700"  # 最も, 一番, いちばん, 最
_BEFORE = compiled(
    rf"(?:(?:{_MOST})(?P<a>{_CHEAP}|{_DEAR})\u3044?(?:\u306e|\u3082\u306e|\u30d7\u30e9\u30f3)?"
    rf"|\u6700(?P<b>\u5b89|\u9ad8)\u5024|\u6700\u5b89|\u6700(?P<c>{_CHEAP}|{_DEAR})\u7684)"
    r"(?:\u306f|\u304c|\u662f|\u70ba|\u4e3a)$"
)  # "最も安いのは", "最安は", "最安値は", "最便宜的是": the superlative, then the record
_AFTER = compiled(
    rf"^(?:\u306f|\u304c)?(?:(?:{_MOST})(?P<a>{_CHEAP}|{_DEAR})|\u6700(?P<b>\u5b89))"
)  # "が一番安い", "は最安", "最便宜": the record, then the superlative
_THAN = compiled(rf"^\u3088\u308a(?P<a>{_CHEAP}|{_DEAR})")  # "より安い": than B, cheaper
_ZH_THAN = compiled(rf"^(?:\u8981|\u66f4|\u8fd8)?(?P<a>{_CHEAP}|{_DEAR})")  # "(更)便宜"
_NOT = compiled(r"\u304f\u3042\u308a\u307e\u305b\u3093|\u304f\u306a\u3044|\u3067\u306f\u306a\u3044")
_MONTHLY = frozenset({"\u6708\u984d", "\u6708\u989d", "\u6bcf\u6708", "\u6708"})  # 月額 每月


class CjkForms(SavingForms):
    """The Japanese and Chinese forms (see the module docstring)."""

    def _cjk_forms(self) -> None:
        for at, unit in enumerate(self.units):
            if unit.kind != "off":
                continue
            self._cjk_superlative(at)
            self._cjk_comparison(at)
            self._cjk_price(at)

    def _near(self, at: int, step: int) -> int:
        """The first unit from ``at`` in direction ``step`` that is no quote mark or colon."""
        k = at + step
        while 0 <= k < len(self.units) and self.low(k) in _SKIP:
            k += step
        return k

    def _cjk_superlative(self, at: int) -> None:
        before, after = self._near(at, -1), self._near(at, 1)
        found = _BEFORE.search(self.low(before)) if before >= 0 else None
        start, end = (before, at + 1) if found else (at, after + 1)
        if found is None and after < len(self.units):
            found = _AFTER.match(self.low(after))
        if found is None:
            return
        word = found.group("a") or found.group("b") or found.groupdict().get("c") or "\u5b89"
        offer = self.units[at].offer or ""
        claim = (
            Cheapest(id="prose", offer=offer)
            if re.fullmatch(_CHEAP, word)
            else MostExpensive(id="prose", offer=offer)
        )
        self.add(f"{offer} is the {claim.kind.replace('_', ' ')}", _claim_test(claim),
                 start, end, exact=False)  # fmt: skip

    def _cjk_comparison(self, at: int) -> None:
        """``A \u306f B \u3088\u308a\u5b89\u3044``, ``A \u6bd4 B \u4fbf\u5b9c``."""
        link = self.low(at + 1)
        negated = link == "\u4e0d\u6bd4"  # "A 不比 B 便宜": not cheaper
        if link not in ("\u306f", "\u304c", "\u6bd4", "\u4e0d\u6bd4") or self.kind(at + 2) != "off":
            return
        tail = self.low(at + 3)
        found = (_ZH_THAN if link.endswith("\u6bd4") else _THAN).match(tail)
        if found is None:
            return
        negated = negated or _NOT.search(tail) is not None
        cheap = re.fullmatch(_CHEAP, found.group("a")) is not None
        x, y = self.units[at].offer or "", self.units[at + 2].offer or ""
        self.add(f"{x} is {'not ' if negated else ''}{'cheaper' if cheap else 'dearer'} than {y}",
                 _cheaper(x, y, cheap=cheap, negated=negated), at, at + 4,
                 exact=False)  # fmt: skip

    def _cjk_price(self, at: int) -> None:
        """``B\uff1a\u6708\u984d1,064\u5186``: the price after a colon (and ``monthly``)."""
        if self.low(at + 1) not in ("\uff1a", ":"):
            return
        k = at + 2 + (self.low(at + 2) in _MONTHLY)
        if self.kind(k) != "num" or not self.money(self.units[k]):
            return
        tok = self.units[k].tok
        if tok is not None:
            self._price(self.units[at], tok, at, k + 1)


def _cheaper(x: str, y: str, *, cheap: bool, negated: bool) -> Test:
    """``x`` costs strictly less (``cheap``) or more than ``y``; or not, when ``negated``."""

    def test(table: Table) -> bool | None:
        a, b = table.get(x), table.get(y)
        if a is None or b is None or a.value is None or b.value is None:
            return None
        holds = a.value < b.value if cheap else a.value > b.value
        return holds != negated

    return test
