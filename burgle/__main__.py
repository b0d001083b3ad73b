import sys

from burgle.cli import main

sys.exit(main())
