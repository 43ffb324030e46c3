"""What the Anthropic Messages API would reject in a request: the oracle of the repair properties and of "pruning a
broken input adds no API problem".

The package's `validate_messages(messages, "anthropic")`, itself held to the core's validator problem for problem
by the golden cases (tests/test_parity_ports.py), reduced to (message index, rule) pairs in message order.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from prunescope import validate_messages


def validate_anthropic(messages: Sequence[Mapping[str, Any]]) -> list[tuple[int, str]]:
    """(message index, rule) for every problem, sorted by message index."""
    return [(problem["message_index"], problem["rule"]) for problem in validate_messages(messages, "anthropic")]
