"""prune_messages on OpenAI Chat dicts and on what is neither shape, and its new config fields."""

import math
from typing import Any

import pytest

from prunescope import estimate_message_tokens, prune_messages, validate_messages

CHAT: list[dict[str, Any]] = [
    {"role": "system", "content": "You are an agent."},
    {"role": "user", "content": "Find the bug."},
    {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "grep", "arguments": '{"pattern": "bug"}'}},
            {"id": "b", "type": "function", "function": {"name": "cat", "arguments": '{"path": "x.py"}'}},
        ],
    },
    {"role": "tool", "tool_call_id": "a", "content": "x.py:3: bug\n" * 300},
    {"role": "tool", "tool_call_id": "b", "content": "print('bug')\n" * 300},
    {"role": "assistant", "content": "Found it."},
    {"role": "user", "content": "Fix it."},
]


def test_a_run_of_tool_messages_is_kept_or_dropped_with_its_call() -> None:
    for bound in range(0, 8):
        out = prune_messages(CHAT, strategy="sliding-window", max_turns=bound)
        assert out[0] is CHAT[0], "the system message is always kept"
        kept = {id(m) for m in out}
        assert len({id(CHAT[2]) in kept, id(CHAT[3]) in kept, id(CHAT[4]) in kept}) == 1
        assert validate_messages(out, "openai-chat") == []


def test_the_summary_is_a_chat_user_message_after_the_system_messages() -> None:
    out = prune_messages(CHAT, strategy="summarize", max_turns=2)
    assert out == [CHAT[0], {"role": "user", "content": "[Previous context: 3 turns summarized]"}, CHAT[5], CHAT[6]]


def test_masking_chat_dicts_rewrites_copies_of_the_tool_messages() -> None:
    out: list[Any] = prune_messages(CHAT, strategy="observation-masking", keep_recent=0, clear_tool_inputs=True)
    assert [m["role"] for m in out] == [m["role"] for m in CHAT]
    assert out[3]["content"] == "[Old tool result cleared: 300 lines, ≈900 tokens]" and out[3]["tool_call_id"] == "a"
    assert out[2]["tool_calls"][0]["function"]["arguments"] == '{"cleared": "[Old tool input cleared: 17 characters]"}'
    assert CHAT[3]["content"].startswith("x.py"), "never mutates"
    assert out[1] is CHAT[1]


def test_an_unanswered_tool_call_makes_the_list_chat_too() -> None:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "go"}, {"role": "assistant", "content": None, "tool_calls": [{"id": "a", "function": {"name": "f", "arguments": "{}"}}]}]
    # Read as Chat, the call is an orphan, so its turn is glued to its neighbour (read as Anthropic, it was dropped).
    assert prune_messages(messages, strategy="sliding-window", max_turns=1) == messages


@pytest.mark.parametrize(
    ("messages", "where"),
    [
        ([{"role": "user", "content": "hi"}, {"role": "model", "parts": [{"text": "hello"}]}], r"message 1 has role 'model'"),
        ([{"role": "human", "content": "hi"}], r"message 0 has role 'human'"),
        ([{"role": "user", "content": "hi"}, object()], r"message 1 is a object, not a dict"),
    ],
)
def test_what_is_neither_shape_is_a_type_error_naming_index_and_role(messages: list[Any], where: str) -> None:
    with pytest.raises(TypeError, match=where):
        prune_messages(messages, strategy="sliding-window", max_turns=1)


def test_format_anthropic_refuses_a_chat_role_and_says_what_to_pass() -> None:
    with pytest.raises(TypeError, match=r"message 0 has role 'system' \(an OpenAI Chat role: pass format='openai-chat'\)"):
        prune_messages(CHAT, strategy="importance", max_turns=2, format="anthropic")


def test_json_values_that_are_not_messages_are_carried_as_the_core_carries_them() -> None:
    messages: list[Any] = [None, 5, {"role": "user", "content": "hi"}]
    assert prune_messages(messages, strategy="sliding-window", max_turns=10) == messages


def test_a_dict_without_a_role_is_refused_with_its_index_as_the_core_refuses_it() -> None:
    with pytest.raises(TypeError, match=r"message 1 has role None"):
        prune_messages([{"role": "user", "content": "hi"}, {"content": "no role"}], strategy="sliding-window", max_turns=10)


def test_max_tokens_counts_with_the_given_counter() -> None:
    messages = [{"role": "user", "content": "a" * 40}, {"role": "assistant", "content": "b" * 40}, {"role": "user", "content": "c" * 40}]
    assert [estimate_message_tokens(m) for m in messages] == [10, 10, 10]
    assert prune_messages(messages, strategy="sliding-window", max_tokens=20) == messages[1:]
    assert prune_messages(messages, strategy="sliding-window", max_tokens=20, token_counter=lambda m: 5) == messages
    assert prune_messages(messages, strategy="importance", max_tokens=0) == messages[2:]
    assert prune_messages(messages, strategy="sliding-window", max_tokens=math.inf) == messages


@pytest.mark.parametrize(
    ("config", "error", "message"),
    [
        ({"strategy": "sliding-window"}, TypeError, r"needs max_turns or max_tokens"),
        ({"strategy": "sliding-window", "max_tokens": -1}, ValueError, r"max_tokens must be 0 or more"),
        ({"strategy": "sliding-window", "maxTokens": 5}, TypeError, r"did you mean 'max_tokens'"),
        ({"strategy": "sliding-window", "max_tokens": 5, "token_counter": 3}, TypeError, r"token_counter must be a function"),
        ({"strategy": "sliding-window", "max_tokens": 5, "token_counter": lambda m: [1, 2]}, TypeError, r"token_counter returned \[1, 2\] for message 0"),
        ({"strategy": "sliding-window", "max_turns": 5, "keep_recent": 2}, TypeError, r"unknown config key 'keep_recent'"),
        ({"strategy": "observation-masking", "keep_recent": -1}, ValueError, r"keep_recent must be from 0 to 100000"),
        ({"strategy": "observation-masking", "exclude_tools": "grep"}, TypeError, r"exclude_tools must be a list"),
        ({"strategy": "observation-masking", "max_turns": 5}, TypeError, r"observation-masking takes no max_turns bound; it takes max_tokens"),
        ({"strategy": "sliding-window", "max_turns": 5, "format": "gemini"}, TypeError, r"format must be one of anthropic, openai-chat"),
    ],
)
def test_a_bad_new_config_field_says_what_and_where(config: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        prune_messages([{"role": "user", "content": "hi"}], config)


def test_validate_messages_names_a_none_message_where_the_core_would_crash() -> None:
    with pytest.raises(TypeError, match=r"message 1 is None"):
        validate_messages([{"role": "user", "content": "hi"}, None], "anthropic")
    with pytest.raises(TypeError, match=r"unknown api 'gemini'"):
        validate_messages([], "gemini")  # type: ignore[arg-type]
