"""Small constructors so scenarios read like the seeds' prose (as test/support/build-messages.ts)."""

from typing import Any

Msg = dict[str, Any]


def user(text: str) -> Msg:
    return {"role": "user", "content": text}


def assistant(text: str) -> Msg:
    return {"role": "assistant", "content": text}


def tool_use(call_id: str, name: str = "Read", input: object = None) -> Msg:
    return {"type": "tool_use", "id": call_id, "name": name, "input": {"path": f"/{call_id}"} if input is None else input}


def tool_result(call_id: str, content: str | None = None, is_error: bool = False) -> Msg:
    block: Msg = {"type": "tool_result", "tool_use_id": call_id, "content": f"result of {call_id}" if content is None else content}
    if is_error:
        block["is_error"] = True
    return block


def call_turn(*ids: str) -> Msg:
    return {"role": "assistant", "content": [tool_use(call_id) for call_id in ids]}


def result_turn(*ids: str) -> Msg:
    return {"role": "user", "content": [tool_result(call_id) for call_id in ids]}


def chat(count: int) -> list[Msg]:
    """`count` messages alternating user/assistant, texts m0, m1, …"""
    return [user(f"m{i}") if i % 2 == 0 else assistant(f"m{i}") for i in range(count)]
