"""Language-model providers behind one small Protocol, plus the no-LLM extractive answerer."""
