"""Laws of what issue 23 added, over generated agent transcripts (tests/support/transcripts.py), as the core's
property tests state them:

- token bounds: no orphan added, no mutation, determinism, identity and order; the kept messages' tokens are within
  `max_tokens` unless only the last message's unit is left (window), or, for importance, unless that unit alone is
  kept; a custom `token_counter` is what is counted;
- OpenAI Chat dicts: pruning never leaves a `tool` message without its call or a call without its `tool` answers
  (the core's Chat validator finds nothing new), keeps the system messages, and returns the caller's own dicts;
- observation masking: every message kept, in order; unmasked ones are the input objects; only `tool_result`
  content (and, when asked, `tool_use` input) changes, ids and `is_error` kept; no new API problem; masking the
  masked messages again changes nothing;
- `validate_messages`: deterministic, sorted, never mutates, every index in range, pruning adds no problem;
- `ContextPruner`: never mutates, the window unchanged with a reason or smaller, pinned turns and the last turn kept,
  tool groups whole, summaries never nested.
"""

import asyncio
import copy
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from prunescope import ContextPruner, estimate_message_tokens, prune_messages, validate_messages
from prunescope.context_pruner import ConversationTurn, estimate_text_tokens
from prunescope.links import glue_broken_turns, group_messages
from prunescope.prompts import content_text, is_context_summary

from .support.oracles import find_added_orphans
from .support.transcripts import Msg, agent_transcript

STRATEGIES = ("sliding-window", "summarize", "importance")


def problem_counts(messages: Sequence[Any], api: str) -> Counter[str]:
    return Counter(problem["rule"] for problem in validate_messages(messages, api))  # type: ignore[arg-type]


def to_chat(messages: Sequence[Msg], system: bool) -> list[dict[str, Any]]:
    """Anthropic messages as Chat Completions dicts, as the core's `toOpenAIChatMessages` writes them."""
    out: list[dict[str, Any]] = [{"role": "system", "content": "You are an agent."}] if system else []
    for message in messages:
        content = message["content"]
        if isinstance(content, str):
            out.append({"role": message["role"], "content": content})
            continue
        if message["role"] == "assistant":
            texts = [b["text"] for b in content if b.get("type") == "text"]
            calls = [
                {"id": b["id"], "type": "function", "function": {"name": b["name"], "arguments": "{}"}}
                for b in content
                if b.get("type") == "tool_use"
            ]
            record: dict[str, Any] = {"role": "assistant", "content": "\n\n".join(texts) if texts else None}
            if calls:
                record["tool_calls"] = calls
            out.append(record)
            continue
        parts = []
        for b in content:
            if b.get("type") == "tool_result":
                out.append({"role": "tool", "tool_call_id": b["tool_use_id"], "content": str(b.get("content"))})
            elif b.get("type") == "text":
                parts.append({"type": "text", "text": b["text"]})
        if parts:
            out.append({"role": "user", "content": parts})
    return out


REUSED_ID = [
    {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "lost", "input": {}}]},
    {"role": "user", "content": ""},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "tool0", "input": {"k": 0}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": ""}]},
    {"role": "assistant", "content": [{"type": "container_upload", "file_id": "f"}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "nobody asked"}]},
]


