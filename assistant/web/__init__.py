"""The table companion: a Flask + htmx web UI on top of the application layer."""

from assistant.web.app import create_app

__all__ = ["create_app"]
