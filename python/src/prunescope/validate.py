"""`validate_messages`: what an API would answer to a request built from the messages, with the core's rules,
problem codes and the APIs' own error texts (src/core/formats/*/validate-*.ts)."""

from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict

from .links import MISSING, role_of, same_role
from .openai_chat import detect_format, read_openai_chat
from .text import JS_WHITESPACE

Api = Literal["anthropic", "openai-chat", "openai-responses"]
APIS: tuple[Api, ...] = ("anthropic", "openai-chat", "openai-responses")


class ValidationProblem(TypedDict):
    """One offence: the index of the offending message in the list given, a stable rule id, the API's text."""

    message_index: int
    rule: str
    message: str


def validate_messages(messages: Sequence[Any], api: Api) -> list[ValidationProblem]:
    """Checks messages the way `api`'s API would check the request built from them, as the core's
    `validateMessages` does: one problem per offence, sorted by `message_index`; an empty list means the API would
    accept them as far as these rules go.

    - `anthropic`: Anthropic Messages; consecutive same-role messages are merged first, as the API does. Rules
      `anthropic/tool-use-without-result`, `tool-result-not-first`, `unexpected-tool-result`,
      `duplicate-tool-use-id`, `duplicate-tool-result`, `unexpected-server-tool-result`, `empty-content`,
      `empty-text-block`, `whitespace-text-block`, `final-assistant-trailing-whitespace`.
    - `openai-chat`: Chat Completions, after `tool_use` → `tool_calls` and `tool_result` → `tool` messages. Rules
      `openai-chat/tool-calls-without-response`, `tool-without-call`, `tool-call-id-not-found`. Given OpenAI Chat
      dicts (a `system` or `tool` role), they are read as `prune_messages` reads them and `message_index` points at
      the Chat message itself.
    - `openai-responses`: Responses `input` items, after `tool_use` → `function_call` and `tool_result` →
      `function_call_output`. Rules `openai-responses/function-call-without-output`, `output-without-call`.

    Messages are Anthropic-shaped (`{role, content}`) unless said above. Never mutates; O(n) in the blocks.

    Raises `TypeError` when `messages` is not a list, a message is None (naming its index), or `api` is not one of
    the three.
    """
    if not isinstance(messages, (list, tuple)):
        raise TypeError(f"validate_messages: messages must be a list, got {'None' if messages is None else type(messages).__name__}")
    if api not in APIS:
        raise TypeError(f"validate_messages: unknown api {api!r}; expected anthropic, openai-chat or openai-responses")
    # The core throws on a null message too (it reads its content); here the error says which one.
    missing = next((i for i, message in enumerate(messages) if message is None), -1)
    if missing >= 0:
        raise TypeError(f"validate_messages: message {missing} is None, not a message (a dict with role and content)")
    if api == "anthropic":
        problems = _validate_anthropic(messages)
    elif api == "openai-responses":
        problems = _validate_responses(messages)
    elif detect_format(messages) == "openai-chat":
        reading = read_openai_chat(messages)
        problems = []
        for index, block, rule, text in _validate_chat(reading.messages):
            sources = reading.sources[index]
            problems.append(_problem(sources[min(max(block, 0), len(sources) - 1)], rule, text))
    else:
        problems = [_problem(index, rule, text) for index, _, rule, text in _validate_chat(messages)]
    return sorted(problems, key=lambda problem: problem["message_index"])


def _problem(index: int, rule: str, message: str) -> ValidationProblem:
    return {"message_index": index, "rule": rule, "message": message}


def _record(value: object) -> Mapping[str, Any] | None:
    return value if isinstance(value, Mapping) else None


def _content(message: object) -> object:
    return message.get("content") if isinstance(message, Mapping) else None


# Anthropic Messages ---------------------------------------------------------------------------------------------

Turn = tuple[object, int, list[tuple[Mapping[str, Any], int]]]


def _validate_anthropic(messages: Sequence[Any]) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    _check_content(messages, problems)
    turns: list[Turn] = []
    for m, message in enumerate(messages):
        role = role_of(message)
        if not turns or not _strict_equal(turns[-1][0], role):
            turns.append((role, m, []))
        content = _content(message)
        if isinstance(content, str):
            if content != "":
                turns[-1][2].append(({"type": "text", "text": content}, m))
        elif isinstance(content, list):
            turns[-1][2].extend((_record(raw) or {}, m) for raw in content)
    for t, turn in enumerate(turns):
        if turn[0] == "assistant":
            _check_server_results(turn, t, problems)
            _check_tool_uses(turn, t, turns[t + 1] if t + 1 < len(turns) else None, problems)
        else:
            previous = turns[t - 1] if t > 0 else None
            calls = _tool_use_ids(previous) if previous is not None and previous[0] == "assistant" else set()
            _check_tool_results(turn, t, calls, problems)
    return problems


def _strict_equal(a: object, b: object) -> bool:
    """JavaScript's `===` on roles; a missing role (undefined) equals only another missing one."""
    if a is MISSING or b is MISSING:
        return a is b
    return same_role(a, b)