@settings(max_examples=150, deadline=None)
@given(agent_transcript(), st.sampled_from(STRATEGIES), st.floats(0, 1), st.booleans())
# Regression (CI, hypothesis seed 369884001): the last unit reaches back to the first call of a reused id.
@example(REUSED_ID, "sliding-window", 0.0, False)
def test_token_bounds_keep_the_laws(messages: list[Msg], strategy: str, share: float, custom: bool) -> None:
    counter = (lambda m: 2 * estimate_message_tokens(m) + 3) if custom else estimate_message_tokens
    total = sum(counter(m) for m in messages)
    budget = int(total * share)
    before = copy.deepcopy(messages)
    kwargs: dict[str, Any] = {"strategy": strategy, "max_tokens": budget, "format": "anthropic"}
    if custom:
        kwargs["token_counter"] = counter
    out = prune_messages(messages, **kwargs)
    assert messages == before
    assert prune_messages(messages, **kwargs) == out
    assert find_added_orphans(messages, out) == []
    kept = [m for m in out if any(m is x for x in messages)]
    cursor = 0
    for message in kept:
        cursor = next(i for i in range(cursor, len(messages)) if messages[i] is message) + 1
    if messages:
        assert kept and kept[-1] is messages[-1]
    used = sum(counter(m) for m in out)
    if used > budget and messages:
        # Over the budget only when what must stay is over it on its own: the last message's unit, and what lies
        # between its messages (a result answering a reused call id ties the unit to that id's first call, far back).
        units = glue_broken_turns(group_messages(messages))
        last = units.group_of[-1]
        last_unit = [m for m, u in zip(messages, units.group_of) if u == last]
        if strategy == "importance":
            # Importance's own law (the core's planImportance): whole units are dropped until the rest fits, never
            # the last message's unit, and a dropped unit that fits comes back; over the budget, that unit alone is left.
            assert [id(m) for m in kept] == [id(m) for m in last_unit]
        else:
            span = len(messages) - units.group_of.index(last)
            assert len(kept) <= span
            assert all(any(m is x for x in kept) for m in last_unit)
    for api in ("anthropic",):
        grew = problem_counts(out, api) - problem_counts(messages, api)
        assert not grew, grew


@settings(max_examples=150, deadline=None)
@given(agent_transcript(broken=False), st.sampled_from(STRATEGIES), st.integers(0, 40), st.booleans())
def test_openai_chat_dicts_prune_without_orphans(messages: list[Msg], strategy: str, bound: int, system: bool) -> None:
    records = to_chat(messages, system)
    before = copy.deepcopy(records)
    out = prune_messages(records, strategy=strategy, max_turns=bound)
    assert records == before
    assert prune_messages(records, strategy=strategy, max_turns=bound) == out
    if system:
        assert out[0] is records[0]
    made = [m for m in out if not any(m is r for r in records)]
    assert len(made) <= (1 if strategy == "summarize" else 0)
    for message in made:
        assert message["role"] == "user" and str(message["content"]).startswith("[Previous context: ")
    assert validate_messages(out, "openai-chat") == [] or problem_counts(out, "openai-chat") <= problem_counts(records, "openai-chat")


@settings(max_examples=200, deadline=None)
@given(agent_transcript(), st.integers(0, 3), st.sampled_from([0, 1, 50]), st.booleans())
def test_observation_masking_twice_is_masking_once(messages: list[Msg], keep_recent: int, min_tokens: int, clear_inputs: bool) -> None:
    # A counter with an overhead per block, as real ones have (the core's counts frame each block): a placeholder's
    # share of its message can then pass the size test, and masking the masked messages again would rewrite its
    # "≈N tokens".
    config: dict[str, Any] = {
        "strategy": "observation-masking",
        "keep_recent": keep_recent,
        "min_tokens": min_tokens,
        "clear_tool_inputs": clear_inputs,
        "token_counter": lambda message: estimate_message_tokens(message) + (40 * len(message["content"]) if isinstance(message["content"], list) else 0),
    }
    once = prune_messages(messages, config, format="anthropic")
    assert prune_messages(once, config, format="anthropic") == once


