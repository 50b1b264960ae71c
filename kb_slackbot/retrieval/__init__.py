"""Ingest, chunk, index and search the knowledge base."""
