"""`repair_messages`: the scenarios of src/core/repair/repair-messages.test.ts, named after what they check, then what
a port gets wrong first (JavaScript's whitespace, the order of the change list, the made message's place, errors).

tests/test_repair_properties.py holds it to laws over generated transcripts; tests/test_parity.py to the TypeScript
core's answers on every fixture and generated transcript.
"""

import copy
from typing import Any, cast

import pytest

from prunescope import Message, RepairChange, repair_messages

from .support.builders import Msg, assistant, call_turn, result_turn, tool_result, tool_use, user
from .support.validator import validate_anthropic

LOST = "Tool result missing: the transcript holds no result for this call."


def text(t: str) -> Msg:
    return {"type": "text", "text": t}


def lost(call_id: str) -> Msg:
    return {"type": "tool_result", "tool_use_id": call_id, "content": LOST, "is_error": True}


def rules(messages: list[Any]) -> list[str]:
    return [rule for _, rule in validate_anthropic(messages)]


def test_a_valid_transcript_is_unchanged_and_its_messages_are_the_same_objects() -> None:
    messages = [user("go"), call_turn("a", "b"), result_turn("a", "b"), assistant("done")]
    out = repair_messages(messages)
    assert out["changes"] == []
    assert out["origin"] == [0, 1, 2, 3]
    assert all(a is b for a, b in zip(out["messages"], messages, strict=True))
    assert out["messages"] is not messages


def test_whitespace_only_and_empty_text_blocks_are_removed_and_messages_left_empty() -> None:
    messages: list[Msg] = [
        user("go"),
        {"role": "assistant", "content": [text("\n\n"), text("Reading it."), tool_use("a")]},
        result_turn("a"),
        {"role": "assistant", "content": [text("\n\n")]},
        {"role": "assistant", "content": [text(""), text("Done.")]},
    ]
    assert rules(messages) == ["anthropic/whitespace-text-block", "anthropic/whitespace-text-block", "anthropic/empty-text-block"]
    out = repair_messages(messages)
    assert out["messages"] == [
        user("go"),
        {"role": "assistant", "content": [text("Reading it."), tool_use("a")]},
        result_turn("a"),
        {"role": "assistant", "content": [text("Done.")]},
    ]
    assert out["origin"] == [0, 1, 2, 4]
    assert out["changes"] == [
        {"index": 1, "rule": "anthropic/whitespace-text-block", "detail": "removed a whitespace-only text block"},
        {"index": 3, "rule": "anthropic/whitespace-text-block", "detail": "removed a whitespace-only text block"},
        {"index": 3, "rule": "anthropic/empty-content", "detail": "removed the message: the repair left it empty"},
        {"index": 4, "rule": "anthropic/empty-text-block", "detail": "removed an empty text block"},
    ]
    assert rules(out["messages"]) == []


def test_a_result_answering_no_call_of_the_message_before_and_an_unanswered_call_are_removed() -> None:
    messages: list[Msg] = [
        user("go"),
        {"role": "assistant", "content": [text("Two calls."), tool_use("a"), tool_use("lost")]},
        {"role": "user", "content": [tool_result("a"), tool_result("stray")]},
        assistant("done"),
    ]
    out = repair_messages(messages)
    assert out["messages"] == [
        user("go"),
        {"role": "assistant", "content": [text("Two calls."), tool_use("a")]},
        {"role": "user", "content": [tool_result("a")]},
        assistant("done"),
    ]
    assert out["changes"] == [
        {
            "index": 1,
            "rule": "anthropic/tool-use-without-result",
            "detail": "removed the tool_use lost (Read): no tool_result answers it in the next message",
        },
        {
            "index": 2,
            "rule": "anthropic/unexpected-tool-result",
            "detail": "removed the tool_result for stray: no tool_use in the message before it has that id",
        },
    ]


