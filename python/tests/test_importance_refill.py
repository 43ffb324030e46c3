"""Importance's token-budget refill (the core's `refillDropped` and `bestFittingSuffix`): the laws of
plan-importance.test.ts over generated agent transcripts, broken ones too, with counts from 0 to 3,000 per message,
and the cases the core's unit tests pin down."""

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from prunescope import prune_messages
from prunescope.links import glue_broken_turns, group_messages

from .support.transcripts import Msg, agent_transcript


def _counter(messages: list[Msg], counts: list[int]) -> Any:
    by_id = {id(m): c for m, c in zip(messages, counts)}
    return lambda message: by_id[id(message)]


def _best_suffix_tokens(group_of: list[int], counts: list[int], max_tokens: int) -> int:
    """The tokens of the longest suffix that splits no unit, holds the last message's, and fits: an oracle by brute
    force, sharing no code with the port."""
    count = len(group_of)
    best = 0
    for cut in range(count):
        inside = set(group_of[cut:])
        if any(group_of[i] in inside for i in range(cut)):
            continue
        tokens = sum(counts[cut:])
        if tokens <= max_tokens:
            best = max(best, tokens)
    return best


@st.composite
def _importance_input(draw: st.DrawFn) -> tuple[list[Msg], list[int], int, int | None, list[int]]:
    messages = draw(agent_transcript(max_episodes=18))
    n = len(messages)
    counts = draw(st.lists(st.one_of(st.integers(0, 40), st.integers(0, 3000)), min_size=n, max_size=n))
    max_tokens = draw(st.integers(0, 20_000))
    max_turns = draw(st.none() | st.integers(0, n + 1))
    pinned = draw(st.lists(st.integers(0, n), max_size=2))
    return messages, counts, max_tokens, max_turns, pinned


@settings(max_examples=400, deadline=None)
@given(_importance_input())
def test_importance_never_keeps_less_than_the_best_fitting_suffix_nor_drops_what_still_fits(
    case: tuple[list[Msg], list[int], int, int | None, list[int]],
) -> None:
    messages, counts, max_tokens, max_turns, pinned = case
    config: dict[str, Any] = {"strategy": "importance", "max_tokens": max_tokens, "pinned": pinned, "format": "anthropic"}
    if max_turns is not None:
        config["max_turns"] = max_turns
    out = prune_messages(messages, config, token_counter=_counter(messages, counts))
    if not messages:
        return
    kept_ids = {id(m) for m in out}
    kept_flags = [id(m) in kept_ids for m in messages]
    kept_tokens = sum(c for c, k in zip(counts, kept_flags) if k)
    kept_messages = sum(kept_flags)
    group_of = glue_broken_turns(group_messages(messages)).group_of
    last = group_of[-1]
    guarded_units = {last} | {group_of[i] for i in pinned if i < len(messages)}
    guarded = [i for i, u in enumerate(group_of) if u in guarded_units]
    bound = max(1, max_turns) if max_turns is not None else float("inf")
    assert all(kept_flags[i] for i in guarded)
    if sum(counts[i] for i in guarded) <= max_tokens and len(guarded) <= bound:
        assert kept_tokens <= max_tokens and kept_messages <= bound
    if max_turns is None and not pinned:
        assert kept_tokens >= _best_suffix_tokens(group_of, counts, max_tokens)
    for unit in set(group_of) - guarded_units:
        members = [i for i, u in enumerate(group_of) if u == unit]
        if kept_flags[members[0]]:
            continue
        fits = kept_tokens + sum(counts[i] for i in members) <= max_tokens and kept_messages + len(members) <= bound
        assert not fits, f"unit {unit} ({members}) would still fit"


def _user(text: str) -> Msg:
    return {"role": "user", "content": text}


def _sized(tokens: int, word: str) -> str:
    return (f"{word} " * (tokens * 4 // (len(word) + 1) + 1))[: tokens * 4]


def test_the_most_recent_messages_that_fit_win_when_they_keep_more_than_the_best_scores() -> None:
    """The core's case: the old, long tool group outscores Z, which outscores Y; the walk drops Y, then Z, keeping
    7 of 11 tokens, and neither fits back beside the group; Y, Z and the last message fill all 11."""
    messages: list[Msg] = [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "x", "name": "Read", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x", "content": _sized(1250, "log")}]},
        _user(_sized(1250, "Y")),
        {"role": "assistant", "content": _sized(1250, "Z")},
        _user("thanks"),
    ]
    out = prune_messages(messages, strategy="importance", max_tokens=11, token_counter=_counter(messages, [1, 5, 5, 5, 1]))
    assert out == messages[2:]


def test_a_dropped_group_that_still_fits_is_added_back_best_score_first() -> None:
    """Two large results outrank the small chat lines, so the walk drops the lines, then the results too; the
    refill adds back the best that fits (the later result), and the chat lines beside it."""
    messages: list[Msg] = [_user("start")]
    for k in range(2):
        messages.append({"role": "assistant", "content": [{"type": "tool_use", "id": f"c{k}", "name": "Read", "input": {}}]})
        messages.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"c{k}", "content": "r" * 4000}]})
    messages += [{"role": "assistant", "content": "a"}, _user("b"), {"role": "assistant", "content": "done"}]
    counts = [1, 1, 100, 1, 100, 1, 1, 1]
    out = prune_messages(messages, strategy="importance", max_tokens=105, token_counter=_counter(messages, counts))
    assert out == [messages[0], *messages[3:]]
