"""The one scrubber keeps keys out of stored and printed text."""

from __future__ import annotations

from stepgraph.errors import ProviderServerError
from stepgraph.scrub import REDACTED, scrub, scrub_error


def test_the_exact_key_is_replaced_wherever_it_appears() -> None:
    assert scrub("bad key abcd1234 (abcd1234)", ["abcd1234"]) == f"bad key {REDACTED} ({REDACTED})"


def test_key_shaped_words_are_replaced_without_knowing_the_key() -> None:
    text = "Incorrect API key provided: sk-proj-AbC123xyz789. Also sk-ant-api03-Zz_9-8765432"
    assert scrub(text) == f"Incorrect API key provided: {REDACTED}. Also {REDACTED}"


def test_a_bearer_token_and_an_api_key_header_keep_their_label() -> None:
    text = 'sent "Authorization: Bearer eyJhbGciOi.J9abc" and x-api-key: k3y-0123456789'
    assert scrub(text) == f'sent "Authorization: Bearer {REDACTED}" and x-api-key: {REDACTED}'


def test_ordinary_text_is_left_alone() -> None:
    text = "HTTP 500 (server_error): the task-list is busy; sk- alone is no key"
    assert scrub(text, [None, "", "abc"]) == text


def test_an_error_keeps_its_class_and_facts_with_a_scrubbed_message() -> None:
    error = ProviderServerError("echo sk-live-0123456789", status=500, request_id="req_1")
    assert scrub_error(error) is error
    assert str(error) == f"echo {REDACTED}"
    assert (error.status, error.request_id) == (500, "req_1")