def test_answer_mode_answers_a_lost_call_with_an_is_error_result_right_after_the_call() -> None:
    messages: list[Msg] = [user("go"), {"role": "assistant", "content": [tool_use("a"), tool_use("lost")]}, result_turn("a"), call_turn("end")]
    out = repair_messages(messages, {"unanswered_calls": "answer"})
    assert out["messages"] == [
        user("go"),
        messages[1],
        {"role": "user", "content": [tool_result("a"), lost("lost")]},
        call_turn("end"),
        {"role": "user", "content": [lost("end")]},
    ]
    assert out["messages"][1] is messages[1]
    # The made message answers to no input message.
    assert out["origin"] == [0, 1, 2, 3, -1]
    assert out["changes"] == [
        {
            "index": 2,
            "rule": "anthropic/tool-use-without-result",
            "detail": "added an is_error tool_result for the tool_use lost (Read) before it: its result was lost",
        },
        {
            "index": 3,
            "rule": "anthropic/tool-use-without-result",
            "detail": "answered the tool_use end (Read) with an is_error tool_result in a new message after it: its result was lost",
        },
    ]
    assert rules(out["messages"]) == []
    assert repair_messages(messages, unanswered_calls="answer") == out


def test_results_are_moved_to_the_start_of_the_message_that_answers_the_calls() -> None:
    messages = [user("go"), call_turn("a"), user("wait, also this"), result_turn("a")]
    assert rules(messages) == ["anthropic/tool-result-not-first"]
    out = repair_messages(messages)
    assert out["messages"] == [user("go"), call_turn("a"), {"role": "user", "content": [tool_result("a"), text("wait, also this")]}]
    assert out["origin"] == [0, 1, 2]
    assert [change["rule"] for change in out["changes"]] == ["anthropic/tool-result-not-first", "repair/merge-same-role"]
    assert out["changes"][0]["detail"] == "moved 1 tool_result block to the start of the message, before other content"


def test_results_moved_into_a_first_message_that_held_none_are_kept() -> None:
    # The results' message is kept apart, so the move crosses messages: the text message must come back with the
    # results, or they are lost and their call orphaned (the core lost them until this was found).
    messages = [user("go"), call_turn("a"), user("wait, also this"), result_turn("a")]
    out = repair_messages(messages, keep_apart=[3])
    assert out["messages"] == [user("go"), call_turn("a"), {"role": "user", "content": [tool_result("a"), text("wait, also this")]}]
    assert out["origin"] == [0, 1, 2]
    assert rules(out["messages"]) == []
    # Malformed content between them stops the merge the same way.
    blocked: list[Msg] = [call_turn("a"), user("x"), {"role": "user", "content": None}, result_turn("a")]
    assert repair_messages(blocked)["messages"][1] == {"role": "user", "content": [tool_result("a"), text("x")]}


def test_consecutive_messages_of_one_role_are_merged_except_those_kept_apart() -> None:
    messages = [user("a"), user("b"), assistant("c"), assistant("d"), user("e")]
    merged = repair_messages(messages)
    assert merged["messages"] == [
        {"role": "user", "content": [text("a"), text("b")]},
        {"role": "assistant", "content": [text("c"), text("d")]},
        user("e"),
    ]
    assert merged["origin"] == [0, 2, 4]
    assert merged["changes"] == [
        {"index": 1, "rule": "repair/merge-same-role", "detail": "merged into the user message before it (input 0)"},
        {"index": 3, "rule": "repair/merge-same-role", "detail": "merged into the assistant message before it (input 2)"},
    ]
    apart = repair_messages(messages, keep_apart=[1])
    assert apart["messages"][0] is messages[0]
    assert apart["messages"][1] is messages[1]
    assert apart["origin"] == [0, 1, 2, 4]


def test_a_run_of_three_merges_from_the_end_and_logs_each_step() -> None:
    # Merged from the end, as the TypeScript core merges: the last message goes into the middle one first, then both
    # into the first, so message 2 is logged twice, and the changes keep that order.
    out = repair_messages([user("a"), user("b"), user("c")])
    assert out["messages"] == [{"role": "user", "content": [text("a"), text("b"), text("c")]}]
    assert out["changes"] == [
        {"index": 1, "rule": "repair/merge-same-role", "detail": "merged into the user message before it (input 0)"},
        {"index": 2, "rule": "repair/merge-same-role", "detail": "merged into the user message before it (input 1)"},
        {"index": 2, "rule": "repair/merge-same-role", "detail": "merged into the user message before it (input 0)"},
    ]


