"""A loopback fake of the Anthropic Messages API."""

from __future__ import annotations

import uuid
from typing import ClassVar

from .server import FakeLLMServer, _Handler
from .wire import (
    JsonDict,
    estimate_tokens,
    prompt_text,
    split_deltas,
)


class FakeAnthropic(FakeLLMServer):
    """``POST /v1/messages``: a Message as JSON, or Server-Sent Events with ``"stream": true``.

    Requests are checked like the real API does: 401 without ``x-api-key``/``authorization``,
    400 without ``anthropic-version`` or without ``model``, ``max_tokens`` or ``messages``.
    An empty answer is ``"content": []`` (what the API sends when the model says nothing).
    """

    generation_path = "/v1/messages"
    stream_content_type = "text/event-stream; charset=utf-8"

    ERROR_TYPES: ClassVar[dict[int, str]] = {
        400: "invalid_request_error",
        401: "authentication_error",
        402: "billing_error",
        403: "permission_error",
        404: "not_found_error",
        413: "request_too_large",
        429: "rate_limit_error",
        500: "api_error",
        504: "timeout_error",
        529: "overloaded_error",
    }

    def _response_headers(self) -> dict[str, str]:
        return {"request-id": f"req_{uuid.uuid4().hex[:24]}"}

    def _validate(self, h: _Handler, body: JsonDict) -> tuple[int, str] | None:
        if not (h.headers.get("x-api-key") or h.headers.get("authorization")):
            return 401, "x-api-key header is required"
        if not h.headers.get("anthropic-version"):
            return 400, "anthropic-version: header is required"
        for name, kind in (("model", str), ("max_tokens", int), ("messages", list)):
            if not isinstance(body.get(name), kind):
                return 400, f"{name}: Field required"
        if not body["messages"]:
            return 400, "messages: at least one message is required"
        return None

    def _wants_stream(self, body: JsonDict) -> bool:
        return body.get("stream") is True

    def _complete(self, body: JsonDict, text: str) -> JsonDict:
        return {
            "id": f"msg_{uuid.uuid4().hex[:24]}",
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": [{"type": "text", "text": text}] if text else [],
            "stop_reason": "end_turn",
            "stop_sequence": None,
            "usage": {
                "input_tokens": max(1, estimate_tokens(prompt_text(body))),
                "output_tokens": estimate_tokens(text),
            },
        }

    def _stream_payloads(self, body: JsonDict, text: str) -> list[JsonDict]:
        final = self._complete(body, text)
        start = {
            **final,
            "content": [],
            "stop_reason": None,
            "usage": {**final["usage"], "output_tokens": 1},
        }
        events: list[JsonDict] = [{"type": "message_start", "message": start}]
        if text:
            block = {"type": "content_block_start", "index": 0}
            events += [
                {**block, "content_block": {"type": "text", "text": ""}},
                {"type": "ping"},
                *(
                    {
                        "type": "content_block_delta",
                        "index": 0,
                        "delta": {"type": "text_delta", "text": piece},
                    }
                    for piece in split_deltas(text)
                ),
                {"type": "content_block_stop", "index": 0},
            ]
        else:
            events.append({"type": "ping"})
        return [
            *events,
            {
                "type": "message_delta",
                "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                "usage": {"output_tokens": final["usage"]["output_tokens"]},
            },
            {"type": "message_stop"},
        ]

    def _frame(self, payload: JsonDict, data: str) -> bytes:
        return f"event: {payload['type']}\ndata: {data}\n\n".encode()

    def _error_body(self, status: int, message: str | None) -> JsonDict:
        kind = self.ERROR_TYPES.get(
            status, "api_error" if status >= 500 else "invalid_request_error"
        )
        return {"type": "error", "error": {"type": kind, "message": message or f"fake {kind}"}}
