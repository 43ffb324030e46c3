"""`pip install ./python` works offline from the checkout and installs a typed, stdlib-only package."""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

PYTHON_DIR = Path(__file__).resolve().parents[1]


def test_pyproject_is_pep_621_with_no_runtime_dependencies() -> None:
    project = tomllib.loads((PYTHON_DIR / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["name"] == "prunescope"
    assert project["dependencies"] == []
    assert project["requires-python"] == ">=3.11"
    assert (PYTHON_DIR / "src" / "prunescope" / "py.typed").is_file()


@pytest.mark.skipif(shutil.which("pip") is None and not Path(sys.executable).with_name("pip").exists(), reason="no pip")
def test_pip_installs_the_checkout_offline_into_a_fresh_venv(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    # Without pytest-cov's variables: a child measured with other settings (lines, not branches) breaks the combine.
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_CORE_") and k != "COVERAGE_PROCESS_START"}
    # Debian's setuptools, reached through the system site packages: no index is needed, so it works offline.
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, env=env)
    python = venv / "bin" / "python"
    source = tmp_path / "source"
    shutil.copytree(PYTHON_DIR, source, ignore=shutil.ignore_patterns("tests", "bench", "build", "*.egg-info", "__pycache__"))
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--no-index", "--no-build-isolation", str(source)],
        check=True,
        capture_output=True,
        env=env,
    )
    probe = (
        "import importlib.resources as r, prunescope as p; "
        "assert r.files('prunescope').joinpath('py.typed').is_file(); "
        "print(p.prune_messages([{'role': 'system', 'content': 's'}, {'role': 'user', 'content': 'hi'}], "
        "strategy='sliding-window', max_turns=1)[1]['content'], p.__file__)"
    )
    out = subprocess.run([str(python), "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path, env=env).stdout
    assert out.startswith("hi ") and str(venv) in out