def test_trailing_whitespace_of_the_final_assistant_message_is_trimmed() -> None:
    out = repair_messages([user("go"), {"role": "assistant", "content": [text("Done.\n")]}])
    assert out["messages"][1] == {"role": "assistant", "content": [text("Done.")]}
    assert out["changes"] == [
        {
            "index": 1,
            "rule": "anthropic/final-assistant-trailing-whitespace",
            "detail": "trimmed the trailing whitespace of the final assistant message",
        }
    ]
    # A string content stays a string.
    assert repair_messages([user("go"), assistant("Done. \t")])["messages"][1] == assistant("Done.")


def test_whitespace_is_javascripts_not_pythons() -> None:
    # JavaScript's trim() takes U+FEFF but not U+001C or U+0085, the reverse of Python's str.strip().
    out = repair_messages([user("go"), {"role": "assistant", "content": [text("\ufeff"), text("\x1c"), text("ok\x85"), text("end\ufeff")]}])
    assert out["messages"][1]["content"] == [text("\x1c"), text("ok\x85"), text("end")]
    assert out["changes"][0]["detail"] == "removed a whitespace-only text block"
    assert repair_messages([user("\u2028\u3000\u00a0")])["changes"] == [
        {"index": 0, "rule": "anthropic/whitespace-text-block", "detail": "removed the message: its text is only whitespace"}
    ]
    assert repair_messages([user("\x85")])["changes"] == []


def test_tool_blocks_in_the_wrong_role_are_removed() -> None:
    messages: list[Msg] = [
        {"role": "user", "content": [text("go"), tool_use("u")]},
        {"role": "assistant", "content": [tool_result("u"), text("ok")]},
    ]
    out = repair_messages(messages)
    assert out["messages"] == [{"role": "user", "content": [text("go")]}, {"role": "assistant", "content": [text("ok")]}]
    assert out["changes"] == [
        {"index": 0, "rule": "repair/misplaced-tool-block", "detail": "removed the tool_use u from a user message"},
        {"index": 1, "rule": "repair/misplaced-tool-block", "detail": "removed the tool_result for u from an assistant message"},
    ]


def test_reused_ids_pair_by_position_so_the_later_calls_are_the_answered_ones() -> None:
    messages: list[Msg] = [user("go"), {"role": "assistant", "content": [tool_use("t", "First"), tool_use("t", "Second")]}, result_turn("t")]
    out = repair_messages(messages)
    assert out["messages"][1] == {"role": "assistant", "content": [tool_use("t", "Second")]}
    assert out["changes"] == [
        {
            "index": 1,
            "rule": "anthropic/tool-use-without-result",
            "detail": "removed the tool_use t (First): no tool_result answers it in the next message",
        }
    ]


def test_a_second_result_for_one_call_is_removed() -> None:
    out = repair_messages([user("go"), call_turn("a"), {"role": "user", "content": [tool_result("a"), tool_result("a", "again")]}])
    assert out["messages"][2] == result_turn("a")
    assert out["changes"] == [
        {"index": 2, "rule": "anthropic/duplicate-tool-result", "detail": "removed a second tool_result for a: its call is already answered"}
    ]


def test_results_in_the_first_user_turn_answer_nothing() -> None:
    out = repair_messages([result_turn("ghost"), user("hello")])
    # The two user messages merge first; then the orphan result goes, and the merged message keeps input 0's place.
    assert out["messages"] == [{"role": "user", "content": [text("hello")]}]
    assert out["origin"] == [0]
    assert [(change["index"], change["rule"]) for change in out["changes"]] == [
        (0, "anthropic/unexpected-tool-result"),
        (1, "repair/merge-same-role"),
    ]


