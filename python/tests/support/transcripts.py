"""Generated agent transcripts for Hypothesis, as test/support/agent-transcript-arbitrary.ts generates them.

What real logs hold: parallel calls answered in one user message or in several (Claude Code), results out of call
order, ids drawn from a tiny pool so they are reused (tau-bench), long results, `is_error`, thinking, server tools
answered in the same message, unknown blocks, and broken inputs (a call never answered, a result answering nothing,
a result placed before its call).
"""

from typing import Any

from hypothesis import strategies as st

Msg = dict[str, Any]

ids = st.sampled_from(["t1", "t2", "t3", "call_1", "toolu_01"])
# Four short texts to one long one, as the TypeScript arbitrary weighs them; Hypothesis's text includes non-ASCII.
short_text = st.text(max_size=40)
text = st.one_of(short_text, short_text, short_text, short_text, st.integers(1000, 12_000).map(lambda n: "x" * n))


def _user_text(t: str) -> list[Msg]:
    return [{"role": "user", "content": t}]


def _assistant_text(args: tuple[str, bool]) -> list[Msg]:
    t, as_blocks = args
    return [{"role": "assistant", "content": [{"type": "text", "text": t}] if as_blocks else t}]


@st.composite
def _tool_round(draw: st.DrawFn) -> list[Msg]:
    calls = draw(st.lists(ids, min_size=1, max_size=4))
    blocks: list[Msg] = []
    if draw(st.booleans()):
        blocks.append({"type": "thinking", "thinking": "considering", "signature": "sig"})
    preamble = draw(st.none() | text)
    if preamble is not None:
        blocks.append({"type": "text", "text": preamble})
    blocks += [{"type": "tool_use", "id": call_id, "name": f"tool{k}", "input": {"k": k}} for k, call_id in enumerate(calls)]
    order = list(reversed(calls)) if draw(st.booleans()) else calls
    result_text = draw(text)
    is_error = draw(st.booleans())
    results: list[Msg] = []
    for call_id in order:
        result: Msg = {"type": "tool_result", "tool_use_id": call_id, "content": result_text}
        if is_error:
            result["is_error"] = True
        results.append(result)
    out: list[Msg] = [{"role": "assistant", "content": blocks}]
    if draw(st.booleans()):
        out += [{"role": "user", "content": [result]} for result in results]
    else:
        out.append({"role": "user", "content": results})
    trailing = draw(st.none() | text)
    if trailing is not None:
        out.append({"role": "assistant", "content": trailing})
    return out


def _server_tool(call_id: str) -> list[Msg]:
    return [
        {
            "role": "assistant",
            "content": [
                {"type": "server_tool_use", "id": f"srv_{call_id}", "name": "web_search", "input": {"query": "q"}},
                {"type": "web_search_tool_result", "tool_use_id": f"srv_{call_id}", "content": []},
                {"type": "text", "text": "found"},
            ],
        }
    ]


def _orphan_call(call_id: str) -> list[Msg]:
    return [{"role": "assistant", "content": [{"type": "tool_use", "id": call_id, "name": "lost", "input": {}}]}]


def _orphan_result(call_id: str) -> list[Msg]:
    return [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": call_id, "content": "nobody asked"}]}]


def _unknown_block() -> list[Msg]:
    return [{"role": "assistant", "content": [{"type": "container_upload", "file_id": "f"}]}]


def agent_transcript(broken: bool = True, max_episodes: int = 25) -> st.SearchStrategy[list[Msg]]:
    user_text = text.map(_user_text)
    assistant_text = st.tuples(text, st.booleans()).map(_assistant_text)
    tool_round = _tool_round()
    # Weights 3 : 3 : 5 : 1 : 1 (: 1 : 1), as in the TypeScript arbitrary.
    episodes = [user_text] * 3 + [assistant_text] * 3 + [tool_round] * 5
    episodes += [ids.map(_server_tool), st.builds(_unknown_block)]
    if broken:
        episodes += [ids.map(_orphan_call), ids.map(_orphan_result)]
    return st.lists(st.one_of(episodes), max_size=max_episodes).map(lambda parts: [m for part in parts for m in part])


@st.composite
def transcript_and_bound(draw: st.DrawFn, broken: bool = True, max_episodes: int = 25) -> tuple[list[Msg], int]:
    """A transcript and a bound from 0 to n + 2."""
    messages = draw(agent_transcript(broken, max_episodes))
    return messages, draw(st.integers(0, len(messages) + 2))


# What repair reads: blank text by JavaScript's rules and by Python's (which differ: U+FEFF, U+001C, U+0085), tool
# blocks in either role, reused and missing ids, server tools, opaque content, empty messages, extra keys.
_repair_unit = st.sampled_from(["a", "b", " ", "\n", "\t", "\ufeff", "\x1c", "\x85", "\u2028", "\u3000", "\u00a0", "é", "😀"])
_repair_text = st.text(_repair_unit, max_size=6)
_repair_id = st.sampled_from(["t1", "t2", "t3"])
_repair_block = st.one_of(
    st.builds(lambda t: {"type": "text", "text": t}, _repair_text),
    st.builds(lambda i, n: {"type": "tool_use", "id": i, "name": n, "input": {}}, _repair_id, st.sampled_from(["Read", "Bash"])),
    st.builds(lambda i, t: {"type": "tool_result", "tool_use_id": i, "content": t}, _repair_id, _repair_text),
    st.builds(lambda i: {"type": "server_tool_use", "id": f"srv_{i}", "name": "web_search", "input": {}}, _repair_id),
    st.builds(lambda i: {"type": "web_search_tool_result", "tool_use_id": f"srv_{i}", "content": []}, _repair_id),
    st.just({"type": "tool_use", "id": 7, "name": "no string id", "input": {}}),
    st.just({"type": "thinking", "thinking": "hm", "signature": "s"}),
    st.sampled_from([None, 5, "a string", [], {"type": "text", "text": 3}]),
)
_repair_content = st.one_of(st.lists(_repair_block, max_size=4), st.lists(_repair_block, max_size=4), _repair_text)
_opaque_content = st.sampled_from([None, 42, {"type": "text", "text": "an object"}])


def _repair_message(args: tuple[str, object, bool]) -> Msg:
    role, content, with_id = args
    message: Msg = {"role": role, "content": content}
    if with_id:
        message["id"] = "msg"
    return message


def repair_transcript(opaque: bool = True) -> st.SearchStrategy[list[Msg]]:
    """Transcripts aimed at repair's rules, as the golden builder's repairTranscript arbitrary aims them; with
    `opaque`, some contents are neither a string nor a list (which repair carries untouched)."""
    roles = st.sampled_from(["user", "assistant"])
    content = st.one_of(_repair_content, _repair_content, _repair_content, _opaque_content) if opaque else _repair_content
    return st.lists(st.tuples(roles, content, st.booleans()).map(_repair_message), max_size=12)
