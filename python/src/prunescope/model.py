"""The canonical message model: the Anthropic Messages API shape, as the TypeScript core's `src/core/types.ts`.

Blocks the pruner does not know are carried through untouched; the pruner reads messages as plain mappings, so
messages loaded with `json.load`, the Anthropic SDK's `MessageParam` dicts and these TypedDicts all work. TypedDicts
cannot say "and any other key" (the TypeScript types can): a message or block with extra keys is still accepted at
runtime and passed through as it is.
"""

from collections.abc import Mapping
from typing import Literal, NotRequired, TypedDict, Union

Role = Literal["user", "assistant"]

PruneStrategy = Literal["sliding-window", "summarize", "importance"]


class TextBlock(TypedDict):
    type: Literal["text"]
    text: str


class ToolUseBlock(TypedDict):
    type: Literal["tool_use"]
    id: str
    name: str
    input: object


class ToolResultBlock(TypedDict):
    type: Literal["tool_result"]
    tool_use_id: str
    content: NotRequired[Union[str, list["ContentBlock"]]]
    is_error: NotRequired[bool]


class ThinkingBlock(TypedDict):
    type: Literal["thinking"]
    thinking: str
    signature: NotRequired[str]


class RedactedThinkingBlock(TypedDict):
    type: Literal["redacted_thinking"]
    data: str


class ImageSource(TypedDict):
    type: str
    media_type: NotRequired[str]
    data: NotRequired[str]
    url: NotRequired[str]


class ImageBlock(TypedDict):
    type: Literal["image"]
    source: ImageSource


class ServerToolUseBlock(TypedDict):
    """A tool run by the API itself (web search, code execution); its result sits in the same assistant message."""

    type: Literal["server_tool_use"]
    id: str
    name: str
    input: object


class ServerToolResultBlock(TypedDict):
    """`web_search_tool_result`, `code_execution_tool_result`, …: answers a server tool use by `tool_use_id`."""

    type: str
    tool_use_id: str
    content: object


ContentBlock = Union[
    TextBlock,
    ToolUseBlock,
    ToolResultBlock,
    ThinkingBlock,
    RedactedThinkingBlock,
    ImageBlock,
    ServerToolUseBlock,
    ServerToolResultBlock,
    # Any block this package has no type for; carried through as it is.
    Mapping[str, object],
]


class Message(TypedDict):
    role: Role
    content: Union[str, list[ContentBlock]]


class PrunerConfig(TypedDict):
    """What `prune_messages` takes; the same fields can be given as keyword arguments instead."""

    strategy: PruneStrategy
    max_turns: float
    """Upper bound on the messages kept (a message count, not user+assistant pairs). Non-integers are floored;
    below 1 acts as 1, because the most recent message is always kept. Sliding window and summarize may keep
    more to avoid splitting a tool pair."""
    summary_model: NotRequired[str]
    """Reserved for a model-written summary; the placeholder summary ignores it."""
