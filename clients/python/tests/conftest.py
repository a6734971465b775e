import os
import sys

# `setups` is a helper module beside the tests.
sys.path.insert(0, os.path.dirname(__file__))
