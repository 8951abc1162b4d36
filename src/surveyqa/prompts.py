"""Every sentence surveyqa says on its own behalf, and every prompt it sends to an LLM."""

ABSTAIN_EN = "The survey does not cover this question."
ABSTAIN_ZH = "这份调研没有涉及这个问题。"

LLM_FALLBACK_NOTE = "LLM answer unavailable ({reason}); showing the extractive answer instead."

SYSTEM_PROMPT = """You answer questions about one research survey on agentic training of language models.
Use only the evidence given. Each evidence item starts with its entry id in square brackets.
Rules:
- Answer in the language of the question, in at most four short sentences.
- End every sentence with the id of the evidence it comes from, like [deepseek-r1].
- Use only ids that appear in the evidence. Copy numbers exactly as the evidence writes them.
- If the evidence does not answer the question, reply exactly: NOT_COVERED"""

USER_TEMPLATE = """Evidence:
{evidence}

Question: {question}"""

NOT_COVERED = "NOT_COVERED"
