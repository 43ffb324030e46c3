"""OpenAI Chat Completions messages, read into the canonical (Anthropic-shaped) messages the strategies prune.

The same reading as the TypeScript core's `parseOpenAIChat` (src/core/formats/openai-chat/parse-openai-chat.ts):
each chat message becomes one canonical message, except that a run of `tool` (or legacy `function`) messages becomes
one user message of `tool_result` blocks; leading `system`/`developer` messages are the system prompt, which pruning
never touches; a later one reads as a user message. Ids are kept as written (tau-bench reuses them; pairing is by
position). Each canonical message remembers the chat messages it came from, so a prune maps back to the caller's
own dicts.
"""

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

MessageFormat = Literal["anthropic", "openai-chat"]
FORMATS: tuple[MessageFormat, ...] = ("anthropic", "openai-chat")

CHAT_ROLES = frozenset({"system", "developer", "user", "assistant", "tool", "function"})
# Roles and keys only Chat Completions has: one of them anywhere makes the list Chat.
_CHAT_ONLY_ROLES = frozenset({"system", "developer", "tool", "function"})
# Anything else JSON can hold as a role (null, a number) is a malformed message the core carries through.
_ANTHROPIC_ROLES = frozenset({"user", "assistant"})


@dataclass
class ChatReading:
    """Chat messages read into canonical messages; `sources[k]` lists the chat indices canonical message k holds."""

    messages: list[dict[str, Any]] = field(default_factory=list)
    sources: list[list[int]] = field(default_factory=list)
    system: list[int] = field(default_factory=list)


def detect_format(messages: Sequence[object]) -> MessageFormat:
    """`openai-chat` when any message has a role only Chat Completions has (`system`, `developer`, `tool`,
    `function`) or an assistant's `tool_calls` / `function_call`, else `anthropic`: plain `{role, content}` text
    reads the same either way. Anthropic blocks inside Chat messages are carried as they are,
    so they still pair.

    Raises `TypeError` for a message whose role neither shape has (Gemini's `model`, LangChain's `human`) or an
    object that is not JSON data (an SDK object), naming its index: pruning what it cannot read could orphan a tool
    call silently. JSON values that are not messages (`null`, `5`, a role-less dict) are carried through, as the
    TypeScript core carries them.
    """
    # One pass over a list of dicts (the usual input): each message is read once while in cache; a pass per
    # question costs more than pruning the window.
    seen: set[object] = set()
    roles: set[object] | None = seen
    add = seen.add
    called = False
    try:
        for message in messages:
            add(message.get("role"))  # type: ignore[attr-defined]
            if "tool_calls" in message or "function_call" in message:  # type: ignore[operator]
                called = True
    except (AttributeError, TypeError):  # some entries are not mappings: the loop below reads each
        roles = None
    if roles is not None and roles <= _ANTHROPIC_ROLES:
        # An assistant's `tool_calls` with no `tool` answer yet (a broken Chat list) is Chat all the same.
        return "openai-chat" if called else "anthropic"
    chat = False
    for index, message in enumerate(messages):
        if not isinstance(message, Mapping):
            if message is not None and not isinstance(message, (str, int, float, list, tuple)):
                raise TypeError(
                    f"prune_messages: message {index} is a {type(message).__name__}, not a dict; give Anthropic "
                    "Messages dicts or OpenAI Chat Completions dicts (for example an SDK object's .model_dump())"
                )
            continue
        role = message.get("role")
        # A dict with no role, or a role of no API, is refused as the TypeScript core refuses it (issue 19).
        if not isinstance(role, str) or role not in CHAT_ROLES:
            raise TypeError(
                f"prune_messages: message {index} has role {role!r}, which neither Anthropic Messages (user, "
                "assistant) nor OpenAI Chat Completions (system, developer, user, assistant, tool) has"
            )
        if role in _CHAT_ONLY_ROLES or "tool_calls" in message or "function_call" in message:
            chat = True
    return "openai-chat" if chat else "anthropic"


def check_anthropic_roles(messages: Sequence[object]) -> None:
    """With `format="anthropic"`: a Chat-only role (`system`, `tool`…) is an error naming its index and role."""
    for index, message in enumerate(messages):
        role = message.get("role") if isinstance(message, Mapping) else None
        if isinstance(role, str) and role not in ("user", "assistant"):
            hint = " (an OpenAI Chat role: pass format='openai-chat')" if role in CHAT_ROLES else ""
            raise TypeError(
                f"prune_messages: message {index} has role {role!r}{hint}; Anthropic Messages have user and assistant"
            )


