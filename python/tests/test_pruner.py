"""Acceptance tests: every test seed 002 §7.6 lists, named after it, then §7.1–7.5, spec 001's scenarios, and what
real transcripts hold that the seeds do not picture (as src/core/prune/prune-messages.test.ts)."""

import copy
import math
from typing import Any, cast

import pytest

from prunescope import STRATEGIES, Message, PruneStrategy, find_tool_pairs, prune_messages, score_message

from .support.builders import Msg, assistant, call_turn, chat, result_turn, tool_result, tool_use, user
from .support.oracles import find_added_orphans


def prune(messages: list[Msg], strategy: str, max_turns: float) -> list[Any]:
    return prune_messages(messages, {"strategy": cast(PruneStrategy, strategy), "max_turns": max_turns})


# Seed 002 §7.6, one test per item.


def test_sliding_window_trims_10_message_list_to_4() -> None:
    messages = chat(10)
    out = prune(messages, "sliding-window", 4)
    assert out == messages[6:]
    assert all(a is b for a, b in zip(out, messages[6:]))


def test_cut_inside_tool_pair_shifts_to_preserve_pair() -> None:
    # The last 3 would start at the tool_result (index 3) and orphan its call at index 2.
    messages = [user("go"), assistant("ok"), call_turn("t1"), result_turn("t1"), assistant("done"), user("next")]
    out = prune(messages, "sliding-window", 3)
    assert out == messages[2:]
    assert len(out) > 3


def test_max_turns_0_returns_last_1_message() -> None:
    messages = chat(6)
    out = prune(messages, "sliding-window", 0)
    assert out == [messages[5]]
    assert out[0] is messages[5]


def test_summarize_8_messages_with_max_turns_4_returns_5() -> None:
    messages = chat(8)
    out = prune(messages, "summarize", 4)
    assert len(out) == 5
    assert out[0] == {"role": "user", "content": "[Previous context: 4 turns summarized]"}
    assert out[1:] == messages[4:]


def test_importance_drops_lowest_scoring_non_tool_message_first() -> None:
    # Tool messages sit early (low recency) yet must outlast the later plain chat.
    messages = [user("start"), call_turn("a"), result_turn("a"), user("chat 1"), assistant("chat 2"), user("last")]
    out = prune(messages, "importance", 3)
    assert out == [messages[1], messages[2], messages[5]]
    assert score_message(messages[1], 1, 6) > score_message(messages[4], 4, 6)
    # Without tool calls the oldest, shortest go first: index 2 outscores 0 and 1 by length.
    plain = [user("a"), assistant("b"), user("long " * 400), assistant("c"), user("d")]
    assert prune(plain, "importance", 3) == plain[2:]


def test_importance_drops_tool_pair_atomically() -> None:
    # Scores: call 0 + 0.3, result 0.125 + 0.3 (group 0.425), long answer 0.25 + 0.2 = 0.45, last protected.
    # One message over the bound, and the lowest unit is the pair: both go, though one would have sufficed.
    long_answer = assistant("x" * 1000)
    messages = [call_turn("t"), result_turn("t"), long_answer, user("q")]
    assert prune(messages, "importance", 3) == [long_answer, messages[3]]
    two_pairs = [call_turn("old"), result_turn("old"), call_turn("new"), result_turn("new"), user("last")]
    assert prune(two_pairs, "importance", 4) == two_pairs[2:]


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_all_three_strategies_return_a_new_list_reference(strategy: str) -> None:
    messages = chat(6)
    for max_turns in (3, 10):
        out = prune(messages, strategy, max_turns)
        assert out is not messages
        assert isinstance(out, list)
    assert prune_messages(tuple(messages), strategy=cast(PruneStrategy, strategy), max_turns=3) is not messages


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_empty_list_returns_empty_list(strategy: str) -> None:
    empty: list[Msg] = []
    out = prune(empty, strategy, 3)
    assert out == []
    assert out is not empty
    assert prune(empty, strategy, 0) == []


# Seed 002 §7.1–7.5 and spec 001.


def test_find_tool_pairs_maps_one_pair_to_its_indices() -> None:
    assert find_tool_pairs([user("q"), call_turn("x"), result_turn("x")]) == {"x": (1, 2)}


def test_find_tool_pairs_is_empty_without_tool_calls() -> None:
    assert find_tool_pairs(chat(5)) == {}


def test_find_tool_pairs_maps_parallel_calls_to_their_one_assistant_turn() -> None:
    pairs = find_tool_pairs([user("q"), call_turn("a", "b", "c"), result_turn("a", "b", "c")])
    assert pairs == {"a": (1, 2), "b": (1, 2), "c": (1, 2)}


