"""The classroom's deployment files, checked as far as a machine without a container
runtime or a Kubernetes cluster allows: the Dockerfile linted by hadolint, the Zero to
JupyterHub config.yaml in docs/classroom.md linted by yamllint and its settings checked,
and the hub config and server config files agreeing with the course's voila.json."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from traitlets.config.loader import PyFileConfigLoader

from classroom.hub import CONFIG, SERVER_MODULE, START_PAGE

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
GUIDE = ROOT / "docs" / "classroom.md"
SERVER_CONFIG = ROOT / "classroom" / "jupyter_server_config.json"
#: the top-level keys of the Zero to JupyterHub chart's values
Z2JH_KEYS = {"fullnameOverride", "nameOverride", "enabled", "imagePullSecret", "imagePullSecrets", "hub", "rbac",
             "proxy", "singleuser", "scheduling", "ingress", "prePuller", "custom", "cull", "debug", "global",
             "podDisruptionBudget", "networkPolicy"}


def tool(name: str) -> str:
    found = shutil.which(name) or str(Path(sys.executable).parent / name)
    if not Path(found).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{name} is missing; it comes with the classroom extra (make test installs it)")
        pytest.skip(f"{name} is missing (pip install the classroom extra)")
    return found


def config_yaml() -> str:
    text = GUIDE.read_text(encoding="utf-8")
    match = re.search(r"<!-- config\.yaml:.*?-->\s*```yaml\n(.*?)```", text, re.DOTALL)
    assert match, "docs/classroom.md has no config.yaml block after its marker comment"
    return match.group(1)


def dockerfile_env(name: str) -> str:
    match = re.search(rf"^ENV {name}=(\S+)$", DOCKERFILE.read_text(encoding="utf-8"), re.MULTILINE)
    assert match, f"the Dockerfile sets no {name}"
    return match.group(1)


# -- Dockerfile ---------------------------------------------------------------------------------
def test_hadolint_passes_the_dockerfile_and_catches_a_bad_one(tmp_path: Path) -> None:
    hadolint = tool("hadolint")
    result = subprocess.run([hadolint, "--no-color", str(DOCKERFILE)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
    # the linter really lints: an unpinned base and an unpinned, cached pip install are flagged
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN pip install flask\n")
    result = subprocess.run([hadolint, "--no-color", str(bad)], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert {"DL3007", "DL3013", "DL3042"} <= set(re.findall(r"DL\d{4}", result.stdout))


def test_dockerfile_builds_on_the_upstream_image_and_installs_the_course() -> None:
    text = DOCKERFILE.read_text(encoding="utf-8")
    base = re.search(r"^ARG BASE_IMAGE=(\S+)$", text, re.MULTILINE)
    assert base and base.group(1).startswith("quay.io/jupyter/"), "the base is an upstream Jupyter Docker Stacks image"
    assert re.search(r"^FROM \$\{BASE_IMAGE\}$", text, re.MULTILINE)
    assert re.search(r"^RUN pip install --no-cache-dir -e /opt/fivehundred\b", text, re.MULTILINE)
    assert re.search(r"^USER 1000$", text, re.MULTILINE), "the server runs as jovyan, not root"
    # the config path names the two folders holding the course's config files
    folders = dockerfile_env("JUPYTER_CONFIG_PATH").split(":")
    in_repo = [ROOT / Path(f).relative_to("/opt/fivehundred") for f in folders]
    assert (ROOT / "voila.json").parent in in_repo and SERVER_CONFIG.parent in in_repo
    # the data path holds the course's page template, the one voila.json names
    assert _template_folder(dockerfile_env("JUPYTER_PATH").replace("/opt/fivehundred", str(ROOT), 1)).is_dir()
    # what the image must not carry (the local venv, the local hub's state and proxy)
    ignored = (ROOT / ".dockerignore").read_text().split()
    assert {".venv", ".classroom", "classroom/node_modules", ".git"} <= set(ignored)


def _template_folder(data_path: str) -> Path:
    """The folder of voila.json's page template under a Jupyter data path (one folder)."""
    template = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]["template"]
    assert template == "fivehundred"
    return Path(data_path) / "voila" / "templates" / template


