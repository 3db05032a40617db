"""Sparring partners."""