def test_find_tool_pairs_keeps_the_first_pair_of_a_reused_id() -> None:
    messages = [call_turn("x"), call_turn("x"), result_turn("x"), result_turn("x")]
    # The inner result answers the nearer call (1 → 2), the outer one the first (0 → 3); the first call's pair wins.
    assert find_tool_pairs(messages) == {"x": (0, 3)}
    with pytest.raises(TypeError, match="find_tool_pairs: messages must be a list, got None"):
        find_tool_pairs(cast(Any, None))


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_short_list_is_returned_unchanged(strategy: str) -> None:
    messages = chat(4)
    for max_turns in (4, 9, math.inf):
        out = prune(messages, strategy, max_turns)
        assert out == messages
        assert all(a is b for a, b in zip(out, messages))
    one = [user("only")]
    assert prune(one, strategy, 0) == one


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_never_mutates_the_input(strategy: str) -> None:
    messages = [user("a"), call_turn("t"), result_turn("t"), assistant("b"), user("c")]
    before = copy.deepcopy(messages)
    prune(messages, strategy, 1)
    assert messages == before


def test_summary_message_has_role_user_and_the_exact_text() -> None:
    out = prune(chat(10), "summarize", 3)
    assert out[0] == {"role": "user", "content": "[Previous context: 7 turns summarized]"}
    # "turns" even for one, so callers can match it exactly.
    assert prune(chat(3), "summarize", 2)[0] == {"role": "user", "content": "[Previous context: 1 turns summarized]"}
    # Nothing replaced, no summary.
    assert prune(chat(3), "summarize", 3) == chat(3)


def test_score_message_follows_the_seed_formula() -> None:
    assert score_message(user("x" * 500), 2, 10) == pytest.approx(0.1 + 0 + 0.1)
    assert score_message(user("x" * 50_000), 0, 10) == pytest.approx(0.2)
    call: Message = {"role": "assistant", "content": [{"type": "tool_use", "id": "t", "name": "Bash", "input": "ls"}]}
    assert score_message(call, 5, 10) == pytest.approx(0.25 + 0.3 + 4 / 5000 + 2 / 5000)
    result: Message = {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "ok"}]}
    assert score_message(result, 9, 10) == pytest.approx(0.45 + 0.3 + 2 / 5000)
    assert score_message(user("q"), 0, 0) == pytest.approx(1 / 5000)
    # Length in UTF-16 code units, as the TypeScript core: 600 emoji are 1,200 units, past the cap.
    assert score_message(user("😀" * 600), 0, 10) == 0.2


def test_every_strategy_preserves_tool_call_integrity() -> None:
    messages = [
        user("task"),
        call_turn("a", "b"),
        result_turn("a", "b"),
        assistant("thinking aloud"),
        call_turn("c"),
        result_turn("c"),
        assistant("done"),
    ]
    for strategy in STRATEGIES:
        for max_turns in range(len(messages) + 1):
            out = prune(messages, strategy, max_turns)
            assert find_added_orphans(messages, out) == [], (strategy, max_turns)
            for use_index, result_index in find_tool_pairs(out).values():
                assert result_index > use_index


def test_messages_made_only_of_tool_pairs_keep_their_pairs_under_a_sliding_window() -> None:
    messages = [call_turn("a"), result_turn("a"), call_turn("b"), result_turn("b"), call_turn("c"), result_turn("c")]
    for max_turns in range(7):
        out = prune(messages, "sliding-window", max_turns)
        assert len(out) % 2 == 0
        assert find_added_orphans(messages, out) == []


# What real transcripts hold.


def test_parallel_calls_answered_by_separate_user_messages_move_as_one_group() -> None:
    # Claude Code logs each parallel result as its own user line.
    messages = [user("q"), call_turn("a", "b", "c"), result_turn("a"), result_turn("b"), result_turn("c"), user("z")]
    assert prune(messages, "sliding-window", 2) == messages[1:]
    assert find_added_orphans(messages, prune(messages, "importance", 2)) == []


def test_a_reused_tool_id_pairs_each_result_with_the_nearest_unanswered_call() -> None:
    # tau-bench reuses ids within one conversation.
    messages = [call_turn("call_1"), result_turn("call_1"), user("again"), call_turn("call_1"), result_turn("call_1")]
    assert prune(messages, "sliding-window", 2) == messages[3:]
    assert find_added_orphans(messages, prune(messages, "importance", 3)) == []