def test_removing_a_message_joins_the_turns_around_it_and_the_next_pass_merges_them() -> None:
    # The orphan result's message empties, so the assistant messages around it meet and become one turn.
    messages: list[Msg] = [user("go"), assistant("hi"), result_turn("ghost"), call_turn("a"), result_turn("a")]
    out = repair_messages(messages)
    assert out["messages"] == [user("go"), {"role": "assistant", "content": [text("hi"), tool_use("a")]}, result_turn("a")]
    assert out["messages"][2] is messages[4]
    assert out["origin"] == [0, 1, 4]
    assert out["changes"] == [
        {"index": 2, "rule": "anthropic/unexpected-tool-result", "detail": "removed the tool_result for ghost: no tool_use in the message before it has that id"},
        {"index": 2, "rule": "anthropic/empty-content", "detail": "removed the message: the repair left it empty"},
        {"index": 3, "rule": "repair/merge-same-role", "detail": "merged into the assistant message before it (input 1)"},
    ]
    assert rules(out["messages"]) == []


def test_an_empty_final_assistant_message_is_kept_and_a_made_answer_goes_before_it() -> None:
    messages: list[Msg] = [user("go"), call_turn("a"), {"role": "assistant", "content": []}]
    out = repair_messages(messages, unanswered_calls="answer")
    # The prefill stays last; the answer to the call sits between them, a message the repair made.
    assert out["messages"] == [user("go"), call_turn("a"), {"role": "user", "content": [lost("a")]}, messages[2]]
    assert out["messages"][3] is messages[2]
    assert out["origin"] == [0, 1, -1, 2]
    assert repair_messages([user("go"), assistant("")])["changes"] == []


def test_a_message_kept_apart_is_not_the_holder_of_a_made_answer() -> None:
    messages: list[Msg] = [user("go"), call_turn("a"), user("compact summary")]
    out = repair_messages(messages, unanswered_calls="answer", keep_apart=[2])
    assert out["messages"] == [user("go"), call_turn("a"), {"role": "user", "content": [lost("a")]}, messages[2]]
    assert out["origin"] == [0, 1, -1, 2]
    merged = repair_messages(messages, unanswered_calls="answer")
    assert merged["messages"][2] == {"role": "user", "content": [lost("a"), text("compact summary")]}


def test_content_that_is_neither_a_string_nor_a_list_is_carried_untouched_and_never_merged() -> None:
    odd: list[Msg] = [user("go"), {"role": "user", "content": None}, {"role": "user", "content": {"type": "text", "text": "x"}}]
    out = repair_messages(odd)
    assert out["changes"] == []
    assert all(a is b for a, b in zip(out["messages"], odd, strict=True))


def test_results_behind_a_user_message_of_malformed_content_stay_where_they_are() -> None:
    # The turn's first message is malformed, so there is no start to move the results to; the core leaves them too,
    # and the API rejects the malformed content before it would look at the results.
    messages: list[Msg] = [call_turn("a"), {"role": "user", "content": None}, {"role": "user", "content": [text("x"), tool_result("a")]}]
    out = repair_messages(messages)
    assert out["changes"] == []
    assert all(a is b for a, b in zip(out["messages"], messages, strict=True))


def test_server_tools_and_blocks_that_are_not_objects_are_left_alone() -> None:
    search: Msg = {
        "role": "assistant",
        "content": [
            {"type": "server_tool_use", "id": "srv", "name": "web_search", "input": {}},
            {"type": "web_search_tool_result", "tool_use_id": "srv", "content": []},
        ],
    }
    odd: Msg = {"role": "user", "content": [None, 5, "a string", [], text("x")]}
    out = repair_messages([user("go"), search, odd])
    assert out["changes"] == []
    assert out["messages"][1] is search
    assert out["messages"][2] is odd


