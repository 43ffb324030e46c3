"""Broken turns are glued (src/core/links/glue-broken-turns.ts): the units every strategy keeps or drops whole are the
tool groups, plus, for each message holding a broken block, that message's turn (the run of its role around it) and
the message on each side of the run. Broken: an orphan, or one end of a pair whose result is not in the turn right
after the call's, or whose call is not in an assistant message.

Each scenario says what the glue changes; tests/test_properties.py holds the rule to the naive oracle and shows that
pruning a broken input then adds no API problem.
"""

import math
from typing import Any

from prunescope import prune_messages
from prunescope.links import MISSING, MessageGroups, glue_broken_turns, group_messages, role_of, same_role
from prunescope.pruner import find_window_cut

from .support.builders import Msg, assistant, call_turn, result_turn, tool_result, tool_use, user


def orphan_call(call_id: str) -> Msg:
    return {"role": "assistant", "content": [tool_use(call_id, "lost", {})]}


def orphan_result(call_id: str) -> Msg:
    return {"role": "user", "content": [tool_result(call_id, "nobody asked")]}


def units_of(messages: list[Any]) -> list[list[int]]:
    units = glue_broken_turns(group_messages(messages))
    members: list[list[int]] = [[] for _ in units.group_size]
    for i, unit in enumerate(units.group_of):
        members[unit].append(i)
    return members


def prune(messages: list[Msg], strategy: str, max_turns: int) -> list[Any]:
    return prune_messages(messages, {"strategy": strategy, "max_turns": max_turns})  # type: ignore[typeddict-item]


def test_a_clean_transcript_has_its_tool_groups_as_units_and_nothing_is_copied() -> None:
    search = {
        "role": "assistant",
        "content": [
            {"type": "server_tool_use", "id": "srv", "name": "web_search", "input": {}},
            {"type": "web_search_tool_result", "tool_use_id": "srv", "content": []},
        ],
    }
    messages = [user("q"), call_turn("a", "b"), result_turn("a"), result_turn("b"), search, user("z")]
    groups = group_messages(messages)
    # A server tool is answered in its own turn by the assistant that called it: a sound pair, not a broken one.
    assert glue_broken_turns(groups) is groups
    assert units_of(messages) == [[0], [1, 2, 3], [4], [5]]


def test_an_orphan_call_is_glued_to_its_turn_and_the_message_on_each_side() -> None:
    messages = [user("go"), assistant("let me look"), orphan_call("lost"), user("hello"), assistant("a"), user("b")]
    # The orphan's turn is messages 1-2 (both assistant), bounded by 0 and 3.
    assert units_of(messages) == [[0, 1, 2, 3], [4], [5]]
    # So the window cannot start at 3 (it would split the unit) and moves back to 0.
    assert prune(messages, "sliding-window", 3) == messages
    assert prune(messages, "sliding-window", 2) == messages[4:]
    assert prune(messages, "summarize", 2)[0]["content"] == "[Previous context: 4 turns summarized]"


def test_importance_drops_an_orphan_calls_turn_with_its_neighbours_so_no_two_calls_to_one_id_merge() -> None:
    messages = [user("q"), orphan_call("t1"), user("hello"), call_turn("t1"), result_turn("t1")]
    # Without the glue the two lowest groups are "q" and "hello"; dropping both would make the orphan call to t1 and
    # the answered call to t1 adjacent, one merged turn that calls t1 twice ("tool_use ids must be unique").
    assert units_of(messages) == [[0, 1, 2], [3, 4]]
    assert prune(messages, "importance", 3) == messages[3:]


def test_an_orphan_result_keeps_the_assistant_messages_around_it() -> None:
    messages = [user("q"), call_turn("a"), result_turn("a"), assistant("ok"), orphan_result("ghost"), assistant("fine"), user("last")]
    assert units_of(messages) == [[0], [1, 2], [3, 4, 5], [6]]
    assert prune(messages, "sliding-window", 2) == messages[3:]
    assert prune(messages, "sliding-window", 1) == messages[6:]


