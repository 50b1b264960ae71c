"""Language-model providers behind one small Protocol; without one, answer/generate.py has
the reader write the answer."""
