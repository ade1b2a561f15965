"""Format 3's compressed bodies (``stepgraph.vocabulary``): a text deflated against a
graph's preset dictionary inflates back to exactly that text, and is kept only when
it is shorter."""

from __future__ import annotations

import pytest

from stepgraph.errors import CheckpointCorrupt, GraphError
from stepgraph.graph import END, Graph
from stepgraph.vocabulary import BASE, BASE_WORDS, Vocabulary, inflate

UPDATE = (
    '{"report":{"rows":{"^":["offers"]},"recommendedId":"B","rationale":"B is cheapest.",'
    '"claims":[{"id":"c1","kind":"cheapest","offer":"B"}]},"drafts":1}'
)
WORDS = ('{"report":{"rows":{"^":["offers"]},"recommendedId":"","rationale":"","claims":'
         '[{"id":"c1","kind":"cheapest","offer":""}]},"drafts":1}',)  # fmt: skip


def test_a_text_deflates_and_inflates_back_exactly_with_its_dictionary() -> None:
    vocabulary = Vocabulary(WORDS)
    stream = vocabulary.deflate(UPDATE)
    assert stream is not None
    assert inflate(stream, vocabulary.data, "r", "step 2") == UPDATE


def test_a_text_the_dictionary_holds_deflates_to_a_fraction_of_its_length() -> None:
    with_words, without = Vocabulary(WORDS).deflate(UPDATE), BASE.deflate(UPDATE)
    assert with_words is not None
    assert without is not None
    assert len(with_words) * 3 < len(UPDATE)
    assert len(with_words) < len(without)


def test_a_text_that_would_not_get_shorter_is_not_deflated() -> None:
    assert BASE.deflate('{"a":1}') is None
    assert BASE.deflate("") is None


def test_a_long_text_past_the_small_window_inflates_back_exactly() -> None:
    text = '{"notes":[' + ",".join(f'"note {n}: prix € {n * 7 % 97}"' for n in range(900)) + "]}"
    vocabulary = Vocabulary(WORDS)
    stream = vocabulary.deflate(text)
    assert stream is not None
    assert inflate(stream, vocabulary.data, "r", "step 2") == text


def test_a_dictionary_longer_than_the_small_window_still_inflates_back_exactly() -> None:
    vocabulary = Vocabulary([f'"word{n}":"phrase number {n}"' for n in range(400)])
    assert len(vocabulary.data) > 8192
    stream = vocabulary.deflate(UPDATE + '"word399":"phrase number 399"')
    assert stream is not None
    assert inflate(stream, vocabulary.data, "r", "step 2") == (
        UPDATE + '"word399":"phrase number 399"'
    )


def test_the_dictionary_is_the_library_words_then_the_graph_words_named_by_its_digest() -> None:
    vocabulary = Vocabulary(WORDS)
    assert vocabulary.data == "\n".join((*BASE_WORDS, *WORDS)).encode("utf-8")
    assert vocabulary.digest == Vocabulary(list(WORDS)).digest
    assert vocabulary.digest != BASE.digest
    assert len(vocabulary.digest) == 32


def test_a_damaged_stream_is_refused_as_a_corrupt_record() -> None:
    stream = Vocabulary(WORDS).deflate(UPDATE)
    assert stream is not None
    with pytest.raises(CheckpointCorrupt, match="step 2 does not inflate"):
        inflate(stream[:-3], Vocabulary(WORDS).data, "r", "step 2")
    with pytest.raises(CheckpointCorrupt, match="step 2 does not inflate"):
        inflate(stream + b"more", Vocabulary(WORDS).data, "r", "step 2")
    with pytest.raises(CheckpointCorrupt, match="step 2 does not inflate"):
        inflate(b"\xff" + stream, Vocabulary(WORDS).data, "r", "step 2")


def test_a_graph_takes_its_vocabulary_and_keeps_it_out_of_its_shape() -> None:
    def node(state: dict[str, object], context: object) -> dict[str, object]:
        return {}

    plain = Graph(name="g", nodes={"a": node}, edges={"a": END}, entry="a")
    worded = Graph(name="g", nodes={"a": node}, edges={"a": END}, entry="a", vocabulary=WORDS)
    assert plain.vocabulary is BASE
    assert worded.vocabulary.words == WORDS
    assert worded.shape == plain.shape


def test_a_vocabulary_of_anything_but_texts_is_refused() -> None:
    with pytest.raises(GraphError, match="vocabulary"):
        Vocabulary(["fine", 3])  # type: ignore[list-item]
    with pytest.raises(GraphError, match="vocabulary"):
        Vocabulary("one text, not a list of them")
