"""The answer engine: question in, grounded and cited answer (or an honest "not found") out."""
