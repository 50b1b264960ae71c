"""The `kb-slackbot` ingest, search and doctor commands, run in-process with CliRunner."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kb_slackbot.cli import app
from tests.retrieval.helpers import write

BASE_ENV = {
    "KB_LLM_PROVIDER": "extractive",
    "OLLAMA_HOST": "http://127.0.0.1:9",
}


@pytest.fixture(autouse=True)
def _restore_logging(restore_logging):
    """Commands configure process-wide logging onto CliRunner's streams; undo that."""


def run(*args: str, **env: str):
    return CliRunner().invoke(app, list(args), env={**BASE_ENV, **env})


def flat(text: str) -> str:
    """Rich wraps long lines at the console width; compare without the line breaks."""
    return " ".join(text.split())


def table_text(text: str) -> str:
    """A rich table's cell text, read row after row, without spacing or borders (a long cell
    wraps onto the next table row)."""
    return "".join(text.split()).replace("│", "").replace("┃", "")


def test_ingest_prints_a_summary_and_warns_about_bad_files(tmp_path):
    kb = tmp_path / "kb"
    write(kb, "vpn.md", "# VPN\n\nInstall LoopGate and import the profile.\n")
    write(kb, "wifi.html", "<html><body><h1>Wi-Fi</h1><p>Use NW-Staff.</p></body></html>")
    (kb / "broken.md").write_bytes(b"\x00\x00binary")
    data = str(tmp_path / "data")

    result = run("ingest", str(kb), KB_DATA_DIR=data)
    assert result.exit_code == 0, result.output
    assert "added 2 · updated 0 · unchanged 0 · removed 0 · failed 1  (2 chunks written)" in (
        result.stdout
    )
    warning = "".join(result.stderr.split())
    assert f"skipped{kb / 'broken.md'}:binaryfile(containsNULbytes),nottext" in warning

    again = run("ingest", str(kb), KB_DATA_DIR=data)
    assert again.exit_code == 0
    assert "added 0 · updated 0 · unchanged 2 · removed 0 · failed 1  (0 chunks written)" in (
        again.stdout
    )

    (kb / "wifi.html").unlink()
    pruned = run("ingest", str(kb), "--prune", "--space", "it", KB_DATA_DIR=data)
    assert pruned.exit_code == 0
    # A different --space is a different document identity: vpn.md is re-indexed.
    assert "updated 1 · unchanged 0 · removed 1 · failed 1" in pruned.stdout


def test_ingest_of_a_missing_path_fails_clearly(tmp_path):
    missing = tmp_path / "no-such-folder"
    result = run("ingest", str(missing), KB_DATA_DIR=str(tmp_path / "data"))
    assert result.exit_code == 1
    assert f"Error:nosuchfileorfolder:{missing}" in "".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("question", ["", "   "])
def test_search_with_an_empty_question_fails_clearly(tmp_path, question):
    result = run("search", question, KB_DATA_DIR=str(tmp_path / "data"))
    assert result.exit_code == 2
    assert "Error: the question is empty" in result.stderr
    assert "Traceback" not in result.output


def test_search_json_output(sample_services):
    data = str(sample_services.settings.data_dir)
    result = run(
        "search", "How do I set up the VPN on Linux?", "--json", "-k", "3", KB_DATA_DIR=data
    )
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    results = payload["results"]
    assert 1 <= len(results) <= 3
    for item in results:
        assert set(item) >= {"title", "url", "location", "score", "stages", "snippet", "space"}
        assert 0.0 <= item["score"] <= 1.0
        assert {"rrf", "rerank", "dense_sim"} <= set(item["stages"])
    best = results[0]
    assert best["url"] == "https://docs.northwindloop.example/it/vpn"
    assert best["title"] == "VPN setup"
    assert best["location"].startswith("line")
    assert [r["score"] for r in results] == sorted((r["score"] for r in results), reverse=True)
    assert payload["timings_ms"]["total"] > 0


def test_search_table_output_on_an_empty_index(tmp_path):
    result = run("search", "anything", KB_DATA_DIR=str(tmp_path / "data"))
    assert result.exit_code == 0
    assert "No passage in the knowledge base matches this question well enough." in flat(
        result.stdout
    )


def test_doctor_names_models_and_why(tmp_path):
    result = run("doctor", KB_DATA_DIR=str(tmp_path / "data"))
    assert result.exit_code == 0, result.output
    text = table_text(result.stdout)
    assert "embeddingmodelokall-MiniLM-L6-v2" in text
    assert "rerankeroknanoranker—auto:cross-encoder'cross-encoder/ms-marco-MiniLM-L-6-v2'" in text
    assert "notavailableoffline" in text
    assert "hubaccessokoffline(HF_HUB_OFFLINE=1" in text
    assert "indexok0chunksat" in text
    assert "answersokextractive" in text


def test_doctor_reports_a_disabled_reranker_and_a_broken_model(tmp_path):
    data = str(tmp_path / "data")
    disabled = run("doctor", KB_DATA_DIR=data, KB_RERANKER="none")
    assert disabled.exit_code == 0
    assert "rerankeroknone—disabledbyKB_RERANKER=none" in table_text(disabled.stdout)

    broken = run("doctor", KB_DATA_DIR=data, KB_EMBEDDING_MODEL="no-such-org/no-such-model")
    assert broken.exit_code == 1
    text = table_text(broken.stdout)
    assert "modelserror" in text
    assert "KB_EMBEDDING_MODEL" in text