def test_a_server_tool_answered_in_the_same_message_needs_no_partner_message() -> None:
    search = {
        "role": "assistant",
        "content": [
            {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {"query": "q"}},
            {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": []},
            {"type": "text", "text": "found it"},
        ],
    }
    messages = [user("search"), search, user("thanks")]
    assert prune(messages, "sliding-window", 2) == messages[1:]
    assert find_tool_pairs(messages) == {"srvtoolu_1": (1, 1)}


def test_thinking_blocks_travel_with_their_message() -> None:
    call = {"role": "assistant", "content": [{"type": "thinking", "thinking": "let me look", "signature": "s"}, tool_use("t")]}
    messages = [user("q"), call, result_turn("t"), assistant("a")]
    out = prune(messages, "summarize", 2)
    assert out[1:] == messages[1:]
    assert out[1] is call


def test_a_broken_input_prunes_without_a_crash_or_a_new_orphan() -> None:
    messages = [result_turn("ghost"), user("q"), call_turn("lost"), user("hello"), call_turn("ok"), result_turn("ok")]
    for strategy in STRATEGIES:
        for max_turns in range(len(messages) + 1):
            assert find_added_orphans(messages, prune(messages, strategy, max_turns)) == [], (strategy, max_turns)


def test_malformed_messages_and_blocks_are_carried_through_not_fatal() -> None:
    odd: list[Any] = [
        None,
        {"role": "user"},
        {"role": "user", "content": None},
        {"role": "assistant", "content": [None, 5, "text", [], {"type": "container_upload", "file_id": "f"}]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": 7, "name": "no string id", "input": {}}]},
        user("last"),
    ]
    for strategy in STRATEGIES:
        for max_turns in range(len(odd) + 1):
            out = prune(odd, strategy, max_turns)
            assert out[-1] is odd[-1]


def test_a_fractional_max_turns_is_floored_and_below_one_acts_as_one() -> None:
    assert len(prune(chat(6), "sliding-window", 2.9)) == 2
    assert len(prune(chat(6), "importance", 0.5)) == 1


def test_config_as_keywords_or_mapping_gives_the_same_answer() -> None:
    messages = chat(8)
    by_mapping = prune_messages(messages, {"strategy": "summarize", "max_turns": 3})
    assert prune_messages(messages, strategy="summarize", max_turns=3) == by_mapping
    assert prune_messages(messages, config={"strategy": "importance", "max_turns": 3}, strategy="summarize") == by_mapping
    assert prune_messages(messages, {"strategy": "summarize", "max_turns": 3, "summary_model": "any"}) == by_mapping


@pytest.mark.parametrize(
    ("config", "error", "message"),
    [
        ({"strategy": "newest", "max_turns": 1}, TypeError, r"strategy 'newest' is unknown; expected one of sliding-window, summarize, importance"),
        ({"max_turns": 1}, TypeError, r"strategy is missing"),
        ({"strategy": "summarize", "max_turns": -1}, ValueError, r"max_turns must be 0 or more, got -1"),
        ({"strategy": "summarize", "max_turns": -math.inf}, ValueError, r"max_turns must be 0 or more"),
        ({"strategy": "summarize", "max_turns": math.nan}, TypeError, r"max_turns must be a number, got nan"),
        ({"strategy": "summarize", "max_turns": "3"}, TypeError, r"max_turns must be a number, got '3'"),
        ({"strategy": "summarize", "max_turns": True}, TypeError, r"max_turns must be a number, got True"),
        ({"strategy": "summarize"}, TypeError, r"max_turns is missing"),
        ({"strategy": "summarize", "maxTurns": 3}, TypeError, r"unknown config key 'maxTurns' \(did you mean 'max_turns'\?\)"),
        ({"strategy": "summarize", "max_turns": 3, "summary_model": 4}, TypeError, r"summary_model must be a string"),
        (["sliding-window", 3], TypeError, r"config must be a mapping"),
    ],
)
def test_a_bad_config_says_which_field_what_value_and_what_is_allowed(config: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=r"^prune_messages: " + message):
        prune_messages(chat(2), config)


def test_messages_that_are_not_a_list_are_refused() -> None:
    with pytest.raises(TypeError, match=r"^prune_messages: messages must be a list, got None$"):
        prune_messages(cast(Any, None), strategy="summarize", max_turns=1)
    with pytest.raises(TypeError, match=r"got dict$"):
        prune_messages(cast(Any, {"role": "user"}), strategy="summarize", max_turns=1)
