"""Provider adapters named on the command line, and back again from a stored adapter id.

``openai:MODEL``, ``ollama:MODEL`` and ``openai-compatible:MODEL`` (with a base URL)
speak Chat Completions; ``anthropic:MODEL`` speaks Messages through Anthropic's SDK;
``local`` (or ``local:PATH.gguf``) runs a model in this process. Each adapter's module
is imported when a reference names it, never before (``choices``).
"""

from __future__ import annotations

import importlib.util
import os
from typing import TYPE_CHECKING, TypeAlias

from ..errors import InputError
from .choices import ANTHROPIC_URL, OLLAMA_URL, OPENAI_URL, PROVIDERS, is_instance

if TYPE_CHECKING:
    from .anthropic_sdk import AnthropicAdapter
    from .local import LocalAdapter
    from .openai_compat import OpenAICompatAdapter

ProviderAdapter: TypeAlias = "OpenAICompatAdapter | AnthropicAdapter | LocalAdapter"


def default_transport() -> str:
    """``sdk`` when the official openai package is installed, else the standard library."""
    return "sdk" if importlib.util.find_spec("openai") is not None else "http"


def provider_adapter(
    ref: str,
    *,
    base_url: str | None = None,
    style: str | None = None,
    tokens_field: str | None = None,
    timeout: float | None = None,
    transport: str | None = None,
    mode: str | None = None,
) -> ProviderAdapter | None:
    """The adapter ``ref`` names, or None when ``ref`` names no provider."""
    if ref == "local" or ref.startswith("local:"):
        from .local import BUNDLED, LocalAdapter

        path = ref.partition(":")[2]
        return LocalAdapter(None if path in ("", BUNDLED) else path)
    provider, sep, model = ref.partition(":")
    if not sep or provider not in PROVIDERS:
        return None
    if not model:
        raise InputError("--adapter", f"{ref!r} names no model: write {provider}:MODEL")
    seconds = 60.0 if timeout is None else timeout
    if provider == "anthropic":
        from .anthropic_sdk import AnthropicAdapter

        return AnthropicAdapter(model, base_url=base_url or ANTHROPIC_URL,
                                mode=mode or "output_config", timeout=seconds)  # fmt: skip
    if provider == "openai":
        url, key_env, tokens = base_url or OPENAI_URL, "OPENAI_API_KEY", None
    elif provider == "ollama":
        url, key_env, tokens = base_url or OLLAMA_URL, None, "max_tokens"
    elif base_url is None:
        raise InputError("--base-url", "openai-compatible:MODEL needs the server's URL")
    else:
        url, key_env, tokens = base_url, "OPENAI_API_KEY", "max_tokens"
    from .openai_compat import OpenAICompatAdapter

    return OpenAICompatAdapter(
        model,
        base_url=url,
        provider=provider,
        key_env=key_env,
        style=style or "json_schema",
        tokens_field=tokens_field or tokens or "max_completion_tokens",
        timeout=seconds,
        transport=transport or default_transport(),
        key_required=provider == "openai",
    )


def missing_key(adapter: object) -> str | None:
    """The environment variable ``adapter`` needs for its API key and lacks, or None."""
    needs = is_instance(adapter, "anthropic") or (
        is_instance(adapter, "openai") and getattr(adapter, "key_required", False)
    )
    key_env = getattr(adapter, "key_env", None)
    if needs and key_env and not os.environ.get(key_env):
        return str(key_env)
    return None


def adapter_from_id(adapter_id: str, *, transport: str | None = None) -> ProviderAdapter | None:
    """Rebuild a provider adapter from the id a run recorded (keys come from the env)."""
    if adapter_id.startswith("local:"):
        from .local import LocalAdapter

        local = LocalAdapter()
        return local if local.id == adapter_id else None
    head, at, rest = adapter_id.partition("@")
    url, hash_, switches = rest.rpartition("#")
    if not at or not hash_:
        return None
    if head.startswith("anthropic:"):
        adapter = provider_adapter(head, base_url=url, mode=switches)
    else:
        style, comma, tokens_field = switches.partition(",")
        if not comma:
            return None
        adapter = provider_adapter(head, base_url=url, style=style, tokens_field=tokens_field,
                                   transport=transport)  # fmt: skip
    return adapter if adapter is not None and adapter.id == adapter_id else None