def _check_content(messages: Sequence[Any], problems: list[ValidationProblem]) -> None:
    last = len(messages) - 1
    for m, message in enumerate(messages):
        final_assistant = m == last and role_of(message) == "assistant"
        content = _content(message)
        if content == "" or (isinstance(content, list) and len(content) == 0):
            if not final_assistant:
                problems.append(
                    _problem(
                        m,
                        "anthropic/empty-content",
                        f"messages.{m}: all messages must have non-empty content except for the optional final assistant message",
                    )
                )
            continue
        if isinstance(content, str):
            if final_assistant:
                _check_trailing_whitespace(content, m, problems)
            elif content.strip(JS_WHITESPACE) == "":
                problems.append(_whitespace_text(m))
            continue
        if not isinstance(content, list):
            continue
        for b, raw in enumerate(content):
            block = _record(raw)
            if block is None or block.get("type") != "text" or not isinstance(block.get("text"), str):
                continue
            text = block["text"]
            if text == "":
                problems.append(_problem(m, "anthropic/empty-text-block", "messages: text content blocks must be non-empty"))
            elif text.strip(JS_WHITESPACE) == "":
                problems.append(_whitespace_text(m))
            elif final_assistant and b == len(content) - 1:
                _check_trailing_whitespace(text, m, problems)


def _whitespace_text(m: int) -> ValidationProblem:
    return _problem(m, "anthropic/whitespace-text-block", "messages: text content blocks must contain non-whitespace text")


def _check_trailing_whitespace(text: str, m: int, problems: list[ValidationProblem]) -> None:
    # JavaScript's /\s$/: `$` without the m flag matches only at the very end.
    if text != "" and text[-1] in JS_WHITESPACE:
        problems.append(
            _problem(m, "anthropic/final-assistant-trailing-whitespace", "messages: final assistant content cannot end with trailing whitespace")
        )


def _tool_use_ids(turn: Turn) -> set[str]:
    return {block["id"] for block, _ in turn[2] if block.get("type") == "tool_use" and isinstance(block.get("id"), str)}


def _check_server_results(turn: Turn, t: int, problems: list[ValidationProblem]) -> None:
    seen: set[str] = set()
    for k, (block, m) in enumerate(turn[2]):
        kind = block.get("type")
        if kind in ("server_tool_use", "mcp_tool_use") and isinstance(block.get("id"), str):
            seen.add(block["id"])
            continue
        if not isinstance(kind, str) or kind == "tool_result" or not kind.endswith("_tool_result"):
            continue
        call_id = block.get("tool_use_id")
        if not isinstance(call_id, str) or call_id in seen:
            continue
        call = "mcp_tool_use" if kind == "mcp_tool_result" else "server_tool_use"
        problems.append(
            _problem(
                m,
                "anthropic/unexpected-server-tool-result",
                f"messages.{t}.content.{k}: unexpected `tool_use_id` found in `{kind}` blocks: {call_id}. "
                f"Each `{kind}` block must have a corresponding `{call}` block before it.",
            )
        )


def _check_tool_uses(turn: Turn, t: int, following: Turn | None, problems: list[ValidationProblem]) -> None:
    uses = [(block["id"], m) for block, m in turn[2] if block.get("type") == "tool_use" and isinstance(block.get("id"), str)]
    if not uses:
        return
    seen: set[str] = set()
    for k, (block, m) in enumerate(turn[2]):
        if block.get("type") != "tool_use" or not isinstance(block.get("id"), str):
            continue
        if block["id"] in seen:
            problems.append(_problem(m, "anthropic/duplicate-tool-use-id", f"messages.{t}.content.{k}: `tool_use` ids must be unique"))
        seen.add(block["id"])
    leading: set[str] = set()
    later: set[str] = set()
    at_start = True
    for block, _ in following[2] if following is not None else []:
        if block.get("type") != "tool_result":
            at_start = False
        elif isinstance(block.get("tool_use_id"), str):
            (leading if at_start else later).add(block["tool_use_id"])
    missing = [(call_id, m) for call_id, m in uses if call_id not in leading]
    missing_ids = list(dict.fromkeys(call_id for call_id, _ in missing))
    if not missing_ids:
        return
    if following is not None and any(call_id in later for call_id in missing_ids):
        problems.append(
            _problem(
                following[1],
                "anthropic/tool-result-not-first",
                f"messages.{t + 1}: Did not find {len(missing_ids)} `tool_result` block(s) at the beginning of this message. "
                "Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.",
            )
        )
        return
    problems.append(
        _problem(
            missing[0][1],
            "anthropic/tool-use-without-result",
            f"messages.{t}: `tool_use` ids were found without `tool_result` blocks immediately after: {', '.join(missing_ids)}. "
            "Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
        )
    )


