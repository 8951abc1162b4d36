"""surveyqa: question answering with inline citations over the Agentic-training survey."""

__version__ = "0.1.0"
