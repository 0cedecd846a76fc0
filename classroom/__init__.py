"""The course served to a class on JupyterHub: see classroom/hub.py and docs/classroom.md."""
