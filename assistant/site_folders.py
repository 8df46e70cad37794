"""Where the web companion's templates and static files are.

They sit at the project's root (``templates/``, ``static/``), which is where a checkout and an editable install
read them. A wheel (``pip install .``, a published package) has no project root: it carries them inside this
package, in ``assistant/_site/`` (``pyproject.toml``), and they are read from there.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def folder(name: str) -> Path:
    """``templates`` or ``static``: the copy a wheel carries, else the project's own."""
    carried = _PACKAGE / "_site" / name
    return carried if carried.is_dir() else _PACKAGE.parent / name
