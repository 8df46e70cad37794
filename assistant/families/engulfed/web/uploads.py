"""A file chosen in a form (a board or scenario file), read with a size bound and every problem in words."""

from __future__ import annotations

from flask import request

from assistant.web.forms import FormError

LIMIT = 1_000_000  # bytes


def uploaded_text(field: str, what: str, limit: int = LIMIT) -> str:
    upload = request.files.get(field)
    if upload is None or not upload.filename:
        raise FormError(f"{what}: choose the file to load")
    raw = upload.read(limit + 1)
    if len(raw) > limit:
        raise FormError(f"{what}: at most {limit // 1_000_000} MB")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise FormError(f"{what}: not a text file (TOML or JSON, UTF-8)") from None