# -- config.yaml --------------------------------------------------------------------------------
def test_config_yaml_is_clean_yaml(tmp_path: Path) -> None:
    path = tmp_path / "config.yaml"
    path.write_text(config_yaml())
    result = subprocess.run([tool("yamllint"), "-f", "parsable", "-d", "{extends: default, rules: {line-length: {max: 110}, document-start: disable}}", str(path)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr
    # yamllint really lints: a duplicated key and bad indentation are errors
    path.write_text("cull:\n  enabled: true\ncull:\n   timeout: 1\n")
    result = subprocess.run([tool("yamllint"), "-f", "parsable", str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "key-duplicates" in result.stdout


def _size(text: str) -> int:
    units = {"K": 10**3, "M": 10**6, "G": 10**9, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30}
    match = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG]i?)", str(text))
    assert match, f"not a Kubernetes memory size: {text!r}"
    return int(float(match.group(1)) * units[match.group(2)])


def test_config_yaml_settings() -> None:
    values: dict[str, Any] = yaml.safe_load(config_yaml())
    assert set(values) <= Z2JH_KEYS, f"not chart keys: {set(values) - Z2JH_KEYS}"
    single = values["singleuser"]
    assert single["image"]["name"] and isinstance(single["image"]["tag"], str) and single["image"]["tag"] != "latest"
    assert single["defaultUrl"] == START_PAGE
    assert single["cmd"] == ["python", "-m", SERVER_MODULE]  # the server started as make classroom starts it
    assert single["notebookDir"] == "/opt/fivehundred/lessons"
    assert single["extraEnv"]["JUPYTER_CONFIG_PATH"] == dockerfile_env("JUPYTER_CONFIG_PATH")
    assert single["extraEnv"]["JUPYTER_PATH"] == dockerfile_env("JUPYTER_PATH")
    # resources: a server with its page's kernel measured about 200-215 MB RSS (bench/classroom.py)
    guarantee, limit = _size(single["memory"]["guarantee"]), _size(single["memory"]["limit"])
    assert 250 * 10**6 <= guarantee < limit
    assert 0 < float(single["cpu"]["guarantee"]) <= float(single["cpu"]["limit"])
    assert single["storage"]["homeMountPath"] == "/home/jovyan"
    cull = values["cull"]
    assert cull["enabled"] is True and cull["timeout"] >= 900, "the hub hears of activity only every 300 s"
    assert values["hub"]["config"]["JupyterHub"]["implicit_spawn_seconds"] >= 1


# -- the hub config and the server config --------------------------------------------------------
def test_server_config_carries_voila_json_parts_the_hub_mode_ignores() -> None:
    voila = json.loads((ROOT / "voila.json").read_text())
    server = json.loads(SERVER_CONFIG.read_text())
    assert server["TagRemovePreprocessor"] == voila["TagRemovePreprocessor"]
    assert server["MappingKernelManager"] == voila["MappingKernelManager"]
    assert server["VoilaExecutor"] == voila["VoilaExecutor"]
    # Voila's default waits 4 s for a cell's last outputs and then drops them without a word (a whole table went
    # missing from lesson 16 under load): the course waits much longer
    assert voila["VoilaExecutor"]["iopub_timeout"] >= 30
    assert server["ServerApp"]["jpserver_extensions"]["jupyterlab"] is False
    # ?lang=xx links, as in the local course (classroom/language_links.py)
    assert server["ServerApp"]["jpserver_extensions"]["classroom.language_links"] is True
    # the learner's server is the course's only (classroom/authorizer.py), with Voila's own message list
    assert server["ServerApp"]["authorizer_class"] == "classroom.authorizer.CourseAuthorizer"
    assert "execute_request" not in server["MappingKernelManager"]["allowed_message_types"]
    assert server["ServerApp"]["kernel_manager_class"] == "classroom.kernels.LearnerKernelManager"
    assert server["ServerApp"]["jpserver_extensions"]["classroom.start_page"] is True  # its first page run ahead


def test_hub_config_loads_and_is_loopback_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FH_CLASSROOM_STATE", str(tmp_path))
    monkeypatch.setenv("FH_CLASSROOM_PORT", "18123")
    c = PyFileConfigLoader(CONFIG.name, path=str(CONFIG.parent)).load_config()
    for url in (c.JupyterHub.bind_url, c.JupyterHub.hub_bind_url, c.ConfigurableHTTPProxy.api_url):
        assert url.startswith("http://127.0.0.1:"), url
    assert c.JupyterHub.bind_url == "http://127.0.0.1:18123"
    assert c.Spawner.default_url == START_PAGE
    assert c.Spawner.cmd[1:] == ["-m", SERVER_MODULE]
    assert Path(c.Spawner.notebook_dir) == ROOT / "lessons"
    paths = c.Spawner.environment["JUPYTER_CONFIG_PATH"].split(os.pathsep)
    assert {Path(p) for p in paths} == {ROOT, SERVER_CONFIG.parent}
    assert _template_folder(c.Spawner.environment["JUPYTER_PATH"]).is_dir()
    if os.geteuid() == 0:  # each learner a Unix user of their own
        assert c.JupyterHub.spawner_class == "classroom.hub_auth.LearnerSpawner"
        assert c.LearnerSpawner.homes_dir == str(tmp_path / "homes")
    else:
        assert c.SimpleLocalProcessSpawner.home_dir_template == str(tmp_path / "homes" / "{username}")
    for key in ("db_url", "cookie_secret_file", "pid_file"):  # in the hub's private folder, never the current one
        assert str(tmp_path / "hub") in str(c.JupyterHub[key])
    assert (tmp_path / "hub").stat().st_mode & 0o777 == 0o700
    # the class list by default; the shared password is the DEMO switch only
    assert c.JupyterHub.authenticator_class == "classroom.hub_auth.ClassListAuthenticator"
    assert c.Spawner.disable_user_config is True
    culler, opener = c.JupyterHub.services
    assert culler["name"] == "idle-culler" and "--timeout=3600" in culler["command"]
    roles = {role["name"]: role for role in c.JupyterHub.load_roles}
    assert roles["idle-culler"]["services"] == ["idle-culler"] and "delete:servers" in roles["idle-culler"]["scopes"]
    # the class opener (classroom/opening.py): a token from the hub's private folder, and only what opening needs
    token = tmp_path / "hub" / "opener-token"
    assert opener == {"name": "class-opener", "api_token": token.read_text().strip()}
    assert token.stat().st_mode & 0o777 == 0o600 and len(opener["api_token"]) >= 32
    assert roles["class-opener"]["services"] == ["class-opener"]
    assert set(roles["class-opener"]["scopes"]) == {"list:users", "read:users", "admin:users", "servers"}
    # a learner may reach and start their own server, and may not make API tokens
    assert "access:servers!user" in roles["user"]["scopes"] and not any("tokens" in s or s == "self" for s in roles["user"]["scopes"])
