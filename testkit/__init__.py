"""Test support shared by the test suite and the benchmarks: loopback fakes of Slack and of
the language-model APIs, the bot as a separate process, and a real local model.

Not the test suite itself (no tests here) and not part of the product: the product never
imports it.
"""
