"""prunescope: prune an LLM agent's conversation to a message bound without ever orphaning a tool call.

A port of the TypeScript core's seed strategies (`pruneMessages`, `findToolPairs`, `scoreMessage`) and of its
`repairMessages`, proven identical to it on golden cases the TypeScript side writes (see README.md, "Parity").
"""

from .links import find_tool_pairs
from .model import (
    ContentBlock,
    ImageBlock,
    ImageSource,
    Message,
    PruneStrategy,
    PrunerConfig,
    RedactedThinkingBlock,
    RepairChange,
    RepairOptions,
    RepairResult,
    Role,
    ServerToolResultBlock,
    ServerToolUseBlock,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    UnansweredCalls,
)
from .pruner import STRATEGIES, create_summary_message, prune_messages
from .repair import repair_messages
from .scoring import score_message
from .text import message_text_length

__all__ = [
    "STRATEGIES",
    "ContentBlock",
    "ImageBlock",
    "ImageSource",
    "Message",
    "PruneStrategy",
    "PrunerConfig",
    "RedactedThinkingBlock",
    "RepairChange",
    "RepairOptions",
    "RepairResult",
    "Role",
    "ServerToolResultBlock",
    "ServerToolUseBlock",
    "TextBlock",
    "ThinkingBlock",
    "ToolResultBlock",
    "ToolUseBlock",
    "UnansweredCalls",
    "create_summary_message",
    "find_tool_pairs",
    "message_text_length",
    "prune_messages",
    "repair_messages",
    "score_message",
]
