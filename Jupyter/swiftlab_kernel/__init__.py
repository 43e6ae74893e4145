"""A Jupyter kernel for Swift that runs each cell in swiftlab (swiftlab serve --jsonl)."""

__version__ = "0.1.0"
