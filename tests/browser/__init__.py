"""Tests in a real browser (Chromium through Playwright)."""