def _check_tool_results(turn: Turn, t: int, calls: set[str], problems: list[ValidationProblem]) -> None:
    answered: set[str] = set()
    for k, (block, m) in enumerate(turn[2]):
        call_id = block.get("tool_use_id")
        if block.get("type") != "tool_result" or not isinstance(call_id, str):
            continue
        if call_id not in calls:
            problems.append(
                _problem(
                    m,
                    "anthropic/unexpected-tool-result",
                    f"messages.{t}.content.{k}: unexpected `tool_use_id` found in `tool_result` blocks: {call_id}. "
                    "Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
                )
            )
        elif call_id in answered:
            problems.append(
                _problem(
                    m,
                    "anthropic/duplicate-tool-result",
                    f"messages.{t}.content.{k}: each tool_use must have a single result. Found multiple `tool_result` blocks with id: {call_id}",
                )
            )
        answered.add(call_id)


# OpenAI Chat Completions ----------------------------------------------------------------------------------------


def _validate_chat(messages: Sequence[Any]) -> list[tuple[int, int, str, str]]:
    """(canonical message, block, rule, text) per problem, as `validateOpenAiChat` finds them."""
    problems: list[tuple[int, int, str, str]] = []
    pending: tuple[list[tuple[str, int, int]], set[str]] | None = None
    in_tool_run = False

    def close() -> None:
        nonlocal pending
        if pending is None:
            return
        calls, answered = pending
        owed = [call for call in calls if call[0] not in answered]
        if owed:
            ids = ", ".join(dict.fromkeys(call[0] for call in owed))
            problems.append(
                (
                    owed[0][1],
                    owed[0][2],
                    "openai-chat/tool-calls-without-response",
                    "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. "
                    f"The following tool_call_ids did not have response messages: {ids}",
                )
            )
        pending = None

    for role, source, block, ids in _chat_messages(messages):
        if role == "tool":
            call_id = ids[0][0]
            if not in_tool_run or pending is None:
                problems.append(
                    (
                        source,
                        block,
                        "openai-chat/tool-without-call",
                        "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
                    )
                )
            elif not any(call[0] == call_id for call in pending[0]):
                problems.append(
                    (
                        source,
                        block,
                        "openai-chat/tool-call-id-not-found",
                        f"Invalid parameter: 'tool_call_id' of '{call_id}' not found in 'tool_calls' of previous message.",
                    )
                )
            else:
                pending[1].add(call_id)
            continue
        close()
        in_tool_run = False
        if role == "assistant" and ids:
            pending = (ids, set())
            in_tool_run = True
    close()
    return problems


def _chat_messages(messages: Sequence[Any]) -> list[tuple[str, int, int, list[tuple[str, int, int]]]]:
    """The Chat messages `toOpenAIChatMessages` writes: (role, canonical index, block, [(id, index, block)])."""
    out: list[tuple[str, int, int, list[tuple[str, int, int]]]] = []
    for m, message in enumerate(messages):
        raw = _content(message)
        content = raw if isinstance(raw, list) else []
        if role_of(message) == "assistant":
            calls = [
                (block["id"], m, b)
                for b, block in enumerate(content)
                if isinstance(block, Mapping) and block.get("type") == "tool_use" and isinstance(block.get("id"), str)
            ]
            out.append(("assistant", m, 0, calls))
            continue
        if not isinstance(raw, list):
            out.append(("user", m, 0, []))
            continue
        parts = 0
        for b, block in enumerate(content):
            kind = block.get("type") if isinstance(block, Mapping) else None
            if kind == "tool_result" and isinstance(block.get("tool_use_id"), str):
                out.append(("tool", m, b, [(block["tool_use_id"], m, b)]))
            elif kind in ("text", "image"):
                parts += 1
        if parts > 0:
            out.append(("user", m, 0, []))
    return out


# OpenAI Responses -----------------------------------------------------------------------------------------------


def _validate_responses(messages: Sequence[Any]) -> list[ValidationProblem]:
    problems: list[ValidationProblem] = []
    open_calls: dict[str, list[int]] = {}
    reported: dict[str, int] = {}

    def close() -> None:
        for call_id, sources in open_calls.items():
            for source in sources:
                problems.append(
                    _problem(source, "openai-responses/function-call-without-output", f"No tool output found for function call {call_id}.")
                )
                reported[call_id] = reported.get(call_id, 0) + 1
        open_calls.clear()

    for m, message in enumerate(messages):
        raw = _content(message)
        content: list[Any] = raw if isinstance(raw, list) else [raw]
        in_message_item = False
        for item in content:
            block = _record(item)
            kind = block.get("type") if block is not None else None
            if block is not None and kind == "tool_use" and isinstance(block.get("id"), str):
                open_calls.setdefault(block["id"], []).append(m)
                in_message_item = False
            elif block is not None and kind == "tool_result" and isinstance(block.get("tool_use_id"), str):
                call_id = block["tool_use_id"]
                sources = open_calls.get(call_id)
                if sources:
                    sources.pop()
                    if not sources:
                        del open_calls[call_id]
                elif reported.get(call_id, 0) > 0:
                    reported[call_id] -= 1
                else:
                    problems.append(
                        _problem(
                            m,
                            "openai-responses/output-without-call",
                            f"No tool call found for function call output with call_id {call_id}.",
                        )
                    )
                in_message_item = False
            elif (item != "" if isinstance(item, str) else kind == "text") and not in_message_item:
                in_message_item = True
                if role_of(message) == "assistant":
                    close()
    close()
    return problems
