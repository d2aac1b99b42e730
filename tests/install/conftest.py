"""The install checks' session fixtures (built wheel, player venv) live in installkit."""
from installkit import dist, player  # noqa: F401