def test_a_pair_split_across_turns_is_broken_and_glues_both_turns() -> None:
    # The result is three turns after the call: the API would not accept it as an answer.
    messages = [user("q"), call_turn("a"), user("wait"), assistant("hm"), result_turn("a"), assistant("done")]
    assert units_of(messages) == [[0, 1, 2, 3, 4, 5]]
    for strategy in ("sliding-window", "summarize", "importance"):
        assert prune(messages, strategy, 1) == messages
    # Answered in the very next turn, the same pair is sound.
    sound = [user("q"), call_turn("a"), result_turn("a"), assistant("hm"), user("wait"), assistant("done")]
    assert units_of(sound) == [[0], [1, 2], [3], [4], [5]]


def test_a_call_in_a_user_message_is_broken_even_when_answered() -> None:
    messages = [
        {"role": "user", "content": [tool_use("u")]},
        {"role": "assistant", "content": [tool_result("u")]},
        user("x"),
        assistant("y"),
    ]
    assert units_of(messages) == [[0, 1, 2], [3]]
    assert prune(messages, "sliding-window", 2) == messages
    assert prune(messages, "sliding-window", 1) == messages[3:]


def test_a_turn_is_a_run_of_one_role_and_a_message_that_is_not_a_mapping_has_no_role() -> None:
    # None and a role-less message both have no role (JavaScript's undefined), so they are one turn; a role of None
    # (JSON null) is a role of its own. The orphan's turn is 1-2, bounded by 0 and 3.
    messages: list[Any] = [
        user("q"),
        None,
        {"content": [tool_use("x", "lost", {})]},
        {"role": None, "content": "x"},
        assistant("a"),
        user("z"),
    ]
    assert units_of(messages) == [[0, 1, 2, 3], [4], [5]]


def test_the_window_fast_path_hands_a_cut_near_a_broken_block_to_the_full_analysis() -> None:
    clean = [user("q"), call_turn("a"), result_turn("a"), assistant("ok"), user("z")]
    assert find_window_cut(clean, 3) == 1
    broken = [user("q"), orphan_call("lost"), user("hello"), assistant("ok"), user("z")]
    # The kept part starts at the user message right after the orphan's turn: only the full analysis sees the glue.
    assert find_window_cut(broken, 3) == -1
    assert prune(broken, "sliding-window", 3) == broken
    # Far below the cut, an orphan is not read at all.
    far = [orphan_call("lost"), *clean]
    assert find_window_cut(far, 3) == 2


def test_units_are_numbered_in_order_of_their_first_message() -> None:
    messages = [orphan_result("g"), assistant("a"), user("b"), call_turn("t"), user("c"), result_turn("t")]
    units = glue_broken_turns(group_messages(messages))
    assert isinstance(units, MessageGroups)
    assert units.group_of == [0, 0, 1, 2, 3, 2]
    assert units.group_size == [2, 1, 2, 1]


def test_roles_compare_as_javascripts_strict_equality() -> None:
    class Role(str):
        pass

    role: dict[str, str] = {"name": "user"}
    assert same_role("user", "user") and same_role(Role("user"), "user") and not same_role("user", "assistant")
    assert same_role(1, 1.0) and not same_role(math.nan, math.nan) and same_role(MISSING, MISSING)
    # Not Python's ==: true is not 1, null is not undefined, an object is only itself.
    assert same_role(True, True) and not same_role(True, 1) and not same_role(None, MISSING)
    assert same_role(role, role) and not same_role(role, {"name": "user"}) and not same_role("1", 1)
    assert role_of(None) is MISSING and role_of({"content": "x"}) is MISSING and role_of({"role": None}) is None


def test_the_window_cut_of_a_bound_past_the_length_keeps_everything() -> None:
    assert find_window_cut([user("a"), user("b")], 2) == 0
    assert find_window_cut([], 1) == 0
