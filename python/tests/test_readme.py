"""The READMEs' Python examples, run as doctests: what they promise is what the package does."""

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def section(text: str, heading: str) -> str:
    """The text under `heading` up to the next `## ` heading; the whole text for no heading."""
    if heading == "":
        return text
    start = text.index(heading)
    end = text.find("\n## ", start + len(heading))
    return text[start : end if end >= 0 else len(text)]


@pytest.mark.parametrize(
    ("path", "heading"),
    [(ROOT / "README.md", "## Python\n"), (ROOT / "python" / "README.md", "")],
)
def test_readme_python_examples_run(path: Path, heading: str) -> None:
    text = section(path.read_text(encoding="utf-8"), heading)
    test = doctest.DocTestParser().get_doctest(text, {}, str(path), str(path), 0)
    assert test.examples, f"{path} has no >>> examples under {heading.strip() or 'any heading'}"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} of {len(test.examples)} examples of {path} failed (see the output above)"
