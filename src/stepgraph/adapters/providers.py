"""Provider adapters named on the command line: ``openai:MODEL``, ``ollama:MODEL``,
``openai-compatible:MODEL`` (with a base URL), and back again from a stored adapter id.
"""

from __future__ import annotations

from ..errors import InputError
from .openai_compat import OpenAICompatAdapter

OLLAMA_URL = "http://127.0.0.1:11434/v1"
PROVIDERS = ("openai", "ollama", "openai-compatible")


def provider_adapter(
    ref: str,
    *,
    base_url: str | None = None,
    style: str | None = None,
    tokens_field: str | None = None,
    timeout: float | None = None,
) -> OpenAICompatAdapter | None:
    """The adapter ``ref`` names, or None when ``ref`` names no provider."""
    provider, sep, model = ref.partition(":")
    if not sep or provider not in PROVIDERS:
        return None
    if not model:
        raise InputError("--adapter", f"{ref!r} names no model: write {provider}:MODEL")
    if provider == "openai":
        url, key_env, tokens = base_url or "https://api.openai.com/v1", "OPENAI_API_KEY", None
    elif provider == "ollama":
        url, key_env, tokens = base_url or OLLAMA_URL, None, "max_tokens"
    elif base_url is None:
        raise InputError("--base-url", "openai-compatible:MODEL needs the server's URL")
    else:
        url, key_env, tokens = base_url, "OPENAI_API_KEY", "max_tokens"
    return OpenAICompatAdapter(
        model,
        base_url=url,
        provider=provider,
        key_env=key_env,
        style=style or "json_schema",
        tokens_field=tokens_field or tokens or "max_completion_tokens",
        timeout=60.0 if timeout is None else timeout,
    )


def adapter_from_id(adapter_id: str) -> OpenAICompatAdapter | None:
    """Rebuild a provider adapter from the id a run recorded (keys come from the env)."""
    head, at, rest = adapter_id.partition("@")
    url, hash_, switches = rest.rpartition("#")
    style, comma, tokens_field = switches.partition(",")
    if not at or not hash_ or not comma:
        return None
    adapter = provider_adapter(head, base_url=url, style=style, tokens_field=tokens_field)
    return adapter if adapter is not None and adapter.id == adapter_id else None
