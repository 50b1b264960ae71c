"""A loopback fake of the Ollama chat API."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from .server import FakeLLMServer, Route, _Handler
from .wire import (
    DEFAULT_REPLY,
    JsonDict,
    estimate_tokens,
    prompt_text,
    split_deltas,
)


class FakeOllama(FakeLLMServer):
    """``POST /api/chat`` (NDJSON stream unless ``"stream": false``), ``GET /api/tags``,
    ``GET /api/version``, ``POST /api/show`` and ``GET /`` ("Ollama is running").

    Chat accepts any model name; `model` is what ``/api/tags`` lists (as ``<model>:latest``
    when it has no tag, like the real server). Errors are ``{"error": "..."}``.
    """

    generation_path = "/api/chat"
    stream_content_type = "application/x-ndjson"
    VERSION = "0.12.0"

    def __init__(self, reply_text: str = DEFAULT_REPLY, *, model: str = "llama3.2") -> None:
        super().__init__(reply_text)
        self.model = model

    def _routes(self) -> dict[tuple[str, str], Route]:
        return {
            ("GET", "/"): lambda h, _: h.send_body(200, b"Ollama is running", "text/plain", {}),
            ("GET", "/api/version"): lambda h, _: h.send_json(200, {"version": self.VERSION}, {}),
            ("GET", "/api/tags"): self._tags,
            ("POST", "/api/show"): self._show,
        }

    def _tagged_model(self) -> str:
        return self.model if ":" in self.model else f"{self.model}:latest"

    def _details(self) -> JsonDict:
        return {
            "parent_model": "",
            "format": "gguf",
            "family": "llama",
            "families": ["llama"],
            "parameter_size": "3.2B",
            "quantization_level": "Q4_K_M",
        }

    def _tags(self, h: _Handler, _body: Any) -> None:
        name = self._tagged_model()
        entry = {
            "name": name,
            "model": name,
            "modified_at": "2025-01-01T00:00:00Z",
            "size": 2_019_393_189,
            "digest": "0" * 64,
            "details": self._details(),
        }
        h.send_json(200, {"models": [entry]}, {})

    def _show(self, h: _Handler, body: Any) -> None:
        payload = {
            "license": "",
            "modelfile": f"FROM {self._tagged_model()}",
            "parameters": "",
            "template": "{{ .Prompt }}",
            "details": self._details(),
            "model_info": {"general.architecture": "llama", "llama.context_length": 131072},
            "capabilities": ["completion"],
            "modified_at": "2025-01-01T00:00:00Z",
        }
        h.send_json(200, payload, {})

    def _validate(self, h: _Handler, body: JsonDict) -> tuple[int, str] | None:
        return None if body.get("model") else (400, "model is required")

    def _wants_stream(self, body: JsonDict) -> bool:
        return body.get("stream") is not False

    def _chunk(self, body: JsonDict, content: str) -> JsonDict:
        return {
            "model": body["model"],
            "created_at": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
            "message": {"role": "assistant", "content": content},
            "done": False,
        }

    def _complete(self, body: JsonDict, text: str) -> JsonDict:
        prompt_tokens = max(1, estimate_tokens(prompt_text(body)))
        output_tokens = estimate_tokens(text)
        # Durations (ns) follow from the counts so that responses stay deterministic.
        load, prompt_ns, eval_ns = 1_000_000, prompt_tokens * 1_000_000, output_tokens * 10_000_000
        return {
            **self._chunk(body, text),
            "done": True,
            "done_reason": "stop",
            "total_duration": load + prompt_ns + eval_ns,
            "load_duration": load,
            "prompt_eval_count": prompt_tokens,
            "prompt_eval_duration": prompt_ns,
            "eval_count": output_tokens,
            "eval_duration": eval_ns,
        }

    def _stream_payloads(self, body: JsonDict, text: str) -> list[JsonDict]:
        pieces = [self._chunk(body, piece) for piece in split_deltas(text)]
        final = {**self._complete(body, text), "message": {"role": "assistant", "content": ""}}
        return [*pieces, final]

    def _frame(self, payload: JsonDict, data: str) -> bytes:
        return f"{data}\n".encode()

    def _error_body(self, status: int, message: str | None) -> JsonDict:
        return {"error": message or f"fake error (HTTP {status})"}
