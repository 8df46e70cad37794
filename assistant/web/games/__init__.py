"""Game-specific presentation: ``<kind name>.py`` defines ``PRESENTER`` (see assistant/web/presenter.py)."""
