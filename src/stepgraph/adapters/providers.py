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
    options: dict[str, object] = {"timeout": timeout} if timeout is not None else {}
    if provider == "openai":
        url, key_env = base_url or "https://api.openai.com/v1", "OPENAI_API_KEY"
    elif provider == "ollama":
        url, key_env = base_url or OLLAMA_URL, None
        options["tokens_field"] = "max_tokens"
    else:
        if base_url is None:
            raise InputError("--base-url", "openai-compatible:MODEL needs the server's URL")
        url, key_env = base_url, "OPENAI_API_KEY"
        options["tokens_field"] = "max_tokens"
    if style is not None:
        options["style"] = style
    if tokens_field is not None:
        options["tokens_field"] = tokens_field
    return OpenAICompatAdapter(
        model,
        base_url=url,
        provider=provider,
        key_env=key_env,
        **options,  # type: ignore[arg-type]
    )


def adapter_from_id(adapter_id: str) -> OpenAICompatAdapter | None:
    """Rebuild a provider adapter from the id a run recorded (keys come from the env)."""
    head, at, rest = adapter_id.partition("@")
    url, hash_, switches = rest.rpartition("#")[0], "#", rest.rpartition("#")[2]
    style, comma, tokens_field = switches.partition(",")
    if not at or not hash_ or not comma:
        return None
    adapter = provider_adapter(head, base_url=url, style=style, tokens_field=tokens_field)
    return adapter if adapter is not None and adapter.id == adapter_id else None
