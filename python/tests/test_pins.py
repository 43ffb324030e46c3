"""Pins in the seed strategies on OpenAI Chat dicts: `pinned` indexes the caller's records, as the core's
`pruneChatMessages` maps them (a `tool` record pins its run's message, with the call; a system record is kept
anyway). The expected outputs are what the TypeScript core returns on the same records (checked by hand with tsx);
the canonical cases are held to the golden file in test_parity_ports.py."""

from typing import Any

import pytest

from prunescope import prune_messages

RECORDS: list[dict[str, Any]] = [
    {"role": "system", "content": "You are an agent."},
    {"role": "user", "content": "Find the bug."},
    {"role": "assistant", "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "read", "arguments": "{}"}}]},
    {"role": "tool", "tool_call_id": "c1", "content": "file contents"},
    {"role": "assistant", "content": "It is in line 3."},
    {"role": "user", "content": "Fix it."},
    {"role": "assistant", "content": "Fixed."},
    {"role": "user", "content": "Thanks."},
]
SUMMARY = "[Previous context: 4 turns summarized]"


@pytest.mark.parametrize(
    ("strategy", "pinned", "expected"),
    [
        ("sliding-window", [3], [0, 2, 3, 7]),
        ("sliding-window", [1], [0, 1, 6, 7]),
        ("sliding-window", [0, 2], [0, 2, 3, 7]),
        ("summarize", [3], [0, 2, 3, SUMMARY, 7]),
        ("summarize", [1], [0, 1, SUMMARY, 6, 7]),
        ("summarize", [0, 2], [0, 2, 3, SUMMARY, 7]),
        ("importance", [3], [0, 2, 3, 7]),
        ("importance", [1], [0, 1, 7]),
        ("importance", [0, 2], [0, 2, 3, 7]),
    ],
)
def test_a_pin_on_a_chat_record_keeps_that_record_with_its_tool_group(strategy: str, pinned: list[int], expected: list[object]) -> None:
    out = prune_messages(RECORDS, strategy=strategy, max_turns=3, pinned=pinned)
    got = [next((i for i, record in enumerate(RECORDS) if record is message), message["content"]) for message in out]
    assert got == expected


def test_pins_outside_the_messages_are_ignored() -> None:
    plain = prune_messages(RECORDS, strategy="sliding-window", max_turns=3)
    assert prune_messages(RECORDS, strategy="sliding-window", max_turns=3, pinned=[-1, 99]) == plain