def test_extra_keys_of_a_changed_message_are_kept() -> None:
    message: Msg = {"role": "assistant", "id": "msg_1", "content": [text(" "), text("kept")], "stop_reason": "end_turn"}
    out = repair_messages([user("go"), message])
    assert out["messages"][1] == {"role": "assistant", "id": "msg_1", "content": [text("kept")], "stop_reason": "end_turn"}
    assert list(out["messages"][1]) == ["role", "id", "content", "stop_reason"]


def test_tuples_are_read_as_lists() -> None:
    messages = (user("go"), {"role": "assistant", "content": (text(" "), tool_use("a"))}, result_turn("a"))
    out = repair_messages(messages)
    assert out["messages"][1] == {"role": "assistant", "content": [tool_use("a")]}


def test_never_mutates_its_input() -> None:
    messages: list[Msg] = [user("go"), {"role": "assistant", "content": [text("\n\n"), tool_use("a")]}, user("x"), result_turn("a")]
    before = copy.deepcopy(messages)
    repair_messages(messages, unanswered_calls="answer")
    repair_messages(messages)
    assert messages == before


def test_the_change_list_is_sorted_by_input_index_and_typed() -> None:
    out = repair_messages([user(" "), call_turn("a"), user("x")])
    changes: list[RepairChange] = out["changes"]
    assert [change["index"] for change in changes] == sorted(change["index"] for change in changes)
    assert all(set(change) == {"index", "rule", "detail"} for change in changes)


@pytest.mark.parametrize(
    ("messages", "options", "error", "message"),
    [
        ("nope", {}, TypeError, r"messages must be a list, got str$"),
        ([{"role": "system", "content": "x"}], {}, TypeError, r"messages\[0\]\.role must be 'user' or 'assistant', got 'system'$"),
        ([{"content": "x"}], {}, TypeError, r"messages\[0\]\.role must be 'user' or 'assistant', and it is missing$"),
        ([None], {}, TypeError, r"messages\[0\] must be a mapping with a role, got None$"),
        ([{"role": "user", "content": "a"}], {"unanswered_calls": "drop"}, TypeError, r"options\.unanswered_calls must be 'remove' or 'answer', got 'drop'$"),
        ([{"role": "user", "content": "a"}], {"keep_apart": [1]}, ValueError, r"options\.keep_apart\[0\] must be an integer from 0 to 0, got 1$"),
        ([{"role": "user", "content": "a"}], {"keep_apart": [0.5]}, ValueError, r"options\.keep_apart\[0\] must be an integer from 0 to 0, got 0\.5$"),
        ([{"role": "user", "content": "a"}], {"keep_apart": [True]}, TypeError, r"options\.keep_apart\[0\] must be an integer from 0 to 0, got True$"),
        ([{"role": "user", "content": "a"}], {"keep_apart": 0}, TypeError, r"options\.keep_apart must be a list of message indexes, got int$"),
        ([{"role": "user", "content": "a"}], {"unansweredCalls": "answer"}, TypeError, r"unknown option 'unansweredCalls' \(did you mean 'unanswered_calls'\?\)"),
        ([{"role": "user", "content": "a"}], ["answer"], TypeError, r"options must be a mapping"),
    ],
)
def test_bad_arguments_are_refused_with_the_field_the_value_and_what_is_allowed(
    messages: Any, options: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=r"^repair_messages: " + message):
        repair_messages(messages, options)


def test_keep_apart_takes_any_collection_of_whole_numbers() -> None:
    messages = [user("a"), user("b"), user("c")]
    by_list = repair_messages(messages, keep_apart=[1, 2])
    assert by_list["messages"] == messages
    assert repair_messages(messages, keep_apart=cast(Any, (2.0, 1))) == by_list
    assert repair_messages(messages, keep_apart={1, 2}) == by_list
    assert repair_messages(messages, keep_apart=range(1, 3)) == by_list


def test_typed_messages_come_back_typed() -> None:
    typed: list[Message] = [{"role": "user", "content": "hi"}]
    out: list[Message] = repair_messages(typed)["messages"]
    assert out == typed
    assert cast(object, repair_messages([])) == {"messages": [], "changes": [], "origin": []}
