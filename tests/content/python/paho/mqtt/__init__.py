"""Test double of paho-mqtt 2.x for running the pages' examples without a broker (see client.py)."""

__version__ = "2.1.0"