@settings(max_examples=150, deadline=None)
@given(agent_transcript(), st.integers(0, 5), st.integers(0, 100), st.booleans(), st.one_of(st.none(), st.integers(0, 3000)))
def test_observation_masking_keeps_every_message_and_pair(
    messages: list[Msg], keep_recent: int, min_tokens: int, clear_inputs: bool, max_tokens: int | None
) -> None:
    before = copy.deepcopy(messages)
    config: dict[str, Any] = {"strategy": "observation-masking", "keep_recent": keep_recent, "min_tokens": min_tokens, "clear_tool_inputs": clear_inputs}
    if max_tokens is not None:
        config["max_tokens"] = max_tokens
    out = prune_messages(messages, config, format="anthropic")
    assert messages == before
    assert out == prune_messages(messages, config, format="anthropic")
    assert len(out) == len(messages)
    for original, masked in zip(messages, out):
        if masked is original:
            continue
        assert masked["role"] == original["role"]
        assert len(masked["content"]) == len(original["content"])
        for a, b in zip(original["content"], masked["content"]):
            if a is b:
                continue
            assert a["type"] == b["type"] and a["type"] in ("tool_result", "tool_use")
            assert {k: v for k, v in a.items() if k not in ("content", "input")} == {k: v for k, v in b.items() if k not in ("content", "input")}
            if a["type"] == "tool_result":
                assert b["content"].startswith("[Old tool result cleared: ")
            else:
                assert clear_inputs and b["input"]["cleared"].startswith("[Old tool input cleared: ")
    # keep_recent counts results, not messages: the last keep_recent result blocks are the input's own.
    results = [
        (i, b) for i, m in enumerate(messages) if isinstance(m["content"], list) for b, block in enumerate(m["content"]) if block.get("type") == "tool_result"
    ]
    recent = results[len(results) - keep_recent :] if keep_recent else []
    assert all(out[i]["content"][b] is messages[i]["content"][b] for i, b in recent)
    assert find_added_orphans(messages, out) == []
    for api in ("anthropic", "openai-chat", "openai-responses"):
        assert not problem_counts(out, api) - problem_counts(messages, api)


@settings(max_examples=200, deadline=None)
@given(agent_transcript(), st.sampled_from(("anthropic", "openai-chat", "openai-responses")))
def test_validate_messages_is_pure_sorted_and_in_range(messages: list[Msg], api: str) -> None:
    before = copy.deepcopy(messages)
    problems = validate_messages(messages, api)  # type: ignore[arg-type]
    assert messages == before
    assert problems == validate_messages(messages, api)  # type: ignore[arg-type]
    indices = [p["message_index"] for p in problems]
    assert indices == sorted(indices)
    assert all(0 <= i < len(messages) for i in indices)
    assert all(p["rule"].startswith(api + "/") for p in problems)


class JoinSummarizer:
    async def summarize(self, turns: Sequence[ConversationTurn], task_context: str) -> str:
        return f"{len(turns)} turns"


def turns_of(messages: list[Msg], pins: set[int]) -> list[ConversationTurn]:
    return [
        {
            "id": f"t{i}",
            "role": m["role"],
            "content": m["content"],
            "timestamp": i,
            "pinned": i in pins,
            "token_estimate": estimate_text_tokens(content_text(m["content"])),
        }
        for i, m in enumerate(messages)
    ]


@settings(max_examples=150, deadline=None)
@given(agent_transcript(), st.floats(0.05, 1.2), st.floats(1, 3), st.integers(0, 3), st.integers(1, 6), st.sets(st.integers(0, 30), max_size=3))
def test_context_pruner_keeps_its_laws(messages: list[Msg], soft_share: float, hard_factor: float, prefix: int, tail: int, pins: set[int]) -> None:
    turns = turns_of(messages, pins)
    total = sum(t["token_estimate"] for t in turns)
    window = {"turns": turns, "total_token_estimate": total}
    before = copy.deepcopy(window)
    soft = int(total * soft_share)
    config = {"soft_limit_tokens": soft, "hard_limit_tokens": int(soft * hard_factor), "pinned_prefix_turns": prefix, "recent_tail_turns": tail, "now": lambda: 0}
    result = asyncio.run(ContextPruner(JoinSummarizer(), config).prune(window))  # type: ignore[arg-type]
    assert window == before
    if not result["pruned"]:
        assert result["window"] is window and "reason" in result
        return
    after = result["window"]
    assert after["total_token_estimate"] < total
    kept_ids = [t["id"] for t in after["turns"] if not is_context_summary(t["content"])]
    assert sum(is_context_summary(t["content"]) for t in after["turns"]) == 1
    assert turns[-1]["id"] in kept_ids
    assert all(f"t{i}" in kept_ids for i in pins if i < len(turns))
    assert [int(i[1:]) for i in kept_ids] == sorted(int(i[1:]) for i in kept_ids)
    units = group_messages(messages)
    gone = {int(t["id"][1:]) for t in turns} - {int(i[1:]) for i in kept_ids}
    for i in gone:
        assert all(units.group_of[j] != units.group_of[i] or j in gone for j in range(len(messages)))
    assert result["removed_turn_count"] == len(gone)
