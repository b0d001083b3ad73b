"""``python -m burgle.web.security NOTEBOOK [voila flags]``: see :mod:`burgle.web.security.voila_app`."""

from burgle.web.security.voila_app import main

if __name__ == "__main__":
    main()