def read_openai_chat(records: Sequence[object]) -> ChatReading:
    """Canonical messages of Chat Completions messages, as `parseOpenAIChat` reads them.

    Raises `TypeError` naming the index and the role of a message that is not a dict or has a role Chat does not
    have (the core's detector refuses such a file).
    """
    out = ChatReading()
    tool_run: list[dict[str, Any]] | None = None
    legacy_call_id: str | None = None
    legacy_calls = 0
    for index, record in enumerate(records):
        if not isinstance(record, Mapping):
            raise TypeError(f"prune_messages: message {index} is {_describe(record)}, not an OpenAI Chat message (a dict)")
        role = record.get("role")
        if not isinstance(role, str) or role not in CHAT_ROLES:
            raise TypeError(
                f"prune_messages: message {index} has role {role!r}; OpenAI Chat messages have system, developer, "
                "user, assistant, tool or function"
            )
        if role in ("tool", "function"):
            call_id = record.get("tool_call_id")
            if not isinstance(call_id, str):
                call_id = legacy_call_id if legacy_call_id is not None else f"call_{legacy_calls}"
            legacy_call_id = None
            block = {"type": "tool_result", "tool_use_id": call_id, "content": _result_content(record.get("content"))}
            if tool_run is not None:
                tool_run.append(block)
                out.sources[-1].append(index)
            else:
                tool_run = [block]
                out.messages.append({"role": "user", "content": tool_run})
                out.sources.append([index])
            continue
        tool_run = None
        if role in ("system", "developer"):
            if not out.messages:
                out.system.append(index)
                continue
            out.messages.append({"role": "user", "content": join_text_parts(record.get("content"))})
            out.sources.append([index])
            continue
        if role == "assistant":
            content = record.get("content")
            raw_calls = record.get("tool_calls")
            calls = raw_calls if isinstance(raw_calls, list) else []
            legacy = record.get("function_call")
            legacy = legacy if isinstance(legacy, Mapping) else None
            if not calls and legacy is None and isinstance(content, str):
                out.messages.append({"role": "assistant", "content": content})
                out.sources.append([index])
                continue
            blocks: list[dict[str, Any]] = []
            if isinstance(content, str):
                if content != "":
                    blocks.append({"type": "text", "text": content})
            elif isinstance(content, list):
                blocks.extend(_part_to_block(part) for part in content)
            elif isinstance(record.get("refusal"), str):
                blocks.append({"type": "text", "text": record["refusal"]})
            for call in calls:
                if not isinstance(call, Mapping):
                    continue
                fn = call.get("function")
                if not isinstance(fn, Mapping):
                    fn = call.get("custom")
                    if not isinstance(fn, Mapping):
                        fn = {}
                call_id = call.get("id")
                if not isinstance(call_id, str):
                    call_id = f"call_{legacy_calls}"
                    legacy_calls += 1
                name = fn.get("name")
                tool_input = parse_tool_arguments(fn["arguments"]) if "arguments" in fn else fn.get("input")
                blocks.append({"type": "tool_use", "id": call_id, "name": name if isinstance(name, str) else "", "input": tool_input})
            if legacy is not None:
                legacy_call_id = f"call_{legacy_calls}"
                legacy_calls += 1
                name = legacy.get("name")
                blocks.append(
                    {
                        "type": "tool_use",
                        "id": legacy_call_id,
                        "name": name if isinstance(name, str) else "",
                        "input": parse_tool_arguments(legacy.get("arguments")),
                    }
                )
            out.messages.append({"role": "assistant", "content": blocks})
            out.sources.append([index])
            continue
        content = record.get("content")
        out.messages.append(
            {
                "role": "user",
                "content": content if isinstance(content, str) else [_part_to_block(p) for p in content] if isinstance(content, list) else "",
            }
        )
        out.sources.append([index])
    return out


def parse_tool_arguments(raw: object) -> object:
    """Tool arguments as OpenAI sends them, a JSON string, parsed as `JSON.parse` would (no NaN or Infinity);
    arguments that are not JSON are kept as written."""
    if not isinstance(raw, str):
        return raw
    try:
        return json.loads(raw, parse_constant=_reject_constant)
    except ValueError:
        return raw


def join_text_parts(content: object) -> str:
    """The core's `joinTextParts`: a string as it is, or the parts' texts joined by a blank line."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    return "\n\n".join(
        part["text"] for part in content if isinstance(part, Mapping) and isinstance(part.get("text"), str)
    )


def _reject_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")


def _result_content(content: object) -> object:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return [_part_to_block(part) for part in content]
    return ""


def _part_to_block(part: object) -> dict[str, Any]:
    if not isinstance(part, Mapping):
        return {"type": "text", "text": _js_string(part)}
    kind = part.get("type")
    if kind == "text" and isinstance(part.get("text"), str):
        return {"type": "text", "text": part["text"]}
    if kind == "image_url":
        image = part.get("image_url")
        url = image.get("url") if isinstance(image, Mapping) else image
        if isinstance(url, str):
            comma = url.find(",")
            if url.startswith("data:") and comma != -1 and url[:comma].endswith(";base64"):
                return {"type": "image", "source": {"type": "base64", "media_type": url[5 : comma - 7], "data": url[comma + 1 :]}}
            return {"type": "image", "source": {"type": "url", "url": url}}
    return {**part, "type": kind if isinstance(kind, str) else "unknown"}


def _js_string(value: object) -> str:
    """JavaScript's `String(value)` for the JSON values a content part can be."""
    from .text import js_number_string

    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return js_number_string(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return ",".join("" if item is None else _js_string(item) for item in value)
    return str(value)


def _describe(value: object) -> str:
    return "None" if value is None else f"a {type(value).__name__}"
